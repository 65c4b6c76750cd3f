/*===- LowerReductions.c - fly-lower-reductions ------------------------------===*
 *
 * LLVM 22 lowers neither gpu.subgroup_reduce nor gpu.all_reduce for AMDGPU
 * (convert-gpu-to-rocdl marks them illegal), so a kernel written with the
 * upstream reduction ops could not be built. This pass lowers both, for a
 * wave of 64 lanes:
 *
 *   gpu.subgroup_reduce OP %x uniform [cluster(size = S, stride = T)]
 *       in a kernel whose known_block_size is a multiple of 64 (every wave
 *       full): a butterfly of gpu.shuffle xor with offsets T, 2T, ... S*T/2,
 *       combining with OP after each; every lane holds the result of its
 *       cluster. LLVM selects DPP, ds_swizzle or v_permlane*_swap for the
 *       shuffles where the offset allows, else ds_bpermute.
 *   gpu.subgroup_reduce OP %x (not uniform, or the waves may be partial)
 *       the active lanes (rocdl.ballot) combined one by one with
 *       rocdl.readlane in a loop over the 64 lanes, starting from OP's
 *       identity: correct for any set of active lanes, but about 64 scalar
 *       steps; a cluster is an error here.
 *   gpu.all_reduce OP %x (the `op` form; a region body is an error)
 *       the wave's reduction as above; lane 0 of each wave writes it to a
 *       16-entry workgroup buffer (one per op, 1024 threads at most); a
 *       barrier; every thread combines the gpu.num_subgroups entries in
 *       order; a second barrier, so that the buffer may be reused (in a loop)
 *       only after every wave has read it.
 *
 * OP is any of gpu.all_reduce_op (add, mul, minui, minsi, maxui, maxsi,
 * and, or, xor, minnumf, maxnumf, minimumf, maximumf) on f32 or i32; f16
 * and bf16 are combined in f32, i8 and i16 in i32 (sign- or zero-extended
 * as the op needs), and the result truncated. Vector and 64-bit operands
 * are errors at the op.
 *===----------------------------------------------------------------------===*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes.h"

enum { WAVE = 64, MAX_WAVES = 16 };

typedef enum Kind {
  K_ADD, K_MUL, K_MINUI, K_MINSI, K_MAXUI, K_MAXSI, K_AND, K_OR, K_XOR,
  K_MINNUMF, K_MAXNUMF, K_MINIMUMF, K_MAXIMUMF, K_NUM
} Kind;

static const char *const kindNames[K_NUM] = {
    "add", "mul", "minui", "minsi", "maxui", "maxsi", "and", "or", "xor",
    "minnumf", "maxnumf", "minimumf", "maximumf"};

/* The arith op combining two values of kind `k`, float or integer. */
static const char *combiner(Kind k, bool isFloat) {
  static const char *const f[K_NUM] = {"arith.addf", "arith.mulf", NULL, NULL, NULL, NULL,
                                       NULL, NULL, NULL, "arith.minnumf", "arith.maxnumf",
                                       "arith.minimumf", "arith.maximumf"};
  static const char *const i[K_NUM] = {"arith.addi", "arith.muli", "arith.minui", "arith.minsi",
                                       "arith.maxui", "arith.maxsi", "arith.andi", "arith.ori",
                                       "arith.xori", NULL, NULL, NULL, NULL};
  return isFloat ? f[k] : i[k];
}

/* Builds ops before `at`, at its location. */
typedef struct Emit {
  MlirOperation at;
  MlirLocation loc;
  MlirContext ctx;
  MlirBlock block; /* where ops go (before `at` when `at` is in it, else appended) */
  bool append;
} Emit;

static MlirNamedAttribute named(MlirContext ctx, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), a);
}

static MlirOperation emitOpN(const Emit *e, const char *name, intptr_t n,
                             const MlirValue *operands, intptr_t numResults,
                             const MlirType *results, intptr_t numAttrs,
                             const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(name), e->loc);
  mlirOperationStateAddOperands(&st, n, operands);
  mlirOperationStateAddResults(&st, numResults, results);
  if (numAttrs)
    mlirOperationStateAddAttributes(&st, numAttrs, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  if (e->append)
    mlirBlockAppendOwnedOperation(e->block, op);
  else
    mlirBlockInsertOwnedOperationBefore(e->block, e->at, op);
  return op;
}

