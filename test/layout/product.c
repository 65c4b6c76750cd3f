// RUN: %testbin/layout-product | FileCheck %s
//
// logical_product(A,B) = (A, C o B) with C = complement(A,
// size(A)*cosize(B)) as pycute builds it, for every A of the domain and B
// of the operand set, nothing skipped; C and the composition are the
// test's own statement of pycute's (lt_test.c). The product fails exactly
// when pycute's does: C's construction asserts, or the composition walk is
// rejected (the stride condition, or an extent 0 in C before its last mode,
// which a mode of A that overlaps the ones below it leaves); otherwise mode
// 0 is A, mode 1 is congruent to B and agrees with C o B_i on each integer
// mode B_i, it has size(B) points exactly when every step divides the rest
// of the shape (pycute keeps what fits otherwise, as logical_product(4:2,3:1)
// = (4,2):(2,1) does; CuTe rejects it), and the product is injective
// whenever A and B are and A's complement is one (its sorted strides are
// multiples of where the modes below them end). blocked/raked products are
// CuTe's zip of the logical product of the rank-padded operands, rejected
// where CuTe rejects them. zipped/tiled/flat products regroup the by-mode
// result.
#include "lt_test.h"

#include <stdio.h>
#include <string.h>

/* C o B on B's integer modes, C given as flat modes. */
static int checkReps(FlyLayoutCtx *ctx, const int64_t *cs, const int64_t *cd,
                     int nc, const FlyLayout *Bi, const FlyLayout *Ri,
                     const char *what, int *truncated) {
  const FlyIntTuple *bs = flyLayoutGetShape(Bi);
  if (!flyIntTupleIsLeaf(bs)) {
    if (!ltCheck(!flyIntTupleIsLeaf(flyLayoutGetShape(Ri)) &&
                     flyLayoutGetRank(Ri) == flyLayoutGetRank(Bi),
                 "%s: repetitions %s are not congruent to B", what, ltStr(Ri)))
      return 0;
    int ok = 1;
    for (int i = 0; i < flyLayoutGetRank(Bi); i++)
      ok &= checkReps(ctx, cs, cd, nc, flyLayoutGet(ctx, Bi, i),
                      flyLayoutGet(ctx, Ri, i), what, truncated);
    return ok;
  }
  int keeps;
  ltCompositionWalkModes(cs, cd, nc, flyIntTupleGetValue(bs),
                         flyIntTupleGetValue(flyLayoutGetStride(Bi)), &keeps);
  int64_t n = ltSize(ctx, Ri), want = ltSize(ctx, Bi);
  *truncated += !keeps;
  int ok = ltCheck(keeps ? n == want : n < want,
                   "%s: mode %s of B repeats as %s (divides exactly: %d)",
                   what, ltStr(Bi), ltStr(Ri), keeps);
  for (int64_t c = 0; c < n; c++)
    ok &= ltCheck(ltEval(ctx, Ri, c) ==
                      ltEvalModes(cs, cd, nc, ltEval(ctx, Bi, c)),
                  "%s: mode %s of B repeats as %s, which differs at %lld",
                  what, ltStr(Bi), ltStr(Ri), (long long)c);
  return ok;
}

/* Whether pycute's walk of C o B is admissible on every integer mode. */
static int repsAdmissible(FlyLayoutCtx *ctx, const int64_t *cs,
                          const int64_t *cd, int nc, const FlyLayout *Bi) {
  if (!flyIntTupleIsLeaf(flyLayoutGetShape(Bi))) {
    for (int i = 0; i < flyLayoutGetRank(Bi); i++)
      if (!repsAdmissible(ctx, cs, cd, nc, flyLayoutGet(ctx, Bi, i)))
        return 0;
    return 1;
  }
  int keeps;
  return ltCompositionWalkModes(
      cs, cd, nc, flyIntTupleGetValue(flyLayoutGetShape(Bi)),
      flyIntTupleGetValue(flyLayoutGetStride(Bi)), &keeps);
}

