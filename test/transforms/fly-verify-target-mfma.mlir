// Which chip has which MFMA is the hardware table's (lib/support/hw.c):
// fly-verify-target reads it for every MFMA ROCDL op, so each form LLVM has
// an intrinsic for is accepted on the chips the table gives it and is a
// located error on the other. The ops are written generically: the check
// is by name, before any operand checks.
// RUN: not fly-opt %s --pipeline 'fly-verify-target{chip=gfx942}' 2>&1 | FileCheck %s --check-prefix=G942 --implicit-check-not=error
// RUN: not fly-opt %s --pipeline 'fly-verify-target{chip=gfx950}' 2>&1 | FileCheck %s --check-prefix=G950 --implicit-check-not=error

func.func @both(%v: vector<4xf16>, %c: vector<4xf32>, %i: i32) {
  %mfma_f32_32x32x1f32 = "rocdl.mfma.f32.32x32x1f32"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_16x16x1f32 = "rocdl.mfma.f32.16x16x1f32"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_4x4x1f32 = "rocdl.mfma.f32.4x4x1f32"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_32x32x2f32 = "rocdl.mfma.f32.32x32x2f32"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_16x16x4f32 = "rocdl.mfma.f32.16x16x4f32"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_32x32x4f16 = "rocdl.mfma.f32.32x32x4f16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_16x16x4f16 = "rocdl.mfma.f32.16x16x4f16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_4x4x4f16 = "rocdl.mfma.f32.4x4x4f16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_32x32x8f16 = "rocdl.mfma.f32.32x32x8f16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_16x16x16f16 = "rocdl.mfma.f32.16x16x16f16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_32x32x4bf16_1k = "rocdl.mfma.f32.32x32x4bf16.1k"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_16x16x4bf16_1k = "rocdl.mfma.f32.16x16x4bf16.1k"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_4x4x4bf16_1k = "rocdl.mfma.f32.4x4x4bf16.1k"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_32x32x8bf16_1k = "rocdl.mfma.f32.32x32x8bf16.1k"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_16x16x16bf16_1k = "rocdl.mfma.f32.16x16x16bf16.1k"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_i32_32x32x4i8 = "rocdl.mfma.i32.32x32x4i8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_i32_16x16x4i8 = "rocdl.mfma.i32.16x16x4i8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_i32_4x4x4i8 = "rocdl.mfma.i32.4x4x4i8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_i32_32x32x16_i8 = "rocdl.mfma.i32.32x32x16.i8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_i32_16x16x32_i8 = "rocdl.mfma.i32.16x16x32.i8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f64_16x16x4f64 = "rocdl.mfma.f64.16x16x4f64"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f64_4x4x4f64 = "rocdl.mfma.f64.4x4x4f64"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_16x16x32_bf8_bf8 = "rocdl.mfma.f32.16x16x32.bf8.bf8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_16x16x32_bf8_fp8 = "rocdl.mfma.f32.16x16x32.bf8.fp8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_16x16x32_fp8_bf8 = "rocdl.mfma.f32.16x16x32.fp8.bf8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_16x16x32_fp8_fp8 = "rocdl.mfma.f32.16x16x32.fp8.fp8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_32x32x16_bf8_bf8 = "rocdl.mfma.f32.32x32x16.bf8.bf8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_32x32x16_bf8_fp8 = "rocdl.mfma.f32.32x32x16.bf8.fp8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_32x32x16_fp8_bf8 = "rocdl.mfma.f32.32x32x16.fp8.bf8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_32x32x16_fp8_fp8 = "rocdl.mfma.f32.32x32x16.fp8.fp8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_16x16x32_f16 = "rocdl.smfmac.f32.16x16x32.f16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_16x16x32_bf16 = "rocdl.smfmac.f32.16x16x32.bf16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_32x32x16_f16 = "rocdl.smfmac.f32.32x32x16.f16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_32x32x16_bf16 = "rocdl.smfmac.f32.32x32x16.bf16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_i32_16x16x64_i8 = "rocdl.smfmac.i32.16x16x64.i8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_i32_32x32x32_i8 = "rocdl.smfmac.i32.32x32x32.i8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_16x16x64_bf8_bf8 = "rocdl.smfmac.f32.16x16x64.bf8.bf8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_16x16x64_bf8_fp8 = "rocdl.smfmac.f32.16x16x64.bf8.fp8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_16x16x64_fp8_bf8 = "rocdl.smfmac.f32.16x16x64.fp8.bf8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_16x16x64_fp8_fp8 = "rocdl.smfmac.f32.16x16x64.fp8.fp8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_32x32x32_bf8_bf8 = "rocdl.smfmac.f32.32x32x32.bf8.bf8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_32x32x32_bf8_fp8 = "rocdl.smfmac.f32.32x32x32.bf8.fp8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_32x32x32_fp8_bf8 = "rocdl.smfmac.f32.32x32x32.fp8.bf8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_32x32x32_fp8_fp8 = "rocdl.smfmac.f32.32x32x32.fp8.fp8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  return
}

