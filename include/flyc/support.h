/*===- flyc/support.h - Allocation hook and small shared utilities -------===*
 *
 * Every block flyc allocates goes through one hook so that a test build can
 * count blocks and inject failures. The hook follows Lua's lua_Alloc shape,
 * reduced to what flyc needs: (user data, old block or NULL, new size), where
 * a new size of 0 frees the block and returns NULL.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_SUPPORT_H
#define FLYC_SUPPORT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Allocation hook: returns a block of `size` bytes holding the contents of
/// `block` (or a fresh block when `block` is NULL); frees `block` and returns
/// NULL when `size` is 0. Returns NULL on failure, leaving `block` intact.
typedef void *(*FlyAllocFn)(void *userData, void *block, size_t size);

/// Installs `fn` as the process-wide allocation hook (NULL restores the
/// default, which wraps realloc/free). Not thread-safe: call before any work.
void flySetAllocator(FlyAllocFn fn, void *userData);

/// Returns a new block of `size` bytes (uninitialised), or NULL when out of
/// memory. The caller owns it and releases it with flyFree.
void *flyAlloc(size_t size);

/// Returns a new zero-filled block of `n * size` bytes, or NULL.
void *flyCalloc(size_t n, size_t size);

/// Resizes `block` (NULL allocates); returns NULL on failure with `block`
/// still valid and owned by the caller.
void *flyRealloc(void *block, size_t size);

/// Releases a block from flyAlloc/flyCalloc/flyRealloc. NULL is a no-op.
void flyFree(void *block);

/// Returns an owned copy of the NUL-terminated `s` (release with flyFree).
char *flyStrdup(const char *s);

/// A growable, always NUL-terminated byte string. Zero-initialise it
/// (`FlyStrBuf b = {0};`), append, then either take `data` (owned) or call
/// flyStrBufDestroy. After an allocation failure `oom` is set and further
/// appends are ignored, so callers check once at the end.
typedef struct FlyStrBuf {
  char *data;
  size_t len;
  size_t cap;
  int oom;
} FlyStrBuf;

/// Appends `n` bytes of `s` (which may be null when `n` is 0).
void flyStrBufAppendN(FlyStrBuf *b, const char *s, size_t n);
/// Appends the NUL-terminated `s`.
void flyStrBufAppend(FlyStrBuf *b, const char *s);
/// Appends printf-formatted text.
void flyStrBufAppendF(FlyStrBuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/// Appends vprintf-formatted text.
void flyStrBufAppendV(FlyStrBuf *b, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));
/// Returns the owned string (never NULL unless out of memory) and resets `b`.
char *flyStrBufTake(FlyStrBuf *b);
/// Releases the buffer's storage and resets it.
void flyStrBufDestroy(FlyStrBuf *b);

/// Milliseconds on the monotonic clock (an arbitrary origin): differences
/// time the steps of a compilation (`flyc --time-stages`).
double flyClockMs(void);

/// The greatest common divisor of |a| and |b| (0 when both are 0).
int64_t flyGcd64(int64_t a, int64_t b);

#ifdef __cplusplus
}
#endif

#endif /* FLYC_SUPPORT_H */
