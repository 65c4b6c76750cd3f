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

typedef struct Options {
  const char *input, *output, *pipeline, *pipelineFile;
  char *ownedPipeline; /* the contents of pipelineFile, when given */
  bool verifyDiagnostics, listPasses, help;
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
        "  --list-passes          list flyc's own passes\n",
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
  return 0;
}

static void appendToBuf(MlirStringRef s, void *userData) {
  flyStrBufAppendN(userData, s.data, s.length);
}

static MlirModule parse(MlirContext ctx, const char *input, const FlyStrBuf *text) {
  if (!strcmp(input, "-"))
    return mlirModuleCreateParse(ctx, mlirStringRefCreate(text->data, text->len));
  return mlirModuleCreateParseFromFile(ctx, mlirStringRefCreateFromCString(input));
}

/* Parses and runs the pipeline; returns true when both succeed. */
static bool process(const Options *o, MlirContext ctx, FlyToolDiags *diags, const FlyStrBuf *text,
                    FlyStrBuf *out) {
  MlirModule module = parse(ctx, o->input, text);
  if (mlirModuleIsNull(module))
    return false;
  bool ok = true;
  if (o->pipeline) {
    FlyStrBuf err = {0};
    FlyPipeline *p = flyPipelineCreateParse(o->pipeline, &err);
    if (!p)
      flyToolError(diags, "%s", err.data ? err.data : "out of memory");
    ok = p && mlirLogicalResultIsSuccess(
                  flyPipelineRun(p, module, FLY_STAGE_FLY, FLY_STAGE_LLVM, NULL));
    flyPipelineDestroy(p);
    flyStrBufDestroy(&err);
  }
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

static int run(Options *o) {
  FlyToolDiags diags = {.tool = "fly-opt", .stream = o->verifyDiagnostics ? NULL : stderr,
                        .capture = o->verifyDiagnostics};
  FlyStrBuf text = {0}, err = {0}, out = {0};
  int rc = 1;
  if (!flyToolReadInput(o->input, &text, &err)) {
    flyToolError(&diags, "%s", err.data);
  } else if (!loadPipelineFile(o, &diags)) {
    rc = 1;
  } else {
    MlirContext ctx = flyContextCreate();
    flyToolDiagsAttach(&diags, ctx);
    bool ok = process(o, ctx, &diags, &text, &out);
    mlirContextDestroy(ctx);
    if (o->verifyDiagnostics) {
      rc = flyExpectVerify(o->input, text.data, &diags) ? 0 : 1;
    } else if (ok) {
      FlyStrBuf werr = {0};
      rc = flyToolWriteOutput(o->output ? o->output : "-", out.data, out.len, &werr) ? 0 : 1;
      if (rc)
        flyToolError(&diags, "%s", werr.data);
      flyStrBufDestroy(&werr);
    }
  }
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
  if (o.listPasses)
    return listPasses();
  if (!o.input)
    o.input = "-";
  return run(&o);
}
