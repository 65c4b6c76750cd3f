/* The tiled transpose of transpose.mlir written with flyc's typed C
 * front-end: fly layouts, tensors and tiles whose types lib/layout computes
 * (only the signature's memref types are written). Prints the module; its
 * locations are this file's lines.
 *   example-transpose             the kernel
 *   example-transpose tile        asks for 48x64 tiles, which do not divide
 *                                 the 1024x1024 matrix: the front-end's
 *                                 error names this file's line; exit 1
 *   example-transpose vector      also stores 8 elements at column 60 of the
 *                                 output tile, whose rows are 64 elements of
 *                                 a 1024-wide matrix: past the row's end.
 *                                 The module prints (the front-end does not
 *                                 plan vector accesses), and flyc's error on
 *                                 it names this file's line */
#include <stdio.h>
#include <string.h>

#include "example.h"

static void transpose(FlyProgram *p, const char *tile, int readWidth) {
  const char *params[] = {"memref<1048576xf32>", "memref<1048576xf32>"};
  MlirValue arg[2];
  flyKernelBegin(FLY(p), "transpose", 256, 2, params, arg);
  MlirValue lds = flySharedField(FLY(p), flySharedAlloc(FLY(p), "tile: f32[4096]"), "tile");
  MlirValue rows = flyTensor(FLY(p), lds, flyLayout(FLY(p), "S<4,2,6> o 0 o (64,64):(64,1)"));
  MlirValue cols = flyTensor(FLY(p), lds, flyLayout(FLY(p), "S<4,2,6> o 0 o (64,64):(1,64)"));
  MlirValue matrix = flyLayout(FLY(p), "(1024,1024):(1024,1)");
  MlirValue bi = flyBlockId(FLY(p), 0), bj = flyBlockId(FLY(p), 1);
  MlirValue tileX[2] = {bi, bj}, tileY[2] = {bj, bi};
  MlirValue tx = flyLocalTile(FLY(p), flyTensor(FLY(p), arg[0], matrix), flyCoord(FLY(p), 2, tileX),
                              tile);
  MlirValue ty = flyLocalTile(FLY(p), flyTensor(FLY(p), arg[1], matrix), flyCoord(FLY(p), 2, tileY),
                              tile);
  MlirValue t = flyThreadId(FLY(p), 0), c4 = flyIndex(FLY(p), 4), c16 = flyIndex(FLY(p), 16);
  MlirValue zero = flyIndex(FLY(p), 0), one = flyIndex(FLY(p), 1);
  /* Write: thread t stores row t/16 + 16k, columns 4(t%16) .. +3. */
  MlirValue wr = flyDiv(FLY(p), t, c16), wc = flyMul(FLY(p), flyRem(FLY(p), t, c16), c4);
  MlirValue k = flyForBegin(FLY(p), zero, c4, one, 0, NULL, NULL);
  MlirValue at[2] = {flyAdd(FLY(p), wr, flyMul(FLY(p), k, c16)), wc};
  MlirValue crd = flyCoord(FLY(p), 2, at);
  flyTensorStore(FLY(p), flyTensorLoad(FLY(p), tx, crd, 4), rows, crd);
  flyForEnd(FLY(p), 0, NULL, NULL);
  flyBarrier(FLY(p));
  /* Read: row i = t%4 + 4(t/64) + 16k of the transposed tile, columns
   * j = 4((t/4)%16) .. +3, from column i of the LDS tile. */
  MlirValue ib = flyAdd(FLY(p), flyRem(FLY(p), t, c4),
                        flyMul(FLY(p), flyDiv(FLY(p), t, flyIndex(FLY(p), 64)), c4));
  MlirValue j = flyMul(FLY(p), flyRem(FLY(p), flyDiv(FLY(p), t, c4), c16), c4);
  k = flyForBegin(FLY(p), zero, c4, one, 0, NULL, NULL);
  MlirValue i = flyAdd(FLY(p), ib, flyMul(FLY(p), k, c16));
  MlirValue row[4];
  for (int q = 0; q < 4; ++q) {
    MlirValue e[2] = {i, flyAdd(FLY(p), j, flyIndex(FLY(p), q))};
    row[q] = flyTensorLoad(FLY(p), cols, flyCoord(FLY(p), 2, e), 0);
  }
  MlirValue out[2] = {i, j};
  flyTensorStore(FLY(p), flyVector(FLY(p), 4, row), ty, flyCoord(FLY(p), 2, out));
  if (readWidth) { /* the "vector" mode */
    MlirValue from[2] = {i, zero}, to[2] = {i, flyIndex(FLY(p), 60)};
    MlirValue v = flyTensorLoad(FLY(p), rows, flyCoord(FLY(p), 2, from), readWidth);
    flyTensorStore(FLY(p), v, ty, flyCoord(FLY(p), 2, to));
  }
  flyForEnd(FLY(p), 0, NULL, NULL);
  flyKernelEnd(FLY(p));
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  if (argc > 2 || (*mode && strcmp(mode, "tile") && strcmp(mode, "vector"))) {
    fputs("usage: example-transpose [tile|vector]\n", stderr);
    return 2;
  }
  FlyProgram *p = flyProgramCreate();
  if (!p) {
    fputs("example-transpose: out of memory\n", stderr);
    return 1;
  }
  transpose(p, !strcmp(mode, "tile") ? "(48,64)" : "(64,64)", !strcmp(mode, "vector") ? 8 : 0);
  return examplePrint(p);
}
