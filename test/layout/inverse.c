// RUN: %testbin/layout-inverse | FileCheck %s
//
// right_inverse(A) = R, for every layout of the domain: A(R(i)) == i and
// 0 <= R(i) < size(A) for every i < size(R), and R is the largest such:
// for injective A with strides >= 0, size(R) is the first integer A does
// not take (no right inverse can reach past it, and pycute's chain of
// strides 1, s0*d0, ... always does). pycute's chain stops at the first
// sorted mode that does not continue it, so a layout with a size>1 mode of
// stride 0 or below (sorted first) has R = 1:0 (CuTe skips such modes:
// right_inverse((4,2):(1,0)) is 4:1 there), and for other non-injective
// layouts only the first two properties are promised. left_inverse(A)(A(c))
// == c for every c and every injective A whose complement exists
// (ltComplementAdmissible), and its domain holds A's image.
#include "lt_test.h"

/* Whether some flat mode of extent > 1 has a stride <= 0. */
static int hasNonPositiveStride(const FlyLayout *l) {
  int64_t s[LT_MAX_MODES], d[LT_MAX_MODES];
  int n = ltFlatModes(l, s, d);
  for (int i = 0; i < n; i++)
    if (s[i] > 1 && d[i] <= 0)
      return 1;
  return 0;
}

// CHECK-LABEL: @rightInverseProperty
// CHECK: rightInverseProperty: {{[0-9]+}} checks, 0 failures
static void testRight(FlyLayoutCtx *ctx) {
  ltBegin("rightInverseProperty");
  int n, maximal = 0, stopped = 0;
  const FlyLayout **dom = ltDomain(ctx, 3, &n);
  for (int k = 0; k < n; k++) {
    const FlyLayout *A = dom[k], *R = flyLayoutRightInverse(ctx, A);
    if (!ltCheck(R != NULL, "right_inverse(%s) failed", ltStr(A)))
      continue;
    int64_t size = ltSize(ctx, R);
    for (int64_t i = 0; i < size; i++) {
      int64_t r = ltEval(ctx, R, i);
      ltCheck(r >= 0 && r < ltSize(ctx, A) && ltEval(ctx, A, r) == i,
              "A=%s, right_inverse=%s at %lld", ltStr(A), ltStr(R),
              (long long)i);
    }
    if (hasNonPositiveStride(A)) {
      stopped++;
      ltCheck(size == 1, "right_inverse(%s) = %s: pycute's chain stops at "
              "the first sorted mode, of stride <= 0", ltStr(A), ltStr(R));
    } else if (ltInjective(ctx, A)) {
      maximal++;
      ltCheck(size == ltImageMex(ctx, A),
              "right_inverse(%s) = %s is not the largest: A takes [0,%lld)",
              ltStr(A), ltStr(R), (long long)ltImageMex(ctx, A));
    }
  }
  ltCheck(maximal > 500 && stopped > 500, "only %d maximal, %d stopped cases",
          maximal, stopped);
  ltEnd();
}

// CHECK-LABEL: @leftInverseProperty
// CHECK: leftInverseProperty: {{[0-9]+}} checks, 0 failures
static void testLeft(FlyLayoutCtx *ctx) {
  ltBegin("leftInverseProperty");
  int n, tested = 0;
  const FlyLayout **dom = ltDomain(ctx, 3, &n);
  for (int k = 0; k < n; k++) {
    const FlyLayout *A = dom[k];
    if (!ltInjective(ctx, A) || !ltComplementAdmissible(ctx, A))
      continue;
    const FlyLayout *L = flyLayoutLeftInverse(ctx, A);
    if (!ltCheck(L != NULL, "left_inverse(%s) failed", ltStr(A)))
      continue;
    tested++;
    int64_t cosize = 0;
    for (int64_t i = 0; i < ltSize(ctx, A); i++) {
      int64_t v = ltEval(ctx, A, i);
      cosize = v + 1 > cosize ? v + 1 : cosize;
      ltCheck(ltEval(ctx, L, v) == i, "A=%s, left_inverse=%s at %lld",
              ltStr(A), ltStr(L), (long long)i);
    }
    ltCheck(ltSize(ctx, L) >= cosize,
            "left_inverse(%s) = %s does not cover A's image [0,%lld)",
            ltStr(A), ltStr(L), (long long)cosize);
  }
  ltCheck(tested > 500, "only %d cases", tested);
  ltEnd();
}

// Worked examples (values as pycute computes them), including layouts that
// are not injective or have no stride-1 mode.
// CHECK-LABEL: @inverseExamples
// CHECK: inverseExamples: {{[0-9]+}} checks, 0 failures
static void testExamples(FlyLayoutCtx *ctx) {
  ltBegin("inverseExamples");
  ltExpect(ctx, "right_inverse((4,2):(2,1))", "(2,4):(4,1)");
  ltExpect(ctx, "right_inverse((2,4):(1,2))", "8:1");
  ltExpect(ctx, "right_inverse((4,2):(1,0))", "1:0");
  ltExpect(ctx, "right_inverse((2,2):(1,1))", "2:1");
  ltExpect(ctx, "right_inverse((4,2):(1,8))", "4:1");
  ltExpect(ctx, "right_inverse(4:2)", "1:0");
  ltExpect(ctx, "right_inverse(4)", "4:1");
  ltExpect(ctx, "right_inverse(((2,2),3):((1,6),2))", "(2,3,2):(1,4,2)");
  ltExpect(ctx, "left_inverse((4,2):(2,1))", "(2,4):(4,1)");
  ltExpect(ctx, "left_inverse(4:2)", "(2,4):(4,1)");
  ltExpect(ctx, "left_inverse((4,2):(1,0))", "1:0");
  ltExpect(ctx, "left_inverse((2,2):(0,2))", "1:0");
  ltEnd();
}

int main(void) {
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  testRight(ctx);
  testLeft(ctx);
  testExamples(ctx);
  flyLayoutCtxDestroy(ctx);
  return ltExitCode();
}
