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
#include <stdio.h>

#include "mlir-c/BuiltinTypes.h"

/* The rows of scales a wave's words cover, and the blocks of one K tile. */
enum { MX_WORD_ROWS = 32, MX_TILE_BLOCKS = 8 };

/* The MX scale order of R rows (a multiple of 32) as a fly layout. */
static const char *mxLayout(Gen *g, int64_t rows) {
  int64_t kb = g->c->k / GEMM_MX_BLOCK;
  return FMT("((16,2,%" PRId64 "),(4,2,%" PRId64 ")):((4,2,%" PRId64 "),(64,1,256))",
             rows / MX_WORD_ROWS, kb / MX_TILE_BLOCKS, MX_WORD_ROWS * kb);
}

int mxArgTypes(Gen *g, MlirType *t) {
  const GemmConfig *c = g->c;
  int64_t kb = c->k / GEMM_MX_BLOCK;
  t[0] = flyBuilderType(&g->b, FMT("memref<%" PRId64 "xi8>", c->maxM * kb));
  t[1] = flyBuilderType(&g->b, FMT("memref<%" PRId64 "xi8>", c->n * kb));
  return 2;
}

/* A's scales for the run-time M: ceil(M/32) groups of 32 rows, so that the
 * buffer ends where the caller's scales do (rows past it read 0). */
static MlirValue rowScales(Gen *g, MlirValue mem, MlirValue m) {
  int64_t kb = g->c->k / GEMM_MX_BLOCK;
  MlirValue mi = flyBuildValue(&g->b, "arith.index_cast", 1, &m, mlirIndexTypeGet(g->b.ctx), NULL);
  MlirValue up = flyBuildArith(&g->b, "addi", mi, idx(g, MX_WORD_ROWS - 1));
  MlirValue groups = flyBuildArith(&g->b, "divui", up, idx(g, MX_WORD_ROWS));
  const char *shapeT = FMT("((16,2,?),(4,2,%" PRId64 "))", kb / MX_TILE_BLOCKS);
  MlirValue shape = fly(g, "make_int_tuple", 1, &groups,
                        flyBuilderFlyType(&g->b, FLY_TYPE_INT_TUPLE, shapeT), NULL);
  const char *strideT = FMT("((4,2,%" PRId64 "),(64,1,256))", MX_WORD_ROWS * kb);
  MlirValue ops[2] = {shape, flyBuildStatic(&g->b, FLY_TYPE_INT_TUPLE, strideT)};
  const char *layout = FMT("((16,2,?),(4,2,%" PRId64 ")):((4,2,%" PRId64 "),(64,1,256))",
                           kb / MX_TILE_BLOCKS, MX_WORD_ROWS * kb);
  MlirValue l = fly(g, "make_layout", 2, ops, flyBuilderFlyType(&g->b, FLY_TYPE_LAYOUT, layout),
                    NULL);
  MlirValue tops[2] = {mem, l};
  return fly(g, "make_tensor", 2, tops, tensorT(g, FMT("i8 global %s", layout)), "{buffer}");
}

void mxTensors(Gen *g, MlirValue sa, MlirValue sb, MlirValue m) {
  g->mx.a = rowScales(g, sa, m);
  g->mx.b = staticTensor(g, sb, "i8", mxLayout(g, g->c->n), "{buffer}");
  MlirValue c16 = idx(g, 16);
  g->mx.r = flyBuildArith(&g->b, "remui", g->lane, c16);
  g->mx.g = flyBuildArith(&g->b, "divui", g->lane, c16);
}

/* A vector shuffle of x and y by mask 0..n-1 from `from` (a slice or a
 * concatenation). */
