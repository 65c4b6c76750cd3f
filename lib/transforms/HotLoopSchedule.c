/*===- HotLoopSchedule.c - fly-hot-loop-schedule ------------------------------===*
 *
 * For an scf.for marked `fly.hot_loop`, counts the MFMAs, LDS reads, LDS
 * writes and global loads of its body and appends the interleaving
 * sched_group_barrier sequence of the GEMM guide's hot_loop_scheduler
 * (gemm-optimization §5.3-5.5), so kernel authors do not count by hand.
 * The body is cut into stages at its barriers (gpu.barrier,
 * rocdl.s.barrier); each stage with MFMAs gets its own sequence from its
 * own counts, placed before the waits and fences that lead up to its
 * barrier, with M its MFMAs, R its LDS reads, lead = M/2 (at most 8M/R:
 * 8 reads ahead) and V = M/4:
 *
 *   group(ds_read, the even shares of the reads of slots 0 .. lead-1)
 *   for each MFMA i:  group(mfma, 1)
 *                     group(ds_read,   the share of slot i + lead)
 *                     group(vmem_read, its even share over the first V slots)
 *                     group(ds_write,  its even share, second half only)
 *   sched_barrier(none)
 *
 * LDS reads run half a stage ahead of the MFMAs (the first right after
 * the barrier: §4.3's A0 prefetch), global loads are all issued in the
 * first quarter so that they have the rest of the stage (and, with three
 * LDS stages, the next) to land, LDS writes go to the tail, where they
 * still land before the barrier (§5.4). The closing fence keeps each
 * stage's MFMAs before its barrier: without it LLVM moved most of a
 * stage's MFMAs past the barrier, leaving the next stage's loads little
 * compute to hide behind (timing model: 3524 -> 2734 cycles per
 * iteration for gemm_fp8_64x256x128). Counts are taken at the MLIR
 * level: a load or store of B bytes counts as ceil(B/16) instructions, the
 * widest (b128/dwordx4) form the backend emits for aligned accesses; an
 * LDS DMA (amdgpu.gather_to_lds) is one global load.
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
  else if (nameStarts(op, "rocdl.raw.ptr.buffer.load") || nameStarts(op, "rocdl.global.load.lds") ||
           flyOpNameIs(op, "amdgpu.gather_to_lds"))
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

/* The sequence for one stage of `c`: LDS reads one MFMA slot ahead of
 * their even share (the first before MFMA 0, right after the barrier:
 * seed §4.3's A0 prefetch), global loads front-loaded over the first
 * `vmemSlots` MFMAs so that they have the rest of the stage and the next
 * to land, LDS writes in the second half (§5.4); then a fence, so that no
 * MFMA of the stage moves past its barrier. */
static void emitSchedule(MlirOperation before, const Counts *c) {
  Emitter e = {before, 0, 0};
  int half = c->mfma / 2, tail = c->mfma - half;
  int vmemSlots = c->mfma / 4 > 0 ? c->mfma / 4 : 1;
  /* Reads run half the stage ahead, but never more than 8 ahead of their
   * share: each one ahead holds its registers longer (the bf16 128x128
   * tile's 32 reads per stage at 16 ahead cost more than they hid). */
  int lead = c->mfma / 2 > 0 ? c->mfma / 2 : 1;
  if (c->dsRead > 8 && 8 * c->mfma / c->dsRead < lead)
    lead = 8 * c->mfma / c->dsRead;
  for (int i = 0; i < lead && i < c->mfma; ++i)
    group(&e, "ds_read", share(c->dsRead, c->mfma, i));
  for (int i = 0; i < c->mfma; ++i) {
    group(&e, "mfma", 1);
    if (i + lead < c->mfma)
      group(&e, "ds_read", share(c->dsRead, c->mfma, i + lead));
    if (i < vmemSlots)
      group(&e, "vmem_read", share(c->vmemRead, vmemSlots, i));
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

static bool isBarrier(MlirOperation op) {
  return flyOpNameIs(op, "gpu.barrier") || flyOpNameIs(op, "rocdl.s.barrier");
}

/* The waits and fences that lead up to a barrier stay after the stage's
 * sequence, so that its loads and MFMAs are scheduled before them. */
static bool isSyncLead(MlirOperation op) {
  return flyOpNameIs(op, "rocdl.s.waitcnt") || flyOpNameIs(op, "llvm.fence");
}

/* Each stage of the body — the ops up to a barrier, or up to the
 * terminator — gets its own sequence from its own counts: a barrier ends
 * a stage's LDS reads, so the MFMAs that use them belong before it. */
static MlirLogicalResult scheduleLoop(MlirOperation loop) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(loop, 0));
  Counts c = {0, 0, 0, 0};
  int total = 0;
  MlirOperation lead = {NULL}; /* first of the waits/fences just before op */
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    bool end = isBarrier(op) || mlirOperationIsNull(next);
    if (!end)
      mlirOperationWalk(op, countOne, &c, MlirWalkPreOrder);
    if (end && c.mfma > 0)
      emitSchedule(isBarrier(op) && !mlirOperationIsNull(lead) ? lead : op, &c);
    if (!isSyncLead(op))
      lead = (MlirOperation){NULL};
    else if (mlirOperationIsNull(lead))
      lead = op;
    if (end) {
      total += c.mfma;
      c = (Counts){0, 0, 0, 0};
    }
    op = next;
  }
  if (total == 0) {
    flyEmitOpError(loop, "a fly.hot_loop needs MFMAs to interleave with (found none)");
    return mlirLogicalResultFailure();
  }
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
