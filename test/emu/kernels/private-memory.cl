// A private array indexed at run time lives in scratch: clang emits
// scratch_store/scratch_load with a private segment of 164 bytes. The
// machine side provides each lane's private memory (emuWaveGetScratch) and
// the instruction side implements scratch_* on top of it.
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %s -o %t/p.o
// RUN: ld.lld -shared %t/p.o -o %t/p.hsaco
// RUN: llvm-objdump -d %t/p.hsaco | FileCheck %s --check-prefix=ISA
// ISA: scratch_store_dwordx4
// RUN: flyc-run %t/p.hsaco --kernel priv --grid 2 --block 128 out:i32:256 i32=3 --out out=%t/out.bin
// out[t] = ((3 + t) % 40) * t for the work-item index t within its group
// RUN: od -A d -t d4 -w16 -N 16 %t/out.bin | FileCheck %s
// CHECK: 0000000 0 4 10 18

__kernel void priv(__global int *out, int k) {
  int a[40];
  uint t = __builtin_amdgcn_workitem_id_x();
  for (int i = 0; i < 40; ++i)
    a[i] = i * (int)t;
  out[__builtin_amdgcn_workgroup_id_x() * 128 + t] = a[(k + t) % 40];
}
