/*===- fuzz_layout.c - Fuzz the layout-algebra calculator -----------------===*
 *
 * Input: one calculator expression (`flyc layout EXPR`). Properties: a
 * failure has a one-line error; a success prints a canonical value that,
 * evaluated again, prints as itself (printing round-trips, issue item 8a).
 *===----------------------------------------------------------------------===*/
#include "fuzz.h"

#include <string.h>

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
  }
  flyStrBufDestroy(&out);
  flyStrBufDestroy(&again);
  flyStrBufDestroy(&error);
  flyFree(text);
  return 0;
}
