/*===- run_dtype.c - Element encodings for flyc-run -----------------------===*/
#include "run_dtype.h"

#include <math.h>
#include <string.h>

static const struct {
  const char *name;
  unsigned size;
  bool isFloat;
} dtypes[RUN_NUM_DTYPES] = {
    [RUN_F32] = {"f32", 4, true},        [RUN_F64] = {"f64", 8, true},
    [RUN_F16] = {"f16", 2, true},        [RUN_BF16] = {"bf16", 2, true},
    [RUN_FP8] = {"fp8", 1, true},        [RUN_BF8] = {"bf8", 1, true},
    [RUN_FP8_FNUZ] = {"fp8_fnuz", 1, true}, [RUN_BF8_FNUZ] = {"bf8_fnuz", 1, true},
    [RUN_I8] = {"i8", 1, false},         [RUN_U8] = {"u8", 1, false},
    [RUN_I16] = {"i16", 2, false},       [RUN_U16] = {"u16", 2, false},
    [RUN_I32] = {"i32", 4, false},       [RUN_U32] = {"u32", 4, false},
    [RUN_I64] = {"i64", 8, false},       [RUN_U64] = {"u64", 8, false},
};

bool runDtypeParse(const char *name, RunDtype *out) {
  for (int t = 0; t < RUN_NUM_DTYPES; ++t)
    if (strcmp(dtypes[t].name, name) == 0) {
      *out = (RunDtype)t;
      return true;
    }
  return false;
}

const char *runDtypeName(RunDtype t) { return dtypes[t].name; }
unsigned runDtypeSize(RunDtype t) { return dtypes[t].size; }
bool runDtypeIsFloat(RunDtype t) { return dtypes[t].isFloat; }

/* A small float format: exponent bits, mantissa bits, bias, and whether it
 * is an FNUZ format (no infinities, NaN only at 0x80) or OCP E4M3FN (no
 * infinities, NaN at S.1111.111) or IEEE-like (E5M2, f16). */
typedef enum Flavor { IEEE, OCP_FN, FNUZ } Flavor;
typedef struct MiniFormat { unsigned e, m; int bias; Flavor flavor; } MiniFormat;

static MiniFormat miniFormat(RunDtype t) {
  switch (t) {
  case RUN_FP8: return (MiniFormat){4, 3, 7, OCP_FN};
  case RUN_BF8: return (MiniFormat){5, 2, 15, IEEE};
  case RUN_FP8_FNUZ: return (MiniFormat){4, 3, 8, FNUZ};
  case RUN_BF8_FNUZ: return (MiniFormat){5, 2, 16, FNUZ};
  default: return (MiniFormat){5, 10, 15, IEEE}; /* f16 */
  }
}

static double miniDecode(MiniFormat f, uint32_t code) {
  uint32_t sign = code >> (f.e + f.m) & 1, exp = code >> f.m & ((1u << f.e) - 1);
  uint32_t man = code & ((1u << f.m) - 1), expMax = (1u << f.e) - 1;
  if (f.flavor == FNUZ && code == 1u << (f.e + f.m))
    return NAN;
  if (f.flavor == OCP_FN && exp == expMax && man == (1u << f.m) - 1)
    return NAN;
  if (f.flavor == IEEE && exp == expMax)
    return man ? NAN : sign ? -INFINITY : INFINITY;
  double v = exp ? ldexp(1.0 + ldexp(man, -(int)f.m), (int)exp - f.bias)
                 : ldexp(man, 1 - f.bias - (int)f.m);
  return sign ? -v : v;
}

/* Largest finite code magnitude (sign bit clear). */
static uint32_t miniMaxCode(MiniFormat f) {
  uint32_t expMax = (1u << f.e) - 1, manMax = (1u << f.m) - 1;
  if (f.flavor == OCP_FN) return expMax << f.m | (manMax - 1);
  if (f.flavor == FNUZ) return expMax << f.m | manMax;
  return (expMax - 1) << f.m | manMax;
}

/* Round to nearest, ties to even, by searching the monotonic magnitude
 * codes (at most 2^15 for f16: a binary search). Saturates. */
