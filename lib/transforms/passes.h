/*===- passes.h - Internal interface of flyc's passes ---------------------===*
 *
 * Each pass file defines one FlyPassInfo; registry.c lists them. A pass's
 * run function reports broken IR with a located diagnostic (mlirEmitError)
 * and returns failure; "this rewrite does not apply" is not an error.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_TRANSFORMS_PASSES_H
#define FLYC_TRANSFORMS_PASSES_H

#include "flyc/transforms.h"
#include <stdint.h>

#include "mlir-c/IR.h"

/// Options every flyc pass understands; a pass reads the ones it needs.
typedef struct FlyPassOptions {
  int chip; /* FlyChip value; -1 when not given */
} FlyPassOptions;

/// A pass's static description and its body.
typedef struct FlyPassInfo {
  const char *flag;
  const char *summary;
  /// Runs the pass on `op` (the pass manager's anchor, usually the module).
  MlirLogicalResult (*run)(MlirOperation op, const FlyPassOptions *options);
} FlyPassInfo;

extern const FlyPassInfo flyResolveBlockDimPass;
extern const FlyPassInfo flyLowerMathPass;
extern const FlyPassInfo flyLowerReductionsPass;
extern const FlyPassInfo flyKernelAbiPass;
extern const FlyPassInfo flyVerifyTargetPass;
extern const FlyPassInfo flyVerifyPass;
extern const FlyPassInfo flyFoldPass;
extern const FlyPassInfo flyLowerLayoutPass;
extern const FlyPassInfo flySharedAllocPass;
extern const FlyPassInfo flyLowerSyncPass;
extern const FlyPassInfo flyLowerMmaPass;
extern const FlyPassInfo flyHotLoopSchedulePass;

/// Parses a scheduling mask: names joined by '|' (see LowerSync.c).
bool flySchedMaskParse(const char *text, uint32_t *out);
/// The gfx9 s_waitcnt immediate for the given counts.
uint32_t flyWaitcntEncode(int vmcnt, int expcnt, int lgkmcnt);
/// Creates a detached op `name` with up to 4 attributes and no operands.
MlirOperation flyRocdlOpCreate(MlirLocation loc, const char *name, int numAttrs,
                               const char *const *attrNames, const MlirAttribute *attrs);

/*--- Helpers shared by passes -----------------------------------------------*/

/// A growable list of operations collected by a walk, so that a pass can
/// rewrite them after the walk instead of mutating IR while walking it.
typedef struct FlyOpList {
  MlirOperation *ops;
  size_t len, cap;
  int oom;
} FlyOpList;

/// Collects every op nested in `root` (excluding `root`) whose full name is
/// `opName`, in pre-order.
void flyOpListCollect(FlyOpList *list, MlirOperation root, const char *opName);
/// Collects every op nested in `root` whose name starts with `prefix`.
void flyOpListCollectPrefix(FlyOpList *list, MlirOperation root, const char *prefix);
/// Releases the list's storage.
void flyOpListDestroy(FlyOpList *list);

/// Erases ops named `prefix`... that have no uses and satisfy `erasable`
/// (NULL: all), until none is left, so chains of dead pure ops disappear.
void flyEraseDeadOps(MlirOperation root, const char *prefix, bool (*erasable)(MlirOperation));

/// Returns true when `op`'s full name is `name`.
bool flyOpNameIs(MlirOperation op, const char *name);

/// Returns the closest ancestor of `op` named `name`, or a null op.
MlirOperation flyOpGetParentNamed(MlirOperation op, const char *name);

/// Returns a copy of `op`'s string attribute `name` (owned; release with
/// flyFree; "" for an empty one), or NULL when absent or not a string.
char *flyOpGetStringAttr(MlirOperation op, const char *name);

/// Returns the printed form of `attr` (owned; release with flyFree), or NULL.
char *flyAttributeToString(MlirAttribute attr);

/// Returns the printed form of `type` (owned; release with flyFree), or NULL.
char *flyTypeToString(MlirType type);

/// Creates a detached `memref.global "private" @name : type {alignment}`,
/// the declaration of a workgroup (LDS) buffer (`type` a static memref in
/// #gpu.address_space<workgroup>).
MlirOperation flyWorkgroupGlobalCreate(MlirLocation loc, const char *name, MlirType type,
                                       int64_t alignment);

/// Creates a detached `arith.constant` of integer or index type `type`.
MlirOperation flyArithConstantCreate(MlirLocation loc, MlirType type, int64_t value);

/// Emits an error at `op`'s location with a printf-formatted message.
void flyEmitOpError(MlirOperation op, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif /* FLYC_TRANSFORMS_PASSES_H */
