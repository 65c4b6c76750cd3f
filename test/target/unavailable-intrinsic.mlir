// Intrinsics that reach the LLVM module without a ROCDL op (here through
// llvm.call_intrinsic) are checked against the chip too: LLVM's instruction
// selector would crash on permlane64 (an RDNA3 intrinsic) and stop the
// process on an f64 pow. Each is an error at its kernel; no output file.
// RUN: rm -f %t.hsaco
// RUN: %exitcode flyc %s -o %t.hsaco 2>&1 | FileCheck %s
// RUN: %exitcode flyc %s --chip gfx942 -o %t.hsaco 2>&1 | FileCheck %s --check-prefix=GFX942
// RUN: test ! -e %t.hsaco
// CHECK-DAG: unavailable-intrinsic.mlir:[[#L1:]]:5: error: kernel code uses the intrinsic 'llvm.amdgcn.permlane64.i32', which gfx950 does not have
// CHECK-DAG: unavailable-intrinsic.mlir:[[#L2:]]:5: error: kernel code uses the intrinsic 'llvm.pow.f64', which gfx950 does not have
// CHECK: exit: 1
// GFX942-DAG: error: kernel code uses the intrinsic 'llvm.amdgcn.permlane64.i32', which gfx942 does not have
// GFX942-DAG: error: kernel code uses the intrinsic 'llvm.pow.f64', which gfx942 does not have
// GFX942: exit: 1

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @lanes(%io: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %x = memref.load %io[%tid] : memref<64xi32>
      %y = llvm.call_intrinsic "llvm.amdgcn.permlane64"(%x) : (i32) -> i32
      memref.store %y, %io[%tid] : memref<64xi32>
      gpu.return
    }
    gpu.func @power(%io: memref<64xf64>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %x = memref.load %io[%tid] : memref<64xf64>
      %y = llvm.call_intrinsic "llvm.pow.f64"(%x, %x) : (f64, f64) -> f64
      memref.store %y, %io[%tid] : memref<64xf64>
      gpu.return
    }
  }
}
