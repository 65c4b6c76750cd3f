/*===- gemm_gen.h - The GEMM generator's shared building blocks --------------===*
 *
 * Internal to gemm-gen: the kernel under construction and the pieces of the
 * preshuffle family (gemm_kernel.c) that the fp8 block-scale kernel
 * (blockscale_kernel.c) and the MXFP4 scales (mx_kernel.c) build on. All of
 * it is written with the typed front-end (flyc/frontend.h): no type is
 * written but the kernel's parameters, and each op is located at the line
 * of the generator that built it.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_KERNELS_GEMM_GEN_H
#define FLYC_KERNELS_GEMM_GEN_H

#include "gemm_config.h"

#include "flyc/frontend.h"

enum { TEXT_SLOTS = 16, TEXT_CAP = 512, MAX_CONSTS = 12, MAX_CHUNKS = 16 };

/* The kernel under construction: program, configuration and the values
 * every part uses. */
typedef struct Gen {
  FlyProgram *p;
  const GemmConfig *c;
  const GemmDerived *d;
  FlyMma mma; /* one wave's block of MFMAs for one K tile */
  MlirValue m; /* the run-time M, as index */
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

/* The program, with this generator line as the location of what the call
 * builds. */
#define P FLY(g->p)

/* Formats into the next of the kernel's rotating text buffers: enough for
 * the few strings one build call combines. */
const char *fmt(Gen *g, const char *f, ...) __attribute__((format(printf, 2, 3)));
#define FMT(...) fmt(g, __VA_ARGS__)

/* An index constant, from the entry block's table where it is there. */
MlirValue idx(Gen *g, int64_t v);
MlirValue tuple2(Gen *g, MlirValue x, MlirValue y);
/* A tensor over `mem` with the static layout `layout`, through a buffer
 * resource where `buffer` is set. */
MlirValue staticTensor(Gen *g, MlirValue mem, const char *layout, bool buffer);
/* B's preshuffled layout (seed §12). */
const char *preshuffledB(Gen *g);
/* What every kernel of the family starts with, from its `n` arguments (A,
 * B, C first, the i32 M last; MXFP4's scales 3 and 4): the constants, the
 * LDS stages, the block and wave coordinates, the MX scale tensors and the
 * tensors over A and B. Returns C's tensor. */
MlirValue buildPrologue(Gen *g, const MlirValue *args, int n);
/* The K tile that step kt of this block's walk over K reads: (kt + kRot)
 * mod the K tiles (docs/gemm.md, "K order"); kt itself without rotation.
 * Every address of a K tile (A, B, the MX and block scales) goes through
 * it. */
MlirValue kTile(Gen *g, MlirValue kt);
/* A's k-tile kt into LDS stage `stage` by DMA. */
void copyA(Gen *g, MlirValue kt, int stage);
/* vmcnt(0) then a barrier. */
void syncA(Gen *g);
/* This lane's B fragments for k-tile kt (clamped to the last one). */
MlirValue prefetchB(Gen *g, MlirValue kt);
/* One k-tile's MFMAs on A's LDS stage and B's fragments bf, into acc. */
MlirValue gemmTile(Gen *g, int stage, MlirValue kt, MlirValue bf, MlirValue acc);
/* The main loop over K (step: the LDS stages), the accumulators and B's
 * fragments its iteration arguments; the body is the configuration's.
 * Returns the final accumulators; *b0 becomes B's fragments after it. */
MlirValue buildLoop(Gen *g, MlirValue acc0, MlirValue *b0);
/* With 8 waves: runs body(g, h, arg) for this wave's group h, as an
 * scf.if on the group with one branch per group (h a constant in each). */
void perGroup(Gen *g, void (*body)(Gen *g, int h, void *arg), void *arg);

/* blockscale_kernel.c: the fp8 block-scale GEMM's parameters (FMT text),
 * main-loop body (two stages) and kernel body. */
int bsParams(Gen *g, const char **t);
MlirValue bsLoopBody(Gen *g, MlirValue kt, MlirValue acc, MlirValue *bf);
void bsBuildBody(Gen *g, const MlirValue *args);

/* mx_kernel.c: the MXFP4 GEMM's scale parameters (after C), their tensors
 * (g->mx, after the prologue), B's prefetched fragments with K tile kt's
 * scale words appended (carried together to the tile's gemm), and the
 * scaled fly.gemm taking them apart. */
int mxParams(Gen *g, const char **t);
void mxTensors(Gen *g, MlirValue sa, MlirValue sb);
MlirValue mxWithScales(Gen *g, MlirValue bf, MlirValue kt);
MlirValue mxGemm(Gen *g, MlirValue a, MlirValue carried, MlirValue acc, MlirValue bo);

#endif /* FLYC_KERNELS_GEMM_GEN_H */
