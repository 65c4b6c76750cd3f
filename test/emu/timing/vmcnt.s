// An s_waitcnt right after a load shows the load's latency as vmcnt stall.
// The first load of a line misses everywhere: it completes after the HBM
// load-to-use latency, 1212 clocks on both chips (hw.h: MrRoy09's MI300X
// cold-DRAM measurement, cdna-timing-facts §5), plus the few clocks its
// line spends in the L1, L2, MALL and HBM queues; the second load of the
// same line hits in the L1: 112 clocks (the same measurement's L1 hit).
// The wave's own issue slots (a few clocks each) come off the stall.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: flyc-run %t.hsaco --kernel vmcnt --grid 1 --block 64 out:u32:1024 --timing --timing-json %t.json > %t.txt
// RUN: python3 %S/Inputs/check-report.py %t.json --pc "s_waitcnt vmcnt(0)" 1 vmcnt 1200 1240 --pc "s_waitcnt vmcnt(0)" 2 vmcnt 100 116  >> %t.txt
// RUN: FileCheck %s < %t.txt
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -I %S/Inputs %s -o %t.942.o
// RUN: ld.lld -shared %t.942.o -o %t.942.hsaco
// RUN: flyc-run %t.942.hsaco --kernel vmcnt --grid 1 --block 64 out:u32:1024 --timing --timing-json %t.942.json > /dev/null
// RUN: python3 %S/Inputs/check-report.py %t.942.json --pc "s_waitcnt vmcnt(0)" 1 vmcnt 1200 1240 --pc "s_waitcnt vmcnt(0)" 2 vmcnt 100 116
// CHECK: memory: 3 vector and 1 scalar requests; L1 1 hits 1 misses
// CHECK: report ok
.include "timed.inc"

KERNEL_BEGIN vmcnt
  v_mov_b32 v1, 0
  global_load_dword v2, v1, s[0:1]
  s_waitcnt vmcnt(0)
  global_load_dword v3, v1, s[0:1]
  s_waitcnt vmcnt(0)
  v_add_u32 v2, v2, v3
  global_store_dword v1, v2, s[0:1]
KERNEL_END vmcnt
