/*===- expect.c - Checking expected-diagnostic annotations ----------------===*/
#include "expect.h"

#include <stdlib.h>
#include <string.h>

typedef struct Expected {
  MlirDiagnosticSeverity severity;
  unsigned line;
  char *text;
  bool matched;
} Expected;

typedef struct ExpectList {
  Expected *items;
  size_t len, cap;
} ExpectList;

static const struct {
  const char *word;
  MlirDiagnosticSeverity severity;
} kinds[] = {{"expected-error", MlirDiagnosticError},
             {"expected-warning", MlirDiagnosticWarning},
             {"expected-note", MlirDiagnosticNote},
             {"expected-remark", MlirDiagnosticRemark}};

static bool push(ExpectList *l, Expected e) {
  if (l->len == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 8;
    Expected *p = flyRealloc(l->items, cap * sizeof(*p));
    if (!p)
      return false;
    l->items = p;
    l->cap = cap;
  }
  l->items[l->len++] = e;
  return true;
}

/* Parses `@+N`/`@-N` (or nothing) and `{{text}}` after a keyword at `p`;
 * returns false when the annotation is malformed. */
static bool parseOne(const char *p, unsigned line, MlirDiagnosticSeverity sev, ExpectList *l) {
  long target = (long)line;
  if (*p == '@') {
    char *end;
    long off = strtol(p + 1, &end, 10);
    if (end == p + 1)
      return false;
    target += off;
    p = end;
  }
  while (*p == ' ')
    ++p;
  const char *close = strncmp(p, "{{", 2) == 0 ? strstr(p + 2, "}}") : NULL;
  const char *eol = strchr(p, '\n');
  if (!close || (eol && close > eol) || target < 1)
    return false;
  FlyStrBuf b = {0};
  flyStrBufAppendN(&b, p + 2, (size_t)(close - p - 2));
  return push(l, (Expected){sev, (unsigned)target, flyStrBufTake(&b), false});
}

/* Scans every line for annotations; reports malformed ones. */
static bool collect(const char *inputName, const char *text, ExpectList *l) {
  bool ok = true;
  unsigned line = 1;
  for (const char *p = text; *p; ++p) {
    if (*p == '\n') {
      ++line;
      continue;
    }
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; ++k) {
      size_t n = strlen(kinds[k].word);
      if (strncmp(p, kinds[k].word, n) != 0)
        continue;
      if (!parseOne(p + n, line, kinds[k].severity, l)) {
        fprintf(stderr, "%s:%u: error: malformed %s annotation\n", inputName, line, kinds[k].word);
        ok = false;
      }
      p += n - 1;
      break;
    }
  }
  return ok;
}

static bool matchDiag(ExpectList *l, const FlyToolDiag *d) {
  for (size_t i = 0; i < l->len; ++i) {
    Expected *e = &l->items[i];
    if (!e->matched && e->severity == d->severity && e->line == d->line &&
        strstr(d->message, e->text)) {
      e->matched = true;
      return true;
    }
  }
  return false;
}

bool flyExpectVerify(const char *inputName, const char *text, const FlyToolDiags *diags) {
  ExpectList l = {0};
  bool ok = collect(inputName, text, &l);
  for (size_t i = 0; i < diags->numCaptured; ++i) {
    const FlyToolDiag *d = &diags->captured[i];
    /* mlir-opt turns these notes off when verifying diagnostics; the C API
     * cannot, so they are skipped here instead. */
    if (d->severity == MlirDiagnosticNote && !strncmp(d->message, "see current operation:", 22))
      continue;
    if (!matchDiag(&l, d)) {
      fprintf(stderr, "%s:%u:%u: error: unexpected diagnostic: %s\n", inputName, d->line, d->col,
              d->message);
      ok = false;
    }
  }
  for (size_t i = 0; i < l.len; ++i) {
    if (!l.items[i].matched) {
      fprintf(stderr, "%s:%u: error: expected diagnostic not produced: \"%s\"\n", inputName,
              l.items[i].line, l.items[i].text);
      ok = false;
    }
    flyFree(l.items[i].text);
  }
  flyFree(l.items);
  return ok;
}
