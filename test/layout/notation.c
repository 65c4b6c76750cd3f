// RUN: %testbin/layout-notation | FileCheck %s
//
// Printing round-trips: for random nested int tuples, layouts, tilers,
// swizzles and composed layouts (fixed seeds), built through the API from a
// tree the test draws itself, the library prints exactly the text the
// notation prescribes (written here by the test's own printer: every tuple
// in parentheses, the 1-tuple `(4)` included), parsing that text (also with
// random spaces between tokens) gives back the same tree, and the
// calculator echoes a literal unchanged. Then results of every operation
// read back as the layouts they are. Nothing is skipped: every drawn value
// is valid and every one is checked.
#include "lt_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*---- the test's own model of the notation ----*/

typedef enum { N_INT, N_DYN, N_BASIS, N_WILD, N_TUPLE } NodeKind;

enum { MAX_RANK = 5, MAX_NODES = 4096, TEXT_CAP = 1 << 16 };

typedef struct Node {
  NodeKind kind;
  int64_t v; /* integer, or basis scale */
  int depth; /* basis path length */
  int path[8];
  int rank;
  struct Node *e[MAX_RANK];
} Node;

static Node pool[MAX_NODES];
static int nPool;

static Node *newNode(NodeKind kind) {
  if (nPool == MAX_NODES) {
    printf("FAIL: node pool exhausted\n");
    exit(1);
  }
  Node *n = &pool[nPool++];
  memset(n, 0, sizeof *n);
  n->kind = kind;
  return n;
}

/* xorshift64*: a fixed sequence per seed on every platform. */
static uint64_t rngState;
static uint64_t rnd(void) {
  rngState ^= rngState >> 12;
  rngState ^= rngState << 25;
  rngState ^= rngState >> 27;
  return rngState * UINT64_C(2685821657736338717);
}
static int below(int n) { return (int)(rnd() % (uint64_t)n); }

/* Integers across the whole int64_t range, the extremes included. */
static int64_t anyInt(void) {
  static const int64_t edge[] = {
      0,         1,         -1,        INT64_MAX,          INT64_MIN,
      INT64_MAX - 1, INT64_MIN + 1, INT64_C(1000000000000000),
      INT64_C(-1000000000000001), INT64_C(4294967296)};
  switch (below(4)) {
  case 0:
    return edge[below((int)(sizeof edge / sizeof edge[0]))];
  case 1:
    return (int64_t)rnd();
  default:
    return below(41) - 20;
  }
}

static int64_t positiveInt(void) {
  switch (below(5)) {
  case 0:
    return INT64_MAX;
  case 1:
    return (int64_t)(rnd() >> 1) | 1;
  default:
    return 1 + below(64);
  }
}

typedef enum { L_ANY, L_SHAPE, L_STRIDE } LeafMode;

static Node *genLeaf(LeafMode mode) {
  int r = below(8);
  if (mode == L_SHAPE) {
    if (r == 0)
      return newNode(N_DYN);
    Node *n = newNode(N_INT);
    n->v = positiveInt();
    return n;
  }
  if (r == 0)
    return newNode(N_DYN);
  if (r == 1 && mode == L_ANY)
    return newNode(N_WILD);
  if (r == 2) {
    Node *n = newNode(N_BASIS);
    n->v = anyInt();
    n->depth = 1 + below(3);
    for (int i = 0; i < n->depth; i++)
      n->path[i] = below(3) ? below(4) : 64; /* 64: the largest index */
    return n;
  }
  Node *n = newNode(N_INT);
  n->v = anyInt();
  return n;
}

/* A tree of depth <= maxDepth; tuples of rank 0..4 with 1-tuples frequent. */
static Node *genTree(LeafMode mode, int maxDepth) {
  if (maxDepth == 0 || below(3) == 0)
    return genLeaf(mode);
  static const int ranks[] = {0, 1, 1, 2, 2, 3, 4};
  Node *n = newNode(N_TUPLE);
  n->rank = ranks[below(7)];
  for (int i = 0; i < n->rank; i++)
    n->e[i] = genTree(mode, maxDepth - 1);
  return n;
}