// CHECK-LABEL: @logicalProductProperty
// CHECK: logicalProductProperty: {{[0-9]+}} checks, 0 failures
static void testLogical(FlyLayoutCtx *ctx) {
  ltBegin("logicalProductProperty");
  int n, m, injective = 0, truncated = 0, rejected = 0, overlapping = 0;
  const FlyLayout **dom = ltDomain(ctx, 3, &n);
  const FlyLayout **ops = ltOperands(ctx, &m);
  for (int a = 0; a < n; a++) {
    FlyLayoutCtx *tmp = flyLayoutCtxCreate();
    const FlyLayout *A = dom[a];
    int injA = ltInjective(tmp, A) && ltComplementAdmissible(tmp, A);
    int overlaps = ltComplementOverlaps(A);
    for (int b = 0; b < m; b++) {
      const FlyLayout *B = ops[b];
      char what[256];
      snprintf(what, sizeof what, "logical_product(%s,%s)", ltStr(A),
               ltStr(B));
      const FlyLayout *R =
          flyLayoutLogicalProduct(tmp, A, flyTilerCreateLayout(tmp, B));
      const char *err = flyLayoutCtxGetError(tmp);
      int64_t cosizeB = ltEval(tmp, B, ltSize(tmp, B) - 1) + 1;
      int64_t cs[LT_MAX_MODES + 1], cd[LT_MAX_MODES + 1];
      int nc = ltComplementModes(A, ltSize(tmp, A) * cosizeB, cs, cd);
      if (!nc || !repsAdmissible(tmp, cs, cd, nc, B)) {
        rejected++;
        /* an overlap is named as such; other rejections by the composition */
        ltCheck(!R && strstr(err, overlaps ? "overlaps the modes below it"
                                           : "logical_product: inadmissible"),
                "%s = %s, but pycute rejects it (%s)", what, ltStr(R), err);
        flyLayoutCtxClearError(tmp);
        continue;
      }
      if (!ltCheck(R != NULL, "%s fails: %s", what, err))
        continue;
      overlapping += overlaps;
      if (!ltCheck(flyLayoutGetRank(R) == 2 &&
                       flyLayoutEqual(flyLayoutGet(tmp, R, 0), A),
                   "%s = %s: mode 0 is not A", what, ltStr(R)))
        continue;
      checkReps(tmp, cs, cd, nc, B, flyLayoutGet(tmp, R, 1), what,
                &truncated);
      if (injA && ltInjective(tmp, B)) {
        injective++;
        ltCheck(ltInjective(tmp, R), "%s = %s is not injective", what,
                ltStr(R));
      }
    }
    flyLayoutCtxDestroy(tmp);
  }
  ltCheck(injective > 1000 && truncated > 100 && rejected > 1000 &&
              overlapping > 100,
          "only %d injective, %d truncated, %d rejected, %d overlapping cases",
          injective, truncated, rejected, overlapping);
  ltEnd();
}

/* CuTe's zip(x, y): the expected mode i of a blocked (x = P[0], y = P[1])
 * or raked (x = P[1], y = P[0]) product, or 0 when the two do not zip. */
static int zipExpected(FlyLayoutCtx *ctx, const FlyLayout *x,
                       const FlyLayout *y, const FlyLayout **want0,
                       const FlyLayout **want1, int *rank) {
  if (flyIntTupleIsLeaf(flyLayoutGetShape(x))) {
    *rank = 1;
    want0[0] = x;
    want1[0] = y;
    return 1;
  }
  *rank = flyLayoutGetRank(x);
  if (flyIntTupleIsLeaf(flyLayoutGetShape(y)) ||
      flyLayoutGetRank(y) != *rank || *rank > 8)
    return 0;
  for (int i = 0; i < *rank; i++) {
    want0[i] = flyLayoutGet(ctx, x, i);
    want1[i] = flyLayoutGet(ctx, y, i);
  }
  return 1;
}

/* One of blocked/raked_product(A,B) = R against P, the logical product of
 * the padded operands (NULL when it failed). */
