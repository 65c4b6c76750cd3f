/*===- emu-kernel-ref.c - Inputs and CPU reference results for kernel tests ===*
 *
 * Writes the input buffers of a test kernel and the results a correct GPU
 * must produce, computed here on the CPU from the logical matrices and
 * vectors, independently of the emulator. flyc-run then runs the kernel on
 * the inputs and compares its output with the reference file.
 *
 *   emu-kernel-ref vadd N SEED DIR [USED FILL]
 *                                           a, b (f32), c = a + b (with USED:
 *                                           c[i] = a + b for i < USED, else FILL)
 *   emu-kernel-ref saxpy A N SEED DIR       x, y (f32), y_ref = fma(A, x, y)
 *                                           rounded once (a fused multiply-add)
 *   emu-kernel-ref priv K GROUPS DIR        private-memory.cl's output
 *   emu-kernel-ref dynlds N DIR             hip-dynamic-lds.test's output
 *   emu-kernel-ref sgprs DIR                initial-sgprs.s's records
 *   emu-kernel-ref reduce GROUPS SEED DIR   x (i32, 512 per group);
 *                                           s = per-group sum, i32 and f32
 *   emu-kernel-ref copy MODE GROUPS LIMIT DIR  LDS-DMA copies (buffer-lds.cl)
 *   emu-kernel-ref ids GX,GY,GZ BX,BY,BZ DIR  dispatch-ids.cl's expected output
 *   emu-kernel-ref gemm M N K SEED DIR      f16 A, B (B transposed), f32 C
 *   emu-kernel-ref mfma OP CHIP TILES SEED DIR [random]
 *                                           A, B, C register images, D
 *   emu-kernel-ref selftest                 checks of the helpers below
 *
 * MFMA register images follow the operand and result layouts of the CDNA3/
 * CDNA4 ISA guides (§7.1.4 "Dependency resolution: matrix layouts"; see
 * gfx950-isa-facts §1): item t of lane l of A holds A[l % M][K_L*(l/M) + t];
 * items are packed little-endian by bit width; the f8f6f4 fp8/bf8 operands
 * are split in two 16-byte chunks (k = 16g+b, then K/2+16g+b-16); D[m][n] is
 * in register m%4 (16x16) or (m%4)+4(m/8) (32x32) of lane n+16(m/4) resp.
 * n+32((m/4)%2). Buffers are lane-major: lane l's registers are consecutive.
 *
 * Values are small dyadic numbers (unless "random"), so every product and
 * every partial sum is exact in fp32 and any summation order gives the same
 * result: D is compared exactly.
 *===----------------------------------------------------------------------===*/
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*--- Small helpers ----------------------------------------------------------*/

static uint64_t rngState;

static uint64_t rng(void) {
  uint64_t z = (rngState += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static int rngInt(int lo, int hi) { return lo + (int)(rng() % (uint64_t)(hi - lo + 1)); }

static double rngUniform(void) { return (double)(rng() >> 11) * 0x1p-53 * 2.0 - 1.0; }

static int writeFile(const char *dir, const char *name, const void *data, size_t size) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, size, f) != size) {
    fprintf(stderr, "emu-kernel-ref: cannot write %s\n", path);
    if (f)
      fclose(f);
    return 1;
  }
  return fclose(f) != 0;
}

static uint32_t f32Bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

/*--- Element formats ----------------------------------------------------------*/

/* A float format with `eb` exponent and `mb` mantissa bits and a bias. Only
 * zero and normal numbers are generated, so encoding is exact. */
typedef struct Fmt { const char *name; int bits, eb, mb, bias; } Fmt;

static const Fmt fmtF32 = {"f32", 32, 8, 23, 127}, fmtF16 = {"f16", 16, 5, 10, 15},
                 fmtBf16 = {"bf16", 16, 8, 7, 127}, fmtI8 = {"i8", 8, 0, 0, 0},
                 fmtFp8 = {"fp8", 8, 4, 3, 7}, fmtBf8 = {"bf8", 8, 5, 2, 15},
                 fmtFp8Fnuz = {"fp8", 8, 4, 3, 8}, fmtBf8Fnuz = {"bf8", 8, 5, 2, 16},
                 fmtFp6 = {"fp6", 6, 2, 3, 1}, fmtBf6 = {"bf6", 6, 3, 2, 3},
                 fmtFp4 = {"fp4", 4, 2, 1, 1};

