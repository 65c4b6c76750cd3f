// Vector integer ALU: carries, 64-bit forms, bit ops, lane ops, compares
// with EXEC, 16-bit ops, SDWA/DPP sources.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: %testbin/emu-isa-run --kernel valu_int --out-bytes 8192 --print 35 %t.so | FileCheck %s
// RUN: %testbin/emu-isa-run --kernel valu_lanes --out-bytes 8192 --print 1024 %t.so | FileCheck %s --check-prefix=LANES
// RUN: %testbin/emu-isa-run --kernel valu_dpp --out-bytes 8192 --print 656 %t.so | FileCheck %s --check-prefix=DPP
.include "kernel.inc"
KERNEL_BEGIN valu_int
  v_mov_b32 v1, -1
  // carry out of lane-uniform add, consumed by addc: 0xffffffff + 2 = 1 c1; 0 + 0 + 1 = 1
  v_add_co_u32 v2, vcc, v1, 2
  v_addc_co_u32 v3, vcc, 0, 0, vcc
  OUT_S 0, v2
  OUT_S 1, v3
  // v_mad_u64_u32: 0xffffffff * 0xffffffff + 0xffffffff_00000001 -> carry
  v_mov_b32 v4, 1
  v_mov_b32 v5, -1
  v_mad_u64_u32 v[6:7], s[20:21], v1, v1, v[4:5]
  OUT_S 2, v6
  OUT_S 3, v7
  OUT_S 4, s20
  // v_mad_i64_i32: -3 * 5 + 1 = -14
  v_mov_b32 v8, -3
  v_mov_b64 v[10:11], 1
  v_mad_i64_i32 v[12:13], s[20:21], v8, 5, v[10:11]
  OUT_S 5, v12
  OUT_S 6, v13
  // v_lshl_add_u64: (0x1_80000000 << 2) + 3
  v_mov_b32 v14, 0x80000000
  v_mov_b32 v15, 1
  v_lshl_add_u64 v[16:17], v[14:15], 2, 3
  OUT_S 7, v16
  OUT_S 8, v17
  // v_mul_hi_u32, v_mul_hi_i32, v_mul_lo_u32
  v_mov_b32 v18, 0x12345678
  s_mov_b32 s22, 0x10000
  v_mul_hi_u32 v19, v18, s22
  OUT_S 9, v19
  v_mul_hi_i32 v19, v8, v18
  OUT_S 10, v19
  // v_perm_b32: bytes of {S0=0x11223344, S1=0x55667788} by selector 0x0c010407 -> 00 77 33 88
  v_mov_b32 v20, 0x11223344
  v_mov_b32 v21, 0x55667788
  v_mov_b32 v22, 0x0c010604
  v_perm_b32 v23, v20, v21, v22
  OUT_S 11, v23
  // v_bitop3_b32 with table 0xe4 = S0 ? S1 : S2 (bitwise select)
  v_mov_b32 v24, 0xff00ff00
  v_mov_b32 v25, 0x12345678
  v_mov_b32 v26, 0xabcdef01
  v_bitop3_b32 v27, v24, v25, v26 bitop3:0xe4
  OUT_S 12, v27
  // v_bfe_i32, v_bfi_b32, v_alignbit_b32, v_lshl_or_b32, v_add3_u32, v_xad_u32
  v_bfe_i32 v28, v24, 4, 8
  OUT_S 13, v28
  v_bfi_b32 v28, v24, v25, v26
  OUT_S 14, v28
  v_alignbit_b32 v28, v20, v21, 8
  OUT_S 15, v28
  v_lshl_or_b32 v28, v4, 31, 5
  OUT_S 16, v28
  v_add3_u32 v28, v1, v1, 5
  OUT_S 17, v28
  v_xad_u32 v28, v20, v21, 1
  OUT_S 18, v28
  // 16-bit: v_add_u16 wraps and clears the high half; op_sel[3] writes the high half
  v_mov_b32 v29, 0xaaaaffff
  v_add_u16 v30, v29, 2
  OUT_S 19, v30
  v_mov_b32 v31, 0x11112222
  v_mad_u16 v31, v29, 1, 3 op_sel:[0,0,0,1]
  OUT_S 20, v31
  // v_med3_i32, v_max3_u32, v_sad_u8, v_cvt_pk_i16_i32 saturation
  v_med3_i32 v28, -5, 7, 3
  OUT_S 21, v28
  v_max3_u32 v28, v1, 7, 3
  OUT_S 22, v28
  v_sad_u8 v28, v20, v21, 1
  OUT_S 23, v28
  v_mov_b32 v29, 0x12345
  v_cvt_pk_i16_i32 v28, v29, v8
  OUT_S 24, v28
  // v_ffbh_u32 / v_ffbl_b32 / v_bfrev_b32 / v_bcnt
  v_ffbh_u32 v28, 0x00f00000
  OUT_S 25, v28
  v_ffbl_b32 v28, 0x00f00000
  OUT_S 26, v28
  v_bfrev_b32 v28, 0x00f00000
  OUT_S 27, v28
  v_bcnt_u32_b32 v28, v24, 1
  OUT_S 28, v28
  // SDWA: sign-extended byte 1 of 0xff00ff00 (0xff) plus word 0 of v21
  v_add_u32_sdwa v28, v24, v21 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:WORD_0
  OUT_S 29, v28
  v_mov_b32 v28, 0x11223344
  v_mov_b32_sdwa v28, v21 dst_sel:BYTE_2 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_0
  OUT_S 30, v28
  v_lshlrev_b64 v[28:29], 36, v[20:21]
  OUT_S 31, v29
  // 16-bit three-operand ops, v_sad_u16, v_lerp_u8
  v_med3_u16 v28, 5, 9, 7
  OUT_S 32, v28
  v_mov_b32 v28, 0x00050010
  v_mov_b32 v29, 0x00020018
  v_sad_u16 v30, v28, v29, 1
  OUT_S 33, v30
  v_mov_b32 v28, 0x01020304
  v_mov_b32 v29, 0x03020100
  v_lerp_u8 v30, v28, v29, 1
  OUT_S 34, v30
