/* LayerNorm written with flyc's typed C front-end (flyc/frontend.h): the
 * same kernel as layernorm.mlir -- y = (x - mean) / sqrt(var + 1e-5) * g + b
 * for rows of 1024 f32, one 256-thread workgroup per row, four elements per
 * thread, the mean and the variance of the centred values as two workgroup
 * reductions. Prints the module; `example-layernorm | flyc - -o
 * layernorm.hsaco` compiles it. */
#include <stdio.h>

#include "example.h"

static void layernorm(FlyProgram *p) {
  const char *params[] = {"memref<?x1024xf32>", "memref<1024xf32>", "memref<1024xf32>",
                          "memref<?x1024xf32>"};
  MlirValue arg[4];
  flyKernelBegin(FLY(p), "layernorm", 256, 4, params, arg);
  MlirValue row = flyBlockId(FLY(p), 0);
  MlirValue col = flyMul(FLY(p), flyThreadId(FLY(p), 0), flyIndex(FLY(p), 4));
  MlirValue at[2] = {row, col}, invN = flyF32(FLY(p), 1.0f / 1024);
  MlirValue x = flyLoad(FLY(p), arg[0], 2, at, 4);
  MlirValue s = flyWorkgroupReduce(FLY(p), "add", flyVectorReduce(FLY(p), "add", x));
  MlirValue d = flySub(FLY(p), x, flyMul(FLY(p), s, invN));
  MlirValue dd = flyVectorReduce(FLY(p), "add", flyMul(FLY(p), d, d));
  MlirValue q = flyWorkgroupReduce(FLY(p), "add", dd);
  MlirValue var = flyAdd(FLY(p), flyMul(FLY(p), q, invN), flyF32(FLY(p), 1e-5f));
  MlirValue n = flyMul(FLY(p), d, flyMath(FLY(p), "rsqrt", var));
  MlirValue g = flyLoad(FLY(p), arg[1], 1, &col, 4), b = flyLoad(FLY(p), arg[2], 1, &col, 4);
  flyStore(FLY(p), flyAdd(FLY(p), flyMul(FLY(p), n, g), b), arg[3], 2, at);
  flyKernelEnd(FLY(p));
}

int main(void) {
  FlyProgram *p = flyProgramCreate();
  if (!p) {
    fputs("example-layernorm: out of memory\n", stderr);
    return 1;
  }
  layernorm(p);
  return examplePrint(p);
}
