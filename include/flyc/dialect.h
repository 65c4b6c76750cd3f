/*===- flyc/dialect.h - The fly dialect and the context it lives in -------===*
 *
 * The fly dialect is defined in IRDL (dialect-bindings/fly.irdl.mlir) and
 * loaded at run time; these functions create a context that accepts flyc's
 * input, and build and inspect fly types and ops from C. Fly types carry
 * their value in CuTe notation as a string parameter, e.g.
 * `!fly.layout<"(4,8):(1,4)">`.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_DIALECT_H
#define FLYC_DIALECT_H

#include <stdbool.h>

#include "flyc/support.h"
#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// The kinds of fly type.
typedef enum FlyTypeKind {
  FLY_TYPE_NONE = 0, /* not a fly type */
  FLY_TYPE_INT_TUPLE,
  FLY_TYPE_LAYOUT,
  FLY_TYPE_SWIZZLE,
  FLY_TYPE_COMPOSED_LAYOUT,
  FLY_TYPE_TILE,
  FLY_TYPE_TENSOR,
} FlyTypeKind;

/// Creates a context that accepts flyc's input: the upstream dialects
/// (builtin, func, gpu, arith, scf, cf, memref, vector, math, index, llvm,
/// rocdl, amdgpu, ...) and fly, with the LLVM IR translations registered.
/// The caller owns the context (mlirContextDestroy). Returns a null context
/// only if the compiled-in fly definition fails to load, which is a build
/// defect; the diagnostic goes to the context's default handler.
MlirContext flyContextCreate(void);

/// Parses flyc's input: `text` is its contents; with a `sourceName` other
/// than NULL or "-" the file of that name is parsed (so locations name it;
/// it should hold `text`). Returns a null module after at least one error
/// diagnostic on `ctx`, including for the failures MLIR's parser reports
/// nothing for (a fly op written in custom form).
MlirModule flyModuleParse(MlirContext ctx, MlirStringRef text, const char *sourceName);

/// Loads the fly dialect into `ctx`; idempotent.
MlirLogicalResult flyDialectLoad(MlirContext ctx);

/// Returns which fly type `type` is, or FLY_TYPE_NONE.
FlyTypeKind flyTypeGetKind(MlirType type);

/// Returns the fly type of `kind` whose value is `spec` (CuTe notation, not
/// checked here: fly-verify checks it). Null type if `kind` is FLY_TYPE_NONE.
MlirType flyTypeGet(MlirContext ctx, FlyTypeKind kind, MlirStringRef spec);

/// Appends the notation held by the fly type `type` to `out`. Fails (leaving
/// `out` unchanged) when `type` is not a fly type.
MlirLogicalResult flyTypeGetSpec(MlirType type, FlyStrBuf *out);

/// Returns true when `op` is the fly op named `name` (without "fly.").
bool flyOpIs(MlirOperation op, const char *name);

/// Creates a detached `fly.<name>` op at `loc` with the given operands and
/// result types. The caller owns it until inserted into a block.
MlirOperation flyOpCreate(MlirLocation loc, const char *name, intptr_t numOperands,
                          const MlirValue *operands, intptr_t numResults,
                          const MlirType *results);

#ifdef __cplusplus
}
#endif

#endif /* FLYC_DIALECT_H */
