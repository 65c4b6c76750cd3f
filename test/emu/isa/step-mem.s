// The addresses a step reports (EmuStepOut.mem, emu_step.h): per-lane LDS
// byte offsets of ds_* and of the LDS side of a DMA, device addresses of
// VMEM/SMEM (SMEM in lane 0), the lanes that accessed memory, the bytes per
// lane, and for read2/write2 the distance of the second element. The output
// buffer is at 0x100000000 (isa_run.c); v0 = lane id.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: %testbin/emu-isa-run --kernel mem --lds 16384 --step apply --mem-trace %t.so | FileCheck %s
// RUN: %testbin/emu-isa-run --kernel mem --lds 16384 --step plain --mem-trace %t.so | FileCheck %s
.include "kernel.inc"

KERNEL_BEGIN mem
  v_lshlrev_b32 v1, 2, v0
  v_mov_b32 v2, 7
  ds_write_b32 v1, v2 offset:16
// CHECK: MEM {{.*}} ds_write_b32: lanes=ffffffffffffffff bytes=4 lds=0x10,0x14,0x18,0x1c{{$}}
  ds_read2_b32 v[4:5], v1 offset0:2 offset1:10
// CHECK-NEXT: MEM {{.*}} ds_read2_b32: lanes=ffffffffffffffff bytes=4 lds=0x8,0xc,0x10,0x14 lds2=+0x20{{$}}
  v_lshlrev_b32 v3, 3, v0
  s_mov_b64 exec, 0xf0
  ds_read_b64 v[4:5], v3
  s_mov_b64 exec, -1
// CHECK-NEXT: MEM {{.*}} ds_read_b64: lanes=f0 bytes=8 lds=0x20,0x28,0x30,0x38{{$}}
  global_load_dword v6, v1, s[0:1] offset:8
// CHECK-NEXT: MEM {{.*}} global_load_dword: lanes=ffffffffffffffff bytes=4 global=0x100000008,0x10000000c,0x100000010,0x100000014{{$}}
  global_store_dwordx2 v3, v[4:5], s[0:1] offset:8
// CHECK-NEXT: MEM {{.*}} global_store_dwordx2: lanes=ffffffffffffffff bytes=8 global=0x100000008,0x100000010,0x100000018,0x100000020{{$}}
  s_mov_b32 s8, s0
  s_and_b32 s9, s1, 0xffff
  s_mov_b32 s10, 4096
  s_mov_b32 s11, 0x27000
  v_lshlrev_b32 v7, 4, v0
  buffer_load_dwordx4 v[8:11], v7, s[8:11], 0 offen offset:32
// CHECK-NEXT: MEM {{.*}} buffer_load_dwordx4: lanes=ffffffffffffffff bytes=16 global=0x100000020,0x100000030,0x100000040,0x100000050{{$}}
  s_movk_i32 m0, 0x400
  s_nop 0
  buffer_load_dword v1, s[8:11], 0 offen lds
// CHECK-NEXT: MEM {{.*}} buffer_load_dword: lanes=ffffffffffffffff bytes=4 lds=0x400,0x404,0x408,0x40c global=0x100000000,0x100000004,0x100000008,0x10000000c{{$}}
  global_load_lds_dwordx4 v7, s[0:1] offset:16
// CHECK-NEXT: MEM {{.*}} global_load_lds_dwordx4: lanes=ffffffffffffffff bytes=16 lds=0x410,0x420,0x430,0x440 global=0x100000010,0x100000020,0x100000030,0x100000040{{$}}
  s_load_dwordx2 s[20:21], s[0:1], 0x40
// CHECK-NEXT: MEM {{.*}} s_load_dwordx2: lanes=1 bytes=8 global=0x100000040{{$}}
  s_waitcnt vmcnt(0) lgkmcnt(0)
KERNEL_END mem
