/*===- Fold.c - fly-fold -------------------------------------------------------===*
 *
 * Evaluates the static layout algebra at compile time. An op whose operands
 * are fully static is replaced by its value: integers (size, crd2idx of a
 * constant coordinate, ...) by arith.constant, fly values by fly.static
 * whose type is the value. fly ops left without users are
 * then erased, so static layouts never reach LLVM.
 *===----------------------------------------------------------------------===*/
#include <string.h>

#include "passes.h"
#include "sema.h"

/* Replaces `op`'s result by `replacement` (inserted before `op`). */
static void replaceWith(MlirOperation op, MlirOperation replacement) {
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, replacement);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0),
                                mlirOperationGetResult(replacement, 0));
}

static void foldTo(MlirOperation op, const FlyStatic *value) {
  MlirValue res = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(res);
  MlirLocation loc = mlirOperationGetLocation(op);
  if (value->kind == FLY_TYPE_NONE) {
    replaceWith(op, flyArithConstantCreate(loc, type, value->intValue));
    return;
  }
  if (flySemaIsStaticConstructor(op) || !flyStaticIsKnown(value))
    return;
  replaceWith(op, flyOpCreate(loc, "static", 0, NULL, 1, &type));
}

typedef struct FoldState {
  FlyLayoutCtx *ctx;
} FoldState;

static void foldOp(FoldState *st, MlirOperation op) {
  int n = (int)mlirOperationGetNumOperands(op);
  if (mlirOperationGetNumResults(op) != 1 || !flySemaKnowsOp(op))
    return;
  FlyStatic *ops = flyCalloc(n ? (size_t)n : 1, sizeof(FlyStatic));
  bool known = ops != NULL;
  for (int i = 0; known && i < n; ++i)
    known = flyStaticOfValue(st->ctx, mlirOperationGetOperand(op, i), &ops[i]) &&
            flyStaticIsKnown(&ops[i]);
  FlyStatic result;
  FlyStrBuf err = {0};
  if (known && flySemaEval(st->ctx, op, ops, n, &result, &err) == FLY_SEMA_OK)
    foldTo(op, &result);
  flyStrBufDestroy(&err);
  flyFree(ops);
}

static MlirLogicalResult run(MlirOperation root, const FlyPassOptions *options) {
  (void)options;
  FoldState st = {flyLayoutCtxCreate()};
  FlyOpList list = {0};
  flyOpListCollectPrefix(&list, root, "fly.");
  for (size_t i = 0; st.ctx && i < list.len; ++i)
    foldOp(&st, list.ops[i]);
  bool ok = st.ctx && !list.oom;
  flyOpListDestroy(&list);
  flyLayoutCtxDestroy(st.ctx);
  if (ok)
    flyEraseDeadOps(root, "fly.", flySemaKnowsOp);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

const FlyPassInfo flyFoldPass = {
    "fly-fold",
    "Evaluate static layout algebra: integers become constants, fly values constructors",
    run,
};