/* A stride tree congruent to the shape tree. */
static Node *genCongruent(const Node *shape) {
  if (shape->kind != N_TUPLE)
    return genLeaf(L_STRIDE);
  Node *n = newNode(N_TUPLE);
  n->rank = shape->rank;
  for (int i = 0; i < n->rank; i++)
    n->e[i] = genCongruent(shape->e[i]);
  return n;
}

/* Text of the notation, written from the model. `spaced` puts 0-2 random
 * spaces around every punctuation mark (where the grammar allows spaces). */
typedef struct Text {
  char s[TEXT_CAP];
  size_t n;
  int spaced;
} Text;

static void put(Text *t, const char *s) {
  size_t k = strlen(s);
  if (t->n + k + 1 >= TEXT_CAP) {
    printf("FAIL: text buffer overflow\n");
    exit(1);
  }
  memcpy(t->s + t->n, s, k + 1);
  t->n += k;
}

static void gap(Text *t) {
  for (int k = t->spaced ? below(3) : 0; k > 0; k--)
    put(t, " ");
}

static void punct(Text *t, const char *s) {
  gap(t);
  put(t, s);
  gap(t);
}

static void putInt(Text *t, int64_t v) {
  char b[32];
  snprintf(b, sizeof b, "%lld", (long long)v);
  put(t, b);
}

static void writeTree(Text *t, const Node *n) {
  switch (n->kind) {
  case N_INT:
    putInt(t, n->v);
    return;
  case N_DYN:
    put(t, "?");
    return;
  case N_WILD:
    put(t, "_");
    return;
  case N_BASIS:
    putInt(t, n->v);
    put(t, "E");
    for (int i = 0; i < n->depth; i++) {
      if (i)
        put(t, ".");
      putInt(t, n->path[i]);
    }
    return;
  case N_TUPLE:
    punct(t, "(");
    for (int i = 0; i < n->rank; i++) {
      if (i)
        punct(t, ",");
      writeTree(t, n->e[i]);
    }
    punct(t, ")");
    return;
  }
}

static void writeLayout(Text *t, const Node *shape, const Node *stride) {
  writeTree(t, shape);
  punct(t, ":");
  writeTree(t, stride);
}

/*---- building through the API and comparing with the model ----*/

static const FlyIntTuple *build(FlyLayoutCtx *ctx, const Node *n) {
  switch (n->kind) {
  case N_INT:
    return flyIntTupleCreateInt(ctx, n->v);
  case N_DYN:
    return flyIntTupleCreateDynamic(ctx);
  case N_WILD:
    return flyIntTupleCreateUnderscore(ctx);
  case N_BASIS:
    return flyIntTupleCreateBasis(ctx, n->v, n->depth, n->path);
  case N_TUPLE: {
    const FlyIntTuple *e[MAX_RANK];
    for (int i = 0; i < n->rank; i++)
      if (!(e[i] = build(ctx, n->e[i])))
        return NULL;
    return flyIntTupleCreate(ctx, n->rank, e);
  }
  }
  return NULL;
}

static int same(const FlyIntTuple *t, const Node *n) {
  if (!t)
    return 0;
  if (n->kind == N_TUPLE) {
    if (flyIntTupleIsLeaf(t) || flyIntTupleGetRank(t) != n->rank)
      return 0;
    for (int i = 0; i < n->rank; i++)
      if (!same(flyIntTupleGetElem(t, i), n->e[i]))
        return 0;
    return 1;
  }
  if (!flyIntTupleIsLeaf(t))
    return 0;
  FlyLeafKind k = flyIntTupleGetLeafKind(t);
  switch (n->kind) {
  case N_INT:
    return k == FLY_LEAF_INT && flyIntTupleGetValue(t) == n->v;
  case N_DYN:
    return k == FLY_LEAF_DYNAMIC;
  case N_WILD:
    return k == FLY_LEAF_UNDERSCORE;
  case N_BASIS: {
    int path[8];
    if (k != FLY_LEAF_BASIS || flyIntTupleGetValue(t) != n->v ||
        flyIntTupleGetBasis(t, path) != n->depth)
      return 0;
    return !memcmp(path, n->path, (size_t)n->depth * sizeof(int));
  }
  case N_TUPLE:
    break;
  }
  return 0;
}

