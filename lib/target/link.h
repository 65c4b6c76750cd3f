/*===- link.h - Linking AMDGPU objects into code objects (internal) --------===*/
#ifndef FLYC_TARGET_LINK_H
#define FLYC_TARGET_LINK_H

#include "flyc/support.h"
#include "mlir-c/IR.h"

/// Links the relocatable AMDGPU object in `obj` into a code object with
/// ld.lld (`lldPath`, or the configured default when NULL) and appends the
/// result to `out`. ld.lld's complaints become one diagnostic at `loc`.
MlirLogicalResult flyLinkCodeObject(const FlyStrBuf *obj, const char *lldPath, MlirLocation loc,
                                    FlyStrBuf *out);

#endif /* FLYC_TARGET_LINK_H */
