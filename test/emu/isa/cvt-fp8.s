// fp8/bf8 conversions on both chips (gfx950 OCP E4M3/E5M2, gfx942 FNUZ):
// round-to-nearest-even, ties, denormals, NaN/Inf, overflow with
// MODE.FP16_OVFL clear (NaN/Inf) and set (saturate), SDWA byte select,
// stochastic rounding, scaled conversions and bf16 packing.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: %testbin/emu-isa-run --kernel cvt8 --print 32 %t.so | FileCheck %s --check-prefix=OCP
// RUN: %testbin/emu-isa-run --kernel cvt8 --print 32 --mode 8003f0 %t.so | FileCheck %s --check-prefix=OCPSAT
// RUN: %testbin/emu-isa-run --kernel cvt8 --print 32 --chip gfx942 %t.so | FileCheck %s --check-prefix=FNUZ
// RUN: %testbin/emu-isa-run --kernel cvt8 --print 32 --chip gfx942 --mode 8003f0 %t.so | FileCheck %s --check-prefix=FNUZSAT
// RUN: %testbin/emu-isa-run --kernel cvt950 --print 15 %t.so | FileCheck %s --check-prefix=G950
.include "kernel.inc"

.macro PK8 slot, op, a, b
  v_mov_b32 v40, 0
  \op v40, \a, \b
  OUT_S \slot, v40
.endm

KERNEL_BEGIN cvt8
  v_mov_b32 v1, 1.0
  v_mov_b32 v2, 0x43e00000   // 448
  v_mov_b32 v3, 0x43e80000   // 464: halfway 448..480, ties to even
  v_mov_b32 v4, 0x43e88000   // 465
  v_mov_b32 v5, 0xce6e6b28   // -1e9
  v_mov_b32 v6, 0x7f800000   // +Inf
  v_mov_b32 v7, 0x7fc00000   // NaN
  v_mov_b32 v8, 0x3b000000   // 2^-9
  v_mov_b32 v9, 0x3a800000   // 2^-10
  v_mov_b32 v10, 0x3b400000  // 3 * 2^-10
  v_mov_b32 v11, 0x3e99999a  // 0.3
  v_mov_b32 v12, 0x80000000  // -0
  v_mov_b32 v13, 0x43780000  // 248
  v_mov_b32 v14, 0x43700000  // 240
  v_mov_b32 v15, 0x47600000  // 57344
  v_mov_b32 v16, 0x47700000  // 61440
  v_mov_b32 v17, 0x37800000  // 2^-16
  PK8 0, v_cvt_pk_fp8_f32, v1, v2
  PK8 1, v_cvt_pk_fp8_f32, v3, v4
  PK8 2, v_cvt_pk_fp8_f32, v5, v6
  PK8 3, v_cvt_pk_fp8_f32, v7, v8
  PK8 4, v_cvt_pk_fp8_f32, v9, v10
  PK8 5, v_cvt_pk_fp8_f32, v11, v12
  PK8 6, v_cvt_pk_fp8_f32, v13, v14
  v_mov_b32 v40, 0x1234
  v_cvt_pk_fp8_f32 v40, v1, v2 op_sel:[0,0,1]
  OUT_S 7, v40
  PK8 8, v_cvt_pk_bf8_f32, v1, v15
  PK8 9, v_cvt_pk_bf8_f32, v16, v6
  PK8 10, v_cvt_pk_bf8_f32, v7, v17
  PK8 11, v_cvt_pk_bf8_f32, v12, v2
  // decoding: bytes 0x7c 0x7f 0x01 0x80 through SDWA byte selects
  v_mov_b32 v30, 0x80017f7c
  v_cvt_f32_fp8_sdwa v41, v30 src0_sel:BYTE_0
  OUT_S 12, v41
  v_cvt_f32_fp8_sdwa v41, v30 src0_sel:BYTE_1
  OUT_S 13, v41
  v_cvt_f32_fp8_sdwa v41, v30 src0_sel:BYTE_2
  OUT_S 14, v41
  v_cvt_f32_fp8_sdwa v41, v30 src0_sel:BYTE_3
  OUT_S 15, v41
  v_cvt_f32_bf8 v41, v30
  OUT_S 16, v41
  v_cvt_f32_bf8_sdwa v41, v30 src0_sel:BYTE_1
  OUT_S 17, v41
  v_cvt_pk_f32_fp8_sdwa v[42:43], v30 src0_sel:WORD_1
  OUT_S 18, v42
  OUT_S 19, v43
  // stochastic rounding of 1.0625 (half an fp8 ulp above 1.0)
  v_mov_b32 v18, 0x3f880000
  v_mov_b32 v40, 0
  v_cvt_sr_fp8_f32 v40, v18, 0
  v_mov_b32 v19, 0x80000000
  v_cvt_sr_fp8_f32 v40, v18, v19 op_sel:[0,0,1,0]
  v_mov_b32 v19, 0x7fffffff
  v_cvt_sr_fp8_f32 v40, v18, v19 op_sel:[0,0,0,1]
  OUT_S 20, v40