func.func @gfx942_only(%v: vector<4xf16>, %c: vector<4xf32>, %i: i32) {
  %mfma_f32_16x16x8_xf32 = "rocdl.mfma.f32.16x16x8.xf32"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_32x32x4_xf32 = "rocdl.mfma.f32.32x32x4.xf32"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  return
}


func.func @gfx950_only(%v: vector<4xf16>, %c: vector<4xf32>, %i: i32) {
  %mfma_f32_16x16x32_f16 = "rocdl.mfma.f32.16x16x32.f16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_16x16x32_bf16 = "rocdl.mfma.f32.16x16x32.bf16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_32x32x16_f16 = "rocdl.mfma.f32.32x32x16.f16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_f32_32x32x16_bf16 = "rocdl.mfma.f32.32x32x16.bf16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_i32_16x16x64_i8 = "rocdl.mfma.i32.16x16x64.i8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_i32_32x32x32_i8 = "rocdl.mfma.i32.32x32x32.i8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_scale_f32_16x16x128_f8f6f4 = "rocdl.mfma.scale.f32.16x16x128.f8f6f4"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %mfma_scale_f32_32x32x64_f8f6f4 = "rocdl.mfma.scale.f32.32x32x64.f8f6f4"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_16x16x64_f16 = "rocdl.smfmac.f32.16x16x64.f16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_16x16x64_bf16 = "rocdl.smfmac.f32.16x16x64.bf16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_32x32x32_f16 = "rocdl.smfmac.f32.32x32x32.f16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_32x32x32_bf16 = "rocdl.smfmac.f32.32x32x32.bf16"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_i32_16x16x128_i8 = "rocdl.smfmac.i32.16x16x128.i8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_i32_32x32x64_i8 = "rocdl.smfmac.i32.32x32x64.i8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_16x16x128_bf8_bf8 = "rocdl.smfmac.f32.16x16x128.bf8.bf8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_16x16x128_bf8_fp8 = "rocdl.smfmac.f32.16x16x128.bf8.fp8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_16x16x128_fp8_bf8 = "rocdl.smfmac.f32.16x16x128.fp8.bf8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_16x16x128_fp8_fp8 = "rocdl.smfmac.f32.16x16x128.fp8.fp8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_32x32x64_bf8_bf8 = "rocdl.smfmac.f32.32x32x64.bf8.bf8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_32x32x64_bf8_fp8 = "rocdl.smfmac.f32.32x32x64.bf8.fp8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_32x32x64_fp8_bf8 = "rocdl.smfmac.f32.32x32x64.fp8.bf8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  %smfmac_f32_32x32x64_fp8_fp8 = "rocdl.smfmac.f32.32x32x64.fp8.fp8"(%v, %v, %c, %i, %i, %i) : (vector<4xf16>, vector<4xf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  return
}

// G950: error: 'rocdl.mfma.f32.16x16x8.xf32' is not available on gfx950
// G950: error: 'rocdl.mfma.f32.32x32x4.xf32' is not available on gfx950
// G942: error: 'rocdl.mfma.f32.16x16x32.f16' is not available on gfx942
// G942: error: 'rocdl.mfma.f32.16x16x32.bf16' is not available on gfx942
// G942: error: 'rocdl.mfma.f32.32x32x16.f16' is not available on gfx942
// G942: error: 'rocdl.mfma.f32.32x32x16.bf16' is not available on gfx942
// G942: error: 'rocdl.mfma.i32.16x16x64.i8' is not available on gfx942
// G942: error: 'rocdl.mfma.i32.32x32x32.i8' is not available on gfx942
// G942: error: 'rocdl.mfma.scale.f32.16x16x128.f8f6f4' is not available on gfx942
// G942: error: 'rocdl.mfma.scale.f32.32x32x64.f8f6f4' is not available on gfx942
// G942: error: 'rocdl.smfmac.f32.16x16x64.f16' is not available on gfx942
// G942: error: 'rocdl.smfmac.f32.16x16x64.bf16' is not available on gfx942
// G942: error: 'rocdl.smfmac.f32.32x32x32.f16' is not available on gfx942
// G942: error: 'rocdl.smfmac.f32.32x32x32.bf16' is not available on gfx942
// G942: error: 'rocdl.smfmac.i32.16x16x128.i8' is not available on gfx942
// G942: error: 'rocdl.smfmac.i32.32x32x64.i8' is not available on gfx942
// G942: error: 'rocdl.smfmac.f32.16x16x128.bf8.bf8' is not available on gfx942
// G942: error: 'rocdl.smfmac.f32.16x16x128.bf8.fp8' is not available on gfx942
// G942: error: 'rocdl.smfmac.f32.16x16x128.fp8.bf8' is not available on gfx942
// G942: error: 'rocdl.smfmac.f32.16x16x128.fp8.fp8' is not available on gfx942
// G942: error: 'rocdl.smfmac.f32.32x32x64.bf8.bf8' is not available on gfx942
// G942: error: 'rocdl.smfmac.f32.32x32x64.bf8.fp8' is not available on gfx942
// G942: error: 'rocdl.smfmac.f32.32x32x64.fp8.bf8' is not available on gfx942
// G942: error: 'rocdl.smfmac.f32.32x32x64.fp8.fp8' is not available on gfx942
