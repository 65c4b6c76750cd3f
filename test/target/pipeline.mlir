// The pipeline is data: --print-pipeline prints it, fly-opt replays it, and
// --dump-after-each writes the IR after every pass.

// RUN: flyc --print-pipeline | FileCheck %s --check-prefix=PIPE950
// PIPE950: fly-verify,fly-fold,fly-shared-alloc{chip=gfx950},fly-lower-layout{chip=gfx950},fly-lower-sync,fly-lower-mma{chip=gfx950},fly-lower-reductions,fly-resolve-block-dim,fly-lower-math,fly-kernel-abi,fly-verify-target{chip=gfx950},canonicalize{region-simplify=disabled},cse,fly-hot-loop-schedule,convert-scf-to-cf,gpu.module(convert-arith-to-amdgpu{chipset=gfx950 saturate-fp8-truncf=true}),gpu.module(convert-gpu-to-rocdl{chipset=gfx950 use-bare-ptr-memref-call-conv=true index-bitwidth=32}),reconcile-unrealized-casts
// RUN: flyc --print-pipeline --chip gfx942 -O0 | FileCheck %s --check-prefix=PIPE942
// PIPE942: fly-verify,fly-fold,fly-shared-alloc{chip=gfx942},fly-lower-layout{chip=gfx942},fly-lower-sync,fly-lower-mma{chip=gfx942},fly-lower-reductions,fly-resolve-block-dim,fly-lower-math,fly-kernel-abi,fly-verify-target{chip=gfx942},fly-hot-loop-schedule,convert-scf-to-cf,gpu.module(convert-arith-to-amdgpu{chipset=gfx942 saturate-fp8-truncf=true}),gpu.module(convert-gpu-to-rocdl{chipset=gfx942 use-bare-ptr-memref-call-conv=true index-bitwidth=32}),reconcile-unrealized-casts

// RUN: flyc --print-pipeline > %t.pipeline
// RUN: fly-opt %s --pipeline-file %t.pipeline | FileCheck %s --check-prefix=REPLAY
// REPLAY: gpu.module @kernels
// REPLAY: llvm.func @k(
// REPLAY-SAME: rocdl.kernel
// REPLAY-NOT: gpu.func

// RUN: rm -rf %t.dump
// RUN: flyc %s -o %t.hsaco --dump-after-each %t.dump
// RUN: find %t.dump -name '*.mlir' | sort | FileCheck %s --check-prefix=DUMP
// DUMP-DAG: fly-resolve-block-dim.mlir
// DUMP-DAG: fly-lower-math.mlir
// DUMP-DAG: fly-lower-reductions.mlir
// DUMP-DAG: convert-gpu-to-rocdl.mlir
// DUMP-DAG: reconcile-unrealized-casts.mlir

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %v = arith.index_cast %tid : index to i32
      memref.store %v, %out[%tid] : memref<64xi32>
      gpu.return
    }
  }
}
