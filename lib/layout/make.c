/*===- make.c - Layout builders: ordered, identity, recast, tile_to_shape,
 *              slice and dice -------------------------------------------===*
 *
 * These follow CuTe C++ (stride.hpp compact_order, layout.hpp upcast /
 * downcast / recast_layout / tile_to_shape, and the slice/dice of
 * int_tuple.hpp), since pycute has no counterpart except slice.
 *===----------------------------------------------------------------------===*/
#include "lt.h"

/*---- make_ordered_layout ----*/

/* Pairs each leaf of `order` with the product of the matching sub-shape. */
static int collectOrder(FlyLayoutCtx *ctx, const FlyIntTuple *s,
                        const FlyIntTuple *o, int64_t *size, int64_t *ord,
                        int *n) {
  if (o->rank < 0) {
    const FlyIntTuple *p = flyIntTupleProduct(ctx, s);
    if (!p)
      return 0;
    size[*n] = p->value;
    ord[(*n)++] = o->value;
    return 1;
  }
  if (s->rank != o->rank) {
    flyLtFail(ctx, "make_ordered_layout: the order is not congruent to the "
                   "shape");
    return 0;
  }
  for (int i = 0; i < o->rank; i++)
    if (!collectOrder(ctx, s->elems[i], o->elems[i], size, ord, n))
      return 0;
  return 1;
}

/* Column-major compact strides of s starting at `start`, as CuTe's
 * compact_col_major: an extent-1 mode gets stride 0 (pycute's
 * prefix_product, which the notation's bare shapes use, gives it the
 * running product). */
static const FlyIntTuple *compactFrom(FlyLayoutCtx *ctx, const FlyIntTuple *s,
                                      int64_t *start) {
  if (s->rank < 0) {
    const FlyIntTuple *r = flyLtInt(ctx, s->value == 1 ? 0 : *start);
    *start = flyLtMul(ctx, *start, s->value);
    return r;
  }
  const FlyIntTuple **e = flyLtAlloc(ctx, (size_t)(s->rank + 1) * sizeof *e);
  if (!e)
    return NULL;
  for (int i = 0; i < s->rank; i++)
    e[i] = compactFrom(ctx, s->elems[i], start);
  return flyLtTuple(ctx, s->rank, e);
}

static const FlyIntTuple *
orderedStrides(FlyLayoutCtx *ctx, const FlyIntTuple *s, const FlyIntTuple *o,
               const int64_t *size, const int64_t *ord, int n) {
  if (o->rank < 0) {
    int64_t start = 1;
    for (int j = 0; j < n; j++)
      if (ord[j] < o->value)
        start = flyLtMul(ctx, start, size[j]);
    return compactFrom(ctx, s, &start);
  }
  const FlyIntTuple **e = flyLtAlloc(ctx, (size_t)(s->rank + 1) * sizeof *e);
  if (!e)
    return NULL;
  for (int i = 0; i < s->rank; i++)
    e[i] = orderedStrides(ctx, s->elems[i], o->elems[i], size, ord, n);
  return flyLtTuple(ctx, s->rank, e);
}

const FlyLayout *flyLayoutMakeOrdered(FlyLayoutCtx *ctx,
                                      const FlyIntTuple *shape,
                                      const FlyIntTuple *order) {
  if (!flyLtIsStatic(shape) || !flyLtIsStatic(order))
    return flyLtFail(ctx, "make_ordered_layout requires a static shape and "
                          "order");
  unsigned mark = flyLtMark(ctx);
  int cap = flyLtLeafCount(order) + 1, n = 0;
  int64_t *size = flyLtAlloc(ctx, (size_t)cap * sizeof *size);
  int64_t *ord = flyLtAlloc(ctx, (size_t)cap * sizeof *ord);
  if (!size || !ord || !collectOrder(ctx, shape, order, size, ord, &n))
    return NULL;
  const FlyIntTuple *d = orderedStrides(ctx, shape, order, size, ord, n);
  if (flyLtFailedSince(ctx, mark))
    return NULL;
  return flyLayoutCreate(ctx, shape, d);
}

/*---- make_identity_layout ----*/

static const FlyIntTuple *basisLike(FlyLayoutCtx *ctx, const FlyIntTuple *s,
                                    int *path, int depth) {
  if (s->rank < 0)
    return flyIntTupleCreateBasis(ctx, 1, depth, path);
  if (depth == FLY_LT_MAX_BASIS)
    return flyLtFail(ctx, "make_identity_layout: the shape is too deep");
  const FlyIntTuple **e = flyLtAlloc(ctx, (size_t)(s->rank + 1) * sizeof *e);
  if (!e)
    return NULL;
  for (int i = 0; i < s->rank; i++) {
    path[depth] = i;
    e[i] = basisLike(ctx, s->elems[i], path, depth + 1);
  }
  return flyLtTuple(ctx, s->rank, e);
}

