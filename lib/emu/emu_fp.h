/*===- emu_fp.h - Small-float formats: f16, bf16, fp8/bf8, fp6, fp4, E8M0 -===*
 *
 * Exact conversions used by the conversion instructions and the MFMA
 * operand decoders (facts §2). All rounding is round-to-nearest-even unless
 * a function says otherwise; results are bit patterns.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_EMU_FP_H
#define FLYC_EMU_FP_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/// The 8/6/4-bit formats. OCP E4M3/E5M2 are gfx950's fp8/bf8; the FNUZ
/// variants are gfx942's (facts §2.1).
typedef enum EmuSmallFmt {
  EMU_FP8_E4M3 = 0,   /* OCP e4m3fn: bias 7, NaN 0x7F/0xFF, max 448 */
  EMU_BF8_E5M2 = 1,   /* OCP e5m2: bias 15, Inf 0x7C, max 57344 */
  EMU_FP6_E2M3 = 2,   /* bias 1, max 7.5, no Inf/NaN */
  EMU_BF6_E3M2 = 3,   /* bias 3, max 28 */
  EMU_FP4_E2M1 = 4,   /* bias 1, max 6 */
  EMU_FP8_E4M3_FNUZ = 5, /* bias 8, NaN 0x80, max 240 */
  EMU_BF8_E5M2_FNUZ = 6, /* bias 16, NaN 0x80, max 57344 */
} EmuSmallFmt;

/// f16 -> f32 (exact). Inline: MFMA operand gathering calls it per item.
static inline float emuHalfToFloat(uint16_t h) {
  uint32_t sgn = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 31, m = h & 1023, b;
  float v;
  if (e == 31) {
    b = sgn | 0x7f800000u | m << 13;
  } else if (e) {
    b = sgn | (e + 112) << 23 | m << 13;
  } else { /* denormal: m * 2^-24, exact */
    v = (float)m * 0x1p-24f;
    return sgn ? -v : v;
  }
  memcpy(&v, &b, 4);
  return v;
}
/// f32 -> f16 with RNE and overflow to Inf.
uint16_t emuFloatToHalf(float f);
/// f32 -> f16 rounding toward zero (v_cvt_pkrtz_f16_f32).
uint16_t emuFloatToHalfRtz(float f);
/// bf16 -> f32 (exact).
static inline float emuBf16ToFloat(uint16_t b) {
  uint32_t v = (uint32_t)b << 16;
  float f;
  memcpy(&f, &v, 4);
  return f;
}
/// f32 -> bf16 (RNE; NaN stays a quiet NaN). Inline: bf16 epilogues are hot.
static inline uint16_t emuFloatToBf16(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  if ((b & 0x7fffffffu) > 0x7f800000u) /* NaN */
    return (uint16_t)((b >> 16) | 0x40);
  b += 0x7fffu + ((b >> 16) & 1);
  return (uint16_t)(b >> 16);
}

/// Decodes a small-float bit pattern of `fmt` to f32 (exact).
float emuSmallToFloat(uint32_t bits, EmuSmallFmt fmt);
/// Encodes f32 into `fmt` with RNE. `saturate` is MODE.FP16_OVFL for fp8/
/// bf8 (overflow and Inf go to ±max instead of NaN/Inf); fp6/fp4 always
/// saturate. `rnd`, when non-NULL, selects stochastic rounding with the
/// given 32 random bits (v_cvt_sr_*).
uint32_t emuFloatToSmall(float f, EmuSmallFmt fmt, bool saturate,
                         const uint32_t *rnd);
/// The fp8/bf8 format of `bf8` on `gfx950` (OCP) or gfx942 (FNUZ).
EmuSmallFmt emuFp8Format(bool bf8, bool gfx950);
/// E8M0 scale 2^(e-127) as a float multiplier; NaN for 0xFF.
float emuE8m0ToFloat(uint32_t e);

#endif /* FLYC_EMU_FP_H */
