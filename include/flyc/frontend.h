/*===- flyc/frontend.h - Writing kernels in C, with types computed --------===*
 *
 * A typed front-end over the MLIR C API for kernel authors: a FlyProgram
 * holds a module with one gpu.module, kernels are opened with typed
 * parameters, and every builder returns an MlirValue whose type the
 * front-end computed (element types follow the operands, fly layouts and
 * tensors follow lib/layout), so an author writes a type only in a kernel's
 * signature. Each op is located at the C line that built it: write
 * FLY(p) for the program argument, which records __FILE__ and __LINE__, and
 * a compiler error later points at that line. The first failure (a layout
 * that does not parse, a tile that does not divide, a type mismatch) is
 * sticky: it is recorded as `FILE:LINE: error: ...`, every later call
 * returns a null value without building anything, and the author checks
 * once with flyProgramFailed.
 *
 *   FlyProgram *p = flyProgramCreate();
 *   const char *params[] = {"memref<?x1024xf32>", "memref<?x1024xf32>"};
 *   MlirValue a[2];
 *   flyKernelBegin(FLY(p), "copy", 256, 2, params, a);
 *   MlirValue row = flyBlockId(FLY(p), 0), col = flyMul(FLY(p), flyThreadId(FLY(p), 0),
 *                                                        flyIndex(FLY(p), 4));
 *   MlirValue at[2] = {row, col};
 *   flyStore(FLY(p), flyLoad(FLY(p), a[0], 2, at, 4), a[1], 2, at);
 *   flyKernelEnd(FLY(p));
 *   if (flyProgramFailed(p)) puts(flyProgramGetError(p));
 *
 * Scalars and vectors mix: an operation on a vector and a scalar of its
 * element type broadcasts the scalar. Index arithmetic is unsigned
 * (divui, remui, ult). docs/kernel-authoring.md, "Writing kernels in C".
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_FRONTEND_H
#define FLYC_FRONTEND_H

#include <stdbool.h>
#include <stdint.h>

#include "flyc/support.h"
#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

/// A module being written (owns its MLIR context).
typedef struct FlyProgram FlyProgram;

/// Creates an empty program: a module holding `gpu.module @kernels`. NULL
/// when out of memory or when the fly dialect cannot load.
FlyProgram *flyProgramCreate(void);
/// Destroys the program, its module and its context (NULL is a no-op).
void flyProgramDestroy(FlyProgram *p);
/// Records the C call site of the next builder call and returns `p`; use
/// it through the FLY(p) macro.
FlyProgram *flyProgramAt(FlyProgram *p, const char *file, int line);
#define FLY(p) flyProgramAt((p), __FILE__, __LINE__)

/// True once a builder call failed; the first error, `FILE:LINE: error:
/// WHAT`, stays (non-owning; "" while none).
bool flyProgramFailed(const FlyProgram *p);
const char *flyProgramGetError(const FlyProgram *p);
/// The module (owned by the program) and its context.
MlirModule flyProgramGetModule(const FlyProgram *p);
MlirContext flyProgramGetContext(const FlyProgram *p);
/// Appends the module's text, which flyc reads back, to `out` (fly ops in
/// generic form). False after a failure or while a kernel is open.
bool flyProgramPrint(FlyProgram *p, FlyStrBuf *out);
/// Writes the chip (`gfx950`, `gfx942`) into the module as gpu.module's
/// `#rocdl.target`, so flyc compiles it for that chip without --chip.
void flyProgramSetChip(FlyProgram *p, const char *chip);

/*--- Kernels and control flow ----------------------------------------------*/

/// Opens kernel `name` with `threads` threads per workgroup (x; 0: not
/// declared) and parameters of the given types (`memref<?x1024xf32>`,
/// `f32`, `i32`, `index`, ...: the only types an author writes); args[i]
/// receives parameter i. The code object names them arg0, arg1, ...
void flyKernelBegin(FlyProgram *p, const char *name, int threads, int numParams,
                    const char *const *paramTypes, MlirValue *args);
/// Closes the open kernel (gpu.return).
void flyKernelEnd(FlyProgram *p);
/// Sets attribute `name` of the open kernel to the attribute written as
/// `value` (`2 : i32` for rocdl.waves_per_eu, `"..."` for a string).
void flyKernelSetAttribute(FlyProgram *p, const char *name, const char *value);

/// Opens `for iv = lb to ub step step` carrying `numInits` values; returns
/// iv and writes the loop-carried values to iterArgs.
MlirValue flyForBegin(FlyProgram *p, MlirValue lb, MlirValue ub, MlirValue step, int numInits,
                      const MlirValue *inits, MlirValue *iterArgs);
