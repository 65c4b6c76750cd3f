/*===- Verify.c - fly-verify ---------------------------------------------------===*
 *
 * IRDL checks only the kinds of operands; this pass checks meaning. Every
 * fly type's notation must parse, every algebra op must be admissible
 * (a composition whose strides do not divide, a divide that does not tile,
 * a recast between widths that do not fit are located errors here), and a
 * declared result type must equal the computed one, so a test or a kernel
 * can state the layout it expects and be told when it is wrong. Every
 * attribute of every fly op is checked here too, and what tensor, MMA,
 * shared-memory and scheduling ops read against their operands
 * (verify_ops.h).
 *===----------------------------------------------------------------------===*/
#include <string.h>

#include "passes.h"
#include "sema.h"
#include "verify_ops.h"

typedef struct VerifyState {
  FlyLayoutCtx *ctx;
  bool failed;
} VerifyState;

static const char *opShortName(MlirOperation op) {
  return mlirIdentifierStr(mlirOperationGetName(op)).data;
}

/* Describes the operands; a malformed type is reported once, at the op. */
static bool describeOperands(VerifyState *st, MlirOperation op, FlyStatic *ops, int n) {
  for (int i = 0; i < n; ++i) {
    if (!flyStaticOfValue(st->ctx, mlirOperationGetOperand(op, i), &ops[i])) {
      flyEmitOpError(op, "operand #%d has malformed notation: %s", i,
                     flyLayoutCtxGetError(st->ctx));
      return false;
    }
  }
  return true;
}

/* Compares the computed result with the declared result type. */
static void checkResult(VerifyState *st, MlirOperation op, const FlyStatic *computed) {
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  FlyStatic declared;
  if (!flyStaticOfType(st->ctx, t, &declared)) {
    flyEmitOpError(op, "result type has malformed notation: %s", flyLayoutCtxGetError(st->ctx));
    st->failed = true;
    return;
  }
  if (computed->kind == FLY_TYPE_NONE) {
    if (!declared.isInt) {
      flyEmitOpError(op, "'%s' produces an integer; declare an integer or index result",
                     opShortName(op));
      st->failed = true;
    }
    return;
  }
  FlyStrBuf a = {0}, b = {0};
  flyStaticPrint(computed, &a);
  flyStaticPrint(&declared, &b);
  if (declared.kind != computed->kind || !a.data || !b.data || strcmp(a.data, b.data) != 0) {
    flyEmitOpError(op, "declared result type does not match '%s': it computes %s",
                   opShortName(op), a.data ? a.data : "?");
    st->failed = true;
  }
  flyStrBufDestroy(&a);
  flyStrBufDestroy(&b);
}

/* A result that depends on run-time values cannot have a fully static fly
 * type: fly-fold would take the type for the value. */
static void checkDynamicResult(VerifyState *st, MlirOperation op) {
  FlyStatic declared;
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (flyStaticOfType(st->ctx, t, &declared) && declared.kind != FLY_TYPE_NONE &&
      flyStaticIsKnown(&declared)) {
    flyEmitOpError(op, "'%s' depends on run-time values, so its result type needs `?` "
                       "leaves where they enter",
                   opShortName(op));
    st->failed = true;
  }
}

static void verifyOp(VerifyState *st, MlirOperation op) {
  if (mlirOperationGetNumResults(op) != 1) {
    flyEmitOpError(op, "must have exactly one result");
    st->failed = true;
    return;
  }
  int n = (int)mlirOperationGetNumOperands(op);
  FlyStatic *ops = flyCalloc(n ? (size_t)n : 1, sizeof(FlyStatic));
  if (!ops || !describeOperands(st, op, ops, n)) {
    st->failed = true;
    flyFree(ops);
    return;
  }
  FlyStatic result;
  FlyStrBuf err = {0};
  FlySemaStatus s = flySemaEval(st->ctx, op, ops, n, &result, &err);
  if (s == FLY_SEMA_ERROR) {
    flyEmitOpError(op, "'%s' %s", opShortName(op), err.data ? err.data : "is invalid");
    st->failed = true;
  } else if (s == FLY_SEMA_OK) {
    checkResult(st, op, &result);
  } else {
    checkDynamicResult(st, op);
  }
  flyStrBufDestroy(&err);
  flyFree(ops);
}

static MlirWalkResult visit(MlirOperation op, void *userData) {
  VerifyState *st = userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length <= 4 || memcmp(name.data, "fly.", 4) != 0)
    return MlirWalkResultAdvance;
  if (!voCheckAttributeNames(op))
    st->failed = true;
  else if (flySemaKnowsOp(op))
    verifyOp(st, op);
  else if (!voVerifyOp(st->ctx, op))
    st->failed = true;
  return MlirWalkResultAdvance;
}

static MlirLogicalResult run(MlirOperation root, const FlyPassOptions *options) {
  (void)options;
  VerifyState st = {flyLayoutCtxCreate(), false};
  if (!st.ctx)
    return mlirLogicalResultFailure();
  mlirOperationWalk(root, visit, &st, MlirWalkPreOrder);
  flyLayoutCtxDestroy(st.ctx);
  return st.failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}

const FlyPassInfo flyVerifyPass = {
    "fly-verify",
    "Check fly notation, admissibility of the layout algebra and declared result types",
    run,
};
