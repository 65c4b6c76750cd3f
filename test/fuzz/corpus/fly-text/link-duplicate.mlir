// Two gpu.modules defining the same kernel cannot share one code object.
// LLVM's IR linker reports the clash to its context (whose default handler
// would print it and exit); it becomes one error at the second gpu.module.

module attributes {gpu.container_module} {
  gpu.module @first {
    gpu.func @k(%out: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
  gpu.module @second {
    gpu.func @k(%out: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      gpu.return
    }
  }
}
