/*===- driver.c - flyc's compile command -------------------------------------===*/
#include "driver.h"
#include "model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/tooldiag.h"
#include "../common/toolio.h"
#include "flyc/dialect.h"
#include "flyc/target.h"
#include "llvm-c/ErrorHandling.h"

static const char *const emitExtensions[] = {".hsaco", ".s", ".ll", ".mlir"};

/* --time-stages: the steps timed so far, printed once at the end. */
typedef struct StageTime {
  char *name;
  double ms;
} StageTime;

typedef struct StageTimes {
  StageTime *items;
  size_t len, cap;
} StageTimes;

static void recordStageTime(void *userData, const char *stage, double ms) {
  StageTimes *t = userData;
  if (t->len == t->cap) {
    size_t cap = t->cap ? 2 * t->cap : 32;
    StageTime *p = flyRealloc(t->items, cap * sizeof *p);
    if (!p)
      return; /* a time is dropped, nothing else is affected */
    t->items = p;
    t->cap = cap;
  }
  char *name = flyStrdup(stage);
  if (name)
    t->items[t->len++] = (StageTime){name, ms};
}

/* One line per step, `flyc: time STAGE MS ms`, in the order they ran. */
static void printStageTimes(const StageTimes *t, FILE *to) {
  for (size_t i = 0; i < t->len; ++i)
    fprintf(to, "flyc: time %s %.3f ms\n", t->items[i].name, t->items[i].ms);
}

static void destroyStageTimes(StageTimes *t) {
  for (size_t i = 0; i < t->len; ++i)
    flyFree(t->items[i].name);
  flyFree(t->items);
}

/* State of one compilation. */
typedef struct Job {
  const FlycOptions *o;
  FlyTargetOptions target;
  FlycEmit emit;
  FlyToolDiags diags;
  MlirContext ctx;
  MlirModule module;
  FlyPipeline *pipeline;
  FlyStrBuf output;  /* what goes to the output file */
  FlyStrBuf report;  /* --stats text */
  FlycModel *models; /* fly.model_launch of the input's kernels */
  StageTimes times;  /* --time-stages */
  FlyStageTimer timer;
} Job;

/* Reports the wall time since `t0` as `stage` (--time-stages). */
static void timeStage(Job *job, const char *stage, double t0) {
  if (job->o->timeStages)
    recordStageTime(&job->times, stage, flyClockMs() - t0);
}

/* The command line was checked by the executable (main.c). The chip is
 * settled once the input is read (resolveChip). */
static void configure(Job *job) {
  const FlycOptions *o = job->o;
  job->emit = o->emit;
  job->target.optLevel = o->optLevel;
  job->target.lldPath = getenv("FLYC_LLD"); /* NULL: the configured ld.lld */
  job->target.chip = o->hasChip ? o->chip : FLY_CHIP_GFX950;
  job->timer = (FlyStageTimer){recordStageTime, &job->times};
  job->target.timer = o->timeStages ? &job->timer : NULL;
}

/* The chip named by the input's #rocdl.target attributes, checked against
 * --chip; without either, gfx950. */
static bool resolveChip(Job *job) {
  FlyChip requested = job->target.chip;
  return mlirLogicalResultIsSuccess(flyTargetResolveChip(
      job->module, job->o->hasChip ? &requested : NULL, &job->target.chip));
}

static void appendToBuf(MlirStringRef s, void *userData) {
  flyStrBufAppendN(userData, s.data, s.length);
}

static bool parseInput(Job *job) {
  FlyStrBuf text = {0}, err = {0};
  bool ok = flyToolReadInput(job->o->input, &text, &err);
  if (!ok) {
    flyToolError(&job->diags, "%s", err.data);
  } else {
    job->module = flyModuleParse(job->ctx, mlirStringRefCreate(text.data ? text.data : "", text.len),
                                 job->o->input);
  }
  flyStrBufDestroy(&text);
  flyStrBufDestroy(&err);
  return ok && !mlirModuleIsNull(job->module);
}