static const char *printed(FlyStrBuf *b) {
  return b->data ? b->data : "";
}

/* Checks print(value) == text and that the calculator echoes the text. */
static void checkPrinted(FlyLayoutCtx *ctx, FlyStrBuf *b, const char *text,
                         const char *what) {
  ltCheck(!strcmp(printed(b), text), "%s prints as '%s', want '%s'", what,
          printed(b), text);
  FlyStrBuf echo = {0};
  int rc = flyLayoutEvalExpr(ctx, text, &echo);
  ltCheck(rc == 0 && !strcmp(printed(&echo), text),
          "the calculator reads %s '%s' as '%s'", what, text,
          rc ? flyLayoutCtxGetError(ctx) : printed(&echo));
  flyStrBufDestroy(&echo);
}

// CHECK-LABEL: @intTupleRoundTrip
// CHECK: intTupleRoundTrip: {{[0-9]+}} checks, 0 failures
static void testIntTuples(void) {
  ltBegin("intTupleRoundTrip");
  for (uint64_t seed = 1; seed <= 4; seed++) {
    rngState = seed * UINT64_C(0x9E3779B97F4A7C15);
    for (int k = 0; k < 5000; k++) {
      FlyLayoutCtx *ctx = flyLayoutCtxCreate();
      nPool = 0;
      Node *n = genTree(L_ANY, 4);
      Text plain = {.spaced = 0}, spaced = {.spaced = 1};
      writeTree(&plain, n);
      writeTree(&spaced, n);
      const FlyIntTuple *t = build(ctx, n);
      FlyStrBuf b = {0};
      if (ltCheck(t != NULL, "cannot build %s: %s", plain.s,
                  flyLayoutCtxGetError(ctx))) {
        flyIntTuplePrint(t, &b);
        checkPrinted(ctx, &b, plain.s, "int tuple");
      }
      const FlyIntTuple *p = flyIntTupleParse(ctx, plain.s);
      ltCheck(same(p, n), "int tuple '%s' parses as '%s' (%s)", plain.s,
              ltTupleStr(p), flyLayoutCtxGetError(ctx));
      ltCheck(same(flyIntTupleParse(ctx, spaced.s), n),
              "int tuple '%s' does not parse as '%s'", spaced.s, plain.s);
      flyStrBufDestroy(&b);
      flyLayoutCtxDestroy(ctx);
    }
  }
  ltEnd();
}

static int sameLayout(const FlyLayout *l, const Node *s, const Node *d) {
  return l && same(flyLayoutGetShape(l), s) && same(flyLayoutGetStride(l), d);
}

static const FlyLayout *buildLayout(FlyLayoutCtx *ctx, const Node *s,
                                    const Node *d) {
  const FlyIntTuple *shape = build(ctx, s), *stride = build(ctx, d);
  return shape && stride ? flyLayoutCreate(ctx, shape, stride) : NULL;
}

// CHECK-LABEL: @layoutRoundTrip
// CHECK: layoutRoundTrip: {{[0-9]+}} checks, 0 failures
static void testLayouts(void) {
  ltBegin("layoutRoundTrip");
  for (uint64_t seed = 1; seed <= 4; seed++) {
    rngState = seed * UINT64_C(0xD1B54A32D192ED03);
    for (int k = 0; k < 5000; k++) {
      FlyLayoutCtx *ctx = flyLayoutCtxCreate();
      nPool = 0;
      Node *s = genTree(L_SHAPE, 4), *d = genCongruent(s);
      Text plain = {.spaced = 0}, spaced = {.spaced = 1};
      writeLayout(&plain, s, d);
      writeLayout(&spaced, s, d);
      const FlyLayout *l = buildLayout(ctx, s, d);
      FlyStrBuf b = {0};
      if (ltCheck(l != NULL, "cannot build %s: %s", plain.s,
                  flyLayoutCtxGetError(ctx))) {
        flyLayoutPrint(l, &b);
        checkPrinted(ctx, &b, plain.s, "layout");
      }
      const FlyLayout *p = flyLayoutParse(ctx, plain.s);
      ltCheck(sameLayout(p, s, d), "layout '%s' parses as '%s' (%s)", plain.s,
              ltStr(p), flyLayoutCtxGetError(ctx));
      ltCheck(sameLayout(flyLayoutParse(ctx, spaced.s), s, d),
              "layout '%s' does not parse as '%s'", spaced.s, plain.s);
      flyStrBufDestroy(&b);
      flyLayoutCtxDestroy(ctx);
    }
  }
  ltEnd();
}

