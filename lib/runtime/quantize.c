/*===- quantize.c - Host quantization for the GEMMs ---------------------------===*
 *
 * Per token: row r of a matrix becomes 8-bit values q with one f32 scale
 * s_r such that x ~ q * s_r: the scheme of the fp8/int8 GEMMs, whose
 * epilogue multiplies each accumulator by scale_a[m] * scale_b[n]. Values
 * are scaled into [-max, max] first, so encoding never overflows.
 *
 * MXFP4 (OCP MX v1.0): each 32 consecutive values of a row share a
 * power-of-two E8M0 scale and become e2m1 codes, packed two per byte.
 *===----------------------------------------------------------------------===*/
#include <math.h>
#include <stdint.h>

#include "flyc/runtime.h"

float flyQuantMax(FlyQuantType type) {
  switch (type) {
  case FLY_QUANT_FP8_E4M3FN: return 448.0f;
  case FLY_QUANT_FP8_E4M3FNUZ: return 240.0f;
  default: return 127.0f;
  }
}

/* e4m3 code of v, |v| <= max, rounded to nearest even: 3 mantissa bits in
 * v's binade, the subnormal quantum below the smallest normal. `bias` is 7
 * (OCP) or 8 (FNUZ, which has no -0: zero is always 0x00). */
static uint8_t encodeE4m3(float v, int bias) {
  double a = fabs((double)v);
  int e;
  frexp(a, &e); /* a = f * 2^e, f in [0.5, 1) */
  int exp = e - 1 < 1 - bias ? 1 - bias : e - 1;
  double q = nearbyint(ldexp(a, 3 - exp)); /* in quanta of 2^(exp-3) */
  if (q == 0)
    return 0;
  if (q >= 16) /* rounded up into the next binade */
    q /= 2, ++exp;
  uint8_t sign = signbit(v) ? 0x80 : 0;
  if (q < 8) /* subnormal: exponent field 0 */
    return sign | (uint8_t)q;
  return sign | (uint8_t)((exp + bias) << 3 | ((int)q - 8));
}

static uint8_t encode(float v, FlyQuantType type) {
  switch (type) {
  case FLY_QUANT_FP8_E4M3FN: return encodeE4m3(v, 7);
  case FLY_QUANT_FP8_E4M3FNUZ: return encodeE4m3(v, 8);
  default: return (uint8_t)(int8_t)nearbyintf(v);
  }
}

/* The row's largest magnitude; false at a value that is not finite. */
static bool rowMax(const float *row, size_t cols, float *amax) {
  *amax = 0;
  for (size_t c = 0; c < cols; ++c) {
    if (!isfinite(row[c]))
      return false;
    *amax = fmaxf(*amax, fabsf(row[c]));
  }
  return true;
}

bool flyQuantizePerToken(const float *src, size_t rows, size_t cols, FlyQuantType type,
                         uint8_t *dst, float *scales, FlyStrBuf *err) {
  float max = flyQuantMax(type);
  size_t elems;
  if (__builtin_mul_overflow(rows, cols, &elems)) {
    flyStrBufAppendF(err, "cannot quantize a %zux%zu matrix: its size overflows", rows, cols);
    return false;
  }
  for (size_t r = 0; r < rows; ++r) {
    const float *row = src + r * cols;
    float amax;
    if (!rowMax(row, cols, &amax)) {
      flyStrBufAppendF(err, "cannot quantize row %zu: it holds a value that is not finite", r);
      return false;
    }
    float s = amax > 0 ? amax / max : 1.0f;
    scales[r] = s;
    for (size_t c = 0; c < cols; ++c) /* clamp: x / s may round just past max */
      dst[r * cols + c] = encode(fmaxf(-max, fminf(max, row[c] / s)), type);
  }
  return true;
}

/* The largest magnitude of block (r0, c0) of br x bc values; false at a
 * value that is not finite. */
static bool blockMax(const float *src, size_t cols, size_t r0, size_t c0, size_t br, size_t bc,
                     float *amax) {
  *amax = 0;
  for (size_t r = r0; r < r0 + br; ++r) {
    float m;
    if (!rowMax(src + r * cols + c0, bc, &m))
      return false;
    *amax = fmaxf(*amax, m);
  }
  return true;
}