static MlirValue emitOp(const Emit *e, const char *name, intptr_t n, const MlirValue *operands,
                        MlirType result, intptr_t numAttrs, const MlirNamedAttribute *attrs) {
  return mlirOperationGetResult(emitOpN(e, name, n, operands, 1, &result, numAttrs, attrs), 0);
}

static MlirValue bin(const Emit *e, const char *name, MlirValue a, MlirValue b) {
  MlirValue v[2] = {a, b};
  return emitOp(e, name, 2, v, mlirValueGetType(a), 0, NULL);
}

static MlirValue intConst(const Emit *e, MlirType t, int64_t v) {
  MlirNamedAttribute a = named(e->ctx, "value", mlirIntegerAttrGet(t, v));
  return emitOp(e, "arith.constant", 0, NULL, t, 1, &a);
}

static MlirValue floatConst(const Emit *e, MlirType t, double v) {
  MlirNamedAttribute a = named(e->ctx, "value", mlirFloatAttrDoubleGet(e->ctx, t, v));
  return emitOp(e, "arith.constant", 0, NULL, t, 1, &a);
}

/* OP's identity in the 32-bit compute type `t`. */
static MlirValue identity(const Emit *e, Kind k, MlirType t) {
  if (mlirTypeIsAFloat(t)) {
    double v = k == K_MUL ? 1.0 : k == K_MINIMUMF ? INFINITY : k == K_MAXIMUMF ? -INFINITY
               : k == K_MINNUMF || k == K_MAXNUMF ? NAN : 0.0;
    return floatConst(e, t, v);
  }
  int64_t v = k == K_MUL ? 1 : k == K_MINUI || k == K_AND ? -1 : k == K_MINSI ? INT32_MAX
              : k == K_MAXSI ? INT32_MIN : 0;
  return intConst(e, t, v);
}

static MlirValue cmpi(const Emit *e, int pred, MlirValue a, MlirValue b) {
  MlirValue v[2] = {a, b};
  MlirNamedAttribute p =
      named(e->ctx, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(e->ctx, 64), pred));
  return emitOp(e, "arith.cmpi", 2, v, mlirIntegerTypeGet(e->ctx, 1), 1, &p);
}

static MlirValue select3(const Emit *e, MlirValue c, MlirValue a, MlirValue b) {
  MlirValue v[3] = {c, a, b};
  return emitOp(e, "arith.select", 3, v, mlirValueGetType(a), 0, NULL);
}

/*--- Regions -------------------------------------------------------------------*/

static MlirRegion regionWithBlock(MlirLocation loc, intptr_t n, const MlirType *types,
                                  MlirBlock *block) {
  MlirLocation locs[4] = {loc, loc, loc, loc};
  MlirRegion r = mlirRegionCreate();
  *block = mlirBlockCreate(n, types, locs);
  mlirRegionAppendOwnedBlock(r, *block);
  return r;
}

/* scf.for %i = lb to ub step 1 iter_args(%acc = init): the caller fills the
 * body through *body (iv = arg 0, acc = arg 1) and yields with bodyEnd. */
static MlirOperation forLoop(const Emit *e, MlirValue lb, MlirValue ub, MlirValue init,
                             Emit *body) {
  MlirType index = mlirIndexTypeGet(e->ctx), t = mlirValueGetType(init);
  MlirValue step = intConst(e, index, 1);
  MlirBlock block;
  MlirType args[2] = {index, t};
  MlirRegion region = regionWithBlock(e->loc, 2, args, &block);
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString("scf.for"), e->loc);
  MlirValue ops[4] = {lb, ub, step, init};
  mlirOperationStateAddOperands(&st, 4, ops);
  mlirOperationStateAddResults(&st, 1, &t);
  mlirOperationStateAddOwnedRegions(&st, 1, &region);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(e->block, e->at, op);
  *body = (Emit){op, e->loc, e->ctx, block, true};
  return op;
}

static void yield(const Emit *body, intptr_t n, const MlirValue *values) {
  emitOpN(body, "scf.yield", n, values, 0, NULL, 0, NULL);
}

/*--- The reductions ---------------------------------------------------------------*/

