// flyc-run's buffer initialisers and element encodings, observed through a
// kernel that leaves its buffer alone: const values are encoded with round
// to nearest even (fp8/fp8_fnuz saturate, f16/bf8 overflow to infinity),
// rand is reproducible from its seed and stays in [LO,HI).
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %s -o %t/k.o
// RUN: ld.lld -shared %t/k.o -o %t/k.hsaco
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:f16:2:const=1.5 --out p=%t/f16.bin
// RUN: od -A n -t x2 %t/f16.bin | FileCheck %s --check-prefix=F16
// F16: 3e00 3e00
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:f16:1:const=65520 --out p=%t/f16inf.bin
// RUN: od -A n -t x2 %t/f16inf.bin | FileCheck %s --check-prefix=F16INF
// F16INF: 7c00
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:f16:1:const=-0.000000059604645 --out p=%t/f16sub.bin
// RUN: od -A n -t x2 %t/f16sub.bin | FileCheck %s --check-prefix=F16SUB
// F16SUB: 8001
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:bf16:1:const=1.00390625 --out p=%t/bf16.bin
// RUN: od -A n -t x2 %t/bf16.bin | FileCheck %s --check-prefix=BF16
// 1 + 2^-8 is a tie between 0x3f80 and 0x3f81: even wins.
// BF16: 3f80
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:fp8:4:const=1000 --out p=%t/fp8.bin
// RUN: od -A n -t x1 %t/fp8.bin | FileCheck %s --check-prefix=FP8
// FP8: 7e 7e 7e 7e
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:fp8_fnuz:1:const=-1000 --out p=%t/fnuz.bin
// RUN: od -A n -t x1 %t/fnuz.bin | FileCheck %s --check-prefix=FNUZ
// FNUZ: ff
// FNUZ has no -0 (0x80 is its NaN): a tiny negative value rounds to +0.
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:fp8_fnuz:1:const=-0.0001 --out p=%t/fnuz0.bin
// RUN: od -A n -t x1 %t/fnuz0.bin | FileCheck %s --check-prefix=FNUZ0
// FNUZ0: 00
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:bf8:1:const=1e6 --out p=%t/bf8.bin
// RUN: od -A n -t x1 %t/bf8.bin | FileCheck %s --check-prefix=BF8
// BF8: 7c
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:fp8:1:const=0.3 --out p=%t/fp8r.bin
// RUN: od -A n -t x1 %t/fp8r.bin | FileCheck %s --check-prefix=FP8R
// 0.3 lies between 0.28125 (0x29) and 0.3125 (0x2a), nearer the latter.
// FP8R: 2a
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i8:3:const=-300 --out p=%t/i8.bin
// RUN: od -A n -t x1 %t/i8.bin | FileCheck %s --check-prefix=I8
// I8: 80 80 80
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i32:1000:rand=5,-3,3 --out p=%t/r1.bin
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i32:1000:rand=5,-3,3 --out p=%t/r2.bin
// RUN: cmp %t/r1.bin %t/r2.bin
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i32:1000:const=-3 --check p=%t/r1.bin,atol=5 | FileCheck %s --check-prefix=RANGE
// RANGE: check p: ok (1000 i32 elements, within tolerance, max abs error 5)
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i32:1000:const=-3 --check p=%t/r1.bin,atol=4 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// OUTSIDE: flyc-run: check p: {{[0-9]+}} of 1000 elements differ (atol 4, rtol 0)

__kernel void keep(__global uchar *p) {}
