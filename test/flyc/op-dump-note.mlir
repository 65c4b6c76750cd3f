// An error MLIR attaches the whole current operation to (here a gpu.func
// whose known_block_size has 2 elements) is one located line; the dump of
// the function is a note, printed only with --verbose.
// RUN: rm -f %t.hsaco
// RUN: %exitcode flyc %s -o %t.hsaco 2>&1 | FileCheck %s
// RUN: test ! -e %t.hsaco
// RUN: not flyc %s -o %t.hsaco 2>&1 | count 1
// CHECK: op-dump-note.mlir:[[# @LINE + 13]]:5: error: 'gpu.func' op attribute 'known_block_size' failed to satisfy constraint: i32 dense array attribute with 3 elements (if present)
// CHECK-NEXT: exit: 1

// RUN: not flyc %s -o %t.hsaco --verbose 2>&1 | FileCheck %s --check-prefix=VERBOSE
// VERBOSE: op-dump-note.mlir:[[# @LINE + 9]]:5: error: 'gpu.func' op attribute 'known_block_size'
// VERBOSE-NEXT: op-dump-note.mlir:[[# @LINE + 8]]:5: note: see current operation:
// VERBOSE-NEXT: "gpu.func"()
// VERBOSE: "memref.store"
// VERBOSE: "gpu.return"() : () -> ()
// VERBOSE-NEXT: }) {gpu.kernel, sym_name = "k"

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1>} {
      %tid = gpu.thread_id x
      %v = arith.index_cast %tid : index to i32
      memref.store %v, %out[%tid] : memref<64xi32>
      gpu.return
    }
  }
}
