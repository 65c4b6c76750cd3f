/* Row softmax written with flyc's typed C front-end (flyc/frontend.h): the
 * same kernel as softmax.mlir -- rows of 1024 f32, one 256-thread workgroup
 * per row, four elements per thread -- whose types, except the signature's,
 * the front-end computes. Prints the module (locations are this file's
 * lines); `example-softmax | flyc - -o softmax.hsaco` compiles it. */
#include <stdio.h>

#include "example.h"

static void softmax(FlyProgram *p) {
  const char *params[] = {"memref<?x1024xf32>", "memref<?x1024xf32>"};
  MlirValue arg[2];
  flyKernelBegin(FLY(p), "softmax", 256, 2, params, arg);
  MlirValue row = flyBlockId(FLY(p), 0);
  MlirValue col = flyMul(FLY(p), flyThreadId(FLY(p), 0), flyIndex(FLY(p), 4));
  MlirValue at[2] = {row, col};
  MlirValue x = flyLoad(FLY(p), arg[0], 2, at, 4);
  MlirValue m = flyWorkgroupReduce(FLY(p), "maxnumf", flyVectorReduce(FLY(p), "maxnumf", x));
  MlirValue e = flyMath(FLY(p), "exp", flySub(FLY(p), x, m));
  MlirValue s = flyWorkgroupReduce(FLY(p), "add", flyVectorReduce(FLY(p), "add", e));
  MlirValue y = flyMul(FLY(p), e, flyDiv(FLY(p), flyF32(FLY(p), 1.0f), s));
  flyStore(FLY(p), y, arg[1], 2, at);
  flyKernelEnd(FLY(p));
}

int main(void) {
  FlyProgram *p = flyProgramCreate();
  if (!p) {
    fputs("example-softmax: out of memory\n", stderr);
    return 1;
  }
  softmax(p);
  return examplePrint(p);
}
