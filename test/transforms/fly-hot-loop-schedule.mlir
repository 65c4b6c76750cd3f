// fly-hot-loop-schedule: consecutive groups of one kind are one group. Four
// MFMAs with two LDS reads are read 1, mfma 1, read 1, mfma 3: the reads
// run half the stage (two slots) ahead of their even shares, the first
// before MFMA 0; not separate groups with mfma 1 three times in a row; a
// loop without the mark is left alone.
// RUN: fly-opt %s --pipeline fly-hot-loop-schedule | FileCheck %s

// CHECK-LABEL: func.func @four_mfma_two_reads
// CHECK: scf.for
// CHECK-COUNT-3: rocdl.mfma.f32.16x16x32.fp8.fp8
// CHECK-NEXT: [[D3:%.*]] = rocdl.mfma.f32.16x16x32.fp8.fp8
// CHECK-NEXT: rocdl.sched.group.barrier 256, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 256, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 8, 3, 0
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

// Two stages split by a barrier: each gets its own sequence from its own
// counts, ending in a fence placed before the wait that leads up to the
// barrier (so no MFMA of the first stage can move past it); the read of
// each stage is issued ahead of its MFMAs (lead = half the stage), the
// global load of the first in its first quarter.
// CHECK-LABEL: func.func @two_stages
// CHECK: scf.for
// CHECK: vector.load
// CHECK: rocdl.mfma.f32.16x16x32.fp8.fp8
// CHECK-NEXT: [[M1:%.*]] = rocdl.mfma.f32.16x16x32.fp8.fp8
// CHECK-NEXT: rocdl.sched.group.barrier 256, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 32, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT: rocdl.sched.barrier 0
// CHECK-NEXT: rocdl.s.waitcnt
// CHECK-NEXT: gpu.barrier
// CHECK: rocdl.mfma.f32.16x16x32.fp8.fp8
// CHECK-NEXT: [[M3:%.*]] = rocdl.mfma.f32.16x16x32.fp8.fp8
// CHECK-NEXT: rocdl.sched.group.barrier 256, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 8, 2, 0
// CHECK-NEXT: rocdl.sched.barrier 0
// CHECK-NEXT: scf.yield [[M3]]
func.func @two_stages(%lds: memref<4096xi8, #gpu.address_space<workgroup>>, %g: memref<4096xi8>, %n: index) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1 = arith.constant 1 : index
  %i0 = arith.constant 0 : i32
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
    %x = vector.load %g[%c0] : memref<4096xi8>, vector<16xi8>
    %r0 = vector.load %lds[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>, vector<16xi8>
    %p0 = vector.bitcast %r0 : vector<16xi8> to vector<2xi64>
    %px = vector.bitcast %x : vector<16xi8> to vector<2xi64>
    %a = vector.extract %p0[0] : i64 from vector<2xi64>
    %b = vector.extract %px[0] : i64 from vector<2xi64>
    %d0 = rocdl.mfma.f32.16x16x32.fp8.fp8 %a, %b, %acc, %i0, %i0, %i0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    %d1 = rocdl.mfma.f32.16x16x32.fp8.fp8 %a, %b, %d0, %i0, %i0, %i0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    rocdl.s.waitcnt 3952
    gpu.barrier
    %r1 = vector.load %lds[%c16] : memref<4096xi8, #gpu.address_space<workgroup>>, vector<16xi8>
    %p1 = vector.bitcast %r1 : vector<16xi8> to vector<2xi64>
    %e = vector.extract %p1[0] : i64 from vector<2xi64>
    %d2 = rocdl.mfma.f32.16x16x32.fp8.fp8 %e, %b, %d1, %i0, %i0, %i0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    %d3 = rocdl.mfma.f32.16x16x32.fp8.fp8 %e, %b, %d2, %i0, %i0, %i0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    scf.yield %d3 : vector<4xf32>
  } {fly.hot_loop}
  return %r : vector<4xf32>
}

// An LDS DMA (amdgpu.gather_to_lds) is a global load: its group (mask 32)
// follows the first MFMA; without it counted, the stage had no vmem group.
// CHECK-LABEL: func.func @dma_counts
// CHECK: scf.for
// CHECK: rocdl.mfma.f32.16x16x32.fp8.fp8
// CHECK-NEXT: [[M1:%.*]] = rocdl.mfma.f32.16x16x32.fp8.fp8
// CHECK-NEXT: rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 32, 1, 0
// CHECK-NEXT: rocdl.sched.group.barrier 8, 1, 0
// CHECK-NEXT: rocdl.sched.barrier 0
// CHECK-NEXT: scf.yield [[M1]]
func.func @dma_counts(%g: memref<4096xi8, #amdgpu.address_space<fat_raw_buffer>>, %lds: memref<4096xi8, #gpu.address_space<workgroup>>, %n: index) -> vector<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %i0 = arith.constant 0 : i32
  %a = arith.constant 1 : i64
  %zero = arith.constant dense<0.0> : vector<4xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (vector<4xf32>) {
    amdgpu.gather_to_lds %g[%c0], %lds[%c0] : vector<4xi32>, memref<4096xi8, #amdgpu.address_space<fat_raw_buffer>>, memref<4096xi8, #gpu.address_space<workgroup>>
    %d0 = rocdl.mfma.f32.16x16x32.fp8.fp8 %a, %a, %acc, %i0, %i0, %i0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    %d1 = rocdl.mfma.f32.16x16x32.fp8.fp8 %a, %a, %d0, %i0, %i0, %i0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    scf.yield %d1 : vector<4xf32>
  } {fly.hot_loop}
  return %r : vector<4xf32>
}
