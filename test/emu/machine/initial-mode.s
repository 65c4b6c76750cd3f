// MODE as compute_pgm_rsrc1 asks, read back by the kernel with s_getreg:
// round mode f32 = 1 (toward +inf) [1:0], f16/f64 = 0; denorm mode f32 = 0
// (flush) [5:4], f16/f64 = 3 [7:6]; DX10_CLAMP off [8]; IEEE on [9];
// FP16_OVFL on [23]: 0x008002c1.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: %testbin/codeobj-dump %t.hsaco | FileCheck %s --check-prefix=KD
// KD: .amdhsa_float_round_mode_32 1
// KD: .amdhsa_fp16_overflow 1
// RUN: flyc-run %t.hsaco --kernel mode --grid 1 --block 64 out:u32:1 --out out=%t.bin
// RUN: od -A n -t x4 %t.bin | FileCheck %s
// CHECK: 008002c1

	.amdgcn_target "amdgcn-amd-amdhsa--gfx950"
	.text
	.globl	mode
	.p2align	8
	.type	mode,@function
mode:
	s_load_dwordx2 s[2:3], s[0:1], 0x0
	s_getreg_b32 s4, hwreg(HW_REG_MODE)
	v_mov_b32_e32 v0, 0
	v_mov_b32_e32 v1, s4
	s_waitcnt lgkmcnt(0)
	global_store_dword v0, v1, s[2:3]
	s_endpgm
.Lfunc_end0:
	.size	mode, .Lfunc_end0-mode

	.rodata
	.p2align	6
	.amdhsa_kernel mode
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_kernarg_size 8
		.amdhsa_next_free_vgpr 2
		.amdhsa_next_free_sgpr 5
		.amdhsa_accum_offset 4
		.amdhsa_float_round_mode_32 1
		.amdhsa_float_denorm_mode_32 0
		.amdhsa_dx10_clamp 0
		.amdhsa_fp16_overflow 1
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
    .max_flat_workgroup_size: 64
    .name:           mode
    .private_segment_fixed_size: 0
    .sgpr_count:     7
    .symbol:         mode.kd
    .vgpr_count:     2
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx950
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
