// fly-lower-layout on tensors: loads and stores go through the tensor's
// layout (the same swizzle on both sides), buffer tensors get their real
// extent, and every misuse is a located error.
// RUN: fly-opt %s --pipeline 'fly-lower-layout{chip=gfx950},canonicalize,cse' | FileCheck %s
// RUN: fly-opt %S/Inputs/tensor-invalid.mlir --pipeline 'fly-lower-layout{chip=gfx950}' --verify-diagnostics

// CHECK-LABEL: func.func @roundtrip
// Write and read use one swizzled offset: computed once after CSE.
// CHECK: %[[X:.*]] = arith.xori
// CHECK: vector.store %arg2, %arg0[%[[X]]]
// CHECK: %[[V:.*]] = vector.load %arg0[%[[X]]]
// CHECK-NOT: arith.xori
// CHECK: return %[[V]]
func.func @roundtrip(%lds: memref<8192xf16, #gpu.address_space<workgroup>>, %tid: index, %v: vector<8xf16>) -> vector<8xf16> {
  %l = "fly.static"() : () -> !fly.composed_layout<"S<3,3,3> o 0 o (64,128):(128,1)">
  %t = "fly.make_tensor"(%lds, %l) : (memref<8192xf16, #gpu.address_space<workgroup>>, !fly.composed_layout<"S<3,3,3> o 0 o (64,128):(128,1)">) -> !fly.tensor<"f16 shared S<3,3,3> o 0 o (64,128):(128,1)">
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %row = arith.divui %tid, %c16 : index
  %r16 = arith.remui %tid, %c16 : index
  %col = arith.muli %r16, %c8 : index
  %crd = "fly.make_int_tuple"(%row, %col) : (index, index) -> !fly.int_tuple<"(?,?)">
  "fly.store"(%v, %t, %crd) : (vector<8xf16>, !fly.tensor<"f16 shared S<3,3,3> o 0 o (64,128):(128,1)">, !fly.int_tuple<"(?,?)">) -> ()
  %r = "fly.load"(%t, %crd) : (!fly.tensor<"f16 shared S<3,3,3> o 0 o (64,128):(128,1)">, !fly.int_tuple<"(?,?)">) -> vector<8xf16>
  return %r : vector<8xf16>
}

// CHECK-LABEL: func.func @ragged
// CHECK: amdgpu.fat_raw_buffer_cast %arg0 validBytes(%{{.*}})
// CHECK: vector.load %{{.*}} : memref<1048576xbf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xbf16>
func.func @ragged(%c: memref<1048576xbf16>, %m: i32, %row: index) -> vector<8xbf16> {
  %shape = "fly.make_int_tuple"(%m) : (i32) -> !fly.int_tuple<"(?,256)">
  %stride = "fly.static"() : () -> !fly.int_tuple<"(256,1)">
  %l = "fly.make_layout"(%shape, %stride) : (!fly.int_tuple<"(?,256)">, !fly.int_tuple<"(256,1)">) -> !fly.layout<"(?,256):(256,1)">
  %t = "fly.make_tensor"(%c, %l) {buffer} : (memref<1048576xbf16>, !fly.layout<"(?,256):(256,1)">) -> !fly.tensor<"bf16 global (?,256):(256,1)">
  %c0 = arith.constant 0 : index
  %crd = "fly.make_int_tuple"(%row, %c0) : (index, index) -> !fly.int_tuple<"(?,?)">
  %v = "fly.load"(%t, %crd) : (!fly.tensor<"bf16 global (?,256):(256,1)">, !fly.int_tuple<"(?,?)">) -> vector<8xbf16>
  return %v : vector<8xbf16>
}
