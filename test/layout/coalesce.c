// RUN: %testbin/layout-coalesce | FileCheck %s
//
// coalesce keeps the size and the function of every layout of the domain,
// yields a flat layout without size-1 modes (1:0 when nothing is left), and
// cannot merge any two of its adjacent modes further.
#include "lt_test.h"

// CHECK-LABEL: @coalesceProperty
// CHECK: coalesceProperty: {{[0-9]+}} checks, 0 failures
static void testProperty(FlyLayoutCtx *ctx) {
  ltBegin("coalesceProperty");
  int n;
  const FlyLayout **dom = ltDomain(ctx, 3, &n);
  for (int k = 0; k < n; k++) {
    const FlyLayout *l = dom[k], *c = flyLayoutCoalesce(ctx, l);
    if (!ltCheck(c != NULL, "coalesce(%s) failed", ltStr(l)))
      continue;
    int64_t size = ltSize(ctx, l);
    ltCheck(ltSize(ctx, c) == size, "coalesce(%s) = %s changes the size",
            ltStr(l), ltStr(c));
    ltCheck(flyLayoutGetDepth(c) <= 1, "coalesce(%s) = %s is not flat",
            ltStr(l), ltStr(c));
    for (int64_t i = 0; i < size; i++)
      ltCheck(ltEval(ctx, l, i) == ltEval(ctx, c, i),
              "coalesce(%s) = %s differs at %lld", ltStr(l), ltStr(c),
              (long long)i);
    const FlyIntTuple *s = flyLayoutGetShape(c), *d = flyLayoutGetStride(c);
    int r = flyLayoutGetRank(c);
    for (int i = 0; i < r; i++) {
      int64_t si = flyIntTupleGetValue(flyIntTupleGetElem(s, i));
      ltCheck(si != 1 || (r == 1 && flyIntTupleGetValue(d) == 0),
              "coalesce(%s) = %s keeps a size-1 mode", ltStr(l), ltStr(c));
      if (i + 1 < r)
        ltCheck(si * flyIntTupleGetValue(flyIntTupleGetElem(d, i)) !=
                    flyIntTupleGetValue(flyIntTupleGetElem(d, i + 1)),
                "coalesce(%s) = %s has mergeable modes", ltStr(l), ltStr(c));
    }
    /* by mode: every top mode keeps its own function */
    const FlyLayout *bm =
        flyLayoutCoalesceByMode(ctx, l, ltTuple(ctx, "(1,1)"));
    if (flyLayoutGetRank(l) >= 2 &&
        ltCheck(bm && flyLayoutGetRank(bm) == flyLayoutGetRank(l),
                "coalesce(%s,(1,1)) keeps the rank", ltStr(l)))
      for (int m = 0; m < 2; m++) {
        const FlyLayout *a = flyLayoutGet(ctx, l, m),
                        *b = flyLayoutGet(ctx, bm, m);
        for (int64_t i = 0; i < ltSize(ctx, a); i++)
          ltCheck(ltEval(ctx, a, i) == ltEval(ctx, b, i),
                  "coalesce(%s,(1,1)) mode %d", ltStr(l), m);
      }
  }
  ltEnd();
}

// Worked examples (values as pycute computes them).
// CHECK-LABEL: @coalesceExamples
// CHECK: coalesceExamples: {{[0-9]+}} checks, 0 failures
static void testExamples(FlyLayoutCtx *ctx) {
  ltBegin("coalesceExamples");
  ltExpect(ctx, "coalesce((2,(1,6)):(1,(6,2)))", "12:1");
  ltExpect(ctx, "coalesce((4,8):(1,4))", "32:1");
  ltExpect(ctx, "coalesce((4,8):(8,1))", "(4,8):(8,1)");
  ltExpect(ctx, "coalesce((1,1):(3,4))", "1:0");
  ltExpect(ctx, "coalesce(1:5)", "1:0");
  ltExpect(ctx, "coalesce((2,1,3):(0,7,0))", "6:0");
  ltExpect(ctx, "coalesce((1,4):(9,2))", "4:2");
  ltExpect(ctx, "coalesce(((2,2),(2,2)):((1,4),(2,8)))", "(2,2,2,2):(1,4,2,8)");
  ltExpect(ctx, "coalesce((2,(1,6)):(1,(6,2)),(1,1))", "(2,6):(1,2)");
  ltExpect(ctx, "coalesce(((2,2),(2,2)):((1,2),(8,4)),(1,1))",
           "(4,(2,2)):(1,(8,4))");
  ltExpect(ctx, "filter((4,2):(0,1))", "2:1");
  ltExpect(ctx, "filter((4,2):(0,0))", "1:0");
  ltEnd();
}

int main(void) {
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  testProperty(ctx);
  testExamples(ctx);
  flyLayoutCtxDestroy(ctx);
  return ltExitCode();
}
