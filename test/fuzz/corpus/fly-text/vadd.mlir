// The driver compiles a gpu/memref kernel to a code object for each chip;
// the ELF, the kernel descriptor symbol and --stats agree with LLVM's tools.




// --stats reports what the code object's metadata says (no AGPRs: the arch
// count is .vgpr_count, allocated in granules of 8).

// --emit isa prints the kernel's assembly.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @vadd(%a: memref<4096xf32>, %b: memref<4096xf32>, %c: memref<4096xf32>, %n: i32) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %n_idx = arith.index_cast %n : i32 to index
      %in_range = arith.cmpi ult, %i, %n_idx : index
      scf.if %in_range {
        %x = memref.load %a[%i] : memref<4096xf32>
        %y = memref.load %b[%i] : memref<4096xf32>
        %z = arith.addf %x, %y : f32
        memref.store %z, %c[%i] : memref<4096xf32>
      }
      gpu.return
    }
  }
}
