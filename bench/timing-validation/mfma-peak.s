// Peak MFMA throughput: every wave keeps 8 independent 16x16 accumulators
// busy for `iters` iterations of 16 MFMAs, with the loop's SALU and branch
// co-issued. Inputs are zero (arithmetic is irrelevant to the rate). One
// workgroup of 4 waves per CU puts one wave on each SIMD's matrix core.
// OP selects the form (--defsym OP=n):
//   gfx950: 0 v_mfma_f32_16x16x32_bf16, 1 v_mfma_f32_16x16x32_f16,
//           2 v_mfma_f32_16x16x32_fp8_fp8, 3 v_mfma_i32_16x16x64_i8,
//           4 v_mfma_f32_16x16x128_f8f6f4 (fp8), 5 the same with fp4 (cbsz/blgp 4)
//   gfx942: 10 v_mfma_f32_16x16x16_bf16, 11 v_mfma_f32_16x16x16_f16,
//           12 v_mfma_f32_16x16x32_fp8_fp8, 13 v_mfma_i32_16x16x32_i8
// Arguments: out (u32 per work-item: its a0 at the end), iters.
.include "target.inc"

.macro MFMA acc
.if OP == 0
  v_mfma_f32_16x16x32_bf16 \acc, v[0:3], v[4:7], \acc
.elseif OP == 1
  v_mfma_f32_16x16x32_f16 \acc, v[0:3], v[4:7], \acc
.elseif OP == 2
  v_mfma_f32_16x16x32_fp8_fp8 \acc, v[0:1], v[4:5], \acc
.elseif OP == 3
  v_mfma_i32_16x16x64_i8 \acc, v[0:3], v[4:7], \acc
.elseif OP == 4
  v_mfma_f32_16x16x128_f8f6f4 \acc, v[0:7], v[8:15], \acc
.elseif OP == 5
  v_mfma_f32_16x16x128_f8f6f4 \acc, v[0:3], v[8:11], \acc cbsz:4 blgp:4
.elseif OP == 10
  v_mfma_f32_16x16x16_bf16 \acc, v[0:1], v[4:5], \acc
.elseif OP == 11
  v_mfma_f32_16x16x16_f16 \acc, v[0:1], v[4:5], \acc
.elseif OP == 12
  v_mfma_f32_16x16x32_fp8_fp8 \acc, v[0:1], v[4:5], \acc
.elseif OP == 13
  v_mfma_i32_16x16x32_i8 \acc, v[0:1], v[4:5], \acc
.else
  .error "unknown OP"
.endif
.endm

.macro MFMA8
.irp acc, a[0:3], a[4:7], a[8:11], a[12:15], a[16:19], a[20:23], a[24:27], a[28:31]
  MFMA \acc
.endr
.endm

  .text
  .globl mfma_peak
  .p2align 8
  .type mfma_peak,@function
mfma_peak:
  s_load_dwordx2 s[8:9], s[0:1], 0x0      // out
  s_load_dword s10, s[0:1], 0x8           // iters
.irp r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
  v_mov_b32 v\r, 0
.endr
.irp r, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
  v_accvgpr_write_b32 a\r, 0
.endr
  s_waitcnt lgkmcnt(0)
.Lloop:
  MFMA8
  MFMA8
  s_sub_u32 s10, s10, 1
  s_cmp_lg_u32 s10, 0
  s_cbranch_scc1 .Lloop
  s_nop 15                                // the last MFMA's result before it is read
  s_nop 15
  v_accvgpr_read_b32 v20, a0
  v_lshlrev_b32 v21, 2, v0                // out[256 * group + tid]
  s_lshl_b32 s11, s2, 10
  v_add_u32 v21, s11, v21
  global_store_dword v21, v20, s[8:9]
  s_endpgm
.Lend:
  .size mfma_peak, .Lend - mfma_peak

  .rodata
  .p2align 6
  .amdhsa_kernel mfma_peak
    .amdhsa_user_sgpr_count 2
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_kernarg_size 16
    .amdhsa_system_sgpr_workgroup_id_x 1
    .amdhsa_next_free_vgpr 64
    .amdhsa_next_free_sgpr 16
    .amdhsa_accum_offset 32
  .end_amdhsa_kernel

// The chip comes from the ELF header (target.inc); the metadata names none.
  .amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - {.address_space: global, .name: out, .offset: 0, .size: 8, .value_kind: global_buffer}
      - {.name: iters, .offset: 8, .size: 4, .value_kind: by_value}
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 256
    .name: mfma_peak
    .private_segment_fixed_size: 0
    .sgpr_count: 16
    .symbol: mfma_peak.kd
    .vgpr_count: 32
    .agpr_count: 32
    .wavefront_size: 64
amdhsa.version: [1, 2]
...
  .end_amdgpu_metadata
