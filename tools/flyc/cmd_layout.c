/*===- cmd_layout.c - `flyc layout EXPR...`: the layout-algebra calculator -===*
 *
 * Evaluates each expression with flyLayoutEvalExpr (lib/layout/calc.c) and
 * prints its canonical result on stdout, one per line, in order. Three
 * calls show instead of compute:
 *
 *   print_layout(L)                  L's values as a grid (CuTe's
 *                                    print_layout; L may be composed)
 *   print_tv(TV, (M,N))              which thread and value own each
 *                                    element of an MxN tile
 *   bank_conflicts(L, E, A, CHIP[, write])
 *                                    the LDS bank cycles of one wave whose
 *                                    lane l reads (or writes) A bytes at
 *                                    byte address L(l) * E on CHIP
 *
 * The first failing expression prints one `error: ...` line on stderr and
 * ends the run (exit 1). A missing expression is misuse (exit 2). Words the
 * shell split inside an expression are joined again with spaces: an
 * expression ends at a word after which every bracket is closed.
 *===----------------------------------------------------------------------===*/
#include "driver.h"

#include "flyc/chip.h"
#include "flyc/hw.h"
#include "flyc/layout.h"
#include "flyc/support.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ARGS = 6 };

static void printLayoutUsage(FILE *f) {
  fputs("usage: flyc layout EXPR [EXPR...]\n"
        "  EXPR is one call such as composition((4,8):(1,4),8:2),\n"
        "  complement(4:2,16), logical_divide(A,[T1|T2]), crd2idx((1,2),A),\n"
        "  idx2crd(5,(2,4)), or one that shows a layout:\n"
        "    print_layout(L)                        L's values as a grid\n"
        "    print_tv(TV, (M,N))                    the thread and value of each\n"
        "                                           element of an MxN tile\n"
        "    bank_conflicts(L, ELEM_BYTES, ACCESS_BYTES, CHIP[, write])\n"
        "                                           LDS bank cycles of one wave whose\n"
        "                                           lane l accesses byte L(l)*ELEM_BYTES\n"
        "  see docs/layout-algebra.md\n",
        f);
}

/* Bracket depth change of one character: ( [ < open, ) ] > close. */
static int depthOf(char c) {
  return c == '(' || c == '[' || c == '<' ? 1 : c == ')' || c == ']' || c == '>' ? -1 : 0;
}

/* The arguments of `text` if it is exactly NAME(ARGS): pointers into a
 * copy the caller frees, split at top-level commas. Returns the count, or
 * -1 when `text` is not such a call. */
static int splitCall(const char *text, const char *name, char **copy, char *args[MAX_ARGS]) {
  size_t n = strlen(name);
  while (*text == ' ')
    ++text;
  if (strncmp(text, name, n) || text[n] != '(')
    return -1;
  size_t len = strlen(text);
  while (len && text[len - 1] == ' ')
    --len;
  if (!len || text[len - 1] != ')')
    return -1;
  *copy = flyAlloc(len + 1);
  if (!*copy)
    return -1;
  memcpy(*copy, text, len);
  (*copy)[len - 1] = '\0';
  char *p = *copy + n + 1;
  int count = 0, depth = 0;
  args[count++] = p;
  for (; *p; ++p) {
    depth += depthOf(*p);
    if (depth < 0)
      return -1;
    if (*p == ',' && depth == 0) {
      if (count == MAX_ARGS)
        return -1;
      *p = '\0';
      args[count++] = p + 1;
    }
  }
  if (depth != 0)
    return -1;
  for (int i = 0; i < count; ++i) { /* trim each argument */
    while (*args[i] == ' ')
      ++args[i];
    for (size_t l = strlen(args[i]); l && args[i][l - 1] == ' ';)
      args[i][--l] = '\0';
  }
  return count;
}

/* A layout or a composed layout: the value of expression `text`. */
typedef struct Shown {
  const FlyLayout *layout;
  const FlyComposedLayout *composed;
} Shown;

