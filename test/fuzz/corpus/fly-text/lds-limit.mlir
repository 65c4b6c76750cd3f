// LDS beyond the chip's (160000 bytes of workgroup memory; gfx942 has 64 KiB)
// is found by LLVM's AMDGPU backend, which reports it to its context (the
// default handler prints `error: <unknown>:0:0: ...` and exits). It becomes
// one error located at the kernel; gfx950's 160 KiB holds it.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<64xi32>) workgroup(%w: memref<40000xi32, 3>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %v = arith.index_cast %tid : index to i32
      %c = arith.constant 39000 : index
      %i = arith.addi %tid, %c : index
      memref.store %v, %w[%i] : memref<40000xi32, 3>
      gpu.barrier
      %x = memref.load %w[%tid] : memref<40000xi32, 3>
      memref.store %x, %out[%tid] : memref<64xi32>
      gpu.return
    }
  }
}
