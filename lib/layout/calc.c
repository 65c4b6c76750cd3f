/*===- calc.c - The `flyc layout` expression evaluator --------------------===*
 *
 *   expr := call | literal
 *   call := name '(' expr (',' expr)* ')'
 *
 * A literal is an int tuple, a layout, a tiler `[...]`, a swizzle or a
 * composed layout. Each argument is converted to what the function needs:
 * an integer n is the layout n:1 (pycute's Layout(n)); a tuple of integers
 * in tiler position is the by-mode tiler [n0:1|n1:1|...] and in layout
 * position the compact layout of that shape.
 *===----------------------------------------------------------------------===*/
#include "lt.h"

#include <ctype.h>
#include <limits.h>
#include <string.h>

typedef enum { V_TUPLE, V_LAYOUT, V_TILER, V_SWIZZLE, V_COMPOSED } ValKind;

typedef struct Val {
  ValKind kind;
  const FlyIntTuple *tuple; /* V_TUPLE (a leaf is an integer)            */
  const FlyLayout *layout;
  const FlyTiler *tiler;
  const FlySwizzle *swizzle;
  const FlyComposedLayout *composed;
} Val;

enum { MAX_ARGS = 8 };

typedef struct Fn Fn;

typedef struct Call {
  FlyLayoutCtx *ctx;
  const char *name;
  const Fn *fn;
  int argc;
  Val argv[MAX_ARGS];
} Call;

static const char *kindName(const Val *v) {
  switch (v->kind) {
  case V_TUPLE:
    if (v->tuple->rank >= 0)
      return "a tuple";
    return v->tuple->kind == FLY_LEAF_UNDERSCORE ? "the wildcard '_'"
           : v->tuple->kind == FLY_LEAF_DYNAMIC  ? "a dynamic integer"
                                                 : "an integer";
  case V_LAYOUT:
    return "a layout";
  case V_TILER:
    return "a by-mode tiler";
  case V_SWIZZLE:
    return "a swizzle";
  case V_COMPOSED:
    return "a composed layout";
  }
  return "a value";
}

static void *wrongArg(Call *c, int i, const char *want) {
  return flyLtFail(c->ctx, "%s: argument %d must be %s, not %s", c->name, i + 1,
                   want, kindName(&c->argv[i]));
}

/*---- argument conversions ----*/

static const FlyLayout *argLayout(Call *c, int i) {
  Val *v = &c->argv[i];
  if (v->kind == V_LAYOUT)
    return v->layout;
  if (v->kind == V_TUPLE && flyLtIsStatic(v->tuple))
    return flyLayoutCreateCompact(c->ctx, v->tuple);
  return wrongArg(c, i, "a layout");
}

static int isWildcard(const FlyIntTuple *t) {
  return t->rank < 0 && t->kind == FLY_LEAF_UNDERSCORE;
}

static const FlyTiler *tupleTiler(FlyLayoutCtx *ctx, const FlyIntTuple *t) {
  if (isWildcard(t))
    return flyTilerCreateUnderscore(ctx);
  if (t->rank < 0 && t->kind != FLY_LEAF_INT)
    return flyLtFail(ctx, "a tiler requires static integer extents");
  if (t->rank < 0)
    return flyTilerCreateLayout(ctx, flyLayoutCreateCompact(ctx, t));
  const FlyTiler **m = flyLtAlloc(ctx, (size_t)(t->rank + 1) * sizeof *m);
  if (!m)
    return NULL;
  for (int i = 0; i < t->rank; i++) {
    const FlyIntTuple *e = t->elems[i];
    m[i] = isWildcard(e) ? NULL : tupleTiler(ctx, e); /* NULL mode: keep */
    if (!m[i] && !isWildcard(e))
      return NULL;
  }
  return flyTilerCreateByMode(ctx, t->rank, m);
}

static const FlyTiler *argTiler(Call *c, int i) {
  Val *v = &c->argv[i];
  if (v->kind == V_TILER)
    return v->tiler;
  if (v->kind == V_LAYOUT)
    return flyTilerCreateLayout(c->ctx, v->layout);
  if (v->kind == V_TUPLE && v->tuple->rank != 0)
    return tupleTiler(c->ctx, v->tuple);
  return wrongArg(c, i, "a layout or a tiler");
}

