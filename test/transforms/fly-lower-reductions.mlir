// RUN: fly-opt %s --pipeline fly-lower-reductions | FileCheck %s
// RUN: fly-opt %S/Inputs/fly-lower-reductions-errors.mlir --pipeline fly-lower-reductions --verify-diagnostics
// (Numerics on both chips: test/emu/kernels/reductions.mlir.)

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // One LDS buffer per gpu.all_reduce, at the top of the gpu.module.
    // CHECK: memref.global "private" @__fly_all_reduce_0 : memref<16xf32, #gpu.address_space<workgroup>> {alignment = 16 : i64}

    // Full waves (256 threads) and `uniform`: a butterfly, offsets 1 to 32.
    // CHECK-LABEL: gpu.func @butterfly
    // CHECK: %[[X:.*]] = memref.load
    // CHECK: %[[W:.*]] = arith.constant 64 : i32
    // CHECK: %[[O1:.*]] = arith.constant 1 : i32
    // CHECK: %[[S1:.*]], %{{.*}} = gpu.shuffle xor %[[X]], %[[O1]], %[[W]] : f32
    // CHECK: %[[A1:.*]] = arith.addf %[[X]], %[[S1]] : f32
    // CHECK: gpu.shuffle xor %[[A1]]
    // CHECK-COUNT-4: gpu.shuffle xor
    // CHECK-NOT: gpu.shuffle
    // CHECK-NOT: gpu.subgroup_reduce
    // CHECK: gpu.return
    gpu.func @butterfly(%a: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<256xf32>
      %s = gpu.subgroup_reduce add %x uniform : (f32) -> f32
      memref.store %s, %a[%t] : memref<256xf32>
      gpu.return
    }

    // Without `uniform`: the active lanes (ballot) combined with readlane
    // in a loop over 64 lanes from the identity (INT32_MIN for maxsi).
    // CHECK-LABEL: gpu.func @lane_loop
    // CHECK: %[[V:.*]] = memref.load
    // CHECK: %[[M:.*]] = rocdl.ballot %{{.*}} : i64
    // CHECK: %[[ID:.*]] = arith.constant -2147483648 : i32
    // CHECK: scf.for %[[L:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ID]]) -> (i32)
    // CHECK: %[[R:.*]] = rocdl.readlane %[[V]], %{{.*}} : (i32, i32) -> i32
    // CHECK: %[[N:.*]] = arith.maxsi %[[ACC]], %[[R]] : i32
    // CHECK: arith.select %{{.*}}, %[[N]], %[[ACC]] : i32
    gpu.func @lane_loop(%a: memref<256xi32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<256xi32>
      %m = gpu.subgroup_reduce maxsi %x : (i32) -> i32
      memref.store %m, %a[%t] : memref<256xi32>
      gpu.return
    }

    // all_reduce: the wave's value, lane 0 stores it at the wave's index, a
    // barrier, every thread combines the waves' values, a barrier.
    // CHECK-LABEL: gpu.func @workgroup
    // CHECK: %[[B:.*]] = memref.get_global @__fly_all_reduce_0
    // CHECK: %[[LANE:.*]] = gpu.lane_id
    // CHECK: %[[WAVE:.*]] = gpu.subgroup_id : index
    // CHECK: %[[NW:.*]] = gpu.num_subgroups : index
    // CHECK: scf.if
    // CHECK: memref.store %{{.*}}, %[[B]][%[[WAVE]]]
    // CHECK: gpu.barrier
    // CHECK: scf.for %{{.*}} = %{{.*}} to %[[NW]]
    // CHECK: arith.minimumf
    // CHECK: gpu.barrier
    // f16 is combined in f32.
    // CHECK: arith.truncf %{{.*}} : f32 to f16
    gpu.func @workgroup(%a: memref<256xf16>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<256xf16>
      %m = gpu.all_reduce minimumf %x uniform {} : (f16) -> f16
      memref.store %m, %a[%t] : memref<256xf16>
      gpu.return
    }
  }
}
