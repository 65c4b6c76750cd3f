// A loop marked fly.hot_loop gets the hot_loop_scheduler interleave: LDS
// reads half the MFMAs ahead (the first two before MFMA 0), global loads in
// the first quarter of the MFMAs, LDS writes over the second half, a fence
// at the end.

// RUN: flyc %s --emit mlir -o - | FileCheck %s --check-prefix=MLIR
// MLIR-LABEL: gpu.func @pipelined
// MLIR: scf.for
// MLIR: rocdl.sched.group.barrier 256, 2, 0
// MLIR-NEXT: rocdl.sched.group.barrier 8, 1, 0
// MLIR-NEXT: rocdl.sched.group.barrier 256, 1, 0
// MLIR-NEXT: rocdl.sched.group.barrier 32, 2, 0
// MLIR-NEXT: rocdl.sched.group.barrier 8, 2, 0
// MLIR-NEXT: rocdl.sched.group.barrier 512, 1, 0
// MLIR-NEXT: rocdl.sched.group.barrier 8, 1, 0
// MLIR-NEXT: rocdl.sched.group.barrier 512, 1, 0
// MLIR-NEXT: rocdl.sched.barrier 0

// In the main loop LLVM follows it (the global address arithmetic, VALU,
// between): two LDS reads, the first MFMA, the third
// read and both global loads, then the MFMAs with the LDS writes at the tail
// (LLVM alone hoists both global loads to the top of the loop and overlaps
// the reads with the previous iteration instead).
// RUN: flyc %s --emit isa -o - | FileCheck %s --check-prefix=ISA
// ISA-LABEL: pipelined:
// ISA: .LBB0_{{[0-9]+}}:
// ISA-NEXT: ds_read_b128
// ISA-NOT: v_mfma
// ISA: ds_read_b128
// ISA-NOT: ds_read
// ISA: v_mfma_f32_16x16x32_fp8_fp8
// ISA: ds_read_b128
// ISA: global_load_dwordx4
// ISA-NEXT: global_load_dwordx4
// ISA-NEXT: v_mfma_f32_16x16x32_fp8_fp8
// ISA-NEXT: v_mfma_f32_16x16x32_fp8_fp8
// ISA-NEXT: ds_write_b128
// ISA-NEXT: v_mfma_f32_16x16x32_fp8_fp8
// ISA-NEXT: ds_write_b128
// ISA: s_cbranch_scc1 .LBB0_{{[0-9]+}}

// RUN: not flyc %S/Inputs/hot-loop-no-mfma.mlir -o %t.hsaco 2>&1 | FileCheck %s --check-prefix=NOMFMA
// NOMFMA: hot-loop-no-mfma.mlir:8:12: error: a fly.hot_loop needs MFMAs to interleave with (found none)

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @pipelined(%a: memref<1048576xi8>, %out: memref<16384xf32>, %kt: index) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %s = "fly.shared_alloc"() {fields = "a: i8[32768] align 16"} : () -> !fly.shared_storage<"S">
      %lds = "fly.shared_field"(%s) {field = "a"} : (!fly.shared_storage<"S">) -> memref<32768xi8, #gpu.address_space<workgroup>>
      %tid = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %c4096 = arith.constant 4096 : index
      %c8192 = arith.constant 8192 : index
      %toff = arith.muli %tid, %c16 : index
      %zero = arith.constant dense<0.0> : vector<4xf32>
      %i0 = arith.constant 0 : i32
      %first0 = vector.load %a[%toff] : memref<1048576xi8>, vector<16xi8>
      %first1 = vector.load %a[%toff] : memref<1048576xi8>, vector<16xi8>
      %acc:3 = scf.for %k = %c0 to %kt step %c1 iter_args(%acc0 = %zero, %pf0 = %first0, %pf1 = %first1)
          -> (vector<4xf32>, vector<16xi8>, vector<16xi8>) {
        // LDS reads of the current buffer feed this iteration's MFMAs.
        %r0 = vector.load %lds[%toff] : memref<32768xi8, #gpu.address_space<workgroup>>, vector<16xi8>
        %o1 = arith.addi %toff, %c4096 : index
        %r1 = vector.load %lds[%o1] : memref<32768xi8, #gpu.address_space<workgroup>>, vector<16xi8>
        %o2 = arith.addi %o1, %c4096 : index
        %r2 = vector.load %lds[%o2] : memref<32768xi8, #gpu.address_space<workgroup>>, vector<16xi8>
        %p0 = vector.bitcast %r0 : vector<16xi8> to vector<2xi64>
        %p1 = vector.bitcast %r1 : vector<16xi8> to vector<2xi64>
        %p2 = vector.bitcast %r2 : vector<16xi8> to vector<2xi64>
        %a0 = vector.extract %p0[0] : i64 from vector<2xi64>
        %a1 = vector.extract %p1[0] : i64 from vector<2xi64>
        %a2 = vector.extract %p2[0] : i64 from vector<2xi64>
        %b0 = vector.extract %p0[1] : i64 from vector<2xi64>
        %d0 = rocdl.mfma.f32.16x16x32.fp8.fp8 %a0, %b0, %acc0, %i0, %i0, %i0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
        %d1 = rocdl.mfma.f32.16x16x32.fp8.fp8 %a1, %b0, %d0, %i0, %i0, %i0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
        %d2 = rocdl.mfma.f32.16x16x32.fp8.fp8 %a2, %b0, %d1, %i0, %i0, %i0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
        %d3 = rocdl.mfma.f32.16x16x32.fp8.fp8 %a0, %a2, %d2, %i0, %i0, %i0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
        // Global loads of the next tile, LDS writes of the prefetched one.
        %kn = arith.addi %k, %c1 : index
        %gb = arith.muli %kn, %c8192 : index
        %g0 = arith.addi %gb, %toff : index
        %g1 = arith.addi %g0, %c4096 : index
        %n0 = vector.load %a[%g0] : memref<1048576xi8>, vector<16xi8>
        %n1 = vector.load %a[%g1] : memref<1048576xi8>, vector<16xi8>
        %w0 = arith.addi %toff, %c8192 : index
        %w1 = arith.addi %w0, %c4096 : index
        vector.store %pf0, %lds[%w0] : memref<32768xi8, #gpu.address_space<workgroup>>, vector<16xi8>
        vector.store %pf1, %lds[%w1] : memref<32768xi8, #gpu.address_space<workgroup>>, vector<16xi8>
        scf.yield %d3, %n0, %n1 : vector<4xf32>, vector<16xi8>, vector<16xi8>
      } {fly.hot_loop}
      vector.store %acc#0, %out[%tid] : memref<16384xf32>, vector<4xf32>
      gpu.return
    }
  }
}
