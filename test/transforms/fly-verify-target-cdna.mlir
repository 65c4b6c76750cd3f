// What neither CDNA3 nor CDNA4 has is a located error on both chips, before
// LLVM's instruction selector or libcall lowering would stop the process:
// other families' ROCDL ops, the gfx908 MFMAs that gfx940 dropped, and
// f80/f128 arithmetic (moving such values stays allowed).
// RUN: fly-opt %s --pipeline 'fly-verify-target{chip=gfx942}' --verify-diagnostics
// RUN: fly-opt %s --pipeline 'fly-verify-target{chip=gfx950}' --verify-diagnostics

func.func @families(%v: vector<16xf16>, %c: vector<8xf32>, %i: i32) -> vector<8xf32> {
  // expected-error@+1 {{'rocdl.wmma.f32.16x16x16.f16' is not available on gfx9}}
  %r = rocdl.wmma.f32.16x16x16.f16 %v, %v, %c : (vector<16xf16>, vector<16xf16>, vector<8xf32>) -> vector<8xf32>
  // expected-error@+1 {{'rocdl.s.wait.dscnt' is not available on gfx9}}
  rocdl.s.wait.dscnt 0
  // expected-error@+1 {{'rocdl.permlanex16' is not available on gfx9}}
  %p = rocdl.permlanex16 %i, %i, %i, %i, false, false : i32, i32
  return %r : vector<8xf32>
}

func.func @gfx908_mfma(%a: vector<2xi16>, %c: vector<16xf32>, %h: vector<4xi16>, %i: i32) -> vector<16xf32> {
  // expected-error@+1 {{'rocdl.mfma.f32.32x32x4bf16' is not available on gfx9}}
  %d = rocdl.mfma.f32.32x32x4bf16 %a, %a, %c, %i, %i, %i : (vector<2xi16>, vector<2xi16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  // The "_1k" form of the same shape is fine on both.
  %e = rocdl.mfma.f32.32x32x8bf16.1k %h, %h, %d, %i, %i, %i : (vector<4xi16>, vector<4xi16>, vector<16xf32>, i32, i32, i32) -> vector<16xf32>
  return %e : vector<16xf32>
}

func.func @wide_floats(%m: memref<4xf128>, %n: memref<4xf80>, %j: index) {
  %x = memref.load %m[%j] : memref<4xf128>
  // expected-error@+1 {{'arith.addf' computes with f128 values, which gfx9}}
  %y = arith.addf %x, %x : f128
  memref.store %x, %m[%j] : memref<4xf128>
  %z = memref.load %n[%j] : memref<4xf80>
  // expected-error@+1 {{'arith.extf' computes with f80 values}}
  %w = arith.extf %z : f80 to f128
  return
}
