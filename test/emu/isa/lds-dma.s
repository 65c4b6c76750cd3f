// LDS DMA (facts §4): buffer_load ... lds (M0 + inst_offset + lane*4, or
// lane*16 for dwordx3/x4 with the 4th dword skipped for x3), sub-dword
// loads extended into the lane's slot, out-of-range buffer lanes write 0,
// writes beyond the LDS allocation are dropped, global_load_lds_*.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: %testbin/emu-isa-run --kernel dma --lds 8192 --in-bytes 1024 --in-seed 7 --dump-in %t.in --out-bytes 8192 --print 640 %t.so | FileCheck %s
.include "kernel.inc"

// out[slot + lane] = LDS[base + lane*4]
.macro DUMP slot, base
  v_lshlrev_b32 v20, 2, v0
  ds_read_b32 v21, v20 offset:\base
  OUT_V \slot, v21
.endm

KERNEL_BEGIN dma
  // out[256 + i] = i * 0x01010101 + 0x00010203: known source data at out + 1024
  v_mul_lo_u32 v1, v0, 0x01010101 & 0 | 0
  s_mov_b32 s30, 0x01010101
  v_mul_lo_u32 v1, v0, s30
  v_add_u32 v1, 0x00010203, v1
  v_lshlrev_b32 v2, 2, v0
  global_store_dword v2, v1, s[0:1] offset:1024
  v_add_u32 v1, 0x40404040, v1
  global_store_dword v2, v1, s[0:1] offset:1280
  // descriptor over out + 1024, 200 bytes (lanes 50.. are out of range)
  s_add_u32 s8, s0, 0x400
  s_addc_u32 s9, s1, 0
  s_and_b32 s9, s9, 0xffff
  s_mov_b32 s10, 200
  s_mov_b32 s11, 0x27000
  // dword: LDS[0 + lane*4] = dword lane, zero past num_records
  s_mov_b32 m0, 0
  s_nop 0
  buffer_load_dword v2, s[8:11], 0 offen lds
  s_waitcnt vmcnt(0)
  DUMP 0, 0
  // ubyte with M0 = 512 and offset 4: byte at voffset lane + 4, zero-extended
  s_movk_i32 m0, 0x200
  v_mov_b32 v3, v0
  buffer_load_ubyte v3, s[8:11], 0 offen offset:4 lds
  s_waitcnt vmcnt(0)
  DUMP 64, 0x204
  // sbyte is sign-extended: byte 0x43 + 0x40 ... lane 63 reads 0x80+
  s_movk_i32 m0, 0x400
  v_add_u32 v4, 0x100, v0
  buffer_load_sbyte v4, s[8:11], 0 offen lds
  s_waitcnt vmcnt(0)
  DUMP 128, 0x400
  // dwordx4 at M0 = 0x800: lane stride 16 bytes
  s_movk_i32 m0, 0x800
  v_lshlrev_b32 v5, 4, v0
  buffer_load_dwordx4 v5, s[8:11], 0 offen lds
  s_waitcnt vmcnt(0)
  v_lshlrev_b32 v20, 4, v0
  ds_read_b32 v21, v20 offset:0x80c
  OUT_V 192, v21
  // dwordx3: the fourth dword of each 16-byte slot is not written
  v_mov_b32 v22, 0x77777777
  v_lshlrev_b32 v20, 4, v0
  ds_write_b32 v20, v22 offset:0x100c
  s_movk_i32 m0, 0x1000
  buffer_load_dwordx3 v5, s[8:11], 0 offen lds
  s_waitcnt vmcnt(0)
  ds_read_b32 v21, v20 offset:0x1008
  OUT_V 256, v21
  ds_read_b32 v21, v20 offset:0x100c
  OUT_V 320, v21
  // writes past the 8192-byte allocation are dropped without a fault
  s_movk_i32 m0, 0x1f80
  v_lshlrev_b32 v2, 2, v0
  buffer_load_dword v2, s[8:11], 0 offen lds
  s_waitcnt vmcnt(0)
  v_lshlrev_b32 v20, 2, v0
  v_cmp_gt_u32 vcc, 32, v0
  s_and_saveexec_b64 s[40:41], vcc
  ds_read_b32 v21, v20 offset:0x1f80
  OUT_V 384, v21
  s_mov_b64 exec, s[40:41]
  // global_load_lds_dword: LDS[M0[17:2]*4 + offset + lane*4] = in[lane]
  s_movk_i32 m0, 0x603        // the two LSBs are ignored
  v_lshlrev_b32 v6, 2, v0
  global_load_lds_dword v6, s[2:3] offset:8
  s_waitcnt vmcnt(0)
  DUMP 448, 0x608
  // global_load_lds_dwordx4 with a 64-bit VGPR address
  s_movk_i32 m0, 0x1400
  v_lshlrev_b32 v8, 4, v0
  v_mov_b32 v9, s3
  v_add_co_u32 v8, vcc, s2, v8
  v_addc_co_u32 v9, vcc, 0, v9, vcc
  global_load_lds_dwordx4 v[8:9], off
  s_waitcnt vmcnt(0)
  v_lshlrev_b32 v20, 4, v0
  ds_read_b32 v21, v20 offset:0x1404
  OUT_V 512, v21
KERNEL_END dma

// CHECK: OUT 0: 00010203 01020304 02030405 03040506 04050607 05060708 06070809 0708090a
// CHECK: OUT 48: 30313233 31323334 00000000 00000000 00000000 00000000 00000000 00000000
// CHECK: OUT 64: 00000002 00000001 00000000 00000007 00000003 00000002 00000001 00000008
// CHECK: OUT 128: 00000003 00000002 00000001 00000000 00000004 00000003 00000002 00000001
// CHECK: OUT 192: 03040506 07080a0a
