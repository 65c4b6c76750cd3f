/*===- complement.c - complement, right_inverse, left_inverse ------------===*
 *
 * All three sort the flat modes of a layout by stride and walk them in
 * order (pycute layout.py). Python sorts the (stride, shape, ...) tuples
 * lexicographically; the comparators below reproduce that order exactly so
 * that ties between equal strides resolve as in pycute.
 *===----------------------------------------------------------------------===*/
#include "lt.h"

#include <stdlib.h>

typedef struct Mode {
  int64_t stride, shape, rstride;
} Mode;

static int cmp64(int64_t a, int64_t b) { return (a > b) - (a < b); }

static int modeCmp(const void *pa, const void *pb) {
  const Mode *a = pa, *b = pb;
  int c = cmp64(a->stride, b->stride);
  if (!c)
    c = cmp64(a->shape, b->shape);
  return c ? c : cmp64(a->rstride, b->rstride);
}

/* The flat modes of l sorted by (stride, shape, compact stride). */
static Mode *sortedModes(FlyLayoutCtx *ctx, const FlyLayout *l, int *n,
                         const char *op) {
  *n = 0;
  if (!flyLtRequireStatic(ctx, l, op))
    return NULL;
  int m;
  int64_t *s = flyLtFlatInts(ctx, l->shape, n, op);
  int64_t *d = flyLtFlatInts(ctx, l->stride, &m, op);
  Mode *modes = flyLtAlloc(ctx, (size_t)(*n + 1) * sizeof *modes);
  if (!s || !d || !modes)
    return NULL;
  int64_t prefix = 1;
  for (int i = 0; i < *n; i++) {
    modes[i] = (Mode){d[i], s[i], prefix};
    prefix = flyLtMul(ctx, prefix, s[i]);
  }
  qsort(modes, (size_t)*n, sizeof *modes, modeCmp);
  return modes;
}

static const FlyLayout *coalesceInts(FlyLayoutCtx *ctx, const int64_t *s,
                                     const int64_t *d, int n) {
  const FlyIntTuple *shape, *stride;
  if (n == 1) { /* pycute builds a 1-tuple here; coalesce flattens it */
    shape = flyLtTuple(ctx, 1, (const FlyIntTuple *[]){flyLtInt(ctx, s[0])});
    stride = flyLtTuple(ctx, 1, (const FlyIntTuple *[]){flyLtInt(ctx, d[0])});
  } else {
    shape = flyLtIntsToTuple(ctx, s, n);
    stride = flyLtIntsToTuple(ctx, d, n);
  }
  const FlyLayout *l = flyLtLayout(ctx, shape, stride);
  return l ? flyLayoutCoalesce(ctx, l) : NULL;
}

/* pycute's complement. A mode that starts below the end of the modes
 * before it (stride < cur) gets the gap stride/cur = 0: pycute then builds
 * a mode of extent 0, a layout of no points, and CuTe rejects the layout
 * ("Non-injective Layout detected in complement"). The public complement
 * rejects it too; left_inverse keeps pycute's construction
 * (FLY_LT_COMPLEMENT_EMPTY), whose right_inverse stops before such a mode
 * (the chain of strides stops at the overlapping mode, which sorts before
 * it). A target below 1 makes the last extent 0 or negative: an error for
 * the public complement, but logical_product passes cosize(B) <= 0 for a B
 * with negative strides (FLY_LT_COMPLEMENT_ANY_TARGET), and composition
 * never reads the extent of its left operand's last mode, so pycute's
 * product is still a layout there: logical_product(2:1,4:-1) =
 * (2,4):(1,-2), as in CuTe. */
const FlyLayout *flyLtComplement(FlyLayoutCtx *ctx, const FlyLayout *l,
                                 int64_t cotarget, unsigned flags) {
  unsigned mark = flyLtMark(ctx);
  int n;
  Mode *modes = sortedModes(ctx, l, &n, "complement");
  if (!modes)
    return NULL;
  int64_t *rs = flyLtAlloc(ctx, (size_t)(n + 2) * sizeof *rs);
  int64_t *rd = flyLtAlloc(ctx, (size_t)(n + 2) * sizeof *rd);
  if (!rs || !rd)
    return NULL;
  if (cotarget < 1 && !(flags & FLY_LT_COMPLEMENT_ANY_TARGET))
    return flyLtFail(ctx, "complement: the target size %lld is not positive",
                     (long long)cotarget);
  int m = 0;
  int64_t cur = 1;
  for (int i = 0; i < n; i++) {
    if (modes[i].stride == 0 || modes[i].shape == 1)
      continue;
    int64_t end = flyLtMul(ctx, modes[i].shape, modes[i].stride);
    if (cur > end ||
        (!(flags & FLY_LT_COMPLEMENT_EMPTY) && modes[i].stride < cur))
      return flyLtFail(ctx,
                       "complement: mode %lld:%lld overlaps the modes "
                       "below it (stride %lld < %lld)",
                       (long long)modes[i].shape, (long long)modes[i].stride,
                       (long long)modes[i].stride, (long long)cur);
    rs[m] = flyLtFloorDiv(ctx, modes[i].stride, cur);
    rd[m++] = cur;
    cur = end;
  }
  rs[m] = flyLtFloorDiv(ctx, flyLtAdd(ctx, cotarget, cur - 1), cur);
  rd[m++] = cur;
  const FlyLayout *r = coalesceInts(ctx, rs, rd, m);
  return flyLtFailedSince(ctx, mark) ? NULL : r;
}

const FlyLayout *flyLayoutComplement(FlyLayoutCtx *ctx, const FlyLayout *l,
                                     int64_t cotarget) {
  return flyLtComplement(ctx, l, cotarget, 0);
}

const FlyLayout *flyLayoutRightInverse(FlyLayoutCtx *ctx, const FlyLayout *l) {
  unsigned mark = flyLtMark(ctx);
  int n;
  Mode *modes = sortedModes(ctx, l, &n, "right_inverse");
  if (!modes)
    return NULL;
  int64_t *rs = flyLtAlloc(ctx, (size_t)(n + 1) * sizeof *rs);
  int64_t *rd = flyLtAlloc(ctx, (size_t)(n + 1) * sizeof *rd);
  if (!rs || !rd)
    return NULL;
  int m = 0;
  int64_t cur = 1;
  for (int i = 0; i < n; i++) {
    if (modes[i].shape == 1)
      continue;
    if (cur != modes[i].stride)
      break; /* the chain of contiguous strides ends here */
    rs[m] = modes[i].shape;
    rd[m++] = modes[i].rstride;
    cur = flyLtMul(ctx, modes[i].shape, modes[i].stride);
  }
  const FlyLayout *r = coalesceInts(ctx, rs, rd, m);
  return flyLtFailedSince(ctx, mark) ? NULL : r;
}

const FlyLayout *flyLayoutLeftInverse(FlyLayoutCtx *ctx, const FlyLayout *l) {
  const FlyLayout *c = flyLtComplement(ctx, l, 1, FLY_LT_COMPLEMENT_EMPTY);
  if (!c)
    return NULL;
  const FlyLayout *both = flyLtMakeLayout(ctx, 2, (const FlyLayout *[]){l, c});
  return both ? flyLayoutRightInverse(ctx, both) : NULL;
}
