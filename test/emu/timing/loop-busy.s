// The main loop's MFMA-busy share: a loop of 4 independent MFMAs
// (v_mfma_f32_32x32x8_f16: 8 passes = 32 clocks on gfx942 and gfx950,
// cdna-timing-facts §3.1) and its counter keeps one wave's matrix core busy
// for 4 x 32 = 128 clocks per iteration; the kernel's 512 registers allow 1
// wave/SIMD, so the share is 128 / (cycles per iteration), nearly all of it
// (the SALU counter and branch issue between MFMAs). The same loop with
// four s_nop 15 after each MFMA (16 wait states each, a wave issuing once
// per 4 clocks: at least 16 x 16 x 4 = 1024 clocks per iteration) can keep
// the matrix core busy for at most 128 / 1024 = 12.5% of them.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: flyc-run %t.hsaco --kernel busy --grid 1 --block 64 out:u32:1024 --timing --timing-json %t.busy.json | FileCheck %s --check-prefix=BUSY
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs --defsym PADDED=1 %s -o %t.p.o
// RUN: ld.lld -shared %t.p.o -o %t.p.hsaco
// RUN: flyc-run %t.p.hsaco --kernel busy --grid 1 --block 64 out:u32:1024 --timing --timing-json %t.padded.json | FileCheck %s --check-prefix=PADDED
// RUN: python3 %S/Inputs/check-report.py %t.busy.json --expect main_loop.mfma_cycles=128 --expect main_loop.mfmas=4 --range main_loop.mfma_busy=0.9:1
// RUN: python3 %S/Inputs/check-report.py %t.padded.json --expect main_loop.mfma_cycles=128 --range main_loop.mfma_busy=0.05:0.125
// BUSY: main loop: pc 0x{{[0-9a-f]+}}..0x{{[0-9a-f]+}}, 4 MFMAs, 9 iterations, {{1[2-4][0-9]\.[0-9]}} cycles per iteration (steady state), mfma-busy {{9[0-9]\.[0-9]+|100\.00}}% at 1 waves/SIMD, 0.0 LDS bank-conflict cycles per iteration
// PADDED: main loop: pc 0x{{[0-9a-f]+}}..0x{{[0-9a-f]+}}, 4 MFMAs, 9 iterations, {{[0-9.]+}} cycles per iteration (steady state), mfma-busy {{1[0-2]\.[0-9]+}}% at 1 waves/SIMD
.include "timed.inc"

KERNEL_BEGIN busy
  .irp r, 0,1,2,3
  v_mov_b32 v\r, 0
  .endr
  s_mov_b32 s4, 10
  s_nop 1
.Lloop:
  .irp acc, 16,32,48,64
  v_mfma_f32_32x32x8_f16 v[\acc:\acc+15], v[0:1], v[2:3], v[\acc:\acc+15]
  .ifdef PADDED
  .rept 4
  s_nop 15
  .endr
  .endif
  .endr
  s_sub_u32 s4, s4, 1
  s_cmp_lg_u32 s4, 0
  s_cbranch_scc1 .Lloop
  s_nop 15
  s_nop 3
KERNEL_END busy
