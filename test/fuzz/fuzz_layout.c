/*===- fuzz_layout.c - Fuzz the layout-algebra calculator -----------------===*
 *
 * Input: one calculator expression (`flyc layout EXPR`). Properties: a
 * failure has a one-line error; a success prints a canonical value that,
 * evaluated again, prints as itself (printing round-trips, issue item 8a).
 * A layout result is also shown as a table (print_layout): a failure has a
 * one-line error, a table starts with the layout's canonical text and has
 * two lines per row plus three; and its first 64 values, as lane
 * addresses, cost between one and 64 bank cycles per phase on both chips.
 *===----------------------------------------------------------------------===*/
#include "fuzz.h"

#include <string.h>

#include "flyc/hw.h"
#include "flyc/layout.h"
#include "flyc/support.h"

/* Evaluates `text` in a fresh context; 0 on success with the result in out. */
static int eval(const char *text, FlyStrBuf *out, FlyStrBuf *error) {
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  if (!ctx)
    return -1;
  int rc = flyLayoutEvalExpr(ctx, text, out);
  if (rc)
    flyStrBufAppend(error, flyLayoutCtxGetError(ctx));
  flyLayoutCtxDestroy(ctx);
  return rc;
}

static size_t countLines(const char *s) {
  size_t n = 0;
  for (; *s; ++s)
    n += *s == '\n';
  return n;
}

/* The bank cycles of the layout's first 64 values as 4-byte lane addresses. */
static void checkBanks(FlyLayoutCtx *ctx, const FlyLayout *l, const char *text) {
  uint32_t addr[64] = {0};
  uint64_t lanes = 0;
  for (int i = 0; i < 64; ++i) {
    int64_t v;
    if (flyLayoutEval(ctx, l, i, &v) || v < 0 || v > (1 << 20))
      break;
    addr[i] = (uint32_t)v * 4;
    lanes |= 1ull << i;
  }
  for (int chip = 0; chip < FLY_HW_NUM_CHIPS && lanes; ++chip) {
    FlyHwLdsBanks b;
    flyHwLdsBankCycles(&flyHwChipGet((FlyChip)chip)->lds, FLY_HW_LDS_READ_B32, addr, lanes, 4,
                       &b);
    if (b.phases < 1 || b.cycles < b.phases || b.cycles > 64 * b.phases || b.worstWays > 64 ||
        !b.worstLanes || (b.worstLanes & ~lanes))
      fuzzFail("bank cycles of '%s': %u in %u phases, %u-way", text, b.cycles, b.phases,
               b.worstWays);
  }
}

/* print_layout of a layout result. */
static void checkTable(const char *text) {
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  const FlyLayout *l = ctx ? flyLayoutParse(ctx, text) : NULL;
  FlyStrBuf table = {0};
  if (l && flyLayoutFormatTable(ctx, l, &table)) {
    if (!fuzzIsOneLine(flyLayoutCtxGetError(ctx)))
      fuzzFail("the table error for '%s' is not one line", text);
  } else if (l && !table.oom) {
    size_t n = strlen(text), lines = countLines(table.data);
    if (strncmp(table.data, text, n) || table.data[n] != '\n' || lines < 5 || lines % 2 == 0)
      fuzzFail("the table of '%s' is malformed:\n%s", text, table.data);
    checkBanks(ctx, l, text);
  }
  flyStrBufDestroy(&table);
  flyLayoutCtxDestroy(ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096) /* the calculator is for expressions a person writes */
    return 0;
  char *text = fuzzCopyText(data, size);
  if (!text)
    return 0;
  FlyStrBuf out = {0}, again = {0}, error = {0};
  int rc = eval(text, &out, &error);
  if (rc > 0 && !error.oom && !fuzzIsOneLine(error.data))
    fuzzFail("the error for '%s' is not one line: '%s'", text, error.data ? error.data : "");
  if (rc == 0 && !out.oom) {
    if (!fuzzIsOneLine(out.data))
      fuzzFail("the result of '%s' is not one line", text);
    flyStrBufDestroy(&error);
    int rc2 = eval(out.data, &again, &error);
    if (rc2 > 0)
      fuzzFail("the result '%s' of '%s' does not read back: %s", out.data, text, error.data);
    if (rc2 == 0 && !again.oom && strcmp(out.data, again.data) != 0)
      fuzzFail("the result '%s' of '%s' reads back as '%s'", out.data, text, again.data);
    if (strchr(out.data, ':') && !strstr(out.data, " o "))
      checkTable(out.data);
  }
  flyStrBufDestroy(&out);
  flyStrBufDestroy(&again);
  flyStrBufDestroy(&error);
  flyFree(text);
  return 0;
}