static int evalShown(FlyLayoutCtx *ctx, const char *text, Shown *out) {
  FlyStrBuf v = {0};
  int rc = flyLayoutEvalExpr(ctx, text, &v);
  if (!rc && v.oom)
    rc = 1;
  if (!rc) {
    out->composed = strstr(v.data, " o ") ? flyComposedLayoutParse(ctx, v.data) : NULL;
    out->layout = out->composed ? NULL : flyLayoutParse(ctx, v.data);
    rc = !out->layout && !out->composed;
  }
  flyStrBufDestroy(&v);
  return rc;
}

/* A positive integer argument (at most `max`). */
static int argInt(const char *text, const char *what, long max, long *out, FlyStrBuf *err) {
  char *end;
  errno = 0;
  long v = strtol(text, &end, 10);
  while (*end == ' ')
    ++end;
  if (errno || end == text || *end || v <= 0 || v > max) {
    flyStrBufAppendF(err, "%s must be an integer from 1 to %ld, got '%s'", what, max, text);
    return 1;
  }
  *out = v;
  return 0;
}

static int showLayout(FlyLayoutCtx *ctx, char **args, int n, FlyStrBuf *out, FlyStrBuf *err) {
  Shown s;
  if (n != 1) {
    flyStrBufAppendF(err, "print_layout takes 1 argument, got %d", n);
    return 1;
  }
  if (evalShown(ctx, args[0], &s) ||
      (s.composed ? flyComposedLayoutFormatTable(ctx, s.composed, out)
                  : flyLayoutFormatTable(ctx, s.layout, out))) {
    flyStrBufAppend(err, flyLayoutCtxGetError(ctx));
    return 1;
  }
  return 0;
}

static int showTv(FlyLayoutCtx *ctx, char **args, int n, FlyStrBuf *out, FlyStrBuf *err) {
  Shown s;
  if (n != 2) {
    flyStrBufAppendF(err, "print_tv takes 2 arguments (TV, (M,N)), got %d", n);
    return 1;
  }
  if (evalShown(ctx, args[0], &s)) {
    flyStrBufAppend(err, flyLayoutCtxGetError(ctx));
    return 1;
  }
  const FlyIntTuple *tile = flyIntTupleParse(ctx, args[1]);
  if (!s.layout || !tile || flyIntTupleGetRank(tile) != 2 ||
      !flyIntTupleIsLeaf(flyIntTupleGetElem(tile, 0)) ||
      !flyIntTupleIsLeaf(flyIntTupleGetElem(tile, 1)) || !flyIntTupleIsStatic(tile) ||
      flyIntTupleGetValue(flyIntTupleGetElem(tile, 0)) <= 0 ||
      flyIntTupleGetValue(flyIntTupleGetElem(tile, 1)) <= 0) {
    flyStrBufAppendF(err, "print_tv: %s", !s.layout ? "the TV layout cannot be composed"
                                                    : "the tile must be (M,N), two positive integers");
    return 1;
  }
  if (flyLayoutFormatTv(ctx, s.layout, flyIntTupleGetValue(flyIntTupleGetElem(tile, 0)),
                        flyIntTupleGetValue(flyIntTupleGetElem(tile, 1)), out)) {
    flyStrBufAppend(err, flyLayoutCtxGetError(ctx));
    return 1;
  }
  return 0;
}

