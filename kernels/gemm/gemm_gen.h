/*===- gemm_gen.h - The GEMM generator's shared building blocks --------------===*
 *
 * Internal to gemm-gen: the kernel under construction and the pieces of the
 * preshuffle family (gemm_kernel.c) that the fp8 block-scale kernel
 * (blockscale_kernel.c) builds on, so both write them the same way.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_KERNELS_GEMM_GEN_H
#define FLYC_KERNELS_GEMM_GEN_H

#include "gemm_config.h"

#include "flyc/builder.h"

enum { TEXT_SLOTS = 16, TEXT_CAP = 512, MAX_CONSTS = 12, MAX_CHUNKS = 16 };

/* The kernel under construction: builder, configuration and the values
 * every part uses. */
typedef struct Gen {
  FlyBuilder b;
  const GemmConfig *c;
  const GemmDerived *d;
  MlirValue tid, lane, bm, bn, wn, n0, zero, ga, gb;
  MlirValue kRot; /* the K tile this block's walk over K starts at (null: 0) */
  MlirValue smem[3], cLds;
  MlirValue smemHalf[3][2]; /* 8 waves: group h's rows of each stage */
  MlirValue group, rowOff;  /* 8 waves: this wave's group (0, 1) and its first row */
  MlirValue chunk[MAX_CHUNKS]; /* sync copy: this thread's chunk coordinates */
  int numChunks;
  MlirValue consts[MAX_CONSTS];
  int64_t constVal[MAX_CONSTS];
  int numConsts;
  char text[TEXT_SLOTS][TEXT_CAP];
  unsigned nextText;
  struct { /* the block-scale promote's inputs, set up once */
    MlirValue aScale, bScale, nb, co, zeroAcc;
  } bs;
  struct { /* MXFP4: the scale tensors and the lane's (row, block) in a word */
    MlirValue a, b, r, g;
  } mx;
} Gen;

/* Formats into the next of the kernel's rotating text buffers: enough for
 * the few strings one build call combines. */
const char *fmt(Gen *g, const char *f, ...) __attribute__((format(printf, 2, 3)));
#define FMT(...) fmt(g, __VA_ARGS__)

MlirType tensorT(Gen *g, const char *spec);
MlirValue fly(Gen *g, const char *op, intptr_t n, const MlirValue *ops, MlirType t,
              const char *attrs);
void flyVoid(Gen *g, const char *op, intptr_t n, const MlirValue *ops, const char *attrs);
/* An index constant, from the entry block's table where it is there. */
MlirValue idx(Gen *g, int64_t v);
void buildConstants(Gen *g);
MlirValue tuple2(Gen *g, MlirValue x, MlirValue y);
MlirValue gpuId(Gen *g, const char *op, const char *dim);
/* A row-major tensor of `rows` (a run-time i32) x `cols` over `mem`. */
MlirValue rowsTensor(Gen *g, MlirValue mem, MlirValue rows, const char *elem, int64_t cols);
MlirValue staticTensor(Gen *g, MlirValue mem, const char *elem, const char *layout,
                       const char *attrs);
/* B's preshuffled layout (seed §12). */
const char *preshuffledB(Gen *g);
/* A's swizzled LDS stages (g->smem). */
void buildShared(Gen *g);
/* g->tid, the block coordinates g->bm, g->bn from the block id (remapped
 * over the XCDs when g->c->xcd is set), the K rotation g->kRot, then
 * waveCoords. */
void buildCoords(Gen *g);
/* The K tile that step kt of this block's walk over K reads: (kt + kRot)
 * mod the K tiles (docs/gemm.md, "K order"); kt itself without rotation.
 * Every address of a K tile (A, B, the MX and block scales) goes through
 * it. */
MlirValue kTile(Gen *g, MlirValue kt);
/* arith.index_cast of v to t. */
MlirValue castTo(Gen *g, MlirValue v, MlirType t);
/* From g->tid and g->bn: the lane, this wave's column offset wn and its
 * first column of C, n0. */
void waveCoords(Gen *g);
/* A's k-tile kt into LDS stage `stage` by DMA. */
void copyA(Gen *g, MlirValue kt, int stage);
/* vmcnt(0) then a barrier. */
void syncA(Gen *g);
/* This lane's B fragments for k-tile kt (clamped to the last one). */
MlirValue prefetchB(Gen *g, MlirValue kt);
/* One k-tile's MFMAs on A's LDS stage and B's fragments bf, into acc. */
MlirValue gemmTile(Gen *g, int stage, MlirValue kt, MlirValue bf, MlirValue acc);
const char *atomAttrs(Gen *g, bool withK);
/* The wave's accumulator vector type with element `elem`. */
MlirType vectorT(Gen *g, const char *elem);
/* The main loop over K (step: the LDS stages), the accumulators and B's
 * fragments its iteration arguments; the body is the configuration's.
 * Returns the final accumulators; *b0 becomes B's fragments after it. */
MlirValue buildLoop(Gen *g, MlirValue acc0, MlirValue *b0);
MlirBlock enterRegion(Gen *g, MlirOperation op, intptr_t n, const MlirType *types,
                      FlyBuilder *saved);
void leaveRegion(Gen *g, FlyBuilder saved);
/* With 8 waves: runs body(g, h, arg) for this wave's group h, as an
 * scf.if on the group with one branch per group (h a constant in each). */
void perGroup(Gen *g, void (*body)(Gen *g, int h, void *arg), void *arg);
/* The wavefront-fenced s_barrier the three-stage steps use. */
void waveBarrier(Gen *g);

/* blockscale_kernel.c: the fp8 block-scale GEMM's arguments, main-loop
 * body (two stages) and kernel body. */
int bsArgTypes(Gen *g, MlirType *t);
MlirValue bsLoopBody(Gen *g, MlirValue kt, MlirValue acc, MlirValue *bf);
void bsBuildBody(Gen *g, MlirBlock entry);

/* mx_kernel.c: the MXFP4 GEMM's scale arguments (after C), their tensors
 * (g->mx, after waveCoords), B's prefetched fragments with K tile kt's
 * scale words appended (carried together to the tile's gemm), and the
 * scaled fly.gemm taking them apart. */
int mxArgTypes(Gen *g, MlirType *t);
void mxTensors(Gen *g, MlirValue sa, MlirValue sb, MlirValue m);
MlirValue mxWithScales(Gen *g, MlirValue bf, MlirValue kt);
MlirValue mxGemm(Gen *g, MlirValue a, MlirValue carried, MlirValue acc, MlirValue bo);

#endif /* FLYC_KERNELS_GEMM_GEN_H */
