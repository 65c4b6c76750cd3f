/*===- gemm_kernel.c - Writing the GEMM of one configuration as fly IR -------===*
 *
 * The kernel stays at the level a kernel author writes: tensors over the
 * buffers, the A tiles' ping-pong LDS buffers behind an XOR swizzle, tiled
 * copies into LDS, a loop of tiled GEMMs, an epilogue of per-token scales
 * and a tiled store. fly-lower-* expands it; docs/gemm.md maps it to the
 * seed's sections.
 *===----------------------------------------------------------------------===*/
#include "gemm_kernel.h"
#include "gemm_gen.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flyc/builder.h"
#include "flyc/hw.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

const char *fmt(Gen *g, const char *f, ...) {
  char *buf = g->text[g->nextText++ % TEXT_SLOTS];
  va_list ap;
  va_start(ap, f);
  vsnprintf(buf, TEXT_CAP, f, ap);
  va_end(ap);
  return buf;
}

MlirType tensorT(Gen *g, const char *spec) {
  return flyBuilderFlyType(&g->b, FLY_TYPE_TENSOR, spec);
}

MlirValue fly(Gen *g, const char *op, intptr_t n, const MlirValue *ops, MlirType t,
                     const char *attrs) {
  return flyBuildValue(&g->b, FMT("fly.%s", op), n, ops, t, attrs);
}

void flyVoid(Gen *g, const char *op, intptr_t n, const MlirValue *ops, const char *attrs) {
  flyBuildOp(&g->b, FMT("fly.%s", op), n, ops, 0, NULL, attrs, 0);
}

/* Index constants come from the entry block's table (buildConstants), so
 * each value is defined once; others are made where they are used. */
MlirValue idx(Gen *g, int64_t v) {
  for (int i = 0; i < g->numConsts; ++i)
    if (g->constVal[i] == v)
      return g->consts[i];
  return flyBuildConstantIndex(&g->b, v);
}

void buildConstants(Gen *g) {
  int64_t want[] = {0, 1, 2, 64, g->c->tileM, g->c->tileN / 4, g->c->tileN, g->d->tileKCols,
                    g->c->k / g->c->tileK};
  for (size_t i = 0; i < sizeof want / sizeof *want; ++i) {
    bool have = false;
    for (int j = 0; j < g->numConsts; ++j)
      have |= g->constVal[j] == want[i];
    if (have || g->numConsts == MAX_CONSTS)
      continue;
    g->constVal[g->numConsts] = want[i];
    g->consts[g->numConsts++] = flyBuildConstantIndex(&g->b, want[i]);
  }
}

MlirValue tuple2(Gen *g, MlirValue x, MlirValue y) {
  MlirValue crd[2] = {x, y};
  return fly(g, "make_int_tuple", 2, crd, flyBuilderFlyType(&g->b, FLY_TYPE_INT_TUPLE, "(?,?)"),
             NULL);
}

