// The reader's dump of a clang-compiled OpenCL kernel must agree with
// llvm-readelf (header, symbols, metadata note) and llvm-objdump (kernel
// descriptor, printed as .amdhsa_* directives).
// REQUIRES: clang
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -c %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: llvm-readelf -h %t.hsaco | FileCheck %s --check-prefix=HDR-ELF
// RUN: %testbin/codeobj-dump %t.hsaco | FileCheck %s --check-prefix=HDR-DUMP
// RUN: llvm-readelf --notes %t.hsaco | FileCheck %s --check-prefix=META
// RUN: %testbin/codeobj-dump %t.hsaco | FileCheck %s --check-prefix=META
// RUN: llvm-objdump -D -j .rodata %t.hsaco | FileCheck %s --check-prefix=KD
// RUN: %testbin/codeobj-dump %t.hsaco | FileCheck %s --check-prefix=KD
// RUN: llvm-readelf -S -s %t.hsaco > %t.sym
// RUN: %testbin/codeobj-dump %t.hsaco >> %t.sym
// RUN: FileCheck %s --check-prefix=SYM < %t.sym
// RUN: %testbin/codeobj-dump --kernel vadd %t.hsaco | FileCheck %s --check-prefix=FIND
// RUN: not %testbin/codeobj-dump --kernel nosuch %t.hsaco | FileCheck %s --check-prefix=NOFIND
// RUN: %testbin/codeobj-dump --fuzz %t.hsaco | FileCheck %s --check-prefix=FUZZ
// A code object for another machine is rejected with one line.
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx90a -nogpulib -O2 -c %s -o %t.90a.o
// RUN: ld.lld -shared %t.90a.o -o %t.90a.hsaco
// RUN: not %testbin/codeobj-dump %t.90a.hsaco 2>&1 | FileCheck %s --check-prefix=MACH
// MACH: error: invalid code object: unsupported machine 0x03f (need gfx942 or gfx950)
// MACH-NOT: error

// HDR-ELF: ABI Version: 4
// HDR-ELF: Flags: 0x54f, gfx950, xnack, sramecc
// HDR-DUMP: mach: gfx950
// HDR-DUMP: e_flags: 0x54f xnack: any sramecc: any
// HDR-DUMP: abi_version: 4

// META: amdhsa.kernels:
// META-NEXT: - .agpr_count: 0
// META-NEXT: .args:
// META-NEXT: - .address_space: global
// META-NEXT: .is_const: true
// META-NEXT: .offset: 0
// META-NEXT: .size: 8
// META-NEXT: .type_name: {{'?}}float*{{'?}}
// META-NEXT: .value_kind: global_buffer
// META: .offset: 8
// META: - .address_space: global
// META-NEXT: .offset: 16
// META-NEXT: .size: 8
// META: - .offset: 24
// META-NEXT: .size: 4
// META-NEXT: .type_name: int
// META-NEXT: .value_kind: by_value
// META: .group_segment_fixed_size: 64
// META-NEXT: .kernarg_segment_align: 8
// META-NEXT: .kernarg_segment_size: 28
// META: .max_flat_workgroup_size: 256
// META-NEXT: .name: vadd
// META-NEXT: .private_segment_fixed_size: 0
// META-NEXT: .sgpr_count: [[SGPRS:[0-9]+]]
// META-NEXT: .sgpr_spill_count: 0
// META-NEXT: .symbol: vadd.kd
// META-NEXT: .uses_dynamic_stack: false
// META-NEXT: .vgpr_count: [[VGPRS:[0-9]+]]
// META-NEXT: .vgpr_spill_count: 0
// META-NEXT: .wavefront_size: 64
// META: amdhsa.target: amdgcn-amd-amdhsa--gfx950

// KD: <vadd.kd>:
// KD-NEXT: .amdhsa_kernel vadd
// KD-NEXT: .amdhsa_group_segment_fixed_size 64
// KD-NEXT: .amdhsa_private_segment_fixed_size 0
// KD-NEXT: .amdhsa_kernarg_size 28
// KD-NEXT: .amdhsa_accum_offset [[ACC:[0-9]+]]
// KD-NEXT: .amdhsa_tg_split 0
// KD-NEXT: .amdhsa_next_free_vgpr [[NFV:[0-9]+]]
// KD: .amdhsa_next_free_sgpr [[NFS:[0-9]+]]
// KD-NEXT: .amdhsa_float_round_mode_32 0
// KD-NEXT: .amdhsa_float_round_mode_16_64 0
// KD-NEXT: .amdhsa_float_denorm_mode_32 3
// KD-NEXT: .amdhsa_float_denorm_mode_16_64 3
// KD-NEXT: .amdhsa_dx10_clamp 1
// KD-NEXT: .amdhsa_ieee_mode 1
// KD-NEXT: .amdhsa_fp16_overflow 0
// KD-NEXT: .amdhsa_enable_private_segment 0
// KD-NEXT: .amdhsa_system_sgpr_workgroup_id_x 1
// KD-NEXT: .amdhsa_system_sgpr_workgroup_id_y 0
// KD-NEXT: .amdhsa_system_sgpr_workgroup_id_z 0
// KD-NEXT: .amdhsa_system_sgpr_workgroup_info 0
// KD-NEXT: .amdhsa_system_vgpr_workitem_id 0
// KD: .amdhsa_user_sgpr_dispatch_ptr 0
// KD-NEXT: .amdhsa_user_sgpr_queue_ptr 0
// KD-NEXT: .amdhsa_user_sgpr_kernarg_segment_ptr 1
// KD-NEXT: .amdhsa_user_sgpr_dispatch_id 0
// KD: .amdhsa_user_sgpr_private_segment_size 0
// KD-NEXT: .amdhsa_uses_dynamic_stack 0
// KD-NEXT: .end_amdhsa_kernel

// SYM: .text PROGBITS [[TEXT:[0-9a-f]+]] {{[0-9a-f]+}} [[TEXTSIZE:[0-9a-f]+]]
// SYM: [[ENTRY:[0-9a-f]+]] {{ *}}[[FSIZE:[0-9]+]] FUNC GLOBAL PROTECTED {{.*}} vadd{{$}}
// SYM: [[KDADDR:[0-9a-f]+]] 64 OBJECT GLOBAL PROTECTED {{.*}} vadd.kd
// SYM: .text [[TEXT]] [[TEXTSIZE]]
// SYM: symbol [[ENTRY]] [[FSIZE]] type 2 bind 1 ndx {{[0-9]+}} vadd{{$}}
// SYM: symbol [[KDADDR]] 64 type 1 bind 1 ndx {{[0-9]+}} vadd.kd
// SYM: raw rsrc1 0x{{[0-9a-f]+}} rsrc2 0x00000084 rsrc3 0x{{[0-9a-f]+}} kcp 0x0008 preload 0x0000
// SYM: entry [[ENTRY]] (kd + {{[0-9]+}})
// SYM: occupancy vadd: waves 8 (vgprs 8, sgprs 8, lds 8 of 163840 bytes)

// FIND: found vadd entry {{[0-9a-f]+}}
// NOFIND: no kernel nosuch
// FUZZ: fuzz: {{[0-9]+}} runs, all clean

__kernel void vadd(__global const float *a, __global const float *b,
                   __global float *c, int n) {
  __local float tmp[16];
  int t = __builtin_amdgcn_workitem_id_x();
  int i = __builtin_amdgcn_workgroup_id_x() * 64 + t;
  tmp[t & 15] = a[i];
  __builtin_amdgcn_s_barrier();
  if (i < n)
    c[i] = tmp[(t + 1) & 15] + b[i];
}