static uint32_t miniEncode(MiniFormat f, double v) {
  uint32_t signBit = 1u << (f.e + f.m);
  if (isnan(v))
    return f.flavor == FNUZ ? signBit : f.flavor == OCP_FN ? 0x7f : (((1u << f.e) - 1) << f.m) | 1;
  uint32_t sign = signbit(v) && !(f.flavor == FNUZ && v == 0) ? signBit : 0;
  double a = fabs(v);
  uint32_t lo = 0, hi = miniMaxCode(f);
  if (f.flavor == IEEE && isinf(v))
    return sign | ((1u << f.e) - 1) << f.m;
  double top = miniDecode(f, hi);
  /* IEEE-like formats (f16, bf8/E5M2) overflow to infinity when RNE rounds
   * past the largest finite value; the others have no infinity: saturate. */
  if (f.flavor == IEEE && a >= top + (top - miniDecode(f, hi - 1)) / 2)
    return sign | ((1u << f.e) - 1) << f.m;
  if (a >= top)
    return sign | hi;
  while (hi - lo > 1) { /* invariant: decode(lo) <= a < decode(hi) */
    uint32_t mid = lo + (hi - lo) / 2;
    if (miniDecode(f, mid) <= a) lo = mid; else hi = mid;
  }
  double dl = a - miniDecode(f, lo), dh = miniDecode(f, hi) - a;
  uint32_t pick = dl < dh ? lo : dh < dl ? hi : (lo & 1) ? hi : lo;
  /* FNUZ has no negative zero: 0x80 is its NaN, so a negative value that
   * rounds to zero is +0. */
  if (f.flavor == FNUZ && pick == 0)
    return 0;
  return sign | pick;
}

/* IEEE half from double, round to nearest even, overflow to infinity:
 * rounds the magnitude to 11 significant bits (or to the subnormal step
 * 2^-24) in double arithmetic, which is exact for every half value. */
static uint16_t f16Encode(double v) {
  uint16_t sign = signbit(v) ? 0x8000 : 0;
  double a = fabs(v);
  if (isnan(v))
    return 0x7e00;
  int e;
  frexp(a, &e);                          /* a = m * 2^e, m in [0.5, 1) */
  int step = e - 11 < -24 ? -24 : e - 11; /* ulp exponent */
  double r = a == 0 ? 0 : nearbyint(ldexp(a, -step)) * ldexp(1, step);
  if (r >= 65520.0 || isinf(a))
    return sign | 0x7c00;
  if (r < 0x1p-14)                       /* subnormal (or zero) */
    return sign | (uint16_t)ldexp(r, 24);
  frexp(r, &e);
  uint32_t man = (uint32_t)(ldexp(r, 11 - e) - 1024);
  return sign | (uint16_t)((e - 1 + 15) << 10 | man);
}

static uint16_t bf16Encode(float f) {
  uint32_t b;
  memcpy(&b, &f, 4);
  if (isnan(f))
    return (uint16_t)(b >> 16 | 0x40);
  b += 0x7fff + (b >> 16 & 1);
  return (uint16_t)(b >> 16);
}

static double clampInt(double v, double lo, double hi) {
  if (isnan(v)) return 0;
  v = trunc(v);
  return v < lo ? lo : v > hi ? hi : v;
}

void runDtypeEncode(RunDtype t, double v, uint8_t *out) {
  float f = (float)v;
  uint16_t h;
  uint64_t u;
  int64_t s;
  switch (t) {
  case RUN_F32: memcpy(out, &f, 4); return;
  case RUN_F64: memcpy(out, &v, 8); return;
  case RUN_F16: h = f16Encode(v); memcpy(out, &h, 2); return;
  case RUN_BF16: h = bf16Encode(f); memcpy(out, &h, 2); return;
  case RUN_FP8: case RUN_BF8: case RUN_FP8_FNUZ: case RUN_BF8_FNUZ:
    out[0] = (uint8_t)miniEncode(miniFormat(t), v); return;
  case RUN_U8: case RUN_U16: case RUN_U32: case RUN_U64:
    u = (uint64_t)clampInt(v, 0, ldexp(1, 8 * (int)dtypes[t].size) - 1);
    memcpy(out, &u, dtypes[t].size); return;
  default:
    s = (int64_t)clampInt(v, -ldexp(1, 8 * (int)dtypes[t].size - 1),
                          ldexp(1, 8 * (int)dtypes[t].size - 1) - 1);
    memcpy(out, &s, dtypes[t].size); return; /* little-endian host */
  }
}

static int64_t signExtend(uint64_t u, unsigned bytes) {
  unsigned shift = 64 - 8 * bytes;
  return shift ? (int64_t)(u << shift) >> shift : (int64_t)u;
}

double runDtypeDecode(RunDtype t, const uint8_t *in) {
  uint64_t u = 0;
  memcpy(&u, in, dtypes[t].size);
  float f;
  double d;
  switch (t) {
  case RUN_F32: memcpy(&f, in, 4); return f;
  case RUN_F64: memcpy(&d, in, 8); return d;
  case RUN_BF16: { uint32_t b = (uint32_t)u << 16; memcpy(&f, &b, 4); return f; }
  case RUN_F16: case RUN_FP8: case RUN_BF8: case RUN_FP8_FNUZ: case RUN_BF8_FNUZ:
    return miniDecode(miniFormat(t), (uint32_t)u);
  case RUN_U8: case RUN_U16: case RUN_U32: case RUN_U64: return (double)u;
  default: return (double)signExtend(u, dtypes[t].size);
  }
}
