/*===- lower.h - Emitting arith for the layout algebra (internal) --------===*
 *
 * Shared by fly-lower-layout and the tensor lowering: scalars that stay
 * constants while they can, sums that keep their constant part apart (a
 * swizzle needs to see it), the leaves of fly values traced to the ops that
 * built them, and crd2idx/idx2crd/swizzle emission. Prefix: lw.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_TRANSFORMS_LOWER_H
#define FLYC_TRANSFORMS_LOWER_H

#include "flyc/chip.h"
#include "flyc/layout.h"
#include "congruence.h"
#include "mlir-c/IR.h"
#include "passes.h"

enum { MAX_LEAVES = 64 };

/* A scalar being built: a constant, or an index-typed SSA value. */
typedef struct Val {
  bool isConst;
  int64_t c;
  MlirValue v;
} Val;

/* Emission state: insertion point, context and error flag. */
typedef struct Builder {
  MlirOperation at; /* new ops go before this op */
  MlirLocation loc;
  MlirContext mctx;
  FlyLayoutCtx *lctx;
  bool failed;
} Builder;

/* The leaves of a tuple in pre-order, as values. */
typedef struct Leaves {
  Val v[MAX_LEAVES];
  int n;
} Leaves;

/* A sum kept as constant + dynamic part, so constants never hide inside an
 * addi (the swizzle needs to see them). */
typedef struct Lin {
  int64_t c;
  Val dyn;
} Lin;

/* A coordinate: an integer (shape NULL, one leaf) or an int tuple of the
 * given structure whose leaves are values. */
typedef struct LwCoord {
  const FlyIntTuple *shape;
  Leaves leaves;
} LwCoord;

/* Cursors into the shape and stride leaves while walking the structure;
 * when `crd` is set, the coordinate of each leaf is recorded there (a
 * vector access needs to know where in the layout's contiguous run it
 * starts). */
typedef struct LayoutCursor {
  const Leaves *shape, *stride;
  int at;
  Leaves *crd;
} LayoutCursor;

/* Scalars (constant-folded as they are built; index type). */
Val lwKonst(int64_t c);
MlirValue lwEmit(Builder *b, const char *name, int n, const MlirValue *operands, MlirType type);
MlirValue lwValueOf(Builder *b, Val x);
/* vector.shuffle x, y with mask[0..n) (both operands' elements numbered in
 * sequence), a vector<n> of x's element type. Elements narrower than 32
 * bits that the mask moves as whole 32-bit words are shuffled as i32 words
 * between vector.bitcasts: LLVM's instruction selection splits a shuffle
 * of i8/f8 vectors into one node per byte (docs/pipeline.md, "Compile
 * time"), while the word shuffle is register renaming. */
MlirValue lwShuffle(Builder *b, MlirValue x, MlirValue y, const int64_t *mask, int64_t n);
Val lwBinary(Builder *b, const char *name, Val x, Val y);
Val lwAdd(Builder *b, Val x, Val y);
Val lwMul(Builder *b, Val x, Val y);
Val lwDivu(Builder *b, Val x, Val y);
Val lwRemu(Builder *b, Val x, Val y);
Val lwToIndex(Builder *b, MlirValue v);
/* Sums with their constant part kept apart. */
void lwLinAdd(Builder *b, Lin *acc, Val term);
Val lwLinValue(Builder *b, const Lin *acc);
/* Leaves of fly values, traced to the ops that built them. */
int lwCountLeaves(const FlyIntTuple *t);
bool lwPushLeaves(Builder *b, const FlyIntTuple *t, MlirOperation def, int *next, Leaves *out);
MlirOperation lwDefiningOp(MlirValue v);
bool lwTupleLeaves(Builder *b, MlirValue v, Leaves *out);
bool lwLayoutLeaves(Builder *b, MlirValue v, const FlyLayout *l, Leaves *shape, Leaves *stride);
Val lwProduct(Builder *b, const Leaves *l, int from, int count);
bool lwIdx2crdLeaves(Builder *b, MlirOperation op, Leaves *out);
/* crd2idx and swizzles (see lower_emit.c for the semantics). */
void lwCrdInt(Builder *b, Val x, const FlyIntTuple *shape, LayoutCursor *lc, Lin *acc);
void lwCrdTuple(Builder *b, const FlyIntTuple *crd, const Leaves *cl, int *ci, const FlyIntTuple *shape, LayoutCursor *lc, Lin *acc);
bool lwLayoutApply(Builder *b, MlirValue crdv, MlirValue layoutv, const FlyLayout *l, Lin *acc);
/* A layout applied at a coordinate, with the leaves it read and the
 * coordinate of each leaf. */
typedef struct LwTrace {
  Leaves shape, stride, crd;
} LwTrace;
bool lwLayoutApplyTrace(Builder *b, const LwCoord *crd, MlirValue layoutv, const FlyLayout *l,
                        Lin *acc, LwTrace *trace);
/* The outer layout value of a composed layout value (its make_composed_layout
 * operand, or the value itself when it is static). */
MlirValue lwComposedOuterValue(MlirValue compv);
bool lwInnerApply(Builder *b, const FlyComposedLayout *c, const Lin *pos, Val *out);
/* What is known about a scalar's residues (congruence.h). */
CgCongruence lwCongruenceOf(Val x);
CgCongruence lwCongruenceOfLin(const Lin *acc);
bool lwCoordOf(Builder *b, MlirValue crdv, LwCoord *out);
bool lwLayoutApplyCoord(Builder *b, const LwCoord *crd, MlirValue layoutv, const FlyLayout *l, Lin *acc);
bool lwComposedApplyCoord(Builder *b, const LwCoord *crd, MlirValue compv, const FlyComposedLayout *c, Val *out);
Val lwSwizzle(Builder *b, const FlySwizzle *s, Val x);
bool lwComposedApply(Builder *b, MlirValue crdv, MlirValue compv, const FlyComposedLayout *c, Val *out);
MlirValue lwFromIndex(Builder *b, Val x, MlirType type);

/* A static layout flattened to leaf arrays, evaluated at an integer
 * coordinate without allocating (the compile-time checks evaluate layouts
 * thousands of times per op). */
typedef struct LwFlat {
  int n;
  int64_t shape[MAX_LEAVES], stride[MAX_LEAVES];
} LwFlat;

/* Flattens a layout whose leaves are static integers; false otherwise. */
bool lwFlatOf(const FlyLayout *l, LwFlat *out);
/* L(x) colexicographically (pycute: the last mode takes the rest); 0 when
 * it overflows (the checked form says so). */
int64_t lwFlatEval(const LwFlat *f, int64_t x);
bool lwFlatEvalChecked(const LwFlat *f, int64_t x, int64_t *out);

/* Tensors (LowerTensor.c): lowers fly.make_tensor/load/store/copy_to_lds in
 * `root` to memref, vector and amdgpu ops; false after located errors. */
bool lwLowerTensors(Builder *b, FlyChip chip, MlirOperation root);

#endif /* FLYC_TRANSFORMS_LOWER_H */
