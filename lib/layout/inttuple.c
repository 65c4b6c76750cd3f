/*===- inttuple.c - Hierarchical integer tuples ---------------------------===*
 *
 * CuTe's IntTuple: a leaf or a tuple of IntTuples. These are the structural
 * operations (pycute int_tuple.py) that shapes, strides and coordinates share.
 *===----------------------------------------------------------------------===*/
#include "lt.h"

#include <string.h>

static FlyIntTuple *newLeaf(FlyLayoutCtx *ctx, FlyLeafKind kind, int64_t v) {
  FlyIntTuple *t = flyLtAlloc(ctx, sizeof *t);
  if (t) {
    t->rank = -1;
    t->kind = kind;
    t->value = v;
  }
  return t;
}

const FlyIntTuple *flyLtInt(FlyLayoutCtx *ctx, int64_t v) {
  return newLeaf(ctx, FLY_LEAF_INT, v);
}

const FlyIntTuple *flyIntTupleCreateInt(FlyLayoutCtx *ctx, int64_t v) {
  return flyLtInt(ctx, v);
}

const FlyIntTuple *flyIntTupleCreateDynamic(FlyLayoutCtx *ctx) {
  return newLeaf(ctx, FLY_LEAF_DYNAMIC, 0);
}

const FlyIntTuple *flyIntTupleCreateBasis(FlyLayoutCtx *ctx, int64_t scale,
                                          int depth, const int *path) {
  if (depth < 1 || depth > FLY_LT_MAX_BASIS)
    return flyLtFail(ctx, "basis depth must be between 1 and %d",
                     FLY_LT_MAX_BASIS);
  for (int i = 0; i < depth; i++) /* the notation writes no other index */
    if (path[i] < 0 || path[i] > FLY_LT_MAX_BASIS_INDEX)
      return flyLtFail(ctx, "basis index %d is not between 0 and %d", path[i],
                       FLY_LT_MAX_BASIS_INDEX);
  FlyIntTuple *t = newLeaf(ctx, FLY_LEAF_BASIS, scale);
  if (t) {
    t->basisDepth = depth;
    memcpy(t->basisPath, path, (size_t)depth * sizeof *path);
  }
  return t;
}

const FlyIntTuple *flyLtTuple(FlyLayoutCtx *ctx, int rank,
                              const FlyIntTuple *const *elems) {
  FlyIntTuple *t = flyLtAlloc(ctx, sizeof *t);
  const FlyIntTuple **e =
      flyLtAlloc(ctx, (size_t)(rank ? rank : 1) * sizeof *e);
  if (!t || !e)
    return NULL;
  for (int i = 0; i < rank; i++)
    if (!(e[i] = elems[i]))
      return NULL; /* an element failed to build: its error is recorded */
  t->rank = rank;
  t->elems = e;
  return t;
}

const FlyIntTuple *flyIntTupleCreate(FlyLayoutCtx *ctx, int rank,
                                     const FlyIntTuple *const *elems) {
  if (rank < 0)
    return flyLtFail(ctx, "tuple rank must not be negative");
  return flyLtTuple(ctx, rank, elems);
}

int flyIntTupleIsLeaf(const FlyIntTuple *t) { return t->rank < 0; }

FlyLeafKind flyIntTupleGetLeafKind(const FlyIntTuple *t) {
  return t->rank < 0 ? t->kind : FLY_LEAF_INT;
}

int64_t flyIntTupleGetValue(const FlyIntTuple *t) {
  return t->rank < 0 && t->kind != FLY_LEAF_DYNAMIC ? t->value : 0;
}

int flyIntTupleGetBasis(const FlyIntTuple *t, int *path) {
  if (t->rank >= 0 || t->kind != FLY_LEAF_BASIS)
    return 0;
  memcpy(path, t->basisPath, (size_t)t->basisDepth * sizeof *path);
  return t->basisDepth;
}

int flyIntTupleGetRank(const FlyIntTuple *t) {
  return t->rank < 0 ? 1 : t->rank;
}

