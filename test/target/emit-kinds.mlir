// --emit mlir stops after the fly stage (gpu ops kept, block_dim resolved);
// --emit llvm prints the optimised LLVM IR; -O0 still compiles.

// RUN: flyc %s --emit mlir -o - | FileCheck %s --check-prefix=MLIR
// MLIR-LABEL: gpu.func @k
// MLIR-NOT: gpu.block_dim
// MLIR: gpu.thread_id x
// MLIR: gpu.return

// RUN: flyc %s --emit llvm -o - | FileCheck %s --check-prefix=LLVM
// LLVM: target triple = "amdgcn-amd-amdhsa"
// LLVM-LABEL: define amdgpu_kernel void @k(
// LLVM: call {{.*}}i32 @llvm.amdgcn.workitem.id.x()
// LLVM: "amdgpu-flat-work-group-size"="128,128"

// RUN: flyc %s -O0 --chip gfx942 --emit isa -o - | FileCheck %s --check-prefix=O0
// O0: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
// O0-LABEL: k:
// RUN: flyc %s -O0 -o %t.hsaco --stats | FileCheck %s --check-prefix=STATS
// STATS: kernel k (gfx950)

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<256xi32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      %tid = gpu.thread_id x
      %bd = gpu.block_dim x
      %i = arith.addi %tid, %bd : index
      %v = arith.index_cast %i : index to i32
      memref.store %v, %out[%tid] : memref<256xi32>
      gpu.return
    }
  }
}
