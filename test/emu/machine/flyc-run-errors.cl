// flyc-run's command line and launch checks: usage errors exit 2, bad input
// (unknown kernel, argument count/size mismatch with the metadata, missing
// files, wrong chip, oversized workgroup, malformed code object) exits 1 with
// one error line.
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %s -o %t/k.o
// RUN: ld.lld -shared %t/k.o -o %t/k.hsaco
// RUN: flyc-run --help | FileCheck %s --check-prefix=HELP
// HELP: usage: flyc-run CODE.hsaco --kernel NAME --grid X[,Y,Z] --block X[,Y,Z]
// HELP: NAME:DTYPE:COUNT[:INIT]
// HELP: Exit status: 0 success; 1 error, GPU fault or failed check; 2 usage error.
//
// RUN: flyc-run %t/k.hsaco --list | FileCheck %s --check-prefix=LIST
// LIST: gfx950 code object, 1 kernels
// LIST-NEXT: kernel fill: 2 arguments, kernarg 12 bytes, LDS 0 bytes, max workgroup 256, {{[0-9]+}} VGPRs, 0 AGPRs, {{[0-9]+}} SGPRs
// LIST-NEXT: [0] offset 0 size 8 global_buffer : int*
// LIST-NEXT: [1] offset 8 size 4 by_value : int
// RUN: not flyc-run %t/k.hsaco --grid 1 --block 64 2>&1 | FileCheck %s --check-prefix=NOKERNEL
// NOKERNEL: flyc-run: missing --kernel NAME
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 --frobnicate 1 2>&1 | FileCheck %s --check-prefix=UNKNOWNOPT
// UNKNOWNOPT: flyc-run: unknown option '--frobnicate'
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 0 2>&1 | FileCheck %s --check-prefix=BADBLOCK
// BADBLOCK: flyc-run: bad --block '0' (expected X[,Y,Z], each >= 1)
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1,2,3,4 --block 64 2>&1 | FileCheck %s --check-prefix=BADGRID
// BADGRID: flyc-run: bad --grid '1,2,3,4' (expected X[,Y,Z], each >= 1)
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:f33:64 2>&1 | FileCheck %s --check-prefix=BADBUF
// BADBUF: flyc-run: bad buffer argument 'out:f33:64' (expected NAME:DTYPE:COUNT[:zeros|:const=V|:rand=SEED[,LO,HI]|:file=PATH])
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 i32=abc 2>&1 | FileCheck %s --check-prefix=BADSCALAR
// BADSCALAR: flyc-run: bad scalar argument 'i32=abc'
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:i32:64 i32=1 --check out 2>&1 | FileCheck %s --check-prefix=BADCHECK
// BADCHECK: flyc-run: bad --check 'out' (expected NAME=PATH[,atol=E][,rtol=E])
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 x:i32:4 x:f32:4 2>&1 | FileCheck %s --check-prefix=DUP
// DUP: flyc-run: two buffers are named 'x'
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 --threads 0 2>&1 | FileCheck %s --check-prefix=BADTHREADS
// BADTHREADS: flyc-run: bad --threads '0' (expected 1..64)
//
// RUN: not flyc-run %t/k.hsaco --kernel nosuch --grid 1 --block 64 out:i32:64 i32=3 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: flyc-run: invalid launch: kernel nosuch: no kernel named 'nosuch' in the code object
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:i32:64 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: flyc-run: invalid launch: kernel fill: kernel takes 2 arguments but 1 were given
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:i32:64 i64=3 2>&1 | FileCheck %s --check-prefix=SIZE
// SIZE: flyc-run: invalid launch: kernel fill: argument 1 has 8 bytes but the kernel expects 4
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 2048 out:i32:64 i32=3 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: flyc-run: invalid launch: kernel fill: workgroup of 2048 work-items exceeds the kernel's maximum of 256
// RUN: not flyc-run %t/missing.hsaco --kernel fill --grid 1 --block 64 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: flyc-run: error: cannot open '{{.*}}missing.hsaco'
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:i32:64:file=%t/none.bin i32=3 2>&1 | FileCheck %s --check-prefix=NOBUF
// NOBUF: flyc-run: error: buffer out: cannot open '{{.*}}none.bin': No such file or directory
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:i32:65:file=%t/k.o i32=3 2>&1 | FileCheck %s --check-prefix=SHORTBUF
// SHORTBUF: flyc-run: error: buffer out: file '{{.*}}k.o' does not hold exactly 260 bytes (65 i32 elements)
// RUN: not flyc-run %t/k.hsaco --chip gfx942 --kernel fill --grid 1 --block 64 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: flyc-run: error: {{.*}}k.hsaco: code object is for gfx950 but the device is gfx942
// RUN: not flyc-run %t/k.hsaco --chip gfx90a --kernel fill --grid 1 --block 64 2>&1 | FileCheck %s --check-prefix=BADCHIP
// BADCHIP: flyc-run: error: unknown chip 'gfx90a' (expected gfx950 or gfx942)
// RUN: not flyc-run %t/k.o --kernel fill --grid 1 --block 64 2>&1 | FileCheck %s --check-prefix=NOTSO
// NOTSO: flyc-run: error: {{.*}}k.o: invalid code object: {{.*}}
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:i32:64 i32=3 --check nothere=%t/x.bin 2>&1 | FileCheck %s --check-prefix=CHECKNAME
// CHECKNAME: flyc-run: error: --check names no buffer argument 'nothere'

__kernel void fill(__global int *out, int v) {
  out[__builtin_amdgcn_workitem_id_x()] = v;
}