static MlirValue shuffleRange(Gen *g, MlirValue x, MlirValue y, int64_t from, int64_t n) {
  FlyStrBuf mask = {0};
  flyStrBufAppend(&mask, "{mask = array<i64: ");
  for (int64_t i = 0; i < n; ++i)
    flyStrBufAppendF(&mask, "%s%" PRId64, i ? ", " : "", from + i);
  flyStrBufAppend(&mask, ">}");
  MlirValue ops[2] = {x, y};
  MlirType e = mlirShapedTypeGetElementType(mlirValueGetType(x));
  MlirValue r = {NULL};
  if (mask.data)
    r = flyBuildValue(&g->b, "vector.shuffle", 2, ops, mlirVectorTypeGet(1, &n, e), mask.data);
  else
    g->b.failed = true;
  flyStrBufDestroy(&mask);
  return r;
}

static int64_t lenOf(MlirValue v) { return mlirShapedTypeGetDimSize(mlirValueGetType(v), 0); }

static MlirValue concatBytes(Gen *g, MlirValue x, MlirValue y) {
  return shuffleRange(g, x, y, 0, lenOf(x) + lenOf(y));
}

/* This lane's scale words of K tile kt for `words` groups of 32 rows from
 * row0 of tensor t: word p is the 4 bytes at (row0 + 32p + lane % 16,
 * 8 kt + lane / 16), the scales of atoms 2p, 2p+1 at K steps 0, 1 —
 * bytes q = i * 2 + s of fly.gemm's scale operand for atom i, step s. */
static MlirValue scaleWords(Gen *g, MlirValue t, MlirValue row0, int64_t words, MlirValue kt) {
  MlirValue col = flyBuildArith(&g->b, "addi", flyBuildArith(&g->b, "muli", kt,
                                                              idx(g, MX_TILE_BLOCKS)),
                                g->mx.g);
  MlirValue all = {NULL};
  MlirType vt = flyBuilderType(&g->b, "vector<4xi8>");
  for (int64_t p = 0; p < words; ++p) {
    MlirValue row = flyBuildArith(&g->b, "addi", row0, idx(g, MX_WORD_ROWS * p));
    MlirValue ops[2] = {t, tuple2(g, flyBuildArith(&g->b, "addi", row, g->mx.r), col)};
    MlirValue w = fly(g, "load", 2, ops, vt, NULL);
    all = p ? concatBytes(g, all, w) : w;
  }
  return all;
}

MlirValue mxWithScales(Gen *g, MlirValue bf, MlirValue step) {
  MlirValue kt = kTile(g, step);
  MlirValue m0 = flyBuildArith(&g->b, "muli", g->bm, idx(g, g->c->tileM));
  MlirValue sa = scaleWords(g, g->mx.a, m0, g->c->tileM / MX_WORD_ROWS, kt);
  MlirValue sb = scaleWords(g, g->mx.b, g->n0, g->c->tileN / 4 / MX_WORD_ROWS, kt);
  return concatBytes(g, concatBytes(g, bf, sa), sb);
}

/* Bytes [from, from + n) of v as vector<n/4 x i32>. */
static MlirValue words(Gen *g, MlirValue v, int64_t from, int64_t n) {
  MlirValue bytes = shuffleRange(g, v, v, from, n);
  int64_t w = n / 4;
  return flyBuildValue(&g->b, "vector.bitcast", 1, &bytes,
                       mlirVectorTypeGet(1, &w, mlirIntegerTypeGet(g->b.ctx, 32)), NULL);
}

MlirValue mxGemm(Gen *g, MlirValue a, MlirValue carried, MlirValue acc, MlirValue bo) {
  int64_t na = g->c->tileM / MX_WORD_ROWS * 4, nb = g->c->tileN / 4 / MX_WORD_ROWS * 4;
  int64_t nbf = lenOf(carried) - na - nb;
  MlirValue ops[7] = {a,       shuffleRange(g, carried, carried, 0, nbf),
                      acc,     g->lane,
                      g->zero, bo,
                      words(g, carried, nbf, na + nb)};
  return fly(g, "gemm", 7, ops, mlirValueGetType(acc), atomAttrs(g, true));
}
