// The typed C front-end (flyc/frontend.h), through frontend-test.c.
//
// Types it computes: int tuples with constants in the type, layouts in
// canonical notation, fly algebra through lib/layout, memrefs of shared
// fields, tensors and tiles, vector arithmetic with scalars broadcast.
// RUN: %testbin/frontend-test types | FileCheck %s --check-prefix=TYPES --match-full-lines
// TYPES: coord: !fly.int_tuple<"(?,3)">
// TYPES-NEXT: layout: !fly.layout<"(4,8):(8,1)">
// TYPES-NEXT: canonical: !fly.layout<"(4,8):(8,1)">
// TYPES-NEXT: composed: !fly.composed_layout<"S<3,4,3> o 0 o (8,64):(64,1)">
// TYPES-NEXT: composition: !fly.layout<"((2,2),3):((24,2),8)">
// TYPES-NEXT: size: index
// TYPES-NEXT: field: memref<64xbf16, #gpu.address_space<workgroup>>
// TYPES-NEXT: tensor: !fly.tensor<"bf16 shared (8,8):(8,1)">
// TYPES-NEXT: tile: !fly.tensor<"bf16 shared (4,2):(8,1)">
// TYPES-NEXT: load: vector<4xbf16>
// TYPES-NEXT: broadcast-add: vector<4xf32>
// TYPES-NEXT: cmp: vector<4xi1>
// TYPES-NEXT: cast: vector<4xbf16>
// TYPES-NEXT: index-to-f32: f32
// TYPES-NEXT: sigmoid: vector<4xf32>
// TYPES-NEXT: reduce: f32
// TYPES-NEXT: failed: 0
//
// The GEMM builders' types, from the atom table: accumulators of a 4 x 4
// block of 16x16x128 fp8 atoms (4 f32 per atom and lane), an A fragment,
// a C fragment read from a bf16 tensor (the residual case), B's fragments
// of 4 atoms (packed fp4: bytes), the gemm and its scaled epilogue, a
// run-time layout and a buffer tensor over it.
// RUN: %testbin/frontend-test mma | FileCheck %s --check-prefix=MMA --match-full-lines
// MMA: zero: vector<64xf32>
// MMA-NEXT: int8-zero: vector<16xi32>
// MMA-NEXT: fragment-a: vector<32xf8E4M3FN>
// MMA-NEXT: fragment-c-bf16: vector<4xbf16>
// MMA-NEXT: fragments-b: vector<128xf8E4M3FN>
// MMA-NEXT: fragments-fp4: vector<64xi8>
// MMA-NEXT: gemm: vector<64xf32>
// MMA-NEXT: scale: vector<64xf32>
// MMA-NEXT: layout: !fly.layout<"(?,1024):(1024,1)">
// MMA-NEXT: buffer: !fly.tensor<"f8E4M3FN global (?,1024):(1024,1)">
// MMA-NEXT: failed: 0
//
// The lower-level builders gemm-gen uses: the chip and a kernel attribute
// in the module, vector slices and bitcasts, a uniform value, unsigned i32
// arithmetic, a nested int tuple, a union member of the LDS struct, the
// block-scale row scales, waits and wave barriers. Their types, then the IR.
// RUN: %testbin/frontend-test lower > %t.lower
// RUN: FileCheck %s --check-prefix=LOWER --match-full-lines < %t.lower
// LOWER: grid: index
// LOWER-NEXT: neg: vector<4xf32>
// LOWER-NEXT: extract: f32
// LOWER-NEXT: shuffle: vector<6xf32>
// LOWER-NEXT: bitcast: vector<16xi8>
// LOWER-NEXT: readfirstlane: i32
// LOWER-NEXT: divu: i32
// LOWER-NEXT: cmp-ult: i1
// LOWER-NEXT: int-tuple: !fly.int_tuple<"((16,2,?),(4,2,8))">
// LOWER-NEXT: union-member: memref<2048xbf16, #gpu.address_space<workgroup>>
// LOWER-NEXT: row-scales: vector<16xf32>
// LOWER-NEXT: failed: 0
// RUN: FileCheck %s --check-prefix=LOWER-IR < %t.lower
// LOWER-IR: gpu.module @kernels [#rocdl.target<chip = "gfx942">]
// LOWER-IR: gpu.func @lower({{.*}} rocdl.waves_per_eu = 2 : i32
// LOWER-IR: vector.shuffle {{.*}} [1, 2, 3, 4, 5, 6] : vector<4xf32>, vector<4xf32>
// LOWER-IR: arith.divui {{.*}} : i32
// LOWER-IR: arith.remui {{.*}} : i32
// LOWER-IR: arith.cmpi ult, {{.*}} : i32
// LOWER-IR: "fly.waitcnt"() {lgkmcnt = 0 : i32, vmcnt = 3 : i32}
// LOWER-IR-NEXT: llvm.fence syncscope("wavefront") release
// LOWER-IR-NEXT: rocdl.s.barrier
// LOWER-IR-NEXT: llvm.fence syncscope("wavefront") acquire
// LOWER-IR-NEXT: "fly.sched_barrier"() {mask = "none"}
// RUN: sed '/^[a-z-]*: /d' %t.lower > %t.lower.mlir
// RUN: flyc %t.lower.mlir -o %t.lower.hsaco
//
// Errors: the first failing call is recorded with its C line; every later
// call builds nothing; the program does not print.
// RUN: %testbin/frontend-test error layout | FileCheck %s --check-prefix=LAYOUT
// LAYOUT: bad: null, after: null
// LAYOUT-NEXT: frontend-test.c:[[#]]: error: flyLayout: '(4,8):(8,1': syntax error at column 11: expected ',' or ')', found the end of the input
// LAYOUT-NEXT: print: 0
// RUN: %testbin/frontend-test error mismatch | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: frontend-test.c:[[#]]: error: flyAdd: operands of types f32 and i32
// RUN: %testbin/frontend-test error tile | FileCheck %s --check-prefix=TILE
// TILE: frontend-test.c:[[#]]: error: flyLocalTile: the tile (48,64) does not divide (64,64):(64,1): mode 0 has 64 elements, not a multiple of 48
// RUN: %testbin/frontend-test error algebra | FileCheck %s --check-prefix=ALGEBRA
// ALGEBRA: frontend-test.c:[[#]]: error: fly.logical_divide: logical_divide: inadmissible composition: stride 3 and shape 4 of the left layout divide neither way
// RUN: %testbin/frontend-test error math | FileCheck %s --check-prefix=MATH
// MATH: frontend-test.c:[[#]]: error: flyMath: 'exp' of a non-float
// RUN: %testbin/frontend-test error scope | FileCheck %s --check-prefix=SCOPE
// SCOPE: frontend-test.c:[[#]]: error: flyForEnd without its opening call
// RUN: %testbin/frontend-test error chip | FileCheck %s --check-prefix=CHIP
// CHIP: frontend-test.c:[[#]]: error: flyProgramSetChip: unknown chip 'gfx90a' (gfx950, gfx942)
// RUN: %testbin/frontend-test error attr | FileCheck %s --check-prefix=ATTR
// ATTR: frontend-test.c:[[#]]: error: flyKernelSetAttribute: '2 :' is not an attribute value for 'rocdl.waves_per_eu'
// RUN: %testbin/frontend-test error shuffle | FileCheck %s --check-prefix=SHUFFLE
// SHUFFLE: frontend-test.c:[[#]]: error: flyShuffle: mask element 1 is 8, past the 8 elements
// RUN: %testbin/frontend-test error bitcast | FileCheck %s --check-prefix=BITCAST
// BITCAST: frontend-test.c:[[#]]: error: flyBitcast: 48 bits are not a whole number of i32
// RUN: %testbin/frontend-test error uniform | FileCheck %s --check-prefix=UNIFORM
// UNIFORM: frontend-test.c:[[#]]: error: flyReadFirstLane: of a 32-bit scalar (cast an index to i32 first)
// RUN: %testbin/frontend-test error wait | FileCheck %s --check-prefix=WAIT
// WAIT: frontend-test.c:[[#]]: error: flyWaitcnt: waits on no counter (both counts negative)
// RUN: %testbin/frontend-test error tuple | FileCheck %s --check-prefix=TUPLE
// TUPLE: frontend-test.c:[[#]]: error: flyIntTuple: '((16,2,?),(4,?))' has 2 '?' leaves for 1 values
// RUN: %testbin/frontend-test error union | FileCheck %s --check-prefix=UNION
// UNION: frontend-test.c:[[#]]: error: flySharedField: member 'u' is a union: view one of its arrays
// RUN: %testbin/frontend-test error extract | FileCheck %s --check-prefix=EXTRACT
// EXTRACT: frontend-test.c:[[#]]: error: flyExtract: element 4 of 4
// RUN: %testbin/frontend-test error neg | FileCheck %s --check-prefix=NEG
// NEG: frontend-test.c:[[#]]: error: flyNeg: of a non-float value
// RUN: %testbin/frontend-test error divu | FileCheck %s --check-prefix=DIVU
// DIVU: frontend-test.c:[[#]]: error: flyDivU: of floats
// RUN: %testbin/frontend-test error ult | FileCheck %s --check-prefix=ULT
// ULT: frontend-test.c:[[#]]: error: flyCmp: unknown predicate 'ult' (eq ne lt le gt ge; ult ule ugt uge for integers)
// The MMA builders report fly-verify's message at the C line.
// RUN: %testbin/frontend-test error atom | FileCheck %s --check-prefix=ATOM
// ATOM: bad: null, after: null
// ATOM-NEXT: frontend-test.c:[[#]]: error: flyMmaZero: no 16x16x64 MFMA multiplies f8E4M3FN by f8E4M3FN into f32 (see docs/language.md)
// RUN: %testbin/frontend-test error repeats | FileCheck %s --check-prefix=REPEATS
// REPEATS: frontend-test.c:[[#]]: error: flyGemm: m_repeat * n_repeat = 72: at most 64 atoms per op
// RUN: %testbin/frontend-test error fit | FileCheck %s --check-prefix=FIT
// FIT: frontend-test.c:[[#]]: error: flyGemm: n_repeat = 4 reads rows [480, 544) of B, but its tensor has 512
// RUN: %testbin/frontend-test error operand | FileCheck %s --check-prefix=OPERAND
// OPERAND: frontend-test.c:[[#]]: error: flyGemmFragments: operand 'c' (one of ab)
// RUN: %testbin/frontend-test error dma | FileCheck %s --check-prefix=DMA
// DMA: frontend-test.c:[[#]]: error: flyCopyToLds: a DMA copy moves 4, 12 or 16 (12 and 16 on gfx950 only) bytes per lane
// RUN: %testbin/frontend-test error nomma | FileCheck %s --check-prefix=NOMMA
// NOMMA: frontend-test.c:[[#]]: error: flyGemmStore: a FlyMma with its shape and its a, b and c types
// RUN: %testbin/frontend-test error hot | FileCheck %s --check-prefix=HOT
// HOT: frontend-test.c:[[#]]: error: flyHotLoop outside a loop (flyForBegin first)
//
// A whole kernel (a loop carrying a value, an if/else) compiles for both
// chips and computes y[i] = +-(0 + x + 2x + 3x) on the emulators.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %testbin/frontend-test kernel > %t/k.mlir
// RUN: FileCheck %s --check-prefix=IR < %t/k.mlir
// IR: gpu.func @loop_if(
// IR: scf.for {{.*}} iter_args({{.*}}) -> (f32) {
// IR: scf.if
// IR: } else {
// IR: loc("{{.*}}frontend-test.c":[[#]]:0)
// RUN: flyc %t/k.mlir --chip gfx950 -o %t/k950.hsaco
// RUN: flyc %t/k.mlir --chip gfx942 -o %t/k942.hsaco
// RUN: python3 %S/Inputs/loop-if-ref.py %t
// RUN: flyc-run %t/k950.hsaco --kernel loop_if --grid 4 --block 256 x:f32:1024:file=%t/x.bin y:f32:1024 --check y=%t/y.bin | FileCheck %s --check-prefix=OK
// RUN: flyc-run %t/k942.hsaco --kernel loop_if --grid 4 --block 256 x:f32:1024:file=%t/x.bin y:f32:1024 --check y=%t/y.bin | FileCheck %s --check-prefix=OK
// OK: check y: ok (1024 f32 elements, bit-exact, max abs error 0)
//
// Wave and workgroup scans, 160-thread workgroups (a partial last wave), on
// both chips against Inputs/scan-ref.py.
// RUN: %testbin/frontend-test scans > %t/scans.mlir
// RUN: flyc %t/scans.mlir --chip gfx950 -o %t/s950.hsaco
// RUN: flyc %t/scans.mlir --chip gfx942 -o %t/s942.hsaco
// RUN: python3 %S/Inputs/scan-ref.py %t
// RUN: flyc-run %t/s950.hsaco --kernel scans --grid 3 --block 160 xi:i32:480:file=%t/xi.bin xf:f32:480:file=%t/xf.bin ws:i32:480 gs:i32:480 gm:i32:480 gf:f32:480 --check ws=%t/ws.bin --check gs=%t/gs.bin --check gm=%t/gm.bin --check gf=%t/gf.bin | FileCheck %s --check-prefix=SCAN
// RUN: flyc-run %t/s942.hsaco --kernel scans --grid 3 --block 160 xi:i32:480:file=%t/xi.bin xf:f32:480:file=%t/xf.bin ws:i32:480 gs:i32:480 gm:i32:480 gf:f32:480 --check ws=%t/ws.bin --check gs=%t/gs.bin --check gm=%t/gm.bin --check gf=%t/gf.bin | FileCheck %s --check-prefix=SCAN
// SCAN: check ws: ok (480 i32 elements, bit-exact, max abs error 0)
// SCAN: check gs: ok (480 i32 elements, bit-exact, max abs error 0)
// SCAN: check gm: ok (480 i32 elements, bit-exact, max abs error 0)
// SCAN: check gf: ok (480 f32 elements, bit-exact, max abs error 0)
//
// A tiled copy global -> swizzled LDS -> global of 64x64 f32 tiles (16
// workgroups: tile i of a 64x1024 matrix), 16-byte vectors (the swizzle's
// run of four f32), rows at or past n = 45 zero; on both chips.
// RUN: %testbin/frontend-test copy > %t/copy.mlir
// RUN: FileCheck %s --check-prefix=COPY < %t/copy.mlir
// COPY-COUNT-2: "fly.load"({{.*}}) : ({{.*}}) -> vector<4xf32>
// RUN: flyc %t/copy.mlir --chip gfx950 -o %t/c950.hsaco
// RUN: flyc %t/copy.mlir --chip gfx942 -o %t/c942.hsaco
// RUN: python3 %S/Inputs/copy-ref.py 45 %t
// RUN: flyc-run %t/c950.hsaco --kernel tile_copy --grid 16 --block 256 x:f32:65536:file=%t/cx.bin y:f32:65536 i32=45 --check y=%t/cy.bin | FileCheck %s --check-prefix=COPYOK
// RUN: flyc-run %t/c942.hsaco --kernel tile_copy --grid 16 --block 256 x:f32:65536:file=%t/cx.bin y:f32:65536 i32=45 --check y=%t/cy.bin | FileCheck %s --check-prefix=COPYOK
// COPYOK: check y: ok (65536 f32 elements, bit-exact, max abs error 0)

