// RUN: %testbin/layout-complement | FileCheck %s
//
// complement(A,n), for every layout A of the domain and every target n:
// it fails exactly when A's sorted modes overlap (ltComplementOverlaps: a
// mode starts below the end of the one before it, where pycute would build
// a mode of extent 0 and CuTe does not compile). Otherwise, with A' = A
// without its stride-0 modes: complement's strides increase, and (A',
// complement(A,n)) is injective. When moreover each sorted stride of A is a
// multiple of where the modes below it end (ltComplementAdmissible; else
// pycute floors the gap and the result is no complement), the image of
// (A', complement(A,n)) is exactly [0, size) and covers at least n.
#include "lt_test.h"

#include <stdio.h>
#include <string.h>

/* A without its stride-0 and size-1 modes, as a flat layout. */
static const FlyLayout *withoutBroadcast(FlyLayoutCtx *ctx,
                                         const FlyLayout *l) {
  int64_t s[LT_MAX_MODES], d[LT_MAX_MODES];
  int n = ltFlatModes(l, s, d), m = 0;
  char sh[512] = "(", st[512] = "(";
  for (int i = 0; i < n; i++) {
    if (d[i] == 0 || s[i] == 1)
      continue;
    snprintf(sh + strlen(sh), sizeof sh - strlen(sh), "%s%lld", m ? "," : "",
             (long long)s[i]);
    snprintf(st + strlen(st), sizeof st - strlen(st), "%s%lld", m ? "," : "",
             (long long)d[i]);
    m++;
  }
  char text[1100];
  snprintf(text, sizeof text, "%s):%s)", sh, st);
  return ltLayout(ctx, text);
}

// CHECK-LABEL: @complementProperty
// CHECK: complementProperty: {{[0-9]+}} checks, 0 failures
static void testProperty(FlyLayoutCtx *ctx) {
  ltBegin("complementProperty");
  static const int64_t targets[] = {1, 2, 8, 24, 64, 96};
  int n, tested = 0, floored = 0, rejected = 0;
  const FlyLayout **dom = ltDomain(ctx, 3, &n);
  for (int k = 0; k < n; k++) {
    FlyLayoutCtx *tmp = flyLayoutCtxCreate();
    const FlyLayout *A = dom[k], *Af = withoutBroadcast(tmp, A);
    int overlaps = ltComplementOverlaps(A);
    int admissible = ltComplementAdmissible(tmp, A);
    for (int t = 0; t < 6; t++) {
      const FlyLayout *C = flyLayoutComplement(tmp, A, targets[t]);
      if (overlaps) {
        rejected++;
        ltCheck(!C && strstr(flyLayoutCtxGetError(tmp),
                             "overlaps the modes below it"),
                "complement(%s,%lld) = %s, but A's modes overlap (%s)",
                ltStr(A), (long long)targets[t], ltStr(C),
                flyLayoutCtxGetError(tmp));
        flyLayoutCtxClearError(tmp);
        continue;
      }
      if (!ltCheck(C != NULL, "complement(%s,%lld) failed: %s", ltStr(A),
                   (long long)targets[t], flyLayoutCtxGetError(tmp)))
        continue;
      int64_t cs[LT_MAX_MODES], cd[LT_MAX_MODES];
      int nc = ltFlatModes(C, cs, cd);
      for (int i = 1; i < nc; i++)
        ltCheck(cd[i - 1] < cd[i], "complement(%s,%lld) = %s: strides do not "
                "increase", ltStr(A), (long long)targets[t], ltStr(C));
      const FlyLayout *AC = flyLayoutCreateFromModes(
          tmp, 2, (const FlyLayout *[]){Af, C});
      ltCheck(ltInjective(tmp, AC), "%s and its complement %s overlap",
              ltStr(A), ltStr(C));
      if (!admissible) {
        floored++;
        continue; /* pycute floors the gaps: only the above is promised */
      }
      tested++;
      int64_t size = ltSize(tmp, AC), max = 0;
      ltCheck(size >= targets[t], "(%s, complement(%s,%lld)=%s) has size %lld",
              ltStr(A), ltStr(A), (long long)targets[t], ltStr(C),
              (long long)size);
      for (int64_t i = 0; i < size; i++) {
        int64_t v = ltEval(tmp, AC, i);
        max = v > max ? v : max;
      }
      ltCheck(max == size - 1, "%s with complement %s does not fill [0,%lld)",
              ltStr(A), ltStr(C), (long long)size);
    }
    flyLayoutCtxDestroy(tmp);
  }
  ltCheck(tested > 1000 && floored > 500 && rejected > 1000,
          "only %d complements, %d floored, %d rejected", tested, floored,
          rejected);
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
