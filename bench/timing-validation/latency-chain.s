// Load-to-use latency by a dependent chain: one lane visits offsets
// o(i+1) = (o(i) + stride + *(src + o(i))) & mask of a zero-filled buffer
// for `steps` steps, each load waited for (s_waitcnt vmcnt(0)) before the
// next address is formed from its value. The footprint (mask + 1 bytes) and
// the stride pick the level that serves the chain once it has been walked
// once. --defsym NOLOAD=1 replaces the load by a register move: the same
// loop without memory, whose cost the script subtracts.
// Arguments: src, out (the last offset), steps, stride, mask.
.include "target.inc"

  .text
  .globl latency_chain
  .p2align 8
  .type latency_chain,@function
latency_chain:
  s_load_dwordx4 s[8:11], s[0:1], 0x0     // src, out
  s_load_dwordx4 s[12:15], s[0:1], 0x10   // steps, stride, mask
  s_mov_b64 exec, 1                       // lane 0 alone
  v_mov_b32 v1, 0
  s_waitcnt lgkmcnt(0)
  s_cmp_eq_u32 s12, 0
  s_cbranch_scc1 .Ldone
.Lloop:
.ifdef NOLOAD
  v_mov_b32 v2, 0
.else
  global_load_dword v2, v1, s[8:9]
.endif
  s_waitcnt vmcnt(0)
  v_add3_u32 v1, v1, v2, s13
  v_and_b32 v1, s14, v1
  s_sub_u32 s12, s12, 1
  s_cmp_lg_u32 s12, 0
  s_cbranch_scc1 .Lloop
.Ldone:
  v_mov_b32 v3, 0
  global_store_dword v3, v1, s[10:11]
  s_endpgm
.Lend:
  .size latency_chain, .Lend - latency_chain

  .rodata
  .p2align 6
  .amdhsa_kernel latency_chain
    .amdhsa_user_sgpr_count 2
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_kernarg_size 32
    .amdhsa_next_free_vgpr 8
    .amdhsa_next_free_sgpr 16
    .amdhsa_accum_offset 8
  .end_amdhsa_kernel

// The chip comes from the ELF header (target.inc); the metadata names none.
  .amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - {.address_space: global, .name: src, .offset: 0, .size: 8, .value_kind: global_buffer}
      - {.address_space: global, .name: out, .offset: 8, .size: 8, .value_kind: global_buffer}
      - {.name: steps, .offset: 16, .size: 4, .value_kind: by_value}
      - {.name: stride, .offset: 20, .size: 4, .value_kind: by_value}
      - {.name: mask, .offset: 24, .size: 4, .value_kind: by_value}
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 32
    .max_flat_workgroup_size: 64
    .name: latency_chain
    .private_segment_fixed_size: 0
    .sgpr_count: 16
    .symbol: latency_chain.kd
    .vgpr_count: 8
    .agpr_count: 0
    .wavefront_size: 64
amdhsa.version: [1, 2]
...
  .end_amdgpu_metadata
