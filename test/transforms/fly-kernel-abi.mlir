// fly-kernel-abi: a dynamic memref kernel argument becomes its pointer and
// its dynamic sizes (strides and offset of an explicit strided layout), and
// every kernel argument gets a name. Sizes, strides, offsets and `index`
// scalars are passed as 8 bytes (i64) and cast to `index`, which device code
// computes in 32 bits.
// RUN: fly-opt %s --pipeline fly-kernel-abi | FileCheck %s
// RUN: fly-opt %S/Inputs/kernel-abi-invalid.mlir --pipeline fly-kernel-abi --verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK-LABEL: gpu.func @static_args
    // CHECK-SAME: (%arg0: memref<64xf32, 1>, %arg1: i32)
    // CHECK-SAME: fly.arg_names = ["arg0", "arg1"]
    // CHECK-NOT: reinterpret_cast
    gpu.func @static_args(%a: memref<64xf32, 1>, %n: i32) kernel {
      gpu.return
    }
    // A rank-3 identity layout: three sizes; its strides come from them.
    // CHECK-LABEL: gpu.func @identity
    // CHECK-SAME: (%[[P:.*]]: memref<2147483647xf16, 1>, %[[W0:.*]]: i64, %[[W2:.*]]: i64, %[[N:.*]]: i32)
    // CHECK-SAME: fly.arg_names = ["arg0", "arg0.size0", "arg0.size2", "arg1"]
    // CHECK-DAG: %[[S0:.*]] = arith.index_cast %[[W0]] : i64 to index
    // CHECK-DAG: %[[S2:.*]] = arith.index_cast %[[W2]] : i64 to index
    // CHECK: %[[C8:.*]] = arith.constant 8 : index
    // CHECK: %[[ST0:.*]] = arith.muli %[[S2]], %[[C8]] : index
    // CHECK: %[[M:.*]] = memref.reinterpret_cast %[[P]] to offset: [0], sizes: [%[[S0]], 8, %[[S2]]], strides: [%[[ST0]], %[[S2]], 1] : memref<2147483647xf16, 1> to memref<?x8x?xf16, 1>
    // CHECK: memref.load %[[M]]
    gpu.func @identity(%a: memref<?x8x?xf16, 1>, %n: i32) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%c0, %c0, %c0] : memref<?x8x?xf16, 1>
      gpu.return
    }
    // An explicit layout's dynamic strides and offset are passed; static
    // ones stay in the type.
    // CHECK-LABEL: gpu.func @strided
    // CHECK-SAME: (%[[P:.*]]: memref<2147483647xi8>, %[[W1:.*]]: i64, %[[V0:.*]]: i64, %[[WO:.*]]: i64)
    // CHECK-SAME: fly.arg_names = ["arg0", "arg0.size1", "arg0.stride0", "arg0.offset"]
    // CHECK-DAG: %[[S1:.*]] = arith.index_cast %[[W1]] : i64 to index
    // CHECK-DAG: %[[T0:.*]] = arith.index_cast %[[V0]] : i64 to index
    // CHECK-DAG: %[[O:.*]] = arith.index_cast %[[WO]] : i64 to index
    // CHECK: memref.reinterpret_cast %[[P]] to offset: [%[[O]]], sizes: [4, %[[S1]]], strides: [%[[T0]], 2] : memref<2147483647xi8> to memref<4x?xi8, strided<[?, 2], offset: ?>>
    gpu.func @strided(%a: memref<4x?xi8, strided<[?, 2], offset: ?>>) kernel {
      gpu.return
    }
    // Argument attributes stay with the pointer; the sizes get none, and
    // workgroup attributions stay after the arguments.
    // CHECK-LABEL: gpu.func @attributes
    // CHECK-SAME: (%arg0: memref<2147483647xf32, 1> {llvm.noalias}, %arg1: i64, %arg2: i32 {llvm.noundef}) workgroup(%arg3 : memref<4xf32, 3>)
    // CHECK-SAME: fly.arg_names = ["arg0", "arg0.size0", "arg1"]
    // CHECK: %[[S:.*]] = arith.index_cast %arg1 : i64 to index
    // CHECK: %[[M:.*]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [%[[S]]], strides: [1]
    // CHECK: memref.load %[[M]]
    // CHECK: memref.store %{{.*}}, %arg3
    gpu.func @attributes(%a: memref<?xf32, 1> {llvm.noalias}, %n: i32 {llvm.noundef}) workgroup(%w: memref<4xf32, 3>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %a[%t] : memref<?xf32, 1>
      memref.store %v, %w[%t] : memref<4xf32, 3>
      gpu.return
    }
    // An index scalar is passed as an i64 and cast; its name stays.
    // CHECK-LABEL: gpu.func @index_scalar
    // CHECK-SAME: (%arg0: memref<64xf32, 1>, %arg1: i64)
    // CHECK-SAME: fly.arg_names = ["arg0", "arg1"]
    // CHECK: %[[I:.*]] = arith.index_cast %arg1 : i64 to index
    // CHECK: memref.load %arg0[%[[I]]]
    gpu.func @index_scalar(%a: memref<64xf32, 1>, %i: index) kernel {
      %v = memref.load %a[%i] : memref<64xf32, 1>
      gpu.return
    }
    // Functions that are not kernels keep their signature.
    // CHECK-LABEL: gpu.func @helper
    // CHECK-SAME: (%arg0: memref<16xf32>, %arg1: index)
    // CHECK-NOT: fly.arg_names
    gpu.func @helper(%a: memref<16xf32>, %i: index) {
      gpu.return
    }
  }
}
