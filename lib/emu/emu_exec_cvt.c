/*===- emu_exec_cvt.c - Conversion instructions ------------------------------===*
 *
 * Integer/float conversions and the small-float conversions of facts §2:
 * v_cvt_pk_{fp8,bf8}_f32 (RNE, OPSEL[3] selects the 16-bit half, the other
 * half is kept), v_cvt_sr_{fp8,bf8}_f32 (stochastic, OPSEL[3:2] = byte),
 * v_cvt_f32_{fp8,bf8} (SDWA byte select), v_cvt_pk_f32_{fp8,bf8} (SDWA
 * WORD_1 or VOP3 op_sel[0] selects the high word), the gfx950 scaled
 * conversions and v_cvt_pk_bf16_f32. fp8/bf8 are OCP on gfx950 and FNUZ on
 * gfx942; MODE.FP16_OVFL selects saturation.
 *===----------------------------------------------------------------------===*/
#include <math.h>

#include "emu_fp.h"
#include "emu_valu.h"

#define F EMU_SRC_F32
#define KB EMU_SRC_B32
#define SAT ((w->mode & EMU_MODE_FP16_OVFL) != 0)
#define IS950 (c->chip == FLY_CHIP_GFX950)

static uint32_t cvtI32(float a) {
  if (isnan(a))
    return 0;
  if (a >= 2147483647.0f)
    return 0x7fffffffu;
  if (a <= -2147483648.0f)
    return 0x80000000u;
  return (uint32_t)(int32_t)a;
}
static uint32_t cvtU32(float a) {
  if (isnan(a) || a <= 0)
    return 0;
  if (a >= 4294967295.0f)
    return 0xffffffffu;
  return (uint32_t)a;
}
static uint32_t cvtI32d(double a) {
  if (isnan(a))
    return 0;
  if (a >= 2147483647.0)
    return 0x7fffffffu;
  if (a <= -2147483648.0)
    return 0x80000000u;
  return (uint32_t)(int32_t)a;
}
static uint32_t cvtU32d(double a) {
  if (isnan(a) || a <= 0)
    return 0;
  if (a >= 4294967295.0)
    return 0xffffffffu;
  return (uint32_t)a;
}

VOP_1(v_cvt_i32_f32, F, cvtI32(emuF32(A[l])))
VOP_1(v_cvt_u32_f32, F, cvtU32(emuF32(A[l])))
VOP_1(v_cvt_rpi_i32_f32, F, cvtI32(floorf(emuF32(A[l]) + 0.5f)))
VOP_1(v_cvt_flr_i32_f32, F, cvtI32(floorf(emuF32(A[l]))))
VOP_1(v_cvt_f32_i32, KB, emuU32((float)(int32_t)A[l]))
VOP_1(v_cvt_f32_u32, KB, emuU32((float)A[l]))
VOP_1(v_cvt_f32_ubyte0, KB, emuU32((float)(A[l] & 255)))
VOP_1(v_cvt_f32_ubyte1, KB, emuU32((float)((A[l] >> 8) & 255)))
VOP_1(v_cvt_f32_ubyte2, KB, emuU32((float)((A[l] >> 16) & 255)))
VOP_1(v_cvt_f32_ubyte3, KB, emuU32((float)(A[l] >> 24)))
VOP_1(v_cvt_off_f32_i4, KB, emuU32((float)((int32_t)(A[l] << 28) >> 28) / 16.0f))
VOP_1(v_cvt_f16_f32, F, emuPut16(in, d[l], emuFloatToHalf(emuF32(A[l]))))
VOP_1(v_cvt_f32_f16, EMU_SRC_F16, emuU32(emuHalfToFloat((uint16_t)emuGet16(in, 0, A[l]))))
VOP_1(v_cvt_f32_bf16, EMU_SRC_BF16, emuU32(emuBf16ToFloat((uint16_t)emuGet16(in, 0, A[l]))))
VOP_1(v_cvt_f16_u16, EMU_SRC_I16, emuPut16(in, d[l], emuFloatToHalf((float)emuGet16(in, 0, A[l]))))
VOP_1(v_cvt_f16_i16, EMU_SRC_I16, emuPut16(in, d[l], emuFloatToHalf((float)(int16_t)emuGet16(in, 0, A[l]))))
VOP_2(v_cvt_pkrtz_f16_f32, F, emuFloatToHalfRtz(emuF32(A[l])) | (uint32_t)emuFloatToHalfRtz(emuF32(B[l])) << 16)
VOP_2(v_cvt_pk_f16_f32, F, emuFloatToHalf(emuF32(A[l])) | (uint32_t)emuFloatToHalf(emuF32(B[l])) << 16)
VOP_2(v_cvt_pk_bf16_f32, F, emuFloatToBf16(emuF32(A[l])) | (uint32_t)emuFloatToBf16(emuF32(B[l])) << 16)

