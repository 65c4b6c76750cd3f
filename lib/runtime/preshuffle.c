/*===- preshuffle.c - Host-side data preparation for the GEMM kernels -------===*
 *
 * The preshuffle layout of gemm-optimization §12: B (N x K, row-major) is
 * stored as [N/16][K/kblock][4][16][E] where a K block holds 64 bytes (kblock
 * = 64 / element size elements) and E = 16 bytes of it: the 16 bytes that
 * lane (n%16) + 16g of an MFMA loads with one buffer_load_dwordx4 are
 * contiguous. As a fly layout over B's logical (N, K) coordinates:
 *   ((16,N/16),(E,4,K/kblock)):((E,16K),(1,16E,16*kblock))
 * (for fp8: ((16,N/16),(16,4,K/64)):((16,16K),(1,256,1024))). Packed fp4
 * (two e2m1 codes a byte) is B of N x K/2 bytes here.
 *
 * The MX scale order: the E8M0 scales of an MXFP4 GEMM operand (R rows x
 * KB blocks of 32 K elements) grouped so that one dword per lane carries
 * what a 16x16x128 scaled MFMA's lane needs for two 16-row groups and two
 * 128-wide K steps:
 *   ((16,2,R/32),(4,2,KB/8)):((4,2,32 KB),(64,1,256)) over (row, kb),
 * groups of 32 rows outermost, so the first R' rows are a prefix.
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

bool flyPreshuffleMxScaleCheck(size_t size, size_t rows, size_t kblocks, FlyStrBuf *err) {
  if (rows % 32 || kblocks % 8) {
    flyStrBufAppendF(err, "cannot preshuffle MX scales of %zu rows x %zu blocks: the rows must "
                          "be a multiple of 32 and the blocks of 8", rows, kblocks);
    return false;
  }
  size_t bytes;
  if (__builtin_mul_overflow(rows, kblocks, &bytes) || bytes != size) {
    flyStrBufAppendF(err, "cannot preshuffle MX scales of %zu rows x %zu blocks held in %zu "
                          "bytes: the sizes do not match", rows, kblocks, size);
    return false;
  }
  return true;
}

/* Where S[row][kb] goes: lane (row % 16) + 16 (kb % 4) of the 64-lane
 * group (Ip, Sp) = (row / 32, kb / 8), byte 2 ((row / 16) % 2) + (kb / 4) % 2
 * of that lane's dword. */
static size_t mxScaleOffset(size_t row, size_t kb, size_t kblocks) {
  size_t lane = row % 16 + 16 * (kb % 4), ip = (row / 16) % 2, sp = (kb / 4) % 2;
  return (((row / 32) * (kblocks / 8) + kb / 8) * 64 + lane) * 4 + 2 * ip + sp;
}

bool flyPreshuffleMxScale(const void *in, void *out, size_t size, size_t rows, size_t kblocks,
                          FlyStrBuf *err) {
  if (!flyPreshuffleMxScaleCheck(size, rows, kblocks, err))
    return false;
  const unsigned char *s = in;
  unsigned char *d = out;
  for (size_t row = 0; row < rows; ++row)
    for (size_t kb = 0; kb < kblocks; ++kb)
      d[mxScaleOffset(row, kb, kblocks)] = s[row * kblocks + kb];
  return true;
}
