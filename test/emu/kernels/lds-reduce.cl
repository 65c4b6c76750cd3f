// A 512-item workgroup (8 waves) sums its 512 inputs by a tree reduction in
// LDS with a barrier between levels, as i32 (wrapping) and as f32 of values
// whose partial sums are exact; 6 workgroups, compared exactly with
// emu-kernel-ref's sequential CPU sums, on gfx950 and gfx942.
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t
// RUN: %testbin/emu-kernel-ref reduce 6 11 %t
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %s -o %t/r950.o
// RUN: ld.lld -shared %t/r950.o -o %t/r950.hsaco
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -Wno-everything -c %s -o %t/r942.o
// RUN: ld.lld -shared %t/r942.o -o %t/r942.hsaco
// RUN: flyc-run %t/r950.hsaco --kernel reduce --grid 6 --block 512 x:i32:3072:file=%t/x.bin s:i32:6 fs:f32:6 --check s=%t/s.bin --check fs=%t/fs.bin | FileCheck %s
// RUN: flyc-run %t/r942.hsaco --kernel reduce --grid 6 --block 512 x:i32:3072:file=%t/x.bin s:i32:6 fs:f32:6 --check s=%t/s.bin --check fs=%t/fs.bin | FileCheck %s
// The result does not depend on the number of worker threads.
// RUN: flyc-run %t/r950.hsaco --threads 1 --kernel reduce --grid 6 --block 512 x:i32:3072:file=%t/x.bin s:i32:6 fs:f32:6 --check s=%t/s.bin --check fs=%t/fs.bin | FileCheck %s
// RUN: flyc-run %t/r950.hsaco --threads 5 --kernel reduce --grid 6 --block 512 x:i32:3072:file=%t/x.bin s:i32:6 fs:f32:6 --check s=%t/s.bin --check fs=%t/fs.bin | FileCheck %s
// CHECK: check s: ok (6 i32 elements, bit-exact, max abs error 0)
// CHECK: check fs: ok (6 f32 elements, bit-exact, max abs error 0)

static void workgroupBarrier(void) {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

__kernel __attribute__((reqd_work_group_size(512, 1, 1)))
void reduce(__global const int *x, __global int *s, __global float *fs) {
  __local uint li[512];
  __local float lf[512];
  uint t = __builtin_amdgcn_workitem_id_x(), g = __builtin_amdgcn_workgroup_id_x();
  int v = x[g * 512 + t];
  li[t] = (uint)v;
  lf[t] = (float)(v >> 20);
  workgroupBarrier();
  for (uint w = 256; w > 0; w >>= 1) {
    if (t < w) {
      li[t] += li[t + w];
      lf[t] += lf[t + w];
    }
    workgroupBarrier();
  }
  if (t == 0) {
    s[g] = (int)li[0];
    fs[g] = lf[0];
  }
}
