/*===- verify_ops.h - fly-verify's checks of attributes and operands -----===*
 *
 * fly-verify checks every fly op where its attributes are first read:
 * no attribute the op does not know (a misspelt `k_step` would silently
 * mean the default), each one of the right kind and in range, and what the
 * op reads (a gemm's K steps, a tile's extent, a view's size) within the
 * operands it reads it from. The lowering passes keep their own checks for
 * IR that reaches them without fly-verify (fly-opt runs single passes), but
 * in flyc's pipeline a bad attribute stops here. Prefix: vo.
 *   verify_ops.c     the op table, attribute readers, scheduling, shared
 *                    memory and MMA ops;
 *   verify_tensor.c  tensors, tiles, copies and the tiled-MMA ops.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_TRANSFORMS_VERIFY_OPS_H
#define FLYC_TRANSFORMS_VERIFY_OPS_H

#include <stdbool.h>
#include <stdint.h>

#include "flyc/layout.h"
#include "mlir-c/IR.h"

/// Checks `op`'s attribute names against the ones it knows (names with a
/// dot are discardable attributes of other dialects and pass). False after
/// a located error.
bool voCheckAttributeNames(MlirOperation op);

/// Checks a fly op that has no compile-time algebra (tensors, MMA, shared
/// memory, scheduling). False after located errors.
bool voVerifyOp(FlyLayoutCtx *ctx, MlirOperation op);

/*--- Shared by verify_ops.c and verify_tensor.c -------------------------------*/

/// Reports at `op` and returns false.
bool voFail(MlirOperation op, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/// Reads integer attribute `name` into *out when present; false (reported)
/// when it is absent but `required`, not an integer, or outside [lo, hi].
bool voIntAttr(MlirOperation op, const char *name, bool required, int64_t lo, int64_t hi,
               int64_t *out);

/// Reads string attribute `name` (owned copy in *out, NULL when absent);
/// false (reported) when it is absent but `required`, empty, or not a string.
bool voStrAttr(MlirOperation op, const char *name, bool required, char **out);

/// The printed form of `t` into buf (for messages).
void voTypeText(MlirType t, char *buf, size_t cap);

/// The ops of verify_tensor.c.
bool voVerifyMakeTensor(FlyLayoutCtx *ctx, MlirOperation op);
bool voVerifyLocalTile(FlyLayoutCtx *ctx, MlirOperation op);
bool voVerifyAccess(FlyLayoutCtx *ctx, MlirOperation op);
bool voVerifyCopyToLds(FlyLayoutCtx *ctx, MlirOperation op);
bool voVerifyFragment(FlyLayoutCtx *ctx, MlirOperation op);
bool voVerifyGemm(FlyLayoutCtx *ctx, MlirOperation op);
bool voVerifyGemmFragments(FlyLayoutCtx *ctx, MlirOperation op);
bool voVerifyGemmStore(FlyLayoutCtx *ctx, MlirOperation op);
bool voVerifyGemmScale(FlyLayoutCtx *ctx, MlirOperation op);
bool voVerifyGemmRowScales(FlyLayoutCtx *ctx, MlirOperation op);

/// Whether `op` is a tiled MMA op with a result (mma_fragment, gemm,
/// gemm_fragments, gemm_scale, gemm_row_scales), and the result type
/// fly-verify requires of it, from its attributes (and, for a C fragment,
/// its tensor's element type). False after a located error.
bool voIsMmaResultOp(MlirOperation op);
bool voInferMmaResult(FlyLayoutCtx *ctx, MlirOperation op, MlirType *out);

/// The type of the array a fly.shared_field views, from its shared_alloc's
/// fields (memref<N x ELEM, workgroup>). False after a located error.
bool voInferSharedField(FlyLayoutCtx *ctx, MlirOperation op, MlirType *out);

#endif /* FLYC_TRANSFORMS_VERIFY_OPS_H */
