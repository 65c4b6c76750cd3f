// fly-lower-layout: what depends on run-time values becomes minimal arith.
// RUN: fly-opt %s --pipeline fly-verify,fly-fold,fly-lower-layout,canonicalize,cse | FileCheck %s
// RUN: fly-opt %S/Inputs/lower-invalid.mlir --pipeline fly-lower-layout --verify-diagnostics

// A swizzled LDS index: thread t reads row t/8, 16-byte column t%8 of a
// 64x128-byte A tile in the second ping-pong buffer (offset 8192). The XOR
// works on the row-major offset; the buffer base, a multiple of the swizzle's
// period 2^(3+4+3), is added after it.
// CHECK-LABEL: func.func @swizzled_lds_index
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[C896:.*]] = arith.constant 896 : index
// CHECK-DAG: %[[C8192:.*]] = arith.constant 8192 : index
// CHECK: %[[COL:.*]] = arith.remui %arg0, %[[C8]]
// CHECK: %[[Q:.*]] = arith.divui %arg0, %[[C8]]
// CHECK: %[[ROW:.*]] = arith.remui %[[Q]], %[[C8]]
// The layout's strides, 16 and 128, then S<3,4,3>: bits 7..9 (896) moved
// down by 3 onto bits 4..6.
// CHECK: %[[COLB:.*]] = arith.muli %[[COL]], %[[C16]]
// CHECK: %[[ROWB:.*]] = arith.muli %[[ROW]], %[[C128]]
// CHECK: %[[LIN:.*]] = arith.addi %[[COLB]], %[[ROWB]]
// CHECK: %[[BITS:.*]] = arith.andi %[[LIN]], %[[C896]]
// CHECK: %[[SH:.*]] = arith.shrui %[[BITS]], %[[C3]]
// CHECK: %[[X:.*]] = arith.xori %[[LIN]], %[[SH]]
// CHECK: %[[R:.*]] = arith.addi %[[X]], %[[C8192]]
// CHECK: return %[[R]]
// CHECK-NOT: fly.
func.func @swizzled_lds_index(%tid: index) -> index {
  %thr = "fly.static"() : () -> !fly.int_tuple<"(8,8)">
  %crd = "fly.idx2crd"(%tid, %thr) : (index, !fly.int_tuple<"(8,8)">) -> !fly.int_tuple<"(?,?)">
  %tile = "fly.static"() : () -> !fly.composed_layout<"S<3,4,3> o 8192 o (8,8):(16,128)">
  %off = "fly.crd2idx"(%crd, %tile) : (!fly.int_tuple<"(?,?)">, !fly.composed_layout<"S<3,4,3> o 8192 o (8,8):(16,128)">) -> index
  return %off : index
}

// A global tensor with a run-time row count M and static row stride.
// CHECK-LABEL: func.func @dynamic_extent
// CHECK-DAG: %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[M:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK: %[[SIZE:.*]] = arith.muli %[[M]], %[[C256]]
// CHECK: %[[ROWOFF:.*]] = arith.muli %arg0, %[[C256]]
// CHECK: %[[IDX:.*]] = arith.addi %[[ROWOFF]], %[[C3]]
// CHECK: %[[I:.*]] = arith.index_cast %[[IDX]] : index to i32
// CHECK: return %[[SIZE]], %[[I]]
// CHECK-NOT: fly.
func.func @dynamic_extent(%row: index, %m: i32) -> (index, i32) {
  %shape = "fly.make_int_tuple"(%m) : (i32) -> !fly.int_tuple<"(?,256)">
  %stride = "fly.static"() : () -> !fly.int_tuple<"(256,1)">
  %a = "fly.make_layout"(%shape, %stride) : (!fly.int_tuple<"(?,256)">, !fly.int_tuple<"(256,1)">) -> !fly.layout<"(?,256):(256,1)">
  %n = "fly.size"(%a) : (!fly.layout<"(?,256):(256,1)">) -> index
  %c3 = arith.constant 3 : index
  %crd = "fly.make_int_tuple"(%row, %c3) : (index, index) -> !fly.int_tuple<"(?,?)">
  %i = "fly.crd2idx"(%crd, %a) : (!fly.int_tuple<"(?,?)">, !fly.layout<"(?,256):(256,1)">) -> i32
  return %n, %i : index, i32
}

// A constant part that does not fit 64 bits (10^15 * 10^15) is not folded
// in C, where the overflow would be undefined (UBSan stops the sanitizer
// build there): it is emitted as arith on the constants, which wraps like
// any index arithmetic, here to 10^30 mod 2^64.
// CHECK-LABEL: func.func @overflowing_constants
// CHECK: %[[W:.*]] = arith.constant 5076944270305263616 : index
// CHECK: %[[R:.*]] = arith.addi %arg0, %[[W]] : index
// CHECK: return %[[R]]
func.func @overflowing_constants(%i: index) -> index {
  %l = "fly.static"() : () -> !fly.layout<"(4,4):(1,1000000000000000)">
  %crd = "fly.make_int_tuple"(%i) : (index) -> !fly.int_tuple<"(?,1000000000000000)">
  %off = "fly.crd2idx"(%crd, %l) : (!fly.int_tuple<"(?,1000000000000000)">, !fly.layout<"(4,4):(1,1000000000000000)">) -> index
  return %off : index
}