static const FlyIntTuple *argTuple(Call *c, int i) {
  Val *v = &c->argv[i];
  return v->kind == V_TUPLE ? v->tuple
                            : wrongArg(c, i, "an integer or a tuple");
}

static int argInt(Call *c, int i, int64_t *out) {
  Val *v = &c->argv[i];
  if (v->kind != V_TUPLE || v->tuple->rank >= 0 ||
      v->tuple->kind != FLY_LEAF_INT) {
    wrongArg(c, i, "an integer");
    return 0;
  }
  *out = v->tuple->value;
  return 1;
}

/* An integer argument that a library call takes as an `int` (a mode index,
 * a bit width): values beyond int are rejected, not truncated. */
static int argIndex(Call *c, int i, int *out) {
  int64_t v;
  if (!argInt(c, i, &v))
    return 0;
  if (v < INT_MIN || v > INT_MAX) {
    flyLtFail(c->ctx, "%s: argument %d (%lld) is out of range", c->name, i + 1,
              (long long)v);
    return 0;
  }
  *out = (int)v;
  return 1;
}

/*---- results ----*/

static Val layoutVal(const FlyLayout *l) {
  return (Val){.kind = V_LAYOUT, .layout = l};
}
static Val tupleVal(const FlyIntTuple *t) {
  return (Val){.kind = V_TUPLE, .tuple = t};
}

/* Evaluators return 1 on success; `failed(flyLtFail(...))` records and
 * returns 0. */
static int failed(const void *recorded) {
  (void)recorded;
  return 0;
}

static int setLayout(Val *out, const FlyLayout *l) {
  *out = layoutVal(l);
  return l != NULL;
}

static int setTuple(Val *out, const FlyIntTuple *t) {
  *out = tupleVal(t);
  return t != NULL;
}

/*---- the functions ----*/

typedef const FlyLayout *(*TilerOp)(FlyLayoutCtx *, const FlyLayout *,
                                    const FlyTiler *);
typedef const FlyLayout *(*UnaryOp)(FlyLayoutCtx *, const FlyLayout *);
typedef const FlyLayout *(*LayoutOp)(FlyLayoutCtx *, const FlyLayout *,
                                     const FlyLayout *);

/* A calculator function: its arity, its evaluator, and for the evaluators
 * shared by several functions the library operation to apply. */
struct Fn {
  const char *name;
  int minArgs, maxArgs;
  int (*eval)(Call *c, Val *out);
  const void *op;
};

static int evalTilerOp(Call *c, Val *out) {
  const Fn *fn = c->fn;
  if (c->argv[0].kind == V_COMPOSED &&
      fn->op == (const void *)flyLayoutCompositionTiler) {
    const FlyTiler *t = argTiler(c, 1);
    out->kind = V_COMPOSED;
    out->composed =
        t ? flyComposedLayoutCompose(c->ctx, c->argv[0].composed, t) : NULL;
    return out->composed != NULL;
  }
  const FlyLayout *a = argLayout(c, 0);
  const FlyTiler *t = a ? argTiler(c, 1) : NULL;
  return setLayout(out, t ? ((TilerOp)fn->op)(c->ctx, a, t) : NULL);
}

static int evalUnary(Call *c, Val *out) {
  const Fn *fn = c->fn;
  const FlyLayout *a = argLayout(c, 0);
  return setLayout(out, a ? ((UnaryOp)fn->op)(c->ctx, a) : NULL);
}

static int evalLayoutOp(Call *c, Val *out) {
  const Fn *fn = c->fn;
  const FlyLayout *a = argLayout(c, 0);
  const FlyLayout *b = a ? argLayout(c, 1) : NULL;
  return setLayout(out, b ? ((LayoutOp)fn->op)(c->ctx, a, b) : NULL);
}

