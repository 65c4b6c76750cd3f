// fly-shared-alloc lays out shared-memory structs C-style (unions overlay),
// allocates one workgroup global per top-level member (separate LDS objects
// carry LLVM's alias scopes) and views fields at their offsets in them.
// RUN: fly-opt %s --pipeline 'fly-shared-alloc{chip=gfx950}' | FileCheck %s
// RUN: fly-opt %S/Inputs/shared-alloc-invalid.mlir --pipeline 'fly-shared-alloc{chip=gfx950}' --verify-diagnostics
// RUN: fly-opt %S/Inputs/shared-alloc-capacity.mlir --pipeline 'fly-shared-alloc{chip=gfx942}' --verify-diagnostics
// RUN: fly-opt %S/Inputs/shared-alloc-capacity.mlir --pipeline 'fly-shared-alloc{chip=gfx950}' | FileCheck %s --check-prefix=FITS

// a0 and a1 are 8 KiB ping-pong buffers; `epi` reuses them for the epilogue
// (a union, one global of 16384 bytes), and `scale` is a global of its own.
// CHECK-DAG: memref.global "private" @[[$EPI:__fly_lds_pingpong_0_epi]] : memref<16384xi8, #gpu.address_space<workgroup>> {alignment = 16 : i64}
// CHECK-DAG: memref.global "private" @[[$SC:__fly_lds_pingpong_0_scale]] : memref<256xi8, #gpu.address_space<workgroup>> {alignment = 16 : i64}
// CHECK-LABEL: gpu.func @pingpong
// CHECK: %[[BASE:.*]] = memref.get_global @[[$EPI]]
// CHECK: %[[SBASE:.*]] = memref.get_global @[[$SC]]
// CHECK: %[[O0:.*]] = arith.constant 0 : index
// CHECK: memref.view %[[BASE]][%[[O0]]][] : memref<16384xi8, #gpu.address_space<workgroup>> to memref<8192xi8, #gpu.address_space<workgroup>>
// CHECK: %[[O1:.*]] = arith.constant 8192 : index
// CHECK: memref.view %[[BASE]][%[[O1]]][] {{.*}} to memref<64x128xi8, #gpu.address_space<workgroup>>
// CHECK: %[[OC:.*]] = arith.constant 0 : index
// CHECK: memref.view %[[BASE]][%[[OC]]][] {{.*}} to memref<4096xbf16, #gpu.address_space<workgroup>>
// The scale array starts its own global: offset 0 there, 16384 in the struct.
// CHECK: %[[OS:.*]] = arith.constant 0 : index
// CHECK: memref.view %[[SBASE]][%[[OS]]][] : memref<256xi8, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: fly.shared
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @pingpong() kernel {
      %s = "fly.shared_alloc"() {name = "SharedStorage",
             fields = "epi: union(ab: struct(a0: i8[8192] align 16, a1: i8[8192] align 16), c: bf16[4096]), scale: f32[64]"}
           : () -> !fly.shared_storage<"SharedStorage">
      %a0 = "fly.shared_field"(%s) {field = "epi.ab.a0"} : (!fly.shared_storage<"SharedStorage">) -> memref<8192xi8, #gpu.address_space<workgroup>>
      %a1 = "fly.shared_field"(%s) {field = "epi.ab.a1"} : (!fly.shared_storage<"SharedStorage">) -> memref<64x128xi8, #gpu.address_space<workgroup>>
      %c = "fly.shared_field"(%s) {field = "epi.c"} : (!fly.shared_storage<"SharedStorage">) -> memref<4096xbf16, #gpu.address_space<workgroup>>
      %sc = "fly.shared_field"(%s) {field = "scale"} : (!fly.shared_storage<"SharedStorage">) -> memref<64xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
// FITS: memref.global "private" @__fly_lds_big_0_a0 : memref<49152xi8
// FITS: memref.global "private" @__fly_lds_big_0_a1 : memref<49152xi8