/*---- tilers ----*/

typedef struct TNode {
  int kind; /* 0: `_`, 1: layout, 2: by-mode */
  Node *shape, *stride;
  int rank;
  struct TNode *m[MAX_RANK];
} TNode;

static TNode tpool[MAX_NODES];
static int nTPool;

static TNode *genTiler(int maxDepth, int top) {
  TNode *t = &tpool[nTPool++];
  memset(t, 0, sizeof *t);
  int r = below(6);
  t->kind = r == 0 ? 0 : (r < 3 || maxDepth == 0) ? 1 : 2;
  if (t->kind == 0 && top && below(2))
    t->kind = 1; /* a wildcard at the top is rarer than inside a list */
  if (t->kind == 1) {
    t->shape = genTree(L_SHAPE, 2);
    t->stride = genCongruent(t->shape);
  } else if (t->kind == 2) {
    t->rank = 1 + below(4);
    for (int i = 0; i < t->rank; i++)
      t->m[i] = genTiler(maxDepth - 1, 0);
  }
  return t;
}

static void writeTiler(Text *x, const TNode *t) {
  if (t->kind == 0) {
    put(x, "_");
  } else if (t->kind == 1) {
    writeLayout(x, t->shape, t->stride);
  } else {
    punct(x, "[");
    for (int i = 0; i < t->rank; i++) {
      if (i)
        punct(x, "|");
      writeTiler(x, t->m[i]);
    }
    punct(x, "]");
  }
}

/* Builds the tiler; a `_` mode is a NULL entry or, on odd calls, an explicit
 * wildcard tiler (both print `_`). */
static const FlyTiler *buildTiler(FlyLayoutCtx *ctx, const TNode *t, int *ok) {
  if (t->kind == 0)
    return flyTilerCreateUnderscore(ctx);
  if (t->kind == 1) {
    const FlyLayout *l = buildLayout(ctx, t->shape, t->stride);
    *ok &= l != NULL;
    return l ? flyTilerCreateLayout(ctx, l) : NULL;
  }
  const FlyTiler *m[MAX_RANK];
  for (int i = 0; i < t->rank; i++)
    m[i] = t->m[i]->kind == 0 && below(2) ? NULL : buildTiler(ctx, t->m[i], ok);
  return flyTilerCreateByMode(ctx, t->rank, m);
}

static int sameTiler(const FlyTiler *x, const TNode *t) {
  if (t->kind == 0)
    return !x || (!flyTilerGetLayout(x) && flyTilerGetRank(x) == 0);
  if (!x)
    return 0;
  if (t->kind == 1)
    return sameLayout(flyTilerGetLayout(x), t->shape, t->stride);
  if (flyTilerGetLayout(x) || flyTilerGetRank(x) != t->rank)
    return 0;
  for (int i = 0; i < t->rank; i++)
    if (!sameTiler(flyTilerGetMode(x, i), t->m[i]))
      return 0;
  return 1;
}

