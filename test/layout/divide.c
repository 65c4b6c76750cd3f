// RUN: %testbin/layout-divide | FileCheck %s
//
// logical_divide(A,T) = composition(A, (T, C)) with C = complement(T,
// size(A)), for every A of the domain and every tiler T of the operand set,
// nothing skipped: it fails exactly when the complement does (T's sorted
// modes overlap) or pycute's composition condition rejects A o (T,C);
// otherwise it is that composition, its tile mode is A o T, and when T is
// injective and (T,C) is a permutation of [0, size(A)) (T's strides are
// multiples of where its lower modes end and size(T)*size(C) = size(A)) it
// re-indexes A: size(A) points with A's values exactly when A o (T,C)
// keeps the sizes of (T,C), fewer points otherwise. zipped/tiled/flat
// divides regroup the by-mode result.
#include "lt_test.h"

#include <stdio.h>
#include <string.h>

static const FlyLayout *pairOf(FlyLayoutCtx *ctx, const FlyLayout *a,
                               const FlyLayout *b) {
  return flyLayoutCreateFromModes(ctx, 2, (const FlyLayout *[]){a, b});
}

// CHECK-LABEL: @logicalDivideProperty
// CHECK: logicalDivideProperty: {{[0-9]+}} checks, 0 failures
static void testLogical(FlyLayoutCtx *ctx) {
  ltBegin("logicalDivideProperty");
  int n, m, reindexed = 0, truncated = 0, rejected = 0;
  const FlyLayout **dom = ltDomain(ctx, 3, &n);
  const FlyLayout **ops = ltOperands(ctx, &m);
  for (int a = 0; a < n; a++) {
    FlyLayoutCtx *tmp = flyLayoutCtxCreate();
    const FlyLayout *A = dom[a];
    for (int b = 0; b < m; b++) {
      const FlyLayout *T = ops[b];
      char what[256];
      snprintf(what, sizeof what, "logical_divide(%s,%s)", ltStr(A), ltStr(T));
      const FlyLayout *R =
          flyLayoutLogicalDivide(tmp, A, flyTilerCreateLayout(tmp, T));
      const char *err = flyLayoutCtxGetError(tmp);
      if (ltComplementOverlaps(T)) {
        rejected++;
        ltCheck(!R && strstr(err, "logical_divide: complement: "),
                "%s = %s, but T's modes overlap (%s)", what, ltStr(R), err);
        flyLayoutCtxClearError(tmp);
        continue;
      }
      const FlyLayout *C = flyLayoutComplement(tmp, T, ltSize(tmp, A));
      if (!ltCheck(C != NULL, "%s: complement fails: %s", what, err))
        continue;
      const FlyLayout *TC = pairOf(tmp, T, C);
      int keeps;
      if (!ltCompositionAdmissible(A, TC, &keeps)) {
        rejected++;
        ltCheck(!R && !strncmp(err, "logical_divide: inadmissible", 28),
                "%s = %s, but pycute rejects A o %s (%s)", what, ltStr(R),
                ltStr(TC), err);
        flyLayoutCtxClearError(tmp);
        continue;
      }
      if (!ltCheck(R != NULL, "%s fails: %s", what, err))
        continue;
      ltCheck(flyLayoutEqual(R, flyLayoutComposition(tmp, A, TC)),
              "%s = %s is not A o %s", what, ltStr(R), ltStr(TC));
      ltCheck(flyLayoutEqual(flyLayoutGet(tmp, R, 0),
                             flyLayoutComposition(tmp, A, T)),
              "%s: tile mode is not A o T", what);
      if (ltInjective(tmp, T) && ltComplementAdmissible(tmp, T) &&
          ltSize(tmp, T) * ltSize(tmp, C) == ltSize(tmp, A)) {
        reindexed++;
        truncated += !keeps;
        if (keeps)
          ltCheck(ltSize(tmp, R) == ltSize(tmp, A) && ltSameValues(tmp, R, A),
                  "%s = %s does not re-index A", what, ltStr(R));
        else
          ltCheck(ltSize(tmp, R) < ltSize(tmp, A),
                  "%s = %s: A o (T,C) does not keep size, yet %lld points",
                  what, ltStr(R), (long long)ltSize(tmp, R));
      }
    }
    flyLayoutCtxDestroy(tmp);
  }
  /* (no truncated re-indexing case arises over this domain: the walks that
   * would truncate are rejected by pycute's stride condition first) */
  ltCheck(reindexed > 10000 && rejected > 10000,
          "%d re-indexing (%d truncated), %d rejected cases", reindexed,
          truncated, rejected);
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
