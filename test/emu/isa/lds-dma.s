// LDS DMA (facts §4): buffer_load ... lds (M0 + inst_offset + lane*4, or
// lane*16 for dwordx3/x4 with the 4th dword skipped for x3), sub-dword
// loads extended into the lane's slot, out-of-range buffer lanes write 0,
// writes beyond the LDS allocation are dropped, global_load_lds_*.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: %testbin/emu-isa-run --kernel dma --lds 8192 --in-bytes 1024 --out-bytes 8192 --print 640 %t.so | FileCheck %s
.include "kernel.inc"

// out[slot + lane] = LDS[base + lane*4]
.macro DUMP slot, base
  v_lshlrev_b32 v20, 2, v0
  ds_read_b32 v21, v20 offset:\base
  OUT_V \slot, v21
.endm

KERNEL_BEGIN dma
  // source data past the printed slots, at out + 4096: dword i =
  // i * 0x01010101 + 0x00010203, then the same + 0x40404040 at +256 bytes
  s_add_u32 s16, s0, 0x1000
  s_addc_u32 s17, s1, 0
  s_mov_b32 s30, 0x01010101
  v_mul_lo_u32 v1, v0, s30
  v_add_u32 v1, 0x00010203, v1
  v_lshlrev_b32 v2, 2, v0
  global_store_dword v2, v1, s[16:17]
  v_add_u32 v1, 0x40404040, v1
  global_store_dword v2, v1, s[16:17] offset:256
  // descriptor over out + 4096, 200 bytes (lanes 50.. are out of range)
  s_mov_b32 s8, s16
  s_mov_b32 s9, s17
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
  // sbyte is sign-extended (a 1024-byte descriptor reaching the +0x40 data)
  s_mov_b64 s[12:13], s[8:9]
  s_movk_i32 s14, 0x400
  s_mov_b32 s15, s11
  s_movk_i32 m0, 0x400
  v_add_u32 v4, 0x1c0, v0
  buffer_load_sbyte v4, s[12:15], 0 offen lds
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
  // in[i] = 0x1000 + i for the global DMA sources
  v_lshlrev_b32 v6, 2, v0
  v_add_u32 v7, 0x1000, v0
  global_store_dword v6, v7, s[2:3]
  v_add_u32 v7, 0x1040, v0
  global_store_dword v6, v7, s[2:3] offset:256
  v_add_u32 v7, 0x1080, v0
  global_store_dword v6, v7, s[2:3] offset:512
  v_add_u32 v7, 0x10c0, v0
  global_store_dword v6, v7, s[2:3] offset:768
  // global_load_lds_dword: LDS[M0[17:2]*4 + offset + lane*4] = in[lane + 2]
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
// CHECK: OUT 64: 00000004 00000003 00000002 00000001 00000005 00000004 00000003 00000002
// CHECK: OUT 128: 00000073 00000072 00000071 00000070 00000074 00000073 00000072 00000071
// CHECK: OUT 184: ffffff81 ffffff80 0000007f 0000007e ffffff82 ffffff81 ffffff80 0000007f
// CHECK: OUT 192: 03040506 0708090a 0b0c0d0e 0f101112 13141516 1718191a 1b1c1d1e 1f202122
// CHECK: OUT 200: 23242526 2728292a 2b2c2d2e 2f303132 00000000 00000000 00000000 00000000
// CHECK: OUT 256: 02030405 06070809 0a0b0c0d 0e0f1011 12131415 16171819 1a1b1c1d 1e1f2021
// CHECK: OUT 264: 22232425 26272829 2a2b2c2d 2e2f3031 00000000 00000000 00000000 00000000
// CHECK: OUT 320: 77777777 77777777 77777777 77777777 77777777 77777777 77777777 77777777
// CHECK: OUT 376: 77777777 77777777 77777777 77777777 77777777 77777777 77777777 77777777
// CHECK: OUT 384: 00010203 01020304 02030405 03040506
// CHECK: OUT 408: 18191a1b 191a1b1c 1a1b1c1d 1b1c1d1e 1c1d1e1f 1d1e1f20 1e1f2021 1f202122
// CHECK: OUT 416: 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000
// CHECK: OUT 448: 00001002 00001003 00001004 00001005 00001006 00001007 00001008 00001009
// CHECK: OUT 504: 0000103a 0000103b 0000103c 0000103d 0000103e 0000103f 00001040 00001041
// CHECK: OUT 512: 00001001 00001005 00001009 0000100d 00001011 00001015 00001019 0000101d
// CHECK: OUT 568: 000010e1 000010e5 000010e9 000010ed 000010f1 000010f5 000010f9 000010fd