// CHECK-LABEL: @tilerRoundTrip
// CHECK: tilerRoundTrip: {{[0-9]+}} checks, 0 failures
static void testTilers(void) {
  ltBegin("tilerRoundTrip");
  for (uint64_t seed = 1; seed <= 4; seed++) {
    rngState = seed * UINT64_C(0x8CB92BA72F3D8DD7);
    for (int k = 0; k < 2500; k++) {
      FlyLayoutCtx *ctx = flyLayoutCtxCreate();
      nPool = nTPool = 0;
      TNode *t = genTiler(3, 1);
      Text plain = {.spaced = 0}, spaced = {.spaced = 1};
      writeTiler(&plain, t);
      writeTiler(&spaced, t);
      int ok = 1;
      const FlyTiler *x = buildTiler(ctx, t, &ok);
      FlyStrBuf b = {0};
      if (ltCheck(x && ok, "cannot build %s: %s", plain.s,
                  flyLayoutCtxGetError(ctx))) {
        flyTilerPrint(x, &b);
        checkPrinted(ctx, &b, plain.s, "tiler");
      }
      const FlyTiler *p = flyTilerParse(ctx, plain.s);
      ltCheck(p && sameTiler(p, t), "tiler '%s' does not parse back (%s)",
              plain.s, flyLayoutCtxGetError(ctx));
      const FlyTiler *q = flyTilerParse(ctx, spaced.s);
      ltCheck(q && sameTiler(q, t), "tiler '%s' does not parse as '%s' (%s)",
              spaced.s, plain.s, flyLayoutCtxGetError(ctx));
      flyStrBufDestroy(&b);
      flyLayoutCtxDestroy(ctx);
    }
  }
  ltEnd();
}

/*---- swizzles and composed layouts ----*/

// CHECK-LABEL: @composedRoundTrip
// CHECK: composedRoundTrip: {{[0-9]+}} checks, 0 failures
static void testComposed(void) {
  ltBegin("composedRoundTrip");
  for (uint64_t seed = 1; seed <= 4; seed++) {
    rngState = seed * UINT64_C(0xA0761D6478BD642F);
    for (int k = 0; k < 2500; k++) {
      FlyLayoutCtx *ctx = flyLayoutCtxCreate();
      nPool = 0;
      int useSwizzle = below(2);
      int bits = below(5), base = below(6), mag = bits + below(4);
      int shift = below(2) ? mag : -mag; /* |S| >= B; S<0,M,0> included */
      Node *is = genTree(L_SHAPE, 2), *id = genCongruent(is);
      Node *os = genTree(L_SHAPE, 3), *od = genCongruent(os);
      int64_t offset = anyInt();
      Text plain = {.spaced = 0}, spaced = {.spaced = 1};
      for (int v = 0; v < 2; v++) {
        Text *x = v ? &spaced : &plain;
        if (useSwizzle) {
          char sw[64];
          put(x, "S<");
          snprintf(sw, sizeof sw, "%d", bits);
          put(x, sw);
          punct(x, ",");
          snprintf(sw, sizeof sw, "%d", base);
          put(x, sw);
          punct(x, ",");
          snprintf(sw, sizeof sw, "%d", shift);
          put(x, sw);
          punct(x, ">");
        } else {
          writeLayout(x, is, id);
        }
        put(x, " ");
        gap(x);
        put(x, "o ");
        gap(x);
        putInt(x, offset);
        put(x, " ");
        gap(x);
        put(x, "o ");
        gap(x);
        writeLayout(x, os, od);
      }
      const FlyLayout *outer = buildLayout(ctx, os, od);
      const FlyComposedLayout *c = NULL;
      const FlySwizzle *s =
          useSwizzle ? flySwizzleCreate(ctx, bits, base, shift) : NULL;
      if (useSwizzle)
        c = flyComposedLayoutCreate(ctx, s, offset, outer);
      else
        c = flyComposedLayoutCreateWithLayout(ctx, buildLayout(ctx, is, id),
                                              offset, outer);
      FlyStrBuf b = {0};
      if (ltCheck(c != NULL, "cannot build %s: %s", plain.s,
                  flyLayoutCtxGetError(ctx))) {
        flyComposedLayoutPrint(c, &b);
        checkPrinted(ctx, &b, plain.s, "composed layout");
      }
      for (int v = 0; v < 2; v++) {
        const char *text = v ? spaced.s : plain.s;
        const FlyComposedLayout *p = flyComposedLayoutParse(ctx, text);
        int ok = p && flyComposedLayoutGetOffset(p) == offset &&
                 sameLayout(flyComposedLayoutGetOuter(p), os, od);
        if (ok && useSwizzle) {
          int pb, pm, ps;
          const FlySwizzle *q = flyComposedLayoutGetSwizzle(p);
          ok = q != NULL;
          if (q) {
            flySwizzleGetParams(q, &pb, &pm, &ps);
            ok = pb == bits && pm == base && ps == shift;
          }
        } else if (ok) {
          ok = sameLayout(flyComposedLayoutGetInner(p), is, id);
        }
        ltCheck(ok, "composed layout '%s' does not parse back (%s)", text,
                flyLayoutCtxGetError(ctx));
      }
      flyStrBufDestroy(&b);
      flyLayoutCtxDestroy(ctx);
    }
  }
  ltEnd();
}

