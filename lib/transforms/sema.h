/*===- sema.h - The compile-time meaning of fly ops (internal) -----------===*
 *
 * A fly value's type holds its static description in CuTe notation; `?`
 * leaves are dynamic. This module turns types into lib/layout values and
 * evaluates fly ops over them with lib/layout, which is what fly-verify
 * (check declared result types), fly-fold (replace static results by
 * constants) and fly-lower-layout (emit arith for the dynamic rest) share.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_TRANSFORMS_SEMA_H
#define FLYC_TRANSFORMS_SEMA_H

#include <stdbool.h>
#include <stdint.h>

#include "flyc/dialect.h"
#include "flyc/layout.h"
#include "mlir-c/IR.h"

/// The static description of one SSA value: a fly value (kind != NONE) or
/// an integer, whose value is known when it comes from arith.constant.
typedef struct FlyStatic {
  FlyTypeKind kind;
  const FlyIntTuple *tuple;          /* FLY_TYPE_INT_TUPLE */
  const FlyLayout *layout;           /* FLY_TYPE_LAYOUT */
  const FlySwizzle *swizzle;         /* FLY_TYPE_SWIZZLE */
  const FlyComposedLayout *composed; /* FLY_TYPE_COMPOSED_LAYOUT */
  const FlyTiler *tiler;             /* FLY_TYPE_TILE */
  bool isInt;                        /* an integer or index value */
  bool intKnown;                     /* ... whose value is intValue */
  int64_t intValue;
} FlyStatic;

/// Describes `value`. Returns false (message in `ctx`) when its fly type's
/// notation does not parse.
bool flyStaticOfValue(FlyLayoutCtx *ctx, MlirValue value, FlyStatic *out);

/// Describes the fly type `type`; false with a message when malformed.
bool flyStaticOfType(FlyLayoutCtx *ctx, MlirType type, FlyStatic *out);

/// True when the value has no dynamic leaf (integers: when known).
bool flyStaticIsKnown(const FlyStatic *v);

/// Appends the canonical notation of a fly value.
void flyStaticPrint(const FlyStatic *v, FlyStrBuf *out);

/// Outcome of evaluating an op at compile time.
typedef enum FlySemaStatus {
  FLY_SEMA_OK = 0,       /* *result holds the op's result */
  FLY_SEMA_ERROR = 1,    /* the op is invalid; message in ctx */
  FLY_SEMA_DYNAMIC = 2,  /* depends on run-time values; nothing computed */
} FlySemaStatus;

/// Evaluates the fly op `op` (one result) over the descriptions of its
/// operands. Integer results come back with isInt/intKnown set. On
/// FLY_SEMA_ERROR one line saying what is wrong is appended to `err`.
FlySemaStatus flySemaEval(FlyLayoutCtx *ctx, MlirOperation op, const FlyStatic *operands,
                          int numOperands, FlyStatic *result, FlyStrBuf *err);

/// True when `op` is a fly op that flySemaEval knows.
bool flySemaKnowsOp(MlirOperation op);

/// True when `op` is fly.static, the constructor of a fully static value.
bool flySemaIsStaticConstructor(MlirOperation op);

/// Reads an integer attribute of `op`; false when absent or not an integer.
bool flyOpGetIntAttr(MlirOperation op, const char *name, int64_t *out);

#endif /* FLYC_TRANSFORMS_SEMA_H */
