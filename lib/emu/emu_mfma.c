/*===- emu_mfma.c - Matrix fused multiply-add (MFMA) -------------------------===*
 *
 * Every dense MFMA of gfx942 and gfx950 (facts §1): operands are gathered
 * from lanes with the general layout formulas of §1.1 (ISA guide §7.1.4),
 * the f8f6f4 ops with the chunked fp8 / contiguous fp6-fp4 K mapping of
 * §1.3 and E8M0 block scales, then a native loop computes
 *   D[b][i][j] = C[b][i][j] + sum_k A[b][i][k] * B[b][k][j].
 *
 * Accumulation order and tolerance: products of the narrow input types are
 * exact in double; for each output the products are summed in double in
 * increasing k (per 32-wide scale block, scaled, for the scaled ops), C is
 * added, and the result is rounded once to f32 with round-to-nearest-even
 * (facts §1.5: RNE forced, denormals kept, EXEC ignored). The hardware's
 * internal grouping is undocumented (facts §1.5, §8 item 1), so results
 * agree with hardware to within a few ulp of the f32 result scaled by
 * sum_k |A*B| (integer MFMAs are exact). FP16_OVFL saturates f32 overflow
 * to ±MAX and i32 results to the i32 range.
 *===----------------------------------------------------------------------===*/
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "emu_fp.h"
#include "flyc/hw.h"
#include "emu_valu.h"

typedef enum MType { T_F32, T_F16, T_BF16, T_I8, T_F64, T_XF32, T_FP8, T_BF8, T_F8F6F4 } MType;

/* The shape and operand types of the executing form: its row of the
   hardware table (flyc/hw.h), looked up by the decoded mnemonic. The
   semantics below (operand gathering, formats, scales) are the
   emulator's. */
typedef struct MfmaDesc {
  uint8_t m, n, k, b;
  uint8_t ta, tb;   /* MType of A and B */
} MfmaDesc;

static MType mtypeOf(FlyHwElem e) {
  switch (e) {
  case FLY_HW_F64: return T_F64;
  case FLY_HW_XF32: return T_XF32;
  case FLY_HW_F16: return T_F16;
  case FLY_HW_BF16: return T_BF16;
  case FLY_HW_I8: return T_I8;
  case FLY_HW_FP8: return T_FP8;
  case FLY_HW_BF8: return T_BF8;
  case FLY_HW_F8F6F4: return T_F8F6F4;
  default: return T_F32;
  }
}

/* The dense form `name` on `chip`, false when the table lacks it there. */
static bool mfmaDescOf(const char *name, FlyChip chip, MfmaDesc *d) {
  const FlyHwMfma *h = flyHwMfmaFind(name);
  if (!h || h->kind == FLY_HW_SMFMAC || !flyHwMfmaPasses(h, chip, 0, 0))
    return false;
  *d = (MfmaDesc){(uint8_t)h->m, (uint8_t)h->n, (uint8_t)h->k, h->blocks,
                  (uint8_t)mtypeOf(h->a), (uint8_t)mtypeOf(h->b)};
  return true;
}

/* Bits per item of an operand type (f8f6f4: by CBSZ/BLGP format). */
static unsigned itemBits(MType t, unsigned fmt) {
  switch (t) {
  case T_F32: case T_XF32: return 32;
  case T_F64: return 64;
  case T_F16: case T_BF16: return 16;
  case T_I8: case T_FP8: case T_BF8: return 8;
  default: return fmt <= 1 ? 8 : fmt <= 3 ? 6 : 4;
  }
}

/* Item t (of `bits` bits) of lane l from the register group at vreg r. */
static uint64_t itemBitsAt(EmuWave *w, unsigned r, int l, unsigned t, unsigned bits) {
  unsigned bit = t * bits, reg = bit / 32, sh = bit % 32;
  uint64_t lo = emuVReg(w, (r & 256) | ((r + reg) & 255))[l];
  if (sh + bits > 32)
    lo |= (uint64_t)emuVReg(w, (r & 256) | ((r + reg + 1) & 255))[l] << 32;
  return (lo >> sh) & (bits == 64 ? ~0ull : ((1ull << bits) - 1));
}

