// Checked by fly-lower-layout-gemm.mlir.
func.func @bad(%lds: memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, %g: memref<65536xf8E4M3FN>,
               %cm: memref<4096xbf16>, %s: memref<64xf16>, %lane: index, %acc: vector<60xf32>,
               %ok: vector<64xf32>, %k: i32) {
  %sl = "fly.static"() : () -> !fly.layout<"(64,128):(128,1)">
  %a = "fly.make_tensor"(%lds, %sl) : (memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, !fly.layout<"(64,128):(128,1)">) -> !fly.tensor<"f8E4M3FN shared (64,128):(128,1)">
  %bl = "fly.static"() : () -> !fly.layout<"(256,256):(256,1)">
  %b = "fly.make_tensor"(%g, %bl) : (memref<65536xf8E4M3FN>, !fly.layout<"(256,256):(256,1)">) -> !fly.tensor<"f8E4M3FN global (256,256):(256,1)">
  %o = "fly.static"() : () -> !fly.int_tuple<"(0,0)">
  // expected-error@+1 {{the accumulator must be a vector of m_repeat * n_repeat * (the atom's accumulators per lane) elements}}
  %r = "fly.gemm"(%a, %b, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32, k_steps = 1 : i32} : (!fly.tensor<"f8E4M3FN shared (64,128):(128,1)">, !fly.tensor<"f8E4M3FN global (256,256):(256,1)">, vector<60xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(0,0)">) -> vector<60xf32>
  // expected-error@+1 {{names no MFMA atom}}
  %r2 = "fly.gemm"(%a, %b, %ok, %lane, %o, %o) {shape = "16x16x100", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32} : (!fly.tensor<"f8E4M3FN shared (64,128):(128,1)">, !fly.tensor<"f8E4M3FN global (256,256):(256,1)">, vector<64xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(0,0)">) -> vector<64xf32>
  // expected-error@+1 {{needs positive integer attributes m_repeat and n_repeat}}
  %r3 = "fly.gemm"(%a, %b, %ok, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 0 : i32, n_repeat = 4 : i32} : (!fly.tensor<"f8E4M3FN shared (64,128):(128,1)">, !fly.tensor<"f8E4M3FN global (256,256):(256,1)">, vector<64xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(0,0)">) -> vector<64xf32>
  // expected-error@+1 {{k_pack needs an atom whose lanes hold consecutive k}}
  %r5 = "fly.gemm"(%a, %b, %ok, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32, k_steps = 2 : i32, k_pack = 2 : i32} : (!fly.tensor<"f8E4M3FN shared (64,128):(128,1)">, !fly.tensor<"f8E4M3FN global (256,256):(256,1)">, vector<64xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(0,0)">) -> vector<64xf32>
  // expected-error@+1 {{k_pack must be 1 to 4 and divide k_steps}}
  %r6 = "fly.gemm"(%a, %b, %ok, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32, k_steps = 3 : i32, k_pack = 2 : i32} : (!fly.tensor<"f8E4M3FN shared (64,128):(128,1)">, !fly.tensor<"f8E4M3FN global (256,256):(256,1)">, vector<64xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(0,0)">) -> vector<64xf32>
  %cl = "fly.static"() : () -> !fly.layout<"(64,64):(64,1)">
  %c = "fly.make_tensor"(%cm, %cl) : (memref<4096xbf16>, !fly.layout<"(64,64):(64,1)">) -> !fly.tensor<"bf16 global (64,64):(64,1)">
  // expected-error@+1 {{elements of the tensor's element type}}
  "fly.gemm_store"(%ok, %c, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32} : (vector<64xf32>, !fly.tensor<"bf16 global (64,64):(64,1)">, index, !fly.int_tuple<"(0,0)">) -> ()
  %sll = "fly.static"() : () -> !fly.layout<"64:1">
  %st = "fly.make_tensor"(%s, %sll) : (memref<64xf16>, !fly.layout<"64:1">) -> !fly.tensor<"f16 global 64:1">
  // expected-error@+1 {{by rank-1 f32 tensors of per-row and per-column scales}}
  %r4 = "fly.gemm_scale"(%ok, %st, %st, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32} : (vector<64xf32>, !fly.tensor<"f16 global 64:1">, !fly.tensor<"f16 global 64:1">, index, !fly.int_tuple<"(0,0)">) -> vector<64xf32>
  // expected-error@+1 {{needs string attributes shape}}
  %f = "fly.mma_fragment"(%a, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32"} : (!fly.tensor<"f8E4M3FN shared (64,128):(128,1)">, index, !fly.int_tuple<"(0,0)">) -> vector<32xf8E4M3FN>
  %dm = "fly.make_int_tuple"(%k) : (i32) -> !fly.int_tuple<"(64,?)">
  %dd = "fly.make_int_tuple"(%k) : (i32) -> !fly.int_tuple<"(?,1)">
  %dl = "fly.make_layout"(%dm, %dd) : (!fly.int_tuple<"(64,?)">, !fly.int_tuple<"(?,1)">) -> !fly.layout<"(64,?):(?,1)">
  %dt = "fly.make_tensor"(%g, %dl) : (memref<65536xf8E4M3FN>, !fly.layout<"(64,?):(?,1)">) -> !fly.tensor<"f8E4M3FN global (64,?):(?,1)">
  // expected-error@+1 {{needs a tensor with a rank-2 layout of static strides}}
  %f2 = "fly.mma_fragment"(%dt, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", operand = "a"} : (!fly.tensor<"f8E4M3FN global (64,?):(?,1)">, index, !fly.int_tuple<"(0,0)">) -> vector<32xf8E4M3FN>
  return
}
// A layout whose leaves cannot be traced (a `?` in a fly.static) is
// reported at the op that needs it, never left half-lowered with its result
// still in use.
func.func @untraceable(%lds: memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, %g: memref<65536xf8E4M3FN>,
                       %lane: index, %acc: vector<4xf32>) -> vector<4xf32> {
  %sl = "fly.static"() : () -> !fly.layout<"(?,128):(128,1)">
  %a = "fly.make_tensor"(%lds, %sl) : (memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, !fly.layout<"(?,128):(128,1)">) -> !fly.tensor<"f8E4M3FN shared (?,128):(128,1)">
  %bl = "fly.static"() : () -> !fly.layout<"(256,256):(256,1)">
  %b = "fly.make_tensor"(%g, %bl) : (memref<65536xf8E4M3FN>, !fly.layout<"(256,256):(256,1)">) -> !fly.tensor<"f8E4M3FN global (256,256):(256,1)">
  %o = "fly.static"() : () -> !fly.int_tuple<"(0,0)">
  // expected-error@+1 {{cannot lower 'fly.gemm': its layouts and coordinates must be static or built by make_int_tuple/make_layout/idx2crd}}
  %r = "fly.gemm"(%a, %b, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32, k_steps = 1 : i32} : (!fly.tensor<"f8E4M3FN shared (?,128):(128,1)">, !fly.tensor<"f8E4M3FN global (256,256):(256,1)">, vector<4xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(0,0)">) -> vector<4xf32>
  // expected-error@+1 {{a buffer tensor's layout must be static or built by fly.make_layout}}
  %bb = "fly.make_tensor"(%g, %sl) {buffer} : (memref<65536xf8E4M3FN>, !fly.layout<"(?,128):(128,1)">) -> !fly.tensor<"f8E4M3FN global (?,128):(128,1)">
  return %r : vector<4xf32>
}
// Without fly-verify in front, the lowering still bounds the unrolling.
func.func @unbounded(%lds: memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, %g: memref<65536xf8E4M3FN>,
                     %lane: index, %acc: vector<4xf32>) -> vector<4xf32> {
  %sl = "fly.static"() : () -> !fly.layout<"(64,128):(128,1)">
  %a = "fly.make_tensor"(%lds, %sl) : (memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, !fly.layout<"(64,128):(128,1)">) -> !fly.tensor<"f8E4M3FN shared (64,128):(128,1)">
  %o = "fly.static"() : () -> !fly.int_tuple<"(0,0)">
  // expected-error@+1 {{needs positive integer attributes m_repeat and n_repeat (at most 64 atoms) and, for a gemm, k_steps (at most 4096 MFMAs in all)}}
  %r = "fly.gemm"(%a, %a, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32, k_steps = 2147483647 : i32} : (!fly.tensor<"f8E4M3FN shared (64,128):(128,1)">, !fly.tensor<"f8E4M3FN shared (64,128):(128,1)">, vector<4xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(0,0)">) -> vector<4xf32>
  // expected-error@+1 {{k_pack must be 1 to 4 and divide k_steps}}
  %s = "fly.gemm"(%a, %a, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32, k_pack = "2"} : (!fly.tensor<"f8E4M3FN shared (64,128):(128,1)">, !fly.tensor<"f8E4M3FN shared (64,128):(128,1)">, vector<4xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(0,0)">) -> vector<4xf32>
  return %r : vector<4xf32>
}
