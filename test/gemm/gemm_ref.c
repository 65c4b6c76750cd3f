/*===- gemm-ref - A CPU reference for the GEMM kernels' tests ---------------===*
 *
 *   gemm-ref A.bin B.bin M N K OUT.bin [--fnuz | --bf16 | --i8 | --f16]
 *            [--out-f16] [--rows R --fill V] [--scales SA.bin SB.bin]
 *            [--block-scales SA.bin SB.bin] [--mxfp4 SA.bin SB.bin [--a-fp8]]
 *            [--bias BIAS.bin] [--activation relu|silu|gelu] [--residual R.bin]
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
 * (the software promote's arithmetic). With --mxfp4 (OCP MX v1.0), A is
 * M x K and B N x K e2m1 codes packed two per byte (K/2 bytes a row, even
 * k in the low nibble), or with --a-fp8 A is M x K e4m3fn bytes; SA
 * (M x K/32) and SB (N x K/32) are their row-major E8M0 scales, and
 * C[m][n] = sum over k of A[m][k] * 2^(SA[m][k/32] - 127) * B[n][k] *
 * 2^(SB[n][k/32] - 127), summed in double (each term exact), NaN when a
 * scale byte of row m or n is 255. Written independently of the kernels,
 * the runtime and the emulator: its own decode tables, plain loops over the
 * logical matrices, no layouts, no tiling; a misused command line is one
 * line on stderr and exit 2. With --bias (N f32) the scaled f32 value
 * (the MX sum rounded to f32) gets BIAS[n] added in f32; --activation
 * then applies, in double, relu
 * max(v, 0), silu v / (1 + e^-v) or the tanh-form GELU
 * v/2 (1 + tanh(sqrt(2/pi) (v + 0.044715 v^3))), before the rounding to
 * the output type. With --residual (M x N of the output type, row-major)
 * R[m][n] is added after the activation, in f32 as the kernel adds it.
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

/* OCP MX v1.0's FP4 E2M1 values: 2 exponent bits (bias 1), 1 mantissa
 * bit, the sign in bit 3; exponent 0 is the subnormal 0.5. */
static const double kE2m1[8] = {0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0};

/* Element i of packed e2m1 codes: byte i / 2, even i in the low nibble. */
static double e2m1(const uint8_t *packed, long i) {
  unsigned code = (packed[i / 2] >> (i % 2 ? 4 : 0)) & 15;
  return code & 8 ? -kE2m1[code & 7] : kE2m1[code & 7];
}

/* An E8M0 scale: 2^(byte - 127), 255 is NaN (OCP MX v1.0 §5.4). */
static double e8m0(uint8_t byte) { return byte == 255 ? NAN : ldexp(1.0, byte - 127); }

/* The input types: OCP fp8 e4m3, FNUZ e4m3, bf16, int8, f16. */
enum { IN_FP8, IN_FNUZ, IN_BF16, IN_I8, IN_F16 };

static size_t inBytes(int type) { return type == IN_BF16 || type == IN_F16 ? 2 : 1; }

/* Row r of an MX operand (k elements: e2m1 codes, or e4m3fn with fp8),
 * each times its block's E8M0 scale, into out[0..k). Every product is
 * exact in double (at most 3 + 4 significant bits, scales powers of two). */
static void mxRow(const uint8_t *m, const uint8_t *s, long r, long k, int fp8, double *out) {
  long kb = k / 32;
  for (long q = 0; q < k; ++q) {
    double x = fp8 ? e4m3(m[r * k + q], 0) : e2m1(m + r * k / 2, q);
    out[q] = x * e8m0(s[r * kb + q / 32]);
  }
}

/* C[i][j] of the MX GEMM from A's row i and B's row j, decoded and scaled
 * by mxRow: the plain sum over k. */
static double mxDot(const double *a, const double *b, long k) {
  double s = 0;
  for (long q = 0; q < k; ++q)
    s += a[q] * b[q];
  return s;
}

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

/* The command line. */
typedef struct Options {
  long m, n, k, rows;
  int type, outF16, blocks, mx, aFp8;
  double fill;
  const char *saPath, *sbPath;
  const char *biasPath, *residualPath;
  int activation; /* 0 none, 1 relu, 2 silu, 3 gelu */
} Options;

/* The epilogue's activation, in double. */
static double activate(double v, int activation) {
  switch (activation) {
  case 1:
    return v > 0 ? v : 0;
  case 2:
    return v / (1 + exp(-v));
  case 3:
    return 0.5 * v * (1 + tanh(sqrt(2 / 3.14159265358979323846) * (v + 0.044715 * v * v * v)));
  default:
    return v;
  }
}

static int misuse(const char *msg) {
  fprintf(stderr, "gemm-ref: %s\n", msg);
  return 2;
}

