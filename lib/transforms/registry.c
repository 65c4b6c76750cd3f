/*===- registry.c - Creating flyc's passes by name --------------------------===*/
#include <string.h>

#include "flyc/chip.h"
#include "mlir-c/Dialect/AMDGPU.h"
#include "mlir-c/Dialect/Arith.h"
#include "mlir-c/Dialect/MemRef.h"
#include "mlir-c/Dialect/ROCDL.h"
#include "mlir-c/Dialect/Vector.h"
#include "passes.h"

static const FlyPassInfo *const passes[] = {
    &flyVerifyPass,
    &flyFoldPass,
    &flyLowerLayoutPass,
    &flySharedAllocPass,
    &flyLowerSyncPass,
    &flyLowerMmaPass,
    &flyHotLoopSchedulePass,
    &flyResolveBlockDimPass,
    &flyLowerMathPass,
    &flyLowerReductionsPass,
    &flyKernelAbiPass,
    &flyVerifyTargetPass,
};
enum { NUM_PASSES = sizeof(passes) / sizeof(passes[0]) };

/* MLIR identifies a pass class by a TypeID built from a unique, 8-byte
 * aligned address; one static word per pass provides it. */
static uint64_t typeIdAnchors[NUM_PASSES];

typedef struct PassInstance {
  const FlyPassInfo *info;
  FlyPassOptions options;
} PassInstance;

static void passConstruct(void *userData) { (void)userData; }

static void passDestruct(void *userData) { flyFree(userData); }

static void *passClone(void *userData) {
  PassInstance *copy = flyAlloc(sizeof(PassInstance));
  if (copy)
    *copy = *(const PassInstance *)userData;
  return copy;
}

static void passRun(MlirOperation op, MlirExternalPass pass, void *userData) {
  const PassInstance *inst = userData;
  if (mlirLogicalResultIsFailure(inst->info->run(op, &inst->options)))
    mlirExternalPassSignalFailure(pass);
}

static int findPass(const char *name, size_t len) {
  for (int i = 0; i < NUM_PASSES; ++i) {
    if (strlen(passes[i]->flag) == len && !memcmp(passes[i]->flag, name, len))
      return i;
  }
  return -1;
}

bool flyPassIsKnown(MlirStringRef name) {
  size_t len = name.length;
  const char *brace = memchr(name.data, '{', len);
  if (brace)
    len = (size_t)(brace - name.data);
  return findPass(name.data, len) >= 0;
}

/* Parses one `key=value` option into `opts`. */
static bool parseOption(const char *kv, size_t n, FlyPassOptions *opts, FlyStrBuf *err) {
  if (n > 5 && !memcmp(kv, "chip=", 5) && n - 5 < 32) {
    char name[32];
    memcpy(name, kv + 5, n - 5);
    name[n - 5] = '\0';
    FlyChip chip;
    if (flyChipParse(name, &chip)) {
      opts->chip = (int)chip;
      return true;
    }
    flyStrBufAppendF(err, "unsupported chip '%s' (supported: %s)", name, flyChipListNames());
    return false;
  }
  flyStrBufAppendF(err, "unknown pass option '%.*s'", (int)n, kv);
  return false;
}

/* Parses `{k=v k=v}` (the text between the braces). */
static bool parseOptions(const char *p, size_t n, FlyPassOptions *opts, FlyStrBuf *err) {
  size_t i = 0;
  while (i < n) {
    while (i < n && p[i] == ' ')
      ++i;
    size_t start = i;
    while (i < n && p[i] != ' ')
      ++i;
    if (i > start && !parseOption(p + start, i - start, opts, err))
      return false;
  }
  return true;
}

MlirPass flyPassCreate(MlirStringRef spec, FlyStrBuf *err) {
  const char *brace = memchr(spec.data, '{', spec.length);
  size_t nameLen = brace ? (size_t)(brace - spec.data) : spec.length;
  int idx = findPass(spec.data, nameLen);
  if (idx < 0) {
    flyStrBufAppendF(err, "unknown flyc pass '%.*s'", (int)nameLen, spec.data);
    return (MlirPass){NULL};
  }
  FlyPassOptions opts = {.chip = -1};
  if (brace) {
    const char *end = spec.data + spec.length - 1;
    if (*end != '}') {
      flyStrBufAppendF(err, "missing '}' in options of pass '%.*s'", (int)nameLen, spec.data);
      return (MlirPass){NULL};
    }
    if (!parseOptions(brace + 1, (size_t)(end - brace - 1), &opts, err))
      return (MlirPass){NULL};
  }
  PassInstance *inst = flyAlloc(sizeof(PassInstance));
  if (!inst) {
    flyStrBufAppend(err, "out of memory");
    return (MlirPass){NULL};
  }
  *inst = (PassInstance){passes[idx], opts};
  const FlyPassInfo *info = passes[idx];
  MlirExternalPassCallbacks cb = {passConstruct, passDestruct, NULL, passClone, passRun};
  /* Passes create arith, memref, vector, amdgpu and rocdl ops; the pass
   * manager loads their dialects before running, whatever the input uses. */
  MlirDialectHandle deps[] = {mlirGetDialectHandle__arith__(), mlirGetDialectHandle__memref__(),
                              mlirGetDialectHandle__vector__(), mlirGetDialectHandle__amdgpu__(),
                              mlirGetDialectHandle__rocdl__()};
  return mlirCreateExternalPass(mlirTypeIDCreate(&typeIdAnchors[idx]),
                                mlirStringRefCreateFromCString(info->flag),
                                mlirStringRefCreateFromCString(info->flag),
                                mlirStringRefCreateFromCString(info->summary),
                                mlirStringRefCreate(NULL, 0), 5, deps, cb, inst);
}

size_t flyPassGetNumRegistered(void) { return NUM_PASSES; }
const char *flyPassGetFlag(size_t i) { return passes[i]->flag; }
const char *flyPassGetSummary(size_t i) { return passes[i]->summary; }
