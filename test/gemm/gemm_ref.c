/*===- gemm-ref - A CPU reference for the GEMM kernels' tests ---------------===*
 *
 *   gemm-ref A.bin B.bin M N K OUT.bin [--fnuz | --bf16 | --i8 | --f16]
 *            [--out-f16] [--rows R --fill V] [--scales SA.bin SB.bin]
 *            [--block-scales SA.bin SB.bin]
 *
 * Computes C[m][n] = sum_k A[m][k] * B[n][k] for row-major A (M x K) and
 * B (N x K) — OCP fp8 e4m3fn by default, e4m3fnuz with --fnuz, bf16, int8
 * or f16 — in double precision (exact for int8), and writes C as row-major
 * bf16 (f16 with --out-f16) rounded to nearest even. With --rows R the
 * output has R >= M rows and rows M..R-1 hold bf16(V): the sentinel a ragged
 * kernel must leave untouched. With --scales, C[m][n] is multiplied by the
 * f32 per-token scales SA[m] and SB[n]. With --block-scales (fp8 only), the
 * block-scale GEMM of issue 12: SA is a_scale [M][K/128], SB is b_scale
 * [N/128][K/128], and C[m][n] = sum over kb of P_kb * SA[m][kb] *
 * SB[n/128][kb], P_kb the exact sum over K block kb rounded once to f32,
 * each term ((P * sa) * sb) and the sum over kb taken in f32 in kb order
 * (the software promote's arithmetic). Written independently of the
 * kernels: plain loops over the logical matrices, no layouts, no tiling.
 *===----------------------------------------------------------------------===*/
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double e4m3(uint8_t byte, int fnuz) {
  int bias = fnuz ? 8 : 7, exp = (byte >> 3) & 0xF, man = byte & 7;
  if ((fnuz && byte == 0x80) || (!fnuz && (byte & 0x7F) == 0x7F))
    return NAN;
  double v = exp ? ldexp(1.0 + man / 8.0, exp - bias) : ldexp(man, 1 - bias - 3);
  return (byte & 0x80) ? -v : v;
}

