/*===- capture.c - Keeping upstream's own stderr output out of sight -------===*/
#include "capture.h"

#include <string.h>
#include <unistd.h>

void flyCaptureBegin(FlyCapture *c) {
  c->file = NULL;
  c->savedFd = -1;
  fflush(stderr);
  FILE *f = tmpfile();
  int saved = f ? dup(2) : -1;
  if (saved < 0 || dup2(fileno(f), 2) < 0) {
    if (saved >= 0)
      close(saved);
    if (f)
      fclose(f);
    return;
  }
  c->file = f;
  c->savedFd = saved;
}

void flyCaptureEnd(FlyCapture *c, FlyStrBuf *out) {
  if (!c->file)
    return;
  fflush(stderr);
  dup2(c->savedFd, 2);
  close(c->savedFd);
  rewind(c->file);
  size_t start = out->len;
  char chunk[4096];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, c->file)) > 0)
    flyStrBufAppendN(out, chunk, n);
  fclose(c->file);
  c->file = NULL;
  while (out->len > start && (out->data[out->len - 1] == '\n' || out->data[out->len - 1] == ' '))
    out->data[--out->len] = '\0';
}

void flyCaptureFirstLine(const char *text, FlyStrBuf *out) {
  const char *p = text ? text : "";
  p += strspn(p, "\n :");
  flyStrBufAppendN(out, p, strcspn(p, "\n"));
}
