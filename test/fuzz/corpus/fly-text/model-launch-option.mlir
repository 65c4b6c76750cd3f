module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<64xf32>) kernel attributes {fly.model_launch = "--grid 1 --block 64 --out a=/tmp/a a:f32:64"} {
      gpu.return
    }
  }
}
