// gfx942's LDS DMA moves 4 bytes per lane: a 64x128 fp8 tile over 256
// threads takes 8 buffer_load_dword ... lds per thread.

// And it computes the right bytes on the gfx942 emulator.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @a_tile(%a: memref<4194304xf8E4M3FNUZ>, %out: memref<65536xf8E4M3FNUZ>, %m: i32) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %s = "fly.shared_alloc"() {fields = "a0: f8E4M3FNUZ[8192] align 16"} : () -> !fly.shared_storage<"S">
      %lds = "fly.shared_field"(%s) {field = "a0"} : (!fly.shared_storage<"S">) -> memref<8192xf8E4M3FNUZ, #gpu.address_space<workgroup>>
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %shape = "fly.make_int_tuple"(%m) : (i32) -> !fly.int_tuple<"(?,512)">
      %stride = "fly.static"() : () -> !fly.int_tuple<"(512,1)">
      %al = "fly.make_layout"(%shape, %stride) : (!fly.int_tuple<"(?,512)">, !fly.int_tuple<"(512,1)">) -> !fly.layout<"(?,512):(512,1)">
      %ga = "fly.make_tensor"(%a, %al) {buffer} : (memref<4194304xf8E4M3FNUZ>, !fly.layout<"(?,512):(512,1)">) -> !fly.tensor<"f8E4M3FNUZ global (?,512):(512,1)">
      %c0 = arith.constant 0 : index
      %tc = "fly.make_int_tuple"(%bid, %c0) : (index, index) -> !fly.int_tuple<"(?,?)">
      %tile = "fly.local_tile"(%ga, %tc) {tile = "(64,128)"} : (!fly.tensor<"f8E4M3FNUZ global (?,512):(512,1)">, !fly.int_tuple<"(?,?)">) -> !fly.tensor<"f8E4M3FNUZ global (64,128):(512,1)">
      %sl = "fly.static"() : () -> !fly.composed_layout<"S<3,4,3> o 0 o (64,128):(128,1)">
      %sa = "fly.make_tensor"(%lds, %sl) : (memref<8192xf8E4M3FNUZ, #gpu.address_space<workgroup>>, !fly.composed_layout<"S<3,4,3> o 0 o (64,128):(128,1)">) -> !fly.tensor<"f8E4M3FNUZ shared S<3,4,3> o 0 o (64,128):(128,1)">
      "fly.copy_to_lds"(%tile, %sa, %tid) {bytes = 4 : i32, threads = 256 : i32} : (!fly.tensor<"f8E4M3FNUZ global (64,128):(512,1)">, !fly.tensor<"f8E4M3FNUZ shared S<3,4,3> o 0 o (64,128):(128,1)">, index) -> ()
      gpu.barrier
      %c8 = arith.constant 8 : index
      %c16 = arith.constant 16 : index
      %row = arith.divui %tid, %c8 : index
      %t8 = arith.remui %tid, %c8 : index
      %col = arith.muli %t8, %c16 : index
      %crd = "fly.make_int_tuple"(%row, %col) : (index, index) -> !fly.int_tuple<"(?,?)">
      %v = "fly.load"(%sa, %crd) : (!fly.tensor<"f8E4M3FNUZ shared S<3,4,3> o 0 o (64,128):(128,1)">, !fly.int_tuple<"(?,?)">) -> vector<16xf8E4M3FNUZ>
      %c4096 = arith.constant 4096 : index
      %blk = arith.muli %bid, %c4096 : index
      %toff = arith.muli %tid, %c16 : index
      %off = arith.addi %blk, %toff : index
      vector.store %v, %out[%off] : memref<65536xf8E4M3FNUZ>, vector<16xf8E4M3FNUZ>
      gpu.return
    }
  }
}
