/*===- lt_test.c - Shared helpers of the layout property tests ------------===*/
#include "lt_test.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *curName = "";
static long nChecks, nFails, totalFails;

void ltBegin(const char *name) {
  curName = name;
  nChecks = nFails = 0;
  printf("@%s\n", name);
}

int ltCheck(int ok, const char *fmt, ...) {
  nChecks++;
  if (ok)
    return 1;
  nFails++;
  totalFails++;
  if (nFails <= 20) {
    va_list ap;
    va_start(ap, fmt);
    printf("FAIL: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
  }
  return 0;
}

void ltEnd(void) {
  printf("%s: %ld checks, %ld failures\n", curName, nChecks, nFails);
}

int ltExitCode(void) { return totalFails ? 1 : 0; }

static void dieOnNull(const void *p, FlyLayoutCtx *ctx, const char *text) {
  if (p)
    return;
  printf("FAIL: cannot parse test input '%s': %s\n", text,
         flyLayoutCtxGetError(ctx));
  exit(1);
}

const FlyLayout *ltLayout(FlyLayoutCtx *ctx, const char *text) {
  const FlyLayout *l = flyLayoutParse(ctx, text);
  dieOnNull(l, ctx, text);
  return l;
}

const FlyIntTuple *ltTuple(FlyLayoutCtx *ctx, const char *text) {
  const FlyIntTuple *t = flyIntTupleParse(ctx, text);
  dieOnNull(t, ctx, text);
  return t;
}

static char strBuf[4][512];
static int strSlot;

static const char *keep(FlyStrBuf *b) {
  char *dst = strBuf[strSlot++ & 3];
  snprintf(dst, sizeof strBuf[0], "%s", b->data ? b->data : "");
  flyStrBufDestroy(b);
  return dst;
}

const char *ltStr(const FlyLayout *l) {
  FlyStrBuf b = {0};
  if (l)
    flyLayoutPrint(l, &b);
  else
    flyStrBufAppend(&b, "<null>");
  return keep(&b);
}

const char *ltTupleStr(const FlyIntTuple *t) {
  FlyStrBuf b = {0};
  if (t)
    flyIntTuplePrint(t, &b);
  else
    flyStrBufAppend(&b, "<null>");
  return keep(&b);
}

int64_t ltSize(FlyLayoutCtx *ctx, const FlyLayout *l) {
  const FlyIntTuple *s = flyLayoutSize(ctx, l);
  return s ? flyIntTupleGetValue(s) : -1;
}

int64_t ltEval(FlyLayoutCtx *ctx, const FlyLayout *l, int64_t i) {
  int64_t v = 0;
  if (flyLayoutEval(ctx, l, i, &v)) {
    printf("FAIL: cannot evaluate %s at %lld: %s\n", ltStr(l), (long long)i,
           flyLayoutCtxGetError(ctx));
    exit(1);
  }
  return v;
}

static int cmpI64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

int ltInjective(FlyLayoutCtx *ctx, const FlyLayout *l) {
  int64_t n = ltSize(ctx, l);
  int64_t *v = flyAlloc((size_t)(n + 1) * sizeof *v);
  for (int64_t i = 0; i < n; i++)
    v[i] = ltEval(ctx, l, i);
  qsort(v, (size_t)n, sizeof *v, cmpI64);
  int ok = 1;
  for (int64_t i = 1; i < n && ok; i++)
    ok = v[i] != v[i - 1];
  flyFree(v);
  return ok;
}

static int64_t *sortedValues(FlyLayoutCtx *ctx, const FlyLayout *l,
                             int64_t *n) {
  *n = ltSize(ctx, l);
  int64_t *v = flyAlloc((size_t)(*n + 1) * sizeof *v);
  for (int64_t i = 0; i < *n; i++)
    v[i] = ltEval(ctx, l, i);
  qsort(v, (size_t)*n, sizeof *v, cmpI64);
  return v;
}

int ltSameValues(FlyLayoutCtx *ctx, const FlyLayout *l1, const FlyLayout *l2) {
  int64_t n1, n2;
  int64_t *a = sortedValues(ctx, l1, &n1), *b = sortedValues(ctx, l2, &n2);
  int same = n1 == n2 && !memcmp(a, b, (size_t)n1 * sizeof *a);
  flyFree(a);
  flyFree(b);
  return same;
}

/* The modes that CuTe's half(repeat<R>(_)) contributes to a flat regroup:
 * its R modes, or the half itself when R is 1. */
static int flatPart(FlyLayoutCtx *ctx, const FlyLayout *half,
                    const FlyLayout **out) {
  int r = flyLayoutGetRank(half);
  if (r == 1) {
    out[0] = half;
    return 1;
  }
  for (int i = 0; i < r && i < 16; i++)
    out[i] = flyLayoutGet(ctx, half, i);
  return r < 16 ? r : 16;
}

void ltCheckRegroup(FlyLayoutCtx *ctx, const FlyLayout *zipped,
                    const FlyLayout *tiled, const FlyLayout *flat,
                    const char *what) {
  const FlyLayout *z0 = flyLayoutGet(ctx, zipped, 0);
  const FlyLayout *z1 = flyLayoutGet(ctx, zipped, 1);
  const FlyLayout *parts[32];
  int n0 = flatPart(ctx, z0, parts), n = n0 + flatPart(ctx, z1, parts + n0);
  int r1 = flyLayoutGetRank(z1);
  if (!ltCheck(flyLayoutGetRank(zipped) == 2 && tiled && flat &&
                   flyLayoutGetRank(tiled) == 1 + r1 &&
                   flyLayoutGetRank(flat) == n,
               "%s: ranks of zipped %s, tiled %s, flat %s", what, ltStr(zipped),
               ltStr(tiled), ltStr(flat)))
    return;
  ltCheck(flyLayoutEqual(flyLayoutGet(ctx, tiled, 0), z0), "%s: tiled mode 0",
          what);
  for (int i = 0; i < r1; i++)
    ltCheck(flyLayoutEqual(flyLayoutGet(ctx, tiled, 1 + i),
                           flyLayoutGet(ctx, z1, i)),
            "%s: tiled rest mode %d of %s is %s", what, i, ltStr(zipped),
            ltStr(tiled));
  for (int i = 0; i < n; i++)
    ltCheck(flyLayoutEqual(flyLayoutGet(ctx, flat, i), parts[i]),
            "%s: flat mode %d of %s is %s", what, i, ltStr(zipped),
            ltStr(flat));
}

int ltTilerVariants(FlyLayoutCtx *ctx, const FlyLayout *a, const FlyLayout *t0,
                    const FlyLayout *t1, const FlyTiler **out) {
  const FlyTiler *l0 = flyTilerCreateLayout(ctx, t0);
  const FlyTiler *l1 = flyTilerCreateLayout(ctx, t1);
  int n = 0;
  out[n++] = l0;
  out[n++] = flyTilerCreateByMode(ctx, 1, &l0);
  if (flyLayoutGetRank(a) >= 2) {
    const FlyTiler *both[2] = {l0, l1}, *last[2] = {NULL, l1},
                   *first[2] = {l0, NULL};
    out[n++] = flyTilerCreateByMode(ctx, 2, both);
    out[n++] = flyTilerCreateByMode(ctx, 2, last);
    out[n++] = flyTilerCreateByMode(ctx, 2, first);
  }
  return n;
}

void ltCheckZipped(FlyLayoutCtx *ctx, const FlyLayout *a, const FlyTiler *t,
                   const FlyLayout *logical, const FlyLayout *zipped,
                   const char *what) {
  if (!ltCheck((logical == NULL) == (zipped == NULL),
               "%s: logical %s, zipped %s fail differently", what,
               ltStr(logical), ltStr(zipped)) ||
      !zipped)
    return;
  if (flyTilerGetLayout(t)) {
    ltCheck(flyLayoutEqual(zipped, logical), "%s: zipped %s, logical %s", what,
            ltStr(zipped), ltStr(logical));
    return;
  }
  int k = flyTilerGetRank(t), r = flyLayoutGetRank(a);
  const FlyLayout *z0 = flyLayoutGet(ctx, zipped, 0);
  const FlyLayout *z1 = flyLayoutGet(ctx, zipped, 1);
  const FlyLayout *one = ltLayout(ctx, "1:0");
  if (!ltCheck(flyLayoutGetRank(zipped) == 2 && flyIntTupleGetRank(
                   flyLayoutGetShape(z0)) == k &&
                   !flyIntTupleIsLeaf(flyLayoutGetShape(z0)) &&
                   !flyIntTupleIsLeaf(flyLayoutGetShape(z1)) &&
                   flyLayoutGetRank(z1) == r,
               "%s: zipped %s has the wrong ranks", what, ltStr(zipped)))
    return;
  for (int i = 0; i < r; i++) {
    const FlyLayout *li = flyLayoutGet(ctx, logical, i);
    int kept = i >= k || !flyTilerGetMode(t, i);
    if (i < k)
      ltCheck(flyLayoutEqual(flyLayoutGet(ctx, z0, i),
                             kept ? one : flyLayoutGet(ctx, li, 0)),
              "%s: tile %d of zipped %s vs logical %s", what, i, ltStr(zipped),
              ltStr(logical));
    ltCheck(flyLayoutEqual(flyLayoutGet(ctx, z1, i),
                           kept ? flyLayoutGet(ctx, a, i)
                                : flyLayoutGet(ctx, li, 1)),
            "%s: rest %d of zipped %s vs logical %s", what, i, ltStr(zipped),
            ltStr(logical));
  }
}

int ltComplementAdmissible(FlyLayoutCtx *ctx, const FlyLayout *l) {
  const FlyLayout *f = flyLayoutFlatten(ctx, l);
  int r = flyLayoutGetRank(f);
  int64_t s[16], d[16];
  int m = 0;
  for (int i = 0; i < r && i < 16; i++) {
    const FlyLayout *mode = flyLayoutGet(ctx, f, i);
    int64_t si = flyIntTupleGetValue(flyLayoutGetShape(mode));
    int64_t di = flyIntTupleGetValue(flyLayoutGetStride(mode));
    if (si == 1 || di == 0)
      continue;
    int j = m++;
    for (; j > 0 && d[j - 1] > di; j--) { /* insertion sort by stride */
      s[j] = s[j - 1];
      d[j] = d[j - 1];
    }
    s[j] = si;
    d[j] = di;
  }
  int64_t cur = 1;
  for (int i = 0; i < m; i++) {
    if (d[i] < 0 || d[i] % cur != 0)
      return 0;
    cur = s[i] * d[i];
  }
  return 1;
}

static void flatModes(const FlyIntTuple *s, const FlyIntTuple *d, int64_t *os,
                      int64_t *od, int *n) {
  if (flyIntTupleIsLeaf(s)) {
    if (*n < LT_MAX_MODES) {
      os[*n] = flyIntTupleGetValue(s);
      od[*n] = flyIntTupleGetValue(d);
    }
    ++*n;
    return;
  }
  for (int i = 0; i < flyIntTupleGetRank(s); i++)
    flatModes(flyIntTupleGetElem(s, i), flyIntTupleGetElem(d, i), os, od, n);
}

int ltFlatModes(const FlyLayout *l, int64_t *s, int64_t *d) {
  int n = 0;
  flatModes(flyLayoutGetShape(l), flyLayoutGetStride(l), s, d, &n);
  if (n > LT_MAX_MODES) {
    printf("FAIL: test layout with more than %d modes\n", LT_MAX_MODES);
    exit(1);
  }
  return n;
}

int ltCoalescedModes(const FlyLayout *l, int64_t *s, int64_t *d) {
  int64_t fs[LT_MAX_MODES], fd[LT_MAX_MODES];
  int n = ltFlatModes(l, fs, fd), m = 0;
  for (int i = 0; i < n; i++) {
    if (fs[i] == 1)
      continue;
    if (m > 0 && s[m - 1] * d[m - 1] == fd[i]) {
      s[m - 1] *= fs[i];
      continue;
    }
    s[m] = fs[i];
    d[m++] = fd[i];
  }
  if (m == 0) {
    s[0] = 1;
    d[0] = 0;
    m = 1;
  }
  return m;
}

int64_t ltEvalExtended(const FlyLayout *l, int64_t x) {
  int64_t s[LT_MAX_MODES], d[LT_MAX_MODES];
  return ltEvalModes(s, d, ltFlatModes(l, s, d), x);
}

int64_t ltEvalModes(const int64_t *s, const int64_t *d, int n, int64_t x) {
  if (x == 0)
    return 0; /* also when an extent is 0 */
  int last = -1;
  for (int i = 0; i < n; i++)
    if (s[i] != 1)
      last = i;
  int64_t v = 0;
  for (int i = 0; i <= last; i++) {
    int64_t c = i == last ? x : x % s[i];
    v += c * d[i];
    x /= i == last ? 1 : s[i];
  }
  return v;
}

/* Python's floor division and ceiling division for the walk. */
static int64_t pyFloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
static int64_t pyMod(int64_t a, int64_t b) { return a - b * pyFloorDiv(a, b); }

int ltCompositionWalk(const FlyLayout *a, int64_t s, int64_t d,
                      int *keepsSize) {
  int64_t as[LT_MAX_MODES], ad[LT_MAX_MODES];
  return ltCompositionWalkModes(as, ad, ltCoalescedModes(a, as, ad), s, d,
                                keepsSize);
}

int ltCompositionWalkModes(const int64_t *as, const int64_t *ad, int n,
                           int64_t s, int64_t d, int *keepsSize) {
  (void)ad; /* the strides of A only scale the result */
  *keepsSize = 1;
  if (d == 0)
    return 1; /* s:0 whatever A is */
  for (int i = 0; i + 1 < n; i++) {
    if (d == 0 || as[i] == 0)
      return 0; /* a stride rounded to 0, an extent 0: ZeroDivisionError */
    if (pyMod(as[i], d) != 0 && pyMod(d, as[i]) != 0)
      return 0;
    int64_t q = pyFloorDiv(as[i], d), next = q > 1 ? q : 1;
    next = next < s ? next : s;
    if (s % next != 0)
      *keepsSize = 0;
    s /= next;
    d = -pyFloorDiv(-d, as[i]);
  }
  return 1;
}

static int walkLeaves(const FlyLayout *a, const FlyIntTuple *s,
                      const FlyIntTuple *d, int *keepsSize) {
  if (flyIntTupleIsLeaf(s)) {
    int k, ok = ltCompositionWalk(a, flyIntTupleGetValue(s),
                                  flyIntTupleGetValue(d), &k);
    *keepsSize &= k;
    return ok;
  }
  int ok = 1;
  for (int i = 0; i < flyIntTupleGetRank(s); i++)
    ok &= walkLeaves(a, flyIntTupleGetElem(s, i), flyIntTupleGetElem(d, i),
                     keepsSize);
  return ok;
}

int ltCompositionAdmissible(const FlyLayout *a, const FlyLayout *b,
                            int *keepsSize) {
  *keepsSize = 1;
  return walkLeaves(a, flyLayoutGetShape(b), flyLayoutGetStride(b), keepsSize);
}

/* Flat modes of l without size-1 and stride-0 modes, sorted by (stride,
 * shape) as pycute sorts them. */
static int sortedModes(const FlyLayout *l, int64_t *s, int64_t *d) {
  int64_t fs[LT_MAX_MODES], fd[LT_MAX_MODES];
  int n = ltFlatModes(l, fs, fd), m = 0;
  for (int i = 0; i < n; i++) {
    if (fs[i] == 1 || fd[i] == 0)
      continue;
    int j = m++;
    for (; j > 0 && (d[j - 1] > fd[i] || (d[j - 1] == fd[i] && s[j - 1] > fs[i]));
         j--) {
      s[j] = s[j - 1];
      d[j] = d[j - 1];
    }
    s[j] = fs[i];
    d[j] = fd[i];
  }
  return m;
}

int ltComplementModes(const FlyLayout *a, int64_t target, int64_t *s,
                      int64_t *d) {
  int64_t ms[LT_MAX_MODES], md[LT_MAX_MODES], rs[LT_MAX_MODES + 1],
      rd[LT_MAX_MODES + 1];
  int m = sortedModes(a, ms, md), k = 0;
  int64_t cur = 1;
  for (int i = 0; i < m; i++) {
    if (cur > ms[i] * md[i])
      return 0; /* pycute: assert current_idx <= shape * stride */
    rs[k] = pyFloorDiv(md[i], cur);
    rd[k++] = cur;
    cur = ms[i] * md[i];
  }
  rs[k] = pyFloorDiv(target + cur - 1, cur);
  rd[k++] = cur;
  /* coalesce, extents of 0 and below kept as they are */
  int n = 0;
  for (int i = 0; i < k; i++) {
    if (rs[i] == 1)
      continue;
    if (n > 0 && s[n - 1] * d[n - 1] == rd[i]) {
      s[n - 1] *= rs[i];
      continue;
    }
    s[n] = rs[i];
    d[n++] = rd[i];
  }
  if (n == 0) {
    s[0] = 1;
    d[0] = 0;
    n = 1;
  }
  return n;
}

int ltComplementOverlaps(const FlyLayout *l) {
  int64_t s[LT_MAX_MODES], d[LT_MAX_MODES];
  int m = sortedModes(l, s, d);
  int64_t end = 1;
  for (int i = 0; i < m; i++) {
    if (d[i] < end)
      return 1;
    end = s[i] * d[i];
  }
  return 0;
}

int64_t ltImageMex(FlyLayoutCtx *ctx, const FlyLayout *l) {
  int64_t n = ltSize(ctx, l), mex = 0;
  char *seen = flyCalloc((size_t)n + 1, 1);
  for (int64_t i = 0; i < n; i++) {
    int64_t v = ltEval(ctx, l, i);
    if (v >= 0 && v <= n)
      seen[v] = 1;
  }
  while (mex <= n && seen[mex])
    mex++;
  flyFree(seen);
  return mex;
}

void ltExpect(FlyLayoutCtx *ctx, const char *expr, const char *want) {
  FlyStrBuf out = {0};
  int rc = flyLayoutEvalExpr(ctx, expr, &out);
  if (!strncmp(want, "error: ", 7))
    ltCheck(rc != 0 && !strcmp(flyLayoutCtxGetError(ctx), want + 7),
            "%s: want '%s', got %s'%s'", expr, want, rc ? "error " : "",
            rc ? flyLayoutCtxGetError(ctx) : out.data);
  else
    ltCheck(rc == 0 && !strcmp(out.data, want), "%s: want '%s', got '%s'", expr,
            want, rc ? flyLayoutCtxGetError(ctx) : out.data);
  flyStrBufDestroy(&out);
}

/*---- domains ----*/

typedef struct Vec {
  const FlyLayout **v;
  int n, cap;
} Vec;

static void push(Vec *v, const FlyLayout *l) {
  if (v->n == v->cap) {
    v->cap = v->cap ? 2 * v->cap : 256;
    v->v = flyRealloc(v->v, (size_t)v->cap * sizeof *v->v);
  }
  v->v[v->n++] = l;
}

static void pushText(FlyLayoutCtx *ctx, Vec *v, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void pushText(FlyLayoutCtx *ctx, Vec *v, const char *fmt, ...) {
  char text[128];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(text, sizeof text, fmt, ap);
  va_end(ap);
  push(v, ltLayout(ctx, text));
}

/* The vectors are arena-like: their storage is registered for release at
 * exit so that leak checkers stay quiet. */
static void **owned;
static int nOwned;
static void releaseOwned(void) {
  for (int i = 0; i < nOwned; i++)
    flyFree(owned[i]);
  flyFree(owned);
}
static const FlyLayout **finish(Vec *v, int *n) {
  if (!owned)
    atexit(releaseOwned);
  owned = flyRealloc(owned, (size_t)(nOwned + 1) * sizeof *owned);
  owned[nOwned++] = v->v;
  *n = v->n;
  return v->v;
}

const FlyLayout **ltDomain(FlyLayoutCtx *ctx, int maxRank, int *n) {
  static const int s1[] = {1, 2, 3, 4, 6, 8}, d1[] = {0, 1, 2, 3, 4, 8, 12};
  static const int s2[] = {1, 2, 3, 4}, d2[] = {0, 1, 2, 3, 4, 8};
  static const int s3[] = {1, 2, 4}, d3[] = {0, 1, 2, 4, 8};
  static const int sn[] = {2, 3}, dn[] = {1, 2, 4, 6, 12};
  Vec v = {0};
  for (int a = 0; a < 6; a++)
    for (int x = 0; x < 7; x++)
      pushText(ctx, &v, "%d:%d", s1[a], d1[x]);
  for (int a = 0; a < 4 && maxRank >= 2; a++)
    for (int b = 0; b < 4; b++)
      for (int x = 0; x < 6; x++)
        for (int y = 0; y < 6; y++)
          pushText(ctx, &v, "(%d,%d):(%d,%d)", s2[a], s2[b], d2[x], d2[y]);
  for (int a = 0; a < 27 && maxRank >= 3; a++)
    for (int x = 0; x < 125; x++)
      pushText(ctx, &v, "(%d,%d,%d):(%d,%d,%d)", s3[a % 3], s3[a / 3 % 3],
               s3[a / 9], d3[x % 5], d3[x / 5 % 5], d3[x / 25]);
  for (int a = 0; a < 8 && maxRank >= 3; a++)
    for (int x = 0; x < 125; x++)
      pushText(ctx, &v, "((%d,%d),%d):((%d,%d),%d)", sn[a & 1], sn[a >> 1 & 1],
               sn[a >> 2], dn[x % 5], dn[x / 5 % 5], dn[x / 25]);
  return finish(&v, n);
}

const FlyLayout **ltOperands(FlyLayoutCtx *ctx, int *n) {
  static const int s[] = {1, 2, 3, 4, 6, 8}, d[] = {0, 1, 2, 3, 4};
  static const char *two[] = {"(1,2)", "(2,1)", "(1,4)",
                              "(4,1)", "(0,1)", "(2,8)"};
  static const char *twoShape[] = {"(2,2)", "(2,4)", "(4,2)", "(3,2)"};
  Vec v = {0};
  for (int a = 0; a < 6; a++)
    for (int x = 0; x < 5; x++)
      pushText(ctx, &v, "%d:%d", s[a], d[x]);
  for (int a = 0; a < 4; a++)
    for (int x = 0; x < 6; x++)
      pushText(ctx, &v, "%s:%s", twoShape[a], two[x]);
  pushText(ctx, &v, "((2,2),2):((1,4),2)");
  pushText(ctx, &v, "(2,(2,2)):(4,(1,8))");
  return finish(&v, n);
}
