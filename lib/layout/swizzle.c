/*===- swizzle.c - Swizzles, composed layouts, tilers ---------------------===*
 *
 * CuTe's Swizzle<B,M,S> (swizzle.hpp): XOR the B bits at [M+S, M+S+B) into
 * the B bits at [M, M+B), which permutes the offsets inside every aligned
 * block of 2^(B+M+|S|) without moving anything across blocks. A composed
 * layout inner o offset o outer evaluates inner(offset + outer(c)) (pycute
 * swizzle.py ComposedLayout).
 *===----------------------------------------------------------------------===*/
#include "lt.h"

const FlySwizzle *flySwizzleCreate(FlyLayoutCtx *ctx, int bits, int base,
                                   int shift) {
  int mag = shift < 0 ? -shift : shift;
  if (bits < 0 || base < 0 || mag < bits)
    return flyLtFail(ctx,
                     "invalid swizzle S<%d,%d,%d>: requires B >= 0, "
                     "M >= 0 and |S| >= B",
                     bits, base, shift);
  if (bits + base + mag > 62)
    return flyLtFail(ctx,
                     "invalid swizzle S<%d,%d,%d>: B+M+|S| exceeds 62 "
                     "bits",
                     bits, base, shift);
  FlySwizzle *s = flyLtAlloc(ctx, sizeof *s);
  if (s)
    *s = (FlySwizzle){bits, base, shift};
  return s;
}

int64_t flySwizzleApply(const FlySwizzle *s, int64_t x) {
  uint64_t ux = (uint64_t)x;
  uint64_t mask = (((uint64_t)1 << s->bits) - 1);
  if (s->shift >= 0) {
    uint64_t yyy = mask << (s->base + s->shift);
    return (int64_t)(ux ^ ((ux & yyy) >> s->shift));
  }
  uint64_t yyy = mask << s->base;
  return (int64_t)(ux ^ ((ux & yyy) << -s->shift));
}

void flySwizzleGetParams(const FlySwizzle *s, int *bits, int *base,
                         int *shift) {
  *bits = s->bits;
  *base = s->base;
  *shift = s->shift;
}

static FlyComposedLayout *newComposed(FlyLayoutCtx *ctx, int64_t offset,
                                      const FlyLayout *outer) {
  if (!outer)
    return NULL;
  FlyComposedLayout *c = flyLtAlloc(ctx, sizeof *c);
  if (c) {
    c->offset = offset;
    c->outer = outer;
  }
  return c;
}

const FlyComposedLayout *flyComposedLayoutCreate(FlyLayoutCtx *ctx,
                                                 const FlySwizzle *inner,
                                                 int64_t offset,
                                                 const FlyLayout *outer) {
  FlyComposedLayout *c = inner ? newComposed(ctx, offset, outer) : NULL;
  if (c)
    c->swizzle = inner;
  return c;
}

const FlyComposedLayout *
flyComposedLayoutCreateWithLayout(FlyLayoutCtx *ctx, const FlyLayout *inner,
                                  int64_t offset, const FlyLayout *outer) {
  FlyComposedLayout *c = inner ? newComposed(ctx, offset, outer) : NULL;
  if (c)
    c->inner = inner;
  return c;
}

const FlySwizzle *flyComposedLayoutGetSwizzle(const FlyComposedLayout *c) {
  return c->swizzle;
}
const FlyLayout *flyComposedLayoutGetInner(const FlyComposedLayout *c) {
  return c->inner;
}
int64_t flyComposedLayoutGetOffset(const FlyComposedLayout *c) {
  return c->offset;
}
const FlyLayout *flyComposedLayoutGetOuter(const FlyComposedLayout *c) {
  return c->outer;
}

const FlyIntTuple *flyComposedLayoutCrd2Idx(FlyLayoutCtx *ctx,
                                            const FlyIntTuple *crd,
                                            const FlyComposedLayout *c) {
  const FlyIntTuple *o = flyLayoutCrd2Idx(ctx, crd, c->outer);
  if (!o)
    return NULL;
  if (o->rank >= 0)
    return flyLtFail(ctx, "a composed layout requires integer strides");
  unsigned mark = flyLtMark(ctx);
  int64_t x = flyLtAdd(ctx, c->offset, o->value);
  if (flyLtFailedSince(ctx, mark))
    return NULL;
  if (c->swizzle)
    return flyLtInt(ctx, flySwizzleApply(c->swizzle, x));
  return flyLayoutCrd2Idx(ctx, flyLtInt(ctx, x), c->inner);
}

const FlyComposedLayout *flyComposedLayoutCompose(FlyLayoutCtx *ctx,
                                                  const FlyComposedLayout *c,
                                                  const FlyTiler *b) {
  FlyComposedLayout *r =
      newComposed(ctx, c->offset, flyLayoutCompositionTiler(ctx, c->outer, b));
  if (r) {
    r->swizzle = c->swizzle;
    r->inner = c->inner;
  }
  return r;
}

/*---- tilers ----*/

const FlyTiler *flyTilerCreateLayout(FlyLayoutCtx *ctx, const FlyLayout *l) {
  if (!l)
    return NULL;
  FlyTiler *t = flyLtAlloc(ctx, sizeof *t);
  if (t)
    t->layout = l;
  return t;
}

const FlyTiler *flyTilerCreateByMode(FlyLayoutCtx *ctx, int rank,
                                     const FlyTiler *const *modes) {
  if (rank < 1)
    return flyLtFail(ctx, "a by-mode tiler needs at least one mode");
  FlyTiler *t = flyLtAlloc(ctx, sizeof *t);
  const FlyTiler **m = flyLtAlloc(ctx, (size_t)rank * sizeof *m);
  if (!t || !m)
    return NULL;
  for (int i = 0; i < rank; i++)
    m[i] = modes[i];
  t->rank = rank;
  t->modes = m;
  return t;
}

const FlyTiler *flyTilerCreateUnderscore(FlyLayoutCtx *ctx) {
  return flyLtAlloc(ctx, sizeof(FlyTiler)); /* no layout, no modes */
}

const FlyLayout *flyTilerGetLayout(const FlyTiler *t) { return t->layout; }

int flyTilerGetRank(const FlyTiler *t) { return t->layout ? 0 : t->rank; }

const FlyTiler *flyTilerGetMode(const FlyTiler *t, int i) {
  return !t->layout && i >= 0 && i < t->rank ? t->modes[i] : NULL;
}
