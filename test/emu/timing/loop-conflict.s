// The report's bank-conflict cycles: a loop of 10 iterations, each one
// ds_read_b32 with every lane in bank 0 (lane * 256 bytes: 64 distinct
// dwords, a multiple of both chips' bank counts) and its wait. On gfx950
// (one 64-lane phase, 128 B/clk per LDS path) the read costs 64 clocks
// against the conflict-free max(1, 256 / 128) = 2: 62 conflict cycles per
// iteration; on gfx942 (two 32-lane phases, 64 B/clk per path) 32 + 32 = 64
// against max(2, 4) = 4: 60. The per-PC row of the read holds them for all
// 10 passes.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: flyc-run %t.hsaco --kernel conflict --grid 1 --block 64 out:u32:64 --timing --timing-json %t.json | FileCheck %s --check-prefix=GFX950
// RUN: python3 %S/Inputs/check-report.py %t.json --expect main_loop.lds_conflict_cycles=620 --expect main_loop.lds_conflict_per_iteration=62
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -I %S/Inputs %s -o %t.942.o
// RUN: ld.lld -shared %t.942.o -o %t.942.hsaco
// RUN: flyc-run %t.942.hsaco --kernel conflict --grid 1 --block 64 out:u32:64 --timing --timing-json %t.942.json | FileCheck %s --check-prefix=GFX942
// RUN: python3 %S/Inputs/check-report.py %t.942.json --expect main_loop.lds_conflict_cycles=600 --expect main_loop.lds_conflict_per_iteration=60
// GFX950: main loop: {{.*}}, 62.0 LDS bank-conflict cycles per iteration
// GFX950: {{ }}620  ds_read_b32 v2, v1
// GFX942: main loop: {{.*}}, 60.0 LDS bank-conflict cycles per iteration
.include "timed.inc"

KERNEL_BEGIN conflict
  v_lshlrev_b32 v1, 8, v0
  s_mov_b32 s4, 10
.Lloop:
  ds_read_b32 v2, v1
  s_waitcnt lgkmcnt(0)
  s_sub_u32 s4, s4, 1
  s_cmp_lg_u32 s4, 0
  s_cbranch_scc1 .Lloop
KERNEL_END conflict
