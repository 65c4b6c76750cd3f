/*===- gemm_kernel.c - Writing the GEMM of one configuration as fly IR -------===*
 *
 * The kernel stays at the level a kernel author writes: tensors over the
 * buffers, the A tiles' ping-pong LDS buffers behind an XOR swizzle, tiled
 * copies into LDS, a loop of tiled GEMMs, an epilogue of per-token scales
 * and a tiled store, built with the typed front-end. fly-lower-* expands
 * it; docs/gemm.md maps it to the seed's sections.
 *===----------------------------------------------------------------------===*/
#include "gemm_kernel.h"
#include "gemm_gen.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flyc/hw.h"
#include "mlir-c/BuiltinTypes.h"

const char *fmt(Gen *g, const char *f, ...) {
  char *buf = g->text[g->nextText++ % TEXT_SLOTS];
  va_list ap;
  va_start(ap, f);
  vsnprintf(buf, TEXT_CAP, f, ap);
  va_end(ap);
  return buf;
}

/* Index constants come from the entry block's table (buildConstants), so
 * each value is defined once; others are made where they are used. */
MlirValue idx(Gen *g, int64_t v) {
  for (int i = 0; i < g->numConsts; ++i)
    if (g->constVal[i] == v)
      return g->consts[i];
  return flyIndex(P, v);
}

static void buildConstants(Gen *g) {
  int64_t want[] = {0, 1, 2, 64, g->c->tileM, g->c->tileN / 4, g->c->tileN, g->d->tileKCols,
                    g->c->k / g->c->tileK};
  for (size_t i = 0; i < sizeof want / sizeof *want; ++i) {
    bool have = false;
    for (int j = 0; j < g->numConsts; ++j)
      have |= g->constVal[j] == want[i];
    if (have || g->numConsts == MAX_CONSTS)
      continue;
    g->constVal[g->numConsts] = want[i];
    g->consts[g->numConsts++] = flyIndex(P, want[i]);
  }
}

MlirValue tuple2(Gen *g, MlirValue x, MlirValue y) {
  MlirValue crd[2] = {x, y};
  return flyCoord(P, 2, crd);
}

/* The swizzle of A's LDS tile, in elements: 16-byte chunks (M bits) XOR
 * the row's low 3 bits (gemm-optimization §3), so 16 consecutive rows
 * read at one k land in distinct banks. */
static const char *swizzledRows(Gen *g, int64_t first, int64_t rows) {
  int m = g->d->elemBytes == 1 ? 4 : 3, rowBits = 0;
  while ((INT64_C(1) << rowBits) < g->d->tileKCols)
    ++rowBits;
  return FMT("S<3,%d,%d> o %" PRId64 " o (%" PRId64 ",%" PRId64 "):(%" PRId64 ",1)", m,
             rowBits - m, first * g->d->tileKCols, rows, g->d->tileKCols, g->d->tileKCols);
}

/* B's preshuffled layout (seed §12) over its logical (n, k):
 * [N/16][K/(4 kp)][4][16][kp] with kp the elements of 16 bytes. */
const char *preshuffledB(Gen *g) {
  int64_t kp = 16 / g->d->elemBytes, n = g->c->n, k = g->d->kColsB;
  return FMT("((16,%" PRId64 "),(%" PRId64 ",4,%" PRId64 ")):((%" PRId64 ",%" PRId64 "),(1,%" PRId64
             ",%" PRId64 "))",
             n / 16, kp, k / (4 * kp), kp, 16 * k, 16 * kp, 64 * kp);
}

/* A row-major buffer tensor of M rows x `cols` over `mem`. */
static MlirValue rowsTensor(Gen *g, MlirValue mem, int64_t cols) {
  MlirValue shape = tuple2(g, g->m, idx(g, cols));
  MlirValue stride = flyLayout(P, FMT("(%" PRId64 ",1)", cols));
  MlirValue l = flyMakeLayout(P, shape, stride);
  return flyBufferTensor(P, mem, l);
}

MlirValue staticTensor(Gen *g, MlirValue mem, const char *layout, bool buffer) {
  MlirValue l = flyLayout(P, layout);
  return buffer ? flyBufferTensor(P, mem, l) : flyTensor(P, mem, l);
}

/* The CShuffle tile of C in LDS: tile_m rows of cPitch elements. */
static MlirValue cShuffleTile(Gen *g, MlirValue storage) {
  MlirValue f = flySharedField(P, storage, "u.c");
  return staticTensor(g, f, FMT("(%" PRId64 ",%" PRId64 "):(%" PRId64 ",1)", g->c->tileM,
                                g->c->tileN, g->d->cPitch), false);
}

/* The LDS storage: A's field per stage, each a swizzled tensor, and with
 * the CShuffle epilogue C's tile overlaying the first (a union): the main
 * loop ends with every wave past a barrier after its last A read. Each
 * top-level field is its own LDS object (fly-shared-alloc), which lets
 * LLVM see that a DMA into one stage never needs a wait before reads of
 * the other. */
