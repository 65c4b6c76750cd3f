/*===- fuzz_fly_text.c - Fuzz flyc's compile path on MLIR text ------------===*
 *
 * Input: a module in MLIR text, as `flyc IN.mlir` reads it. It is parsed,
 * its fly.model_launch attributes checked (tools/flyc/model.h; they are
 * not run), its chip resolved from #rocdl.target, run through flyc's whole pipeline
 * and translated, optimised and compiled to AMDGPU assembly (everything
 * `flyc --emit isa` does; linking is left out, it only sees LLVM's output).
 * Properties: no crash, hang or sanitizer report (LLVM's fatal errors abort
 * here, so they count as crashes: flyc must reject such input first), and
 * every failure comes with an error diagnostic whose first line is the
 * message. Chips and optimisation levels vary with the input's length so
 * both chips are exercised.
 *===----------------------------------------------------------------------===*/
#include "fuzz.h"

#include <string.h>

#include "flyc/dialect.h"
#include "flyc/support.h"
#include "flyc/target.h"
#include "model.h"
#include "tooldiag.h"

static int compile(MlirContext ctx, const char *text, size_t size) {
  MlirModule module = flyModuleParse(ctx, mlirStringRefCreate(text, size), NULL);
  if (mlirModuleIsNull(module))
    return 1;
  bool badLaunch = false;
  flycModelDestroy(flycModelCollect(module, &badLaunch));
  if (badLaunch) {
    mlirModuleDestroy(module);
    return 1;
  }
  /* Without a target in the text, the chip alternates with the input. */
  FlyChip requested = size % 2 ? FLY_CHIP_GFX942 : FLY_CHIP_GFX950;
  const FlyChip *chip = strstr(text, "rocdl.target") ? NULL : &requested;
  FlyTargetOptions opts = {FLY_CHIP_GFX950, size % 3 == 0 ? 1 : 3, NULL, NULL};
  int rc = 1;
  FlyPipeline *pipeline = NULL;
  FlyStrBuf out = {0};
  if (mlirLogicalResultIsSuccess(flyTargetResolveChip(module, chip, &opts.chip))) {
    pipeline = flyPipelineCreateDefault(&opts);
    if (pipeline &&
        mlirLogicalResultIsSuccess(
            flyPipelineRun(pipeline, module, FLY_STAGE_FLY, FLY_STAGE_LLVM, NULL)) &&
        mlirLogicalResultIsSuccess(flyTargetEmit(module, &opts, FLY_EMIT_ISA, &out)))
      rc = 0;
  }
  flyStrBufDestroy(&out);
  flyPipelineDestroy(pipeline);
  mlirModuleDestroy(module);
  return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 65536)
    return 0;
  char *text = fuzzCopyText(data, size);
  MlirContext ctx = flyContextCreate();
  if (!text || mlirContextIsNull(ctx)) {
    flyFree(text);
    return 0;
  }
  FlyToolDiags diags = {.tool = "fuzz", .stream = NULL, .capture = 1};
  flyToolDiagsAttach(&diags, ctx);
  int rc = compile(ctx, text, size);
  if (rc && diags.numErrors == 0)
    fuzzFail("compilation failed without an error diagnostic");
  for (size_t i = 0; i < diags.numCaptured; ++i) {
    const FlyToolDiag *d = &diags.captured[i];
    if (d->severity == MlirDiagnosticError && (!d->message || !*d->message))
      fuzzFail("an error diagnostic without a message");
  }
  mlirContextDestroy(ctx);
  flyToolDiagsDestroy(&diags);
  flyFree(text);
  return 0;
}
