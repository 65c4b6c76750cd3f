/*===- notation.c - CuTe notation: parsing and canonical printing ---------===*
 *
 *   tuple   := leaf | '(' [tuple (',' tuple)*] ')'
 *   leaf    := ['-'] digits ['E' digits ('.' digits)*] | '?' | '_'
 *              (any int64_t value; basis indices 0..64)
 *   layout  := tuple [':' tuple]        (no ':' = column-major compact)
 *   tiler   := '[' tiler ('|' tiler)* ']' | layout | '_'
 *   swizzle := 'S<' int ',' int ',' int '>'
 *   composed:= (swizzle | layout) 'o' int 'o' layout
 *
 * Printing is canonical (no spaces) and exact: a leaf prints as itself and
 * every tuple, the 1-tuple `(4)` and the empty `()` included, prints with
 * its parentheses, so parsing what was printed gives back the same
 * structure. `4:1` and `(4):(1)` are different layouts (depth 0 and 1; CuTe
 * C++ prints them `_4:_1` and `(_4):(_1)`, pycute `4:1` and `(4,):(1,)`).
 *===----------------------------------------------------------------------===*/
#include "lt.h"

#include <ctype.h>
#include <inttypes.h>

enum { MAX_ELEMS = 256, MAX_DEPTH = 32 };

void flyLtSkipSpace(FlyLtParser *p) {
  while (isspace((unsigned char)p->text[p->pos]))
    p->pos++;
}

int flyLtAccept(FlyLtParser *p, char c) {
  flyLtSkipSpace(p);
  if (p->text[p->pos] != c)
    return 0;
  p->pos++;
  return 1;
}

void *flyLtSyntaxError(FlyLtParser *p, const char *what) {
  char c = p->text[p->pos];
  if (!c)
    return flyLtFail(p->ctx,
                     "syntax error at column %zu: expected %s, found "
                     "the end of the input",
                     p->pos + 1, what);
  if (!isprint((unsigned char)c)) /* errors are one line: no raw control bytes */
    return flyLtFail(p->ctx,
                     "syntax error at column %zu: expected %s, found the byte 0x%02x",
                     p->pos + 1, what, (unsigned char)c);
  return flyLtFail(p->ctx,
                   "syntax error at column %zu: expected %s, found "
                   "'%c'",
                   p->pos + 1, what, c);
}

/* Reads the digits at the cursor as a non-negative number, or as a negative
 * one when `neg`, so that every int64_t value (INT64_MIN included) has a
 * literal: printing any value and parsing it back gives the same value.
 * Returns 1, 0 when no digit is next, -1 (error recorded) on overflow. */
static int parseNumber(FlyLtParser *p, int neg, int64_t *out) {
  int64_t v = 0;
  size_t start = p->pos;
  if (!isdigit((unsigned char)p->text[p->pos]))
    return 0;
  while (isdigit((unsigned char)p->text[p->pos])) {
    int digit = p->text[p->pos++] - '0';
    if (__builtin_mul_overflow(v, 10, &v) ||
        (neg ? __builtin_sub_overflow(v, digit, &v)
             : __builtin_add_overflow(v, digit, &v))) {
      flyLtFail(p->ctx, "integer literal at column %zu is too large",
                start + 1 - (size_t)neg);
      return -1;
    }
  }
  *out = v;
  return 1;
}

static const FlyIntTuple *parseBasis(FlyLtParser *p, int64_t scale) {
  int path[FLY_LT_MAX_BASIS], depth = 0;
  do {
    int64_t i;
    int r = parseNumber(p, 0, &i);
    if (r <= 0)
      return r < 0 ? NULL : flyLtSyntaxError(p, "a basis index");
    if (depth == FLY_LT_MAX_BASIS || i > FLY_LT_MAX_BASIS_INDEX)
      return flyLtFail(p->ctx,
                       "basis index at column %zu is too deep or "
                       "too large",
                       p->pos);
    path[depth++] = (int)i;
  } while (p->text[p->pos] == '.' && ++p->pos);
  return flyIntTupleCreateBasis(p->ctx, scale, depth, path);
}

