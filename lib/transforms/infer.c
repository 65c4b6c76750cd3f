/*===- infer.c - Result types of fly algebra ops, for builders ------------===*
 *
 * flyInferResultType (flyc/transforms.h): what fly-verify would accept as
 * the result type of a fly op lib/layout evaluates (sema.h), computed from
 * the operands' types and the op's attributes instead of checked.
 *===----------------------------------------------------------------------===*/
#include "flyc/transforms.h"

#include "flyc/dialect.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes.h"
#include "sema.h"

/* The queries whose result is an integer even when it is only known at run
 * time (docs/language.md, "Queries"). */
static bool isIntegerQuery(MlirOperation op) {
  static const char *const names[] = {"fly.size", "fly.cosize", "fly.rank", "fly.depth",
                                      "fly.crd2idx", "fly.apply_swizzle"};
  for (size_t i = 0; i < sizeof names / sizeof *names; ++i)
    if (flyOpNameIs(op, names[i]))
      return true;
  return false;
}

MlirLogicalResult flyInferResultType(MlirOperation op, MlirType *out, FlyStrBuf *err) {
  if (!flySemaKnowsOp(op)) {
    flyStrBufAppend(err, "not a fly op whose result lib/layout computes");
    return mlirLogicalResultFailure();
  }
  int n = (int)mlirOperationGetNumOperands(op);
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  FlyStatic *ops = flyCalloc(n ? (size_t)n : 1, sizeof(FlyStatic));
  MlirLogicalResult r = mlirLogicalResultFailure();
  if (!ctx || !ops) {
    flyStrBufAppend(err, "out of memory");
    goto done;
  }
  for (int i = 0; i < n; ++i)
    if (!flyStaticOfValue(ctx, mlirOperationGetOperand(op, i), &ops[i])) {
      flyStrBufAppendF(err, "operand %d: %s", i, flyLayoutCtxGetError(ctx));
      goto done;
    }
  FlyStatic res;
  FlySemaStatus s = flySemaEval(ctx, op, ops, n, &res, err);
  MlirContext mctx = mlirOperationGetContext(op);
  if (s == FLY_SEMA_ERROR)
    goto done;
  if (s == FLY_SEMA_DYNAMIC && !isIntegerQuery(op)) {
    flyStrBufAppend(err, "the result depends on run-time values: declare its type");
    goto done;
  }
  if (s == FLY_SEMA_DYNAMIC || res.kind == FLY_TYPE_NONE) {
    *out = mlirIndexTypeGet(mctx);
    r = mlirLogicalResultSuccess();
    goto done;
  }
  FlyStrBuf spec = {0};
  flyStaticPrint(&res, &spec);
  *out = spec.oom ? (MlirType){NULL}
                  : flyTypeGet(mctx, res.kind, mlirStringRefCreateFromCString(spec.data));
  flyStrBufDestroy(&spec);
  if (mlirTypeIsNull(*out))
    flyStrBufAppend(err, "out of memory");
  else
    r = mlirLogicalResultSuccess();
done:
  flyFree(ops);
  flyLayoutCtxDestroy(ctx);
  return r;
}