MlirValue gpuId(Gen *g, const char *op, const char *dim) {
  return flyBuildValue(&g->b, op, 0, NULL, mlirIndexTypeGet(g->b.ctx),
                       FMT("{dimension = #gpu<dim %s>}", dim));
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

static const char *swizzledTile(Gen *g) { return swizzledRows(g, 0, g->c->tileM); }

/* B's preshuffled layout (seed §12) over its logical (n, k):
 * [N/16][K/(4 kp)][4][16][kp] with kp the elements of 16 bytes. */
const char *preshuffledB(Gen *g) {
  int64_t kp = 16 / g->d->elemBytes, n = g->c->n, k = g->d->kColsB;
  return FMT("((16,%" PRId64 "),(%" PRId64 ",4,%" PRId64 ")):((%" PRId64 ",%" PRId64 "),(1,%" PRId64
             ",%" PRId64 "))",
             n / 16, kp, k / (4 * kp), kp, 16 * k, 16 * kp, 64 * kp);
}

/* A row-major tensor of `rows` (a run-time i32) x `cols` over `mem`. */
MlirValue rowsTensor(Gen *g, MlirValue mem, MlirValue rows, const char *elem, int64_t cols) {
  MlirValue shape = fly(g, "make_int_tuple", 1, &rows,
                        flyBuilderFlyType(&g->b, FLY_TYPE_INT_TUPLE, FMT("(?,%" PRId64 ")", cols)),
                        NULL);
  MlirValue stride = flyBuildStatic(&g->b, FLY_TYPE_INT_TUPLE, FMT("(%" PRId64 ",1)", cols));
  MlirValue ops[2] = {shape, stride};
  const char *layout = FMT("(?,%" PRId64 "):(%" PRId64 ",1)", cols, cols);
  MlirValue l = fly(g, "make_layout", 2, ops, flyBuilderFlyType(&g->b, FLY_TYPE_LAYOUT, layout),
                    NULL);
  MlirValue tops[2] = {mem, l};
  return fly(g, "make_tensor", 2, tops, tensorT(g, FMT("%s global %s", elem, layout)), "{buffer}");
}

MlirValue staticTensor(Gen *g, MlirValue mem, const char *elem, const char *layout,
                              const char *attrs) {
  MlirValue ops[2] = {mem, flyBuildStatic(&g->b, FLY_TYPE_LAYOUT, layout)};
  return fly(g, "make_tensor", 2, ops, tensorT(g, FMT("%s global %s", elem, layout)), attrs);
}

static const char *outElem(Gen *g) { return g->c->outF16 ? "f16" : "bf16"; }

/* The CShuffle tile of C in LDS: tile_m rows of cPitch elements. */
static MlirValue cShuffleTile(Gen *g, MlirValue storage) {
  int64_t rows = g->c->tileM, pitch = g->d->cPitch;
  MlirType mem = flyBuilderType(&g->b, FMT("memref<%" PRId64 "x%s, #gpu.address_space<workgroup>>",
                                           rows * pitch, outElem(g)));
  MlirValue f = fly(g, "shared_field", 1, &storage, mem, "{field = \"u.c\"}");
  const char *layout = FMT("(%" PRId64 ",%" PRId64 "):(%" PRId64 ",1)", rows, g->c->tileN, pitch);
  MlirValue ops[2] = {f, flyBuildStatic(&g->b, FLY_TYPE_LAYOUT, layout)};
  return fly(g, "make_tensor", 2, ops, tensorT(g, FMT("%s shared %s", outElem(g), layout)), NULL);
}

/* The LDS storage: A's field per stage, each a swizzled tensor, and with
 * the CShuffle epilogue C's tile overlaying the first (a union): the main
 * loop ends with every wave past a barrier after its last A read. Each
 * top-level field is its own LDS object (fly-shared-alloc), which lets
 * LLVM see that a DMA into one stage never needs a wait before reads of
 * the other. */
void buildShared(Gen *g) {
  int64_t elems = g->c->tileM * g->d->tileKCols;
  const char *e = g->d->elem;
  char fields[256];
  char rest[128] = "";
  for (int i = 1; i < g->c->stages; ++i) /* a1, a2: each its own LDS object */
    snprintf(rest + strlen(rest), sizeof rest - strlen(rest), ", a%d: %s[%" PRId64 "] align 16",
             i, e, elems);
  const char *a1 = rest;
  if (g->c->cshuffle) /* C's tile reuses A's first buffer after the main loop */
    snprintf(fields, sizeof fields, "u: union(a0: %s[%" PRId64 "] align 16, c: %s[%" PRId64
             "] align 16)%s", e, elems, outElem(g), g->c->tileM * g->d->cPitch, a1);
  else
    snprintf(fields, sizeof fields, "a0: %s[%" PRId64 "] align 16%s", e, elems, a1);
  MlirType st = flyBuilderType(&g->b, "!fly.shared_storage<\"SharedStorage\">");
  MlirValue s = fly(g, "shared_alloc", 0, NULL, st,
                    FMT("{name = \"SharedStorage\", fields = \"%s\"}", fields));
  MlirType lds = flyBuilderType(
      &g->b, FMT("memref<%" PRId64 "x%s, #gpu.address_space<workgroup>>", elems, e));
  const char *tile = swizzledTile(g);
  char tensor[256];
  snprintf(tensor, sizeof tensor, "%s shared %s", e, tile);
  for (int i = 0; i < g->c->stages; ++i) {
    MlirValue f = fly(g, "shared_field", 1, &s, lds,
                      FMT("{field = \"%sa%d\"}", g->c->cshuffle && i == 0 ? "u." : "", i));
    MlirValue ops[2] = {f, flyBuildStatic(&g->b, FLY_TYPE_COMPOSED_LAYOUT, tile)};
    g->smem[i] = fly(g, "make_tensor", 2, ops, tensorT(g, tensor), NULL);
    /* 8 waves: each group's half of the rows, the same swizzle (it acts
     * on the row's low bits, which a half's first row keeps). */
    for (int h = 0; g->c->waves == 8 && h < 2; ++h) {
      int64_t half = g->c->tileM / 2;
      const char *part = swizzledRows(g, h * half, half);
      MlirValue hops[2] = {f, flyBuildStatic(&g->b, FLY_TYPE_COMPOSED_LAYOUT, part)};
      g->smemHalf[i][h] = fly(g, "make_tensor", 2, hops,
                              tensorT(g, FMT("%s shared %s", e, part)), NULL);
    }
  }
  if (g->c->cshuffle)
    g->cLds = cShuffleTile(g, s);
}

static MlirValue cmpUlt(Gen *g, MlirValue x, MlirValue y) {
  MlirValue ops[2] = {x, y};
  return flyBuildValue(&g->b, "arith.cmpi", 2, ops, mlirIntegerTypeGet(g->b.ctx, 1),
                       "{predicate = 6 : i64}");
}

static MlirValue select3(Gen *g, MlirValue c, MlirValue x, MlirValue y) {
  MlirValue ops[3] = {c, x, y};
  return flyBuildValue(&g->b, "arith.select", 3, ops, mlirValueGetType(x), NULL);
}

MlirValue castTo(Gen *g, MlirValue v, MlirType t) {
  return flyBuildValue(&g->b, "arith.index_cast", 1, &v, t, NULL);
}

/* The block coordinates. Blocks are dispatched round-robin over the XCDs
 * (block L of the linear order x + y * grid_x on XCD L % xcds); with the
 * remap, XCD x's blocks compute the consecutive tiles x * per .. x * per +
 * per - 1 of that order, rows of one N panel, so they share B in that
 * XCD's L2, and a CU's blocks take B's same columns whichever of the XCD's
 * blocks it holds (docs/gemm.md, "The XCD remap"). The last grid % xcds blocks
 * keep their own tile. */
static void blockCoords(Gen *g) {
  MlirValue bx = gpuId(g, "gpu.block_id", "x");
  MlirValue by = gpuId(g, "gpu.block_id", "y");
  if (!g->c->xcd) {
    g->bm = bx, g->bn = by;
    return;
  }
  /* In i32: the grid is far below 2^31 blocks, and 64-bit divisions by the
   * run-time grid_x would expand into a branchy 32/64-bit pair. */
  MlirType i32 = mlirIntegerTypeGet(g->b.ctx, 32), ix = mlirIndexTypeGet(g->b.ctx);
  MlirValue gdx = gpuId(g, "gpu.grid_dim", "x");
  MlirValue gx = castTo(g, gdx, i32);
  MlirValue gdy = gpuId(g, "gpu.grid_dim", "y");
  MlirValue gy = castTo(g, gdy, i32);
  MlirValue x = flyBuildValue(&g->b, "arith.constant", 0, NULL, i32,
                              FMT("{value = %d : i32}", g->c->xcd));
  /* One op per statement: the order of a call's argument evaluation is
   * unspecified in C, and with two ops built as arguments the IR's order
   * (the checked-in text) would depend on the compiler. */
  MlirValue all = flyBuildArith(&g->b, "muli", gx, gy);
  MlirValue rest = flyBuildArith(&g->b, "remui", all, x);
  MlirValue full = flyBuildArith(&g->b, "subi", all, rest);
  MlirValue per = flyBuildArith(&g->b, "divui", full, x);
  MlirValue x32 = castTo(g, bx, i32);
  MlirValue y32 = castTo(g, by, i32);
  MlirValue row = flyBuildArith(&g->b, "muli", y32, gx);
  MlirValue l = flyBuildArith(&g->b, "addi", x32, row);
  MlirValue onXcd = flyBuildArith(&g->b, "remui", l, x);
  MlirValue first = flyBuildArith(&g->b, "muli", onXcd, per);
  MlirValue slot = flyBuildArith(&g->b, "divui", l, x);
  MlirValue moved = flyBuildArith(&g->b, "addi", first, slot);
  MlirValue inFull = cmpUlt(g, l, full);
  MlirValue tile = select3(g, inFull, moved, l);
  MlirValue bm = flyBuildArith(&g->b, "remui", tile, gx);
  g->bm = castTo(g, bm, ix);
  MlirValue bn = flyBuildArith(&g->b, "divui", tile, gx);
  g->bn = castTo(g, bn, ix);
}

/* Thread and block coordinates: 4 waves split the tile's columns
 * (gemm-optimization §1.1); n0 is this wave's first column of C. */
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
  MlirValue per = flyBuildArith(&g->b, "divui", g->bm, idx(g, g->d->kRotateXcds));
  MlirValue spread = flyBuildArith(&g->b, "addi", g->bm, per);
  g->kRot = flyBuildArith(&g->b, "remui", spread, idx(g, g->d->kRotate));
}

