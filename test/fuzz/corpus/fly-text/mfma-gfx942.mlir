// The CDNA3 MFMA forms compile for gfx942 (and remain valid on gfx950).



module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @mfma_cdna3(%a: memref<64xi64>, %h: memref<64xvector<4xi16>>, %c: memref<64xvector<4xf32>>,
                         %ci: memref<64xvector<4xi32>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %va = memref.load %a[%tid] : memref<64xi64>
      %vh = memref.load %h[%tid] : memref<64xvector<4xi16>>
      %zero = arith.constant dense<0.0> : vector<4xf32>
      %zeroi = arith.constant dense<0> : vector<4xi32>
      %c0 = arith.constant 0 : i32
      %d0 = rocdl.mfma.f32.16x16x32.fp8.fp8 %va, %va, %zero, %c0, %c0, %c0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
      %d1 = rocdl.mfma.f32.16x16x16bf16.1k %vh, %vh, %d0, %c0, %c0, %c0 : (vector<4xi16>, vector<4xi16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
      %d2 = rocdl.mfma.i32.16x16x32.i8 %va, %va, %zeroi, %c0, %c0, %c0 : (i64, i64, vector<4xi32>, i32, i32, i32) -> vector<4xi32>
      memref.store %d1, %c[%tid] : memref<64xvector<4xf32>>
      memref.store %d2, %ci[%tid] : memref<64xvector<4xi32>>
      gpu.return
    }
  }
}