static uint32_t encode(const Fmt *f, double v) {
  if (f->eb == 0)
    return (uint32_t)(int32_t)v & 0xffu; /* i8 */
  if (f->bits == 32)
    return f32Bits((float)v);
  if (v == 0)
    return 0;
  if (f->bits == 16 && fabs(v) < ldexp(1, 1 - f->bias)) /* f16 subnormal */
    return (v < 0 ? 0x8000u : 0) | (uint32_t)ldexp(fabs(v), f->bias - 1 + f->mb);
  uint32_t sign = v < 0 ? 1u << (f->bits - 1) : 0;
  int e;
  double m = frexp(fabs(v), &e); /* |v| = m * 2^e, m in [0.5,1) */
  uint32_t man = (uint32_t)ldexp(m * 2 - 1, f->mb), exp = (uint32_t)(e - 1 + f->bias);
  return sign | exp << f->mb | man;
}

static double decode(const Fmt *f, uint32_t code) {
  if (f->eb == 0)
    return (int8_t)code;
  if (f->bits == 32) {
    float x;
    memcpy(&x, &code, 4);
    return x;
  }
  uint32_t exp = code >> f->mb & ((1u << f->eb) - 1), man = code & ((1u << f->mb) - 1);
  double v = exp ? ldexp(1 + ldexp(man, -f->mb), (int)exp - f->bias)
                 : ldexp(man, 1 - f->bias - f->mb);
  return code >> (f->bits - 1) & 1 ? -v : v;
}

/* An exactly representable value: 0, or +-(1 + frac) * 2^e with e in
 * [-1, 2] and as many fraction bits as the format has (at most 3), or an
 * integer for i8. In "random" mode: uniform in [-1, 1), rounded to the format. */
static double pickValue(const Fmt *f, int random) {
  if (f->eb == 0)
    return rngInt(-128, 127);
  if (random) {
    double v = rngUniform();
    return f->bits == 32 ? (float)v : decode(f, encode(f, ldexp(round(ldexp(v, 8)), -8)));
  }
  if (rngInt(0, 9) == 0)
    return 0;
  /* fp4 (e2m1) and fp6 (e2m3) have normal exponents 0..2 only */
  int mb = f->mb < 3 ? f->mb : 3, e = f->eb == 2 ? rngInt(0, 2) : rngInt(-1, 2);
  double v = ldexp(1 + ldexp(rngInt(0, (1 << mb) - 1), -mb), e);
  return rngInt(0, 1) ? -v : v;
}

/*--- MFMA ops -------------------------------------------------------------------*/

typedef struct Op {
  const char *name;     /* the kernel name in mfma*.cl */
  int m, n, k;
  int aFmt, bFmt;       /* index into the chip's format list (below) */
  int words;            /* 32-bit words per lane in the A/B images */
  int f8f6f4, scaled;
} Op;

enum { F_F32, F_F16, F_BF16, F_I8, F_FP8, F_BF8, F_FP6, F_BF6, F_FP4 };

