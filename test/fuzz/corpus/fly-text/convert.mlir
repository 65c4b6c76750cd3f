// Epilogue math: scale an f32 accumulator and convert it to bf16, f16 and
// fp8 with round-to-nearest-even (fp8 saturating). gfx950 has packed
// conversions for all three; gfx942 converts to FNUZ fp8.


// The emulator agrees bit for bit with a CPU reference of RNE and saturation.


module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @cvt(%in: memref<256xf32>, %o1: memref<256xbf16>, %o2: memref<256xf16>, %o3: memref<256xf8E4M3FN>, %s: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %i = arith.muli %tid, %c4 : index
      %v = vector.load %in[%i] : memref<256xf32>, vector<4xf32>
      %sc = vector.load %s[%i] : memref<256xf32>, vector<4xf32>
      %w = arith.mulf %v, %sc : vector<4xf32>
      %b = arith.truncf %w : vector<4xf32> to vector<4xbf16>
      %h = arith.truncf %w : vector<4xf32> to vector<4xf16>
      %f = arith.truncf %w : vector<4xf32> to vector<4xf8E4M3FN>
      vector.store %b, %o1[%i] : memref<256xbf16>, vector<4xbf16>
      vector.store %h, %o2[%i] : memref<256xf16>, vector<4xf16>
      vector.store %f, %o3[%i] : memref<256xf8E4M3FN>, vector<4xf8E4M3FN>
      gpu.return
    }
  }
}