static double xf32Round(float f) {
  /* xf32: f32 with a 10-bit mantissa; inputs are rounded to nearest even. */
  uint32_t b = emuU32(f);
  if (isnan(f) || isinf(f))
    return f;
  b += 0xfff + ((b >> 13) & 1);
  return emuF32(b & ~0x1fffu);
}

static double decodeItem(uint64_t v, MType t, unsigned fmt, bool gfx950) {
  switch (t) {
  case T_F32: return emuF32((uint32_t)v);
  case T_XF32: return xf32Round(emuF32((uint32_t)v));
  case T_F64: return emuF64(v);
  case T_F16: return emuHalfToFloat((uint16_t)v);
  case T_BF16: return emuBf16ToFloat((uint16_t)v);
  case T_I8: return (int8_t)v;
  case T_FP8: return emuSmallToFloat((uint32_t)v, emuFp8Format(false, gfx950));
  case T_BF8: return emuSmallToFloat((uint32_t)v, emuFp8Format(true, gfx950));
  default: return emuSmallToFloat((uint32_t)v, (EmuSmallFmt)fmt);
  }
}

/* Logical k of item t in lane group g for the f8f6f4 ops (facts §1.3). */
static unsigned f8f6f4K(const MfmaDesc *d, unsigned bits, unsigned g, unsigned t) {
  if (bits != 8)
    return 32 * g + t;
  if (t < 16)
    return 16 * g + t;
  return (d->m == 16 ? 64u : 32u) + 16 * g + (t - 16);
}

/* log2 of a power of two (every MFMA dimension is one). */
static unsigned lg2(unsigned v) { return (unsigned)__builtin_ctz(v); }

static const unsigned kBlgp[8][2] = {{64, 0}, {32, 0}, {32, 32}, {0, 0},
                                     {16, 0}, {16, 16}, {16, 32}, {16, 48}};
/* B-lane remapping of BLGP (facts §1.4). */
static int blgpLane(unsigned blgp, int l) {
  if (blgp == 3)
    return (l + 16) & 63;
  return (int)(l % (int)kBlgp[blgp][0] + kBlgp[blgp][1]);
}

/* Outputs of one MFMA at most: 64 lanes x 32 accumulator registers
 * (v_mfma_*_32x32x*_2b). */
enum { EMU_MFMA_MAX_OUT = 2048 };

typedef struct MfmaWork {
  double *a;   /* [b][i][k] */
  double *bk;  /* [b][k][j] */
  double *sa, *sb; /* scale multipliers [row][kblock], or NULL */
} MfmaWork;

/* Item t (of `bits` <= 32 bits, or 64) of lane l from pre-resolved rows. */
static uint64_t itemFromRows(const uint32_t *const *rows, int l, unsigned t, unsigned bits) {
  if (bits == 64)
    return rows[2 * t][l] | (uint64_t)rows[2 * t + 1][l] << 32;
  unsigned bit = t * bits;
  return (rows[bit / 32][l] >> (bit % 32)) & (bits == 32 ? ~0u : ((1u << bits) - 1));
}

static void gatherDense(EmuWave *w, const EmuInst *in, const MfmaDesc *d, bool g950,
                        MfmaWork *wk) {
  unsigned K = d->k, KL = K / (64 / (d->m * d->b));
  unsigned bitsA = itemBits((MType)d->ta, 0), bitsB = itemBits((MType)d->tb, 0);
  bool f64 = d->ta == T_F64;
  unsigned S = 64u >> in->cbsz;
  const uint32_t *ra[8], *rb[8];
  for (unsigned r = 0; r < (KL * bitsA + 31) / 32 && r < 8; r++)
    ra[r] = emuVReg(w, (in->va & 256) | ((in->va + r) & 255));
  for (unsigned r = 0; r < (KL * bitsB + 31) / 32 && r < 8; r++)
    rb[r] = emuVReg(w, (in->vb & 256) | ((in->vb + r) & 255));
  for (int l = 0; l < 64; l++) {
    int la = f64 || !in->cbsz ? l : (int)(l % S + S * in->abid) & 63;
    int lb = f64 ? l : blgpLane(in->blgp, l);
    /* lane l = row + M*(blk + B*kgrp) for A, col + N*(blk + B*kgrp) for B */
    unsigned row = (unsigned)l & (d->m - 1u), rest = (unsigned)l >> lg2(d->m);
    unsigned blk = rest & (d->b - 1u), kg = rest >> lg2(d->b);
    unsigned col = (unsigned)l & (d->n - 1u), restB = (unsigned)l >> lg2(d->n);
    unsigned blkB = restB & (d->b - 1u), kgB = restB >> lg2(d->b);
    double *arow = wk->a + ((size_t)blk * d->m + row) * K + kg * KL;
    double *bcol = wk->bk + ((size_t)blkB * K + kgB * KL) * d->n + col;
    for (unsigned t = 0; t < KL; t++) {
      double av = decodeItem(itemFromRows(ra, la, t, bitsA), (MType)d->ta, 0, g950);
      double bv = decodeItem(itemFromRows(rb, lb, t, bitsB), (MType)d->tb, 0, g950);
      if (f64 && (in->blgp & 1))
        av = -av;
      if (f64 && (in->blgp & 2))
        bv = -bv;
      arow[t] = av;
      bcol[(size_t)t * d->n] = bv;
    }
  }
}