/* The byte address of every lane (at most 64) of one wave under `s`. */
static int laneAddresses(FlyLayoutCtx *ctx, const Shown *s, long elemBytes, uint32_t addr[64],
                         int *lanes, FlyStrBuf *err) {
  const FlyLayout *outer = s->composed ? flyComposedLayoutGetOuter(s->composed) : s->layout;
  const FlyIntTuple *size = flyLayoutSize(ctx, outer);
  if (!size || !flyIntTupleIsLeaf(size) || flyIntTupleGetLeafKind(size) != FLY_LEAF_INT ||
      flyIntTupleGetValue(size) < 1 || flyIntTupleGetValue(size) > 64) {
    flyStrBufAppend(err, "bank_conflicts: the layout maps the lanes of one wave to elements: "
                         "its size must be 1 to 64 (take one wave's part with take or "
                         "composition)");
    return 1;
  }
  *lanes = (int)flyIntTupleGetValue(size);
  for (int l = 0; l < *lanes; ++l) {
    const FlyIntTuple *crd = flyIntTupleCreateInt(ctx, l);
    const FlyIntTuple *v = s->composed ? flyComposedLayoutCrd2Idx(ctx, crd, s->composed)
                                       : flyLayoutCrd2Idx(ctx, crd, s->layout);
    if (!v) {
      flyStrBufAppend(err, flyLayoutCtxGetError(ctx));
      return 1;
    }
    int64_t e = flyIntTupleIsLeaf(v) && flyIntTupleGetLeafKind(v) == FLY_LEAF_INT
                    ? flyIntTupleGetValue(v) : -1;
    if (e < 0 || e > (int64_t)(UINT32_MAX / (uint64_t)elemBytes)) {
      flyStrBufAppendF(err, "bank_conflicts: lane %d maps to %s, not an LDS element", l,
                       e < 0 ? "a negative or non-integer offset" : "an offset past 4 GiB");
      return 1;
    }
    addr[l] = (uint32_t)(e * elemBytes);
  }
  return 0;
}

static FlyHwLdsAccess accessOf(long bytes, int write) {
  int k = bytes <= 4 ? 0 : bytes <= 8 ? 1 : bytes <= 12 ? 2 : 3;
  return (FlyHwLdsAccess)((write ? FLY_HW_LDS_WRITE_B32 : FLY_HW_LDS_READ_B32) + k);
}

/* The ds_* instruction of an access: ds_read_u8 ... ds_write_b128. */
static const char *instructionOf(long bytes, int write) {
  switch (bytes) {
  case 1: return write ? "ds_write_b8" : "ds_read_u8";
  case 2: return write ? "ds_write_b16" : "ds_read_u16";
  case 4: return write ? "ds_write_b32" : "ds_read_b32";
  case 8: return write ? "ds_write_b64" : "ds_read_b64";
  case 12: return write ? "ds_write_b96" : "ds_read_b96";
  default: return write ? "ds_write_b128" : "ds_read_b128";
  }
}

static void formatBanks(const FlyHwChip *hw, long bytes, int write, int lanes,
                        const FlyHwLdsBanks *b, FlyStrBuf *out) {
  flyStrBufAppendF(out, "%s %s (%u banks of %u bytes), %d lanes of %ld bytes: %u cycle%s in "
                   "%u phase%s, ", hw->name, instructionOf(bytes, write), hw->lds.banks,
                   hw->lds.bankBytes, lanes, bytes, b->cycles, b->cycles == 1 ? "" : "s",
                   b->phases, b->phases == 1 ? "" : "s");
  if (b->cycles == b->phases) {
    flyStrBufAppend(out, "conflict-free\n");
    return;
  }
  flyStrBufAppendF(out, "%u extra: up to %u-way conflict (phase %u, bank %u: lanes", b->cycles -
                   b->phases, b->worstWays, b->worstPhase, b->worstBank);
  for (uint64_t set = b->worstLanes; set; set &= set - 1)
    flyStrBufAppendF(out, " %d", __builtin_ctzll(set));
  flyStrBufAppend(out, ")\n");
}

