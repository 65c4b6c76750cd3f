// RUN: %testbin/layout-oom | FileCheck %s
//
// Every allocation of the layout library can fail: with the allocation hook
// failing after N blocks, for every N, evaluating an expression either
// gives the same result as with unlimited memory or fails with "out of
// memory", and releasing the context leaves no block behind.
#include "lt_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Budget {
  long live, granted, limit; /* limit < 0: unlimited */
} Budget;

static void *countingAlloc(void *ud, void *block, size_t size) {
  Budget *b = ud;
  if (size == 0) {
    if (block)
      b->live--;
    free(block);
    return NULL;
  }
  if (b->limit >= 0 && b->granted >= b->limit)
    return NULL;
  void *p = realloc(block, size);
  if (p) {
    b->granted++;
    b->live += block == NULL;
  }
  return p;
}

/* Evaluates `expr` under `limit` blocks; returns 0 ok, 1 error. */
static int evalUnder(Budget *b, long limit, const char *expr, char *out,
                     size_t outSize, char *err, size_t errSize) {
  b->granted = 0;
  b->limit = limit;
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  FlyStrBuf buf = {0};
  int rc = 1;
  if (!ctx) {
    snprintf(err, errSize, "out of memory");
  } else {
    rc = flyLayoutEvalExpr(ctx, expr, &buf);
    snprintf(err, errSize, "%s", flyLayoutCtxGetError(ctx));
    snprintf(out, outSize, "%s", rc == 0 && buf.data ? buf.data : "");
  }
  flyStrBufDestroy(&buf);
  flyLayoutCtxDestroy(ctx);
  b->limit = -1;
  return rc;
}

// CHECK-LABEL: @allocationFailures
// CHECK: allocationFailures: {{[0-9]+}} checks, 0 failures
static void testFailures(void) {
  static const char *const exprs[] = {
      "blocked_product((2,5):(5,1),(3,4):(1,3))",
      "flat_divide(((8,4),(2,16)):((1,64),(8,16)),[[4:1|2:1]|(2,4):(1,2)])",
      "left_inverse(coalesce(zipped_product((4,(2,2)):(2,(1,8)),[2:1|3:1])))",
      "crd2idx((3,(1,2)),make_identity_layout((4,(2,3))))",
      "composition(S<3,4,3> o 0 o (8,64):(64,1),[4:1|8:1])",
      "tile_to_shape((2,2):(1,2),(64,48))",
  };
  /* A 48-mode layout makes the arena grow over many chunks. */
  static char big[2048];
  int n = snprintf(big, sizeof big, "logical_product((2");
  for (int i = 1; i < 48; i++)
    n += snprintf(big + n, sizeof big - (size_t)n, ",%d", 1 + i % 2);
  n += snprintf(big + n, sizeof big - (size_t)n, "),(2,3):(1,2))");
  const char *all[8];
  size_t count = sizeof exprs / sizeof exprs[0];
  memcpy(all, exprs, sizeof exprs);
  all[count++] = big;
  ltBegin("allocationFailures");
  Budget b = {0, 0, -1};
  flySetAllocator(countingAlloc, &b);
  for (size_t e = 0; e < count; e++) {
    static char want[1 << 16], out[1 << 16];
    char err[512];
    int rc = evalUnder(&b, -1, all[e], want, sizeof want, err, sizeof err);
    long needed = b.granted;
    ltCheck(rc == 0 && b.live == 0, "%s: %s", all[e], err);
    for (long limit = 0; limit <= needed; limit++) {
      rc = evalUnder(&b, limit, all[e], out, sizeof out, err, sizeof err);
      ltCheck(rc == 0 ? !strcmp(out, want) : !strcmp(err, "out of memory"),
              "%s with %ld blocks: rc %d, '%s' '%s'", all[e], limit, rc, out,
              err);
      ltCheck(b.live == 0, "%s with %ld blocks leaks %ld", all[e], limit,
              b.live);
    }
  }
  flySetAllocator(NULL, NULL);
  ltEnd();
}

int main(void) {
  testFailures();
  return ltExitCode();
}