static uint32_t halfToU16(uint16_t h) {
  float f = emuHalfToFloat(h);
  return isnan(f) || f <= 0 ? 0 : f >= 65535.0f ? 65535u : (uint32_t)f;
}
static uint32_t halfToI16(uint16_t h) {
  float f = emuHalfToFloat(h);
  int32_t v = isnan(f) ? 0 : f >= 32767.0f ? 32767 : f <= -32768.0f ? -32768 : (int32_t)f;
  return (uint32_t)v & 0xffff;
}
VOP_1(v_cvt_u16_f16, EMU_SRC_F16, emuPut16(in, d[l], halfToU16((uint16_t)emuGet16(in, 0, A[l]))))
VOP_1(v_cvt_i16_f16, EMU_SRC_F16, emuPut16(in, d[l], halfToI16((uint16_t)emuGet16(in, 0, A[l]))))

static uint32_t satU8f(float f) {
  float r = nearbyintf(f);
  return isnan(r) || r <= 0 ? 0 : r >= 255 ? 255 : (uint32_t)r;
}
/* v_cvt_pk_u8_f32: D.byte[S1[1:0]] = u8(S0); other bytes from S2. */
VOP_3(v_cvt_pk_u8_f32, F,
      (C[l] & ~(255u << (8 * (B[l] & 3)))) | satU8f(emuF32(A[l])) << (8 * (B[l] & 3)))

static uint32_t satPkU8(uint32_t v) {
  int32_t lo = (int16_t)(v & 0xffff), hi = (int16_t)(v >> 16);
  lo = lo < 0 ? 0 : lo > 255 ? 255 : lo;
  hi = hi < 0 ? 0 : hi > 255 ? 255 : hi;
  return (uint32_t)lo | (uint32_t)hi << 8;
}
VOP_1(v_sat_pk_u8_i16, KB, (d[l] & 0xffff0000u) | satPkU8(A[l]))

/* v_cvt_pknorm_{i16,u16}_f32: round(clamp(x) * 32767 | 65535) per half. */
static uint32_t snorm16(float f) {
  float x = isnan(f) ? 0.0f : f > 1.0f ? 1.0f : f < -1.0f ? -1.0f : f;
  return (uint32_t)(int32_t)nearbyintf(x * 32767.0f) & 0xffff;
}
static uint32_t unorm16(float f) {
  float x = isnan(f) ? 0.0f : f > 1.0f ? 1.0f : f < 0.0f ? 0.0f : f;
  return (uint32_t)nearbyintf(x * 65535.0f);
}
VOP_2(v_cvt_pknorm_i16_f32, F, snorm16(emuF32(A[l])) | snorm16(emuF32(B[l])) << 16)
VOP_2(v_cvt_pknorm_u16_f32, F, unorm16(emuF32(A[l])) | unorm16(emuF32(B[l])) << 16)

/*--- f64 conversions --------------------------------------------------------------*/

#define CVT_FROM64(name, expr)                                                  \
  VHANDLER(name) {                                                              \
    VBEGIN;                                                                     \
    uint64_t a[LANES];                                                          \
    emuSrc64(w, in, 0, true, a);                                                \
    for (int l = 0; l < LANES; l++)                                             \
      if (ON(l))                                                                \
        d[l] = (expr);                                                          \
    return EMU_STEP_NEXT;                                                       \
  }
CVT_FROM64(v_cvt_i32_f64, cvtI32d(emuF64(a[l])))
CVT_FROM64(v_cvt_u32_f64, cvtU32d(emuF64(a[l])))
CVT_FROM64(v_cvt_f32_f64, emuU32((float)emuF64(a[l])))
static uint32_t frexpExp64(double x) {
  int e = 0;
  if (!isinf(x) && !isnan(x))
    frexp(x, &e);
  return (uint32_t)e;
}
CVT_FROM64(v_frexp_exp_i32_f64, frexpExp64(emuF64(a[l])))

