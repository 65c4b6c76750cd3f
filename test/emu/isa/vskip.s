// s_setvskip (ISA guide S_SETVSKIP): MODE.VSKIP = S0[S1[4:0]]; while it is
// set, vector instructions (VALU, MFMA, DS, global stores) are not issued
// and scalar ones run. aiter's fused-MoE kernels guard their atomics with
// it. Both chips.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: %testbin/emu-isa-run --kernel vskip --lds 256 %t.so --print 8 | FileCheck %s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -I %S/Inputs %s -o %t942.o
// RUN: ld.lld -shared %t942.o -o %t942.so
// RUN: %testbin/emu-isa-run --chip gfx942 --kernel vskip --lds 256 %t942.so --print 8 | FileCheck %s
.include "kernel.inc"
KERNEL_BEGIN vskip
  v_mov_b32 v1, 1
  s_mov_b32 s20, 5                 // bits 0 and 2
  s_setvskip s20, 1                // bit 1 = 0: off
  v_mov_b32 v1, 2                  // runs
  s_setvskip s20, 2                // bit 2 = 1: on
  s_getreg_b32 s8, hwreg(HW_REG_MODE, 28, 1)
  v_mov_b32 v1, 3                  // skipped
  v_mfma_f32_4x4x1_16b_f32 v[4:7], v1, v1, 0
  ds_write_b32 v0, v1
  OUT_S 0, 0xdead                  // skipped: out[0] stays 0
  s_mov_b32 s9, 7                  // scalar: runs
  s_setvskip s20, 33               // S1[4:0] = 1, bit 1 = 0: off
  v_readfirstlane_b32 s10, v1
  ds_read_b32 v2, v0
  s_waitcnt lgkmcnt(0)
  v_readfirstlane_b32 s11, v2      // the skipped ds_write left LDS unwritten
  s_cmp_eq_u32 s11, 3
  s_cselect_b32 s11, 1, 0
  OUT_S 1, s8                      // 1: VSKIP read back from MODE
  OUT_S 2, s10                     // 2
  OUT_S 3, s9                      // 7
  OUT_S 4, s11                     // 0
KERNEL_END vskip

// CHECK: OUT 0: 00000000 00000001 00000002 00000007 00000000
