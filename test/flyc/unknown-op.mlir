// An op no dialect defines is rejected where it stands.
// RUN: rm -f %t.hsaco
// RUN: %exitcode flyc %s -o %t.hsaco 2>&1 | FileCheck %s
// RUN: test ! -e %t.hsaco
// CHECK: unknown-op.mlir:[[# @LINE + 7]]:7: error: unregistered operation 'fly.no_such_op'
// CHECK-NOT: error:
// CHECK: exit: 1

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      "fly.no_such_op"() : () -> ()
      gpu.return
    }
  }
}
