// Scalar ALU, SCC, branches, s_getpc/s_setpc, hardware registers, saveexec.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: %testbin/emu-isa-run --kernel salu --print 24 %t.so | FileCheck %s
.include "kernel.inc"
KERNEL_BEGIN salu
  // carry chain: 0xffffffff + 1 = 0 carry 1; 5 + 7 + carry = 13
  s_mov_b32 s10, -1
  s_add_u32 s11, s10, 1
  s_addc_u32 s12, 5, 7
  OUT_S 0, s11
  OUT_S 1, s12
  // signed overflow sets SCC for s_add_i32
  s_mov_b32 s10, 0x7fffffff
  s_add_i32 s11, s10, 1
  s_movk_i32 s13, 0xbb
  s_cselect_b32 s12, 0xaa, s13
  OUT_S 2, s11
  OUT_S 3, s12
  // borrow of s_sub_u32 and s_subb_u32: 3 - 5 = -2 borrow; 10 - 1 - 1 = 8
  s_sub_u32 s11, 3, 5
  s_subb_u32 s12, 10, 1
  OUT_S 4, s11
  OUT_S 5, s12
  // s_bfe_i32 offset 4 width 8 of 0x00000f80 -> 0xfffffff8; s_bfe_u32 -> 0xf8
  s_mov_b32 s10, 0xf80
  s_bfe_i32 s11, s10, 0x80004
  s_bfe_u32 s12, s10, 0x80004
  OUT_S 6, s11
  OUT_S 7, s12
  // s_mul_hi_u32, s_lshl3_add_u32, s_pack_lh_b32_b16, s_ff1, s_bcnt1, s_brev
  s_mov_b32 s10, 0x80000001
  s_mul_hi_u32 s11, s10, 6
  OUT_S 8, s11
  s_lshl3_add_u32 s11, 5, 7
  OUT_S 9, s11
  s_mov_b32 s13, 0xabcd0000
  s_pack_lh_b32_b16 s11, 0x1234, s13
  OUT_S 10, s11
  s_mov_b64 s[12:13], 0
  s_bitset1_b64 s[12:13], 37
  s_ff1_i32_b64 s11, s[12:13]
  OUT_S 11, s11
  s_bcnt1_i32_b64 s11, -1
  OUT_S 12, s11
  s_brev_b32 s11, 1
  OUT_S 13, s11
  // a loop: sum 1..10 with s_cmp/s_cbranch_scc1
  s_mov_b32 s20, 0
  s_mov_b32 s21, 1
.Lloop:
  s_add_u32 s20, s20, s21
  s_add_u32 s21, s21, 1
  s_cmp_le_u32 s21, 10
  s_cbranch_scc1 .Lloop
  OUT_S 14, s20
  // s_getpc + s_add + s_setpc skips the poison store
  s_getpc_b64 s[30:31]
  s_add_u32 s30, s30, .Lskip-.Lpc
  s_addc_u32 s31, s31, 0
.Lpc:
  s_setpc_b64 s[30:31]
  OUT_S 15, 0xdead
.Lskip:
  OUT_S 15, 0x600d
  // MODE: FP16_OVFL (bit 23) through s_setreg/s_getreg
  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 23, 1), 1
  s_getreg_b32 s11, hwreg(HW_REG_MODE, 23, 1)
  OUT_S 16, s11
  s_getreg_b32 s11, hwreg(HW_REG_MODE, 0, 10)
  OUT_S 17, s11
  // s_and_saveexec_b64 with VCC from a compare: lanes < 5
  v_cmp_gt_u32 vcc, 5, v0
  s_and_saveexec_b64 s[40:41], vcc
  s_bcnt1_i32_b64 s11, exec
  s_mov_b64 exec, s[40:41]
  OUT_S 18, s11
  OUT_S 19, s40
  // s_cmpk and s_movk sign extension, s_cbranch_vccz not taken
  s_movk_i32 s11, 0x8001
  OUT_S 20, s11
  s_cmpk_eq_u32 s11, 0x8001
  s_cselect_b32 s12, 1, 2
  OUT_S 21, s12
  s_abs_i32 s11, -9
  OUT_S 22, s11
  s_absdiff_i32 s11, 3, 10
  OUT_S 23, s11
KERNEL_END salu

// CHECK: OUT 0: 00000000 0000000d 80000000 000000aa fffffffe 00000008 fffffff8 000000f8
// CHECK: OUT 8: 00000003 0000002f abcd1234 00000025 00000040 80000000 00000037 0000600d
// CHECK: OUT 16: 00000001 000003f0 00000005 ffffffff ffff8001 00000002 00000009 00000007
