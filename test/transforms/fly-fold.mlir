// fly-fold evaluates static algebra: integers become arith.constant, fly
// values fly.static, and fly ops left unused disappear.
// RUN: fly-opt %s --pipeline fly-fold | FileCheck %s

// size((2,2),3) = 12, cosize((4,8):(1,8)) = 60, crd2idx((1,2)) on
// (4,8):(2,8) = 2 + 16 = 18, and index 5 = (1,1) there = 2 + 8 = 10, each
// returned in its own place.
// CHECK-LABEL: func.func @sizes
// CHECK-DAG: %[[S:.*]] = arith.constant 12 : index
// CHECK-DAG: %[[C:.*]] = arith.constant 60 : i32
// CHECK-DAG: %[[I:.*]] = arith.constant 18 : index
// CHECK-DAG: %[[J:.*]] = arith.constant 10 : index
// CHECK-NOT: fly.
// CHECK: return %[[S]], %[[C]], %[[I]], %[[J]] : index, i32, index, index
func.func @sizes() -> (index, i32, index, index) {
  %l = "fly.static"() : () -> !fly.layout<"((2,2),3):((24,2),8)">
  %s = "fly.size"(%l) : (!fly.layout<"((2,2),3):((24,2),8)">) -> index
  %m = "fly.static"() : () -> !fly.layout<"(4,8):(1,8)">
  %c = "fly.cosize"(%m) : (!fly.layout<"(4,8):(1,8)">) -> i32
  %crd = "fly.static"() : () -> !fly.int_tuple<"(1,2)">
  %n = "fly.static"() : () -> !fly.layout<"(4,8):(2,8)">
  %i = "fly.crd2idx"(%crd, %n) : (!fly.int_tuple<"(1,2)">, !fly.layout<"(4,8):(2,8)">) -> index
  %five = arith.constant 5 : index
  %j = "fly.crd2idx"(%five, %n) : (index, !fly.layout<"(4,8):(2,8)">) -> index
  return %s, %c, %i, %j : index, i32, index, index
}

// A chain of algebra folds to its value; the swizzle applies at compile
// time: S<3,4,3>(0x270) = 0x230.
// CHECK-LABEL: func.func @chain
// CHECK-DAG: %[[OFF:.*]] = arith.constant 512 : index
// CHECK-DAG: %[[SW:.*]] = arith.constant 560 : index
// CHECK-NOT: fly.
// CHECK: return %[[OFF]], %[[SW]]
func.func @chain() -> (index, index) {
  %a = "fly.static"() : () -> !fly.layout<"(64,128):(128,1)">
  %t = "fly.static"() : () -> !fly.tile<"[8:1|16:1]">
  %d = "fly.logical_divide"(%a, %t) : (!fly.layout<"(64,128):(128,1)">, !fly.tile<"[8:1|16:1]">) -> !fly.layout<"((8,8),(16,8)):((128,1024),(1,16))">
  %g = "fly.get"(%d) {mode = 0 : i32} : (!fly.layout<"((8,8),(16,8)):((128,1024),(1,16))">) -> !fly.layout<"(8,8):(128,1024)">
  %crd = arith.constant 4 : index
  %off = "fly.crd2idx"(%crd, %g) : (index, !fly.layout<"(8,8):(128,1024)">) -> index
  %sw = "fly.static"() : () -> !fly.swizzle<"S<3,4,3>">
  %c624 = arith.constant 624 : index
  %y = "fly.apply_swizzle"(%sw, %c624) : (!fly.swizzle<"S<3,4,3>">, index) -> index
  return %off, %y : index, index
}

// Static fly values that are still needed become fly.static of their value.
// CHECK-LABEL: func.func @keeps_used_value
// CHECK: %[[L:.*]] = "fly.static"() : () -> !fly.layout<"(2,2):(1,4)">
// CHECK: %[[R:.*]] = "fly.crd2idx"(%arg0, %[[L]])
// CHECK: return %[[R]]
func.func @keeps_used_value(%i: index) -> index {
  %a = "fly.static"() : () -> !fly.layout<"(4,8):(1,4)">
  %b = "fly.static"() : () -> !fly.layout<"(2,2):(1,4)">
  %c = "fly.composition"(%a, %b) : (!fly.layout<"(4,8):(1,4)">, !fly.layout<"(2,2):(1,4)">) -> !fly.layout<"(2,2):(1,4)">
  %r = "fly.crd2idx"(%i, %c) : (index, !fly.layout<"(2,2):(1,4)">) -> index
  return %r : index
}
