/*===- pipeline.c - The pass pipeline as data -------------------------------===*/
#include <stdlib.h>
#include <string.h>

#include "capture.h"
#include "flyc/target.h"
#include "flyc/transforms.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Conversion.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Transforms.h"

typedef struct Entry {
  char *text;
  FlyPipelineStage stage;
} Entry;

struct FlyPipeline {
  Entry *entries;
  size_t len, cap;
  int oom;
  bool verifyEach; /* MLIR's verifier after every pass, not once at the end */
};

static void addEntry(FlyPipeline *p, FlyPipelineStage stage, const char *text, size_t n) {
  if (p->oom)
    return;
  if (p->len == p->cap) {
    size_t cap = p->cap ? 2 * p->cap : 16;
    Entry *e = flyRealloc(p->entries, cap * sizeof(Entry));
    if (!e) {
      p->oom = 1;
      return;
    }
    p->entries = e;
    p->cap = cap;
  }
  char *copy = flyAlloc(n + 1);
  if (!copy) {
    p->oom = 1;
    return;
  }
  memcpy(copy, text, n);
  copy[n] = '\0';
  p->entries[p->len++] = (Entry){copy, stage};
}

static void addEntryF(FlyPipeline *p, FlyPipelineStage stage, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void addEntryF(FlyPipeline *p, FlyPipelineStage stage, const char *fmt, ...) {
  FlyStrBuf b = {0};
  va_list ap;
  va_start(ap, fmt);
  flyStrBufAppendV(&b, fmt, ap);
  va_end(ap);
  if (b.oom)
    p->oom = 1;
  else
    addEntry(p, stage, b.data, b.len);
  flyStrBufDestroy(&b);
}

static FlyPipeline *finish(FlyPipeline *p) {
  if (!p->oom)
    return p;
  flyPipelineDestroy(p);
  return NULL;
}

/* The order matters: fly-specific rewrites first, while the IR still holds
 * gpu and fly ops; then the upstream conversions to the LLVM and ROCDL
 * dialects. Kernel arguments use the bare-pointer convention so a memref
 * argument is one pointer, as kernel authors and launchers expect;
 * fly-kernel-abi passes a dynamic memref as that pointer plus its sizes. */
FlyPipeline *flyPipelineCreateDefault(const FlyTargetOptions *options) {
  FlyPipeline *p = flyCalloc(1, sizeof(FlyPipeline));
  if (!p)
    return NULL;
  const char *chip = flyChipGetInfo(options->chip)->name;
  addEntryF(p, FLY_STAGE_FLY, "fly-verify");
  addEntryF(p, FLY_STAGE_FLY, "fly-fold");
  addEntryF(p, FLY_STAGE_FLY, "fly-shared-alloc{chip=%s}", chip);
  addEntryF(p, FLY_STAGE_FLY, "fly-lower-layout{chip=%s}", chip);
  addEntryF(p, FLY_STAGE_FLY, "fly-lower-sync");
  addEntryF(p, FLY_STAGE_FLY, "fly-lower-mma{chip=%s}", chip);
  addEntryF(p, FLY_STAGE_FLY, "fly-lower-reductions");
  addEntryF(p, FLY_STAGE_FLY, "fly-resolve-block-dim");
  addEntryF(p, FLY_STAGE_FLY, "fly-lower-math");
  addEntryF(p, FLY_STAGE_FLY, "fly-kernel-abi");
  addEntryF(p, FLY_STAGE_FLY, "fly-verify-target{chip=%s}", chip);
  if (options->optLevel > 0) {
    /* Without region simplification (block merging, dead-block and
     * block-argument clean-up): the lowered kernels are single-block
     * regions under scf ops, and LLVM's simplifycfg does that work after
     * the conversion. Every reference configuration's code object, and
     * every test kernel's, is byte for byte the same; the pass costs a
     * quarter less (docs/pipeline.md, "Compile time"). */
    addEntryF(p, FLY_STAGE_FLY, "canonicalize{region-simplify=disabled}");
    addEntryF(p, FLY_STAGE_FLY, "cse");
  }
  /* Last in the fly stage: it counts the ops the clean-ups leave. */
  addEntryF(p, FLY_STAGE_FLY, "fly-hot-loop-schedule");
  addEntryF(p, FLY_STAGE_LLVM, "convert-scf-to-cf");
  /* fp8 truncation needs the chip's conversion instructions; it saturates,
   * as quantising kernels want, instead of producing NaN on overflow. */
  addEntryF(p, FLY_STAGE_LLVM,
            "gpu.module(convert-arith-to-amdgpu{chipset=%s saturate-fp8-truncf=true})", chip);
  addEntryF(p, FLY_STAGE_LLVM,
            "gpu.module(convert-gpu-to-rocdl{chipset=%s use-bare-ptr-memref-call-conv=true index-bitwidth=32})",
            chip);
  addEntryF(p, FLY_STAGE_LLVM, "reconcile-unrealized-casts");
  return finish(p);
}

/* Splits `text` at top-level commas, so `a,gpu.module(b,c),d{x=1,y=2}` has
 * three entries. Returns false on unbalanced brackets or an empty entry. */
FlyPipeline *flyPipelineCreateParse(const char *text, FlyStrBuf *err) {
  FlyPipeline *p = flyCalloc(1, sizeof(FlyPipeline));
  if (!p)
    return NULL;
  int depth = 0;
  size_t start = 0, n = strlen(text);
  for (size_t i = 0; i <= n && !p->oom; ++i) {
    char c = text[i];
    if (c == '(' || c == '{')
      ++depth;
    else if (c == ')' || c == '}')
      --depth;
    if (depth < 0)
      break;
    if ((c == ',' && depth == 0) || c == '\0') {
      if (i == start) {
        flyStrBufAppendF(err, "empty entry at offset %zu of pipeline '%s'", i, text);
        flyPipelineDestroy(p);
        return NULL;
      }
      addEntry(p, FLY_STAGE_FLY, text + start, i - start);
      start = i + 1;
    }
  }
  if (depth != 0) {
    flyStrBufAppendF(err, "unbalanced brackets in pipeline '%s'", text);
    flyPipelineDestroy(p);
    return NULL;
  }
  return finish(p);
}

void flyPipelineDestroy(FlyPipeline *pipeline) {
  if (!pipeline)
    return;
  for (size_t i = 0; i < pipeline->len; ++i)
    flyFree(pipeline->entries[i].text);
  flyFree(pipeline->entries);
  flyFree(pipeline);
}

size_t flyPipelineGetNumEntries(const FlyPipeline *pipeline) { return pipeline->len; }

const char *flyPipelineGetEntry(const FlyPipeline *pipeline, size_t i) {
  return pipeline->entries[i].text;
}

FlyPipelineStage flyPipelineGetStage(const FlyPipeline *pipeline, size_t i) {
  return pipeline->entries[i].stage;
}

void flyPipelinePrint(const FlyPipeline *pipeline, FlyPipelineStage lastStage, FlyStrBuf *out) {
  const char *sep = "";
  for (size_t i = 0; i < pipeline->len; ++i) {
    if (pipeline->entries[i].stage > lastStage)
      continue;
    flyStrBufAppendF(out, "%s%s", sep, pipeline->entries[i].text);
    sep = ",";
  }
}

/*--- Running ----------------------------------------------------------------*/

static void appendToBuf(MlirStringRef s, void *userData) {
  flyStrBufAppendN(userData, s.data, s.length);
}

/* MLIR's pipeline parser reports `MLIR Textual PassPipeline Parser:1:C:
 * error: WHY` followed by the entry and a caret under column C. */
static bool parsePipelineParserError(const char *text, unsigned *col, const char **why) {
  static const char prefix[] = "MLIR Textual PassPipeline Parser:1:";
  if (strncmp(text, prefix, sizeof prefix - 1))
    return false;
  char *end;
  unsigned long c = strtoul(text + sizeof prefix - 1, &end, 10);
  if (strncmp(end, ": error: ", 9))
    return false;
  *col = (unsigned)c;
  *why = end + 9;
  return true;
}

/* Builds the one-line reason an entry was refused from what the pass
 * constructor or MLIR's parser said (`err`) and what LLVM's option parser
 * printed (`printed`); the full upstream text follows on later lines. */
static void describeEntryError(const char *entry, const char *err, const char *printed,
                               FlyStrBuf *msg) {
  unsigned col = 0;
  const char *why = NULL;
  flyStrBufAppendF(msg, "invalid pipeline entry '%s'", entry);
  if (parsePipelineParserError(err, &col, &why)) {
    flyStrBufAppendF(msg, " at column %u: ", col);
    flyCaptureFirstLine(why, msg);
    const char *q = strchr(why, '\'');
    const char *qe = q ? strchr(q + 1, '\'') : NULL;
    if (qe && flyPassIsKnown((MlirStringRef){q + 1, (size_t)(qe - q - 1)}))
      flyStrBufAppend(msg, " (flyc's own passes run only at the top level of the pipeline)");
  } else {
    static const char optParser[] = "<Pass-Options-Parser>: ";
    FlyStrBuf first = {0};
    flyCaptureFirstLine(*printed ? printed : err, &first);
    const char *why1 = first.len ? first.data : "unknown pass";
    if (!strncmp(why1, optParser, sizeof optParser - 1))
      why1 += sizeof optParser - 1;
    flyStrBufAppendF(msg, ": %s", why1);
    flyStrBufDestroy(&first);
  }
  if (*printed || strchr(err, '\n')) {
    if (*printed)
      flyStrBufAppendF(msg, "\n%s", printed);
    if (*err)
      flyStrBufAppendF(msg, "\n%s", err);
  }
}

/* Adds one entry to `pm`: a flyc pass by name, or an upstream element. A
 * refused entry is one error at an unknown location: the pipeline is not
 * part of the input, so no place in the input is to blame. */
static MlirLogicalResult addToPassManager(MlirPassManager pm, const char *entry, MlirContext ctx) {
  MlirStringRef ref = mlirStringRefCreateFromCString(entry);
  FlyStrBuf err = {0}, printed = {0};
  MlirLogicalResult r = mlirLogicalResultSuccess();
  if (flyPassIsKnown(ref)) {
    MlirPass pass = flyPassCreate(ref, &err);
    if (!pass.ptr)
      r = mlirLogicalResultFailure();
    else
      mlirPassManagerAddOwnedPass(pm, pass);
  } else {
    /* LLVM's option parser prints a bad option value itself. */
    FlyCapture cap;
    flyCaptureBegin(&cap);
    MlirOpPassManager opm = mlirPassManagerGetAsOpPassManager(pm);
    r = mlirOpPassManagerAddPipeline(opm, ref, appendToBuf, &err);
    flyCaptureEnd(&cap, &printed);
  }
  if (mlirLogicalResultIsFailure(r)) {
    FlyStrBuf msg = {0};
    describeEntryError(entry, err.data ? err.data : "", printed.data ? printed.data : "", &msg);
    mlirEmitError(mlirLocationUnknownGet(ctx), msg.data ? msg.data : "invalid pipeline entry");
    flyStrBufDestroy(&msg);
  }
  flyStrBufDestroy(&err);
  flyStrBufDestroy(&printed);
  return r;
}

static void enableDumps(MlirPassManager pm, const char *dumpDir) {
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirPassManagerEnableIRPrinting(pm, /*printBeforeAll=*/false, /*printAfterAll=*/true,
                                  /*printModuleScope=*/true, /*onlyOnChange=*/false,
                                  /*onlyOnFailure=*/false, flags,
                                  mlirStringRefCreateFromCString(dumpDir));
  mlirOpPrintingFlagsDestroy(flags);
}

/* Upstream passes are found by name through MLIR's global registry, which
 * starts empty; fill it once per process with MLIR's core transforms
 * (canonicalize, cse, licm, sccp, ...) and the conversions flyc's pipeline
 * names. Not every upstream pass: registering all of them links every
 * dialect, every conversion and every LLVM backend into the compiler
 * library, whose static constructors then run at every load
 * (docs/pipeline.md, "Compile time"). A tool offering more registers them
 * itself (fly-opt). */
static void registerUpstreamPasses(void) {
  static bool done = false;
  if (!done) {
    mlirRegisterTransformsPasses();
    mlirRegisterConversionSCFToControlFlowPass();
    mlirRegisterConversionArithToAMDGPUConversionPass();
    mlirRegisterConversionConvertGpuOpsToROCDLOps();
    mlirRegisterConversionReconcileUnrealizedCastsPass();
    done = true;
  }
}

/* Adds the entries of stages `first` to `last` to a new pass manager; on
 * failure it is destroyed and a null one returned. */
static MlirPassManager buildPassManager(const FlyPipeline *pipeline, MlirContext ctx,
                                        FlyPipelineStage first, FlyPipelineStage last) {
  registerUpstreamPasses();
  MlirPassManager pm =
      mlirPassManagerCreateOnOperation(ctx, mlirStringRefCreateFromCString("builtin.module"));
  mlirPassManagerEnableVerifier(pm, pipeline->verifyEach);
  MlirLogicalResult r = mlirLogicalResultSuccess();
  for (size_t i = 0; i < pipeline->len; ++i) {
    FlyPipelineStage stage = pipeline->entries[i].stage;
    if (stage >= first && stage <= last &&
        mlirLogicalResultIsFailure(addToPassManager(pm, pipeline->entries[i].text, ctx)))
      r = mlirLogicalResultFailure();
  }
  if (mlirLogicalResultIsSuccess(r))
    return pm;
  mlirPassManagerDestroy(pm);
  return (MlirPassManager){NULL};
}

MlirLogicalResult flyPipelineCheck(const FlyPipeline *pipeline, MlirContext ctx) {
  MlirPassManager pm = buildPassManager(pipeline, ctx, FLY_STAGE_FLY, FLY_STAGE_LLVM);
  if (!pm.ptr)
    return mlirLogicalResultFailure();
  mlirPassManagerDestroy(pm);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult runEntries(const FlyPipeline *pipeline, MlirModule module,
                                    FlyPipelineStage firstStage, FlyPipelineStage lastStage,
                                    const char *dumpDir) {
  MlirPassManager pm =
      buildPassManager(pipeline, mlirModuleGetContext(module), firstStage, lastStage);
  if (!pm.ptr)
    return mlirLogicalResultFailure();
  if (dumpDir)
    enableDumps(pm, dumpDir);
  MlirLogicalResult r = mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module));
  mlirPassManagerDestroy(pm);
  return r;
}