const FlyIntTuple *flyIntTupleGetElem(const FlyIntTuple *t, int i) {
  if (t->rank < 0)
    return i == 0 ? t : NULL;
  return i >= 0 && i < t->rank ? t->elems[i] : NULL;
}

int flyIntTupleGetDepth(const FlyIntTuple *t) {
  if (t->rank < 0)
    return 0;
  int d = 0;
  for (int i = 0; i < t->rank; i++) {
    int e = flyIntTupleGetDepth(t->elems[i]);
    d = e > d ? e : d;
  }
  return d + 1;
}

int flyLtIsStatic(const FlyIntTuple *t) {
  if (t->rank < 0)
    return t->kind == FLY_LEAF_INT;
  for (int i = 0; i < t->rank; i++)
    if (!flyLtIsStatic(t->elems[i]))
      return 0;
  return 1;
}

int flyIntTupleIsStatic(const FlyIntTuple *t) { return flyLtIsStatic(t); }

int flyIntTupleEqual(const FlyIntTuple *a, const FlyIntTuple *b) {
  if (a->rank != b->rank)
    return 0;
  if (a->rank < 0)
    return a->kind == b->kind && a->value == b->value &&
           a->basisDepth == b->basisDepth &&
           !memcmp(a->basisPath, b->basisPath,
                   (size_t)a->basisDepth * sizeof(int));
  for (int i = 0; i < a->rank; i++)
    if (!flyIntTupleEqual(a->elems[i], b->elems[i]))
      return 0;
  return 1;
}

int flyLtLeafCount(const FlyIntTuple *t) {
  if (t->rank < 0)
    return 1;
  int n = 0;
  for (int i = 0; i < t->rank; i++)
    n += flyLtLeafCount(t->elems[i]);
  return n;
}

/* Product of the leaves; *dyn is set when one is dynamic. */
static int64_t productOf(FlyLayoutCtx *ctx, const FlyIntTuple *t, int *dyn) {
  if (t->rank < 0) {
    if (t->kind == FLY_LEAF_BASIS)
      flyLtFail(ctx, "product requires integer leaves, not a basis element");
    *dyn |= t->kind == FLY_LEAF_DYNAMIC;
    return t->kind == FLY_LEAF_INT ? t->value : 1;
  }
  int64_t p = 1;
  for (int i = 0; i < t->rank; i++)
    p = flyLtMul(ctx, p, productOf(ctx, t->elems[i], dyn));
  return p;
}

const FlyIntTuple *flyIntTupleProduct(FlyLayoutCtx *ctx, const FlyIntTuple *t) {
  unsigned mark = flyLtMark(ctx);
  int dyn = 0;
  int64_t p = productOf(ctx, t, &dyn);
  if (flyLtFailedSince(ctx, mark))
    return NULL;
  return dyn ? flyIntTupleCreateDynamic(ctx) : flyLtInt(ctx, p);
}

static void collectLeaves(const FlyIntTuple *t, const FlyIntTuple **out,
                          int *n) {
  if (t->rank < 0) {
    out[(*n)++] = t;
    return;
  }
  for (int i = 0; i < t->rank; i++)
    collectLeaves(t->elems[i], out, n);
}

const FlyIntTuple *flyIntTupleFlatten(FlyLayoutCtx *ctx, const FlyIntTuple *t) {
  if (t->rank < 0)
    return t;
  int n = 0;
  const FlyIntTuple **leaves =
      flyLtAlloc(ctx, (size_t)(flyLtLeafCount(t) + 1) * sizeof *leaves);
  if (!leaves)
    return NULL;
  collectLeaves(t, leaves, &n);
  return flyLtTuple(ctx, n, leaves);
}

