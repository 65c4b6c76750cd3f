// An op whose operands break its definition fails verification, located.
// RUN: rm -f %t.hsaco
// RUN: %exitcode flyc %s -o %t.hsaco 2>&1 | FileCheck %s
// RUN: test ! -e %t.hsaco
// CHECK: verifier-error.mlir:[[# @LINE + 8]]:12: error: expected base type 'fly.int_tuple' but got 'builtin.integer'
// CHECK-NOT: error:
// CHECK: exit: 1

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      %c = arith.constant 4 : i32
      %s = "fly.make_layout"(%c, %c) : (i32, i32) -> !fly.layout<"4:1">
      gpu.return
    }
  }
}
