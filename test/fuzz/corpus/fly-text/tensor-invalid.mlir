// Checked by fly-lower-layout-tensor.mlir.
func.func @bad_base(%m: memref<64xf32>) {
  %l = "fly.static"() : () -> !fly.layout<"64:1">
  // expected-error@+1 {{the base must be a 1-D memref of the tensor's element type}}
  %t = "fly.make_tensor"(%m, %l) : (memref<64xf32>, !fly.layout<"64:1">) -> !fly.tensor<"f16 global 64:1">
  return
}
func.func @shared_buffer(%m: memref<64xf16, #gpu.address_space<workgroup>>) {
  %l = "fly.static"() : () -> !fly.layout<"64:1">
  // expected-error@+1 {{only global tensors can be buffer resources}}
  %t = "fly.make_tensor"(%m, %l) {buffer} : (memref<64xf16, #gpu.address_space<workgroup>>, !fly.layout<"64:1">) -> !fly.tensor<"f16 shared 64:1">
  return
}
func.func @dma(%g: memref<65536xi8>, %s: memref<4096xi8, #gpu.address_space<workgroup>>, %tid: index) {
  %gl = "fly.static"() : () -> !fly.layout<"(128,8):(256,1)">
  %gt = "fly.make_tensor"(%g, %gl) {buffer} : (memref<65536xi8>, !fly.layout<"(128,8):(256,1)">) -> !fly.tensor<"i8 global (128,8):(256,1)">
  %sl = "fly.static"() : () -> !fly.layout<"(128,8):(8,1)">
  %st = "fly.make_tensor"(%s, %sl) : (memref<4096xi8, #gpu.address_space<workgroup>>, !fly.layout<"(128,8):(8,1)">) -> !fly.tensor<"i8 shared (128,8):(8,1)">
  // Rows of 8 bytes cannot feed 16-byte lanes.
  // expected-error@+1 {{each lane's DMA chunk must be consecutive elements of the source tile}}
  "fly.copy_to_lds"(%gt, %st, %tid) {bytes = 16 : i32, threads = 64 : i32} : (!fly.tensor<"i8 global (128,8):(256,1)">, !fly.tensor<"i8 shared (128,8):(8,1)">, index) -> ()
  // expected-error@+1 {{needs integer attributes 'bytes' and 'threads' (a multiple of 64)}}
  "fly.copy_to_lds"(%gt, %st, %tid) {bytes = 4 : i32, threads = 32 : i32} : (!fly.tensor<"i8 global (128,8):(256,1)">, !fly.tensor<"i8 shared (128,8):(8,1)">, index) -> ()
  // expected-error@+1 {{the tile's bytes are not a multiple of threads * bytes per lane}}
  "fly.copy_to_lds"(%gt, %st, %tid) {bytes = 4 : i32, threads = 192 : i32} : (!fly.tensor<"i8 global (128,8):(256,1)">, !fly.tensor<"i8 shared (128,8):(8,1)">, index) -> ()
  return
}
func.func @dma_layouts(%g: memref<65536xi8>, %s: memref<4096xi8, #gpu.address_space<workgroup>>, %tid: index) {
  %gl = "fly.static"() : () -> !fly.layout<"(32,32):(256,1)">
  %gt = "fly.make_tensor"(%g, %gl) {buffer} : (memref<65536xi8>, !fly.layout<"(32,32):(256,1)">) -> !fly.tensor<"i8 global (32,32):(256,1)">
  %sl = "fly.static"() : () -> !fly.layout<"(32,32):(64,1)">
  %st = "fly.make_tensor"(%s, %sl) : (memref<4096xi8, #gpu.address_space<workgroup>>, !fly.layout<"(32,32):(64,1)">) -> !fly.tensor<"i8 shared (32,32):(64,1)">
  // expected-error@+1 {{the destination layout must map its tile one-to-one onto [0, size)}}
  "fly.copy_to_lds"(%gt, %st, %tid) {bytes = 4 : i32, threads = 64 : i32} : (!fly.tensor<"i8 global (32,32):(256,1)">, !fly.tensor<"i8 shared (32,32):(64,1)">, index) -> ()
  %cl = "fly.static"() : () -> !fly.composed_layout<"S<3,4,3> o 512 o (32,32):(32,1)">
  %ct = "fly.make_tensor"(%s, %cl) : (memref<4096xi8, #gpu.address_space<workgroup>>, !fly.composed_layout<"S<3,4,3> o 512 o (32,32):(32,1)">) -> !fly.tensor<"i8 shared S<3,4,3> o 512 o (32,32):(32,1)">
  // expected-error@+1 {{the destination's offset must be a multiple of its swizzle's period}}
  "fly.copy_to_lds"(%gt, %ct, %tid) {bytes = 4 : i32, threads = 64 : i32} : (!fly.tensor<"i8 global (32,32):(256,1)">, !fly.tensor<"i8 shared S<3,4,3> o 512 o (32,32):(32,1)">, index) -> ()
  return
}
func.func @packed(%m: memref<64xf4E2M1FN>) {
  %l = "fly.static"() : () -> !fly.layout<"64:1">
  // expected-error@+1 {{a whole-byte element type (fp4/fp6 data: an i8 tensor)}}
  %t = "fly.make_tensor"(%m, %l) : (memref<64xf4E2M1FN>, !fly.layout<"64:1">) -> !fly.tensor<"f4E2M1FN global 64:1">
  return
}
func.func @tile_not_dividing(%g: memref<65536xi8>, %i: index) {
  %l = "fly.static"() : () -> !fly.layout<"(256,256):(256,1)">
  %t = "fly.make_tensor"(%g, %l) : (memref<65536xi8>, !fly.layout<"(256,256):(256,1)">) -> !fly.tensor<"i8 global (256,256):(256,1)">
  %c = "fly.make_int_tuple"(%i, %i) : (index, index) -> !fly.int_tuple<"(?,?)">
  // expected-error@+1 {{the tile does not divide the tensor: mode 1 has 256 elements, not a multiple of 96}}
  %x = "fly.local_tile"(%t, %c) {tile = "(64,96)"} : (!fly.tensor<"i8 global (256,256):(256,1)">, !fly.int_tuple<"(?,?)">) -> !fly.tensor<"i8 global (64,96):(256,1)">
  return
}
func.func @vector_leaves_run(%m: memref<1152xf16>, %row: index, %col: index, %v: vector<8xf16>) {
  %l = "fly.static"() : () -> !fly.layout<"(16,64):(72,1)">
  %t = "fly.make_tensor"(%m, %l) : (memref<1152xf16>, !fly.layout<"(16,64):(72,1)">) -> !fly.tensor<"f16 global (16,64):(72,1)">
  %c60 = arith.constant 60 : index
  %c4 = arith.constant 4 : index
  %at60 = "fly.make_int_tuple"(%row, %c60) : (index, index) -> !fly.int_tuple<"(?,?)">
  // Columns 60..67: the last four are the row's padding, not elements.
  // expected-error@+1 {{a vector of 8 elements starting at element 60 of the layout's contiguous run of 64 elements would leave it (the positions after it are not elements of the tensor)}}
  %a = "fly.load"(%t, %at60) : (!fly.tensor<"f16 global (16,64):(72,1)">, !fly.int_tuple<"(?,?)">) -> vector<8xf16>
  %any = "fly.make_int_tuple"(%row, %col) : (index, index) -> !fly.int_tuple<"(?,?)">
  // expected-error@+1 {{a vector of 8 elements may leave the layout's contiguous run of 64 elements: its start is only known to be 0 modulo 1}}
  "fly.store"(%v, %t, %any) : (vector<8xf16>, !fly.tensor<"f16 global (16,64):(72,1)">, !fly.int_tuple<"(?,?)">) -> ()
  %c4col = arith.muli %col, %c4 : index
  %by4 = "fly.make_int_tuple"(%row, %c4col) : (index, index) -> !fly.int_tuple<"(?,?)">
  // expected-error@+1 {{its start is only known to be 0 modulo 4}}
  %b = "fly.load"(%t, %by4) : (!fly.tensor<"f16 global (16,64):(72,1)">, !fly.int_tuple<"(?,?)">) -> vector<8xf16>
  return
}
func.func @vector_strided(%m: memref<128xf32>, %i: index) {
  %l = "fly.static"() : () -> !fly.layout<"64:2">
  %t = "fly.make_tensor"(%m, %l) : (memref<128xf32>, !fly.layout<"64:2">) -> !fly.tensor<"f32 global 64:2">
  // Consecutive elements are 2 apart: no vector of two is contiguous.
  // expected-error@+1 {{a vector of 2 elements starting at element 0 of the layout's contiguous run of 1 elements would leave it}}
  %a = "fly.load"(%t, %i) : (!fly.tensor<"f32 global 64:2">, index) -> vector<2xf32>
  // expected-error@+1 {{the result must be f32 or a 1-D vector of 1 to 1024 f32 elements}}
  %b = "fly.load"(%t, %i) : (!fly.tensor<"f32 global 64:2">, index) -> vector<2x2xf32>
  return
}
// A composed tensor whose outer layout cannot be traced (a '?' leaf in a
// fly.static): the failed apply is reported, its offset never used.
func.func @untraceable_composed(%s: memref<8192xf16, #gpu.address_space<workgroup>>, %i: index) -> f16 {
  %l = "fly.static"() : () -> !fly.composed_layout<"S<3,3,3> o 0 o (?,128):(128,1)">
  %t = "fly.make_tensor"(%s, %l) : (memref<8192xf16, #gpu.address_space<workgroup>>, !fly.composed_layout<"S<3,3,3> o 0 o (?,128):(128,1)">) -> !fly.tensor<"f16 shared S<3,3,3> o 0 o (?,128):(128,1)">
  %c = "fly.make_int_tuple"(%i, %i) : (index, index) -> !fly.int_tuple<"(?,?)">
  // expected-error@+1 {{its tensor's layout must be static or built by fly.make_layout, and its coordinate must have at most the layout's modes and come from make_int_tuple/idx2crd or an integer}}
  %v = "fly.load"(%t, %c) : (!fly.tensor<"f16 shared S<3,3,3> o 0 o (?,128):(128,1)">, !fly.int_tuple<"(?,?)">) -> f16
  return %v : f16
}
func.func @narrow_block(%g: memref<65536xf32>, %s: memref<1024xf32, #gpu.address_space<workgroup>>, %tid: index) {
  %gl = "fly.static"() : () -> !fly.layout<"(16,64):(256,1)">
  %gt = "fly.make_tensor"(%g, %gl) {buffer} : (memref<65536xf32>, !fly.layout<"(16,64):(256,1)">) -> !fly.tensor<"f32 global (16,64):(256,1)">
  %sl = "fly.static"() : () -> !fly.composed_layout<"S<3,1,4> o 0 o (16,64):(64,1)">
  %st = "fly.make_tensor"(%s, %sl) : (memref<1024xf32, #gpu.address_space<workgroup>>, !fly.composed_layout<"S<3,1,4> o 0 o (16,64):(64,1)">) -> !fly.tensor<"f32 shared S<3,1,4> o 0 o (16,64):(64,1)">
  // A 2-element swizzle block cannot hold a lane's 4 consecutive source
  // elements: rejected rather than copied contiguously.
  // expected-error@+1 {{each lane's DMA chunk must be consecutive elements of the source tile (static source strides, chunks that do not cross rows or swizzle blocks)}}
  "fly.copy_to_lds"(%gt, %st, %tid) {bytes = 16 : i32, threads = 64 : i32, mode = "sync"} : (!fly.tensor<"f32 global (16,64):(256,1)">, !fly.tensor<"f32 shared S<3,1,4> o 0 o (16,64):(64,1)">, index) -> ()
  return
}
