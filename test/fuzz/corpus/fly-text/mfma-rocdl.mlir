// MFMA kernels written with the rocdl dialect compile to the expected MFMA
// instructions; the gfx950 full-rate f8f6f4 form only exists on gfx950.



// On gfx942 the gfx950-only ops are located errors (LLVM would abort).

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @mfma_fp8(%a: memref<64xi64>, %b: memref<64xi64>, %c: memref<64xvector<4xf32>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %va = memref.load %a[%tid] : memref<64xi64>
      %vb = memref.load %b[%tid] : memref<64xi64>
      %zero = arith.constant dense<0.0> : vector<4xf32>
      %c0 = arith.constant 0 : i32
      %d = rocdl.mfma.f32.16x16x32.fp8.fp8 %va, %vb, %zero, %c0, %c0, %c0 : (i64, i64, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
      memref.store %d, %c[%tid] : memref<64xvector<4xf32>>
      gpu.return
    }
    gpu.func @mfma_f8f6f4(%a: memref<64xvector<8xi32>>, %b: memref<64xvector<8xi32>>, %c: memref<64xvector<4xf32>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %va = memref.load %a[%tid] : memref<64xvector<8xi32>>
      %vb = memref.load %b[%tid] : memref<64xvector<8xi32>>
      %zero = arith.constant dense<0.0> : vector<4xf32>
      %c0 = arith.constant 0 : i32
      %d = rocdl.mfma.scale.f32.16x16x128.f8f6f4 %va, %vb, %zero, %c0, %c0, %c0, %c0, %c0, %c0 : (vector<8xi32>, vector<8xi32>, vector<4xf32>, i32, i32, i32, i32, i32, i32) -> vector<4xf32>
      memref.store %d, %c[%tid] : memref<64xvector<4xf32>>
      gpu.return
    }
    gpu.func @mfma_bf16(%a: memref<64xvector<8xbf16>>, %b: memref<64xvector<8xbf16>>, %c: memref<64xvector<4xf32>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %va = memref.load %a[%tid] : memref<64xvector<8xbf16>>
      %vb = memref.load %b[%tid] : memref<64xvector<8xbf16>>
      %zero = arith.constant dense<0.0> : vector<4xf32>
      %c0 = arith.constant 0 : i32
      %d = rocdl.mfma.f32.16x16x32.bf16 %va, %vb, %zero, %c0, %c0, %c0 : (vector<8xbf16>, vector<8xbf16>, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
      memref.store %d, %c[%tid] : memref<64xvector<4xf32>>
      gpu.return
    }
    gpu.func @mfma_i8(%a: memref<64xvector<4xi32>>, %b: memref<64xvector<4xi32>>, %c: memref<64xvector<4xi32>>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %va = memref.load %a[%tid] : memref<64xvector<4xi32>>
      %vb = memref.load %b[%tid] : memref<64xvector<4xi32>>
      %zero = arith.constant dense<0> : vector<4xi32>
      %c0 = arith.constant 0 : i32
      %d = rocdl.mfma.i32.16x16x64.i8 %va, %vb, %zero, %c0, %c0, %c0 : (vector<4xi32>, vector<4xi32>, vector<4xi32>, i32, i32, i32) -> vector<4xi32>
      memref.store %d, %c[%tid] : memref<64xvector<4xi32>>
      gpu.return
    }
  }
}
