// RUN: %testbin/layout-swizzle | FileCheck %s
//
// S<B,M,S> is CuTe's Swizzle (swizzle.hpp; pycute swizzle.py):
// x ^ shiftr(x & yyy, S) with yyy = ((1<<B)-1) << (M + max(S,0)), shiftr
// by a negative S shifting left. Checked bit by bit against the test's own
// reading of that definition (bit M+max(S,0)+j of x is XORed into bit
// M+max(S,0)+j-S, for j < B) on every x of two spans 2^(B+M+|S|), for
// every valid B, M, S up to 3, 4, 5; as consequences it is an involution,
// leaves bits outside the target alone and stays in its block. Composed
// layouts evaluate inner(offset + outer(c)).
#include "lt_test.h"

#include <string.h>

/* The swizzle of x, one bit at a time. */
static int64_t swizzleRef(int b, int m, int s, int64_t x) {
  int64_t y = x;
  int src0 = m + (s > 0 ? s : 0);
  for (int j = 0; j < b; j++) {
    int src = src0 + j, dst = src - s;
    y ^= ((x >> src) & 1) << dst;
  }
  return y;
}

// CHECK-LABEL: @swizzleProperty
// CHECK: swizzleProperty: {{[0-9]+}} checks, 0 failures
static void testProperty(FlyLayoutCtx *ctx) {
  ltBegin("swizzleProperty");
  int moved = 0;
  for (int b = 0; b <= 3; b++)
    for (int m = 0; m <= 4; m++)
      for (int s = -5; s <= 5; s++) {
        if (s < b && -s < b)
          continue;
        const FlySwizzle *sw = flySwizzleCreate(ctx, b, m, s);
        if (!ltCheck(sw != NULL, "S<%d,%d,%d> rejected", b, m, s))
          continue;
        int64_t span = (int64_t)1 << (b + m + (s < 0 ? -s : s));
        int64_t zmask = (((int64_t)1 << b) - 1) << (s >= 0 ? m : m - s);
        for (int64_t x = 0; x < 2 * span; x++) {
          int64_t y = flySwizzleApply(sw, x);
          moved += y != x;
          ltCheck(y == swizzleRef(b, m, s, x),
                  "S<%d,%d,%d>(%lld) = %lld, want %lld", b, m, s, (long long)x,
                  (long long)y, (long long)swizzleRef(b, m, s, x));
          ltCheck(flySwizzleApply(sw, y) == x,
                  "S<%d,%d,%d> is not an "
                  "involution at %lld",
                  b, m, s, (long long)x);
          ltCheck((y & ~zmask) == (x & ~zmask),
                  "S<%d,%d,%d> changes bits "
                  "outside its target at %lld",
                  b, m, s, (long long)x);
          ltCheck(y / span == x / span, "S<%d,%d,%d> leaves its block at %lld",
                  b, m, s, (long long)x);
        }
      }
  ltCheck(moved > 10000, "only %d offsets moved", moved);
  ltEnd();
}

// CHECK-LABEL: @composedProperty
// CHECK: composedProperty: {{[0-9]+}} checks, 0 failures
static void testComposed(FlyLayoutCtx *ctx) {
  ltBegin("composedProperty");
  int n;
  const FlyLayout **dom = ltDomain(ctx, 2, &n);
  const FlySwizzle *sw = flySwizzleCreate(ctx, 2, 1, 3);
  const FlyLayout *inner = ltLayout(ctx, "(4,4):(4,1)");
  for (int k = 0; k < n; k++) {
    const FlyComposedLayout *c = flyComposedLayoutCreate(ctx, sw, 5, dom[k]);
    const FlyComposedLayout *d =
        flyComposedLayoutCreateWithLayout(ctx, inner, 3, dom[k]);
    for (int64_t i = 0; i < ltSize(ctx, dom[k]); i++) {
      const FlyIntTuple *crd = flyIntTupleCreateInt(ctx, i);
      int64_t x = ltEval(ctx, dom[k], i);
      ltCheck(flyIntTupleGetValue(flyComposedLayoutCrd2Idx(ctx, crd, c)) ==
                  swizzleRef(2, 1, 3, 5 + x),
              "S<2,1,3> o 5 o %s at %lld", ltStr(dom[k]), (long long)i);
      ltCheck(flyIntTupleGetValue(flyComposedLayoutCrd2Idx(ctx, crd, d)) ==
                  ltEval(ctx, inner, 3 + x),
              "(4,4):(4,1) o 3 o %s at %lld", ltStr(dom[k]), (long long)i);
    }
  }
  ltEnd();
}

// CHECK-LABEL: @swizzleExamples
// CHECK: swizzleExamples: {{[0-9]+}} checks, 0 failures
static void testExamples(FlyLayoutCtx *ctx) {
  ltBegin("swizzleExamples");
  const FlySwizzle *s = flySwizzleParse(ctx, "S<3,4,3>");
  /* 0x270: bits [7,10) = 0b100 XOR into bits [4,7) = 0b111 -> 0b011 */
  ltCheck(flySwizzleApply(s, 0x270) == 0x230, "S<3,4,3>(0x270) = %#llx",
          (long long)flySwizzleApply(s, 0x270));
  ltCheck(flySwizzleApply(s, 0x0f) == 0x0f, "low bits pass through");
  const FlySwizzle *neg = flySwizzleParse(ctx, "S<2,0,-2>");
  /* bits [0,2) = 0b11 XOR into bits [2,4) = 0b00 */
  ltCheck(flySwizzleApply(neg, 3) == 15, "S<2,0,-2>(3) = %lld",
          (long long)flySwizzleApply(neg, 3));
  ltExpect(ctx, "crd2idx(2,S<1,0,1> o 0 o 4:1)", "3");
  ltExpect(ctx, "crd2idx((1,1),S<3,4,3> o 0 o (8,64):(64,1))", "65");
  /* 144 = 0b0_1001_0000: bits [7,10) = 0b001 flip bit 4 */
  ltExpect(ctx, "crd2idx((2,16),S<3,4,3> o 0 o (8,64):(64,1))", "128");
  ltExpect(ctx, "composition(S<3,4,3> o 0 o (8,64):(64,1),[4:1|8:1])",
           "S<3,4,3> o 0 o (4,8):(64,1)");
  ltExpect(ctx, "size(S<3,4,3> o 0 o (8,64):(64,1))", "512");
  ltExpect(ctx, "cosize(S<3,4,3> o 0 o (8,64):(64,1))", "1024");
  ltExpect(ctx, "cosize((4,4):(4,1) o 2 o 8:1)", "16");
  ltExpect(ctx, "S<3,4,3> o 0 o (8,64):(64,1)", "S<3,4,3> o 0 o (8,64):(64,1)");
  ltExpect(
      ctx, "S<3,4,2>",
      "error: invalid swizzle S<3,4,2>: requires B >= 0, M >= 0 and |S| >= B");
  ltEnd();
}

int main(void) {
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  testProperty(ctx);
  testComposed(ctx);
  testExamples(ctx);
  flyLayoutCtxDestroy(ctx);
  return ltExitCode();
}
