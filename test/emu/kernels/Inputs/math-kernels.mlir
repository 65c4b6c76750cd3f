// One kernel per math function for math-ulp.test: y[i] = f(x[i]) over
// 65536 inputs, 256 threads per workgroup. f32 scalars, f16/bf16 (extended
// to f32 and truncated by fly-lower-math) and a vector<4xf32> form.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @exp(%x: memref<65536xf32>, %y: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf32>
      %r = math.exp %v : f32
      memref.store %r, %y[%i] : memref<65536xf32>
      gpu.return
    }
    gpu.func @exp2(%x: memref<65536xf32>, %y: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf32>
      %r = math.exp2 %v : f32
      memref.store %r, %y[%i] : memref<65536xf32>
      gpu.return
    }
    gpu.func @log(%x: memref<65536xf32>, %y: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf32>
      %r = math.log %v : f32
      memref.store %r, %y[%i] : memref<65536xf32>
      gpu.return
    }
    gpu.func @log2(%x: memref<65536xf32>, %y: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf32>
      %r = math.log2 %v : f32
      memref.store %r, %y[%i] : memref<65536xf32>
      gpu.return
    }
    gpu.func @log10(%x: memref<65536xf32>, %y: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf32>
      %r = math.log10 %v : f32
      memref.store %r, %y[%i] : memref<65536xf32>
      gpu.return
    }
    gpu.func @log1p(%x: memref<65536xf32>, %y: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf32>
      %r = math.log1p %v : f32
      memref.store %r, %y[%i] : memref<65536xf32>
      gpu.return
    }
    gpu.func @expm1(%x: memref<65536xf32>, %y: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf32>
      %r = math.expm1 %v : f32
      memref.store %r, %y[%i] : memref<65536xf32>
      gpu.return
    }
    gpu.func @sqrt(%x: memref<65536xf32>, %y: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf32>
      %r = math.sqrt %v : f32
      memref.store %r, %y[%i] : memref<65536xf32>
      gpu.return
    }
    gpu.func @rsqrt(%x: memref<65536xf32>, %y: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf32>
      %r = math.rsqrt %v : f32
      memref.store %r, %y[%i] : memref<65536xf32>
      gpu.return
    }
    gpu.func @tanh(%x: memref<65536xf32>, %y: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf32>
      %r = math.tanh %v : f32
      memref.store %r, %y[%i] : memref<65536xf32>
      gpu.return
    }
    gpu.func @erf(%x: memref<65536xf32>, %y: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf32>
      %r = math.erf %v : f32
      memref.store %r, %y[%i] : memref<65536xf32>
      gpu.return
    }
    gpu.func @floor(%x: memref<65536xf32>, %y: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf32>
      %r = math.floor %v : f32
      memref.store %r, %y[%i] : memref<65536xf32>
      gpu.return
    }
    gpu.func @ceil(%x: memref<65536xf32>, %y: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf32>
      %r = math.ceil %v : f32
      memref.store %r, %y[%i] : memref<65536xf32>
      gpu.return
    }
    gpu.func @exp2_f16(%x: memref<65536xf16>, %y: memref<65536xf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf16>
      %r = math.exp2 %v : f16
      memref.store %r, %y[%i] : memref<65536xf16>
      gpu.return
    }
    gpu.func @log_f16(%x: memref<65536xf16>, %y: memref<65536xf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf16>
      %r = math.log %v : f16
      memref.store %r, %y[%i] : memref<65536xf16>
      gpu.return
    }
    gpu.func @tanh_f16(%x: memref<65536xf16>, %y: memref<65536xf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf16>
      %r = math.tanh %v : f16
      memref.store %r, %y[%i] : memref<65536xf16>
      gpu.return
    }
    gpu.func @erf_f16(%x: memref<65536xf16>, %y: memref<65536xf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf16>
      %r = math.erf %v : f16
      memref.store %r, %y[%i] : memref<65536xf16>
      gpu.return
    }
    gpu.func @rsqrt_f16(%x: memref<65536xf16>, %y: memref<65536xf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xf16>
      %r = math.rsqrt %v : f16
      memref.store %r, %y[%i] : memref<65536xf16>
      gpu.return
    }
    gpu.func @exp2_bf16(%x: memref<65536xbf16>, %y: memref<65536xbf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xbf16>
      %r = math.exp2 %v : bf16
      memref.store %r, %y[%i] : memref<65536xbf16>
      gpu.return
    }
    gpu.func @log_bf16(%x: memref<65536xbf16>, %y: memref<65536xbf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xbf16>
      %r = math.log %v : bf16
      memref.store %r, %y[%i] : memref<65536xbf16>
      gpu.return
    }
    gpu.func @tanh_bf16(%x: memref<65536xbf16>, %y: memref<65536xbf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xbf16>
      %r = math.tanh %v : bf16
      memref.store %r, %y[%i] : memref<65536xbf16>
      gpu.return
    }
    gpu.func @erf_bf16(%x: memref<65536xbf16>, %y: memref<65536xbf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xbf16>
      %r = math.erf %v : bf16
      memref.store %r, %y[%i] : memref<65536xbf16>
      gpu.return
    }
    gpu.func @rsqrt_bf16(%x: memref<65536xbf16>, %y: memref<65536xbf16>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<65536xbf16>
      %r = math.rsqrt %v : bf16
      memref.store %r, %y[%i] : memref<65536xbf16>
      gpu.return
    }
    gpu.func @tanh_v4(%x: memref<65536xf32>, %y: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %g = gpu.global_id x
      %c4 = arith.constant 4 : index
      %i = arith.muli %g, %c4 : index
      %v = vector.load %x[%i] : memref<65536xf32>, vector<4xf32>
      %r = math.tanh %v : vector<4xf32>
      vector.store %r, %y[%i] : memref<65536xf32>, vector<4xf32>
      gpu.return
    }
    gpu.func @erf_v4(%x: memref<65536xf32>, %y: memref<65536xf32>) kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %g = gpu.global_id x
      %c4 = arith.constant 4 : index
      %i = arith.muli %g, %c4 : index
      %v = vector.load %x[%i] : memref<65536xf32>, vector<4xf32>
      %r = math.erf %v : vector<4xf32>
      vector.store %r, %y[%i] : memref<65536xf32>, vector<4xf32>
      gpu.return
    }
  }
}