/// Closes the innermost loop, yielding `yields` (as many as its inits);
/// results receives the loop's results.
void flyForEnd(FlyProgram *p, int numYields, const MlirValue *yields, MlirValue *results);
/// Opens `if cond` (an i1); flyElse switches to its else branch; flyIfEnd
/// closes it. Without results.
void flyIfBegin(FlyProgram *p, MlirValue cond);
void flyElse(FlyProgram *p);
void flyIfEnd(FlyProgram *p);

/*--- Values and arithmetic -------------------------------------------------*/

MlirValue flyIndex(FlyProgram *p, int64_t v);
MlirValue flyI32(FlyProgram *p, int32_t v);
MlirValue flyF32(FlyProgram *p, float v);
/// gpu.thread_id / gpu.block_id of dimension 0..2 (x, y, z), as index.
MlirValue flyThreadId(FlyProgram *p, int dim);
MlirValue flyBlockId(FlyProgram *p, int dim);
/// gpu.grid_dim: the number of workgroups along dimension 0..2, as index.
MlirValue flyGridDim(FlyProgram *p, int dim);
void flyBarrier(FlyProgram *p);

/// Elementwise, chosen by the operands' type: addf or addi, ..., minnumf or
/// minui/minsi (index and unsigned for index), divf/divui/divsi.
MlirValue flyAdd(FlyProgram *p, MlirValue a, MlirValue b);
MlirValue flySub(FlyProgram *p, MlirValue a, MlirValue b);
MlirValue flyMul(FlyProgram *p, MlirValue a, MlirValue b);
MlirValue flyDiv(FlyProgram *p, MlirValue a, MlirValue b);
MlirValue flyRem(FlyProgram *p, MlirValue a, MlirValue b);
/// Unsigned division and remainder of integers (divui, remui): i32
/// arithmetic on values known to be non-negative, cheaper than signed.
MlirValue flyDivU(FlyProgram *p, MlirValue a, MlirValue b);
MlirValue flyRemU(FlyProgram *p, MlirValue a, MlirValue b);
MlirValue flyMin(FlyProgram *p, MlirValue a, MlirValue b);
MlirValue flyMax(FlyProgram *p, MlirValue a, MlirValue b);
/// a PRED b with PRED one of eq ne lt le gt ge (ordered for floats,
/// unsigned for index, signed for integers) or, for integers, the
/// unsigned ult ule ugt uge.
MlirValue flyCmp(FlyProgram *p, const char *pred, MlirValue a, MlirValue b);
MlirValue flySelect(FlyProgram *p, MlirValue cond, MlirValue a, MlirValue b);
/// -x of a float or float vector.
MlirValue flyNeg(FlyProgram *p, MlirValue x);
/// `x` converted to the element type `type` (f32, f16, bf16, i32, index,
/// ...; vectors keep their shape): extf, truncf, sitofp, fptosi,
/// index_cast, extsi, trunci as the two types need.
MlirValue flyCast(FlyProgram *p, MlirValue x, const char *type);
/// A vector of `n` copies of scalar `x`; a vector of `n` (at most 4096)
/// scalars of one type.
MlirValue flyBroadcast(FlyProgram *p, MlirValue x, int n);
MlirValue flyVector(FlyProgram *p, int n, const MlirValue *elems);
/// Element `pos` of vector `v`.
MlirValue flyExtract(FlyProgram *p, MlirValue v, int64_t pos);
/// The `n` elements mask[0..n) of the concatenation of vectors `x` and `y`
/// (one element type; mask[i] < len(x) + len(y)): a slice, a concatenation,
/// a permutation.
MlirValue flyShuffle(FlyProgram *p, MlirValue x, MlirValue y, int n, const int64_t *mask);
/// The bits of vector `x` as a vector of element type `elem` (i32, f32,
/// i8, ...), as many elements as the bits make.
MlirValue flyBitcast(FlyProgram *p, MlirValue x, const char *elem);
/// Lane 0's value of a 32-bit `x` (the first active lane), uniform over
/// the wave: a scalar register for what only varies per wave.
MlirValue flyReadFirstLane(FlyProgram *p, MlirValue x);
/// A math function (exp, exp2, log, log2, sqrt, rsqrt, tanh, erf, ...;
/// docs/language.md "Math functions") of a float or float vector, and the
/// logistic sigmoid 1 / (1 + exp(-x)).
MlirValue flyMath(FlyProgram *p, const char *fn, MlirValue x);
MlirValue flySigmoid(FlyProgram *p, MlirValue x);
/// The reduction `op` (add, mul, maxnumf, minsi, ...) of a vector's
/// elements; of a value over the wave (uniform); over the workgroup.
MlirValue flyVectorReduce(FlyProgram *p, const char *op, MlirValue v);
MlirValue flyWaveReduce(FlyProgram *p, const char *op, MlirValue x);
MlirValue flyWorkgroupReduce(FlyProgram *p, const char *op, MlirValue x);

