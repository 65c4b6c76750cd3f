/*===- run_dtype.c - Element encodings for flyc-run -----------------------===*/
#include "run_dtype.h"

#include <float.h>
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
 * codes (a binary search). Values past the range (which flyc-run rejects
 * before encoding) would saturate or become infinity. */
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

/* An IEEE binary format with `expBits` and `manBits` from a double, round
 * to nearest even, overflow to infinity: rounds the magnitude to manBits+1
 * significant bits (or to the subnormal step) in double arithmetic, which
 * is exact for every value of the format. f16 is (5, 10), bf16 (8, 7). */
static uint32_t ieeeEncode(double v, int expBits, int manBits) {
  int bias = (1 << (expBits - 1)) - 1, emin = 1 - bias;
  uint32_t sign = signbit(v) ? 1u << (expBits + manBits) : 0;
  uint32_t infCode = ((1u << expBits) - 1) << manBits;
  if (isnan(v))
    return sign | infCode | 1u << (manBits - 1); /* the quiet NaN */
  double a = fabs(v);
  if (isinf(a))
    return sign | infCode;
  int e;
  frexp(a, &e);                                  /* a = m * 2^e, m in [0.5, 1) */
  int step = e - 1 - manBits < emin - manBits ? emin - manBits : e - 1 - manBits;
  double r = a == 0 ? 0 : nearbyint(ldexp(a, -step)) * ldexp(1, step);
  if (r > ldexp(2 - ldexp(1, -manBits), bias))   /* rounded past the largest finite value */
    return sign | infCode;
  if (r < ldexp(1, emin))                        /* subnormal (or zero) */
    return sign | (uint32_t)ldexp(r, manBits - emin);
  frexp(r, &e);
  uint32_t man = (uint32_t)(ldexp(r, manBits + 1 - e) - ldexp(1, manBits));
  return sign | (uint32_t)(e - 1 + bias) << manBits | man;
}

bool runDtypeIsSigned(RunDtype t) {
  return t == RUN_I8 || t == RUN_I16 || t == RUN_I32 || t == RUN_I64;
}

void runDtypeIntRange(RunDtype t, RunInt *min, RunInt *max) {
  int bits = 8 * (int)dtypes[t].size;
  RunInt one = 1;
  *min = runDtypeIsSigned(t) ? -(one << (bits - 1)) : 0;
  *max = runDtypeIsSigned(t) ? (one << (bits - 1)) - 1 : (one << bits) - 1;
}

double runDtypeFloatMax(RunDtype t) {
  switch (t) {
  case RUN_F64: return DBL_MAX;
  case RUN_F32: return FLT_MAX;
  case RUN_BF16: return ldexp(2 - 0x1p-7, 127);
  default: return miniDecode(miniFormat(t), miniMaxCode(miniFormat(t))); /* f16 and 8-bit */
  }
}

/* The magnitude from which round to nearest even leaves the finite range:
 * the largest value plus half the step below it. A value exactly there
 * counts as overflow: in the IEEE-like formats, whose largest value ends in
 * an odd bit, the tie rounds to infinity. */
static double overflowThreshold(RunDtype t) {
  switch (t) {
  case RUN_F32: return ldexp(2 - 0x1p-24, 127);
  case RUN_BF16: return ldexp(2 - 0x1p-8, 127);
  default: {
    MiniFormat f = miniFormat(t);
    uint32_t top = miniMaxCode(f);
    return miniDecode(f, top) + (miniDecode(f, top) - miniDecode(f, top - 1)) / 2;
  }
  }
}

static bool hasInfinity(RunDtype t) {
  return t == RUN_F32 || t == RUN_F64 || t == RUN_F16 || t == RUN_BF16 || t == RUN_BF8;
}

bool runDtypeFloatFits(RunDtype t, double v) {
  if (isnan(v))
    return true;
  if (isinf(v))
    return hasInfinity(t);
  return t == RUN_F64 || fabs(v) < overflowThreshold(t);
}

void runDtypeEncodeFloat(RunDtype t, double v, uint8_t *out) {
  uint16_t h;
  float f;
  switch (t) {
  case RUN_F32: f = (float)v; memcpy(out, &f, 4); return; /* v fits: no overflow */
  case RUN_F64: memcpy(out, &v, 8); return;
  case RUN_F16: h = (uint16_t)ieeeEncode(v, 5, 10); memcpy(out, &h, 2); return;
  case RUN_BF16: h = (uint16_t)ieeeEncode(v, 8, 7); memcpy(out, &h, 2); return;
  default: out[0] = (uint8_t)miniEncode(miniFormat(t), v); return;
  }
}

void runDtypeEncodeInt(RunDtype t, RunInt v, uint8_t *out) {
  uint64_t bits = (uint64_t)v; /* two's complement of an in-range value */
  memcpy(out, &bits, dtypes[t].size); /* little-endian host */
}

bool runIntParse(const char *s, RunInt *out) {
  bool neg = *s == '-';
  if (*s == '-' || *s == '+')
    ++s;
  unsigned base = s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? 16 : 10;
  if (base == 16)
    s += 2;
  RunInt v = 0, limit = (RunInt)1 << 80;
  if (!*s)
    return false;
  for (; *s; ++s) {
    unsigned d = *s >= '0' && *s <= '9' ? (unsigned)(*s - '0')
                 : base == 16 && *s >= 'a' && *s <= 'f' ? (unsigned)(*s - 'a' + 10)
                 : base == 16 && *s >= 'A' && *s <= 'F' ? (unsigned)(*s - 'A' + 10)
                                                        : 99;
    if (d >= base)
      return false;
    v = v * base + d;
    if (v > limit)
      return false;
  }
  *out = neg ? -v : v;
  return true;
}

const char *runIntFormat(RunInt v, char *buf) {
  char digits[48];
  int n = 0;
  unsigned __int128 mag = v < 0 ? -(unsigned __int128)v : (unsigned __int128)v;
  do {
    digits[n++] = (char)('0' + (int)(mag % 10));
    mag /= 10;
  } while (mag);
  int at = 0;
  if (v < 0)
    buf[at++] = '-';
  while (n)
    buf[at++] = digits[--n];
  buf[at] = '\0';
  return buf;
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