#define CVT_TO64(name, kind, expr)                                              \
  VHANDLER(name) {                                                              \
    (void)c;                                                                    \
    uint32_t b0[LANES];                                                         \
    uint64_t r[LANES];                                                          \
    const uint32_t *A = emuSrc32(w, in, 0, kind, b0);                           \
    for (int l = 0; l < LANES; l++)                                             \
      r[l] = emuU64(expr);                                                      \
    emuStore64(w, in->dst & 255, r);                                            \
    return EMU_STEP_NEXT;                                                       \
  }
CVT_TO64(v_cvt_f64_i32, KB, (double)(int32_t)A[l])
CVT_TO64(v_cvt_f64_u32, KB, (double)A[l])
CVT_TO64(v_cvt_f64_f32, F, (double)emuF32(A[l]))

VHANDLER(v_frexp_mant_f64) {
  (void)c;
  uint64_t a[LANES];
  emuSrc64(w, in, 0, true, a);
  for (int l = 0; l < LANES; l++) {
    double x = emuF64(a[l]);
    int e;
    a[l] = emuU64((isinf(x) || isnan(x)) ? x : frexp(x, &e));
  }
  emuStore64(w, in->dst & 255, a);
  return EMU_STEP_NEXT;
}

/*--- fp8 / bf8 ----------------------------------------------------------------------*/

/* v_cvt_pk_{fp8,bf8}_f32: {cvt(S1), cvt(S0)} into the half OPSEL[3] picks. */
static int cvtPkF8(EmuWave *w, const EmuInst *in, EmuCtx *c, bool bf8) {
  VBEGIN;
  uint32_t b0[LANES], b1[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, F, b0), *Bv = emuSrc32(w, in, 1, F, b1);
  EmuSmallFmt fmt = emuFp8Format(bf8, IS950);
  bool hi = (in->opsel & 8) != 0;
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      uint32_t v = emuFloatToSmall(emuF32(A[l]), fmt, SAT, NULL) |
                   emuFloatToSmall(emuF32(Bv[l]), fmt, SAT, NULL) << 8;
      d[l] = hi ? (d[l] & 0xffff) | v << 16 : (d[l] & 0xffff0000u) | v;
    }
  return EMU_STEP_NEXT;
}
VHANDLER(v_cvt_pk_fp8_f32) { return cvtPkF8(w, in, c, false); }
VHANDLER(v_cvt_pk_bf8_f32) { return cvtPkF8(w, in, c, true); }

/* v_cvt_sr_{fp8,bf8}_f32: stochastic rounding with S1 as random bits;
 * OPSEL[3:2] selects the destination byte. */
static int cvtSrF8(EmuWave *w, const EmuInst *in, EmuCtx *c, bool bf8) {
  VBEGIN;
  uint32_t b0[LANES], b1[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, F, b0), *Bv = emuSrc32(w, in, 1, KB, b1);
  EmuSmallFmt fmt = emuFp8Format(bf8, IS950);
  unsigned sh = 8 * ((in->opsel >> 2) & 3);
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      uint32_t v = emuFloatToSmall(emuF32(A[l]), fmt, SAT, &Bv[l]);
      d[l] = (d[l] & ~(255u << sh)) | v << sh;
    }
  return EMU_STEP_NEXT;
}
VHANDLER(v_cvt_sr_fp8_f32) { return cvtSrF8(w, in, c, false); }
VHANDLER(v_cvt_sr_bf8_f32) { return cvtSrF8(w, in, c, true); }

/* v_cvt_f32_{fp8,bf8}: byte 0 of the (SDWA-selected) source; the VOP3
 * form takes the byte from op_sel[1:0]. */
static int cvtF32F8(EmuWave *w, const EmuInst *in, EmuCtx *c, bool bf8) {
  VBEGIN;
  uint32_t b0[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, KB, b0);
  EmuSmallFmt fmt = emuFp8Format(bf8, IS950);
  unsigned sh = (in->flags & EMU_F_VOP3) ? 8 * (in->opsel & 3) : 0;
  for (int l = 0; l < LANES; l++)
    if (ON(l))
      d[l] = emuU32(emuSmallToFloat((A[l] >> sh) & 255, fmt));
  return EMU_STEP_NEXT;
}
VHANDLER(v_cvt_f32_fp8) { return cvtF32F8(w, in, c, false); }
VHANDLER(v_cvt_f32_bf8) { return cvtF32F8(w, in, c, true); }

