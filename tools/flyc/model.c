/*===- model.c - flyc --stats: the timing model's main-loop figures ------===*
 *
 * fly.model_launch is parsed with flyc-run's own command-line parser
 * (tools/flyc-run/run.h), so a launch that flyc accepts is one flyc-run
 * runs, and the figures are those of
 *   flyc-run K.hsaco --kernel NAME LAUNCH --timing --estimate
 * (a quarter of one XCD's CUs simulated in detail, in the memory system of
 * a device whose other CUs are equally busy: docs/timing.md, "Estimate").
 *===----------------------------------------------------------------------===*/
#include "model.h"

#include "../flyc-run/run.h"

#include "flyc/chip.h"
#include "flyc/codeobj.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"

#include <stdio.h>
#include <string.h>

enum { MODEL_MAX_WORDS = 256 };

/* Bounds of a model launch, so that --stats neither hangs on a kernel that
 * does not end nor takes the machine's memory: instructions per wave (a
 * reference GEMM's waves retire 10^4 to 10^5) and buffer bytes. */
#define MODEL_MAX_WAVE_INSTRUCTIONS (UINT64_C(1) << 24)
#define MODEL_MAX_BUFFER_BYTES (UINT64_C(4) << 30)

/// One kernel's launch: its words (argv[0] "fly.model_launch", argv[1] a
/// stand-in for the code object, --kernel NAME, then the attribute's words)
/// and the options parsed from them.
typedef struct Launch {
  char *text;               /* owned copy the words point into */
  char *kernel;             /* owned */
  char *argv[MODEL_MAX_WORDS + 4];
  char fixed[3][24];        /* the first three words' storage */
  int argc;
  RunOptions opts;
} Launch;

/* Each launch is its own allocation: its options point into it. */
struct FlycModel {
  Launch **launches;
  size_t num, cap;
  bool failed;
};

static void launchDestroy(Launch *l) {
  if (!l)
    return;
  runOptionsDestroy(&l->opts);
  flyFree(l->text);
  flyFree(l->kernel);
  flyFree(l);
}

void flycModelDestroy(FlycModel *m) {
  if (!m)
    return;
  for (size_t i = 0; i < m->num; ++i)
    launchDestroy(m->launches[i]);
  flyFree(m->launches);
  flyFree(m);
}

static void emitAt(MlirOperation op, const char *prefix, const char *detail) {
  FlyStrBuf msg = {0};
  flyStrBufAppendF(&msg, "%s%s", prefix, detail);
  mlirEmitError(mlirOperationGetLocation(op), msg.data ? msg.data : "out of memory");
  flyStrBufDestroy(&msg);
}

/* The options a model launch may give: what shapes the launch. Outputs,
 * checks, files and the run's own switches belong to flyc-run. */
static bool allowedOption(const char *w) {
  static const char *const ok[] = {"--grid", "--block", "--gpu", "--lds"};
  for (size_t i = 0; i < sizeof ok / sizeof *ok; ++i)
    if (!strcmp(w, ok[i]))
      return true;
  return false;
}

/* Splits the text at spaces into l->argv after the four fixed words. */
static const char *splitWords(Launch *l) {
  static const char *const words[3] = {"fly.model_launch", "(code object)", "--kernel"};
  for (int i = 0; i < 3; ++i) {
    snprintf(l->fixed[i], sizeof l->fixed[i], "%s", words[i]);
    l->argv[i] = l->fixed[i];
  }
  l->argv[3] = l->kernel;
  l->argc = 4;
  bool value = false;
  for (char *p = strtok(l->text, " \t\n"); p; p = strtok(NULL, " \t\n")) {
    if (l->argc >= MODEL_MAX_WORDS + 4)
      return "too many words";
    if (!value && !strncmp(p, "--", 2) && !allowedOption(p))
      return "only --grid, --block, --gpu, --lds and the kernel's arguments are allowed";
    value = !value && !strncmp(p, "--", 2);
    l->argv[l->argc++] = p;
  }
  return NULL;
}