static const Op ops[] = {
    {"mfma_f32_16x16x4f32", 16, 16, 4, F_F32, F_F32, 1, 0, 0},
    {"mfma_f32_32x32x2f32", 32, 32, 2, F_F32, F_F32, 1, 0, 0},
    {"mfma_f32_16x16x16f16", 16, 16, 16, F_F16, F_F16, 2, 0, 0},
    {"mfma_f32_32x32x8f16", 32, 32, 8, F_F16, F_F16, 2, 0, 0},
    {"mfma_f32_16x16x16bf16_1k", 16, 16, 16, F_BF16, F_BF16, 2, 0, 0},
    {"mfma_f32_32x32x8bf16_1k", 32, 32, 8, F_BF16, F_BF16, 2, 0, 0},
    {"mfma_i32_16x16x32_i8", 16, 16, 32, F_I8, F_I8, 2, 0, 0},
    {"mfma_i32_32x32x16_i8", 32, 32, 16, F_I8, F_I8, 2, 0, 0},
    {"mfma_f32_16x16x32_fp8_fp8", 16, 16, 32, F_FP8, F_FP8, 2, 0, 0},
    {"mfma_f32_16x16x32_fp8_bf8", 16, 16, 32, F_FP8, F_BF8, 2, 0, 0},
    {"mfma_f32_16x16x32_bf8_fp8", 16, 16, 32, F_BF8, F_FP8, 2, 0, 0},
    {"mfma_f32_16x16x32_bf8_bf8", 16, 16, 32, F_BF8, F_BF8, 2, 0, 0},
    {"mfma_f32_32x32x16_fp8_fp8", 32, 32, 16, F_FP8, F_FP8, 2, 0, 0},
    {"mfma_f32_32x32x16_fp8_bf8", 32, 32, 16, F_FP8, F_BF8, 2, 0, 0},
    {"mfma_f32_32x32x16_bf8_fp8", 32, 32, 16, F_BF8, F_FP8, 2, 0, 0},
    {"mfma_f32_32x32x16_bf8_bf8", 32, 32, 16, F_BF8, F_BF8, 2, 0, 0},
    /* gfx950 only */
    {"mfma_f32_16x16x32_f16", 16, 16, 32, F_F16, F_F16, 4, 0, 0},
    {"mfma_f32_32x32x16_f16", 32, 32, 16, F_F16, F_F16, 4, 0, 0},
    {"mfma_f32_16x16x32_bf16", 16, 16, 32, F_BF16, F_BF16, 4, 0, 0},
    {"mfma_f32_32x32x16_bf16", 32, 32, 16, F_BF16, F_BF16, 4, 0, 0},
    {"mfma_i32_16x16x64_i8", 16, 16, 64, F_I8, F_I8, 4, 0, 0},
    {"mfma_i32_32x32x32_i8", 32, 32, 32, F_I8, F_I8, 4, 0, 0},
    {"mfma_16x16x128_fp8_fp8", 16, 16, 128, F_FP8, F_FP8, 8, 1, 0},
    {"mfma_scale_16x16x128_fp8_fp8", 16, 16, 128, F_FP8, F_FP8, 8, 1, 1},
    {"mfma_scale_16x16x128_bf8_fp8", 16, 16, 128, F_BF8, F_FP8, 8, 1, 1},
    {"mfma_scale_16x16x128_fp6_bf6", 16, 16, 128, F_FP6, F_BF6, 8, 1, 1},
    {"mfma_scale_16x16x128_fp4_fp4", 16, 16, 128, F_FP4, F_FP4, 8, 1, 1},
    {"mfma_scale_16x16x128_fp8_fp4", 16, 16, 128, F_FP8, F_FP4, 8, 1, 1},
    {"mfma_scale_32x32x64_fp8_bf8", 32, 32, 64, F_FP8, F_BF8, 8, 1, 1},
    {"mfma_scale_32x32x64_fp4_fp6", 32, 32, 64, F_FP4, F_FP6, 8, 1, 1},
    {"mfma_32x32x64_bf6_bf6", 32, 32, 64, F_BF6, F_BF6, 8, 1, 0},
};

static const Fmt *formatOf(int f, int fnuz) {
  static const Fmt *const ocp[] = {&fmtF32, &fmtF16, &fmtBf16, &fmtI8, &fmtFp8,
                                   &fmtBf8, &fmtFp6, &fmtBf6, &fmtFp4};
  if (fnuz && f == F_FP8) return &fmtFp8Fnuz;
  if (fnuz && f == F_BF8) return &fmtBf8Fnuz;
  return ocp[f];
}

/* Logical k of item t of lane l (row/column l % M). */
static int itemK(const Op *op, const Fmt *f, int lane, int t) {
  int rows = op->m, g = lane / rows;
  if (op->f8f6f4 && f->bits == 8)
    return t < 16 ? 16 * g + t : op->k / 2 + 16 * g + (t - 16);
  if (op->f8f6f4)
    return 32 * g + t;
  int kl = op->k / (64 / rows);
  return kl * g + t;
}

static int itemsPerLane(const Op *op) { return op->k / (64 / op->m); }

static void putBits(uint32_t *words, int bitPos, int bits, uint32_t v) {
  for (int i = 0; i < bits; ++i)
    if (v >> i & 1)
      words[(bitPos + i) / 32] |= 1u << ((bitPos + i) % 32);
}

