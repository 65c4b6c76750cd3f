// One 16x16x128 fp8 MFMA tile written with fly: each lane loads its A and B
// fragments through the atom's thread-value layout (two 16-byte chunks per
// operand), multiplies with fly.mma, and stores its four accumulators where
// the C layout says. Run on the gfx950 emulator and compared with a CPU
// reference computed from the fp8 inputs.

// ISA-COUNT-4: global_load_dwordx4

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tile_16x16x128(%a: memref<2048xf8E4M3FN>, %b: memref<2048xf8E4M3FN>, %c: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %lane = gpu.thread_id x
      // A is 16x128 and B (as N x K) is 16x128, both row-major.
      %rm = "fly.static"() : () -> !fly.layout<"(16,128):(128,1)">
      %ta = "fly.make_tensor"(%a, %rm) : (memref<2048xf8E4M3FN>, !fly.layout<"(16,128):(128,1)">) -> !fly.tensor<"f8E4M3FN global (16,128):(128,1)">
      %tb = "fly.make_tensor"(%b, %rm) : (memref<2048xf8E4M3FN>, !fly.layout<"(16,128):(128,1)">) -> !fly.tensor<"f8E4M3FN global (16,128):(128,1)">
      %tva = "fly.mma_layout"() {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", operand = "a"} : () -> !fly.layout<"((16,4),(16,2)):((1,256),(16,1024))">
      %mk = "fly.static"() : () -> !fly.int_tuple<"(16,128)">
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      // Chunk j of this lane starts at TV(lane, (0, j)), a column-major
      // index into the 16x128 tile; idx2crd turns it into (m, k).
      %v0 = "fly.make_int_tuple"(%lane, %c0, %c0) : (index, index, index) -> !fly.int_tuple<"(?,(?,?))">
      %v1 = "fly.make_int_tuple"(%lane, %c0, %c1) : (index, index, index) -> !fly.int_tuple<"(?,(?,?))">
      %i0 = "fly.crd2idx"(%v0, %tva) : (!fly.int_tuple<"(?,(?,?))">, !fly.layout<"((16,4),(16,2)):((1,256),(16,1024))">) -> index
      %i1 = "fly.crd2idx"(%v1, %tva) : (!fly.int_tuple<"(?,(?,?))">, !fly.layout<"((16,4),(16,2)):((1,256),(16,1024))">) -> index
      %k0 = "fly.idx2crd"(%i0, %mk) : (index, !fly.int_tuple<"(16,128)">) -> !fly.int_tuple<"(?,?)">
      %k1 = "fly.idx2crd"(%i1, %mk) : (index, !fly.int_tuple<"(16,128)">) -> !fly.int_tuple<"(?,?)">
      %a0 = "fly.load"(%ta, %k0) : (!fly.tensor<"f8E4M3FN global (16,128):(128,1)">, !fly.int_tuple<"(?,?)">) -> vector<16xf8E4M3FN>
      %a1 = "fly.load"(%ta, %k1) : (!fly.tensor<"f8E4M3FN global (16,128):(128,1)">, !fly.int_tuple<"(?,?)">) -> vector<16xf8E4M3FN>
      %b0 = "fly.load"(%tb, %k0) : (!fly.tensor<"f8E4M3FN global (16,128):(128,1)">, !fly.int_tuple<"(?,?)">) -> vector<16xf8E4M3FN>
      %b1 = "fly.load"(%tb, %k1) : (!fly.tensor<"f8E4M3FN global (16,128):(128,1)">, !fly.int_tuple<"(?,?)">) -> vector<16xf8E4M3FN>
      %av = vector.shuffle %a0, %a1 [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31] : vector<16xf8E4M3FN>, vector<16xf8E4M3FN>
      %bv = vector.shuffle %b0, %b1 [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31] : vector<16xf8E4M3FN>, vector<16xf8E4M3FN>
      %zero = arith.constant dense<0.0> : vector<4xf32>
      %d = "fly.mma"(%av, %bv, %zero) {shape = "16x16x128"} : (vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<4xf32>) -> vector<4xf32>
      // Register r of this lane is C[(lane/16)*4 + r][lane%16], at the
      // column-major index TV_C(lane, r); C is stored row-major.
      %tvc = "fly.mma_layout"() {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", operand = "c"} : () -> !fly.layout<"((16,4),4):((16,4),1)">
      %mn = "fly.static"() : () -> !fly.int_tuple<"(16,16)">
      %crm = "fly.static"() : () -> !fly.layout<"(16,16):(16,1)">
      %tc = "fly.make_tensor"(%c, %crm) : (memref<256xf32>, !fly.layout<"(16,16):(16,1)">) -> !fly.tensor<"f32 global (16,16):(16,1)">
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %r0 = "fly.make_int_tuple"(%lane, %c0) : (index, index) -> !fly.int_tuple<"(?,?)">
      %r1 = "fly.make_int_tuple"(%lane, %c1) : (index, index) -> !fly.int_tuple<"(?,?)">
      %r2 = "fly.make_int_tuple"(%lane, %c2) : (index, index) -> !fly.int_tuple<"(?,?)">
      %r3 = "fly.make_int_tuple"(%lane, %c3) : (index, index) -> !fly.int_tuple<"(?,?)">
      %j0 = "fly.crd2idx"(%r0, %tvc) : (!fly.int_tuple<"(?,?)">, !fly.layout<"((16,4),4):((16,4),1)">) -> index
      %j1 = "fly.crd2idx"(%r1, %tvc) : (!fly.int_tuple<"(?,?)">, !fly.layout<"((16,4),4):((16,4),1)">) -> index
      %j2 = "fly.crd2idx"(%r2, %tvc) : (!fly.int_tuple<"(?,?)">, !fly.layout<"((16,4),4):((16,4),1)">) -> index
      %j3 = "fly.crd2idx"(%r3, %tvc) : (!fly.int_tuple<"(?,?)">, !fly.layout<"((16,4),4):((16,4),1)">) -> index
      %m0 = "fly.idx2crd"(%j0, %mn) : (index, !fly.int_tuple<"(16,16)">) -> !fly.int_tuple<"(?,?)">
      %m1 = "fly.idx2crd"(%j1, %mn) : (index, !fly.int_tuple<"(16,16)">) -> !fly.int_tuple<"(?,?)">
      %m2 = "fly.idx2crd"(%j2, %mn) : (index, !fly.int_tuple<"(16,16)">) -> !fly.int_tuple<"(?,?)">
      %m3 = "fly.idx2crd"(%j3, %mn) : (index, !fly.int_tuple<"(16,16)">) -> !fly.int_tuple<"(?,?)">
      %e0 = vector.extract %d[0] : f32 from vector<4xf32>
      %e1 = vector.extract %d[1] : f32 from vector<4xf32>
      %e2 = vector.extract %d[2] : f32 from vector<4xf32>
      %e3 = vector.extract %d[3] : f32 from vector<4xf32>
      "fly.store"(%e0, %tc, %m0) : (f32, !fly.tensor<"f32 global (16,16):(16,1)">, !fly.int_tuple<"(?,?)">) -> ()
      "fly.store"(%e1, %tc, %m1) : (f32, !fly.tensor<"f32 global (16,16):(16,1)">, !fly.int_tuple<"(?,?)">) -> ()
      "fly.store"(%e2, %tc, %m2) : (f32, !fly.tensor<"f32 global (16,16):(16,1)">, !fly.int_tuple<"(?,?)">) -> ()
      "fly.store"(%e3, %tc, %m3) : (f32, !fly.tensor<"f32 global (16,16):(16,1)">, !fly.int_tuple<"(?,?)">) -> ()
      gpu.return
    }
  }
}