/* One wave's butterfly over clusters of `size` lanes `stride` apart. */
static MlirValue butterfly(const Emit *e, Kind k, MlirValue x, int64_t size, int64_t stride) {
  MlirType i32 = mlirIntegerTypeGet(e->ctx, 32), t = mlirValueGetType(x);
  const char *comb = combiner(k, mlirTypeIsAFloat(t));
  MlirValue width = intConst(e, i32, WAVE);
  MlirNamedAttribute mode = named(
      e->ctx, "mode",
      mlirAttributeParseGet(e->ctx, mlirStringRefCreateFromCString("#gpu<shuffle_mode xor>")));
  for (int64_t off = stride; off < size * stride; off *= 2) {
    MlirValue ops[3] = {x, intConst(e, i32, off), width};
    MlirType res[2] = {t, mlirIntegerTypeGet(e->ctx, 1)};
    MlirOperation sh = emitOpN(e, "gpu.shuffle", 3, ops, 2, res, 1, &mode);
    x = bin(e, comb, x, mlirOperationGetResult(sh, 0));
  }
  return x;
}

/* The active lanes combined one by one (any set of active lanes). */
static MlirValue laneLoop(const Emit *e, Kind k, MlirValue x) {
  MlirType t = mlirValueGetType(x), i1 = mlirIntegerTypeGet(e->ctx, 1);
  MlirType i32 = mlirIntegerTypeGet(e->ctx, 32), i64 = mlirIntegerTypeGet(e->ctx, 64);
  MlirType index = mlirIndexTypeGet(e->ctx);
  MlirValue yes = intConst(e, i1, 1);
  MlirValue mask = emitOp(e, "rocdl.ballot", 1, &yes, i64, 0, NULL);
  MlirValue init = identity(e, k, t);
  MlirValue lb = intConst(e, index, 0);
  MlirValue ub = intConst(e, index, WAVE);
  Emit b;
  MlirOperation loop = forLoop(e, lb, ub, init, &b);
  MlirValue iv = mlirBlockGetArgument(b.block, 0), acc = mlirBlockGetArgument(b.block, 1);
  MlirValue lane = emitOp(&b, "arith.index_cast", 1, &iv, i32, 0, NULL);
  MlirValue lane64 = emitOp(&b, "arith.index_cast", 1, &iv, i64, 0, NULL);
  MlirValue bit = bin(&b, "arith.shrui", mask, lane64);
  MlirValue one = intConst(&b, i64, 1);
  MlirValue low = bin(&b, "arith.andi", bit, one);
  MlirValue zero = intConst(&b, i64, 0);
  MlirValue active = cmpi(&b, 1 /* ne */, low, zero);
  MlirValue rl[2] = {x, lane};
  MlirValue v = emitOp(&b, "rocdl.readlane", 2, rl, t, 0, NULL);
  MlirValue next = bin(&b, combiner(k, mlirTypeIsAFloat(t)), acc, v);
  MlirValue chosen = select3(&b, active, next, acc);
  yield(&b, 1, &chosen);
  return mlirOperationGetResult(loop, 0);
}

/* The product of the kernel's known_block_size, or -1. */
static int64_t knownThreads(MlirOperation op) {
  MlirOperation func = flyOpGetParentNamed(op, "gpu.func");
  MlirAttribute a = mlirOperationIsNull(func) ? mlirAttributeGetNull()
                                              : mlirOperationGetAttributeByName(
                                                    func, mlirStringRefCreateFromCString(
                                                              "known_block_size"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI32Array(a))
    return -1;
  int64_t n = 1;
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(a); ++i)
    n *= mlirDenseI32ArrayGetElement(a, i);
  return n;
}

/* The wave's reduction of x (already of its 32-bit compute type). */
static MlirValue waveReduce(const Emit *e, MlirOperation op, Kind k, MlirValue x, bool uniform,
                            int64_t size, int64_t stride) {
  int64_t threads = knownThreads(op);
  if (uniform && threads > 0 && threads % WAVE == 0)
    return butterfly(e, k, x, size, stride);
  return laneLoop(e, k, x);
}