/// Inclusive scans of a 32-bit scalar (f32 or i32) with `op` (add, mul,
/// minsi, maxsi, minnumf, maxnumf, and, or, xor): lane l of the wave gets
/// op(x_0, ..., x_l) (six shuffle-up steps); thread t of the workgroup
/// (linear id) op(x_0, ..., x_t) (the waves' scans, their totals through a
/// 16-entry LDS buffer between two barriers). Every thread of the
/// workgroup must reach a workgroup scan.
MlirValue flyWaveScan(FlyProgram *p, const char *op, MlirValue x);
MlirValue flyWorkgroupScan(FlyProgram *p, const char *op, MlirValue x);

/// memref[idx...]: a scalar (width 0) or a vector of `width` elements.
MlirValue flyLoad(FlyProgram *p, MlirValue memref, int numIdx, const MlirValue *idx, int width);
void flyStore(FlyProgram *p, MlirValue value, MlirValue memref, int numIdx,
              const MlirValue *idx);

/*--- fly layouts and tensors (types computed by lib/layout) ----------------*/

/// A static layout, composed layout or int tuple from its notation
/// (`(64,64):(64,1)`, `S<4,2,6> o 0 o (64,64):(64,1)`, `(2,4)`), checked at
/// this call.
MlirValue flyLayout(FlyProgram *p, const char *notation);
/// An int tuple of index values: `?` where a value is not a constant.
MlirValue flyCoord(FlyProgram *p, int n, const MlirValue *values);
/// An int tuple of any profile from its notation, each `?` leaf (in
/// order) one of the `n` index values: `((16,2,?),(4,2,8))`.
MlirValue flyIntTuple(FlyProgram *p, const char *notation, int n, const MlirValue *values);
/// A fly algebra op (`fly.composition`, `fly.logical_divide`, `fly.size`,
/// ...) whose result type lib/layout computes from the operands.
MlirValue flyAlgebra(FlyProgram *p, const char *op, int n, const MlirValue *operands);
/// A tensor over a 1-D memref (global, or workgroup memory) and a layout:
/// `ELEM SPACE LAYOUT`.
MlirValue flyTensor(FlyProgram *p, MlirValue memref, MlirValue layout);
/// The tile at tile coordinate `coord` of shape `tile` (`(64,64)`): the
/// parent's strides; a static extent must be a whole number of tiles.
MlirValue flyLocalTile(FlyProgram *p, MlirValue tensor, MlirValue coord, const char *tile);
/// fly.load / fly.store: a scalar (width 0) or `width` elements in memory
/// order from the coordinate (docs/language.md, "Vector loads and stores").
MlirValue flyTensorLoad(FlyProgram *p, MlirValue tensor, MlirValue coord, int width);
void flyTensorStore(FlyProgram *p, MlirValue value, MlirValue tensor, MlirValue coord);
/// Copies the rank-2 tile `src` into the tile `dst` of the same static
/// shape with a workgroup of `threads` threads. The tile is cut into
/// vectors of the widest width both layouts keep contiguous along their
/// rows (a stride-1 column mode; at most 16 bytes; at most a swizzle's run
/// of 2^M), dealt round-robin to the threads in row-major order. With
/// `validRows` (an index value; null for none), rows at or past it are not
/// read: `dst` gets zeros there (ragged edges). A layout without a stride-1
/// column mode is copied one element at a time.
void flyTileCopy(FlyProgram *p, MlirValue src, MlirValue dst, int threads, MlirValue validRows);

/// Workgroup memory: fly.shared_alloc of `fields` (`NAME: ELEM[N] [align
/// A]`, structs and unions: the grammar of docs/language.md "Shared
/// memory"), and the memref<NxELEM, workgroup> of the array at the dotted
/// path `name` (`a0`, `u.c` for member c of union u).
MlirValue flySharedAlloc(FlyProgram *p, const char *fields);
MlirValue flySharedField(FlyProgram *p, MlirValue storage, const char *name);

/*--- GEMM building blocks (docs/language.md, "Tiled MMA ops") --------------*/

/// A run-time layout SHAPE:STRIDE from two int tuples of one profile
/// (flyCoord with run-time values, flyLayout("(1024,1)") for constants):
/// `(?,1024):(1024,1)` for M rows of 1024.
MlirValue flyMakeLayout(FlyProgram *p, MlirValue shape, MlirValue stride);
/// A tensor over a global memref read and written through a buffer
/// resource (`{buffer}`): accesses past the memref's end read zeros and
/// drop their stores (a ragged last tile).
MlirValue flyBufferTensor(FlyProgram *p, MlirValue memref, MlirValue layout);