static void buildShared(Gen *g) {
  int64_t elems = g->c->tileM * g->d->tileKCols;
  const char *e = g->d->elem, *out = g->c->outF16 ? "f16" : "bf16";
  char fields[256];
  char rest[128] = "";
  for (int i = 1; i < g->c->stages; ++i) /* a1, a2: each its own LDS object */
    snprintf(rest + strlen(rest), sizeof rest - strlen(rest), ", a%d: %s[%" PRId64 "] align 16",
             i, e, elems);
  if (g->c->cshuffle) /* C's tile reuses A's first buffer after the main loop */
    snprintf(fields, sizeof fields, "u: union(a0: %s[%" PRId64 "] align 16, c: %s[%" PRId64
             "] align 16)%s", e, elems, out, g->c->tileM * g->d->cPitch, rest);
  else
    snprintf(fields, sizeof fields, "a0: %s[%" PRId64 "] align 16%s", e, elems, rest);
  MlirValue s = flySharedAlloc(P, fields);
  for (int i = 0; i < g->c->stages; ++i) {
    MlirValue f = flySharedField(P, s, FMT("%sa%d", g->c->cshuffle && i == 0 ? "u." : "", i));
    g->smem[i] = staticTensor(g, f, swizzledRows(g, 0, g->c->tileM), false);
    /* The 8-wave block-scale core: each group's half of the rows (copyA),
     * the same swizzle (it acts on the row's low bits, which a half's
     * first row keeps). */
    for (int h = 0; g->c->waves == 8 && g->c->kind == GEMM_KIND_BLOCKSCALE && h < 2; ++h) {
      int64_t half = g->c->tileM / 2;
      g->smemHalf[i][h] = staticTensor(g, f, swizzledRows(g, h * half, half), false);
    }
  }
  if (g->c->cshuffle)
    g->cLds = cShuffleTile(g, s);
}

/* The block coordinates. Blocks are dispatched round-robin over the XCDs
 * (block L of the linear order x + y * grid_x on XCD L % xcds); with the
 * remap, XCD x's blocks compute the consecutive tiles x * per .. x * per +
 * per - 1 of that order, rows of one N panel, so they share B in that
 * XCD's L2, and a CU's blocks take B's same columns whichever of the XCD's
 * blocks it holds (docs/gemm.md, "The XCD remap"). The last grid % xcds blocks
 * keep their own tile. */
static void blockCoords(Gen *g) {
  MlirValue bx = flyBlockId(P, 0);
  MlirValue by = flyBlockId(P, 1);
  if (!g->c->xcd) {
    g->bm = bx, g->bn = by;
    return;
  }
  /* In unsigned i32: the grid is far below 2^31 blocks, and 64-bit
   * divisions by the run-time grid_x would expand into a branchy 32/64-bit
   * pair. One op per statement: the order of a call's argument evaluation
   * is unspecified in C, and with two ops built as arguments the IR's
   * order (the checked-in text) would depend on the compiler. */
  MlirValue gdx = flyGridDim(P, 0);
  MlirValue gx = flyCast(P, gdx, "i32");
  MlirValue gdy = flyGridDim(P, 1);
  MlirValue gy = flyCast(P, gdy, "i32");
  MlirValue x = flyI32(P, g->c->xcd);
  MlirValue all = flyMul(P, gx, gy);
  MlirValue rest = flyRemU(P, all, x);
  MlirValue full = flySub(P, all, rest);
  MlirValue per = flyDivU(P, full, x);
  MlirValue x32 = flyCast(P, bx, "i32");
  MlirValue y32 = flyCast(P, by, "i32");
  MlirValue row = flyMul(P, y32, gx);
  MlirValue l = flyAdd(P, x32, row);
  MlirValue onXcd = flyRemU(P, l, x);
  MlirValue first = flyMul(P, onXcd, per);
  MlirValue slot = flyDivU(P, l, x);
  MlirValue moved = flyAdd(P, first, slot);
  MlirValue inFull = flyCmp(P, "ult", l, full);
  MlirValue tile = flySelect(P, inFull, moved, l);
  MlirValue bm = flyRemU(P, tile, gx);
  g->bm = flyCast(P, bm, "index");
  MlirValue bn = flyDivU(P, tile, gx);
  g->bn = flyCast(P, bn, "index");
}

/* The K order (docs/gemm.md, "K order"): where A's row pitch puts the
 * rows of a K tile on a few L2 channels (GemmDerived.kRotate > 1), block
 * (bm, bn) walks K from tile (bm + bm / X) mod kRotate, X the XCDs the
 * blocks are dealt over (hardware table): the blocks an XCD runs at once
 * (bm apart by X, or consecutive with --xcd) then start at different
 * tiles, and so read different channels, while the blocks of one row
 * tile (one CU's pair) stay together and share A. */
static void kRotation(Gen *g) {
  g->kRot = (MlirValue){NULL};
  if (g->d->kRotate <= 1)
    return;
  MlirValue per = flyDiv(P, g->bm, idx(g, g->d->kRotateXcds));
  MlirValue spread = flyAdd(P, g->bm, per);
  g->kRot = flyRem(P, spread, idx(g, g->d->kRotate));
}

MlirValue kTile(Gen *g, MlirValue kt) {
  if (mlirValueIsNull(g->kRot))
    return kt;
  MlirValue k = flyAdd(P, kt, g->kRot);
  return flyRem(P, k, idx(g, g->c->k / g->c->tileK));
}

