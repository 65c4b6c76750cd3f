// MFMA on small known matrices: 4x4 blocks (f32, 16 blocks), f64, AGPR
// accumulators, CBSZ/ABID and BLGP broadcast (facts §1.4), i8 wrap versus
// FP16_OVFL saturation, f32 overflow, and gfx942's xf32 inputs.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -I %S/Inputs %s --defsym GFX942=1 -o %t942.o
// RUN: ld.lld -shared %t942.o -o %t942.so
// RUN: %testbin/emu-isa-run --kernel mfma_small --out-bytes 16384 --print 1024 %t.so | FileCheck %s
// RUN: %testbin/emu-isa-run --kernel mfma_sat --print 8 %t.so | FileCheck %s --check-prefix=WRAP
// RUN: %testbin/emu-isa-run --kernel mfma_sat --print 8 --mode 8003f0 %t.so | FileCheck %s --check-prefix=SAT
// RUN: %testbin/emu-isa-run --kernel mfma_xf32 --chip gfx942 --print 8 %t942.so | FileCheck %s --check-prefix=XF32
.include "kernel.inc"

.ifndef GFX942
KERNEL_BEGIN mfma_small
  // 4x4x1, 16 blocks: A = lane + 1, B = 2, C = 0 in AGPRs; D[b][i][j] =
  // 2 (i + 4b + 1) lands in a[i], lane j + 4b
  v_add_u32 v1, 1, v0
  v_cvt_f32_u32 v1, v1
  v_mov_b32 v2, 2.0
  v_accvgpr_write_b32 a0, 0
  v_accvgpr_write_b32 a1, 0
  v_accvgpr_write_b32 a2, 0
  v_accvgpr_write_b32 a3, 0
  v_mfma_f32_4x4x1_16b_f32 a[0:3], v1, v2, a[0:3]
  s_nop 7
  v_accvgpr_read_b32 v3, a0
  OUT_V 0, v3
  v_accvgpr_read_b32 v3, a3
  OUT_V 64, v3
  // f64 16x16x4: A = 1, B[k][j] = j + 16k (lane value), C = 0:
  // D[i][j] = 4j + 96 in pair i/4, lane j + 16 (i % 4)
  v_cvt_f64_u32 v[4:5], v0
  v_mov_b32 v6, 0
  v_mov_b32 v7, 0x3ff00000
  v_mov_b32 v10, 0
  v_mov_b32 v11, 0
  v_mov_b32 v12, 0
  v_mov_b32 v13, 0
  v_mov_b32 v14, 0
  v_mov_b32 v15, 0
  v_mov_b32 v16, 0
  v_mov_b32 v17, 0
  v_mfma_f64_16x16x4_f64 v[10:17], v[6:7], v[4:5], v[10:17]
  s_nop 15
  OUT_V 128, v11
  OUT_V 192, v17
  // CBSZ=2, ABID=1: every lane reads A from lane (l % 16) + 16. A = 1.0
  // only in lanes 16..31, B = 1.0: plain 16x16x16 gives 4, broadcast 16
  v_mov_b32 v40, 0x3c003c00
  v_cmp_lt_u32 vcc, 15, v0
  v_cndmask_b32 v20, 0, v40, vcc
  v_cmp_gt_u32 vcc, 32, v0
  v_cndmask_b32 v20, 0, v20, vcc
  v_mov_b32 v21, v20
  v_mov_b32 v22, 0x3c003c00
  v_mov_b32 v23, 0x3c003c00
  v_mfma_f32_16x16x16_f16 v[24:27], v[20:21], v[22:23], 0
  s_nop 7
  OUT_V 256, v24
  v_mfma_f32_16x16x16_f16 v[24:27], v[20:21], v[22:23], 0 cbsz:2 abid:1
  s_nop 7
  OUT_V 320, v27
  // BLGP=4: B lanes read lane l % 16; B = 1.0 only in lanes 0..15
  v_cmp_gt_u32 vcc, 16, v0
  v_cndmask_b32 v22, 0, v40, vcc
  v_mov_b32 v23, v22
  v_mov_b32 v20, 0x3c003c00
  v_mov_b32 v21, 0x3c003c00
  v_mfma_f32_16x16x16_f16 v[24:27], v[20:21], v[22:23], 0
  s_nop 7
  OUT_V 384, v25
  v_mfma_f32_16x16x16_f16 v[24:27], v[20:21], v[22:23], 0 blgp:4
  s_nop 7
  OUT_V 448, v26
  // f32 overflow: products 2^200 are finite in the sum, the result is not
  v_mov_b32 v30, 0x71800000
  v_mfma_f32_16x16x4_f32 v[32:35], v30, v30, 0
  s_nop 7
  OUT_V 512, v32
  // 32x32x1, 2 blocks (32 accumulators): A = lane + 1, B = 1, so
  // D[b][i][j] = i + 32b + 1 in a[(i%4) + 4(i/8) + 16b], lane j + 32((i/4)%2)
  v_mov_b32 v2, 1.0
  v_mfma_f32_32x32x1_2b_f32 a[0:31], v1, v2, 0
  s_nop 15
  v_accvgpr_read_b32 v3, a0
  OUT_V 576, v3
  v_accvgpr_read_b32 v3, a17
  OUT_V 640, v3
