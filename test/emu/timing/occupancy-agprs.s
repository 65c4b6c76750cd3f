// Occupancy from the descriptor's register allocation when a kernel has
// AGPRs: 256 arch VGPRs and 29 AGPRs (accum_offset 256) allocate 288
// registers per lane (285 in granules of 8): one wave per SIMD of the 512,
// registers the limit (block 256: one wave on each SIMD). The model took the
// allocation minus the AGPRs (259) for the arch VGPRs, more than 256, and
// refused the kernel ("cannot run on mi300x: registers").
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -I %S/Inputs %s -o %t.942.o
// RUN: ld.lld -shared %t.942.o -o %t.942.hsaco
// RUN: flyc-run %t.942.hsaco --kernel regs --grid 2 --block 256 out:u32:64 --timing | FileCheck %s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.950.o
// RUN: ld.lld -shared %t.950.o -o %t.950.hsaco
// RUN: flyc-run %t.950.hsaco --kernel regs --grid 2 --block 256 out:u32:64 --timing | FileCheck %s
// CHECK: occupancy: 1 waves/SIMD, 1 workgroups/CU (limited by registers)
.include "timed.inc"

KERNEL_BEGIN regs
  v_mov_b32 v1, 0
KERNEL_END regs, 285, 29