/*---- results of the operations ----*/

/* A small static layout: positive shapes up to 4, strides -2..8. */
static Node *smallTree(int maxDepth, int stride, const Node *like) {
  if (stride) {
    if (like->kind != N_TUPLE) {
      Node *n = newNode(N_INT);
      n->v = below(11) - 2;
      return n;
    }
    Node *n = newNode(N_TUPLE);
    n->rank = like->rank;
    for (int i = 0; i < n->rank; i++)
      n->e[i] = smallTree(0, 1, like->e[i]);
    return n;
  }
  if (maxDepth == 0 || below(3) == 0) {
    Node *n = newNode(N_INT);
    n->v = 1 + below(4);
    return n;
  }
  static const int ranks[] = {1, 1, 2, 2, 3};
  Node *n = newNode(N_TUPLE);
  n->rank = ranks[below(5)];
  for (int i = 0; i < n->rank; i++)
    n->e[i] = smallTree(maxDepth - 1, 0, NULL);
  return n;
}

typedef const FlyLayout *(*TilerOp)(FlyLayoutCtx *, const FlyLayout *,
                                    const FlyTiler *);
typedef const FlyLayout *(*PairOp)(FlyLayoutCtx *, const FlyLayout *,
                                   const FlyLayout *);

static void checkResult(FlyLayoutCtx *ctx, const FlyLayout *r, const char *op,
                        const char *a, const char *b, int *results) {
  flyLayoutCtxClearError(ctx);
  if (!r)
    return; /* an inadmissible pair: nothing was printed */
  ++*results;
  FlyStrBuf out = {0};
  flyLayoutPrint(r, &out);
  const FlyLayout *back = flyLayoutParse(ctx, printed(&out));
  ltCheck(back && flyLayoutEqual(back, r),
          "%s(%s,%s) = %s does not read back as itself", op, a, b,
          printed(&out));
  flyStrBufDestroy(&out);
}

