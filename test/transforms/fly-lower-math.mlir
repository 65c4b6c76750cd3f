// RUN: fly-opt %s --pipeline fly-lower-math | FileCheck %s
// RUN: fly-opt %S/Inputs/fly-lower-math-errors.mlir --pipeline fly-lower-math --verify-diagnostics
// RUN: rm -f %t.hsaco
// RUN: %exitcode flyc %S/Inputs/fly-lower-math-errors.mlir -o %t.hsaco 2>&1 | FileCheck %s --check-prefix=FLYC
// RUN: test ! -e %t.hsaco
// FLYC: fly-lower-math-errors.mlir:9:12: error: 'math.sin' has no lowering without the ROCm device libraries
// FLYC: exit: 1
// RUN: flyc %s --chip gfx950 --emit isa -o - | FileCheck %s --check-prefix=ISA
// RUN: flyc %s --chip gfx942 --emit isa -o - | FileCheck %s --check-prefix=ISA

// The math ops a kernel needs are lowered without device-library calls:
// the rest of the pipeline (and the backend's check that no __ocml_ function
// is called) accepts every function of this file on both chips.
// ISA-NOT: __ocml
// ISA-LABEL: intrinsics:
// ISA-DAG: v_exp_f32
// ISA-DAG: v_log_f32
// ISA-DAG: v_floor_f32
// ISA-DAG: v_ceil_f32
// ISA-LABEL: formulas:
// ISA: v_exp_f32
// ISA-LABEL: halves:
// ISA-LABEL: f64_rounding:
// ISA: v_floor_f64
// ISA-NOT: __ocml

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // exp2, log2, log10, floor, ceil become the LLVM intrinsics (as calls:
    // convert-gpu-to-rocdl would turn the dialect's intrinsic ops into
    // device-library calls); exp and log stay (they convert to intrinsics).
    // CHECK-LABEL: gpu.func @intrinsics
    // CHECK: %[[X:.*]] = memref.load
    // CHECK: llvm.call_intrinsic "llvm.exp2"(%[[X]]) : (f32) -> f32
    // CHECK: llvm.call_intrinsic "llvm.log2"(%[[X]]) : (f32) -> f32
    // CHECK: llvm.call_intrinsic "llvm.log10"(%[[X]]) : (f32) -> f32
    // CHECK: llvm.call_intrinsic "llvm.floor"(%[[X]]) : (f32) -> f32
    // CHECK: llvm.call_intrinsic "llvm.ceil"(%[[X]]) : (f32) -> f32
    // CHECK: math.exp %[[X]] : f32
    // CHECK: math.log %[[X]] : f32
    // CHECK-NOT: math.exp2
    // CHECK: gpu.return
    gpu.func @intrinsics(%a: memref<64xf32>, %o: memref<448xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<64xf32>
      %c64 = arith.constant 64 : index
      %r0 = math.exp2 %x : f32
      %r1 = math.log2 %x : f32
      %r2 = math.log10 %x : f32
      %r3 = math.floor %x : f32
      %r4 = math.ceil %x : f32
      %r5 = math.exp %x : f32
      %r6 = math.log %x : f32
      %i1 = arith.addi %t, %c64 : index
      %i2 = arith.addi %i1, %c64 : index
      %i3 = arith.addi %i2, %c64 : index
      %i4 = arith.addi %i3, %c64 : index
      %i5 = arith.addi %i4, %c64 : index
      %i6 = arith.addi %i5, %c64 : index
      memref.store %r0, %o[%t] : memref<448xf32>
      memref.store %r1, %o[%i1] : memref<448xf32>
      memref.store %r2, %o[%i2] : memref<448xf32>
      memref.store %r3, %o[%i3] : memref<448xf32>
      memref.store %r4, %o[%i4] : memref<448xf32>
      memref.store %r5, %o[%i5] : memref<448xf32>
      memref.store %r6, %o[%i6] : memref<448xf32>
      gpu.return
    }

    // rsqrt is 1 / sqrt; expm1, log1p, tanh and erf are polynomials and
    // formulas over exp and log, chosen per input by arith.select; isinf is
    // a comparison of |x| with +inf.
    // CHECK-LABEL: gpu.func @formulas
    // CHECK: %[[X:.*]] = memref.load
    // CHECK: %[[S:.*]] = math.sqrt %[[X]] : f32
    // CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
    // CHECK: arith.divf %[[ONE]], %[[S]] : f32
    // expm1: x + x^2 P(x) for |x| < 1/2, else e^x - 1.
    // CHECK: %[[X2:.*]] = arith.mulf %[[X]], %[[X]] : f32
    // CHECK: %[[NEAR:.*]] = math.fma %[[X2]], %{{.*}}, %[[X]] : f32
    // CHECK: %[[E:.*]] = math.exp %[[X]] : f32
    // CHECK: %[[FAR:.*]] = arith.subf %[[E]], %{{.*}} : f32
    // CHECK: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
    // CHECK: %[[AX:.*]] = math.absf %[[X]] : f32
    // CHECK: %[[SMALL:.*]] = arith.cmpf olt, %[[AX]], %[[HALF]] : f32
    // CHECK: arith.select %[[SMALL]], %[[NEAR]], %[[FAR]] : f32
    // log1p: Kahan's correction away from 0.
    // CHECK: math.log
    // CHECK: arith.cmpf oeq
    // tanh: e / (e + 2) with the sign of x.
    // CHECK: arith.minimumf
    // CHECK: arith.divf
    // CHECK: math.copysign %{{.*}}, %[[X]] : f32
    // erf: both pieces, selected at |x| < 1.
    // CHECK: math.exp
    // CHECK: math.copysign %{{.*}}, %[[X]] : f32
    // CHECK: arith.cmpf olt
    // CHECK: arith.select
    // CHECK: %[[A:.*]] = math.absf %[[X]] : f32
    // CHECK: %[[INF:.*]] = arith.constant 0x7F800000 : f32
    // CHECK: arith.cmpf oeq, %[[A]], %[[INF]] : f32
    // CHECK-NOT: math.tanh
    // CHECK-NOT: math.erf
    // CHECK: gpu.return
    gpu.func @formulas(%a: memref<64xf32>, %o: memref<384xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<64xf32>
      %c64 = arith.constant 64 : index
      %r0 = math.rsqrt %x : f32
      %r1 = math.expm1 %x : f32
      %r2 = math.log1p %x : f32
      %r3 = math.tanh %x : f32
      %r4 = math.erf %x : f32
      %inf = math.isinf %x : f32
      %r5 = arith.uitofp %inf : i1 to f32
      %i1 = arith.addi %t, %c64 : index
      %i2 = arith.addi %i1, %c64 : index
      %i3 = arith.addi %i2, %c64 : index
      %i4 = arith.addi %i3, %c64 : index
      %i5 = arith.addi %i4, %c64 : index
      memref.store %r0, %o[%t] : memref<384xf32>
      memref.store %r1, %o[%i1] : memref<384xf32>
      memref.store %r2, %o[%i2] : memref<384xf32>
      memref.store %r3, %o[%i3] : memref<384xf32>
      memref.store %r4, %o[%i4] : memref<384xf32>
      memref.store %r5, %o[%i5] : memref<384xf32>
      gpu.return
    }

    // f16 and bf16 (and vectors of them) are computed in f32; constants of
    // a vector computation are splats.
    // CHECK-LABEL: gpu.func @halves
    // CHECK: %[[H:.*]] = vector.load %{{.*}} : memref<256xf16>, vector<4xf16>
    // CHECK: %[[W:.*]] = arith.extf %[[H]] : vector<4xf16> to vector<4xf32>
    // CHECK: arith.constant dense<9.000000e+00> : vector<4xf32>
    // CHECK: math.absf %[[W]] : vector<4xf32>
    // CHECK: %[[T:.*]] = math.copysign %{{.*}}, %[[W]] : vector<4xf32>
    // CHECK: arith.truncf %[[T]] : vector<4xf32> to vector<4xf16>
    // CHECK: %[[B:.*]] = memref.load %{{.*}} : memref<256xbf16>
    // CHECK: %[[BW:.*]] = arith.extf %[[B]] : bf16 to f32
    // CHECK: %[[BE:.*]] = math.exp %[[BW]] : f32
    // CHECK: arith.truncf %[[BE]] : f32 to bf16
    // CHECK: gpu.return
    gpu.func @halves(%a: memref<256xf16>, %b: memref<256xbf16>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %i = arith.muli %t, %c4 : index
      %h = vector.load %a[%i] : memref<256xf16>, vector<4xf16>
      %th = math.tanh %h : vector<4xf16>
      vector.store %th, %a[%i] : memref<256xf16>, vector<4xf16>
      %v = memref.load %b[%t] : memref<256xbf16>
      %e = math.exp %v : bf16
      memref.store %e, %b[%t] : memref<256xbf16>
      gpu.return
    }

    // f64 keeps its rounding functions (AMDGPU has v_floor_f64, v_ceil_f64).
    // CHECK-LABEL: gpu.func @f64_rounding
    // CHECK: llvm.call_intrinsic "llvm.floor"(%{{.*}}) : (f64) -> f64
    // CHECK: llvm.call_intrinsic "llvm.ceil"(%{{.*}}) : (f64) -> f64
    // CHECK: math.sqrt %{{.*}} : f64
    gpu.func @f64_rounding(%a: memref<64xf64>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<64xf64>
      %f = math.floor %x : f64
      %c = math.ceil %f : f64
      %s = math.sqrt %c : f64
      memref.store %s, %a[%t] : memref<64xf64>
      gpu.return
    }
  }
}
