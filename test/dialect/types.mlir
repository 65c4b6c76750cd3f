// fly types hold CuTe notation and round-trip through the printer.
// RUN: fly-opt %s | FileCheck %s
// RUN: fly-opt %s | fly-opt | FileCheck %s

// CHECK-LABEL: func.func @layouts
// CHECK: "fly.make_int_tuple"(%{{.*}}) : (i32) -> !fly.int_tuple<"(4,?)">
// CHECK: "fly.static"() : () -> !fly.layout<"((2,2),3):((24,2),8)">
// CHECK: "fly.size"(%{{.*}}) : (!fly.layout<"((2,2),3):((24,2),8)">) -> index
// CHECK: "fly.crd2idx"(%{{.*}}, %{{.*}}) : (!fly.int_tuple<"(4,?)">, !fly.layout<"((2,2),3):((24,2),8)">) -> index
func.func @layouts(%n: i32) -> index {
  %t = "fly.make_int_tuple"(%n) : (i32) -> !fly.int_tuple<"(4,?)">
  %l = "fly.static"() : () -> !fly.layout<"((2,2),3):((24,2),8)">
  %s = "fly.size"(%l) : (!fly.layout<"((2,2),3):((24,2),8)">) -> index
  %i = "fly.crd2idx"(%t, %l) : (!fly.int_tuple<"(4,?)">, !fly.layout<"((2,2),3):((24,2),8)">) -> index
  %r = arith.addi %s, %i : index
  return %r : index
}
