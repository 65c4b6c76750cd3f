// RUN: %testbin/layout-make | FileCheck %s
//
// Layout builders over whole domains: make_ordered_layout is a compact
// bijection whose strides follow the order; the identity layout maps an
// index to its coordinate; recast keeps every element's bit address; a
// tile_to_shape result has the target's mode sizes and the blocked
// product's values; slice and dice split L(i,j) = slice(i) + dice(j).
#include "lt_test.h"

#include <stdio.h>
#include <string.h>

// CHECK-LABEL: @orderedProperty
// CHECK: orderedProperty: {{[0-9]+}} checks, 0 failures
static void testOrdered(FlyLayoutCtx *ctx) {
  ltBegin("orderedProperty");
  static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                  {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  int n;
  const FlyLayout **dom = ltDomain(ctx, 3, &n);
  for (int k = 0; k < n; k++) {
    const FlyIntTuple *shape = flyLayoutGetShape(dom[k]);
    if (flyIntTupleIsLeaf(shape) || flyIntTupleGetRank(shape) != 3 ||
        flyIntTupleGetDepth(shape) != 1 ||
        flyIntTupleGetValue(flyLayoutGetStride(flyLayoutGet(ctx, dom[k], 0))) !=
            0)
      continue; /* each shape once */
    for (int p = 0; p < 6; p++) {
      char order[32];
      snprintf(order, sizeof order, "(%d,%d,%d)", perms[p][0], perms[p][1],
               perms[p][2]);
      const FlyLayout *l =
          flyLayoutMakeOrdered(ctx, shape, ltTuple(ctx, order));
      if (!ltCheck(l != NULL, "make_ordered_layout(%s,%s)", ltTupleStr(shape),
                   order))
        continue;
      int64_t size = ltSize(ctx, l), max = 0;
      for (int64_t i = 0; i < size; i++) {
        int64_t v = ltEval(ctx, l, i);
        max = v > max ? v : max;
      }
      ltCheck(ltInjective(ctx, l) && max == size - 1,
              "make_ordered_layout(%s,%s) = %s is not a compact bijection",
              ltTupleStr(shape), order, ltStr(l));
      /* strides follow the order; an extent-1 mode has stride 0 (CuTe's
       * compact_col_major) and takes no place in it */
      for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++) {
          const FlyLayout *ma = flyLayoutGet(ctx, l, a),
                          *mb = flyLayoutGet(ctx, l, b);
          int64_t da = flyIntTupleGetValue(flyLayoutGetStride(ma));
          int64_t db = flyIntTupleGetValue(flyLayoutGetStride(mb));
          int64_t sa = flyIntTupleGetValue(flyLayoutGetShape(ma));
          int64_t sb = flyIntTupleGetValue(flyLayoutGetShape(mb));
          ltCheck(sa != 1 || da == 0,
                  "make_ordered_layout(%s,%s) = %s: an extent-1 mode has "
                  "stride %lld",
                  ltTupleStr(shape), order, ltStr(l), (long long)da);
          ltCheck(sa == 1 || sb == 1 || perms[p][a] >= perms[p][b] || da <= db,
                  "make_ordered_layout(%s,%s) = %s: strides out of order",
                  ltTupleStr(shape), order, ltStr(l));
        }
    }
  }
  ltExpect(ctx, "make_ordered_layout((4,8,2),(1,0,2))", "(4,8,2):(8,1,32)");
  ltExpect(ctx, "make_ordered_layout(((2,2),4),(1,0))", "((2,2),4):((4,8),1)");
  /* equal orders start at the same stride (CuTe compact_order) */
  ltExpect(ctx, "make_ordered_layout((2,2),(0,0))", "(2,2):(1,1)");
  /* extent-1 modes get stride 0, as in CuTe (pycute's compact 1:1) */
  ltExpect(ctx, "make_ordered_layout((1,4,1),(0,1,2))", "(1,4,1):(0,1,0)");
  ltExpect(ctx, "make_ordered_layout((4,1,2),(2,0,1))", "(4,1,2):(2,0,1)");
  ltEnd();
}

// CHECK-LABEL: @identityProperty
// CHECK: identityProperty: {{[0-9]+}} checks, 0 failures
static void testIdentity(FlyLayoutCtx *ctx) {
  ltBegin("identityProperty");
  int n;
  const FlyLayout **dom = ltDomain(ctx, 3, &n);
  for (int k = 0; k < n; k += 25) {
    const FlyIntTuple *shape = flyLayoutGetShape(dom[k]);
    const FlyLayout *id = flyLayoutMakeIdentity(ctx, shape);
    for (int64_t i = 0; i < ltSize(ctx, id); i++) {
      const FlyIntTuple *idx = flyIntTupleCreateInt(ctx, i);
      const FlyIntTuple *got = flyLayoutCrd2Idx(ctx, idx, id);
      const FlyIntTuple *want = flyIntTupleIdx2Crd(ctx, idx, shape, NULL);
      ltCheck(got && !strcmp(ltTupleStr(got), ltTupleStr(want)),
              "identity %s at %lld: %s, want %s", ltStr(id), (long long)i,
              ltTupleStr(got), ltTupleStr(want));
    }
  }
  ltExpect(ctx, "make_identity_layout((4,8))", "(4,8):(1E0,1E1)");
  ltExpect(ctx, "make_identity_layout((2,(3,4)))",
           "(2,(3,4)):(1E0,(1E1.0,1E1.1))");
  ltExpect(ctx, "crd2idx(13,make_identity_layout((4,8)))", "(1,3)");
  ltExpect(ctx, "crd2idx((1,(2,3)),make_identity_layout((2,(3,4))))",
           "(1,(2,3))");
  ltEnd();
}

