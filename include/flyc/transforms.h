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
/// index for integer queries (fly.size, ...); for the tiled MMA ops
/// (fly.mma_fragment, fly.gemm, fly.gemm_fragments, fly.gemm_scale,
/// fly.gemm_row_scales) the lane's vector their atom and repeats give; for
/// fly.shared_field the workgroup memref of the array its dotted path
/// names in its fly.shared_alloc's fields.
/// Fails with one line in `err` for an op neither evaluates, invalid
/// algebra (a composition whose strides do not divide, ...), an unknown
/// atom or bad MMA attributes, or a fly result that depends on run-time
/// values. Builders use it so that no author writes such a type.
MlirLogicalResult flyInferResultType(MlirOperation op, MlirType *out, FlyStrBuf *err);

/// fly-verify's checks of the one op `op` (its attribute names and values,
/// its operands against them: tiles within tensors, atoms, fragment and
/// accumulator types); on failure its first message is appended to `err`
/// (and nothing is reported through the context). Builders run it so that
/// a bad op is reported where it is built.
MlirLogicalResult flyVerifyOp(MlirOperation op, FlyStrBuf *err);

/// The number of flyc passes, and each one's flag and one-line summary, for
/// tools' --help output. `i` must be below flyPassGetNumRegistered().
size_t flyPassGetNumRegistered(void);
const char *flyPassGetFlag(size_t i);
const char *flyPassGetSummary(size_t i);

#ifdef __cplusplus
}
#endif

#endif /* FLYC_TRANSFORMS_H */
