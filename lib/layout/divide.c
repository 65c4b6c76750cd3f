/*===- divide.c - Tilers applied by mode, and the divide family -----------===*
 *
 * logical_divide(A, T) = composition(A, (T, complement(T, size(A)))): the
 * first mode is "the tile", the second "the rest" (pycute layout.py). The
 * zipped/tiled/flat variants only regroup the modes of the by-mode result
 * (pycute hier_unzip, a `_` mode getting the tile 1:0; pycute's unpacking
 * of the rest for the tiled form; CuTe's result(repeat<R0>(_),
 * repeat<R1>(_)) for the flat form).
 *===----------------------------------------------------------------------===*/
#include "lt.h"

/* Rank of a layout, named for the tiler-rank error. */
static int checkTilerRank(FlyLayoutCtx *ctx, const FlyLayout *a,
                          const FlyTiler *t, const char *opName) {
  int r = flyLayoutGetRank(a);
  if (t->rank > r) {
    flyLtFail(ctx, "%s: the tiler has %d modes but the layout has rank %d",
              opName, t->rank, r);
    return -1;
  }
  return r;
}

const FlyLayout *flyLtByMode(FlyLayoutCtx *ctx, const FlyLayout *a,
                             const FlyTiler *t, FlyLtBinOp op,
                             const char *opName) {
  if (t->layout)
    return op(ctx, a, t->layout);
  if (t->rank == 0)
    return a; /* `_` */
  int r = checkTilerRank(ctx, a, t, opName);
  const FlyLayout **modes =
      r < 0 ? NULL : flyLtAlloc(ctx, (size_t)(r + 1) * sizeof *modes);
  if (!modes)
    return NULL;
  for (int i = 0; i < r; i++) {
    const FlyLayout *mode = flyLtMode(ctx, a, i);
    if (mode && i < t->rank && t->modes[i])
      mode = flyLtByMode(ctx, mode, t->modes[i], op, opName);
    if (!(modes[i] = mode))
      return NULL;
  }
  return flyLtMakeLayout(ctx, r, modes);
}

const FlyLayout *flyLtHierUnzip(FlyLayoutCtx *ctx, const FlyLayout *a,
                                const FlyTiler *t, FlyLtBinOp op,
                                const char *opName) {
  if (!t || (!t->layout && t->rank == 0)) { /* `_`: tile 1:0, all rest */
    const FlyLayout *one = flyLtLayout(ctx, flyLtInt(ctx, 1), flyLtInt(ctx, 0));
    return flyLtMakeLayout(ctx, 2, (const FlyLayout *[]){one, a});
  }
  if (t->layout)
    return op(ctx, a, t->layout);
  int r = checkTilerRank(ctx, a, t, opName);
  const FlyLayout **tiles =
      r < 0 ? NULL : flyLtAlloc(ctx, (size_t)(r + 1) * sizeof *tiles);
  const FlyLayout **rests =
      r < 0 ? NULL : flyLtAlloc(ctx, (size_t)(r + 1) * sizeof *rests);
  if (!tiles || !rests)
    return NULL;
  for (int i = 0; i < r; i++) {
    const FlyLayout *mode = flyLtMode(ctx, a, i);
    if (mode && i < t->rank) {
      const FlyLayout *split =
          flyLtHierUnzip(ctx, mode, t->modes[i], op, opName);
      if (!split)
        return NULL;
      tiles[i] = flyLtMode(ctx, split, 0);
      mode = flyLtMode(ctx, split, 1);
    }
    if (!(rests[i] = mode))
      return NULL;
  }
  const FlyLayout *tile = flyLtMakeLayout(ctx, t->rank, tiles);
  const FlyLayout *rest = flyLtMakeLayout(ctx, r, rests);
  if (!tile || !rest)
    return NULL;
  return flyLtMakeLayout(ctx, 2, (const FlyLayout *[]){tile, rest});
}

/* Appends the top modes of l to out[*n]; with `wholeIfRank1`, a rank-1 l
 * is appended whole instead (CuTe's l(repeat<1>(_)) is l(_), which keeps
 * a 1-tuple mode a 1-tuple). */
static int pushModes(FlyLayoutCtx *ctx, const FlyLayout *l, int wholeIfRank1,
                     const FlyLayout **out, int *n) {
  int r = flyLayoutGetRank(l);
  if (r == 1 && wholeIfRank1) {
    out[(*n)++] = l;
    return 1;
  }
  for (int i = 0; i < r; i++)
    if (!(out[(*n)++] = flyLtMode(ctx, l, i)))
      return 0;
  return 1;
}

const FlyLayout *flyLtUnpack(FlyLayoutCtx *ctx, const FlyLayout *r, int flat) {
  if (!r)
    return NULL;
  const FlyLayout *first = flyLtMode(ctx, r, 0);
  const FlyLayout *second = flyLtMode(ctx, r, 1);
  if (!first || !second)
    return NULL;
  int cap = flyLayoutGetRank(first) + flyLayoutGetRank(second) + 1, n = 0;
  const FlyLayout **modes = flyLtAlloc(ctx, (size_t)cap * sizeof *modes);
  if (!modes)
    return NULL;
  /* tiled (pycute): (r[0], r[1][0], r[1][1], ...), a rank-1 r[1] unpacked
   * too; flat (CuTe): r(repeat<R0>(_), repeat<R1>(_)), where a half of rank
   * 1 stays whole: flat_divide(4:1,[8:1]) = ((8),(1)):((1),(0)). */
  if (flat) {
    if (!pushModes(ctx, first, 1, modes, &n))
      return NULL;
  } else {
    modes[n++] = first;
  }
  if (!pushModes(ctx, second, flat, modes, &n))
    return NULL;
  return flyLtMakeLayout(ctx, n, modes);
}

static const FlyLayout *divideLayout(FlyLayoutCtx *ctx, const FlyLayout *a,
                                     const FlyLayout *b) {
  if (!flyLtRequireStatic(ctx, a, "logical_divide") ||
      !flyLtRequireStatic(ctx, b, "logical_divide"))
    return NULL;
  const FlyIntTuple *size = flyLayoutSize(ctx, a);
  const FlyLayout *c = size ? flyLayoutComplement(ctx, b, size->value) : NULL;
  if (!c)
    return flyLtPrefixError(ctx, "logical_divide: ");
  const FlyLayout *bc = flyLtMakeLayout(ctx, 2, (const FlyLayout *[]){b, c});
  const FlyLayout *r = bc ? flyLayoutComposition(ctx, a, bc) : NULL;
  return r ? r : flyLtPrefixError(ctx, "logical_divide: ");
}

const FlyLayout *flyLayoutLogicalDivide(FlyLayoutCtx *ctx, const FlyLayout *a,
                                        const FlyTiler *t) {
  return flyLtByMode(ctx, a, t, divideLayout, "logical_divide");
}

const FlyLayout *flyLayoutZippedDivide(FlyLayoutCtx *ctx, const FlyLayout *a,
                                       const FlyTiler *t) {
  return flyLtHierUnzip(ctx, a, t, divideLayout, "zipped_divide");
}

const FlyLayout *flyLayoutTiledDivide(FlyLayoutCtx *ctx, const FlyLayout *a,
                                      const FlyTiler *t) {
  return flyLtUnpack(ctx, flyLayoutZippedDivide(ctx, a, t), 0);
}

const FlyLayout *flyLayoutFlatDivide(FlyLayoutCtx *ctx, const FlyLayout *a,
                                     const FlyTiler *t) {
  return flyLtUnpack(ctx, flyLayoutZippedDivide(ctx, a, t), 1);
}
