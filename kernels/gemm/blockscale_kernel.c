/*===- blockscale_kernel.c - The fp8 block-scale GEMM's 4-wave core ----------===*
 *
 * C[m,n] = sum_kb (sum_{k in block kb} A[m,k] B[n,k]) a_scale[m,kb]
 *          b_scale[n/128,kb]
 * with arbitrary f32 scales per 1x128 block of A and 128x128 block of B
 * (seed fp8-blockscale-gemm, A: the parity fix). The MFMA runs unscaled:
 * each 128-wide K tile's MFMAs start from a zero accumulator, and that f32
 * partial is promoted in software, acc += (partial * a_scale) * b_scale,
 * never folded into the hardware's power-of-two (E8M0) MFMA scale, which
 * cannot represent an arbitrary f32. Everything else is the preshuffle
 * family's (gemm_kernel.c): A through swizzled ping-pong LDS by DMA, B
 * preshuffled and prefetched a tile ahead, the direct bf16 store.
 *===----------------------------------------------------------------------===*/
#include "gemm_gen.h"

#include <inttypes.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static int64_t kBlocks(Gen *g) { return g->c->k / GEMM_SCALE_BLOCK; }

/* The kernel's arguments: A, B (preshuffled), C, a_scale, b_scale, M.
 * a_scale is K/128 columns of max_m f32 each (block kb of row m at
 * kb * max_m + m): a lane's four consecutive accumulator rows then read
 * one 16-byte vector. b_scale is [N/128][K/128] row-major. */
int bsArgTypes(Gen *g, MlirType *t) {
  const GemmConfig *c = g->c;
  const char *e = g->d->elem;
  t[0] = flyBuilderType(&g->b, FMT("memref<%" PRId64 "x%s>", c->maxM * c->k, e));
  t[1] = flyBuilderType(&g->b, FMT("memref<%" PRId64 "x%s>", c->n * c->k, e));
  t[2] = flyBuilderType(&g->b, FMT("memref<%" PRId64 "xbf16>", c->maxM * c->n));
  t[3] = flyBuilderType(&g->b, FMT("memref<%" PRId64 "xf32>", kBlocks(g) * c->maxM));
  t[4] = flyBuilderType(&g->b, FMT("memref<%" PRId64 "xf32>",
                                   c->n / GEMM_SCALE_BLOCK * kBlocks(g)));
  t[5] = mlirIntegerTypeGet(g->b.ctx, 32);
  return 6;
}

/* a_scale's column kt as a rank-1 tensor over the rows. */
static MlirValue aScaleColumn(Gen *g, MlirValue kt) {
  MlirValue crd = fly(g, "make_int_tuple", 1, &kt,
                      flyBuilderFlyType(&g->b, FLY_TYPE_INT_TUPLE, "?"), NULL);
  MlirValue ops[2] = {g->bs.aScale, crd};
  return fly(g, "local_tile", 2, ops, tensorT(g, FMT("f32 global %" PRId64 ":1", g->c->maxM)),
             FMT("{tile = \"%" PRId64 "\"}", g->c->maxM));
}

/* The scales of step `step`'s K tile (kTile), loaded at the start of its stage: the lane's
 * a_scale rows (fly.gemm_row_scales, the runs fly.gemm_scale would load)
 * and the wave's b_scale, one value (the wave's columns lie in one N
 * block) at a wave-uniform address. */
static void loadScales(Gen *g, MlirValue step, MlirValue *rows, MlirValue *col) {
  MlirValue kt = kTile(g, step);
  MlirValue ops[3] = {aScaleColumn(g, kt), g->lane, g->bs.co};
  *rows = fly(g, "gemm_row_scales", 3, ops,
              flyBuilderType(&g->b, FMT("vector<%" PRId64 "xf32>", g->d->mRepeat * 4)),
              atomAttrs(g, false));
  MlirValue crd[2] = {g->bs.nb, kt};
  MlirValue at = fly(g, "make_int_tuple", 2, crd,
                     flyBuilderFlyType(&g->b, FLY_TYPE_INT_TUPLE, "(?,?)"), NULL);
  MlirValue lops[2] = {g->bs.bScale, at};
  *col = fly(g, "load", 2, lops, mlirF32TypeGet(g->b.ctx), NULL);
}

/* The promote of a k-tile's partial (seed A): acc + (partial * a_scale[m,
 * kt]) * b_scale[n/128, kt], in f32 VALU, with the scales loadScales
 * loaded. */
static MlirValue promote(Gen *g, MlirValue partial, MlirValue rows, MlirValue col,
                         MlirValue acc) {
  MlirValue ops[5] = {partial, rows, col, g->lane, g->bs.co};
  MlirValue scaled = fly(g, "gemm_scale", 5, ops, mlirValueGetType(acc), atomAttrs(g, false));
  return flyBuildArith(&g->b, "addf", acc, scaled);
}

/* Two stages per iteration, as the family's async body. 4 waves: each
 * stage first loads its own tile's scales — ahead of the next tile's DMA
 * and B prefetch, so that the promote's wait (vector loads complete in
 * order) leaves those in flight — then issues the DMA and the B prefetch,
 * runs the tile's MFMAs from zero, promotes them, waits and meets the
 * other waves at the barrier. 8 waves: each stage is a memory phase (its
 * own B fragments first, so that waiting for them leaves the rest in
 * flight; its scales; the next tile's DMA) and a compute phase; the
 * ping-pong offset lets one group's memory phase run under the other's
 * MFMAs, so B is not prefetched a tile ahead: that would hold 32 more
 * VGPRs, past the 256 two waves per SIMD allow.
 *
 * Where the promote goes is the schedule (both cores). Plain: right
 * after the stage's MFMAs, so a wave reaches the barrier only after its
 * VALU work and every wave that meets it (with 8 waves, the other group,
 * whose memory phase ends there) waits for it. Cluster (seed): after the
 * barrier, pinned there
 * by a scheduling barrier (without it LLVM moves the promote back above
 * the s_barrier, which orders no arithmetic); the partial sums stay live
 * across the barrier, where nothing else large is (B's next fragments
 * are loaded after it), so it costs no registers. LLVM then sinks the
 * first stage's promote below the second stage's loads and DMA, into the
 * block after the DMA's per-group branch, where it runs under them. */
