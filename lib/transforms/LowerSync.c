/*===- LowerSync.c - fly-lower-sync ----------------------------------------===*
 *
 * Scheduling and synchronisation ops with readable operands, lowered to the
 * ROCDL intrinsics LLVM 22 knows:
 *
 *   fly.sched_barrier {mask = "none"}                     -> rocdl.sched.barrier
 *   fly.sched_group_barrier {mask = "mfma", count = 2, sync_id = 0}
 *                                                         -> rocdl.sched.group.barrier
 *   fly.setprio {priority = 1}                            -> rocdl.s.setprio
 *   fly.waitcnt {vmcnt = 0, lgkmcnt = 0}                  -> rocdl.s.waitcnt
 *   fly.readfirstlane(%x)                                 -> rocdl.readfirstlane
 *
 * Mask names follow LLVM's sched_barrier mask bits (IntrinsicsAMDGPU.td,
 * AMDGPUIGroupLP.cpp) and may be joined with '|'. `ldsdma` (buffer_load ...
 * lds) is a VMEM read to LLVM's scheduler, so it selects the VMEM-read group.
 * A counter left out of fly.waitcnt is not waited for. The s_waitcnt
 * encoding is gfx9's: vmcnt in bits [3:0] and [15:14], expcnt [6:4],
 * lgkmcnt [11:8] (CDNA3/CDNA4 ISA guides).
 *===----------------------------------------------------------------------===*/
#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes.h"
#include "sema.h"

static const struct {
  const char *name;
  uint32_t bits;
} maskNames[] = {
    {"none", 0x000},      {"alu", 0x001},       {"valu", 0x002},      {"salu", 0x004},
    {"mfma", 0x008},      {"vmem", 0x010},      {"vmem_read", 0x020}, {"vmem_write", 0x040},
    {"all_ds", 0x080},    {"ds_read", 0x100},   {"ds_write", 0x200},  {"transcendental", 0x400},
    {"ldsdma", 0x020},
};

bool flySchedMaskParse(const char *text, uint32_t *out) {
  *out = 0;
  while (*text) {
    const char *bar = strchr(text, '|');
    size_t n = bar ? (size_t)(bar - text) : strlen(text);
    bool found = false;
    for (size_t i = 0; i < sizeof maskNames / sizeof *maskNames && !found; ++i) {
      if (strlen(maskNames[i].name) == n && !memcmp(maskNames[i].name, text, n)) {
        *out |= maskNames[i].bits;
        found = true;
      }
    }
    if (!found || n == 0)
      return false;
    text += n + (bar ? 1 : 0);
  }
  return true;
}

uint32_t flyWaitcntEncode(int vmcnt, int expcnt, int lgkmcnt) {
  return (uint32_t)((vmcnt & 0xf) | ((vmcnt >> 4) & 0x3) << 14 | (expcnt & 0x7) << 4 |
                    (lgkmcnt & 0xf) << 8);
}

MlirOperation flyRocdlOpCreate(MlirLocation loc, const char *name, int numAttrs,
                               const char *const *attrNames, const MlirAttribute *attrs) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirNamedAttribute named[4];
  for (int i = 0; i < numAttrs; ++i)
    named[i] = mlirNamedAttributeGet(
        mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(attrNames[i])), attrs[i]);
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(name), loc);
  mlirOperationStateAddAttributes(&st, numAttrs, named);
  return mlirOperationCreate(&st);
}

/* An optional integer attribute: absent leaves *v alone; present it must be
 * an integer (a string count would otherwise silently mean the default). */
static bool optionalInt(MlirOperation op, const char *name, int64_t *v) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  return mlirAttributeIsNull(a) || flyOpGetIntAttr(op, name, v);
}

static MlirAttribute i32Attr(MlirContext ctx, int64_t v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 32), v);
}

static bool readMask(MlirOperation op, uint32_t *mask) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("mask"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a)) {
    flyEmitOpError(op, "needs a string attribute 'mask' (e.g. \"mfma\" or \"ds_read|ds_write\")");
    return false;
  }
  MlirStringRef s = mlirStringAttrGetValue(a);
  char text[128];
  snprintf(text, sizeof text, "%.*s", (int)s.length, s.data);
  if (s.length >= sizeof text || !flySchedMaskParse(text, mask)) {
    flyEmitOpError(op, "unknown scheduling mask '%s' (names: none alu valu salu mfma vmem "
                       "vmem_read vmem_write all_ds ds_read ds_write transcendental ldsdma)",
                   text);
    return false;
  }
  return true;
}

static MlirOperation lowerSchedBarrier(MlirOperation op) {
  uint32_t mask;
  if (!readMask(op, &mask))
    return (MlirOperation){NULL};
  MlirContext ctx = mlirOperationGetContext(op);
  const char *names[] = {"mask"};
  MlirAttribute attrs[] = {i32Attr(ctx, mask)};
  return flyRocdlOpCreate(mlirOperationGetLocation(op), "rocdl.sched.barrier", 1, names, attrs);
}