/* v_cvt_pk_f32_{fp8,bf8}: two bytes of a word into D, D+1. */
static int cvtPkF32F8(EmuWave *w, const EmuInst *in, EmuCtx *c, bool bf8) {
  (void)c;
  uint64_t ex = w->exec;
  uint32_t b0[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, KB, b0);
  uint32_t *d0 = emuVReg(w, in->dst & 255), *d1 = emuVReg(w, (in->dst + 1) & 255);
  EmuSmallFmt fmt = emuFp8Format(bf8, IS950);
  unsigned sh = ((in->flags & EMU_F_VOP3) && (in->opsel & 1)) ? 16 : 0;
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      uint32_t v = A[l] >> sh;
      d0[l] = emuU32(emuSmallToFloat(v & 255, fmt));
      d1[l] = emuU32(emuSmallToFloat((v >> 8) & 255, fmt));
    }
  return EMU_STEP_NEXT;
}
VHANDLER(v_cvt_pk_f32_fp8) { return cvtPkF32F8(w, in, c, false); }
VHANDLER(v_cvt_pk_f32_bf8) { return cvtPkF32F8(w, in, c, true); }

/*--- gfx950 scaled conversions ---------------------------------------------------*/

/* The scale is the biased exponent of an f32 operand, 2^(e-127) (facts
 * §2.2). Down-conversions divide by it and up-conversions multiply, the
 * meaning MLIR gives arith.scaling_truncf / scaling_extf when it lowers
 * them to these instructions (AMDGPUToROCDL, ArithToAMDGPU). */
static float scaleOf(uint32_t s) { return ldexpf(1.0f, (int)((s >> 23) & 255) - 127); }

static int cvtScalePkF8(EmuWave *w, const EmuInst *in, EmuCtx *c, bool bf8) {
  VBEGIN;
  uint32_t b0[LANES], b1[LANES], b2[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, F, b0), *Bv = emuSrc32(w, in, 1, F, b1);
  const uint32_t *S = emuSrc32(w, in, 2, KB, b2);
  EmuSmallFmt fmt = emuFp8Format(bf8, true);
  bool hi = (in->opsel & 8) != 0;
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      float s = scaleOf(S[l]);
      uint32_t v = emuFloatToSmall(emuF32(A[l]) / s, fmt, SAT, NULL) |
                   emuFloatToSmall(emuF32(Bv[l]) / s, fmt, SAT, NULL) << 8;
      d[l] = hi ? (d[l] & 0xffff) | v << 16 : (d[l] & 0xffff0000u) | v;
    }
  return EMU_STEP_NEXT;
}
VHANDLER(v_cvt_scalef32_pk_fp8_f32) { return cvtScalePkF8(w, in, c, false); }
VHANDLER(v_cvt_scalef32_pk_bf8_f32) { return cvtScalePkF8(w, in, c, true); }

static int cvtScaleF32F8(EmuWave *w, const EmuInst *in, EmuCtx *c, bool bf8, bool pk) {
  (void)c;
  uint64_t ex = w->exec;
  uint32_t b0[LANES], b1[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, KB, b0), *S = emuSrc32(w, in, 1, KB, b1);
  uint32_t *d0 = emuVReg(w, in->dst & 255), *d1 = emuVReg(w, (in->dst + 1) & 255);
  EmuSmallFmt fmt = emuFp8Format(bf8, true);
  /* Operand selects as LLVM encodes the intrinsics' src_sel arguments:
   * the packed form picks the word with op_sel[0], the scalar form the
   * byte with op_sel[1:0]. */
  unsigned sh = pk ? 16 * (in->opsel & 1) : 8 * (in->opsel & 3);
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      float s = scaleOf(S[l]);
      uint32_t v = A[l] >> sh;
      d0[l] = emuU32(emuSmallToFloat(v & 255, fmt) * s);
      if (pk)
        d1[l] = emuU32(emuSmallToFloat((v >> 8) & 255, fmt) * s);
    }
  return EMU_STEP_NEXT;
}
VHANDLER(v_cvt_scalef32_f32_fp8) { return cvtScaleF32F8(w, in, c, false, false); }
VHANDLER(v_cvt_scalef32_f32_bf8) { return cvtScaleF32F8(w, in, c, true, false); }
VHANDLER(v_cvt_scalef32_pk_f32_fp8) { return cvtScaleF32F8(w, in, c, false, true); }
VHANDLER(v_cvt_scalef32_pk_f32_bf8) { return cvtScaleF32F8(w, in, c, true, true); }

