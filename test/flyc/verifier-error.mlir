// An op whose operands break its definition fails verification, located.
// RUN: rm -f %t.hsaco
// RUN: %exitcode flyc %s -o %t.hsaco 2>&1 | FileCheck %s
// RUN: test ! -e %t.hsaco
// CHECK: verifier-error.mlir:[[# @LINE + 8]]:12: error: {{.*}}fly.layout
// CHECK-NOT: error:
// CHECK: exit: 1

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      %c = arith.constant 4 : i32
      %s = "fly.size"(%c) : (i32) -> index
      gpu.return
    }
  }
}