void flyPipelineSetVerifyEach(FlyPipeline *pipeline, bool verifyEach) {
  pipeline->verifyEach = verifyEach;
}

/* Without verifyEach, the IR the entries produced is verified once: what
 * MLIR's verifier would have found after some pass is still an error (at
 * the offending op), before anything translates it. */
static MlirLogicalResult verifyOnce(const FlyPipeline *pipeline, MlirModule module,
                                    MlirLogicalResult r) {
  if (mlirLogicalResultIsFailure(r) || pipeline->verifyEach ||
      mlirOperationVerify(mlirModuleGetOperation(module)))
    return r;
  return mlirLogicalResultFailure();
}

MlirLogicalResult flyPipelineRun(const FlyPipeline *pipeline, MlirModule module,
                                 FlyPipelineStage firstStage, FlyPipelineStage lastStage,
                                 const char *dumpDir) {
  return verifyOnce(pipeline, module,
                    runEntries(pipeline, module, firstStage, lastStage, dumpDir));
}

/* `pass:` and the entry without its options and spaces:
 * `gpu.module(convert-gpu-to-rocdl{chipset=gfx950})` is timed as
 * `pass:gpu.module(convert-gpu-to-rocdl)`. */
static void timedName(const char *entry, FlyStrBuf *out) {
  flyStrBufAppend(out, "pass:");
  int braces = 0;
  for (const char *c = entry; *c; ++c) {
    braces += *c == '{';
    if (!braces && *c != ' ')
      flyStrBufAppendN(out, c, 1);
    braces -= *c == '}' && braces > 0;
  }
}