static int evalComplement(Call *c, Val *out) {
  const FlyLayout *a = argLayout(c, 0);
  int64_t n = 1;
  if (!a || (c->argc == 2 && !argInt(c, 1, &n)))
    return 0;
  return setLayout(out, flyLayoutComplement(c->ctx, a, n));
}

static int evalCoalesce(Call *c, Val *out) {
  const FlyLayout *a = argLayout(c, 0);
  if (!a)
    return 0;
  if (c->argc == 1)
    return setLayout(out, flyLayoutCoalesce(c->ctx, a));
  const FlyIntTuple *p = argTuple(c, 1);
  return setLayout(out, p ? flyLayoutCoalesceByMode(c->ctx, a, p) : NULL);
}

static int evalSize(Call *c, Val *out) {
  Val *v = &c->argv[0];
  if (v->kind == V_COMPOSED)
    return setTuple(out, flyLayoutSize(c->ctx, v->composed->outer));
  if (v->kind == V_TUPLE)
    return setTuple(out, flyIntTupleProduct(c->ctx, v->tuple));
  const FlyLayout *a = argLayout(c, 0);
  return setTuple(out, a ? flyLayoutSize(c->ctx, a) : NULL);
}

static int evalCosize(Call *c, Val *out) {
  const FlyComposedLayout *cl =
      c->argv[0].kind == V_COMPOSED ? c->argv[0].composed : NULL;
  if (cl && cl->swizzle) { /* pycute: the swizzle's span 2^(B+M+|S|) */
    int span =
        cl->swizzle->bits + cl->swizzle->base +
        (cl->swizzle->shift < 0 ? -cl->swizzle->shift : cl->swizzle->shift);
    return setTuple(out, flyLtInt(c->ctx, (int64_t)1 << span));
  }
  if (cl)
    return setTuple(out, flyLayoutCosize(c->ctx, cl->inner));
  const FlyLayout *a = argLayout(c, 0);
  return setTuple(out, a ? flyLayoutCosize(c->ctx, a) : NULL);
}

static int evalCrd2Idx(Call *c, Val *out) {
  const FlyIntTuple *crd = argTuple(c, 0);
  if (!crd)
    return 0;
  if (c->argv[1].kind == V_COMPOSED)
    return setTuple(out,
                    flyComposedLayoutCrd2Idx(c->ctx, crd, c->argv[1].composed));
  if (c->argc == 3) { /* crd2idx(c, shape, stride) as in pycute */
    const FlyIntTuple *s = argTuple(c, 1), *d = s ? argTuple(c, 2) : NULL;
    const FlyLayout *l = d ? flyLayoutCreate(c->ctx, s, d) : NULL;
    return setTuple(out, l ? flyLayoutCrd2Idx(c->ctx, crd, l) : NULL);
  }
  const FlyLayout *l = argLayout(c, 1);
  return setTuple(out, l ? flyLayoutCrd2Idx(c->ctx, crd, l) : NULL);
}

static int evalIdx2Crd(Call *c, Val *out) {
  const FlyIntTuple *idx = argTuple(c, 0);
  if (!idx)
    return 0;
  if (c->argc == 2 && c->argv[1].kind == V_LAYOUT)
    return setTuple(out,
                    flyIntTupleIdx2Crd(c->ctx, idx, c->argv[1].layout->shape,
                                       c->argv[1].layout->stride));
  const FlyIntTuple *s = argTuple(c, 1);
  const FlyIntTuple *d = s && c->argc == 3 ? argTuple(c, 2) : NULL;
  if (!s || (c->argc == 3 && !d))
    return 0;
  return setTuple(out, flyIntTupleIdx2Crd(c->ctx, idx, s, d));
}

static int evalRankDepth(Call *c, Val *out) {
  Val *v = &c->argv[0];
  const FlyIntTuple *t = v->kind == V_TUPLE ? v->tuple : NULL;
  if (!t) {
    const FlyLayout *a = argLayout(c, 0);
    if (!a)
      return 0;
    t = a->shape;
  }
  int depth = !strcmp(c->name, "depth");
  return setTuple(out, flyLtInt(c->ctx, depth ? flyIntTupleGetDepth(t)
                                              : flyIntTupleGetRank(t)));
}

