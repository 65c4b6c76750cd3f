/* RMSNorm written with flyc's typed C front-end (flyc/frontend.h): the same
 * kernel as rmsnorm.mlir -- y = x / sqrt(mean(x^2) + 1e-6) * g for rows of
 * 1024 f32, one 256-thread workgroup per row, four elements per thread.
 * Prints the module; `example-rmsnorm | flyc - -o rmsnorm.hsaco` compiles
 * it. */
#include <stdio.h>

#include "example.h"

static void rmsnorm(FlyProgram *p) {
  const char *params[] = {"memref<?x1024xf32>", "memref<1024xf32>", "memref<?x1024xf32>"};
  MlirValue arg[3];
  flyKernelBegin(FLY(p), "rmsnorm", 256, 3, params, arg);
  MlirValue row = flyBlockId(FLY(p), 0);
  MlirValue col = flyMul(FLY(p), flyThreadId(FLY(p), 0), flyIndex(FLY(p), 4));
  MlirValue at[2] = {row, col};
  MlirValue x = flyLoad(FLY(p), arg[0], 2, at, 4);
  MlirValue sq = flyVectorReduce(FLY(p), "add", flyMul(FLY(p), x, x));
  MlirValue sum = flyWorkgroupReduce(FLY(p), "add", sq);
  MlirValue mean = flyMul(FLY(p), sum, flyF32(FLY(p), 1.0f / 1024));
  MlirValue r = flyMath(FLY(p), "rsqrt", flyAdd(FLY(p), mean, flyF32(FLY(p), 1e-6f)));
  MlirValue g = flyLoad(FLY(p), arg[1], 1, &col, 4);
  flyStore(FLY(p), flyMul(FLY(p), flyMul(FLY(p), x, r), g), arg[2], 2, at);
  flyKernelEnd(FLY(p));
}

int main(void) {
  FlyProgram *p = flyProgramCreate();
  if (!p) {
    fputs("example-rmsnorm: out of memory\n", stderr);
    return 1;
  }
  rmsnorm(p);
  return examplePrint(p);
}
