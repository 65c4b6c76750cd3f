// RUN: %testbin/layout-divide | FileCheck %s
//
// logical_divide(A,T) is composition(A, (T, complement(T, size(A)))) with
// the tile T in mode 0; when T is injective, admissible and divides A, it
// re-indexes A: the same values over the same size. zipped/tiled/flat
// divides regroup the by-mode result. Checked for every A of the domain
// against every tiler of the operand set, and by mode.
#include "lt_test.h"

static const FlyLayout *pairOf(FlyLayoutCtx *ctx, const FlyLayout *a,
                               const FlyLayout *b) {
  return flyLayoutCreateFromModes(ctx, 2, (const FlyLayout *[]){a, b});
}

// CHECK-LABEL: @logicalDivideProperty
// CHECK: logicalDivideProperty: {{[0-9]+}} checks, 0 failures
static void testLogical(FlyLayoutCtx *ctx) {
  ltBegin("logicalDivideProperty");
  int n, m, reindexed = 0;
  const FlyLayout **dom = ltDomain(ctx, 3, &n);
  const FlyLayout **ops = ltOperands(ctx, &m);
  for (int a = 0; a < n; a++) {
    FlyLayoutCtx *tmp = flyLayoutCtxCreate();
    const FlyLayout *A = dom[a];
    int injA = ltInjective(tmp, A);
    for (int b = 0; b < m; b++) {
      const FlyLayout *T = ops[b];
      const FlyLayout *R =
          flyLayoutLogicalDivide(tmp, A, flyTilerCreateLayout(tmp, T));
      const FlyLayout *C = flyLayoutComplement(tmp, T, ltSize(tmp, A));
      const FlyLayout *D =
          C ? flyLayoutComposition(tmp, A, pairOf(tmp, T, C)) : NULL;
      flyLayoutCtxClearError(tmp);
      if (!ltCheck((R == NULL) == (D == NULL),
                   "logical_divide(%s,%s) fails "
                   "differently from its definition",
                   ltStr(A), ltStr(T)) ||
          !R)
        continue;
      ltCheck(flyLayoutEqual(R, D), "logical_divide(%s,%s) = %s", ltStr(A),
              ltStr(T), ltStr(R));
      ltCheck(flyLayoutEqual(flyLayoutGet(tmp, R, 0),
                             flyLayoutComposition(tmp, A, T)),
              "logical_divide(%s,%s): tile mode is not A o T", ltStr(A),
              ltStr(T));
      if (injA && ltInjective(tmp, T) && ltComplementAdmissible(tmp, T) &&
          ltSize(tmp, A) % ltSize(tmp, T) == 0 &&
          flyIntTupleGetValue(flyLayoutCosize(tmp, T)) <= ltSize(tmp, A) &&
          ltSize(tmp, R) == ltSize(tmp, A) && ltComplementAdmissible(tmp, A)) {
        reindexed++;
        ltCheck(ltSameValues(tmp, R, A),
                "logical_divide(%s,%s) = %s does not "
                "re-index A",
                ltStr(A), ltStr(T), ltStr(R));
      }
    }
    flyLayoutCtxDestroy(tmp);
  }
  ltCheck(reindexed > 1000, "only %d re-indexing cases", reindexed);
  ltEnd();
}

// CHECK-LABEL: @zippedTiledFlatDivideProperty
// CHECK: zippedTiledFlatDivideProperty: {{[0-9]+}} checks, 0 failures
static void testRegroup(FlyLayoutCtx *ctx) {
  ltBegin("zippedTiledFlatDivideProperty");
  int n, m, cases = 0;
  const FlyLayout **dom = ltDomain(ctx, 2, &n);
  const FlyLayout **ops = ltOperands(ctx, &m);
  for (int a = 0; a < n; a++) {
    FlyLayoutCtx *tmp = flyLayoutCtxCreate();
    const FlyLayout *A = dom[a];
    for (int b = 0; b < m; b += 2) {
      const FlyTiler *tilers[5];
      int nt = ltTilerVariants(tmp, A, ops[b], ops[(b + 7) % m], tilers);
      for (int v = 0; v < nt; v++) {
        const FlyTiler *t = tilers[v];
        const FlyLayout *L = flyLayoutLogicalDivide(tmp, A, t);
        const FlyLayout *Z = flyLayoutZippedDivide(tmp, A, t);
        const FlyLayout *T = flyLayoutTiledDivide(tmp, A, t);
        const FlyLayout *F = flyLayoutFlatDivide(tmp, A, t);
        flyLayoutCtxClearError(tmp);
        ltCheckZipped(tmp, A, t, L, Z, ltStr(A));
        if (!ltCheck((T == NULL) == (Z == NULL) && (F == NULL) == (Z == NULL),
                     "divides of %s fail differently", ltStr(A)) ||
            !Z)
          continue; /* all four failed: the tiler is inadmissible for A */
        cases++;
        ltCheckRegroup(tmp, Z, T, F, ltStr(A));
      }
    }
    flyLayoutCtxDestroy(tmp);
  }
  ltCheck(cases > 10000, "only %d cases", cases);
  ltEnd();
}

