// LDS read stream: each wave runs `iters` rounds of UNROLL back-to-back
// ds_read_bWIDTH at conflict-free addresses (lane * WIDTH/8 bytes: on both
// chips every lane phase of cdna-timing-facts §4 then covers each bank at
// most once), then waits for them (s_waitcnt lgkmcnt(0)). --defsym
// WIDTH=32|64|128, UNROLL=n. With iters = 0 the loop is skipped, so two runs
// differing only in iters give the cost of the reads alone.
// Arguments: out (u32 per work-item), iters.
.include "target.inc"

.if WIDTH == 32
  .set SHIFT, 2
.elseif WIDTH == 64
  .set SHIFT, 3
.else
  .set SHIFT, 4
.endif

.macro READ
.if WIDTH == 32
  ds_read_b32 v4, v1
.elseif WIDTH == 64
  ds_read_b64 v[4:5], v1
.elseif WIDTH == 128
  ds_read_b128 v[4:7], v1
.else
  .error "WIDTH must be 32, 64 or 128"
.endif
.endm

  .text
  .globl lds_read
  .p2align 8
  .type lds_read,@function
lds_read:
  s_load_dwordx2 s[8:9], s[0:1], 0x0      // out
  s_load_dword s10, s[0:1], 0x8           // iters
  v_and_b32 v1, 63, v0
  v_lshlrev_b32 v1, SHIFT, v1
  v_mov_b32 v4, 0
  s_waitcnt lgkmcnt(0)
  s_cmp_eq_u32 s10, 0
  s_cbranch_scc1 .Ldone
.Lloop:
.rept UNROLL
  READ
.endr
  s_waitcnt lgkmcnt(0)
  s_sub_u32 s10, s10, 1
  s_cmp_lg_u32 s10, 0
  s_cbranch_scc1 .Lloop
.Ldone:
  v_lshlrev_b32 v2, 2, v0                 // out[1024 * group + tid]
  s_lshl_b32 s11, s2, 12
  v_add_u32 v2, s11, v2
  global_store_dword v2, v4, s[8:9]
  s_endpgm
.Lend:
  .size lds_read, .Lend - lds_read

  .rodata
  .p2align 6
  .amdhsa_kernel lds_read
    .amdhsa_user_sgpr_count 2
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_kernarg_size 16
    .amdhsa_system_sgpr_workgroup_id_x 1
    .amdhsa_group_segment_fixed_size 1024
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 16
    .amdhsa_accum_offset 8
  .end_amdhsa_kernel

// The chip comes from the ELF header (target.inc); the metadata names none.
  .amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - {.address_space: global, .name: out, .offset: 0, .size: 8, .value_kind: global_buffer}
      - {.name: iters, .offset: 8, .size: 4, .value_kind: by_value}
    .group_segment_fixed_size: 1024
    .kernarg_segment_align: 8
    .kernarg_segment_size: 16
    .max_flat_workgroup_size: 1024
    .name: lds_read
    .private_segment_fixed_size: 0
    .sgpr_count: 16
    .symbol: lds_read.kd
    .vgpr_count: 8
    .agpr_count: 0
    .wavefront_size: 64
amdhsa.version: [1, 2]
...
  .end_amdgpu_metadata
