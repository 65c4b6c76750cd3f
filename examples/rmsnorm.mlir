// RMSNorm: y[r, :] = x[r, :] / sqrt(mean(x[r, :]^2) + 1e-6) * g for rows of
// 1024 f32, one 256-thread workgroup per row, four elements per thread; the
// sum of squares is one gpu.all_reduce, math.rsqrt is lowered without device
// libraries (docs/language.md). Launch M workgroups:
//   flyc examples/rmsnorm.mlir -o rmsnorm.hsaco
//   flyc-run rmsnorm.hsaco --kernel rmsnorm --grid M --block 256 \
//     x:f32:M*1024:rand=1 g:f32:1024:rand=2 y:f32:M*1024
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @rmsnorm(%x: memref<?x1024xf32>, %g: memref<1024xf32>, %y: memref<?x1024xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %row = gpu.block_id x
      %t = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %col = arith.muli %t, %c4 : index
      %v = vector.load %x[%row, %col] : memref<?x1024xf32>, vector<4xf32>
      %sq = arith.mulf %v, %v : vector<4xf32>
      %s4 = vector.reduction <add>, %sq : vector<4xf32> into f32
      %s = gpu.all_reduce add %s4 uniform {} : (f32) -> f32
      %inv_n = arith.constant 9.765625e-04 : f32
      %eps = arith.constant 1.0e-06 : f32
      %mean = arith.mulf %s, %inv_n : f32
      %var = arith.addf %mean, %eps : f32
      %r = math.rsqrt %var : f32
      %rv = vector.broadcast %r : f32 to vector<4xf32>
      %gv = vector.load %g[%col] : memref<1024xf32>, vector<4xf32>
      %n = arith.mulf %v, %rv : vector<4xf32>
      %o = arith.mulf %n, %gv : vector<4xf32>
      vector.store %o, %y[%row, %col] : memref<?x1024xf32>, vector<4xf32>
      gpu.return
    }
  }
}