static unsigned scaleByte(EmuWave *w, const EmuInst *in, int i, int l) {
  unsigned code = in->scaleSrc[i];
  if (code < 256) /* SGPR / constant: the f32 exponent field (facts §1.3) */
    return (emuReadScalar32(w, in, code, false) >> 23) & 255;
  return (w->vgpr[(code - 256) & 255][l] >> (8 * in->scaleSel[i])) & 255;
}

static void gatherF8f6f4(EmuWave *w, const EmuInst *in, const MfmaDesc *d, MfmaWork *wk) {
  unsigned fa = in->cbsz & 7, fb = in->blgp & 7, K = d->k, M = d->m;
  unsigned ba = itemBits(T_F8F6F4, fa), bb = itemBits(T_F8F6F4, fb);
  /* 8- and 4-bit items never straddle a register: read them from the
   * operand's register rows, resolved once; 6-bit ones go bit by bit. */
  const uint32_t *ra[8], *rb[8];
  for (unsigned r = 0; r < 8; r++) {
    ra[r] = emuVReg(w, (in->va & 256) | ((in->va + r) & 255));
    rb[r] = emuVReg(w, (in->vb & 256) | ((in->vb + r) & 255));
  }
  for (int l = 0; l < 64; l++) {
    unsigned row = (unsigned)l % M, g = (unsigned)l / M;
    for (unsigned t = 0; t < 32; t++) {
      uint64_t av = ba == 6 ? itemBitsAt(w, in->va, l, t, ba) : itemFromRows(ra, l, t, ba);
      uint64_t bv = bb == 6 ? itemBitsAt(w, in->vb, l, t, bb) : itemFromRows(rb, l, t, bb);
      wk->a[row * K + f8f6f4K(d, ba, g, t)] = emuSmallToFloat((uint32_t)av, (EmuSmallFmt)fa);
      wk->bk[f8f6f4K(d, bb, g, t) * M + row] = emuSmallToFloat((uint32_t)bv, (EmuSmallFmt)fb);
    }
    if (wk->sa) { /* lane l owns the scale of row l%M, k-block l/M */
      wk->sa[row * (K / 32) + g] = ldexp(1.0, (int)scaleByte(w, in, 0, l) - 127);
      wk->sb[row * (K / 32) + g] = ldexp(1.0, (int)scaleByte(w, in, 1, l) - 127);
      if (scaleByte(w, in, 0, l) == 255)
        wk->sa[row * (K / 32) + g] = NAN;
      if (scaleByte(w, in, 1, l) == 255)
        wk->sb[row * (K / 32) + g] = NAN;
    }
  }
}

/* Register item and lane of D[b][i][j] (facts §1.1 output formula). */
static void outPos(const MfmaDesc *d, unsigned b, unsigned i, unsigned j, unsigned *item,
                   unsigned *lane) {
  unsigned H = d->ta == T_F64 ? 1 : 4, N = d->n, M = d->m;
  unsigned BI = (64 + N * M / H - 1) / (N * M / H), MI = (64 / BI) / N, G = M / (H * MI);
  unsigned lH = lg2(H), lMI = lg2(MI), lBI = lg2(BI), lHMI = lH + lMI;
  *item = (i & (H - 1)) + H * ((i >> lHMI) + G * (b >> lBI));
  *lane = j + N * (((i >> lH) & (MI - 1)) + MI * (b & (BI - 1)));
}

