// RUN: %testbin/layout-inttuple | FileCheck %s
//
// Int tuples and notation: parsing and canonical printing, the structural
// operations (also on dynamic leaves), and idx2crd/crd2idx over whole
// domains of shapes.
#include "lt_test.h"

#include <string.h>

// CHECK-LABEL: @notation
// CHECK: notation: {{[0-9]+}} checks, 0 failures
static void testNotation(FlyLayoutCtx *ctx) {
  ltBegin("notation");
  static const char *const same[][2] = {
      {"8:1", "8:1"},
      {"(4,8):(1,4)", "(4,8):(1,4)"},
      {"((2,2),3):((24,2),8)", "((2,2),3):((24,2),8)"},
      {" ( 4 , 8 ) : ( 1 , 4 ) ", "(4,8):(1,4)"},
      {"(4):(1)", "(4):(1)"},
      {"((4,2)):((1,4))", "((4,2)):((1,4))"},
      {"( ( 4 ) , ( ) )", "((4),()):((1),())"},
      {"8", "8:1"},
      {"(4,(2,3))", "(4,(2,3)):(1,(4,8))"},
      {"(?,4):(1,?)", "(?,4):(1,?)"},
      {"(4,8):(1E0,1E1)", "(4,8):(1E0,1E1)"},
      {"(2,(2,2)):(1E0,(1E1.0,2E1.1))", "(2,(2,2)):(1E0,(1E1.0,2E1.1))"},
      {"(2,2):(-1,4)", "(2,2):(-1,4)"},
      {"():()", "():()"},
  };
  for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
    ltCheck(!strcmp(ltStr(ltLayout(ctx, same[i][0])), same[i][1]),
            "%s prints as %s, want %s", same[i][0],
            ltStr(ltLayout(ctx, same[i][0])), same[i][1]);
  FlyStrBuf b = {0};
  flyTilerPrint(flyTilerParse(ctx, "[ 2:1 | (3,2):(1,3) | _ | [2|4:2] ]"), &b);
  ltCheck(!strcmp(b.data, "[2:1|(3,2):(1,3)|_|[2:1|4:2]]"),
          "tiler prints as %s", b.data);
  flyStrBufDestroy(&b);
  flyComposedLayoutPrint(
      flyComposedLayoutParse(ctx, "S<3,4,3> o 0 o (8,64):(64,1)"), &b);
  ltCheck(!strcmp(b.data, "S<3,4,3> o 0 o (8,64):(64,1)"), "composed: %s",
          b.data);
  flyStrBufDestroy(&b);
  ltEnd();
}

