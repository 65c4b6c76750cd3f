// Vector float ALU: denormals kept, IEEE min/max with NaN, float-to-int
// saturation, the LLVM f32 division expansion (div_scale/fmas/fixup),
// fused FMA, output modifiers, f16 overflow/underflow rounding, packed
// f32/f16 math with op_sel, fma_mix, f64, and compare-class.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: %testbin/emu-isa-run --kernel valu_float --print 41 %t.so | FileCheck %s
.include "kernel.inc"

// out[slot] = num / den with LLVM's f32 division sequence.
.macro FDIV slot, num, den
  v_mov_b32 v1, \num
  v_mov_b32 v2, \den
  v_div_scale_f32 v3, s[10:11], v2, v2, v1
  v_rcp_f32 v4, v3
  v_fma_f32 v5, -v3, v4, 1.0
  v_fma_f32 v4, v5, v4, v4
  v_div_scale_f32 v6, vcc, v1, v2, v1
  v_mul_f32 v5, v6, v4
  v_fma_f32 v7, -v3, v5, v6
  v_fma_f32 v5, v7, v4, v5
  v_fma_f32 v3, -v3, v5, v6
  v_div_fmas_f32 v3, v3, v4, v5
  v_div_fixup_f32 v3, v3, v2, v1
  OUT_S \slot, v3
.endm

