/* A DSL program written against flyc's installed C API (packaging test): it
 * writes a kernel with the typed front-end (flyc/frontend.h), compiles it
 * in-process for a chip, loads the code object into the emulator, runs it
 * on 4096 values and compares each result with a * x + y computed here,
 * printing one line. Usage: saxpy CHIP */
#include <stdio.h>
#include <string.h>

#include "flyc/frontend.h"
#include "flyc/runtime.h"
#include "flyc/target.h"

enum { N = 4096 };

/* Writes the kernel with the typed front-end: y[i] = fma(a, x[i], y[i]). */
static void buildSaxpy(FlyProgram *p) {
  const char *params[] = {"memref<4096xf32>", "memref<4096xf32>", "f32"};
  MlirValue arg[3];
  flyKernelBegin(FLY(p), "saxpy", 256, 3, params, arg);
  MlirValue i = flyAdd(FLY(p), flyMul(FLY(p), flyBlockId(FLY(p), 0), flyIndex(FLY(p), 256)),
                       flyThreadId(FLY(p), 0));
  MlirValue x = flyLoad(FLY(p), arg[0], 1, &i, 0);
  MlirValue y = flyLoad(FLY(p), arg[1], 1, &i, 0);
  flyStore(FLY(p), flyAdd(FLY(p), flyMul(FLY(p), arg[2], x), y), arg[1], 1, &i);
  flyKernelEnd(FLY(p));
}

/* Builds and compiles the kernel for `chip` into `hsaco`. */
static bool compile(FlyChip chip, FlyStrBuf *hsaco) {
  FlyProgram *p = flyProgramCreate();
  if (!p)
    return false;
  buildSaxpy(p);
  FlyTargetOptions options = {.chip = chip, .optLevel = 3};
  FlyPipeline *pipeline = flyProgramFailed(p) ? NULL : flyPipelineCreateDefault(&options);
  MlirModule module = flyProgramGetModule(p);
  bool ok = pipeline &&
            mlirLogicalResultIsSuccess(
                flyPipelineRun(pipeline, module, FLY_STAGE_FLY, FLY_STAGE_LLVM, NULL)) &&
            mlirLogicalResultIsSuccess(flyTargetEmit(module, &options, FLY_EMIT_HSACO, hsaco));
  if (flyProgramFailed(p))
    fprintf(stderr, "%s\n", flyProgramGetError(p));
  flyPipelineDestroy(pipeline);
  flyProgramDestroy(p);
  return ok;
}

/* Runs the code object on the emulator; y = a * x + y. */
static bool run(const char *chip, const FlyStrBuf *hsaco, const float *x, float *y, float a,
                FlyStrBuf *err) {
  FlyRuntime *rt = flyRuntimeCreate();
  FlyDevice *dev = rt ? flyRuntimeCreateDevice(rt, chip, 0, err) : NULL;
  FlyModule *mod = dev ? flyModuleLoad(dev, hsaco->data, hsaco->len, err) : NULL;
  FlyBuffer bx, by;
  bool ok = mod && flyDeviceAlloc(dev, sizeof(float) * N, &bx, err) &&
            flyDeviceAlloc(dev, sizeof(float) * N, &by, err) &&
            flyDeviceCopyIn(dev, bx, 0, x, sizeof(float) * N, err) &&
            flyDeviceCopyIn(dev, by, 0, y, sizeof(float) * N, err);
  FlyArgs *args = ok ? flyArgsCreate() : NULL;
  ok = args && flyArgsAddBuffer(args, bx) && flyArgsAddBuffer(args, by) &&
       flyArgsAddF32(args, a);
  FlyLaunchConfig cfg = {.grid = {N / 256, 1, 1}, .block = {256, 1, 1}, .checkHazards = true};
  FlyLaunchResult result;
  if (ok && !flyLaunch(dev, mod, "saxpy", &cfg, args, &result)) {
    flyLaunchResultFormat(&result, err);
    ok = false;
  }
  ok = ok && flyDeviceCopyOut(dev, by, 0, y, sizeof(float) * N, err);
  flyArgsDestroy(args);
  flyRuntimeDestroy(rt);
  return ok;
}

int main(int argc, char **argv) {
  FlyChip chip;
  if (argc != 2 || !flyChipParse(argv[1], &chip)) {
    fprintf(stderr, "usage: saxpy gfx950|gfx942\n");
    return 2;
  }
  static float x[N], y[N], want[N];
  const float a = 1.5f;
  for (int i = 0; i < N; ++i) {
    x[i] = (float)(i % 97) * 0.37f - 11.0f;
    y[i] = (float)(i % 13) * 1.25f + 0.1f;
    want[i] = (float)((double)a * x[i]) + y[i]; /* one rounding each, never fused */
  }
  FlyStrBuf hsaco = {0}, err = {0};
  if (!compile(chip, &hsaco)) {
    fprintf(stderr, "saxpy: compilation failed\n");
    return 1;
  }
  bool ok = run(argv[1], &hsaco, x, y, a, &err);
  flyStrBufDestroy(&hsaco);
  if (!ok) {
    fprintf(stderr, "saxpy: %s\n", err.data ? err.data : "out of memory");
    flyStrBufDestroy(&err);
    return 1;
  }
  int wrong = 0;
  for (int i = 0; i < N; ++i)
    wrong += memcmp(&y[i], &want[i], sizeof(float)) != 0;
  printf("saxpy %s: %d of %d values equal a * x + y\n", argv[1], N - wrong, N);
  return wrong ? 1 : 0;
}
