// LLVM 22 lowers math.sqrt on f64 to the ROCm device library (__ocml_*),
// which flyc cannot link: the kernel is rejected with the function's name,
// located at the kernel that calls it.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%io: memref<64xf64>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %x = memref.load %io[%tid] : memref<64xf64>
      %y = math.tan %x : f64
      memref.store %y, %io[%tid] : memref<64xf64>
      gpu.return
    }
  }
}