/* Parses and checks one launch; NULL, or why it is bad. */
static const char *parseLaunch(Launch *l, FlyStrBuf *err) {
  const char *why = splitWords(l);
  if (why)
    return why;
  if (!runOptionsInit(&l->opts, l->argc))
    return "out of memory";
  if (runCommandLineParse(&l->opts, l->argc, l->argv, err))
    return err->data ? err->data : "is invalid";
  uint64_t bytes = 0;
  for (size_t i = 0; i < l->opts.numArgs; ++i) {
    const RunArg *a = &l->opts.args[i];
    if (a->isBuffer && a->init == RUN_INIT_FILE)
      return "buffers are filled with zeros, const= or rand= only (no file=)";
    bytes += a->isBuffer ? runArgBytes(a) : 0; /* each < 2^35: no overflow */
  }
  if (bytes > MODEL_MAX_BUFFER_BYTES)
    return "buffers take more than the 4 GiB a model launch may use";
  return NULL;
}

static char *copyRef(MlirStringRef s) {
  char *c = flyAlloc(s.length + 1);
  if (c) {
    memcpy(c, s.data, s.length);
    c[s.length] = 0;
  }
  return c;
}

static MlirStringRef ref(const char *s) { return mlirStringRefCreateFromCString(s); }

/* A gpu.func's fly.model_launch, added to the list (or an error). */
static void collectOne(FlycModel *m, MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, ref("fly.model_launch"));
  if (mlirAttributeIsNull(a))
    return;
  MlirAttribute name = mlirOperationGetAttributeByName(op, ref("sym_name"));
  MlirIdentifier opName = mlirOperationGetName(op);
  MlirStringRef on = mlirIdentifierStr(opName);
  bool isFunc = on.length == 8 && !memcmp(on.data, "gpu.func", 8);
  if (!isFunc || mlirAttributeIsNull(name) || !mlirAttributeIsAString(a)) {
    emitAt(op, "", "fly.model_launch must be a string attribute of a gpu.func kernel");
    m->failed = true;
    return;
  }
  if (m->num == m->cap) {
    size_t cap = m->cap ? 2 * m->cap : 4;
    Launch **grown = flyRealloc(m->launches, cap * sizeof *grown);
    if (!grown) {
      m->failed = true;
      return;
    }
    m->launches = grown;
    m->cap = cap;
  }
  Launch *l = flyCalloc(1, sizeof *l);
  MlirStringRef text = mlirStringAttrGetValue(a), kname = mlirStringAttrGetValue(name);
  if (l) {
    l->text = copyRef(text);
    l->kernel = copyRef(kname);
  }
  FlyStrBuf err = {0};
  const char *why = l && l->text && l->kernel ? parseLaunch(l, &err) : "out of memory";
  if (why) {
    emitAt(op, "fly.model_launch: ", why);
    m->failed = true;
    launchDestroy(l);
  } else {
    m->launches[m->num++] = l;
  }
  flyStrBufDestroy(&err);
}

static MlirWalkResult visit(MlirOperation op, void *userData) {
  collectOne(userData, op);
  return MlirWalkResultAdvance;
}

FlycModel *flycModelCollect(MlirModule module, bool *failed) {
  FlycModel *m = flyCalloc(1, sizeof *m);
  if (!m) {
    *failed = true;
    return NULL;
  }
  mlirOperationWalk(mlirModuleGetOperation(module), visit, m, MlirWalkPreOrder);
  *failed = m->failed;
  if (m->failed) {
    flycModelDestroy(m);
    return NULL;
  }
  return m;
}

