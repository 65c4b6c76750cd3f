; A gfx942 code object assembled by llvm-mc (from llc output for an IR kernel
; that uses dispatch/queue/implicit-arg pointers, kernarg preload, LDS,
; a barrier and AGPRs): the reader's metadata and descriptors against
; llvm-readelf and llvm-objdump, then malformed variants of the same file.
; RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %s -o %t.o
; RUN: ld.lld -shared %t.o -o %t.hsaco
; RUN: llvm-readelf --notes %t.hsaco | FileCheck %s --check-prefix=META
; RUN: %testbin/codeobj-dump %t.hsaco | FileCheck %s --check-prefix=META
; RUN: llvm-objdump -D -j .rodata %t.hsaco | FileCheck %s --check-prefix=KD
; RUN: %testbin/codeobj-dump %t.hsaco | FileCheck %s --check-prefix=KD
; RUN: %testbin/codeobj-dump %t.hsaco | FileCheck %s --check-prefix=DUMP
; RUN: %testbin/codeobj-dump --fuzz %t.hsaco | FileCheck %s --check-prefix=FUZZ
;
; Truncated: the section header table is at the end of the file.
; RUN: head -c 3000 %t.hsaco > %t.trunc
; RUN: not %testbin/codeobj-dump %t.trunc 2>&1 | FileCheck %s --check-prefix=TRUNC
; Corrupt note: the msgpack document starts at file offset 0x214 (.note at
; 0x200, 12-byte header, "AMDGPU\0" padded to 8). 0xc1 is never valid; 0xdf
; announces a map of 2^32-1 entries.
; RUN: od -A x -t x1 -j 0x214 -N 1 %t.hsaco | FileCheck %s --check-prefix=NOTESTART
; RUN: cp %t.hsaco %t.bad1
; RUN: printf '\301' | dd of=%t.bad1 bs=1 seek=532 conv=notrunc
; RUN: not %testbin/codeobj-dump %t.bad1 2>&1 | FileCheck %s --check-prefix=BAD1
; RUN: cp %t.hsaco %t.bad2
; RUN: printf '\337' | dd of=%t.bad2 bs=1 seek=532 conv=notrunc
; RUN: not %testbin/codeobj-dump %t.bad2 2>&1 | FileCheck %s --check-prefix=BAD2

; META: - .agpr_count: 0
; META: .offset: 0
; META-NEXT: .size: 8
; META-NEXT: .value_kind: global_buffer
; META: .name: n
; META-NEXT: .offset: 8
; META-NEXT: .size: 4
; META-NEXT: .value_kind: by_value
; META: .name: x
; META-NEXT: .offset: 16
; META-NEXT: .size: 8
; META: - .offset: 24
; META-NEXT: .size: 4
; META-NEXT: .value_kind: hidden_block_count_x
; META: - .offset: 36
; META-NEXT: .size: 2
; META-NEXT: .value_kind: hidden_group_size_x
; META: - .offset: 224
; META-NEXT: .size: 8
; META-NEXT: .value_kind: hidden_queue_ptr
; META: .group_segment_fixed_size: 1024
; META-NEXT: .kernarg_segment_align: 8
; META-NEXT: .kernarg_segment_size: 280
; META: .max_flat_workgroup_size: 1024
; META-NEXT: .name: feat
; META: .symbol: feat.kd
; META: - .agpr_count: 4
; META: .max_flat_workgroup_size: 512
; META-NEXT: .name: second
; META: amdhsa.target: amdgcn-amd-amdhsa--gfx942