static const FlyIntTuple *parseLeaf(FlyLtParser *p) {
  char c = p->text[p->pos];
  if (c == '?' || c == '_') {
    p->pos++;
    return c == '?' ? flyIntTupleCreateDynamic(p->ctx)
                    : flyIntTupleCreateUnderscore(p->ctx);
  }
  int neg = c == '-';
  p->pos += (size_t)neg;
  int64_t v;
  int r = parseNumber(p, neg, &v);
  if (r <= 0)
    return r < 0 ? NULL : flyLtSyntaxError(p, "an integer, '(' or '?'");
  if (p->text[p->pos] == 'E') {
    p->pos++;
    return parseBasis(p, v);
  }
  return flyLtInt(p->ctx, v);
}

static const FlyIntTuple *parseParenTuple(FlyLtParser *p);

const FlyIntTuple *flyLtParseTuple(FlyLtParser *p) {
  if (!flyLtAccept(p, '('))
    return parseLeaf(p);
  if (++p->depth > MAX_DEPTH)
    return flyLtFail(p->ctx, "nesting at column %zu is too deep", p->pos);
  const FlyIntTuple *t = parseParenTuple(p);
  p->depth--;
  return t;
}

static const FlyIntTuple *parseParenTuple(FlyLtParser *p) {
  const FlyIntTuple *elems[MAX_ELEMS];
  int n = 0;
  if (flyLtAccept(p, ')'))
    return flyLtTuple(p->ctx, 0, NULL);
  do {
    if (n == MAX_ELEMS)
      return flyLtFail(p->ctx, "tuple at column %zu has too many elements",
                       p->pos + 1);
    flyLtSkipSpace(p);
    if (!(elems[n++] = flyLtParseTuple(p)))
      return NULL;
  } while (flyLtAccept(p, ','));
  if (!flyLtAccept(p, ')'))
    return flyLtSyntaxError(p, "',' or ')'");
  return flyLtTuple(p->ctx, n, elems);
}

const FlyLayout *flyLtParseLayoutAfter(FlyLtParser *p,
                                       const FlyIntTuple *shape) {
  if (!shape)
    return NULL;
  if (!flyLtAccept(p, ':'))
    return flyLtIsStatic(shape) ? flyLayoutCreateCompact(p->ctx, shape)
                                : flyLtFail(p->ctx, "a shape without strides "
                                                    "must be static");
  flyLtSkipSpace(p);
  const FlyIntTuple *stride = flyLtParseTuple(p);
  return stride ? flyLayoutCreate(p->ctx, shape, stride) : NULL;
}

static const FlyTiler *parseModeList(FlyLtParser *p);

/* Whether the wildcard `_` is next (a tiler or a mode of one). */
static int atWildcard(FlyLtParser *p) {
  flyLtSkipSpace(p);
  return p->text[p->pos] == '_';
}

const FlyTiler *flyLtParseTiler(FlyLtParser *p) {
  if (atWildcard(p)) { /* the tiler `_`, which flyTilerPrint writes */
    p->pos++;
    return flyTilerCreateUnderscore(p->ctx);
  }
  if (!flyLtAccept(p, '[')) {
    flyLtSkipSpace(p);
    const FlyLayout *l = flyLtParseLayoutAfter(p, flyLtParseTuple(p));
    return l ? flyTilerCreateLayout(p->ctx, l) : NULL;
  }
  if (++p->depth > MAX_DEPTH)
    return flyLtFail(p->ctx, "nesting at column %zu is too deep", p->pos);
  const FlyTiler *t = parseModeList(p);
  p->depth--;
  return t;
}

static const FlyTiler *parseModeList(FlyLtParser *p) {
  const FlyTiler *modes[MAX_ELEMS];
  int n = 0;
  do {
    if (n == MAX_ELEMS)
      return flyLtFail(p->ctx, "tiler has too many modes");
    if (atWildcard(p) && (p->pos++, 1)) {
      modes[n++] = NULL;
      continue;
    }
    if (!(modes[n++] = flyLtParseTiler(p)))
      return NULL;
  } while (flyLtAccept(p, '|'));
  if (!flyLtAccept(p, ']'))
    return flyLtSyntaxError(p, "'|' or ']'");
  return flyTilerCreateByMode(p->ctx, n, modes);
}

