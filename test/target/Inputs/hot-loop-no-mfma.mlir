module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %z = arith.constant 0 : i32
      %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %z) -> (i32) {
        %b = arith.addi %a, %a : i32
        scf.yield %b : i32
      } {fly.hot_loop}
      memref.store %r, %out[%c0] : memref<64xi32>
      gpu.return
    }
  }
}
