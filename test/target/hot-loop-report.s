// flyc reports the main loop of any code object (here assembled by
// llvm-mc) by docs/hot-loop-model.md: the loop with the most MFMAs (the
// second, smaller loop has none), counted per class and in issue cycles:
//   16x16x128 f8f6f4: 8 passes = 32; 16x16x32 bf16: 4 passes = 16;
//   ds_read 4; s_nop 3: 4; v_lshl_add_u64 (64-bit VALU): 8;
//   s_add, s_cmp, s_cbranch: 1 each.  Total 67, MFMA 48 = 71.6%; 2 of 8 by count.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: flyc %t.hsaco | FileCheck %s
// CHECK: kernel tiny (gfx950)
// CHECK: main loop: 0x{{[0-9a-f]+}}-0x{{[0-9a-f]+}}, 8 instructions, 67 issue cycles
// CHECK-NEXT: mfma 2, vmem_load 0, vmem_store 0, ds_read 1, ds_write 0, ds_other 0, smem 0, scratch 0, s_barrier 0, s_waitcnt 0, s_nop 1, accvgpr 0, valu 1, salu 3, other 0
// CHECK-NEXT: mfma share: 25.0% by count, 71.6% by issue cycles

// A file that is neither MLIR nor a code object is an error.
// RUN: printf '\177ELFgarbage' > %t.bad
// RUN: not flyc %t.bad 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: flyc: error: cannot read code object '{{.*}}.bad':
	.amdgcn_target "amdgcn-amd-amdhsa--gfx950"
	.amdhsa_code_object_version 6
	.text
	.globl	tiny
	.p2align	8
	.type	tiny,@function
tiny:
	s_mov_b32 s4, 8
.Lloop:
	v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3]
	ds_read_b128 v[20:23], v24
	s_nop 3
	v_mfma_f32_16x16x32_bf16 v[0:3], v[4:7], v[12:15], v[0:3]
	v_lshl_add_u64 v[26:27], v[26:27], 0, v[28:29]
	s_add_i32 s4, s4, -1
	s_cmp_lg_u32 s4, 0
	s_cbranch_scc1 .Lloop
	s_cmp_eq_u32 s4, 0
.Lsmall:
	s_add_i32 s4, s4, 1
	s_cbranch_scc0 .Lsmall
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel tiny
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 8
		.amdhsa_user_sgpr_count 2
		.amdhsa_user_sgpr_dispatch_ptr 0
		.amdhsa_user_sgpr_queue_ptr 0
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 0
		.amdhsa_user_sgpr_kernarg_preload_length 0
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 0
		.amdhsa_system_sgpr_workgroup_id_z 0
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 0
		.amdhsa_next_free_vgpr 32
		.amdhsa_next_free_sgpr 8
		.amdhsa_accum_offset 32
		.amdhsa_reserve_vcc 0
		.amdhsa_float_round_mode_32 0
		.amdhsa_float_round_mode_16_64 0
		.amdhsa_float_denorm_mode_32 3
		.amdhsa_float_denorm_mode_16_64 3
		.amdhsa_dx10_clamp 1
		.amdhsa_ieee_mode 1
		.amdhsa_fp16_overflow 0
		.amdhsa_tg_split 0
		.amdhsa_exception_fp_ieee_invalid_op 0
		.amdhsa_exception_fp_denorm_src 0
		.amdhsa_exception_fp_ieee_div_zero 0
		.amdhsa_exception_fp_ieee_overflow 0
		.amdhsa_exception_fp_ieee_underflow 0
		.amdhsa_exception_fp_ieee_inexact 0
		.amdhsa_exception_int_div_zero 0
	.end_amdhsa_kernel
	.text
.Lfunc_end0:
	.size	tiny, .Lfunc_end0-tiny

	.text
	.section	".note.GNU-stack","",@progbits
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
      - .address_space:  generic
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 64
    .name:           tiny
    .private_segment_fixed_size: 0
    .reqd_workgroup_size:
      - 64
      - 1
      - 1
    .sgpr_count:     8
    .sgpr_spill_count: 0
    .symbol:         tiny.kd
    .uniform_work_group_size: 1
    .uses_dynamic_stack: false
    .vgpr_count:     32
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx950
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
