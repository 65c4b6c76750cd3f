// HBM streaming: workgroup w copies bytes [w * steps * 16 KiB, (w+1) * steps *
// 16 KiB) of src to dst, 16 KiB per step: each of its 256 work-items loads
// four 16-byte pieces 4 KiB apart (global_load_dwordx4), waits, and stores
// them. Every line is touched once, so with many workgroups the copy runs
// at the memory's rate.
// Arguments: src, dst, steps.
.include "target.inc"

  .text
  .globl hbm_copy
  .p2align 8
  .type hbm_copy,@function
hbm_copy:
  s_load_dwordx4 s[8:11], s[0:1], 0x0     // src, dst
  s_load_dword s12, s[0:1], 0x10          // steps
  v_lshlrev_b32 v1, 4, v0                 // tid * 16
  v_add_u32 v2, 0x1000, v1
  v_add_u32 v3, 0x2000, v1
  v_add_u32 v4, 0x3000, v1
  s_waitcnt lgkmcnt(0)
  s_mul_i32 s13, s2, s12                  // this group's first byte: w * steps * 16 KiB
  s_lshl_b32 s13, s13, 14
  s_add_u32 s8, s8, s13
  s_addc_u32 s9, s9, 0
  s_add_u32 s10, s10, s13
  s_addc_u32 s11, s11, 0
.Lloop:
  global_load_dwordx4 v[8:11], v1, s[8:9]
  global_load_dwordx4 v[12:15], v2, s[8:9]
  global_load_dwordx4 v[16:19], v3, s[8:9]
  global_load_dwordx4 v[20:23], v4, s[8:9]
  s_waitcnt vmcnt(0)
  global_store_dwordx4 v1, v[8:11], s[10:11]
  global_store_dwordx4 v2, v[12:15], s[10:11]
  global_store_dwordx4 v3, v[16:19], s[10:11]
  global_store_dwordx4 v4, v[20:23], s[10:11]
  s_add_u32 s8, s8, 0x4000
  s_addc_u32 s9, s9, 0
  s_add_u32 s10, s10, 0x4000
  s_addc_u32 s11, s11, 0
  s_sub_u32 s12, s12, 1
  s_cmp_lg_u32 s12, 0
  s_cbranch_scc1 .Lloop
  s_endpgm
.Lend:
  .size hbm_copy, .Lend - hbm_copy

  .rodata
  .p2align 6
  .amdhsa_kernel hbm_copy
    .amdhsa_user_sgpr_count 2
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_kernarg_size 24
    .amdhsa_system_sgpr_workgroup_id_x 1
    .amdhsa_next_free_vgpr 24
    .amdhsa_next_free_sgpr 16
    .amdhsa_accum_offset 24
  .end_amdhsa_kernel

// The chip comes from the ELF header (target.inc); the metadata names none.
  .amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - {.address_space: global, .name: src, .offset: 0, .size: 8, .value_kind: global_buffer}
      - {.address_space: global, .name: dst, .offset: 8, .size: 8, .value_kind: global_buffer}
      - {.name: steps, .offset: 16, .size: 4, .value_kind: by_value}
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 24
    .max_flat_workgroup_size: 256
    .name: hbm_copy
    .private_segment_fixed_size: 0
    .sgpr_count: 16
    .symbol: hbm_copy.kd
    .vgpr_count: 24
    .agpr_count: 0
    .wavefront_size: 64
amdhsa.version: [1, 2]
...
  .end_amdgpu_metadata
