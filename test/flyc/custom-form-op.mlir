// A fly op in custom form: MLIR's parser fails on it without a message (IRDL
// ops have no custom syntax); flyc reports it where it stands, in one line,
// and so does fly-opt.
// RUN: rm -f %t.hsaco
// RUN: %exitcode flyc %s -o %t.hsaco 2>&1 | FileCheck %s
// RUN: test ! -e %t.hsaco
// RUN: not fly-opt %s 2>&1 | FileCheck %s
// RUN: not flyc %s -o %t.hsaco 2>&1 | count 1
// CHECK: custom-form-op.mlir:[[# @LINE + 8]]:7: error: 'fly.rank' is written in custom form; fly ops are written in MLIR's generic form, e.g. "fly.rank"(...) : (...) -> (...)
// CHECK-NOT: error:

// A mention of fly.rank in a comment is not the op.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %l = "fly.static"() : () -> !fly.layout<"(4,8):(1,4)">
      fly.rank %l : i32
      gpu.return
    }
  }
}