bool flyQuantizeBlockScale(const float *src, size_t rows, size_t cols, size_t blockRows,
                           FlyQuantType type, uint8_t *dst, float *scales, FlyStrBuf *err) {
  size_t elems, bc = FLY_BLOCK_SCALE_K;
  if (!blockRows || rows % blockRows || cols % bc || __builtin_mul_overflow(rows, cols, &elems)) {
    flyStrBufAppendF(err, "cannot block-quantize a %zux%zu matrix in %zux%zu blocks: it is not "
                     "whole blocks", rows, cols, blockRows, bc);
    return false;
  }
  float max = flyQuantMax(type);
  for (size_t r0 = 0; r0 < rows; r0 += blockRows)
    for (size_t c0 = 0; c0 < cols; c0 += bc) {
      float amax;
      if (!blockMax(src, cols, r0, c0, blockRows, bc, &amax)) {
        flyStrBufAppendF(err, "cannot quantize the block at row %zu, column %zu: it holds a "
                         "value that is not finite", r0, c0);
        return false;
      }
      float s = amax > 0 ? amax / max : 1.0f;
      scales[r0 / blockRows * (cols / bc) + c0 / bc] = s;
      for (size_t r = r0; r < r0 + blockRows; ++r)
        for (size_t c = c0; c < c0 + bc; ++c) /* clamp: x / s may round just past max */
          dst[r * cols + c] = encode(fmaxf(-max, fminf(max, src[r * cols + c] / s)), type);
    }
  return true;
}

bool flyBlockScaleLayoutA(const float *src, size_t m, size_t kBlocks, size_t maxM, float *dst,
                          FlyStrBuf *err) {
  size_t total;
  if (m < 1 || m > maxM || !kBlocks || __builtin_mul_overflow(kBlocks, maxM, &total)) {
    flyStrBufAppendF(err, "cannot lay out a_scale of %zu rows x %zu blocks for at most %zu rows",
                     m, kBlocks, maxM);
    return false;
  }
  for (size_t kb = 0; kb < kBlocks; ++kb)
    for (size_t r = 0; r < maxM; ++r)
      dst[kb * maxM + r] = r < m ? src[r * kBlocks + kb] : 0.0f;
  return true;
}

/*--- MXFP4 ------------------------------------------------------------------*/

float flyMxfp4Value(uint8_t code) {
  static const float mag[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};
  float v = mag[code & 7];
  return (code & 8) ? -v : v;
}

double flyE8m0Value(uint8_t code) { return code == 0xFF ? NAN : ldexp(1.0, (int)code - 127); }

/* e2m1 code of y (any finite value): |y| above 6 saturates; otherwise the
 * nearest of the eight magnitudes, a tie going to the even code (mantissa
 * bit 0). The magnitudes' midpoints: 0.25 0.75 1.25 1.75 2.5 3.5 5. */
static uint8_t encodeE2m1(double y) {
  static const double mag[8] = {0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0};
  double a = fabs(y);
  unsigned best = 7;
  for (unsigned c = 0; c < 7; ++c) {
    double mid = (mag[c] + mag[c + 1]) / 2;
    if (a < mid || (a == mid && !(c & 1))) {
      best = c;
      break;
    }
  }
  return (uint8_t)((signbit(y) && best ? 8u : 0u) | best);
}

/* The block's shared exponent: floor(log2(amax)) - 2, clamped to E8M0. */
static int sharedExponent(float amax) {
  if (amax == 0)
    return 0;
  int e;
  frexp((double)amax, &e); /* amax = f * 2^e, f in [0.5, 1): floor(log2) = e - 1 */
  int x = e - 1 - 2;
  return x < -127 ? -127 : x > 127 ? 127 : x;
}

bool flyQuantizeMxfp4(const float *src, size_t rows, size_t cols, uint8_t *dst,
                      uint8_t *scales, FlyStrBuf *err) {
  size_t elems;
  if (__builtin_mul_overflow(rows, cols, &elems)) {
    flyStrBufAppendF(err, "cannot quantize a %zux%zu matrix: its size overflows", rows, cols);
    return false;
  }
  if (cols % FLY_MX_BLOCK) {
    flyStrBufAppendF(err, "cannot quantize %zu columns to MXFP4: not a multiple of the %d-value "
                     "block", cols, FLY_MX_BLOCK);
    return false;
  }
  for (size_t r = 0; r < rows; ++r)
    for (size_t b = 0; b < cols / FLY_MX_BLOCK; ++b) {
      const float *x = src + r * cols + b * FLY_MX_BLOCK;
      float amax;
      if (!rowMax(x, FLY_MX_BLOCK, &amax)) {
        flyStrBufAppendF(err, "cannot quantize row %zu: it holds a value that is not finite", r);
        return false;
      }
      int e = sharedExponent(amax);
      scales[r * (cols / FLY_MX_BLOCK) + b] = (uint8_t)(e + 127);
      uint8_t *out = dst + (r * cols + b * FLY_MX_BLOCK) / 2;
      for (int i = 0; i < FLY_MX_BLOCK; i += 2)
        out[i / 2] = (uint8_t)(encodeE2m1(ldexp((double)x[i], -e)) |
                               encodeE2m1(ldexp((double)x[i + 1], -e)) << 4);
    }
  return true;
}
