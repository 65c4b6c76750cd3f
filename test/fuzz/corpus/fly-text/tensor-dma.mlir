// Tensors: an A tile of a global fp8 matrix (M rows at run time, K = 512)
// is copied by LDS DMA into a swizzled LDS tile, then read back through the
// same swizzled layout. The DMA source addresses are pre-swizzled: lane l of
// wave w writes LDS bytes 16*(64*w + l) of its chunk, so it fetches the
// element that the swizzled layout places there.

// The buffer resource covers the matrix's real extent: (M-1)*512 + 512 bytes.
// The physical LDS position of the lane is swizzled to find its source.


// On the emulator, every byte read back through the swizzled layout is the
// byte of A at that tile position, for two workgroups (tiles (0,1), (1,1)).

// gfx942's LDS DMA moves 4 bytes per lane: 16-byte DMA is a located error.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @a_tile(%a: memref<4194304xf8E4M3FN>, %out: memref<65536xf8E4M3FN>, %m: i32) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %s = "fly.shared_alloc"() {fields = "a0: f8E4M3FN[8192] align 16, a1: f8E4M3FN[8192] align 16"} : () -> !fly.shared_storage<"S">
      %lds = "fly.shared_field"(%s) {field = "a1"} : (!fly.shared_storage<"S">) -> memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %shape = "fly.make_int_tuple"(%m) : (i32) -> !fly.int_tuple<"(?,512)">
      %stride = "fly.static"() : () -> !fly.int_tuple<"(512,1)">
      %al = "fly.make_layout"(%shape, %stride) : (!fly.int_tuple<"(?,512)">, !fly.int_tuple<"(512,1)">) -> !fly.layout<"(?,512):(512,1)">
      %ga = "fly.make_tensor"(%a, %al) {buffer} : (memref<4194304xf8E4M3FN>, !fly.layout<"(?,512):(512,1)">) -> !fly.tensor<"f8E4M3FN global (?,512):(512,1)">
      %c1 = arith.constant 1 : index
      %tc = "fly.make_int_tuple"(%bid, %c1) : (index, index) -> !fly.int_tuple<"(?,?)">
      %tile = "fly.local_tile"(%ga, %tc) {tile = "(64,128)"} : (!fly.tensor<"f8E4M3FN global (?,512):(512,1)">, !fly.int_tuple<"(?,?)">) -> !fly.tensor<"f8E4M3FN global (64,128):(512,1)">
      %sl = "fly.static"() : () -> !fly.composed_layout<"S<3,4,3> o 0 o (64,128):(128,1)">
      %sa = "fly.make_tensor"(%lds, %sl) : (memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, !fly.composed_layout<"S<3,4,3> o 0 o (64,128):(128,1)">) -> !fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">
      "fly.copy_to_lds"(%tile, %sa, %tid) {bytes = 16 : i32, threads = 256 : i32} : (!fly.tensor<"f8E4M3FN global (64,128):(512,1)">, !fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">, index) -> ()
      gpu.barrier
      // Thread t reads row t/8, columns 16*(t%8) .. +15 of the tile.
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %row = arith.divui %tid, %c8 : index
      %t8 = arith.remui %tid, %c8 : index
      %col = arith.muli %t8, %c16 : index
      %crd = "fly.make_int_tuple"(%row, %col) : (index, index) -> !fly.int_tuple<"(?,?)">
      %v = "fly.load"(%sa, %crd) : (!fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">, !fly.int_tuple<"(?,?)">) -> vector<16xf8E4M3FN>
      %c4096 = arith.constant 4096 : index
      %blk = arith.muli %bid, %c4096 : index
      %toff = arith.muli %tid, %c16 : index
      %off = arith.addi %blk, %toff : index
      vector.store %v, %out[%off] : memref<65536xf8E4M3FN>, vector<16xf8E4M3FN>
      gpu.return
    }
  }
}
