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
  // transpose reads (16-lane groups, see ds-transpose.s): lane L writes 16-bit
  // values 4L+j (j = 0..3) at 0x8000 + 8L
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
// CHECK: OUT 448: 0000003a 0000003b 0000003c 0000003d 00100000 00110001 00120002 00130003
// CHECK: OUT 456: 00140004 00150005 00160006 00170007 00180008 00190009 001a000a 001b000b
// CHECK: OUT 464: 001c000c 001d000d 001e000e 001f000f 00500040 00510041 00520042 00530043
// CHECK: OUT 472: 00540044 00550045 00560046 00570047 00580048 00590049 005a004a 005b004b
// CHECK: OUT 480: 005c004c 005d004d 005e004e 005f004f 00900080 00910081 00920082 00930083
// CHECK: OUT 488: 00940084 00950085 00960086 00970087 00980088 00990089 009a008a 009b008b
// CHECK: OUT 496: 009c008c 009d008d 009e008e 009f008f 00d000c0 00d100c1 00d200c2 00d300c3
// CHECK: OUT 504: 00d400c4 00d500c5 00d600c6 00d700c7 00d800c8 00d900c9 00da00ca 00db00cb
// CHECK: OUT 512: 00dc00cc 00dd00cd 00de00ce 00df00cf 00300020 00310021 00320022 00330023
// CHECK: OUT 520: 00340024 00350025 00360026 00370027 00380028 00390029 003a002a 003b002b
// CHECK: OUT 528: 003c002c 003d002d 003e002e 003f002f 00700060 00710061 00720062 00730063
// CHECK: OUT 536: 00740064 00750065 00760066 00770067 00780068 00790069 007a006a 007b006b
// CHECK: OUT 544: 007c006c 007d006d 007e006e 007f006f 00b000a0 00b100a1 00b200a2 00b300a3
// CHECK: OUT 552: 00b400a4 00b500a5 00b600a6 00b700a7 00b800a8 00b900a9 00ba00aa 00bb00ab
// CHECK: OUT 560: 00bc00ac 00bd00ad 00be00ae 00bf00af 00f000e0 00f100e1 00f200e2 00f300e3
// CHECK: OUT 568: 00f400e4 00f500e5 00f600e6 00f700e7 00f800e8 00f900e9 00fa00ea 00fb00eb
// CHECK: OUT 576: 00fc00ec 00fd00ed 00fe00ee 00ff00ef 30201000 31211101 32221202 33231303
// CHECK: OUT 584: 34241404 35251505 36261606 37271707 38281808 39291909 3a2a1a0a 3b2b1b0b
// CHECK: OUT 592: 3c2c1c0c 3d2d1d0d 3e2e1e0e 3f2f1f0f b0a09080 b1a19181 b2a29282 b3a39383
// CHECK: OUT 600: b4a49484 b5a59585 b6a69686 b7a79787 b8a89888 b9a99989 baaa9a8a bbab9b8b
// CHECK: OUT 608: bcac9c8c bdad9d8d beae9e8e bfaf9f8f 30201000 31211101 32221202 33231303
// CHECK: OUT 616: 34241404 35251505 36261606 37271707 38281808 39291909 3a2a1a0a 3b2b1b0b
// CHECK: OUT 624: 3c2c1c0c 3d2d1d0d 3e2e1e0e 3f2f1f0f b0a09080 b1a19181 b2a29282 b3a39383
// CHECK: OUT 632: b4a49484 b5a59585 b6a69686 b7a79787 b8a89888 b9a99989 baaa9a8a bbab9b8b
// CHECK: OUT 640: bcac9c8c bdad9d8d beae9e8e bfaf9f8f 70605040 71615141 72625242 73635343
// CHECK: OUT 648: 74645444 75655545 76665646 77675747 78685848 79695949 7a6a5a4a 7b6b5b4b
// CHECK: OUT 656: 7c6c5c4c 7d6d5d4d 7e6e5e4e 7f6f5f4f f0e0d0c0 f1e1d1c1 f2e2d2c2 f3e3d3c3
// CHECK: OUT 664: f4e4d4c4 f5e5d5c5 f6e6d6c6 f7e7d7c7 f8e8d8c8 f9e9d9c9 faeadaca fbebdbcb
// CHECK: OUT 672: fcecdccc fdedddcd feeedece ffefdfcf 70605040 71615141 72625242 73635343
// CHECK: OUT 680: 74645444 75655545 76665646 77675747 78685848 79695949 7a6a5a4a 7b6b5b4b
// CHECK: OUT 688: 7c6c5c4c 7d6d5d4d 7e6e5e4e 7f6f5f4f f0e0d0c0 f1e1d1c1 f2e2d2c2 f3e3d3c3
// CHECK: OUT 696: f4e4d4c4 f5e5d5c5 f6e6d6c6 f7e7d7c7 f8e8d8c8 f9e9d9c9 faeadaca fbebdbcb
// CHECK: OUT 704: fcecdccc fdedddcd feeedece ffefdfcf 00000000 00000000 00000000 00000000
// CHECK: OUT 768: 00000001 00000002 00000003 00000004 00000005 00000006 00000007 00000008
