// An LDS read with a known bank-conflict degree costs that many clocks
// (cdna-timing-facts §4: per lane phase, the most distinct dwords one bank
// serves; the same dword to several lanes is a broadcast; at least the
// bytes over the LDS read bandwidth). Three ds_read_b32 of one wave, each
// followed by s_waitcnt lgkmcnt(0), so the lgkmcnt stall of each is its LDS
// cycles plus the same latency:
//   1. lane*4: conflict-free;
//   2. lane*256: every lane in bank 0 (256 bytes = 64 dwords, a multiple of
//      both chips' bank counts), 64 distinct dwords;
//   3. address 0 for every lane: one broadcast dword;
//   4. lanes 0-31 in bank 0, lanes 32-63 in bank 1, 32 distinct dwords each:
//      the lane-phase table decides whether the halves conflict.
// A read moves through its SIMD pair's path into the LDS, at half the CU's
// read bandwidth (the hardware table's lds.ports = 2).
// gfx950: 64 banks, ds_read_b32 is one phase of 64 lanes, 256 B/clk per CU
// (128 per path): the reads cost max(1, 256 B / 128) = 2, 64, 2 and 32
// clocks (differences 62, 0 and 30).
// gfx942: 32 banks, two phases of 32 lanes (T0-31, T32-63), 128 B/clk per
// CU (64 per path): max(2, 4) = 4, 32 + 32 = 64, 4 and 32 + 32 = 64 clocks
// (differences 60, 0 and 60).
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: flyc-run %t.hsaco --kernel conflict --grid 1 --block 64 out:u32:64 --timing --timing-json %t.json > /dev/null
// RUN: python3 %S/Inputs/check-report.py %t.json --pc-diff "s_waitcnt lgkmcnt(0)" 2 3 lgkmcnt 62 --pc-diff "s_waitcnt lgkmcnt(0)" 2 4 lgkmcnt 0 --pc-diff "s_waitcnt lgkmcnt(0)" 2 5 lgkmcnt 30 | FileCheck %s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -I %S/Inputs %s -o %t.942.o
// RUN: ld.lld -shared %t.942.o -o %t.942.hsaco
// RUN: flyc-run %t.942.hsaco --kernel conflict --grid 1 --block 64 out:u32:64 --timing --timing-json %t.942.json > /dev/null
// RUN: python3 %S/Inputs/check-report.py %t.942.json --pc-diff "s_waitcnt lgkmcnt(0)" 2 3 lgkmcnt 60 --pc-diff "s_waitcnt lgkmcnt(0)" 2 4 lgkmcnt 0 --pc-diff "s_waitcnt lgkmcnt(0)" 2 5 lgkmcnt 60 | FileCheck %s
// CHECK: report ok
.include "timed.inc"

KERNEL_BEGIN conflict
  v_lshlrev_b32 v1, 2, v0
  ds_read_b32 v2, v1
  s_waitcnt lgkmcnt(0)
  v_lshlrev_b32 v1, 8, v0
  ds_read_b32 v3, v1
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v1, 0
  ds_read_b32 v4, v1
  s_waitcnt lgkmcnt(0)
  v_and_b32 v6, 31, v0
  v_lshlrev_b32 v6, 8, v6
  v_lshrrev_b32 v7, 5, v0
  v_lshlrev_b32 v7, 2, v7
  v_or_b32 v1, v6, v7
  ds_read_b32 v5, v1
  s_waitcnt lgkmcnt(0)
  v_lshlrev_b32 v1, 2, v0
  global_store_dword v1, v2, s[0:1]
KERNEL_END conflict