int64_t *flyLtFlatInts(FlyLayoutCtx *ctx, const FlyIntTuple *t, int *n,
                       const char *what) {
  int count = flyLtLeafCount(t);
  const FlyIntTuple **leaves =
      flyLtAlloc(ctx, (size_t)(count + 1) * sizeof *leaves);
  int64_t *v = flyLtAlloc(ctx, (size_t)(count + 1) * sizeof *v);
  if (!leaves || !v)
    return NULL;
  *n = 0;
  collectLeaves(t, leaves, n);
  for (int i = 0; i < count; i++) {
    if (leaves[i]->kind != FLY_LEAF_INT)
      return flyLtFail(ctx, "%s requires a static integer %s", what,
                       leaves[i]->kind == FLY_LEAF_DYNAMIC ? "layout"
                                                           : "stride");
    v[i] = leaves[i]->value;
  }
  return v;
}

const FlyIntTuple *flyLtIntsToTuple(FlyLayoutCtx *ctx, const int64_t *v,
                                    int n) {
  if (n == 1)
    return flyLtInt(ctx, v[0]);
  const FlyIntTuple **e = flyLtAlloc(ctx, (size_t)(n + 1) * sizeof *e);
  if (!e)
    return NULL;
  for (int i = 0; i < n; i++)
    e[i] = flyLtInt(ctx, v[i]);
  return flyLtTuple(ctx, n, e);
}

/* The elements of t, a leaf counting as the 1-tuple (t). */
static const FlyIntTuple *const *elemsOf(const FlyIntTuple *const *self,
                                         const FlyIntTuple *t) {
  return t->rank < 0 ? self : t->elems;
}

const FlyIntTuple *flyIntTupleTake(FlyLayoutCtx *ctx, const FlyIntTuple *t,
                                   int begin, int end) {
  int r = flyIntTupleGetRank(t);
  if (begin < 0 || end > r || begin > end)
    return flyLtFail(ctx, "take<%d,%d> is out of range for rank %d", begin, end,
                     r);
  return flyLtTuple(ctx, end - begin, elemsOf(&t, t) + begin);
}

const FlyIntTuple *flyIntTupleSelect(FlyLayoutCtx *ctx, const FlyIntTuple *t,
                                     int n, const int *idx) {
  const FlyIntTuple **e = flyLtAlloc(ctx, (size_t)(n + 1) * sizeof *e);
  if (!e)
    return NULL;
  for (int i = 0; i < n; i++)
    if (!(e[i] = flyIntTupleGetElem(t, idx[i])))
      return flyLtFail(ctx, "select index %d is out of range for rank %d",
                       idx[i], flyIntTupleGetRank(t));
  return flyLtTuple(ctx, n, e);
}

static const FlyIntTuple *insertAt(FlyLayoutCtx *ctx, const FlyIntTuple *t,
                                   const FlyIntTuple *x, int front) {
  int r = flyIntTupleGetRank(t);
  const FlyIntTuple **e = flyLtAlloc(ctx, (size_t)(r + 1) * sizeof *e);
  if (!e)
    return NULL;
  memcpy(e + front, elemsOf(&t, t), (size_t)r * sizeof *e);
  e[front ? 0 : r] = x;
  return flyLtTuple(ctx, r + 1, e);
}

const FlyIntTuple *flyIntTupleAppend(FlyLayoutCtx *ctx, const FlyIntTuple *t,
                                     const FlyIntTuple *x) {
  return insertAt(ctx, t, x, 0);
}

const FlyIntTuple *flyIntTuplePrepend(FlyLayoutCtx *ctx, const FlyIntTuple *t,
                                      const FlyIntTuple *x) {
  return insertAt(ctx, t, x, 1);
}

const FlyIntTuple *flyIntTupleGroup(FlyLayoutCtx *ctx, const FlyIntTuple *t,
                                    int begin, int end) {
  const FlyIntTuple *mid = flyIntTupleTake(ctx, t, begin, end);
  if (!mid)
    return NULL;
  int r = flyIntTupleGetRank(t);
  const FlyIntTuple *const *src = elemsOf(&t, t);
  const FlyIntTuple **e = flyLtAlloc(ctx, (size_t)(r + 1) * sizeof *e);
  if (!e)
    return NULL;
  int n = 0;
  for (int i = 0; i < begin; i++)
    e[n++] = src[i];
  e[n++] = mid;
  for (int i = end; i < r; i++)
    e[n++] = src[i];
  return flyLtTuple(ctx, n, e);
}

