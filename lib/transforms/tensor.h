/*===- tensor.h - Tensors in fly-lower-layout (internal) -----------------===*
 *
 * LowerTensor.c lowers tensor views and accesses; LowerGemm.c builds MMA
 * fragments, tiled gemms and their stores on top of the same views.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_TRANSFORMS_TENSOR_H
#define FLYC_TRANSFORMS_TENSOR_H

#include "lower.h"

/* A tensor type `ELEM SPACE LAYOUT`, parsed. */
typedef struct TensorType {
  MlirType elem;
  int elemBytes;
  bool shared;
  const FlyLayout *layout;        /* the layout, or the composed layout's outer */
  const FlyComposedLayout *composed;
} TensorType;

/* A lowered fly.make_tensor: the memref accesses go to, and its layout value. */
typedef struct TensorBase {
  MlirOperation def;
  MlirValue mem;
  MlirValue layoutv; /* the layout value, or null for a local tile (static layout) */
  Val origin;        /* element offset of the view's coordinate 0 in `mem` */
  TensorType type;
  bool invalid;      /* its definition was reported: skip its uses quietly */
} TensorBase;

/* A DMA whose lanes' chunks were found contiguous (LowerTensor.c): the
 * check evaluates the layouts at every position of the tile, and a loop's
 * copies repeat the same few tiles. */
typedef struct TnDmaChecked {
  int64_t n, perLane;
  int swizzle[3]; /* bits, base, shift; bits = -1 without a swizzle */
  LwFlat inverse, source;
} TnDmaChecked;
enum { TN_DMA_MEMO = 4 };

/* The fragment plans of fly-lower-layout's MMA ops (LowerGemm.c), kept
 * over the pass: every fragment of one atom and tensor splits into the same
 * runs, and checking them evaluates the layouts at every lane and value. */
typedef struct TnFragPlans TnFragPlans;

typedef struct TensorState {
  Builder *b;
  FlyChip chip;
  TnFragPlans *plans; /* lazily allocated; freed by tnFragPlansDestroy */
  TensorBase *bases;
  size_t n;
  TnDmaChecked dmaOk[TN_DMA_MEMO];
  int numDmaOk;
} TensorState;

/// Frees the fragment plans of `ts` (LowerGemm.c).
void tnFragPlansDestroy(TensorState *ts);

/// Parses a `!fly.tensor<"ELEM SPACE LAYOUT">` type; false when `t` is not
/// one, its notation is malformed, or ELEM is not a whole-byte type.
bool tnTensorTypeParse(FlyLayoutCtx *lctx, MlirContext mctx, MlirType t, TensorType *out);

/// The lowered view `tensor` stands for (from fly.make_tensor or
/// fly.local_tile), or NULL.
const TensorBase *tnBaseOf(TensorState *ts, MlirValue tensor);

/// The element offset of `crd` in the view's memref.
bool tnOffsetOfCoord(Builder *b, const TensorBase *t, const LwCoord *crd, Val *out);

/// tensor_access.c: a vector access split into contiguous pieces, piece i
/// holding the vector's elements [first, first+len) at element offset `off`
/// of the tensor's memref.
enum { TN_MAX_PIECES = 256, TN_MAX_VECTOR = 1024 };
typedef struct TnPiece {
  int64_t first, len;
  Val off;
} TnPiece;
typedef struct TnAccess {
  int n;
  TnPiece piece[TN_MAX_PIECES];
} TnAccess;

/// Plans an access of `len` elements that follow `crd` in the tensor's
/// memory order: checks that they stay in the layout's contiguous run and
/// splits them where the inner function (swizzle) moves runs apart. False
/// after a located error at `op`.
bool tnPlanAccess(Builder *b, MlirOperation op, const TensorBase *t, const LwCoord *crd,
                  int64_t len, TnAccess *out);
/// Loads the planned pieces as one vector of `elem`.
MlirValue tnEmitLoad(Builder *b, const TensorBase *t, const TnAccess *a, MlirType elem);
/// Stores the vector `value` by the planned pieces.
void tnEmitStore(Builder *b, const TensorBase *t, const TnAccess *a, MlirValue value);

/// Reports `msg` at `op` and marks the lowering failed.
void tnFail(Builder *b, MlirOperation op, const char *msg);

struct FlyMmaAtom;
/// True when the atom's A and B lanes hold consecutive k (k_pack applies).
bool tnAtomPackable(const struct FlyMmaAtom *atom);

/// LowerGemm.c: fly.mma_fragment, fly.gemm, fly.gemm_store, fly.gemm_scale.
bool tnLowerFragment(TensorState *ts, MlirOperation op);
bool tnLowerGemm(TensorState *ts, MlirOperation op);
bool tnLowerGemmFragments(TensorState *ts, MlirOperation op);
bool tnLowerGemmStore(TensorState *ts, MlirOperation op);
bool tnLowerGemmScale(TensorState *ts, MlirOperation op);
bool tnLowerGemmRowScales(TensorState *ts, MlirOperation op);

#endif /* FLYC_TRANSFORMS_TENSOR_H */
