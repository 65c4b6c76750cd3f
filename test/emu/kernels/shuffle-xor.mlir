// Wave reductions with gpu.shuffle xor, as softmax and RMSNorm do them,
// compiled by flyc for gfx950 and gfx942 and run on the emulator; every
// output is compared with shuffle-ref.py's CPU results. LLVM lowers the
// shuffles to ds_swizzle_b32 (offsets below 32 that a swizzle pattern
// expresses), v_permlane16/32_swap (gfx950, offsets 16 and 32) and
// ds_bpermute_b32 (the rest); the swizzles used to read the wrong register.
// 128-item workgroups: two waves each.
// RUN: rm -rf %t && mkdir -p %t/perm %t/reduce %t/softmax %t/rmsnorm
// RUN: python3 %S/Inputs/shuffle-ref.py perm 1 %t/perm
// RUN: python3 %S/Inputs/shuffle-ref.py reduce 2 %t/reduce
// RUN: python3 %S/Inputs/shuffle-ref.py softmax 3 %t/softmax
// RUN: python3 %S/Inputs/shuffle-ref.py rmsnorm 4 %t/rmsnorm
// RUN: flyc %s --chip gfx950 -o %t/k950.hsaco
// RUN: flyc %s --chip gfx942 -o %t/k942.hsaco
// RUN: flyc %s --chip gfx950 --emit isa -o - | FileCheck %s --check-prefix=ISA950
// RUN: flyc %s --chip gfx942 --emit isa -o - | FileCheck %s --check-prefix=ISA942
// ISA950-LABEL: perm:
// ISA950-DAG: ds_swizzle_b32 {{.*}} offset:swizzle(SWAP,1)
// ISA950-DAG: ds_swizzle_b32 {{.*}} offset:swizzle(BITMASK_PERM,"ppipi")
// ISA950-DAG: v_permlane16_swap_b32
// ISA950-DAG: v_permlane32_swap_b32
// ISA950-DAG: ds_bpermute_b32
// ISA942-LABEL: perm:
// ISA942-DAG: ds_swizzle_b32 {{.*}} offset:swizzle(SWAP,16)
// ISA942-DAG: ds_swizzle_b32 {{.*}} offset:swizzle(REVERSE,32)
// ISA942-DAG: ds_bpermute_b32
//
// Each offset 1..32, 33, 48, 63 on its own: y[k*256 + i] = x[i ^ offset_k].
// RUN: flyc-run %t/k950.hsaco --kernel perm --grid 2 --block 128 x:i32:256:file=%t/perm/x.bin y:i32:8960 --check y=%t/perm/y.bin | FileCheck %s --check-prefix=PERM
// RUN: flyc-run %t/k942.hsaco --kernel perm --grid 2 --block 128 x:i32:256:file=%t/perm/x.bin y:i32:8960 --check y=%t/perm/y.bin | FileCheck %s --check-prefix=PERM
// PERM: check y: ok (8960 i32 elements, bit-exact, max abs error 0)
//
// Sum and max of f32 (multiples of 1/64: exact in any order) and of i32
// (wrapping sum, signed max) over each wave, offsets up and down; every lane
// holds the result.
// RUN: flyc-run %t/k950.hsaco --kernel reduce --grid 4 --block 128 xf:f32:512:file=%t/reduce/xf.bin xi:i32:512:file=%t/reduce/xi.bin sf:f32:512 mf:f32:512 si:i32:512 mi:i32:512 --check sf=%t/reduce/sf.bin --check mf=%t/reduce/mf.bin --check si=%t/reduce/si.bin --check mi=%t/reduce/mi.bin | FileCheck %s --check-prefix=RED
// RUN: flyc-run %t/k942.hsaco --kernel reduce --grid 4 --block 128 xf:f32:512:file=%t/reduce/xf.bin xi:i32:512:file=%t/reduce/xi.bin sf:f32:512 mf:f32:512 si:i32:512 mi:i32:512 --check sf=%t/reduce/sf.bin --check mf=%t/reduce/mf.bin --check si=%t/reduce/si.bin --check mi=%t/reduce/mi.bin | FileCheck %s --check-prefix=RED
// RED: check sf: ok (512 f32 elements, bit-exact, max abs error 0)
// RED: check mf: ok (512 f32 elements, bit-exact, max abs error 0)
// RED: check si: ok (512 i32 elements, bit-exact, max abs error 0)
// RED: check mi: ok (512 i32 elements, bit-exact, max abs error 0)
//
// Softmax of 8 rows of 64 (and each row's maximum, which the softmax alone
// would not show): y within 2e-6 relative of the f64 reference.
// RUN: flyc-run %t/k950.hsaco --kernel softmax --grid 4 --block 128 x:f32:512:file=%t/softmax/x.bin y:f32:512 m:f32:512 --check y=%t/softmax/y.bin,rtol=2e-6 --check m=%t/softmax/m.bin | FileCheck %s --check-prefix=SOFTMAX
// RUN: flyc-run %t/k942.hsaco --kernel softmax --grid 4 --block 128 x:f32:512:file=%t/softmax/x.bin y:f32:512 m:f32:512 --check y=%t/softmax/y.bin,rtol=2e-6 --check m=%t/softmax/m.bin | FileCheck %s --check-prefix=SOFTMAX
// SOFTMAX: check y: ok (512 f32 elements
// SOFTMAX: check m: ok (512 f32 elements, bit-exact, max abs error 0)
//
// RMSNorm of 4 rows of 256 (4 elements per lane), one row per wave.
// RUN: flyc-run %t/k950.hsaco --kernel rmsnorm --grid 2 --block 128 x:f32:1024:file=%t/rmsnorm/x.bin g:f32:256:file=%t/rmsnorm/g.bin y:f32:1024 --check y=%t/rmsnorm/y.bin,rtol=2e-6 | FileCheck %s --check-prefix=RMS
// RUN: flyc-run %t/k942.hsaco --kernel rmsnorm --grid 2 --block 128 x:f32:1024:file=%t/rmsnorm/x.bin g:f32:256:file=%t/rmsnorm/g.bin y:f32:1024 --check y=%t/rmsnorm/y.bin,rtol=2e-6 | FileCheck %s --check-prefix=RMS
// RMS: check y: ok (1024 f32 elements

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @perm(%x: memref<256xi32>, %y: memref<8960xi32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %c128 = arith.constant 128 : index
      %base = arith.muli %bid, %c128 : index
      %i = arith.addi %base, %tid : index
      %v = memref.load %x[%i] : memref<256xi32>
      %w = arith.constant 64 : i32
      %o1 = arith.constant 1 : i32
      %r1, %ok1 = gpu.shuffle xor %v, %o1, %w : i32
      %b1 = arith.constant 0 : index
      %j1 = arith.addi %i, %b1 : index
      memref.store %r1, %y[%j1] : memref<8960xi32>
      %o2 = arith.constant 2 : i32
      %r2, %ok2 = gpu.shuffle xor %v, %o2, %w : i32
      %b2 = arith.constant 256 : index
      %j2 = arith.addi %i, %b2 : index
      memref.store %r2, %y[%j2] : memref<8960xi32>
      %o3 = arith.constant 3 : i32
      %r3, %ok3 = gpu.shuffle xor %v, %o3, %w : i32
      %b3 = arith.constant 512 : index
      %j3 = arith.addi %i, %b3 : index
      memref.store %r3, %y[%j3] : memref<8960xi32>
      %o4 = arith.constant 4 : i32
      %r4, %ok4 = gpu.shuffle xor %v, %o4, %w : i32
      %b4 = arith.constant 768 : index
      %j4 = arith.addi %i, %b4 : index
      memref.store %r4, %y[%j4] : memref<8960xi32>
      %o5 = arith.constant 5 : i32
      %r5, %ok5 = gpu.shuffle xor %v, %o5, %w : i32
      %b5 = arith.constant 1024 : index
      %j5 = arith.addi %i, %b5 : index
      memref.store %r5, %y[%j5] : memref<8960xi32>
      %o6 = arith.constant 6 : i32
      %r6, %ok6 = gpu.shuffle xor %v, %o6, %w : i32
      %b6 = arith.constant 1280 : index
      %j6 = arith.addi %i, %b6 : index
      memref.store %r6, %y[%j6] : memref<8960xi32>
      %o7 = arith.constant 7 : i32
      %r7, %ok7 = gpu.shuffle xor %v, %o7, %w : i32
      %b7 = arith.constant 1536 : index
      %j7 = arith.addi %i, %b7 : index
      memref.store %r7, %y[%j7] : memref<8960xi32>
      %o8 = arith.constant 8 : i32
      %r8, %ok8 = gpu.shuffle xor %v, %o8, %w : i32
      %b8 = arith.constant 1792 : index
      %j8 = arith.addi %i, %b8 : index
      memref.store %r8, %y[%j8] : memref<8960xi32>
      %o9 = arith.constant 9 : i32
      %r9, %ok9 = gpu.shuffle xor %v, %o9, %w : i32
      %b9 = arith.constant 2048 : index
      %j9 = arith.addi %i, %b9 : index
      memref.store %r9, %y[%j9] : memref<8960xi32>
      %o10 = arith.constant 10 : i32
      %r10, %ok10 = gpu.shuffle xor %v, %o10, %w : i32
      %b10 = arith.constant 2304 : index
      %j10 = arith.addi %i, %b10 : index
      memref.store %r10, %y[%j10] : memref<8960xi32>
      %o11 = arith.constant 11 : i32
      %r11, %ok11 = gpu.shuffle xor %v, %o11, %w : i32
      %b11 = arith.constant 2560 : index
      %j11 = arith.addi %i, %b11 : index
      memref.store %r11, %y[%j11] : memref<8960xi32>
      %o12 = arith.constant 12 : i32
      %r12, %ok12 = gpu.shuffle xor %v, %o12, %w : i32
      %b12 = arith.constant 2816 : index
      %j12 = arith.addi %i, %b12 : index
      memref.store %r12, %y[%j12] : memref<8960xi32>
      %o13 = arith.constant 13 : i32
      %r13, %ok13 = gpu.shuffle xor %v, %o13, %w : i32
      %b13 = arith.constant 3072 : index
      %j13 = arith.addi %i, %b13 : index
      memref.store %r13, %y[%j13] : memref<8960xi32>
      %o14 = arith.constant 14 : i32
      %r14, %ok14 = gpu.shuffle xor %v, %o14, %w : i32
      %b14 = arith.constant 3328 : index
      %j14 = arith.addi %i, %b14 : index
      memref.store %r14, %y[%j14] : memref<8960xi32>
      %o15 = arith.constant 15 : i32
      %r15, %ok15 = gpu.shuffle xor %v, %o15, %w : i32
      %b15 = arith.constant 3584 : index
      %j15 = arith.addi %i, %b15 : index
      memref.store %r15, %y[%j15] : memref<8960xi32>
      %o16 = arith.constant 16 : i32
      %r16, %ok16 = gpu.shuffle xor %v, %o16, %w : i32
      %b16 = arith.constant 3840 : index
      %j16 = arith.addi %i, %b16 : index
      memref.store %r16, %y[%j16] : memref<8960xi32>
      %o17 = arith.constant 17 : i32
      %r17, %ok17 = gpu.shuffle xor %v, %o17, %w : i32
      %b17 = arith.constant 4096 : index
      %j17 = arith.addi %i, %b17 : index
      memref.store %r17, %y[%j17] : memref<8960xi32>
      %o18 = arith.constant 18 : i32
      %r18, %ok18 = gpu.shuffle xor %v, %o18, %w : i32
      %b18 = arith.constant 4352 : index
      %j18 = arith.addi %i, %b18 : index
      memref.store %r18, %y[%j18] : memref<8960xi32>
      %o19 = arith.constant 19 : i32
      %r19, %ok19 = gpu.shuffle xor %v, %o19, %w : i32
      %b19 = arith.constant 4608 : index
      %j19 = arith.addi %i, %b19 : index
      memref.store %r19, %y[%j19] : memref<8960xi32>
      %o20 = arith.constant 20 : i32
      %r20, %ok20 = gpu.shuffle xor %v, %o20, %w : i32
      %b20 = arith.constant 4864 : index
      %j20 = arith.addi %i, %b20 : index
      memref.store %r20, %y[%j20] : memref<8960xi32>
      %o21 = arith.constant 21 : i32
      %r21, %ok21 = gpu.shuffle xor %v, %o21, %w : i32
      %b21 = arith.constant 5120 : index
      %j21 = arith.addi %i, %b21 : index
      memref.store %r21, %y[%j21] : memref<8960xi32>
      %o22 = arith.constant 22 : i32
      %r22, %ok22 = gpu.shuffle xor %v, %o22, %w : i32
      %b22 = arith.constant 5376 : index
      %j22 = arith.addi %i, %b22 : index
      memref.store %r22, %y[%j22] : memref<8960xi32>
      %o23 = arith.constant 23 : i32
      %r23, %ok23 = gpu.shuffle xor %v, %o23, %w : i32
      %b23 = arith.constant 5632 : index
      %j23 = arith.addi %i, %b23 : index
      memref.store %r23, %y[%j23] : memref<8960xi32>
      %o24 = arith.constant 24 : i32
      %r24, %ok24 = gpu.shuffle xor %v, %o24, %w : i32
      %b24 = arith.constant 5888 : index
      %j24 = arith.addi %i, %b24 : index
      memref.store %r24, %y[%j24] : memref<8960xi32>
      %o25 = arith.constant 25 : i32
      %r25, %ok25 = gpu.shuffle xor %v, %o25, %w : i32
      %b25 = arith.constant 6144 : index
      %j25 = arith.addi %i, %b25 : index
      memref.store %r25, %y[%j25] : memref<8960xi32>
      %o26 = arith.constant 26 : i32
      %r26, %ok26 = gpu.shuffle xor %v, %o26, %w : i32
      %b26 = arith.constant 6400 : index
      %j26 = arith.addi %i, %b26 : index
      memref.store %r26, %y[%j26] : memref<8960xi32>
      %o27 = arith.constant 27 : i32
      %r27, %ok27 = gpu.shuffle xor %v, %o27, %w : i32
      %b27 = arith.constant 6656 : index
      %j27 = arith.addi %i, %b27 : index
      memref.store %r27, %y[%j27] : memref<8960xi32>
      %o28 = arith.constant 28 : i32
      %r28, %ok28 = gpu.shuffle xor %v, %o28, %w : i32
      %b28 = arith.constant 6912 : index
      %j28 = arith.addi %i, %b28 : index
      memref.store %r28, %y[%j28] : memref<8960xi32>
      %o29 = arith.constant 29 : i32
      %r29, %ok29 = gpu.shuffle xor %v, %o29, %w : i32
      %b29 = arith.constant 7168 : index
      %j29 = arith.addi %i, %b29 : index
      memref.store %r29, %y[%j29] : memref<8960xi32>
      %o30 = arith.constant 30 : i32
      %r30, %ok30 = gpu.shuffle xor %v, %o30, %w : i32
      %b30 = arith.constant 7424 : index
      %j30 = arith.addi %i, %b30 : index
      memref.store %r30, %y[%j30] : memref<8960xi32>
      %o31 = arith.constant 31 : i32
      %r31, %ok31 = gpu.shuffle xor %v, %o31, %w : i32
      %b31 = arith.constant 7680 : index
      %j31 = arith.addi %i, %b31 : index
      memref.store %r31, %y[%j31] : memref<8960xi32>
      %o32 = arith.constant 32 : i32
      %r32, %ok32 = gpu.shuffle xor %v, %o32, %w : i32
      %b32 = arith.constant 7936 : index
      %j32 = arith.addi %i, %b32 : index
      memref.store %r32, %y[%j32] : memref<8960xi32>
      %o33 = arith.constant 33 : i32
      %r33, %ok33 = gpu.shuffle xor %v, %o33, %w : i32
      %b33 = arith.constant 8192 : index
      %j33 = arith.addi %i, %b33 : index
      memref.store %r33, %y[%j33] : memref<8960xi32>
      %o48 = arith.constant 48 : i32
      %r48, %ok48 = gpu.shuffle xor %v, %o48, %w : i32
      %b48 = arith.constant 8448 : index
      %j48 = arith.addi %i, %b48 : index
      memref.store %r48, %y[%j48] : memref<8960xi32>
      %o63 = arith.constant 63 : i32
      %r63, %ok63 = gpu.shuffle xor %v, %o63, %w : i32
      %b63 = arith.constant 8704 : index
      %j63 = arith.addi %i, %b63 : index
      memref.store %r63, %y[%j63] : memref<8960xi32>
      gpu.return
    }

    gpu.func @reduce(%xf: memref<512xf32>, %xi: memref<512xi32>, %sf: memref<512xf32>,
                     %mf: memref<512xf32>, %si: memref<512xi32>, %mi: memref<512xi32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %c128 = arith.constant 128 : index
      %base = arith.muli %bid, %c128 : index
      %i = arith.addi %base, %tid : index
      %f = memref.load %xf[%i] : memref<512xf32>
      %n = memref.load %xi[%i] : memref<512xi32>
      %k1 = arith.constant 1 : i32
      %k2 = arith.constant 2 : i32
      %k4 = arith.constant 4 : i32
      %k8 = arith.constant 8 : i32
      %k16 = arith.constant 16 : i32
      %k32 = arith.constant 32 : i32
      %w = arith.constant 64 : i32
      %fs_s1, %fs_ok1 = gpu.shuffle xor %f, %k1, %w : f32
      %fs1 = arith.addf %f, %fs_s1 : f32
      %fs_s2, %fs_ok2 = gpu.shuffle xor %fs1, %k2, %w : f32
      %fs2 = arith.addf %fs1, %fs_s2 : f32
      %fs_s4, %fs_ok4 = gpu.shuffle xor %fs2, %k4, %w : f32
      %fs4 = arith.addf %fs2, %fs_s4 : f32
      %fs_s8, %fs_ok8 = gpu.shuffle xor %fs4, %k8, %w : f32
      %fs8 = arith.addf %fs4, %fs_s8 : f32
      %fs_s16, %fs_ok16 = gpu.shuffle xor %fs8, %k16, %w : f32
      %fs16 = arith.addf %fs8, %fs_s16 : f32
      %fs_s32, %fs_ok32 = gpu.shuffle xor %fs16, %k32, %w : f32
      %fs32 = arith.addf %fs16, %fs_s32 : f32
      %fm_s32, %fm_ok32 = gpu.shuffle xor %f, %k32, %w : f32
      %fm32 = arith.maximumf %f, %fm_s32 : f32
      %fm_s16, %fm_ok16 = gpu.shuffle xor %fm32, %k16, %w : f32
      %fm16 = arith.maximumf %fm32, %fm_s16 : f32
      %fm_s8, %fm_ok8 = gpu.shuffle xor %fm16, %k8, %w : f32
      %fm8 = arith.maximumf %fm16, %fm_s8 : f32
      %fm_s4, %fm_ok4 = gpu.shuffle xor %fm8, %k4, %w : f32
      %fm4 = arith.maximumf %fm8, %fm_s4 : f32
      %fm_s2, %fm_ok2 = gpu.shuffle xor %fm4, %k2, %w : f32
      %fm2 = arith.maximumf %fm4, %fm_s2 : f32
      %fm_s1, %fm_ok1 = gpu.shuffle xor %fm2, %k1, %w : f32
      %fm1 = arith.maximumf %fm2, %fm_s1 : f32
      %is_s32, %is_ok32 = gpu.shuffle xor %n, %k32, %w : i32
      %is32 = arith.addi %n, %is_s32 : i32
      %is_s16, %is_ok16 = gpu.shuffle xor %is32, %k16, %w : i32
      %is16 = arith.addi %is32, %is_s16 : i32
      %is_s8, %is_ok8 = gpu.shuffle xor %is16, %k8, %w : i32
      %is8 = arith.addi %is16, %is_s8 : i32
      %is_s4, %is_ok4 = gpu.shuffle xor %is8, %k4, %w : i32
      %is4 = arith.addi %is8, %is_s4 : i32
      %is_s2, %is_ok2 = gpu.shuffle xor %is4, %k2, %w : i32
      %is2 = arith.addi %is4, %is_s2 : i32
      %is_s1, %is_ok1 = gpu.shuffle xor %is2, %k1, %w : i32
      %is1 = arith.addi %is2, %is_s1 : i32
      %im_s1, %im_ok1 = gpu.shuffle xor %n, %k1, %w : i32
      %im1 = arith.maxsi %n, %im_s1 : i32
      %im_s2, %im_ok2 = gpu.shuffle xor %im1, %k2, %w : i32
      %im2 = arith.maxsi %im1, %im_s2 : i32
      %im_s4, %im_ok4 = gpu.shuffle xor %im2, %k4, %w : i32
      %im4 = arith.maxsi %im2, %im_s4 : i32
      %im_s8, %im_ok8 = gpu.shuffle xor %im4, %k8, %w : i32
      %im8 = arith.maxsi %im4, %im_s8 : i32
      %im_s16, %im_ok16 = gpu.shuffle xor %im8, %k16, %w : i32
      %im16 = arith.maxsi %im8, %im_s16 : i32
      %im_s32, %im_ok32 = gpu.shuffle xor %im16, %k32, %w : i32
      %im32 = arith.maxsi %im16, %im_s32 : i32
      memref.store %fs32, %sf[%i] : memref<512xf32>
      memref.store %fm1, %mf[%i] : memref<512xf32>
      memref.store %is1, %si[%i] : memref<512xi32>
      memref.store %im32, %mi[%i] : memref<512xi32>
      gpu.return
    }

    gpu.func @softmax(%x: memref<512xf32>, %y: memref<512xf32>, %m: memref<512xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %c128 = arith.constant 128 : index
      %base = arith.muli %bid, %c128 : index
      %i = arith.addi %base, %tid : index
      %v = memref.load %x[%i] : memref<512xf32>
      %k1 = arith.constant 1 : i32
      %k2 = arith.constant 2 : i32
      %k4 = arith.constant 4 : i32
      %k8 = arith.constant 8 : i32
      %k16 = arith.constant 16 : i32
      %k32 = arith.constant 32 : i32
      %w = arith.constant 64 : i32
      %mx_s32, %mx_ok32 = gpu.shuffle xor %v, %k32, %w : f32
      %mx32 = arith.maximumf %v, %mx_s32 : f32
      %mx_s16, %mx_ok16 = gpu.shuffle xor %mx32, %k16, %w : f32
      %mx16 = arith.maximumf %mx32, %mx_s16 : f32
      %mx_s8, %mx_ok8 = gpu.shuffle xor %mx16, %k8, %w : f32
      %mx8 = arith.maximumf %mx16, %mx_s8 : f32
      %mx_s4, %mx_ok4 = gpu.shuffle xor %mx8, %k4, %w : f32
      %mx4 = arith.maximumf %mx8, %mx_s4 : f32
      %mx_s2, %mx_ok2 = gpu.shuffle xor %mx4, %k2, %w : f32
      %mx2 = arith.maximumf %mx4, %mx_s2 : f32
      %mx_s1, %mx_ok1 = gpu.shuffle xor %mx2, %k1, %w : f32
      %mx1 = arith.maximumf %mx2, %mx_s1 : f32
      %d = arith.subf %v, %mx1 : f32
      %e = math.exp %d : f32
      %sm_s1, %sm_ok1 = gpu.shuffle xor %e, %k1, %w : f32
      %sm1 = arith.addf %e, %sm_s1 : f32
      %sm_s2, %sm_ok2 = gpu.shuffle xor %sm1, %k2, %w : f32
      %sm2 = arith.addf %sm1, %sm_s2 : f32
      %sm_s4, %sm_ok4 = gpu.shuffle xor %sm2, %k4, %w : f32
      %sm4 = arith.addf %sm2, %sm_s4 : f32
      %sm_s8, %sm_ok8 = gpu.shuffle xor %sm4, %k8, %w : f32
      %sm8 = arith.addf %sm4, %sm_s8 : f32
      %sm_s16, %sm_ok16 = gpu.shuffle xor %sm8, %k16, %w : f32
      %sm16 = arith.addf %sm8, %sm_s16 : f32
      %sm_s32, %sm_ok32 = gpu.shuffle xor %sm16, %k32, %w : f32
      %sm32 = arith.addf %sm16, %sm_s32 : f32
      %r = arith.divf %e, %sm32 : f32
      memref.store %r, %y[%i] : memref<512xf32>
      memref.store %mx1, %m[%i] : memref<512xf32>
      gpu.return
    }

    gpu.func @rmsnorm(%x: memref<1024xf32>, %g: memref<256xf32>, %y: memref<1024xf32>) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>} {
      %bid = gpu.block_id x
      %tid = gpu.thread_id x
      %c64 = arith.constant 64 : index
      %c512 = arith.constant 512 : index
      %wave = arith.divui %tid, %c64 : index
      %lane = arith.remui %tid, %c64 : index
      %rb = arith.muli %bid, %c512 : index
      %wo = arith.muli %wave, %c64 : index
      %c4i = arith.constant 4 : index
      %wo4 = arith.muli %wo, %c4i : index
      %row = arith.addi %rb, %wo4 : index
      %col0o = arith.constant 0 : index
      %col0 = arith.addi %lane, %col0o : index
      %at0 = arith.addi %row, %col0 : index
      %x0 = memref.load %x[%at0] : memref<1024xf32>
      %q0 = arith.mulf %x0, %x0 : f32
      %col1o = arith.constant 64 : index
      %col1 = arith.addi %lane, %col1o : index
      %at1 = arith.addi %row, %col1 : index
      %x1 = memref.load %x[%at1] : memref<1024xf32>
      %q1 = arith.mulf %x1, %x1 : f32
      %col2o = arith.constant 128 : index
      %col2 = arith.addi %lane, %col2o : index
      %at2 = arith.addi %row, %col2 : index
      %x2 = memref.load %x[%at2] : memref<1024xf32>
      %q2 = arith.mulf %x2, %x2 : f32
      %col3o = arith.constant 192 : index
      %col3 = arith.addi %lane, %col3o : index
      %at3 = arith.addi %row, %col3 : index
      %x3 = memref.load %x[%at3] : memref<1024xf32>
      %q3 = arith.mulf %x3, %x3 : f32
      %q01 = arith.addf %q0, %q1 : f32
      %q23 = arith.addf %q2, %q3 : f32
      %q = arith.addf %q01, %q23 : f32
      %k1 = arith.constant 1 : i32
      %k2 = arith.constant 2 : i32
      %k4 = arith.constant 4 : i32
      %k8 = arith.constant 8 : i32
      %k16 = arith.constant 16 : i32
      %k32 = arith.constant 32 : i32
      %w = arith.constant 64 : i32
      %ss_s32, %ss_ok32 = gpu.shuffle xor %q, %k32, %w : f32
      %ss32 = arith.addf %q, %ss_s32 : f32
      %ss_s16, %ss_ok16 = gpu.shuffle xor %ss32, %k16, %w : f32
      %ss16 = arith.addf %ss32, %ss_s16 : f32
      %ss_s8, %ss_ok8 = gpu.shuffle xor %ss16, %k8, %w : f32
      %ss8 = arith.addf %ss16, %ss_s8 : f32
      %ss_s4, %ss_ok4 = gpu.shuffle xor %ss8, %k4, %w : f32
      %ss4 = arith.addf %ss8, %ss_s4 : f32
      %ss_s2, %ss_ok2 = gpu.shuffle xor %ss4, %k2, %w : f32
      %ss2 = arith.addf %ss4, %ss_s2 : f32
      %ss_s1, %ss_ok1 = gpu.shuffle xor %ss2, %k1, %w : f32
      %ss1 = arith.addf %ss2, %ss_s1 : f32
      %inv = arith.constant 3.906250e-03 : f32
      %eps = arith.constant 1.000000e-05 : f32
      %mean = arith.mulf %ss1, %inv : f32
      %me = arith.addf %mean, %eps : f32
      %sq = math.sqrt %me : f32
      %one = arith.constant 1.000000e+00 : f32
      %rs = arith.divf %one, %sq : f32
      %g0 = memref.load %g[%col0] : memref<256xf32>
      %xr0 = arith.mulf %x0, %rs : f32
      %y0 = arith.mulf %xr0, %g0 : f32
      memref.store %y0, %y[%at0] : memref<1024xf32>
      %g1 = memref.load %g[%col1] : memref<256xf32>
      %xr1 = arith.mulf %x1, %rs : f32
      %y1 = arith.mulf %xr1, %g1 : f32
      memref.store %y1, %y[%at1] : memref<1024xf32>
      %g2 = memref.load %g[%col2] : memref<256xf32>
      %xr2 = arith.mulf %x2, %rs : f32
      %y2 = arith.mulf %xr2, %g2 : f32
      memref.store %y2, %y[%at2] : memref<1024xf32>
      %g3 = memref.load %g[%col3] : memref<256xf32>
      %xr3 = arith.mulf %x3, %rs : f32
      %y3 = arith.mulf %xr3, %g3 : f32
      memref.store %y3, %y[%at3] : memref<1024xf32>
      gpu.return
    }
  }
}
