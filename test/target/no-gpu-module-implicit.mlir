// Without an explicit `module`, the parser's implicit module sits at line 0
// of the file: the error names the file alone, not a `FILE:0:0` position.
// RUN: rm -f %t.hsaco
// RUN: %exitcode flyc %s -o %t.hsaco 2>&1 | FileCheck %s
// RUN: test ! -e %t.hsaco
// CHECK: {{^}}{{.*}}no-gpu-module-implicit.mlir: error: input has no gpu.module: nothing to compile
// CHECK-NEXT: exit: 1

func.func @host() {
  return
}
