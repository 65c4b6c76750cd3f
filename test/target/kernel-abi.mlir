// Kernel arguments as users write them: dynamic memrefs, and launch sizes
// without known_block_size. A dynamic memref is passed as its pointer and
// its dynamic sizes (strides and offset of an explicit strided layout), as
// 8-byte integers that device code casts to its 32-bit index;
// gpu.block_dim/grid_dim/global_id read the dispatch's hidden arguments.
// docs/pipeline.md, "Kernel ABI".

// RUN: flyc %s --emit mlir -o - | FileCheck %s --check-prefix=MLIR
// MLIR-LABEL: gpu.func @saxpy
// MLIR-SAME: (%[[X:.*]]: memref<2147483647xf32, 1>, %[[XNW:.*]]: i64, %[[Y:.*]]: memref<2147483647xf32, 1>, %[[YNW:.*]]: i64, %[[A:.*]]: f32)
// MLIR-SAME: fly.arg_names = ["arg0", "arg0.size0", "arg1", "arg1.size0", "arg2"]
// MLIR-DAG: %[[XN:.*]] = arith.index_cast %[[XNW]] : i64 to index
// MLIR-DAG: %[[YN:.*]] = arith.index_cast %[[YNW]] : i64 to index
// MLIR-DAG: memref.reinterpret_cast %[[X]] to offset: [0], sizes: [%[[XN]]], strides: [1] : memref<2147483647xf32, 1> to memref<?xf32, 1>
// MLIR-DAG: memref.reinterpret_cast %[[Y]] to offset: [0], sizes: [%[[YN]]], strides: [1] : memref<2147483647xf32, 1> to memref<?xf32, 1>
// The block size from hidden_group_size_x: 12 bytes into the implicit arguments.
// MLIR: %[[IA:.*]] = llvm.call_intrinsic "llvm.amdgcn.implicitarg.ptr"() : () -> !llvm.ptr<4>
// MLIR: %[[GSX:.*]] = llvm.getelementptr %[[IA]][12] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i8
// MLIR: llvm.load %[[GSX]] invariant {alignment = 2 : i64} : !llvm.ptr<4> -> i16
// MLIR-LABEL: gpu.func @strided_copy
// MLIR-SAME: (%[[S:.*]]: memref<2147483647xf32, 1>, %[[S0W:.*]]: i64, %[[S1W:.*]]: i64, %[[ST0W:.*]]: i64, %[[SOFFW:.*]]: i64, %[[D:.*]]: memref<2147483647xf32, 1>, %[[D0W:.*]]: i64, %[[D1W:.*]]: i64)
// MLIR-SAME: fly.arg_names = ["arg0", "arg0.size0", "arg0.size1", "arg0.stride0", "arg0.offset", "arg1", "arg1.size0", "arg1.size1"]
// MLIR-DAG: %[[S0:.*]] = arith.index_cast %[[S0W]] : i64 to index
// MLIR-DAG: %[[S1:.*]] = arith.index_cast %[[S1W]] : i64 to index
// MLIR-DAG: %[[ST0:.*]] = arith.index_cast %[[ST0W]] : i64 to index
// MLIR-DAG: %[[SOFF:.*]] = arith.index_cast %[[SOFFW]] : i64 to index
// MLIR-DAG: %[[D0:.*]] = arith.index_cast %[[D0W]] : i64 to index
// MLIR-DAG: %[[D1:.*]] = arith.index_cast %[[D1W]] : i64 to index
// An identity layout's row stride is its second size; the explicit one is passed.
// MLIR-DAG: memref.reinterpret_cast %[[S]] to offset: [%[[SOFF]]], sizes: [%[[S0]], %[[S1]]], strides: [%[[ST0]], 1]
// MLIR-DAG: memref.reinterpret_cast %[[D]] to offset: [0], sizes: [%[[D0]], %[[D1]]], strides: [%[[D1]], 1]
// MLIR-LABEL: gpu.func @launch_sizes
// Group sizes y and z at 14 and 16, block counts x, y, z at 0, 4, 8.
// MLIR-DAG: llvm.getelementptr %{{.*}}[14] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i8
// MLIR-DAG: llvm.getelementptr %{{.*}}[16] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i8
// MLIR-DAG: llvm.getelementptr %{{.*}}[4] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i8
// MLIR-DAG: llvm.getelementptr %{{.*}}[8] : (!llvm.ptr<4>) -> !llvm.ptr<4>, i8
// MLIR-NOT: gpu.block_dim
// MLIR-NOT: gpu.grid_dim
// MLIR-NOT: gpu.global_id

