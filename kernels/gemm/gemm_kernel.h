/*===- gemm_kernel.h - The GEMM of one configuration as fly IR ---------------===*/
#ifndef FLYC_KERNELS_GEMM_KERNEL_H
#define FLYC_KERNELS_GEMM_KERNEL_H

#include "gemm_config.h"

#include "flyc/frontend.h"

/// Writes the kernel of `c` (checked into `d` by gemmConfigDerive) into the
/// empty program `p`, for c's chip. False if a front-end call failed
/// (flyProgramGetError says where and why) or the module does not verify
/// (the diagnostics went to the program's context).
bool gemmKernelBuild(FlyProgram *p, const GemmConfig *c, const GemmDerived *d);

#endif /* FLYC_KERNELS_GEMM_KERNEL_H */
