/*===- smem.c - Shared-memory struct layout ---------------------------------===*/
#include "smem.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Element types a shared array may hold, with their sizes in bytes. */
static const struct {
  const char *name;
  int bytes;
} elemTypes[] = {
    {"i8", 1},         {"i16", 2},        {"i32", 4},           {"i64", 8},
    {"f16", 2},        {"bf16", 2},       {"f32", 4},           {"f64", 8},
    {"f8E4M3FN", 1},   {"f8E5M2", 1},     {"f8E4M3FNUZ", 1},    {"f8E5M2FNUZ", 1},
};

typedef struct Parser {
  const char *p;
  FlyStrBuf *err;
  bool failed;
} Parser;

static void skipSpace(Parser *ps) {
  while (isspace((unsigned char)*ps->p))
    ps->p++;
}

static bool errorAt(Parser *ps, const char *what) {
  if (!ps->failed)
    flyStrBufAppendF(ps->err, "shared struct: %s at '%.20s'", what, ps->p);
  ps->failed = true;
  return false;
}

static bool accept(Parser *ps, char c) {
  skipSpace(ps);
  if (*ps->p != c)
    return false;
  ps->p++;
  return true;
}

static bool word(Parser *ps, char *out, size_t cap) {
  skipSpace(ps);
  size_t n = 0;
  while ((isalnum((unsigned char)ps->p[n]) || ps->p[n] == '_') && n + 1 < cap)
    ++n;
  if (n == 0)
    return false;
  memcpy(out, ps->p, n);
  out[n] = '\0';
  ps->p += n;
  return true;
}

/* A positive decimal number no larger than FLY_SMEM_MAX_BYTES: counts and
 * alignments beyond that describe no LDS and would overflow the layout's
 * arithmetic. */
static bool number(Parser *ps, int64_t *out) {
  skipSpace(ps);
  if (!isdigit((unsigned char)*ps->p))
    return false;
  char *end;
  errno = 0;
  long long v = strtoll(ps->p, &end, 10);
  if (end == ps->p || v <= 0 || errno == ERANGE || v > FLY_SMEM_MAX_BYTES)
    return false;
  ps->p = end;
  *out = v;
  return true;
}

static bool parseMembers(Parser *ps, FlySmemNode *parent);

static bool parseArray(Parser *ps, FlySmemNode *n, const char *elem) {
  for (size_t i = 0; i < sizeof elemTypes / sizeof *elemTypes; ++i) {
    if (strcmp(elem, elemTypes[i].name) == 0) {
      n->kind = FLY_SMEM_ARRAY;
      snprintf(n->elem, sizeof n->elem, "%s", elem);
      n->elemBytes = elemTypes[i].bytes;
      n->align = n->elemBytes;
      if (!accept(ps, '[') || !number(ps, &n->count) || !accept(ps, ']'))
        return errorAt(ps, "expected '[count]' with a count from 1 to 2147483647");
      return true;
    }
  }
  return errorAt(ps, "unknown element type");
}

static bool parseType(Parser *ps, FlySmemNode *n) {
  char kw[24];
  if (!word(ps, kw, sizeof kw))
    return errorAt(ps, "expected a type");
  if (strcmp(kw, "struct") && strcmp(kw, "union"))
    return parseArray(ps, n, kw);
  n->kind = kw[0] == 's' ? FLY_SMEM_STRUCT : FLY_SMEM_UNION;
  if (!accept(ps, '(') || !parseMembers(ps, n) || !accept(ps, ')'))
    return errorAt(ps, "expected '(members)'");
  return true;
}

