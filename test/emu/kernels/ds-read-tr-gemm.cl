// ds_read_b64_tr_b16 feeding an MFMA, as the CDNA4 ISA guide (§11.4) says a
// kernel uses it: A and B are staged K-major in LDS (column-major A, row-major
// B), and two transpose reads per operand give each lane of a 16-lane group
// the 8 consecutive K values of one M (or N) that v_mfma_f32_16x16x32_f16
// expects: the first read K = 8q..8q+3, the second 8q+4..8q+7 for lane group
// q. Each source lane loads 4 consecutive M values of one K row (lane s of a
// group: row s/4, columns 4*(s%4)). A 32x32x128 product on gfx950, compared
// exactly with emu-kernel-ref's CPU product (small dyadic inputs).
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t
// RUN: %testbin/emu-kernel-ref gemm 32 32 128 11 %t
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %s -o %t/g.o
// RUN: ld.lld -shared %t/g.o -o %t/g.hsaco
// RUN: llvm-objdump -d --mcpu=gfx950 %t/g.hsaco | FileCheck %s --check-prefix=ISA
// RUN: flyc-run %t/g.hsaco --kernel gemm_tr --grid 1 --block 256 a:f16:4096:file=%t/a.bin b:f16:4096:file=%t/b.bin c:f32:1024 i32=32 i32=32 i32=128 --check c=%t/c.bin,atol=0 | FileCheck %s
// ISA-COUNT-4: ds_read_b64_tr_b16
// ISA: v_mfma_f32_16x16x32_f16
// CHECK: check c: ok (1024 f32 elements, within tolerance, max abs error 0)
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

typedef float f32x4 __attribute__((ext_vector_type(4)));
typedef half f16x8 __attribute__((ext_vector_type(8)));
typedef short i16x4 __attribute__((ext_vector_type(4)));
typedef short i16x8 __attribute__((ext_vector_type(8)));

static void barrierLds(void) {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

// The 8 K values of lane (16q + i) for M/N index base + i, from a K-major
// 32 x 32 LDS tile: two transpose reads at rows 8q + i/4 and 8q + 4 + i/4.
static f16x8 loadOperand(__local short (*t)[32], uint lane, uint base) {
  uint q = lane / 16, i = lane % 16;
  i16x4 lo = __builtin_amdgcn_ds_read_tr16_b64_v4i16(
      (__local i16x4 *)&t[8 * q + i / 4][base + 4 * (i % 4)]);
  i16x4 hi = __builtin_amdgcn_ds_read_tr16_b64_v4i16(
      (__local i16x4 *)&t[8 * q + 4 + i / 4][base + 4 * (i % 4)]);
  i16x8 v = (i16x8)(lo, hi);
  return __builtin_astype(v, f16x8);
}

// c = a * b^T: a is m x k and b is n x k, both row-major (emu-kernel-ref gemm);
// one workgroup of four waves, each computing a 16 x 16 tile of the 32 x 32 C.
__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void gemm_tr(__global const short *a, __global const short *b, __global float *c,
             int m, int n, int k) {
  __local short as[32][32], bs[32][32]; // [k][m] and [k][n]
  uint t = __builtin_amdgcn_workitem_id_x(), lane = t % 64, wave = t / 64;
  uint tm = wave / 2, tn = wave % 2;
  f32x4 acc = 0;
  for (int kk = 0; kk < k; kk += 32) {
    for (uint e = t; e < 32 * 32; e += 256) { // transpose into K-major tiles
      uint row = e / 32, col = e % 32;
      as[col][row] = a[row * (uint)k + kk + col];
      bs[col][row] = b[row * (uint)k + kk + col];
    }
    barrierLds();
    f16x8 va = loadOperand(as, lane, 16 * tm), vb = loadOperand(bs, lane, 16 * tn);
    acc = __builtin_amdgcn_mfma_f32_16x16x32_f16(va, vb, acc, 0, 0, 0);
    barrierLds();
  }
  // D[i][j] of a 16x16 tile is register i%4 of lane j + 16*(i/4).
  for (int r = 0; r < 4; ++r)
    c[(16 * tm + 4 * (lane / 16) + r) * (uint)n + 16 * tn + lane % 16] = acc[r];
}