static const FlyIntTuple *prefixProduct(FlyLayoutCtx *ctx, const FlyIntTuple *s,
                                        int64_t *init) {
  if (s->rank < 0) {
    const FlyIntTuple *r = flyLtInt(ctx, *init);
    *init = flyLtMul(ctx, *init, s->value);
    return r;
  }
  const FlyIntTuple **e = flyLtAlloc(ctx, (size_t)(s->rank + 1) * sizeof *e);
  if (!e)
    return NULL;
  for (int i = 0; i < s->rank; i++)
    e[i] = prefixProduct(ctx, s->elems[i], init);
  return flyLtTuple(ctx, s->rank, e);
}

const FlyIntTuple *flyIntTuplePrefixProduct(FlyLayoutCtx *ctx,
                                            const FlyIntTuple *shape) {
  if (!flyLtIsStatic(shape))
    return flyLtFail(ctx, "prefix_product requires a static shape");
  unsigned mark = flyLtMark(ctx);
  int64_t init = 1;
  const FlyIntTuple *r = prefixProduct(ctx, shape, &init);
  return flyLtFailedSince(ctx, mark) ? NULL : r;
}

/* pycute idx2crd over congruent shape/stride. */
static const FlyIntTuple *idx2crd(FlyLayoutCtx *ctx, const FlyIntTuple *idx,
                                  const FlyIntTuple *s, const FlyIntTuple *d) {
  if (idx->rank >= 0 && s->rank < 0)
    return flyLtFail(ctx, "idx2crd: the index has more modes than the shape");
  if (idx->rank >= 0 && idx->rank != s->rank)
    return flyLtFail(ctx,
                     "idx2crd: the index has rank %d but the shape has "
                     "rank %d",
                     idx->rank, s->rank);
  if (s->rank < 0) {
    if (d->value == 0 || s->value == 0)
      return flyLtFail(ctx, "idx2crd: division by a zero stride or shape");
    return flyLtInt(
        ctx,
        flyLtFloorMod(ctx, flyLtFloorDiv(ctx, idx->value, d->value), s->value));
  }
  const FlyIntTuple **e = flyLtAlloc(ctx, (size_t)(s->rank + 1) * sizeof *e);
  if (!e)
    return NULL;
  for (int i = 0; i < s->rank; i++)
    e[i] = idx2crd(ctx, idx->rank < 0 ? idx : idx->elems[i], s->elems[i],
                   d->elems[i]);
  return flyLtTuple(ctx, s->rank, e);
}

const FlyIntTuple *flyIntTupleIdx2Crd(FlyLayoutCtx *ctx, const FlyIntTuple *idx,
                                      const FlyIntTuple *shape,
                                      const FlyIntTuple *stride) {
  if (!flyLtIsStatic(idx) || !flyLtIsStatic(shape) ||
      (stride && !flyLtIsStatic(stride)))
    return flyLtFail(ctx, "idx2crd requires a static index, shape and stride");
  if (!stride && !(stride = flyIntTuplePrefixProduct(ctx, shape)))
    return NULL;
  FlyLayout tmp = {shape, stride};
  if (!flyLayoutCreate(ctx, tmp.shape, tmp.stride))
    return NULL;
  unsigned mark = flyLtMark(ctx);
  const FlyIntTuple *r = idx2crd(ctx, idx, shape, stride);
  return flyLtFailedSince(ctx, mark) ? NULL : r;
}

const FlyIntTuple *flyIntTupleCreateUnderscore(FlyLayoutCtx *ctx) {
  return newLeaf(ctx, FLY_LEAF_UNDERSCORE, 0);
}
