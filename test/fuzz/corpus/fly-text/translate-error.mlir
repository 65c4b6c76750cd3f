// The 16x16x16 bf16 MFMA intrinsic takes <4 x i16> in LLVM 22; feeding it
// bf16 vectors fails LLVM IR translation, reported at the gpu.module with
// the first line of what LLVM's verifier says; the verifier prints the
// offending IR itself, which is captured and shown only with --verbose.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%h: memref<64xvector<4xbf16>>, %c: memref<64xvector<4xf32>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %vh = memref.load %h[%tid] : memref<64xvector<4xbf16>>
      %zero = arith.constant dense<0.0> : vector<4xf32>
      %c0 = arith.constant 0 : i32
      %d = rocdl.mfma.f32.16x16x16bf16.1k %vh, %vh, %zero, %c0, %c0, %c0 : (vector<4xbf16>, vector<4xbf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
      memref.store %d, %c[%tid] : memref<64xvector<4xf32>>
      gpu.return
    }
  }
}
