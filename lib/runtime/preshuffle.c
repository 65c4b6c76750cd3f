/*===- preshuffle.c - Host-side data preparation for the GEMM kernels -------===*
 *
 * The preshuffle layout of gemm-optimization §12: B (N x K, row-major) is
 * stored as [N/16][K/kblock][4][16][E] where a K block holds 64 bytes (kblock
 * = 64 / element size elements) and E = 16 bytes of it: the 16 bytes that
 * lane (n%16) + 16g of an MFMA loads with one buffer_load_dwordx4 are
 * contiguous. As a fly layout over B's logical (N, K) coordinates:
 *   ((16,N/16),(E,4,K/kblock)):((E,16K),(1,16E,16*kblock))
 * (for fp8: ((16,N/16),(16,4,K/64)):((16,16K),(1,256,1024))).
 *===----------------------------------------------------------------------===*/
#include <string.h>

#include "flyc/runtime.h"

bool flyPreshuffleBCheck(size_t size, size_t n, size_t k, size_t elemBytes, FlyStrBuf *err) {
  if (elemBytes == 0 || elemBytes > 16 || 16 % elemBytes || n % 16 || k % (64 / elemBytes)) {
    flyStrBufAppendF(err, "cannot preshuffle a %zux%zu matrix of %zu-byte elements: N must be a "
                          "multiple of 16 and K of %zu",
                     n, k, elemBytes, elemBytes && elemBytes <= 64 ? 64 / elemBytes : (size_t)0);
    return false;
  }
  size_t elems, bytes;
  if (__builtin_mul_overflow(n, k, &elems) || __builtin_mul_overflow(elems, elemBytes, &bytes) ||
      bytes != size) {
    flyStrBufAppendF(err, "cannot preshuffle a %zux%zu matrix of %zu-byte elements held in %zu "
                          "bytes: the sizes do not match",
                     n, k, elemBytes, size);
    return false;
  }
  return true;
}

bool flyPreshuffleB(const void *src, void *dst, size_t size, size_t n, size_t k,
                    size_t elemBytes, FlyStrBuf *err) {
  if (!flyPreshuffleBCheck(size, n, k, elemBytes, err))
    return false;
  const unsigned char *s = src;
  unsigned char *d = dst;
  size_t e = 16 / elemBytes, kblock = 64 / elemBytes;
  for (size_t row = 0; row < n; ++row)
    for (size_t col = 0; col < k; col += e) {
      size_t off = (row / 16) * 16 * k + (col / kblock) * 16 * kblock +
                   ((col % kblock) / e) * 16 * e + (row % 16) * e;
      memcpy(d + off * elemBytes, s + (row * k + col) * elemBytes, 16);
    }
  return true;
}
