// RUN: %testbin/layout-composition | FileCheck %s
//
// composition(A,B) by pycute's definition, for every A of the domain and B
// of the operand set, nothing skipped: it fails exactly when pycute's stride
// condition fails (an extent of coalesce(A), but the last, neither divides
// nor is divided by the running stride), with "inadmissible composition";
// otherwise R is congruent to B down to B's integer modes, and for each such
// mode B_i, R_i(c) == A(B_i(c)) for every c < size(R_i) (past A's domain, A
// continued along its last mode, as pycute's coalesce(A) continues it), and
// size(R_i) == size(B_i) exactly when every step of the walk divides the
// rest of the shape; otherwise (pycute keeps what fits, CuTe rejects:
// composition((4,3):(1,5),6:1) = 4:1) size(R_i) < size(B_i). The conditions
// come from lt_test.c's own statement of pycute's walk; the function of
// the whole across B's modes is kept only when they do not straddle modes
// of A, as in CuTe, so it is not asserted.
#include "lt_test.h"

#include <stdio.h>
#include <string.h>

/* Walks B and R together: R must have B's structure down to B's integer
 * modes; each one is checked against A. */
static void checkModes(FlyLayoutCtx *ctx, const FlyLayout *A,
                       const FlyLayout *B, const FlyLayout *Bi,
                       const FlyLayout *Ri, const char *what, int *truncated) {
  const FlyIntTuple *bs = flyLayoutGetShape(Bi);
  if (!flyIntTupleIsLeaf(bs)) {
    if (!ltCheck(!flyIntTupleIsLeaf(flyLayoutGetShape(Ri)) &&
                     flyLayoutGetRank(Ri) == flyLayoutGetRank(Bi),
                 "%s = %s is not congruent to B", what, ltStr(Ri)))
      return;
    for (int i = 0; i < flyLayoutGetRank(Bi); i++)
      checkModes(ctx, A, B, flyLayoutGet(ctx, Bi, i), flyLayoutGet(ctx, Ri, i),
                 what, truncated);
    return;
  }
  int keeps;
  ltCompositionWalk(A, flyIntTupleGetValue(bs),
                    flyIntTupleGetValue(flyLayoutGetStride(Bi)), &keeps);
  int64_t n = ltSize(ctx, Ri), want = ltSize(ctx, Bi);
  ltCheck(flyLayoutGetDepth(Ri) <= 1, "%s: mode %s is nested", what,
          ltStr(Ri));
  ltCheck(keeps ? n == want : n < want,
          "%s: mode %s of B gives %s (%lld points; divides exactly: %d)", what,
          ltStr(Bi), ltStr(Ri), (long long)n, keeps);
  *truncated += !keeps;
  for (int64_t c = 0; c < n; c++)
    ltCheck(ltEval(ctx, Ri, c) == ltEvalExtended(A, ltEval(ctx, Bi, c)),
            "%s: mode %s of B gives %s, which differs at %lld", what,
            ltStr(Bi), ltStr(Ri), (long long)c);
}

// CHECK-LABEL: @compositionProperty
// CHECK: compositionProperty: {{[0-9]+}} checks, 0 failures
static void testProperty(FlyLayoutCtx *ctx) {
  ltBegin("compositionProperty");
  int n, m, composed = 0, rejected = 0, truncated = 0;
  const FlyLayout **dom = ltDomain(ctx, 3, &n);
  const FlyLayout **ops = ltOperands(ctx, &m);
  for (int a = 0; a < n; a++) {
    FlyLayoutCtx *tmp = flyLayoutCtxCreate(); /* keeps the arena small */
    for (int b = 0; b < m; b++) {
      const FlyLayout *A = dom[a], *B = ops[b];
      char what[256];
      snprintf(what, sizeof what, "composition(%s,%s)", ltStr(A), ltStr(B));
      const FlyLayout *R = flyLayoutComposition(tmp, A, B);
      int keeps, admissible = ltCompositionAdmissible(A, B, &keeps);
      if (!admissible) {
        rejected++;
        ltCheck(!R && !strncmp(flyLayoutCtxGetError(tmp),
                               "inadmissible composition", 24),
                "%s = %s, but pycute rejects it (%s)", what, ltStr(R),
                flyLayoutCtxGetError(tmp));
        flyLayoutCtxClearError(tmp);
        continue;
      }
      if (!ltCheck(R != NULL, "%s fails: %s", what, flyLayoutCtxGetError(tmp)))
        continue;
      composed++;
      checkModes(tmp, A, B, B, R, what, &truncated);
    }
    flyLayoutCtxDestroy(tmp);
  }
  ltCheck(composed > 100000 && rejected > 1000 && truncated > 1000,
          "only %d compositions, %d rejected, %d truncated", composed, rejected,
          truncated);
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
