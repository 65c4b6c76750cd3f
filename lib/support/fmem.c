/*===- fmem.c - The single allocation hook ---------------------------------===*/
#include "flyc/support.h"

#include <stdlib.h>
#include <string.h>

static void *defaultAlloc(void *userData, void *block, size_t size) {
  (void)userData;
  if (size == 0) {
    free(block);
    return NULL;
  }
  return realloc(block, size);
}

static FlyAllocFn allocFn = defaultAlloc;
static void *allocUserData = NULL;

void flySetAllocator(FlyAllocFn fn, void *userData) {
  allocFn = fn ? fn : defaultAlloc;
  allocUserData = fn ? userData : NULL;
}

void *flyAlloc(size_t size) {
  /* A zero-byte request still yields a distinct block, as malloc(1) would. */
  return allocFn(allocUserData, NULL, size ? size : 1);
}

void *flyCalloc(size_t n, size_t size) {
  if (size && n > (size_t)-1 / size)
    return NULL;
  size_t bytes = n * size;
  void *p = flyAlloc(bytes);
  if (p)
    memset(p, 0, bytes > 0 ? bytes : 1);
  return p;
}

void *flyRealloc(void *block, size_t size) {
  return allocFn(allocUserData, block, size ? size : 1);
}

void flyFree(void *block) {
  if (block)
    allocFn(allocUserData, block, 0);
}

char *flyStrdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *p = flyAlloc(n);
  if (p)
    memcpy(p, s, n);
  return p;
}
