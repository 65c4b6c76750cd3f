// --emit mlir stops after the fly stage (gpu ops kept, block_dim resolved);
// --emit llvm prints the optimised LLVM IR; -O0 still compiles.




module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<256xi32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tid = gpu.thread_id x
      %bd = gpu.block_dim x
      %i = arith.addi %tid, %bd : index
      %v = arith.index_cast %i : index to i32
      memref.store %v, %out[%tid] : memref<256xi32>
      gpu.return
    }
  }
}
