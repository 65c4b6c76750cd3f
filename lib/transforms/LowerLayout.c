/*===- LowerLayout.c - fly-lower-layout ---------------------------------------===*
 *
 * After fly-fold only what depends on run-time values is left: coordinates
 * built from thread indices, extents such as M. This pass turns crd2idx,
 * idx2crd, size and apply_swizzle over such values into the minimal arith:
 * static leaves stay constants (multiplications by 1 and additions of 0
 * vanish as they are built), and a swizzle becomes and/shift/xor. The XOR of
 * a swizzle S<B,M,S> only reads and writes bits below its period 2^(B+M+S),
 * so a constant part of the offset that is a multiple of the period is added
 * after the swizzle instead of before: S(c + x) = c + S(x). That keeps, e.g.,
 * a ping-pong buffer's base out of the XOR, where it folds with other
 * constants. Every fly op must be gone afterwards; one that is not is a
 * located error.
 *===----------------------------------------------------------------------===*/
#include <string.h>

#include "flyc/chip.h"

#include "mlir-c/BuiltinTypes.h"
#include "lower.h"
#include "passes.h"
#include "sema.h"

static void fail(Builder *b, MlirOperation op, const char *reason) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  flyEmitOpError(op, "cannot lower '%.*s' with run-time operands: %s", (int)n.length, n.data,
                 reason);
  b->failed = true;
}

/*--- The pass -----------------------------------------------------------------------*/

static bool lowerValue(Builder *b, MlirOperation op, Val *out) {
  FlyStatic a;
  MlirValue v0 = mlirOperationGetOperand(op, 0);
  if (flyOpIs(op, "size")) {
    Leaves l, unused;
    if (!flyStaticOfValue(b->lctx, v0, &a))
      return false;
    bool ok = a.kind == FLY_TYPE_LAYOUT ? lwLayoutLeaves(b, v0, a.layout, &l, &unused)
                                        : lwTupleLeaves(b, v0, &l);
    if (ok) /* the leaves are only filled in on success */
      *out = lwProduct(b, &l, 0, l.n);
    return ok;
  }
  if (flyOpIs(op, "apply_swizzle")) {
    if (!flyStaticOfValue(b->lctx, v0, &a) || a.kind != FLY_TYPE_SWIZZLE)
      return false;
    *out = lwSwizzle(b, a.swizzle, lwToIndex(b, mlirOperationGetOperand(op, 1)));
    return true;
  }
  if (flyOpIs(op, "crd2idx")) {
    MlirValue lv = mlirOperationGetOperand(op, 1);
    if (!flyStaticOfValue(b->lctx, lv, &a))
      return false;
    if (a.kind == FLY_TYPE_COMPOSED_LAYOUT)
      return lwComposedApply(b, v0, lv, a.composed, out);
    Lin acc = {0, lwKonst(0)};
    if (a.kind != FLY_TYPE_LAYOUT || !lwLayoutApply(b, v0, lv, a.layout, &acc))
      return false;
    *out = lwLinValue(b, &acc);
    return true;
  }
  return false;
}

static void lowerOp(Builder *b, MlirOperation op) {
  MlirValue res = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(res);
  if (flyTypeGetKind(type) != FLY_TYPE_NONE)
    return; /* fly values disappear once their integer users are lowered */
  b->at = op;
  b->loc = mlirOperationGetLocation(op);
  Val x;
  if (!lowerValue(b, op, &x)) {
    fail(b, op, "its layouts and coordinates must be static or built by "
                "make_int_tuple/make_layout/idx2crd");
    return;
  }
  mlirValueReplaceAllUsesOfWith(res, lwFromIndex(b, x, type));
}

/* Ops of this pass (the algebra and the tensors) must all be gone; other
 * fly ops (fly.mma, scheduling) belong to later passes. */
static MlirWalkResult reportLeft(MlirOperation op, void *userData) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (flySemaKnowsOp(op) || flyOpIs(op, "make_tensor") || flyOpIs(op, "local_tile")) {
    flyEmitOpError(op, "'%.*s' is still used after layout lowering (a fly value may only "
                       "feed fly ops)", (int)n.length, n.data);
    *(bool *)userData = true;
  }
  return MlirWalkResultAdvance;
}

static MlirLogicalResult run(MlirOperation root, const FlyPassOptions *options) {
  Builder b = {.mctx = mlirOperationGetContext(root), .lctx = flyLayoutCtxCreate()};
  FlyChip chip = options->chip < 0 ? FLY_CHIP_GFX950 : (FlyChip)options->chip;
  /* Tensors first: their accesses read the layout values lowered below. */
  bool ok = b.lctx && lwLowerTensors(&b, chip, root);
  FlyOpList list = {0};
  if (ok)
    flyOpListCollectPrefix(&list, root, "fly.");
  for (size_t i = 0; ok && i < list.len; ++i) {
    if (mlirOperationGetNumResults(list.ops[i]) == 1 && flySemaKnowsOp(list.ops[i]))
      lowerOp(&b, list.ops[i]);
  }
  bool failed = !ok || b.failed || list.oom;
  flyOpListDestroy(&list);
  flyLayoutCtxDestroy(b.lctx);
  if (failed)
    return mlirLogicalResultFailure();
  flyEraseDeadOps(root, "fly.", flySemaKnowsOp);
  bool left = false;
  mlirOperationWalk(root, reportLeft, &left, MlirWalkPreOrder);
  return left ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}

const FlyPassInfo flyLowerLayoutPass = {
    "fly-lower-layout",
    "Lower tensors and the dynamic rest of the layout algebra to memref/vector/amdgpu and "
    "arith (swizzles to and/shift/xor)",
    run,
};
