// RUN: %testbin/layout-product | FileCheck %s
//
// logical_product(A,B) = (A, complement(A, size(A)*cosize(B)) o B): mode 0
// is A, and for injective admissible A and injective B the product is
// injective whenever it has size(A)*size(B) points (pycute does not reject
// a complement too small to hold B: the product then loses points, as
// blocked_product(4:2,3:1) = (4,2):(2,1) does). blocked/raked products take the
// same values as the logical product of the rank-padded operands, in rank
// max(rank A, rank B). zipped/tiled/flat products regroup the by-mode result.
#include "lt_test.h"

// CHECK-LABEL: @logicalProductProperty
// CHECK: logicalProductProperty: {{[0-9]+}} checks, 0 failures
static void testLogical(FlyLayoutCtx *ctx) {
  ltBegin("logicalProductProperty");
  int n, m, injective = 0;
  const FlyLayout **dom = ltDomain(ctx, 3, &n);
  const FlyLayout **ops = ltOperands(ctx, &m);
  for (int a = 0; a < n; a++) {
    FlyLayoutCtx *tmp = flyLayoutCtxCreate();
    const FlyLayout *A = dom[a];
    int admissible = ltInjective(tmp, A) && ltComplementAdmissible(tmp, A);
    for (int b = 0; b < m; b++) {
      const FlyLayout *B = ops[b];
      const FlyLayout *R =
          flyLayoutLogicalProduct(tmp, A, flyTilerCreateLayout(tmp, B));
      flyLayoutCtxClearError(tmp);
      if (!R)
        continue;
      ltCheck(flyLayoutEqual(flyLayoutGet(tmp, R, 0), A),
              "logical_product(%s,%s) = %s: mode 0 is not A", ltStr(A),
              ltStr(B), ltStr(R));
      if (admissible && ltInjective(tmp, B) &&
          ltSize(tmp, R) == ltSize(tmp, A) * ltSize(tmp, B)) {
        injective++;
        ltCheck(ltSize(tmp, R) == ltSize(tmp, A) * ltSize(tmp, B) &&
                    ltInjective(tmp, R),
                "logical_product(%s,%s) = %s is not injective", ltStr(A),
                ltStr(B), ltStr(R));
      }
    }
    flyLayoutCtxDestroy(tmp);
  }
  ltCheck(injective > 1000, "only %d injective cases", injective);
  ltEnd();
}

// CHECK-LABEL: @blockedRakedProductProperty
// CHECK: blockedRakedProductProperty: {{[0-9]+}} checks, 0 failures
static void testBlockedRaked(FlyLayoutCtx *ctx) {
  ltBegin("blockedRakedProductProperty");
  int n, m;
  const FlyLayout **dom = ltDomain(ctx, 2, &n);
  const FlyLayout **ops = ltOperands(ctx, &m);
  const FlyLayout *pad = ltLayout(ctx, "1:0");
  for (int a = 0; a < n; a++) {
    FlyLayoutCtx *tmp = flyLayoutCtxCreate();
    const FlyLayout *A = dom[a];
    for (int b = 0; b < m; b++) {
      const FlyLayout *B = ops[b];
      const FlyLayout *X = flyLayoutBlockedProduct(tmp, A, B);
      const FlyLayout *Y = flyLayoutRakedProduct(tmp, A, B);
      int ra = flyLayoutGetRank(A), rb = flyLayoutGetRank(B);
      int r = ra > rb ? ra : rb;
      const FlyLayout *pa = A, *pb = B;
      if (ra < r)
        pa = flyLayoutAppend(tmp, pa, pad);
      if (rb < r)
        pb = flyLayoutAppend(tmp, pb, pad);
      const FlyLayout *P =
          flyLayoutLogicalProduct(tmp, pa, flyTilerCreateLayout(tmp, pb));
      flyLayoutCtxClearError(tmp);
      if (!ltCheck((X == NULL) == (P == NULL) && (Y == NULL) == (P == NULL),
                   "blocked/raked_product(%s,%s) fail differently", ltStr(A),
                   ltStr(B)) ||
          !P)
        continue;
      ltCheck(flyLayoutGetRank(X) == r && flyLayoutGetRank(Y) == r,
              "blocked/raked_product(%s,%s) rank", ltStr(A), ltStr(B));
      ltCheck(ltSameValues(tmp, X, P) && ltSameValues(tmp, Y, P),
              "blocked/raked_product(%s,%s) values", ltStr(A), ltStr(B));
      for (int i = 0; i < r; i++) {
        const FlyLayout *xi = flyLayoutGet(tmp, X, i),
                        *yi = flyLayoutGet(tmp, Y, i);
        /* rank 1: CuTe's zip keeps each half whole */
        const FlyLayout *p0 = flyLayoutGet(tmp, P, 0),
                        *p1 = flyLayoutGet(tmp, P, 1);
        if (r > 1) {
          p0 = flyLayoutGet(tmp, p0, i);
          p1 = flyLayoutGet(tmp, p1, i);
        }
        ltCheck(flyLayoutEqual(flyLayoutGet(tmp, xi, 0), p0) &&
                    flyLayoutEqual(flyLayoutGet(tmp, xi, 1), p1) &&
                    flyLayoutEqual(flyLayoutGet(tmp, yi, 0), p1) &&
                    flyLayoutEqual(flyLayoutGet(tmp, yi, 1), p0),
                "blocked/raked_product(%s,%s) mode %d", ltStr(A), ltStr(B), i);
      }
    }
    flyLayoutCtxDestroy(tmp);
  }
  ltEnd();
}