/* From g->tid and g->bn: the lane; 4 waves split the tile's columns
 * (gemm-optimization §1.1): this wave's column offset wn and its first
 * column of C, n0. */
static void waveCoords(Gen *g) {
  MlirValue c64 = idx(g, 64);
  MlirValue wave = flyDiv(P, g->tid, c64);
  g->lane = flyRem(P, g->tid, c64);
  g->rowOff = (MlirValue){NULL};
  if (g->c->waves == 8) { /* group h: waves 4h..4h+3, rows h * tile_m / 2.. */
    g->group = flyDiv(P, wave, idx(g, 4));
    wave = flyRem(P, wave, idx(g, 4));
    g->rowOff = flyMul(P, g->group, idx(g, g->c->tileM / 2));
  }
  g->wn = flyMul(P, wave, idx(g, g->c->tileN / 4));
  MlirValue bn0 = flyMul(P, g->bn, idx(g, g->c->tileN));
  g->n0 = flyAdd(P, bn0, g->wn);
  g->zero = flyLayout(P, "(0,0)");
}

/* Thread and block coordinates, the K rotation, the wave's. */
static void buildCoords(Gen *g) {
  g->tid = flyThreadId(P, 0);
  blockCoords(g);
  kRotation(g);
  waveCoords(g);
}

MlirValue buildPrologue(Gen *g, const MlirValue *args, int n) {
  buildConstants(g);
  g->m = flyCast(P, args[n - 1], "index");
  buildShared(g);
  buildCoords(g);
  if (g->d->mx)
    mxTensors(g, args[3], args[4]);
  g->ga = rowsTensor(g, args[0], g->d->kCols);
  g->gb = staticTensor(g, args[1], preshuffledB(g), true);
  return rowsTensor(g, args[2], g->c->n);
}

/* A's `rows` x tile_k tile at tile coordinate (rowTile, kt) of the walk
 * over K (kTile). */
static MlirValue tileRowsA(Gen *g, MlirValue rowTile, int64_t rows, MlirValue kt) {
  MlirValue k = kTile(g, kt);
  MlirValue at = tuple2(g, rowTile, k);
  return flyLocalTile(P, g->ga, at, FMT("(%" PRId64 ",%" PRId64 ")", rows, g->d->tileKCols));
}

static MlirValue tileA(Gen *g, MlirValue kt) { return tileRowsA(g, g->bm, g->c->tileM, kt); }

/* The async copy: A's k-tile kt of this block's rows into LDS stage
 * `stage` by DMA (seed §11). */
typedef struct HalfCopy {
  MlirValue kt;
  int stage;
} HalfCopy;

/* Group h's half of A's k-tile: its rows from global memory into its rows
 * of the stage, by its own 256 lanes, so that its waits and the barrier
 * after them cover everything it reads (the other group runs a barrier
 * phase apart). */
static void copyHalf(Gen *g, int h, void *arg) {
  const HalfCopy *hc = arg;
  int64_t half = g->c->tileM / 2;
  MlirValue r = flyMul(P, g->bm, idx(g, 2));
  MlirValue row = h ? flyAdd(P, r, idx(g, 1)) : r;
  MlirValue src = tileRowsA(g, row, half, hc->kt);
  MlirValue t = h ? flySub(P, g->tid, idx(g, 256)) : g->tid;
  flyCopyToLds(P, src, g->smemHalf[hc->stage][h], t, g->d->copyBytes, 256);
}

/* A's k-tile kt into LDS stage `stage`. The 8-wave block-scale core's
 * groups each copy their own half (copyHalf), for its ping-pong; every
 * other kernel's lanes, 256 or 512, copy the whole tile together: one
 * copy with no branch on the group (with a copy per group LLVM recomputed
 * each branch's DMA addresses every step, and the 8-wave 128x256x128 fp8
 * loop had 274 instructions instead of 184). */
void copyA(Gen *g, MlirValue kt, int stage) {
  if (g->c->waves == 8 && g->c->kind == GEMM_KIND_BLOCKSCALE) {
    HalfCopy hc = {kt, stage};
    perGroup(g, copyHalf, &hc);
    return;
  }
  MlirValue src = tileA(g, kt);
  flyCopyToLds(P, src, g->smem[stage], g->tid, g->d->copyBytes, 64 * g->c->waves);
}

/* The sync copy's chunks, computed once: chunk c of a thread is the
 * tile's 16-byte chunk c*T + tid in row-major order, T the workgroup's
 * threads (64 per wave). */
static void buildChunks(Gen *g) {
  int64_t perRow = g->d->tileKCols * g->d->elemBytes / 16, threads = 64 * g->c->waves;
  g->numChunks = (int)(g->c->tileM * perRow / threads);
  for (int c = 0; c < g->numChunks && c < MAX_CHUNKS; ++c) {
    MlirValue q = flyAdd(P, g->tid, idx(g, threads * c));
    MlirValue row = flyDiv(P, q, idx(g, perRow));
    MlirValue col = flyRem(P, q, idx(g, perRow));
    g->chunk[c] = tuple2(g, row, flyMul(P, col, idx(g, 16 / g->d->elemBytes)));
  }
}

