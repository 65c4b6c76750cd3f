// flyKernelInfoGetOccupancy on two gfx950 kernels (only the metadata
// matters): waves per SIMD = min of
//   VGPRs: min(8, 512 / alignTo(alignTo(vgpr, 4) + agpr, 8)),
//   SGPRs: min(8, 800 / alignTo(sgpr, 16)),
//   LDS:   ceil((160 KiB / group LDS) * waves per group / 4 SIMDs).
// big:   128 + 128 registers -> 2; 100 SGPRs -> 7; 64 KiB LDS, 256 items ->
//        2 groups * 4 waves / 4 = 2.
// small: 37 VGPRs -> 40 -> 12 -> 8; 102 SGPRs -> 112 -> 7; no LDS -> 8.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: %testbin/codeobj-dump %t.hsaco | FileCheck %s
// CHECK: occupancy big: waves 2 (vgprs 2, sgprs 7, lds 2 of 163840 bytes)
// CHECK: occupancy small: waves 7 (vgprs 8, sgprs 7, lds 8 of 163840 bytes)

	.amdgcn_target "amdgcn-amd-amdhsa--gfx950"
	.text
	.p2align 8
big:
	s_endpgm
	.p2align 8
small:
	s_endpgm

	.rodata
	.p2align 6
	.amdhsa_kernel big
		.amdhsa_group_segment_fixed_size 65536
		.amdhsa_next_free_vgpr 256
		.amdhsa_next_free_sgpr 100
		.amdhsa_accum_offset 128
	.end_amdhsa_kernel
	.p2align 6
	.amdhsa_kernel small
		.amdhsa_next_free_vgpr 37
		.amdhsa_next_free_sgpr 96
		.amdhsa_accum_offset 40
	.end_amdhsa_kernel

	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     128
    .group_segment_fixed_size: 65536
    .kernarg_segment_align: 8
    .kernarg_segment_size: 0
    .max_flat_workgroup_size: 256
    .name:           big
    .private_segment_fixed_size: 0
    .sgpr_count:     100
    .symbol:         big.kd
    .vgpr_count:     128
    .wavefront_size: 64
  - .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 0
    .max_flat_workgroup_size: 1024
    .name:           small
    .private_segment_fixed_size: 0
    .sgpr_count:     102
    .symbol:         small.kd
    .vgpr_count:     37
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx950
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