const FlyLayout *flyLayoutMakeIdentity(FlyLayoutCtx *ctx,
                                       const FlyIntTuple *shape) {
  int path[FLY_LT_MAX_BASIS];
  if (shape->rank < 0) /* a rank-1 coordinate is just the index */
    return flyLayoutCreate(ctx, shape, flyLtInt(ctx, 1));
  return flyLayoutCreate(ctx, shape, basisLike(ctx, shape, path, 0));
}

/*---- recast ----*/

/* CuTe upcast<N> of one mode s:d. */
static int upcastMode(FlyLayoutCtx *ctx, int64_t n, int64_t *s, int64_t *d) {
  if (*d == 0)
    return 1;
  if (*d == INT64_MIN) { /* its magnitude is not an int64_t */
    flyLtFail(ctx, "integer overflow in layout arithmetic");
    return 0;
  }
  int64_t ad = *d < 0 ? -*d : *d;
  if (ad % n != 0 && n % ad != 0) {
    flyLtFail(ctx,
              "recast: stride %lld and the width ratio %lld divide "
              "neither way",
              (long long)*d, (long long)n);
    return 0;
  }
  *s = flyLtCeilDiv(ctx, *s, flyLtCeilDiv(ctx, n, ad));
  *d = (*d < 0 ? -1 : 1) * flyLtCeilDiv(ctx, ad, n);
  return 1;
}

static const FlyIntTuple *recastTree(FlyLayoutCtx *ctx, const FlyIntTuple *s,
                                     const FlyIntTuple *d, int64_t up,
                                     int64_t down, int wantStride) {
  if (s->rank < 0) {
    int64_t ns = s->value, nd = d->value;
    if (up > 1 && !upcastMode(ctx, up, &ns, &nd))
      return NULL;
    if (down > 1) {
      if (nd == 1 || nd == -1)
        ns = flyLtMul(ctx, ns, down);
      else
        nd = flyLtMul(ctx, nd, down);
    }
    return flyLtInt(ctx, wantStride ? nd : ns);
  }
  const FlyIntTuple **e = flyLtAlloc(ctx, (size_t)(s->rank + 1) * sizeof *e);
  if (!e)
    return NULL;
  for (int i = 0; i < s->rank; i++)
    e[i] = recastTree(ctx, s->elems[i], d->elems[i], up, down, wantStride);
  return flyLtTuple(ctx, s->rank, e);
}

/* Whether some leaf stride is 1 after upcasting: downcast needs adjacent
 * elements (CuTe's has_int1; a -1 stride alone does not count, although
 * downcast also widens a -1 mode). */
static int hasUnitStride(const FlyIntTuple *d) {
  if (d->rank < 0)
    return d->value == 1;
  for (int i = 0; i < d->rank; i++)
    if (hasUnitStride(d->elems[i]))
      return 1;
  return 0;
}

const FlyLayout *flyLayoutRecast(FlyLayoutCtx *ctx, const FlyLayout *l,
                                 int oldBits, int newBits) {
  if (oldBits <= 0 || newBits <= 0)
    return flyLtFail(ctx, "recast: element widths must be positive");
  if (!flyLtRequireStatic(ctx, l, "recast"))
    return NULL;
  int64_t g = flyGcd64(oldBits, newBits), up = newBits / g, down = oldBits / g;
  unsigned mark = flyLtMark(ctx);
  const FlyLayout *u = l;
  if (up > 1)
    u = flyLtLayout(ctx, recastTree(ctx, l->shape, l->stride, up, 1, 0),
                    recastTree(ctx, l->shape, l->stride, up, 1, 1));
  if (u && down > 1) {
    if (!hasUnitStride(u->stride))
      return flyLtFail(ctx, "recast to a narrower type requires a stride-1 "
                            "mode");
    u = flyLtLayout(ctx, recastTree(ctx, u->shape, u->stride, 1, down, 0),
                    recastTree(ctx, u->shape, u->stride, 1, down, 1));
  }
  return flyLtFailedSince(ctx, mark) ? NULL : u;
}

/*---- tile_to_shape ----*/

