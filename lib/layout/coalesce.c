/*===- coalesce.c - coalesce and filter ---------------------------------===*
 *
 * coalesce keeps the int-to-int function of a layout and its size while
 * using as few modes as possible (pycute layout.py `coalesce`, CuTe
 * layout.hpp `coalesce`).
 *===----------------------------------------------------------------------===*/
#include "lt.h"

/* Coalesces the flat modes (s[i], d[i]); returns the layout. */
static const FlyLayout *coalesceFlat(FlyLayoutCtx *ctx, const int64_t *s,
                                     const int64_t *d, int n) {
  int64_t *rs = flyLtAlloc(ctx, (size_t)(n + 1) * sizeof *rs);
  int64_t *rd = flyLtAlloc(ctx, (size_t)(n + 1) * sizeof *rd);
  if (!rs || !rd)
    return NULL;
  int m = 1;
  rs[0] = 1;
  rd[0] = 0;
  for (int i = 0; i < n; i++) {
    if (s[i] == 1)
      continue; /* size-1 modes never matter */
    if (rs[m - 1] == 1) {
      rs[m - 1] = s[i]; /* replace our size-1 placeholder */
      rd[m - 1] = d[i];
    } else if (flyLtMul(ctx, rs[m - 1], rd[m - 1]) == d[i]) {
      rs[m - 1] = flyLtMul(ctx, rs[m - 1], s[i]); /* contiguous: merge */
    } else {
      rs[m] = s[i];
      rd[m++] = d[i];
    }
  }
  return flyLtLayout(ctx, flyLtIntsToTuple(ctx, rs, m),
                     flyLtIntsToTuple(ctx, rd, m));
}

const FlyLayout *flyLayoutCoalesce(FlyLayoutCtx *ctx, const FlyLayout *l) {
  if (!flyLtRequireStatic(ctx, l, "coalesce"))
    return NULL;
  unsigned mark = flyLtMark(ctx);
  int n, m;
  int64_t *s = flyLtFlatInts(ctx, l->shape, &n, "coalesce");
  int64_t *d = flyLtFlatInts(ctx, l->stride, &m, "coalesce");
  if (!s || !d)
    return NULL;
  const FlyLayout *r = coalesceFlat(ctx, s, d, n);
  return flyLtFailedSince(ctx, mark) ? NULL : r;
}

const FlyLayout *flyLayoutCoalesceByMode(FlyLayoutCtx *ctx, const FlyLayout *l,
                                         const FlyIntTuple *profile) {
  if (profile->rank < 0)
    return flyLayoutCoalesce(ctx, l);
  int r = flyLayoutGetRank(l);
  if (profile->rank > r)
    return flyLtFail(ctx,
                     "coalesce: the profile has rank %d but the layout "
                     "has rank %d",
                     profile->rank, r);
  const FlyLayout **modes = flyLtAlloc(ctx, (size_t)(r + 1) * sizeof *modes);
  if (!modes)
    return NULL;
  for (int i = 0; i < r; i++) {
    const FlyLayout *mode = flyLtMode(ctx, l, i);
    modes[i] = i < profile->rank && mode
                   ? flyLayoutCoalesceByMode(ctx, mode, profile->elems[i])
                   : mode;
    if (!modes[i])
      return NULL;
  }
  return flyLtMakeLayout(ctx, r, modes);
}

const FlyLayout *flyLayoutFilter(FlyLayoutCtx *ctx, const FlyLayout *l) {
  if (!flyLtRequireStatic(ctx, l, "filter"))
    return NULL;
  int n, m;
  int64_t *s = flyLtFlatInts(ctx, l->shape, &n, "filter");
  int64_t *d = flyLtFlatInts(ctx, l->stride, &m, "filter");
  if (!s || !d)
    return NULL;
  for (int i = 0; i < n; i++)
    if (d[i] == 0)
      s[i] = 1; /* a broadcast mode contributes nothing to the codomain */
  return coalesceFlat(ctx, s, d, n);
}