/* A positive integer filling the whole of `s`. */
static long parsePositive(const char *s) {
  char *end;
  long v = strtol(s, &end, 10);
  return *s && !*end && v > 0 ? v : 0;
}

/* The input type an option names, or -1. */
static int typeOption(const char *a) {
  static const char *const names[] = {"--fnuz", "--bf16", "--i8", "--f16"};
  static const int types[] = {IN_FNUZ, IN_BF16, IN_I8, IN_F16};
  for (int i = 0; i < 4; ++i)
    if (!strcmp(a, names[i]))
      return types[i];
  return -1;
}

/* Options after the six positional arguments; 0, or 2 with one line. */
static int parseOptions(int argc, char **argv, Options *o) {
  int given = 0; /* input-type options, --scales, --block-scales, --mxfp4 */
  for (int i = 7; i < argc; ++i) {
    const char *a = argv[i];
    if (typeOption(a) >= 0) {
      o->type = typeOption(a);
      given++;
    } else if (!strcmp(a, "--out-f16")) {
      o->outF16 = 1;
    } else if (!strcmp(a, "--a-fp8")) {
      o->aFp8 = 1;
    } else if (!strcmp(a, "--rows") && i + 1 < argc) {
      if (!(o->rows = parsePositive(argv[++i])))
        return misuse("bad --rows (expected a positive integer)");
    } else if (!strcmp(a, "--fill") && i + 1 < argc) {
      o->fill = atof(argv[++i]);
    } else if (!strcmp(a, "--bias") && i + 1 < argc) {
      o->biasPath = argv[++i];
    } else if (!strcmp(a, "--residual") && i + 1 < argc) {
      o->residualPath = argv[++i];
    } else if (!strcmp(a, "--activation") && i + 1 < argc) {
      const char *v = argv[++i];
      o->activation = !strcmp(v, "relu") ? 1 : !strcmp(v, "silu") ? 2 : !strcmp(v, "gelu") ? 3 : -1;
      if (o->activation < 0)
        return misuse("bad --activation (expected relu, silu or gelu)");
    } else if ((!strcmp(a, "--scales") || !strcmp(a, "--block-scales") ||
                !strcmp(a, "--mxfp4")) && i + 2 < argc) {
      o->blocks = a[2] == 'b';
      o->mx = a[2] == 'm';
      o->saPath = argv[++i];
      o->sbPath = argv[++i];
      given++;
    } else {
      fprintf(stderr, "gemm-ref: unknown option or missing value: '%s'\n", a);
      return 2;
    }
  }
  if (o->mx && given > 1)
    return misuse("--mxfp4 takes no other input type or scales");
  if (o->aFp8 && !o->mx)
    return misuse("--a-fp8 needs --mxfp4");
  if (o->mx && o->k % 32)
    return misuse("--mxfp4 needs K a multiple of 32 (one E8M0 scale per 32 elements)");
  return 0;
}

/* C (o->rows x N bf16, or f16) from the inputs of the chosen form. */
static void compute(const Options *o, const uint8_t *a, const uint8_t *b, const uint8_t *sa,
                    const uint8_t *sb, double *mxA, const double *mxB, const float *bias,
                    const uint8_t *res, uint16_t *c) {
  long m = o->m, n = o->n, k = o->k, rows = o->rows, kb = k / 128;
  int type = o->type, blocks = o->blocks;
  double fill = o->fill;
  const float *fsa = (const float *)(void *)sa, *fsb = (const float *)(void *)sb;
  for (long i = 0; i < rows; ++i) {
    if (o->mx && i < m)
      mxRow(a, sa, i, k, o->aFp8, mxA);
    for (long j = 0; j < n; ++j) {
      double s = 0;
      if (blocks) {
        float acc = 0;
        for (long blk = 0; i < m && blk < kb; ++blk) {
          double p = 0;
          for (long q = blk * 128; q < blk * 128 + 128; ++q)
            p += element(a, i * k + q, type) * element(b, j * k + q, type);
          acc += ((float)p * fsa[i * kb + blk]) * fsb[j / 128 * kb + blk];
        }
        c[i * n + j] = i < m ? bf16(acc) : bf16(fill);
        continue;
      }
      if (o->mx && i < m)
        s = mxDot(mxA, mxB + j * k, k);
      for (long q = 0; !o->mx && i < m && q < k; ++q)
        s += element(a, i * k + q, type) * element(b, j * k + q, type);
      if (fsa && !o->mx && i < m) /* the kernel scales the f32 sum: round it like f32 first */
        s = (double)((float)s * fsa[i] * fsb[j]);
      if (o->mx && i < m && (bias || res || o->activation)) /* the f32 accumulator */
        s = (double)(float)s;
      if (bias && i < m) /* an f32 add in the kernel */
        s = (double)((float)s + bias[j]);
      if (i < m)
        s = activate(s, o->activation);
      if (res && i < m) /* the activation's f32 result plus R in f32 */
        s = (double)((float)s + (float)element(res, i * n + j, o->outF16 ? IN_F16 : IN_BF16));
      double v = i < m ? s : fill;
      c[i * n + j] = o->outF16 ? f16(v) : bf16(v);
    }
  }
}