/* The reduction of every wave's value, through LDS. */
static MlirValue workgroupReduce(const Emit *e, Kind k, MlirValue w, const char *buffer,
                                 MlirType mt) {
  MlirType t = mlirValueGetType(w), index = mlirIndexTypeGet(e->ctx);
  MlirAttribute ref = mlirFlatSymbolRefAttrGet(e->ctx, mlirStringRefCreateFromCString(buffer));
  MlirNamedAttribute sym = named(e->ctx, "name", ref);
  MlirValue lds = emitOp(e, "memref.get_global", 0, NULL, mt, 1, &sym);
  MlirValue lane = emitOp(e, "gpu.lane_id", 0, NULL, index, 0, NULL);
  MlirValue wave = emitOp(e, "gpu.subgroup_id", 0, NULL, index, 0, NULL);
  MlirValue waves = emitOp(e, "gpu.num_subgroups", 0, NULL, index, 0, NULL);
  MlirValue zero = intConst(e, index, 0);
  MlirValue first = cmpi(e, 0 /* eq */, lane, zero);
  /* scf.if (lane == 0) { lds[wave] = w } */
  MlirBlock thenBlock;
  MlirRegion thenRegion = regionWithBlock(e->loc, 0, NULL, &thenBlock);
  MlirRegion elseRegion = mlirRegionCreate();
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString("scf.if"), e->loc);
  mlirOperationStateAddOperands(&st, 1, &first);
  MlirRegion regions[2] = {thenRegion, elseRegion};
  mlirOperationStateAddOwnedRegions(&st, 2, regions);
  MlirOperation ifOp = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(e->block, e->at, ifOp);
  Emit th = {ifOp, e->loc, e->ctx, thenBlock, true};
  MlirValue store[3] = {w, lds, wave};
  emitOpN(&th, "memref.store", 3, store, 0, NULL, 0, NULL);
  yield(&th, 0, NULL);
  emitOpN(e, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  MlirValue load0[2] = {lds, zero};
  MlirValue init = emitOp(e, "memref.load", 2, load0, t, 0, NULL);
  MlirValue one = intConst(e, index, 1);
  Emit b;
  MlirOperation loop = forLoop(e, one, waves, init, &b);
  MlirValue iv = mlirBlockGetArgument(b.block, 0), acc = mlirBlockGetArgument(b.block, 1);
  MlirValue loadI[2] = {lds, iv};
  MlirValue v = emitOp(&b, "memref.load", 2, loadI, t, 0, NULL);
  MlirValue next = bin(&b, combiner(k, mlirTypeIsAFloat(t)), acc, v);
  yield(&b, 1, &next);
  emitOpN(e, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
  return mlirOperationGetResult(loop, 0);
}

/*--- Ops ----------------------------------------------------------------------------*/

/* The kind named by the op's `op` attribute (#gpu<all_reduce_op add>). */
static int kindOf(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("op"));
  char *text = mlirAttributeIsNull(a) ? NULL : flyAttributeToString(a);
  int k = -1;
  const char *word = text ? strrchr(text, ' ') : NULL;
  for (int i = 0; word && i < K_NUM; ++i) {
    size_t n = strlen(kindNames[i]);
    if (!strncmp(word + 1, kindNames[i], n) && word[1 + n] == '>')
      k = i;
  }
  flyFree(text);
  return k;
}

static int64_t intAttr(MlirOperation op, const char *name, int64_t dflt) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  return mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a) ? dflt
                                                               : mlirIntegerAttrGetValueInt(a);
}

/* The 32-bit type `t` is combined in, or a null type when unsupported. */
static MlirType computeType(MlirContext ctx, MlirType t) {
  if (mlirTypeIsAF32(t) || mlirTypeIsAF16(t) || mlirTypeIsABF16(t))
    return mlirF32TypeGet(ctx);
  if (mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) <= 32)
    return mlirIntegerTypeGet(ctx, 32);
  return (MlirType){NULL};
}