; KD-LABEL: <feat.kd>:
; KD-NEXT: .amdhsa_kernel feat
; KD-NEXT: .amdhsa_group_segment_fixed_size 1024
; KD-NEXT: .amdhsa_private_segment_fixed_size 0
; KD-NEXT: .amdhsa_kernarg_size 280
; KD-NEXT: .amdhsa_accum_offset 4
; KD: .amdhsa_system_sgpr_workgroup_id_x 1
; KD-NEXT: .amdhsa_system_sgpr_workgroup_id_y 1
; KD-NEXT: .amdhsa_system_sgpr_workgroup_id_z 1
; KD-NEXT: .amdhsa_system_sgpr_workgroup_info 0
; KD-NEXT: .amdhsa_system_vgpr_workitem_id 2
; KD: .amdhsa_user_sgpr_dispatch_ptr 1
; KD-NEXT: .amdhsa_user_sgpr_queue_ptr 1
; KD-NEXT: .amdhsa_user_sgpr_kernarg_segment_ptr 1
; KD-NEXT: .amdhsa_user_sgpr_dispatch_id 1
; KD-LABEL: <second.kd>:
; KD-NEXT: .amdhsa_kernel second
; KD: .amdhsa_kernarg_size 264

; DUMP: mach: gfx942
; DUMP: e_flags: 0x54c xnack: any sramecc: any
; DUMP: explicit_args: 3
; DUMP: explicit_args: 1
; DUMP-LABEL: .amdhsa_kernel feat
; DUMP: .amdhsa_user_sgpr_count 11
; DUMP-NEXT: .amdhsa_user_sgpr_kernarg_preload_length 3
; DUMP-NEXT: .amdhsa_user_sgpr_kernarg_preload_offset 0
; DUMP: occupancy feat: waves 8 (vgprs 8, sgprs 8, lds 8 of 65536 bytes)
; DUMP-LABEL: .amdhsa_kernel second
; DUMP: .amdhsa_user_sgpr_count 10
; DUMP-NEXT: .amdhsa_user_sgpr_kernarg_preload_length 2
; DUMP: occupancy second: waves 8 (vgprs 8, sgprs 8, lds 8 of 65536 bytes)

; FUZZ: fuzz: {{[0-9]+}} runs, all clean
; TRUNC: error: invalid code object: section header table outside the file
; NOTESTART: 000214 83
; BAD1: error: invalid code object metadata: invalid msgpack type byte 0xc1
; BAD2: error: invalid code object metadata: msgpack container longer than its input

	.amdgcn_target "amdgcn-amd-amdhsa--gfx942"
	.amdhsa_code_object_version 6
	.text
	.globl	feat                            ; -- Begin function feat
	.p2align	8
	.type	feat,@function
feat:                                   ; @feat
; %bb.1:
	s_load_dwordx2 s[8:9], s[4:5], 0x0
	s_load_dword s10, s[4:5], 0x8
	s_waitcnt lgkmcnt(0)
	s_branch .LBB0_0
	.p2align	8
; %bb.2:
.LBB0_0:
	s_load_dword s2, s[0:1], 0x0
	s_load_dword s3, s[4:5], 0x18
	v_lshrrev_b32_e32 v0, 18, v0
	v_and_b32_e32 v0, 0xffc, v0
	s_load_dword s0, s[4:5], 0x10
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v1, s2
	ds_write_b32 v0, v1
	v_mov_b32_e32 v0, 0
	s_barrier
	ds_read_b32 v1, v0
	s_waitcnt lgkmcnt(0)
	v_add_u32_e32 v1, s3, v1
	v_add_u32_e32 v1, s12, v1
	v_add_u32_e32 v1, s10, v1
	v_add_u32_e32 v1, s0, v1
	global_store_dword v0, v1, s[8:9]
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel feat
		.amdhsa_group_segment_fixed_size 1024
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 280
		.amdhsa_user_sgpr_count 11
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_kernarg_preload_length 3
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 2
		.amdhsa_next_free_sgpr 13
		.amdhsa_accum_offset 4
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
	.size	feat, .Lfunc_end0-feat
                                        ; -- End function
	.set feat.num_vgpr, 2
	.set feat.num_agpr, 0
	.set feat.numbered_sgpr, 13
	.set feat.num_named_barrier, 0
	.set feat.private_seg_size, 0
	.set feat.uses_vcc, 0
	.set feat.uses_flat_scratch, 0
	.set feat.has_dyn_sized_stack, 0
	.set feat.has_recursion, 0
	.set feat.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 356