/* The sync copy's first half (seed §4.1): this thread's chunks of A's
 * k-tile kt into registers, issued before the MFMAs they overlap. */
static void loadA(Gen *g, MlirValue kt, MlirValue *regs) {
  MlirValue tile = tileA(g, kt);
  for (int c = 0; c < g->numChunks; ++c)
    regs[c] = flyTensorLoad(P, tile, g->chunk[c], 16 / (int)g->d->elemBytes);
}

/* Its second half: the registers into LDS stage `stage`, swizzled. */
static void storeA(Gen *g, const MlirValue *regs, int stage) {
  for (int c = 0; c < g->numChunks; ++c)
    flyTensorStore(P, regs[c], g->smem[stage], g->chunk[c]);
}

/* Waits for this thread's copies, then for everyone's (one barrier). */
void syncA(Gen *g) {
  flyWaitVmcnt(P, 0);
  flyBarrier(P);
}

/* The vector-memory instructions one lane issues for one K tile: the A
 * DMA's (one per copy) and B's fragment loads (at most 16 bytes each, so
 * at least ceil(bytes / 16) per fragment). Both are lower bounds on what
 * LLVM emits, which is what a vmcnt that must not leave too much
 * outstanding needs. */
static int64_t dmaLoads(Gen *g) {
  int64_t bytes = g->c->tileM * g->d->tileKCols * g->d->elemBytes; /* all lanes' */
  return bytes / (64 * g->c->waves * g->d->copyBytes);
}

static int64_t fragmentLoads(Gen *g) {
  int64_t bytes = g->d->abLen / g->d->perByteB * g->d->kPack * g->d->elemBytes;
  return g->d->nRepeat * (g->d->kSteps / g->d->kPack) * ((bytes + 15) / 16);
}

/* The end of a three-stage step: this wave's DMA of the previous step has
 * landed once at most `outstanding` newer vector-memory instructions are
 * in flight (they complete in issue order), then every wave's (barrier).
 * Not flyBarrier: its workgroup-scope release fence makes LLVM wait for
 * every LDS DMA in flight (the DMA writes LDS), the one just issued too —
 * the wait this pipeline exists to avoid. flyWaveBarrier's wavefront-scope
 * fences still keep the compiler from moving memory operations across the
 * barrier and cost no wait; the s_waitcnt orders this wave for the others:
 * the DMA they read next has landed and this wave's LDS reads are done
 * (lgkmcnt 0). The emulator's hazard checker, on in the test suite, checks
 * the count. */
static void syncAAfter(Gen *g, int64_t outstanding) {
  int64_t most = flyHwChipGet(g->c->chip)->mem.vmcntMax; /* fewer is still right */
  flyWaitcnt(P, (int)(outstanding > most ? most : outstanding), 0);
  flyWaveBarrier(P);
}

/* B's origin for step kt of the walk over K: this wave's columns n0..,
 * rows kTile(kt)*tile_k.. */
static MlirValue originB(Gen *g, MlirValue kt) {
  MlirValue k = kTile(g, kt);
  MlirValue kk = flyMul(P, k, idx(g, g->d->tileKColsB));
  return tuple2(g, g->n0, kk);
}

/* This lane's B fragments for k-tile kt, loaded a tile ahead of the MFMAs
 * that use them (seed §2.3, §4.2: prefetch_b_tile(next_k) while the
 * current tile computes). k-tiles past the last read the last one again:
 * the loop's final prefetch is never used, and this keeps it in bounds. */
MlirValue prefetchB(Gen *g, MlirValue kt) {
  MlirValue kc = flyMin(P, kt, idx(g, g->c->k / g->c->tileK - 1));
  MlirValue at = originB(g, kc);
  MlirValue bf = flyGemmFragments(P, &g->mma, 'b', g->gb, g->lane, at);
  return g->d->mx ? mxWithScales(g, bf, kc) : bf;
}

/* One k-tile's MFMAs: A from LDS stage `stage`, B from its prefetched
 * fragments `bf` (columns n0.. of k-tile kt). */
MlirValue gemmTile(Gen *g, int stage, MlirValue kt, MlirValue bf, MlirValue acc) {
  if (g->d->mx)
    return mxGemm(g, g->smem[stage], bf, acc, originB(g, kt));
  MlirValue ao = g->c->waves == 8 ? tuple2(g, g->rowOff, idx(g, 0)) : g->zero;
  MlirValue bo = originB(g, kt);
  return flyGemm(P, &g->mma, g->smem[stage], bf, acc, g->lane, ao, bo, (MlirValue){NULL});
}

/* The main loop's body for iteration kt with the async copy; `bf` holds
 * B's fragments of k-tile kt and the body returns k-tile kt+stages'. Two
 * stages: compute on one buffer while the DMA fills the other (seed §2.3),
 * one barrier per stage; each stage issues the next tile's DMA and B
 * prefetch first, so both have the stage's MFMAs to land before the wait.
 * One stage: the same with one buffer, refilled after a barrier. */
