// Two gpu.modules defining the same kernel cannot share one code object.
// LLVM's IR linker reports the clash to its context (whose default handler
// would print it and exit); it becomes one error at the second gpu.module.
// RUN: rm -f %t.hsaco
// RUN: %exitcode flyc %s -o %t.hsaco 2>&1 | FileCheck %s
// RUN: test ! -e %t.hsaco
// RUN: not flyc %s -o %t.hsaco 2>&1 | count 1
// CHECK: link-duplicate.mlir:[[# @LINE + 9]]:3: error: cannot link this gpu.module with the previous ones: Linking globals named 'k': symbol multiply defined!
// CHECK-NEXT: exit: 1

module attributes {gpu.container_module} {
  gpu.module @first {
    gpu.func @k(%out: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @second {
    gpu.func @k(%out: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
}