; TotalNumSgprs: 19
; NumVgprs: 2
; NumAgprs: 0
; TotalNumVgprs: 2
; ScratchSize: 0
; MemoryBound: 0
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 1024 bytes/workgroup (compile time only)
; SGPRBlocks: 2
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 19
; NumVGPRsForWavesPerEU: 2
; AccumOffset: 4
; Occupancy: 8
; WaveLimiterHint : 0
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 11
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 0
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.globl	second                          ; -- Begin function second
	.p2align	8
	.type	second,@function
second:                                 ; @second
; %bb.1:
	s_load_dwordx2 s[8:9], s[4:5], 0x0
	s_waitcnt lgkmcnt(0)
	s_branch .LBB1_0
	.p2align	8
; %bb.2:
.LBB1_0:
	s_mov_b32 s0, 0
	s_mov_b32 s1, s0
	v_mov_b64_e32 v[2:3], s[0:1]
	v_mov_b32_e32 v0, 0
	s_nop 0
	v_mfma_f32_16x16x16_f16 a[0:3], v[2:3], v[2:3], 0
	s_nop 6
	global_store_dwordx4 v0, a[0:3], s[8:9]
	s_endpgm
	.section	.rodata,"a",@progbits
	.p2align	6, 0x0
	.amdhsa_kernel second
		.amdhsa_group_segment_fixed_size 0
		.amdhsa_private_segment_fixed_size 0
		.amdhsa_kernarg_size 264
		.amdhsa_user_sgpr_count 10
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_user_sgpr_kernarg_preload_length 2
		.amdhsa_user_sgpr_kernarg_preload_offset 0
		.amdhsa_user_sgpr_private_segment_size 0
		.amdhsa_uses_dynamic_stack 0
		.amdhsa_enable_private_segment 0
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 0
		.amdhsa_system_vgpr_workitem_id 2
		.amdhsa_next_free_vgpr 8
		.amdhsa_next_free_sgpr 10
		.amdhsa_accum_offset 4
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
.Lfunc_end1:
	.size	second, .Lfunc_end1-second
                                        ; -- End function
	.set second.num_vgpr, 4
	.set second.num_agpr, 4
	.set second.numbered_sgpr, 10
	.set second.num_named_barrier, 0
	.set second.private_seg_size, 0
	.set second.uses_vcc, 0
	.set second.uses_flat_scratch, 0
	.set second.has_dyn_sized_stack, 0
	.set second.has_recursion, 0
	.set second.has_indirect_call, 0
	.section	.AMDGPU.csdata,"",@progbits
; Kernel info:
; codeLenInByte = 300
; TotalNumSgprs: 16
; NumVgprs: 4
; NumAgprs: 4
; TotalNumVgprs: 8
; ScratchSize: 0
; MemoryBound: 1
; FloatMode: 240
; IeeeMode: 1
; LDSByteSize: 0 bytes/workgroup (compile time only)
; SGPRBlocks: 1
; VGPRBlocks: 0
; NumSGPRsForWavesPerEU: 16
; NumVGPRsForWavesPerEU: 8
; AccumOffset: 4
; Occupancy: 8
; WaveLimiterHint : 1
; COMPUTE_PGM_RSRC2:SCRATCH_EN: 0
; COMPUTE_PGM_RSRC2:USER_SGPR: 10
; COMPUTE_PGM_RSRC2:TRAP_HANDLER: 0
; COMPUTE_PGM_RSRC2:TGID_X_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Y_EN: 1
; COMPUTE_PGM_RSRC2:TGID_Z_EN: 1
; COMPUTE_PGM_RSRC2:TIDIG_COMP_CNT: 2
; COMPUTE_PGM_RSRC3_GFX90A:ACCUM_OFFSET: 0
; COMPUTE_PGM_RSRC3_GFX90A:TG_SPLIT: 0
	.text
	.p2alignl 6, 3212836864
	.fill 256, 4, 3212836864
	.section	.AMDGPU.gpr_maximums,"",@progbits
	.set amdgpu.max_num_vgpr, 0
	.set amdgpu.max_num_agpr, 0
	.set amdgpu.max_num_sgpr, 0
	.set amdgpu.max_num_named_barrier, 0
	.text
	.section	".note.GNU-stack","",@progbits
	.amdgpu_metadata
