/*===- flyc/transforms.h - flyc's passes on fly and GPU IR ----------------===*
 *
 * flyc's passes are MLIR external passes written in C. They are not in
 * MLIR's global pass registry (the C API cannot add to it), so pipelines
 * name them through flyPassCreate, which flyc's pipeline builder calls for
 * every entry whose name it knows (see flyc/target.h).
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_TRANSFORMS_H
#define FLYC_TRANSFORMS_H

#include <stdbool.h>
#include <stddef.h>

#include "flyc/support.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Returns true when `name` (without options) names a flyc pass.
bool flyPassIsKnown(MlirStringRef name);

/// Creates the flyc pass written as `spec`: its flag, optionally followed by
/// options in MLIR's syntax, e.g. `fly-resolve-block-dim` or
/// `fly-check-lds{chip=gfx942}`. Returns a null pass and appends one line
/// saying why to `err` when the name is unknown or an option is invalid. The
/// caller owns the pass until it hands it to a pass manager.
MlirPass flyPassCreate(MlirStringRef spec, FlyStrBuf *err);

/// The result type fly-verify requires of the fly op `op` (one result),
/// computed by lib/layout from its operands' types and its attributes: a
/// fly type for layout algebra (fly.composition, fly.logical_divide, ...),
/// index for integer queries (fly.size, ...). Fails with one line in `err`
/// for an op lib/layout does not evaluate, invalid algebra (a composition
/// whose strides do not divide, ...), or a fly result that depends on
/// run-time values. Builders use it so that no author writes such a type.
MlirLogicalResult flyInferResultType(MlirOperation op, MlirType *out, FlyStrBuf *err);

/// The number of flyc passes, and each one's flag and one-line summary, for
/// tools' --help output. `i` must be below flyPassGetNumRegistered().
size_t flyPassGetNumRegistered(void);
const char *flyPassGetFlag(size_t i);
const char *flyPassGetSummary(size_t i);

#ifdef __cplusplus
}
#endif

#endif /* FLYC_TRANSFORMS_H */