/* Lane image of an operand: mat[row][k] with rows M (A) or N (B). */
static void operandImage(const Op *op, const Fmt *f, const double *mat, uint32_t *img) {
  memset(img, 0, 64 * (size_t)op->words * 4);
  for (int lane = 0; lane < 64; ++lane)
    for (int t = 0; t < itemsPerLane(op); ++t) {
      int row = lane % op->m, k = itemK(op, f, lane, t);
      putBits(img + lane * op->words, t * f->bits, f->bits, encode(f, mat[row * op->k + k]));
    }
}

/* Register and lane of D[m][n]. */
static void dPlace(const Op *op, int m, int n, int *reg, int *lane) {
  if (op->m == 16) {
    *reg = m % 4;
    *lane = n + 16 * (m / 4);
  } else {
    *reg = m % 4 + 4 * (m / 8);
    *lane = n + 32 * ((m / 4) % 2);
  }
}

typedef struct Tile {
  double *a, *b, *c, *d;      /* a[m][k], b[n][k] (B transposed), c/d[m][n] */
  int sa[32][4], sb[32][4];   /* E8M0 exponents per row/column and k-block */
} Tile;

static void computeTile(const Op *op, Tile *t, int isInt) {
  for (int m = 0; m < op->m; ++m)
    for (int n = 0; n < op->n; ++n) {
      double acc = t->c[m * op->n + n];
      int64_t iacc = (int64_t)acc;
      for (int kb = 0; kb < op->k; kb += 32) {
        double part = 0;
        for (int k = kb; k < kb + 32 && k < op->k; ++k) {
          part += t->a[m * op->k + k] * t->b[n * op->k + k];
          iacc += (int64_t)(t->a[m * op->k + k] * t->b[n * op->k + k]);
        }
        int e = op->scaled ? t->sa[m][kb / 32] + t->sb[n][kb / 32] - 254 : 0;
        acc += ldexp(part, e);
      }
      t->d[m * op->n + n] = isInt ? (double)(int32_t)(uint32_t)iacc : acc;
    }
}

/* Scale word of a lane: the exponent in byte `sel`, other bytes noise. */
static uint32_t scaleWord(int e, int sel) {
  uint32_t w = (uint32_t)rng();
  w &= ~(0xffu << (8 * sel));
  return w | (uint32_t)e << (8 * sel);
}

static int runMfma(const Op *op, int fnuz, int tiles, int random, const char *dir) {
  const Fmt *fa = formatOf(op->aFmt, fnuz), *fb = formatOf(op->bFmt, fnuz);
  int isInt = op->aFmt == F_I8, dRegs = op->m == 16 ? 4 : 16;
  size_t opWords = (size_t)tiles * 64 * op->words, dWords = (size_t)tiles * 64 * dRegs;
  uint32_t *ia = calloc(opWords, 4), *ib = calloc(opWords, 4);
  uint32_t *ic = calloc(dWords, 4), *id = calloc(dWords, 4);
  uint32_t *isa = calloc((size_t)tiles * 64, 4), *isb = calloc((size_t)tiles * 64, 4);
  Tile t;
  t.a = calloc((size_t)op->m * op->k, sizeof(double));
  t.b = calloc((size_t)op->n * op->k, sizeof(double));
  t.c = calloc((size_t)op->m * op->n, sizeof(double));
  t.d = calloc((size_t)op->m * op->n, sizeof(double));
  for (int tile = 0; tile < tiles; ++tile) {
    for (int i = 0; i < op->m * op->k; ++i) t.a[i] = pickValue(fa, random);
    for (int i = 0; i < op->n * op->k; ++i) t.b[i] = pickValue(fb, random);
    for (int i = 0; i < op->m * op->n; ++i)
      t.c[i] = isInt ? rngInt(-1000, 1000) : random ? rngUniform() : rngInt(-16, 16) / 4.0;
    for (int lane = 0; lane < 64; ++lane) { /* lane L: row L%M, k-block L/M */
      int row = lane % op->m, kb = lane / op->m;
      /* scale products 2^-1..2^2 keep every sum exact in fp32 */
      t.sa[row][kb] = op->scaled ? rngInt(126, 128) : 127;
      t.sb[row][kb] = op->scaled ? rngInt(127, 128) : 127;
      isa[tile * 64 + lane] = scaleWord(t.sa[row][kb], 1);
      isb[tile * 64 + lane] = scaleWord(t.sb[row][kb], 2);
    }
    computeTile(op, &t, isInt);
    operandImage(op, fa, t.a, ia + (size_t)tile * 64 * op->words);
    operandImage(op, fb, t.b, ib + (size_t)tile * 64 * op->words);
    for (int m = 0; m < op->m; ++m)
      for (int n = 0; n < op->n; ++n) {
        int reg, lane;
        dPlace(op, m, n, &reg, &lane);
        size_t at = (size_t)tile * 64 * dRegs + (size_t)lane * dRegs + reg;
        ic[at] = isInt ? (uint32_t)(int32_t)t.c[m * op->n + n] : f32Bits((float)t.c[m * op->n + n]);
        id[at] = isInt ? (uint32_t)(int32_t)t.d[m * op->n + n] : f32Bits((float)t.d[m * op->n + n]);
      }
  }
  int rc = writeFile(dir, "a.bin", ia, opWords * 4) | writeFile(dir, "b.bin", ib, opWords * 4) |
           writeFile(dir, "c.bin", ic, dWords * 4) | writeFile(dir, "d.bin", id, dWords * 4) |
           writeFile(dir, "sa.bin", isa, (size_t)tiles * 256) |
           writeFile(dir, "sb.bin", isb, (size_t)tiles * 256);
  free(ia), free(ib), free(ic), free(id), free(isa), free(isb);
  free(t.a), free(t.b), free(t.c), free(t.d);
  return rc;
}