/* fp4: D.byte[OPSEL[3:2]] = {fp4(S1/s), fp4(S0/s)}. */
VHANDLER(v_cvt_scalef32_pk_fp4_f32) {
  VBEGIN;
  uint32_t b0[LANES], b1[LANES], b2[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, F, b0), *Bv = emuSrc32(w, in, 1, F, b1);
  const uint32_t *S = emuSrc32(w, in, 2, KB, b2);
  unsigned sh = 8 * ((in->opsel >> 2) & 3);
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      float s = scaleOf(S[l]);
      uint32_t v = emuFloatToSmall(emuF32(A[l]) / s, EMU_FP4_E2M1, true, NULL) |
                   emuFloatToSmall(emuF32(Bv[l]) / s, EMU_FP4_E2M1, true, NULL) << 4;
      d[l] = (d[l] & ~(255u << sh)) | v << sh;
    }
  return EMU_STEP_NEXT;
}

/* D, D+1 = the two fp4 values of byte OPSEL[1:0] of S0, times the scale. */
VHANDLER(v_cvt_scalef32_pk_f32_fp4) {
  (void)c;
  uint64_t ex = w->exec;
  uint32_t b0[LANES], b1[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, KB, b0), *S = emuSrc32(w, in, 1, KB, b1);
  uint32_t *d0 = emuVReg(w, in->dst & 255), *d1 = emuVReg(w, (in->dst + 1) & 255);
  unsigned sh = 8 * ((in->opsel & 1) | ((in->opsel >> 1) & 1) << 1);
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      float s = scaleOf(S[l]);
      uint32_t v = A[l] >> sh;
      d0[l] = emuU32(emuSmallToFloat(v & 15, EMU_FP4_E2M1) * s);
      d1[l] = emuU32(emuSmallToFloat((v >> 4) & 15, EMU_FP4_E2M1) * s);
    }
  return EMU_STEP_NEXT;
}

/* f16/bf16 sources and destinations of the scaled conversions. Operand
 * selects follow LLVM's encoding of the intrinsics (checked with clang):
 * packed 16-bit sources give bytes {hi, lo}; op_sel[0] picks the source
 * word, op_sel[1:0] the source byte, op_sel[3] the destination half and
 * op_sel[3:2] the destination byte. */
static float half16(uint32_t v, bool bf) {
  return bf ? emuBf16ToFloat((uint16_t)v) : emuHalfToFloat((uint16_t)v);
}
static uint32_t to16(float f, bool bf) { return bf ? emuFloatToBf16(f) : emuFloatToHalf(f); }

/* v_cvt_scalef32_pk_{fp8,bf8}_{f16,bf16}: D.half[op_sel[3]] = two fp8. */
/* Packed f16/bf16 sources: inline constants are 16-bit patterns (as LLVM
 * decodes them); neg/abs on the two halves are not modelled and fault. */
static int src16Kind(bool bf) { return bf ? EMU_SRC_BF16P : EMU_SRC_I16; }
static int packedModsFault(EmuCtx *c, const EmuInst *in) {
  return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0,
                  "%s: neg/abs of a packed 16-bit source are not modelled", in->name);
}

static int cvtScalePkF8From16(EmuWave *w, const EmuInst *in, EmuCtx *c, bool bf8, bool bf) {
  if ((in->neg | in->abs) & 1)
    return packedModsFault(c, in);
  VBEGIN;
  uint32_t b0[LANES], b1[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, src16Kind(bf), b0), *S = emuSrc32(w, in, 1, KB, b1);
  EmuSmallFmt fmt = emuFp8Format(bf8, true);
  bool hi = (in->opsel & 8) != 0;
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      float s = scaleOf(S[l]);
      uint32_t v = emuFloatToSmall(half16(A[l], bf) / s, fmt, SAT, NULL) |
                   emuFloatToSmall(half16(A[l] >> 16, bf) / s, fmt, SAT, NULL) << 8;
      d[l] = hi ? (d[l] & 0xffff) | v << 16 : (d[l] & 0xffff0000u) | v;
    }
  return EMU_STEP_NEXT;
}
VHANDLER(v_cvt_scalef32_pk_fp8_f16) { return cvtScalePkF8From16(w, in, c, false, false); }
VHANDLER(v_cvt_scalef32_pk_bf8_f16) { return cvtScalePkF8From16(w, in, c, true, false); }
VHANDLER(v_cvt_scalef32_pk_fp8_bf16) { return cvtScalePkF8From16(w, in, c, false, true); }
VHANDLER(v_cvt_scalef32_pk_bf8_bf16) { return cvtScalePkF8From16(w, in, c, true, true); }

