// fly-verify on the tiled MMA ops (checked by fly-verify.mlir): every
// attribute against the tiles it reads; a gemm is unrolled, so its size is
// bounded too.
!a = !fly.tensor<"f8E4M3FN shared (64,128):(128,1)">
!b = !fly.tensor<"f8E4M3FN global (256,256):(256,1)">
!o = !fly.int_tuple<"(0,0)">
func.func @gemm(%ta: !a, %tb: !b, %lane: index, %acc: vector<4xf32>, %acc16: vector<16xf32>,
           %acc32: vector<32xf32>, %i: index) {
  %o = "fly.static"() : () -> !o
  // k_steps = 64 on a 128-wide tile: 63 atoms past its end.
  // expected-error@+1 {{k_steps = 64 reads columns [0, 8192) of A, but its tensor has 128}}
  %r0 = "fly.gemm"(%ta, %tb, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32, k_steps = 64 : i32} : (!a, !b, vector<4xf32>, index, !o, !o) -> vector<4xf32>
  // swap_ab exchanges A's and B's fragments in the instruction: one type,
  // or two f8f6f4 formats; CDNA3's fp8 x bf8 is an opcode of its own.
  // expected-error@+1 {{swap_ab needs a square atom whose A and B have one type and layout (or two f8f6f4 formats), not 16x16x32 f8E4M3FNUZ x f8E5M2FNUZ}}
  %sw0 = "fly.gemm"(%ta, %tb, %acc, %lane, %o, %o) {shape = "16x16x32", a = "f8E4M3FNUZ", b = "f8E5M2FNUZ", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32, swap_ab} : (!a, !b, vector<4xf32>, index, !o, !o) -> vector<4xf32>
  // expected-error@+1 {{attribute 'swap_ab' must be a unit attribute}}
  %sw1 = "fly.gemm"(%ta, %tb, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32, swap_ab = true} : (!a, !b, vector<4xf32>, index, !o, !o) -> vector<4xf32>
  // expected-error@+1 {{attribute 'k_steps' must be an integer from 1 to 4096, not 2147483647 : i32}}
  %r1 = "fly.gemm"(%ta, %tb, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32, k_steps = 2147483647 : i32} : (!a, !b, vector<4xf32>, index, !o, !o) -> vector<4xf32>
  // expected-error@+1 {{'fly.gemm' has no attribute 'k_step'}}
  %r2 = "fly.gemm"(%ta, %tb, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32, k_step = 2 : i32} : (!a, !b, vector<4xf32>, index, !o, !o) -> vector<4xf32>
  // expected-error@+1 {{m_repeat = 8 reads rows [0, 128) of A, but its tensor has 64}}
  %r3 = "fly.gemm"(%ta, %tb, %acc32, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 8 : i32, n_repeat = 1 : i32} : (!a, !b, vector<32xf32>, index, !o, !o) -> vector<32xf32>
  %ob = "fly.static"() : () -> !fly.int_tuple<"(240,0)">
  // expected-error@+1 {{n_repeat = 4 reads rows [240, 304) of B, but its tensor has 256}}
  %r4 = "fly.gemm"(%ta, %tb, %acc16, %lane, %o, %ob) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 4 : i32} : (!a, !b, vector<16xf32>, index, !o, !fly.int_tuple<"(240,0)">) -> vector<16xf32>
  // expected-error@+1 {{the accumulators must be a vector<16xf32> (m_repeat * n_repeat * 4 per lane)}}
  %r5 = "fly.gemm"(%ta, %tb, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 2 : i32, n_repeat = 2 : i32} : (!a, !b, vector<4xf32>, index, !o, !o) -> vector<4xf32>
  // expected-error@+1 {{the result type must be vector<4xf32>, the accumulators' type}}
  %r6 = "fly.gemm"(%ta, %tb, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32} : (!a, !b, vector<4xf32>, index, !o, !o) -> vector<16xf32>
  // expected-error@+1 {{the A tensor holds f8E4M3FN, but the atom's A operand is bf16}}
  %r7 = "fly.gemm"(%ta, %tb, %acc, %lane, %o, %o) {shape = "16x16x32", a = "bf16", b = "bf16", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32} : (!a, !b, vector<4xf32>, index, !o, !o) -> vector<4xf32>
  // expected-error@+1 {{no 16x16x100 MFMA multiplies f8E4M3FN by f8E4M3FN into f32 (see docs/language.md)}}
  %r8 = "fly.gemm"(%ta, %tb, %acc, %lane, %o, %o) {shape = "16x16x100", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32} : (!a, !b, vector<4xf32>, index, !o, !o) -> vector<4xf32>
  // expected-error@+1 {{attribute 'shape' = "16x16" must be "MxNxK"}}
  %r9 = "fly.gemm"(%ta, %tb, %acc, %lane, %o, %o) {shape = "16x16", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32} : (!a, !b, vector<4xf32>, index, !o, !o) -> vector<4xf32>
  // expected-error@+1 {{k_pack needs an atom whose lanes hold consecutive k (not the f8f6f4 forms)}}
  %ra = "fly.gemm"(%ta, %tb, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32, k_steps = 2 : i32, k_pack = 2 : i32} : (!a, !b, vector<4xf32>, index, !o, !o) -> vector<4xf32>
  // expected-error@+1 {{m_repeat * n_repeat = 128: at most 64 atoms per op}}
  %rb = "fly.gemm"(%ta, %tb, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 2 : i32, n_repeat = 64 : i32} : (!a, !b, vector<4xf32>, index, !o, !o) -> vector<4xf32>
  // B as prefetched fragments: n_repeat * k_steps * 32 fp8 per lane.
  %bf = "fly.gemm_fragments"(%tb, %lane, %o) {operand = "b", shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 2 : i32} : (!b, index, !o) -> vector<64xf8E4M3FN>
  // expected-error@+1 {{B given as fragments must be a vector<32xf8E4M3FN> (n_repeat * k_steps * 32 per lane, as fly.gemm_fragments loads them)}}
  %rd = "fly.gemm"(%ta, %bf, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32} : (!a, vector<64xf8E4M3FN>, vector<4xf32>, index, !o, !o) -> vector<4xf32>
  // expected-error@+1 {{the result type must be vector<64xf8E4M3FN> (n_repeat * k_steps * 32 per lane)}}
  %be = "fly.gemm_fragments"(%tb, %lane, %o) {operand = "b", shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 2 : i32} : (!b, index, !o) -> vector<32xf8E4M3FN>
  // expected-error@+1 {{attribute 'operand' must be "a" or "b"}}
  %bg = "fly.gemm_fragments"(%tb, %lane, %o) {operand = "c", shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 2 : i32} : (!b, index, !o) -> vector<64xf8E4M3FN>
  // The prefetch reads the same tile the gemm would: it must fit.
  // expected-error@+1 {{n_repeat = 4 reads rows [240, 304) of B, but its tensor has 256}}
  %bh = "fly.gemm_fragments"(%tb, %lane, %ob) {operand = "b", shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 4 : i32} : (!b, index, !fly.int_tuple<"(240,0)">) -> vector<128xf8E4M3FN>
  // expected-error@+1 {{the A tensor holds f8E4M3FN, but the atom's A operand is bf16}}
  %bi = "fly.gemm_fragments"(%ta, %lane, %o) {operand = "a", shape = "16x16x32", a = "bf16", b = "bf16", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32} : (!a, index, !o) -> vector<8xbf16>
  %od = "fly.make_int_tuple"(%i, %i, %i) : (index, index, index) -> !fly.int_tuple<"(?,?,?)">
  // expected-error@+1 {{operand #4 (an origin) must be a (row, column) int tuple}}
  %rc = "fly.gemm"(%ta, %tb, %acc, %lane, %od, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32} : (!a, !b, vector<4xf32>, index, !fly.int_tuple<"(?,?,?)">, !o) -> vector<4xf32>
  return
}

