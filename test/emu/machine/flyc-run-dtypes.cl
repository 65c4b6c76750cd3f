// flyc-run's buffer initialisers and element encodings, observed through a
// kernel that leaves its buffer alone: const values are encoded with round
// to nearest even from the double they are written as, rand is
// reproducible from its seed and stays in [LO,HI). A value the element type
// cannot hold is a usage error (exit 2), never converted: a float that
// would round past the largest finite value (no saturation, no overflow to
// infinity), an infinity for a type without one, a non-integer or an
// out-of-range integer for an integer type (float-to-int conversion of
// such values is undefined behaviour in C), and likewise a rand range.
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %s -o %t/k.o
// RUN: ld.lld -shared %t/k.o -o %t/k.hsaco
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:f16:2:const=1.5 --out p=%t/f16.bin
// RUN: od -A n -t x2 %t/f16.bin | FileCheck %s --check-prefix=F16
// F16: 3e00 3e00
// 65519 is below 65504 + 16 (half the last step): it rounds to the largest
// finite f16; 65520 would round to infinity and is rejected; inf is an f16.
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:f16:2:const=65519 --out p=%t/f16max.bin
// RUN: od -A n -t x2 %t/f16max.bin | FileCheck %s --check-prefix=F16MAX
// F16MAX: 7bff 7bff
// RUN: %exitcode flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:f16:1:const=65520 2>&1 | FileCheck %s --check-prefix=F16BIG
// F16BIG: flyc-run: bad buffer argument 'p:f16:1:const=65520': 65520 is beyond f16's largest value 65504
// F16BIG: exit: 2
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:f16:1:const=-inf --out p=%t/f16inf.bin
// RUN: od -A n -t x2 %t/f16inf.bin | FileCheck %s --check-prefix=F16INF
// F16INF: fc00
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:f16:1:const=-0.000000059604645 --out p=%t/f16sub.bin
// RUN: od -A n -t x2 %t/f16sub.bin | FileCheck %s --check-prefix=F16SUB
// F16SUB: 8001
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:bf16:1:const=1.00390625 --out p=%t/bf16.bin
// RUN: od -A n -t x2 %t/bf16.bin | FileCheck %s --check-prefix=BF16
// 1 + 2^-8 is a tie between 0x3f80 and 0x3f81: even wins.
// BF16: 3f80
// 1 + 2^-8 + 2^-30 is just above that tie: 0x3f81. (Rounded through f32
// first it would become the tie itself and then 0x3f80.)
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:bf16:1:const=0x1.0100004p+0 --out p=%t/bf16up.bin
// RUN: od -A n -t x2 %t/bf16up.bin | FileCheck %s --check-prefix=BF16UP
// BF16UP: 3f81
// fp8 (E4M3FN): 460 rounds to the largest value 448 (0x7e); 464 and beyond
// are rejected, as is inf (E4M3FN has no infinity). NaN is 0x7f.
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:fp8:4:const=460 --out p=%t/fp8.bin
// RUN: od -A n -t x1 %t/fp8.bin | FileCheck %s --check-prefix=FP8
// FP8: 7e 7e 7e 7e
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:fp8:4:const=1000 2>&1 | FileCheck %s --check-prefix=FP8BIG
// FP8BIG: flyc-run: bad buffer argument 'p:fp8:4:const=1000': 1000 is beyond fp8's largest value 448
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:fp8:4:const=464 2>&1 | FileCheck %s --check-prefix=FP8TIE
// FP8TIE: flyc-run: bad buffer argument 'p:fp8:4:const=464': 464 is beyond fp8's largest value 448
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:fp8:4:const=inf 2>&1 | FileCheck %s --check-prefix=FP8INF
// FP8INF: flyc-run: bad buffer argument 'p:fp8:4:const=inf': fp8 has no infinity
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:fp8:1:const=nan --out p=%t/fp8nan.bin
// RUN: od -A n -t x1 %t/fp8nan.bin | FileCheck %s --check-prefix=FP8NAN
// FP8NAN: 7f
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:fp8_fnuz:1:const=-247 --out p=%t/fnuz.bin
// RUN: od -A n -t x1 %t/fnuz.bin | FileCheck %s --check-prefix=FNUZ
// FNUZ: ff
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:fp8_fnuz:1:const=-1000 2>&1 | FileCheck %s --check-prefix=FNUZBIG
// FNUZBIG: flyc-run: bad buffer argument 'p:fp8_fnuz:1:const=-1000': -1000 is beyond fp8_fnuz's largest value 240
// FNUZ has no -0 (0x80 is its NaN): a tiny negative value rounds to +0.
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:fp8_fnuz:1:const=-0.0001 --out p=%t/fnuz0.bin
// RUN: od -A n -t x1 %t/fnuz0.bin | FileCheck %s --check-prefix=FNUZ0
// FNUZ0: 00
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:bf8:1:const=inf --out p=%t/bf8.bin
// RUN: od -A n -t x1 %t/bf8.bin | FileCheck %s --check-prefix=BF8
// BF8: 7c
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:bf8:1:const=1e6 2>&1 | FileCheck %s --check-prefix=BF8BIG
// BF8BIG: flyc-run: bad buffer argument 'p:bf8:1:const=1e6': 1e6 is beyond bf8's largest value 57344
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:f32:1:const=1e39 2>&1 | FileCheck %s --check-prefix=F32BIG
// F32BIG: flyc-run: bad buffer argument 'p:f32:1:const=1e39': 1e39 is beyond f32's largest value 3.40282347e+38
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:f64:1:const=1e400 2>&1 | FileCheck %s --check-prefix=F64BIG
// F64BIG: flyc-run: bad buffer argument 'p:f64:1:const=1e400': '1e400' is not a number
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:f64:1:const=1e300 --out p=%t/f64.bin
// RUN: od -A n -t x8 %t/f64.bin | FileCheck %s --check-prefix=F64
// F64: 7e37e43c8800759c
//
// Integers: exact, in range, integer literals only (decimal or 0x hex).
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i8:3:const=-128 --out p=%t/i8.bin
// RUN: od -A n -t x1 %t/i8.bin | FileCheck %s --check-prefix=I8
// I8: 80 80 80
// RUN: %exitcode flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i8:3:const=-300 2>&1 | FileCheck %s --check-prefix=I8BIG
// I8BIG: flyc-run: bad buffer argument 'p:i8:3:const=-300': -300 is outside i8's range [-128, 127]
// I8BIG: exit: 2
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i64:1:const=1e30 2>&1 | FileCheck %s --check-prefix=I64FLOAT
// I64FLOAT: flyc-run: bad buffer argument 'p:i64:1:const=1e30': '1e30' is not an integer (i64 takes integers)
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:u64:1:const=1e30 2>&1 | FileCheck %s --check-prefix=U64FLOAT
// U64FLOAT: flyc-run: bad buffer argument 'p:u64:1:const=1e30': '1e30' is not an integer (u64 takes integers)
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i32:1:const=1.5 2>&1 | FileCheck %s --check-prefix=I32FRAC
// I32FRAC: flyc-run: bad buffer argument 'p:i32:1:const=1.5': '1.5' is not an integer (i32 takes integers)
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:u64:1:const=18446744073709551616 2>&1 | FileCheck %s --check-prefix=U64BIG
// U64BIG: flyc-run: bad buffer argument 'p:u64:1:const=18446744073709551616': 18446744073709551616 is outside u64's range [0, 18446744073709551615]
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:u16:1:const=-1 2>&1 | FileCheck %s --check-prefix=U16NEG
// U16NEG: flyc-run: bad buffer argument 'p:u16:1:const=-1': -1 is outside u16's range [0, 65535]
// 2^53 + 1 and the 64-bit extremes are not doubles: they are kept exact.
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:u64:1:const=18446744073709551615 --out p=%t/u64.bin
// RUN: od -A n -t x8 %t/u64.bin | FileCheck %s --check-prefix=U64
// U64: ffffffffffffffff
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i64:2:const=-9223372036854775808 --out p=%t/i64.bin
// RUN: od -A n -t x8 %t/i64.bin | FileCheck %s --check-prefix=I64
// I64: 8000000000000000 8000000000000000
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i64:1:const=9007199254740993 --out p=%t/i64odd.bin
// RUN: od -A n -t x8 %t/i64odd.bin | FileCheck %s --check-prefix=I64ODD
// I64ODD: 0020000000000001
// A failed check names the differing elements exactly, integers in full.
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i64:1:const=9007199254740992 --check p=%t/i64odd.bin 2>&1 | FileCheck %s --check-prefix=I64DIFF
// I64DIFF: flyc-run: check p: 1 of 1 elements differ (bit-exact); first at [0]: got 9007199254740992, expected 9007199254740993
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i64:2:const=-9223372036854775807 --check p=%t/i64.bin 2>&1 | FileCheck %s --check-prefix=I64MIN
// I64MIN: flyc-run: check p: 2 of 2 elements differ (bit-exact); first at [0]: got -9223372036854775807, expected -9223372036854775808
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:u32:1:const=0xdeadbeef --out p=%t/u32.bin
// RUN: od -A n -t x4 %t/u32.bin | FileCheck %s --check-prefix=U32
// U32: deadbeef
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:u32:1:const=0xdeadbeee --check p=%t/u32.bin 2>&1 | FileCheck %s --check-prefix=U32DIFF
// U32DIFF: flyc-run: check p: 1 of 1 elements differ (bit-exact); first at [0]: got 3735928558, expected 3735928559
//
// rand: reproducible, within [LO,HI), the range checked like a value (HI
// may be one past the largest value).
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i32:1000:rand=5,-3,3 --out p=%t/r1.bin
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i32:1000:rand=5,-3,3 --out p=%t/r2.bin
// RUN: cmp %t/r1.bin %t/r2.bin
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i32:1000:const=-3 --check p=%t/r1.bin,atol=5 | FileCheck %s --check-prefix=RANGE
// RANGE: check p: ok (1000 i32 elements, within tolerance, max abs error 5)
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i32:1000:const=-3 --check p=%t/r1.bin,atol=4 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// OUTSIDE: flyc-run: check p: {{[0-9]+}} of 1000 elements differ (atol 4, rtol 0)
// The whole i8 range: -128 and 127 both occur, nothing else lies outside.
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i8:4096:rand=7,-128,128 --out p=%t/i8all.bin
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i8:4096:const=0 --check p=%t/i8all.bin,atol=128 | FileCheck %s --check-prefix=I8ALL
// I8ALL: check p: ok (4096 i8 elements, within tolerance, max abs error 128)
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i8:4096:const=0 --check p=%t/i8all.bin,atol=126 2>&1 | FileCheck %s --check-prefix=I8TOP
// I8TOP: flyc-run: check p: {{[0-9]+}} of 4096 elements differ (atol 126, rtol 0)
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:u64:64:rand=1,0,18446744073709551616
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i64:64:rand=1,-9223372036854775808,9223372036854775808
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i8:8:rand=1,-129,0 2>&1 | FileCheck %s --check-prefix=RANDLO
// RANDLO: flyc-run: bad buffer argument 'p:i8:8:rand=1,-129,0': -129 is outside i8's range [-128, 127]
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:u8:8:rand=1,0,257 2>&1 | FileCheck %s --check-prefix=RANDHI
// RANDHI: flyc-run: bad buffer argument 'p:u8:8:rand=1,0,257': 257 is outside u8's range [0, 255]
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:i64:8:rand=1,0,1e30 2>&1 | FileCheck %s --check-prefix=RANDINT
// RANDINT: flyc-run: bad buffer argument 'p:i64:8:rand=1,0,1e30': '1e30' is not an integer (i64 takes integers)
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:fp8:8:rand=1,0,1000 2>&1 | FileCheck %s --check-prefix=RANDFP8
// RANDFP8: flyc-run: bad buffer argument 'p:fp8:8:rand=1,0,1000': 1000 is beyond fp8's largest value 448
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:f32:8:rand=1,-inf,0 2>&1 | FileCheck %s --check-prefix=RANDINF
// RANDINF: flyc-run: bad buffer argument 'p:f32:8:rand=1,-inf,0': a rand range must be finite
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:f32:8:rand=1,5,5 2>&1 | FileCheck %s --check-prefix=RANDEMPTY
// RANDEMPTY: flyc-run: bad buffer argument 'p:f32:8:rand=1,5,5': the rand range [5, 5) is empty
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:f32:8:rand=-1 2>&1 | FileCheck %s --check-prefix=RANDSEED
// RANDSEED: flyc-run: bad buffer argument 'p:f32:8:rand=-1': the seed of 'rand=-1' is not an integer in [0, 2^64)
// The widest f64 range (its span overflows the double range) stays finite.
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:f64:1000 --out p=%t/zeros64.bin
// RUN: flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 p:f64:1000:rand=3,-1.7e308,1.7e308 --check p=%t/zeros64.bin,atol=1.7e308 | FileCheck %s --check-prefix=WIDE
// WIDE: check p: ok (1000 f64 elements, within tolerance, max abs error 1.6
//
// Scalars follow the same rules.
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 f32=1e39 2>&1 | FileCheck %s --check-prefix=SF32
// SF32: flyc-run: bad scalar argument 'f32=1e39': 1e39 is beyond f32's largest value 3.40282347e+38
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 i32=2147483648 2>&1 | FileCheck %s --check-prefix=SI32
// SI32: flyc-run: bad scalar argument 'i32=2147483648': 2147483648 is outside i32's range [-2147483648, 2147483647]
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 u32=-1 2>&1 | FileCheck %s --check-prefix=SU32
// SU32: flyc-run: bad scalar argument 'u32=-1': -1 is outside u32's range [0, 4294967295]
// RUN: not flyc-run %t/k.hsaco --kernel keep --grid 1 --block 64 f64=1 2>&1 | FileCheck %s --check-prefix=SF64
// SF64: flyc-run: bad scalar argument 'f64=1' (expected i32=, u32=, i64=, u64= or f32=)

__kernel void keep(__global uchar *p) {}
