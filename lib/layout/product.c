/*===- product.c - The product family ------------------------------------===*
 *
 * logical_product(A, B) = (A, composition(complement(A, size(A)*cosize(B)),
 * B)): B's layout of "repetitions of A" expressed in the codomain A leaves
 * free (pycute layout.py). blocked/raked products are CuTe C++
 * (layout.hpp): pad both to the same rank with 1:0 and zip the two halves
 * mode by mode.
 *===----------------------------------------------------------------------===*/
#include "lt.h"

static const FlyLayout *productLayout(FlyLayoutCtx *ctx, const FlyLayout *a,
                                      const FlyLayout *b) {
  if (!flyLtRequireStatic(ctx, a, "logical_product") ||
      !flyLtRequireStatic(ctx, b, "logical_product"))
    return NULL;
  unsigned mark = flyLtMark(ctx);
  const FlyIntTuple *size = flyLayoutSize(ctx, a);
  const FlyIntTuple *cosize = flyLayoutCosize(ctx, b);
  if (!size || !cosize)
    return NULL;
  const FlyLayout *c =
      flyLayoutComplement(ctx, a, flyLtMul(ctx, size->value, cosize->value));
  const FlyLayout *cb = c ? flyLayoutComposition(ctx, c, b) : NULL;
  if (!cb || flyLtFailedSince(ctx, mark))
    return flyLtPrefixError(ctx, "logical_product: ");
  return flyLtMakeLayout(ctx, 2, (const FlyLayout *[]){a, cb});
}

const FlyLayout *flyLayoutLogicalProduct(FlyLayoutCtx *ctx, const FlyLayout *a,
                                         const FlyTiler *t) {
  return flyLtByMode(ctx, a, t, productLayout, "logical_product");
}

const FlyLayout *flyLayoutZippedProduct(FlyLayoutCtx *ctx, const FlyLayout *a,
                                        const FlyTiler *t) {
  return flyLtHierUnzip(ctx, a, t, productLayout, "zipped_product");
}

const FlyLayout *flyLayoutTiledProduct(FlyLayoutCtx *ctx, const FlyLayout *a,
                                       const FlyTiler *t) {
  return flyLtUnpack(ctx, flyLayoutZippedProduct(ctx, a, t), 0);
}

const FlyLayout *flyLayoutFlatProduct(FlyLayoutCtx *ctx, const FlyLayout *a,
                                      const FlyTiler *t) {
  return flyLtUnpack(ctx, flyLayoutZippedProduct(ctx, a, t), 1);
}

/* CuTe append<R>(layout): pads with 1:0 modes up to rank r; a rank-1 layout
 * asked for rank 1 stays as it is. */
static const FlyLayout *padRank(FlyLayoutCtx *ctx, const FlyLayout *l, int r) {
  if (flyLayoutGetRank(l) == r)
    return l;
  const FlyLayout *pad = flyLtLayout(ctx, flyLtInt(ctx, 1), flyLtInt(ctx, 0));
  while (l && pad && flyLayoutGetRank(l) < r)
    l = flyLayoutAppend(ctx, l, pad);
  return l;
}

/* zip(get<first>(p), get<1-first>(p)) of the rank-2 product p. */
static const FlyLayout *zipHalves(FlyLayoutCtx *ctx, const FlyLayout *p, int r,
                                  int first) {
  const FlyLayout *x = flyLtMode(ctx, p, first);
  const FlyLayout *y = flyLtMode(ctx, p, 1 - first);
  const FlyLayout **modes = flyLtAlloc(ctx, (size_t)(r + 1) * sizeof *modes);
  if (!x || !y || !modes)
    return NULL;
  if (r == 1) { /* CuTe zip of two rank-1 layouts: the pair as one mode */
    modes[0] = flyLtMakeLayout(ctx, 2, (const FlyLayout *[]){x, y});
    return flyLtMakeLayout(ctx, 1, modes);
  }
  for (int i = 0; i < r; i++) {
    const FlyLayout *pair[2] = {flyLtMode(ctx, x, i), flyLtMode(ctx, y, i)};
    if (!pair[0] || !pair[1])
      return NULL;
    modes[i] = flyLtMakeLayout(ctx, 2, pair);
  }
  return flyLtMakeLayout(ctx, r, modes);
}

static const FlyLayout *rankedProduct(FlyLayoutCtx *ctx, const FlyLayout *a,
                                      const FlyLayout *b, int raked) {
  int ra = flyLayoutGetRank(a), rb = flyLayoutGetRank(b);
  int r = ra > rb ? ra : rb;
  const FlyLayout *pa = padRank(ctx, a, r), *pb = padRank(ctx, b, r);
  const FlyLayout *p = pa && pb ? productLayout(ctx, pa, pb) : NULL;
  return p ? zipHalves(ctx, p, r, raked) : NULL;
}

const FlyLayout *flyLayoutBlockedProduct(FlyLayoutCtx *ctx, const FlyLayout *a,
                                         const FlyLayout *b) {
  return rankedProduct(ctx, a, b, 0);
}

const FlyLayout *flyLayoutRakedProduct(FlyLayoutCtx *ctx, const FlyLayout *a,
                                       const FlyLayout *b) {
  return rankedProduct(ctx, a, b, 1);
}
