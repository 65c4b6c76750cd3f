module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<64xf32>, %b: memref<64xf32>, %c: memref<64xf32>, %n: i32) kernel attributes {fly.model_launch = "--grid 1 --block 64 a:f32:64 b:f32:64 c:f32:64"} {
      gpu.return
    }
  }
}
