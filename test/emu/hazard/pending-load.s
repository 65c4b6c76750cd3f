// A register read before the load that writes it is retired by s_waitcnt:
// VMEM loads retire in order (vmcnt(1) retires all but the youngest), LDS
// reads in order on lgkmcnt, SMEM out of order (only lgkmcnt(0) retires it
// when anything else is outstanding on lgkmcnt). Each case once as written
// (reported, with the largest count that would have sufficed) and once
// with that wait (clean).
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s --defsym CASE=1 -o %t1.o
// RUN: ld.lld -shared %t1.o -o %t1.hsaco
// RUN: not flyc-run %t1.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=VMEM
// VMEM: flyc-run: hazard: kernel k, workgroup (0,0,0), wave 0, pc 0x[[PC:[0-9a-f]+]]: v_add_u32_e32 v4, v2, v2 reads v2 before 'global_load_dword v2, v1, s[2:3]' (pc 0x{{[0-9a-f]+}}) wrote it: needs s_waitcnt vmcnt(1)
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s --defsym CASE=1 --defsym FIX=1 -o %t1f.o
// RUN: ld.lld -shared %t1f.o -o %t1f.hsaco
// RUN: flyc-run %t1f.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
//
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -I %S/Inputs %s --defsym GFX942=1 --defsym CASE=2 -o %t2.o
// RUN: ld.lld -shared %t2.o -o %t2.hsaco
// RUN: not flyc-run %t2.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=LDS
// LDS: hazard: kernel k, workgroup (0,0,0), wave 0, pc 0x{{[0-9a-f]+}}: v_add_u32_e32 v7, v5, v5 reads v5 before 'ds_read_b32 v5, v1' (pc 0x{{[0-9a-f]+}}) wrote it: needs s_waitcnt lgkmcnt(1)
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -I %S/Inputs %s --defsym GFX942=1 --defsym CASE=2 --defsym FIX=1 -o %t2f.o
// RUN: ld.lld -shared %t2f.o -o %t2f.hsaco
// RUN: flyc-run %t2f.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
//
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s --defsym CASE=3 -o %t3.o
// RUN: ld.lld -shared %t3.o -o %t3.hsaco
// RUN: not flyc-run %t3.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=SMEM
// SMEM: hazard: kernel k, workgroup (0,0,0), wave 0, pc 0x{{[0-9a-f]+}}: s_add_u32 s6, s5, 1 reads s5 before 's_load_dword s5, s[2:3], 0x0' (pc 0x{{[0-9a-f]+}}) wrote it: needs s_waitcnt lgkmcnt(0)
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s --defsym CASE=3 --defsym FIX=1 -o %t3f.o
// RUN: ld.lld -shared %t3f.o -o %t3f.hsaco
// RUN: flyc-run %t3f.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
//
// Without --check-hazards the same kernel runs (the emulator writes loaded
// registers at issue): the check is what finds it.
// RUN: env FLYC_RUN_CHECK_HAZARDS=0 flyc-run %t1.hsaco --kernel k --grid 1 --block 64 out:u32:256
.include "hazard.inc"

HAZ_BEGIN k
.if CASE == 1
  global_load_dword v2, v1, s[2:3]
  global_load_dword v3, v1, s[2:3] offset:256
  .if FIX
  s_waitcnt vmcnt(1)
  .endif
  v_add_u32 v4, v2, v2
  s_waitcnt vmcnt(0)
.elseif CASE == 2
  v_mov_b32 v2, 5
  ds_write_b32 v1, v2
  ds_read_b32 v5, v1
  ds_read_b32 v6, v1 offset:4
  .if FIX
  s_waitcnt lgkmcnt(1)
  .endif
  v_add_u32 v7, v5, v5
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v4, v7
.else
  ds_read_b32 v5, v1
  s_load_dword s5, s[2:3], 0
  ds_read_b32 v6, v1 offset:4
  .if FIX
  s_waitcnt lgkmcnt(0)
  .endif
  s_add_u32 s6, s5, 1
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v4, s6
.endif
  global_store_dword v1, v4, s[2:3]
.ifdef GFX942
HAZ_END k, gfx942
.else
HAZ_END k, gfx950
.endif
