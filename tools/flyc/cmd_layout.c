/*===- cmd_layout.c - `flyc layout EXPR`: the layout-algebra calculator ---===*
 *
 * Evaluates one expression with flyLayoutEvalExpr (lib/layout/calc.c) and
 * prints the canonical result on stdout (exit 0), or one `error: ...` line
 * on stderr (exit 1). A missing expression is misuse (exit 2). Several
 * arguments are joined with spaces, so an unquoted `composition(A, B)` that
 * the shell split still reads as one expression.
 *===----------------------------------------------------------------------===*/
#include "driver.h"

#include "flyc/layout.h"
#include "flyc/support.h"

#include <stdio.h>
#include <string.h>

static void printLayoutUsage(FILE *f) {
  fputs("usage: flyc layout EXPR\n"
        "  EXPR is one call such as composition((4,8):(1,4),8:2),\n"
        "  complement(4:2,16), logical_divide(A,[T1|T2]), crd2idx((1,2),A),\n"
        "  idx2crd(5,(2,4)); see docs/layout-algebra.md\n",
        f);
}

int flycCmdLayout(int argc, char **argv) {
  if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    printLayoutUsage(stdout);
    return 0;
  }
  if (argc < 2) {
    fputs("error: missing expression\n", stderr);
    printLayoutUsage(stderr);
    return 2;
  }
  FlyStrBuf expr = {0}, out = {0};
  for (int i = 1; i < argc; i++)
    flyStrBufAppendF(&expr, i > 1 ? " %s" : "%s", argv[i]);
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  int rc = 1;
  if (!ctx || expr.oom) {
    fputs("error: out of memory\n", stderr);
  } else if (flyLayoutEvalExpr(ctx, expr.data, &out) != 0) {
    fprintf(stderr, "error: %s\n", flyLayoutCtxGetError(ctx));
  } else if (out.oom) {
    fputs("error: out of memory\n", stderr);
  } else {
    printf("%s\n", out.data);
    rc = 0;
  }
  flyLayoutCtxDestroy(ctx);
  flyStrBufDestroy(&expr);
  flyStrBufDestroy(&out);
  return rc;
}
