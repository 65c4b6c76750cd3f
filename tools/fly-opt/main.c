/*===- fly-opt - Run passes on fly IR, one at a time, for tests -----------===*
 *
 *   fly-opt [INPUT] [--pipeline P] [-o OUTPUT] [--verify-diagnostics]
 *
 * P is a comma-separated list of pipeline entries, each a flyc pass
 * (`fly-resolve-block-dim`) or any upstream MLIR pass or nested pipeline
 * (`canonicalize`, `gpu.module(convert-gpu-to-rocdl{chipset=gfx950})`); it
 * is the same syntax `flyc --print-pipeline` prints, so a compilation can be
 * replayed step by step.
 *===----------------------------------------------------------------------===*/
#include <stdio.h>
#include <string.h>

#include "../common/tooldiag.h"
#include "../common/toolio.h"
#include "expect.h"
#include "flyc/dialect.h"
#include "flyc/target.h"
#include "flyc/transforms.h"
#include "mlir-c/RegisterEverything.h"

typedef struct Options {
  const char *input, *output, *pipeline, *pipelineFile;
  char *ownedPipeline; /* the contents of pipelineFile, when given */
  bool verifyDiagnostics, listPasses, help, verbose;
} Options;

static void printUsage(FILE *to) {
  fputs("usage: fly-opt [INPUT|-] [--pipeline P | --pipeline-file F] [-o OUTPUT] [--verify-diagnostics]\n"
        "       fly-opt --list-passes\n"
        "\n"
        "  --pipeline P           comma-separated passes: flyc passes and any upstream\n"
        "                         MLIR pass or nested pipeline (as flyc --print-pipeline)\n"
        "  --pipeline-file F      read P from file F (e.g. saved flyc --print-pipeline)\n"
        "  -o FILE                output (default: standard output)\n"
        "  --verify-diagnostics   check `// expected-error@+N {{text}}` annotations in the\n"
        "                         input against the diagnostics instead of printing IR\n"
        "  --list-passes          list flyc's own passes\n"
        "  -v, --verbose          with each error, print its details (notes, the operation\n"
        "                         MLIR reports, a pipeline parser's caret diagram)\n",
        to);
}

static int parseArgs(int argc, char **argv, Options *o) {
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      o->help = true;
    } else if (!strcmp(a, "--verify-diagnostics")) {
      o->verifyDiagnostics = true;
    } else if (!strcmp(a, "--list-passes")) {
      o->listPasses = true;
    } else if (!strcmp(a, "--verbose") || !strcmp(a, "-v")) {
      o->verbose = true;
    } else if (!strcmp(a, "-o") || !strcmp(a, "--pipeline") || !strcmp(a, "--pipeline-file")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "fly-opt: error: option '%s' needs a value\n", a);
        return 2;
      }
      const char **slot = !strcmp(a, "-o")           ? &o->output
                          : !strcmp(a, "--pipeline") ? &o->pipeline
                                                     : &o->pipelineFile;
      *slot = argv[++i];
    } else if (!strncmp(a, "--pipeline=", 11)) {
      o->pipeline = a + 11;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "fly-opt: error: unknown option '%s'\n", a);
      return 2;
    } else if (o->input) {
      fprintf(stderr, "fly-opt: error: more than one input file\n");
      return 2;
    } else {
      o->input = a;
    }
  }
  if (o->pipeline && o->pipelineFile) {
    fputs("fly-opt: error: give --pipeline or --pipeline-file, not both\n", stderr);
    return 2;
  }
  return 0;
}

static void appendToBuf(MlirStringRef s, void *userData) {
  flyStrBufAppendN(userData, s.data, s.length);
}

static MlirModule parse(MlirContext ctx, const char *input, const FlyStrBuf *text) {
  return flyModuleParse(ctx, mlirStringRefCreate(text->data ? text->data : "", text->len), input);
}

/* Parses the input and runs `pipeline` (NULL: none) on it; returns true
 * when both succeed. */
static bool process(const Options *o, MlirContext ctx, const FlyPipeline *pipeline,
                    const FlyStrBuf *text, FlyStrBuf *out) {
  MlirModule module = parse(ctx, o->input, text);
  if (mlirModuleIsNull(module))
    return false;
  bool ok = !pipeline || mlirLogicalResultIsSuccess(
                             flyPipelineRun(pipeline, module, FLY_STAGE_FLY, FLY_STAGE_LLVM, NULL));
  if (ok) {
    mlirOperationPrint(mlirModuleGetOperation(module), appendToBuf, out);
    flyStrBufAppend(out, "\n");
  }
  mlirModuleDestroy(module);
  return ok;
}

static int listPasses(void) {
  for (size_t i = 0; i < flyPassGetNumRegistered(); ++i)
    printf("  %-28s %s\n", flyPassGetFlag(i), flyPassGetSummary(i));
  return 0;
}

