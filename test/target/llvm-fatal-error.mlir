// An f128 division has no AMDGPU instruction or library call: LLVM's
// instruction selector stops with report_fatal_error, which prints
// `LLVM ERROR: ...` and aborts by default. flyc's handler makes it one line
// naming the input, exit 1, and no output file.
// RUN: rm -f %t.hsaco
// RUN: %exitcode flyc %s -o %t.hsaco 2>&1 | FileCheck %s
// RUN: test ! -e %t.hsaco
// RUN: not flyc %s -o %t.hsaco 2>&1 | count 1
// CHECK: flyc: error: LLVM stopped with an internal error compiling '{{.*}}llvm-fatal-error.mlir': unsupported library call operation
// CHECK-NEXT: exit: 1

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%io: memref<64xf128>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %x = memref.load %io[%tid] : memref<64xf128>
      %y = arith.divf %x, %x : f128
      memref.store %y, %io[%tid] : memref<64xf128>
      gpu.return
    }
  }
}
