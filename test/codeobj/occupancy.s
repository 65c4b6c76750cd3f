// flyKernelInfoGetVgprUsage and flyKernelInfoGetOccupancy on gfx950 kernels
// (only the metadata and the kernel descriptors matter), by the rules of
// LLVM's AMDGPUBaseInfo.cpp for gfx90a and later. The metadata follows what
// LLVM writes: .vgpr_count = alignTo(arch, 4) + AGPRs when AGPRs are used
// (else the arch count), .agpr_count = AGPRs; the descriptor's
// .amdhsa_next_free_vgpr is that combined count and .amdhsa_accum_offset
// the 4-aligned arch count. Waves per SIMD = min of
//   VGPRs: min(8, max(1, 512 / allocated)), allocated = the descriptor's
//          granules of 8 (alignTo(combined, 8)),
//   SGPRs: 8 up to 100 (.sgpr_count), else 7,
//   LDS:   ceil((160 KiB / group LDS) * waves per group / 4 SIMDs).
// big:    arch 128 + acc 128 = 256 -> 2; 100 SGPRs -> 8; 64 KiB LDS, 256
//         items -> 2 groups * 4 waves / 4 = 2.
// small:  37 arch VGPRs -> 40 -> 12 -> 8; 102 SGPRs -> 7; no LDS -> 8.
// odd:    arch 9 (rounded to 12 where the AGPRs start) + acc 32 = 44 -> 48
//         -> 10 -> 8; 101 SGPRs -> 7.
// full:   arch 256 + acc 256 = 512 -> 1 (not 0).
// wrong:  metadata that counts the AGPRs outside .vgpr_count (128 + 128)
//         disagrees with the descriptor (256 allocated): the descriptor,
//         which the hardware reads, decides: 2 waves.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: %testbin/codeobj-dump %t.hsaco | FileCheck %s
// CHECK: vgprs big: arch 128 acc 128 total 256 allocated 256 accum_offset 128 consistent
// CHECK-NEXT: occupancy big: waves 2 (vgprs 2, sgprs 8, lds 2 of 163840 bytes)
// CHECK: vgprs small: arch 37 acc 0 total 37 allocated 40 accum_offset 40 consistent
// CHECK-NEXT: occupancy small: waves 7 (vgprs 8, sgprs 7, lds 8 of 163840 bytes)
// CHECK: vgprs odd: arch 12 acc 32 total 44 allocated 48 accum_offset 12 consistent
// CHECK-NEXT: occupancy odd: waves 7 (vgprs 8, sgprs 7, lds 8 of 163840 bytes)
// CHECK: vgprs full: arch 256 acc 256 total 512 allocated 512 accum_offset 256 consistent
// CHECK-NEXT: occupancy full: waves 1 (vgprs 1, sgprs 8, lds 8 of 163840 bytes)
// CHECK: vgprs wrong: arch 0 acc 128 total 128 allocated 256 accum_offset 128 inconsistent
// CHECK-NEXT: occupancy wrong: waves 2 (vgprs 2, sgprs 8, lds 8 of 163840 bytes)

	.amdgcn_target "amdgcn-amd-amdhsa--gfx950"
	.text
	.p2align 8
big:
	s_endpgm
	.p2align 8
small:
	s_endpgm
	.p2align 8
odd:
	s_endpgm
	.p2align 8
full:
	s_endpgm
	.p2align 8
wrong:
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
	.p2align 6
	.amdhsa_kernel odd
		.amdhsa_next_free_vgpr 44
		.amdhsa_next_free_sgpr 95
		.amdhsa_accum_offset 12
	.end_amdhsa_kernel
	.p2align 6
	.amdhsa_kernel full
		.amdhsa_next_free_vgpr 512
		.amdhsa_next_free_sgpr 8
		.amdhsa_accum_offset 256
	.end_amdhsa_kernel
	.p2align 6
	.amdhsa_kernel wrong
		.amdhsa_next_free_vgpr 256
		.amdhsa_next_free_sgpr 8
		.amdhsa_accum_offset 128
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
    .vgpr_count:     256
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
  - .agpr_count:     32
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 0
    .max_flat_workgroup_size: 256
    .name:           odd
    .private_segment_fixed_size: 0
    .sgpr_count:     101
    .symbol:         odd.kd
    .vgpr_count:     44
    .wavefront_size: 64
  - .agpr_count:     256
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 0
    .max_flat_workgroup_size: 256
    .name:           full
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .symbol:         full.kd
    .vgpr_count:     512
    .wavefront_size: 64
  - .agpr_count:     128
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 0
    .max_flat_workgroup_size: 256
    .name:           wrong
    .private_segment_fixed_size: 0
    .sgpr_count:     8
    .symbol:         wrong.kd
    .vgpr_count:     128
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx950
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
