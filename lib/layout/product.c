/*===- product.c - The product family ------------------------------------===*
 *
 * logical_product(A, B) = (A, composition(complement(A, size(A)*cosize(B)),
 * B)): B's layout of "repetitions of A" expressed in the codomain A leaves
 * free (pycute layout.py). blocked/raked products are CuTe C++
 * (layout.hpp): pad both to the same rank with 1:0 and zip the two halves
 * mode by mode, failing where CuTe fails to compile (halves that do not
 * zip, a product that lost points).
 *===----------------------------------------------------------------------===*/
#include "lt.h"

#include <stdio.h>

/* pycute's logical product. When A's sorted modes overlap, pycute's
 * complement has a mode of extent 0; composition never reads the extent of
 * the last mode of its left operand, so the product is still a layout when
 * that mode is last (logical_product((8,2):(24,16),1:1) = ((8,2),1):((24,16),
 * 32)), and pycute fails (ZeroDivisionError) when composition reaches it.
 * `strict` (blocked/raked_product, which are CuTe's) rejects every
 * overlap, as CuTe's complement does. The error names the overlap. */
static const FlyLayout *product(FlyLayoutCtx *ctx, const FlyLayout *a,
                                const FlyLayout *b, int strict) {
  if (!flyLtRequireStatic(ctx, a, "logical_product") ||
      !flyLtRequireStatic(ctx, b, "logical_product"))
    return NULL;
  unsigned mark = flyLtMark(ctx);
  const FlyIntTuple *size = flyLayoutSize(ctx, a);
  const FlyIntTuple *cosize = flyLayoutCosize(ctx, b);
  if (!size || !cosize)
    return NULL;
  /* cosize(B) <= 0 for some negative strides: see flyLtComplement */
  int64_t target = flyLtMul(ctx, size->value, cosize->value);
  unsigned flags = FLY_LT_COMPLEMENT_ANY_TARGET;
  const FlyLayout *c = flyLtComplement(
      ctx, a, target, flags | (strict ? 0 : FLY_LT_COMPLEMENT_EMPTY));
  const FlyLayout *cb = c ? flyLayoutComposition(ctx, c, b) : NULL;
  if (c && !cb) { /* say why when it is the overlap's empty mode */
    flyLayoutCtxClearError(ctx);
    if (flyLtComplement(ctx, a, target, flags))
      flyLayoutComposition(ctx, c, b);
  }
  if (!cb || flyLtFailedSince(ctx, mark))
    return flyLtPrefixError(ctx, "logical_product: ");
  return flyLtMakeLayout(ctx, 2, (const FlyLayout *[]){a, cb});
}

static const FlyLayout *productLayout(FlyLayoutCtx *ctx, const FlyLayout *a,
                                      const FlyLayout *b) {
  return product(ctx, a, b, 0);
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

/* "a tuple shape of rank 2" or "an integer shape", for the zip error. */
static const char *rankText(const FlyLayout *l, char *buf, size_t n) {
  if (flyIntTupleIsLeaf(l->shape))
    return "an integer shape";
  snprintf(buf, n, "a tuple shape of rank %d", flyLayoutGetRank(l));
  return buf;
}

/* CuTe's zip(x, y) (tuple_algorithms.hpp): a layout x with an integer shape
 * gives the one mode (x,y); otherwise x and y must have the same rank k
 * (CuTe: a compile-time error, "Mismatched Ranks") and mode i is
 * (x[i],y[i]). Only a rank-1 product can mismatch: then x and y are the
 * block and the repetitions, one of which may be an integer-shaped layout or
 * split into several modes. */
static const FlyLayout *zipLayouts(FlyLayoutCtx *ctx, const FlyLayout *x,
                                   const FlyLayout *y, const char *opName,
                                   const char *xName, const char *yName) {
  if (flyIntTupleIsLeaf(x->shape)) {
    const FlyLayout *pair = flyLtMakeLayout(ctx, 2, (const FlyLayout *[]){x, y});
    return flyLtMakeLayout(ctx, 1, &pair);
  }
  int k = flyLayoutGetRank(x);
  if (flyIntTupleIsLeaf(y->shape) || flyLayoutGetRank(y) != k) {
    char bx[48], by[48];
    return flyLtFail(ctx,
                     "%s: the %s has %s but the %s has %s, so they do not zip "
                     "mode by mode",
                     opName, xName, rankText(x, bx, sizeof bx), yName,
                     rankText(y, by, sizeof by));
  }
  const FlyLayout **modes = flyLtAlloc(ctx, (size_t)(k + 1) * sizeof *modes);
  if (!modes)
    return NULL;
  for (int i = 0; i < k; i++) {
    const FlyLayout *pair[2] = {flyLtMode(ctx, x, i), flyLtMode(ctx, y, i)};
    if (!pair[0] || !pair[1] || !(modes[i] = flyLtMakeLayout(ctx, 2, pair)))
      return NULL;
  }
  return flyLtMakeLayout(ctx, k, modes);
}

static const FlyLayout *rankedProduct(FlyLayoutCtx *ctx, const FlyLayout *a,
                                      const FlyLayout *b, int raked) {
  const char *opName = raked ? "raked_product" : "blocked_product";
  int ra = flyLayoutGetRank(a), rb = flyLayoutGetRank(b);
  int r = ra > rb ? ra : rb;
  const FlyLayout *pa = padRank(ctx, a, r), *pb = padRank(ctx, b, r);
  const FlyLayout *p = pa && pb ? product(ctx, pa, pb, 1) : NULL;
  if (!p)
    return NULL;
  /* pycute's logical product keeps what fits when the complement's extents
   * do not divide B's (logical_product(4:2,3:1) = (4,2):(2,1), 8 points);
   * CuTe rejects that at compile time ("Shape Divisibility Condition"), and
   * these are CuTe's products. */
  const FlyIntTuple *sp = flyLayoutSize(ctx, p), *sa = flyLayoutSize(ctx, a),
                    *sb = flyLayoutSize(ctx, b);
  if (!sp || !sa || !sb)
    return NULL;
  unsigned mark = flyLtMark(ctx);
  int64_t want = flyLtMul(ctx, sa->value, sb->value);
  if (flyLtFailedSince(ctx, mark))
    return NULL;
  if (sp->value != want)
    return flyLtFail(ctx,
                     "%s: the complement of the block cannot hold the "
                     "repetitions (%lld of %lld points)",
                     opName, (long long)sp->value, (long long)want);
  const FlyLayout *block = flyLtMode(ctx, p, 0), *reps = flyLtMode(ctx, p, 1);
  if (!block || !reps)
    return NULL;
  return raked ? zipLayouts(ctx, reps, block, opName, "repetition layout",
                            "block")
               : zipLayouts(ctx, block, reps, opName, "block",
                            "repetition layout");
}

const FlyLayout *flyLayoutBlockedProduct(FlyLayoutCtx *ctx, const FlyLayout *a,
                                         const FlyLayout *b) {
  return rankedProduct(ctx, a, b, 0);
}

const FlyLayout *flyLayoutRakedProduct(FlyLayoutCtx *ctx, const FlyLayout *a,
                                       const FlyLayout *b) {
  return rankedProduct(ctx, a, b, 1);
}
