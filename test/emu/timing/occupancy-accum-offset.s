// A hand-written code object's metadata may give only the combined
// `.vgpr_count` (512 here) and leave out `.agpr_count`, while its
// descriptor's accum_offset (256) puts the AGPRs above v255, as in
// assembler-built production GEMMs. The hardware splits the allocation at
// accum_offset; so does the timing model, which took all 512 for arch VGPRs
// and refused the kernel ("cannot run on mi355x: registers").
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: flyc-run %t.hsaco --kernel split --grid 2 --block 256 out:u32:64 --timing | FileCheck %s
// CHECK: occupancy: 1 waves/SIMD, 1 workgroups/CU (limited by registers)
// CHECK: predicted:
  .text
  .globl split
  .p2align 8
  .type split,@function
split:
  s_load_dwordx2 s[0:1], s[0:1], 0x0
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v255, 0
  v_accvgpr_write_b32 a255, v255
  s_endpgm
.Lend_split:
  .size split, .Lend_split - split
  .rodata
  .p2align 6
  .amdhsa_kernel split
    .amdhsa_user_sgpr_kernarg_segment_ptr 1
    .amdhsa_kernarg_size 8
    .amdhsa_system_vgpr_workitem_id 0
    .amdhsa_next_free_vgpr 512
    .amdhsa_next_free_sgpr 96
    .amdhsa_accum_offset 256
  .end_amdhsa_kernel
  .amdgpu_metadata
---
amdhsa.kernels:
  - .args:
      - .address_space:  global
        .name:           out
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 256
    .name:           split
    .private_segment_fixed_size: 0
    .sgpr_count:     96
    .symbol:         split.kd
    .vgpr_count:     512
    .wavefront_size: 64
amdhsa.version:
  - 1
  - 2
...
  .end_amdgpu_metadata