KERNEL_END cvt8

// OCP: OUT 0: 00007e38 00007f7e 00007fff 0000017f 00000200 0000802a 00007778 7e381234
// OCP: OUT 8: 00007b3c 00007c7c 0000017f 00005f80 43c00000 7fc00000 3b000000 80000000
// OCP: OUT 16: 7f800000 7fc00000 3b000000 80000000 00383938
// OCPSAT: OUT 0: 00007e38 00007e7e 00007efe 0000017f 00000200 0000802a 00007778 7e381234
// OCPSAT: OUT 8: 00007b3c 00007b7b 0000017f 00005f80
// FNUZ: OUT 0: 00008040 00008080 00008080 00000280 00000301 00000032 00007f80 80401234
// FNUZ: OUT 8: 00007f40 00008080 00000280 00006300 43400000 43700000 3a800000 7fc00000
// FNUZ: OUT 16: 47000000 47600000 3a800000 7fc00000 00404140
// FNUZSAT: OUT 0: 00007f40 00007f7f 00007fff 00000280 00000301 00000032 00007f7f 7f401234
// FNUZSAT: OUT 8: 00007f40 00007f7f 00000280 00006300

KERNEL_BEGIN cvt950
  // bf16 packing: RNE ties to even, NaN stays a quiet NaN
  v_mov_b32 v1, 0x3f808000
  v_mov_b32 v2, 0x3f818000
  v_cvt_pk_bf16_f32 v3, v1, v2
  OUT_S 0, v3
  v_mov_b32 v1, 0x7f800001
  v_mov_b32 v2, 0xbf7fffff
  v_cvt_pk_bf16_f32 v3, v1, v2
  OUT_S 1, v3
  // scaled fp8: 2.0 / 4 = 0.5 (0x30), 4.0 / 4 = 1.0 (0x38); back: times 4
  v_mov_b32 v4, 2.0
  v_mov_b32 v5, 4.0
  v_mov_b32 v6, 4.0
  v_mov_b32 v7, 0
  v_cvt_scalef32_pk_fp8_f32 v7, v4, v5, v6
  OUT_S 2, v7
  v_cvt_scalef32_pk_f32_fp8 v[8:9], v7, v6
  OUT_S 3, v8
  OUT_S 4, v9
  // fp4 with scale 1: 1.5 -> 0x3, -6 -> 0xf; 7 saturates to 6 (0x7)
  v_mov_b32 v4, 1.5
  v_mov_b32 v5, -4.0
  v_mov_b32 v6, 1.0
  v_mov_b32 v7, 0
  v_cvt_scalef32_pk_fp4_f32 v7, v4, v5, v6
  OUT_S 5, v7
  v_mov_b32 v4, 0x40e00000
  v_cvt_scalef32_pk_fp4_f32 v7, v4, v4, v6 op_sel:[0,0,1,0]
  OUT_S 6, v7
  // operand selects as LLVM encodes the intrinsics: word op_sel[0], byte
  // op_sel[1:0], destination half op_sel[3], destination byte op_sel[3:2].
  // v10 holds the E4M3 bytes {2.0, 1.0, 1.0, 0.5}; scale 4 (v6) or 2 (v11)
  v_mov_b32 v10, 0x40383830
  v_mov_b32 v6, 4.0
  v_mov_b32 v11, 2.0
  v_cvt_scalef32_pk_f32_fp8 v[8:9], v10, v6 op_sel:[1,0,0]
  OUT_S 7, v8
  OUT_S 8, v9
  v_mov_b32 v12, 0x40003c00          // f16 {1.0, 2.0}
  v_mov_b32 v7, 0x1234
  v_cvt_scalef32_pk_fp8_f16 v7, v12, v11 op_sel:[0,0,1]
  OUT_S 9, v7
  v_cvt_scalef32_pk_f16_fp8 v7, v10, v6
  OUT_S 10, v7
  v_mov_b32 v7, 0x5678
  v_cvt_scalef32_f16_fp8 v7, v10, v6 op_sel:[0,1,1]
  OUT_S 11, v7
  v_mov_b32 v7, 0
  v_mov_b32 v13, 1.0
  v_cvt_scalef32_pk_fp4_f16 v7, v12, v13 op_sel:[0,0,1,1]
  OUT_S 12, v7
  v_mov_b32 v14, 0x4200
  v_cvt_scalef32_pk_f16_fp4 v7, v14, v13 op_sel:[1,0,0]
  OUT_S 13, v7
  v_mov_b32 v15, 0x40003f80          // bf16 {1.0, 2.0}
  v_mov_b32 v7, 0
  v_cvt_scalef32_pk_bf8_bf16 v7, v15, v13
  OUT_S 14, v7
KERNEL_END cvt950

// G950: OUT 0: 3f823f80 bf807fc0 00003830 40000000 40800000 000000e3 000077e3 40800000
// G950: OUT 8: 41000000 38301234 44004000 44005678 42000000 40003c00 0000403c