static int evalShapeStride(Call *c, Val *out) {
  const FlyLayout *a = argLayout(c, 0);
  if (!a)
    return 0;
  return setTuple(out, !strcmp(c->name, "shape") ? a->shape : a->stride);
}

static int evalGet(Call *c, Val *out) {
  int i;
  const FlyLayout *a = argLayout(c, 0);
  if (!a || !argIndex(c, 1, &i))
    return 0;
  for (int k = 2; k < c->argc; k++) { /* get(L,i,j) = get(get(L,i),j) */
    int j;
    a = flyLayoutGet(c->ctx, a, i);
    if (!a || !argIndex(c, k, &j))
      return 0;
    i = j;
  }
  return setLayout(out, flyLayoutGet(c->ctx, a, i));
}

static int evalRange(Call *c, Val *out) {
  int b, e;
  const FlyLayout *a = argLayout(c, 0);
  if (!a || !argIndex(c, 1, &b) || !argIndex(c, 2, &e))
    return 0;
  if (!strcmp(c->name, "take"))
    return setLayout(out, flyLayoutTake(c->ctx, a, b, e));
  return setLayout(out, flyLayoutGroup(c->ctx, a, b, e));
}

static int evalSelect(Call *c, Val *out) {
  int idx[MAX_ARGS];
  const FlyLayout *a = argLayout(c, 0);
  if (!a)
    return 0;
  for (int k = 1; k < c->argc; k++)
    if (!argIndex(c, k, &idx[k - 1]))
      return 0;
  return setLayout(out, flyLayoutSelect(c->ctx, a, c->argc - 1, idx));
}

static int evalMakeLayout(Call *c, Val *out) {
  const FlyLayout *modes[MAX_ARGS];
  for (int k = 0; k < c->argc; k++)
    if (!(modes[k] = argLayout(c, k)))
      return 0;
  return setLayout(out, flyLtMakeLayout(c->ctx, c->argc, modes));
}

static int evalShapeOp(Call *c, Val *out) {
  const FlyIntTuple *s = argTuple(c, 0);
  if (!s)
    return 0;
  if (!strcmp(c->name, "make_identity_layout"))
    return setLayout(out, flyLayoutMakeIdentity(c->ctx, s));
  const FlyIntTuple *o = argTuple(c, 1);
  return setLayout(out, o ? flyLayoutMakeOrdered(c->ctx, s, o) : NULL);
}

static int evalRecast(Call *c, Val *out) {
  int from, to;
  const FlyLayout *a = argLayout(c, 0);
  if (!a || !argIndex(c, 1, &from) || !argIndex(c, 2, &to))
    return 0;
  if (from > 65536 || to > 65536)
    return failed(flyLtFail(c->ctx,
                            "recast: element widths must be at most 65536 "
                            "bits"));
  return setLayout(out, flyLayoutRecast(c->ctx, a, from, to));
}

static int evalTileToShape(Call *c, Val *out) {
  const FlyLayout *a = argLayout(c, 0);
  const FlyIntTuple *s = a ? argTuple(c, 1) : NULL;
  return setLayout(out, s ? flyLayoutTileToShape(c->ctx, a, s) : NULL);
}

static int evalSlice(Call *c, Val *out) {
  const FlyIntTuple *crd = argTuple(c, 0);
  const FlyLayout *a = crd ? argLayout(c, 1) : NULL;
  if (!a)
    return 0;
  if (!strcmp(c->name, "slice"))
    return setLayout(out, flyLayoutSlice(c->ctx, crd, a));
  return setLayout(out, flyLayoutDice(c->ctx, crd, a));
}