KERNEL_END valu_int

// CHECK: OUT 0: 00000001 00000001 00000002 fffffffd ffffffff fffffff2 ffffffff 00000003
// CHECK: OUT 8: 00000006 00001234 ffffffff 00772244 bb30ff78 fffffff0 12cd5601 44556677
// CHECK: OUT 16: 80000005 00000003 444444cd 00000001 00022222 00000003 ffffffff 00000111
// CHECK: OUT 24: fffd7fff 00000008 00000014 00000f00 00000011 00007887 11883344 12233440
// CHECK: OUT 32: 00000007 0000000c 02020202

KERNEL_BEGIN valu_lanes
  // lane id, readlane/readfirstlane/writelane, mbcnt, cmpx with EXEC
  v_mbcnt_lo_u32_b32 v1, -1, 0
  v_mbcnt_hi_u32_b32 v1, -1, v1
  OUT_V 0, v1
  v_mul_u32_u24 v2, v0, 3
  v_readlane_b32 s10, v2, 17
  v_writelane_b32 v2, s10, 63
  OUT_V 64, v2
  // only odd lanes active: readfirstlane reads lane 1
  v_and_b32 v3, 1, v0
  v_cmpx_eq_u32 vcc, 1, v3
  v_readfirstlane_b32 s11, v2
  v_mov_b32 v4, s11
  OUT_V 128, v4
  s_mov_b64 exec, -1
  OUT_S 191, vcc_lo
  // DPP quad_perm and row_shr with bound_ctrl (0 for out-of-row lanes)
  v_mov_b32 v5, 0
  v_mov_b32_dpp v5, v0 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf
  OUT_V 192, v5
  v_mov_b32 v6, -1
  v_mov_b32_dpp v6, v0 row_shr:1 row_mask:0xf bank_mask:0xf
  OUT_V 256, v6
  v_mov_b32 v6, -1
  v_mov_b32_dpp v6, v0 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:0
  OUT_V 320, v6
  // v_permlane32_swap: lanes 0..31 of v7 swap with lanes 32..63 of v8
  v_mov_b32 v7, v0
  v_add_u32 v8, 100, v0
  v_permlane32_swap_b32 v8, v7
  OUT_V 384, v7
  OUT_V 448, v8
  v_mov_b32 v7, v0
  v_add_u32 v8, 100, v0
  v_permlane16_swap_b32 v8, v7
  OUT_V 512, v7
  OUT_V 576, v8
  // v_cndmask from a 64-bit compare mask
  v_cmp_lt_u32 s[20:21], v0, 40
  v_cndmask_b32_e64 v9, 7, 9, s[20:21]
  OUT_V 640, v9
  OUT_S 704, s20
  OUT_S 705, s21
KERNEL_END valu_lanes

// LANES: OUT 0: 00000000 00000001 00000002 00000003 00000004 00000005 00000006 00000007
// LANES: OUT 56: 00000038 00000039 0000003a 0000003b 0000003c 0000003d 0000003e 0000003f
// LANES: OUT 64: 00000000 00000003 00000006
// LANES: OUT 120: 000000a8 000000ab 000000ae 000000b1 000000b4 000000b7 000000ba 00000033
// LANES: OUT 128: 00000000 00000003 00000000 00000003
// LANES: OUT 184: 00000000 00000003 00000000 00000003 00000000 00000003 00000000 aaaaaaaa
// LANES: OUT 192: 00000003 00000002 00000001 00000000 00000007 00000006 00000005 00000004
// LANES: OUT 256: ffffffff 00000000 00000001 00000002 00000003 00000004 00000005 00000006
// LANES: OUT 272: ffffffff 00000010 00000011 00000012
// LANES: OUT 320: 00000000 00000000 00000001 00000002
// LANES: OUT 384: 00000084 00000085
// LANES: OUT 448: 00000064 00000065
// LANES: OUT 480: 00000000 00000001
// LANES: OUT 512: 00000074 00000075
// LANES: OUT 528: 00000010 00000011
// LANES: OUT 576: 00000064 00000065
// LANES: OUT 592: 00000000 00000001
// LANES: OUT 640: 00000009 00000009
// LANES: OUT 680: 00000007 00000007
// LANES: OUT 704: ffffffff 000000ff

