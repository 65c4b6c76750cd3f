// A vector add written with the gpu, memref and arith dialects: each of the
// 256 threads of a workgroup adds one element of the first n. Memref
// arguments are passed as bare pointers, so their shapes are static. Compile it with
//   flyc examples/vadd.mlir -o vadd.hsaco --stats
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @vadd(%a: memref<65536xf32>, %b: memref<65536xf32>, %c: memref<65536xf32>, %n: i32) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %n_idx = arith.index_cast %n : i32 to index
      %in_range = arith.cmpi ult, %i, %n_idx : index
      scf.if %in_range {
        %x = memref.load %a[%i] : memref<65536xf32>
        %y = memref.load %b[%i] : memref<65536xf32>
        %z = arith.addf %x, %y : f32
        memref.store %z, %c[%i] : memref<65536xf32>
      }
      gpu.return
    }
  }
}
