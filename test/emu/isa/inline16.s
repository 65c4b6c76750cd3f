// Float inline constants of 16-bit operands are 16-bit patterns (f16, or
// bf16 for bf16 operands), as LLVM's disassembler decodes them
// (decode-sweep.test); they used to be the low half of the f32 pattern (0
// for 0.5, 1.0, 2.0, ...). 32-bit operands of the same instructions keep
// f32 patterns (v_mad_u32_u16's S2).
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: %testbin/emu-isa-run --kernel inline16 %t.so --print 8 | FileCheck %s
// RUN: %testbin/emu-isa-run --chip gfx942 --kernel inline16 %t.so --print 8 | FileCheck %s
// RUN: %testbin/emu-isa-run --kernel inline16_950 %t.so --print 8 | FileCheck %s --check-prefix=G950
.include "kernel.inc"

KERNEL_BEGIN inline16
  v_mov_b32 v2, 0
  v_add_u16_e64 v1, 0.5, v2
  v_readfirstlane_b32 s6, v1
  OUT_S 0, s6                     // 0x3800
  v_mov_b32 v2, 0x3c003c00        // {1.0, 1.0}
  v_pk_add_f16 v1, v2, 1.0 op_sel_hi:[1,0]
  v_readfirstlane_b32 s6, v1
  OUT_S 1, s6                     // {2.0, 2.0} = 0x40004000
  v_mov_b32 v3, 0x3800
  v_cmp_eq_u16_e64 s[8:9], 0.5, v3
  s_and_b32 s8, s8, 1
  OUT_S 2, s8                     // 1: 0.5 is 0x3800
  v_mad_u32_u16 v1, 0.5, 1, 1.0
  v_readfirstlane_b32 s6, v1
  OUT_S 3, s6                     // 0x3800 * 1 + 0x3f800000
KERNEL_END inline16

KERNEL_BEGIN inline16_950
  v_mov_b32 v2, 0x40403f80        // bf16 {1.0 (low), 3.0 (high)}
  v_dot2_f32_bf16 v1, v2, 2.0, 0
  v_readfirstlane_b32 s6, v1
  OUT_S 0, s6                     // 1.0*2.0 + 3.0*0 = 2.0 (the constant's high half is 0)
  v_cvt_f32_bf16_e64 v1, 2.0
  v_readfirstlane_b32 s6, v1
  OUT_S 1, s6                     // 2.0
  v_cvt_f32_bf16_e64 v1, -v2
  v_readfirstlane_b32 s6, v1
  OUT_S 2, s6                     // neg of a bf16 source (bit 15): -1.0
KERNEL_END inline16_950

// CHECK: OUT 0: 00003800 40004000 00000001 3f803800
// G950: OUT 0: 40000000 40000000 bf800000