static int showBanks(FlyLayoutCtx *ctx, char **args, int n, FlyStrBuf *out, FlyStrBuf *err) {
  if (n != 4 && n != 5) {
    flyStrBufAppendF(err, "bank_conflicts takes 4 or 5 arguments (L, ELEM_BYTES, ACCESS_BYTES, "
                          "CHIP[, write]), got %d", n);
    return 1;
  }
  long elem, bytes;
  if (argInt(args[1], "bank_conflicts: ELEM_BYTES", 1 << 20, &elem, err) ||
      argInt(args[2], "bank_conflicts: ACCESS_BYTES", 16, &bytes, err))
    return 1;
  if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8 && bytes != 12 && bytes != 16) {
    flyStrBufAppendF(err, "bank_conflicts: ACCESS_BYTES must be 1, 2, 4, 8, 12 or 16 (an LDS "
                          "access width), got %ld", bytes);
    return 1;
  }
  char chipName[16] = "";
  sscanf(args[3], " %15[a-z0-9]", chipName);
  FlyChip chip;
  if (!flyChipParse(chipName, &chip)) {
    flyStrBufAppendF(err, "bank_conflicts: unknown chip '%s' (supported: %s)", args[3],
                     flyChipListNames());
    return 1;
  }
  char mode[8] = "";
  if (n == 5 && (sscanf(args[4], " %7s", mode) != 1 || strcmp(mode, "write"))) {
    flyStrBufAppendF(err, "bank_conflicts: the fifth argument must be 'write', got '%s'",
                     args[4]);
    return 1;
  }
  Shown s;
  uint32_t addr[64] = {0};
  int lanes;
  if (evalShown(ctx, args[0], &s)) {
    flyStrBufAppend(err, flyLayoutCtxGetError(ctx));
    return 1;
  }
  if (laneAddresses(ctx, &s, elem, addr, &lanes, err))
    return 1;
  const FlyHwChip *hw = flyHwChipGet(chip);
  FlyHwLdsBanks b;
  uint64_t mask = lanes == 64 ? ~0ull : (1ull << lanes) - 1;
  flyHwLdsBankCycles(&hw->lds, accessOf(bytes, n == 5), addr, mask, (unsigned)bytes, &b);
  formatBanks(hw, bytes, n == 5, lanes, &b, out);
  return 0;
}

/* Evaluates one expression into `out`; 1 with the reason in `err`. */
static int evalOne(FlyLayoutCtx *ctx, const char *text, FlyStrBuf *out, FlyStrBuf *err) {
  static const struct {
    const char *name;
    int (*show)(FlyLayoutCtx *, char **, int, FlyStrBuf *, FlyStrBuf *);
  } shows[] = {{"print_layout", showLayout}, {"print_tv", showTv},
               {"bank_conflicts", showBanks}};
  for (size_t i = 0; i < sizeof shows / sizeof *shows; ++i) {
    char *copy = NULL, *args[MAX_ARGS];
    int n = splitCall(text, shows[i].name, &copy, args);
    if (n >= 0) {
      int rc = shows[i].show(ctx, args, n, out, err);
      flyFree(copy);
      return rc;
    }
    flyFree(copy);
  }
  if (flyLayoutEvalExpr(ctx, text, out)) {
    flyStrBufAppend(err, flyLayoutCtxGetError(ctx));
    return 1;
  }
  flyStrBufAppend(out, "\n");
  return 0;
}

/* The next expression: words from argv[*i] until the brackets balance. */
static void nextExpr(int argc, char **argv, int *i, FlyStrBuf *expr) {
  int depth = 0;
  do {
    if (expr->len)
      flyStrBufAppend(expr, " ");
    flyStrBufAppend(expr, argv[*i]);
    for (const char *p = argv[*i]; *p; ++p)
      depth += depthOf(*p);
    ++*i;
  } while (depth > 0 && *i < argc);
}

int flycCmdLayout(int argc, char **argv) {
  if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    printLayoutUsage(stdout);
    return 0;
  }
  if (argc < 2) {
    fputs("error: missing expression\n", stderr);
    printLayoutUsage(stderr);
    return 2;
  }
  int rc = 0;
  for (int i = 1; i < argc && !rc;) {
    FlyStrBuf expr = {0}, out = {0}, err = {0};
    nextExpr(argc, argv, &i, &expr);
    FlyLayoutCtx *ctx = flyLayoutCtxCreate();
    if (!ctx || expr.oom) {
      fputs("error: out of memory\n", stderr);
      rc = 1;
    } else if (evalOne(ctx, expr.data, &out, &err)) {
      fprintf(stderr, "error: %s\n", err.oom || !err.data ? "out of memory" : err.data);
      rc = 1;
    } else if (out.oom) {
      fputs("error: out of memory\n", stderr);
      rc = 1;
    } else {
      fputs(out.data, stdout);
    }
    flyLayoutCtxDestroy(ctx);
    flyStrBufDestroy(&expr);
    flyStrBufDestroy(&out);
    flyStrBufDestroy(&err);
  }
  return rc;
}