static MlirValue asyncBody(Gen *g, MlirValue kt, MlirValue acc, MlirValue *bf) {
  MlirValue k1 = flyAdd(P, kt, idx(g, 1));
  if (g->c->stages == 1) {
    MlirValue next = prefetchB(g, k1);
    acc = gemmTile(g, 0, kt, *bf, acc);
    flyBarrier(P);
    copyA(g, k1, 0);
    syncA(g);
    *bf = next;
    return acc;
  }
  MlirValue k2 = flyAdd(P, kt, idx(g, 2));
  copyA(g, k1, 1);
  MlirValue b1 = prefetchB(g, k1);
  acc = gemmTile(g, 0, kt, *bf, acc);
  syncA(g);
  copyA(g, k2, 0);
  MlirValue b2 = prefetchB(g, k2);
  acc = gemmTile(g, 1, k1, b1, acc);
  syncA(g);
  *bf = b2;
  return acc;
}

/* The same with the sync copy (seed §4.4): the next tile's global loads
 * of A and B are issued first, the MFMAs run while they are in flight,
 * and A's registers go to LDS after them. */
static MlirValue syncBody(Gen *g, MlirValue kt, MlirValue acc, MlirValue *bf) {
  MlirValue k1 = flyAdd(P, kt, idx(g, 1)), regs[MAX_CHUNKS];
  loadA(g, k1, regs);
  MlirValue b1 = prefetchB(g, k1);
  acc = gemmTile(g, 0, kt, *bf, acc);
  if (g->c->stages == 1)
    flyBarrier(P);
  storeA(g, regs, g->c->stages - 1);
  flyBarrier(P);
  *bf = b1;
  if (g->c->stages == 1)
    return acc;
  MlirValue k2 = flyAdd(P, kt, idx(g, 2));
  loadA(g, k2, regs);
  MlirValue b2 = prefetchB(g, k2);
  acc = gemmTile(g, 1, k1, b1, acc);
  storeA(g, regs, 0);
  flyBarrier(P);
  *bf = b2;
  return acc;
}

/* One step t of the three-stage pipeline (async copy): K tile t computes
 * from LDS buffer t % 3 while the DMA fills buffer (t + 2) % 3 — last read
 * in step t - 1, which ended with a barrier — and B's fragments of tile
 * t + 1 load. The wait at the end needs only the DMA of step t - 1 (the
 * next step's tile): everything this step issued stays in flight, so
 * the DMA gets two steps to land and the count holds whatever order the
 * schedule gives this step's loads. `dma` and `pre` are false where tile
 * t + 2 or t + 1 is past the last. */
static MlirValue step3(Gen *g, MlirValue kt, int buf, bool dma, bool pre, MlirValue acc,
                       MlirValue *bf) {
  MlirValue next = *bf;
  if (pre)
    next = prefetchB(g, flyAdd(P, kt, idx(g, 1)));
  if (dma)
    copyA(g, flyAdd(P, kt, idx(g, 2)), (buf + 2) % 3);
  acc = gemmTile(g, buf, kt, *bf, acc);
  syncAAfter(g, (dma ? dmaLoads(g) : 0) + (pre ? fragmentLoads(g) : 0));
  *bf = next;
  return acc;
}

/* Three stages, before the loop: tile 0's DMA, fenced off so that it is
 * the first vector-memory instruction, then B's tile 0 and tile 1's DMA;
 * the wait leaves the last DMA's loads in flight — whatever order the
 * scheduler gives the others, tile 0's DMA is older than all of them. */
static MlirValue prologue3(Gen *g) {
  bool two = g->c->k / g->c->tileK > 1;
  copyA(g, idx(g, 0), 0);
  flySchedBarrier(P, "none");
  MlirValue b0 = prefetchB(g, idx(g, 0));
  if (two)
    copyA(g, idx(g, 1), 1);
  syncAAfter(g, two ? dmaLoads(g) : 0);
  return b0;
}

static MlirValue body3(Gen *g, MlirValue kt, MlirValue acc, MlirValue *bf) {
  for (int j = 0; j < 3; ++j) {
    MlirValue t = j ? flyAdd(P, kt, idx(g, j)) : kt;
    acc = step3(g, t, j, true, true, acc, bf);
  }
  return acc;
}

static MlirValue loopBody(Gen *g, MlirValue kt, MlirValue acc, MlirValue *bf) {
  if (g->c->kind == GEMM_KIND_BLOCKSCALE)
    return bsLoopBody(g, kt, acc, bf);
  if (g->c->stages == 3)
    return body3(g, kt, acc, bf);
  return g->c->async ? asyncBody(g, kt, acc, bf) : syncBody(g, kt, acc, bf);
}

void perGroup(Gen *g, void (*body)(Gen *g, int h, void *arg), void *arg) {
  flyIfBegin(P, flyCmp(P, "eq", g->group, idx(g, 0)));
  body(g, 0, arg);
  flyElse(P);
  body(g, 1, arg);
  flyIfEnd(P);
}

/* The K tiles the main loop covers: all of them, or with three stages
 * the first 3q, q = (T - 2) / 3, so that every step inside the loop has a
 * tile two ahead to copy and the 2..4 steps after it are unrolled. */