static bool runStages(Job *job, FlyPipelineStage first, FlyPipelineStage last) {
  return mlirLogicalResultIsSuccess(flyPipelineRunTimed(job->pipeline, job->module, first, last,
                                                        job->o->dumpDir, job->target.timer));
}

/* The input's fly.model_launch attributes, checked as the input is read. */
static bool collectModels(Job *job) {
  bool failed = false;
  job->models = flycModelCollect(job->module, &failed);
  if (failed && job->diags.numErrors == 0)
    flyToolError(&job->diags, "out of memory");
  return !failed;
}

/* --stats: the timing model's figures of each fly.model_launch. */
static bool reportModels(Job *job, const FlyStrBuf *co) {
  FlyStrBuf err = {0};
  double t0 = flyClockMs();
  bool ok = flycModelReport(job->models, (const uint8_t *)co->data, co->len, &job->report, &err);
  timeStage(job, "model", t0);
  if (!ok)
    flyToolError(&job->diags, "%s", err.data ? err.data : "out of memory");
  flyStrBufDestroy(&err);
  return ok;
}

/* --stats reads the code object, so it needs one whatever is emitted. */
static bool makeReport(Job *job) {
  FlyStrBuf hsaco = {0}, err = {0};
  const FlyStrBuf *co = &job->output;
  bool ok = true;
  if (job->emit != FLYC_EMIT_HSACO) {
    co = &hsaco;
    ok = mlirLogicalResultIsSuccess(
        flyTargetEmit(job->module, &job->target, FLY_EMIT_HSACO, &hsaco));
  }
  double t0 = flyClockMs();
  bool formatted = ok && flyTargetFormatStats((const uint8_t *)co->data, co->len, &job->report, &err);
  timeStage(job, "stats", t0);
  if (ok && !formatted) {
    flyToolError(&job->diags, "cannot read the produced code object: %s", err.data);
    ok = false;
  }
  ok = ok && reportModels(job, co);
  flyStrBufDestroy(&hsaco);
  flyStrBufDestroy(&err);
  return ok;
}

/* --emit mlir stops after the fly stage (continuing only for --stats);
 * every other kind runs the whole pipeline and the backend. */
static bool compile(Job *job) {
  if (job->emit == FLYC_EMIT_MLIR) {
    if (!runStages(job, FLY_STAGE_FLY, FLY_STAGE_FLY))
      return false;
    mlirOperationPrint(mlirModuleGetOperation(job->module), appendToBuf, &job->output);
    flyStrBufAppend(&job->output, "\n");
    if (!job->o->stats)
      return true;
    if (!runStages(job, FLY_STAGE_LLVM, FLY_STAGE_LLVM))
      return false;
  } else {
    static const FlyEmitKind kinds[] = {FLY_EMIT_HSACO, FLY_EMIT_ISA, FLY_EMIT_LLVM};
    if (!runStages(job, FLY_STAGE_FLY, FLY_STAGE_LLVM) ||
        mlirLogicalResultIsFailure(
            flyTargetEmit(job->module, &job->target, kinds[job->emit], &job->output)))
      return false;
  }
  return !job->o->stats || makeReport(job);
}

/* Without -o: text kinds and '-' input go to standard output; a code object
 * goes next to the input, named after it. */
static char *defaultOutput(const Job *job) {
  const char *in = job->o->input;
  if (job->emit != FLYC_EMIT_HSACO || !strcmp(in, "-"))
    return flyStrdup("-");
  const char *base = strrchr(in, '/');
  base = base ? base + 1 : in;
  const char *dot = strrchr(base, '.');
  size_t stem = dot && dot != base ? (size_t)(dot - base) : strlen(base);
  FlyStrBuf b = {0};
  flyStrBufAppendF(&b, "%.*s%s", (int)stem, base, emitExtensions[job->emit]);
  return flyStrBufTake(&b);
}

