// The one-tile GEMM of the building-blocks guide: C = A * B^T for one 64x256
// output tile over K = 512, fp8 in, bf16 out, on 256 threads = 4 waves that
// split N (gemm-optimization §1.1). A goes through a swizzled 2-stage LDS
// ping-pong filled by LDS DMA (§2, §3, §11); B goes straight from global
// memory to registers; 16x16x128 fp8 MFMAs (§6); the main loop is marked for
// the hot-loop interleave (§5); the epilogue stores bf16 directly (§7.1).


// 16 MFMAs per wave per K tile, two K tiles per iteration: 32 in the loop.


// On the emulator it computes the product of random fp8 matrices.

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @gemm_tile(%a: memref<32768xf8E4M3FN>, %b: memref<131072xf8E4M3FN>, %c: memref<16384xbf16>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %s = "fly.shared_alloc"() {name = "SharedStorage",
             fields = "a0: f8E4M3FN[8192] align 16, a1: f8E4M3FN[8192] align 16"} : () -> !fly.shared_storage<"SharedStorage">
      %l0 = "fly.shared_field"(%s) {field = "a0"} : (!fly.shared_storage<"SharedStorage">) -> memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>
      %l1 = "fly.shared_field"(%s) {field = "a1"} : (!fly.shared_storage<"SharedStorage">) -> memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>
      %tid = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c64 = arith.constant 64 : index
      // Global views: A is 64 x 512, B is 256 x 512 (N x K), C is 64 x 256.
      %al = "fly.static"() : () -> !fly.layout<"(64,512):(512,1)">
      %ga = "fly.make_tensor"(%a, %al) {buffer} : (memref<32768xf8E4M3FN>, !fly.layout<"(64,512):(512,1)">) -> !fly.tensor<"f8E4M3FN global (64,512):(512,1)">
      %bl = "fly.static"() : () -> !fly.layout<"(256,512):(512,1)">
      %gb = "fly.make_tensor"(%b, %bl) {buffer} : (memref<131072xf8E4M3FN>, !fly.layout<"(256,512):(512,1)">) -> !fly.tensor<"f8E4M3FN global (256,512):(512,1)">
      %cl = "fly.static"() : () -> !fly.layout<"(64,256):(256,1)">
      %gc = "fly.make_tensor"(%c, %cl) {buffer} : (memref<16384xbf16>, !fly.layout<"(64,256):(256,1)">) -> !fly.tensor<"bf16 global (64,256):(256,1)">
      // The A ping-pong buffers, 64 x 128 fp8, XOR-swizzled in 16-byte units.
      %sl = "fly.static"() : () -> !fly.composed_layout<"S<3,4,3> o 0 o (64,128):(128,1)">
      %s0 = "fly.make_tensor"(%l0, %sl) : (memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, !fly.composed_layout<"S<3,4,3> o 0 o (64,128):(128,1)">) -> !fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">
      %s1 = "fly.make_tensor"(%l1, %sl) : (memref<8192xf8E4M3FN, #gpu.address_space<workgroup>>, !fly.composed_layout<"S<3,4,3> o 0 o (64,128):(128,1)">) -> !fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">
      %wave = arith.divui %tid, %c64 : index
      %lane = arith.remui %tid, %c64 : index
      %n0 = arith.muli %wave, %c64 : index
      %zero = "fly.static"() : () -> !fly.int_tuple<"(0,0)">
      // Prologue: K tile 0 into buffer 0.
      %t0 = "fly.make_int_tuple"(%c0, %c0) : (index, index) -> !fly.int_tuple<"(?,?)">
      %at0 = "fly.local_tile"(%ga, %t0) {tile = "(64,128)"} : (!fly.tensor<"f8E4M3FN global (64,512):(512,1)">, !fly.int_tuple<"(?,?)">) -> !fly.tensor<"f8E4M3FN global (64,128):(512,1)">
      "fly.copy_to_lds"(%at0, %s0, %tid) {bytes = 16 : i32, threads = 256 : i32} : (!fly.tensor<"f8E4M3FN global (64,128):(512,1)">, !fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">, index) -> ()
      "fly.waitcnt"() {vmcnt = 0 : i32} : () -> ()
      gpu.barrier
      %acc0 = arith.constant dense<0.0> : vector<64xf32>
      // Two K tiles per iteration: compute on one buffer while the DMA fills
      // the other (the tile after the last one reads past K: zeros).
      %acc = scf.for %kt = %c0 to %c4 step %c2 iter_args(%acc_in = %acc0) -> (vector<64xf32>) {
        %k1 = arith.addi %kt, %c1 : index
        %t1 = "fly.make_int_tuple"(%c0, %k1) : (index, index) -> !fly.int_tuple<"(?,?)">
        %at1 = "fly.local_tile"(%ga, %t1) {tile = "(64,128)"} : (!fly.tensor<"f8E4M3FN global (64,512):(512,1)">, !fly.int_tuple<"(?,?)">) -> !fly.tensor<"f8E4M3FN global (64,128):(512,1)">
        "fly.copy_to_lds"(%at1, %s1, %tid) {bytes = 16 : i32, threads = 256 : i32} : (!fly.tensor<"f8E4M3FN global (64,128):(512,1)">, !fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">, index) -> ()
        %kb0 = arith.muli %kt, %c64 : index
        %kb0x2 = arith.muli %kb0, %c2 : index
        %bo0 = "fly.make_int_tuple"(%n0, %kb0x2) : (index, index) -> !fly.int_tuple<"(?,?)">
        %accA = "fly.gemm"(%s0, %gb, %acc_in, %lane, %zero, %bo0) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32, k_steps = 1 : i32} : (!fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">, !fly.tensor<"f8E4M3FN global (256,512):(512,1)">, vector<64xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(?,?)">) -> vector<64xf32>
        "fly.waitcnt"() {vmcnt = 0 : i32} : () -> ()
        gpu.barrier
        %k2 = arith.addi %kt, %c2 : index
        %t2 = "fly.make_int_tuple"(%c0, %k2) : (index, index) -> !fly.int_tuple<"(?,?)">
        %at2 = "fly.local_tile"(%ga, %t2) {tile = "(64,128)"} : (!fly.tensor<"f8E4M3FN global (64,512):(512,1)">, !fly.int_tuple<"(?,?)">) -> !fly.tensor<"f8E4M3FN global (64,128):(512,1)">
        "fly.copy_to_lds"(%at2, %s0, %tid) {bytes = 16 : i32, threads = 256 : i32} : (!fly.tensor<"f8E4M3FN global (64,128):(512,1)">, !fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">, index) -> ()
        %kb1 = arith.muli %k1, %c64 : index
        %kb1x2 = arith.muli %kb1, %c2 : index
        %bo1 = "fly.make_int_tuple"(%n0, %kb1x2) : (index, index) -> !fly.int_tuple<"(?,?)">
        %accB = "fly.gemm"(%s1, %gb, %accA, %lane, %zero, %bo1) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32, k_steps = 1 : i32} : (!fly.tensor<"f8E4M3FN shared S<3,4,3> o 0 o (64,128):(128,1)">, !fly.tensor<"f8E4M3FN global (256,512):(512,1)">, vector<64xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(?,?)">) -> vector<64xf32>
        "fly.waitcnt"() {vmcnt = 0 : i32} : () -> ()
        gpu.barrier
        scf.yield %accB : vector<64xf32>
      } {fly.hot_loop}
      %out = arith.truncf %acc : vector<64xf32> to vector<64xbf16>
      %co = "fly.make_int_tuple"(%c0, %n0) : (index, index) -> !fly.int_tuple<"(?,?)">
      "fly.gemm_store"(%out, %gc, %lane, %co) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32} : (vector<64xbf16>, !fly.tensor<"bf16 global (64,256):(256,1)">, index, !fly.int_tuple<"(?,?)">) -> ()
      gpu.return
    }
  }
}