static double readC(EmuWave *w, const EmuInst *in, const MfmaDesc *d, unsigned item,
                    unsigned lane) {
  bool f64 = d->ta == T_F64, isInt = d->ta == T_I8;
  if (in->vc == 0xFFFF) { /* inline constant C */
    if (f64)
      return emuF64(emuReadScalar64(w, in, in->src[2], true));
    uint32_t v = emuReadScalar32(w, in, in->src[2], false);
    return isInt ? (double)(int32_t)v : emuF32(v);
  }
  if (f64) {
    uint32_t lo = emuVReg(w, (in->vc & 256) | ((in->vc + 2 * item) & 255))[lane];
    uint32_t hi = emuVReg(w, (in->vc & 256) | ((in->vc + 2 * item + 1) & 255))[lane];
    double c = emuF64((uint64_t)hi << 32 | lo);
    return (in->blgp & 4) ? -c : c;
  }
  uint32_t v = emuVReg(w, (in->vc & 256) | ((in->vc + item) & 255))[lane];
  return isInt ? (double)(int32_t)v : emuF32(v);
}

static void writeD(EmuWave *w, const EmuInst *in, const MfmaDesc *d, unsigned item,
                   unsigned lane, double exact, double c, bool sat) {
  unsigned r = in->dst;
  if (d->ta == T_F64) {
    uint64_t v = emuU64(exact + c);
    emuVReg(w, (r & 256) | ((r + 2 * item) & 255))[lane] = (uint32_t)v;
    emuVReg(w, (r & 256) | ((r + 2 * item + 1) & 255))[lane] = (uint32_t)(v >> 32);
    return;
  }
  uint32_t *dst = emuVReg(w, (r & 256) | ((r + item) & 255));
  if (d->ta == T_I8) {
    int64_t s = (int64_t)exact + (int64_t)c;
    if (sat)
      s = s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s;
    dst[lane] = (uint32_t)s;
    return;
  }
  double sum = exact + c;
  float f = (float)sum;
  if (isinf(f) && !isinf(sum) && sat)
    f = sum > 0 ? FLT_MAX : -FLT_MAX;
  dst[lane] = emuU32(f);
}

/* acc[b][i][j] (row-major) = sum over k of A*B, in increasing k for every
 * output (outer-product order: the j loop is independent and vectorises);
 * scaled ops sum each 32-wide k-block, scale it, and add the blocks. */
static inline void accumulateN(unsigned M, unsigned N, unsigned K, const double *a,
                                const double *bk, unsigned k0, unsigned k1, unsigned b,
                                double *out) {
  /* Row by row with the row's sums in a local array: with N a constant the
   * compiler keeps them in registers across the k loop, instead of loading
   * and storing every output once per k. The order per output is the same. */
  for (unsigned i = 0; i < M; i++) {
    double o[32] = {0};
    const double *arow = a + ((size_t)b * M + i) * K;
    for (unsigned k = k0; k < k1; k++) {
      const double *brow = bk + ((size_t)b * K + k) * N;
      double av = arow[k];
      for (unsigned j = 0; j < N && j < 32; j++)
        o[j] += av * brow[j];
    }
    for (unsigned j = 0; j < N && j < 32; j++)
      out[(size_t)i * N + j] = o[j];
  }
}

/* Constant N lets the compiler unroll and vectorise the j loop. */
static void accumulate(const MfmaDesc *d, const double *a, const double *bk, unsigned k0,
                       unsigned k1, unsigned b, double *out) {
  switch (d->n) {
  case 16: accumulateN(d->m, 16, d->k, a, bk, k0, k1, b, out); break;
  case 32: accumulateN(d->m, 32, d->k, a, bk, k0, k1, b, out); break;
  default: accumulateN(d->m, d->n, d->k, a, bk, k0, k1, b, out); break;
  }
}