static bool writeResults(Job *job) {
  if (job->output.oom || job->report.oom) {
    flyToolError(&job->diags, "out of memory");
    return false;
  }
  char *path = job->o->output ? flyStrdup(job->o->output) : defaultOutput(job);
  FlyStrBuf err = {0};
  bool ok = path && flyToolWriteOutput(path, job->output.data, job->output.len, &err);
  if (!ok)
    flyToolError(&job->diags, "%s", err.data ? err.data : "out of memory");
  /* The report goes to stdout unless the output itself does. */
  if (ok && job->report.len)
    fputs(job->report.data, strcmp(path, "-") ? stdout : stderr);
  flyStrBufDestroy(&err);
  flyFree(path);
  return ok;
}

static int printPipeline(Job *job) {
  FlyStrBuf b = {0};
  flyPipelinePrint(job->pipeline, FLY_STAGE_LLVM, &b);
  printf("%s\n", b.data ? b.data : "");
  flyStrBufDestroy(&b);
  return 0;
}

/* `flyc CODE.hsaco`: the report of an existing code object (from flyc or
 * any other compiler); nothing is compiled or written. */
static int reportCodeObject(Job *job, const FlyStrBuf *bytes) {
  FlyStrBuf err = {0};
  int rc = 0;
  if (!flyTargetFormatStats((const uint8_t *)bytes->data, bytes->len, &job->report, &err)) {
    flyToolError(&job->diags, "cannot read code object '%s': %s", job->o->input,
                 err.data ? err.data : "out of memory");
    rc = 1;
  } else {
    fputs(job->report.data ? job->report.data : "", stdout);
  }
  flyStrBufDestroy(&err);
  return rc;
}

static bool isElf(const FlyStrBuf *b) { return b->len >= 4 && !memcmp(b->data, "\177ELF", 4); }

/* MLIR's IR printer reports a directory it cannot create on stderr, once
 * per pass, and carries on: check the directory before compiling anything. */
static bool prepareDumpDir(Job *job) {
  if (!job->o->dumpDir || job->o->printPipeline)
    return true;
  FlyStrBuf err = {0};
  bool ok = flyToolMakeDirectory(job->o->dumpDir, &err);
  if (!ok)
    flyToolError(&job->diags, "--dump-after-each: %s", err.data ? err.data : "out of memory");
  flyStrBufDestroy(&err);
  return ok;
}

/* `flyc CODE.hsaco`: returns the report's exit status, or -1 when the input
 * is not a code object. */
static int reportIfCodeObject(Job *job) {
  const FlycOptions *o = job->o;
  if (!o->input || !strcmp(o->input, "-"))
    return -1;
  FlyStrBuf head = {0}, err = {0};
  double t0 = flyClockMs();
  bool read = flyToolReadInput(o->input, &head, &err);
  timeStage(job, "read-input", t0);
  int rc = -1;
  if (read && isElf(&head)) {
    /* Nothing is compiled: options about compiling would be ignored. */
    const char *moot = o->output                    ? "-o"
                       : o->emit != FLYC_EMIT_HSACO ? "--emit"
                       : o->dumpDir                 ? "--dump-after-each"
                       : o->printPipeline           ? "--print-pipeline"
                       : o->hasChip                 ? "--chip"
                                                    : NULL;
    if (moot) {
      flyToolError(&job->diags,
                   "'%s' is a code object, of which flyc prints the report: %s does not apply",
                   o->input, moot);
      rc = 2;
    } else {
      rc = reportCodeObject(job, &head);
    }
  }
  flyStrBufDestroy(&head);
  flyStrBufDestroy(&err);
  return rc;
}

static bool createPipeline(Job *job) {
  job->pipeline = flyPipelineCreateDefault(&job->target);
  if (!job->pipeline)
    flyToolError(&job->diags, "out of memory");
  return job->pipeline != NULL;
}

