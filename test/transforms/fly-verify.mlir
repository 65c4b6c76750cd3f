// fly-verify: declared result types must equal what the algebra computes,
// and inadmissible algebra is a located error.
// RUN: fly-opt %s --pipeline fly-verify | FileCheck %s
// RUN: fly-opt %S/Inputs/verify-invalid.mlir --pipeline fly-verify --verify-diagnostics

// CHECK-LABEL: func.func @declared_types_that_hold
// CHECK: "fly.composition"
// CHECK: "fly.logical_divide"
// CHECK: "fly.complement"
func.func @declared_types_that_hold() {
  %a = "fly.static"() : () -> !fly.layout<"(6,2):(8,2)">
  %b = "fly.static"() : () -> !fly.layout<"(4,3):(3,1)">
  %c = "fly.composition"(%a, %b) : (!fly.layout<"(6,2):(8,2)">, !fly.layout<"(4,3):(3,1)">) -> !fly.layout<"((2,2),3):((24,2),8)">
  %l = "fly.static"() : () -> !fly.layout<"24:1">
  %t = "fly.static"() : () -> !fly.layout<"4:2">
  %d = "fly.logical_divide"(%l, %t) : (!fly.layout<"24:1">, !fly.layout<"4:2">) -> !fly.layout<"(4,(2,3)):(2,(1,8))">
  %m = "fly.static"() : () -> !fly.layout<"(2,2):(1,6)">
  %k = "fly.complement"(%m) {cotarget = 24 : i64} : (!fly.layout<"(2,2):(1,6)">) -> !fly.layout<"(3,2):(2,12)">
  %g = "fly.get"(%c) {mode = 0 : i32} : (!fly.layout<"((2,2),3):((24,2),8)">) -> !fly.layout<"(2,2):(24,2)">
  %tile = "fly.static"() : () -> !fly.tile<"[2:1|4:1]">
  %e = "fly.static"() : () -> !fly.layout<"(8,8):(1,8)">
  %z = "fly.zipped_divide"(%e, %tile) : (!fly.layout<"(8,8):(1,8)">, !fly.tile<"[2:1|4:1]">) -> !fly.layout<"((2,4),(4,2)):((1,8),(2,32))">
  %r = "fly.recast"(%e) {old_bits = 32 : i32, new_bits = 16 : i32} : (!fly.layout<"(8,8):(1,8)">) -> !fly.layout<"(16,8):(1,16)">
  return
}

// Dynamic leaves: the structure is still checked where it can be.
// CHECK-LABEL: func.func @dynamic
func.func @dynamic(%m: i32) {
  %s = "fly.make_int_tuple"(%m) : (i32) -> !fly.int_tuple<"(?,64)">
  %d = "fly.static"() : () -> !fly.int_tuple<"(64,1)">
  %l = "fly.make_layout"(%s, %d) : (!fly.int_tuple<"(?,64)">, !fly.int_tuple<"(64,1)">) -> !fly.layout<"(?,64):(64,1)">
  %g = "fly.get"(%l) {mode = 1 : i32} : (!fly.layout<"(?,64):(64,1)">) -> !fly.layout<"64:1">
  return
}
