/* A program written against flyc's installed C API (packaging test): it
 * compiles a kernel in-process for a chip, loads the code object into the
 * emulator, runs it on 4096 values and compares each result with fmaf
 * computed here, printing one line. Usage: saxpy CHIP */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "flyc/dialect.h"
#include "flyc/runtime.h"
#include "flyc/target.h"

enum { N = 4096 };

static const char kernelText[] =
    "module attributes {gpu.container_module} {\n"
    "  gpu.module @kernels {\n"
    "    gpu.func @saxpy(%x: memref<4096xf32>, %y: memref<4096xf32>, %a: f32) kernel\n"
    "        attributes {known_block_size = array<i32: 256, 1, 1>} {\n"
    "      %i = gpu.global_id x\n"
    "      %xi = memref.load %x[%i] : memref<4096xf32>\n"
    "      %yi = memref.load %y[%i] : memref<4096xf32>\n"
    "      %r = math.fma %a, %xi, %yi : f32\n"
    "      memref.store %r, %y[%i] : memref<4096xf32>\n"
    "      gpu.return\n"
    "    }\n"
    "  }\n"
    "}\n";

/* Compiles kernelText for `chip` into `hsaco`. */
static bool compile(FlyChip chip, FlyStrBuf *hsaco) {
  MlirContext ctx = flyContextCreate();
  MlirModule module = flyModuleParse(ctx, mlirStringRefCreateFromCString(kernelText), NULL);
  FlyTargetOptions options = {.chip = chip, .optLevel = 3};
  FlyPipeline *pipeline = mlirModuleIsNull(module) ? NULL : flyPipelineCreateDefault(&options);
  bool ok = pipeline &&
            mlirLogicalResultIsSuccess(
                flyPipelineRun(pipeline, module, FLY_STAGE_FLY, FLY_STAGE_LLVM, NULL)) &&
            mlirLogicalResultIsSuccess(flyTargetEmit(module, &options, FLY_EMIT_HSACO, hsaco));
  flyPipelineDestroy(pipeline);
  if (!mlirModuleIsNull(module))
    mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
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
    want[i] = fmaf(a, x[i], y[i]);
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
  printf("saxpy %s: %d of %d values equal fmaf(a, x, y)\n", argv[1], N - wrong, N);
  return wrong ? 1 : 0;
}