const FlyLayout *flyLayoutTileToShape(FlyLayoutCtx *ctx, const FlyLayout *block,
                                      const FlyIntTuple *shape) {
  if (!flyLtRequireStatic(ctx, block, "tile_to_shape") || !flyLtIsStatic(shape))
    return shape && !flyLtIsStatic(shape)
               ? flyLtFail(ctx, "tile_to_shape requires a static shape")
               : NULL;
  int r = flyIntTupleGetRank(shape), rb = flyLayoutGetRank(block);
  if (rb > r)
    return flyLtFail(ctx,
                     "tile_to_shape: the block has rank %d but the "
                     "target shape has rank %d",
                     rb, r);
  const FlyIntTuple **reps = flyLtAlloc(ctx, (size_t)(r + 1) * sizeof *reps);
  if (!reps)
    return NULL;
  for (int i = 0; i < r; i++) {
    const FlyLayout *m = i < rb ? flyLtMode(ctx, block, i) : NULL;
    const FlyIntTuple *bs =
        m ? flyIntTupleProduct(ctx, m->shape) : flyLtInt(ctx, 1);
    const FlyIntTuple *ts =
        flyIntTupleProduct(ctx, flyIntTupleGetElem(shape, i));
    if (!bs || !ts)
      return NULL;
    if (bs->value <= 0 || ts->value % bs->value != 0)
      return flyLtFail(ctx,
                       "tile_to_shape: block extent %lld does not divide "
                       "the target extent %lld of mode %d",
                       (long long)bs->value, (long long)ts->value, i);
    reps[i] = flyLtInt(ctx, ts->value / bs->value);
  }
  /* CuTe: ceil_div(product_each(shape), product_each(block)), and
   * product_each wraps an integer shape, so the counts are always a tuple
   * of rank(shape): tile_to_shape(4:1,8) = ((4,(2))):((1,(4))). */
  const FlyIntTuple *rs = flyLtTuple(ctx, r, reps);
  int64_t start = 1; /* CuTe's make_ordered_layout(counts, LayoutLeft) */
  const FlyLayout *tiler =
      rs ? flyLayoutCreate(ctx, rs, compactFrom(ctx, rs, &start)) : NULL;
  return tiler ? flyLayoutBlockedProduct(ctx, block, tiler) : NULL;
}

/*---- slice and dice ----*/

/* Collects the sub-modes kept by slice (keepWild) or dice (!keepWild). */
static int collectSlice(FlyLayoutCtx *ctx, const FlyIntTuple *c,
                        const FlyIntTuple *s, const FlyIntTuple *d,
                        int keepWild, const FlyIntTuple **os,
                        const FlyIntTuple **od, int *n) {
  if (c->rank >= 0) {
    if (s->rank != c->rank) {
      flyLtFail(ctx, "slice: the coordinate is not congruent to the layout");
      return 0;
    }
    for (int i = 0; i < c->rank; i++)
      if (!collectSlice(ctx, c->elems[i], s->elems[i], d->elems[i], keepWild,
                        os, od, n))
        return 0;
    return 1;
  }
  if ((c->kind == FLY_LEAF_UNDERSCORE) == keepWild) {
    os[*n] = s;
    od[(*n)++] = d;
  }
  return 1;
}

static const FlyLayout *sliceOrDice(FlyLayoutCtx *ctx, const FlyIntTuple *crd,
                                    const FlyLayout *l, int keepWild) {
  /* CuTe's dice(c, L) with an integer c is L itself, not (L); pycute's
   * slice_(None, L) is (L,), and slice follows pycute */
  if (!keepWild && crd->rank < 0 && crd->kind != FLY_LEAF_UNDERSCORE)
    return l;
  int cap = flyLtLeafCount(l->shape) + 1, n = 0;
  const FlyIntTuple **os = flyLtAlloc(ctx, (size_t)cap * sizeof *os);
  const FlyIntTuple **od = flyLtAlloc(ctx, (size_t)cap * sizeof *od);
  if (!os || !od ||
      !collectSlice(ctx, crd, l->shape, l->stride, keepWild, os, od, &n))
    return NULL;
  return flyLtLayout(ctx, flyLtTuple(ctx, n, os), flyLtTuple(ctx, n, od));
}

const FlyLayout *flyLayoutSlice(FlyLayoutCtx *ctx, const FlyIntTuple *crd,
                                const FlyLayout *l) {
  return sliceOrDice(ctx, crd, l, 1);
}

const FlyLayout *flyLayoutDice(FlyLayoutCtx *ctx, const FlyIntTuple *crd,
                               const FlyLayout *l) {
  return sliceOrDice(ctx, crd, l, 0);
}