static int64_t loopTiles(Gen *g) {
  int64_t t = g->c->k / g->c->tileK;
  return g->c->stages == 3 ? (t < 2 ? 0 : (t - 2) / 3 * 3) : t;
}

/* The main loop: the accumulators and B's prefetched fragments are its
 * iteration arguments. */
MlirValue buildLoop(Gen *g, MlirValue acc0, MlirValue *b0) {
  if (loopTiles(g) == 0)
    return acc0;
  MlirValue init[2] = {acc0, *b0}, carried[2], out[2];
  MlirValue lb = idx(g, 0); /* one op per statement: see blockCoords */
  MlirValue ub = idx(g, loopTiles(g));
  MlirValue step = idx(g, g->c->stages);
  MlirValue kt = flyForBegin(P, lb, ub, step, 2, init, carried);
  flyHotLoop(P);
  MlirValue bf = carried[1];
  MlirValue yield[2] = {loopBody(g, kt, carried[0], &bf), (MlirValue){NULL}};
  yield[1] = bf;
  flyForEnd(P, 2, yield, out);
  *b0 = out[1];
  return out[0];
}

/* Three stages: the steps after the loop, with their tiles and buffers
 * known (tile t in buffer t % 3). */
static MlirValue buildTail3(Gen *g, MlirValue acc, MlirValue bf) {
  int64_t tiles = g->c->k / g->c->tileK;
  for (int64_t t = loopTiles(g); t < tiles; ++t)
    acc = step3(g, idx(g, t), (int)(t % 3), t + 2 < tiles, t + 1 < tiles, acc, &bf);
  return acc;
}

/* Per-token scales (seed §7.1): scale_a per row, scale_b per column. */
static MlirValue scale(Gen *g, MlirValue acc, MlirValue sa, MlirValue sb, MlirValue co) {
  MlirValue rows = flyCoord(P, 1, &g->m);
  MlirValue tsa = flyBufferTensor(P, sa, flyMakeLayout(P, rows, flyLayout(P, "1")));
  MlirValue tsb = staticTensor(g, sb, FMT("%" PRId64 ":1", g->c->n), true);
  return flyGemmScale(P, &g->mma, acc, tsa, tsb, g->lane, co);
}

/* One pass of the CShuffle read-out: lane i of the block takes eVec
 * consecutive elements of one row, rows in order (seed §7.2). */
static void cShufflePass(Gen *g, MlirValue pass, MlirValue gcTile) {
  int64_t perRow = g->c->tileN / g->d->eVec;
  MlirValue base = flyMul(P, pass, idx(g, 64 * g->c->waves));
  MlirValue i = flyAdd(P, base, g->tid);
  MlirValue row = flyDiv(P, i, idx(g, perRow));
  MlirValue colv = flyRem(P, i, idx(g, perRow));
  MlirValue col = flyMul(P, colv, idx(g, g->d->eVec));
  MlirValue crd = tuple2(g, row, col);
  MlirValue v = flyTensorLoad(P, g->cLds, crd, (int)g->d->eVec);
  flyTensorStore(P, v, gcTile, crd);
}

/* CShuffle (seed §7.2): each wave writes its accumulators into C's LDS
 * tile, then the block reads it back by rows and stores eVec elements per
 * lane, so a wave's stores cover whole row segments. */
static void cShuffleStore(Gen *g, MlirValue r, MlirValue gc) {
  MlirValue row0 = g->c->waves == 8 ? g->rowOff : idx(g, 0);
  flyGemmStore(P, &g->mma, r, g->cLds, g->lane, tuple2(g, row0, g->wn));
  flyBarrier(P);
  MlirValue at = tuple2(g, g->bm, g->bn);
  MlirValue tile = flyLocalTile(P, gc, at, FMT("(%" PRId64 ",%" PRId64 ")", g->c->tileM,
                                               g->c->tileN));
  int64_t passes = g->c->tileM * g->c->tileN / (64 * g->c->waves * g->d->eVec);
  MlirValue lb = idx(g, 0);
  MlirValue ub = idx(g, passes);
  MlirValue pass = flyForBegin(P, lb, ub, idx(g, 1), 0, NULL, NULL);
  cShufflePass(g, pass, tile);
  flyForEnd(P, 0, NULL, NULL);
}

/* The wave's accumulator tile of tensor t (f32, or the output type widened
 * to f32), loaded atom by atom in the accumulators' layout with
 * fly.mma_fragment (operand c) and placed at each atom's slice: a
 * vector<lanes x f32> to add to the accumulators. */
static MlirValue accTile(Gen *g, MlirValue t, MlirValue m0) {
  int64_t am, an, ak;
  sscanf(g->d->atom, "%" SCNd64 "x%" SCNd64 "x%" SCNd64, &am, &an, &ak);
  int64_t cLen = am * an / 64, lanes = g->d->mRepeat * g->d->nRepeat * cLen;
  MlirValue *elems = calloc((size_t)lanes, sizeof *elems);
  if (!elems)
    return (MlirValue){NULL};
  for (int64_t i = 0; i < g->d->mRepeat; ++i)
    for (int64_t j = 0; j < g->d->nRepeat; ++j) {
      MlirValue r = flyAdd(P, m0, idx(g, am * i));
      MlirValue c = flyAdd(P, g->n0, idx(g, an * j));
      MlirValue o = tuple2(g, r, c);
      MlirValue f = flyMmaFragment(P, &g->mma, 'c', t, g->lane, o);
      f = flyCast(P, f, "f32");
      int64_t at = cLen * (i * g->d->nRepeat + j);
      for (int64_t e = 0; e < cLen; ++e)
        elems[at + e] = flyExtract(P, f, e);
    }
  MlirValue all = flyVector(P, (int)lanes, elems);
  free(elems);
  return all;
}

