/*===- blockscale-data - Inputs of the fp8 block-scale GEMM's tests ----------===*
 *
 *   blockscale-data gen M N K MAX_M PREFIX [--fnuz]
 *   blockscale-data e8m0
 *
 * gen: random f32 A (M x K) and B (N x K) whose 128-wide blocks differ in
 * magnitude by up to 2^±6, quantized per 1x128 block of A and 128x128
 * block of B with flyQuantizeBlockScale (so the scales are arbitrary f32,
 * not powers of two); writes PREFIX.a, PREFIX.b (fp8, row-major), PREFIX.sa
 * (a_scale [M][K/128]), PREFIX.sak (a_scale in the kernel's layout,
 * flyBlockScaleLayoutA) and PREFIX.sb (b_scale [N/128][K/128]).
 *
 * e8m0: why the promote is in software (seed A). For random fp8 blocks and
 * random f32 scales it computes each output exactly (double), with the
 * software promote (each block's f32 partial times its f32 scales,
 * accumulated in f32) and with the scales folded into the MFMA's E8M0
 * block scale (the product rounded to the nearest power of two), and
 * prints the largest relative error of each; exit 1 unless the software
 * path is within 2^-20 and the E8M0 path off by more than 1%.
 *===----------------------------------------------------------------------===*/
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flyc/runtime.h"

static unsigned long long state = 0x9E3779B97F4A7C15ull;

static double uniform(void) { /* [0, 1), xorshift64* */
  state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
  return (double)((state * 0x2545F4914F6CDD1Dull) >> 11) / 9007199254740992.0;
}

static int writeAll(const char *prefix, const char *ext, const void *p, size_t bytes) {
  char path[4096];
  snprintf(path, sizeof path, "%s.%s", prefix, ext);
  FILE *f = fopen(path, "wb");
  int ok = f && fwrite(p, 1, bytes, f) == bytes;
  if (f)
    ok = !fclose(f) && ok;
  if (!ok)
    fprintf(stderr, "blockscale-data: cannot write '%s'\n", path);
  return ok;
}

/* rows x cols values, uniform in (-1, 1) times 2^u per 128-wide block
 * (u uniform in -6..6), so that neighbouring blocks get unlike scales. */
static float *randomMatrix(size_t rows, size_t cols, size_t blockRows) {
  float *x = malloc(rows * cols * sizeof *x);
  size_t kb = cols / FLY_BLOCK_SCALE_K;
  double *mag = malloc((rows / blockRows) * kb * sizeof *mag);
  if (!x || !mag) {
    free(x);
    free(mag);
    return NULL;
  }
  for (size_t i = 0; i < (rows / blockRows) * kb; ++i)
    mag[i] = ldexp(1.0, (int)(uniform() * 13) - 6);
  for (size_t r = 0; r < rows; ++r)
    for (size_t c = 0; c < cols; ++c)
      x[r * cols + c] = (float)((uniform() * 2 - 1) * mag[r / blockRows * kb + c / 128]);
  free(mag);
  return x;
}

static int gen(long m, long n, long k, long maxM, const char *prefix, FlyQuantType t) {
  if (m < 1 || n < 128 || k < 128 || n % 128 || k % 128 || maxM < m) {
    fprintf(stderr, "blockscale-data: bad sizes\n");
    return 2;
  }
  size_t kb = (size_t)k / 128, nb = (size_t)n / 128;
  float *a = randomMatrix((size_t)m, (size_t)k, 1), *b = randomMatrix((size_t)n, (size_t)k, 128);
  uint8_t *qa = malloc((size_t)(m * k)), *qb = malloc((size_t)(n * k));
  float *sa = malloc((size_t)m * kb * 4), *sb = malloc(nb * kb * 4);
  float *sak = malloc(kb * (size_t)maxM * 4);
  FlyStrBuf err = {0};
  int ok = a && b && qa && qb && sa && sb && sak &&
           flyQuantizeBlockScale(a, (size_t)m, (size_t)k, 1, t, qa, sa, &err) &&
           flyQuantizeBlockScale(b, (size_t)n, (size_t)k, 128, t, qb, sb, &err) &&
           flyBlockScaleLayoutA(sa, (size_t)m, kb, (size_t)maxM, sak, &err) &&
           writeAll(prefix, "a", qa, (size_t)(m * k)) && writeAll(prefix, "b", qb, (size_t)(n * k)) &&
           writeAll(prefix, "sa", sa, (size_t)m * kb * 4) &&
           writeAll(prefix, "sak", sak, kb * (size_t)maxM * 4) &&
           writeAll(prefix, "sb", sb, nb * kb * 4);
  if (err.data)
    fprintf(stderr, "blockscale-data: %s\n", err.data);
  flyStrBufDestroy(&err);
  free(a), free(b), free(qa), free(qb), free(sa), free(sb), free(sak);
  return ok ? 0 : 1;
}

/* A random finite OCP e4m3 value (not NaN). */
static double randomE4m3(void) {
  int e = (int)(uniform() * 15), man = (int)(uniform() * 8);
  double v = e ? ldexp(1.0 + man / 8.0, e - 7) : ldexp(man, -9);
  return uniform() < 0.5 ? -v : v;
}

/* The nearest power of two to s > 0 (the E8M0 value the scale becomes). */
static double e8m0(double s) {
  int e;
  double f = frexp(s, &e); /* s = f 2^e, f in [0.5, 1) */
  return f < 0.75 ? ldexp(1.0, e - 1) : ldexp(1.0, e);
}

static int e8m0Demo(void) {
  enum { OUTS = 256, KB = 8, BK = FLY_BLOCK_SCALE_K };
  double worstSw = 0, worstE8 = 0;
  for (int o = 0; o < OUTS; ++o) {
    double exact = 0, folded = 0, mag = 0;
    float sw = 0;
    for (int kb = 0; kb < KB; ++kb) {
      double part = 0;
      for (int i = 0; i < BK; ++i)
        part += randomE4m3() * randomE4m3();
      float sa = (float)(uniform() * 4 + 0.01), sb = (float)(uniform() * 4 + 0.01);
      exact += part * sa * sb;
      mag += fabs(part * sa * sb);
      sw += ((float)part * sa) * sb;
      folded += part * e8m0((double)sa * sb);
    }
    worstSw = fmax(worstSw, fabs(sw - exact) / mag);
    worstE8 = fmax(worstE8, fabs(folded - exact) / mag);
  }
  printf("e8m0 fold: largest error %.3g of sum |terms|\n", worstE8);
  printf("software promote: largest error %.3g of sum |terms|\n", worstSw);
  int ok = worstSw <= ldexp(1.0, -20) && worstE8 > 0.01;
  printf("%s\n", ok ? "software promote within 2^-20, e8m0 fold off by more than 1%"
                    : "FAILED");
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc == 2 && !strcmp(argv[1], "e8m0"))
    return e8m0Demo();
  if (argc >= 7 && !strcmp(argv[1], "gen"))
    return gen(atol(argv[2]), atol(argv[3]), atol(argv[4]), atol(argv[5]), argv[6],
               argc > 7 && !strcmp(argv[7], "--fnuz") ? FLY_QUANT_FP8_E4M3FNUZ
                                                      : FLY_QUANT_FP8_E4M3FN);
  fputs("usage: blockscale-data gen M N K MAX_M PREFIX [--fnuz] | blockscale-data e8m0\n", stderr);
  return 2;
}
