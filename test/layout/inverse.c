// RUN: %testbin/layout-inverse | FileCheck %s
//
// A(right_inverse(A)(i)) == i for every i < size(right_inverse(A)), for
// every layout of the domain (injective or not); left_inverse(A)(A(c)) == c
// for every c, for every injective A whose complement exists
// (ltComplementAdmissible).
#include "lt_test.h"

// CHECK-LABEL: @rightInverseProperty
// CHECK: rightInverseProperty: {{[0-9]+}} checks, 0 failures
static void testRight(FlyLayoutCtx *ctx) {
  ltBegin("rightInverseProperty");
  int n;
  const FlyLayout **dom = ltDomain(ctx, 3, &n);
  for (int k = 0; k < n; k++) {
    const FlyLayout *A = dom[k], *R = flyLayoutRightInverse(ctx, A);
    if (!ltCheck(R != NULL, "right_inverse(%s) failed", ltStr(A)))
      continue;
    for (int64_t i = 0; i < ltSize(ctx, R); i++)
      ltCheck(ltEval(ctx, A, ltEval(ctx, R, i)) == i,
              "A=%s, right_inverse=%s at %lld", ltStr(A), ltStr(R),
              (long long)i);
  }
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
    for (int64_t i = 0; i < ltSize(ctx, A); i++)
      ltCheck(ltEval(ctx, L, ltEval(ctx, A, i)) == i,
              "A=%s, left_inverse=%s at %lld", ltStr(A), ltStr(L),
              (long long)i);
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
