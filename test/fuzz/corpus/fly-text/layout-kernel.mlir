// A kernel that indexes with fly layouts compiles end to end: static
// algebra is folded, the swizzled per-thread index becomes and/shift/xor,
// and no fly op reaches LLVM.




// On the emulator, every work-item's value against the algebra computed
// independently on the CPU (Inputs/check-layout-kernel.py), on both chips.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @swizzle_index(%out: memref<256xi32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tid = gpu.thread_id x
      %thr = "fly.static"() : () -> !fly.int_tuple<"(8,32)">
      %crd = "fly.idx2crd"(%tid, %thr) : (index, !fly.int_tuple<"(8,32)">) -> !fly.int_tuple<"(?,?)">
      %a = "fly.static"() : () -> !fly.layout<"(64,128):(128,1)">
      %t = "fly.static"() : () -> !fly.tile<"[32:1|8:16]">
      %d = "fly.logical_divide"(%a, %t) : (!fly.layout<"(64,128):(128,1)">, !fly.tile<"[32:1|8:16]">) -> !fly.layout<"((32,2),(8,16)):((128,4096),(16,1))">
      %sw = "fly.static"() : () -> !fly.composed_layout<"S<3,4,3> o 8192 o (8,32):(16,128)">
      %off = "fly.crd2idx"(%crd, %sw) : (!fly.int_tuple<"(?,?)">, !fly.composed_layout<"S<3,4,3> o 8192 o (8,32):(16,128)">) -> index
      %n = "fly.size"(%d) : (!fly.layout<"((32,2),(8,16)):((128,4096),(16,1))">) -> index
      %sum = arith.addi %off, %n : index
      %v = arith.index_cast %sum : index to i32
      memref.store %v, %out[%tid] : memref<256xi32>
      gpu.return
    }
  }
}