static void mfmaProducts(const MfmaDesc *d, const MfmaWork *wk, double *acc) {
  unsigned M = d->m, N = d->n, K = d->k, nkb = K / 32;
  for (unsigned b = 0; b < d->b; b++) {
    double *ab = acc + (size_t)b * M * N;
    if (!wk->sa) {
      accumulate(d, wk->a, wk->bk, 0, K, b, ab);
      continue;
    }
    double part[EMU_MFMA_MAX_OUT];
    for (size_t q = 0; q < (size_t)M * N; q++)
      ab[q] = 0;
    for (unsigned kb = 0; kb < nkb; kb++) {
      accumulate(d, wk->a, wk->bk, 32 * kb, 32 * kb + 32, b, part);
      for (unsigned i = 0; i < M; i++)
        for (unsigned j = 0; j < N; j++)
          ab[i * N + j] += wk->sa[i * nkb + kb] * wk->sb[j * nkb + kb] * part[i * N + j];
    }
  }
}

static int execMfma(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  bool g950 = c->chip == FLY_CHIP_GFX950;
  MfmaDesc desc;
  const MfmaDesc *d = &desc;
  if (!mfmaDescOf(in->name, g950 ? FLY_CHIP_GFX950 : FLY_CHIP_GFX942, &desc))
    return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0,
                    "unsupported instruction %s on %s", in->name, g950 ? "gfx950" : "gfx942");
  size_t na = (size_t)d->b * d->m * d->k, nb = (size_t)d->b * d->n * d->k;
  size_t ns = d->ta == T_F8F6F4 ? (size_t)d->m * (d->k / 32) : 0;
  double stackBuf[2 * 2048 + 2 * 64];
  MfmaWork wk = {stackBuf, stackBuf + na, NULL, NULL};
  if (na + nb + 2 * ns > sizeof(stackBuf) / sizeof(double))
    return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0, "%s: operand size not modelled", in->name);
  bool scaled = (in->flags & EMU_F_SCALE) && (in->abid & 1);
  if (in->cbsz > 4 && d->ta != T_F8F6F4 && d->ta != T_F64)
    return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0,
                    "%s: CBSZ %u is not a legal broadcast size (at most 4)", in->name, in->cbsz);
  if (d->ta == T_F8F6F4) {
    if ((in->cbsz & 7) > 4 || (in->blgp & 7) > 4)
      return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0,
                      "%s: reserved cbsz/blgp format %u/%u", in->name, in->cbsz, in->blgp);
    if (c->env->skipMfmaMath)
      return EMU_STEP_NEXT;
    if (scaled) {
      wk.sa = wk.bk + nb;
      wk.sb = wk.sa + ns;
    }
    gatherF8f6f4(w, in, d, &wk);
  } else if (c->env->skipMfmaMath) {
    return EMU_STEP_NEXT;
  } else {
    gatherDense(w, in, d, g950, &wk);
  }
  bool sat = (w->mode & EMU_MODE_FP16_OVFL) != 0;
  double acc[EMU_MFMA_MAX_OUT];
  mfmaProducts(d, &wk, acc);
  /* Results are computed first, then written, because D may overlap C. */
  double cin[EMU_MFMA_MAX_OUT];
  unsigned items[EMU_MFMA_MAX_OUT], lanes[EMU_MFMA_MAX_OUT], n = (unsigned)d->b * d->m * d->n;
  for (unsigned b = 0, q = 0; b < d->b; b++)
    for (unsigned i = 0; i < d->m; i++)
      for (unsigned j = 0; j < d->n; j++, q++) {
        outPos(d, b, i, j, &items[q], &lanes[q]);
        cin[q] = readC(w, in, d, items[q], lanes[q]);
      }
  double *out = acc;
  for (unsigned q = 0; q < n; q++)
    writeD(w, in, d, items[q], lanes[q], out[q], cin[q], sat);
  return EMU_STEP_NEXT;
}

EmuExecFn emuMfmaHandlerFind(const char *name) {
  if (!strncmp(name, "v_mfma_", 7) && strcmp(name, "v_mfma_ld_scale_b32"))
    return execMfma;
  return NULL;
}

const EmuHandler emuMfmaHandlers[] = {{NULL, NULL}};
