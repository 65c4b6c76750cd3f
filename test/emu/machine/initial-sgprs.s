// Initial SGPR state that clang-compiled kernels do not ask for, checked by
// real code on the emulator: dispatch, queue, kernarg and dispatch-id user
// SGPRs, workgroup ids x/y/z and the workgroup-info SGPR ({first_wave [31],
// size in waves [5:0]}, AMDGPUUsage "Initial Kernel Execution State").
// Each work-item stores {wg x | y<<8 | z<<16, workgroup info, v0, dispatch
// packet dword 1 (workgroup_size_x | workgroup_size_y<<16), s6 (dispatch
// id), a VGPR it never wrote, the queue's first dword, LDS dword 0 that no
// one wrote} at record (128*(2*wg_y + wg_x) + tid) of `out`: unwritten
// registers and LDS read as the poison pattern 0xdeadbeef.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// All 512 records are compared with emu-kernel-ref's; two of them, spelled
// out: record 0 is group (0,0,0), work-item 0 (wave 0 of 2: first wave);
// record 3*128+65 is group (1,1,0), work-item x=1, y=1 (wave 1, lane 1).
// RUN: rm -rf %t.dir && mkdir -p %t.dir && %testbin/emu-kernel-ref sgprs %t.dir
// RUN: od -A d -t x4 -j 0 -N 32 %t.dir/sgprs.bin | FileCheck %s --check-prefix=R0
// R0: 0000000 00000000 80000002 00000000 00020040
// R0-NEXT: 0000016 00000000 deadbeef 00000000 deadbeef
// RUN: od -A d -t x4 -j 14368 -N 32 %t.dir/sgprs.bin | FileCheck %s --check-prefix=R1
// R1: 0014368 00000101 00000002 00000401 00020040
// R1-NEXT: 0014384 00000000 deadbeef 00000000 deadbeef
// RUN: flyc-run %t.hsaco --kernel sgprs --grid 2,2 --block 64,2 out:u32:4096 --check out=%t.dir/sgprs.bin | FileCheck %s
// CHECK: check out: ok (4096 u32 elements, bit-exact, max abs error 0)

	.amdgcn_target "amdgcn-amd-amdhsa--gfx950"
	.text
	.globl	sgprs
	.p2align	8
	.type	sgprs,@function
sgprs:
	s_load_dwordx2 s[12:13], s[4:5], 0x0      // out
	s_load_dword s15, s[0:1], 0x4              // packet: workgroup_size_x/y
	s_load_dword s16, s[2:3], 0x0              // the queue stand-in
	v_and_b32_e32 v1, 0x3ff, v0                // x
	v_bfe_u32 v2, v0, 10, 10                   // y
	v_lshl_add_u32 v1, v2, 6, v1               // tid = 64*y + x
	s_lshl_b32 s14, s9, 1
	s_add_u32 s14, s14, s8
	s_lshl_b32 s14, s14, 7                     // 128 * (2*wg_y + wg_x)
	v_add_u32_e32 v1, s14, v1
	v_lshlrev_b32_e32 v1, 5, v1                // 32-byte records
	s_lshl_b32 s17, s9, 8
	s_lshl_b32 s18, s10, 16
	s_or_b32 s17, s17, s8
	s_or_b32 s17, s17, s18
	v_mov_b32_e32 v2, s17
	v_mov_b32_e32 v3, s11
	v_mov_b32_e32 v4, v0
	s_waitcnt lgkmcnt(0)
	v_mov_b32_e32 v5, s15
	v_mov_b32_e32 v6, s6
	v_mov_b32_e32 v7, v11
	v_mov_b32_e32 v8, s16
	v_mov_b32_e32 v10, 0
	ds_read_b32 v9, v10
	s_waitcnt lgkmcnt(0)
	global_store_dwordx4 v1, v[2:5], s[12:13]
	global_store_dwordx4 v1, v[6:9], s[12:13] offset:16
	s_endpgm
.Lfunc_end0:
	.size	sgprs, .Lfunc_end0-sgprs

	.rodata
	.p2align	6
	.amdhsa_kernel sgprs
		.amdhsa_user_sgpr_count 8
		.amdhsa_user_sgpr_dispatch_ptr 1
		.amdhsa_user_sgpr_queue_ptr 1
		.amdhsa_user_sgpr_kernarg_segment_ptr 1
		.amdhsa_user_sgpr_dispatch_id 1
		.amdhsa_kernarg_size 8
		.amdhsa_system_sgpr_workgroup_id_x 1
		.amdhsa_system_sgpr_workgroup_id_y 1
		.amdhsa_system_sgpr_workgroup_id_z 1
		.amdhsa_system_sgpr_workgroup_info 1
		.amdhsa_system_vgpr_workitem_id 1
		.amdhsa_group_segment_fixed_size 16
		.amdhsa_next_free_vgpr 12
		.amdhsa_next_free_sgpr 19
		.amdhsa_accum_offset 12
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
    .group_segment_fixed_size: 16
    .kernarg_segment_align: 8
    .kernarg_segment_size: 8
    .max_flat_workgroup_size: 256
    .name:           sgprs
    .private_segment_fixed_size: 0
    .sgpr_count:     21
    .symbol:         sgprs.kd
    .vgpr_count:     12
    .wavefront_size: 64
amdhsa.target:   amdgcn-amd-amdhsa--gfx950
amdhsa.version:
  - 1
  - 2
...
	.end_amdgpu_metadata