/* acc + bias[column]: the bias seen as a (maxM, N):(0,1) tensor, every row
 * the same. */
static MlirValue addBias(Gen *g, MlirValue acc, MlirValue bias, MlirValue m0) {
  MlirValue tb = staticTensor(g, bias, FMT("(%" PRId64 ",%" PRId64 "):(0,1)", g->c->maxM,
                                           g->c->n), false);
  return flyAdd(P, acc, accTile(g, tb, m0));
}

/* acc + R[row][column], R of the output type with C's (maxM, N):(N,1)
 * layout: the rows past M are read (C's buffer has them too) but never
 * stored. */
static MlirValue addResidual(Gen *g, MlirValue acc, MlirValue res, MlirValue m0) {
  MlirValue tr = staticTensor(g, res, FMT("(%" PRId64 ",%" PRId64 "):(%" PRId64 ",1)",
                                          g->c->maxM, g->c->n, g->c->n), false);
  return flyAdd(P, acc, accTile(g, tr, m0));
}

/* relu: max(x, 0); silu: x / (1 + e^-x); gelu, the tanh form x/2 (1 +
 * tanh(u)) with u = sqrt(2/pi) (x + 0.044715 x^3), computed as the equal
 * x / (1 + e^(-2u)) (1 + tanh(u) = 2 / (1 + e^(-2u))): one exp, no tanh
 * polynomial, so the epilogue stays within the main loop's registers.
 * Scalars broadcast over the accumulators. */
static MlirValue activate(Gen *g, MlirValue x) {
  switch (g->c->activation) {
  case GEMM_ACT_RELU:
    return flyMax(P, x, flyF32(P, 0.0f));
  case GEMM_ACT_SILU: {
    MlirValue e = flyMath(P, "exp", flyNeg(P, x));
    return flyDiv(P, x, flyAdd(P, flyF32(P, 1.0f), e));
  }
  case GEMM_ACT_GELU: {
    MlirValue x2 = flyMul(P, x, x);
    MlirValue x3 = flyMul(P, x2, x);
    MlirValue in = flyAdd(P, x, flyMul(P, x3, flyF32(P, 0.044715f)));
    MlirValue m2u = flyMul(P, in, flyF32(P, (float)(-2.0 * 0.7978845608028654)));
    MlirValue e = flyMath(P, "exp", m2u);
    return flyDiv(P, x, flyAdd(P, flyF32(P, 1.0f), e));
  }
  case GEMM_ACT_NONE:
    break;
  }
  return x;
}

/* Direct store (seed §7.1): int8 sums become f32, 8-bit types take their
 * scales, the bias, the activation and the residual follow in f32, the
 * result rounds to the output type and goes to C. */
static void buildEpilogue(Gen *g, MlirValue acc, MlirValue sa, MlirValue sb, MlirValue gc,
                          MlirValue bias, MlirValue res) {
  MlirValue m0 = flyMul(P, g->bm, idx(g, g->c->tileM));
  if (g->c->waves == 8)
    m0 = flyAdd(P, m0, g->rowOff);
  MlirValue co = tuple2(g, m0, g->n0);
  if (g->c->dtype == GEMM_INT8)
    acc = flyCast(P, acc, "f32");
  if (g->d->scaled)
    acc = scale(g, acc, sa, sb, co);
  if (g->c->bias)
    acc = addBias(g, acc, bias, m0);
  acc = activate(g, acc);
  if (g->c->residual)
    acc = addResidual(g, acc, res, m0);
  MlirValue r = flyCast(P, acc, g->c->outF16 ? "f16" : "bf16");
  if (g->c->cshuffle)
    return cShuffleStore(g, r, gc);
  flyGemmStore(P, &g->mma, r, gc, g->lane, co);
}

/* The kernel's parameters: A, B, C, [scale_a, scale_b,] [MX scales,]
 * [bias,] [residual,] M. */
static int params(Gen *g, const char **t) {
  const GemmConfig *c = g->c;
  const char *e = g->d->elem, *out = c->outF16 ? "f16" : "bf16";
  int n = 0;
  t[n++] = FMT("memref<%" PRId64 "x%s>", c->maxM * g->d->kCols, e);
  t[n++] = FMT("memref<%" PRId64 "x%s>", c->n * g->d->kColsB, g->d->elemB);
  t[n++] = FMT("memref<%" PRId64 "x%s>", c->maxM * c->n, out);
  if (g->d->scaled) {
    t[n++] = FMT("memref<%" PRId64 "xf32>", c->maxM);
    t[n++] = FMT("memref<%" PRId64 "xf32>", c->n);
  }
  if (g->d->mx)
    n += mxParams(g, t + n);
  if (c->bias)
    t[n++] = FMT("memref<%" PRId64 "xf32>", c->n);
  if (c->residual)
    t[n++] = FMT("memref<%" PRId64 "x%s>", c->maxM * c->n, out);
  t[n++] = "i32";
  return n;
}