static const Fn FNS[] = {
    {"composition", 2, 2, evalTilerOp, (const void *)flyLayoutCompositionTiler},
    {"logical_divide", 2, 2, evalTilerOp, (const void *)flyLayoutLogicalDivide},
    {"zipped_divide", 2, 2, evalTilerOp, (const void *)flyLayoutZippedDivide},
    {"tiled_divide", 2, 2, evalTilerOp, (const void *)flyLayoutTiledDivide},
    {"flat_divide", 2, 2, evalTilerOp, (const void *)flyLayoutFlatDivide},
    {"logical_product", 2, 2, evalTilerOp,
     (const void *)flyLayoutLogicalProduct},
    {"zipped_product", 2, 2, evalTilerOp, (const void *)flyLayoutZippedProduct},
    {"tiled_product", 2, 2, evalTilerOp, (const void *)flyLayoutTiledProduct},
    {"flat_product", 2, 2, evalTilerOp, (const void *)flyLayoutFlatProduct},
    {"blocked_product", 2, 2, evalLayoutOp,
     (const void *)flyLayoutBlockedProduct},
    {"raked_product", 2, 2, evalLayoutOp, (const void *)flyLayoutRakedProduct},
    {"right_inverse", 1, 1, evalUnary, (const void *)flyLayoutRightInverse},
    {"left_inverse", 1, 1, evalUnary, (const void *)flyLayoutLeftInverse},
    {"filter", 1, 1, evalUnary, (const void *)flyLayoutFilter},
    {"flatten", 1, 1, evalUnary, (const void *)flyLayoutFlatten},
    {"append", 2, 2, evalLayoutOp, (const void *)flyLayoutAppend},
    {"prepend", 2, 2, evalLayoutOp, (const void *)flyLayoutPrepend},
    {"complement", 1, 2, evalComplement, NULL},
    {"coalesce", 1, 2, evalCoalesce, NULL},
    {"size", 1, 1, evalSize, NULL},
    {"cosize", 1, 1, evalCosize, NULL},
    {"crd2idx", 2, 3, evalCrd2Idx, NULL},
    {"idx2crd", 2, 3, evalIdx2Crd, NULL},
    {"rank", 1, 1, evalRankDepth, NULL},
    {"depth", 1, 1, evalRankDepth, NULL},
    {"shape", 1, 1, evalShapeStride, NULL},
    {"stride", 1, 1, evalShapeStride, NULL},
    {"get", 2, 4, evalGet, NULL},
    {"take", 3, 3, evalRange, NULL},
    {"group", 3, 3, evalRange, NULL},
    {"select", 2, MAX_ARGS, evalSelect, NULL},
    {"make_layout", 1, MAX_ARGS, evalMakeLayout, NULL},
    {"make_ordered_layout", 2, 2, evalShapeOp, NULL},
    {"make_identity_layout", 1, 1, evalShapeOp, NULL},
    {"recast", 3, 3, evalRecast, NULL},
    {"tile_to_shape", 2, 2, evalTileToShape, NULL},
    {"slice", 2, 2, evalSlice, NULL},
    {"dice", 2, 2, evalSlice, NULL},
};

static const Fn *findFn(const char *name, size_t len) {
  for (size_t i = 0; i < sizeof FNS / sizeof FNS[0]; i++)
    if (strlen(FNS[i].name) == len && !strncmp(FNS[i].name, name, len))
      return &FNS[i];
  return NULL;
}

/*---- parsing ----*/

static int parseExpr(FlyLtParser *p, Val *out);

static int arityError(FlyLayoutCtx *ctx, const Fn *fn, int got) {
  if (fn->maxArgs == fn->minArgs)
    flyLtFail(ctx, "%s takes %d argument%s, got %d", fn->name, fn->minArgs,
              fn->minArgs > 1 ? "s" : "", got);
  else if (fn->maxArgs == MAX_ARGS)
    flyLtFail(ctx, "%s takes %d or more arguments, got %d", fn->name,
              fn->minArgs, got);
  else
    flyLtFail(ctx, "%s takes %d to %d arguments, got %d", fn->name, fn->minArgs,
              fn->maxArgs, got);
  return 0;
}

