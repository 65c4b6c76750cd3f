/*===- ctx.c - Layout context: arena, error record, checked arithmetic ----===*
 *
 * Values are bump-allocated from chunks owned by the context, so an
 * operation that builds many intermediate tuples costs no frees and a failed
 * operation leaks nothing: everything goes with flyLayoutCtxDestroy.
 *===----------------------------------------------------------------------===*/
#include "lt.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { CHUNK_SIZE = 16384, ERR_SIZE = 512 };

typedef struct Chunk {
  struct Chunk *next;
  size_t used, cap;
  _Alignas(16) unsigned char data[];
} Chunk;

struct FlyLayoutCtx {
  Chunk *chunks;
  unsigned failures;
  char error[ERR_SIZE];
};

FlyLayoutCtx *flyLayoutCtxCreate(void) {
  return flyCalloc(1, sizeof(FlyLayoutCtx));
}

void flyLayoutCtxDestroy(FlyLayoutCtx *ctx) {
  if (!ctx)
    return;
  for (Chunk *c = ctx->chunks, *next; c; c = next) {
    next = c->next;
    flyFree(c);
  }
  flyFree(ctx);
}

const char *flyLayoutCtxGetError(const FlyLayoutCtx *ctx) { return ctx->error; }

void flyLayoutCtxClearError(FlyLayoutCtx *ctx) { ctx->error[0] = '\0'; }

static Chunk *newChunk(size_t need) {
  size_t cap = need > CHUNK_SIZE ? need : CHUNK_SIZE;
  Chunk *c = flyAlloc(sizeof(Chunk) + cap);
  if (c) {
    c->used = 0;
    c->cap = cap;
  }
  return c;
}

void *flyLtAlloc(FlyLayoutCtx *ctx, size_t size) {
  size = (size + 15) & ~(size_t)15;
  Chunk *c = ctx->chunks;
  if (!c || c->cap - c->used < size) {
    c = newChunk(size);
    if (!c)
      return flyLtFail(ctx, "out of memory");
    c->next = ctx->chunks;
    ctx->chunks = c;
  }
  void *p = c->data + c->used;
  c->used += size;
  memset(p, 0, size);
  return p;
}

void *flyLtFail(FlyLayoutCtx *ctx, const char *fmt, ...) {
  ctx->failures++;
  if (ctx->error[0])
    return NULL;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(ctx->error, sizeof ctx->error, fmt, ap);
  va_end(ap);
  return NULL;
}

void *flyLtPrefixError(FlyLayoutCtx *ctx, const char *prefix) {
  size_t n = strlen(prefix), len = strlen(ctx->error);
  if (!len || !strncmp(ctx->error, prefix, n) || len + n >= sizeof ctx->error ||
      !strcmp(ctx->error, "out of memory")) /* says all there is to say */
    return NULL;
  memmove(ctx->error + n, ctx->error, len + 1);
  memcpy(ctx->error, prefix, n);
  return NULL;
}

unsigned flyLtMark(const FlyLayoutCtx *ctx) { return ctx->failures; }

int flyLtFailedSince(const FlyLayoutCtx *ctx, unsigned mark) {
  return ctx->failures != mark;
}

int64_t flyLtMul(FlyLayoutCtx *ctx, int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) {
    flyLtFail(ctx, "integer overflow in layout arithmetic");
    return 1;
  }
  return r;
}

int64_t flyLtAdd(FlyLayoutCtx *ctx, int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) {
    flyLtFail(ctx, "integer overflow in layout arithmetic");
    return 0;
  }
  return r;
}

static int divisorIsZero(FlyLayoutCtx *ctx, int64_t b) {
  if (b != 0)
    return 0;
  flyLtFail(ctx, "division by zero in layout arithmetic");
  return 1;
}

static int64_t overflowed(FlyLayoutCtx *ctx) {
  flyLtFail(ctx, "integer overflow in layout arithmetic");
  return 0;
}

int64_t flyLtFloorDiv(FlyLayoutCtx *ctx, int64_t a, int64_t b) {
  if (divisorIsZero(ctx, b))
    return 0;
  if (b == -1) /* INT64_MIN / -1 is the one quotient that does not fit */
    return a == INT64_MIN ? overflowed(ctx) : -a;
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    q--;
  return q;
}

int64_t flyLtFloorMod(FlyLayoutCtx *ctx, int64_t a, int64_t b) {
  if (divisorIsZero(ctx, b) || b == -1)
    return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0)))
    r += b;
  return r;
}

/* pycute's -(-a // b), computed without negating a (INT64_MIN has no
 * negation). */
int64_t flyLtCeilDiv(FlyLayoutCtx *ctx, int64_t a, int64_t b) {
  if (divisorIsZero(ctx, b))
    return 0;
  if (b == -1)
    return a == INT64_MIN ? overflowed(ctx) : -a;
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) == (b < 0)))
    q++;
  return q;
}
