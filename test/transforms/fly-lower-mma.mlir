// fly-lower-mma picks the chip's MFMA from the shape and the element types.
// RUN: fly-opt %s --pipeline 'fly-lower-mma{chip=gfx950}' | FileCheck %s --check-prefix=GFX950
// RUN: fly-opt %S/Inputs/mma-gfx942.mlir --pipeline 'fly-lower-mma{chip=gfx942}' | FileCheck %s --check-prefix=GFX942
// RUN: fly-opt %S/Inputs/mma-invalid.mlir --pipeline 'fly-lower-mma{chip=gfx942}' --verify-diagnostics
// RUN: fly-opt %S/Inputs/mma-invalid-gfx950.mlir --pipeline 'fly-lower-mma{chip=gfx950}' --verify-diagnostics

// GFX950-LABEL: func.func @full_rate
// fp8 16x16x128: the 32 bytes become vector<8xi32>; formats 0 (fp8) and 1 (bf8).
// GFX950: %[[A:.*]] = vector.bitcast %arg0 : vector<32xf8E4M3FN> to vector<8xi32>
// GFX950: %[[B:.*]] = vector.bitcast %arg1 : vector<32xf8E5M2> to vector<8xi32>
// GFX950: rocdl.mfma.scale.f32.16x16x128.f8f6f4 %[[A]], %[[B]], %arg2, %c0_i32, %c1_i32, {{.*}} : (vector<8xi32>, vector<8xi32>, vector<4xf32>
// GFX950: rocdl.mfma.f32.16x16x32.bf16 %arg3, %arg3, %{{.*}} : (vector<8xbf16>, vector<8xbf16>, vector<4xf32>
// GFX950: rocdl.mfma.i32.16x16x64.i8 %{{.*}}, %{{.*}}, %arg5, {{.*}} : (vector<4xi32>, vector<4xi32>, vector<4xi32>
// The scaled form passes the scales and byte selects through.
// GFX950: rocdl.mfma.scale.f32.16x16x128.f8f6f4 {{.*}}, %c1_i32{{[_0-9]*}}, %arg6, %c2_i32, %arg7 :
// GFX950-NOT: fly.mma
func.func @full_rate(%a: vector<32xf8E4M3FN>, %b: vector<32xf8E5M2>, %c: vector<4xf32>,
                     %h: vector<8xbf16>, %i: vector<16xi8>, %ci: vector<4xi32>,
                     %sa: i32, %sb: i32) -> (vector<4xf32>, vector<4xf32>, vector<4xi32>, vector<4xf32>) {
  %d0 = "fly.mma"(%a, %b, %c) {shape = "16x16x128"} : (vector<32xf8E4M3FN>, vector<32xf8E5M2>, vector<4xf32>) -> vector<4xf32>
  %d1 = "fly.mma"(%h, %h, %d0) {shape = "16x16x32"} : (vector<8xbf16>, vector<8xbf16>, vector<4xf32>) -> vector<4xf32>
  %d2 = "fly.mma"(%i, %i, %ci) {shape = "16x16x64"} : (vector<16xi8>, vector<16xi8>, vector<4xi32>) -> vector<4xi32>
  %d3 = "fly.mma_scaled"(%a, %a, %c, %sa, %sb) {shape = "16x16x128", opsel_a = 1 : i32, opsel_b = 2 : i32} : (vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<4xf32>, i32, i32) -> vector<4xf32>
  return %d0, %d1, %d2, %d3 : vector<4xf32>, vector<4xf32>, vector<4xi32>, vector<4xf32>
}

// GFX942-LABEL: func.func @cdna3
// GFX942: %[[P:.*]] = vector.bitcast %arg0 : vector<8xf8E4M3FNUZ> to vector<1xi64>
// GFX942: %[[A:.*]] = vector.extract %[[P]][0] : i64 from vector<1xi64>
// GFX942: rocdl.mfma.f32.16x16x32.fp8.fp8 %[[A]], %{{.*}}, %arg1
// GFX942: %[[H:.*]] = vector.bitcast %arg2 : vector<4xbf16> to vector<4xi16>
// GFX942: %[[H2:.*]] = vector.bitcast %arg2 : vector<4xbf16> to vector<4xi16>
// GFX942: rocdl.mfma.f32.16x16x16bf16.1k %[[H]], %[[H2]]
// GFX942: rocdl.mfma.i32.16x16x32.i8
