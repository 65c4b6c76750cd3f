// LayerNorm: y[r, :] = (x[r, :] - mean) / sqrt(var + 1e-5) * g + b, with the
// mean and the (biased) variance of the row, for rows of 1024 f32; one
// 256-thread workgroup per row, four elements per thread, two gpu.all_reduce
// (the mean, then the variance from the centred values). Launch M
// workgroups:
//   flyc examples/layernorm.mlir -o layernorm.hsaco
//   flyc-run layernorm.hsaco --kernel layernorm --grid M --block 256 \
//     x:f32:M*1024:rand=1 g:f32:1024:rand=2 b:f32:1024:rand=3 y:f32:M*1024
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @layernorm(%x: memref<?x1024xf32>, %g: memref<1024xf32>, %b: memref<1024xf32>,
                        %y: memref<?x1024xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %row = gpu.block_id x
      %t = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %col = arith.muli %t, %c4 : index
      %inv_n = arith.constant 9.765625e-04 : f32
      %v = vector.load %x[%row, %col] : memref<?x1024xf32>, vector<4xf32>
      %s4 = vector.reduction <add>, %v : vector<4xf32> into f32
      %s = gpu.all_reduce add %s4 uniform {} : (f32) -> f32
      %mean = arith.mulf %s, %inv_n : f32
      %mv = vector.broadcast %mean : f32 to vector<4xf32>
      %d = arith.subf %v, %mv : vector<4xf32>
      %dd = arith.mulf %d, %d : vector<4xf32>
      %q4 = vector.reduction <add>, %dd : vector<4xf32> into f32
      %q = gpu.all_reduce add %q4 uniform {} : (f32) -> f32
      %var = arith.mulf %q, %inv_n : f32
      %eps = arith.constant 1.0e-05 : f32
      %ve = arith.addf %var, %eps : f32
      %r = math.rsqrt %ve : f32
      %rv = vector.broadcast %r : f32 to vector<4xf32>
      %gv = vector.load %g[%col] : memref<1024xf32>, vector<4xf32>
      %bv = vector.load %b[%col] : memref<1024xf32>, vector<4xf32>
      %n = arith.mulf %d, %rv : vector<4xf32>
      %o = math.fma %n, %gv, %bv : vector<4xf32>
      vector.store %o, %y[%row, %col] : memref<?x1024xf32>, vector<4xf32>
      gpu.return
    }
  }
}