/* v_cvt_scalef32_pk_{f16,bf16}_{fp8,bf8}: the word op_sel[0] picks, two
 * values times the scale, packed as 16-bit floats. */
static int cvtScalePk16FromF8(EmuWave *w, const EmuInst *in, EmuCtx *c, bool bf8, bool bf) {
  VBEGIN;
  uint32_t b0[LANES], b1[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, KB, b0), *S = emuSrc32(w, in, 1, KB, b1);
  EmuSmallFmt fmt = emuFp8Format(bf8, true);
  unsigned sh = 16 * (in->opsel & 1);
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      float s = scaleOf(S[l]);
      uint32_t v = A[l] >> sh;
      d[l] = to16(emuSmallToFloat(v & 255, fmt) * s, bf) |
             to16(emuSmallToFloat((v >> 8) & 255, fmt) * s, bf) << 16;
    }
  return EMU_STEP_NEXT;
}
VHANDLER(v_cvt_scalef32_pk_f16_fp8) { return cvtScalePk16FromF8(w, in, c, false, false); }
VHANDLER(v_cvt_scalef32_pk_f16_bf8) { return cvtScalePk16FromF8(w, in, c, true, false); }
VHANDLER(v_cvt_scalef32_pk_bf16_fp8) { return cvtScalePk16FromF8(w, in, c, false, true); }
VHANDLER(v_cvt_scalef32_pk_bf16_bf8) { return cvtScalePk16FromF8(w, in, c, true, true); }

/* v_cvt_scalef32_f16_{fp8,bf8}: byte op_sel[1:0] into half op_sel[3]. */
static int cvtScaleF16FromF8(EmuWave *w, const EmuInst *in, EmuCtx *c, bool bf8) {
  VBEGIN;
  uint32_t b0[LANES], b1[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, KB, b0), *S = emuSrc32(w, in, 1, KB, b1);
  EmuSmallFmt fmt = emuFp8Format(bf8, true);
  unsigned sh = 8 * (in->opsel & 3);
  bool hi = (in->opsel & 8) != 0;
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      uint32_t v = emuFloatToHalf(emuSmallToFloat((A[l] >> sh) & 255, fmt) * scaleOf(S[l]));
      d[l] = hi ? (d[l] & 0xffff) | v << 16 : (d[l] & 0xffff0000u) | v;
    }
  return EMU_STEP_NEXT;
}
VHANDLER(v_cvt_scalef32_f16_fp8) { return cvtScaleF16FromF8(w, in, c, false); }
VHANDLER(v_cvt_scalef32_f16_bf8) { return cvtScaleF16FromF8(w, in, c, true); }

/* v_cvt_scalef32_pk_fp4_{f16,bf16}: byte op_sel[3:2] = two fp4 values. */
static int cvtScalePkFp4From16(EmuWave *w, const EmuInst *in, EmuCtx *c, bool bf) {
  if ((in->neg | in->abs) & 1)
    return packedModsFault(c, in);
  VBEGIN;
  uint32_t b0[LANES], b1[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, src16Kind(bf), b0), *S = emuSrc32(w, in, 1, KB, b1);
  unsigned sh = 8 * ((in->opsel >> 2) & 3);
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      float s = scaleOf(S[l]);
      uint32_t v = emuFloatToSmall(half16(A[l], bf) / s, EMU_FP4_E2M1, true, NULL) |
                   emuFloatToSmall(half16(A[l] >> 16, bf) / s, EMU_FP4_E2M1, true, NULL) << 4;
      d[l] = (d[l] & ~(255u << sh)) | v << sh;
    }
  return EMU_STEP_NEXT;
}
VHANDLER(v_cvt_scalef32_pk_fp4_f16) { return cvtScalePkFp4From16(w, in, c, false); }
VHANDLER(v_cvt_scalef32_pk_fp4_bf16) { return cvtScalePkFp4From16(w, in, c, true); }

