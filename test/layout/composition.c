// RUN: %testbin/layout-composition | FileCheck %s
//
// composition(A,B)(c) == A(B(c)) for every c with B(c) inside A's domain,
// mode by mode of B, for every A of the domain and B of the operand set
// whose composition is admissible and keeps size(B); the result is
// compatible with B (same rank and mode sizes when B has modes). Outside
// A's domain coalesce(A) need not extend A the same way (1:1 coalesces to
// 1:0), and across B's modes the function is kept only when they do not
// straddle modes of A, as in CuTe, so neither is asserted.
#include "lt_test.h"

// CHECK-LABEL: @compositionProperty
// CHECK: compositionProperty: {{[0-9]+}} checks, 0 failures
static void testProperty(FlyLayoutCtx *ctx) {
  ltBegin("compositionProperty");
  int n, m, admissible = 0;
  const FlyLayout **dom = ltDomain(ctx, 3, &n);
  const FlyLayout **ops = ltOperands(ctx, &m);
  for (int a = 0; a < n; a++) {
    FlyLayoutCtx *tmp = flyLayoutCtxCreate(); /* keeps the arena small */
    for (int b = 0; b < m; b++) {
      const FlyLayout *A = dom[a], *B = ops[b];
      const FlyLayout *R = flyLayoutComposition(tmp, A, B);
      if (!R || ltSize(tmp, R) != ltSize(tmp, B))
        continue;
      admissible++;
      if (!flyIntTupleIsLeaf(flyLayoutGetShape(B))) /* compatible with B */
        for (int i = 0; i < flyLayoutGetRank(B); i++)
          ltCheck(flyLayoutGetRank(R) == flyLayoutGetRank(B) &&
                      ltSize(tmp, flyLayoutGet(tmp, R, i)) ==
                          ltSize(tmp, flyLayoutGet(tmp, B, i)),
                  "composition(%s,%s) = %s is not compatible with B", ltStr(A),
                  ltStr(B), ltStr(R));
      /* By mode of B: R_i(c) == A(B_i(c)). Composition distributes over
       * B's modes by definition; the function of the whole, A(B(c)), is
       * only kept when B's modes do not straddle modes of A. */
      int64_t sizeA = ltSize(tmp, A);
      for (int i = 0; i < flyLayoutGetRank(B); i++) {
        int leaf = flyIntTupleIsLeaf(flyLayoutGetShape(B));
        const FlyLayout *Bi = leaf ? B : flyLayoutGet(tmp, B, i);
        const FlyLayout *Ri = leaf ? R : flyLayoutGet(tmp, R, i);
        for (int64_t c = 0; c < ltSize(tmp, Bi); c++)
          if (ltEval(tmp, Bi, c) < sizeA) /* A's function inside its domain */
            ltCheck(ltEval(tmp, Ri, c) == ltEval(tmp, A, ltEval(tmp, Bi, c)),
                    "composition(%s,%s) = %s: mode %d differs at %lld",
                    ltStr(A), ltStr(B), ltStr(R), i, (long long)c);
      }
    }
    flyLayoutCtxDestroy(tmp);
  }
  ltCheck(admissible > n, "only %d admissible pairs", admissible);
  ltEnd();
}

// By-mode composition with a tiler composes mode i with tiler mode i.
// CHECK-LABEL: @compositionTilerProperty
// CHECK: compositionTilerProperty: {{[0-9]+}} checks, 0 failures
static void testTiler(FlyLayoutCtx *ctx) {
  ltBegin("compositionTilerProperty");
  int n, m;
  const FlyLayout **dom = ltDomain(ctx, 2, &n);
  const FlyLayout **ops = ltOperands(ctx, &m);
  for (int a = 0; a < n; a++) {
    if (flyLayoutGetRank(dom[a]) != 2)
      continue;
    for (int b = 0; b < 30; b += 3) { /* rank-1 operands */
      const FlyTiler *modes[2] = {flyTilerCreateLayout(ctx, ops[b]), NULL};
      const FlyTiler *t = flyTilerCreateByMode(ctx, 2, modes);
      const FlyLayout *R = flyLayoutCompositionTiler(ctx, dom[a], t);
      const FlyLayout *R0 =
          flyLayoutComposition(ctx, flyLayoutGet(ctx, dom[a], 0), ops[b]);
      flyLayoutCtxClearError(ctx);
      if (!ltCheck((R == NULL) == (R0 == NULL), "by-mode admissibility"))
        continue;
      if (!R)
        continue;
      ltCheck(flyLayoutEqual(flyLayoutGet(ctx, R, 0), R0) &&
                  flyLayoutEqual(flyLayoutGet(ctx, R, 1),
                                 flyLayoutGet(ctx, dom[a], 1)),
              "composition(%s,[%s|_]) = %s", ltStr(dom[a]), ltStr(ops[b]),
              ltStr(R));
    }
  }
  ltEnd();
}

// Worked examples (values as pycute computes them).
// CHECK-LABEL: @compositionExamples
// CHECK: compositionExamples: {{[0-9]+}} checks, 0 failures
static void testExamples(FlyLayoutCtx *ctx) {
  ltBegin("compositionExamples");
  ltExpect(ctx, "composition((6,2):(8,2),(4,3):(3,1))", "((2,2),3):((24,2),8)");
  ltExpect(ctx, "composition(20:2,(5,4):(4,1))", "(5,4):(8,2)");
  ltExpect(ctx, "composition((10,2):(16,4),(5,4):(1,5))",
           "(5,(2,2)):(16,(80,4))");
  ltExpect(ctx, "composition((4,8):(8,1),[2:2|4:1])", "(2,4):(16,1)");
  ltExpect(ctx, "composition((8,8):(1,8),(2,4))", "(2,4):(1,8)");
  ltExpect(ctx, "composition(8:1,3)", "3:1");
  ltExpect(ctx, "composition(1:0,4:1)", "4:0");
  ltExpect(ctx, "composition((2,2):(0,1),4:1)", "(2,2):(0,1)");
  ltExpect(ctx, "composition(4:1,(1,1):(0,0))", "(1,1):(0,0)");
  ltExpect(ctx, "composition(8:-1,4:2)", "4:-2");
  ltExpect(ctx, "composition((4,3):(1,5),6:1)", "4:1");
  ltExpect(ctx, "composition((4,2):(2,1),3:3)",
           "error: inadmissible composition: stride 3 and shape 4 of the left "
           "layout divide neither way");
  ltExpect(
      ctx, "composition(4:1,[2:1|2:1])",
      "error: composition: the tiler has 2 modes but the layout has rank 1");
  ltEnd();
}

int main(void) {
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  testProperty(ctx);
  testTiler(ctx);
  testExamples(ctx);
  flyLayoutCtxDestroy(ctx);
  return ltExitCode();
}
