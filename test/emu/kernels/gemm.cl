// A GEMM as LLVM compiles it from OpenCL: 64x64 output tiles per 256-item
// workgroup, K steps of 32 staged through LDS (barriers before and after the
// fragment reads), four 32x32x8 f16 MFMAs per wave per step; and the same
// product with fragments loaded straight from global memory. 128x192x256 on
// gfx950 and gfx942, compared exactly with emu-kernel-ref's CPU product
// (small dyadic inputs: every fp32 sum is exact).
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t
// RUN: %testbin/emu-kernel-ref gemm 128 192 256 3 %t
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %s -o %t/g950.o
// RUN: ld.lld -shared %t/g950.o -o %t/g950.hsaco
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -Wno-everything -c %s -o %t/g942.o
// RUN: ld.lld -shared %t/g942.o -o %t/g942.hsaco
// RUN: flyc-run %t/g950.hsaco --kernel gemm_lds --grid 6 --block 256 a:f16:32768:file=%t/a.bin b:f16:49152:file=%t/b.bin c:f32:24576 i32=128 i32=192 i32=256 --check c=%t/c.bin,atol=0 | FileCheck %s
// RUN: flyc-run %t/g942.hsaco --kernel gemm_lds --grid 6 --block 256 a:f16:32768:file=%t/a.bin b:f16:49152:file=%t/b.bin c:f32:24576 i32=128 i32=192 i32=256 --check c=%t/c.bin,atol=0 | FileCheck %s
// RUN: flyc-run %t/g950.hsaco --kernel gemm_direct --grid 6 --block 256 a:f16:32768:file=%t/a.bin b:f16:49152:file=%t/b.bin c:f32:24576 i32=128 i32=192 i32=256 --check c=%t/c.bin,atol=0 | FileCheck %s
// CHECK: check c: ok (24576 f32 elements, within tolerance, max abs error 0)
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

typedef float f32x16 __attribute__((ext_vector_type(16)));
typedef half f16x4 __attribute__((ext_vector_type(4)));
typedef half f16x8 __attribute__((ext_vector_type(8)));

static void barrierLds(void) {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

// D[m][n] of a 32x32 tile is register (m%4)+4(m/8) of lane n+32((m/4)%2).
static void storeTile(__global float *c, int n, uint row0, uint col0, uint lane, f32x16 acc) {
  for (int r = 0; r < 16; ++r) {
    uint i = row0 + (r % 4) + 8 * (r / 4) + 4 * (lane / 32);
    c[i * (uint)n + col0 + lane % 32] = acc[r];
  }
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void gemm_lds(__global const half *a, __global const half *b, __global float *c,
              int m, int n, int k) {
  __local half as[64][36], bs[64][36];
  uint t = __builtin_amdgcn_workitem_id_x(), lane = t % 64, wave = t / 64;
  uint tilesN = n / 64;
  uint row0 = (__builtin_amdgcn_workgroup_id_x() / tilesN) * 64;
  uint col0 = (__builtin_amdgcn_workgroup_id_x() % tilesN) * 64;
  uint lr = t / 4, lk = (t % 4) * 8;
  f32x16 acc = 0;
  for (int kk = 0; kk < k; kk += 32) {
    f16x8 va = *(__global const f16x8 *)(a + (row0 + lr) * (uint)k + kk + lk);
    f16x8 vb = *(__global const f16x8 *)(b + (col0 + lr) * (uint)k + kk + lk);
    for (int q = 0; q < 8; ++q) {
      as[lr][lk + q] = va[q];
      bs[lr][lk + q] = vb[q];
    }
    barrierLds();
    for (int s = 0; s < 32; s += 8) {
      f16x4 fa, fb;
      for (int q = 0; q < 4; ++q) {
        fa[q] = as[(wave / 2) * 32 + lane % 32][s + 4 * (lane / 32) + q];
        fb[q] = bs[(wave % 2) * 32 + lane % 32][s + 4 * (lane / 32) + q];
      }
      acc = __builtin_amdgcn_mfma_f32_32x32x8f16(fa, fb, acc, 0, 0, 0);
    }
    barrierLds();
  }
  storeTile(c, n, row0 + (wave / 2) * 32, col0 + (wave % 2) * 32, lane, acc);
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void gemm_direct(__global const half *a, __global const half *b, __global float *c,
                 int m, int n, int k) {
  uint t = __builtin_amdgcn_workitem_id_x(), lane = t % 64, wave = t / 64;
  uint tilesN = n / 64;
  uint row0 = (__builtin_amdgcn_workgroup_id_x() / tilesN) * 64 + (wave / 2) * 32;
  uint col0 = (__builtin_amdgcn_workgroup_id_x() % tilesN) * 64 + (wave % 2) * 32;
  __global const half *pa = a + (row0 + lane % 32) * (uint)k + 4 * (lane / 32);
  __global const half *pb = b + (col0 + lane % 32) * (uint)k + 4 * (lane / 32);
  f32x16 acc = 0;
  for (int kk = 0; kk < k; kk += 8)
    acc = __builtin_amdgcn_mfma_f32_32x32x8f16(*(__global const f16x4 *)(pa + kk),
                                               *(__global const f16x4 *)(pb + kk), acc, 0, 0, 0);
  storeTile(c, n, row0, col0, lane, acc);
}
