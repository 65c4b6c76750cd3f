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

static int64_t kBlocks(Gen *g) { return g->c->k / GEMM_SCALE_BLOCK; }

/* The kernel's parameters: A, B (preshuffled), C, a_scale, b_scale, M.
 * a_scale is K/128 columns of max_m f32 each (block kb of row m at
 * kb * max_m + m): a lane's four consecutive accumulator rows then read
 * one 16-byte vector. b_scale is [N/128][K/128] row-major. */
int bsParams(Gen *g, const char **t) {
  const GemmConfig *c = g->c;
  const char *e = g->d->elem;
  t[0] = FMT("memref<%" PRId64 "x%s>", c->maxM * c->k, e);
  t[1] = FMT("memref<%" PRId64 "x%s>", c->n * c->k, e);
  t[2] = FMT("memref<%" PRId64 "xbf16>", c->maxM * c->n);
  t[3] = FMT("memref<%" PRId64 "xf32>", kBlocks(g) * c->maxM);
  t[4] = FMT("memref<%" PRId64 "xf32>", c->n / GEMM_SCALE_BLOCK * kBlocks(g));
  t[5] = "i32";
  return 6;
}

/* a_scale's column kt as a rank-1 tensor over the rows. */
static MlirValue aScaleColumn(Gen *g, MlirValue kt) {
  MlirValue crd = flyCoord(P, 1, &kt);
  return flyLocalTile(P, g->bs.aScale, crd, FMT("%" PRId64, g->c->maxM));
}

/* The scales of step `step`'s K tile (kTile), loaded at the start of its
 * stage: the lane's a_scale rows (fly.gemm_row_scales, the runs
 * fly.gemm_scale would load) and the wave's b_scale, one value (the wave's
 * columns lie in one N block) at a wave-uniform address. */
static void loadScales(Gen *g, MlirValue step, MlirValue *rows, MlirValue *col) {
  MlirValue kt = kTile(g, step);
  MlirValue column = aScaleColumn(g, kt);
  *rows = flyGemmRowScales(P, &g->mma, column, g->lane, g->bs.co);
  MlirValue at = tuple2(g, g->bs.nb, kt);
  *col = flyTensorLoad(P, g->bs.bScale, at, 0);
}

/* The promote of a k-tile's partial (seed A): acc + (partial * a_scale[m,
 * kt]) * b_scale[n/128, kt], in f32 VALU, with the scales loadScales
 * loaded. */
static MlirValue promote(Gen *g, MlirValue partial, MlirValue rows, MlirValue col,
                         MlirValue acc) {
  MlirValue scaled = flyGemmScale(P, &g->mma, partial, rows, col, g->lane, g->bs.co);
  return flyAdd(P, acc, scaled);
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
  MlirValue k1 = flyAdd(P, kt, idx(g, 1));
  MlirValue k2 = flyAdd(P, kt, idx(g, 2));
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
      flySchedBarrier(P, "none");
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
    flyWaveBarrier(P);
}

/* The wave's N block of b_scale, made uniform (v_readfirstlane): its
 * columns lie in one block, and a uniform address is a scalar load. */
static MlirValue waveBlock(Gen *g) {
  MlirValue n = flyCast(P, g->n0, "i32");
  n = flyReadFirstLane(P, n);
  n = flyCast(P, n, "index");
  return flyDiv(P, n, idx(g, GEMM_SCALE_BLOCK));
}

void bsBuildBody(Gen *g, const MlirValue *args) {
  const GemmConfig *c = g->c;
  MlirValue gc = buildPrologue(g, args, 6);
  /* Rows past M of a ragged tile read a_scale inside its buffer (or 0):
   * they multiply partials of zero rows and are never stored. */
  g->bs.aScale = staticTensor(g, args[3], FMT("%" PRId64 ":1", kBlocks(g) * c->maxM), true);
  g->bs.bScale = staticTensor(g, args[4], FMT("(%" PRId64 ",%" PRId64 "):(%" PRId64 ",1)",
                                              c->n / GEMM_SCALE_BLOCK, kBlocks(g), kBlocks(g)),
                              false);
  g->bs.nb = waveBlock(g);
  MlirValue m0 = flyMul(P, g->bm, idx(g, c->tileM));
  if (c->waves == 8)
    m0 = flyAdd(P, m0, g->rowOff);
  g->bs.co = tuple2(g, m0, g->n0);
  copyA(g, idx(g, 0), 0);
  MlirValue b0 = prefetchB(g, idx(g, 0));
  syncA(g);
  g->bs.zeroAcc = flyMmaZero(P, &g->mma);
  int late = 1, early = 0;
  if (c->waves == 8)
    perGroup(g, extraBarrier, &late);
  MlirValue acc = buildLoop(g, g->bs.zeroAcc, &b0);
  if (c->waves == 8)
    perGroup(g, extraBarrier, &early);
  flyGemmStore(P, &g->mma, flyCast(P, acc, "bf16"), gc, g->lane, g->bs.co);
}
