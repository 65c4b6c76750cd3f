// The dispatch state as real compiled code reads it: workgroup ids, packed
// work-item ids (x, y, z from v0), workgroup sizes from the hidden arguments
// (__builtin_amdgcn_workgroup_size_*), grid sizes from the AQL dispatch
// packet, an explicit scalar argument, and the same kernel with its
// arguments preloaded into SGPRs (execution then starts past the 256-byte
// prologue). A 3x2x2 grid of 5x3x7 workgroups (105 items: partial waves).
// Each work-item writes 8 words; emu-kernel-ref computes them on the CPU.
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t
// RUN: %testbin/emu-kernel-ref ids 3,2,2 5,3,7 %t
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %s -o %t/i950.o
// RUN: ld.lld -shared %t/i950.o -o %t/i950.hsaco
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -Wno-everything -c %s -o %t/i942.o
// RUN: ld.lld -shared %t/i942.o -o %t/i942.hsaco
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -mllvm -amdgpu-kernarg-preload-count=2 -c %s -o %t/p950.o
// RUN: ld.lld -shared %t/p950.o -o %t/p950.hsaco
// RUN: %testbin/codeobj-dump %t/p950.hsaco | FileCheck %s --check-prefix=PRELOAD
// PRELOAD: .amdhsa_user_sgpr_kernarg_preload_length {{[1-9]}}
// RUN: flyc-run %t/i950.hsaco --kernel ids --grid 3,2,2 --block 5,3,7 out:u32:10080 u32=0x5eed --check out=%t/ids.bin | FileCheck %s
// RUN: flyc-run %t/i942.hsaco --kernel ids --grid 3,2,2 --block 5,3,7 out:u32:10080 u32=0x5eed --check out=%t/ids.bin | FileCheck %s
// RUN: flyc-run %t/p950.hsaco --kernel ids --grid 3,2,2 --block 5,3,7 out:u32:10080 u32=0x5eed --check out=%t/ids.bin | FileCheck %s
// CHECK: check out: ok (10080 u32 elements, bit-exact, max abs error 0)

__kernel void ids(__global uint *out, uint tag) {
  __constant ushort *packet = (__constant ushort *)__builtin_amdgcn_dispatch_ptr();
  __constant uint *grid = (__constant uint *)(packet + 6); /* grid_size_x/y/z */
  uint gx = __builtin_amdgcn_workgroup_id_x(), gy = __builtin_amdgcn_workgroup_id_y(),
       gz = __builtin_amdgcn_workgroup_id_z();
  uint tx = __builtin_amdgcn_workitem_id_x(), ty = __builtin_amdgcn_workitem_id_y(),
       tz = __builtin_amdgcn_workitem_id_z();
  uint bx = __builtin_amdgcn_workgroup_size_x(), by = __builtin_amdgcn_workgroup_size_y(),
       bz = __builtin_amdgcn_workgroup_size_z();
  uint x = gx * bx + tx, y = gy * by + ty, z = gz * bz + tz;
  uint i = (z * grid[1] + y) * grid[0] + x;
  __global uint *o = out + 8 * i;
  o[0] = gx | gy << 8 | gz << 16;
  o[1] = tx | ty << 8 | tz << 16;
  o[2] = bx | by << 8 | bz << 16;
  o[3] = grid[0];
  o[4] = grid[1];
  o[5] = grid[2];
  o[6] = packet[1];          /* setup: dimensions */
  o[7] = tag + i;
}
