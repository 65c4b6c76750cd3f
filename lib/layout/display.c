/*===- display.c - Layouts as tables (print_layout, print_tv) --------------===*
 *
 * A layout shown as the grid of its values, as CuTe's print_layout draws
 * it, and a thread-value layout shown as which thread and value own each
 * element of a tile. Both evaluate the layout at every coordinate with
 * crd2idx, so they show exactly the function the algebra computes.
 *===----------------------------------------------------------------------===*/
#include "lt.h"

#include <stdio.h>
#include <string.h>

/* The largest table shown (a 128 x 128 tile; at most 256 columns). */
enum { MAX_CELLS = 1 << 14, MAX_COLS = 256, MAX_TV = 1 << 20 };

/* A layout or a composed layout, evaluated alike. */
typedef struct Shown {
  const FlyLayout *layout;
  const FlyComposedLayout *composed;
} Shown;

static const FlyLayout *outerOf(const Shown *s) {
  return s->composed ? s->composed->outer : s->layout;
}

static int valueAt(FlyLayoutCtx *ctx, const Shown *s, const FlyIntTuple *crd, int64_t *out) {
  const FlyIntTuple *r = s->composed ? flyComposedLayoutCrd2Idx(ctx, crd, s->composed)
                                     : flyLayoutCrd2Idx(ctx, crd, s->layout);
  if (!r)
    return 1;
  if (r->rank >= 0 || r->kind != FLY_LEAF_INT) {
    flyLtFail(ctx, "the layout maps to coordinates (basis strides), not to integers");
    return 1;
  }
  *out = r->value;
  return 0;
}

/* The sizes of the (at most two) modes of `l`: rows x cols (1 x size for
 * rank 1). */
static int gridOf(FlyLayoutCtx *ctx, const FlyLayout *l, const char *op, int64_t *rows,
                  int64_t *cols) {
  if (!flyLtRequireStatic(ctx, l, op))
    return 1;
  int rank = l->shape->rank < 0 ? 1 : l->shape->rank;
  if (rank > 2) {
    flyLtFail(ctx, "%s: a layout of rank %d (at most 2: rows and columns)", op, rank);
    return 1;
  }
  const FlyIntTuple *s0 = flyIntTupleProduct(ctx, rank == 2 ? l->shape->elems[0] : l->shape);
  const FlyIntTuple *s1 = rank == 2 ? flyIntTupleProduct(ctx, l->shape->elems[1]) : NULL;
  if (!s0 || (rank == 2 && !s1))
    return 1;
  *rows = rank == 2 ? s0->value : 1;
  *cols = rank == 2 ? s1->value : s0->value;
  return 0;
}

static const FlyIntTuple *crdOf(FlyLayoutCtx *ctx, int rank2, int64_t m, int64_t n) {
  if (!rank2)
    return flyLtInt(ctx, n);
  const FlyIntTuple *e[2] = {flyLtInt(ctx, m), flyLtInt(ctx, n)};
  return flyLtTuple(ctx, 2, e);
}

static int digits(int64_t v) {
  char b[24];
  return snprintf(b, sizeof b, "%lld", (long long)v);
}

/* The rule between rows: "    +----+----+". */
static void rule(FlyStrBuf *out, int label, int64_t cols, int width) {
  flyStrBufAppendF(out, "%*s+", label + 1, "");
  for (int64_t n = 0; n < cols; ++n) {
    for (int i = 0; i < width + 2; ++i)
      flyStrBufAppend(out, "-");
    flyStrBufAppend(out, "+");
  }
  flyStrBufAppend(out, "\n");
}

/* The grid: a header of column numbers, then each row between rules; cell
 * (m, n) is text[m * cols + n]. */
static void grid(FlyStrBuf *out, int64_t rows, int64_t cols, char *const *text) {
  int width = digits(cols - 1), label = digits(rows - 1);
  for (int64_t i = 0; i < rows * cols; ++i) {
    int w = (int)strlen(text[i]);
    if (w > width)
      width = w;
  }
  flyStrBufAppendF(out, "%*s", label + 1, "");
  for (int64_t n = 0; n < cols; ++n)
    flyStrBufAppendF(out, n + 1 < cols ? "  %*lld " : "  %*lld", width, (long long)n);
  flyStrBufAppend(out, "\n");
  rule(out, label, cols, width);
  for (int64_t m = 0; m < rows; ++m) {
    flyStrBufAppendF(out, "%*lld |", label, (long long)m);
    for (int64_t n = 0; n < cols; ++n)
      flyStrBufAppendF(out, " %*s |", width, text[m * cols + n]);
    flyStrBufAppend(out, "\n");
    rule(out, label, cols, width);
  }
}

static char **cellsCreate(int64_t n) { return flyCalloc((size_t)n, sizeof(char *)); }

static void cellsDestroy(char **cells, int64_t n) {
  if (!cells)
    return;
  for (int64_t i = 0; i < n; ++i)
    flyFree(cells[i]);
  flyFree(cells);
}

static int tooLarge(FlyLayoutCtx *ctx, const char *op, int64_t rows, int64_t cols) {
  if (rows > 0 && cols > 0 && cols <= MAX_COLS && rows <= MAX_CELLS / cols)
    return 0;
  flyLtFail(ctx, "%s: %lld x %lld cells is too large to show (at most %d columns and %d cells)",
            op, (long long)rows, (long long)cols, MAX_COLS, MAX_CELLS);
  return 1;
}