/* Fills the launch's buffers and runs it in the timing model. */
static bool runLaunch(Launch *l, FlyDevice *dev, FlyModule *mod, uint8_t *stage,
                      FlyEmuTimingReport *report, FlyStrBuf *err) {
  RunOptions *o = &l->opts;
  const FlyKernelInfo *k = flyModuleGetKernel(mod, l->kernel);
  if (!k) {
    flyStrBufAppendF(err, "fly.model_launch of '%s': no such kernel in the code object",
                     l->kernel);
    return false;
  }
  bool ok = true;
  for (size_t i = 0; ok && i < o->numArgs; ++i)
    ok = runArgMaterialize(dev, &o->args[i], stage, err);
  FlyArgs *args = ok ? flyArgsCreate() : NULL;
  ok = ok && args && runAbiAppend(k, o->args, o->numArgs, args, err);
  FlyLaunchConfig cfg = {{o->grid[0], o->grid[1], o->grid[2]},
                         {o->block[0], o->block[1], o->block[2]}, o->lds, false,
                         MODEL_MAX_WAVE_INSTRUCTIONS};
  FlyEmuTimingOptions topt = {o->timing.gpu, true, 0, 0, 0};
  FlyLaunchResult result;
  if (ok && !flyLaunchTimed(dev, mod, l->kernel, &cfg, args, &topt, report, &result)) {
    flyStrBufAppendF(err, "fly.model_launch of '%s': %s", l->kernel,
                     result.fault.message[0] ? result.fault.message : "the launch failed");
    ok = false;
  }
  flyArgsDestroy(args);
  for (size_t i = 0; i < o->numArgs; ++i)
    if (o->args[i].isBuffer && o->args[i].buf.size)
      flyDeviceFree(dev, o->args[i].buf);
  return ok;
}

static void formatLine(const Launch *l, const FlyEmuTimingReport *r, FlyStrBuf *out) {
  flyStrBufAppendF(out, "kernel %s: timing model (fly.model_launch on %s, grid %ux%ux%u, %u CUs "
                   "simulated):\n", l->kernel, r->gpu, l->opts.grid[0], l->opts.grid[1],
                   l->opts.grid[2], r->simCus);
  if (r->hasLoop && r->cyclesPerIteration > 0)
    flyStrBufAppendF(out, "  main loop: %.1f cycles per iteration, mfma-busy %.2f%% at %u "
                     "waves/SIMD (%u MFMAs, %llu MFMA cycles per wave), %.1f LDS "
                     "bank-conflict cycles per iteration\n",
                     r->cyclesPerIteration, 100.0 * r->loopMfmaBusy, r->wavesPerSimd,
                     r->loopMfmas, (unsigned long long)r->loopMfmaCycles,
                     r->loopLdsConflictPerIteration);
  else if (r->hasLoop)
    flyStrBufAppend(out, "  main loop: no steady state (no wave took its back-edge three "
                         "times: a deeper K gives one)\n");
  else
    flyStrBufAppend(out, "  main loop: none (no back-edge executed)\n");
  flyStrBufAppendF(out, "  predicted: %.3f us for the grid, mfma utilization %.1f%%\n",
                   r->predictedUs, 100.0 * r->mfmaUtilization);
}

bool flycModelReport(const FlycModel *m, const uint8_t *bytes, size_t n, FlyStrBuf *report,
                     FlyStrBuf *err) {
  if (!m || m->num == 0)
    return true;
  FlyRuntime *rt = flyRuntimeCreate();
  uint8_t *stage = flyAlloc(RUN_STAGE_BYTES);
  bool ok = rt && stage;
  if (!ok)
    flyStrBufAppend(err, "out of memory");
  FlyDevice *dev = NULL;
  FlyModule *mod = NULL;
  for (size_t i = 0; ok && i < m->num; ++i) {
    if (!dev) {
      FlyCodeObject *co = flyCodeObjectCreate(bytes, n, err);
      ok = co != NULL;
      const char *chip = ok ? flyChipGetInfo(flyCodeObjectGetChip(co))->name : NULL;
      flyCodeObjectDestroy(co);
      dev = ok ? flyRuntimeCreateDevice(rt, chip, 1, err) : NULL;
      mod = dev ? flyModuleLoad(dev, bytes, n, err) : NULL;
      ok = mod != NULL;
    }
    FlyEmuTimingReport r;
    if (ok && (ok = runLaunch(m->launches[i], dev, mod, stage, &r, err))) {
      formatLine(m->launches[i], &r, report);
      flyEmuTimingReportDestroy(&r);
    }
  }
  flyFree(stage);
  flyRuntimeDestroy(rt);
  return ok;
}