---
amdhsa.kernels:
  - .agpr_count:     0
    .args:
      - .address_space:  global
        .name:           out
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .name:           n
        .offset:         8
        .size:           4
        .value_kind:     by_value
      - .name:           x
        .offset:         16
        .size:           8
        .value_kind:     by_value
      - .offset:         24
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         28
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         32
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         36
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         38
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         40
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         42
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         44
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         46
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         72
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         80
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         88
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         104
        .size:           8
        .value_kind:     hidden_hostcall_buffer
      - .offset:         112
        .size:           8
        .value_kind:     hidden_multigrid_sync_arg
      - .offset:         120
        .size:           8
        .value_kind:     hidden_heap_v1
      - .offset:         128
        .size:           8
        .value_kind:     hidden_default_queue
      - .offset:         136
        .size:           8
        .value_kind:     hidden_completion_action
      - .offset:         224
        .size:           8
        .value_kind:     hidden_queue_ptr
    .group_segment_fixed_size: 1024
    .kernarg_segment_align: 8
    .kernarg_segment_size: 280
    .max_flat_workgroup_size: 1024
    .name:           feat
    .private_segment_fixed_size: 0
    .sgpr_count:     19
    .sgpr_spill_count: 0
    .symbol:         feat.kd
    .uses_dynamic_stack: false
    .vgpr_count:     2
    .vgpr_spill_count: 0
    .wavefront_size: 64
  - .agpr_count:     4
    .args:
      - .address_space:  global
        .name:           out
        .offset:         0
        .size:           8
        .value_kind:     global_buffer
      - .offset:         8
        .size:           4
        .value_kind:     hidden_block_count_x
      - .offset:         12
        .size:           4
        .value_kind:     hidden_block_count_y
      - .offset:         16
        .size:           4
        .value_kind:     hidden_block_count_z
      - .offset:         20
        .size:           2
        .value_kind:     hidden_group_size_x
      - .offset:         22
        .size:           2
        .value_kind:     hidden_group_size_y
      - .offset:         24
        .size:           2
        .value_kind:     hidden_group_size_z
      - .offset:         26
        .size:           2
        .value_kind:     hidden_remainder_x
      - .offset:         28
        .size:           2
        .value_kind:     hidden_remainder_y
      - .offset:         30
        .size:           2
        .value_kind:     hidden_remainder_z
      - .offset:         48
        .size:           8
        .value_kind:     hidden_global_offset_x
      - .offset:         56
        .size:           8
        .value_kind:     hidden_global_offset_y
      - .offset:         64
        .size:           8
        .value_kind:     hidden_global_offset_z
      - .offset:         72
        .size:           2
        .value_kind:     hidden_grid_dims
      - .offset:         88
        .size:           8
        .value_kind:     hidden_hostcall_buffer
      - .offset:         96
        .size:           8
        .value_kind:     hidden_multigrid_sync_arg
      - .offset:         104
        .size:           8
        .value_kind:     hidden_heap_v1
      - .offset:         112
        .size:           8
        .value_kind:     hidden_default_queue
      - .offset:         120
        .size:           8
        .value_kind:     hidden_completion_action
      - .offset:         208
        .size:           8
        .value_kind:     hidden_queue_ptr
    .group_segment_fixed_size: 0
    .kernarg_segment_align: 8
    .kernarg_segment_size: 264
    .max_flat_workgroup_size: 512
    .name:           second
    .private_segment_fixed_size: 0
    .sgpr_count:     16
    .sgpr_spill_count: 0
    .symbol:         second.kd
    .uses_dynamic_stack: false
    .vgpr_count:     8
    .vgpr_spill_count: 0
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx942
amdhsa.version:
  - 1
  - 2
...

	.end_amdgpu_metadata
