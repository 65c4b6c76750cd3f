// RUN: fly-opt %s --pipeline fly-resolve-block-dim | FileCheck %s
// RUN: fly-opt %S/Inputs/block-dim-unknown.mlir --pipeline fly-resolve-block-dim --verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: gpu.func @three_dims
    // CHECK-DAG: arith.constant 64 : index
    // CHECK-DAG: arith.constant 2 : index
    // CHECK-DAG: arith.constant 1 : index
    // CHECK-NOT: gpu.block_dim
    // CHECK: gpu.return
    gpu.func @three_dims(%out: memref<3xindex>) kernel
        attributes {known_block_size = array<i32: 64, 2, 1>} {
      %x = gpu.block_dim x
      %y = gpu.block_dim y
      %z = gpu.block_dim z
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      memref.store %x, %out[%c0] : memref<3xindex>
      memref.store %y, %out[%c1] : memref<3xindex>
      memref.store %z, %out[%c2] : memref<3xindex>
      gpu.return
    }
    // CHECK-LABEL: gpu.func @no_block_dim
    // CHECK-NEXT: gpu.thread_id x
    gpu.func @no_block_dim(%out: memref<64xindex>) kernel {
      %t = gpu.thread_id x
      memref.store %t, %out[%t] : memref<64xindex>
      gpu.return
    }
  }
}
