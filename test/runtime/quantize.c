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

int main(void) {
  int failed = checkType(FLY_QUANT_FP8_E4M3FN, "e4m3fn") +
               checkType(FLY_QUANT_FP8_E4M3FNUZ, "e4m3fnuz") +
               checkType(FLY_QUANT_INT8, "int8");
  float bad[4] = {1, 2, INFINITY, 3};
  uint8_t q[4];
  float s[2];
  FlyStrBuf err = {0};
  bool ok = flyQuantizePerToken(bad, 2, 2, FLY_QUANT_INT8, q, s, &err);
  printf("non-finite: %s: %s\n", ok ? "accepted" : "refused", err.data ? err.data : "");
  flyStrBufDestroy(&err);
  return failed || ok;
}