/*--- Other kernels ----------------------------------------------------------*/

/* c[i] = a[i] + b[i] for i < used; the rest keep `fill` (a kernel told
 * n = used must not touch them). */
static int runVadd(int n, int used, float fill, const char *dir) {
  float *a = malloc((size_t)n * 4), *b = malloc((size_t)n * 4), *c = malloc((size_t)n * 4);
  for (int i = 0; i < n; ++i) {
    a[i] = (float)(rngUniform() * 100);
    b[i] = (float)rngUniform();
    c[i] = i < used ? a[i] + b[i] : fill;
  }
  int rc = writeFile(dir, "a.bin", a, (size_t)n * 4) | writeFile(dir, "b.bin", b, (size_t)n * 4) |
           writeFile(dir, "c.bin", c, (size_t)n * 4);
  free(a), free(b), free(c);
  return rc;
}

/* saxpy: y = a*x + y with one rounding (fmaf is correctly rounded), which
 * is what v_fmac_f32 computes; reports how many elements a separately
 * rounded multiply and add would get wrong, so a test can see that the
 * data tell the two apart. */
static int runSaxpy(float a, int n, const char *dir) {
  float *x = malloc((size_t)n * 4), *y = malloc((size_t)n * 4), *r = malloc((size_t)n * 4);
  int unfusedDiffers = 0;
  for (int i = 0; i < n; ++i) {
    x[i] = (float)(rngUniform() * 100);
    y[i] = (float)rngUniform();
    r[i] = fmaf(a, x[i], y[i]);
    volatile float product = a * x[i]; /* rounded to f32 before the add */
    unfusedDiffers += f32Bits(product + y[i]) != f32Bits(r[i]);
  }
  printf("saxpy: %d elements, %d where an unfused multiply-add differs\n", n, unfusedDiffers);
  int rc = writeFile(dir, "x.bin", x, (size_t)n * 4) | writeFile(dir, "y.bin", y, (size_t)n * 4) |
           writeFile(dir, "y_ref.bin", r, (size_t)n * 4);
  free(x), free(y), free(r);
  return rc;
}

/* private-memory.cl: work-item t of group g stores a[(k + t) % 40] with
 * a[i] = i * t, at g * 128 + t (t and the sum unsigned, as in the kernel). */
static int runPriv(int k, int groups, const char *dir) {
  size_t n = (size_t)groups * 128;
  int32_t *out = malloc(n * 4);
  for (size_t i = 0; i < n; ++i) {
    uint32_t t = (uint32_t)(i % 128);
    out[i] = (int32_t)(((uint32_t)k + t) % 40 * t);
  }
  int rc = writeFile(dir, "out.bin", out, n * 4);
  free(out);
  return rc;
}

/* Inputs/dynlds.hip with 64 work-items: out[t] = dyn[(t+1) % 64] +
 * stat[t % 16], dyn[t] = 3t + n, stat[t] = 100t. */