KERNEL_END mfma_small

// CHECK: OUT 0: 40000000 40000000 40000000 40000000 41200000 41200000 41200000 41200000
// CHECK: OUT 56: 42e40000 42e40000 42e40000 42e40000 42f40000 42f40000 42f40000 42f40000
// CHECK: OUT 64: 41000000 41000000 41000000 41000000 41800000 41800000 41800000 41800000
// CHECK: OUT 120: 42f00000 42f00000 42f00000 42f00000 43000000 43000000 43000000 43000000
// CHECK: OUT 128: 40580000 40590000 405a0000 405b0000
// CHECK: OUT 144: 40580000 40590000 405a0000 405b0000
// CHECK: OUT 192: 40580000 40590000 405a0000 405b0000
// CHECK: OUT 256: 40800000 40800000 40800000 40800000 40800000 40800000 40800000 40800000
// CHECK: OUT 320: 41800000 41800000 41800000 41800000 41800000 41800000 41800000 41800000
// CHECK: OUT 384: 40800000 40800000 40800000 40800000 40800000 40800000 40800000 40800000
// CHECK: OUT 448: 41800000 41800000 41800000 41800000 41800000 41800000 41800000 41800000
// CHECK: OUT 512: 7f800000 7f800000
// CHECK: OUT 576: 3f800000 3f800000
// CHECK: OUT 608: 40a00000 40a00000
// CHECK: OUT 640: 42080000 42080000
// CHECK: OUT 672: 42180000 42180000

KERNEL_BEGIN mfma_sat
  // i8 16x16x32: A = B = 127, C = 0x7fffff00; sum 32 * 127 * 127 = 0x7e020
  v_mov_b32 v2, 0x7f7f7f7f
  v_mov_b32 v3, 0x7f7f7f7f
  v_mov_b32 v4, 0x7fffff00
  v_mov_b32 v5, v4
  v_mov_b32 v6, v4
  v_mov_b32 v7, v4
  v_mfma_i32_16x16x32_i8 v[8:11], v[2:3], v[2:3], v[4:7]
  s_nop 7
  OUT_S 0, v8
  v_mov_b32 v30, 0x71800000
  v_mfma_f32_16x16x4_f32 v[32:35], v30, v30, 0
  s_nop 7
  OUT_S 1, v32
KERNEL_END mfma_sat
// WRAP: OUT 0: 8007df20 7f800000
// SAT: OUT 0: 7fffffff 7f7fffff
.else
KERNEL_BEGIN mfma_xf32
  // xf32 keeps 10 mantissa bits: 1 + 2^-20 becomes 1.0, so 8 products give 8.0
  v_mov_b32 v2, 0x3f800008
  v_mov_b32 v3, 0x3f800008
  v_mov_b32 v4, 1.0
  v_mov_b32 v5, 1.0
  v_mfma_f32_16x16x8_xf32 v[8:11], v[2:3], v[4:5], 0
  s_nop 7
  OUT_S 0, v8
KERNEL_END mfma_xf32
// XF32: OUT 0: 41000000
.endif
