// Nothing to compile is an error, not an empty code object.
// RUN: rm -f %t.hsaco
// RUN: %exitcode flyc %s -o %t.hsaco 2>&1 | FileCheck %s
// RUN: test ! -e %t.hsaco
// CHECK: no-gpu-module.mlir:[[# @LINE + 3]]:1: error: input has no gpu.module: nothing to compile
// CHECK-NEXT: exit: 1

module {
  func.func @host() {
    return
  }
}
