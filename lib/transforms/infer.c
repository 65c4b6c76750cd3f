/*===- infer.c - Result types of fly algebra ops, for builders ------------===*
 *
 * flyInferResultType (flyc/transforms.h): what fly-verify would accept as
 * the result type of a fly op lib/layout evaluates (sema.h) or of a tiled
 * MMA op (the atom table), computed from the operands' types and the op's
 * attributes instead of checked; flyVerifyOp: fly-verify's checks of one
 * op, their message returned instead of reported.
 *===----------------------------------------------------------------------===*/
#include "flyc/transforms.h"

#include "flyc/dialect.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "passes.h"
#include "sema.h"
#include "verify_ops.h"

/* fly-verify's checks report through the context's diagnostics: while one
 * runs for a builder, the first error's message goes to `err` instead. */
typedef struct Capture {
  FlyStrBuf *err;
  bool got;
} Capture;

static void appendText(MlirStringRef s, void *user) {
  flyStrBufAppendN(((Capture *)user)->err, s.data, s.length);
}

static MlirLogicalResult capture(MlirDiagnostic d, void *user) {
  Capture *c = user;
  if (!c->got && mlirDiagnosticGetSeverity(d) == MlirDiagnosticError) {
    c->got = true;
    mlirDiagnosticPrint(d, appendText, c);
  }
  return mlirLogicalResultSuccess();
}

static MlirDiagnosticHandlerID captureBegin(MlirOperation op, Capture *c) {
  return mlirContextAttachDiagnosticHandler(mlirOperationGetContext(op), capture, c, NULL);
}

static void captureEnd(MlirOperation op, MlirDiagnosticHandlerID id, Capture *c, bool ok) {
  mlirContextDetachDiagnosticHandler(mlirOperationGetContext(op), id);
  if (!ok && !c->got)
    flyStrBufAppend(c->err, "invalid op");
}

/* Runs one of fly-verify's checks on `op` with a fresh layout context,
 * its first error's message into `err`. */
static MlirLogicalResult captured(MlirOperation op, FlyStrBuf *err,
                                  bool (*check)(FlyLayoutCtx *ctx, MlirOperation op,
                                                MlirType *out),
                                  MlirType *out) {
  Capture c = {err, false};
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  if (!ctx) {
    flyStrBufAppend(err, "out of memory");
    return mlirLogicalResultFailure();
  }
  MlirDiagnosticHandlerID id = captureBegin(op, &c);
  bool ok = check(ctx, op, out);
  captureEnd(op, id, &c, ok);
  flyLayoutCtxDestroy(ctx);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

static bool verifyOne(FlyLayoutCtx *ctx, MlirOperation op, MlirType *unused) {
  (void)unused;
  return voCheckAttributeNames(op) && voVerifyOp(ctx, op);
}

MlirLogicalResult flyVerifyOp(MlirOperation op, FlyStrBuf *err) {
  return captured(op, err, verifyOne, NULL);
}

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
  /* The tiled MMA ops' results follow from their attributes (the atom
   * table, mma_atoms.h), not from lib/layout's algebra. */
  if (voIsMmaResultOp(op))
    return captured(op, err, voInferMmaResult, out);
  if (flyOpNameIs(op, "fly.shared_field"))
    return captured(op, err, voInferSharedField, out);
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