static int parseCall(FlyLtParser *p, size_t nameLen, Val *out) {
  size_t at = p->pos;
  const Fn *fn = findFn(p->text + at, nameLen);
  if (!fn)
    return failed(flyLtFail(p->ctx, "unknown function '%.*s' at column %zu",
                            (int)nameLen, p->text + at, at + 1));
  p->pos += nameLen;
  flyLtAccept(p, '(');
  if (++p->depth > 32)
    return failed(flyLtFail(p->ctx, "calls nest too deeply"));
  Call c = {p->ctx, fn->name, fn, 0, {{0}}};
  do {
    if (c.argc == MAX_ARGS)
      return failed(flyLtFail(p->ctx, "%s: too many arguments", fn->name));
    if (!parseExpr(p, &c.argv[c.argc++]))
      return 0;
  } while (flyLtAccept(p, ','));
  if (!flyLtAccept(p, ')'))
    return failed(flyLtSyntaxError(p, "',' or ')'"));
  p->depth--;
  if (c.argc < fn->minArgs || c.argc > fn->maxArgs)
    return arityError(p->ctx, fn, c.argc);
  return fn->eval(&c, out);
}

/* A swizzle or layout, possibly the inner part of `inner o off o outer`. */
static int parseLiteral(FlyLtParser *p, Val *out) {
  const FlySwizzle *sw = NULL;
  const FlyLayout *inner = NULL;
  if (p->text[p->pos] == 'S') {
    if (!(sw = flyLtParseSwizzle(p)))
      return 0;
    *out = (Val){.kind = V_SWIZZLE, .swizzle = sw};
  } else {
    const FlyIntTuple *t = flyLtParseTuple(p);
    if (!t)
      return 0;
    flyLtSkipSpace(p);
    if (p->text[p->pos] != ':' && !flyLtAtComposeOp(p)) {
      *out = tupleVal(t);
      return 1;
    }
    if (!(inner = flyLtParseLayoutAfter(p, t)))
      return 0;
    *out = layoutVal(inner);
  }
  if (!flyLtAtComposeOp(p))
    return 1;
  out->kind = V_COMPOSED;
  out->composed = flyLtParseComposedAfter(p, sw, inner);
  return out->composed != NULL;
}

static int parseExpr(FlyLtParser *p, Val *out) {
  flyLtSkipSpace(p);
  const char *s = p->text + p->pos;
  size_t n = 0;
  while (isalnum((unsigned char)s[n]) || s[n] == '_')
    n++;
  if (n > 0 && isalpha((unsigned char)s[0])) {
    FlyLtParser probe = *p;
    probe.pos += n;
    if (flyLtAccept(&probe, '('))
      return parseCall(p, n, out);
    if (!(s[0] == 'S' && s[1] == '<'))
      return failed(flyLtFail(p->ctx,
                              "syntax error at column %zu: expected a call "
                              "or a literal, found '%.*s'",
                              p->pos + 1, (int)n, s));
  }
  if (s[0] == '[') {
    out->kind = V_TILER;
    return (out->tiler = flyLtParseTiler(p)) != NULL;
  }
  return parseLiteral(p, out);
}

static void printVal(const Val *v, FlyStrBuf *out) {
  switch (v->kind) {
  case V_TUPLE:
    flyIntTuplePrint(v->tuple, out);
    return;
  case V_LAYOUT:
    flyLayoutPrint(v->layout, out);
    return;
  case V_TILER:
    flyTilerPrint(v->tiler, out);
    return;
  case V_SWIZZLE:
    flySwizzlePrint(v->swizzle, out);
    return;
  case V_COMPOSED:
    flyComposedLayoutPrint(v->composed, out);
    return;
  }
}

int flyLayoutEvalExpr(FlyLayoutCtx *ctx, const char *text, FlyStrBuf *out) {
  FlyLtParser p = {ctx, text, 0, 0};
  Val v;
  flyLayoutCtxClearError(ctx);
  unsigned mark = flyLtMark(ctx);
  if (!parseExpr(&p, &v) || flyLtFailedSince(ctx, mark)) {
    if (!flyLayoutCtxGetError(ctx)[0])
      flyLtFail(ctx, "invalid expression");
    return 1;
  }
  flyLtSkipSpace(&p);
  if (text[p.pos]) {
    flyLtSyntaxError(&p, "the end of the expression");
    return 1;
  }
  printVal(&v, out);
  if (out->oom) {
    flyLtFail(ctx, "out of memory");
    return 1;
  }
  return 0;
}