static int parseSmallInt(FlyLtParser *p, int *out) {
  flyLtSkipSpace(p);
  int neg = p->text[p->pos] == '-';
  p->pos += (size_t)neg;
  int64_t v;
  int r = parseNumber(p, neg, &v);
  if (r == 0)
    flyLtSyntaxError(p, "an integer");
  if (r <= 0 || v > 62 || v < -62)
    return r > 0
               ? (flyLtFail(p->ctx,
                            "swizzle parameter %" PRId64 " is out of range", v),
                  0)
               : 0;
  *out = (int)v;
  return 1;
}

const FlySwizzle *flyLtParseSwizzle(FlyLtParser *p) {
  int b, m, s;
  flyLtSkipSpace(p);
  if (p->text[p->pos] != 'S' || p->text[p->pos + 1] != '<')
    return flyLtSyntaxError(p, "'S<'");
  p->pos += 2;
  if (!parseSmallInt(p, &b))
    return NULL;
  if (!flyLtAccept(p, ','))
    return flyLtSyntaxError(p, "','");
  if (!parseSmallInt(p, &m))
    return NULL;
  if (!flyLtAccept(p, ','))
    return flyLtSyntaxError(p, "','");
  if (!parseSmallInt(p, &s))
    return NULL;
  if (!flyLtAccept(p, '>'))
    return flyLtSyntaxError(p, "'>'");
  return flySwizzleCreate(p->ctx, b, m, s);
}

int flyLtAtComposeOp(FlyLtParser *p) {
  flyLtSkipSpace(p);
  const char *s = p->text + p->pos;
  return s[0] == 'o' && (isspace((unsigned char)s[1]) || s[1] == '(' ||
                         isdigit((unsigned char)s[1]) || s[1] == '-' ||
                         s[1] == '?');
}

const FlyComposedLayout *flyLtParseComposedAfter(FlyLtParser *p,
                                                 const FlySwizzle *swizzle,
                                                 const FlyLayout *inner) {
  if (!flyLtAtComposeOp(p))
    return flyLtSyntaxError(p, "'o'");
  p->pos++;
  flyLtSkipSpace(p);
  const FlyIntTuple *off = parseLeaf(p);
  if (!off)
    return NULL;
  if (off->kind != FLY_LEAF_INT)
    return flyLtFail(p->ctx, "the offset of a composed layout must be a "
                             "static integer");
  if (!flyLtAtComposeOp(p))
    return flyLtSyntaxError(p, "'o'");
  p->pos++;
  flyLtSkipSpace(p);
  const FlyLayout *outer = flyLtParseLayoutAfter(p, flyLtParseTuple(p));
  if (!outer)
    return NULL;
  return swizzle ? flyComposedLayoutCreate(p->ctx, swizzle, off->value, outer)
                 : flyComposedLayoutCreateWithLayout(p->ctx, inner, off->value,
                                                     outer);
}

/*---- whole-string entry points ----*/

static int atEnd(FlyLtParser *p) {
  flyLtSkipSpace(p);
  if (!p->text[p->pos])
    return 1;
  flyLtSyntaxError(p, "the end of the input");
  return 0;
}

const FlyIntTuple *flyIntTupleParse(FlyLayoutCtx *ctx, const char *text) {
  FlyLtParser p = {ctx, text, 0, 0};
  flyLtSkipSpace(&p);
  const FlyIntTuple *t = flyLtParseTuple(&p);
  return t && atEnd(&p) ? t : NULL;
}

const FlyLayout *flyLayoutParse(FlyLayoutCtx *ctx, const char *text) {
  FlyLtParser p = {ctx, text, 0, 0};
  flyLtSkipSpace(&p);
  const FlyLayout *l = flyLtParseLayoutAfter(&p, flyLtParseTuple(&p));
  return l && atEnd(&p) ? l : NULL;
}

