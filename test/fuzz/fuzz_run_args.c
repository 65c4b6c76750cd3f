/*===- fuzz_run_args.c - Fuzz flyc-run's command line ---------------------===*
 *
 * Input: words separated by newlines, given to flyc-run's parser as argv
 * after the program name (at most 64). Properties: the parser answers 0 or 2
 * (misuse), misuse with a one-line reason; it touches no file and no device
 * (run_cli.c), so nothing else can happen.
 *===----------------------------------------------------------------------===*/
#include "fuzz.h"

#include <string.h>

#include "flyc/support.h"
#include "run.h"

enum { MAX_WORDS = 64 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 8192)
    return 0;
  char *text = fuzzCopyText(data, size);
  if (!text)
    return 0;
  static char program[] = "flyc-run";
  char *argv[MAX_WORDS + 2];
  int argc = 0;
  argv[argc++] = program;
  for (char *p = text; argc <= MAX_WORDS;) {
    argv[argc++] = p;
    char *nl = strchr(p, '\n');
    if (!nl)
      break;
    *nl = 0;
    p = nl + 1;
  }
  argv[argc] = NULL;
  RunOptions o;
  FlyStrBuf err = {0};
  if (runOptionsInit(&o, argc)) {
    int rc = runCommandLineParse(&o, argc, argv, &err);
    if (rc != 0 && rc != 2)
      fuzzFail("parser returned %d", rc);
    if (rc == 2 && !err.oom && !fuzzIsOneLine(err.data))
      fuzzFail("misuse without a one-line reason: '%s'", err.data ? err.data : "");
  }
  runOptionsDestroy(&o);
  flyStrBufDestroy(&err);
  flyFree(text);
  return 0;
}
