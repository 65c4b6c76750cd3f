// Vector add on gfx950 and gfx942, compared bit-exactly with emu-kernel-ref's
// CPU sums. The block size comes from the dispatch (hidden group_size_x via
// __builtin_amdgcn_workgroup_size_x); block 100 makes partial waves (EXEC
// with 36 lanes in each second wave) and a bounds check on the last group.
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t
// RUN: %testbin/emu-kernel-ref vadd 1000 7 %t
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %s -o %t/v950.o
// RUN: ld.lld -shared %t/v950.o -o %t/v950.hsaco
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -Wno-everything -c %s -o %t/v942.o
// RUN: ld.lld -shared %t/v942.o -o %t/v942.hsaco
// RUN: flyc-run %t/v950.hsaco --kernel vadd --grid 4 --block 256 a:f32:1000:file=%t/a.bin b:f32:1000:file=%t/b.bin c:f32:1000 i32=1000 --check c=%t/c.bin | FileCheck %s
// RUN: flyc-run %t/v950.hsaco --kernel vadd --grid 10 --block 100 a:f32:1000:file=%t/a.bin b:f32:1000:file=%t/b.bin c:f32:1000 i32=1000 --check c=%t/c.bin | FileCheck %s
// RUN: flyc-run %t/v942.hsaco --kernel vadd --grid 4 --block 256 a:f32:1000:file=%t/a.bin b:f32:1000:file=%t/b.bin c:f32:1000 i32=1000 --check c=%t/c.bin | FileCheck %s
// RUN: flyc-run %t/v942.hsaco --kernel vadd --grid 10 --block 100 --threads 1 a:f32:1000:file=%t/a.bin b:f32:1000:file=%t/b.bin c:f32:1000 i32=1000 --check c=%t/c.bin | FileCheck %s
// Code object V4 (ABI version 2): no hidden group sizes, the kernel reads
// them from the dispatch packet.
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -mcode-object-version=4 -c %s -o %t/v4.o
// RUN: ld.lld -shared %t/v4.o -o %t/v4.hsaco
// RUN: %testbin/codeobj-dump %t/v4.hsaco | FileCheck %s --check-prefix=V4
// V4: abi_version: 2
// V4: .amdhsa_user_sgpr_dispatch_ptr 1
// RUN: flyc-run %t/v4.hsaco --kernel vadd --grid 10 --block 100 a:f32:1000:file=%t/a.bin b:f32:1000:file=%t/b.bin c:f32:1000 i32=1000 --check c=%t/c.bin | FileCheck %s
// With n = 990 the first 990 elements are sums and the last 10 keep the
// value they were filled with; the kernel must not touch them. All 1000
// are compared.
// RUN: mkdir -p %t/tail && %testbin/emu-kernel-ref vadd 1000 7 %t/tail 990 5
// RUN: flyc-run %t/v950.hsaco --kernel vadd --grid 4 --block 256 a:f32:1000:file=%t/tail/a.bin b:f32:1000:file=%t/tail/b.bin c:f32:1000:const=5 i32=990 --check c=%t/tail/c.bin | FileCheck %s
// RUN: flyc-run %t/v942.hsaco --kernel vadd --grid 10 --block 100 a:f32:1000:file=%t/tail/a.bin b:f32:1000:file=%t/tail/b.bin c:f32:1000:const=5 i32=990 --check c=%t/tail/c.bin | FileCheck %s
// CHECK: check c: ok (1000 f32 elements, bit-exact, max abs error 0)

__kernel void vadd(__global const float *a, __global const float *b,
                   __global float *c, int n) {
  int i = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +
          __builtin_amdgcn_workitem_id_x();
  if (i < n)
    c[i] = a[i] + b[i];
}