/*===- frontend-test.c - Checks of the typed C front-end ------------------===*
 *
 * Each case builds a little with flyc/frontend.h and prints what the
 * front-end computed (a type, the first error) as one line that the checks
 * below read; `kernel` prints a whole module that flyc then compiles and
 * flyc-run runs. This file is also the lit test that runs it.
 *   frontend-test CASE
 *===----------------------------------------------------------------------===*/
#include <stdio.h>
#include <string.h>

#include "flyc/frontend.h"

static void appendOut(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

static void showType(const char *what, MlirValue v) {
  printf("%s: ", what);
  if (mlirValueIsNull(v))
    fputs("(null)", stdout);
  else
    mlirTypePrint(mlirValueGetType(v), appendOut, NULL);
  fputs("\n", stdout);
}

/* Prints the module (or the error) and releases the program; exit status. */
static int printProgram(FlyProgram *p) {
  FlyStrBuf out = {0};
  int rc = 0;
  if (flyProgramPrint(p, &out))
    fputs(out.data, stdout);
  else
    fprintf(stderr, "%s\n", flyProgramGetError(p)), rc = 1;
  flyStrBufDestroy(&out);
  flyProgramDestroy(p);
  return rc;
}

static FlyProgram *open1(void) {
  FlyProgram *p = flyProgramCreate();
  const char *params[] = {"memref<4096xf32>", "memref<?x256xf32>", "f32", "i32"};
  MlirValue a[4];
  flyKernelBegin(FLY(p), "k", 256, 4, params, a);
  return p;
}

/* Types the front-end computes. */
static int types(void) {
  FlyProgram *p = open1();
  MlirValue c3 = flyIndex(FLY(p), 3), t = flyThreadId(FLY(p), 0);
  MlirValue mixed[2] = {t, c3};
  showType("coord", flyCoord(FLY(p), 2, mixed));
  showType("layout", flyLayout(FLY(p), "(4,8):(8,1)"));
  showType("canonical", flyLayout(FLY(p), "( 4 , 8 ) : ( 8 , 1 )"));
  showType("composed", flyLayout(FLY(p), "S<3,4,3> o 0 o (8,64):(64,1)"));
  MlirValue ab[2] = {flyLayout(FLY(p), "(6,2):(8,2)"), flyLayout(FLY(p), "(4,3):(3,1)")};
  showType("composition", flyAlgebra(FLY(p), "fly.composition", 2, ab));
  showType("size", flyAlgebra(FLY(p), "fly.size", 1, ab));
  MlirValue lds = flySharedField(FLY(p), flySharedAlloc(FLY(p), "a: f32[4096], b: bf16[64]"), "b");
  showType("field", lds);
  MlirValue g = flyTensor(FLY(p), lds, flyLayout(FLY(p), "(8,8):(8,1)"));
  showType("tensor", g);
  MlirValue tc[2] = {c3, c3};
  showType("tile", flyLocalTile(FLY(p), g, flyCoord(FLY(p), 2, tc), "(4,2)"));
  showType("load", flyTensorLoad(FLY(p), g, flyCoord(FLY(p), 2, tc), 4));
  MlirValue x = flyF32(FLY(p), 2.0f), v = flyBroadcast(FLY(p), x, 4);
  showType("broadcast-add", flyAdd(FLY(p), v, x));
  showType("cmp", flyCmp(FLY(p), "lt", v, x));
  showType("cast", flyCast(FLY(p), v, "bf16"));
  showType("index-to-f32", flyCast(FLY(p), t, "f32"));
  showType("sigmoid", flySigmoid(FLY(p), v));
  showType("reduce", flyVectorReduce(FLY(p), "maxnumf", v));
  flyKernelEnd(FLY(p));
  printf("failed: %d %s\n", flyProgramFailed(p), flyProgramGetError(p));
  flyProgramDestroy(p);
  return 0;
}

static const FlyMma kFp8 = {"16x16x128", "f8E4M3FN", "f8E4M3FN", "f32", 4, 4, 1, 1, false};

/* An fp8 global tensor of `layout` over a parameter memref. */
static MlirValue fp8Tensor(FlyProgram *p, MlirValue mem, const char *layout) {
  return flyTensor(FLY(p), mem, flyLayout(FLY(p), layout));
}

static FlyProgram *openMma(MlirValue *a) {
  FlyProgram *p = flyProgramCreate();
  const char *params[] = {"memref<16777216xf8E4M3FN>", "memref<524288xf8E4M3FN>",
                          "memref<8388608xbf16>", "memref<16384xf32>", "memref<1048576xi8>",
                          "i32"};
  flyKernelBegin(FLY(p), "mma", 256, 6, params, a);
  return p;
}

/* Types of the GEMM builders. */
static int mma(void) {
  MlirValue a[6];
  FlyProgram *p = openMma(a);
  MlirValue lane = flyRem(FLY(p), flyThreadId(FLY(p), 0), flyIndex(FLY(p), 64));
  MlirValue z = flyIndex(FLY(p), 0), zz[2] = {z, z}, at = flyCoord(FLY(p), 2, zz);
  MlirValue ga = fp8Tensor(p, a[0], "(16384,1024):(1024,1)");
  MlirValue gb = fp8Tensor(p, a[1], "(512,1024):(1024,1)");
  MlirValue acc = flyMmaZero(FLY(p), &kFp8);
  showType("zero", acc);
  const FlyMma i8 = {"16x16x64", "i8", "i8", "i32", 2, 2, 1, 1, false};
  showType("int8-zero", flyMmaZero(FLY(p), &i8));
  showType("fragment-a", flyMmaFragment(FLY(p), &kFp8, 'a', ga, lane, at));
  MlirValue gc = flyTensor(FLY(p), a[2], flyLayout(FLY(p), "(16384,512):(512,1)"));
  showType("fragment-c-bf16", flyMmaFragment(FLY(p), &kFp8, 'c', gc, lane, at));
  MlirValue bf = flyGemmFragments(FLY(p), &kFp8, 'b', gb, lane, at);
  showType("fragments-b", bf);
  const FlyMma fp4 = {"16x16x128", "f4E2M1FN", "f4E2M1FN", "f32", 4, 4, 1, 1, false};
  MlirValue g4 = flyTensor(FLY(p), a[4], flyLayout(FLY(p), "(512,2048):(2048,1)"));
  showType("fragments-fp4", flyGemmFragments(FLY(p), &fp4, 'b', g4, lane, at));
  MlirValue d = flyGemm(FLY(p), &kFp8, ga, bf, acc, lane, at, at, (MlirValue){NULL});
  showType("gemm", d);
  MlirValue sa = flyTensor(FLY(p), a[3], flyLayout(FLY(p), "16384:1"));
  showType("scale", flyGemmScale(FLY(p), &kFp8, d, sa, flyF32(FLY(p), 2.0f), lane, at));
  MlirValue m = flyCast(FLY(p), a[5], "index"), mk[2] = {m, flyIndex(FLY(p), 1024)};
  MlirValue l = flyMakeLayout(FLY(p), flyCoord(FLY(p), 2, mk), flyLayout(FLY(p), "(1024,1)"));
  showType("layout", l);
  showType("buffer", flyBufferTensor(FLY(p), a[0], l));
  flyKernelEnd(FLY(p));
  printf("failed: %d %s\n", flyProgramFailed(p), flyProgramGetError(p));
  flyProgramDestroy(p);
  return 0;
}

/* The lower-level builders (gemm-gen's): types, then the module. */
static int lower(void) {
  FlyProgram *p = flyProgramCreate();
  flyProgramSetChip(FLY(p), "gfx942");
  const char *params[] = {"memref<16384xf32>", "i32"};
  MlirValue a[2];
  flyKernelBegin(FLY(p), "lower", 256, 2, params, a);
  flyKernelSetAttribute(FLY(p), "rocdl.waves_per_eu", "2 : i32");
  showType("grid", flyGridDim(FLY(p), 0));
  MlirValue v = flyBroadcast(FLY(p), flyF32(FLY(p), 1.5f), 4);
  showType("neg", flyNeg(FLY(p), v));
  showType("extract", flyExtract(FLY(p), v, 3));
  static const int64_t mask[6] = {1, 2, 3, 4, 5, 6};
  showType("shuffle", flyShuffle(FLY(p), v, v, 6, mask));
  showType("bitcast", flyBitcast(FLY(p), v, "i8"));
  MlirValue t32 = flyCast(FLY(p), flyThreadId(FLY(p), 0), "i32");
  showType("readfirstlane", flyReadFirstLane(FLY(p), t32));
  MlirValue q = flyDivU(FLY(p), t32, a[1]);
  showType("divu", q);
  MlirValue r = flyRemU(FLY(p), t32, a[1]);
  showType("cmp-ult", flyCmp(FLY(p), "ult", q, r));
  MlirValue m = flyCast(FLY(p), a[1], "index");
  showType("int-tuple", flyIntTuple(FLY(p), "((16,2,?),(4,2,8))", 1, &m));
  MlirValue s = flySharedAlloc(FLY(p), "u: union(a0: f32[1024] align 16, c: bf16[2048]), a1: f32[4]");
  showType("union-member", flySharedField(FLY(p), s, "u.c"));
  const FlyMma mma = {"16x16x32", "f8E4M3FNUZ", "f8E4M3FNUZ", "f32", 4, 4, 4, 2, false};
  MlirValue rows = flyTensor(FLY(p), a[0], flyLayout(FLY(p), "16384:1"));
  MlirValue lane = flyRem(FLY(p), flyThreadId(FLY(p), 0), flyIndex(FLY(p), 64));
  showType("row-scales", flyGemmRowScales(FLY(p), &mma, rows, lane, flyLayout(FLY(p), "(0,0)")));
  flyWaitcnt(FLY(p), 3, 0);
  flyWaveBarrier(FLY(p));
  flySchedBarrier(FLY(p), "none");
  flyKernelEnd(FLY(p));
  printf("failed: %d %s\n", flyProgramFailed(p), flyProgramGetError(p));
  return printProgram(p);
}

/* A failing GEMM builder (as error() below). */
static MlirValue mmaError(FlyProgram *p, const MlirValue *a, const char *which) {
  MlirValue t = flyThreadId(FLY(p), 0);
  MlirValue z = flyIndex(FLY(p), 0), zz[2] = {z, z}, at = flyCoord(FLY(p), 2, zz);
  MlirValue ga = fp8Tensor(p, a[0], "(16384,1024):(1024,1)");
  MlirValue gb = fp8Tensor(p, a[1], "(512,1024):(1024,1)");
  FlyMma m = kFp8;
  if (!strcmp(which, "atom")) {
    m.shape = "16x16x64";
    return flyMmaZero(FLY(p), &m);
  }
  if (!strcmp(which, "repeats")) {
    MlirValue acc = flyMmaZero(FLY(p), &m);
    m.mRepeat = 9, m.nRepeat = 8;
    return flyGemm(FLY(p), &m, ga, gb, acc, t, at, at, (MlirValue){NULL});
  }
  if (!strcmp(which, "fit")) { /* 64 rows of B from row 480 of 512 */
    MlirValue acc = flyMmaZero(FLY(p), &m);
    MlirValue bo[2] = {flyIndex(FLY(p), 480), z};
    return flyGemm(FLY(p), &m, ga, gb, acc, t, at, flyCoord(FLY(p), 2, bo), (MlirValue){NULL});
  }
  if (!strcmp(which, "operand"))
    return flyGemmFragments(FLY(p), &m, 'c', gb, t, at);
  if (!strcmp(which, "dma")) {
    MlirValue lds = flyTensor(
        FLY(p), flySharedField(FLY(p), flySharedAlloc(FLY(p), "a: f8E4M3FN[8192]"), "a"),
        flyLayout(FLY(p), "(64,128):(128,1)"));
    MlirValue tile = flyLocalTile(FLY(p), ga, at, "(64,128)");
    flyCopyToLds(FLY(p), tile, lds, t, 3, 256);
    return (MlirValue){NULL};
  }
  if (!strcmp(which, "nomma")) {
    flyGemmStore(FLY(p), NULL, flyMmaZero(FLY(p), &m), ga, t, at);
    return (MlirValue){NULL};
  }
  flyHotLoop(FLY(p)); /* "hot" */
  return (MlirValue){NULL};
}

/* One failing call; the error is the first one and stays. */
static int error(const char *which) {
  static const char *const mmaCases[] = {"atom", "repeats", "fit", "operand",
                                         "dma",  "nomma",   "hot"};
  bool isMma = false;
  for (size_t c = 0; c < sizeof mmaCases / sizeof *mmaCases; ++c)
    isMma = isMma || !strcmp(which, mmaCases[c]);
  MlirValue ma[6];
  FlyProgram *p = isMma ? openMma(ma) : open1();
  MlirValue x = flyF32(FLY(p), 1.0f), i = flyI32(FLY(p), 1), t = flyThreadId(FLY(p), 0);
  MlirValue bad = (MlirValue){NULL};
  if (isMma)
    bad = mmaError(p, ma, which);
  else if (!strcmp(which, "layout"))
    bad = flyLayout(FLY(p), "(4,8):(8,1");
  else if (!strcmp(which, "mismatch"))
    bad = flyAdd(FLY(p), x, i);
  else if (!strcmp(which, "tile")) {
    MlirValue c[2] = {t, t};
    MlirValue g = flyTensor(FLY(p), flySharedField(FLY(p), flySharedAlloc(FLY(p), "a: f32[4096]"),
                                                   "a"),
                            flyLayout(FLY(p), "(64,64):(64,1)"));
    bad = flyLocalTile(FLY(p), g, flyCoord(FLY(p), 2, c), "(48,64)");
  } else if (!strcmp(which, "algebra")) {
    MlirValue ab[2] = {flyLayout(FLY(p), "(4,2):(2,1)"), flyLayout(FLY(p), "3:1")};
    bad = flyAlgebra(FLY(p), "fly.logical_divide", 2, ab);
  } else if (!strcmp(which, "math")) {
    bad = flyMath(FLY(p), "exp", t);
  } else if (!strcmp(which, "scope")) {
    flyForEnd(FLY(p), 0, NULL, NULL);
  } else if (!strcmp(which, "chip")) {
    flyProgramSetChip(FLY(p), "gfx90a");
  } else if (!strcmp(which, "attr")) {
    flyKernelSetAttribute(FLY(p), "rocdl.waves_per_eu", "2 :");
  } else if (!strcmp(which, "shuffle") || !strcmp(which, "bitcast")) {
    static const int64_t mask[2] = {0, 8};
    MlirValue v = flyBroadcast(FLY(p), x, 4), three = flyBroadcast(FLY(p), i, 3);
    MlirValue h = flyCast(FLY(p), three, "i16"); /* 48 bits */
    bad = !strcmp(which, "shuffle") ? flyShuffle(FLY(p), v, v, 2, mask)
                                    : flyBitcast(FLY(p), h, "i32");
  } else if (!strcmp(which, "uniform")) {
    bad = flyReadFirstLane(FLY(p), t);
  } else if (!strcmp(which, "wait")) {
    flyWaitcnt(FLY(p), -1, -1);
  } else if (!strcmp(which, "tuple")) {
    bad = flyIntTuple(FLY(p), "((16,2,?),(4,?))", 1, &t);
  } else if (!strcmp(which, "union")) {
    bad = flySharedField(FLY(p), flySharedAlloc(FLY(p), "u: union(a: f32[4], b: i8[4])"), "u");
  } else if (!strcmp(which, "extract")) {
    bad = flyExtract(FLY(p), flyBroadcast(FLY(p), x, 4), 4);
  } else if (!strcmp(which, "neg")) {
    bad = flyNeg(FLY(p), i);
  } else if (!strcmp(which, "divu")) {
    bad = flyDivU(FLY(p), x, x);
  } else if (!strcmp(which, "ult")) {
    bad = flyCmp(FLY(p), "ult", x, x);
  }
  /* Later calls build nothing and keep the first error. */
  MlirValue after = flyAdd(FLY(p), x, x);
  printf("bad: %s, after: %s\n", mlirValueIsNull(bad) ? "null" : "value",
         mlirValueIsNull(after) ? "null" : "value");
  printf("%s\n", flyProgramGetError(p));
  FlyStrBuf out = {0};
  printf("print: %d\n", flyProgramPrint(p, &out));
  flyStrBufDestroy(&out);
  flyProgramDestroy(p);
  return 0;
}

/* A kernel with a loop carrying a value and an if/else:
 *   y[i] = (i even ? 1 : -1) * (x[i] * 0 + x[i] * 1 + x[i] * 2 + x[i] * 3). */
static int kernel(void) {
  FlyProgram *p = flyProgramCreate();
  const char *params[] = {"memref<1024xf32>", "memref<1024xf32>"};
  MlirValue a[2];
  flyKernelBegin(FLY(p), "loop_if", 256, 2, params, a);
  MlirValue i = flyAdd(FLY(p), flyMul(FLY(p), flyBlockId(FLY(p), 0), flyIndex(FLY(p), 256)),
                       flyThreadId(FLY(p), 0));
  MlirValue x = flyLoad(FLY(p), a[0], 1, &i, 0);
  MlirValue zero = flyF32(FLY(p), 0.0f), acc;
  MlirValue k = flyForBegin(FLY(p), flyIndex(FLY(p), 0), flyIndex(FLY(p), 4), flyIndex(FLY(p), 1),
                            1, &zero, &acc);
  MlirValue next = flyAdd(FLY(p), acc, flyMul(FLY(p), x, flyCast(FLY(p), k, "f32")));
  MlirValue sum;
  flyForEnd(FLY(p), 1, &next, &sum);
  MlirValue two = flyIndex(FLY(p), 2), none = flyIndex(FLY(p), 0);
  MlirValue even = flyCmp(FLY(p), "eq", flyRem(FLY(p), i, two), none);
  flyIfBegin(FLY(p), even);
  flyStore(FLY(p), sum, a[1], 1, &i);
  flyElse(FLY(p));
  flyStore(FLY(p), flySub(FLY(p), zero, sum), a[1], 1, &i);
  flyIfEnd(FLY(p));
  flyKernelEnd(FLY(p));
  return printProgram(p);
}

/* Scans over 160-thread workgroups (two full waves and a half one):
 * ws = wave scan (add), gs = workgroup scan (add), gm = workgroup scan
 * (maxsi) of the i32 input; gf = workgroup scan (add) of the f32 one. */
static int scans(void) {
  FlyProgram *p = flyProgramCreate();
  const char *params[] = {"memref<480xi32>", "memref<480xf32>", "memref<480xi32>",
                          "memref<480xi32>", "memref<480xi32>", "memref<480xf32>"};
  MlirValue a[6];
  flyKernelBegin(FLY(p), "scans", 160, 6, params, a);
  MlirValue base = flyMul(FLY(p), flyBlockId(FLY(p), 0), flyIndex(FLY(p), 160));
  MlirValue i = flyAdd(FLY(p), base, flyThreadId(FLY(p), 0));
  MlirValue xi = flyLoad(FLY(p), a[0], 1, &i, 0), xf = flyLoad(FLY(p), a[1], 1, &i, 0);
  flyStore(FLY(p), flyWaveScan(FLY(p), "add", xi), a[2], 1, &i);
  flyStore(FLY(p), flyWorkgroupScan(FLY(p), "add", xi), a[3], 1, &i);
  flyStore(FLY(p), flyWorkgroupScan(FLY(p), "maxsi", xi), a[4], 1, &i);
  flyStore(FLY(p), flyWorkgroupScan(FLY(p), "add", xf), a[5], 1, &i);
  flyKernelEnd(FLY(p));
  return printProgram(p);
}

/* flyTileCopy: the 64x64 tile (blockIdx.x, 0) of a 1024-wide matrix into a
 * swizzled LDS tile, rows at or past n replaced by zeros, then back out to
 * the same tile of y. */
static int copy(void) {
  FlyProgram *p = flyProgramCreate();
  const char *params[] = {"memref<65536xf32>", "memref<65536xf32>", "i32"};
  MlirValue a[3];
  flyKernelBegin(FLY(p), "tile_copy", 256, 3, params, a);
  MlirValue lds = flySharedField(FLY(p), flySharedAlloc(FLY(p), "t: f32[4096]"), "t");
  MlirValue sh = flyTensor(FLY(p), lds, flyLayout(FLY(p), "S<4,2,6> o 0 o (64,64):(64,1)"));
  MlirValue gl = flyLayout(FLY(p), "(64,1024):(1024,1)");
  MlirValue zero = flyIndex(FLY(p), 0);
  MlirValue at[2] = {zero, flyBlockId(FLY(p), 0)};
  MlirValue tc = flyCoord(FLY(p), 2, at);
  MlirValue gx = flyLocalTile(FLY(p), flyTensor(FLY(p), a[0], gl), tc, "(64,64)");
  MlirValue gy = flyLocalTile(FLY(p), flyTensor(FLY(p), a[1], gl), tc, "(64,64)");
  MlirValue n = flyCast(FLY(p), a[2], "index");
  flyTileCopy(FLY(p), gx, sh, 256, n);
  flyBarrier(FLY(p));
  flyTileCopy(FLY(p), sh, gy, 256, (MlirValue){NULL});
  flyKernelEnd(FLY(p));
  return printProgram(p);
}

int main(int argc, char **argv) {
  if (argc == 2 && !strcmp(argv[1], "copy"))
    return copy();
  if (argc == 2 && !strcmp(argv[1], "scans"))
    return scans();
  if (argc == 2 && !strcmp(argv[1], "types"))
    return types();
  if (argc == 2 && !strcmp(argv[1], "mma"))
    return mma();
  if (argc == 3 && !strcmp(argv[1], "error"))
    return error(argv[2]);
  if (argc == 2 && !strcmp(argv[1], "kernel"))
    return kernel();
  if (argc == 2 && !strcmp(argv[1], "lower"))
    return lower();
  fputs("usage: frontend-test types | mma | lower | error WHICH | kernel | scans | copy\n",
        stderr);
  return 2;
}
