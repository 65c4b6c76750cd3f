/*===- gemm_kernel.h - The GEMM of one configuration as fly IR ---------------===*/
#ifndef FLYC_KERNELS_GEMM_KERNEL_H
#define FLYC_KERNELS_GEMM_KERNEL_H

#include "gemm_config.h"

#include <mlir-c/IR.h>

/// Builds the module holding the kernel of `c` (checked into `d` by
/// gemmConfigDerive) in `ctx`, which must have the fly dialect loaded.
/// The caller owns the module. Null module, with the diagnostics sent to
/// the context, if a step fails or the result does not verify.
MlirModule gemmKernelBuild(MlirContext ctx, const GemmConfig *c, const GemmDerived *d);

#endif /* FLYC_KERNELS_GEMM_KERNEL_H */