MlirValue kTile(Gen *g, MlirValue kt) {
  if (mlirValueIsNull(g->kRot))
    return kt;
  MlirValue k = flyBuildArith(&g->b, "addi", kt, g->kRot);
  return flyBuildArith(&g->b, "remui", k, idx(g, g->c->k / g->c->tileK));
}

void buildCoords(Gen *g) {
  g->tid = gpuId(g, "gpu.thread_id", "x");
  blockCoords(g);
  kRotation(g);
  waveCoords(g);
}

void waveCoords(Gen *g) {
  MlirValue c64 = idx(g, 64);
  MlirValue wave = flyBuildArith(&g->b, "divui", g->tid, c64);
  g->lane = flyBuildArith(&g->b, "remui", g->tid, c64);
  g->rowOff = (MlirValue){NULL};
  if (g->c->waves == 8) { /* group h: waves 4h..4h+3, rows h * tile_m / 2.. */
    g->group = flyBuildArith(&g->b, "divui", wave, idx(g, 4));
    wave = flyBuildArith(&g->b, "remui", wave, idx(g, 4));
    g->rowOff = flyBuildArith(&g->b, "muli", g->group, idx(g, g->c->tileM / 2));
  }
  g->wn = flyBuildArith(&g->b, "muli", wave, idx(g, g->c->tileN / 4));
  MlirValue bn0 = flyBuildArith(&g->b, "muli", g->bn, idx(g, g->c->tileN));
  g->n0 = flyBuildArith(&g->b, "addi", bn0, g->wn);
  g->zero = flyBuildStatic(&g->b, FLY_TYPE_INT_TUPLE, "(0,0)");
}

/* A's `rows` x tile_k tile at tile coordinate (rowTile, kt) of the walk
 * over K (kTile). */
static MlirValue tileRowsA(Gen *g, MlirValue rowTile, int64_t rows, MlirValue kt) {
  MlirValue k = kTile(g, kt);
  MlirValue tops[2] = {g->ga, tuple2(g, rowTile, k)};
  return fly(g, "local_tile", 2, tops,
             tensorT(g, FMT("%s global (%" PRId64 ",%" PRId64 "):(%" PRId64 ",1)", g->d->elem,
                            rows, g->d->tileKCols, g->d->kCols)),
             FMT("{tile = \"(%" PRId64 ",%" PRId64 ")\"}", rows, g->d->tileKCols));
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
  MlirValue r = flyBuildArith(&g->b, "muli", g->bm, idx(g, 2));
  MlirValue row = h ? flyBuildArith(&g->b, "addi", r, idx(g, 1)) : r;
  MlirValue src = tileRowsA(g, row, half, hc->kt);
  MlirValue t = h ? flyBuildArith(&g->b, "subi", g->tid, idx(g, 256)) : g->tid;
  MlirValue ops[3] = {src, g->smemHalf[hc->stage][h], t};
  flyVoid(g, "copy_to_lds", 3, ops,
          FMT("{bytes = %d : i32, threads = 256 : i32}", g->d->copyBytes));
}

void copyA(Gen *g, MlirValue kt, int stage) {
  if (g->c->waves == 8) {
    HalfCopy hc = {kt, stage};
    perGroup(g, copyHalf, &hc);
    return;
  }
  MlirValue ops[3] = {tileA(g, kt), g->smem[stage], g->tid};
  flyVoid(g, "copy_to_lds", 3, ops,
          FMT("{bytes = %d : i32, threads = 256 : i32}", g->d->copyBytes));
}

/* The sync copy's chunks, computed once: chunk c of a thread is the
 * tile's 16-byte chunk c*256 + tid in row-major order. */
static void buildChunks(Gen *g) {
  int64_t perRow = g->d->tileKCols * g->d->elemBytes / 16;
  g->numChunks = (int)(g->c->tileM * perRow / 256);
  for (int c = 0; c < g->numChunks && c < MAX_CHUNKS; ++c) {
    MlirValue q = flyBuildArith(&g->b, "addi", g->tid, idx(g, 256 * c));
    MlirValue row = flyBuildArith(&g->b, "divui", q, idx(g, perRow));
    MlirValue col = flyBuildArith(&g->b, "remui", q, idx(g, perRow));
    g->chunk[c] = tuple2(g, row, flyBuildArith(&g->b, "muli", col, idx(g, 16 / g->d->elemBytes)));
  }
}

/* The sync copy's first half (seed §4.1): this thread's chunks of A's
 * k-tile kt into registers, issued before the MFMAs they overlap. */
static void loadA(Gen *g, MlirValue kt, MlirValue *regs) {
  MlirValue tile = tileA(g, kt);
  MlirType vt = flyBuilderType(&g->b, FMT("vector<%dx%s>", 16 / g->d->elemBytes, g->d->elem));
  for (int c = 0; c < g->numChunks; ++c) {
    MlirValue ops[2] = {tile, g->chunk[c]};
    regs[c] = fly(g, "load", 2, ops, vt, NULL);
  }
}

/* Its second half: the registers into LDS stage `stage`, swizzled. */
static void storeA(Gen *g, const MlirValue *regs, int stage) {
  for (int c = 0; c < g->numChunks; ++c) {
    MlirValue ops[3] = {regs[c], g->smem[stage], g->chunk[c]};
    flyVoid(g, "store", 3, ops, NULL);
  }
}

/* Waits for this thread's copies, then for everyone's (one barrier). */
void syncA(Gen *g) {
  flyVoid(g, "waitcnt", 0, NULL, "{vmcnt = 0 : i32}");
  flyBuildOp(&g->b, "gpu.barrier", 0, NULL, 0, NULL, NULL, 0);
}

/* The vector-memory instructions one lane issues for one K tile: the A
 * DMA's (one per copy) and B's fragment loads (at most 16 bytes each, so
 * at least ceil(bytes / 16) per fragment). Both are lower bounds on what
 * LLVM emits, which is what a vmcnt that must not leave too much
 * outstanding needs. */
