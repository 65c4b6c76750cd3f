// An f128 division has no AMDGPU instruction or library call: LLVM's
// instruction selector would stop with report_fatal_error. fly-verify-target
// refuses it first, located at the op, in one line, exit 1, no output file.
// RUN: rm -f %t.hsaco
// RUN: %exitcode flyc %s -o %t.hsaco 2>&1 | FileCheck %s
// RUN: test ! -e %t.hsaco
// RUN: not flyc %s -o %t.hsaco 2>&1 | count 1
// CHECK: f128-arithmetic.mlir:[[#@LINE+8]]:12: error: 'arith.divf' computes with f128 values, which gfx950 cannot: AMDGPU has no f80/f128 arithmetic
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
