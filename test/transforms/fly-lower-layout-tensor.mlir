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

// The buffer covers (M-1)*256 + 256 elements of 2 bytes; row r is at 256r.
// CHECK-LABEL: func.func @ragged
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[CM1:.*]] = arith.constant -1 : index
// CHECK: %[[M:.*]] = arith.index_cast %arg1 : i32 to index
// CHECK: %[[M1:.*]] = arith.addi %[[M]], %[[CM1]]
// CHECK: %[[R:.*]] = arith.muli %[[M1]], %[[C256]]
// CHECK: %[[E:.*]] = arith.addi %[[R]], %[[C256]]
// CHECK: %[[B:.*]] = arith.muli %[[E]], %[[C2]]
// CHECK: %[[VB:.*]] = arith.index_cast %[[B]] : index to i64
// CHECK: %[[BUF:.*]] = amdgpu.fat_raw_buffer_cast %arg0 validBytes(%[[VB]])
// CHECK: %[[OFF:.*]] = arith.muli %arg2, %[[C256]]
// CHECK: vector.load %[[BUF]][%[[OFF]]] : memref<1048576xbf16, #amdgpu.address_space<fat_raw_buffer>>, vector<8xbf16>
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

// A vector wider than the swizzle's 4-element block (S<3,2,4> on f32) at a
// column known to be a multiple of 8: two pieces, each swizzled on its own.
// CHECK-LABEL: func.func @split_at_swizzle_blocks
// CHECK-DAG: %[[C448:.*]] = arith.constant 448 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[COL:.*]] = arith.muli %arg2, %c8
// CHECK: %[[POS:.*]] = arith.addi %{{.*}}, %[[COL]]
// CHECK: %[[B0:.*]] = arith.andi %[[POS]], %[[C448]]
// CHECK: %[[S0:.*]] = arith.shrui %[[B0]], %[[C4]]
// CHECK: %[[A0:.*]] = arith.xori %[[POS]], %[[S0]]
// CHECK: %[[P1:.*]] = arith.addi %[[POS]], %[[C4]]
// CHECK: %[[B1:.*]] = arith.andi %[[P1]], %[[C448]]
// CHECK: %[[S1:.*]] = arith.shrui %[[B1]], %[[C4]]
// CHECK: %[[A1:.*]] = arith.xori %[[P1]], %[[S1]]
// CHECK: %[[LO:.*]] = vector.shuffle %arg3, %arg3 [0, 1, 2, 3]
// CHECK: vector.store %[[LO]], %arg0[%[[A0]]] : memref<1024xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK: %[[HI:.*]] = vector.shuffle %arg3, %arg3 [4, 5, 6, 7]
// CHECK: vector.store %[[HI]], %arg0[%[[A1]]] : memref<1024xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NOT: vector.store
func.func @split_at_swizzle_blocks(%lds: memref<1024xf32, #gpu.address_space<workgroup>>, %row: index,
                                   %g: index, %v: vector<8xf32>) {
  %l = "fly.static"() : () -> !fly.composed_layout<"S<3,2,4> o 0 o (16,64):(64,1)">
  %t = "fly.make_tensor"(%lds, %l) : (memref<1024xf32, #gpu.address_space<workgroup>>, !fly.composed_layout<"S<3,2,4> o 0 o (16,64):(64,1)">) -> !fly.tensor<"f32 shared S<3,2,4> o 0 o (16,64):(64,1)">
  %c8 = arith.constant 8 : index
  %col = arith.muli %g, %c8 : index
  %crd = "fly.make_int_tuple"(%row, %col) : (index, index) -> !fly.int_tuple<"(?,?)">
  "fly.store"(%v, %t, %crd) : (vector<8xf32>, !fly.tensor<"f32 shared S<3,2,4> o 0 o (16,64):(64,1)">, !fly.int_tuple<"(?,?)">) -> ()
  return
}

// Nothing is known about the column: every element is its own access, at
// its own swizzled address (still one load's worth of data, never a wrong
// contiguous one).
// CHECK-LABEL: func.func @unknown_alignment
// CHECK-COUNT-4: vector.load %arg0[%{{.*}}] : memref<1024xf32, #gpu.address_space<workgroup>>, vector<1xf32>
// CHECK-NOT: vector.load
func.func @unknown_alignment(%lds: memref<1024xf32, #gpu.address_space<workgroup>>, %row: index,
                             %col: index) -> vector<4xf32> {
  %l = "fly.static"() : () -> !fly.composed_layout<"S<3,2,4> o 0 o (16,64):(64,1)">
  %t = "fly.make_tensor"(%lds, %l) : (memref<1024xf32, #gpu.address_space<workgroup>>, !fly.composed_layout<"S<3,2,4> o 0 o (16,64):(64,1)">) -> !fly.tensor<"f32 shared S<3,2,4> o 0 o (16,64):(64,1)">
  %crd = "fly.make_int_tuple"(%row, %col) : (index, index) -> !fly.int_tuple<"(?,?)">
  %v = "fly.load"(%t, %crd) : (!fly.tensor<"f32 shared S<3,2,4> o 0 o (16,64):(64,1)">, !fly.int_tuple<"(?,?)">) -> vector<4xf32>
  return %v : vector<4xf32>
}

// A padded layout (rows of 64 elements, 72 apart): a vector<8> at a column
// that is a multiple of 8 stays inside its row and is one access; the loop's
// induction variable (0, 16, 32, 48) is what proves it.
// CHECK-LABEL: func.func @padded_row
// CHECK: scf.for %[[I:.*]] = %c0 to %c64 step %c16
// CHECK: vector.load %arg0[%{{.*}}] : memref<1152xf16>, vector<8xf16>
// CHECK-NOT: vector.load
func.func @padded_row(%m: memref<1152xf16>, %row: index, %out: memref<64xf16>) {
  %l = "fly.static"() : () -> !fly.layout<"(16,64):(72,1)">
  %t = "fly.make_tensor"(%m, %l) : (memref<1152xf16>, !fly.layout<"(16,64):(72,1)">) -> !fly.tensor<"f16 global (16,64):(72,1)">
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c16 {
    %crd = "fly.make_int_tuple"(%row, %i) : (index, index) -> !fly.int_tuple<"(?,?)">
    %v = "fly.load"(%t, %crd) : (!fly.tensor<"f16 global (16,64):(72,1)">, !fly.int_tuple<"(?,?)">) -> vector<8xf16>
    vector.store %v, %out[%i] : memref<64xf16>, vector<8xf16>
  }
  return
}

// Narrow elements split along whole 32-bit words are moved as i32 words
// (lwShuffle); a split inside a word stays an element shuffle.
// CHECK-LABEL: func.func @split_i8_words
// CHECK: %[[W:.*]] = vector.bitcast %arg3 : vector<8xi8> to vector<2xi32>
// CHECK: %[[W0:.*]] = vector.shuffle %[[W]], %[[W]] [0] : vector<2xi32>, vector<2xi32>
// CHECK: %[[B0:.*]] = vector.bitcast %[[W0]] : vector<1xi32> to vector<4xi8>
// CHECK: vector.store %[[B0]]
// CHECK: %[[W1:.*]] = vector.shuffle %[[W]], %[[W]] [1] : vector<2xi32>, vector<2xi32>
// CHECK: %[[B1:.*]] = vector.bitcast %[[W1]] : vector<1xi32> to vector<4xi8>
// CHECK: vector.store %[[B1]]
func.func @split_i8_words(%lds: memref<1024xi8, #gpu.address_space<workgroup>>, %row: index,
                          %g: index, %v: vector<8xi8>) {
  %l = "fly.static"() : () -> !fly.composed_layout<"S<3,2,4> o 0 o (16,64):(64,1)">
  %t = "fly.make_tensor"(%lds, %l) : (memref<1024xi8, #gpu.address_space<workgroup>>, !fly.composed_layout<"S<3,2,4> o 0 o (16,64):(64,1)">) -> !fly.tensor<"i8 shared S<3,2,4> o 0 o (16,64):(64,1)">
  %c8 = arith.constant 8 : index
  %col = arith.muli %g, %c8 : index
  %crd = "fly.make_int_tuple"(%row, %col) : (index, index) -> !fly.int_tuple<"(?,?)">
  "fly.store"(%v, %t, %crd) : (vector<8xi8>, !fly.tensor<"i8 shared S<3,2,4> o 0 o (16,64):(64,1)">, !fly.int_tuple<"(?,?)">) -> ()
  return
}

// CHECK-LABEL: func.func @split_i8_pairs
// CHECK-NOT: vector.bitcast
// CHECK: vector.shuffle %arg3, %arg3 [0, 1] : vector<4xi8>, vector<4xi8>
// CHECK: vector.shuffle %arg3, %arg3 [2, 3] : vector<4xi8>, vector<4xi8>
func.func @split_i8_pairs(%lds: memref<1024xi8, #gpu.address_space<workgroup>>, %row: index,
                          %g: index, %v: vector<4xi8>) {
  %l = "fly.static"() : () -> !fly.composed_layout<"S<3,1,4> o 0 o (16,64):(64,1)">
  %t = "fly.make_tensor"(%lds, %l) : (memref<1024xi8, #gpu.address_space<workgroup>>, !fly.composed_layout<"S<3,1,4> o 0 o (16,64):(64,1)">) -> !fly.tensor<"i8 shared S<3,1,4> o 0 o (16,64):(64,1)">
  %c4 = arith.constant 4 : index
  %col = arith.muli %g, %c4 : index
  %crd = "fly.make_int_tuple"(%row, %col) : (index, index) -> !fly.int_tuple<"(?,?)">
  "fly.store"(%v, %t, %crd) : (vector<4xi8>, !fly.tensor<"i8 shared S<3,1,4> o 0 o (16,64):(64,1)">, !fly.int_tuple<"(?,?)">) -> ()
  return
}