static int64_t dmaLoads(Gen *g) {
  return g->c->tileM * g->d->tileKCols * g->d->elemBytes / (256 * g->d->copyBytes);
}

static int64_t fragmentLoads(Gen *g) {
  int64_t bytes = g->d->abLen / g->d->perByteB * g->d->kPack * g->d->elemBytes;
  return g->d->nRepeat * (g->d->kSteps / g->d->kPack) * ((bytes + 15) / 16);
}

/* The end of a three-stage step: this wave's DMA of the previous step has
 * landed once at most `outstanding` newer vector-memory instructions are
 * in flight (they complete in issue order), then every wave's (barrier).
 * Not gpu.barrier: its workgroup-scope release fence makes LLVM wait for
 * every LDS DMA in flight (the DMA writes LDS), the one just issued too —
 * the wait this pipeline exists to avoid. Wavefront-scope fences
 * (orderings 5 = release, 4 = acquire) still keep the compiler from moving
 * memory operations across the barrier and cost no wait; the s_waitcnt
 * orders this wave for the others: the DMA they read next has landed and
 * this wave's LDS reads are done (lgkmcnt 0). The emulator's hazard
 * checker, on in the test suite, checks the count. */
void waveBarrier(Gen *g) {
  flyBuildOp(&g->b, "llvm.fence", 0, NULL, 0, NULL,
             "{ordering = 5 : i64, syncscope = \"wavefront\"}", 0);
  flyBuildOp(&g->b, "rocdl.s.barrier", 0, NULL, 0, NULL, NULL, 0);
  flyBuildOp(&g->b, "llvm.fence", 0, NULL, 0, NULL,
             "{ordering = 4 : i64, syncscope = \"wavefront\"}", 0);
}

static void syncAAfter(Gen *g, int64_t outstanding) {
  int64_t most = flyHwChipGet(g->c->chip)->mem.vmcntMax; /* fewer is still right */
  if (outstanding > most)
    outstanding = most;
  flyVoid(g, "waitcnt", 0, NULL,
          FMT("{vmcnt = %" PRId64 " : i32, lgkmcnt = 0 : i32}", outstanding));
  flyBuildOp(&g->b, "llvm.fence", 0, NULL, 0, NULL,
             "{ordering = 5 : i64, syncscope = \"wavefront\"}", 0);
  flyBuildOp(&g->b, "rocdl.s.barrier", 0, NULL, 0, NULL, NULL, 0);
  flyBuildOp(&g->b, "llvm.fence", 0, NULL, 0, NULL,
             "{ordering = 4 : i64, syncscope = \"wavefront\"}", 0);
}

const char *atomAttrs(Gen *g, bool withK) {
  const GemmDerived *d = g->d;
  return FMT("{shape = \"%s\", a = \"%s\", b = \"%s\", c = \"%s\", m_repeat = %" PRId64
             " : i32, n_repeat = %" PRId64 " : i32%s%s}",
             d->atom, d->mmaElem, d->mmaElemB, d->acc, d->mRepeat, d->nRepeat,
             d->swapAB ? ", swap_ab" : "",
             withK ? FMT(", k_steps = %" PRId64 " : i32%s", d->kSteps,
                         d->kPack > 1 ? FMT(", k_pack = %" PRId64 " : i32", d->kPack) : "")
                   : "");
}

/* B's origin for step kt of the walk over K: this wave's columns n0..,
 * rows kTile(kt)*tile_k.. */
static MlirValue originB(Gen *g, MlirValue kt) {
  MlirValue k = kTile(g, kt);
  MlirValue kk = flyBuildArith(&g->b, "muli", k, idx(g, g->d->tileKColsB));
  MlirValue crd[2] = {g->n0, kk};
  return fly(g, "make_int_tuple", 2, crd, flyBuilderFlyType(&g->b, FLY_TYPE_INT_TUPLE, "(?,?)"),
             NULL);
}

/* This lane's B fragments for k-tile kt, loaded a tile ahead of the MFMAs
 * that use them (seed §2.3, §4.2: prefetch_b_tile(next_k) while the
 * current tile computes). k-tiles past the last read the last one again:
 * the loop's final prefetch is never used, and this keeps it in bounds. */
MlirValue prefetchB(Gen *g, MlirValue kt) {
  int64_t last = g->c->k / g->c->tileK - 1;
  MlirValue kc = flyBuildArith(&g->b, "minui", kt, idx(g, last));
  int64_t len = g->d->nRepeat * g->d->kSteps * g->d->abLen / g->d->perByteB;
  MlirValue ops[3] = {g->gb, g->lane, originB(g, kc)};
  const char *attrs = atomAttrs(g, true);
  MlirValue bf = fly(g, "gemm_fragments", 3, ops,
                     flyBuilderType(&g->b, FMT("vector<%" PRId64 "x%s>", len, g->d->elemB)),
                     FMT("{operand = \"b\", %s", attrs + 1));
  return g->d->mx ? mxWithScales(g, bf, kc) : bf;
}

/* One k-tile's MFMAs: A from LDS stage `stage`, B from its prefetched
 * fragments `bf` (columns n0.. of k-tile kt). */
MlirValue gemmTile(Gen *g, int stage, MlirValue kt, MlirValue bf, MlirValue acc) {
  if (g->d->mx)
    return mxGemm(g, g->smem[stage], bf, acc, originB(g, kt));
  MlirValue ao = g->c->waves == 8 ? tuple2(g, g->rowOff, idx(g, 0)) : g->zero;
  MlirValue ops[6] = {g->smem[stage], bf, acc, g->lane, ao, originB(g, kt)};
  return fly(g, "gemm", 6, ops, mlirValueGetType(acc), atomAttrs(g, true));
}

static void barrier(Gen *g) { flyBuildOp(&g->b, "gpu.barrier", 0, NULL, 0, NULL, NULL, 0); }

/* The main loop's body for iteration kt with the async copy; `bf` holds
 * B's fragments of k-tile kt and the body returns k-tile kt+stages'. Two
 * stages: compute on one buffer while the DMA fills the other (seed §2.3),
 * one barrier per stage; each stage issues the next tile's DMA and B
 * prefetch first, so both have the stage's MFMAs to land before the wait.
 * One stage: the same with one buffer, refilled after a barrier. */