static MlirOperation lowerSchedGroupBarrier(MlirOperation op) {
  uint32_t mask;
  int64_t count, syncId = 0;
  if (!readMask(op, &mask))
    return (MlirOperation){NULL};
  if (!flyOpGetIntAttr(op, "count", &count) || count < 0) {
    flyEmitOpError(op, "needs a non-negative integer attribute 'count'");
    return (MlirOperation){NULL};
  }
  if (!optionalInt(op, "sync_id", &syncId) || syncId < 0 || syncId > INT32_MAX ||
      count > INT32_MAX) {
    flyEmitOpError(op, "'count' and 'sync_id' are integers from 0 to 2147483647");
    return (MlirOperation){NULL};
  }
  MlirContext ctx = mlirOperationGetContext(op);
  const char *names[] = {"mask", "size", "groupId"};
  MlirAttribute attrs[] = {i32Attr(ctx, mask), i32Attr(ctx, count), i32Attr(ctx, syncId)};
  return flyRocdlOpCreate(mlirOperationGetLocation(op), "rocdl.sched.group.barrier", 3, names,
                          attrs);
}

static MlirOperation lowerSetprio(MlirOperation op) {
  int64_t prio;
  if (!flyOpGetIntAttr(op, "priority", &prio) || prio < 0 || prio > 3) {
    flyEmitOpError(op, "needs an integer attribute 'priority' from 0 to 3");
    return (MlirOperation){NULL};
  }
  MlirContext ctx = mlirOperationGetContext(op);
  const char *names[] = {"priority"};
  MlirAttribute attrs[] = {mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 16), prio)};
  return flyRocdlOpCreate(mlirOperationGetLocation(op), "rocdl.s.setprio", 1, names, attrs);
}

/* A counter left out is not waited for: its field gets its maximum. */
static MlirOperation lowerWaitcnt(MlirOperation op) {
  int64_t vm = 63, exp = 7, lgkm = 15;
  bool ints = optionalInt(op, "vmcnt", &vm) && optionalInt(op, "expcnt", &exp) &&
              optionalInt(op, "lgkmcnt", &lgkm);
  if (!ints || vm < 0 || vm > 63 || exp < 0 || exp > 7 || lgkm < 0 || lgkm > 15) {
    flyEmitOpError(op, "counts must be integers in range (vmcnt 0..63, expcnt 0..7, lgkmcnt "
                       "0..15)");
    return (MlirOperation){NULL};
  }
  MlirContext ctx = mlirOperationGetContext(op);
  const char *names[] = {"bitfield"};
  MlirAttribute attrs[] = {i32Attr(ctx, flyWaitcntEncode((int)vm, (int)exp, (int)lgkm))};
  return flyRocdlOpCreate(mlirOperationGetLocation(op), "rocdl.s.waitcnt", 1, names, attrs);
}

static MlirOperation lowerReadfirstlane(MlirOperation op) {
  if (mlirOperationGetNumOperands(op) != 1 || mlirOperationGetNumResults(op) != 1) {
    flyEmitOpError(op, "takes one operand and has one result");
    return (MlirOperation){NULL};
  }
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString("rocdl.readfirstlane"), mlirOperationGetLocation(op));
  mlirOperationStateAddOperands(&st, 1, &x);
  mlirOperationStateAddResults(&st, 1, &t);
  return mlirOperationCreate(&st);
}

static const struct {
  const char *name;
  MlirOperation (*lower)(MlirOperation);
} lowerings[] = {
    {"fly.sched_barrier", lowerSchedBarrier},
    {"fly.sched_group_barrier", lowerSchedGroupBarrier},
    {"fly.setprio", lowerSetprio},
    {"fly.waitcnt", lowerWaitcnt},
    {"fly.readfirstlane", lowerReadfirstlane},
};

static bool lowerOne(MlirOperation op) {
  for (size_t i = 0; i < sizeof lowerings / sizeof *lowerings; ++i) {
    if (!flyOpNameIs(op, lowerings[i].name))
      continue;
    MlirOperation repl = lowerings[i].lower(op);
    if (mlirOperationIsNull(repl))
      return false;
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, repl);
    if (mlirOperationGetNumResults(op) == 1)
      mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0),
                                    mlirOperationGetResult(repl, 0));
    mlirOperationDestroy(op);
    return true;
  }
  return true;
}

static MlirLogicalResult run(MlirOperation root, const FlyPassOptions *options) {
  (void)options;
  FlyOpList list = {0};
  flyOpListCollectPrefix(&list, root, "fly.");
  bool ok = !list.oom;
  for (size_t i = 0; i < list.len; ++i)
    ok &= lowerOne(list.ops[i]);
  flyOpListDestroy(&list);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

const FlyPassInfo flyLowerSyncPass = {
    "fly-lower-sync",
    "Lower fly scheduling and synchronisation ops (named masks, waitcnt, setprio) to ROCDL",
    run,
};
