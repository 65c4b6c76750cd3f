/*===- composition.c - Functional composition of layouts ----------------===*
 *
 * composition(A, B)(c) == A(B(c)) with the result congruent to B: each
 * integer-shaped mode of B, s:d, walks the coalesced modes of A, dividing
 * its stride d out of them and taking its shape s from what remains
 * (pycute layout.py `composition`; CuTe layout.hpp `composition_impl`).
 *===----------------------------------------------------------------------===*/
#include "lt.h"

/* A composed with the single mode restShape:restStride of B. */
static const FlyLayout *composeMode(FlyLayoutCtx *ctx, const int64_t *as,
                                    const int64_t *ad, int n, int64_t restShape,
                                    int64_t restStride) {
  if (restStride == 0)
    return flyLtLayout(ctx, flyLtInt(ctx, restShape), flyLtInt(ctx, 0));
  int64_t *rs = flyLtAlloc(ctx, (size_t)(n + 1) * sizeof *rs);
  int64_t *rd = flyLtAlloc(ctx, (size_t)(n + 1) * sizeof *rd);
  if (!rs || !rd)
    return NULL;
  int m = 0;
  int64_t stride = restStride;
  for (int i = 0; i + 1 < n; i++) {
    int64_t cs = as[i];
    if (cs == 0) /* pycute: ZeroDivisionError (only logical_product's
                    complement of overlapping modes has one) */
      return flyLtFail(ctx, "inadmissible composition: the left layout has "
                            "a mode of extent 0");
    if (restStride == 0) /* pycute: ZeroDivisionError */
      return flyLtFail(ctx,
                       "inadmissible composition: the negative stride %lld "
                       "rounds to 0 against shape %lld of the left layout",
                       (long long)stride, (long long)cs);
    if (flyLtFloorMod(ctx, cs, restStride) != 0 &&
        flyLtFloorMod(ctx, restStride, cs) != 0)
      return flyLtFail(ctx,
                       "inadmissible composition: stride %lld and shape "
                       "%lld of the left layout divide neither way",
                       (long long)restStride, (long long)cs);
    int64_t q = flyLtFloorDiv(ctx, cs, restStride);
    int64_t newShape = q > 1 ? q : 1;
    newShape = newShape < restShape ? newShape : restShape;
    if (newShape != 1) {
      rs[m] = newShape;
      rd[m++] = flyLtMul(ctx, restStride, ad[i]);
    }
    restShape = flyLtFloorDiv(ctx, restShape, newShape);
    restStride = flyLtCeilDiv(ctx, restStride, cs);
  }
  if (restShape != 1 || m == 0) {
    rs[m] = restShape;
    rd[m++] = flyLtMul(ctx, restStride, ad[n - 1]);
  }
  return flyLtLayout(ctx, flyLtIntsToTuple(ctx, rs, m),
                     flyLtIntsToTuple(ctx, rd, m));
}

/* Recurses over the modes of B so that the result is congruent to B. */
static const FlyLayout *composeTree(FlyLayoutCtx *ctx, const int64_t *as,
                                    const int64_t *ad, int n,
                                    const FlyIntTuple *bs,
                                    const FlyIntTuple *bd) {
  if (bs->rank < 0)
    return composeMode(ctx, as, ad, n, bs->value, bd->value);
  const FlyLayout **modes =
      flyLtAlloc(ctx, (size_t)(bs->rank + 1) * sizeof *modes);
  if (!modes)
    return NULL;
  for (int i = 0; i < bs->rank; i++)
    if (!(modes[i] = composeTree(ctx, as, ad, n, bs->elems[i], bd->elems[i])))
      return NULL;
  return flyLtMakeLayout(ctx, bs->rank, modes);
}

const FlyLayout *flyLayoutComposition(FlyLayoutCtx *ctx, const FlyLayout *a,
                                      const FlyLayout *b) {
  if (!flyLtRequireStatic(ctx, a, "composition") ||
      !flyLtRequireStatic(ctx, b, "composition"))
    return NULL;
  unsigned mark = flyLtMark(ctx);
  const FlyLayout *flat = flyLayoutCoalesce(ctx, a);
  if (!flat)
    return NULL;
  int n, m;
  int64_t *as = flyLtFlatInts(ctx, flat->shape, &n, "composition");
  int64_t *ad = flyLtFlatInts(ctx, flat->stride, &m, "composition");
  if (!as || !ad)
    return NULL;
  const FlyLayout *r = composeTree(ctx, as, ad, n, b->shape, b->stride);
  return flyLtFailedSince(ctx, mark) ? NULL : r;
}

const FlyLayout *flyLayoutCompositionTiler(FlyLayoutCtx *ctx,
                                           const FlyLayout *a,
                                           const FlyTiler *t) {
  return flyLtByMode(ctx, a, t, flyLayoutComposition, "composition");
}