// CHECK-LABEL: @resultRoundTrip
// CHECK: resultRoundTrip: {{[0-9]+}} checks, 0 failures
static void testResults(void) {
  ltBegin("resultRoundTrip");
  static const struct {
    const char *name;
    TilerOp op;
  } tilerOps[] = {
      {"composition", flyLayoutCompositionTiler},
      {"logical_divide", flyLayoutLogicalDivide},
      {"zipped_divide", flyLayoutZippedDivide},
      {"tiled_divide", flyLayoutTiledDivide},
      {"flat_divide", flyLayoutFlatDivide},
      {"logical_product", flyLayoutLogicalProduct},
      {"zipped_product", flyLayoutZippedProduct},
      {"tiled_product", flyLayoutTiledProduct},
      {"flat_product", flyLayoutFlatProduct},
  };
  static const struct {
    const char *name;
    PairOp op;
  } pairOps[] = {
      {"blocked_product", flyLayoutBlockedProduct},
      {"raked_product", flyLayoutRakedProduct},
      {"append", flyLayoutAppend},
  };
  int results = 0;
  rngState = UINT64_C(0x5851F42D4C957F2D);
  for (int k = 0; k < 3000; k++) {
    FlyLayoutCtx *ctx = flyLayoutCtxCreate();
    nPool = 0;
    Node *as = smallTree(3, 0, NULL), *bs = smallTree(2, 0, NULL);
    const FlyLayout *a = buildLayout(ctx, as, smallTree(0, 1, as));
    const FlyLayout *b = buildLayout(ctx, bs, smallTree(0, 1, bs));
    if (!ltCheck(a && b, "cannot build the operands"))
      continue;
    char ta[512], tb[512];
    snprintf(ta, sizeof ta, "%s", ltStr(a));
    snprintf(tb, sizeof tb, "%s", ltStr(b));
    /* the tiler as one layout, and as the by-mode tiler [b] */
    const FlyTiler *whole = flyTilerCreateLayout(ctx, b);
    const FlyTiler *one = flyTilerCreateByMode(ctx, 1, &whole);
    for (size_t i = 0; i < sizeof tilerOps / sizeof tilerOps[0]; i++) {
      checkResult(ctx, tilerOps[i].op(ctx, a, whole), tilerOps[i].name, ta, tb,
                  &results);
      checkResult(ctx, tilerOps[i].op(ctx, a, one), tilerOps[i].name, ta, tb,
                  &results);
    }
    for (size_t i = 0; i < sizeof pairOps / sizeof pairOps[0]; i++)
      checkResult(ctx, pairOps[i].op(ctx, a, b), pairOps[i].name, ta, tb,
                  &results);
    checkResult(ctx, flyLayoutCoalesce(ctx, a), "coalesce", ta, "", &results);
    checkResult(ctx, flyLayoutFilter(ctx, a), "filter", ta, "", &results);
    checkResult(ctx, flyLayoutComplement(ctx, a, 1 + below(64)), "complement",
                ta, "", &results);
    checkResult(ctx, flyLayoutRightInverse(ctx, a), "right_inverse", ta, "",
                &results);
    checkResult(ctx, flyLayoutLeftInverse(ctx, a), "left_inverse", ta, "",
                &results);
    checkResult(ctx, flyLayoutFlatten(ctx, a), "flatten", ta, "", &results);
    checkResult(ctx, flyLayoutSlice(ctx, flyIntTupleCreateUnderscore(ctx), a),
                "slice", "_", ta, &results);
    checkResult(ctx, flyLayoutDice(ctx, flyIntTupleCreateInt(ctx, 0), a),
                "dice", "0", ta, &results);
    flyLayoutCtxDestroy(ctx);
  }
  ltCheck(results > 40000, "only %d results", results);
  ltEnd();
}

// Worked cases of the printing rule: the 1-tuple keeps its parentheses
// (pycute prints `(4,):(1,)` and `((2, 3),):((1, 2),)`, CuTe C++ `(_4):(_1)`
// and `((_2,_3)):((_1,_2))`).
// CHECK-LABEL: @printingRule
// CHECK: printingRule: {{[0-9]+}} checks, 0 failures
static void testRule(FlyLayoutCtx *ctx) {
  ltBegin("printingRule");
  ltExpect(ctx, "4:1", "4:1");
  ltExpect(ctx, "(4):(1)", "(4):(1)");
  ltExpect(ctx, "((4,2)):((1,4))", "((4,2)):((1,4))");
  ltExpect(ctx, "depth(4:1)", "0");
  ltExpect(ctx, "depth((4):(1))", "1");
  ltExpect(ctx, "logical_divide(6:1,[2:1])", "((2,3)):((1,2))");
  ltExpect(ctx, "rank(logical_divide(6:1,[2:1]))", "1");
  ltExpect(ctx, "make_layout(4:1)", "(4):(1)");
  ltExpect(ctx, "shape((4):(1))", "(4)");
  ltExpect(ctx, "[4:1]", "[4:1]");
  ltExpect(ctx, "[_]", "[_]");
  ltExpect(ctx, "_", "_");
  ltExpect(ctx, "(1,(2),((3)))", "(1,(2),((3)))");
  ltExpect(ctx, "size(9223372036854775807:1)", "9223372036854775807");
  ltExpect(ctx, "crd2idx(1,4:-9223372036854775808)", "-9223372036854775808");
  ltExpect(ctx, "size(9223372036854775808:1)",
           "error: integer literal at column 6 is too large");
  ltExpect(ctx, "size(-9223372036854775809:1)",
           "error: integer literal at column 6 is too large");
  ltEnd();
}

int main(void) {
  testIntTuples();
  testLayouts();
  testTilers();
  testComposed();
  testResults();
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  testRule(ctx);
  flyLayoutCtxDestroy(ctx);
  return ltExitCode();
}