MlirValue bsLoopBody(Gen *g, MlirValue kt, MlirValue acc, MlirValue *bf) {
  bool eight = g->c->waves == 8;
  MlirValue k1 = flyBuildArith(&g->b, "addi", kt, idx(g, 1));
  MlirValue k2 = flyBuildArith(&g->b, "addi", kt, idx(g, 2));
  MlirValue tiles[3] = {kt, k1, k2};
  for (int s = 0; s < 2; ++s) {
    MlirValue rows, col, b = eight ? prefetchB(g, tiles[s]) : *bf;
    loadScales(g, tiles[s], &rows, &col);
    copyA(g, tiles[s + 1], 1 - s);
    if (!eight)
      *bf = prefetchB(g, tiles[s + 1]);
    MlirValue p = gemmTile(g, s, tiles[s], b, g->bs.zeroAcc);
    if (!g->c->cluster)
      acc = promote(g, p, rows, col, acc);
    syncA(g);
    if (g->c->cluster) {
      flyVoid(g, "sched_barrier", 0, NULL, "{mask = \"none\"}");
      acc = promote(g, p, rows, col, acc);
    }
  }
  return acc;
}

/* The ping-pong offset (8 waves): group 1 meets one barrier before the
 * main loop that group 0 meets after it, so every barrier of the loop
 * pairs group 0's step t with group 1's step t - 1 and the groups
 * alternate: while one runs its MFMAs, the other waits on memory. Each
 * group reads only the A rows it copied and waited for itself, so the
 * offset changes the schedule, never what a wave reads. */
static void extraBarrier(Gen *g, int h, void *arg) {
  if (h == *(const int *)arg)
    waveBarrier(g);
}

/* The wave's N block of b_scale, made uniform (v_readfirstlane): its
 * columns lie in one block, and a uniform address is a scalar load. */
static MlirValue waveBlock(Gen *g) {
  MlirType i32 = mlirIntegerTypeGet(g->b.ctx, 32), ix = mlirIndexTypeGet(g->b.ctx);
  MlirValue n = castTo(g, g->n0, i32);
  n = fly(g, "readfirstlane", 1, &n, i32, NULL);
  n = castTo(g, n, ix);
  return flyBuildArith(&g->b, "divui", n, idx(g, GEMM_SCALE_BLOCK));
}

void bsBuildBody(Gen *g, MlirBlock entry) {
  const GemmConfig *c = g->c;
  MlirValue a = mlirBlockGetArgument(entry, 0), b = mlirBlockGetArgument(entry, 1);
  MlirValue cm = mlirBlockGetArgument(entry, 2), m = mlirBlockGetArgument(entry, 5);
  buildConstants(g);
  buildShared(g);
  buildCoords(g);
  g->ga = rowsTensor(g, a, m, g->d->elem, c->k);
  g->gb = staticTensor(g, b, g->d->elem, preshuffledB(g), "{buffer}");
  MlirValue gc = rowsTensor(g, cm, m, "bf16", c->n);
  /* Rows past M of a ragged tile read a_scale inside its buffer (or 0):
   * they multiply partials of zero rows and are never stored. */
  g->bs.aScale = staticTensor(g, mlirBlockGetArgument(entry, 3), "f32",
                           FMT("%" PRId64 ":1", kBlocks(g) * c->maxM), "{buffer}");
  g->bs.bScale = staticTensor(g, mlirBlockGetArgument(entry, 4), "f32",
                           FMT("(%" PRId64 ",%" PRId64 "):(%" PRId64 ",1)",
                               c->n / GEMM_SCALE_BLOCK, kBlocks(g), kBlocks(g)),
                           NULL);
  g->bs.nb = waveBlock(g);
  MlirValue m0 = flyBuildArith(&g->b, "muli", g->bm, idx(g, c->tileM));
  if (c->waves == 8)
    m0 = flyBuildArith(&g->b, "addi", m0, g->rowOff);
  g->bs.co = tuple2(g, m0, g->n0);
  copyA(g, idx(g, 0), 0);
  MlirValue b0 = prefetchB(g, idx(g, 0));
  syncA(g);
  int64_t lanes = g->d->mRepeat * g->d->nRepeat * 4;
  g->bs.zeroAcc = flyBuildValue(&g->b, "arith.constant", 0, NULL, vectorT(g, "f32"),
                             FMT("{value = dense<0.0> : vector<%" PRId64 "xf32>}", lanes));
  int late = 1, early = 0;
  if (c->waves == 8)
    perGroup(g, extraBarrier, &late);
  MlirValue acc = buildLoop(g, g->bs.zeroAcc, &b0);
  if (c->waves == 8)
    perGroup(g, extraBarrier, &early);
  MlirValue r = flyBuildValue(&g->b, "arith.truncf", 1, &acc, vectorT(g, "bf16"), NULL);
  MlirValue ops[4] = {r, gc, g->lane, g->bs.co};
  flyVoid(g, "gemm_store", 4, ops, atomAttrs(g, false));
  flyBuildOp(&g->b, "gpu.return", 0, NULL, 0, NULL, NULL, 0);
}
