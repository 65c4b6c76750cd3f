/*===- quantize.c - Tests of flyQuantizePerToken by its defining property ----===*
 *
 * For random rows (with zero rows, single spikes and values down in the
 * fp8 subnormals) and each type: every code is the nearest representable
 * value to x / scale (found here by searching all 256 codes, ties to the
 * even code), the row's largest element maps to exactly ±max, and an
 * all-zero row has scale 1. Prints one line per type; exit 1 on a failure.
 *===----------------------------------------------------------------------===*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "flyc/runtime.h"

/* Value of code b, or NAN for the NaN codes (written from the formats'
 * definitions: OCP e4m3fn bias 7, NaN S.1111.111; FNUZ bias 8, NaN 0x80). */
static double decode(unsigned b, FlyQuantType t) {
  if (t == FLY_QUANT_INT8)
    return (signed char)b;
  int fnuz = t == FLY_QUANT_FP8_E4M3FNUZ, bias = fnuz ? 8 : 7;
  unsigned e = (b >> 3) & 15, m = b & 7;
  if ((fnuz && b == 0x80) || (!fnuz && (b & 0x7F) == 0x7F))
    return NAN;
  double v = e ? ldexp(8 + m, (int)e - bias - 3) : ldexp(m, 1 - bias - 3);
  return (b & 0x80) ? -v : v;
}

/* The nearest code to y; ties go to the even code. */
static unsigned nearest(double y, FlyQuantType t) {
  unsigned best = 0;
  double bestErr = INFINITY;
  for (unsigned b = 0; b < 256; ++b) {
    double v = decode(b, t), err = fabs(v - y);
    if (isnan(v) || (v == 0 && b != 0))
      continue;
    if (err < bestErr || (err == bestErr && !(b & 1) && (best & 1)))
      best = b, bestErr = err;
  }
  return best;
}

static float randomValue(unsigned *seed, int row) {
  double u = (double)rand_r(seed) / RAND_MAX * 2 - 1;
  return (float)(u * ldexp(1.0, row % 7 * 3 - 9)); /* magnitudes 2^-9 .. 2^9 */
}

static int checkType(FlyQuantType t, const char *name) {
  enum { ROWS = 24, COLS = 200 };
  static float x[ROWS * COLS], scales[ROWS];
  static uint8_t q[ROWS * COLS];
  unsigned seed = 7;
  for (int r = 0; r < ROWS; ++r)
    for (int c = 0; c < COLS; ++c)
      x[r * COLS + c] = r == 3 ? 0.0f : r == 5 ? (c == 17 ? -3.5f : 1e-6f) : randomValue(&seed, r);
  FlyStrBuf err = {0};
  if (!flyQuantizePerToken(x, ROWS, COLS, t, q, scales, &err)) {
    printf("%s: unexpected failure: %s\n", name, err.data);
    return 1;
  }
  int bad = 0;
  float max = flyQuantMax(t);
  for (int r = 0; r < ROWS; ++r) {
    float amax = 0;
    for (int c = 0; c < COLS; ++c)
      amax = fmaxf(amax, fabsf(x[r * COLS + c]));
    bad += amax == 0 ? scales[r] != 1.0f : scales[r] != amax / max;
    for (int c = 0; c < COLS; ++c) {
      float y = fmaxf(-max, fminf(max, x[r * COLS + c] / scales[r]));
      unsigned want = nearest(y, t), got = q[r * COLS + c];
      if (decode(got, t) != decode(want, t)) {
        if (bad++ < 3)
          printf("%s: row %d col %d: x/s = %g gave code 0x%02x (%g), nearest 0x%02x (%g)\n", name,
                 r, c, y, got, decode(got, t), want, decode(want, t));
      }
      if (fabsf(x[r * COLS + c]) == amax && amax > 0 && fabs(decode(got, t)) != max)
        bad++;
    }
  }
  printf("%s: %s (%d rows x %d)\n", name, bad ? "FAILED" : "ok", ROWS, COLS);
  return bad != 0;
}

/* flyQuantizeBlockScale in blocks of br x 128: each block's scale is its
 * amax / max (1 when all zero), every code is the nearest to x / scale of
 * its own block, and the block's largest element maps to ±max. */