static int formatTable(FlyLayoutCtx *ctx, const Shown *s, FlyStrBuf *out) {
  int64_t rows, cols;
  const FlyLayout *outer = outerOf(s);
  if (gridOf(ctx, outer, "print_layout", &rows, &cols) ||
      tooLarge(ctx, "print_layout", rows, cols))
    return 1;
  int rank2 = outer->shape->rank == 2;
  char **cells = cellsCreate(rows * cols);
  if (!cells) {
    flyLtFail(ctx, "out of memory");
    return 1;
  }
  int rc = 0;
  for (int64_t m = 0; m < rows && !rc; ++m)
    for (int64_t n = 0; n < cols && !rc; ++n) {
      int64_t v;
      rc = valueAt(ctx, s, crdOf(ctx, rank2, m, n), &v);
      if (rc)
        break;
      char b[24];
      snprintf(b, sizeof b, "%lld", (long long)v);
      if (!(cells[m * cols + n] = flyStrdup(b))) {
        flyLtFail(ctx, "out of memory");
        rc = 1;
      }
    }
  if (!rc) {
    if (s->composed)
      flyComposedLayoutPrint(s->composed, out);
    else
      flyLayoutPrint(s->layout, out);
    flyStrBufAppend(out, "\n");
    grid(out, rows, cols, cells);
  }
  cellsDestroy(cells, rows * cols);
  return rc;
}

int flyLayoutFormatTable(FlyLayoutCtx *ctx, const FlyLayout *l, FlyStrBuf *out) {
  Shown s = {l, NULL};
  return formatTable(ctx, &s, out);
}

int flyComposedLayoutFormatTable(FlyLayoutCtx *ctx, const FlyComposedLayout *c, FlyStrBuf *out) {
  Shown s = {NULL, c};
  return formatTable(ctx, &s, out);
}

/* The owners of every element of the tile, or 1 with an error. */
static int tvOwners(FlyLayoutCtx *ctx, const FlyLayout *tv, int64_t threads, int64_t values,
                    int64_t rows, int64_t cols, char **cells, int64_t *shared) {
  Shown s = {tv, NULL};
  *shared = 0;
  for (int64_t t = 0; t < threads; ++t)
    for (int64_t v = 0; v < values; ++v) {
      int64_t idx;
      if (valueAt(ctx, &s, crdOf(ctx, 1, t, v), &idx))
        return 1;
      if (idx < 0 || idx >= rows * cols) {
        flyLtFail(ctx, "print_tv: (thread %lld, value %lld) maps to %lld, outside the %lldx%lld "
                  "tile", (long long)t, (long long)v, (long long)idx, (long long)rows,
                  (long long)cols);
        return 1;
      }
      /* Column-major tile, as CuTe's TV layouts index it: m + n * rows. */
      int64_t m = idx % rows, n = idx / rows;
      char **cell = &cells[m * cols + n];
      if (*cell) {
        ++*shared;
        continue;
      }
      char b[48];
      snprintf(b, sizeof b, "T%lldV%lld", (long long)t, (long long)v);
      if (!(*cell = flyStrdup(b))) {
        flyLtFail(ctx, "out of memory");
        return 1;
      }
    }
  return 0;
}

int flyLayoutFormatTv(FlyLayoutCtx *ctx, const FlyLayout *tv, int64_t rows, int64_t cols,
                      FlyStrBuf *out) {
  int64_t threads, values;
  if (gridOf(ctx, tv, "print_tv", &threads, &values))
    return 1;
  if (tv->shape->rank != 2) {
    flyLtFail(ctx, "print_tv: the layout must have two modes, (thread, value)");
    return 1;
  }
  if (tooLarge(ctx, "print_tv", rows, cols))
    return 1;
  if (threads > MAX_TV / values) {
    flyLtFail(ctx, "print_tv: %lld threads x %lld values is too many (at most %d)",
              (long long)threads, (long long)values, MAX_TV);
    return 1;
  }
  char **cells = cellsCreate(rows * cols);
  if (!cells) {
    flyLtFail(ctx, "out of memory");
    return 1;
  }
  int64_t shared;
  int rc = tvOwners(ctx, tv, threads, values, rows, cols, cells, &shared);
  int64_t empty = 0;
  for (int64_t i = 0; !rc && i < rows * cols; ++i)
    if (!cells[i]) {
      ++empty;
      if (!(cells[i] = flyStrdup("."))) {
        flyLtFail(ctx, "out of memory");
        rc = 1;
      }
    }
  if (!rc) {
    flyLayoutPrint(tv, out);
    flyStrBufAppendF(out, " over a %lldx%lld tile: %lld threads x %lld values\n",
                     (long long)rows, (long long)cols, (long long)threads, (long long)values);
    grid(out, rows, cols, cells);
    if (shared || empty)
      flyStrBufAppendF(out, "%lld (thread, value) pairs share an element with an earlier one; "
                       "%lld elements have no owner (.)\n", (long long)shared, (long long)empty);
  }
  cellsDestroy(cells, rows * cols);
  return rc;
}