int main(int argc, char **argv) {
  if (argc < 7) {
    fputs("usage: gemm-ref A B M N K OUT [--fnuz|--bf16|--i8|--f16] [--out-f16] [--rows R "
          "--fill V] [--scales SA SB | --block-scales SA SB | --mxfp4 SA SB [--a-fp8]] "
          "[--bias BIAS] [--activation relu|silu|gelu] [--residual R]\n",
          stderr);
    return 2;
  }
  Options o = {parsePositive(argv[3]), parsePositive(argv[4]), parsePositive(argv[5]), 0,
               IN_FP8, 0, 0, 0, 0, 0, NULL, NULL, NULL, NULL, 0};
  if (!o.m || !o.n || !o.k)
    return misuse("M, N and K must be positive integers");
  o.rows = o.m;
  int rc = parseOptions(argc, argv, &o);
  if (rc)
    return rc;
  if (o.blocks && (o.biasPath || o.activation || o.residualPath))
    return misuse("--bias, --activation and --residual do not go with --block-scales");
  long m = o.m, n = o.n, k = o.k, rows = o.rows, mk, nk, rn, mn;
  int type = o.type, blocks = o.blocks;
  if (rows < m)
    return misuse("--rows must be at least M");
  if (__builtin_mul_overflow(m, k, &mk) || __builtin_mul_overflow(n, k, &nk) ||
      __builtin_mul_overflow(rows, n, &rn) || __builtin_mul_overflow(m, n, &mn) ||
      mk > (1L << 40) || nk > (1L << 40) || rn > (1L << 40))
    return misuse("the matrices are too large (at most 2^40 elements each)");
  if (blocks && (n % 128 || k % 128 || inBytes(type) != 1 || type == IN_I8))
    return misuse("--block-scales needs fp8 and N and K multiples of 128");
  long kb = k / 128, sal = o.mx ? m * (k / 32) : blocks ? m * kb : m,
       sbl = o.mx ? n * (k / 32) : blocks ? n / 128 * kb : n;
  size_t eb = inBytes(type), aBytes = (size_t)mk * eb, bBytes = (size_t)nk * eb;
  if (o.mx) /* two e2m1 codes a byte; --a-fp8: one e4m3fn a byte */
    aBytes = o.aFp8 ? (size_t)mk : (size_t)mk / 2, bBytes = (size_t)nk / 2;
  size_t scaleBytes = o.mx ? 1 : 4;
  uint8_t *a = readAll(argv[1], aBytes), *b = readAll(argv[2], bBytes);
  uint16_t *c = malloc((size_t)rn * 2);
  uint8_t *sa = o.saPath ? readAll(o.saPath, (size_t)sal * scaleBytes) : NULL;
  uint8_t *sb = o.sbPath ? readAll(o.sbPath, (size_t)sbl * scaleBytes) : NULL;
  float *bias = o.biasPath ? (float *)(void *)readAll(o.biasPath, (size_t)n * 4) : NULL;
  uint8_t *res = o.residualPath ? readAll(o.residualPath, (size_t)mn * 2) : NULL;
  int ok = a && b && c && (!o.saPath || (sa && sb)) && (!o.biasPath || bias) &&
           (!o.residualPath || res);
  /* MX: B decoded and scaled once (N x K doubles), A a row at a time. */
  double *mxA = ok && o.mx ? malloc((size_t)k * sizeof(double)) : NULL;
  double *mxB = ok && o.mx ? malloc((size_t)nk * sizeof(double)) : NULL;
  if (ok && o.mx && (!mxA || !mxB)) {
    fputs("gemm-ref: out of memory for the decoded operands\n", stderr);
    ok = 0;
  }
  for (long j = 0; ok && o.mx && j < n; ++j)
    mxRow(b, sb, j, k, 0, mxB + j * k);
  if (ok)
    compute(&o, a, b, sa, sb, mxA, mxB, bias, res, c);
  FILE *f = ok ? fopen(argv[6], "wb") : NULL;
  ok = f && fwrite(c, 2, (size_t)rn, f) == (size_t)rn;
  if (f)
    fclose(f);
  free(a);
  free(b);
  free(c);
  free(sa);
  free(sb);
  free(bias);
  free(res);
  free(mxA);
  free(mxB);
  return ok ? 0 : 1;
}