/* One entry at a time, each in its own pass manager, timed. */
static MlirLogicalResult runEntriesTimed(const FlyPipeline *pipeline, MlirModule module,
                                         FlyPipelineStage firstStage, FlyPipelineStage lastStage,
                                         const FlyStageTimer *timer) {
  for (size_t i = 0; i < pipeline->len; ++i) {
    FlyPipelineStage stage = pipeline->entries[i].stage;
    if (stage < firstStage || stage > lastStage)
      continue;
    FlyPipeline one = {
        .entries = &pipeline->entries[i], .len = 1, .cap = 1, .verifyEach = pipeline->verifyEach};
    double t0 = flyClockMs();
    MlirLogicalResult r = runEntries(&one, module, stage, stage, NULL);
    double ms = flyClockMs() - t0;
    FlyStrBuf name = {0};
    timedName(pipeline->entries[i].text, &name);
    timer->record(timer->userData, name.data ? name.data : "pass", ms);
    flyStrBufDestroy(&name);
    if (mlirLogicalResultIsFailure(r))
      return r;
  }
  return mlirLogicalResultSuccess();
}

MlirLogicalResult flyPipelineRunTimed(const FlyPipeline *pipeline, MlirModule module,
                                      FlyPipelineStage firstStage, FlyPipelineStage lastStage,
                                      const char *dumpDir, const FlyStageTimer *timer) {
  if (!timer)
    return flyPipelineRun(pipeline, module, firstStage, lastStage, dumpDir);
  double t0 = flyClockMs();
  if (dumpDir) {
    /* MLIR numbers the dumped files per pass manager: one for all, untimed. */
    MlirLogicalResult r = flyPipelineRun(pipeline, module, firstStage, lastStage, dumpDir);
    timer->record(timer->userData, "passes", flyClockMs() - t0);
    return r;
  }
  MlirLogicalResult r = runEntriesTimed(pipeline, module, firstStage, lastStage, timer);
  if (mlirLogicalResultIsFailure(r) || pipeline->verifyEach)
    return r;
  t0 = flyClockMs();
  r = verifyOnce(pipeline, module, r);
  timer->record(timer->userData, "pass:verify", flyClockMs() - t0);
  return r;
}