/* Replaces --pipeline-file F by its contents (trailing white space cut). */
static bool loadPipelineFile(Options *o, FlyToolDiags *diags) {
  if (!o->pipelineFile)
    return true;
  FlyStrBuf text = {0}, err = {0};
  bool ok = flyToolReadInput(o->pipelineFile, &text, &err);
  if (ok) {
    while (text.len && (text.data[text.len - 1] == '\n' || text.data[text.len - 1] == ' '))
      text.data[--text.len] = '\0';
    o->ownedPipeline = flyStrBufTake(&text);
    o->pipeline = o->ownedPipeline;
  } else {
    flyToolError(diags, "%s", err.data);
  }
  flyStrBufDestroy(&text);
  flyStrBufDestroy(&err);
  return ok;
}

/* Reads and splits the pipeline text; returns 0, 1 (unreadable file) or 2
 * (malformed text: a bad option value). */
static int loadPipeline(Options *o, FlyToolDiags *diags, FlyPipeline **out) {
  if (!loadPipelineFile(o, diags))
    return 1;
  if (!o->pipeline)
    return 0;
  FlyStrBuf err = {0};
  *out = flyPipelineCreateParse(o->pipeline, &err);
  if (*out) /* a pass that breaks the IR is named in the error */
    flyPipelineSetVerifyEach(*out, true);
  if (!*out)
    flyToolError(diags, "%s", err.data ? err.data : "out of memory");
  flyStrBufDestroy(&err);
  return *out ? 0 : 2;
}

/* Every entry must name a pass before any input is read. Its errors are
 * about the command line, so they print even with --verify-diagnostics. */
static bool checkPipeline(const FlyPipeline *pipeline, MlirContext ctx, FlyToolDiags *diags) {
  if (!pipeline)
    return true;
  FlyToolDiags saved = *diags;
  diags->stream = stderr;
  diags->capture = 0;
  bool ok = mlirLogicalResultIsSuccess(flyPipelineCheck(pipeline, ctx));
  diags->stream = saved.stream;
  diags->capture = saved.capture;
  return ok;
}

static int writeOutput(const Options *o, FlyToolDiags *diags, const FlyStrBuf *out) {
  FlyStrBuf werr = {0};
  int rc = flyToolWriteOutput(o->output ? o->output : "-", out->data, out->len, &werr) ? 0 : 1;
  if (rc)
    flyToolError(diags, "%s", werr.data);
  flyStrBufDestroy(&werr);
  return rc;
}

static int run(Options *o) {
  if (!o->input)
    o->input = "-";
  FlyToolDiags diags = {.tool = "fly-opt", .stream = o->verifyDiagnostics ? NULL : stderr,
                        .capture = o->verifyDiagnostics, .verbose = o->verbose};
  FlyStrBuf text = {0}, err = {0}, out = {0};
  FlyPipeline *pipeline = NULL;
  MlirContext ctx = {NULL};
  int rc = loadPipeline(o, &diags, &pipeline);
  if (!rc) {
    ctx = flyContextCreate();
    flyToolDiagsAttach(&diags, ctx);
    rc = checkPipeline(pipeline, ctx, &diags) ? 0 : 2;
  }
  if (!rc && !flyToolReadInput(o->input, &text, &err)) {
    flyToolError(&diags, "%s", err.data);
    rc = 1;
  }
  if (!rc) {
    bool ok = process(o, ctx, pipeline, &text, &out);
    if (o->verifyDiagnostics)
      rc = flyExpectVerify(o->input, text.data, &diags) ? 0 : 1;
    else
      rc = ok ? writeOutput(o, &diags, &out) : 1;
    /* A pass that fails without a diagnostic is a bug; still say so. */
    if (rc && !ok && diags.numErrors == 0 && !o->verifyDiagnostics)
      flyToolError(&diags, "the pipeline failed on '%s' without a diagnostic (a bug in the pass)",
                   o->input);
  }
  if (ctx.ptr)
    mlirContextDestroy(ctx);
  flyPipelineDestroy(pipeline);
  flyStrBufDestroy(&text);
  flyStrBufDestroy(&err);
  flyStrBufDestroy(&out);
  flyToolDiagsDestroy(&diags);
  flyFree(o->ownedPipeline);
  return rc;
}

int main(int argc, char **argv) {
  Options o = {0};
  int rc = parseArgs(argc, argv, &o);
  if (rc)
    return rc;
  if (o.help) {
    printUsage(stdout);
    return 0;
  }
  /* flyc's library registers only the upstream passes its pipeline and
   * MLIR's core transforms need; a test pipeline may name any other. */
  mlirRegisterAllPasses();
  if (o.listPasses)
    rc = listPasses();
  else
    rc = run(&o);
  bool flushed = flyToolFlushStdout("fly-opt");
  return rc ? rc : flushed ? 0 : 1;
}
