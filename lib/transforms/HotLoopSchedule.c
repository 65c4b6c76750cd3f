/*===- HotLoopSchedule.c - fly-hot-loop-schedule ------------------------------===*
 *
 * For an scf.for marked `fly.hot_loop`, counts the MFMAs, LDS reads, LDS
 * writes and global loads of its body and appends the interleaving
 * sched_group_barrier sequence of the GEMM guide's hot_loop_scheduler
 * (gemm-optimization §5.3-5.5), so kernel authors do not count by hand:
 *
 *   for each MFMA i:  group(mfma, 1)
 *                     group(ds_read,   its even share of the reads at slot i)
 *                     group(vmem_read, its even share of the loads at slot i)
 *                     group(ds_write,  its even share of the writes, second half only)
 *   sched_barrier(none)
 *
 * Reads and global loads are spread evenly over all MFMAs, earliest slots
 * first; LDS writes go to
 * the tail, where they overlap the last MFMAs and still land before the
 * barrier that ends the iteration (§5.4). Counts are taken at the MLIR
 * level: a load or store of B bytes counts as ceil(B/16) instructions, the
 * widest (b128/dwordx4) form the backend emits for aligned accesses.
 *
 * Consecutive groups of one kind are emitted as one (mfma 1, mfma 1 is
 * mfma 2: the same interleave, the order of the two MFMAs left to LLVM).
 * LLVM's IGroupLP solver costs about the product of the groups and the
 * instructions it places, times a reachability search each: a 128-MFMA
 * bf16 body spent most of its compilation there as 209 groups, and half as
 * much as the 145 groups of the merged sequence.
 *===----------------------------------------------------------------------===*/
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes.h"

typedef struct Counts {
  int mfma, dsRead, dsWrite, vmemRead;
} Counts;

static int64_t typeBits(MlirType t) {
  if (mlirTypeIsAVector(t)) {
    int64_t n = 1;
    for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); ++i)
      n *= mlirShapedTypeGetDimSize(t, i);
    return n * typeBits(mlirShapedTypeGetElementType(t));
  }
  if (mlirTypeIsAInteger(t))
    return mlirIntegerTypeGetWidth(t);
  if (mlirTypeIsAFloat(t))
    return mlirFloatTypeGetWidth(t);
  return 64; /* index and pointers */
}

static int instructionsFor(MlirType t) { return (int)((typeBits(t) / 8 + 15) / 16); }

static bool isWorkgroupMemref(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  if (!mlirTypeIsAMemRef(t))
    return false;
  char *space = flyAttributeToString(mlirMemRefTypeGetMemorySpace(t));
  bool wg = space && (strstr(space, "workgroup") || !strcmp(space, "3 : i64") ||
                      !strcmp(space, "3"));
  flyFree(space);
  return wg;
}

static bool nameStarts(MlirOperation op, const char *prefix) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  size_t len = strlen(prefix);
  return n.length >= len && !memcmp(n.data, prefix, len);
}

static MlirWalkResult countOne(MlirOperation op, void *userData) {
  Counts *c = userData;
  bool load = flyOpNameIs(op, "vector.load") || flyOpNameIs(op, "memref.load");
  bool store = flyOpNameIs(op, "vector.store") || flyOpNameIs(op, "memref.store");
  if (nameStarts(op, "rocdl.mfma.") || nameStarts(op, "rocdl.smfmac.") ||
      nameStarts(op, "amdgpu.mfma") || nameStarts(op, "amdgpu.scaled_mfma"))
    c->mfma++;
  else if (nameStarts(op, "rocdl.ds.read.tr"))
    c->dsRead++;
  else if (nameStarts(op, "rocdl.raw.ptr.buffer.load") || nameStarts(op, "rocdl.global.load.lds"))
    c->vmemRead++;
  else if (load && isWorkgroupMemref(mlirOperationGetOperand(op, 0)))
    c->dsRead += instructionsFor(mlirValueGetType(mlirOperationGetResult(op, 0)));
  else if (load)
    c->vmemRead += instructionsFor(mlirValueGetType(mlirOperationGetResult(op, 0)));
  else if (store && isWorkgroupMemref(mlirOperationGetOperand(op, 1)))
    c->dsWrite += instructionsFor(mlirValueGetType(mlirOperationGetOperand(op, 0)));
  return MlirWalkResultAdvance;
}

