/*===- quantize-mxfp4.c - Tests of flyQuantizeMxfp4 against OCP MX v1.0 -----===*
 *
 * The e2m1 and E8M0 values against the specification's tables (written out
 * here); then, for random rows (all-zero blocks, single spikes, magnitudes
 * from float subnormals to 2^120), every block's scale is the shared
 * exponent floor(log2(amax)) - 2 (found here by stepping powers of two, not
 * by frexp) clamped to -127..127, and every element's code is the e2m1 code
 * nearest to x / 2^e after saturation at 6 (found by searching all 16 codes,
 * ties to the even code), packed even column low. Prints one line per check;
 * exit 1 on a failure.
 *===----------------------------------------------------------------------===*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flyc/runtime.h"

static int failures;

/* OCP MX v1.0, FP4 E2M1: 0 00 0 = 0, 0 00 1 = 0.5 (subnormal), then
 * 1, 1.5, 2, 3, 4, 6 for exponent fields 01..11; bit 3 the sign. */
static const double kE2m1[16] = {0.0,  0.5,  1.0,  1.5,  2.0,  3.0,  4.0,  6.0,
                                 -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0};

static void checkTables(void) {
  for (unsigned c = 0; c < 16; ++c)
    if (flyMxfp4Value((uint8_t)c) != kE2m1[c] ||
        !signbit(flyMxfp4Value((uint8_t)c)) != !signbit(kE2m1[c])) {
      printf("FAILED e2m1 code %u: %g, expected %g\n", c, flyMxfp4Value((uint8_t)c), kE2m1[c]);
      failures++;
    }
  /* E8M0: 2^(code - 127), 0xFF NaN */
  if (flyE8m0Value(0) != ldexp(1, -127) || flyE8m0Value(127) != 1 ||
      flyE8m0Value(254) != ldexp(1, 127) || !isnan(flyE8m0Value(255))) {
    printf("FAILED e8m0 values\n");
    failures++;
  }
  printf("tables: %s\n", failures ? "FAILED" : "ok");
}

/* The largest t with 2^t <= a (a > 0), by stepping. */
static int floorLog2(double a) {
  int t = 0;
  while (ldexp(1, t) > a)
    t--;
  while (ldexp(1, t + 1) <= a)
    t++;
  return t;
}

/* The nearest code to y after saturation; ties to the even code; +0 for 0. */
static unsigned nearest(double y) {
  y = fmax(-6, fmin(6, y));
  unsigned best = 0;
  double bestErr = INFINITY;
  for (unsigned c = 0; c < 16; ++c) {
    double err = fabs(kE2m1[c] - y);
    if (c == 8)
      continue; /* -0: zero is encoded +0 */
    if (err < bestErr || (err == bestErr && !(c & 1) && (best & 1)))
      best = c, bestErr = err;
  }
  return best;
}

static float randomValue(unsigned *seed, int row, int col) {
  double u = (double)rand_r(seed) / RAND_MAX * 2 - 1;
  int exp[] = {-149, -130, -20, -3, 0, 5, 60, 120};
  if (row % 9 == 8 && col % 32 != 7)
    return 0; /* spike rows: one value per block */
  if (row % 11 == 10 && col < 32)
    return 0; /* an all-zero first block */
  return (float)(u * ldexp(1.0, exp[row % 8]));
}

static void checkRandom(void) {
  enum { ROWS = 48, COLS = 256 };
  static float x[ROWS * COLS];
  static uint8_t q[ROWS * COLS / 2], s[ROWS * COLS / 32];
  unsigned seed = 12345;
  for (int r = 0; r < ROWS; ++r)
    for (int c = 0; c < COLS; ++c)
      x[r * COLS + c] = randomValue(&seed, r, c);
  FlyStrBuf err = {0};
  if (!flyQuantizeMxfp4(x, ROWS, COLS, q, s, &err)) {
    printf("FAILED quantize: %s\n", err.data);
    failures++;
    return;
  }
  int before = failures;
  for (int r = 0; r < ROWS; ++r)
    for (int b = 0; b < COLS / 32; ++b) {
      const float *v = x + r * COLS + b * 32;
      double amax = 0;
      for (int i = 0; i < 32; ++i)
        amax = fmax(amax, fabs((double)v[i]));
      int e = amax == 0 ? 0 : floorLog2(amax) - 2;
      e = e < -127 ? -127 : e > 127 ? 127 : e;
      if (s[r * (COLS / 32) + b] != e + 127 && failures++ < 10)
        printf("FAILED scale row %d block %d: code %u, expected %d\n", r, b,
               s[r * (COLS / 32) + b], e + 127);
      for (int i = 0; i < 32; ++i) {
        unsigned byte = q[(r * COLS + b * 32 + i) / 2];
        unsigned code = i % 2 ? byte >> 4 : byte & 15;
        unsigned want = nearest((double)v[i] / ldexp(1, e));
        if (code != want && failures++ < 10)
          printf("FAILED row %d col %d: %a -> code %u, expected %u\n", r, b * 32 + i,
                 (double)v[i], code, want);
      }
    }
  printf("random: %s (%d rows x %d)\n", failures == before ? "ok" : "FAILED", ROWS, COLS);
  flyStrBufDestroy(&err);
}

/* Ties and saturation at a known scale (block max 6: scale 2^0). */
static void checkRounding(void) {
  float x[32] = {6, 0.25f, 0.75f, 1.25f, 1.75f, 2.5f, 3.5f, 5, -5, -0.25f, 5.5f, -2.75f};
  uint8_t q[16], s[1];
  FlyStrBuf err = {0};
  bool ok = flyQuantizeMxfp4(x, 1, 32, q, s, &err);
  /* 0.25 -> 0, 0.75 -> 1, 1.25 -> 1, 1.75 -> 2, 2.5 -> 2, 3.5 -> 4, 5 -> 4 (even codes),
   * 5.5 -> 6, -2.75 -> -3 */
  const double want[12] = {6, 0, 1, 1, 2, 2, 4, 4, -4, 0, 6, -3};
  int bad = !ok || s[0] != 127;
  for (int i = 0; ok && i < 12; ++i)
    bad |= flyMxfp4Value(i % 2 ? q[i / 2] >> 4 : q[i / 2] & 15) != want[i];
  failures += bad;
  printf("rounding: %s\n", bad ? "FAILED" : "ok");
  flyStrBufDestroy(&err);
}

static void checkRefusals(void) {
  float x[64] = {0};
  uint8_t q[32], s[2];
  FlyStrBuf err = {0};
  if (!flyQuantizeMxfp4(x, 1, 48, q, s, &err))
    printf("columns: refused: %s\n", err.data);
  flyStrBufDestroy(&err);
  x[40] = NAN;
  if (!flyQuantizeMxfp4(x, 2, 32, q, s, &err))
    printf("non-finite: refused: %s\n", err.data);
  flyStrBufDestroy(&err);
}

int main(void) {
  checkTables();
  checkRounding();
  checkRandom();
  checkRefusals();
  return failures ? 1 : 0;
}
