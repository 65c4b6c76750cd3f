// LDS: plain/2-address/128-bit accesses, atomics across two waves and a
// barrier, swizzle, permute/bpermute and the gfx950 transpose reads.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: %testbin/emu-isa-run --kernel lds --waves 2 --lds 65536 --out-bytes 16384 --print 832 %t.so | FileCheck %s
.include "kernel.inc"
KERNEL_BEGIN lds
  // wave 1 writes LDS[lane*4] = lane + 1 ... wave 0 reads it after the barrier, reversed
  v_and_b32 v1, 63, v0                 // lane
  v_lshlrev_b32 v2, 2, v1              // lane * 4
  s_cmp_eq_u32 s4, 1
  s_cbranch_scc0 .Lwait
  v_add_u32 v3, 1, v1
  ds_write_b32 v2, v3
.Lwait:
  // every lane of both waves adds 1 at LDS[4096] (initialised by wave 0 lane 0 first)
  v_mov_b32 v4, 0x1000
  v_mov_b32 v5, 0
  v_cmp_eq_u32 vcc, 0, v0
  s_and_saveexec_b64 s[20:21], vcc
  ds_write_b32 v4, v5
  s_mov_b64 exec, s[20:21]
  s_barrier
  v_mov_b32 v5, 1
  ds_add_u32 v4, v5
  s_barrier
  s_cmp_eq_u32 s4, 0
  s_cbranch_scc0 .Lend
  v_sub_u32 v6, 0xfc, v2               // (63 - lane) * 4
  ds_read_b32 v7, v6
  OUT_V 0, v7
  ds_read_b32 v7, v4
  OUT_S 64, v7
  // ds_add_rtn returns the old value: a wave-wide ticket counter at LDS[4100]
  v_mov_b32 v8, 0x1004
  ds_write_b32 v8, v5 offset:0
  ds_add_rtn_u32 v9, v8, v5            // lanes are serialised in lane order
  OUT_V 768, v9
  // write2/read2 with element offsets, st64 strides
  v_add_u32 v10, 0x2000, v2
  v_mov_b32 v11, 0x11
  v_mov_b32 v12, 0x22
  ds_write2_b32 v10, v11, v12 offset0:0 offset1:64
  ds_read2st64_b32 v[14:15], v10 offset0:0 offset1:1
  v_add_u32 v13, v14, v15
  OUT_V 66, v13
  // 128-bit write then two 64-bit reads of the same bytes
  v_lshlrev_b32 v16, 4, v1
  v_add_u32 v16, 0x4000, v16
  v_mov_b32 v20, v1
  v_add_u32 v21, 0x100, v1
  v_add_u32 v22, 0x200, v1
  v_add_u32 v23, 0x300, v1
  ds_write_b128 v16, v[20:23]
  ds_read2_b64 v[24:27], v16 offset0:0 offset1:1
  OUT_V 130, v27
  // u8/i16 reads of the bytes just written
  ds_read_u8 v28, v16 offset:13
  OUT_V 194, v28
  v_mov_b32 v29, 0xff80
  ds_write_b16 v16, v29
  ds_read_i16 v28, v16
  OUT_S 258, v28
  // swizzle: swap 16-lane halves; bpermute: rotate by one; permute: push to lane+2
  ds_swizzle_b32 v30, v1 offset:swizzle(SWAP,16)
  OUT_V 260, v30
  v_add_u32 v31, 1, v1
  v_and_b32 v31, 63, v31
  v_lshlrev_b32 v31, 2, v31
  ds_bpermute_b32 v32, v31, v1
  OUT_V 324, v32
  v_add_u32 v31, 2, v1
  v_lshlrev_b32 v31, 2, v31
  ds_permute_b32 v33, v31, v1
  OUT_V 388, v33
  // transpose reads: lane L writes 16-bit values 4L+j (j = 0..3) at 0x8000 + 8L
  v_lshlrev_b32 v34, 3, v1
  v_add_u32 v34, 0x8000, v34
  v_lshlrev_b32 v35, 2, v1
  v_add_u32 v36, 1, v35
  v_lshl_or_b32 v48, v36, 16, v35      // {4L+1, 4L}
  v_add_u32 v38, 2, v35
  v_add_u32 v39, 3, v35
  v_lshl_or_b32 v49, v39, 16, v38      // {4L+3, 4L+2}
  ds_write_b64 v34, v[48:49]
  ds_read_b64_tr_b16 v[40:41], v34
  OUT_V 452, v40
  OUT_V 516, v41
  // b8: bytes (8L mod 256) + k (k = 0..7)
  v_lshlrev_b32 v42, 3, v1
  v_and_b32 v42, 0xff, v42
  v_mov_b32 v43, 0x03020100
  s_mov_b32 s30, 0x01010101
  v_mul_lo_u32 v44, v42, s30
  v_add_u32 v50, v44, v43
  v_add_u32 v51, 0x04040404, v50
  ds_write_b64 v34, v[50:51]
  ds_read_b64_tr_b8 v[40:41], v34
  OUT_V 580, v40
  OUT_V 644, v41
.Lend:
KERNEL_END lds

// CHECK: OUT 0: 00000040 0000003f 0000003e 0000003d 0000003c 0000003b 0000003a 00000039
// CHECK: OUT 56: 00000008 00000007 00000006 00000005 00000004 00000003 00000002 00000001
// CHECK: OUT 64: 00000080 00000000 00000033 00000033 00000033
// CHECK: OUT 128: 00000033 00000033 00000300 00000301 00000302
// CHECK: OUT 192: 0000033e 0000033f 00000003 00000003 00000003
// CHECK: OUT 256: 00000003 00000003 ffffff80 00000000 00000010 00000011 00000012 00000013
// CHECK: OUT 320: 0000002c 0000002d 0000002e 0000002f 00000001 00000002 00000003 00000004
// CHECK: OUT 384: 0000003d 0000003e 0000003f 00000000 0000003e 0000003f 00000000 00000001
// CHECK: OUT 448: 0000003a 0000003b 0000003c 0000003d 00040000 00050001 00060002 00070003
// CHECK: OUT 512: 00f400f0 00f500f1 00f600f2 00f700f3 000c0008 000d0009 000e000a 000f000b
// CHECK: OUT 576: 00fc00f8 00fd00f9 00fe00fa 00ff00fb 18100800 19110901 1a120a02 1b130b03
// CHECK: OUT 640: dcd4ccc4 ddd5cdc5 ded6cec6 dfd7cfc7 38302820 39312921 3a322a22 3b332b23
// CHECK: OUT 768: 00000001 00000002 00000003 00000004 00000005 00000006 00000007 00000008