KERNEL_BEGIN valu_dpp
  // DPP controls; disabled or out-of-range lanes keep the old value (-1)
  v_mov_b32 v1, -1
  v_mov_b32_dpp v1, v0 row_mirror row_mask:0xf bank_mask:0xf
  OUT_V 0, v1
  v_mov_b32 v1, -1
  v_mov_b32_dpp v1, v0 row_ror:4 row_mask:0xf bank_mask:0xf
  OUT_V 64, v1
  v_mov_b32 v1, -1
  v_mov_b32_dpp v1, v0 wave_shr:1 row_mask:0xf bank_mask:0xf
  OUT_V 128, v1
  v_mov_b32 v1, -1
  v_mov_b32_dpp v1, v0 row_bcast:15 row_mask:0xa bank_mask:0xf
  OUT_V 192, v1
  v_mov_b32 v1, -1
  v_mov_b32_dpp v1, v0 row_half_mirror row_mask:0xf bank_mask:0x5
  OUT_V 256, v1
  // DPP with a source modifier and bound_ctrl: -src[l+1] + 100, 0 past the row
  v_cvt_f32_u32 v5, v0
  v_mov_b32 v2, 0x42c80000
  v_add_f32_dpp v3, -v5, v2 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:0
  OUT_V 320, v3
  // SDWA compare: byte 0 of the lane id < word 1 of 0x00200000 (32)
  v_mov_b32 v2, 0x00200000
  v_cmp_lt_u32_sdwa vcc, v0, v2 src0_sel:BYTE_0 src1_sel:WORD_1
  OUT_S 384, vcc_lo
  OUT_S 385, vcc_hi
  // A source lane outside EXEC is invalid, like one out of range: 0 with
  // bound_ctrl, else no write (gfx9 DPP has no "fetch inactive" bit).
  // Even lanes active.
  v_mov_b32 v1, -1
  v_mov_b32 v2, -1
  v_add_u32 v3, 100, v0
  v_add_u32 v4, 100, v0
  s_mov_b32 exec_lo, 0x55555555
  s_mov_b32 exec_hi, 0x55555555
  v_mov_b32_dpp v1, v0 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf bound_ctrl:0
  v_mov_b32_dpp v2, v0 quad_perm:[2,2,0,0] row_mask:0xf bank_mask:0xf
  v_mov_b32_dpp v3, v0 row_shr:1 row_mask:0xf bank_mask:0xf
  v_mov_b32_dpp v4, v0 row_shr:2 row_mask:0xf bank_mask:0xf
  s_mov_b64 exec, -1
  OUT_V 400, v1
  OUT_V 464, v2
  OUT_V 528, v3
  OUT_V 592, v4
KERNEL_END valu_dpp

// DPP: OUT 0: 0000000f 0000000e 0000000d 0000000c
// DPP: OUT 16: 0000001f 0000001e
// DPP: OUT 64: 0000000c 0000000d 0000000e 0000000f 00000000 00000001
// DPP: OUT 80: 0000001c 0000001d
// DPP: OUT 128: ffffffff 00000000 00000001
// DPP: OUT 144: 0000000f 00000010
// DPP: OUT 192: ffffffff ffffffff
// DPP: OUT 208: 0000000f 0000000f
// DPP: OUT 224: ffffffff ffffffff
// DPP: OUT 240: 0000002f 0000002f
// DPP: OUT 256: 00000007 00000006 00000005 00000004 ffffffff ffffffff ffffffff ffffffff
// DPP: OUT 264: 0000000f 0000000e 0000000d 0000000c ffffffff ffffffff ffffffff ffffffff
// DPP: OUT 320: 42c60000 42c40000
// DPP: OUT 328: 42b60000 42b40000 42b20000 42b00000 42ae0000 42ac0000 42aa0000 42c80000
// DPP: OUT 384: ffffffff 00000000
// DPP: OUT 400: 00000000 ffffffff 00000000 ffffffff 00000000 ffffffff 00000000 ffffffff
// DPP: OUT 464: 00000002 ffffffff 00000000 ffffffff 00000006 ffffffff 00000004 ffffffff
// DPP: OUT 528: 00000064 00000065 00000066 00000067 00000068 00000069 0000006a 0000006b
// DPP: OUT 592: 00000064 00000065 00000000 00000067 00000002 00000069 00000004 0000006b
// DPP: OUT 608: 00000074 00000075 00000010 00000077 00000012 00000079 00000014 0000007b