static int runDynlds(int n, const char *dir) {
  int32_t out[64];
  for (int t = 0; t < 64; ++t)
    out[t] = 3 * ((t + 1) % 64) + n + 100 * (t % 16);
  return writeFile(dir, "out.bin", out, sizeof out);
}

/* initial-sgprs.s on a 2x2 grid of 64x2 workgroups: 8 words per work-item
 * at record 128 (2 wg_y + wg_x) + 64 y + x (AMDGPUUsage "Initial Kernel
 * Execution State"): workgroup ids, workgroup info (first wave [31], 2
 * waves [5:0]), v0 (x [9:0], y [19:10]), the packet's workgroup sizes, the
 * dispatch id (0), an unwritten VGPR and unwritten LDS (the poison), the
 * queue's first dword (0). */
static int runSgprs(const char *dir) {
  uint32_t out[512 * 8];
  for (uint32_t wy = 0; wy < 2; ++wy)
    for (uint32_t wx = 0; wx < 2; ++wx)
      for (uint32_t y = 0; y < 2; ++y)
        for (uint32_t x = 0; x < 64; ++x) {
          uint32_t *o = out + 8 * (128 * (2 * wy + wx) + 64 * y + x);
          o[0] = wx | wy << 8;
          o[1] = (y == 0 ? 0x80000000u : 0) | 2;
          o[2] = x | y << 10;
          o[3] = 64 | 2u << 16;
          o[4] = 0, o[5] = 0xdeadbeefu, o[6] = 0, o[7] = 0xdeadbeefu;
        }
  return writeFile(dir, "sgprs.bin", out, sizeof out);
}

/* 512 values per group; the kernel sums them as i32 (wrapping) and as f32
 * of values small enough that every partial sum is exact. */
static int runReduce(int groups, const char *dir) {
  size_t n = (size_t)groups * 512;
  int32_t *x = malloc(n * 4), *s = calloc((size_t)groups, 4);
  float *fs = calloc((size_t)groups, 4);
  for (size_t i = 0; i < n; ++i) {
    x[i] = (int32_t)(uint32_t)rng();
    s[i / 512] = (int32_t)((uint32_t)s[i / 512] + (uint32_t)x[i]);
    fs[i / 512] += (float)(x[i] >> 20); /* |x>>20| < 2048: sums stay below 2^20 */
  }
  int rc = writeFile(dir, "x.bin", x, n * 4) | writeFile(dir, "s.bin", s, (size_t)groups * 4) |
           writeFile(dir, "fs.bin", fs, (size_t)groups * 4);
  free(x), free(s), free(fs);
  return rc;
}

/* LDS-DMA copies (buffer-lds.cl); src holds GROUPS*256 dwords, the buffer
 * descriptor covers `limit` bytes of it (buffer loads past it give 0):
 *   dword: tile[u] = src[g*256+255-u] by buffer_load_dword lds,
 *          tile2[u] = src[g*256+u] by global_load_lds_dword,
 *          out[g*256+t] = tile[(t+64)%256] + tile2[255-t]
 *   bytes: tile[u] = zext(byte g*256+u) by buffer_load_ubyte lds,
 *          tile2[u] = zext(ushort g*256+u) by global_load_lds_ushort,
 *          out[g*256+t] = tile[(t+64)%256] + (tile2[255-t] << 8)
 *   x4:    tile[j] = src[g*256+j] by buffer_load_dwordx4 lds (per-dword
 *          range check), out[g*256+j] = tile[(j+16)%256]            */
static uint32_t bufDword(const uint32_t *src, size_t idx, size_t limit) {
  return idx * 4 + 4 <= limit ? src[idx] : 0;
}

static uint32_t copyOut(const char *mode, const uint32_t *src, size_t g, size_t t, size_t limit) {
  const uint8_t *b = (const uint8_t *)src;
  const uint16_t *h = (const uint16_t *)src;
  size_t base = g * 256, u = (t + 64) % 256, v = 255 - t;
  if (strcmp(mode, "dword") == 0)
    return bufDword(src, base + 255 - u, limit) + src[base + v];
  if (strcmp(mode, "bytes") == 0)
    return (base + u + 1 <= limit ? b[base + u] : 0) + ((uint32_t)h[base + v] << 8);
  return bufDword(src, base + (t + 16) % 256, limit);
}

