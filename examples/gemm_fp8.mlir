// C[M,512] = (A[M,1024] * B[512,1024]^T) * scale_a[M] * scale_b[512] in fp8
// (OCP e4m3fn) with f32 per-token scales and bf16 output, for gfx950: the
// one-tile kernel of docs/kernel-authoring.md over a grid of 64x256 tiles
// (grid = (ceil(M/64), 2)). M is a run-time argument: A, C and scale_a are
// buffer resources of M rows, so the last row tile reads zeros past M and
// its stores past M are dropped.
//   flyc examples/gemm_fp8.mlir -o gemm.hsaco --stats
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @gemm_fp8(%a: memref<16777216xf8E4M3FN>, %b: memref<524288xf8E4M3FN>,
                       %c: memref<8388608xbf16>, %sa: memref<16384xf32>, %sb: memref<512xf32>,
                       %m: i32) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %s = "fly.shared_alloc"() {name = "SharedStorage",
             fields = "a0: f8E4M3FN[8192] align 16, a1: f8E4M3FN[8192] align 16"} : () -> !fly.shared_storage<"SharedStorage">
      %l0 = "fly.shared_field"(%s) {field = "a0"} : (!fly.shared_storage<"SharedStorage">) -> memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>
      %l1 = "fly.shared_field"(%s) {field = "a1"} : (!fly.shared_storage<"SharedStorage">) -> memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>
      %tid = gpu.thread_id x
      %bm = gpu.block_id x
      %bn = gpu.block_id y
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c64 = arith.constant 64 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      // A: M x 1024, B: 512 x 1024 (N x K), C: M x 512, all row-major.
      %am = "fly.make_int_tuple"(%m) : (i32) -> !fly.int_tuple<"(?,1024)">
      %ad = "fly.static"() : () -> !fly.int_tuple<"(1024,1)">
      %al = "fly.make_layout"(%am, %ad) : (!fly.int_tuple<"(?,1024)">, !fly.int_tuple<"(1024,1)">) -> !fly.layout<"(?,1024):(1024,1)">
      %ga = "fly.make_tensor"(%a, %al) {buffer} : (memref<16777216xf8E4M3FN>, !fly.layout<"(?,1024):(1024,1)">) -> !fly.tensor<"f8E4M3FN global (?,1024):(1024,1)">
      %bl = "fly.static"() : () -> !fly.layout<"(512,1024):(1024,1)">
      %gb = "fly.make_tensor"(%b, %bl) {buffer} : (memref<524288xf8E4M3FN>, !fly.layout<"(512,1024):(1024,1)">) -> !fly.tensor<"f8E4M3FN global (512,1024):(1024,1)">
      %cm = "fly.make_int_tuple"(%m) : (i32) -> !fly.int_tuple<"(?,512)">
      %cd = "fly.static"() : () -> !fly.int_tuple<"(512,1)">
      %cl = "fly.make_layout"(%cm, %cd) : (!fly.int_tuple<"(?,512)">, !fly.int_tuple<"(512,1)">) -> !fly.layout<"(?,512):(512,1)">
      %gc = "fly.make_tensor"(%c, %cl) {buffer} : (memref<8388608xbf16>, !fly.layout<"(?,512):(512,1)">) -> !fly.tensor<"bf16 global (?,512):(512,1)">
      // The A ping-pong buffers: 64 x 128 fp8 tiles behind an XOR swizzle.
      %sl = "fly.static"() : () -> !fly.composed_layout<"S<3,4,3> o 0 o (64,128):(128,1)">
      %s0 = "fly.make_tensor"(%l0, %sl) : (memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, !fly.composed_layout<"S<3,4,3> o 0 o (64,128):(128,1)">) -> !fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">
      %s1 = "fly.make_tensor"(%l1, %sl) : (memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, !fly.composed_layout<"S<3,4,3> o 0 o (64,128):(128,1)">) -> !fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">
      // 4 waves split the tile's 256 columns.
      %wave = arith.divui %tid, %c64 : index
      %lane = arith.remui %tid, %c64 : index
      %wn = arith.muli %wave, %c64 : index
      %bn0 = arith.muli %bn, %c256 : index
      %n0 = arith.addi %bn0, %wn : index
      %zero = "fly.static"() : () -> !fly.int_tuple<"(0,0)">
      %t0 = "fly.make_int_tuple"(%bm, %c0) : (index, index) -> !fly.int_tuple<"(?,?)">
      %at0 = "fly.local_tile"(%ga, %t0) {tile = "(64,128)"} : (!fly.tensor<"f8E4M3FN global (?,1024):(1024,1)">, !fly.int_tuple<"(?,?)">) -> !fly.tensor<"f8E4M3FN global (64,128):(1024,1)">
      "fly.copy_to_lds"(%at0, %s0, %tid) {bytes = 16 : i32, threads = 256 : i32} : (!fly.tensor<"f8E4M3FN global (64,128):(1024,1)">, !fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">, index) -> ()
      "fly.waitcnt"() {vmcnt = 0 : i32} : () -> ()
      gpu.barrier
      %acc0 = arith.constant dense<0.0> : vector<64xf32>
      %acc = scf.for %kt = %c0 to %c8 step %c2 iter_args(%acc_in = %acc0) -> (vector<64xf32>) {
        %k1 = arith.addi %kt, %c1 : index
        %t1 = "fly.make_int_tuple"(%bm, %k1) : (index, index) -> !fly.int_tuple<"(?,?)">
        %at1 = "fly.local_tile"(%ga, %t1) {tile = "(64,128)"} : (!fly.tensor<"f8E4M3FN global (?,1024):(1024,1)">, !fly.int_tuple<"(?,?)">) -> !fly.tensor<"f8E4M3FN global (64,128):(1024,1)">
        "fly.copy_to_lds"(%at1, %s1, %tid) {bytes = 16 : i32, threads = 256 : i32} : (!fly.tensor<"f8E4M3FN global (64,128):(1024,1)">, !fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">, index) -> ()
        %kk0 = arith.muli %kt, %c128 : index
        %bo0 = "fly.make_int_tuple"(%n0, %kk0) : (index, index) -> !fly.int_tuple<"(?,?)">
        %accA = "fly.gemm"(%s0, %gb, %acc_in, %lane, %zero, %bo0) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32, k_steps = 1 : i32} : (!fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">, !fly.tensor<"f8E4M3FN global (512,1024):(1024,1)">, vector<64xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(?,?)">) -> vector<64xf32>
        "fly.waitcnt"() {vmcnt = 0 : i32} : () -> ()
        gpu.barrier
        %k2 = arith.addi %kt, %c2 : index
        %t2 = "fly.make_int_tuple"(%bm, %k2) : (index, index) -> !fly.int_tuple<"(?,?)">
        %at2 = "fly.local_tile"(%ga, %t2) {tile = "(64,128)"} : (!fly.tensor<"f8E4M3FN global (?,1024):(1024,1)">, !fly.int_tuple<"(?,?)">) -> !fly.tensor<"f8E4M3FN global (64,128):(1024,1)">
        "fly.copy_to_lds"(%at2, %s0, %tid) {bytes = 16 : i32, threads = 256 : i32} : (!fly.tensor<"f8E4M3FN global (64,128):(1024,1)">, !fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">, index) -> ()
        %kk1 = arith.muli %k1, %c128 : index
        %bo1 = "fly.make_int_tuple"(%n0, %kk1) : (index, index) -> !fly.int_tuple<"(?,?)">
        %accB = "fly.gemm"(%s1, %gb, %accA, %lane, %zero, %bo1) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32, k_steps = 1 : i32} : (!fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">, !fly.tensor<"f8E4M3FN global (512,1024):(1024,1)">, vector<64xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(?,?)">) -> vector<64xf32>
        "fly.waitcnt"() {vmcnt = 0 : i32} : () -> ()
        gpu.barrier
        scf.yield %accB : vector<64xf32>
      } {fly.hot_loop}
      // Epilogue: per-token scales, then bf16 (round to nearest even).
      %sam = "fly.make_int_tuple"(%m) : (i32) -> !fly.int_tuple<"?">
      %one = "fly.static"() : () -> !fly.int_tuple<"1">
      %sal = "fly.make_layout"(%sam, %one) : (!fly.int_tuple<"?">, !fly.int_tuple<"1">) -> !fly.layout<"?:1">
      %tsa = "fly.make_tensor"(%sa, %sal) {buffer} : (memref<16384xf32>, !fly.layout<"?:1">) -> !fly.tensor<"f32 global ?:1">
      %sbl = "fly.static"() : () -> !fly.layout<"512:1">
      %tsb = "fly.make_tensor"(%sb, %sbl) {buffer} : (memref<512xf32>, !fly.layout<"512:1">) -> !fly.tensor<"f32 global 512:1">
      %m0 = arith.muli %bm, %c64 : index
      %co = "fly.make_int_tuple"(%m0, %n0) : (index, index) -> !fly.int_tuple<"(?,?)">
      %scaled = "fly.gemm_scale"(%acc, %tsa, %tsb, %lane, %co) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32} : (vector<64xf32>, !fly.tensor<"f32 global ?:1">, !fly.tensor<"f32 global 512:1">, index, !fly.int_tuple<"(?,?)">) -> vector<64xf32>
      %out = arith.truncf %scaled : vector<64xf32> to vector<64xbf16>
      "fly.gemm_store"(%out, %gc, %lane, %co) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32} : (vector<64xbf16>, !fly.tensor<"bf16 global (?,512):(512,1)">, index, !fly.int_tuple<"(?,?)">) -> ()
      gpu.return
    }
  }
}