// The metadata names every argument; flyc-run fills in a rank-1 memref's size.
// RUN: flyc %s -o %t.950.hsaco
// RUN: flyc-run %t.950.hsaco --list | FileCheck %s --check-prefix=LIST
// LIST-LABEL: kernel saxpy: 5 arguments
// LIST-NEXT: [0] offset 0 size 8 global_buffer arg0
// LIST-NEXT: [1] offset 8 size 8 by_value arg0.size0 (filled in: the COUNT of the buffer given for arg0)
// LIST-NEXT: [2] offset 16 size 8 global_buffer arg1
// LIST-NEXT: [3] offset 24 size 8 by_value arg1.size0 (filled in: the COUNT of the buffer given for arg1)
// LIST-NEXT: [4] offset 32 size 4 by_value arg2
// LIST-LABEL: kernel strided_copy: 8 arguments
// LIST-NEXT: [0] offset 0 size 8 global_buffer arg0
// LIST-NEXT: [1] offset 8 size 8 by_value arg0.size0
// LIST-NEXT: [2] offset 16 size 8 by_value arg0.size1
// LIST-NEXT: [3] offset 24 size 8 by_value arg0.stride0
// LIST-NEXT: [4] offset 32 size 8 by_value arg0.offset
// LIST-NEXT: [5] offset 40 size 8 global_buffer arg1
// LIST-NEXT: [6] offset 48 size 8 by_value arg1.size0
// LIST-NEXT: [7] offset 56 size 8 by_value arg1.size1

// On the emulator, both chips: saxpy over 1000 elements with 4 x 256
// threads (the last 24 must not write), a 12x20 window at offset 37 of a
// 40-wide matrix copied out, and every thread of a 3x2x5 grid of 8x4x2
// blocks writing its global id where the launch sizes say.
// RUN: flyc-run %t.950.hsaco --kernel saxpy --grid 4 --block 256 x:f32:1000:rand=1 y:f32:1000:rand=2 f32=0 --out x=%t.x --out y=%t.y
// RUN: flyc-run %t.950.hsaco --kernel saxpy --grid 4 --block 256 x:f32:1000:rand=1 y:f32:1000:rand=2 f32=2.5 --out y=%t.ys
// RUN: python3 %S/Inputs/check-kernel-abi.py saxpy %t.x %t.y %t.ys 2.5 | FileCheck %s --check-prefix=SAXPY
// SAXPY: saxpy: 1000 of 1000 match
// RUN: flyc-run %t.950.hsaco --kernel strided_copy --grid 1 --block 16,16 m:f32:1024:rand=3 i64=12 i64=20 i64=40 i64=37 w:f32:240:zeros i64=12 i64=20 --out m=%t.m --out w=%t.w
// RUN: python3 %S/Inputs/check-kernel-abi.py window %t.m %t.w 12 20 40 37 | FileCheck %s --check-prefix=WINDOW
// WINDOW: window: 240 of 240 match
// RUN: flyc-run %t.950.hsaco --kernel launch_sizes --grid 3,2,5 --block 8,4,2 ids:i32:1920:zeros sizes:i32:6:zeros --out ids=%t.ids --out sizes=%t.sizes
// RUN: python3 %S/Inputs/check-kernel-abi.py launch %t.ids %t.sizes 3,2,5 8,4,2 | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: sizes: 8 4 2 3 2 5
// LAUNCH: ids: 1920 of 1920 match
// RUN: flyc %s --chip gfx942 -o %t.942.hsaco
// RUN: flyc-run %t.942.hsaco --kernel saxpy --grid 4 --block 256 x:f32:1000:rand=4 y:f32:1000:rand=5 f32=0 --out x=%t.x --out y=%t.y
// RUN: flyc-run %t.942.hsaco --kernel saxpy --grid 4 --block 256 x:f32:1000:rand=4 y:f32:1000:rand=5 f32=-1.5 --out y=%t.ys
// RUN: python3 %S/Inputs/check-kernel-abi.py saxpy %t.x %t.y %t.ys -1.5 | FileCheck %s --check-prefix=SAXPY
// RUN: flyc-run %t.942.hsaco --kernel strided_copy --grid 1 --block 16,16 m:f32:1024:rand=6 i64=12 i64=20 i64=40 i64=37 w:f32:240:zeros i64=12 i64=20 --out m=%t.m --out w=%t.w
// RUN: python3 %S/Inputs/check-kernel-abi.py window %t.m %t.w 12 20 40 37 | FileCheck %s --check-prefix=WINDOW
// RUN: flyc-run %t.942.hsaco --kernel launch_sizes --grid 3,2,5 --block 8,4,2 ids:i32:1920:zeros sizes:i32:6:zeros --out ids=%t.ids --out sizes=%t.sizes
// RUN: python3 %S/Inputs/check-kernel-abi.py launch %t.ids %t.sizes 3,2,5 8,4,2 | FileCheck %s --check-prefix=LAUNCH

// The launcher checks the argument count against the ABI.
// RUN: not flyc-run %t.950.hsaco --kernel saxpy --grid 4 --block 256 x:f32:1000 y:f32:1000 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: flyc-run: error: kernel 'saxpy' takes 3 arguments (and 2 dynamic memref sizes that flyc-run fills in from the buffers' counts) but 2 were given (see flyc-run --list)
// RUN: not flyc-run %t.950.hsaco --kernel saxpy --grid 4 --block 256 u64=0 y:f32:1000 f32=1 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: flyc-run: error: kernel argument 0 ('arg0') is a dynamic memref: give a buffer (NAME:DTYPE:COUNT), whose COUNT fills 'arg0.size0'

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
