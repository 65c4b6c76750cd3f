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
// out[128g + t] = ((k + t) % 40) * t for work-item t of group g, every
// element compared with emu-kernel-ref's, for two values of k.
// RUN: mkdir -p %t/k3 %t/k29 && %testbin/emu-kernel-ref priv 3 2 %t/k3 && %testbin/emu-kernel-ref priv 29 2 %t/k29
// RUN: flyc-run %t/p.hsaco --kernel priv --grid 2 --block 128 out:i32:256 i32=3 --check out=%t/k3/out.bin | FileCheck %s
// RUN: flyc-run %t/p.hsaco --kernel priv --grid 2 --block 128 out:i32:256 i32=29 --check out=%t/k29/out.bin | FileCheck %s
// CHECK: check out: ok (256 i32 elements, bit-exact, max abs error 0)

__kernel void priv(__global int *out, int k) {
  int a[40];
  uint t = __builtin_amdgcn_workitem_id_x();
  for (int i = 0; i < 40; ++i)
    a[i] = i * (int)t;
  out[__builtin_amdgcn_workgroup_id_x() * 128 + t] = a[(k + t) % 40];
}
