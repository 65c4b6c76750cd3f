/*===- fuzz_util.c - Helpers shared by the fuzz harnesses -----------------===*/
#include "fuzz.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flyc/support.h"

void fuzzFail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("fuzz: property broken: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  abort();
}

char *fuzzCopyText(const uint8_t *data, size_t size) {
  char *s = flyAlloc(size + 1);
  if (s) {
    if (size)
      memcpy(s, data, size);
    s[size] = 0;
  }
  return s;
}

int fuzzIsOneLine(const char *msg) {
  return msg && *msg && !strchr(msg, '\n');
}