// Widening by 2 then narrowing by 2 gives the layout back, and narrowing
// by 2 splits each element in two: new(2c+h) = 2*old(c)+h along the
// stride-1 mode.
// CHECK-LABEL: @recastProperty
// CHECK: recastProperty: {{[0-9]+}} checks, 0 failures
static void testRecast(FlyLayoutCtx *ctx) {
  ltBegin("recastProperty");
  int n;
  const FlyLayout **dom = ltDomain(ctx, 2, &n);
  for (int k = 0; k < n; k++) {
    const FlyLayout *l = dom[k];
    if (flyLayoutGetRank(l) != 2 ||
        flyIntTupleGetValue(flyLayoutGetStride(flyLayoutGet(ctx, l, 0))) != 1 ||
        flyIntTupleGetValue(flyLayoutGetStride(flyLayoutGet(ctx, l, 1))) == 1)
      continue; /* exactly one stride-1 mode, the first */
    const FlyLayout *narrow = flyLayoutRecast(ctx, l, 32, 16);
    if (!ltCheck(narrow != NULL, "recast(%s,32,16)", ltStr(l)))
      continue;
    int64_t s0 =
        flyIntTupleGetValue(flyLayoutGetShape(flyLayoutGet(ctx, l, 0)));
    for (int64_t i = 0; i < ltSize(ctx, l); i++)
      for (int h = 0; h < 2; h++) {
        int64_t c0 = i % s0, c1 = i / s0, j = (2 * c0 + h) + 2 * s0 * c1;
        ltCheck(ltEval(ctx, narrow, j) == 2 * ltEval(ctx, l, i) + h,
                "recast(%s,32,16) = %s at %lld", ltStr(l), ltStr(narrow),
                (long long)j);
      }
    const FlyLayout *back = flyLayoutRecast(ctx, narrow, 16, 32);
    ltCheck(back && flyLayoutEqual(back, l),
            "recast(recast(%s,32,16),16,32) = %s", ltStr(l), ltStr(back));
    flyLayoutCtxClearError(ctx);
  }
  ltExpect(ctx, "recast((4,8):(1,4),16,32)", "(2,8):(1,2)");
  ltExpect(ctx, "recast((4,8):(1,4),32,16)", "(8,8):(1,8)");
  ltExpect(ctx, "recast((4,8):(8,1),8,32)", "(4,2):(2,1)");
  ltExpect(ctx, "recast((4,8):(1,4),16,24)", /* upcast<3> then downcast<2> */
           "error: recast: stride 4 and the width ratio 3 divide neither way");
  ltExpect(ctx, "recast((4,8):(1,12),16,24)", "(4,8):(1,8)");
  ltExpect(ctx, "recast((4,8):(2,8),32,16)",
           "error: recast to a narrower type requires a stride-1 mode");
  /* CuTe's has_int1: a -1 stride is not a stride-1 mode */
  ltExpect(ctx, "recast(4:-1,32,16)",
           "error: recast to a narrower type requires a stride-1 mode");
  ltExpect(ctx, "recast((4,2):(-1,1),32,16)", "(8,4):(-1,1)");
  ltExpect(ctx, "recast((4,8):(1,3),16,32)",
           "error: recast: stride 3 and the width ratio 2 divide neither way");
  ltEnd();
}

