// Vector accesses wider than a swizzle's contiguous block. The LDS tensor
// S<3,2,4> o 0 o (16,64):(64,1) holds f32: the swizzle keeps runs of 2^2 = 4
// elements together and moves each run on its own, so a vector<8> store at
// (r, 8g) is two 4-element stores, each at its own swizzled address, and a
// vector<6> at (r, 8g+1) is three, one and three elements long... split
// where the 4-element blocks end: [1,4) and [4,7).

// The vector<8> store: two halves, each swizzled on its own.
// The vector<6> store at column 8g+1: 3 + 3 elements.

// On the emulator, both chips: the physical placement of every element is
// S(64r + c), computed by the checker on its own; scalar and vector reads
// give back the input.

!sw = !fly.tensor<"f32 shared S<3,2,4> o 0 o (16,64):(64,1)">
!gt = !fly.tensor<"f32 global (16,64):(64,1)">
!lds = memref<1024xf32, #gpu.address_space<workgroup>>
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @vectors(%in: memref<1024xf32>, %raw: memref<1024xf32>, %scal: memref<1024xf32>,
                      %vec: memref<1024xf32>, %odd: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %s = "fly.shared_alloc"() {fields = "v: f32[1024], w: f32[1024], o: f32[1024]"} : () -> !fly.shared_storage<"S">
      %lv = "fly.shared_field"(%s) {field = "v"} : (!fly.shared_storage<"S">) -> !lds
      %lw = "fly.shared_field"(%s) {field = "w"} : (!fly.shared_storage<"S">) -> !lds
      %lo = "fly.shared_field"(%s) {field = "o"} : (!fly.shared_storage<"S">) -> !lds
      %sl = "fly.static"() : () -> !fly.composed_layout<"S<3,2,4> o 0 o (16,64):(64,1)">
      %tv = "fly.make_tensor"(%lv, %sl) : (!lds, !fly.composed_layout<"S<3,2,4> o 0 o (16,64):(64,1)">) -> !sw
      %tw = "fly.make_tensor"(%lw, %sl) : (!lds, !fly.composed_layout<"S<3,2,4> o 0 o (16,64):(64,1)">) -> !sw
      %to = "fly.make_tensor"(%lo, %sl) : (!lds, !fly.composed_layout<"S<3,2,4> o 0 o (16,64):(64,1)">) -> !sw
      %gl = "fly.static"() : () -> !fly.layout<"(16,64):(64,1)">
      %gin = "fly.make_tensor"(%in, %gl) : (memref<1024xf32>, !fly.layout<"(16,64):(64,1)">) -> !gt
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %tid = gpu.thread_id x
      %r = arith.divui %tid, %c8 : index
      %g = arith.remui %tid, %c8 : index
      %c = arith.muli %g, %c8 : index
      %rowbase = arith.muli %r, %c64 : index
      %lin = arith.addi %rowbase, %c : index
      // Thread t owns row t/8, columns 8(t%8) .. 8(t%8)+7.
      %crd = "fly.make_int_tuple"(%r, %c) : (index, index) -> !fly.int_tuple<"(?,?)">
      %x = "fly.load"(%gin, %crd) : (!gt, !fly.int_tuple<"(?,?)">) -> vector<8xf32>
      "fly.store"(%x, %tv, %crd) : (vector<8xf32>, !sw, !fly.int_tuple<"(?,?)">) -> ()
      %cp1 = arith.addi %c, %c1 : index
      %crd1 = "fly.make_int_tuple"(%r, %cp1) : (index, index) -> !fly.int_tuple<"(?,?)">
      %y = "fly.load"(%gin, %crd1) : (!gt, !fly.int_tuple<"(?,?)">) -> vector<6xf32>
      "fly.store"(%y, %to, %crd1) : (vector<6xf32>, !sw, !fly.int_tuple<"(?,?)">) -> ()
      scf.for %i = %c0 to %c8 step %c1 {
        %ci = arith.addi %c, %i : index
        %e = "fly.make_int_tuple"(%r, %ci) : (index, index) -> !fly.int_tuple<"(?,?)">
        %v = "fly.load"(%gin, %e) : (!gt, !fly.int_tuple<"(?,?)">) -> f32
        "fly.store"(%v, %tw, %e) : (f32, !sw, !fly.int_tuple<"(?,?)">) -> ()
      }
      gpu.barrier
      scf.for %i = %c0 to %c8 step %c1 {
        %ci = arith.addi %c, %i : index
        %li = arith.addi %lin, %i : index
        %w = memref.load %lv[%li] : !lds
        memref.store %w, %raw[%li] : memref<1024xf32>
        %e = "fly.make_int_tuple"(%r, %ci) : (index, index) -> !fly.int_tuple<"(?,?)">
        %v = "fly.load"(%tv, %e) : (!sw, !fly.int_tuple<"(?,?)">) -> f32
        memref.store %v, %scal[%li] : memref<1024xf32>
      }
      %z = "fly.load"(%tw, %crd) : (!sw, !fly.int_tuple<"(?,?)">) -> vector<8xf32>
      vector.store %z, %vec[%lin] : memref<1024xf32>, vector<8xf32>
      scf.for %i = %c1 to %c7 step %c1 {
        %ci = arith.addi %c, %i : index
        %li = arith.addi %lin, %i : index
        %e = "fly.make_int_tuple"(%r, %ci) : (index, index) -> !fly.int_tuple<"(?,?)">
        %v = "fly.load"(%to, %e) : (!sw, !fly.int_tuple<"(?,?)">) -> f32
        memref.store %v, %odd[%li] : memref<1024xf32>
      }
      gpu.return
    }
  }
}
