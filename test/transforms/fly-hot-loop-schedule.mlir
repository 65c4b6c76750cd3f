// fly-hot-loop-schedule: consecutive groups of one kind are one group. Four
// MFMAs with two LDS reads spread over them are mfma 1, read 1, mfma 2,
// read 1, mfma 1 (read shares round to the front), not six groups with
// mfma 1 twice in a row; a loop without the mark is left alone.
// RUN: fly-opt %s --pipeline fly-hot-loop-schedule | FileCheck %s

// CHECK-LABEL: func.func @four_mfma_two_reads
// CHECK: scf.for
// CHECK-COUNT-3: rocdl.mfma.f32.16x16x32.fp8.fp8
// CHECK-NEXT: [[D3:%.*]] = rocdl.mfma.f32.16x16x32.fp8.fp8
// CHECK-NEXT: rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 256, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 8, 2, 0
// CHECK-NEXT: rocdl.sched.group.barrier 256, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT: rocdl.sched.barrier 0
// CHECK-NEXT: scf.yield [[D3]]
func.func @four_mfma_two_reads(%lds: memref<4096xi8, #gpu.address_space<workgroup>>, %n: index) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %i0 = arith.constant 0 : i32
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
    %r0 = vector.load %lds[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>, vector<16xi8>
    %r1 = vector.load %lds[%c16] : memref<4096xi8, #gpu.address_space<workgroup>>, vector<16xi8>
    %p0 = vector.bitcast %r0 : vector<16xi8> to vector<2xi64>
    %p1 = vector.bitcast %r1 : vector<16xi8> to vector<2xi64>
    %a = vector.extract %p0[0] : i64 from vector<2xi64>
    %b = vector.extract %p1[0] : i64 from vector<2xi64>
    %d0 = rocdl.mfma.f32.16x16x32.fp8.fp8 %a, %b, %acc, %i0, %i0, %i0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    %d1 = rocdl.mfma.f32.16x16x32.fp8.fp8 %a, %b, %d0, %i0, %i0, %i0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    %d2 = rocdl.mfma.f32.16x16x32.fp8.fp8 %a, %b, %d1, %i0, %i0, %i0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    %d3 = rocdl.mfma.f32.16x16x32.fp8.fp8 %a, %b, %d2, %i0, %i0, %i0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    scf.yield %d3 : vector<4xf32>
  } {fly.hot_loop}
  return %r : vector<4xf32>
}

// CHECK-LABEL: func.func @unmarked
// CHECK-NOT: rocdl.sched
// CHECK: return
func.func @unmarked(%n: index) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i0 = arith.constant 0 : i32
  %a = arith.constant 1 : i64
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
    %d0 = rocdl.mfma.f32.16x16x32.fp8.fp8 %a, %a, %acc, %i0, %i0, %i0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    scf.yield %d0 : vector<4xf32>
  }
  return %r : vector<4xf32>
}
