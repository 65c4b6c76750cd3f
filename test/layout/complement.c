// RUN: %testbin/layout-complement | FileCheck %s
//
// For every injective layout A of the domain whose sorted modes satisfy
// complement's divisibility condition (ltComplementAdmissible) and every
// target n: (A, complement(A,n)) is injective, its image is exactly
// [0, size), and it covers at least n; complement's strides are sorted.
#include "lt_test.h"

// CHECK-LABEL: @complementProperty
// CHECK: complementProperty: {{[0-9]+}} checks, 0 failures
static void testProperty(FlyLayoutCtx *ctx) {
  ltBegin("complementProperty");
  static const int64_t targets[] = {1, 2, 8, 24, 64, 96};
  int n, tested = 0;
  const FlyLayout **dom = ltDomain(ctx, 3, &n);
  for (int k = 0; k < n; k++) {
    const FlyLayout *A = dom[k];
    if (!ltInjective(ctx, A) || !ltComplementAdmissible(ctx, A))
      continue;
    for (int t = 0; t < 6; t++) {
      const FlyLayout *C = flyLayoutComplement(ctx, A, targets[t]);
      if (!ltCheck(C != NULL, "complement(%s,%lld) failed", ltStr(A),
                   (long long)targets[t]))
        continue;
      tested++;
      const FlyLayout *AC = flyLayoutAppend(
          ctx, flyLayoutGroup(ctx, A, 0, flyLayoutGetRank(A)), C);
      int64_t size = ltSize(ctx, AC);
      ltCheck(size >= targets[t], "(%s, complement(%s,%lld)=%s) has size %lld",
              ltStr(A), ltStr(A), (long long)targets[t], ltStr(C),
              (long long)size);
      ltCheck(ltInjective(ctx, AC), "%s and its complement %s overlap",
              ltStr(A), ltStr(C));
      int64_t max = 0;
      for (int64_t i = 0; i < size; i++) {
        int64_t v = ltEval(ctx, AC, i);
        max = v > max ? v : max;
      }
      ltCheck(max == size - 1, "%s with complement %s does not fill [0,%lld)",
              ltStr(A), ltStr(C), (long long)size);
    }
  }
  ltCheck(tested > 1000, "only %d cases", tested);
  ltEnd();
}

// Worked examples (values as pycute computes them).
// CHECK-LABEL: @complementExamples
// CHECK: complementExamples: {{[0-9]+}} checks, 0 failures
static void testExamples(FlyLayoutCtx *ctx) {
  ltBegin("complementExamples");
  ltExpect(ctx, "complement(4:2)", "2:1");
  ltExpect(ctx, "complement(4:2,24)", "(2,3):(1,8)");
  ltExpect(ctx, "complement((2,2):(1,6),24)", "(3,2):(2,12)");
  ltExpect(ctx, "complement((4,6):(1,4))", "1:0");
  ltExpect(ctx, "complement((4,6):(1,4),48)", "2:24");
  ltExpect(ctx, "complement(4)", "1:0");
  ltExpect(ctx, "complement(1:0,8)", "8:1");
  ltExpect(ctx, "complement((2,4):(0,0),8)", "8:1");
  /* pycute: 0:2, a mode of no points; CuTe rejects it (non-injective) */
  ltExpect(ctx, "complement((2,2):(1,1))",
           "error: complement: mode 2:1 overlaps the modes below it (stride 1 "
           "< 2)");
  ltExpect(ctx, "complement((2,3):(3,2))",
           "error: complement: mode 2:3 overlaps the modes below it (stride 3 "
           "< 6)");
  ltExpect(ctx, "complement((4,2):(-1,8))",
           "error: complement: mode 4:-1 overlaps the modes below it "
           "(stride -1 < 1)");
  ltExpect(ctx, "complement((8,2):(1,2))",
           "error: complement: mode 2:2 overlaps the modes below it (stride 2 "
           "< 8)");
  ltExpect(ctx, "complement(4:1,0)",
           "error: complement: the target size 0 is not positive");
  ltExpect(ctx, "complement((2,2):(1,3))",
           "1:0"); /* 3 is not a multiple of 2 */
  ltEnd();
}

int main(void) {
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  testProperty(ctx);
  testExamples(ctx);
  flyLayoutCtxDestroy(ctx);
  return ltExitCode();
}
