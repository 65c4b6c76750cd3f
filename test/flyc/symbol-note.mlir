// A diagnostic with notes (a redefined symbol: MLIR notes the operation and
// where the symbol was first defined) is one line; --verbose adds the notes,
// each located.
// RUN: rm -f %t.hsaco
// RUN: %exitcode flyc %s -o %t.hsaco 2>&1 | FileCheck %s
// RUN: test ! -e %t.hsaco
// RUN: not flyc %s -o %t.hsaco 2>&1 | count 1
// CHECK: symbol-note.mlir:[[# @LINE + 13]]:5: error: redefinition of symbol named 'k'
// CHECK-NEXT: exit: 1
// RUN: not flyc %s -o %t.hsaco --verbose 2>&1 | FileCheck %s --check-prefix=VERBOSE
// VERBOSE: symbol-note.mlir:[[# @LINE + 10]]:5: error: redefinition of symbol named 'k'
// VERBOSE-NEXT: symbol-note.mlir:[[# @LINE + 9]]:5: note: see current operation:
// VERBOSE: symbol-note.mlir:[[# @LINE + 5]]:5: note: see existing symbol definition here
// VERBOSE-NOT: error:

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
    gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
}
