// LDS shared between the two waves of a workgroup (v1 is the same offset
// for lane l of both): wave 0 writes, wave 1 reads.
//   CASE=1: no s_barrier between them: missing s_barrier;
//   CASE=2: s_barrier, but wave 0 does not wait for its ds_write before it:
//           missing s_waitcnt lgkmcnt before s_barrier (s_barrier does not
//           wait for counters, cdna-timing-facts §6);
//   CASE=3: wave 0 reads what wave 1 then overwrites in the same epoch
//           (write after read): missing s_barrier;
//   CASE=4: the same with an LDS DMA as the write: it may land before the
//           read (a kernel relying on the DMA's latency to land after other
//           waves' reads is reported: the ISA does not order them).
// FIX=1 puts s_waitcnt lgkmcnt(0) and s_barrier in place: clean, on both
// chips.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s --defsym CASE=1 -o %t1.o
// RUN: ld.lld -shared %t1.o -o %t1.hsaco
// RUN: not flyc-run %t1.hsaco --kernel k --grid 1 --block 128 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=BAR
// BAR: flyc-run: hazard: kernel k, workgroup (0,0,0), wave 1, lane 0, pc 0x{{[0-9a-f]+}}: ds_read_b32 v3, v1 reads LDS 0x0 that wave 0 wrote in the same barrier epoch with 'ds_write_b32 v1, v2' (pc 0x{{[0-9a-f]+}}): missing s_barrier
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s --defsym CASE=2 -o %t2.o
// RUN: ld.lld -shared %t2.o -o %t2.hsaco
// RUN: not flyc-run %t2.hsaco --kernel k --grid 1 --block 128 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=WAIT
// WAIT: flyc-run: hazard: kernel k, workgroup (0,0,0), wave 1, lane 0, pc 0x{{[0-9a-f]+}}: ds_read_b32 v3, v1 reads LDS 0x0 that wave 0 wrote with 'ds_write_b32 v1, v2' (pc 0x{{[0-9a-f]+}}) without waiting for it before the barrier: missing s_waitcnt lgkmcnt before s_barrier
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -I %S/Inputs %s --defsym GFX942=1 --defsym CASE=3 -o %t3.o
// RUN: ld.lld -shared %t3.o -o %t3.hsaco
// RUN: not flyc-run %t3.hsaco --kernel k --grid 1 --block 128 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=WAR
// WAR: flyc-run: hazard: kernel k, workgroup (0,0,0), wave 1, lane 0, pc 0x{{[0-9a-f]+}}: ds_write_b32 v1, v2 overwrites LDS 0x0 that wave 0 read in the same barrier epoch with 'ds_read_b32 v3, v1' (pc 0x{{[0-9a-f]+}}): missing s_barrier
// RUN: bash %S/Inputs/hsaco.sh gfx950 %t4.hsaco %s CASE=4
// RUN: not flyc-run %t4.hsaco --kernel k --grid 1 --block 128 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=DMA
// DMA: flyc-run: hazard: kernel k, workgroup (0,0,0), wave 1, lane 0, pc 0x{{[0-9a-f]+}}: buffer_load_dword v1, s[8:11], 0 offen lds may land on LDS 0x0 that wave 0 read in the same barrier epoch with 'ds_read_b32 v3, v1' (pc 0x{{[0-9a-f]+}}): missing s_barrier
// RUN: bash %S/Inputs/hsaco.sh gfx950 %t4f.hsaco %s CASE=4 FIX=1
// RUN: flyc-run %t4f.hsaco --kernel k --grid 1 --block 128 --check-hazards out:u32:256
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s --defsym CASE=1 --defsym FIX=1 -o %t1f.o
// RUN: ld.lld -shared %t1f.o -o %t1f.hsaco
// RUN: flyc-run %t1f.hsaco --kernel k --grid 1 --block 128 --check-hazards out:u32:256
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -I %S/Inputs %s --defsym GFX942=1 --defsym CASE=3 --defsym FIX=1 -o %t3f.o
// RUN: ld.lld -shared %t3f.o -o %t3f.hsaco
// RUN: flyc-run %t3f.hsaco --kernel k --grid 1 --block 128 --check-hazards out:u32:256
.include "hazard.inc"

HAZ_BEGIN k
  v_mov_b32 v2, 7
  v_mov_b32 v3, 0
.if CASE >= 3
  // wave 0 reads, wave 1 writes (CASE=4: with an LDS DMA of `out`)
  s_cmp_eq_u32 s4, 0
  s_cbranch_scc0 .Lnot_reader
  ds_read_b32 v3, v1
  s_waitcnt lgkmcnt(0)
.Lnot_reader:
  .if FIX
  s_barrier
  .endif
  s_cmp_eq_u32 s4, 1
  s_cbranch_scc0 .Ldone
  .if CASE == 4
  s_mov_b32 s8, s2
  s_and_b32 s9, s3, 0xffff
  s_movk_i32 s10, 0x400
  s_mov_b32 s11, 0x27000
  s_mov_b32 m0, 0
  s_nop 0
  buffer_load_dword v1, s[8:11], 0 offen lds
  s_waitcnt vmcnt(0)
  .else
  ds_write_b32 v1, v2
  s_waitcnt lgkmcnt(0)
  .endif
.else
  s_cmp_eq_u32 s4, 0
  s_cbranch_scc0 .Lnot_writer
  ds_write_b32 v1, v2
  .if FIX
  s_waitcnt lgkmcnt(0)
  .endif
.Lnot_writer:
  .if FIX || CASE == 2
  s_barrier
  .endif
  s_cmp_eq_u32 s4, 1
  s_cbranch_scc0 .Ldone
  ds_read_b32 v3, v1
  s_waitcnt lgkmcnt(0)
.endif
.Ldone:
  v_lshlrev_b32 v5, 2, v0
  global_store_dword v5, v3, s[2:3]
.ifdef GFX942
HAZ_END k, gfx942
.else
HAZ_END k, gfx950
.endif
