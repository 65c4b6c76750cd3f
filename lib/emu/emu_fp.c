/*===- emu_fp.c - Small-float conversions -----------------------------------===*
 *
 * Formats and overflow rules from facts §2 (ISA guide §7.3, Table 30, and
 * the FP16_OVFL table `cdna4.md:2320-2333`). Encoding works on exact
 * doubles: value = r * 2^(e - mbits) with integer r, rounded with rint()
 * (the C default rounding mode is round-to-nearest-even). Overflow is judged
 * after rounding, as IEEE does: e4m3 448 <= x < 464 rounds to 448, larger
 * magnitudes overflow (the facts document leaves this UNCONFIRMED).
 *===----------------------------------------------------------------------===*/
#include "emu_fp.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

static float asFloat(uint32_t v) {
  float f;
  memcpy(&f, &v, 4);
  return f;
}
static uint32_t asBits(float f) {
  uint32_t v;
  memcpy(&v, &f, 4);
  return v;
}

typedef struct SmallDesc {
  int ebits, mbits, bias;
  bool ieeeInf;   /* all-ones exponent is Inf/NaN (e5m2) */
  bool ocpNan;    /* S.1111.111 is NaN (e4m3fn) */
  bool fnuz;      /* 0x80 is NaN, no -0 */
  double maxv;
} SmallDesc;

static const SmallDesc kDesc[7] = {
    [EMU_FP8_E4M3] = {4, 3, 7, false, true, false, 448.0},
    [EMU_BF8_E5M2] = {5, 2, 15, true, false, false, 57344.0},
    [EMU_FP6_E2M3] = {2, 3, 1, false, false, false, 7.5},
    [EMU_BF6_E3M2] = {3, 2, 3, false, false, false, 28.0},
    [EMU_FP4_E2M1] = {2, 1, 1, false, false, false, 6.0},
    [EMU_FP8_E4M3_FNUZ] = {4, 3, 8, false, false, true, 240.0},
    [EMU_BF8_E5M2_FNUZ] = {5, 2, 16, false, false, true, 57344.0},
};

/* 2^e as a float for -149 <= e <= 127, built from bits (no libm call). */
static float pow2f(int e) {
  if (e >= -126)
    return asFloat((uint32_t)(e + 127) << 23);
  return asFloat(1u << (e + 149));
}

static float decodeSmall(uint32_t bits, EmuSmallFmt fmt) {
  const SmallDesc *d = &kDesc[fmt];
  int nb = 1 + d->ebits + d->mbits;
  bits &= (1u << nb) - 1;
  uint32_t sign = bits >> (nb - 1), e = (bits >> d->mbits) & ((1u << d->ebits) - 1);
  uint32_t m = bits & ((1u << d->mbits) - 1);
  if (d->fnuz && bits == (1u << (nb - 1)))
    return NAN;
  if (d->ocpNan && e == (1u << d->ebits) - 1 && m == (1u << d->mbits) - 1)
    return sign ? -NAN : NAN;
  if (d->ieeeInf && e == (1u << d->ebits) - 1)
    return m ? (sign ? -NAN : NAN) : (sign ? -INFINITY : INFINITY);
  float v;
  if (e) /* normal: rebias the exponent, widen the mantissa */
    v = asFloat((uint32_t)((int)e - d->bias + 127) << 23 | m << (23 - d->mbits));
  else /* denormal: m * 2^(1 - bias - mbits), exact */
    v = (float)m * pow2f(1 - d->bias - d->mbits);
  return sign ? -v : v;
}

/* Every format has at most 8 bits: decoding is a table lookup, built once
 * (MFMA operand gathering decodes thousands of items per instruction). */
enum { SMALL_FORMATS = EMU_BF8_E5M2_FNUZ + 1 };
static float smallTable[SMALL_FORMATS][256];
static pthread_once_t smallTableOnce = PTHREAD_ONCE_INIT;

static void buildSmallTable(void) {
  for (int f = 0; f < SMALL_FORMATS; ++f)
    for (uint32_t v = 0; v < 256; ++v)
      smallTable[f][v] = decodeSmall(v, (EmuSmallFmt)f);
}

float emuSmallToFloat(uint32_t bits, EmuSmallFmt fmt) {
  pthread_once(&smallTableOnce, buildSmallTable);
  return smallTable[fmt][bits & 255];
}

static uint32_t nanCode(const SmallDesc *d, uint32_t sign, int nb) {
  if (d->fnuz)
    return 1u << (nb - 1);
  return sign << (nb - 1) | ((1u << (nb - 1)) - 1); /* S.111..1 */
}