static int runCopy(const char *mode, int groups, size_t limit, const char *dir) {
  size_t n = (size_t)groups * 256;
  uint32_t *src = malloc(n * 4), *out = malloc(n * 4);
  for (size_t i = 0; i < n; ++i)
    src[i] = (uint32_t)rng();
  for (size_t i = 0; i < n; ++i)
    out[i] = copyOut(mode, src, i / 256, i % 256, limit);
  int rc = writeFile(dir, "src.bin", src, n * 4) | writeFile(dir, "out.bin", out, n * 4);
  free(src), free(out);
  return rc;
}

/* gemm.cl: C[M][N] = A[M][K] * B[N][K]^T with f16 inputs that are small
 * dyadic values (every sum exact in fp32). */
static int runGemm(int m, int n, int k, const char *dir) {
  uint16_t *a = malloc((size_t)m * k * 2), *b = malloc((size_t)n * k * 2);
  float *c = malloc((size_t)m * n * 4);
  double *av = malloc((size_t)m * k * sizeof(double)), *bv = malloc((size_t)n * k * sizeof(double));
  for (int i = 0; i < m * k; ++i)
    a[i] = (uint16_t)encode(&fmtF16, av[i] = rngInt(-32, 32) / 8.0);
  for (int i = 0; i < n * k; ++i)
    b[i] = (uint16_t)encode(&fmtF16, bv[i] = rngInt(-32, 32) / 8.0);
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double acc = 0;
      for (int q = 0; q < k; ++q)
        acc += av[(size_t)i * k + q] * bv[(size_t)j * k + q];
      c[(size_t)i * n + j] = (float)acc;
    }
  int rc = writeFile(dir, "a.bin", a, (size_t)m * k * 2) |
           writeFile(dir, "b.bin", b, (size_t)n * k * 2) |
           writeFile(dir, "c.bin", c, (size_t)m * n * 4);
  free(a), free(b), free(c), free(av), free(bv);
  return rc;
}

/* dispatch-ids.cl: 8 words per work-item of a GX,GY,GZ grid of BX,BY,BZ
 * workgroups, in row-major order of the global (x, y, z) position. */
static int runIds(const char *gridText, const char *blockText, const char *dir) {
  unsigned g[3], b[3];
  if (sscanf(gridText, "%u,%u,%u", &g[0], &g[1], &g[2]) != 3 ||
      sscanf(blockText, "%u,%u,%u", &b[0], &b[1], &b[2]) != 3)
    return 2;
  unsigned nx = g[0] * b[0], ny = g[1] * b[1], nz = g[2] * b[2];
  size_t n = (size_t)nx * ny * nz;
  uint32_t *out = malloc(n * 8 * 4);
  for (unsigned z = 0; z < nz; ++z)
    for (unsigned y = 0; y < ny; ++y)
      for (unsigned x = 0; x < nx; ++x) {
        size_t i = ((size_t)z * ny + y) * nx + x;
        uint32_t *o = out + 8 * i;
        o[0] = x / b[0] | (y / b[1]) << 8 | (z / b[2]) << 16;
        o[1] = x % b[0] | (y % b[1]) << 8 | (z % b[2]) << 16;
        o[2] = b[0] | b[1] << 8 | b[2] << 16;
        o[3] = nx, o[4] = ny, o[5] = nz;
        o[6] = nz > 1 ? 3 : ny > 1 ? 2 : 1;
        o[7] = 0x5eed + (uint32_t)i;
      }
  int rc = writeFile(dir, "ids.bin", out, n * 8 * 4);
  free(out);
  return rc;
}

/*--- Self test -----------------------------------------------------------------*/

/* Every (row, k) of an operand must be hit exactly once by (lane, item), and
 * every D element must land in a distinct (register, lane). */
