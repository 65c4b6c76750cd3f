// Row softmax: y[r, :] = exp(x[r, :] - max) / sum(exp(x[r, :] - max)) for
// rows of 1024 f32, one 256-thread workgroup per row, four elements per
// thread. The two row reductions are gpu.all_reduce; math.exp is lowered
// without device libraries (docs/language.md). Launch M workgroups:
//   flyc examples/softmax.mlir -o softmax.hsaco
//   flyc-run softmax.hsaco --kernel softmax --grid M --block 256 \
//     x:f32:M*1024:rand=1 y:f32:M*1024
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @softmax(%x: memref<?x1024xf32>, %y: memref<?x1024xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %row = gpu.block_id x
      %t = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %col = arith.muli %t, %c4 : index
      %v = vector.load %x[%row, %col] : memref<?x1024xf32>, vector<4xf32>
      %m4 = vector.reduction <maxnumf>, %v : vector<4xf32> into f32
      %m = gpu.all_reduce maxnumf %m4 uniform {} : (f32) -> f32
      %mv = vector.broadcast %m : f32 to vector<4xf32>
      %d = arith.subf %v, %mv : vector<4xf32>
      %e = math.exp %d : vector<4xf32>
      %s4 = vector.reduction <add>, %e : vector<4xf32> into f32
      %s = gpu.all_reduce add %s4 uniform {} : (f32) -> f32
      %one = arith.constant 1.0 : f32
      %inv = arith.divf %one, %s : f32
      %iv = vector.broadcast %inv : f32 to vector<4xf32>
      %r = arith.mulf %e, %iv : vector<4xf32>
      vector.store %r, %y[%row, %col] : memref<?x1024xf32>, vector<4xf32>
      gpu.return
    }
  }
}
