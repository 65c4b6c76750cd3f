// An f128 division has no AMDGPU instruction or library call: LLVM's
// instruction selector stops with report_fatal_error, which prints
// `LLVM ERROR: ...` and aborts by default. flyc's handler makes it one line
// naming the input, exit 1, and no output file.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%io: memref<64xf128>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %x = memref.load %io[%tid] : memref<64xf128>
      %y = arith.divf %x, %x : f128
      memref.store %y, %io[%tid] : memref<64xf128>
      gpu.return
    }
  }
}
