/*===- preshuffle-mx.c - Tests of the MXFP4 GEMMs' host-side orders ---------===*
 *
 * flyPreshuffleMxScale against its contract, on every element of several
 * shapes, twice over: by the inverse map (nested loops over the output's
 * own structure, Ip, Sp, lane, ip, sp, walking its bytes in order and
 * naming the (row, kb) each must hold), and by the fly layout
 * ((16,2,R/32),(4,2,KB/8)):((4,2,32*KB),(64,1,256)) evaluated by the layout
 * library. Each input byte holds one digit (base 256) of its element's
 * index, one pass per digit, so a misplaced element cannot go unseen.
 * Then packed fp4 B: flyPreshuffleB of N x K/2 bytes puts every e2m1 code
 * where the fp4 reading of the §12 layout, in nibbles,
 * ((16,N/16),(32,4,K/128)):((32,16K),(1,512,2048)), says. Last, the sizes
 * flyPreshuffleMxScaleCheck refuses, with nothing written. Prints one line
 * per check; exit 1 on a failure.
 *===----------------------------------------------------------------------===*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flyc/layout.h"
#include "flyc/runtime.h"

static int failures;

/* Byte `digit` (base 256) of each element's row-major index. */
static void fillDigits(unsigned char *in, size_t n, unsigned digit) {
  for (size_t i = 0; i < n; ++i)
    in[i] = (unsigned char)(i >> (8 * digit));
}

/* The inverse map: walking the output in order, which (row, kb) each byte
 * holds; the walk's own counter is the offset. */
static size_t checkInverse(const unsigned char *in, const unsigned char *out, size_t rows,
                           size_t kblocks) {
  size_t bad = 0, offset = 0;
  for (size_t ip32 = 0; ip32 < rows / 32; ++ip32)
    for (size_t sp8 = 0; sp8 < kblocks / 8; ++sp8)
      for (size_t lane = 0; lane < 64; ++lane)
        for (size_t ip = 0; ip < 2; ++ip)
          for (size_t sp = 0; sp < 2; ++sp, ++offset) {
            size_t row = 32 * ip32 + 16 * ip + lane % 16, kb = 8 * sp8 + 4 * sp + lane / 16;
            bad += out[offset] != in[row * kblocks + kb];
          }
  return bad + (offset != rows * kblocks);
}

/* The fly layout of the docs, evaluated at (row, kb). */
static size_t checkLayout(const unsigned char *in, const unsigned char *out, size_t rows,
                          size_t kblocks) {
  char text[160];
  snprintf(text, sizeof text, "((16,2,%zu),(4,2,%zu)):((4,2,%zu),(64,1,256))", rows / 32,
           kblocks / 8, 32 * kblocks);
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  const FlyLayout *l = ctx ? flyLayoutParse(ctx, text) : NULL;
  size_t bad = l ? 0 : rows * kblocks;
  for (size_t row = 0; l && row < rows; ++row)
    for (size_t kb = 0; kb < kblocks; ++kb) {
      int64_t at;
      bad += flyLayoutEval(ctx, l, (int64_t)(row + rows * kb), &at) != 0 || at < 0 ||
             (size_t)at >= rows * kblocks || out[at] != in[row * kblocks + kb];
    }
  flyLayoutCtxDestroy(ctx);
  return bad;
}

static void checkScaleShape(size_t rows, size_t kblocks) {
  size_t size = rows * kblocks, bad = 0;
  unsigned char *in = malloc(size), *out = malloc(size);
  FlyStrBuf err = {0};
  for (unsigned digit = 0; in && out && digit < 3; ++digit) {
    fillDigits(in, size, digit);
    memset(out, 0xA5, size);
    if (!flyPreshuffleMxScale(in, out, size, rows, kblocks, &err)) {
      printf("FAILED %zux%zu: %s\n", rows, kblocks, err.data ? err.data : "?");
      bad++;
      break;
    }
    bad += checkInverse(in, out, rows, kblocks) + checkLayout(in, out, rows, kblocks);
  }
  bad += !in || !out;
  failures += bad != 0;
  printf("mx scales %zux%zu: %s\n", rows, kblocks, bad ? "FAILED" : "ok");
  free(in);
  free(out);
  flyStrBufDestroy(&err);
}