!gl = !fly.tensor<"f8E4M3FN global (?,4096):(4096,1)">
func.func @unbounded(%tg: !gl, %tb: !b, %lane: index, %acc: vector<64xf32>) {
  %o = "fly.static"() : () -> !o
  // With a run-time extent nothing bounds k_steps but the unroll limit.
  // expected-error@+1 {{m_repeat * n_repeat * k_steps = 16384 MFMAs: a fly.gemm is unrolled, at most 4096}}
  %r = "fly.gemm"(%tg, %tb, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32, k_steps = 1024 : i32} : (!gl, !b, vector<64xf32>, index, !o, !o) -> vector<64xf32>
  return
}

!c = !fly.tensor<"bf16 global (64,64):(64,1)">
!s = !fly.tensor<"f32 global 32:1">
func.func @store_and_scale(%tc: !c, %ts: !s, %lane: index, %acc: vector<64xbf16>, %f: vector<64xf32>) {
  %o = "fly.static"() : () -> !o
  // expected-error@+1 {{n_repeat = 8 reads columns [0, 128) of C, but its tensor has 64}}
  "fly.gemm_store"(%acc, %tc, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 2 : i32, n_repeat = 8 : i32} : (vector<64xbf16>, !c, index, !o) -> ()
  // expected-error@+1 {{the accumulators must be a vector<64xbf16> (m_repeat * n_repeat * 4 per lane, in the C tensor's element type)}}
  "fly.gemm_store"(%f, %tc, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32} : (vector<64xf32>, !c, index, !o) -> ()
  // 4 x 16 rows of scales from a 32-entry vector.
  // expected-error@+1 {{m_repeat = 4 reads entries [0, 64) of row scales, but its tensor has 32}}
  %r = "fly.gemm_scale"(%f, %ts, %ts, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32} : (vector<64xf32>, !s, !s, index, !o) -> vector<64xf32>
  // expected-error@+1 {{the row scales must be a rank-1 f32 tensor}}
  %r2 = "fly.gemm_scale"(%f, %tc, %ts, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32} : (vector<64xf32>, !c, !s, index, !o) -> vector<64xf32>
  return
}