static int checkBlocks(FlyQuantType t, const char *name, int br) {
  enum { ROWS = 256, COLS = 384, KB = COLS / FLY_BLOCK_SCALE_K };
  static float x[ROWS * COLS], scales[ROWS * KB];
  static uint8_t q[ROWS * COLS];
  unsigned seed = 11;
  for (int r = 0; r < ROWS; ++r)
    for (int c = 0; c < COLS; ++c) /* block (r, 1) of the first block row is all zero */
      x[r * COLS + c] = r < br && c / FLY_BLOCK_SCALE_K == 1 ? 0.0f
                                                              : randomValue(&seed, r / br + c / 128);
  FlyStrBuf err = {0};
  if (!flyQuantizeBlockScale(x, ROWS, COLS, (size_t)br, t, q, scales, &err)) {
    printf("%s blocks %dx128: unexpected failure: %s\n", name, br, err.data);
    return 1;
  }
  int bad = 0;
  float max = flyQuantMax(t);
  for (int b0 = 0; b0 < ROWS; b0 += br)
    for (int kb = 0; kb < KB; ++kb) {
      float amax = 0, s = scales[b0 / br * KB + kb];
      for (int r = b0; r < b0 + br; ++r)
        for (int c = kb * 128; c < kb * 128 + 128; ++c)
          amax = fmaxf(amax, fabsf(x[r * COLS + c]));
      bad += amax == 0 ? s != 1.0f : s != amax / max;
      for (int r = b0; r < b0 + br; ++r)
        for (int c = kb * 128; c < kb * 128 + 128; ++c) {
          float y = fmaxf(-max, fminf(max, x[r * COLS + c] / s));
          unsigned got = q[r * COLS + c];
          bad += decode(got, t) != decode(nearest(y, t), t);
          bad += fabsf(x[r * COLS + c]) == amax && amax > 0 && fabs(decode(got, t)) != max;
        }
    }
  printf("%s blocks %dx128: %s (%d rows x %d)\n", name, br, bad ? "FAILED" : "ok", ROWS, COLS);
  return bad != 0;
}

int main(void) {
  int failed = checkType(FLY_QUANT_FP8_E4M3FN, "e4m3fn") +
               checkType(FLY_QUANT_FP8_E4M3FNUZ, "e4m3fnuz") +
               checkType(FLY_QUANT_INT8, "int8") +
               checkBlocks(FLY_QUANT_FP8_E4M3FN, "e4m3fn", 1) +
               checkBlocks(FLY_QUANT_FP8_E4M3FNUZ, "e4m3fnuz", 128);
  float bad[4] = {1, 2, INFINITY, 3};
  uint8_t q[4];
  float s[2];
  FlyStrBuf err = {0};
  bool ok = flyQuantizePerToken(bad, 2, 2, FLY_QUANT_INT8, q, s, &err);
  printf("non-finite: %s: %s\n", ok ? "accepted" : "refused", err.data ? err.data : "");
  flyStrBufDestroy(&err);
  float part[100] = {0}, sc[1];
  uint8_t pq[100];
  FlyStrBuf perr = {0};
  bool pok = flyQuantizeBlockScale(part, 1, 100, 1, FLY_QUANT_FP8_E4M3FN, pq, sc, &perr);
  printf("partial block: %s: %s\n", pok ? "accepted" : "refused", perr.data ? perr.data : "");
  flyStrBufDestroy(&perr);
  float at[6] = {1, 2, 3, 4, 5, 6}, lay[8] = {0};
  FlyStrBuf lerr = {0};
  bool lok = flyBlockScaleLayoutA(at, 3, 2, 4, lay, &lerr) && lay[0] == 1 && lay[1] == 3 &&
             lay[2] == 5 && lay[3] == 0 && lay[4] == 2 && lay[5] == 4 && lay[6] == 6 && lay[7] == 0;
  printf("a_scale layout: %s\n", lok ? "ok" : "FAILED");
  lok = lok && !flyBlockScaleLayoutA(at, 5, 2, 4, lay, &lerr);
  printf("a_scale layout past max_m: %s\n", lerr.data ? lerr.data : "accepted");
  flyStrBufDestroy(&lerr);
  return failed || ok || pok || !lok;
}