/* How many of `n` items fall into slot i of m when spread evenly, rounding
 * towards the front so that loads are issued before the MFMAs need them. */
static int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
static int share(int n, int m, int i) {
  return (int)(ceilDiv((int64_t)(i + 1) * n, m) - ceilDiv((int64_t)i * n, m));
}

static void insertGroupBarrier(MlirOperation before, uint32_t mask, int count) {
  MlirContext ctx = mlirOperationGetContext(before);
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  const char *names[] = {"mask", "size", "groupId"};
  MlirAttribute attrs[] = {mlirIntegerAttrGet(i32, mask), mlirIntegerAttrGet(i32, count),
                           mlirIntegerAttrGet(i32, 0)};
  MlirOperation op = flyRocdlOpCreate(mlirOperationGetLocation(before),
                                      "rocdl.sched.group.barrier", 3, names, attrs);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before, op);
}

/* The sequence being emitted: a group is held back until the next one has
 * another kind, so that consecutive groups of one kind become one. */
typedef struct Emitter {
  MlirOperation before;
  uint32_t mask;
  int count;
} Emitter;

static void flushGroup(Emitter *e) {
  if (e->count > 0)
    insertGroupBarrier(e->before, e->mask, e->count);
  e->count = 0;
}

static void group(Emitter *e, const char *maskName, int count) {
  if (count <= 0)
    return;
  uint32_t mask = 0;
  flySchedMaskParse(maskName, &mask);
  if (e->count > 0 && e->mask != mask)
    flushGroup(e);
  e->mask = mask;
  e->count += count;
}

static void emitSchedule(MlirOperation before, const Counts *c) {
  Emitter e = {before, 0, 0};
  int half = c->mfma / 2, tail = c->mfma - half;
  for (int i = 0; i < c->mfma; ++i) {
    group(&e, "mfma", 1);
    group(&e, "ds_read", share(c->dsRead, c->mfma, i));
    group(&e, "vmem_read", share(c->vmemRead, c->mfma, i));
    if (i >= half)
      group(&e, "ds_write", share(c->dsWrite, tail, i - half));
  }
  flushGroup(&e);
  MlirContext ctx = mlirOperationGetContext(before);
  const char *names[] = {"mask"};
  MlirAttribute attrs[] = {mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 32), 0)};
  MlirOperation fence = flyRocdlOpCreate(mlirOperationGetLocation(before),
                                         "rocdl.sched.barrier", 1, names, attrs);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before, fence);
}

static MlirLogicalResult scheduleLoop(MlirOperation loop) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  Counts c = {0, 0, 0, 0};
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    mlirOperationWalk(op, countOne, &c, MlirWalkPreOrder);
  if (c.mfma == 0) {
    flyEmitOpError(loop, "a fly.hot_loop needs MFMAs to interleave with (found none)");
    return mlirLogicalResultFailure();
  }
  emitSchedule(mlirBlockGetTerminator(body), &c);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult run(MlirOperation root, const FlyPassOptions *options) {
  (void)options;
  FlyOpList loops = {0};
  flyOpListCollect(&loops, root, "scf.for");
  MlirLogicalResult r = loops.oom ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
  for (size_t i = 0; i < loops.len; ++i) {
    MlirAttribute mark = mlirOperationGetAttributeByName(
        loops.ops[i], mlirStringRefCreateFromCString("fly.hot_loop"));
    if (!mlirAttributeIsNull(mark) && mlirLogicalResultIsFailure(scheduleLoop(loops.ops[i])))
      r = mlirLogicalResultFailure();
  }
  flyOpListDestroy(&loops);
  return r;
}

const FlyPassInfo flyHotLoopSchedulePass = {
    "fly-hot-loop-schedule",
    "Interleave MFMAs with LDS and global memory ops in loops marked fly.hot_loop",
    run,
};