!s64 = !fly.tensor<"f32 global 64:1">
func.func @uniform_scale(%ts: !s64, %lane: index, %f: vector<64xf32>, %h: f16) {
  %o = "fly.static"() : () -> !o
  // One column scale for every column must be an f32.
  // expected-error@+1 {{the column scales must be a rank-1 f32 tensor or one f32 for every column}}
  %r = "fly.gemm_scale"(%f, %ts, %h, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32} : (vector<64xf32>, !s64, f16, index, !o) -> vector<64xf32>
  // Prefetched row scales: m_repeat x 4 values per lane.
  %rows = "fly.gemm_row_scales"(%ts, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32} : (!s64, index, !o) -> vector<16xf32>
  // expected-error@+1 {{the row scales must be a rank-1 f32 tensor or the vector<16xf32> fly.gemm_row_scales loads}}
  %r2 = "fly.gemm_scale"(%f, %f, %h, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32} : (vector<64xf32>, vector<64xf32>, f16, index, !o) -> vector<64xf32>
  // expected-error@+1 {{the result must be a vector<16xf32> (m_repeat * 4 per lane)}}
  %bad = "fly.gemm_row_scales"(%ts, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32} : (!s64, index, !o) -> vector<8xf32>
  %o56 = "fly.static"() : () -> !fly.int_tuple<"(16,0)">
  // expected-error@+1 {{m_repeat = 4 reads entries [16, 80) of row scales, but its tensor has 64}}
  %far = "fly.gemm_row_scales"(%ts, %lane, %o56) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32} : (!s64, index, !fly.int_tuple<"(16,0)">) -> vector<16xf32>
  return
}

func.func @fragment(%ta: !a, %lane: index) {
  %o = "fly.static"() : () -> !fly.int_tuple<"(56,0)">
  // expected-error@+1 {{the atom's 16x128 operand tile at (56, 0) does not fit the tensor's 64 x 128}}
  %f = "fly.mma_fragment"(%ta, %lane, %o) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", operand = "a"} : (!a, index, !fly.int_tuple<"(56,0)">) -> vector<32xf8E4M3FN>
  %z = "fly.static"() : () -> !o
  // expected-error@+1 {{the result type must be vector<32xf8E4M3FN>, the lane's part of operand a}}
  %g = "fly.mma_fragment"(%ta, %lane, %z) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", operand = "a"} : (!a, index, !o) -> vector<16xf8E4M3FN>
  // expected-error@+1 {{attribute 'operand' must be "a", "b" or "c"}}
  %h = "fly.mma_fragment"(%ta, %lane, %z) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", operand = "ab"} : (!a, index, !o) -> vector<32xf8E4M3FN>
  return
}

