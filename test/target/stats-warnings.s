// The report makes spills and scratch prominent: a warning line under the
// scratch lines of every kernel that spills, uses scratch or a dynamic
// stack, and one when the metadata's register counts disagree with the
// kernel descriptor. A clean kernel gets none.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: flyc %t.hsaco | FileCheck %s
// CHECK-LABEL: kernel clean (gfx942)
// CHECK: spills: 0 sgpr, 0 vgpr
// CHECK-NEXT: occupancy: 8 waves/SIMD
// CHECK-NOT: warning
// CHECK-LABEL: kernel spills (gfx942)
// CHECK: scratch_bytes: 48
// CHECK-NEXT: spills: 2 sgpr, 10 vgpr
// CHECK-NEXT: warning: spills 10 VGPRs and 2 SGPRs (48 bytes of scratch per work-item)
// CHECK-NEXT: occupancy:
// CHECK-LABEL: kernel private (gfx942)
// CHECK: spills: 0 sgpr, 0 vgpr
// CHECK-NEXT: warning: uses 256 bytes of scratch per work-item
// CHECK-NEXT: warning: uses a dynamic stack: its scratch size is not known
// CHECK-NEXT: occupancy:
// CHECK-LABEL: kernel mismatch (gfx942)
// CHECK-NEXT: arch_vgpr: 0
// CHECK-NEXT: agpr: 64
// CHECK-NEXT: vgpr_alloc: 128
// CHECK-NEXT: warning: the metadata (.vgpr_count 64, .agpr_count 64) disagrees with the kernel descriptor (128 VGPRs allocated, AGPRs from 64); occupancy follows the descriptor
// CHECK: occupancy: 4 waves/SIMD (vgpr 4, sgpr 8, lds 8)

	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.text
	.p2align 8
clean:
	s_endpgm
	.p2align 8
spills:
	s_endpgm
	.p2align 8
private:
	s_endpgm
	.p2align 8
mismatch:
	s_endpgm

	.rodata
	.p2align 6
	.amdhsa_kernel clean
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 8
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.p2align 6
	.amdhsa_kernel spills
		.amdhsa_private_segment_fixed_size 48
		.amdhsa_next_free_vgpr 256
		.amdhsa_next_free_sgpr 8
		.amdhsa_accum_offset 256
	.end_amdhsa_kernel
	.p2align 6
	.amdhsa_kernel private
		.amdhsa_private_segment_fixed_size 256
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 8
		.amdhsa_accum_offset 8
	.end_amdhsa_kernel
	.p2align 6
	.amdhsa_kernel mismatch
		.amdhsa_next_free_vgpr 128
		.amdhsa_next_free_sgpr 8
		.amdhsa_accum_offset 64
	.end_amdhsa_kernel

	.amdgpu_metadata
---
amdhsa.kernels:
  - .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 0
    .max_flat_workgroup_size: 256
    .name:           clean
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .symbol:         clean.kd
    .vgpr_count:     8
    .wavefront_size: 64
  - .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 0
    .max_flat_workgroup_size: 256
    .name:           spills
    .private_segment_fixed_size: 48
    .sgpr_count:     8
    .sgpr_spill_count: 2
    .symbol:         spills.kd
    .vgpr_count:     256
    .vgpr_spill_count: 10
    .wavefront_size: 64
  - .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 0
    .max_flat_workgroup_size: 256
    .name:           private
    .private_segment_fixed_size: 256
    .sgpr_count:     8
    .symbol:         private.kd
    .uses_dynamic_stack: true
    .vgpr_count:     8
    .wavefront_size: 64
  - .agpr_count:     64
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 0
    .max_flat_workgroup_size: 256
    .name:           mismatch
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .symbol:         mismatch.kd
    .vgpr_count:     64
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
