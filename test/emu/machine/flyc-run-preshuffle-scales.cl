// flyc-run --preshuffle-scales NAME=RxKB: after filling, a buffer of R x KB
// E8M0 scales (row-major) is rearranged into the MXFP4 GEMMs' MX scale
// order (flyPreshuffleMxScale), observed through a kernel that leaves its
// buffer alone and compared with the order computed from the formula by
// Inputs/mx_scale_order.py. Scale bytes come from rand=SEED,LO,HI on u8:
// integers in [LO, HI), here the bounded E8M0 range 120..134.
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %s -o %t/k.o
// RUN: ld.lld -shared %t/k.o -o %t/k.hsaco
// RUN: flyc-run --help | FileCheck %s --check-prefix=HELP
// HELP: --preshuffle-scales NAME=RxKB
// HELP-NEXT: after filling, rearrange buffer NAME (1-byte type: R x KB
//
// u8 rand=SEED,LO,HI draws integers in [LO, HI), each of them.
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 s:u8:2048:rand=3,120,135 --out s=%t/raw.bin
// RUN: python3 %S/Inputs/byte_range.py %t/raw.bin | FileCheck %s --check-prefix=RANGE
// RANGE: 2048 bytes in [120, 134], 15 of the 15 values in it
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 s:u8:4096:rand=4,0,256 --out s=%t/all.bin
// RUN: python3 %S/Inputs/byte_range.py %t/all.bin | FileCheck %s --check-prefix=ALL
// ALL: 4096 bytes in [0, 255], 256 of the 256 values in it
//
// The same scales as 64 rows x 32 blocks (two row groups of 32, four of 8
// blocks), as 32 x 64 and as 256 x 8, each against the formula.
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 s:u8:2048:rand=3,120,135 --preshuffle-scales s=64x32 --out s=%t/mx64.bin
// RUN: python3 %S/Inputs/mx_scale_order.py %t/raw.bin 64 32 %t/want64.bin
// RUN: cmp %t/mx64.bin %t/want64.bin
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 s:u8:2048:file=%t/raw.bin --preshuffle-scales s=32x64 --out s=%t/mx32.bin
// RUN: python3 %S/Inputs/mx_scale_order.py %t/raw.bin 32 64 %t/want32.bin
// RUN: cmp %t/mx32.bin %t/want32.bin
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 s:u8:2048:file=%t/raw.bin --preshuffle-scales s=256x8 --out s=%t/mx256.bin
// RUN: python3 %S/Inputs/mx_scale_order.py %t/raw.bin 256 8 %t/want256.bin
// RUN: cmp %t/mx256.bin %t/want256.bin
// The three orders differ, and none is the row-major input.
// RUN: not cmp -s %t/mx64.bin %t/mx32.bin
// RUN: not cmp -s %t/mx64.bin %t/raw.bin
// --check of the rearranged buffer against the formula's file works too.
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 s:u8:2048:file=%t/raw.bin --preshuffle-scales s=64x32 --check s=%t/want64.bin | FileCheck %s --check-prefix=CHECK64
// CHECK64: check s: ok (2048 u8 elements, bit-exact, max abs error 0)
//
// Misuse (exit 2, one line): the spec, the buffer's name, R x KB against
// its element count, a type that is not one byte, two rearrangements of
// one buffer.
// RUN: %exitcode flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 s:u8:256 --preshuffle-scales s=32 2>&1 | FileCheck %s --check-prefix=SPEC
// SPEC: flyc-run: bad --preshuffle-scales 's=32' (expected NAME=RxKB, R and KB in 1..2^32)
// SPEC-NEXT: (run 'flyc-run --help' for the syntax)
// SPEC-NEXT: exit: 2
// RUN: %exitcode flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 s:u8:256 --preshuffle-scales s=0x8 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: flyc-run: bad --preshuffle-scales 's=0x8' (expected NAME=RxKB, R and KB in 1..2^32)
// ZERO: exit: 2
// RUN: %exitcode flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 s:u8:256 --preshuffle-scales t=32x8 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: flyc-run: --preshuffle-scales t=32x8: no such buffer
// NAME: exit: 2
// RUN: %exitcode flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 s:u8:256 --preshuffle-scales s=32x16 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: flyc-run: --preshuffle-scales s=32x16: R x KB differs from the buffer's 256 elements
// COUNT: exit: 2
// RUN: %exitcode flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 s:u8:256 --preshuffle-scales s=4294967296x4294967296 2>&1 | FileCheck %s --check-prefix=WRAP
// WRAP: flyc-run: --preshuffle-scales s=4294967296x4294967296: R x KB differs from the buffer's 256 elements
// WRAP: exit: 2
// RUN: %exitcode flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 s:f32:256 --preshuffle-scales s=32x8 2>&1 | FileCheck %s --check-prefix=TYPE
// TYPE: flyc-run: --preshuffle-scales s=32x8: buffer 's' has f32 elements; E8M0 scales take a 1-byte type (u8)
// TYPE: exit: 2
// RUN: %exitcode flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 s:u8:256 --preshuffle s=16x16 --preshuffle-scales s=32x8 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: flyc-run: buffer 's' is preshuffled twice
// TWICE: exit: 2
//
// Shapes the scale order does not take are refused before any buffer is
// filled (exit 1), with no output written.
// RUN: %exitcode flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 s:u8:384 --preshuffle-scales s=48x8 --out s=%t/bad.bin 2>&1 | FileCheck %s --check-prefix=ROWS
// ROWS: flyc-run: error: cannot preshuffle MX scales of 48 rows x 8 blocks: the rows must be a multiple of 32 and the blocks of 8
// ROWS-NEXT: exit: 1
// RUN: %exitcode flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 s:u8:128 --preshuffle-scales s=32x4 --out s=%t/bad.bin 2>&1 | FileCheck %s --check-prefix=BLOCKS
// BLOCKS: flyc-run: error: cannot preshuffle MX scales of 32 rows x 4 blocks: the rows must be a multiple of 32 and the blocks of 8
// BLOCKS-NEXT: exit: 1
// RUN: not test -e %t/bad.bin

__kernel void keep(__global uchar *p) {}
