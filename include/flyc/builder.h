/*===- flyc/builder.h - Building fly programs from C --------------------------===*
 *
 * A thin insertion-point builder over the MLIR C API for programs that write
 * kernels (the "DSL programs" of kernels/): ops are appended to one block,
 * types and attributes are given in their textual form, and the first
 * failure is sticky so a builder can run a whole kernel and check once.
 *
 *   FlyBuilder b = flyBuilderAtEnd(block, loc);
 *   MlirValue c4 = flyBuildConstantIndex(&b, 4);
 *   MlirValue l = flyBuildStatic(&b, FLY_TYPE_LAYOUT, "(4,8):(1,4)");
 *   if (flyBuilderFailed(&b)) ...  // diagnostics went to the context
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_BUILDER_H
#define FLYC_BUILDER_H

#include "flyc/dialect.h"

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Where new ops go: appended at the end of `block`. Plain value; copy it to
/// build into several blocks. `failed` is sticky: once set, every build call
/// returns a null handle without creating anything.
typedef struct FlyBuilder {
  MlirContext ctx;
  MlirLocation loc;
  MlirBlock block;
  bool failed;
} FlyBuilder;

/// A builder appending to `block`, with `loc` on every op it creates.
FlyBuilder flyBuilderAtEnd(MlirBlock block, MlirLocation loc);

/// True once any build step has failed (its diagnostic went to the context).
bool flyBuilderFailed(const FlyBuilder *b);

/// Parses `text` as a type; null type (and failure) when it does not parse.
MlirType flyBuilderType(FlyBuilder *b, const char *text);

/// Parses `text` as an attribute; null attribute (and failure) otherwise.
MlirAttribute flyBuilderAttr(FlyBuilder *b, const char *text);

/// The fly type of `kind` holding `spec`, e.g. (FLY_TYPE_LAYOUT, "8:1").
MlirType flyBuilderFlyType(FlyBuilder *b, FlyTypeKind kind, const char *spec);

/// Creates op `name` with the given operands and result types and the
/// attributes of `attrDict` (the text of a dictionary attribute such as
/// "{bytes = 16 : i32}", or NULL), and appends it to the block. `regions`
/// fresh regions are attached (reach them with mlirOperationGetRegion).
/// Returns the op, owned by the block; null on failure or a null operand.
MlirOperation flyBuildOp(FlyBuilder *b, const char *name, intptr_t numOperands,
                         const MlirValue *operands, intptr_t numResults,
                         const MlirType *results, const char *attrDict, intptr_t regions);

/// flyBuildOp for the common one-result case; returns that result.
MlirValue flyBuildValue(FlyBuilder *b, const char *name, intptr_t numOperands,
                        const MlirValue *operands, MlirType result, const char *attrDict);

/// `arith.constant v : index`.
MlirValue flyBuildConstantIndex(FlyBuilder *b, int64_t v);

/// `fly.static` of the fly type (kind, spec): a compile-time tuple or layout.
MlirValue flyBuildStatic(FlyBuilder *b, FlyTypeKind kind, const char *spec);

/// A binary `arith` op (e.g. "addi", "muli", "divui") on two values of one type.
MlirValue flyBuildArith(FlyBuilder *b, const char *op, MlirValue lhs, MlirValue rhs);

#ifdef __cplusplus
}
#endif

#endif /* FLYC_BUILDER_H */