static void checkRanked(FlyLayoutCtx *ctx, const FlyLayout *A,
                        const FlyLayout *B, const FlyLayout *P,
                        const FlyLayout *R, int raked, int r) {
  const char *op = raked ? "raked_product" : "blocked_product";
  char what[1200];
  snprintf(what, sizeof what, "%s(%s,%s)", op, ltStr(A), ltStr(B));
  const char *err = flyLayoutCtxGetError(ctx);
  if (!P) {
    ltCheck(!R, "%s = %s, but the logical product fails", what, ltStr(R));
    return;
  }
  if (ltComplementOverlaps(A)) { /* CuTe: "Non-injective Layout detected" */
    ltCheck(!R && strstr(err, "overlaps the modes below it"),
            "%s = %s, but A's modes overlap: %s", what, ltStr(R), err);
    return;
  }
  int64_t points = ltSize(ctx, A) * ltSize(ctx, B);
  if (ltSize(ctx, P) != points) { /* CuTe: "Shape Divisibility Condition" */
    ltCheck(!R && strstr(err, "cannot hold the repetitions"),
            "%s = %s loses points (%lld of %lld): %s", what, ltStr(R),
            (long long)ltSize(ctx, P), (long long)points, err);
    return;
  }
  const FlyLayout *p0 = flyLayoutGet(ctx, P, 0), *p1 = flyLayoutGet(ctx, P, 1);
  const FlyLayout *w0[8], *w1[8];
  int k;
  if (!zipExpected(ctx, raked ? p1 : p0, raked ? p0 : p1, w0, w1, &k)) {
    ltCheck(!R && strstr(err, "do not zip mode by mode"),
            "%s = %s, but its halves do not zip (CuTe rejects it): %s", what,
            ltStr(R), err);
    return;
  }
  if (!ltCheck(R && flyLayoutGetRank(R) == k && k == r &&
                   !flyIntTupleIsLeaf(flyLayoutGetShape(R)),
               "%s = %s: want rank %d (%s)", what, ltStr(R), r, err))
    return;
  for (int i = 0; i < k; i++) {
    const FlyLayout *ri = flyLayoutGet(ctx, R, i);
    ltCheck(flyLayoutGetRank(ri) == 2 &&
                flyLayoutEqual(flyLayoutGet(ctx, ri, 0), w0[i]) &&
                flyLayoutEqual(flyLayoutGet(ctx, ri, 1), w1[i]),
            "%s = %s: mode %d", what, ltStr(R), i);
  }
  ltCheck(ltSameValues(ctx, R, P), "%s = %s does not take P's values", what,
          ltStr(R));
}

