/*===- mx_kernel.c - The MXFP4 GEMM's scales ---------------------------------===*
 *
 * MXFP4 (OCP microscaling, docs/gemm.md): A and B hold fp4 e2m1 values
 * packed two per byte, and one E8M0 scale per 32 consecutive K elements of
 * a row. The scaled MFMA (v_mfma_scale_f32_16x16x128_f8f6f4) applies the
 * scales itself: lane l of a 16x16x128 atom holds row l % 16's K elements
 * 32 * (l / 16) .. + 31 — one scale block — and gives that block's scale
 * as one byte of a VGPR. The rest of the kernel is the preshuffle family's
 * (A through the swizzled LDS stages by DMA, B preshuffled to VGPRs), over
 * byte tensors.
 *
 * Both scale arrays come preshuffled ("MX scale order", flyPreshuffleMxScale
 * in flyc/runtime.h) so that one aligned 32-bit word per lane holds the
 * four scales of two 16-row atoms x two 128-wide K steps — a 256-wide K
 * tile's scales for 32 rows in one dword load. Over (row, kblock) for R
 * rows and KB = K/32 blocks per row the order is the fly layout
 *
 *   ((16,2,R/32),(4,2,KB/8)):((4,2,32*KB),(64,1,256))
 *
 * rows split as (r, ip, Ip) = row 16*ip + 32*Ip + r, blocks as (g, sp, Sp);
 * the word of lane r + 16*g holds byte 2*ip + sp. Row groups of 32 are
 * outermost, so the scales of the first R rows are a prefix of the array
 * and a ragged M needs only ceil(M/32)*32 rows of them.
 *===----------------------------------------------------------------------===*/
#include "gemm_gen.h"

#include <inttypes.h>

#include "mlir-c/BuiltinTypes.h"

/* The rows of scales a wave's words cover, and the blocks of one K tile. */
enum { MX_WORD_ROWS = 32, MX_TILE_BLOCKS = 8 };

/* The MX scale order of R rows (a multiple of 32) as a fly layout. */
static const char *mxLayout(Gen *g, int64_t rows) {
  int64_t kb = g->c->k / GEMM_MX_BLOCK;
  return FMT("((16,2,%" PRId64 "),(4,2,%" PRId64 ")):((4,2,%" PRId64 "),(64,1,256))",
             rows / MX_WORD_ROWS, kb / MX_TILE_BLOCKS, MX_WORD_ROWS * kb);
}

int mxParams(Gen *g, const char **t) {
  const GemmConfig *c = g->c;
  int64_t kb = c->k / GEMM_MX_BLOCK;
  t[0] = FMT("memref<%" PRId64 "xi8>", c->maxM * kb);
  t[1] = FMT("memref<%" PRId64 "xi8>", c->n * kb);
  return 2;
}

/* A's scales for the run-time M: ceil(M/32) groups of 32 rows, so that the
 * buffer ends where the caller's scales do (rows past it read 0). */
static MlirValue rowScales(Gen *g, MlirValue mem) {
  int64_t kb = g->c->k / GEMM_MX_BLOCK;
  MlirValue up = flyAdd(P, g->m, idx(g, MX_WORD_ROWS - 1));
  MlirValue groups = flyDiv(P, up, idx(g, MX_WORD_ROWS));
  MlirValue shape = flyIntTuple(P, FMT("((16,2,?),(4,2,%" PRId64 "))", kb / MX_TILE_BLOCKS), 1,
                                &groups);
  MlirValue stride = flyLayout(P, FMT("((4,2,%" PRId64 "),(64,1,256))", MX_WORD_ROWS * kb));
  return flyBufferTensor(P, mem, flyMakeLayout(P, shape, stride));
}

void mxTensors(Gen *g, MlirValue sa, MlirValue sb) {
  g->mx.a = rowScales(g, sa);
  g->mx.b = staticTensor(g, sb, mxLayout(g, g->c->n), true);
  MlirValue c16 = idx(g, 16);
  g->mx.r = flyRem(P, g->lane, c16);
  g->mx.g = flyDiv(P, g->lane, c16);
}

static int64_t lenOf(MlirValue v) { return mlirShapedTypeGetDimSize(mlirValueGetType(v), 0); }

/* Elements [from, from + n) of the concatenation of x and y: a slice or a
 * concatenation. */
static MlirValue shuffleRange(Gen *g, MlirValue x, MlirValue y, int64_t from, int64_t n) {
  int64_t *mask = flyCalloc((size_t)(n > 0 ? n : 1), sizeof *mask);
  if (!mask)
    return (MlirValue){NULL};
  for (int64_t i = 0; i < n; ++i)
    mask[i] = from + i;
  MlirValue r = flyShuffle(P, x, y, (int)n, mask);
  flyFree(mask);
  return r;
}

static MlirValue concatBytes(Gen *g, MlirValue x, MlirValue y) {
  return shuffleRange(g, x, y, 0, lenOf(x) + lenOf(y));
}

/* This lane's scale words of K tile kt for `words` groups of 32 rows from
 * row0 of tensor t: word p is the 4 bytes at (row0 + 32p + lane % 16,
 * 8 kt + lane / 16), the scales of atoms 2p, 2p+1 at K steps 0, 1 —
 * bytes q = i * 2 + s of fly.gemm's scale operand for atom i, step s. */
static MlirValue scaleWords(Gen *g, MlirValue t, MlirValue row0, int64_t words, MlirValue kt) {
  MlirValue col = flyAdd(P, flyMul(P, kt, idx(g, MX_TILE_BLOCKS)), g->mx.g);
  MlirValue all = {NULL};
  for (int64_t p = 0; p < words; ++p) {
    MlirValue row = flyAdd(P, row0, idx(g, MX_WORD_ROWS * p));
    MlirValue at = tuple2(g, flyAdd(P, row, g->mx.r), col);
    MlirValue w = flyTensorLoad(P, t, at, 4);
    all = p ? concatBytes(g, all, w) : w;
  }
  return all;
}

MlirValue mxWithScales(Gen *g, MlirValue bf, MlirValue step) {
  MlirValue kt = kTile(g, step);
  MlirValue m0 = flyMul(P, g->bm, idx(g, g->c->tileM));
  if (g->c->waves == 8) /* the group's half of the rows */
    m0 = flyAdd(P, m0, g->rowOff);
  MlirValue sa = scaleWords(g, g->mx.a, m0, g->d->mRepeat * 16 / MX_WORD_ROWS, kt);
  MlirValue sb = scaleWords(g, g->mx.b, g->n0, g->c->tileN / 4 / MX_WORD_ROWS, kt);
  return concatBytes(g, concatBytes(g, bf, sa), sb);
}

/* Bytes [from, from + n) of v as vector<n/4 x i32>. */
static MlirValue words(Gen *g, MlirValue v, int64_t from, int64_t n) {
  return flyBitcast(P, shuffleRange(g, v, v, from, n), "i32");
}

MlirValue mxGemm(Gen *g, MlirValue a, MlirValue carried, MlirValue acc, MlirValue bo) {
  int64_t na = g->d->mRepeat * 16 / MX_WORD_ROWS * 4, nb = g->c->tileN / 4 / MX_WORD_ROWS * 4;
  int64_t nbf = lenOf(carried) - na - nb;
  MlirValue bf = shuffleRange(g, carried, carried, 0, nbf);
  MlirValue scales = words(g, carried, nbf, na + nb);
  MlirValue ao = g->c->waves == 8 ? tuple2(g, g->rowOff, idx(g, 0)) : g->zero;
  return flyGemm(P, &g->mma, a, bf, acc, g->lane, ao, bo, scales);
}
