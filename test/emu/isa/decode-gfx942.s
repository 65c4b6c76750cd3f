// Decoder cross-check: the same families on gfx942 (gfx950-only
// instructions left out, the gfx942-only xf32 MFMAs added),
// decoded by the emulator and by LLVM's disassembler.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %s -o %t.o
// RUN: %testbin/emu-isa-decode-check --mcpu gfx942 %t.o | FileCheck %s
// CHECK-NOT: MISMATCH
// CHECK: {{ 0 mismatches}}

.text
// SOP2 / SOPK / SOP1 / SOPC / SOPP, literals
s_add_u32 s0, s1, s2
s_addc_u32 s0, s1, 0x12345678
s_sub_i32 s3, -4, s5
s_cselect_b64 s[0:1], s[2:3], exec
s_and_b64 s[0:1], vcc, s[4:5]
s_lshl_b64 s[0:1], s[2:3], 5
s_bfe_u32 s1, s2, 0x50008
s_mul_hi_u32 s1, s2, s3
s_lshl2_add_u32 s1, s2, s3
s_pack_ll_b32_b16 s1, s2, s3
s_movk_i32 s1, 0x1234
s_addk_i32 s1, -7
s_cmpk_lt_u32 s1, 100
s_getreg_b32 s1, hwreg(HW_REG_MODE, 0, 32)
s_setreg_b32 hwreg(HW_REG_MODE, 23, 1), s1
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 23, 1), 1
s_mov_b32 m0, s1
s_mov_b64 exec, -1
s_not_b32 s1, s2
s_ff1_i32_b64 s1, s[2:3]
s_and_saveexec_b64 s[0:1], vcc
s_getpc_b64 s[0:1]
s_setpc_b64 s[0:1]
s_swappc_b64 s[0:1], s[2:3]
s_cmp_eq_u64 s[0:1], s[2:3]
s_cmp_lt_i32 s1, 0x400
s_bitcmp1_b32 s1, 3
s_nop 4
s_waitcnt vmcnt(0) lgkmcnt(0)
s_setprio 2
s_barrier
s_branch 3
s_cbranch_scc1 -2
s_cbranch_vccnz 1
s_cbranch_execz 7
s_sleep 1
s_endpgm
// SMEM
s_load_dword s1, s[0:1], 0x10
s_load_dwordx2 s[2:3], s[0:1], 0x0
s_load_dwordx4 s[4:7], s[0:1], s8
s_load_dwordx8 s[8:15], s[0:1], 0x100
s_load_dwordx16 s[16:31], s[0:1], 0x20
s_buffer_load_dword s1, s[4:7], 0x8
s_buffer_load_dwordx4 s[8:11], s[4:7], s2
s_memtime s[0:1]
s_dcache_wb
// VOP1 / VOP2 / VOPC with literals, SDWA and DPP
v_mov_b32 v1, v2
v_mov_b32 v1, 0x3f800000
v_mov_b32 v1, s5
v_mov_b64 v[0:1], v[2:3]
v_readfirstlane_b32 s1, v2
v_cvt_f32_u32 v1, v2
v_cvt_u32_f32 v1, v2
v_rcp_iflag_f32 v1, v2
v_cvt_f32_fp8_sdwa v0, v1 src0_sel:BYTE_2
v_cvt_pk_f32_fp8_sdwa v[0:1], v1 src0_sel:WORD_1
v_cvt_f32_bf8 v0, v1
v_accvgpr_mov_b32 a1, a2
v_add_f32 v1, v2, v3
v_add_f32 v1, 0.5, v3
v_add_u32 v1, 64, v3
v_sub_u32 v1, s2, v3
v_add_co_u32 v1, vcc, v2, v3
v_addc_co_u32 v1, vcc, v2, v3, vcc
v_cndmask_b32 v1, v2, v3, vcc
v_mul_u32_u24 v1, v2, v3
v_lshlrev_b32 v1, 2, v3
v_fmac_f32 v1, v2, v3
v_fmamk_f32 v1, v2, 0x40000000, v3
v_fmaak_f32 v1, v2, v3, 0x40000000
v_add_f32_sdwa v1, v2, v3 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_1 src1_sel:WORD_0
v_mov_b32_dpp v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
v_add_u32_dpp v1, v2, v3 row_shr:1 row_mask:0xa bank_mask:0xf bound_ctrl:0
v_cmp_lt_f32 vcc, v1, v2
v_cmp_eq_u32 vcc, 5, v2
v_cmpx_gt_i32 vcc, v1, v2
v_cmp_class_f32 vcc, v1, v2
v_cmp_lt_f32_sdwa s[2:3], v2, v3 src0_sel:BYTE_1 src1_sel:WORD_0
v_cmp_ne_u64 vcc, v[0:1], v[2:3]
// VOP3 incl. VOP3b, promoted forms, op_sel
v_add_co_u32_e64 v1, s[2:3], v2, v3
v_cndmask_b32_e64 v1, v2, v3, s[4:5]
v_cmp_lt_u32_e64 s[0:1], v1, s2
v_add_f32_e64 v1, -v2, |v3| clamp
v_mad_u64_u32 v[0:1], s[2:3], v4, v5, v[6:7]
v_mad_i64_i32 v[0:1], vcc, v4, v5, v[6:7]
v_lshl_add_u64 v[0:1], v[2:3], 2, v[4:5]
v_mul_lo_u32 v1, v2, v3
v_mul_hi_u32 v1, v2, s3
v_add_lshl_u32 v1, v2, v3, 2
v_and_or_b32 v1, v2, v3, v4
v_or3_b32 v1, v2, v3, v4
v_add3_u32 v1, v2, v3, v4
v_lshl_or_b32 v1, v2, 3, v4
v_perm_b32 v1, v2, v3, v4
v_bfe_u32 v1, v2, 8, 4
v_fma_f32 v1, v2, v3, v4
v_div_scale_f32 v1, vcc, v2, v3, v2
v_div_fmas_f32 v1, v2, v3, v4
v_div_fixup_f32 v1, v2, v3, v4
v_readlane_b32 s1, v2, s3
v_writelane_b32 v1, s2, 5
v_mbcnt_lo_u32_b32 v1, -1, 0
v_mbcnt_hi_u32_b32 v1, -1, v1
v_cvt_pk_fp8_f32 v0, v1, v2 op_sel:[0,0,1]
v_cvt_pk_bf8_f32 v0, v1, v2
v_cvt_sr_fp8_f32 v0, v1, v2 op_sel:[0,0,1,1]
v_add_f64 v[0:1], v[2:3], v[4:5]
v_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]
v_lshlrev_b64 v[0:1], 3, v[2:3]
v_add_u16_e64 v1, v2, v3
v_pack_b32_f16 v1, v2, v3 op_sel:[1,0,0]
v_ldexp_f32 v1, v2, v3
// VOP3P packed math
v_pk_add_f32 v[0:1], v[2:3], v[4:5] op_sel:[1,0] op_sel_hi:[0,1]
v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[6:7]
v_pk_mul_f32 v[0:1], v[2:3], v[4:5] neg_lo:[1,0] neg_hi:[0,1]
v_pk_mov_b32 v[0:1], v[2:3], v[4:5] op_sel:[1,0]
v_pk_add_f16 v1, v2, v3 op_sel:[1,0] op_sel_hi:[0,1]
v_pk_fma_f16 v1, v2, v3, v4
v_pk_add_u16 v1, v2, v3
v_dot2_f32_f16 v1, v2, v3, v4
v_dot4_i32_i8 v1, v2, v3, v4
v_fma_mix_f32 v1, v2, v3, v4 op_sel_hi:[1,1,0]
// VOP3P-MAI: AGPR moves and every MFMA shape and type
v_accvgpr_read_b32 v1, a2
v_accvgpr_write_b32 a1, v2
v_accvgpr_write_b32 a1, 5
v_mfma_f32_32x32x1_2b_f32 a[0:31], v32, v33, a[0:31]
v_mfma_f32_16x16x1_4b_f32 a[0:15], v32, v33, a[0:15]
v_mfma_f32_4x4x1_16b_f32 a[0:3], v32, v33, a[0:3]
v_mfma_f32_32x32x2_f32 a[0:15], v32, v33, a[0:15]
v_mfma_f32_16x16x4_f32 a[0:3], v32, v33, a[0:3]
v_mfma_f32_32x32x4_2b_f16 a[0:31], v[32:33], v[34:35], a[0:31]
v_mfma_f32_16x16x4_4b_f16 a[0:15], v[32:33], v[34:35], a[0:15]
v_mfma_f32_4x4x4_16b_f16 a[0:3], v[32:33], v[34:35], a[0:3]
v_mfma_f32_32x32x8_f16 v[0:15], v[32:33], v[34:35], v[0:15]
v_mfma_f32_16x16x16_f16 v[0:3], v[32:33], v[34:35], v[0:3]
v_mfma_f32_32x32x4_2b_bf16 a[0:31], v[32:33], v[34:35], a[0:31]
v_mfma_f32_16x16x4_4b_bf16 a[0:15], v[32:33], v[34:35], a[0:15]
v_mfma_f32_4x4x4_16b_bf16 a[0:3], v[32:33], v[34:35], a[0:3]
v_mfma_f32_32x32x8_bf16 v[0:15], v[32:33], v[34:35], v[0:15]
v_mfma_f32_16x16x16_bf16 v[0:3], v[32:33], v[34:35], v[0:3]
v_mfma_i32_32x32x4_2b_i8 a[0:31], v32, v33, a[0:31]
v_mfma_i32_16x16x4_4b_i8 a[0:15], v32, v33, a[0:15]
v_mfma_i32_4x4x4_16b_i8 a[0:3], v32, v33, a[0:3]
v_mfma_i32_32x32x16_i8 v[0:15], v[32:33], v[34:35], v[0:15]
v_mfma_i32_16x16x32_i8 v[0:3], v[32:33], v[34:35], v[0:3]
v_mfma_f64_16x16x4_f64 v[0:7], v[32:33], v[34:35], v[0:7]
v_mfma_f64_4x4x4_4b_f64 v[0:1], v[32:33], v[34:35], v[0:1]
v_mfma_f32_16x16x32_bf8_bf8 v[0:3], v[32:33], v[34:35], v[0:3]
v_mfma_f32_16x16x32_bf8_fp8 v[0:3], v[32:33], v[34:35], v[0:3]
v_mfma_f32_16x16x32_fp8_bf8 v[0:3], v[32:33], v[34:35], v[0:3]
v_mfma_f32_16x16x32_fp8_fp8 v[0:3], v[32:33], v[34:35], v[0:3]
v_mfma_f32_32x32x16_bf8_bf8 v[0:15], v[32:33], v[34:35], v[0:15]
v_mfma_f32_32x32x16_bf8_fp8 v[0:15], v[32:33], v[34:35], v[0:15]
v_mfma_f32_32x32x16_fp8_bf8 v[0:15], v[32:33], v[34:35], v[0:15]
v_mfma_f32_32x32x16_fp8_fp8 v[0:15], v[32:33], v[34:35], v[0:15]
v_mfma_f32_16x16x16_f16 a[0:3], v[4:5], a[6:7], a[0:3] cbsz:1 abid:1 blgp:3
v_mfma_f32_16x16x8_xf32 a[0:3], v[32:33], v[34:35], a[0:3]
v_mfma_f32_32x32x4_xf32 a[0:15], v[32:33], v[34:35], a[0:15]
// DS
ds_write_b32 v1, v2
ds_write_b64 v1, v[2:3] offset:8
ds_write_b128 v1, v[4:7] offset:65520
ds_write2_b32 v1, v2, v3 offset0:1 offset1:9
ds_write2st64_b64 v1, v[2:3], v[4:5] offset1:2
ds_read_b32 v3, v1
ds_read_b64 v[2:3], v1 offset:16
ds_read_b96 v[4:6], v1
ds_read_b128 v[4:7], v1
ds_read2_b64 v[4:7], v1 offset0:1 offset1:2
ds_read2st64_b64 v[4:7], v1 offset1:1
ds_read_u8 v1, v2
ds_read_i16 v1, v2
ds_read_u16_d16_hi v1, v2
ds_add_u32 v1, v2
ds_add_rtn_f32 v3, v1, v2
ds_cmpst_rtn_b32 v3, v1, v2, v4
ds_swizzle_b32 v1, v2 offset:swizzle(SWAP,16)
ds_swizzle_b32 v1, v2 offset:swizzle(FFT,5)
ds_swizzle_b32 v1, v2 offset:swizzle(ROTATE,1,3)
ds_wrap_rtn_b32 v1, v2, v3, v4 offset:4
ds_wrxchg2_rtn_b32 v[2:3], v1, v4, v5 offset0:1 offset1:2
ds_wrxchg2st64_rtn_b64 v[4:7], v1, v[8:9], v[10:11] offset1:1
ds_condxchg32_rtn_b64 v[2:3], v1, v[4:5]
ds_append v1 offset:16
ds_consume a1
ds_gws_init v2 offset:4 gds
ds_gws_barrier a2 gds
ds_gws_sema_v gds
ds_gws_sema_br v2 gds
ds_gws_sema_p offset:8 gds
ds_gws_sema_release_all gds
ds_permute_b32 v1, v2, v3
ds_bpermute_b32 v1, v2, v3 offset:4
ds_read_addtid_b32 v1
// MUBUF incl. LDS DMA and atomics
buffer_load_dword v1, v2, s[4:7], s8 offen offset:16
buffer_load_dwordx2 v[2:3], v1, s[4:7], 0 offen
buffer_load_dwordx3 v[2:4], v1, s[4:7], 0 offen
buffer_load_dwordx4 v[4:7], v1, s[4:7], s8 idxen
buffer_load_ubyte v1, v2, s[4:7], 0 offen
buffer_load_sshort v1, v2, s[4:7], 0 offen
buffer_load_short_d16_hi v1, v2, s[4:7], 0 offen
buffer_store_dword v1, v2, s[4:7], 0 offen
buffer_store_dwordx4 v[4:7], v1, s[4:7], 0 offen sc0 nt
buffer_store_short v1, v2, s[4:7], 0 offen
buffer_load_dword v1, s[4:7], s8 offen lds
buffer_load_ubyte v1, s[4:7], 0 offen lds
buffer_atomic_add v1, v2, s[4:7], 0 offen
buffer_atomic_add v1, v2, s[4:7], 0 offen sc0
buffer_atomic_cmpswap v[2:3], v1, s[4:7], 0 offen sc0
buffer_wbl2 sc1
tbuffer_load_format_xyzw v[4:7], v1, s[8:11], s0 format:[BUF_NUM_FORMAT_UINT] offen
tbuffer_store_format_d16_x v4, v1, s[8:11], 0 format:[BUF_DATA_FORMAT_32] idxen
buffer_inv sc1
// FLAT / GLOBAL / SCRATCH
flat_load_dword v1, v[2:3]
flat_load_dwordx4 v[4:7], v[2:3] offset:16
flat_store_dword v[2:3], v1
flat_atomic_add v1, v[2:3], v4 sc0
global_load_dword v1, v2, s[4:5] offset:-8
global_load_dword a1, v[2:3], off
global_load_dwordx2 v[4:5], v[2:3], off offset:8
global_load_dwordx4 v[4:7], v1, s[4:5]
global_load_ushort v1, v[2:3], off
global_load_short_d16_hi v1, v[2:3], off
global_store_dword v1, v2, s[4:5]
global_store_dwordx4 v[2:3], v[4:7], off
global_store_byte v[2:3], v1, off
global_atomic_add_f32 v[2:3], v1, off
global_atomic_cmpswap_x2 v[0:1], v2, v[4:7], s[4:5] sc0
global_load_lds_dword v1, s[0:1]
scratch_load_dword v1, off, s2
scratch_store_dword off, v1, s2 offset:4
