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
// LIST-NEXT: kernel fill: 2 arguments, kernarg 12 bytes, LDS 0 bytes, max workgroup 256, {{[0-9]+}} arch VGPRs, 0 AGPRs ({{[0-9]+}} allocated), {{[0-9]+}} SGPRs
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
// BADBUF: flyc-run: bad buffer argument 'out:f33:64' (expected NAME:DTYPE:COUNT[:zeros|:const=V|:rand=SEED[,LO,HI]|:file=PATH], COUNT in 1..2^32)
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:i32:4294967297 2>&1 | FileCheck %s --check-prefix=BIGCOUNT
// BIGCOUNT: flyc-run: bad buffer argument 'out:i32:4294967297' (expected
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 i32=abc 2>&1 | FileCheck %s --check-prefix=BADSCALAR
// BADSCALAR: flyc-run: bad scalar argument 'i32=abc': 'abc' is not an integer (i32 takes integers)
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
// Outputs and preshuffles must name buffers of the command line (usage
// errors, exit 2), and N x K must be the buffer's element count exactly: a
// product that wraps around 2^64 (2^58+16 x 64 = 2^64 + 1024) once made
// flyPreshuffleB write far past a 1024-byte buffer.
// RUN: %exitcode flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:i32:64 i32=3 --check nothere=%t/x.bin 2>&1 | FileCheck %s --check-prefix=CHECKNAME
// CHECKNAME: flyc-run: --check names no buffer argument 'nothere'
// CHECKNAME: exit: 2
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:i32:64 i32=3 --out out=%t/a.bin --out out=%t/a.bin 2>&1 | FileCheck %s --check-prefix=TWOOUT
// TWOOUT: flyc-run: two --out options write '{{.*}}a.bin'
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:u8:1024 i32=3 --preshuffle b=16x64 2>&1 | FileCheck %s --check-prefix=PSNAME
// PSNAME: flyc-run: --preshuffle b=16x64: no such buffer
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:u8:1024 i32=3 --preshuffle out=16x32 2>&1 | FileCheck %s --check-prefix=PSCOUNT
// PSCOUNT: flyc-run: --preshuffle out=16x32: N x K differs from the buffer's 1024 elements
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:u8:1024 i32=3 --preshuffle out=288230376151711760x64 2>&1 | FileCheck %s --check-prefix=PSWRAP
// PSWRAP: flyc-run: bad --preshuffle 'out=288230376151711760x64' (expected NAME=NxK, N and K in 1..2^32)
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:u8:1024 i32=3 --preshuffle out=4294967296x4294967296 2>&1 | FileCheck %s --check-prefix=PSWRAP2
// PSWRAP2: flyc-run: --preshuffle out=4294967296x4294967296: N x K differs from the buffer's 1024 elements
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:u8:1024 i32=3 --preshuffle out=-16x-64 2>&1 | FileCheck %s --check-prefix=PSNEG
// PSNEG: flyc-run: bad --preshuffle 'out=-16x-64'
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:u8:1024 i32=3 --preshuffle out=32x32 2>&1 | FileCheck %s --check-prefix=PSSHAPE
// PSSHAPE: flyc-run: error: cannot preshuffle a 32x32 matrix of 1-byte elements: N must be a multiple of 16 and K of 64
//
// Every argument is checked against the metadata before any buffer is
// allocated: a 32 GiB buffer (2^32 u64) with a missing scalar, a wrong
// argument kind or an oversized workgroup fails at once, allocating
// nothing, and a run whose buffers need more memory than --max-memory (by
// default the machine's) is refused before it starts.
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:u64:4294967296 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 2048 out:u64:4294967296 i32=3 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 i32=3 out:u64:4294967296 2>&1 | FileCheck %s --check-prefix=KIND1
// KIND1: flyc-run: invalid launch: kernel fill: argument 0 is a global buffer but a value was given
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:u64:4294967296 x:i32:1 2>&1 | FileCheck %s --check-prefix=KIND2
// KIND2: flyc-run: invalid launch: kernel fill: argument 1 is a by_value argument but a buffer was given
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:u64:4294967296 i32=3 --max-memory 1000000 2>&1 | FileCheck %s --check-prefix=MEM
// MEM: flyc-run: error: the buffers need 34360786944 bytes of memory, more than the 1000000 of --max-memory
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:i32:64 i32=3 --max-memory 1048831 2>&1 | FileCheck %s --check-prefix=MEMSMALL
// MEMSMALL: flyc-run: error: the buffers need 1048832 bytes of memory, more than the 1048831 of --max-memory
// RUN: flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:i32:64 i32=3 --max-memory 1048832
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:i32:64 i32=3 --max-memory 0 2>&1 | FileCheck %s --check-prefix=MEMZERO
// MEMZERO: flyc-run: bad --max-memory '0' (expected a byte count >= 1)
// Input files and --check references are checked before the run too.
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:i32:64:file=%t i32=3 2>&1 | FileCheck %s --check-prefix=DIRBUF
// DIRBUF: flyc-run: error: buffer out: '{{.*}}' is a directory
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:i32:64 i32=3 --out out=%t/no/such/dir.bin 2>&1 | FileCheck %s --check-prefix=OUTDIR
// OUTDIR: flyc-run: error: --out out: cannot write '{{.*}}dir.bin': No such file or directory
// RUN: not flyc-run %t/k.hsaco --kernel fill --grid 1 --block 64 out:i32:64 i32=3 --out out=%t 2>&1 | FileCheck %s --check-prefix=OUTISDIR
// OUTISDIR: flyc-run: error: --out out: '{{.*}}' is a directory

__kernel void fill(__global int *out, int v) {
  out[__builtin_amdgcn_workitem_id_x()] = v;
}
