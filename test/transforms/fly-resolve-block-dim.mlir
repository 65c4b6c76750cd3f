// RUN: fly-opt %s --pipeline fly-resolve-block-dim | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // A declared block size makes each gpu.block_dim a constant, each stored
    // in its own place (64, 4, 2: a swap of y and z would show).
    // CHECK-LABEL: gpu.func @three_dims
    // CHECK-DAG: %[[X:.*]] = arith.constant 64 : index
    // CHECK-DAG: %[[Y:.*]] = arith.constant 4 : index
    // CHECK-DAG: %[[Z:.*]] = arith.constant 2 : index
    // CHECK-DAG: %[[I0:.*]] = arith.constant 0 : index
    // CHECK-DAG: %[[I1:.*]] = arith.constant 1 : index
    // CHECK-DAG: %[[I2:.*]] = arith.constant 2 : index
    // CHECK-NOT: gpu.block_dim
    // CHECK: memref.store %[[X]], %arg0[%[[I0]]]
    // CHECK: memref.store %[[Y]], %arg0[%[[I1]]]
    // CHECK: memref.store %[[Z]], %arg0[%[[I2]]]
    // CHECK: gpu.return
    gpu.func @three_dims(%out: memref<3xindex>) kernel
        attributes {known_block_size = array<i32: 64, 4, 2>} {
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
    // Without one, the dispatch says: hidden_group_size_x/y/z, 16-bit, at
    // bytes 12, 14, 16 of the implicit kernel arguments.
    // CHECK-LABEL: gpu.func @from_dispatch
    // CHECK: %[[PX:.*]] = llvm.call_intrinsic "llvm.amdgcn.implicitarg.ptr"() : () -> !llvm.ptr<4>
    // CHECK: %[[AX:.*]] = llvm.getelementptr %[[PX]][12] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i8
    // CHECK: %[[WX:.*]] = llvm.load %[[AX]] invariant {alignment = 2 : i64} : !llvm.ptr<4> -> i16
    // CHECK: %[[EX:.*]] = arith.extui %[[WX]] : i16 to i64
    // CHECK: %[[X:.*]] = arith.index_cast %[[EX]] : i64 to index
    // CHECK: %[[PY:.*]] = llvm.call_intrinsic "llvm.amdgcn.implicitarg.ptr"()
    // CHECK: %[[AY:.*]] = llvm.getelementptr %[[PY]][14]
    // CHECK: %[[WY:.*]] = llvm.load %[[AY]] invariant {alignment = 2 : i64} : !llvm.ptr<4> -> i16
    // CHECK: %[[EY:.*]] = arith.extui %[[WY]]
    // CHECK: %[[Y:.*]] = arith.index_cast %[[EY]]
    // CHECK: %[[PZ:.*]] = llvm.call_intrinsic "llvm.amdgcn.implicitarg.ptr"()
    // CHECK: %[[AZ:.*]] = llvm.getelementptr %[[PZ]][16]
    // CHECK: %[[WZ:.*]] = llvm.load %[[AZ]] invariant {alignment = 2 : i64} : !llvm.ptr<4> -> i16
    // CHECK: %[[EZ:.*]] = arith.extui %[[WZ]]
    // CHECK: %[[Z:.*]] = arith.index_cast %[[EZ]]
    // CHECK: memref.store %[[X]], %arg0[%{{.*}}]
    // CHECK: memref.store %[[Y]], %arg0[%{{.*}}]
    // CHECK: memref.store %[[Z]], %arg0[%{{.*}}]
    gpu.func @from_dispatch(%out: memref<3xindex>) kernel {
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
    // gpu.grid_dim is hidden_block_count_x/y/z (32-bit, bytes 0, 4, 8);
    // gpu.global_id is block_id * block_dim + thread_id.
    // CHECK-LABEL: gpu.func @grid_and_global
    // CHECK: %[[PY:.*]] = llvm.call_intrinsic "llvm.amdgcn.implicitarg.ptr"()
    // CHECK: %[[AY:.*]] = llvm.getelementptr %[[PY]][4]
    // CHECK: %[[WY:.*]] = llvm.load %[[AY]] invariant {alignment = 4 : i64} : !llvm.ptr<4> -> i32
    // CHECK: %[[EY:.*]] = arith.extui %[[WY]] : i32 to i64
    // CHECK: %[[NY:.*]] = arith.index_cast %[[EY]] : i64 to index
    // CHECK: %[[B:.*]] = gpu.block_id z
    // CHECK: %[[T:.*]] = gpu.thread_id z
    // CHECK: %[[D:.*]] = arith.constant 2 : index
    // CHECK: %[[BD:.*]] = arith.muli %[[B]], %[[D]] : index
    // CHECK: %[[G:.*]] = arith.addi %[[BD]], %[[T]] : index
    // CHECK: memref.store %[[NY]], %arg0[%{{.*}}]
    // CHECK: memref.store %[[G]], %arg0[%{{.*}}]
    gpu.func @grid_and_global(%out: memref<2xindex>) kernel attributes {known_block_size = array<i32: 64, 4, 2>} {
      %ny = gpu.grid_dim y
      %g = gpu.global_id z
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      memref.store %ny, %out[%c0] : memref<2xindex>
      memref.store %g, %out[%c1] : memref<2xindex>
      gpu.return
    }
    // gpu.num_subgroups is ceil(x * y * z / 64) and gpu.subgroup_id the
    // linear thread id x + X * (y + Y * z), divided by 64.
    // CHECK-LABEL: gpu.func @subgroups
    // CHECK-DAG: %[[X:.*]] = arith.constant 48 : index
    // CHECK-DAG: %[[Y:.*]] = arith.constant 2 : index
    // CHECK-DAG: %[[Z:.*]] = arith.constant 3 : index
    // CHECK-DAG: %[[W:.*]] = arith.constant 64 : index
    // CHECK: %[[XY:.*]] = arith.muli %[[X]], %[[Y]] : index
    // CHECK: %[[XYZ:.*]] = arith.muli %[[XY]], %[[Z]] : index
    // CHECK: %[[N:.*]] = arith.ceildivui %[[XYZ]], %[[W]] : index
    // CHECK-DAG: %[[X2:.*]] = arith.constant 48 : index
    // CHECK-DAG: %[[Y2:.*]] = arith.constant 2 : index
    // CHECK-DAG: %[[W2:.*]] = arith.constant 64 : index
    // CHECK-DAG: %[[TX:.*]] = gpu.thread_id x
    // CHECK-DAG: %[[TY:.*]] = gpu.thread_id y
    // CHECK-DAG: %[[TZ:.*]] = gpu.thread_id z
    // CHECK: %[[YZ:.*]] = arith.muli %[[Y2]], %[[TZ]] : index
    // CHECK: %[[R:.*]] = arith.addi %[[TY]], %[[YZ]] : index
    // CHECK: %[[XR:.*]] = arith.muli %[[X2]], %[[R]] : index
    // CHECK: %[[L:.*]] = arith.addi %[[TX]], %[[XR]] : index
    // CHECK: %[[S:.*]] = arith.divui %[[L]], %[[W2]] : index
    // CHECK: memref.store %[[N]], %arg0[%{{.*}}]
    // CHECK: memref.store %[[S]], %arg0[%{{.*}}]
    gpu.func @subgroups(%out: memref<2xindex>) kernel attributes {known_block_size = array<i32: 48, 2, 3>} {
      %n = gpu.num_subgroups : index
      %s = gpu.subgroup_id : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      memref.store %n, %out[%c0] : memref<2xindex>
      memref.store %s, %out[%c1] : memref<2xindex>
      gpu.return
    }
  }
}