static MlirValue asyncBody(Gen *g, MlirValue kt, MlirValue acc, MlirValue *bf) {
  MlirValue k1 = flyBuildArith(&g->b, "addi", kt, idx(g, 1));
  if (g->c->stages == 1) {
    MlirValue next = prefetchB(g, k1);
    acc = gemmTile(g, 0, kt, *bf, acc);
    barrier(g);
    copyA(g, k1, 0);
    syncA(g);
    *bf = next;
    return acc;
  }
  MlirValue k2 = flyBuildArith(&g->b, "addi", kt, idx(g, 2));
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
  MlirValue k1 = flyBuildArith(&g->b, "addi", kt, idx(g, 1)), regs[MAX_CHUNKS];
  loadA(g, k1, regs);
  MlirValue b1 = prefetchB(g, k1);
  acc = gemmTile(g, 0, kt, *bf, acc);
  if (g->c->stages == 1)
    barrier(g);
  storeA(g, regs, g->c->stages - 1);
  barrier(g);
  *bf = b1;
  if (g->c->stages == 1)
    return acc;
  MlirValue k2 = flyBuildArith(&g->b, "addi", kt, idx(g, 2));
  loadA(g, k2, regs);
  MlirValue b2 = prefetchB(g, k2);
  acc = gemmTile(g, 1, k1, b1, acc);
  storeA(g, regs, 0);
  barrier(g);
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
    next = prefetchB(g, flyBuildArith(&g->b, "addi", kt, idx(g, 1)));
  if (dma)
    copyA(g, flyBuildArith(&g->b, "addi", kt, idx(g, 2)), (buf + 2) % 3);
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
  flyVoid(g, "sched_barrier", 0, NULL, "{mask = \"none\"}");
  MlirValue b0 = prefetchB(g, idx(g, 0));
  if (two)
    copyA(g, idx(g, 1), 1);
  syncAAfter(g, two ? dmaLoads(g) : 0);
  return b0;
}

