// One wave's LDS reads go one at a time: each ds_read_b128 (64 lanes x 16
// conflict-free bytes) holds its SIMD pair's LDS path for 1024 B over the
// path's bandwidth (half the CU's: 64 B/clk on gfx942, 128 on gfx950), and
// the wave's next LDS read starts the table's 4-clock turnaround later. So
// 8 more reads cost 8 x (16 + 4) = 160 clocks on gfx942 and 8 x (8 + 4) =
// 96 on gfx950 (SHARK's one-wave chains, docs/timing.md "Validation").
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -I %S/Inputs --defsym READS=8 %s -o %t.942.8.o
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -I %S/Inputs --defsym READS=16 %s -o %t.942.16.o
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs --defsym READS=8 %s -o %t.950.8.o
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs --defsym READS=16 %s -o %t.950.16.o
// RUN: ld.lld -shared %t.942.8.o -o %t.942.8.hsaco
// RUN: flyc-run %t.942.8.hsaco --kernel reads --grid 1 --block 64 out:u32:64 --timing --timing-json %t.942.8.json > /dev/null
// RUN: ld.lld -shared %t.942.16.o -o %t.942.16.hsaco
// RUN: flyc-run %t.942.16.hsaco --kernel reads --grid 1 --block 64 out:u32:64 --timing --timing-json %t.942.16.json > /dev/null
// RUN: ld.lld -shared %t.950.8.o -o %t.950.8.hsaco
// RUN: flyc-run %t.950.8.hsaco --kernel reads --grid 1 --block 64 out:u32:64 --timing --timing-json %t.950.8.json > /dev/null
// RUN: ld.lld -shared %t.950.16.o -o %t.950.16.hsaco
// RUN: flyc-run %t.950.16.hsaco --kernel reads --grid 1 --block 64 out:u32:64 --timing --timing-json %t.950.16.json > /dev/null
// RUN: python3 -c "import json,sys; c=lambda n: json.load(open('%t.'+n+'.json'))['cycles']; print(c('942.16')-c('942.8'), c('950.16')-c('950.8'))" | FileCheck %s
// CHECK: {{^}}160 96{{$}}
.include "timed.inc"

KERNEL_BEGIN reads
  v_lshlrev_b32 v1, 4, v0
  .set dst, 4
  .rept READS
  ds_read_b128 v[dst:dst+3], v1
  .set dst, dst + 4
  .endr
  s_waitcnt lgkmcnt(0)
KERNEL_END reads