/* v_cvt_scalef32_pk_{f16,bf16}_fp4: byte op_sel[1:0] -> two 16-bit floats. */
static int cvtScalePk16FromFp4(EmuWave *w, const EmuInst *in, EmuCtx *c, bool bf) {
  VBEGIN;
  uint32_t b0[LANES], b1[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, KB, b0), *S = emuSrc32(w, in, 1, KB, b1);
  unsigned sh = 8 * (in->opsel & 3);
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      float s = scaleOf(S[l]);
      uint32_t v = A[l] >> sh;
      d[l] = to16(emuSmallToFloat(v & 15, EMU_FP4_E2M1) * s, bf) |
             to16(emuSmallToFloat((v >> 4) & 15, EMU_FP4_E2M1) * s, bf) << 16;
    }
  return EMU_STEP_NEXT;
}
VHANDLER(v_cvt_scalef32_pk_f16_fp4) { return cvtScalePk16FromFp4(w, in, c, false); }
VHANDLER(v_cvt_scalef32_pk_bf16_fp4) { return cvtScalePk16FromFp4(w, in, c, true); }

const EmuHandler emuCvtHandlers[] = {
    H(v_cvt_i32_f32), H(v_cvt_u32_f32), H(v_cvt_rpi_i32_f32),
    H(v_cvt_flr_i32_f32), H(v_cvt_f32_i32), H(v_cvt_f32_u32),
    H(v_cvt_f32_ubyte0), H(v_cvt_f32_ubyte1), H(v_cvt_f32_ubyte2),
    H(v_cvt_f32_ubyte3), H(v_cvt_off_f32_i4), H(v_cvt_f16_f32),
    H(v_cvt_f32_f16), H(v_cvt_f32_bf16), H(v_cvt_f16_u16), H(v_cvt_f16_i16),
    H(v_cvt_u16_f16), H(v_cvt_i16_f16), H(v_cvt_pkrtz_f16_f32),
    H(v_cvt_pk_f16_f32), H(v_cvt_pk_bf16_f32), H(v_cvt_pk_u8_f32),
    H(v_sat_pk_u8_i16), H(v_cvt_i32_f64), H(v_cvt_u32_f64), H(v_cvt_f32_f64),
    H(v_frexp_exp_i32_f64), H(v_cvt_f64_i32), H(v_cvt_f64_u32),
    H(v_cvt_f64_f32), H(v_frexp_mant_f64), H(v_cvt_pk_fp8_f32),
    H(v_cvt_pk_bf8_f32), H(v_cvt_sr_fp8_f32), H(v_cvt_sr_bf8_f32),
    H(v_cvt_f32_fp8), H(v_cvt_f32_bf8), H(v_cvt_pk_f32_fp8),
    H(v_cvt_pk_f32_bf8), H(v_cvt_scalef32_pk_fp8_f32),
    H(v_cvt_scalef32_pk_bf8_f32), H(v_cvt_scalef32_f32_fp8),
    H(v_cvt_scalef32_f32_bf8), H(v_cvt_scalef32_pk_f32_fp8),
    H(v_cvt_scalef32_pk_f32_bf8), H(v_cvt_scalef32_pk_fp4_f32),
    H(v_cvt_scalef32_pk_f32_fp4), H(v_cvt_pknorm_i16_f32),
    H(v_cvt_pknorm_u16_f32), H(v_cvt_scalef32_pk_fp8_f16),
    H(v_cvt_scalef32_pk_bf8_f16), H(v_cvt_scalef32_pk_fp8_bf16),
    H(v_cvt_scalef32_pk_bf8_bf16), H(v_cvt_scalef32_pk_f16_fp8),
    H(v_cvt_scalef32_pk_f16_bf8), H(v_cvt_scalef32_pk_bf16_fp8),
    H(v_cvt_scalef32_pk_bf16_bf8), H(v_cvt_scalef32_f16_fp8),
    H(v_cvt_scalef32_f16_bf8), H(v_cvt_scalef32_pk_fp4_f16),
    H(v_cvt_scalef32_pk_fp4_bf16), H(v_cvt_scalef32_pk_f16_fp4),
    H(v_cvt_scalef32_pk_bf16_fp4), {NULL, NULL}};
