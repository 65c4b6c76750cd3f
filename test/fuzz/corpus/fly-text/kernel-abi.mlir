// Kernel arguments as users write them: dynamic memrefs, and launch sizes
// without known_block_size. A dynamic memref is passed as its pointer and
// its dynamic sizes (strides and offset of an explicit strided layout);
// gpu.block_dim/grid_dim/global_id read the dispatch's hidden arguments.
// docs/pipeline.md, "Kernel ABI".

// The block size from hidden_group_size_x: 12 bytes into the implicit arguments.
// An identity layout's row stride is its second size; the explicit one is passed.
// Group sizes y and z at 14 and 16, block counts x, y, z at 0, 4, 8.

// The metadata names every argument; flyc-run fills in a rank-1 memref's size.

// On the emulator, both chips: saxpy over 1000 elements with 4 x 256
// threads (the last 24 must not write), a 12x20 window at offset 37 of a
// 40-wide matrix copied out, and every thread of a 3x2x5 grid of 8x4x2
// blocks writing its global id where the launch sizes say.

// The launcher checks the argument count against the ABI.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // y[i] = a * x[i] + y[i] for i < size(x); the block size comes from the dispatch.
    gpu.func @saxpy(%x: memref<?xf32, 1>, %y: memref<?xf32, 1>, %a: f32) kernel {
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %t = arith.muli %bid, %bdim : index
      %i = arith.addi %t, %tid : index
      %c0 = arith.constant 0 : index
      %n = memref.dim %x, %c0 : memref<?xf32, 1>
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %xv = memref.load %x[%i] : memref<?xf32, 1>
        %yv = memref.load %y[%i] : memref<?xf32, 1>
        %p = arith.mulf %a, %xv : f32
        %s = arith.addf %p, %yv : f32
        memref.store %s, %y[%i] : memref<?xf32, 1>
      }
      gpu.return
    }
    // w[r][c] = src[r][c] for the src window given by sizes, row stride and offset.
    gpu.func @strided_copy(%src: memref<?x?xf32, strided<[?, 1], offset: ?>, 1>, %w: memref<?x?xf32, 1>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %rows = memref.dim %w, %c0 : memref<?x?xf32, 1>
      %cols = memref.dim %w, %c1 : memref<?x?xf32, 1>
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_dim x
      %by = gpu.block_dim y
      scf.for %r = %ty to %rows step %by {
        scf.for %c = %tx to %cols step %bx {
          %v = memref.load %src[%r, %c] : memref<?x?xf32, strided<[?, 1], offset: ?>, 1>
          memref.store %v, %w[%r, %c] : memref<?x?xf32, 1>
        }
      }
      gpu.return
    }
    // ids[(gz*GY + gy)*GX + gx] = gx + 1000*gy + 1000000*gz for the global id
    // (gx, gy, gz) in a grid of GX x GY x GZ threads; thread 0 also writes
    // the block and grid sizes.
    gpu.func @launch_sizes(%ids: memref<?xi32, 1>, %sizes: memref<6xi32, 1>) kernel {
      %gx = gpu.global_id x
      %gy = gpu.global_id y
      %gz = gpu.global_id z
      %bx = gpu.block_dim x
      %by = gpu.block_dim y
      %bz = gpu.block_dim z
      %nx = gpu.grid_dim x
      %ny = gpu.grid_dim y
      %nz = gpu.grid_dim z
      %GX = arith.muli %bx, %nx : index
      %GY = arith.muli %by, %ny : index
      %l0 = arith.muli %gz, %GY : index
      %l1 = arith.addi %l0, %gy : index
      %l2 = arith.muli %l1, %GX : index
      %lin = arith.addi %l2, %gx : index
      %c1000 = arith.constant 1000 : index
      %c1000000 = arith.constant 1000000 : index
      %vy = arith.muli %gy, %c1000 : index
      %vz = arith.muli %gz, %c1000000 : index
      %v0 = arith.addi %gx, %vy : index
      %v1 = arith.addi %v0, %vz : index
      %v = arith.index_cast %v1 : index to i32
      memref.store %v, %ids[%lin] : memref<?xi32, 1>
      %c0 = arith.constant 0 : index
      %first = arith.cmpi eq, %lin, %c0 : index
      scf.if %first {
        %all = vector.from_elements %bx, %by, %bz, %nx, %ny, %nz : vector<6xindex>
        %all32 = arith.index_cast %all : vector<6xindex> to vector<6xi32>
        vector.store %all32, %sizes[%c0] : memref<6xi32, 1>, vector<6xi32>
      }
      gpu.return
    }
  }
}
