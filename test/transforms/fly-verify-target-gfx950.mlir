// gfx950 dropped the xf32 MFMAs (CDNA4 ISA; llvm-mc rejects them for gfx950).
// RUN: fly-opt %s --pipeline 'fly-verify-target{chip=gfx950}' --verify-diagnostics
// RUN: fly-opt %s --pipeline 'fly-verify-target{chip=gfx942}' | FileCheck %s
// CHECK: rocdl.mfma.f32.16x16x8.xf32

func.func @xf32(%a: vector<2xf32>, %c: vector<4xf32>, %i: i32) -> vector<4xf32> {
  // expected-error@+1 {{'rocdl.mfma.f32.16x16x8.xf32' is not available on gfx950}}
  %d = rocdl.mfma.f32.16x16x8.xf32 %a, %a, %c, %i, %i, %i : (vector<2xf32>, vector<2xf32>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
  return %d : vector<4xf32>
}
