// Tiled transpose through swizzled LDS: y = x^T for a 1024x1024 f32 matrix,
// one 64x64 tile per 256-thread workgroup (grid 16x16). Each thread loads
// 4-element row vectors of its tile and stores them into the LDS tile, then
// reads the tile back down its columns and stores 4-element row vectors of
// the transposed tile. The LDS tile is seen through two tensors on the same
// memory: S<4,2,6> o 0 o (64,64):(64,1) to write it and the transposed view
// S<4,2,6> o 0 o (64,64):(1,64) to read it, so both sides go through the
// same swizzle. The swizzle XORs row bits 2..5 into column bits 2..5 (runs
// of four elements stay together for the 16-byte writes); with the column
// reads mapped as below it is bank-conflict-free on both chips:
//   flyc layout 'bank_conflicts(S<4,2,6> o 0 o (4,16):(1,256), 4, 4, gfx950)'
//   flyc layout 'bank_conflicts(S<4,2,6> o 0 o (4,16):(1,256), 4, 4, gfx942)'
// (without the swizzle the same reads are 16-way and 8-way conflicts).
//   flyc examples/transpose.mlir -o transpose.hsaco
//   flyc-run transpose.hsaco --kernel transpose --grid 16,16 --block 256 \
//     x:f32:1048576:rand=1 y:f32:1048576
!g = !fly.tensor<"f32 global (1024,1024):(1024,1)">
!gt = !fly.tensor<"f32 global (64,64):(1024,1)">
!s = !fly.tensor<"f32 shared S<4,2,6> o 0 o (64,64):(64,1)">
!st = !fly.tensor<"f32 shared S<4,2,6> o 0 o (64,64):(1,64)">
!lds = memref<4096xf32, #gpu.address_space<workgroup>>
!crd = !fly.int_tuple<"(?,?)">
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @transpose(%x: memref<1048576xf32>, %y: memref<1048576xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %sh = "fly.shared_alloc"() {fields = "tile: f32[4096]"} : () -> !fly.shared_storage<"T">
      %mem = "fly.shared_field"(%sh) {field = "tile"} : (!fly.shared_storage<"T">) -> !lds
      %rl = "fly.static"() : () -> !fly.composed_layout<"S<4,2,6> o 0 o (64,64):(64,1)">
      %cl = "fly.static"() : () -> !fly.composed_layout<"S<4,2,6> o 0 o (64,64):(1,64)">
      %rows = "fly.make_tensor"(%mem, %rl) : (!lds, !fly.composed_layout<"S<4,2,6> o 0 o (64,64):(64,1)">) -> !s
      %cols = "fly.make_tensor"(%mem, %cl) : (!lds, !fly.composed_layout<"S<4,2,6> o 0 o (64,64):(1,64)">) -> !st
      %gl = "fly.static"() : () -> !fly.layout<"(1024,1024):(1024,1)">
      %gx = "fly.make_tensor"(%x, %gl) : (memref<1048576xf32>, !fly.layout<"(1024,1024):(1024,1)">) -> !g
      %gy = "fly.make_tensor"(%y, %gl) : (memref<1048576xf32>, !fly.layout<"(1024,1024):(1024,1)">) -> !g
      %bi = gpu.block_id x
      %bj = gpu.block_id y
      %tc = "fly.make_int_tuple"(%bi, %bj) : (index, index) -> !crd
      %tct = "fly.make_int_tuple"(%bj, %bi) : (index, index) -> !crd
      %tx = "fly.local_tile"(%gx, %tc) {tile = "(64,64)"} : (!g, !crd) -> !gt
      %ty = "fly.local_tile"(%gy, %tct) {tile = "(64,64)"} : (!g, !crd) -> !gt
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %t = gpu.thread_id x
      // Write: thread t stores row t/16 + 16k, columns 4(t%16) .. +3.
      %wr = arith.divui %t, %c16 : index
      %wm = arith.remui %t, %c16 : index
      %wc = arith.muli %wm, %c4 : index
      scf.for %k = %c0 to %c4 step %c1 {
        %ko = arith.muli %k, %c16 : index
        %r = arith.addi %wr, %ko : index
        %at = "fly.make_int_tuple"(%r, %wc) : (index, index) -> !crd
        %v = "fly.load"(%tx, %at) : (!gt, !crd) -> vector<4xf32>
        "fly.store"(%v, %rows, %at) : (vector<4xf32>, !s, !crd) -> ()
      }
      gpu.barrier
      // Read: thread t of wave w builds row i = t%4 + 4w + 16k, columns
      // j = 4((t/4)%16) .. +3 of the transposed tile from column i of the
      // LDS tile (lane l reads LDS row 4(l/4) + q: conflict-free).
      %w = arith.divui %t, %c64 : index
      %il = arith.remui %t, %c4 : index
      %w4 = arith.muli %w, %c4 : index
      %ib = arith.addi %il, %w4 : index
      %t4 = arith.divui %t, %c4 : index
      %jm = arith.remui %t4, %c16 : index
      %j = arith.muli %jm, %c4 : index
      %j1 = arith.addi %j, %c1 : index
      %j2 = arith.addi %j, %c2 : index
      %j3 = arith.addi %j, %c3 : index
      scf.for %k = %c0 to %c4 step %c1 {
        %ko = arith.muli %k, %c16 : index
        %i = arith.addi %ib, %ko : index
        %a0 = "fly.make_int_tuple"(%i, %j) : (index, index) -> !crd
        %a1 = "fly.make_int_tuple"(%i, %j1) : (index, index) -> !crd
        %a2 = "fly.make_int_tuple"(%i, %j2) : (index, index) -> !crd
        %a3 = "fly.make_int_tuple"(%i, %j3) : (index, index) -> !crd
        %e0 = "fly.load"(%cols, %a0) : (!st, !crd) -> f32
        %e1 = "fly.load"(%cols, %a1) : (!st, !crd) -> f32
        %e2 = "fly.load"(%cols, %a2) : (!st, !crd) -> f32
        %e3 = "fly.load"(%cols, %a3) : (!st, !crd) -> f32
        %row = vector.from_elements %e0, %e1, %e2, %e3 : vector<4xf32>
        "fly.store"(%row, %ty, %a0) : (vector<4xf32>, !gt, !crd) -> ()
      }
      gpu.return
    }
  }
}
