/*===- layout.c - Layouts: construction, access, size, crd2idx -----------===*
 *
 * A layout is a pair of congruent int tuples shape:stride mapping a
 * coordinate to an index (pycute layout.py, CuTe layout.hpp).
 *===----------------------------------------------------------------------===*/
#include "lt.h"

#include <string.h>

static int congruent(const FlyIntTuple *a, const FlyIntTuple *b) {
  if (a->rank != b->rank)
    return 0;
  for (int i = 0; i < a->rank; i++)
    if (!congruent(a->elems[i], b->elems[i]))
      return 0;
  return 1;
}

static int validShape(const FlyIntTuple *s) {
  if (s->rank < 0)
    return s->kind == FLY_LEAF_DYNAMIC ||
           (s->kind == FLY_LEAF_INT && s->value > 0);
  for (int i = 0; i < s->rank; i++)
    if (!validShape(s->elems[i]))
      return 0;
  return 1;
}

static int validStride(const FlyIntTuple *d) {
  if (d->rank < 0)
    return d->kind != FLY_LEAF_UNDERSCORE;
  for (int i = 0; i < d->rank; i++)
    if (!validStride(d->elems[i]))
      return 0;
  return 1;
}

/* Strides whose leaves are integers or basis elements, not `?`. */
static int knownStride(const FlyIntTuple *d) {
  if (d->rank < 0)
    return d->kind == FLY_LEAF_INT || d->kind == FLY_LEAF_BASIS;
  for (int i = 0; i < d->rank; i++)
    if (!knownStride(d->elems[i]))
      return 0;
  return 1;
}

const FlyLayout *flyLtLayout(FlyLayoutCtx *ctx, const FlyIntTuple *shape,
                             const FlyIntTuple *stride) {
  if (!shape || !stride)
    return NULL;
  FlyLayout *l = flyLtAlloc(ctx, sizeof *l);
  if (l) {
    l->shape = shape;
    l->stride = stride;
  }
  return l;
}

const FlyLayout *flyLayoutCreate(FlyLayoutCtx *ctx, const FlyIntTuple *shape,
                                 const FlyIntTuple *stride) {
  if (!shape || !stride)
    return NULL;
  if (!congruent(shape, stride))
    return flyLtFail(ctx, "shape and stride are not congruent");
  if (!validShape(shape))
    return flyLtFail(ctx, "shape extents must be positive integers");
  if (!validStride(stride))
    return flyLtFail(ctx, "a stride cannot be the wildcard '_'");
  return flyLtLayout(ctx, shape, stride);
}

const FlyLayout *flyLayoutCreateCompact(FlyLayoutCtx *ctx,
                                        const FlyIntTuple *shape) {
  if (!validShape(shape))
    return flyLtFail(ctx, "shape extents must be positive integers");
  return flyLayoutCreate(ctx, shape, flyIntTuplePrefixProduct(ctx, shape));
}

const FlyIntTuple *flyLayoutGetShape(const FlyLayout *l) { return l->shape; }
const FlyIntTuple *flyLayoutGetStride(const FlyLayout *l) { return l->stride; }
int flyLayoutGetRank(const FlyLayout *l) {
  return flyIntTupleGetRank(l->shape);
}
int flyLayoutGetDepth(const FlyLayout *l) {
  return flyIntTupleGetDepth(l->shape);
}

int flyLayoutEqual(const FlyLayout *a, const FlyLayout *b) {
  return flyIntTupleEqual(a->shape, b->shape) &&
         flyIntTupleEqual(a->stride, b->stride);
}

int flyLtRequireStatic(FlyLayoutCtx *ctx, const FlyLayout *l, const char *op) {
  if (!flyLtIsStatic(l->shape) || !flyLtIsStatic(l->stride)) {
    flyLtFail(ctx, "%s requires a static layout with integer strides", op);
    return 0;
  }
  return 1;
}

const FlyIntTuple *flyLayoutSize(FlyLayoutCtx *ctx, const FlyLayout *l) {
  return flyIntTupleProduct(ctx, l->shape);
}

const FlyLayout *flyLtMode(FlyLayoutCtx *ctx, const FlyLayout *l, int i) {
  if (l->shape->rank < 0)
    return i == 0 ? l : flyLtFail(ctx, "mode %d is out of range for rank 1", i);
  if (i < 0 || i >= l->shape->rank)
    return flyLtFail(ctx, "mode %d is out of range for rank %d", i,
                     l->shape->rank);
  return flyLtLayout(ctx, l->shape->elems[i], l->stride->elems[i]);
}

const FlyLayout *flyLayoutGet(FlyLayoutCtx *ctx, const FlyLayout *l, int i) {
  return flyLtMode(ctx, l, i);
}