// CHECK-LABEL: @tileToShapeProperty
// CHECK: tileToShapeProperty: {{[0-9]+}} checks, 0 failures
static void testTileToShape(FlyLayoutCtx *ctx) {
  ltBegin("tileToShapeProperty");
  int n;
  const FlyLayout **dom = ltDomain(ctx, 2, &n);
  const FlyIntTuple *target = ltTuple(ctx, "(24,48)");
  for (int k = 0; k < n; k++) {
    const FlyLayout *b = dom[k];
    const FlyLayout *t = flyLayoutTileToShape(ctx, b, target);
    flyLayoutCtxClearError(ctx);
    int64_t b0 = ltSize(ctx, flyLayoutGet(ctx, b, 0));
    int64_t b1 =
        flyLayoutGetRank(b) > 1 ? ltSize(ctx, flyLayoutGet(ctx, b, 1)) : 1;
    if (24 % b0 != 0 || 48 % b1 != 0) {
      ltCheck(t == NULL, "tile_to_shape(%s,(24,48)) must not divide", ltStr(b));
      continue;
    }
    char reps[32];
    snprintf(reps, sizeof reps, "(%lld,%lld)", (long long)(24 / b0),
             (long long)(48 / b1));
    const FlyLayout *bp = flyLayoutBlockedProduct(
        ctx, b, flyLayoutCreateCompact(ctx, ltTuple(ctx, reps)));
    flyLayoutCtxClearError(ctx);
    if (!ltCheck((bp == NULL) == (t == NULL),
                 "tile_to_shape(%s) fails "
                 "differently from its blocked product",
                 ltStr(b)) ||
        !t)
      continue; /* e.g. 2:8: the blocked product's composition is inadmissible
                 */
    ltCheck(flyLayoutEqual(bp, t),
            "tile_to_shape(%s) = %s, blocked "
            "product %s",
            ltStr(b), ltStr(t), ltStr(bp));
    ltCheck(ltSize(ctx, flyLayoutGet(ctx, t, 0)) == 24 &&
                ltSize(ctx, flyLayoutGet(ctx, t, 1)) == 48,
            "tile_to_shape(%s,(24,48)) = %s", ltStr(b), ltStr(t));
  }
  ltExpect(ctx, "tile_to_shape((2,2):(1,2),(4,6))",
           "((2,2),(2,3)):((1,4),(2,8))");
  ltExpect(ctx, "tile_to_shape(4:1,(8,3))", "((4,2),(1,3)):((1,4),(0,8))");
  /* the counts are a tuple of rank(shape) even for an integer shape (CuTe's
   * product_each wraps it), and the block zips with them */
  ltExpect(ctx, "tile_to_shape(4:1,8)", "((4,(2))):((1,(4)))");
  ltExpect(ctx, "tile_to_shape((4):(1),8)", "((4,2)):((1,4))");
  /* a count of 1 repeats with stride 0 (CuTe's compact strides) */
  ltExpect(ctx, "tile_to_shape(4:1,(4,12,8))",
           "((4,1),(1,12),(1,8)):((1,0),(0,4),(0,48))");
  ltExpect(ctx, "tile_to_shape((3,2):(1,3),(4,6))",
           "error: tile_to_shape: block extent 3 does not divide the target "
           "extent 4 of mode 0");
  ltEnd();
}

// CHECK-LABEL: @sliceDiceProperty
// CHECK: sliceDiceProperty: {{[0-9]+}} checks, 0 failures
static void testSlice(FlyLayoutCtx *ctx) {
  ltBegin("sliceDiceProperty");
  int n;
  const FlyLayout **dom = ltDomain(ctx, 2, &n);
  for (int k = 0; k < n; k++) {
    const FlyLayout *l = dom[k];
    if (flyLayoutGetRank(l) != 2)
      continue;
    int64_t s0 = ltSize(ctx, flyLayoutGet(ctx, l, 0));
    int64_t s1 = ltSize(ctx, flyLayoutGet(ctx, l, 1));
    for (int64_t j = 0; j < s1; j++) {
      char crd[32];
      snprintf(crd, sizeof crd, "(_,%lld)", (long long)j);
      const FlyLayout *sl = flyLayoutSlice(ctx, ltTuple(ctx, crd), l);
      const FlyLayout *di = flyLayoutDice(ctx, ltTuple(ctx, crd), l);
      for (int64_t i = 0; i < s0; i++)
        ltCheck(ltEval(ctx, l, i + s0 * j) ==
                    ltEval(ctx, sl, i) + ltEval(ctx, di, j),
                "slice/dice of %s at (%lld,%lld)", ltStr(l), (long long)i,
                (long long)j);
    }
  }
  ltExpect(ctx, "slice((_,2),(4,8):(1,4))", "(4):(1)");
  ltExpect(ctx, "dice((_,2),(4,8):(1,4))", "(8):(4)");
  /* CuTe: dice(2,L) is L and dice(_,L) is empty */
  ltExpect(ctx, "dice(2,(4,8):(1,4))", "(4,8):(1,4)");
  ltExpect(ctx, "dice(_,(4,8):(1,4))", "():()");
  ltExpect(ctx, "slice(((_,1),_),((2,3),4):((1,2),6))", "(2,4):(1,6)");
  ltExpect(ctx, "slice((1,2),(4,8):(1,4))", "():()");
  /* pycute's slice_(None, t) is (t,); CuTe's slice(_, t) is t */
  ltExpect(ctx, "slice(_,(4,8):(1,4))", "((4,8)):((1,4))");
  ltEnd();
}

int main(void) {
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  testOrdered(ctx);
  testIdentity(ctx);
  testRecast(ctx);
  testTileToShape(ctx);
  testSlice(ctx);
  flyLayoutCtxDestroy(ctx);
  return ltExitCode();
}