// CHECK-LABEL: @zippedTiledFlatProductProperty
// CHECK: zippedTiledFlatProductProperty: {{[0-9]+}} checks, 0 failures
static void testRegroup(FlyLayoutCtx *ctx) {
  ltBegin("zippedTiledFlatProductProperty");
  int n, m, cases = 0;
  const FlyLayout **dom = ltDomain(ctx, 2, &n);
  const FlyLayout **ops = ltOperands(ctx, &m);
  for (int a = 0; a < n; a++) {
    FlyLayoutCtx *tmp = flyLayoutCtxCreate();
    const FlyLayout *A = dom[a];
    for (int b = 0; b < m; b += 2) {
      const FlyTiler *tilers[5];
      int nt = ltTilerVariants(tmp, A, ops[b], ops[(b + 11) % m], tilers);
      for (int v = 0; v < nt; v++) {
        const FlyTiler *t = tilers[v];
        const FlyLayout *L = flyLayoutLogicalProduct(tmp, A, t);
        const FlyLayout *Z = flyLayoutZippedProduct(tmp, A, t);
        const FlyLayout *T = flyLayoutTiledProduct(tmp, A, t);
        const FlyLayout *F = flyLayoutFlatProduct(tmp, A, t);
        flyLayoutCtxClearError(tmp);
        ltCheckZipped(tmp, A, t, L, Z, ltStr(A));
        if (!ltCheck((T == NULL) == (Z == NULL) && (F == NULL) == (Z == NULL),
                     "products of %s fail differently", ltStr(A)) ||
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

// Worked examples (logical/zipped/tiled products as pycute computes them;
// flat/blocked/raked products as CuTe C++ defines them).
// CHECK-LABEL: @productExamples
// CHECK: productExamples: {{[0-9]+}} checks, 0 failures
static void testExamples(FlyLayoutCtx *ctx) {
  ltBegin("productExamples");
  ltExpect(ctx, "logical_product(2:1,3:1)", "(2,3):(1,2)");
  ltExpect(ctx, "logical_product((2,2):(4,1),6:1)",
           "((2,2),(2,3)):((4,1),(2,8))");
  ltExpect(ctx, "logical_product((2,2):(4,1),(2,3):(3,1))",
           "error: logical_product: inadmissible composition: stride 3 and "
           "shape 2 of the left "
           "layout divide neither way");
  ltExpect(ctx, "logical_product((2,2):(1,2),[2:1|3:1])",
           "((2,2),(2,2)):((1,2),(2,1))");
  ltExpect(ctx, "zipped_product((2,2):(1,2),[2:1|3:1])",
           "((2,2),(2,2)):((1,2),(2,1))");
  /* by mode: 2:5 with 3:1 and 5:1 with 4:1, each on its own */
  ltExpect(ctx, "tiled_product((2,5):(5,1),[3:1|4:1])",
           "((2,5),3,4):((5,1),1,5)");
  ltExpect(ctx, "flat_product((2,5):(5,1),[3:1|4:1])", "(2,5,3,4):(5,1,1,5)");
  /* a one-mode tiler: the tile half has rank 1 and stays whole (CuTe) */
  ltExpect(ctx, "flat_product(((2,3,2),2):((4,8,2),1),[4:1])",
           "(((2,3,2)),(2,2),2):(((4,8,2)),(1,24),1)");
  ltExpect(ctx, "rank(get(flat_product(((2,3,2),2):((4,8,2),1),[4:1]),0))",
           "1");
  ltExpect(ctx, "blocked_product((2,5):(5,1),(3,4):(1,3))",
           "((2,3),(5,4)):((5,10),(1,30))");
  ltExpect(ctx, "raked_product((2,5):(5,1),(3,4):(1,3))",
           "((3,2),(4,5)):((10,5),(30,1))");
  ltExpect(ctx, "blocked_product(4:1,(2,3):(1,2))",
           "((4,2),(1,3)):((1,4),(0,8))");
  ltExpect(ctx, "raked_product((2,2):(1,2),3:1)",
           "((3,2),(1,2)):((4,1),(0,2))");
  /* rank 1: CuTe's zip keeps the pair as the one mode */
  ltExpect(ctx, "blocked_product(4:1,3:1)", "((4,3)):((1,4))");
  ltExpect(ctx, "raked_product(4:1,3:1)", "((3,4)):((4,1))");
  ltExpect(ctx, "blocked_product(2:2,4:1)", "((2,(2,2))):((2,(1,4)))");
  ltEnd();
}

int main(void) {
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  testLogical(ctx);
  testBlockedRaked(ctx);
  testRegroup(ctx);
  testExamples(ctx);
  flyLayoutCtxDestroy(ctx);
  return ltExitCode();
}