// CHECK-LABEL: @parseErrors
// CHECK: parseErrors: {{[0-9]+}} checks, 0 failures
static void testParseErrors(FlyLayoutCtx *ctx) {
  ltBegin("parseErrors");
  static const char *const bad[][2] = {
      {"(4,8):(1)", "shape and stride are not congruent"},
      {"(4,8", "syntax error at column 5: expected ',' or ')', found the end "
               "of the input"},
      {"(0,8):(1,4)", "shape extents must be positive integers"},
      {"4:1 x", "syntax error at column 5: expected the end of the input, "
                "found 'x'"},
      {"9223372036854775808:1", "integer literal at column 1 is too large"},
      {"(2,4):(1,-9223372036854775809)",
       "integer literal at column 10 is too large"},
      {"(?,4)", "a shape without strides must be static"},
      {"(2,4):(1,_)", "a stride cannot be the wildcard '_'"},
      {"(2,_):(1,2)", "shape extents must be positive integers"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    flyLayoutCtxClearError(ctx);
    const FlyLayout *l = flyLayoutParse(ctx, bad[i][0]);
    ltCheck(!l && !strcmp(flyLayoutCtxGetError(ctx), bad[i][1]),
            "'%s' gives '%s'", bad[i][0], flyLayoutCtxGetError(ctx));
  }
  flyLayoutCtxClearError(ctx);
  ltCheck(!flySwizzleParse(ctx, "S<3,4,2>") &&
              !strcmp(flyLayoutCtxGetError(ctx),
                      "invalid swizzle S<3,4,2>: requires B >= 0, M >= 0 and "
                      "|S| >= B"),
          "swizzle error: %s", flyLayoutCtxGetError(ctx));
  flyLayoutCtxClearError(ctx);
  ltEnd();
}

// CHECK-LABEL: @structural
// CHECK: structural: {{[0-9]+}} checks, 0 failures
static void testStructural(FlyLayoutCtx *ctx) {
  ltBegin("structural");
  const FlyLayout *l = ltLayout(ctx, "(2,(3,?)):(1,(2,6))");
  ltCheck(flyLayoutGetRank(l) == 2 && flyLayoutGetDepth(l) == 2, "rank/depth");
  ltCheck(!strcmp(ltStr(flyLayoutFlatten(ctx, l)), "(2,3,?):(1,2,6)"),
          "flatten");
  ltCheck(!strcmp(ltStr(flyLayoutGet(ctx, l, 1)), "(3,?):(2,6)"), "get");
  const FlyLayout *f = flyLayoutFlatten(ctx, l);
  ltCheck(!strcmp(ltStr(flyLayoutTake(ctx, f, 1, 3)), "(3,?):(2,6)"), "take");
  int idx[] = {2, 0};
  ltCheck(!strcmp(ltStr(flyLayoutSelect(ctx, f, 2, idx)), "(?,2):(6,1)"),
          "select");
  ltCheck(!strcmp(ltStr(flyLayoutGroup(ctx, f, 0, 2)), "((2,3),?):((1,2),6)"),
          "group");
  const FlyLayout *m = ltLayout(ctx, "2:4");
  ltCheck(!strcmp(ltStr(flyLayoutAppend(ctx, ltLayout(ctx, "4:1"), m)),
                  "(4,2):(1,4)"),
          "append");
  ltCheck(!strcmp(ltStr(flyLayoutPrepend(ctx, ltLayout(ctx, "4:1"), m)),
                  "(2,4):(4,1)"),
          "prepend");
  ltCheck(!strcmp(ltTupleStr(flyLayoutSize(ctx, l)), "?"), "dynamic size");
  ltCheck(!strcmp(ltTupleStr(flyLayoutSize(ctx, f)), "?"), "dynamic size");
  flyLayoutCtxClearError(ctx);
  ltCheck(!flyLayoutCosize(ctx, l) &&
              !strcmp(flyLayoutCtxGetError(ctx),
                      "cosize requires a static layout with integer strides"),
          "cosize of a dynamic layout: %s", flyLayoutCtxGetError(ctx));
  flyLayoutCtxClearError(ctx);
  ltCheck(!flyLayoutCoalesce(ctx, l) &&
              !strcmp(flyLayoutCtxGetError(ctx),
                      "coalesce requires a static layout with integer strides"),
          "coalesce of a dynamic layout: %s", flyLayoutCtxGetError(ctx));
  flyLayoutCtxClearError(ctx);
  const FlyIntTuple *t = ltTuple(ctx, "(2,(3,4))");
  ltCheck(flyIntTupleGetDepth(t) == 2 && flyIntTupleGetRank(t) == 2 &&
              flyIntTupleGetValue(flyIntTupleProduct(ctx, t)) == 24,
          "tuple depth/rank/product");
  ltCheck(!strcmp(ltTupleStr(
                      flyIntTuplePrefixProduct(ctx, ltTuple(ctx, "(4,(2,3))"))),
                  "(1,(4,8))"),
          "prefix product");
  ltEnd();
}

/* The i-th coordinate of `shape` in colexicographic order by counting. */
static void colexNext(int64_t *c, const int64_t *s, int n) {
  for (int k = 0; k < n; k++) {
    if (++c[k] < s[k])
      return;
    c[k] = 0;
  }
}

// CHECK-LABEL: @idx2crdProperty
// CHECK: idx2crdProperty: {{[0-9]+}} checks, 0 failures
static void testIdx2Crd(FlyLayoutCtx *ctx) {
  ltBegin("idx2crdProperty");
  int n;
  const FlyLayout **dom = ltDomain(ctx, 3, &n);
  for (int k = 0; k < n; k++) {
    const FlyIntTuple *shape = flyLayoutGetShape(dom[k]);
    const FlyLayout *compact = flyLayoutCreateCompact(ctx, shape);
    const FlyIntTuple *flat = flyIntTupleFlatten(ctx, shape);
    int r = flyIntTupleGetRank(flat);
    int64_t s[8], c[8] = {0};
    for (int j = 0; j < r; j++)
      s[j] = flyIntTupleGetValue(flyIntTupleGetElem(flat, j));
    int64_t size = ltSize(ctx, compact);
    for (int64_t i = 0; i < size; i++) {
      const FlyIntTuple *crd =
          flyIntTupleIdx2Crd(ctx, flyIntTupleCreateInt(ctx, i), shape, NULL);
      const FlyIntTuple *fc = flyIntTupleFlatten(ctx, crd);
      int same = 1;
      for (int j = 0; j < r; j++)
        same &= flyIntTupleGetValue(flyIntTupleGetElem(fc, j)) == c[j];
      ltCheck(same, "idx2crd(%lld,%s) = %s is not the colex coordinate",
              (long long)i, ltTupleStr(shape), ltTupleStr(crd));
      const FlyIntTuple *back = flyLayoutCrd2Idx(ctx, crd, compact);
      ltCheck(back && flyIntTupleGetValue(back) == i,
              "crd2idx(idx2crd(%lld)) on %s", (long long)i, ltStr(compact));
      colexNext(c, s, r);
    }
  }
  ltEnd();
}

// An integer coordinate means the same as its colex coordinate, on every
// layout of the domain, and indices past the size continue the last mode.
// CHECK-LABEL: @crd2idxProperty
// CHECK: crd2idxProperty: {{[0-9]+}} checks, 0 failures
static void testCrd2Idx(FlyLayoutCtx *ctx) {
  ltBegin("crd2idxProperty");
  int n;
  const FlyLayout **dom = ltDomain(ctx, 3, &n);
  for (int k = 0; k < n; k++) {
    const FlyLayout *l = dom[k];
    int64_t size = ltSize(ctx, l);
    for (int64_t i = 0; i < size; i++) {
      const FlyIntTuple *crd = flyIntTupleIdx2Crd(
          ctx, flyIntTupleCreateInt(ctx, i), flyLayoutGetShape(l), NULL);
      const FlyIntTuple *a =
          flyLayoutCrd2Idx(ctx, flyIntTupleCreateInt(ctx, i), l);
      const FlyIntTuple *b = flyLayoutCrd2Idx(ctx, crd, l);
      ltCheck(a && b && flyIntTupleGetValue(a) == flyIntTupleGetValue(b),
              "%s: crd2idx(%lld) != crd2idx(%s)", ltStr(l), (long long)i,
              ltTupleStr(crd));
    }
  }
  ltExpect(ctx, "crd2idx(100,(4,8):(1,4))", "100");
  ltExpect(ctx, "crd2idx(37,(4,8):(1,32))", "289");
  ltExpect(ctx, "crd2idx((1,2),(4,8):(2,8))", "18");
  ltExpect(ctx, "crd2idx((1,5),((2,2),(2,4)):((1,2),(4,8)))", "21");
  ltExpect(ctx, "crd2idx((1,(1,2)),((2,2),(2,4)):((1,2),(4,8)))", "21");
  ltExpect(ctx, "crd2idx(-3,(4,8):(1,4))", "-3");
  ltExpect(ctx, "idx2crd(5,(2,4))", "(1,2)");
  ltExpect(ctx, "idx2crd(11,(2,(2,2)))", "(1,(1,0))");
  ltExpect(ctx, "idx2crd(100,(4,8))", "(0,1)");
  ltExpect(ctx, "idx2crd(5,8)", "5");
  ltExpect(ctx, "idx2crd((5,3),(4,8))", "(1,0)"); /* per-mode: 3 // 4 % 8 */
  /* 2^63 // -1 does not fit: an overflow, not INT64_MIN (2^63 % 3 is 2) */
  ltExpect(ctx, "idx2crd(-9223372036854775808,3,-1)",
           "error: integer overflow in layout arithmetic");
  ltExpect(ctx, "idx2crd(-9223372036854775808,3,1)", "1");
  ltExpect(
      ctx, "crd2idx((1,2,3),(4,8):(1,4))",
      "error: crd2idx: the coordinate has rank 3 but the layout has rank 2");
  ltEnd();
}

int main(void) {
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  testNotation(ctx);
  testParseErrors(ctx);
  testStructural(ctx);
  testIdx2Crd(ctx);
  testCrd2Idx(ctx);
  flyLayoutCtxDestroy(ctx);
  return ltExitCode();
}
