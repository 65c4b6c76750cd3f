// Reductions fly-lower-reductions refuses, each at its op
// (fly-lower-reductions.mlir runs this file).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @refused(%a: memref<64xf32>, %d: memref<64xf64>) kernel {
      %c0 = arith.constant 0 : index
      %x = memref.load %a[%c0] : memref<64xf32>
      // expected-error@+1 {{'gpu.all_reduce' with a region body is not supported}}
      %r = gpu.all_reduce %x {
      ^bb(%p: f32, %q: f32):
        %s = arith.addf %p, %q : f32
        gpu.yield %s : f32
      } : (f32) -> f32
      // expected-error@+1 {{a cluster needs a uniform gpu.subgroup_reduce in a kernel whose known_block_size is a multiple of 64}}
      %c = gpu.subgroup_reduce add %x uniform cluster(size = 4) : (f32) -> f32
      %y = memref.load %d[%c0] : memref<64xf64>
      // expected-error@+1 {{'gpu.subgroup_reduce' add on f64 is not supported}}
      %e = gpu.subgroup_reduce add %y : (f64) -> f64
      %v = vector.broadcast %x : f32 to vector<2xf32>
      // expected-error@+1 {{'gpu.subgroup_reduce' add on vector<2xf32> is not supported}}
      %w = gpu.subgroup_reduce add %v : (vector<2xf32>) -> vector<2xf32>
      gpu.return
    }
  }
}
