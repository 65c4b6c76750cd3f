// gpu.subgroup_reduce and gpu.all_reduce, lowered by fly-lower-reductions,
// run on both chips' emulators and compared with Inputs/reduce-ref.py's CPU
// results: wave butterflies (full waves, clusters), the loop over active
// lanes (divergent code, partial waves, unknown block sizes), workgroup
// reductions through LDS (also reused in a loop), and narrow types.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/reduce-ref.py 5 %t
// RUN: flyc %s --chip gfx950 -o %t/k950.hsaco
// RUN: flyc %s --chip gfx942 -o %t/k942.hsaco
// RUN: flyc %s --chip gfx950 --emit isa -o - | FileCheck %s --check-prefix=ISA
// The full-wave butterfly uses the chip's cross-lane forms, not LDS.
// ISA-LABEL: wave_sum:
// ISA-NOT: ds_bpermute
// ISA: v_permlane32_swap
// ISA-LABEL: wave_max_divergent:
// ISA: v_readlane_b32
// ISA-LABEL: wg_sum:
// ISA: ds_write_b32
// ISA: s_barrier
//
// RUN: flyc-run %t/k950.hsaco --kernel wave_sum --grid 4 --block 256 x:f32:1024:file=%t/xf.bin y:f32:1024 --check y=%t/wave_sum.bin | FileCheck %s --check-prefix=OK
// RUN: flyc-run %t/k942.hsaco --kernel wave_sum --grid 4 --block 256 x:f32:1024:file=%t/xf.bin y:f32:1024 --check y=%t/wave_sum.bin | FileCheck %s --check-prefix=OK
// RUN: flyc-run %t/k950.hsaco --kernel cluster_sum --grid 4 --block 256 x:f32:1024:file=%t/xf.bin y:f32:1024 --check y=%t/cluster_sum.bin | FileCheck %s --check-prefix=OK
// RUN: flyc-run %t/k942.hsaco --kernel cluster_sum --grid 4 --block 256 x:f32:1024:file=%t/xf.bin y:f32:1024 --check y=%t/cluster_sum.bin | FileCheck %s --check-prefix=OK
// RUN: flyc-run %t/k950.hsaco --kernel wave_max_divergent --grid 4 --block 256 x:i32:1024:file=%t/xi.bin y:i32:1024 --check y=%t/wave_max_divergent.bin | FileCheck %s --check-prefix=OK
// RUN: flyc-run %t/k942.hsaco --kernel wave_max_divergent --grid 4 --block 256 x:i32:1024:file=%t/xi.bin y:i32:1024 --check y=%t/wave_max_divergent.bin | FileCheck %s --check-prefix=OK
// RUN: flyc-run %t/k950.hsaco --kernel wg_sum --grid 4 --block 256 x:f32:1024:file=%t/xf.bin y:f32:1024 --check y=%t/wg_sum.bin | FileCheck %s --check-prefix=OK
// RUN: flyc-run %t/k942.hsaco --kernel wg_sum --grid 4 --block 256 x:f32:1024:file=%t/xf.bin y:f32:1024 --check y=%t/wg_sum.bin | FileCheck %s --check-prefix=OK
// RUN: flyc-run %t/k950.hsaco --kernel wg_max_f16 --grid 4 --block 96 x:f16:384:file=%t/xh.bin y:f16:384 --check y=%t/wg_max_f16.bin | FileCheck %s --check-prefix=OK
// RUN: flyc-run %t/k942.hsaco --kernel wg_max_f16 --grid 4 --block 96 x:f16:384:file=%t/xh.bin y:f16:384 --check y=%t/wg_max_f16.bin | FileCheck %s --check-prefix=OK
// RUN: flyc-run %t/k950.hsaco --kernel wg_minsi_i8 --grid 4 --block 128 x:i8:512:file=%t/xb.bin y:i8:512 --check y=%t/wg_minsi_i8.bin | FileCheck %s --check-prefix=OK
// RUN: flyc-run %t/k942.hsaco --kernel wg_minsi_i8 --grid 4 --block 128 x:i8:512:file=%t/xb.bin y:i8:512 --check y=%t/wg_minsi_i8.bin | FileCheck %s --check-prefix=OK
// RUN: flyc-run %t/k950.hsaco --kernel wg_sum_dynamic --grid 4 --block 160 x:i32:640:file=%t/xd.bin y:i32:640 --check y=%t/wg_sum_dynamic.bin | FileCheck %s --check-prefix=OK
// RUN: flyc-run %t/k942.hsaco --kernel wg_sum_dynamic --grid 4 --block 160 x:i32:640:file=%t/xd.bin y:i32:640 --check y=%t/wg_sum_dynamic.bin | FileCheck %s --check-prefix=OK
// RUN: flyc-run %t/k950.hsaco --kernel wg_loop --grid 4 --block 256 x:f32:1024:file=%t/xf.bin y:f32:1024 --check y=%t/wg_loop.bin | FileCheck %s --check-prefix=OK
// RUN: flyc-run %t/k942.hsaco --kernel wg_loop --grid 4 --block 256 x:f32:1024:file=%t/xf.bin y:f32:1024 --check y=%t/wg_loop.bin | FileCheck %s --check-prefix=OK
// OK: check y: ok ({{[0-9]+}} {{[a-z0-9]+}} elements, bit-exact, max abs error 0)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // y[i] = the sum of x over i's wave (every wave full: the butterfly).
    gpu.func @wave_sum(%x: memref<1024xf32>, %y: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<1024xf32>
      %s = gpu.subgroup_reduce add %v uniform : (f32) -> f32
      memref.store %s, %y[%i] : memref<1024xf32>
      gpu.return
    }
    // y[i] = the sum over the 16 lanes of i's wave congruent to i mod 2 and
    // in i's 32-lane half.
    gpu.func @cluster_sum(%x: memref<1024xf32>, %y: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<1024xf32>
      %s = gpu.subgroup_reduce add %v uniform cluster(size = 16, stride = 2) : (f32) -> f32
      memref.store %s, %y[%i] : memref<1024xf32>
      gpu.return
    }
    // Lanes with i % 3 != 0 only: y[i] = the largest x of those lanes of
    // i's wave; the other lanes leave y[i] = 0 (the loop over active lanes).
    gpu.func @wave_max_divergent(%x: memref<1024xi32>, %y: memref<1024xi32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %c3 = arith.constant 3 : index
      %c0 = arith.constant 0 : index
      %r = arith.remui %i, %c3 : index
      %on = arith.cmpi ne, %r, %c0 : index
      scf.if %on {
        %v = memref.load %x[%i] : memref<1024xi32>
        %m = gpu.subgroup_reduce maxsi %v : (i32) -> i32
        memref.store %m, %y[%i] : memref<1024xi32>
      }
      gpu.return
    }
    // y[i] = the sum of x over i's workgroup (4 waves).
    gpu.func @wg_sum(%x: memref<1024xf32>, %y: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<1024xf32>
      %s = gpu.all_reduce add %v uniform {} : (f32) -> f32
      memref.store %s, %y[%i] : memref<1024xf32>
      gpu.return
    }
    // 96 threads: a full wave and a half one; f16 combined in f32.
    gpu.func @wg_max_f16(%x: memref<384xf16>, %y: memref<384xf16>) kernel
        attributes {known_block_size = array<i32: 96, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<384xf16>
      %m = gpu.all_reduce maxnumf %v uniform {} : (f16) -> f16
      memref.store %m, %y[%i] : memref<384xf16>
      gpu.return
    }
    // Signed i8 minimum over 128 threads (sign-extended to i32).
    gpu.func @wg_minsi_i8(%x: memref<512xi8>, %y: memref<512xi8>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<512xi8>
      %m = gpu.all_reduce minsi %v uniform {} : (i8) -> i8
      memref.store %m, %y[%i] : memref<512xi8>
      gpu.return
    }
    // No declared block size (launched with 160: two full waves and a half).
    gpu.func @wg_sum_dynamic(%x: memref<640xi32>, %y: memref<640xi32>) kernel {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<640xi32>
      %s = gpu.all_reduce add %v uniform {} : (i32) -> i32
      memref.store %s, %y[%i] : memref<640xi32>
      gpu.return
    }
    // Four workgroup reductions in a loop reuse one buffer:
    // acc = acc * 0.5 + sum(x * (k + 1)) for k = 0..3, so y = 6.125 * sum(x).
    gpu.func @wg_loop(%x: memref<1024xf32>, %y: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %v = memref.load %x[%i] : memref<1024xf32>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %zero = arith.constant 0.0 : f32
      %half = arith.constant 0.5 : f32
      %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %zero) -> (f32) {
        %k1 = arith.addi %k, %c1 : index
        %ki = arith.index_cast %k1 : index to i32
        %kf = arith.sitofp %ki : i32 to f32
        %w = arith.mulf %v, %kf : f32
        %s = gpu.all_reduce add %w uniform {} : (f32) -> f32
        %h = arith.mulf %a, %half : f32
        %n = arith.addf %h, %s : f32
        scf.yield %n : f32
      }
      memref.store %acc, %y[%i] : memref<1024xf32>
      gpu.return
    }
  }
}