static uint32_t maxCode(const SmallDesc *d, uint32_t sign, int nb) {
  uint32_t allExp = (1u << d->ebits) - 1, allMan = (1u << d->mbits) - 1, code;
  if (d->ieeeInf)
    code = (allExp - 1) << d->mbits | allMan;
  else if (d->ocpNan)
    code = allExp << d->mbits | (allMan - 1);
  else
    code = allExp << d->mbits | allMan;
  return sign << (nb - 1) | code;
}

static uint32_t overflow(const SmallDesc *d, uint32_t sign, int nb, bool sat) {
  if (sat || (!d->ieeeInf && !d->ocpNan && !d->fnuz))
    return maxCode(d, sign, nb);
  if (d->ieeeInf)
    return sign << (nb - 1) | ((1u << d->ebits) - 1) << d->mbits;
  return nanCode(d, sign, nb);
}

uint32_t emuFloatToSmall(float f, EmuSmallFmt fmt, bool saturate,
                         const uint32_t *rnd) {
  const SmallDesc *d = &kDesc[fmt];
  int nb = 1 + d->ebits + d->mbits;
  uint32_t sign = asBits(f) >> 31;
  bool sixOrFour = fmt == EMU_FP6_E2M3 || fmt == EMU_BF6_E3M2 || fmt == EMU_FP4_E2M1;
  if (isnan(f))
    return sixOrFour ? maxCode(d, sign, nb) : nanCode(d, sign, nb);
  double a = fabs((double)f);
  if (isinf(f))
    return overflow(d, sign, nb, saturate);
  if (a == 0)
    return d->fnuz ? 0 : sign << (nb - 1);
  int e;
  frexp(a, &e);
  e -= 1; /* a = 1.x * 2^e */
  int emin = 1 - d->bias;
  if (e < emin)
    e = emin;
  double q = ldexp(1.0, e - d->mbits);
  double m = a / q, r;
  if (rnd) { /* stochastic: add the top 23-mbits random bits, truncate */
    int k = 23 - d->mbits;
    r = floor(m + (double)(*rnd >> (32 - k)) / ldexp(1.0, k));
  } else
    r = nearbyint(m);
  double v = r * q;
  if (v > d->maxv)
    return overflow(d, sign, nb, saturate);
  if (r == 0)
    return d->fnuz ? 0 : sign << (nb - 1);
  if (r >= (double)(2u << d->mbits)) {
    r /= 2;
    e += 1;
  }
  uint32_t code;
  if (r < (double)(1u << d->mbits)) /* subnormal */
    code = (uint32_t)r;
  else
    code = (uint32_t)(e + d->bias) << d->mbits | ((uint32_t)r - (1u << d->mbits));
  return sign << (nb - 1) | code;
}

EmuSmallFmt emuFp8Format(bool bf8, bool gfx950) {
  if (gfx950)
    return bf8 ? EMU_BF8_E5M2 : EMU_FP8_E4M3;
  return bf8 ? EMU_BF8_E5M2_FNUZ : EMU_FP8_E4M3_FNUZ;
}

float emuE8m0ToFloat(uint32_t e) {
  e &= 255;
  return e == 255 ? NAN : ldexpf(1.0f, (int)e - 127);
}

static uint16_t toHalf(float f, bool rtz) {
  uint32_t b = asBits(f), s = (b >> 16) & 0x8000;
  if (isnan(f))
    return (uint16_t)(s | 0x7e00 | ((b >> 13) & 0x1ff));
  double a = fabs((double)f);
  if (isinf(f))
    return (uint16_t)(s | 0x7c00);
  if (a == 0)
    return (uint16_t)s;
  int e;
  frexp(a, &e);
  e -= 1;
  if (e < -14)
    e = -14;
  double q = ldexp(1.0, e - 10), m = a / q;
  double r = rtz ? floor(m) : nearbyint(m);
  if (r * q > 65504.0)
    return (uint16_t)(s | (rtz ? 0x7bff : 0x7c00));
  if (r >= 2048) {
    r /= 2;
    e++;
  }
  if (r < 1024)
    return (uint16_t)(s | (uint32_t)r);
  return (uint16_t)(s | (uint32_t)(e + 15) << 10 | ((uint32_t)r - 1024));
}

uint16_t emuFloatToHalf(float f) { return toHalf(f, false); }
uint16_t emuFloatToHalfRtz(float f) { return toHalf(f, true); }

