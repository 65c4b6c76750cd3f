// The -O2/-O3 LLVM IR pipeline (optPipeline, lib/target/backend.c) keeps the
// passes that kernels outside the reference set need: function-attrs, whose
// read-only and write-only arguments the code object's metadata reports
// (.actual_access), and globalopt, which deletes stores to an LDS buffer
// that nothing reads.
// RUN: flyc %s --chip gfx950 --emit isa -o - | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    memref.global "private" @scratch : memref<64xf32, 3>
    gpu.func @copy(%src: memref<64xf32, 1> {llvm.noalias}, %dst: memref<64xf32, 1> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %src[%t] : memref<64xf32, 1>
      memref.store %v, %dst[%t] : memref<64xf32, 1>
      gpu.return
    }
    gpu.func @dead_lds(%src: memref<64xf32, 1> {llvm.noalias}) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %v = memref.load %src[%t] : memref<64xf32, 1>
      %s = memref.get_global @scratch : memref<64xf32, 3>
      memref.store %v, %s[%t] : memref<64xf32, 3>
      gpu.return
    }
  }
}

// CHECK-LABEL: dead_lds:
// CHECK-NOT: ds_write
// CHECK-NOT: global_load
// CHECK: s_endpgm
// CHECK-LABEL: amdhsa.kernels:
// CHECK: .actual_access:  read_only
// CHECK-NEXT: .address_space:  global
// CHECK-NEXT: .name:           arg0
// CHECK: .actual_access:  write_only
// CHECK-NEXT: .address_space:  global
// CHECK-NEXT: .name:           arg1
// CHECK: .symbol:         copy.kd