static MlirValue body3(Gen *g, MlirValue kt, MlirValue acc, MlirValue *bf) {
  for (int j = 0; j < 3; ++j) {
    MlirValue t = j ? flyBuildArith(&g->b, "addi", kt, idx(g, j)) : kt;
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

/* Appends a block with n arguments to region 0 of `op` and moves the
 * builder into it; `saved` is where leaveRegion returns to. */
MlirBlock enterRegion(Gen *g, MlirOperation op, intptr_t n, const MlirType *types,
                             FlyBuilder *saved) {
  MlirLocation locs[8];
  for (intptr_t i = 0; i < n && i < 8; ++i)
    locs[i] = g->b.loc;
  MlirBlock block = mlirBlockCreate(n < 8 ? n : 8, types, locs);
  mlirRegionAppendOwnedBlock(mlirOperationGetRegion(op, 0), block);
  *saved = g->b;
  g->b = flyBuilderAtEnd(block, saved->loc);
  return block;
}

void leaveRegion(Gen *g, FlyBuilder saved) {
  saved.failed = saved.failed || g->b.failed;
  g->b = saved;
}

void perGroup(Gen *g, void (*body)(Gen *g, int h, void *arg), void *arg) {
  MlirValue ops[2] = {g->group, idx(g, 0)};
  MlirValue first = flyBuildValue(&g->b, "arith.cmpi", 2, ops, mlirIntegerTypeGet(g->b.ctx, 1),
                                  "{predicate = 0 : i64}");
  MlirOperation op = flyBuildOp(&g->b, "scf.if", 1, &first, 0, NULL, NULL, 2);
  if (mlirOperationIsNull(op))
    return;
  for (int h = 0; h < 2; ++h) {
    MlirBlock block = mlirBlockCreate(0, NULL, NULL);
    mlirRegionAppendOwnedBlock(mlirOperationGetRegion(op, (intptr_t)h), block);
    FlyBuilder saved = g->b;
    g->b = flyBuilderAtEnd(block, saved.loc);
    body(g, h, arg);
    flyBuildOp(&g->b, "scf.yield", 0, NULL, 0, NULL, NULL, 0);
    leaveRegion(g, saved);
  }
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
  MlirValue ops[5] = {idx(g, 0), idx(g, loopTiles(g)), idx(g, g->c->stages), acc0, *b0};
  MlirType vt[2] = {mlirValueGetType(acc0), mlirValueGetType(*b0)};
  MlirOperation loop = flyBuildOp(&g->b, "scf.for", 5, ops, 2, vt, "{fly.hot_loop}", 1);
  if (mlirOperationIsNull(loop))
    return (MlirValue){NULL};
  MlirType argTypes[3] = {mlirIndexTypeGet(g->b.ctx), vt[0], vt[1]};
  FlyBuilder outer;
  MlirBlock body = enterRegion(g, loop, 3, argTypes, &outer);
  MlirValue bf = mlirBlockGetArgument(body, 2);
  MlirValue yield[2];
  yield[0] = loopBody(g, mlirBlockGetArgument(body, 0), mlirBlockGetArgument(body, 1), &bf);
  yield[1] = bf;
  flyBuildOp(&g->b, "scf.yield", 2, yield, 0, NULL, NULL, 0);
  leaveRegion(g, outer);
  *b0 = mlirOperationGetResult(loop, 1);
  return mlirOperationGetResult(loop, 0);
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
static MlirValue scale(Gen *g, MlirValue acc, MlirValue sa, MlirValue sb, MlirValue m,
                       MlirValue co) {
  MlirValue l = fly(g, "make_int_tuple", 1, &m,
                    flyBuilderFlyType(&g->b, FLY_TYPE_INT_TUPLE, "?"), NULL);
  MlirValue lops[2] = {l, flyBuildStatic(&g->b, FLY_TYPE_INT_TUPLE, "1")};
  MlirValue sal = fly(g, "make_layout", 2, lops, flyBuilderFlyType(&g->b, FLY_TYPE_LAYOUT, "?:1"),
                      NULL);
  MlirValue aops[2] = {sa, sal};
  MlirValue tsa = fly(g, "make_tensor", 2, aops, tensorT(g, "f32 global ?:1"), "{buffer}");
  MlirValue tsb = staticTensor(g, sb, "f32", FMT("%" PRId64 ":1", g->c->n), "{buffer}");
  MlirValue ops[5] = {acc, tsa, tsb, g->lane, co};
  return fly(g, "gemm_scale", 5, ops, mlirValueGetType(acc), atomAttrs(g, false));
}

MlirType vectorT(Gen *g, const char *elem) {
  return flyBuilderType(&g->b, FMT("vector<%" PRId64 "x%s>",
                                   g->d->mRepeat * g->d->nRepeat * 4, elem));
}

/* One pass of the CShuffle read-out: lane i of the block takes eVec
 * consecutive elements of one row, rows in order (seed §7.2). */
static void cShufflePass(Gen *g, MlirValue pass, MlirValue gcTile) {
  int64_t perRow = g->c->tileN / g->d->eVec;
  MlirValue base = flyBuildArith(&g->b, "muli", pass, idx(g, 256));
  MlirValue i = flyBuildArith(&g->b, "addi", base, g->tid);
  MlirValue row = flyBuildArith(&g->b, "divui", i, idx(g, perRow));
  MlirValue colv = flyBuildArith(&g->b, "remui", i, idx(g, perRow));
  MlirValue col = flyBuildArith(&g->b, "muli", colv, idx(g, g->d->eVec));
  MlirValue crd = tuple2(g, row, col);
  MlirValue lops[2] = {g->cLds, crd};
  MlirValue v = fly(g, "load", 2, lops,
                    flyBuilderType(&g->b, FMT("vector<%dx%s>", g->d->eVec, outElem(g))), NULL);
  MlirValue sops[3] = {v, gcTile, crd};
  flyVoid(g, "store", 3, sops, NULL);
}

/* CShuffle (seed §7.2): each wave writes its accumulators into C's LDS
 * tile, then the block reads it back by rows and stores eVec elements per
 * lane, so a wave's stores cover whole row segments. */
static void cShuffleStore(Gen *g, MlirValue r, MlirValue gc) {
  MlirValue ops[4] = {r, g->cLds, g->lane, tuple2(g, idx(g, 0), g->wn)};
  flyVoid(g, "gemm_store", 4, ops, atomAttrs(g, false));
  flyBuildOp(&g->b, "gpu.barrier", 0, NULL, 0, NULL, NULL, 0);
  MlirValue tops[2] = {gc, tuple2(g, g->bm, g->bn)};
  MlirValue tile = fly(g, "local_tile", 2, tops,
                       tensorT(g, FMT("%s global (%" PRId64 ",%" PRId64 "):(%" PRId64 ",1)",
                                      outElem(g), g->c->tileM, g->c->tileN, g->c->n)),
                       FMT("{tile = \"(%" PRId64 ",%" PRId64 ")\"}", g->c->tileM, g->c->tileN));
  int64_t passes = g->c->tileM * g->c->tileN / (256 * g->d->eVec);
  MlirValue lops[3] = {idx(g, 0), idx(g, passes), idx(g, 1)};
  MlirOperation loop = flyBuildOp(&g->b, "scf.for", 3, lops, 0, NULL, NULL, 1);
  if (mlirOperationIsNull(loop))
    return;
  MlirType it = mlirIndexTypeGet(g->b.ctx);
  FlyBuilder outer;
  MlirBlock body = enterRegion(g, loop, 1, &it, &outer);
  cShufflePass(g, mlirBlockGetArgument(body, 0), tile);
  flyBuildOp(&g->b, "scf.yield", 0, NULL, 0, NULL, NULL, 0);
  leaveRegion(g, outer);
}

/* The wave's accumulator tile of tensor t (elements `elem`: f32, or the
 * output type, widened to f32), loaded atom by atom in the accumulators'
 * layout with fly.mma_fragment (operand c) and placed at each atom's slice:
 * a vector<lanes x f32> to add to the accumulators. */
static MlirValue accTile(Gen *g, MlirValue t, const char *elem, MlirValue m0) {
  int64_t am, an, ak;
  sscanf(g->d->atom, "%" SCNd64 "x%" SCNd64 "x%" SCNd64, &am, &an, &ak);
  int64_t cLen = am * an / 64, lanes = g->d->mRepeat * g->d->nRepeat * cLen;
  char fragAttrs[160], vecT[48]; /* kept: FMT's buffers are reused by the calls below */
  snprintf(fragAttrs, sizeof fragAttrs,
           "{shape = \"%s\", a = \"%s\", b = \"%s\", c = \"%s\", operand = \"c\"%s}",
           g->d->atom, g->d->mmaElem, g->d->mmaElemB, g->d->acc, g->d->swapAB ? ", swap_ab" : "");
  snprintf(vecT, sizeof vecT, "vector<%" PRId64 "x%s>", cLen, elem);
  bool widen = strcmp(elem, "f32") != 0;
  MlirType f32 = mlirF32TypeGet(g->b.ctx);
  MlirValue *elems = calloc((size_t)lanes, sizeof *elems);
  if (!elems)
    return (MlirValue){NULL};
  for (int64_t i = 0; i < g->d->mRepeat; ++i)
    for (int64_t j = 0; j < g->d->nRepeat; ++j) {
      MlirValue r = flyBuildArith(&g->b, "addi", m0, idx(g, am * i));
      MlirValue c = flyBuildArith(&g->b, "addi", g->n0, idx(g, an * j));
      MlirValue o = tuple2(g, r, c);
      MlirValue fops[3] = {t, g->lane, o};
      MlirValue f = fly(g, "mma_fragment", 3, fops, flyBuilderType(&g->b, vecT), fragAttrs);
      if (widen)
        f = flyBuildValue(&g->b, "arith.extf", 1, &f,
                          flyBuilderType(&g->b, FMT("vector<%" PRId64 "xf32>", cLen)), NULL);
      int64_t at = cLen * (i * g->d->nRepeat + j);
      for (int64_t e = 0; e < cLen; ++e)
        elems[at + e] = flyBuildValue(&g->b, "vector.extract", 1, &f, f32,
                                      FMT("{static_position = array<i64: %" PRId64 ">}", e));
    }
  MlirValue all = flyBuildValue(&g->b, "vector.from_elements", (intptr_t)lanes, elems,
                                vectorT(g, "f32"), NULL);
  free(elems);
  return all;
}

static MlirValue addF(Gen *g, MlirValue x, MlirValue y) {
  MlirValue v[2] = {x, y};
  return flyBuildValue(&g->b, "arith.addf", 2, v, vectorT(g, "f32"), NULL);
}

/* acc + bias[column]: the bias seen as a (maxM, N):(0,1) tensor, every row
 * the same. */
static MlirValue addBias(Gen *g, MlirValue acc, MlirValue bias, MlirValue m0) {
  MlirValue tb = staticTensor(g, bias, "f32", FMT("(%" PRId64 ",%" PRId64 "):(0,1)", g->c->maxM,
                                                 g->c->n), NULL);
  return addF(g, acc, accTile(g, tb, "f32", m0));
}

/* acc + R[row][column], R of the output type with C's (maxM, N):(N,1)
 * layout: the rows past M are read (C's buffer has them too) but never
 * stored. */
static MlirValue addResidual(Gen *g, MlirValue acc, MlirValue res, MlirValue m0) {
  MlirValue tr = staticTensor(g, res, outElem(g), FMT("(%" PRId64 ",%" PRId64 "):(%" PRId64 ",1)",
                                                      g->c->maxM, g->c->n, g->c->n), NULL);
  return addF(g, acc, accTile(g, tr, outElem(g), m0));
}

/* A splat f32 constant of the accumulators' shape. */
static MlirValue splat(Gen *g, double v) {
  int64_t lanes = g->d->mRepeat * g->d->nRepeat * 4;
  return flyBuildValue(&g->b, "arith.constant", 0, NULL, vectorT(g, "f32"),
                       FMT("{value = dense<%.17e> : vector<%" PRId64 "xf32>}", v, lanes));
}

static MlirValue binF(Gen *g, const char *op, MlirValue a, MlirValue b) {
  MlirValue v[2] = {a, b};
  return flyBuildValue(&g->b, op, 2, v, vectorT(g, "f32"), NULL);
}

static MlirValue unF(Gen *g, const char *op, MlirValue a) {
  return flyBuildValue(&g->b, op, 1, &a, vectorT(g, "f32"), NULL);
}

/* relu: max(x, 0); silu: x / (1 + e^-x); gelu, the tanh form x/2 (1 +
 * tanh(u)) with u = sqrt(2/pi) (x + 0.044715 x^3), computed as the equal
 * x / (1 + e^(-2u)) (1 + tanh(u) = 2 / (1 + e^(-2u))): one exp, no tanh
 * polynomial, so the epilogue stays within the main loop's registers. */
static MlirValue activate(Gen *g, MlirValue x) {
  switch (g->c->activation) {
  case GEMM_ACT_RELU:
    return binF(g, "arith.maxnumf", x, splat(g, 0.0));
  case GEMM_ACT_SILU: {
    MlirValue e = unF(g, "math.exp", unF(g, "arith.negf", x));
    return binF(g, "arith.divf", x, binF(g, "arith.addf", splat(g, 1.0), e));
  }
  case GEMM_ACT_GELU: {
    MlirValue x3 = binF(g, "arith.mulf", binF(g, "arith.mulf", x, x), x);
    MlirValue in = binF(g, "arith.addf", x, binF(g, "arith.mulf", x3, splat(g, 0.044715)));
    MlirValue m2u = binF(g, "arith.mulf", in, splat(g, -2.0 * 0.7978845608028654));
    MlirValue e = unF(g, "math.exp", m2u);
    return binF(g, "arith.divf", x, binF(g, "arith.addf", splat(g, 1.0), e));
  }
  case GEMM_ACT_NONE:
    break;
  }
  return x;
}

/* Direct store (seed §7.1): int8 sums become f32, 8-bit types take their
 * scales, the bias, the activation and the residual follow in f32, the
 * result rounds to the output type and goes to C. */
static void buildEpilogue(Gen *g, MlirValue acc, MlirValue sa, MlirValue sb, MlirValue m,
                          MlirValue gc, MlirValue bias, MlirValue res) {
  const char *out = g->c->outF16 ? "f16" : "bf16";
  MlirValue m0 = flyBuildArith(&g->b, "muli", g->bm, idx(g, g->c->tileM));
  if (g->c->waves == 8)
    m0 = flyBuildArith(&g->b, "addi", m0, g->rowOff);
  MlirValue crd[2] = {m0, g->n0};
  MlirValue co = fly(g, "make_int_tuple", 2, crd,
                     flyBuilderFlyType(&g->b, FLY_TYPE_INT_TUPLE, "(?,?)"), NULL);
  if (g->c->dtype == GEMM_INT8)
    acc = flyBuildValue(&g->b, "arith.sitofp", 1, &acc, vectorT(g, "f32"), NULL);
  if (g->d->scaled)
    acc = scale(g, acc, sa, sb, m, co);
  if (g->c->bias)
    acc = addBias(g, acc, bias, m0);
  acc = activate(g, acc);
  if (g->c->residual)
    acc = addResidual(g, acc, res, m0);
  MlirValue r = flyBuildValue(&g->b, "arith.truncf", 1, &acc, vectorT(g, out), NULL);
  if (g->c->cshuffle)
    return cShuffleStore(g, r, gc);
  MlirValue ops[4] = {r, gc, g->lane, co};
  flyVoid(g, "gemm_store", 4, ops, atomAttrs(g, false));
}

/* The kernel's arguments: A, B, C, [scale_a, scale_b,] [MX scales,] [bias,]
 * [residual,] M. */
static int argTypes(Gen *g, MlirType *t) {
  const GemmConfig *c = g->c;
  const char *e = g->d->elem, *out = c->outF16 ? "f16" : "bf16";
  int n = 0;
  t[n++] = flyBuilderType(&g->b, FMT("memref<%" PRId64 "x%s>", c->maxM * g->d->kCols, e));
  t[n++] = flyBuilderType(&g->b, FMT("memref<%" PRId64 "x%s>", c->n * g->d->kColsB, g->d->elemB));
  t[n++] = flyBuilderType(&g->b, FMT("memref<%" PRId64 "x%s>", c->maxM * c->n, out));
  if (g->d->scaled) {
    t[n++] = flyBuilderType(&g->b, FMT("memref<%" PRId64 "xf32>", c->maxM));
    t[n++] = flyBuilderType(&g->b, FMT("memref<%" PRId64 "xf32>", c->n));
  }
  if (g->d->mx)
    n += mxArgTypes(g, t + n);
  if (c->bias)
    t[n++] = flyBuilderType(&g->b, FMT("memref<%" PRId64 "xf32>", c->n));
  if (c->residual)
    t[n++] = flyBuilderType(&g->b, FMT("memref<%" PRId64 "x%s>", c->maxM * c->n, out));
  t[n++] = mlirIntegerTypeGet(g->b.ctx, 32);
  return n;
}

static void buildBody(Gen *g, MlirBlock entry) {
  if (g->c->kind == GEMM_KIND_BLOCKSCALE)
    return bsBuildBody(g, entry);
  int nargs = (int)mlirBlockGetNumArguments(entry);
  MlirValue a = mlirBlockGetArgument(entry, 0), b = mlirBlockGetArgument(entry, 1);
  MlirValue c = mlirBlockGetArgument(entry, 2), m = mlirBlockGetArgument(entry, nargs - 1);
  MlirValue sa = {NULL}, sb = {NULL}, bias = {NULL}, res = {NULL};
  if (g->d->scaled || g->d->mx)
    sa = mlirBlockGetArgument(entry, 3), sb = mlirBlockGetArgument(entry, 4);
  if (g->c->residual)
    res = mlirBlockGetArgument(entry, nargs - 2);
  if (g->c->bias)
    bias = mlirBlockGetArgument(entry, nargs - 2 - (g->c->residual ? 1 : 0));
  buildConstants(g);
  buildShared(g);
  buildCoords(g);
  if (g->d->mx)
    mxTensors(g, sa, sb, m);
  g->ga = rowsTensor(g, a, m, g->d->elem, g->d->kCols);
  g->gb = staticTensor(g, b, g->d->elemB, preshuffledB(g), "{buffer}");
  MlirValue gc = rowsTensor(g, c, m, g->c->outF16 ? "f16" : "bf16", g->c->n);
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
    barrier(g);
  }
  int64_t lanes = g->d->mRepeat * g->d->nRepeat * 4;
  bool ints = g->c->dtype == GEMM_INT8;
  MlirValue acc0 = flyBuildValue(
      &g->b, "arith.constant", 0, NULL, vectorT(g, g->d->acc),
      FMT("{value = dense<%s> : vector<%" PRId64 "x%s>}", ints ? "0" : "0.0", lanes, g->d->acc));
  MlirValue acc = buildLoop(g, acc0, &b0);
  if (g->c->stages == 3)
    acc = buildTail3(g, acc, b0);
  buildEpilogue(g, acc, sa, sb, m, gc, bias, res);
  flyBuildOp(&g->b, "gpu.return", 0, NULL, 0, NULL, NULL, 0);
}

static void appendPrinted(MlirStringRef s, void *buf) {
  flyStrBufAppendN((FlyStrBuf *)buf, s.data, s.length);
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
 * syntax: the grid over every row the memrefs are declared with (M = max
 * M), each memref argument a zero buffer of its declared size (the loop's
 * timing does not depend on the values) and the i32 M. */
static char *modelLaunch(const Gen *g, const MlirType *types, int n) {
  const GemmConfig *c = g->c;
  FlyStrBuf b = {0};
  flyStrBufAppendF(&b, "--grid %" PRId64 ",%" PRId64 " --block %d", c->maxM / c->tileM,
                   c->n / c->tileN, 64 * c->waves);
  for (int i = 0; i < n; ++i) {
    if (!mlirTypeIsAMemRef(types[i])) {
      flyStrBufAppendF(&b, " i32=%" PRId64, c->maxM);
      continue;
    }
    const char *e = runDtype(mlirShapedTypeGetElementType(types[i]));
    flyStrBufAppendF(&b, " arg%d:%s:%" PRId64, i, e ? e : "?",
                     mlirShapedTypeGetDimSize(types[i], 0));
  }
  return flyStrBufTake(&b);
}

/* gpu.func @name(args) kernel, 256 threads per block. */
static MlirOperation buildFunc(Gen *g) {
  MlirType types[12]; /* A, B, C, scales, MX scales, bias, residual, M */
  int n = g->c->kind == GEMM_KIND_BLOCKSCALE ? bsArgTypes(g, types) : argTypes(g, types);
  FlyStrBuf ft = {0};
  flyStrBufAppend(&ft, "(");
  for (int i = 0; i < n && !g->b.failed; ++i) {
    flyStrBufAppend(&ft, i ? ", " : "");
    mlirTypePrint(types[i], appendPrinted, &ft);
  }
  flyStrBufAppend(&ft, ") -> ()");
  char *attrs = NULL, *launch = modelLaunch(g, types, n);
  if (ft.data && launch) {
    FlyStrBuf ab = {0};
    flyStrBufAppendF(&ab, "{function_type = %s, gpu.kernel, "
                          "known_block_size = array<i32: %d, 1, 1>, ", ft.data, 64 * g->c->waves);
    if (g->c->wavesPerEu)
      flyStrBufAppendF(&ab, "rocdl.waves_per_eu = %d : i32, ", g->c->wavesPerEu);
    flyStrBufAppendF(&ab, "fly.model_launch = \"%s\"}", launch);
    attrs = flyStrBufTake(&ab);
  }
  flyFree(launch);
  flyStrBufDestroy(&ft);
  MlirOperation f = attrs ? flyBuildOp(&g->b, "gpu.func", 0, NULL, 0, NULL, attrs, 1)
                          : (MlirOperation){NULL};
  flyFree(attrs);
  if (mlirOperationIsNull(f))
    return f;
  /* The name is an attribute value, never attribute text: no quoting to get
   * wrong (main.c also restricts it to a plain symbol). */
  mlirOperationSetAttributeByName(
      f, mlirStringRefCreateFromCString("sym_name"),
      mlirStringAttrGet(g->b.ctx, mlirStringRefCreateFromCString(g->c->name)));
  FlyBuilder outer;
  buildBody(g, enterRegion(g, f, n, types, &outer));
  leaveRegion(g, outer);
  return f;
}

MlirModule gemmKernelBuild(MlirContext ctx, const GemmConfig *c, const GemmDerived *d) {
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirModule mod = mlirModuleCreateEmpty(loc);
  MlirOperation top = mlirModuleGetOperation(mod);
  mlirOperationSetAttributeByName(top, mlirStringRefCreateFromCString("gpu.container_module"),
                                  mlirUnitAttrGet(ctx));
  Gen g = {.b = flyBuilderAtEnd(mlirModuleGetBody(mod), loc), .c = c, .d = d};
  /* The chip is part of the module (the standard ROCDL target attribute),
   * so flyc compiles it for the chip it was written for. */
  MlirOperation gm = flyBuildOp(&g.b, "gpu.module", 0, NULL, 0, NULL,
                                fmt(&g, "{sym_name = \"kernels\", targets = [#rocdl.target<"
                                        "chip = \"%s\">]}",
                                    flyChipGetInfo(c->chip)->name),
                                1);
  if (!mlirOperationIsNull(gm)) {
    FlyBuilder outer;
    enterRegion(&g, gm, 0, NULL, &outer);
    buildFunc(&g);
    leaveRegion(&g, outer);
  }
  if (g.b.failed || !mlirOperationVerify(top)) {
    mlirModuleDestroy(mod);
    return (MlirModule){NULL};
  }
  return mod;
}
