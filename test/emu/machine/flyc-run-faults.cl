// GPU faults through flyc-run: an access past the end of a buffer, into the
// guard gap or beyond, an LDS access outside the workgroup's allocation and a
// misaligned atomic are reported as one line naming kernel, workgroup, wave,
// lane and pc, an unimplemented instruction with its mnemonic and encoding;
// all exit with status 1. A failed comparison is reported the same way.
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %s -o %t/k.o
// RUN: ld.lld -shared %t/k.o -o %t/k.hsaco
// Item i = 128*group + t reads in[i] of a 300-element buffer: item 300 is
// t = 44 of workgroup 2 (wave 0, lane 44), reading just past the end.
// RUN: not flyc-run %t/k.hsaco --kernel oob_read --grid 3 --block 128 in:f32:300 out:f32:384 2>&1 | FileCheck %s --check-prefix=OOB
// OOB: flyc-run: memory fault: kernel oob_read, workgroup (2,0,0), wave 0, lane 44, pc 0x{{[0-9a-f]+}}: {{.*}}
// OOB-NOT: flyc-run
// Far outside any buffer, written by every lane: the first lane is reported.
// RUN: not flyc-run %t/k.hsaco --kernel wild_write --grid 1 --block 64 out:i32:64 2>&1 | FileCheck %s --check-prefix=WILD
// WILD: flyc-run: memory fault: kernel wild_write, workgroup (0,0,0), wave 0, lane 0, pc 0x{{[0-9a-f]+}}: {{.*}}
// The kernel declares 256 bytes of LDS; lane 5 reads dword 69 (byte 276).
// RUN: not flyc-run %t/k.hsaco --kernel lds_oob --grid 1 --block 64 out:i32:64 i32=69 2>&1 | FileCheck %s --check-prefix=LDS
// LDS: flyc-run: memory fault: kernel lds_oob, workgroup (0,0,0), wave 0, lane 5, pc 0x{{[0-9a-f]+}}: {{.*}}
// Global atomics need natural alignment: lane 0 adds at byte offset 2.
// RUN: not flyc-run %t/k.hsaco --kernel misaligned_atomic --grid 1 --block 64 out:i32:64 2>&1 | FileCheck %s --check-prefix=ALIGN
// ALIGN: flyc-run: misaligned access: kernel misaligned_atomic, workgroup (0,0,0), wave 0, lane 0, pc 0x{{[0-9a-f]+}}: global_atomic_add{{.*}} not 4-byte aligned
// An instruction the emulator does not implement stops the run.
// RUN: not flyc-run %t/k.hsaco --kernel halt --grid 2 --block 64 out:i32:64 2>&1 | FileCheck %s --check-prefix=UNSUP
// UNSUP: flyc-run: unsupported instruction: kernel halt, workgroup (0,0,0), wave 0, pc 0x{{[0-9a-f]+}}: unsupported instruction s_sethalt (encoding 0xbf8d0000)
// A kernel that never ends is stopped by --timeout.
// RUN: not flyc-run %t/k.hsaco --kernel spin --grid 1 --block 64 out:i32:64 --timeout 1 2>&1 | FileCheck %s --check-prefix=SPIN
// SPIN: flyc-run: error: the run did not finish within --timeout (a kernel that never ends?)
// The same kernel in bounds runs; a wrong reference fails the check.
// RUN: flyc-run %t/k.hsaco --kernel lds_oob --grid 1 --block 64 out:i32:64 i32=10 --out out=%t/out.bin
// RUN: not flyc-run %t/k.hsaco --kernel lds_oob --grid 1 --block 64 out:i32:64 i32=10 --check out=%t/k.hsaco 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: flyc-run: error: buffer out: file '{{.*}}k.hsaco' does not hold exactly 256 bytes (64 i32 elements)
// RUN: flyc-run %t/k.hsaco --kernel lds_oob --grid 1 --block 64 out:i32:64 i32=10 --check out=%t/out.bin | FileCheck %s --check-prefix=SAME
// SAME: check out: ok (64 i32 elements, bit-exact, max abs error 0)
// RUN: not flyc-run %t/k.hsaco --kernel lds_oob --grid 1 --block 64 out:i32:64 i32=11 --check out=%t/out.bin 2>&1 | FileCheck %s --check-prefix=DIFF
// DIFF: flyc-run: check out: 1 of 64 elements differ (bit-exact); first at [5]: got 11, expected 10
// A failed check does not hide the next one, and a run that fails writes
// no output: neither a new file nor over an existing one (an output is
// written to a temporary file and renamed only when every check passed).
// RUN: flyc-run %t/k.hsaco --kernel lds_oob --grid 1 --block 64 out:i32:64 i32=11 --out out=%t/out11.bin
// RUN: cp %t/out.bin %t/keep.bin && cp %t/out.bin %t/keep.orig
// RUN: not flyc-run %t/k.hsaco --kernel lds_oob --grid 1 --block 64 out:i32:64 i32=11 --check out=%t/out.bin --check out=%t/out11.bin --out out=%t/new.bin --out out=%t/keep.bin > %t/both.txt 2>&1
// RUN: FileCheck %s --check-prefix=BOTH < %t/both.txt
// BOTH-DAG: flyc-run: check out: 1 of 64 elements differ
// BOTH-DAG: check out: ok (64 i32 elements, bit-exact, max abs error 0)
// RUN: not test -e %t/new.bin
// RUN: cmp %t/keep.bin %t/keep.orig
// A fault writes nothing either; a successful run leaves no temporary file.
// RUN: not flyc-run %t/k.hsaco --kernel lds_oob --grid 1 --block 64 out:i32:64 i32=69 --out out=%t/new.bin 2>&1 | FileCheck %s --check-prefix=LDS
// RUN: not test -e %t/new.bin
// RUN: flyc-run %t/k.hsaco --kernel lds_oob --grid 1 --block 64 out:i32:64 i32=11 --out out=%t/keep.bin --check out=%t/out11.bin
// RUN: cmp %t/keep.bin %t/out11.bin
// RUN: ls %t | FileCheck %s --check-prefix=NOTEMP --implicit-check-not=tmp-
// NOTEMP: keep.bin
//
// Checks that need no run come before it: a missing reference or an
// unwritable output stops a kernel that would never end at once, and
// --timeout is armed before anything is loaded or filled (an input that
// never arrives, a FIFO without a writer, is stopped by it too).
// RUN: not flyc-run %t/k.hsaco --kernel spin --grid 1 --block 64 out:i32:64 --timeout 20 --check out=%t/none.bin 2>&1 | FileCheck %s --check-prefix=NOREF
// NOREF: flyc-run: error: buffer out: cannot open '{{.*}}none.bin': No such file or directory
// RUN: not flyc-run %t/k.hsaco --kernel spin --grid 1 --block 64 out:i32:64 --timeout 20 --out out=%t/none/x.bin 2>&1 | FileCheck %s --check-prefix=NOOUT
// NOOUT: flyc-run: error: --out out: cannot write '{{.*}}x.bin': No such file or directory
// RUN: rm -f %t/fifo && mkfifo %t/fifo
// RUN: not timeout 60 flyc-run %t/k.hsaco --kernel spin --grid 1 --block 64 out:i32:64:file=%t/fifo --timeout 1 2>&1 | FileCheck %s --check-prefix=SPIN

__kernel void oob_read(__global const float *in, __global float *out) {
  uint i = __builtin_amdgcn_workgroup_id_x() * 128 + __builtin_amdgcn_workitem_id_x();
  out[i] = in[i];
}

__kernel void wild_write(__global int *out) {
  __global int *p = (__global int *)((ulong)out + 0x100000000ul);
  p[__builtin_amdgcn_workitem_id_x()] = 1;
}

__kernel void lds_oob(__global int *out, int far) {
  __local int tile[64];
  uint t = __builtin_amdgcn_workitem_id_x();
  tile[t] = (int)t;
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  out[t] = tile[t == 5 ? (uint)far : t];
}

__kernel void misaligned_atomic(__global int *out) {
  __global int *p = (__global int *)((__global char *)out + 2);
  if (__builtin_amdgcn_workitem_id_x() == 0)
    __atomic_fetch_add(p, 1, __ATOMIC_RELAXED);
}

__kernel void halt(__global int *out) {
  __asm__ volatile("s_sethalt 0" ::: "memory");
  out[__builtin_amdgcn_workitem_id_x()] = 1;
}

__kernel void spin(__global int *out) {
  __asm__ volatile("1: s_branch 1b" ::: "memory");
  out[0] = 1;
}
