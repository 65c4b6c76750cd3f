// Scalar atomics between workgroups, as split-K GEMMs use them for their
// semaphores: every workgroup takes ITERS tickets from one counter with
// s_atomic_add ... glc (the pre-op value is the ticket) and adds the sum of
// its tickets to a 64-bit total with s_atomic_add_x2; the last workgroup to
// arrive (ticket count - 1) stores the final counter with s_store_dword.
// With 64 workgroups on 1 and 2 worker threads the counter must end at
// 64 * 100 = 6400, the tickets must be exactly 0..6399 (total 6400*6399/2 =
// 20476800) and the flag must hold 6400, on both chips.
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %s -o %t/k950.o
// RUN: ld.lld -shared %t/k950.o -o %t/k950.hsaco
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -Wno-everything -c %s -o %t/k942.o
// RUN: ld.lld -shared %t/k942.o -o %t/k942.hsaco
// RUN: llvm-objdump -d --mcpu=gfx950 %t/k950.hsaco | FileCheck %s --check-prefix=ISA
// RUN: flyc-run %t/k950.hsaco --kernel tickets --grid 64 --block 64 --threads 2 counter:u32:1 total:u64:1 flag:u32:1 i32=100 --out counter=%t/c --out total=%t/t --out flag=%t/f
// RUN: od -An -tu4 %t/c %t/f | FileCheck %s --check-prefix=COUNT
// RUN: od -An -tu8 %t/t | FileCheck %s --check-prefix=TOTAL
// RUN: flyc-run %t/k942.hsaco --kernel tickets --grid 64 --block 64 --threads 1 counter:u32:1 total:u64:1 flag:u32:1 i32=100 --out counter=%t/c --out total=%t/t --out flag=%t/f
// RUN: od -An -tu4 %t/c %t/f | FileCheck %s --check-prefix=COUNT
// RUN: od -An -tu8 %t/t | FileCheck %s --check-prefix=TOTAL
// RUN: flyc-run %t/k942.hsaco --kernel tickets --grid 64 --block 64 --threads 2 counter:u32:1 total:u64:1 flag:u32:1 i32=100 --out counter=%t/c --out total=%t/t --out flag=%t/f
// RUN: od -An -tu4 %t/c %t/f | FileCheck %s --check-prefix=COUNT
// RUN: od -An -tu8 %t/t | FileCheck %s --check-prefix=TOTAL
// ISA: s_atomic_add {{s[0-9]+}}, {{s\[[0-9]+:[0-9]+\]}}, 0x0 glc
// ISA: s_atomic_add_x2
// ISA: s_store_dword
// COUNT: {{^ *}}6400 6400{{$}}
// TOTAL: {{^ *}}20476800{{$}}

// A value as an SGPR pair (clang also emits a callable copy of each kernel
// whose values may live in VGPRs; readfirstlane keeps the "s" operands valid).
static ulong uniform64(ulong p) {
  return (ulong)__builtin_amdgcn_readfirstlane((uint)(p >> 32)) << 32 |
         __builtin_amdgcn_readfirstlane((uint)p);
}

kernel void tickets(global uint *counter_, global ulong *total_, global uint *flag_, int iters) {
  ulong counter = uniform64((ulong)counter_), total = uniform64((ulong)total_);
  ulong flag = uniform64((ulong)flag_);
  ulong sum = 0;
  uint ticket = 0;
  for (int i = 0; i < iters; ++i) {
    ticket = 1;
    __asm__ volatile("s_atomic_add %0, %1, 0x0 glc\n\ts_waitcnt lgkmcnt(0)"
                     : "+s"(ticket) : "s"(counter) : "memory");
    sum += ticket;
  }
  __asm__ volatile("s_atomic_add_x2 %0, %1, 0x0\n\ts_waitcnt lgkmcnt(0)"
                   : : "s"(uniform64(sum)), "s"(total) : "memory");
  if (ticket == 64u * (uint)iters - 1u) {
    uint n = __builtin_amdgcn_readfirstlane(ticket + 1);
    __asm__ volatile("s_store_dword %0, %1, 0x0 glc\n\ts_waitcnt lgkmcnt(0)"
                     : : "s"(n), "s"(flag) : "memory");
  }
}