static MlirLogicalResult lowerOne(MlirOperation op, MlirOperation module, int *counter) {
  bool all = flyOpNameIs(op, "gpu.all_reduce");
  const char *name = all ? "gpu.all_reduce" : "gpu.subgroup_reduce";
  int k = kindOf(op);
  if (k < 0) {
    flyEmitOpError(op, "'%s' with a region body is not supported: give the reduction as the op "
                   "attribute (add, mul, minsi, maxnumf, ...)", name);
    return mlirLogicalResultFailure();
  }
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirType t = mlirValueGetType(x);
  MlirContext ctx = mlirOperationGetContext(op);
  MlirType ct = computeType(ctx, t);
  bool isFloat = mlirTypeIsAFloat(t);
  if (mlirTypeIsNull(ct) || !combiner((Kind)k, isFloat)) {
    char *ts = flyTypeToString(t);
    flyEmitOpError(op, "'%s' %s on %s is not supported (f16, bf16, f32 and integers of up to 32 "
                   "bits; %s)", name, kindNames[k], ts ? ts : "this type",
                   isFloat ? "minui, minsi, maxui, maxsi, and, or, xor are integer reductions"
                           : "minnumf, maxnumf, minimumf, maximumf are float reductions");
    flyFree(ts);
    return mlirLogicalResultFailure();
  }
  int64_t size = intAttr(op, "cluster_size", WAVE), stride = intAttr(op, "cluster_stride", 1);
  bool uniform = !mlirAttributeIsNull(
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("uniform")));
  if (size != WAVE || stride != 1) {
    int64_t threads = knownThreads(op);
    if (!uniform || threads <= 0 || threads % WAVE || size * stride > WAVE) {
      flyEmitOpError(op, "a cluster needs a uniform gpu.subgroup_reduce in a kernel whose "
                     "known_block_size is a multiple of 64, with size * stride <= 64");
      return mlirLogicalResultFailure();
    }
  }
  MlirBlock block = mlirOperationGetBlock(op);
  Emit e = {op, mlirOperationGetLocation(op), ctx, block, false};
  MlirValue v = x;
  bool isSigned = k == K_MINSI || k == K_MAXSI;
  if (!mlirTypeEqual(t, ct))
    v = emitOp(&e, isFloat ? "arith.extf" : isSigned ? "arith.extsi" : "arith.extui", 1, &x, ct,
               0, NULL);
  MlirValue r = waveReduce(&e, op, (Kind)k, v, uniform || all, size, stride);
  if (all) {
    char buffer[48];
    snprintf(buffer, sizeof buffer, "__fly_all_reduce_%d", (*counter)++);
    MlirType mt = mlirTypeParseGet(
        ctx, mlirStringRefCreateFromCString(mlirTypeIsAF32(ct)
                                                ? "memref<16xf32, #gpu.address_space<workgroup>>"
                                                : "memref<16xi32, #gpu.address_space<workgroup>>"));
    MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
    mlirBlockInsertOwnedOperation(body, 0, flyWorkgroupGlobalCreate(e.loc, buffer, mt, 16));
    r = workgroupReduce(&e, (Kind)k, r, buffer, mt);
  }
  if (!mlirTypeEqual(t, ct))
    r = emitOp(&e, isFloat ? "arith.truncf" : "arith.trunci", 1, &r, t, 0, NULL);
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), r);
  mlirOperationDestroy(op);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult run(MlirOperation root, const FlyPassOptions *options) {
  (void)options;
  FlyOpList list = {0};
  flyOpListCollect(&list, root, "gpu.subgroup_reduce");
  flyOpListCollect(&list, root, "gpu.all_reduce");
  MlirLogicalResult r = list.oom ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
  int counter = 0;
  /* The lowering creates ops of dialects the input may not have used. */
  static const char *const dialects[] = {"scf", "rocdl", "memref", "arith"};
  for (size_t i = 0; i < sizeof dialects / sizeof *dialects && list.len; ++i)
    mlirContextGetOrLoadDialect(mlirOperationGetContext(root),
                                mlirStringRefCreateFromCString(dialects[i]));
  for (size_t i = 0; i < list.len; ++i) {
    MlirOperation op = list.ops[i];
    MlirOperation module = flyOpGetParentNamed(op, "gpu.module");
    if (mlirOperationIsNull(module)) {
      flyEmitOpError(op, "a reduction must be inside a gpu.module");
      r = mlirLogicalResultFailure();
      continue;
    }
    if (mlirLogicalResultIsFailure(lowerOne(op, module, &counter)))
      r = mlirLogicalResultFailure();
  }
  flyOpListDestroy(&list);
  return r;
}

const FlyPassInfo flyLowerReductionsPass = {
    "fly-lower-reductions",
    "Lower gpu.subgroup_reduce (wave butterflies of gpu.shuffle, or a loop over the active "
    "lanes) and gpu.all_reduce (waves, then LDS and barriers)",
    run,
};