static int selftest(void) {
  int bad = 0;
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; ++i) {
    const Op *op = &ops[i];
    static unsigned char hit[32 * 128], dhit[16 * 64];
    for (int fmt = 0; fmt < 2; ++fmt) {
      const Fmt *f = formatOf(fmt ? op->bFmt : op->aFmt, 0);
      memset(hit, 0, sizeof hit);
      for (int lane = 0; lane < 64; ++lane)
        for (int t = 0; t < itemsPerLane(op); ++t)
          hit[(lane % op->m) * op->k + itemK(op, f, lane, t)]++;
      for (int j = 0; j < op->m * op->k; ++j)
        bad += hit[j] != 1;
      bad += itemsPerLane(op) * f->bits > op->words * 32;
    }
    memset(dhit, 0, sizeof dhit);
    for (int m = 0; m < op->m; ++m)
      for (int n = 0; n < op->n; ++n) {
        int reg, lane;
        dPlace(op, m, n, &reg, &lane);
        dhit[reg * 64 + lane]++;
      }
    for (int j = 0; j < (op->m == 16 ? 4 : 16) * 64; ++j)
      bad += dhit[j] != 1;
  }
  const Fmt *fmts[] = {&fmtF16, &fmtBf16, &fmtFp8, &fmtBf8, &fmtFp8Fnuz, &fmtBf8Fnuz,
                       &fmtFp6, &fmtBf6, &fmtFp4};
  for (size_t i = 0; i < sizeof fmts / sizeof fmts[0]; ++i)
    for (int j = 0; j < 1000; ++j) {
      double v = pickValue(fmts[i], 0);
      bad += decode(fmts[i], encode(fmts[i], v)) != v;
    }
  /* Spot values: OCP E4M3 0x7e = 448, FNUZ E4M3 0x7f = 240, E2M1 0x7 = 6. */
  bad += decode(&fmtFp8, 0x7e) != 448 || decode(&fmtFp8Fnuz, 0x7f) != 240 ||
         decode(&fmtFp4, 0x7) != 6 || decode(&fmtBf6, 0x1f) != 28 || decode(&fmtFp6, 0x1f) != 7.5;
  printf("selftest: %zu ops, %d problems\n", sizeof ops / sizeof ops[0], bad);
  return bad != 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "selftest") == 0)
    return selftest();
  if ((argc == 5 || argc == 7) && strcmp(argv[1], "vadd") == 0) {
    rngState = strtoull(argv[3], NULL, 0);
    int n = atoi(argv[2]);
    return runVadd(n, argc == 7 ? atoi(argv[5]) : n, argc == 7 ? strtof(argv[6], NULL) : 0,
                   argv[4]);
  }
  if (argc == 6 && strcmp(argv[1], "saxpy") == 0) {
    rngState = strtoull(argv[4], NULL, 0);
    return runSaxpy(strtof(argv[2], NULL), atoi(argv[3]), argv[5]);
  }
  if (argc == 5 && strcmp(argv[1], "priv") == 0)
    return runPriv(atoi(argv[2]), atoi(argv[3]), argv[4]);
  if (argc == 4 && strcmp(argv[1], "dynlds") == 0)
    return runDynlds(atoi(argv[2]), argv[3]);
  if (argc == 3 && strcmp(argv[1], "sgprs") == 0)
    return runSgprs(argv[2]);
  if (argc == 5 && strcmp(argv[1], "reduce") == 0) {
    rngState = strtoull(argv[3], NULL, 0);
    return runReduce(atoi(argv[2]), argv[4]);
  }
  if (argc == 6 && strcmp(argv[1], "copy") == 0) {
    rngState = 99;
    return runCopy(argv[2], atoi(argv[3]), strtoull(argv[4], NULL, 0), argv[5]);
  }
  if (argc == 7 && strcmp(argv[1], "gemm") == 0) {
    rngState = strtoull(argv[5], NULL, 0);
    return runGemm(atoi(argv[2]), atoi(argv[3]), atoi(argv[4]), argv[6]);
  }
  if (argc == 5 && strcmp(argv[1], "ids") == 0)
    return runIds(argv[2], argv[3], argv[4]);
  if ((argc == 7 || argc == 8) && strcmp(argv[1], "mfma") == 0) {
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; ++i)
      if (strcmp(ops[i].name, argv[2]) == 0) {
        rngState = strtoull(argv[5], NULL, 0);
        return runMfma(&ops[i], strcmp(argv[3], "gfx942") == 0, atoi(argv[4]), argc == 8,
                       argv[6]);
      }
    fprintf(stderr, "emu-kernel-ref: unknown mfma op '%s'\n", argv[2]);
    return 1;
  }
  fprintf(stderr, "usage: emu-kernel-ref vadd|saxpy|priv|dynlds|sgprs|reduce|copy|ids|gemm|mfma|"
                  "selftest ...\n");
  return 2;
}
// RUN: %testbin/emu-kernel-ref selftest | FileCheck %s
// CHECK: selftest: {{[0-9]+}} ops, 0 problems
