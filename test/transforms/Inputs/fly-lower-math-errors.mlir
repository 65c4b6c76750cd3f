// Math ops fly-lower-math cannot lower without the ROCm device libraries are
// errors at the op (fly-lower-math.mlir runs this file).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @refused(%a: memref<64xf32>, %d: memref<64xf64>) kernel {
      %c0 = arith.constant 0 : index
      %x = memref.load %a[%c0] : memref<64xf32>
      // expected-error@+1 {{'math.sin' has no lowering without the ROCm device libraries, which flyc does not link}}
      %s = math.sin %x : f32
      // expected-error@+1 {{'math.powf' has no lowering without the ROCm device libraries}}
      %p = math.powf %x, %s : f32
      memref.store %p, %a[%c0] : memref<64xf32>
      %y = memref.load %d[%c0] : memref<64xf64>
      // expected-error@+1 {{'math.tanh' on f64 has no lowering without the ROCm device libraries (AMDGPU has no instruction for it); flyc lowers it for f16, bf16 and f32}}
      %t = math.tanh %y : f64
      // expected-error@+1 {{'math.exp' on f64 has no lowering}}
      %e = math.exp %t : f64
      memref.store %e, %d[%c0] : memref<64xf64>
      gpu.return
    }
  }
}