static void buildBody(Gen *g, const MlirValue *args, int n) {
  if (g->c->kind == GEMM_KIND_BLOCKSCALE)
    return bsBuildBody(g, args);
  MlirValue sa = {NULL}, sb = {NULL}, bias = {NULL}, res = {NULL};
  if (g->d->scaled || g->d->mx)
    sa = args[3], sb = args[4];
  if (g->c->residual)
    res = args[n - 2];
  if (g->c->bias)
    bias = args[n - 2 - (g->c->residual ? 1 : 0)];
  MlirValue gc = buildPrologue(g, args, n);
  MlirValue b0;
  if (g->c->async && g->c->stages == 3) {
    b0 = prologue3(g);
  } else if (g->c->async) {
    copyA(g, idx(g, 0), 0);
    b0 = prefetchB(g, idx(g, 0));
    syncA(g);
  } else {
    MlirValue regs[MAX_CHUNKS];
    buildChunks(g);
    loadA(g, idx(g, 0), regs);
    b0 = prefetchB(g, idx(g, 0));
    storeA(g, regs, 0);
    flyBarrier(P);
  }
  MlirValue acc = buildLoop(g, flyMmaZero(P, &g->mma), &b0);
  if (g->c->stages == 3)
    acc = buildTail3(g, acc, b0);
  buildEpilogue(g, acc, sa, sb, gc, bias, res);
}

/* flyc-run's name for a memref element type (run_dtype.c). */
static const char *runDtype(MlirType e) {
  if (mlirTypeIsAFloat8E4M3FN(e))
    return "fp8";
  if (mlirTypeIsAFloat8E4M3FNUZ(e))
    return "fp8_fnuz";
  if (mlirTypeIsABF16(e))
    return "bf16";
  if (mlirTypeIsAF16(e))
    return "f16";
  if (mlirTypeIsAF32(e))
    return "f32";
  return mlirTypeIsAInteger(e) && mlirIntegerTypeGetWidth(e) == 8 ? "i8" : NULL;
}

/* The launch `flyc --stats` times (tools/flyc/model.h), in flyc-run's
 * syntax, as a string attribute's text: the grid over every row the
 * memrefs are declared with (M = max M), each memref argument a zero
 * buffer of its declared size (the loop's timing does not depend on the
 * values) and the i32 M. */
static char *modelLaunch(const Gen *g, const MlirValue *args, int n) {
  const GemmConfig *c = g->c;
  FlyStrBuf b = {0};
  flyStrBufAppendF(&b, "\"--grid %" PRId64 ",%" PRId64 " --block %d", c->maxM / c->tileM,
                   c->n / c->tileN, 64 * c->waves);
  for (int i = 0; i < n; ++i) {
    MlirType t = mlirValueGetType(args[i]);
    if (!mlirTypeIsAMemRef(t)) {
      flyStrBufAppendF(&b, " i32=%" PRId64, c->maxM);
      continue;
    }
    const char *e = runDtype(mlirShapedTypeGetElementType(t));
    flyStrBufAppendF(&b, " arg%d:%s:%" PRId64, i, e ? e : "?", mlirShapedTypeGetDimSize(t, 0));
  }
  flyStrBufAppend(&b, "\"");
  return flyStrBufTake(&b);
}

bool gemmKernelBuild(FlyProgram *p, const GemmConfig *c, const GemmDerived *d) {
  Gen *g = flyCalloc(1, sizeof *g);
  if (!g)
    return false;
  *g = (Gen){.p = p, .c = c, .d = d,
             .mma = {d->atom, d->mmaElem, d->mmaElemB, d->acc, (int)d->mRepeat, (int)d->nRepeat,
                     (int)d->kSteps, (int)d->kPack, d->swapAB}};
  /* The chip is part of the module (the standard ROCDL target attribute),
   * so flyc compiles it for the chip it was written for. */
  flyProgramSetChip(P, flyChipGetInfo(c->chip)->name);
  const char *types[12]; /* A, B, C, scales, MX scales, bias, residual, M */
  int n = c->kind == GEMM_KIND_BLOCKSCALE ? bsParams(g, types) : params(g, types);
  MlirValue args[12];
  flyKernelBegin(P, c->name, 64 * c->waves, n, types, args);
  if (c->wavesPerEu)
    flyKernelSetAttribute(P, "rocdl.waves_per_eu", FMT("%d : i32", c->wavesPerEu));
  char *launch = flyProgramFailed(p) ? NULL : modelLaunch(g, args, n);
  if (launch)
    flyKernelSetAttribute(P, "fly.model_launch", launch);
  flyFree(launch);
  if (!flyProgramFailed(p))
    buildBody(g, args, n);
  flyKernelEnd(P);
  flyFree(g);
  return !flyProgramFailed(p) &&
         mlirOperationVerify(mlirModuleGetOperation(flyProgramGetModule(p)));
}
