// MUBUF addressing and the out-of-range rules of facts §3.3 (hardware-
// validated model: soffset counts, per-dword checks, OOB loads read 0,
// OOB stores/atomics are dropped, structured buffers check the index).
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: %testbin/emu-isa-run --kernel buf --print 272 %t.so | FileCheck %s
.include "kernel.inc"

// out[slot] = a buffer load of lane-uniform voffset `off` and soffset `soff`.
.macro BLOAD slot, op, off, soff
  v_mov_b32 v3, \off
  v_mov_b32 v4, 0x5555
  \op v4, v3, s[8:11], \soff offen
  OUT_S \slot, v4
.endm

KERNEL_BEGIN buf
  // out[256 + lane] = 0xa0 + lane, the buffer's backing store
  v_lshlrev_b32 v1, 2, v0
  v_add_u32 v2, 0xa0, v0
  global_store_dword v1, v2, s[0:1] offset:1024
  // raw descriptor: base = out + 1024, stride 0, num_records = 16 bytes
  s_add_u32 s8, s0, 0x400
  s_addc_u32 s9, s1, 0
  s_and_b32 s9, s9, 0xffff
  s_mov_b32 s10, 16
  s_mov_b32 s11, 0x27000
  BLOAD 0, buffer_load_dword, 12, 0     // in range: 0xa3
  BLOAD 1, buffer_load_dword, 16, 0     // past the end: 0
  BLOAD 2, buffer_load_dword, 14, 0     // 14 + 4 > 16: 0 (range uses the byte offset)
  s_mov_b32 s12, 8
  BLOAD 3, buffer_load_dword, 4, s12    // soffset counts: 4 + 8 = 12: 0xa3
  s_mov_b32 s12, 12
  BLOAD 4, buffer_load_dword, 4, s12    // 4 + 12 = 16: out of range: 0
  BLOAD 5, buffer_load_ubyte, 12, 0     // 0xa3
  BLOAD 6, buffer_load_sbyte, 12, 0     // 0xffffffa3
  BLOAD 7, buffer_load_ushort, 15, 0    // 15 + 2 > 16: 0
  // dwordx4 straddling the end: dwords 0..1 in range, 2..3 read 0
  v_mov_b32 v3, 8
  buffer_load_dwordx4 v[4:7], v3, s[8:11], 0 offen
  OUT_S 8, v4
  OUT_S 9, v5
  OUT_S 10, v6
  OUT_S 11, v7
  // instruction offset counts like voffset
  v_mov_b32 v3, 0
  buffer_load_dword v4, v3, s[8:11], 0 offen offset:4
  OUT_S 12, v4
  // dword accesses ignore the two address LSBs: offset 5 reads dword 1
  buffer_load_dword v4, v3, s[8:11], 0 offen offset:5
  OUT_S 13, v4
  // stores: in range writes, out of range is dropped (out[260] keeps 0xa4)
  v_mov_b32 v9, 0xdead
  v_mov_b32 v3, 16
  buffer_store_dword v9, v3, s[8:11], 0 offen
  v_mov_b32 v3, 0
  buffer_store_dword v9, v3, s[8:11], 0 offen
  // atomics: out of range is dropped and returns 0; in range adds 64 x 1
  v_mov_b32 v10, 1
  v_mov_b32 v3, 16
  buffer_atomic_add v10, v3, s[8:11], 0 offen sc0
  OUT_S 14, v10
  v_mov_b32 v10, 1
  v_mov_b32 v3, 4
  buffer_atomic_add v10, v3, s[8:11], 0 offen
  // structured: stride 8, num_records = 2 records, index = lane % 4
  s_or_b32 s9, s9, 0x80000
  s_mov_b32 s10, 2
  v_and_b32 v3, 3, v0
  v_mov_b32 v4, 0x5555
  buffer_load_dword v4, v3, s[8:11], 0 idxen offset:8
  OUT_V 16, v4
  // an all-zero descriptor behaves as an unbound buffer: loads read 0
  s_mov_b64 s[12:13], 0
  s_mov_b64 s[14:15], 0
  v_mov_b32 v3, 0
  v_mov_b32 v4, 0x5555
  buffer_load_dword v4, v3, s[12:15], 0 offen
  OUT_S 15, v4
KERNEL_END buf

// CHECK: OUT 0: 000000a3 00000000 00000000 000000a3 00000000 000000a3 ffffffa3 00000000
// CHECK: OUT 8: 000000a2 000000a3 00000000 00000000 000000a1 000000a1 00000000 00000000
// CHECK: OUT 16: 000000a2 000000a4 00000000 00000000 000000a2 000000a4 00000000 00000000
// CHECK: OUT 256: 0000dead 000000e1 000000a2 000000a3 000000a4 000000a5 000000a6 000000a7