/* Packed fp4 B (two e2m1 codes a byte, even k low) preshuffled as bytes:
 * code (n, k) at nibble L(n, k) of the output. */
static void checkFp4B(size_t n, size_t k) {
  size_t elems = n * k, bytes = elems / 2, bad = 0;
  float *x = malloc(elems * sizeof *x);
  unsigned char *q = malloc(bytes), *s = malloc(elems / 32), *out = malloc(bytes);
  FlyStrBuf err = {0};
  unsigned seed = 99;
  for (size_t i = 0; x && i < elems; ++i)
    x[i] = (float)((double)rand_r(&seed) / RAND_MAX * 12 - 6);
  bool ok = x && q && s && out && flyQuantizeMxfp4(x, n, k, q, s, &err) &&
            flyPreshuffleB(q, out, bytes, n, k / 2, 1, &err);
  char text[160];
  snprintf(text, sizeof text, "((16,%zu),(32,4,%zu)):((32,%zu),(1,512,2048))", n / 16, k / 128,
           16 * k);
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  const FlyLayout *l = ok && ctx ? flyLayoutParse(ctx, text) : NULL;
  for (size_t r = 0; l && r < n; ++r)
    for (size_t c = 0; c < k; ++c) {
      int64_t at;
      unsigned want = (q[(r * k + c) / 2] >> (4 * (c % 2))) & 15;
      bad += flyLayoutEval(ctx, l, (int64_t)(r + n * c), &at) != 0 || at < 0 ||
             (size_t)at >= elems || ((out[at / 2] >> (4 * (at % 2))) & 15) != want;
    }
  bad += !l;
  failures += bad != 0;
  printf("fp4 B %zux%zu through flyPreshuffleB(%zu, %zu, 1): %s\n", n, k, n, k / 2,
         bad ? "FAILED" : "ok");
  flyLayoutCtxDestroy(ctx);
  free(x);
  free(q);
  free(s);
  free(out);
  flyStrBufDestroy(&err);
}

/* A refused call leaves `out` as it was. */
static void checkRefused(const char *what, size_t size, size_t rows, size_t kblocks) {
  unsigned char in[256] = {0}, out[256];
  memset(out, 0x5A, sizeof out);
  FlyStrBuf err = {0};
  bool checked = flyPreshuffleMxScaleCheck(size, rows, kblocks, &err);
  flyStrBufDestroy(&err);
  bool done = flyPreshuffleMxScale(in, out, size, rows, kblocks, &err);
  bool untouched = true;
  for (size_t i = 0; i < sizeof out; ++i)
    untouched &= out[i] == 0x5A;
  if (checked || done || !untouched) {
    printf("FAILED %s: accepted or written\n", what);
    failures++;
  } else {
    printf("%s: refused: %s\n", what, err.data ? err.data : "?");
  }
  flyStrBufDestroy(&err);
}

int main(void) {
  checkScaleShape(32, 8);
  checkScaleShape(64, 8);
  checkScaleShape(32, 16);
  checkScaleShape(96, 24);
  checkScaleShape(256, 64);
  checkFp4B(32, 256);
  checkFp4B(48, 512);
  checkRefused("rows", 48 * 8, 48, 8);
  checkRefused("blocks", 32 * 4, 32, 4);
  checkRefused("size", 255, 32, 8);
  /* (2^61 + 32) x 8 wraps around 2^64 to 256, the buffer's size. */
  checkRefused("overflow", 256, ((size_t)1 << 61) + 32, 8);
  return failures ? 1 : 0;
}
