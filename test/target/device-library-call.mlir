// A kernel that calls a ROCm device-library function (__ocml_*), which flyc
// cannot link, is rejected by the backend with the function's name, located
// at the kernel that calls it, and no output is written. (A math op that
// LLVM would lower to such a call is refused earlier, at the op, by
// fly-lower-math: test/transforms/fly-lower-math.mlir.)
// RUN: rm -f %t.hsaco
// RUN: %exitcode flyc %s -o %t.hsaco 2>&1 | FileCheck %s
// RUN: test ! -e %t.hsaco
// CHECK: device-library-call.mlir:[[# @LINE + 6]]:5: error: kernel code calls '__ocml_tan_f64', a ROCm device-library function that flyc cannot link; express it with LLVM intrinsics or declared kernel sizes instead
// CHECK-NEXT: exit: 1

module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @__ocml_tan_f64(f64) -> f64
    gpu.func @k(%io: memref<64xf64>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %x = memref.load %io[%tid] : memref<64xf64>
      %y = llvm.call @__ocml_tan_f64(%x) : (f64) -> f64
      memref.store %y, %io[%tid] : memref<64xf64>
      gpu.return
    }
  }
}
