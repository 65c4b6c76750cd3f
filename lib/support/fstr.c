/*===- fstr.c - Growable strings -------------------------------------------===*/
#include "flyc/support.h"

#include <stdio.h>
#include <string.h>

static int reserve(FlyStrBuf *b, size_t extra) {
  if (b->oom)
    return 0;
  if (b->len + extra + 1 <= b->cap)
    return 1;
  size_t cap = b->cap ? b->cap : 64;
  while (cap < b->len + extra + 1)
    cap *= 2;
  char *p = flyRealloc(b->data, cap);
  if (!p) {
    b->oom = 1;
    return 0;
  }
  b->data = p;
  b->cap = cap;
  return 1;
}

void flyStrBufAppendN(FlyStrBuf *b, const char *s, size_t n) {
  if (!reserve(b, n))
    return;
  if (n) /* s may be null when there is nothing to append */
    memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = '\0';
}

void flyStrBufAppend(FlyStrBuf *b, const char *s) {
  flyStrBufAppendN(b, s, strlen(s));
}

void flyStrBufAppendV(FlyStrBuf *b, const char *fmt, va_list ap) {
  va_list copy;
  va_copy(copy, ap);
  int n = vsnprintf(NULL, 0, fmt, copy);
  va_end(copy);
  if (n < 0 || !reserve(b, (size_t)n))
    return;
  vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
  b->len += (size_t)n;
}

void flyStrBufAppendF(FlyStrBuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  flyStrBufAppendV(b, fmt, ap);
  va_end(ap);
}

char *flyStrBufTake(FlyStrBuf *b) {
  if (!b->data && !b->oom)
    reserve(b, 0);
  char *s = b->oom ? NULL : b->data;
  if (b->oom)
    flyFree(b->data);
  *b = (FlyStrBuf){0};
  return s;
}

void flyStrBufDestroy(FlyStrBuf *b) {
  flyFree(b->data);
  *b = (FlyStrBuf){0};
}