static int run(Job *job) {
  int rc;
  configure(job);
  if ((rc = reportIfCodeObject(job)) >= 0)
    return rc;
  if (!prepareDumpDir(job))
    return 1;
  /* Without an input, --print-pipeline prints the pipeline for --chip. */
  if (job->o->printPipeline && !job->o->input)
    return createPipeline(job) ? printPipeline(job) : 1;
  double t0 = flyClockMs();
  job->ctx = flyContextCreate();
  timeStage(job, "context", t0);
  if (mlirContextIsNull(job->ctx)) {
    flyToolError(&job->diags, "cannot load the fly dialect (broken installation)");
    return 1;
  }
  flyToolDiagsAttach(&job->diags, job->ctx);
  t0 = flyClockMs();
  bool parsed = parseInput(job) && resolveChip(job) && collectModels(job);
  timeStage(job, "parse", t0);
  if (!parsed || !createPipeline(job))
    return 1;
  if (job->o->printPipeline)
    return printPipeline(job);
  bool ok = compile(job);
  t0 = flyClockMs();
  ok = ok && writeResults(job);
  timeStage(job, "write", t0);
  return ok && job->diags.numErrors == 0 ? 0 : 1;
}

/* LLVM's report_fatal_error (e.g. an operation its instruction selector has
 * no library call for) ends the process: when the handler returns, LLVM
 * aborts. So the handler prints the one line itself, on a copy of stderr
 * taken at start (stderr may be captured at that moment), and exits with 1.
 * Nothing has been written: outputs are written only after success. */
static struct {
  int fd;
  const char *input;
  bool verbose;
} fatal = {2, "-", false};

static void onLlvmFatalError(const char *reason) {
  const char *nl = strchr(reason, '\n');
  int head = nl ? (int)(nl - reason) : (int)strlen(reason);
  dprintf(fatal.fd, "flyc: error: LLVM stopped with an internal error compiling '%s': %.*s\n",
          fatal.input, head, reason);
  if (fatal.verbose && nl)
    dprintf(fatal.fd, "%s\n", nl + 1);
  _exit(1);
}

static void installFatalErrorHandler(const FlycOptions *o) {
  int fd = dup(2);
  fatal.fd = fd >= 0 ? fd : 2;
  fatal.input = o->input ? o->input : "-";
  fatal.verbose = o->verbose;
  LLVMInstallFatalErrorHandler(onLlvmFatalError);
}

__attribute__((visibility("default"))) int flycCompilerRun(const FlycOptions *options,
                                                           size_t optionsSize) {
  if (optionsSize != sizeof(FlycOptions)) {
    fputs("flyc: error: the compiler library is from another build of flyc\n", stderr);
    return 1;
  }
  installFatalErrorHandler(options);
  Job job = {.o = options,
             .diags = {.tool = "flyc", .stream = stderr, .verbose = options->verbose}};
  int rc = run(&job);
  /* Every failure must say why; a pass that fails without a diagnostic is
   * a bug in flyc, but the user still gets a line. */
  if (rc == 1 && job.diags.numErrors == 0)
    flyToolError(&job.diags, "compilation of '%s' failed without a diagnostic (a bug in flyc)",
                 options->input ? options->input : "-");
  double t0 = flyClockMs();
  if (!mlirModuleIsNull(job.module))
    mlirModuleDestroy(job.module);
  if (!mlirContextIsNull(job.ctx))
    mlirContextDestroy(job.ctx);
  flyPipelineDestroy(job.pipeline);
  flycModelDestroy(job.models);
  timeStage(&job, "cleanup", t0);
  if (options->timeStages) {
    /* The executable's own steps come first: they ran first. */
    fprintf(stderr, "flyc: time startup %.3f ms\n", options->startupCpuMs);
    fprintf(stderr, "flyc: time load-library %.3f ms\n", options->loadMs);
    printStageTimes(&job.times, stderr);
    fprintf(stderr, "flyc: time total %.3f ms\n", flyClockMs() - options->mainMs);
  }
  destroyStageTimes(&job.times);
  flyStrBufDestroy(&job.output);
  flyStrBufDestroy(&job.report);
  flyToolDiagsDestroy(&job.diags);
  LLVMResetFatalErrorHandler();
  if (fatal.fd != 2)
    close(fatal.fd);
  return rc;
}
