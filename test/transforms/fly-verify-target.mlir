// RUN: fly-opt %s --pipeline 'fly-verify-target{chip=gfx942}' --verify-diagnostics
// RUN: fly-opt %s --pipeline 'fly-verify-target{chip=gfx950}' | FileCheck %s --check-prefix=GFX950
// RUN: not fly-opt %s --pipeline 'fly-verify-target{chip=gfx908}' 2>&1 | FileCheck %s --check-prefix=BADCHIP

// GFX950-LABEL: func.func @ops
// GFX950: rocdl.mfma.scale.f32.16x16x128.f8f6f4
// BADCHIP: error: invalid pipeline entry 'fly-verify-target{chip=gfx908}': unsupported chip 'gfx908' (supported: gfx950, gfx942)

func.func @ops(%a: vector<8xi32>, %c: vector<4xf32>, %i: i32, %h: vector<8xbf16>) -> vector<4xf32> {
  // expected-error@+1 {{'rocdl.mfma.scale.f32.16x16x128.f8f6f4' is not available on gfx942}}
  %d = rocdl.mfma.scale.f32.16x16x128.f8f6f4 %a, %a, %c, %i, %i, %i, %i, %i, %i : (vector<8xi32>, vector<8xi32>, vector<4xf32>, i32, i32, i32, i32, i32, i32) -> vector<4xf32>
  // expected-error@+1 {{'rocdl.mfma.f32.16x16x32.bf16' is not available on gfx942}}
  %e = rocdl.mfma.f32.16x16x32.bf16 %h, %h, %d, %i, %i, %i : (vector<8xbf16>, vector<8xbf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  return %e : vector<4xf32>
}
