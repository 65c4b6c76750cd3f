// fly-verify on tensors, tiles, loads, stores and copies (checked by
// fly-verify.mlir): wrong result types are named, what an op reads is
// checked against the tensor it reads.
!g = !fly.tensor<"f32 global (64,128):(128,1)">
func.func @make_tensor(%m: memref<8192xf32>, %small: memref<4096xf32>, %s: memref<8192xf32, #gpu.address_space<workgroup>>) {
  %l = "fly.static"() : () -> !fly.layout<"(64,128):(128,1)">
  // expected-error@+1 {{the result type must be !fly.tensor<"f32 global (64,128):(128,1)"> (a whole-byte element type; fp4/fp6 data: an i8 tensor)}}
  %a = "fly.make_tensor"(%m, %l) : (memref<8192xf32>, !fly.layout<"(64,128):(128,1)">) -> !fly.tensor<"f16 global (64,128):(128,1)">
  // expected-error@+1 {{the result type must be !fly.tensor<"f32 shared (64,128):(128,1)">}}
  %b = "fly.make_tensor"(%s, %l) : (memref<8192xf32, #gpu.address_space<workgroup>>, !fly.layout<"(64,128):(128,1)">) -> !fly.tensor<"f32 global (64,128):(128,1)">
  // expected-error@+1 {{the result type must be !fly.tensor<"f32 global (64,128):(128,1)">}}
  %c = "fly.make_tensor"(%m, %l) : (memref<8192xf32>, !fly.layout<"(64,128):(128,1)">) -> !fly.tensor<"f32 global (64,128):(1,64)">
  // expected-error@+1 {{the layout reaches element 8191 but the memref holds 4096 elements}}
  %d = "fly.make_tensor"(%small, %l) : (memref<4096xf32>, !fly.layout<"(64,128):(128,1)">) -> !g
  // expected-error@+1 {{attribute 'buffer' is a unit attribute: write {buffer}}}
  %e = "fly.make_tensor"(%m, %l) {buffer = 1 : i32} : (memref<8192xf32>, !fly.layout<"(64,128):(128,1)">) -> !g
  // expected-error@+1 {{only global tensors can be buffer resources}}
  %f = "fly.make_tensor"(%s, %l) {buffer} : (memref<8192xf32, #gpu.address_space<workgroup>>, !fly.layout<"(64,128):(128,1)">) -> !fly.tensor<"f32 shared (64,128):(128,1)">
  %sw = "fly.static"() : () -> !fly.composed_layout<"S<3,2,4> o 4096 o (64,128):(128,1)">
  // The swizzled tile with its offset reaches element 12287.
  // expected-error@+1 {{the layout reaches element 12287 but the memref holds 8192 elements}}
  %h = "fly.make_tensor"(%s, %sw) : (memref<8192xf32, #gpu.address_space<workgroup>>, !fly.composed_layout<"S<3,2,4> o 4096 o (64,128):(128,1)">) -> !fly.tensor<"f32 shared S<3,2,4> o 4096 o (64,128):(128,1)">
  %neg = "fly.static"() : () -> !fly.layout<"(4,4):(-4,1)">
  // expected-error@+1 {{the layout reaches elements before the memref's first (negative offsets)}}
  %i = "fly.make_tensor"(%m, %neg) : (memref<8192xf32>, !fly.layout<"(4,4):(-4,1)">) -> !fly.tensor<"f32 global (4,4):(-4,1)">
  return
}

// The reach of a plain layout is the sum of each mode's largest offset:
// (4,8):(64,2) reaches element 3*64 + 7*2 = 206 (not 4*8 - 1), so it fits
// 207 elements and not 206; a sum past 64 bits is an overflow.
func.func @make_tensor_reach(%fit: memref<207xf32>, %short: memref<206xf32>, %big: memref<?xf32>) {
  %l = "fly.static"() : () -> !fly.layout<"(4,8):(64,2)">
  %a = "fly.make_tensor"(%fit, %l) : (memref<207xf32>, !fly.layout<"(4,8):(64,2)">) -> !fly.tensor<"f32 global (4,8):(64,2)">
  // expected-error@+1 {{the layout reaches element 206 but the memref holds 206 elements}}
  %b = "fly.make_tensor"(%short, %l) : (memref<206xf32>, !fly.layout<"(4,8):(64,2)">) -> !fly.tensor<"f32 global (4,8):(64,2)">
  %l3 = "fly.static"() : () -> !fly.layout<"(3,2):(4611686018427387904,1)">
  // expected-error@+1 {{the layout's element offsets overflow 64 bits}}
  %c = "fly.make_tensor"(%big, %l3) : (memref<?xf32>, !fly.layout<"(3,2):(4611686018427387904,1)">) -> !fly.tensor<"f32 global (3,2):(4611686018427387904,1)">
  return
}

// A swizzled layout's reach: where the outer layout covers [0, size) and
// the offset and size are multiples of the swizzle's block (2^(B+M+|S|)),
// the swizzle only permutes [off, off + size); otherwise every position is
// visited. Reaches computed by enumerating the positions (Python):
// S<3,2,4> o 100 o (64,128):(128,1) reaches 8295 (the block is 512, 100 is
// not a multiple: not 100 + 8191 = 8291); S<2,0,2> o 0 o (4,4):(8,1) (gaps
// between its rows) reaches 27; S<2,0,-2> o 0 o (4,4):(1,4) reaches 15;
// S<1,0,1> o 0 o (4,4):(1,64) (its first mode alone a whole block) reaches
// 195.
func.func @make_tensor_swizzled_reach(%short: memref<8295xf32>, %fit: memref<8296xf32>, %g27: memref<27xf32>, %g28: memref<28xf32>, %g15: memref<15xf32>, %g16: memref<16xf32>, %g195: memref<195xf32>) {
  %a = "fly.static"() : () -> !fly.composed_layout<"S<3,2,4> o 100 o (64,128):(128,1)">
  // expected-error@+1 {{the layout reaches element 8295 but the memref holds 8295 elements}}
  %t0 = "fly.make_tensor"(%short, %a) : (memref<8295xf32>, !fly.composed_layout<"S<3,2,4> o 100 o (64,128):(128,1)">) -> !fly.tensor<"f32 global S<3,2,4> o 100 o (64,128):(128,1)">
  %t1 = "fly.make_tensor"(%fit, %a) : (memref<8296xf32>, !fly.composed_layout<"S<3,2,4> o 100 o (64,128):(128,1)">) -> !fly.tensor<"f32 global S<3,2,4> o 100 o (64,128):(128,1)">
  %b = "fly.static"() : () -> !fly.composed_layout<"S<2,0,2> o 0 o (4,4):(8,1)">
  // expected-error@+1 {{the layout reaches element 27 but the memref holds 27 elements}}
  %t2 = "fly.make_tensor"(%g27, %b) : (memref<27xf32>, !fly.composed_layout<"S<2,0,2> o 0 o (4,4):(8,1)">) -> !fly.tensor<"f32 global S<2,0,2> o 0 o (4,4):(8,1)">
  %t3 = "fly.make_tensor"(%g28, %b) : (memref<28xf32>, !fly.composed_layout<"S<2,0,2> o 0 o (4,4):(8,1)">) -> !fly.tensor<"f32 global S<2,0,2> o 0 o (4,4):(8,1)">
  %c = "fly.static"() : () -> !fly.composed_layout<"S<2,0,-2> o 0 o (4,4):(1,4)">
  // expected-error@+1 {{the layout reaches element 15 but the memref holds 15 elements}}
  %t4 = "fly.make_tensor"(%g15, %c) : (memref<15xf32>, !fly.composed_layout<"S<2,0,-2> o 0 o (4,4):(1,4)">) -> !fly.tensor<"f32 global S<2,0,-2> o 0 o (4,4):(1,4)">
  %t5 = "fly.make_tensor"(%g16, %c) : (memref<16xf32>, !fly.composed_layout<"S<2,0,-2> o 0 o (4,4):(1,4)">) -> !fly.tensor<"f32 global S<2,0,-2> o 0 o (4,4):(1,4)">
  %d = "fly.static"() : () -> !fly.composed_layout<"S<1,0,1> o 0 o (4,4):(1,64)">
  // expected-error@+1 {{the layout reaches element 195 but the memref holds 195 elements}}
  %t6 = "fly.make_tensor"(%g195, %d) : (memref<195xf32>, !fly.composed_layout<"S<1,0,1> o 0 o (4,4):(1,64)">) -> !fly.tensor<"f32 global S<1,0,1> o 0 o (4,4):(1,64)">
  return
}

func.func @local_tile(%m: memref<8192xf32>, %i: index) {
  %l = "fly.static"() : () -> !fly.layout<"(64,128):(128,1)">
  %t = "fly.make_tensor"(%m, %l) : (memref<8192xf32>, !fly.layout<"(64,128):(128,1)">) -> !g
  %c = "fly.make_int_tuple"(%i, %i) : (index, index) -> !fly.int_tuple<"(?,?)">
  // expected-error@+1 {{attribute 'tile' = "bogus" is not an int tuple: syntax error at column 1: expected an integer, '(' or '?', found 'b'}}
  %a = "fly.local_tile"(%t, %c) {tile = "bogus"} : (!g, !fly.int_tuple<"(?,?)">) -> !fly.tensor<"f32 global (16,32):(128,1)">
  // expected-error@+1 {{needs a string attribute 'tile'}}
  %b = "fly.local_tile"(%t, %c) : (!g, !fly.int_tuple<"(?,?)">) -> !fly.tensor<"f32 global (16,32):(128,1)">
  // expected-error@+1 {{the result type must be !fly.tensor<"f32 global (16,32):(128,1)"> (the tile's shape, the parent's strides)}}
  %d = "fly.local_tile"(%t, %c) {tile = "(16,32)"} : (!g, !fly.int_tuple<"(?,?)">) -> !fly.tensor<"f32 global (16,32):(32,1)">
  // expected-error@+1 {{attribute 'tile' = "(16,32,2)" must have one extent per mode of the tensor (2)}}
  %e = "fly.local_tile"(%t, %c) {tile = "(16,32,2)"} : (!g, !fly.int_tuple<"(?,?)">) -> !fly.tensor<"f32 global (16,32):(128,1)">
  // expected-error@+1 {{the tile does not divide the tensor: mode 1 has 128 elements, not a multiple of 48}}
  %f = "fly.local_tile"(%t, %c) {tile = "(16,48)"} : (!g, !fly.int_tuple<"(?,?)">) -> !fly.tensor<"f32 global (16,48):(128,1)">
  // expected-error@+1 {{attribute 'tile' = "(16,?)" must hold positive integers}}
  %h = "fly.local_tile"(%t, %c) {tile = "(16,?)"} : (!g, !fly.int_tuple<"(?,?)">) -> !fly.tensor<"f32 global (16,32):(128,1)">
  %c1 = "fly.make_int_tuple"(%i) : (index) -> !fly.int_tuple<"(?,3)">
  %k = "fly.local_tile"(%t, %c1) {tile = "(16,32)"} : (!g, !fly.int_tuple<"(?,3)">) -> !fly.tensor<"f32 global (16,32):(128,1)">
  %c4 = "fly.make_int_tuple"(%i) : (index) -> !fly.int_tuple<"(?,4)">
  // Columns 128..159 of a 128-wide tensor.
  // expected-error@+1 {{tile coordinate entry 1 is 4, but mode 1 has 4 tiles}}
  %k4 = "fly.local_tile"(%t, %c4) {tile = "(16,32)"} : (!g, !fly.int_tuple<"(?,4)">) -> !fly.tensor<"f32 global (16,32):(128,1)">
  %c3 = "fly.make_int_tuple"(%i, %i, %i) : (index, index, index) -> !fly.int_tuple<"(?,?,?)">
  // expected-error@+1 {{the tile coordinate must be a flat int tuple with one entry per mode (2)}}
  %n = "fly.local_tile"(%t, %c3) {tile = "(16,32)"} : (!g, !fly.int_tuple<"(?,?,?)">) -> !fly.tensor<"f32 global (16,32):(128,1)">
  return
}

func.func @access(%m: memref<8192xf32>, %i: index, %v: vector<4xf16>) {
  %l = "fly.static"() : () -> !fly.layout<"(64,128):(128,1)">
  %t = "fly.make_tensor"(%m, %l) : (memref<8192xf32>, !fly.layout<"(64,128):(128,1)">) -> !g
  %c = "fly.make_int_tuple"(%i, %i) : (index, index) -> !fly.int_tuple<"(?,?)">
  // expected-error@+1 {{the result must be f32 or a 1-D vector of 1 to 1024 f32 elements}}
  %a = "fly.load"(%t, %c) : (!g, !fly.int_tuple<"(?,?)">) -> vector<4xf16>
  // expected-error@+1 {{the stored value must be f32 or a 1-D vector of 1 to 1024 f32 elements}}
  "fly.store"(%v, %t, %c) : (vector<4xf16>, !g, !fly.int_tuple<"(?,?)">) -> ()
  // expected-error@+1 {{the result must be f32 or a 1-D vector of 1 to 1024 f32 elements}}
  %b = "fly.load"(%t, %c) : (!g, !fly.int_tuple<"(?,?)">) -> vector<2048xf32>
  %c3 = "fly.make_int_tuple"(%i, %i, %i) : (index, index, index) -> !fly.int_tuple<"(?,?,?)">
  // expected-error@+1 {{the coordinate has more modes than the tensor's layout}}
  %d = "fly.load"(%t, %c3) : (!g, !fly.int_tuple<"(?,?,?)">) -> f32
  %far = "fly.make_int_tuple"(%i) : (index) -> !fly.int_tuple<"(?,128)">
  // expected-error@+1 {{coordinate entry 1 is 128, outside the tensor's mode of 128}}
  %e = "fly.load"(%t, %far) : (!g, !fly.int_tuple<"(?,128)">) -> f32
  return
}

func.func @copies(%g: memref<65536xi8>, %s: memref<4096xi8, #gpu.address_space<workgroup>>, %tid: index) {
  %gl = "fly.static"() : () -> !fly.layout<"(32,128):(256,1)">
  %gt = "fly.make_tensor"(%g, %gl) {buffer} : (memref<65536xi8>, !fly.layout<"(32,128):(256,1)">) -> !fly.tensor<"i8 global (32,128):(256,1)">
  %sl = "fly.static"() : () -> !fly.layout<"(32,128):(128,1)">
  %st = "fly.make_tensor"(%s, %sl) : (memref<4096xi8, #gpu.address_space<workgroup>>, !fly.layout<"(32,128):(128,1)">) -> !fly.tensor<"i8 shared (32,128):(128,1)">
  // expected-error@+1 {{needs an integer attribute 'bytes' from 1 to 16}}
  "fly.copy_to_lds"(%gt, %st, %tid) {threads = 64 : i32} : (!fly.tensor<"i8 global (32,128):(256,1)">, !fly.tensor<"i8 shared (32,128):(128,1)">, index) -> ()
  // expected-error@+1 {{attribute 'threads' must be an integer from 64 to 1024, not 2048 : i32}}
  "fly.copy_to_lds"(%gt, %st, %tid) {bytes = 16 : i32, threads = 2048 : i32} : (!fly.tensor<"i8 global (32,128):(256,1)">, !fly.tensor<"i8 shared (32,128):(128,1)">, index) -> ()
  // expected-error@+1 {{attribute 'threads' must be a multiple of 64 (whole waves)}}
  "fly.copy_to_lds"(%gt, %st, %tid) {bytes = 16 : i32, threads = 96 : i32} : (!fly.tensor<"i8 global (32,128):(256,1)">, !fly.tensor<"i8 shared (32,128):(128,1)">, index) -> ()
  // expected-error@+1 {{a DMA copy moves 4, 12 or 16 (12 and 16 on gfx950 only) bytes per lane}}
  "fly.copy_to_lds"(%gt, %st, %tid) {bytes = 8 : i32, threads = 64 : i32} : (!fly.tensor<"i8 global (32,128):(256,1)">, !fly.tensor<"i8 shared (32,128):(128,1)">, index) -> ()
  // expected-error@+1 {{a sync copy moves 4, 8 or 16 bytes per lane}}
  "fly.copy_to_lds"(%gt, %st, %tid) {bytes = 12 : i32, threads = 64 : i32, mode = "sync"} : (!fly.tensor<"i8 global (32,128):(256,1)">, !fly.tensor<"i8 shared (32,128):(128,1)">, index) -> ()
  // expected-error@+1 {{attribute 'mode' must be "dma" or "sync"}}
  "fly.copy_to_lds"(%gt, %st, %tid) {bytes = 16 : i32, threads = 64 : i32, mode = "async"} : (!fly.tensor<"i8 global (32,128):(256,1)">, !fly.tensor<"i8 shared (32,128):(128,1)">, index) -> ()
  // expected-error@+1 {{copies a global tensor with a plain layout into a shared one}}
  "fly.copy_to_lds"(%st, %gt, %tid) {bytes = 16 : i32, threads = 64 : i32} : (!fly.tensor<"i8 shared (32,128):(128,1)">, !fly.tensor<"i8 global (32,128):(256,1)">, index) -> ()
  // expected-error@+1 {{the tile's 4096 bytes are not a multiple of threads * bytes per lane (3072)}}
  "fly.copy_to_lds"(%gt, %st, %tid) {bytes = 16 : i32, threads = 192 : i32} : (!fly.tensor<"i8 global (32,128):(256,1)">, !fly.tensor<"i8 shared (32,128):(128,1)">, index) -> ()
  return
}

gpu.module @kernels {
  gpu.func @block(%g: memref<65536xi8>, %s: memref<4096xi8, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %gl = "fly.static"() : () -> !fly.layout<"(32,128):(256,1)">
    %gt = "fly.make_tensor"(%g, %gl) {buffer} : (memref<65536xi8>, !fly.layout<"(32,128):(256,1)">) -> !fly.tensor<"i8 global (32,128):(256,1)">
    %sl = "fly.static"() : () -> !fly.layout<"(32,128):(128,1)">
    %st = "fly.make_tensor"(%s, %sl) : (memref<4096xi8, #gpu.address_space<workgroup>>, !fly.layout<"(32,128):(128,1)">) -> !fly.tensor<"i8 shared (32,128):(128,1)">
    // 64 threads' worth of chunks with 128 threads running: the second wave
    // would write past the tile.
    // expected-error@+1 {{attribute 'threads' = 64, but the kernel's known_block_size has 128 threads: every thread of the workgroup takes part (or, inside an scf.if, a part that divides it)}}
    "fly.copy_to_lds"(%gt, %st, %tid) {bytes = 16 : i32, threads = 64 : i32} : (!fly.tensor<"i8 global (32,128):(256,1)">, !fly.tensor<"i8 shared (32,128):(128,1)">, index) -> ()
    // The first wave alone, under a condition: a part that divides the block.
    %c64 = arith.constant 64 : index
    %first = arith.cmpi ult, %tid, %c64 : index
    scf.if %first {
      "fly.copy_to_lds"(%gt, %st, %tid) {bytes = 16 : i32, threads = 64 : i32} : (!fly.tensor<"i8 global (32,128):(256,1)">, !fly.tensor<"i8 shared (32,128):(128,1)">, index) -> ()
    }
    scf.if %first {
      // expected-error@+1 {{attribute 'threads' = 192, but the kernel's known_block_size has 128 threads}}
      "fly.copy_to_lds"(%gt, %st, %tid) {bytes = 16 : i32, threads = 192 : i32} : (!fly.tensor<"i8 global (32,128):(256,1)">, !fly.tensor<"i8 shared (32,128):(128,1)">, index) -> ()
    }
    gpu.return
  }
}