static bool isPowerOfTwo(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

static FlySmemNode *addMember(FlySmemNode *parent) {
  FlySmemNode *m = flyRealloc(parent->members, (size_t)(parent->numMembers + 1) * sizeof *m);
  if (!m)
    return NULL;
  parent->members = m;
  m += parent->numMembers++;
  memset(m, 0, sizeof *m);
  return m;
}

static bool parseField(Parser *ps, FlySmemNode *parent) {
  FlySmemNode *n = addMember(parent);
  if (!n)
    return errorAt(ps, "out of memory");
  if (!word(ps, n->name, sizeof n->name) || !accept(ps, ':'))
    return errorAt(ps, "expected 'name:'");
  for (int i = 0; i < parent->numMembers - 1; ++i)
    if (!strcmp(parent->members[i].name, n->name))
      return errorAt(ps, "duplicate member name");
  if (!parseType(ps, n))
    return false;
  const char *save = ps->p;
  char kw[8];
  int64_t align = 0;
  if (word(ps, kw, sizeof kw) && !strcmp(kw, "align")) {
    if (!number(ps, &align) || !isPowerOfTwo(align))
      return errorAt(ps, "alignment must be a power of two no larger than 2^30");
    if (align > n->align)
      n->align = align;
  } else {
    ps->p = save;
  }
  return true;
}

static bool parseMembers(Parser *ps, FlySmemNode *parent) {
  do {
    if (!parseField(ps, parent))
      return false;
  } while (accept(ps, ','));
  return true;
}

/* v rounded up to a multiple of a; false when the result is larger than
 * FLY_SMEM_MAX_BYTES (all inputs are at most that, so nothing overflows). */
static bool roundUp(int64_t v, int64_t a, int64_t *out) {
  *out = (v + a - 1) / a * a;
  return *out <= FLY_SMEM_MAX_BYTES;
}

/* Places members and sizes aggregates, bottom-up; false when a size exceeds
 * FLY_SMEM_MAX_BYTES. Every size and offset stays at most that bound, so
 * sums of two never overflow. */
static bool layout(FlySmemNode *n) {
  if (n->kind == FLY_SMEM_ARRAY)
    return n->count <= FLY_SMEM_MAX_BYTES / n->elemBytes &&
           roundUp(n->count * n->elemBytes, n->align, &n->size);
  int64_t end = 0, align = n->align > 0 ? n->align : 1;
  for (int i = 0; i < n->numMembers; ++i) {
    FlySmemNode *m = &n->members[i];
    if (!layout(m))
      return false;
    if (m->align > align)
      align = m->align;
    if (n->kind == FLY_SMEM_STRUCT && !roundUp(end, m->align, &m->offset))
      return false;
    if (n->kind == FLY_SMEM_UNION)
      m->offset = 0;
    int64_t mEnd = m->offset + m->size;
    end = n->kind == FLY_SMEM_STRUCT || mEnd > end ? mEnd : end;
    if (end > FLY_SMEM_MAX_BYTES)
      return false;
  }
  n->align = align;
  return roundUp(end, align, &n->size);
}

FlySmemNode *flySmemParse(const char *text, FlyStrBuf *err) {
  FlySmemNode *root = flyCalloc(1, sizeof *root);
  if (!root)
    return NULL;
  root->kind = FLY_SMEM_STRUCT;
  Parser ps = {text, err, false};
  bool ok = parseMembers(&ps, root);
  skipSpace(&ps);
  if (ok && *ps.p)
    ok = errorAt(&ps, "unexpected text");
  if (ok && !layout(root)) {
    flyStrBufAppendF(err, "shared struct: larger than %lld bytes", (long long)FLY_SMEM_MAX_BYTES);
    ok = false;
  }
  if (!ok) {
    flySmemDestroy(root);
    return NULL;
  }
  return root;
}

static void destroyMembers(FlySmemNode *n) {
  for (int i = 0; i < n->numMembers; ++i)
    destroyMembers(&n->members[i]);
  flyFree(n->members);
}

void flySmemDestroy(FlySmemNode *root) {
  if (!root)
    return;
  destroyMembers(root);
  flyFree(root);
}

const FlySmemNode *flySmemFind(const FlySmemNode *root, const char *path, int64_t *offset) {
  const FlySmemNode *n = root;
  *offset = 0;
  while (*path) {
    const char *dot = strchr(path, '.');
    size_t len = dot ? (size_t)(dot - path) : strlen(path);
    const FlySmemNode *next = NULL;
    for (int i = 0; i < n->numMembers && !next; ++i)
      if (strlen(n->members[i].name) == len && !memcmp(n->members[i].name, path, len))
        next = &n->members[i];
    if (!next)
      return NULL;
    *offset += next->offset;
    n = next;
    path += len + (dot ? 1 : 0);
  }
  return n;
}

void flySmemDescribe(const FlySmemNode *root, FlyStrBuf *out) {
  for (int i = 0; i < root->numMembers; ++i) {
    const FlySmemNode *m = &root->members[i];
    flyStrBufAppendF(out, "%s%s: %lld bytes at %lld", i ? ", " : "", m->name,
                     (long long)m->size, (long long)m->offset);
  }
}
