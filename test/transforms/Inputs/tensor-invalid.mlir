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
