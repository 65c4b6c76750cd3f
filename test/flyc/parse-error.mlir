// Text that does not parse: one located diagnostic, exit 1, no output file.
// RUN: rm -f %t.hsaco
// RUN: %exitcode flyc %s -o %t.hsaco 2>&1 | FileCheck %s
// RUN: test ! -e %t.hsaco
// CHECK: parse-error.mlir:[[# @LINE + 6]]:22: error: expected SSA operand
// CHECK-NEXT: exit: 1

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      %x = arith.addi , : i32
      gpu.return
    }
  }
}
