// LDS DMA: buffer_load_dword ... lds and global_load_lds_dword (both chips),
// buffer_load_ubyte ... lds and global_load_lds_ushort (sub-dword data lands
// zero-extended in each lane's 4-byte slot), and on gfx950 buffer_load_dwordx4
// ... lds (16 bytes per lane). The buffer descriptor covers fewer bytes than
// the data (`limit`), so the last elements are out of range and arrive in LDS
// as 0 (range checked per dword for x4). Each wave sets its own LDS base (M0).
// Compared exactly with emu-kernel-ref's CPU model of the copies.
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t/dword %t/bytes %t/x4
// RUN: %testbin/emu-kernel-ref copy dword 3 2900 %t/dword
// RUN: %testbin/emu-kernel-ref copy bytes 3 2901 %t/bytes
// RUN: %testbin/emu-kernel-ref copy x4 3 2900 %t/x4
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %s -o %t/b950.o
// RUN: ld.lld -shared %t/b950.o -o %t/b950.hsaco
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -Wno-everything -c %s -o %t/b942.o
// RUN: ld.lld -shared %t/b942.o -o %t/b942.hsaco
// RUN: llvm-objdump -d %t/b950.hsaco | FileCheck %s --check-prefix=ISA
// RUN: flyc-run %t/b950.hsaco --kernel copy_dword --grid 3 --block 256 src:u32:768:file=%t/dword/src.bin out:u32:768 u32=2900 --check out=%t/dword/out.bin | FileCheck %s
// RUN: flyc-run %t/b942.hsaco --kernel copy_dword --grid 3 --block 256 src:u32:768:file=%t/dword/src.bin out:u32:768 u32=2900 --check out=%t/dword/out.bin | FileCheck %s
// RUN: flyc-run %t/b950.hsaco --kernel copy_bytes --grid 3 --block 256 src:u32:768:file=%t/bytes/src.bin out:u32:768 u32=2901 --check out=%t/bytes/out.bin | FileCheck %s
// RUN: flyc-run %t/b942.hsaco --kernel copy_bytes --grid 3 --block 256 src:u32:768:file=%t/bytes/src.bin out:u32:768 u32=2901 --check out=%t/bytes/out.bin | FileCheck %s
// RUN: flyc-run %t/b950.hsaco --kernel copy_x4 --grid 3 --block 64 src:u32:768:file=%t/x4/src.bin out:u32:768 u32=2900 --check out=%t/x4/out.bin | FileCheck %s
// ISA-DAG: buffer_load_dword {{.*}} offen lds
// ISA-DAG: global_load_lds_dword
// ISA-DAG: buffer_load_ubyte {{.*}} offen lds
// ISA-DAG: global_load_lds_ushort
// ISA-DAG: buffer_load_dwordx4 {{.*}} offen lds
// CHECK: check out: ok (768 u32 elements, bit-exact, max abs error 0)

static void workgroupBarrier(void) {
  __builtin_amdgcn_s_waitcnt(0);
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

static __amdgpu_buffer_rsrc_t rsrc(__global const uint *src, uint limit) {
  return __builtin_amdgcn_make_buffer_rsrc((__global void *)src, (short)0, limit, 0x27000);
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void copy_dword(__global const uint *src, __global uint *out, uint limit) {
  __local uint tile[256], tile2[256];
  uint t = __builtin_amdgcn_workitem_id_x(), g = __builtin_amdgcn_workgroup_id_x();
  uint wave = t / 64, base = g * 256;
  __builtin_amdgcn_raw_ptr_buffer_load_lds(rsrc(src, limit), tile + wave * 64, 4,
                                           (base + 255 - t) * 4, 0, 0, 0);
  __builtin_amdgcn_global_load_lds((__global void *)(src + base + t), tile2 + wave * 64, 4, 0, 0);
  workgroupBarrier();
  out[base + t] = tile[(t + 64) % 256] + tile2[255 - t];
}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void copy_bytes(__global const uint *src, __global uint *out, uint limit) {
  __local uint tile[256], tile2[256];
  uint t = __builtin_amdgcn_workitem_id_x(), g = __builtin_amdgcn_workgroup_id_x();
  uint wave = t / 64, base = g * 256;
  __builtin_amdgcn_raw_ptr_buffer_load_lds(rsrc(src, limit), tile + wave * 64, 1, base + t, 0, 0, 0);
  __builtin_amdgcn_global_load_lds((__global void *)((__global const ushort *)src + base + t),
                                   tile2 + wave * 64, 2, 0, 0);
  workgroupBarrier();
  out[base + t] = tile[(t + 64) % 256] + (tile2[255 - t] << 8);
}

#if defined(__gfx950__)
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void copy_x4(__global const uint *src, __global uint *out, uint limit) {
  __local uint tile[256];
  uint t = __builtin_amdgcn_workitem_id_x(), g = __builtin_amdgcn_workgroup_id_x();
  __builtin_amdgcn_raw_ptr_buffer_load_lds(rsrc(src, limit), tile, 16, (g * 256 + 4 * t) * 4, 0, 0, 0);
  workgroupBarrier();
  for (uint q = 0; q < 4; ++q)
    out[g * 256 + 4 * t + q] = tile[(4 * t + q + 16) % 256];
}
#endif