static double fromBf16(const uint8_t *p) {
  uint32_t u = (uint32_t)(p[0] | p[1] << 8) << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static double fromF16(const uint8_t *p) {
  unsigned h = (unsigned)(p[0] | p[1] << 8), exp = (h >> 10) & 31, man = h & 1023;
  double v = exp == 31 ? (man ? NAN : INFINITY)
             : exp    ? ldexp(1.0 + man / 1024.0, (int)exp - 15)
                      : ldexp(man, -24);
  return (h & 0x8000) ? -v : v;
}

/* The input types: OCP fp8 e4m3, FNUZ e4m3, bf16, int8, f16. */
enum { IN_FP8, IN_FNUZ, IN_BF16, IN_I8, IN_F16 };

static size_t inBytes(int type) { return type == IN_BF16 || type == IN_F16 ? 2 : 1; }

/* Element i of a matrix in the chosen input type. */
static double element(const uint8_t *m, long i, int type) {
  switch (type) {
  case IN_BF16: return fromBf16(m + 2 * i);
  case IN_F16: return fromF16(m + 2 * i);
  case IN_I8: return (int8_t)m[i];
  default: return e4m3(m[i], type == IN_FNUZ);
  }
}

/* f16 from float, round to nearest even (overflow to infinity). */
static uint16_t f16(double d) {
  float f = (float)d;
  if (isnan(f))
    return 0x7E00;
  uint16_t sign = signbit(f) ? 0x8000 : 0;
  double a = fabs((double)f);
  if (a >= 65520.0)
    return sign | 0x7C00;
  int e;
  frexp(a, &e); /* a = m * 2^e, m in [0.5, 1) */
  int exp = e - 1 < -14 ? -14 : e - 1; /* subnormals share 2^-14's quantum */
  double q = nearbyint(ldexp(a, 10 - exp)); /* in units of 2^(exp-10) */
  if (q >= 2048) /* rounding carried into the next binade */
    q /= 2, ++exp;
  unsigned bits = q < 1024 ? (unsigned)q : (unsigned)(exp + 15) << 10 | ((unsigned)q - 1024);
  return sign | (uint16_t)bits;
}

static uint16_t bf16(double d) {
  float f = (float)d;
  uint32_t u;
  memcpy(&u, &f, 4);
  if (isnan(f))
    return 0x7FC0;
  return (uint16_t)((u + 0x7FFF + ((u >> 16) & 1)) >> 16);
}

static uint8_t *readAll(const char *path, size_t need) {
  FILE *f = fopen(path, "rb");
  uint8_t *p = f ? malloc(need ? need : 1) : NULL;
  size_t got = p ? fread(p, 1, need, f) : 0;
  if (f)
    fclose(f);
  if (got != need) {
    fprintf(stderr, "gemm-ref: cannot read %zu bytes from '%s'\n", need, path);
    free(p);
    return NULL;
  }
  return p;
}

int main(int argc, char **argv) {
  if (argc < 7) {
    fputs("usage: gemm-ref A B M N K OUT [--fnuz] [--rows R --fill V]\n", stderr);
    return 2;
  }
  long m = atol(argv[3]), n = atol(argv[4]), k = atol(argv[5]), rows = m;
  int type = IN_FP8, outF16 = 0, blocks = 0;
  double fill = 0;
  const char *saPath = NULL, *sbPath = NULL;
  for (int i = 7; i < argc; ++i) {
    if (!strcmp(argv[i], "--fnuz"))
      type = IN_FNUZ;
    else if (!strcmp(argv[i], "--bf16"))
      type = IN_BF16;
    else if (!strcmp(argv[i], "--i8"))
      type = IN_I8;
    else if (!strcmp(argv[i], "--f16"))
      type = IN_F16;
    else if (!strcmp(argv[i], "--out-f16"))
      outF16 = 1;
    else if (!strcmp(argv[i], "--rows") && i + 1 < argc)
      rows = atol(argv[++i]);
    else if (!strcmp(argv[i], "--fill") && i + 1 < argc)
      fill = atof(argv[++i]);
    else if ((!strcmp(argv[i], "--scales") || !strcmp(argv[i], "--block-scales")) &&
             i + 2 < argc) {
      blocks = argv[i][2] == 'b';
      saPath = argv[++i];
      sbPath = argv[++i];
    }
  }
  if (m <= 0 || n <= 0 || k <= 0 || rows < m ||
      (blocks && (n % 128 || k % 128 || inBytes(type) != 1 || type == IN_I8)))
    return 2;
  long kb = k / 128, sal = blocks ? m * kb : m, sbl = blocks ? n / 128 * kb : n;
  size_t eb = inBytes(type);
  uint8_t *a = readAll(argv[1], (size_t)(m * k) * eb), *b = readAll(argv[2], (size_t)(n * k) * eb);
  uint16_t *c = malloc((size_t)(rows * n) * 2);
  float *sa = saPath ? (float *)readAll(saPath, (size_t)sal * 4) : NULL;
  float *sb = sbPath ? (float *)readAll(sbPath, (size_t)sbl * 4) : NULL;
  if (!a || !b || !c || (saPath && (!sa || !sb)))
    return 1;
  for (long i = 0; i < rows; ++i)
    for (long j = 0; j < n; ++j) {
      double s = 0;
      if (blocks) {
        float acc = 0;
        for (long blk = 0; i < m && blk < kb; ++blk) {
          double p = 0;
          for (long q = blk * 128; q < blk * 128 + 128; ++q)
            p += element(a, i * k + q, type) * element(b, j * k + q, type);
          acc += ((float)p * sa[i * kb + blk]) * sb[j / 128 * kb + blk];
        }
        c[i * n + j] = i < m ? bf16(acc) : bf16(fill);
        continue;
      }
      for (long q = 0; i < m && q < k; ++q)
        s += element(a, i * k + q, type) * element(b, j * k + q, type);
      if (sa && i < m) /* the kernel scales the f32 sum: round it like f32 first */
        s = (double)((float)s * sa[i] * sb[j]);
      double v = i < m ? s : fill;
      c[i * n + j] = outF16 ? f16(v) : bf16(v);
    }
  FILE *f = fopen(argv[6], "wb");
  int ok = f && fwrite(c, 2, (size_t)(rows * n), f) == (size_t)(rows * n);
  if (f)
    fclose(f);
  free(a);
  free(b);
  free(c);
  free(sa);
  free(sb);
  return ok ? 0 : 1;
}
