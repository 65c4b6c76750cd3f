// A fly type's parameter must be a string of notation.
// RUN: not fly-opt %s 2>&1 | FileCheck %s
// CHECK: invalid-param.mlir:[[# @LINE + 2]]:{{[0-9]+}}: error: expected base attribute 'builtin.string' but got 'builtin.integer'

func.func @f(%l: !fly.layout<3>) {
  return
}