/// One wave's block of MFMAs: `mRepeat` x `nRepeat` atoms of shape `shape`
/// ("16x16x128") multiplying `a` by `b` into `c` (MLIR element types:
/// "f8E4M3FN", "bf16", "f32", ...) over `kSteps` atom K steps (0: 1), with
/// `kPack` (0: 1) and `swapAb` as fly.gemm has them. The builders below
/// take one, write its attributes and compute their result types from it.
typedef struct FlyMma {
  const char *shape, *a, *b, *c;
  int mRepeat, nRepeat, kSteps, kPack;
  bool swapAb;
} FlyMma;

/// The block's accumulators, all zero: vector<mRepeat·nRepeat·(C per
/// lane) x c>.
MlirValue flyMmaZero(FlyProgram *p, const FlyMma *mma);
/// fly.mma_fragment: the lane's part of one atom's operand `operand` ('a',
/// 'b' or 'c') of `tensor` at `origin` (an int tuple (row, col)).
MlirValue flyMmaFragment(FlyProgram *p, const FlyMma *mma, char operand, MlirValue tensor,
                         MlirValue lane, MlirValue origin);
/// fly.gemm_fragments: the fragments of operand 'a' or 'b' a flyGemm with
/// the same block loads from `tensor` at `origin`, loaded here (a prefetch
/// carried through a loop and given to flyGemm as its B).
MlirValue flyGemmFragments(FlyProgram *p, const FlyMma *mma, char operand, MlirValue tensor,
                           MlirValue lane, MlirValue origin);
/// fly.gemm: `acc` plus the block's products of A (a tensor, at `aOrigin`)
/// and B (a tensor at `bOrigin`, or fragments from flyGemmFragments);
/// `scales` is null or, for an f8f6f4 atom, the MX scales' vector.
MlirValue flyGemm(FlyProgram *p, const FlyMma *mma, MlirValue a, MlirValue b, MlirValue acc,
                  MlirValue lane, MlirValue aOrigin, MlirValue bOrigin, MlirValue scales);
/// fly.gemm_scale: the f32 accumulators times the row scale `rowScales`
/// (an f32 tensor over rows) and the column scale `colScales` (an f32
/// tensor over columns, or one f32) of each element, C's origin `origin`.
MlirValue flyGemmScale(FlyProgram *p, const FlyMma *mma, MlirValue acc, MlirValue rowScales,
                       MlirValue colScales, MlirValue lane, MlirValue origin);
/// fly.gemm_store: `value` (the accumulators' layout, of the tensor's
/// element type) into the C tensor at `origin`.
void flyGemmStore(FlyProgram *p, const FlyMma *mma, MlirValue value, MlirValue tensor,
                  MlirValue lane, MlirValue origin);
/// fly.gemm_row_scales: the row scales fly.gemm_scale would read for this
/// lane's accumulator rows, from the f32 tensor over rows `rowScales`
/// (vector<mRepeat·(C per lane) x f32>), loaded here so a loop can issue
/// them early.
MlirValue flyGemmRowScales(FlyProgram *p, const FlyMma *mma, MlirValue rowScales,
                           MlirValue lane, MlirValue origin);

/// fly.copy_to_lds: the global tile `src` into the shared tile `dst` by
/// LDS DMA, `bytes` (4, or 16 on gfx950) per thread and instruction, over
/// `threads` threads of which `tid` (index) is this one.
void flyCopyToLds(FlyProgram *p, MlirValue src, MlirValue dst, MlirValue tid, int bytes,
                  int threads);
/// fly.waitcnt: waits until at most `vmcnt` vector memory operations
/// (loads, LDS DMA) of this wave are outstanding.
void flyWaitVmcnt(FlyProgram *p, int vmcnt);
/// The same with LDS/scalar-memory operations (`lgkmcnt`) too; a negative
/// count does not wait on that counter.
void flyWaitcnt(FlyProgram *p, int vmcnt, int lgkmcnt);
/// The wave's s_barrier between wavefront-scope release and acquire
/// fences: the compiler moves no memory operation across it and, unlike
/// flyBarrier's workgroup fence, inserts no wait for LDS DMA in flight —
/// the waits are the author's (flyWaitcnt before it).
void flyWaveBarrier(FlyProgram *p);
/// fly.sched_barrier: the scheduler moves nothing across this point
/// (`mask` "none"), or only the kinds `mask` names (docs/language.md).
void flySchedBarrier(FlyProgram *p, const char *mask);
/// Marks the innermost open loop as the kernel's main loop (`fly.hot_loop`:
/// the hot-loop schedule and the report's main loop).
void flyHotLoop(FlyProgram *p);

#ifdef __cplusplus
}
#endif

#endif /* FLYC_FRONTEND_H */
