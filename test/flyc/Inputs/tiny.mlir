module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @tiny(%out: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %v = arith.index_cast %tid : index to i32
      memref.store %v, %out[%tid] : memref<64xi32>
      gpu.return
    }
  }
}
