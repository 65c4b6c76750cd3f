// fly.mma_layout names an atom's thread-value layout; fly-verify checks the
// declared layout and fly-fold makes it a constant.
// RUN: fly-opt %s --pipeline fly-verify,fly-fold | FileCheck %s
// RUN: not fly-opt %S/Inputs/mma-layout-invalid.mlir --pipeline fly-verify 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: mma-layout-invalid.mlir:2:8: error: declared result type does not match 'fly.mma_layout': it computes ((16,4),(16,2)):((1,256),(16,1024))

// CHECK-LABEL: func.func @layouts
// CHECK-DAG: %[[A:.*]] = arith.constant 1281 : index
// CHECK-DAG: %[[C:.*]] = arith.constant 55 : index
// CHECK-DAG: %[[S:.*]] = arith.constant 115 : index
// CHECK-NOT: fly.
// CHECK: return %[[A]], %[[C]], %[[S]] : index, index, index
func.func @layouts() -> (index, index, index) {
  // f8f6f4 fp8 A: lane 17 is row 1 of group g = 1; value (0,1) is byte 0 of
  // the second chunk, k = 64 + 16g + 0 = 80: column-major index 1 + 16*80.
  %a = "fly.mma_layout"() {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", operand = "a"} : () -> !fly.layout<"((16,4),(16,2)):((1,256),(16,1024))">
  %crd = "fly.static"() : () -> !fly.int_tuple<"(17,(0,1))">
  %i = "fly.crd2idx"(%crd, %a) : (!fly.int_tuple<"(17,(0,1))">, !fly.layout<"((16,4),(16,2)):((1,256),(16,1024))">) -> index
  // C of 16x16: lane 19 holds column 3, rows 4..7; register 3 is row 7:
  // index 7 + 16*3.
  %c = "fly.mma_layout"() {shape = "16x16x32", a = "bf16", b = "bf16", c = "f32", operand = "c"} : () -> !fly.layout<"((16,4),4):((16,4),1)">
  %cc = "fly.static"() : () -> !fly.int_tuple<"(19,3)">
  %j = "fly.crd2idx"(%cc, %c) : (!fly.int_tuple<"(19,3)">, !fly.layout<"((16,4),4):((16,4),1)">) -> index
  // With swap_ab the same register holds the transposed element: lane 19
  // holds row 3, columns 4..7; register 3 is column 7: index 3 + 16*7.
  %s = "fly.mma_layout"() {shape = "16x16x32", a = "bf16", b = "bf16", c = "f32", operand = "c", swap_ab} : () -> !fly.layout<"((16,4),4):((1,64),16)">
  %k = "fly.crd2idx"(%cc, %s) : (!fly.int_tuple<"(19,3)">, !fly.layout<"((16,4),4):((1,64),16)">) -> index
  return %i, %j, %k : index, index, index
}