// blocked/raked_product(A,B) = zip(P[0],P[1]) / zip(P[1],P[0]) with P the
// logical product of A and B padded with 1:0 modes to R = max(rank A, rank
// B) (CuTe), for every A of the domain and B of the operands, each of rank
// 1 also as the 1-tuple (A): it fails exactly when P fails, A's modes
// overlap (pycute's product may still succeed; CuTe's complement rejects
// it), P has lost points (pycute's product keeps what fits; CuTe rejects it)
// or the halves do not zip (rank 1: one is an integer-shaped layout, the other a tuple, or
// the tuples differ in rank; CuTe rejects it); otherwise it has rank R, its
// modes are the zipped pairs, and it takes P's values.
// CHECK-LABEL: @blockedRakedProductProperty
// CHECK: blockedRakedProductProperty: {{[0-9]+}} checks, 0 failures
static void testBlockedRaked(FlyLayoutCtx *ctx) {
  ltBegin("blockedRakedProductProperty");
  int n, m, rejected = 0, zipped = 0;
  const FlyLayout **dom = ltDomain(ctx, 2, &n);
  const FlyLayout **ops = ltOperands(ctx, &m);
  const FlyLayout *pad = ltLayout(ctx, "1:0");
  for (int a = 0; a < n; a++) {
    FlyLayoutCtx *tmp = flyLayoutCtxCreate();
    const FlyLayout *as[2] = {dom[a], flyLayoutCreateFromModes(tmp, 1, &dom[a])};
    for (int b = 0; b < m; b++)
      for (int v = 0; v < 4; v++) {
        const FlyLayout *bs[2] = {ops[b],
                                  flyLayoutCreateFromModes(tmp, 1, &ops[b])};
        const FlyLayout *A = as[v & 1], *B = bs[v >> 1];
        int ra = flyLayoutGetRank(A), rb = flyLayoutGetRank(B);
        if (((v & 1) && ra != 1) || ((v >> 1) && rb != 1))
          continue; /* only a rank-1 operand has a 1-tuple form */
        int r = ra > rb ? ra : rb;
        const FlyLayout *pa = A, *pb = B;
        if (ra < r)
          pa = flyLayoutAppend(tmp, pa, pad);
        if (rb < r)
          pb = flyLayoutAppend(tmp, pb, pad);
        const FlyLayout *P =
            flyLayoutLogicalProduct(tmp, pa, flyTilerCreateLayout(tmp, pb));
        flyLayoutCtxClearError(tmp);
        for (int raked = 0; raked < 2; raked++) {
          const FlyLayout *R = raked ? flyLayoutRakedProduct(tmp, A, B)
                                     : flyLayoutBlockedProduct(tmp, A, B);
          checkRanked(tmp, A, B, P, R, raked, r);
          rejected += !R && P;
          zipped += R != NULL;
          flyLayoutCtxClearError(tmp);
        }
      }
    flyLayoutCtxDestroy(tmp);
  }
  ltCheck(zipped > 20000 && rejected > 1000, "only %d products, %d rejected",
          zipped, rejected);
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
  /* rank 1, CuTe's zip: an integer-shaped first half pairs with anything;
   * a tuple first half needs a tuple of its rank (values checked against
   * CuTe C++) */
  ltExpect(ctx, "blocked_product(6:3,12:1)", "((6,(3,4))):((3,(1,18)))");
  ltExpect(ctx, "raked_product(6:3,12:1)",
           "error: raked_product: the repetition layout has a tuple shape of "
           "rank 2 but the block has an integer shape, so they do not zip "
           "mode by mode");
  ltExpect(ctx, "blocked_product((4):(1),3:1)",
           "error: blocked_product: the block has a tuple shape of rank 1 but "
           "the repetition layout has an integer shape, so they do not zip "
           "mode by mode");
  ltExpect(ctx, "blocked_product((4):(1),(3):(1))", "((4,3)):((1,4))");
  ltExpect(ctx, "raked_product((4):(1),3:1)", "((3,(4))):((4,(1)))");
  ltExpect(ctx, "raked_product((4):(1),((2,2)):((1,2)))",
           "(((2,2),4)):(((4,8),1))");
  /* A's modes overlap: pycute's complement has an extent 0, harmless as the
   * last mode of C (pycute's value), fatal before it (ZeroDivisionError);
   * CuTe's complement rejects both, and so does flyc's blocked_product */
  ltExpect(ctx, "logical_product((8,2):(24,16),1:1)",
           "((8,2),1):((24,16),32)");
  ltExpect(ctx, "logical_product((2,2):(1,1),2:1)",
           "error: logical_product: complement: mode 2:1 overlaps the modes "
           "below it (stride 1 < 2)");
  ltExpect(ctx, "blocked_product((8,2):(24,16),1:1)",
           "error: logical_product: complement: mode 8:24 overlaps the modes "
           "below it (stride 24 < 32)");
  /* cosize(4:-1) = -2: the complement's target is negative, its last extent
   * unused (pycute and CuTe agree) */
  ltExpect(ctx, "logical_product(2:1,4:-1)", "(2,4):(1,-2)");
  /* pycute's product of these keeps 8 of the 12 points; CuTe rejects it */
  ltExpect(ctx, "blocked_product(4:2,3:1)",
           "error: blocked_product: the complement of the block cannot hold "
           "the repetitions (8 of 12 points)");
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
