// fly-lower-layout on tiled MMA ops: a fragment is the lane's runs of
// consecutive elements found through the atom's thread-value layout; a gemm
// expands to fragments and fly.mma ops (lowered later by fly-lower-mma).
// RUN: fly-opt %s --pipeline 'fly-lower-layout{chip=gfx950},canonicalize,cse' | FileCheck %s
// RUN: fly-opt %S/Inputs/gemm-invalid.mlir --pipeline 'fly-lower-layout{chip=gfx950}' --verify-diagnostics

// CHECK-LABEL: func.func @fragment_and_gemm
// The 16x16x128 fp8 A fragment is two 16-byte runs, 64 columns apart: lane
// l holds row l%16 (stride 128) and columns 16(l/16) and 64 + 16(l/16).
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[M:.*]] = arith.remui %arg2, %[[C16]]
// CHECK: %[[G:.*]] = arith.divui %arg2, %[[C16]]
// CHECK: %[[G256:.*]] = arith.muli %[[G]], %[[C256]]
// CHECK: %[[IDX:.*]] = arith.addi %[[M]], %[[G256]]
// CHECK: %[[ROW:.*]] = arith.remui %[[IDX]], %[[C16]]
// CHECK: %[[COL:.*]] = arith.divui %[[IDX]], %[[C16]]
// CHECK: %[[ROWOFF:.*]] = arith.muli %[[ROW]], %[[C128]]
// CHECK: %[[OFF0:.*]] = arith.addi %[[ROWOFF]], %[[COL]]
// CHECK: %[[R0:.*]] = vector.load %arg0[%[[OFF0]]] : memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, vector<16xf8E4M3FN>
// CHECK: %[[COL1:.*]] = arith.addi %[[COL]], %[[C64]]
// CHECK: %[[OFF1:.*]] = arith.addi %[[ROWOFF]], %[[COL1]]
// CHECK: %[[R1:.*]] = vector.load %arg0[%[[OFF1]]] : memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, vector<16xf8E4M3FN>
// The two runs are joined as 32-bit words (an i8/f8 shuffle costs LLVM's
// instruction selection a node per byte; lwShuffle):
// CHECK: %[[W0:.*]] = vector.bitcast %[[R0]] : vector<16xf8E4M3FN> to vector<4xi32>
// CHECK: %[[W1:.*]] = vector.bitcast %[[R1]] : vector<16xf8E4M3FN> to vector<4xi32>
// CHECK: %[[W:.*]] = vector.shuffle %[[W0]], %[[W1]] [0, 1, 2, 3, 4, 5, 6, 7] : vector<4xi32>, vector<4xi32>
// CHECK: vector.bitcast %[[W]] : vector<8xi32> to vector<32xf8E4M3FN>
// A 2x1 gemm: two A fragments, one B fragment, two fly.mma.
// CHECK-COUNT-2: "fly.mma"
// CHECK-NOT: "fly.gemm"
func.func @fragment_and_gemm(%lds: memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>,
                             %g: memref<65536xf8E4M3FN>, %lane: index, %acc: vector<8xf32>)
    -> (vector<32xf8E4M3FN>, vector<8xf32>) {
  %sl = "fly.static"() : () -> !fly.layout<"(64,128):(128,1)">
  %a = "fly.make_tensor"(%lds, %sl) : (memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, !fly.layout<"(64,128):(128,1)">) -> !fly.tensor<"f8E4M3FN shared (64,128):(128,1)">
  %bl = "fly.static"() : () -> !fly.layout<"(256,256):(256,1)">
  %b = "fly.make_tensor"(%g, %bl) : (memref<65536xf8E4M3FN>, !fly.layout<"(256,256):(256,1)">) -> !fly.tensor<"f8E4M3FN global (256,256):(256,1)">
  %o = "fly.static"() : () -> !fly.int_tuple<"(0,0)">
  %f = "fly.mma_fragment"(%a, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", operand = "a"} : (!fly.tensor<"f8E4M3FN shared (64,128):(128,1)">, index, !fly.int_tuple<"(0,0)">) -> vector<32xf8E4M3FN>
  %r = "fly.gemm"(%a, %b, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 2 : i32, n_repeat = 1 : i32, k_steps = 1 : i32} : (!fly.tensor<"f8E4M3FN shared (64,128):(128,1)">, !fly.tensor<"f8E4M3FN global (256,256):(256,1)">, vector<8xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(0,0)">) -> vector<8xf32>
  return %f, %r : vector<32xf8E4M3FN>, vector<8xf32>
}

// CHECK-LABEL: func.func @k_pack
// k_pack = 2 on the CDNA3 16x16x32 fp8 atom: each lane loads one 16-byte run
// of A and of B per pair of K steps and feeds its halves to two MFMAs.
// The halves are words 0-1 and 2-3 of the run.
// CHECK: %[[RA:.*]] = vector.load {{.*}} vector<16xf8E4M3FNUZ>
// CHECK: %[[RB:.*]] = vector.load {{.*}} vector<16xf8E4M3FNUZ>
// CHECK-NOT: vector.load
// CHECK: %[[WA:.*]] = vector.bitcast %[[RA]] : vector<16xf8E4M3FNUZ> to vector<4xi32>
// CHECK: vector.shuffle %[[WA]], %[[WA]] [0, 1] : vector<4xi32>, vector<4xi32>
// CHECK: %[[WB:.*]] = vector.bitcast %[[RB]] : vector<16xf8E4M3FNUZ> to vector<4xi32>
// CHECK: vector.shuffle %[[WB]], %[[WB]] [0, 1] : vector<4xi32>, vector<4xi32>
// CHECK: "fly.mma"
// CHECK: vector.shuffle %[[WA]], %[[WA]] [2, 3] : vector<4xi32>, vector<4xi32>
// CHECK: vector.shuffle %[[WB]], %[[WB]] [2, 3] : vector<4xi32>, vector<4xi32>
// CHECK: "fly.mma"
// CHECK-NOT: "fly.mma"
func.func @k_pack(%lds: memref<4096xf8E4M3FNUZ, #gpu.address_space<workgroup>>,
                  %g: memref<4096xf8E4M3FNUZ>, %lane: index, %acc: vector<4xf32>) -> vector<4xf32> {
  %sl = "fly.static"() : () -> !fly.layout<"(64,64):(64,1)">
  %a = "fly.make_tensor"(%lds, %sl) : (memref<4096xf8E4M3FNUZ, #gpu.address_space<workgroup>>, !fly.layout<"(64,64):(64,1)">) -> !fly.tensor<"f8E4M3FNUZ shared (64,64):(64,1)">
  %b = "fly.make_tensor"(%g, %sl) : (memref<4096xf8E4M3FNUZ>, !fly.layout<"(64,64):(64,1)">) -> !fly.tensor<"f8E4M3FNUZ global (64,64):(64,1)">
  %o = "fly.static"() : () -> !fly.int_tuple<"(0,0)">
  %r = "fly.gemm"(%a, %b, %acc, %lane, %o, %o) {shape = "16x16x32", a = "f8E4M3FNUZ", b = "f8E4M3FNUZ", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32, k_steps = 2 : i32, k_pack = 2 : i32} : (!fly.tensor<"f8E4M3FNUZ shared (64,64):(64,1)">, !fly.tensor<"f8E4M3FNUZ global (64,64):(64,1)">, vector<4xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(0,0)">) -> vector<4xf32>
  return %r : vector<4xf32>
}

// A fragment of a swizzled LDS tile whose origin is 8 bytes into a 16-byte
// swizzle block: each lane's 16-byte runs cross a block boundary, so each is
// loaded as two 8-byte pieces at their own swizzled addresses.
// CHECK-LABEL: func.func @misaligned_fragment
// CHECK-COUNT-4: vector.load %arg0[%{{.*}}] : memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, vector<8xf8E4M3FN>
// CHECK-NOT: vector.load
func.func @misaligned_fragment(%lds: memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, %lane: index) -> vector<32xf8E4M3FN> {
  %sl = "fly.static"() : () -> !fly.composed_layout<"S<3,4,3> o 0 o (64,128):(128,1)">
  %a = "fly.make_tensor"(%lds, %sl) : (memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, !fly.composed_layout<"S<3,4,3> o 0 o (64,128):(128,1)">) -> !fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">
  %o = "fly.static"() : () -> !fly.int_tuple<"(0,8)">
  %f = "fly.mma_fragment"(%a, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", operand = "a"} : (!fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">, index, !fly.int_tuple<"(0,8)">) -> vector<32xf8E4M3FN>
  return %f : vector<32xf8E4M3FN>
}

// 8 x 8 atoms of 32x32: 64 MFMAs chained per atom and 1024 accumulators
// joined once (the last shuffle's mask ends in 1023: it used to be read
// past a 256-entry array).
// CHECK-LABEL: func.func @widest_gemm
// CHECK-COUNT-64: "fly.mma"
// CHECK: %[[ALL:.*]] = vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, {{.*}}, 1021, 1022, 1023] : vector<512xf32>, vector<512xf32>
// CHECK: return %[[ALL]] : vector<1024xf32>
func.func @widest_gemm(%lds: memref<65536xbf16, #gpu.address_space<workgroup>>, %g: memref<65536xbf16>, %lane: index, %acc: vector<1024xf32>) -> vector<1024xf32> {
  %sl = "fly.static"() : () -> !fly.layout<"(256,16):(16,1)">
  %a = "fly.make_tensor"(%lds, %sl) : (memref<65536xbf16, #gpu.address_space<workgroup>>, !fly.layout<"(256,16):(16,1)">) -> !fly.tensor<"bf16 shared (256,16):(16,1)">
  %b = "fly.make_tensor"(%g, %sl) : (memref<65536xbf16>, !fly.layout<"(256,16):(16,1)">) -> !fly.tensor<"bf16 global (256,16):(16,1)">
  %o = "fly.static"() : () -> !fly.int_tuple<"(0,0)">
  %r = "fly.gemm"(%a, %b, %acc, %lane, %o, %o) {shape = "32x32x16", a = "bf16", b = "bf16", c = "f32", m_repeat = 8 : i32, n_repeat = 8 : i32, k_steps = 1 : i32} : (!fly.tensor<"bf16 shared (256,16):(16,1)">, !fly.tensor<"bf16 global (256,16):(16,1)">, vector<1024xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(0,0)">) -> vector<1024xf32>
  return %r : vector<1024xf32>
}

// CHECK-LABEL: func.func @prefetched_b
// fly.gemm_fragments loads exactly the B fragments fly.gemm would (two
// 16-byte runs per 16x16x128 fp8 atom, here 2 atoms), and a gemm given
// them loads only A: 2 + 2 + 2 loads in all, B's before A's.
// CHECK-COUNT-4: vector.load %arg1
// CHECK-NOT: vector.load %arg1
// CHECK-COUNT-2: vector.load %arg0
// CHECK-NOT: vector.load
// CHECK-COUNT-2: "fly.mma"
// CHECK-NOT: "fly.gemm
func.func @prefetched_b(%lds: memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>,
                        %g: memref<65536xf8E4M3FN>, %lane: index, %acc: vector<8xf32>) -> vector<8xf32> {
  %sl = "fly.static"() : () -> !fly.layout<"(64,128):(128,1)">
  %a = "fly.make_tensor"(%lds, %sl) : (memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, !fly.layout<"(64,128):(128,1)">) -> !fly.tensor<"f8E4M3FN shared (64,128):(128,1)">
  %bl = "fly.static"() : () -> !fly.layout<"(256,256):(256,1)">
  %b = "fly.make_tensor"(%g, %bl) : (memref<65536xf8E4M3FN>, !fly.layout<"(256,256):(256,1)">) -> !fly.tensor<"f8E4M3FN global (256,256):(256,1)">
  %o = "fly.static"() : () -> !fly.int_tuple<"(0,0)">
  %bf = "fly.gemm_fragments"(%b, %lane, %o) {operand = "b", shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 2 : i32} : (!fly.tensor<"f8E4M3FN global (256,256):(256,1)">, index, !fly.int_tuple<"(0,0)">) -> vector<64xf8E4M3FN>
  %r = "fly.gemm"(%a, %bf, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 2 : i32} : (!fly.tensor<"f8E4M3FN shared (64,128):(128,1)">, vector<64xf8E4M3FN>, vector<8xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(0,0)">) -> vector<8xf32>
  return %r : vector<8xf32>
}

// CHECK-LABEL: func.func @swap_ab
// swap_ab: the MFMA takes B's fragment (from %arg1) first and A's (from the
// LDS, %arg0) second, so it computes C transposed; the store then follows
// the transposed C layout: lane l holds row l%16, columns 4(l/16)..+3, four
// consecutive f32 of one row, one vector.store.
// CHECK-COUNT-2: vector.load %arg0
// CHECK: %[[AF:.*]] = vector.bitcast %{{.*}} : vector<8xi32> to vector<32xf8E4M3FN>
// CHECK-COUNT-2: vector.load %arg1
// CHECK: %[[BF:.*]] = vector.bitcast %{{.*}} : vector<8xi32> to vector<32xf8E4M3FN>
// CHECK: %[[D:.*]] = "fly.mma"(%[[BF]], %[[AF]], %arg3)
// CHECK-NOT: vector.store
// CHECK: vector.store %[[D]], %arg4[%{{.*}}] : memref<4096xf32>, vector<4xf32>
// CHECK-NOT: vector.store
// CHECK: return
func.func @swap_ab(%lds: memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>,
                   %g: memref<65536xf8E4M3FN>, %lane: index, %acc: vector<4xf32>,
                   %cm: memref<4096xf32>) {
  %sl = "fly.static"() : () -> !fly.layout<"(64,128):(128,1)">
  %a = "fly.make_tensor"(%lds, %sl) : (memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, !fly.layout<"(64,128):(128,1)">) -> !fly.tensor<"f8E4M3FN shared (64,128):(128,1)">
  %bl = "fly.static"() : () -> !fly.layout<"(256,256):(256,1)">
  %b = "fly.make_tensor"(%g, %bl) : (memref<65536xf8E4M3FN>, !fly.layout<"(256,256):(256,1)">) -> !fly.tensor<"f8E4M3FN global (256,256):(256,1)">
  %cl = "fly.static"() : () -> !fly.layout<"(64,64):(64,1)">
  %c = "fly.make_tensor"(%cm, %cl) : (memref<4096xf32>, !fly.layout<"(64,64):(64,1)">) -> !fly.tensor<"f32 global (64,64):(64,1)">
  %o = "fly.static"() : () -> !fly.int_tuple<"(0,0)">
  %r = "fly.gemm"(%a, %b, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32, k_steps = 1 : i32, swap_ab} : (!fly.tensor<"f8E4M3FN shared (64,128):(128,1)">, !fly.tensor<"f8E4M3FN global (256,256):(256,1)">, vector<4xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(0,0)">) -> vector<4xf32>
  "fly.gemm_store"(%r, %c, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32, swap_ab} : (vector<4xf32>, !fly.tensor<"f32 global (64,64):(64,1)">, index, !fly.int_tuple<"(0,0)">) -> ()
  return
}

// CHECK-LABEL: func.func @uniform_column_scale
// fly.gemm_scale with one f32 for every column (a block scale): the run of
// 4 rows' scales loads as one vector (shared by both atoms), the f32 is
// broadcast, each run is (C * scale_a) * scale_b; no column-scale loads.
// CHECK-SAME: %[[SB:[^:]*]]: f32
// CHECK: %[[RS:.*]] = vector.load %arg0[{{.*}}] : memref<64xf32>, vector<4xf32>
// CHECK: %[[CB:.*]] = vector.broadcast %[[SB]] : f32 to vector<4xf32>
// CHECK-NOT: vector.load
// CHECK: %[[P0:.*]] = arith.mulf %{{.*}}, %[[RS]] : vector<4xf32>
// CHECK: arith.mulf %[[P0]], %[[CB]] : vector<4xf32>
// CHECK: %[[P1:.*]] = arith.mulf %{{.*}}, %[[RS]] : vector<4xf32>
// CHECK: arith.mulf %[[P1]], %[[CB]] : vector<4xf32>
// CHECK: return
func.func @uniform_column_scale(%sa: memref<64xf32>, %lane: index, %acc: vector<8xf32>, %sb: f32) -> vector<8xf32> {
  %l = "fly.static"() : () -> !fly.layout<"64:1">
  %t = "fly.make_tensor"(%sa, %l) : (memref<64xf32>, !fly.layout<"64:1">) -> !fly.tensor<"f32 global 64:1">
  %o = "fly.static"() : () -> !fly.int_tuple<"(0,0)">
  %r = "fly.gemm_scale"(%acc, %t, %sb, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 2 : i32} : (vector<8xf32>, !fly.tensor<"f32 global 64:1">, f32, index, !fly.int_tuple<"(0,0)">) -> vector<8xf32>
  return %r : vector<8xf32>
}

// CHECK-LABEL: func.func @prefetched_row_scales
// fly.gemm_row_scales loads the row scales fly.gemm_scale would (one
// 4-row run per atom row, 16 rows apart), and a gemm_scale given them
// loads nothing: it slices atom row i's run out of the vector for both of
// that row's atoms.
// CHECK: %[[R0:.*]] = vector.load %arg0[{{.*}}] : memref<64xf32>, vector<4xf32>
// CHECK: %[[R1:.*]] = vector.load %arg0[{{.*}}] : memref<64xf32>, vector<4xf32>
// CHECK: %[[ROWS:.*]] = vector.shuffle %[[R0]], %[[R1]] [0, 1, 2, 3, 4, 5, 6, 7]
// CHECK-NOT: vector.load
// CHECK: %[[S0:.*]] = vector.shuffle %[[ROWS]], %[[ROWS]] [0, 1, 2, 3]
// CHECK: %[[A0:.*]] = vector.shuffle %arg2, %arg2 [0, 1, 2, 3]
// CHECK: arith.mulf %[[A0]], %[[S0]] : vector<4xf32>
// CHECK: %[[A1:.*]] = vector.shuffle %arg2, %arg2 [4, 5, 6, 7]
// CHECK: arith.mulf %[[A1]], %[[S0]] : vector<4xf32>
// CHECK: %[[S1:.*]] = vector.shuffle %[[ROWS]], %[[ROWS]] [4, 5, 6, 7]
// CHECK: %[[A2:.*]] = vector.shuffle %arg2, %arg2 [8, 9, 10, 11]
// CHECK: arith.mulf %[[A2]], %[[S1]] : vector<4xf32>
// CHECK: %[[A3:.*]] = vector.shuffle %arg2, %arg2 [12, 13, 14, 15]
// CHECK: arith.mulf %[[A3]], %[[S1]] : vector<4xf32>
// CHECK: return
func.func @prefetched_row_scales(%sa: memref<64xf32>, %lane: index, %acc: vector<16xf32>, %sb: f32) -> vector<16xf32> {
  %l = "fly.static"() : () -> !fly.layout<"64:1">
  %t = "fly.make_tensor"(%sa, %l) : (memref<64xf32>, !fly.layout<"64:1">) -> !fly.tensor<"f32 global 64:1">
  %o = "fly.static"() : () -> !fly.int_tuple<"(0,0)">
  %rows = "fly.gemm_row_scales"(%t, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 2 : i32, n_repeat = 2 : i32} : (!fly.tensor<"f32 global 64:1">, index, !fly.int_tuple<"(0,0)">) -> vector<8xf32>
  %r = "fly.gemm_scale"(%acc, %rows, %sb, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 2 : i32, n_repeat = 2 : i32} : (vector<16xf32>, vector<8xf32>, f32, index, !fly.int_tuple<"(0,0)">) -> vector<16xf32>
  return %r : vector<16xf32>
}

// CHECK-LABEL: func.func @mxfp4_scaled
// fp4 in i8 tensors: each lane's 32 fp4 of an atom are 16 consecutive
// bytes (one load from LDS per K step), reinterpreted as fp4 at the MFMA;
// B's bytes are sliced from the prefetched fragments. The scale of MFMA
// (atom i, step s) is byte i * k_steps + s of A's words (word 0 here) and
// of B's (word 1).
// CHECK: vector.load %arg0{{.*}} vector<16xi8>
// CHECK-NOT: vector.load
// CHECK-DAG: %[[SA:.*]] = vector.extract %arg3[0] : i32 from vector<2xi32>
// CHECK-DAG: %[[SB:.*]] = vector.extract %arg3[1] : i32 from vector<2xi32>
// CHECK: "fly.mma_scaled"({{.*}}, %[[SA]], %[[SB]]) {opsel_a = 0 : i32, opsel_b = 0 : i32, shape = "16x16x128"} : (vector<32xf4E2M1FN>, vector<32xf4E2M1FN>, vector<4xf32>, i32, i32)
// CHECK: "fly.mma_scaled"({{.*}}, %[[SA]], %[[SB]]) {opsel_a = 0 : i32, opsel_b = 2 : i32
// CHECK: vector.load %arg0{{.*}} vector<16xi8>
// CHECK-NOT: vector.load
// CHECK: "fly.mma_scaled"({{.*}}, %[[SA]], %[[SB]]) {opsel_a = 1 : i32, opsel_b = 1 : i32
// CHECK: "fly.mma_scaled"({{.*}}, %[[SA]], %[[SB]]) {opsel_a = 1 : i32, opsel_b = 3 : i32
// CHECK-NOT: "fly.mma
func.func @mxfp4_scaled(%lds: memref<8192xi8, #gpu.address_space<workgroup>>, %bf: vector<64xi8>,
                        %lane: index, %s: vector<2xi32>, %acc: vector<8xf32>) -> vector<8xf32> {
  %sl = "fly.static"() : () -> !fly.layout<"(64,128):(128,1)">
  %a = "fly.make_tensor"(%lds, %sl) : (memref<8192xi8, #gpu.address_space<workgroup>>, !fly.layout<"(64,128):(128,1)">) -> !fly.tensor<"i8 shared (64,128):(128,1)">
  %o = "fly.static"() : () -> !fly.int_tuple<"(0,0)">
  %r = "fly.gemm"(%a, %bf, %acc, %lane, %o, %o, %s) {shape = "16x16x128", a = "f4E2M1FN", b = "f4E2M1FN", c = "f32", m_repeat = 1 : i32, n_repeat = 2 : i32, k_steps = 2 : i32} : (!fly.tensor<"i8 shared (64,128):(128,1)">, vector<64xi8>, vector<8xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(0,0)">, vector<2xi32>) -> vector<8xf32>
  return %r : vector<8xf32>
}

// CHECK-LABEL: func.func @mxfp4_scaled_swap_ab
// swap_ab with scales: B's fragment goes to the instruction's A slot and its
// scale (word 1) with it, as opsel_a; A's scale (word 0) is the B slot's. The
// opsel pairs are @mxfp4_scaled's, exchanged.
// CHECK-DAG: %[[SA:.*]] = vector.extract %arg3[0] : i32 from vector<2xi32>
// CHECK-DAG: %[[SB:.*]] = vector.extract %arg3[1] : i32 from vector<2xi32>
// CHECK: "fly.mma_scaled"({{.*}}, %[[SB]], %[[SA]]) {opsel_a = 0 : i32, opsel_b = 0 : i32
// CHECK: "fly.mma_scaled"({{.*}}, %[[SB]], %[[SA]]) {opsel_a = 2 : i32, opsel_b = 0 : i32
// CHECK: "fly.mma_scaled"({{.*}}, %[[SB]], %[[SA]]) {opsel_a = 1 : i32, opsel_b = 1 : i32
// CHECK: "fly.mma_scaled"({{.*}}, %[[SB]], %[[SA]]) {opsel_a = 3 : i32, opsel_b = 1 : i32
// CHECK-NOT: "fly.mma
func.func @mxfp4_scaled_swap_ab(%lds: memref<8192xi8, #gpu.address_space<workgroup>>,
                                %bf: vector<64xi8>, %lane: index, %s: vector<2xi32>,
                                %acc: vector<8xf32>) -> vector<8xf32> {
  %sl = "fly.static"() : () -> !fly.layout<"(64,128):(128,1)">
  %a = "fly.make_tensor"(%lds, %sl) : (memref<8192xi8, #gpu.address_space<workgroup>>, !fly.layout<"(64,128):(128,1)">) -> !fly.tensor<"i8 shared (64,128):(128,1)">
  %o = "fly.static"() : () -> !fly.int_tuple<"(0,0)">
  %r = "fly.gemm"(%a, %bf, %acc, %lane, %o, %o, %s) {shape = "16x16x128", a = "f4E2M1FN", b = "f4E2M1FN", c = "f32", m_repeat = 1 : i32, n_repeat = 2 : i32, k_steps = 2 : i32, swap_ab} : (!fly.tensor<"i8 shared (64,128):(128,1)">, vector<64xi8>, vector<8xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(0,0)">, vector<2xi32>) -> vector<8xf32>
  return %r : vector<8xf32>
}
