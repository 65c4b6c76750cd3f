// Wave queries on the emulator: gpu.num_subgroups, gpu.subgroup_id (both
// from fly-resolve-block-dim), gpu.subgroup_size and gpu.lane_id. A block
// of 48x2x2 threads is 192 linear ids in three waves; thread (x, y, z)
// stores size*10^6 + lane*10^4 + wave*100 + waves at its linear id, and
// every one of the 192 values is compared with awk's own formula.
// RUN: rm -rf %t && mkdir -p %t
// RUN: flyc %s --chip gfx950 -o %t/gfx950.hsaco
// RUN: flyc-run %t/gfx950.hsaco --kernel waves --grid 1 --block 48,2,2 out:i32:192 --out out=%t/gfx950.bin
// RUN: od -A n -t d4 -v -w4 %t/gfx950.bin | awk -f %S/Inputs/wave-ids.awk | FileCheck %s
// RUN: flyc %s --chip gfx942 -o %t/gfx942.hsaco
// RUN: flyc-run %t/gfx942.hsaco --kernel waves --grid 1 --block 48,2,2 out:i32:192 --out out=%t/gfx942.bin
// RUN: od -A n -t d4 -v -w4 %t/gfx942.bin | awk -f %S/Inputs/wave-ids.awk | FileCheck %s
// CHECK: 192 values, 0 wrong
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @waves(%out: memref<?xi32, 1>) kernel {
      %n = gpu.num_subgroups : index
      %s = gpu.subgroup_id : index
      %sz = gpu.subgroup_size : index
      %l = gpu.lane_id
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %tz = gpu.thread_id z
      %bx = gpu.block_dim x
      %by = gpu.block_dim y
      %lin0 = arith.muli %by, %tz : index
      %lin1 = arith.addi %ty, %lin0 : index
      %lin2 = arith.muli %bx, %lin1 : index
      %lin = arith.addi %tx, %lin2 : index
      %c100 = arith.constant 100 : index
      %c10000 = arith.constant 10000 : index
      %a0 = arith.muli %s, %c100 : index
      %a1 = arith.addi %a0, %n : index
      %a2 = arith.muli %l, %c10000 : index
      %a3 = arith.addi %a1, %a2 : index
      %c1000000 = arith.constant 1000000 : index
      %a4 = arith.muli %sz, %c1000000 : index
      %a5 = arith.addi %a3, %a4 : index
      %v = arith.index_cast %a5 : index to i32
      memref.store %v, %out[%lin] : memref<?xi32, 1>
      gpu.return
    }
  }
}