KERNEL_BEGIN valu_float
  // denormal + denormal stays denormal (no flushing)
  v_mov_b32 v1, 1
  v_add_f32 v2, v1, v1
  OUT_S 0, v2
  // IEEE min/max return the number when one input is NaN
  v_mov_b32 v1, 0x7fc00000
  v_min_f32 v2, v1, 1.0
  OUT_S 1, v2
  v_max_f32 v2, -2.0, v1
  OUT_S 2, v2
  // float -> int saturates; NaN -> 0; truncation toward zero
  v_cvt_i32_f32 v2, v1
  OUT_S 3, v2
  v_mov_b32 v1, 0x7f800000
  v_cvt_i32_f32 v2, v1
  OUT_S 4, v2
  v_mov_b32 v1, 0xd01502f9   // -1e10
  v_cvt_i32_f32 v2, v1
  OUT_S 5, v2
  v_mov_b32 v1, 0xc02ccccd   // -2.7
  v_cvt_i32_f32 v2, v1
  OUT_S 6, v2
  v_cvt_u32_f32 v2, v1
  OUT_S 7, v2
  // division: 1/3, 1/0 = +Inf, 0/0 = NaN, -6/Inf = -0
  FDIV 8, 1.0, 0x40400000
  FDIV 9, 1.0, 0
  FDIV 10, 0, 0
  FDIV 11, 0xc0c00000, 0x7f800000
  // fused: (1+2^-23)(1-2^-23) - 1 = -2^-46 exactly
  v_mov_b32 v1, 0x3f800001
  v_mov_b32 v2, 0x3f7ffffe
  v_fma_f32 v3, v1, v2, -1.0
  OUT_S 12, v3
  // output modifiers: (0.5 + 0.25) * 2; clamp(3) = 1; clamp(NaN) = 0
  v_mov_b32 v1, 0.5
  v_mov_b32 v2, 0x3e800000
  v_add_f32_e64 v3, v1, v2 mul:2
  OUT_S 13, v3
  v_add_f32_e64 v3, 1.0, 2.0 clamp
  OUT_S 14, v3
  v_mov_b32 v1, 0x7fc00000
  v_add_f32_e64 v3, v1, 2.0 clamp
  OUT_S 15, v3
  // abs/neg source modifiers: -|-4| + 1 = -3
  v_mov_b32 v1, -4.0
  v_add_f32_e64 v3, -|v1|, 1.0
  OUT_S 16, v3
  // f16: 65504 + 32 overflows to +Inf; f32->f16 underflow ties to even
  v_mov_b32 v1, 0x7bff
  v_mov_b32 v2, 0x5000
  v_add_f16 v3, v1, v2
  OUT_S 17, v3
  v_mov_b32 v1, 0x33000000   // 2^-25: half of the smallest f16 denormal
  v_cvt_f16_f32 v3, v1
  OUT_S 18, v3
  v_mov_b32 v1, 0x33400000   // 1.5 * 2^-25
  v_cvt_f16_f32 v3, v1
  OUT_S 19, v3
  // sqrt, exp2, log2, ldexp to the smallest denormal, frexp
  v_sqrt_f32 v3, 2.0
  OUT_S 20, v3
  v_exp_f32 v3, 0x40400000
  OUT_S 21, v3
  v_log_f32 v3, 0x41000000
  OUT_S 22, v3
  v_mov_b32 v1, -149
  v_ldexp_f32 v3, 1.0, v1
  OUT_S 23, v3
  v_mov_b32 v1, 0x41400000
  v_frexp_mant_f32 v3, v1
  OUT_S 24, v3
  v_frexp_exp_i32_f32 v3, v1
  OUT_S 25, v3
  // packed f32: {1.5, 2.5} * {2, 4} + {0.25, 0.5}; op_sel swaps halves
  v_mov_b32 v10, 1.5
  v_mov_b32 v11, 0x40200000
  v_mov_b32 v12, 2.0
  v_mov_b32 v13, 4.0
  v_mov_b32 v14, 0x3e800000
  v_mov_b32 v15, 0.5
  v_pk_fma_f32 v[16:17], v[10:11], v[12:13], v[14:15]
  OUT_S 26, v16
  OUT_S 27, v17
  v_pk_add_f32 v[16:17], v[10:11], v[12:13] op_sel:[1,0] op_sel_hi:[0,1]
  OUT_S 28, v16
  OUT_S 29, v17
  // packed f16: {1, 2} + {0.5, -4} with neg_hi on source 1
  v_mov_b32 v18, 0x40003c00
  v_mov_b32 v19, 0x44003800
  v_pk_add_f16 v20, v18, v19 neg_hi:[0,1]
  OUT_S 30, v20
  // fma_mix: f16 2.0 (op_sel picks the high half of v18) * f32 3.0 + f32 0.5
  v_mov_b32 v21, 0x40400000
  v_fma_mix_f32 v22, v18, v21, v15 op_sel:[1,0,0] op_sel_hi:[1,0,0]
  OUT_S 31, v22
  // f64: fma and the f64 division fixup of 1/0
  v_mov_b32 v24, 0
  v_mov_b32 v25, 0x3ff80000         // 1.5
  v_fma_f64 v[26:27], v[24:25], v[24:25], 1.0
  OUT_S 32, v26
  OUT_S 33, v27
  v_cvt_f64_f32 v[26:27], 0x3eaaaaab
  v_cvt_f32_f64 v28, v[26:27]
  OUT_S 34, v28
  // class: denormal (bit 7) and -Inf (bit 2) masks
  v_mov_b32 v1, 1
  v_mov_b32 v2, 0x80
  v_cmp_class_f32 vcc, v1, v2
  v_cndmask_b32 v3, 0, 1, vcc
  OUT_S 35, v3
  v_mov_b32 v1, 0xff800000
  v_cmp_class_f32 vcc, v1, 4
  v_cndmask_b32 v3, 0, 1, vcc
  OUT_S 36, v3
  // ordered/unordered compares with NaN
  v_mov_b32 v1, 0x7fc00000
  v_cmp_u_f32 vcc, v1, 1.0
  v_cndmask_b32 v3, 0, 1, vcc
  OUT_S 37, v3
  v_cmp_neq_f32 vcc, v1, v1
  v_cndmask_b32 v3, 0, 1, vcc
  OUT_S 38, v3
  v_cmp_lg_f32 vcc, v1, v1
  v_cndmask_b32 v3, 0, 1, vcc
  OUT_S 39, v3
  // v_pk_fmac_f16: {1, 2} + {2, 3} * {0.5, 0.5} = {2, 3.5}
  v_mov_b32 v3, 0x40003c00
  v_mov_b32 v4, 0x42004000
  v_mov_b32 v5, 0x38003800
  v_pk_fmac_f16 v3, v4, v5
  OUT_S 40, v3
KERNEL_END valu_float

// CHECK: OUT 0: 00000002 3f800000 c0000000 00000000 7fffffff 80000000 fffffffe 00000000
// CHECK: OUT 8: 3eaaaaab 7f800000 7fc00000 80000000 a8800000 3fc00000 3f800000 00000000
// CHECK: OUT 16: c0400000 00007c00 00000000 00000001 3fb504f3 41000000 40400000 00000001
// CHECK: OUT 24: 3f400000 00000004 40500000 41280000 40900000 40b00000 c0003e00 40d00000
// CHECK: OUT 32: 00000000 400a0000 3eaaaaab 00000001 00000001 00000001 00000001 00000000
// CHECK: OUT 40: 43004000