const FlyLayout *flyLtMakeLayout(FlyLayoutCtx *ctx, int n,
                                 const FlyLayout *const *modes) {
  const FlyIntTuple **s = flyLtAlloc(ctx, (size_t)(n + 1) * sizeof *s);
  const FlyIntTuple **d = flyLtAlloc(ctx, (size_t)(n + 1) * sizeof *d);
  if (!s || !d)
    return NULL;
  for (int i = 0; i < n; i++) {
    if (!modes[i])
      return NULL;
    s[i] = modes[i]->shape;
    d[i] = modes[i]->stride;
  }
  return flyLtLayout(ctx, flyLtTuple(ctx, n, s), flyLtTuple(ctx, n, d));
}

const FlyLayout *flyLayoutCreateFromModes(FlyLayoutCtx *ctx, int n,
                                          const FlyLayout *const *modes) {
  if (n < 0)
    return flyLtFail(ctx, "make_layout: negative mode count");
  return flyLtMakeLayout(ctx, n, modes);
}

const FlyLayout *flyLayoutTake(FlyLayoutCtx *ctx, const FlyLayout *l, int begin,
                               int end) {
  return flyLtLayout(ctx, flyIntTupleTake(ctx, l->shape, begin, end),
                     flyIntTupleTake(ctx, l->stride, begin, end));
}

const FlyLayout *flyLayoutSelect(FlyLayoutCtx *ctx, const FlyLayout *l, int n,
                                 const int *idx) {
  return flyLtLayout(ctx, flyIntTupleSelect(ctx, l->shape, n, idx),
                     flyIntTupleSelect(ctx, l->stride, n, idx));
}

const FlyLayout *flyLayoutFlatten(FlyLayoutCtx *ctx, const FlyLayout *l) {
  return flyLtLayout(ctx, flyIntTupleFlatten(ctx, l->shape),
                     flyIntTupleFlatten(ctx, l->stride));
}

const FlyLayout *flyLayoutAppend(FlyLayoutCtx *ctx, const FlyLayout *l,
                                 const FlyLayout *mode) {
  return flyLtLayout(ctx, flyIntTupleAppend(ctx, l->shape, mode->shape),
                     flyIntTupleAppend(ctx, l->stride, mode->stride));
}

const FlyLayout *flyLayoutPrepend(FlyLayoutCtx *ctx, const FlyLayout *l,
                                  const FlyLayout *mode) {
  return flyLtLayout(ctx, flyIntTuplePrepend(ctx, l->shape, mode->shape),
                     flyIntTuplePrepend(ctx, l->stride, mode->stride));
}

const FlyLayout *flyLayoutGroup(FlyLayoutCtx *ctx, const FlyLayout *l,
                                int begin, int end) {
  return flyLtLayout(ctx, flyIntTupleGroup(ctx, l->shape, begin, end),
                     flyIntTupleGroup(ctx, l->stride, begin, end));
}

/*---- crd2idx
 * ----------------------------------------------------------------*/

/* The value of crd2idx: an integer part plus scaled basis terms (identity
 * layouts), kept as a small list. */
typedef struct Term {
  int depth;
  int path[FLY_LT_MAX_BASIS];
  int64_t coef;
} Term;

typedef struct Acc {
  int64_t scalar;
  int nterms, cap;
  Term *terms;
} Acc;

static void accAdd(FlyLayoutCtx *ctx, Acc *acc, int64_t c,
                   const FlyIntTuple *d) {
  if (d->kind == FLY_LEAF_INT) {
    acc->scalar = flyLtAdd(ctx, acc->scalar, flyLtMul(ctx, c, d->value));
    return;
  }
  for (int i = 0; i < acc->nterms; i++) {
    Term *t = &acc->terms[i];
    if (t->depth == d->basisDepth &&
        !memcmp(t->path, d->basisPath, (size_t)t->depth * sizeof(int))) {
      t->coef = flyLtAdd(ctx, t->coef, flyLtMul(ctx, c, d->value));
      return;
    }
  }
  if (acc->nterms == acc->cap) {
    int cap = acc->cap ? 2 * acc->cap : 8;
    Term *n = flyLtAlloc(ctx, (size_t)cap * sizeof *n);
    if (!n)
      return;
    if (acc->nterms)
      memcpy(n, acc->terms, (size_t)acc->nterms * sizeof *n);
    acc->terms = n;
    acc->cap = cap;
  }
  Term *t = &acc->terms[acc->nterms++];
  t->depth = d->basisDepth;
  memcpy(t->path, d->basisPath, sizeof t->path);
  t->coef = flyLtMul(ctx, c, d->value);
}

static void crd2idx(FlyLayoutCtx *ctx, Acc *acc, const FlyIntTuple *crd,
                    const FlyIntTuple *s, const FlyIntTuple *d);

/* An integer coordinate against a tuple mode: split colexicographically,
 * the last mode keeping the unreduced remainder (pycute). */