const FlyTiler *flyTilerParse(FlyLayoutCtx *ctx, const char *text) {
  FlyLtParser p = {ctx, text, 0, 0};
  const FlyTiler *t = flyLtParseTiler(&p);
  return t && atEnd(&p) ? t : NULL;
}

const FlySwizzle *flySwizzleParse(FlyLayoutCtx *ctx, const char *text) {
  FlyLtParser p = {ctx, text, 0, 0};
  const FlySwizzle *s = flyLtParseSwizzle(&p);
  return s && atEnd(&p) ? s : NULL;
}

const FlyComposedLayout *flyComposedLayoutParse(FlyLayoutCtx *ctx,
                                                const char *text) {
  FlyLtParser p = {ctx, text, 0, 0};
  flyLtSkipSpace(&p);
  const FlySwizzle *s = NULL;
  const FlyLayout *inner = NULL;
  if (text[p.pos] == 'S')
    s = flyLtParseSwizzle(&p);
  else
    inner = flyLtParseLayoutAfter(&p, flyLtParseTuple(&p));
  if (!s && !inner)
    return NULL;
  const FlyComposedLayout *c = flyLtParseComposedAfter(&p, s, inner);
  return c && atEnd(&p) ? c : NULL;
}

/*---- printing ----*/

static void printLeaf(const FlyIntTuple *t, FlyStrBuf *out) {
  switch (t->kind) {
  case FLY_LEAF_DYNAMIC:
    flyStrBufAppend(out, "?");
    return;
  case FLY_LEAF_UNDERSCORE:
    flyStrBufAppend(out, "_");
    return;
  case FLY_LEAF_BASIS:
    flyStrBufAppendF(out, "%" PRId64 "E", t->value);
    for (int i = 0; i < t->basisDepth; i++)
      flyStrBufAppendF(out, i ? ".%d" : "%d", t->basisPath[i]);
    return;
  case FLY_LEAF_INT:
    flyStrBufAppendF(out, "%" PRId64, t->value);
    return;
  }
}

void flyIntTuplePrint(const FlyIntTuple *t, FlyStrBuf *out) {
  if (t->rank < 0) {
    printLeaf(t, out);
    return;
  }
  flyStrBufAppend(out, "(");
  for (int i = 0; i < t->rank; i++) {
    if (i)
      flyStrBufAppend(out, ",");
    flyIntTuplePrint(t->elems[i], out);
  }
  flyStrBufAppend(out, ")");
}

void flyLayoutPrint(const FlyLayout *l, FlyStrBuf *out) {
  flyIntTuplePrint(l->shape, out);
  flyStrBufAppend(out, ":");
  flyIntTuplePrint(l->stride, out);
}

void flyTilerPrint(const FlyTiler *t, FlyStrBuf *out) {
  if (t->layout) {
    flyLayoutPrint(t->layout, out);
    return;
  }
  if (t->rank == 0) {
    flyStrBufAppend(out, "_");
    return;
  }
  flyStrBufAppend(out, "[");
  for (int i = 0; i < t->rank; i++) {
    if (i)
      flyStrBufAppend(out, "|");
    if (t->modes[i])
      flyTilerPrint(t->modes[i], out);
    else
      flyStrBufAppend(out, "_");
  }
  flyStrBufAppend(out, "]");
}

void flySwizzlePrint(const FlySwizzle *s, FlyStrBuf *out) {
  flyStrBufAppendF(out, "S<%d,%d,%d>", s->bits, s->base, s->shift);
}

void flyComposedLayoutPrint(const FlyComposedLayout *c, FlyStrBuf *out) {
  if (c->swizzle)
    flySwizzlePrint(c->swizzle, out);
  else
    flyLayoutPrint(c->inner, out);
  flyStrBufAppendF(out, " o %" PRId64 " o ", c->offset);
  flyLayoutPrint(c->outer, out);
}