// An f32 C tile may be read from a bf16 or f16 tensor (a residual in the
// output type): the lane's values are then of that type; other types are
// refused.
func.func @fragment_c(%tc: !fly.tensor<"bf16 global (64,64):(64,1)">,
                      %ti: !fly.tensor<"i8 global (64,64):(64,1)">, %lane: index) {
  %z = "fly.static"() : () -> !o
  %ok = "fly.mma_fragment"(%tc, %lane, %z) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", operand = "c"} : (!fly.tensor<"bf16 global (64,64):(64,1)">, index, !o) -> vector<4xbf16>
  // expected-error@+1 {{the result type must be vector<4xbf16>, the lane's part of operand c}}
  %f = "fly.mma_fragment"(%tc, %lane, %z) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", operand = "c"} : (!fly.tensor<"bf16 global (64,64):(64,1)">, index, !o) -> vector<4xf32>
  // expected-error@+1 {{the C tensor holds i8, but the atom's C operand is f32}}
  %g = "fly.mma_fragment"(%ti, %lane, %z) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", operand = "c"} : (!fly.tensor<"i8 global (64,64):(64,1)">, index, !o) -> vector<4xf32>
  return
}

// MXFP4: fp4 operands come packed two per byte in i8 tensors (columns are
// bytes), fragments are the lane's bytes, and the scaled form takes one
// vector of E8M0 scale words (A's, then B's).
!a4 = !fly.tensor<"i8 shared (64,128):(128,1)">
!b4 = !fly.tensor<"i8 global (256,128):(128,1)">
func.func @mxfp4(%ta: !a4, %tb: !b4, %tf: !a, %lane: index, %acc: vector<4xf32>, %s1: vector<1xi32>,
                 %s2: vector<2xi32>) {
  %o = "fly.static"() : () -> !o
  // expected-error@+1 {{the A tensor holds f8E4M3FN, but the atom's A operand is f4E2M1FN, packed two per byte: an i8 tensor}}
  %r0 = "fly.gemm"(%tf, %tb, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f4E2M1FN", b = "f4E2M1FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32} : (!a, !b4, vector<4xf32>, index, !o, !o) -> vector<4xf32>
  // Two K steps of 128 fp4 read 128 bytes of a row: a third does not fit.
  // expected-error@+1 {{k_steps = 3 reads columns [0, 192) of A, but its tensor has 128}}
  %r1 = "fly.gemm"(%ta, %tb, %acc, %lane, %o, %o) {shape = "16x16x128", a = "f4E2M1FN", b = "f4E2M1FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32, k_steps = 3 : i32} : (!a4, !b4, vector<4xf32>, index, !o, !o) -> vector<4xf32>
  // 1 atom x 2 steps of A and of B: one word each, two in all.
  // expected-error@+1 {{operand #6 (the scales) must be a vector<2xi32>: one E8M0 byte per MFMA, (m_repeat * k_steps + 3) / 4 words of A's, then (n_repeat * k_steps + 3) / 4 of B's}}
  %r2 = "fly.gemm"(%ta, %tb, %acc, %lane, %o, %o, %s1) {shape = "16x16x128", a = "f4E2M1FN", b = "f4E2M1FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32, k_steps = 2 : i32} : (!a4, !b4, vector<4xf32>, index, !o, !o, vector<1xi32>) -> vector<4xf32>
  // expected-error@+1 {{takes scales only with an f8f6f4 atom (16x16x128, 32x32x64) and without k_pack}}
  %r3 = "fly.gemm"(%tf, %tf, %acc, %lane, %o, %o, %s2) {shape = "16x16x32", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32, k_steps = 2 : i32} : (!a, !a, vector<4xf32>, index, !o, !o, vector<2xi32>) -> vector<4xf32>
  // expected-error@+1 {{the result type must be vector<16xi8> (n_repeat * k_steps * 32 per lane)}}
  %f0 = "fly.gemm_fragments"(%tb, %lane, %o) {operand = "b", shape = "16x16x128", a = "f4E2M1FN", b = "f4E2M1FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32} : (!b4, index, !o) -> vector<32xf4E2M1FN>
  // expected-error@+1 {{the tiled MMA ops do not take f6E2M3FN operands (no whole number of them fits a byte)}}
  %f1 = "fly.gemm_fragments"(%tb, %lane, %o) {operand = "b", shape = "16x16x128", a = "f6E2M3FN", b = "f6E2M3FN", c = "f32", m_repeat = 1 : i32, n_repeat = 1 : i32} : (!b4, index, !o) -> vector<32xf6E2M3FN>
  return
}
