module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @unknown(%out: memref<1xindex>) kernel {
      // expected-error@+1 {{gpu.block_dim needs the kernel's block size: declare it with `known_block_size = array<i32: X, Y, Z>` on the gpu.func}}
      %x = gpu.block_dim x
      %c0 = arith.constant 0 : index
      memref.store %x, %out[%c0] : memref<1xindex>
      gpu.return
    }
  }
}