// Worked examples (values as pycute computes them; flat_divide as CuTe C++).
// CHECK-LABEL: @divideExamples
// CHECK: divideExamples: {{[0-9]+}} checks, 0 failures
static void testExamples(FlyLayoutCtx *ctx) {
  ltBegin("divideExamples");
  ltExpect(ctx, "logical_divide(24:1,4:2)", "(4,(2,3)):(2,(1,8))");
  ltExpect(ctx, "logical_divide((4,2,3):(2,1,8),4:2)",
           "((2,2),(2,3)):((4,1),(2,8))");
  ltExpect(ctx, "logical_divide((8,8):(1,8),(2,4))",
           "((2,4),(4,2)):((1,2),(8,32))");
  ltExpect(ctx, "logical_divide((8,(2,4)):(1,(8,16)),[2:1|[2:1|2:1]])",
           "((2,4),((2,1),(2,2))):((1,2),((8,0),(16,32)))");
  ltExpect(ctx, "zipped_divide((8,8):(1,8),[2:1|4:1])",
           "((2,4),(4,2)):((1,8),(2,32))");
  ltExpect(ctx, "zipped_divide((8,8):(1,8),[_|4:1])",
           "((1,4),(8,2)):((0,8),(1,32))");
  ltExpect(ctx, "zipped_divide((8,(2,4)):(1,(8,16)),[2:1|[2:1|2:1]])",
           "((2,(2,2)),(4,(1,2))):((1,(8,16)),(2,(0,32)))");
  ltExpect(ctx, "tiled_divide((8,8):(1,8),[2:1|4:1])",
           "((2,4),4,2):((1,8),2,32)");
  ltExpect(ctx, "flat_divide((8,8):(1,8),[2:1|4:1])", "(2,4,4,2):(1,8,2,32)");
  ltExpect(ctx, "zipped_divide(12:1,3:1)", "(3,4):(1,3)");
  /* a one-mode tiler: CuTe keeps a rank-1 half whole (repeat<1>(_) is _) */
  ltExpect(ctx, "flat_divide(4:1,[8:1])", "((8),(1)):((1),(0))");
  ltExpect(ctx, "depth(flat_divide(4:1,[8:1]))", "2");
  ltExpect(ctx, "flat_divide((8,8):(1,8),[2:1])", "((2),4,8):((1),2,8)");
  ltExpect(ctx, "flat_divide((8,8):(1,8),2:1)", "(2,32):(1,2)");
  /* pycute's tiled_divide unpacks the rest even when it has one mode
   * (CuTe: ((8),(1)):((1),(0))) */
  ltExpect(ctx, "tiled_divide(4:1,[8:1])", "((8),1):((1),0)");
  ltExpect(ctx, "logical_divide((4,2):(2,1),3:1)",
           "error: logical_divide: inadmissible composition: stride 3 and "
           "shape 4 of the left "
           "layout divide neither way");
  ltExpect(
      ctx, "logical_divide(8:1,[2:1|2:1])",
      "error: logical_divide: the tiler has 2 modes but the layout has rank 1");
  ltEnd();
}

int main(void) {
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  testLogical(ctx);
  testRegroup(ctx);
  testExamples(ctx);
  flyLayoutCtxDestroy(ctx);
  return ltExitCode();
}
