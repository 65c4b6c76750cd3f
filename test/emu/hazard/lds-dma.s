// A wave reading LDS that its own LDS DMA writes, before s_waitcnt vmcnt
// retires the DMA (LLVM puts vmcnt(0) there: cdna-timing-facts §4), on both
// chips; the corrected form is clean. The DMA writes LDS[M0 + 4*lane]; lane
// 0's byte 0 is the first one read.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: not flyc-run %t.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s
// CHECK: flyc-run: hazard: kernel k, workgroup (0,0,0), wave 0, lane 0, pc 0x{{[0-9a-f]+}}: ds_read_b32 v3, v1 reads LDS 0x0 before its LDS DMA 'buffer_load_dword v1, s[8:11], 0 offen lds' (pc 0x{{[0-9a-f]+}}) landed: needs s_waitcnt vmcnt(1)
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s --defsym FIX=1 -o %tf.o
// RUN: ld.lld -shared %tf.o -o %tf.hsaco
// RUN: flyc-run %tf.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -I %S/Inputs %s --defsym GFX942=1 -o %t942.o
// RUN: ld.lld -shared %t942.o -o %t942.hsaco
// RUN: not flyc-run %t942.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -I %S/Inputs %s --defsym GFX942=1 --defsym FIX=1 -o %t942f.o
// RUN: ld.lld -shared %t942f.o -o %t942f.hsaco
// RUN: flyc-run %t942f.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
.include "hazard.inc"

HAZ_BEGIN k
  // a buffer descriptor over `out` (1024 bytes)
  s_mov_b32 s8, s2
  s_and_b32 s9, s3, 0xffff
  s_movk_i32 s10, 0x400
  s_mov_b32 s11, 0x27000
  s_mov_b32 m0, 0
  s_nop 0
  buffer_load_dword v1, s[8:11], 0 offen lds
  // a younger VMEM load: vmcnt(1) is the largest count retiring the DMA
  global_load_dword v2, v1, s[2:3] offset:512
.if FIX
  s_waitcnt vmcnt(1)
.endif
  ds_read_b32 v3, v1
  s_waitcnt vmcnt(0) lgkmcnt(0)
  v_add_u32 v4, v2, v3
  global_store_dword v1, v4, s[2:3]
.ifdef GFX942
HAZ_END k, gfx942
.else
HAZ_END k, gfx950
.endif
