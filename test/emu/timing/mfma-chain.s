// A chain of N = 16 dependent MFMAs on one wave (each accumulates into the
// registers the previous one wrote: 0 wait states, cdna-timing-facts §3.2)
// keeps its SIMD's matrix core busy for exactly N x passes x 4 clocks:
// v_mfma_f32_32x32x8_f16 is 8 passes on gfx942 and gfx950 (facts §3.1,
// SISchedule.td), so 16 x 8 x 4 = 512 mfma cycles; the other three SIMDs
// idle. The same 16 MFMAs on 4 waves (block 256: one wave per SIMD) give
// 4 x 512 mfma cycles in about the same time.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: flyc-run %t.hsaco --kernel chain --grid 1 --block 64 out:u32:1024 --timing --timing-json %t.1.json | FileCheck %s
// RUN: flyc-run %t.hsaco --kernel chain --grid 1 --block 256 out:u32:1024 --timing --timing-json %t.4.json > /dev/null
// RUN: python3 %S/Inputs/check-report.py %t.1.json --expect stall.mfma=512 --expect sim_groups=1
// RUN: python3 %S/Inputs/check-report.py %t.4.json --expect stall.mfma=2048 --within cycles=%t.1.json:8
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -I %S/Inputs %s -o %t.942.o
// RUN: ld.lld -shared %t.942.o -o %t.942.hsaco
// RUN: flyc-run %t.942.hsaco --kernel chain --grid 1 --block 64 out:u32:1024 --timing --timing-json %t.942.json | FileCheck %s --check-prefix=GFX942
// RUN: python3 %S/Inputs/check-report.py %t.942.json --expect stall.mfma=512
// CHECK: timing: gpu mi355x (gfx950,
// CHECK: mfma 512 
// GFX942: timing: gpu mi300x (gfx942,
.include "timed.inc"

KERNEL_BEGIN chain
  v_mov_b32 v0, 0
  v_mov_b32 v1, 0
  v_mov_b32 v2, 0
  v_mov_b32 v3, 0
  .irp r, 4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19
  v_mov_b32 v\r, 0
  .endr
  s_nop 1
  .rept 16
  v_mfma_f32_32x32x8_f16 v[4:19], v[0:1], v[2:3], v[4:19]
  .endr
  s_nop 15
  s_nop 3
KERNEL_END chain
