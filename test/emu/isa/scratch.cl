// Private memory and GPR indexing as clang-22 emits them, run through
// flyc-run (the machine side provides each lane's private space):
// scratch_load/store with SADDR/VADDR/offset, a private pointer passed to a
// non-inlined function (flat accesses through the private aperture,
// s_swappc/s_setpc), a small private array indexed in VGPRs with
// s_set_gpr_idx_on/off, and a private access past the segment as a fault.
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t
// RUN: clang -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %s -o %t/950.o
// RUN: ld.lld -shared %t/950.o -o %t/950.hsaco
// RUN: llvm-objdump -d --mcpu=gfx950 %t/950.hsaco | FileCheck %s --check-prefix=ISA
// ISA-DAG: scratch_store_dwordx4
// ISA-DAG: flat_load_dwordx4
// ISA-DAG: s_swappc_b64
// ISA-DAG: s_set_gpr_idx_on
// RUN: flyc-run %t/950.hsaco --kernel priv --grid 2 --block 128 out:i32:256 i32=3 --out out=%t/priv.bin
// RUN: od -A d -t d4 -w16 -N 16 %t/priv.bin | FileCheck %s --check-prefix=PRIV
// RUN: od -A d -t d4 -j 1020 -N 4 %t/priv.bin | FileCheck %s --check-prefix=PRIV-LAST
// a[(k+t)%48] + sum8(a + t%8) with a[i] = i*t + k, k = 3:
// PRIV: 0000000 27 67 125 201
// PRIV-LAST: 0001020 15013
// RUN: flyc-run %t/950.hsaco --kernel priv_idx --grid 1 --block 64 out:i32:64 i32=5 --out out=%t/idx.bin
// RUN: od -A d -t d4 -N 16 %t/idx.bin | FileCheck %s --check-prefix=IDX
// IDX: 0000000 0 5 10 15
// RUN: flyc-run %t/950.hsaco --kernel priv_oob --grid 1 --block 64 out:i32:64 i32=5 --out out=%t/oob.bin
// RUN: od -A d -t d4 -N 16 %t/oob.bin | FileCheck %s --check-prefix=INRANGE
// INRANGE: 0000000 0 11 24 39
// RUN: not flyc-run %t/950.hsaco --kernel priv_oob --grid 1 --block 64 out:i32:64 i32=1000 2>&1 | FileCheck %s --check-prefix=OOB
// OOB: memory fault: kernel priv_oob, workgroup (0,0,0), wave 0, lane 0, pc 0x{{[0-9a-f]+}}: scratch_load_dword: lane 0 accesses 4 bytes at private offset 0xfa0, outside the kernel's private memory
// RUN: clang -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -Wno-everything -c %s -o %t/942.o
// RUN: ld.lld -shared %t/942.o -o %t/942.hsaco
// RUN: flyc-run %t/942.hsaco --kernel priv --grid 2 --block 128 out:i32:256 i32=3 --out out=%t/priv942.bin
// RUN: od -A d -t d4 -w16 -N 16 %t/priv942.bin | FileCheck %s --check-prefix=PRIV

__attribute__((noinline)) static int sum8(int *p) {
  int s = 0;
  for (int i = 0; i < 8; ++i)
    s += p[i];
  return s;
}

__kernel void priv(__global int *out, int k) {
  int a[48];
  uint t = __builtin_amdgcn_workitem_id_x();
  for (int i = 0; i < 48; ++i)
    a[i] = i * (int)t + k;
  out[__builtin_amdgcn_workgroup_id_x() * 128 + t] = a[(k + t) % 48] + sum8(a + (t % 8));
}

__kernel void priv_idx(__global int *out, int k) {
  int a[16];
  uint t = __builtin_amdgcn_workitem_id_x();
  for (int i = 0; i < 16; ++i)
    a[i] = i * (int)t;
  out[t] = a[k];
}

__kernel void priv_oob(__global int *out, int k) {
  int a[64];
  uint t = __builtin_amdgcn_workitem_id_x();
  for (int i = 0; i < 64; ++i)
    a[i] = i * (int)t;
  out[t] = a[(t + k) & 63] + a[k];
}