static void crd2idxSplit(FlyLayoutCtx *ctx, Acc *acc, int64_t c,
                         const FlyIntTuple *s, const FlyIntTuple *d) {
  for (int i = 0; i + 1 < s->rank; i++) {
    const FlyIntTuple *p = flyIntTupleProduct(ctx, s->elems[i]);
    if (!p)
      return;
    int64_t n = p->value;
    crd2idx(ctx, acc, flyLtInt(ctx, flyLtFloorMod(ctx, c, n)), s->elems[i],
            d->elems[i]);
    c = flyLtFloorDiv(ctx, c, n);
  }
  if (s->rank > 0)
    crd2idx(ctx, acc, flyLtInt(ctx, c), s->elems[s->rank - 1],
            d->elems[s->rank - 1]);
}

static void crd2idx(FlyLayoutCtx *ctx, Acc *acc, const FlyIntTuple *crd,
                    const FlyIntTuple *s, const FlyIntTuple *d) {
  if (!crd)
    return;
  if (crd->rank >= 0) {
    if (s->rank < 0) {
      flyLtFail(ctx, "crd2idx: the coordinate has more modes than the layout");
      return;
    }
    if (crd->rank != s->rank) {
      flyLtFail(ctx,
                "crd2idx: the coordinate has rank %d but the layout "
                "has rank %d",
                crd->rank, s->rank);
      return;
    }
    for (int i = 0; i < s->rank; i++)
      crd2idx(ctx, acc, crd->elems[i], s->elems[i], d->elems[i]);
    return;
  }
  int64_t c = crd->kind == FLY_LEAF_UNDERSCORE ? 0 : crd->value;
  if (s->rank >= 0)
    crd2idxSplit(ctx, acc, c, s, d);
  else
    accAdd(ctx, acc, c, d);
}

/* Builds the coordinate the basis terms add up to, one tuple level per basis
 * path position. */
static const FlyIntTuple *termsToTuple(FlyLayoutCtx *ctx, const Term *t, int n,
                                       int level) {
  int leaf = 0, maxIdx = -1;
  int64_t sum = 0;
  for (int i = 0; i < n; i++) {
    if (t[i].depth == level) {
      leaf = 1;
      sum += t[i].coef;
    } else if (t[i].path[level] > maxIdx) {
      maxIdx = t[i].path[level];
    }
  }
  if (leaf && maxIdx >= 0)
    return flyLtFail(ctx, "crd2idx: basis strides of different depths meet");
  if (leaf)
    return flyLtInt(ctx, sum);
  const FlyIntTuple **e = flyLtAlloc(ctx, (size_t)(maxIdx + 2) * sizeof *e);
  Term *sub = flyLtAlloc(ctx, (size_t)(n + 1) * sizeof *sub);
  if (!e || !sub)
    return NULL;
  for (int k = 0; k <= maxIdx; k++) {
    int m = 0;
    for (int i = 0; i < n; i++)
      if (t[i].path[level] == k)
        sub[m++] = t[i];
    e[k] = m ? termsToTuple(ctx, sub, m, level + 1) : flyLtInt(ctx, 0);
  }
  return flyLtTuple(ctx, maxIdx + 1, e);
}

const FlyIntTuple *flyLayoutCrd2Idx(FlyLayoutCtx *ctx, const FlyIntTuple *crd,
                                    const FlyLayout *l) {
  if (!flyLtIsStatic(crd) && crd->rank < 0 && crd->kind != FLY_LEAF_UNDERSCORE)
    return flyLtFail(ctx, "crd2idx requires a static coordinate");
  if (!flyLtIsStatic(l->shape) || !knownStride(l->stride))
    return flyLtFail(ctx, "crd2idx requires a static layout");
  unsigned mark = flyLtMark(ctx);
  Acc acc = {0, 0, 0, NULL};
  crd2idx(ctx, &acc, crd, l->shape, l->stride);
  if (flyLtFailedSince(ctx, mark))
    return NULL;
  if (acc.nterms == 0)
    return flyLtInt(ctx, acc.scalar);
  if (acc.scalar != 0)
    return flyLtFail(ctx,
                     "crd2idx: the layout mixes integer and basis strides");
  return termsToTuple(ctx, acc.terms, acc.nterms, 0);
}

int flyLayoutEval(FlyLayoutCtx *ctx, const FlyLayout *l, int64_t i,
                  int64_t *out) {
  if (!flyLtRequireStatic(ctx, l, "evaluating a layout"))
    return 1;
  const FlyIntTuple *r = flyLayoutCrd2Idx(ctx, flyLtInt(ctx, i), l);
  if (!r)
    return 1;
  *out = r->value;
  return 0;
}

const FlyIntTuple *flyLayoutCosize(FlyLayoutCtx *ctx, const FlyLayout *l) {
  if (!flyLtRequireStatic(ctx, l, "cosize"))
    return NULL;
  const FlyIntTuple *size = flyLayoutSize(ctx, l);
  int64_t last;
  if (!size || flyLayoutEval(ctx, l, size->value - 1, &last))
    return NULL;
  unsigned mark = flyLtMark(ctx);
  int64_t r = flyLtAdd(ctx, last, 1);
  return flyLtFailedSince(ctx, mark) ? NULL : flyLtInt(ctx, r);
}
