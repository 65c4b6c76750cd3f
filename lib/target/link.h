/*===- link.h - Linking AMDGPU objects into code objects (internal) --------===*/
#ifndef FLYC_TARGET_LINK_H
#define FLYC_TARGET_LINK_H

#include "flyc/support.h"
#include "mlir-c/IR.h"

/// Links relocatable AMDGPU objects into code objects with ld.lld (`lldPath`,
/// or the configured default when NULL), started ahead of its object
/// (link.c): ld.lld loads while code is generated. flyLinkStart returns NULL
/// when it cannot prepare one (flyLinkFinish then links the ordinary way and
/// reports any error).
typedef struct FlyLinkJob FlyLinkJob;
FlyLinkJob *flyLinkStart(const char *lldPath);
/// Passes `obj` to the started linker (NULL: starts one now) and appends the
/// code object to `out`; consumes the job. Errors are one diagnostic at `loc`.
MlirLogicalResult flyLinkFinish(FlyLinkJob *job, const FlyStrBuf *obj, const char *lldPath,
                                MlirLocation loc, FlyStrBuf *out);
/// Ends a started linker whose object will not come (NULL is a no-op).
void flyLinkAbort(FlyLinkJob *job);

#endif /* FLYC_TARGET_LINK_H */
