/*===- gemm_config.c - Checking a GEMM configuration -------------------------===*/
#include "gemm_config.h"
#include "flyc/hw.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void gemmConfigInit(GemmConfig *c) {
  memset(c, 0, sizeof *c);
  c->tileM = 64;
  c->tileN = 256;
  c->tileK = 128;
  c->dtype = GEMM_FP8;
  c->stages = 2;
  c->async = true;
  c->chip = FLY_CHIP_GFX950;
  c->n = 512;
  c->k = 1024;
  c->maxM = 16384;
  snprintf(c->name, sizeof c->name, "gemm");
  c->allowSpills = false;
  c->waves = 4;
}

bool gemmDtypeParse(const char *s, GemmDtype *out) {
  static const char *const names[] = {"fp8", "int8", "bf16", "fp16", "mxfp4", "a8w4"};
  for (int i = 0; i < 6; ++i)
    if (!strcmp(s, names[i]))
      return *out = (GemmDtype)i, true;
  return false;
}

/* Decimal digits only (no sign, no spaces) for a value in 1..max. */
static bool parseDigits(const char **s, int64_t max, int64_t *out) {
  int64_t v = 0;
  const char *p = *s;
  for (; *p >= '0' && *p <= '9'; ++p) {
    v = v * 10 + (*p - '0');
    if (v > max)
      return false;
  }
  if (p == *s || v == 0)
    return false;
  *out = v;
  *s = p;
  return true;
}

bool gemmCountParse(const char *s, int64_t max, int64_t *out) {
  return parseDigits(&s, max, out) && !*s;
}

static bool parseDim(const char **s, int64_t *out) { return parseDigits(s, 1 << 20, out); }

bool gemmNameValid(const char *s) {
  size_t n = strlen(s);
  bool ok = n > 0 && n < GEMM_NAME_MAX && !(*s >= '0' && *s <= '9');
  for (size_t i = 0; ok && i < n; ++i)
    ok = (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
         (s[i] >= '0' && s[i] <= '9') || s[i] == '_';
  return ok;
}

bool gemmTileParse(const char *s, GemmConfig *c) {
  return parseDim(&s, &c->tileM) && *s++ == 'x' && parseDim(&s, &c->tileN) && *s++ == 'x' &&
         parseDim(&s, &c->tileK) && !*s;
}

/* Whether the MFMA form `h` multiplies the operands of `dtype`. */
static bool formTakes(const FlyHwMfma *h, GemmDtype dtype) {
  switch (dtype) {
  case GEMM_FP8: return (h->a == FLY_HW_FP8 && h->b == FLY_HW_FP8) || h->a == FLY_HW_F8F6F4;
  case GEMM_INT8: return h->a == FLY_HW_I8;
  case GEMM_BF16: return h->a == FLY_HW_BF16;
  case GEMM_FP16: return h->a == FLY_HW_F16;
  case GEMM_MXFP4:
  case GEMM_A8W4: return h->a == FLY_HW_F8F6F4 && h->scaled;
  }
  return false;
}

/* The MFMA per dtype and chip: of the chip's dense one-block 16x16 forms
 * for the dtype in the hardware table, the one with the largest K (the
 * K-doubled forms of gfx950, else seed §6.2's CDNA3 ones). */
static bool pickAtom(const GemmConfig *c, GemmDerived *d) {
  size_t count;
  const FlyHwMfma *t = flyHwMfmaTable(&count), *best = NULL;
  int fmt = c->dtype == GEMM_MXFP4 ? FLY_HW_FMT_FP4 : FLY_HW_FMT_FP8;
  int fmtB = c->dtype == GEMM_MXFP4 || c->dtype == GEMM_A8W4 ? FLY_HW_FMT_FP4 : FLY_HW_FMT_FP8;
  for (size_t i = 0; i < count; i++) {
    const FlyHwMfma *h = &t[i];
    if (h->kind == FLY_HW_XDL && h->m == 16 && h->n == 16 && h->blocks == 1 &&
        formTakes(h, c->dtype) && flyHwMfmaPasses(h, c->chip, fmt, fmtB) &&
        (!best || h->k > best->k))
      best = h;
  }
  switch (c->dtype) {
  case GEMM_FP8:
    d->elem = flyChipGetInfo(c->chip)->ocpFp8 ? "f8E4M3FN" : "f8E4M3FNUZ";
    d->elemBytes = 1;
    break;
  case GEMM_INT8:
    d->elem = "i8";
    d->elemBytes = 1;
    break;
  case GEMM_BF16:
  case GEMM_FP16:
    d->elem = c->dtype == GEMM_BF16 ? "bf16" : "f16";
    d->elemBytes = 2;
    break;
  case GEMM_MXFP4: /* packed bytes in memory and LDS, fp4 at the MFMA */
    d->elem = "i8";
    d->elemBytes = 1;
    d->perByte = 2;
    d->mmaElem = "f4E2M1FN";
    d->mx = true;
    break;
  case GEMM_A8W4: /* fp8 A as fp8's, fp4 B as mxfp4's */
    d->elem = "f8E4M3FN";
    d->elemBytes = 1;
    d->elemB = "i8";
    d->mmaElemB = "f4E2M1FN";
    d->perByteB = 2;
    d->mx = true;
    break;
  }
  if (!d->mmaElem)
    d->mmaElem = d->elem, d->perByte = 1;
  if (!d->elemB)
    d->elemB = d->elem, d->mmaElemB = d->mmaElem, d->perByteB = d->perByte;
  d->kCols = c->k / d->perByte;
  d->tileKCols = c->tileK / d->perByte;
  d->kColsB = c->k / d->perByteB;
  d->tileKColsB = c->tileK / d->perByteB;
  if (!best) /* every chip has one for every dtype (test/support/hw-table.c) */
    return false;
  snprintf(d->atom, sizeof d->atom, "%ux%ux%u", best->m, best->n, best->k);
  d->atomK = best->k;
  d->abLen = (int64_t)best->m * best->k * best->blocks / 64;
  d->acc = c->dtype == GEMM_INT8 ? "i32" : "f32";
  d->scaled = d->elemBytes == 1 && !d->mx;
  return true;
}

/* The MX dtypes' names in messages. */
static const char *mxName(const GemmConfig *c) { return c->dtype == GEMM_A8W4 ? "a8w4" : "mxfp4"; }

/* Appends what is wrong to err and fails. */
#define BAD(err, ...) (flyStrBufAppendF((err), __VA_ARGS__), false)

/* Seed §1.4 plus the compiler's own limits on one wave's atoms. */
static bool checkTile(const GemmConfig *c, const GemmDerived *d, FlyStrBuf *err) {
  if (c->tileM % (16 * (c->waves / 4)))
    return BAD(err, "tile_m = %" PRId64 " must be a multiple of %d (the MFMA's M%s)", c->tileM,
               16 * (c->waves / 4), c->waves == 8 ? " in each of the two wave groups" : "");
  if (c->tileN % 64)
    return BAD(err, "tile_n = %" PRId64 " must be a multiple of 64 (4 waves x 16 columns)",
               c->tileN);
  if ((d->tileKCols * d->elemBytes) % 64 || c->tileK % d->atomK)
    return BAD(err, "tile_k = %" PRId64 " must be a multiple of %" PRId64
                    " (the MFMA's K, and 64 bytes)", c->tileK,
               d->atomK > 64 / d->elemBytes ? d->atomK : (int64_t)(64 / d->elemBytes));
  if (d->mx && c->tileK != 256)
    return BAD(err, "%s takes tile_k = 256 (one word of scales per lane holds two 128-wide "
                    "K steps), not %" PRId64, mxName(c), c->tileK);
  if (d->mx && (c->tileM % 32 || c->tileN % 128))
    return BAD(err, "%s needs tile_m a multiple of 32 and tile_n of 128 (a scale word "
                    "covers 32 rows), not %" PRId64 "x%" PRId64, mxName(c), c->tileM, c->tileN);
  if (d->mRepeat * d->nRepeat > 64)
    return BAD(err, "a wave's tile needs %" PRId64 " accumulator atoms; at most 64"
                    " fit the register file", d->mRepeat * d->nRepeat);
  return true;
}

/* Every global tensor is a buffer resource (so that a ragged M reads 0 and
 * stores nothing past the end). Its offsets are 32 bits, and LLVM's buffer
 * fat pointers (address space 7) index them as signed i32, so each tensor's
 * byte extent must stay below 2 GiB — for the largest M the kernel accepts,
 * max_m (the row count the A, C and scale_a memrefs declare). */
static bool checkBuffers(const GemmConfig *c, const GemmDerived *d, FlyStrBuf *err) {
  const struct { const char *name; int64_t rows, cols, bytes; } bufs[] = {
      {"A", c->maxM, d->kCols, d->elemBytes},
      {"B", c->n, d->kColsB, d->elemBytes},
      {"C", c->maxM, c->n, 2}, /* bf16 or f16 */
      {"scale_a", c->maxM, d->mx ? c->k / GEMM_MX_BLOCK : 1, d->mx ? 1 : 4},
      {"scale_b", c->n, d->mx ? c->k / GEMM_MX_BLOCK : 1, d->mx ? 1 : 4},
  };
  for (size_t i = 0; i < (d->scaled || d->mx ? 5u : 3u); ++i) {
    int64_t size = bufs[i].rows * bufs[i].cols * bufs[i].bytes; /* each <= 2^30: no overflow */
    if (size >= INT64_C(1) << 31)
      return BAD(err, "%s (%" PRId64 " x %" PRId64 " x %" PRId64 " bytes, with max_m = %" PRId64
                      ") exceeds the 2 GiB a buffer resource addresses",
                 bufs[i].name, bufs[i].rows, bufs[i].cols, bufs[i].bytes, c->maxM);
  }
  return true;
}

static bool checkProblem(const GemmConfig *c, const GemmDerived *d, FlyStrBuf *err) {
  if (c->n % c->tileN)
    return BAD(err, "N = %" PRId64 " is not a multiple of tile_n = %" PRId64, c->n, c->tileN);
  if (c->k % c->tileK)
    return BAD(err, "K = %" PRId64 " is not a multiple of tile_k = %" PRId64, c->k, c->tileK);
  if (c->stages == 2 && (c->k / c->tileK) % 2)
    return BAD(err, "with 2 LDS stages K = %" PRId64 " must be a multiple of 2 x tile_k = %" PRId64,
               c->k, 2 * c->tileK);
  return checkBuffers(c, d, err);
}

static bool checkLds(const GemmConfig *c, const GemmDerived *d, FlyStrBuf *err) {
  /* With 8 waves each group of 256 lanes copies its own half. */
  int64_t tileBytes = c->tileM / (c->waves / 4) * d->tileKCols * d->elemBytes;
  if (tileBytes % (256 * d->copyBytes))
    return BAD(err, "the A tile (%" PRId64 " bytes) does not split into 256 lanes x %" PRId64
                    " bytes per copy", tileBytes, (int64_t)d->copyBytes);
  if (!c->async && tileBytes > 16 * 256 * 16)
    return BAD(err, "the sync copy keeps an A tile in registers: at most %" PRId64
                    " bytes, not %" PRId64, (int64_t)(16 * 256 * 16), tileBytes);
  if (c->cshuffle && (c->tileM * c->tileN) % (64 * c->waves * d->eVec))
    return BAD(err, "the C tile (%" PRId64 " elements) does not split into %d lanes x %" PRId64
                    " elements per store", c->tileM * c->tileN, 64 * c->waves, (int64_t)d->eVec);
  uint32_t cap = flyChipGetInfo(c->chip)->ldsBytes;
  if (d->ldsBytes > cap)
    return BAD(err, "%s %" PRId64 " bytes of LDS, over the chip's %" PRId64,
               c->cshuffle ? "A or the CShuffle C tile needs" : "A needs", d->ldsBytes,
               (int64_t)cap);
  return true;
}

/* The K tiles a workgroup may start its walk over K at (docs/gemm.md, "K
 * order"). The L2 interleaves lines over its channels (the hardware
 * table: 16 channels of 128-byte lines on both chips), and A's rows lie
 * K x elem bytes apart: the rows of one K tile, W lines each, then reach
 * only the channels j (mod g), g = gcd(pitch in lines, channels), j < W
 * (K = 4096 fp8: g = 16, W = 1, every row on one channel). Workgroups
 * that run at once and start g / W tiles apart spread a tile's rows over
 * all the channels. 1 (no rotation) for a pitch that already spreads, for
 * rows not a whole number of lines, and with --k-order linear. Also sets
 * the XCD count the starts are spread over. */
static int64_t kRotation(const GemmConfig *c, GemmDerived *d) {
  const FlyHwMemory *mem = &flyHwChipGet(c->chip)->mem;
  const FlyHwProduct *p = flyHwProductDefault(c->chip);
  int64_t line = mem->l2.lineBytes, channels = mem->l2Channels;
  int64_t pitch = d->kCols * d->elemBytes, tile = d->tileKCols * d->elemBytes;
  int64_t tiles = c->k / c->tileK;
  if (c->kLinear || !p || line <= 0 || channels <= 1 || pitch % line || tile % line)
    return 1;
  d->kRotateXcds = p->xcds;
  int64_t spread = flyGcd64(pitch / line, channels) / (tile / line);
  return spread < 1 ? 1 : spread < tiles ? spread : tiles;
}

bool gemmConfigDerive(const GemmConfig *c, GemmDerived *d, FlyStrBuf *err) {
  memset(d, 0, sizeof *d);
  uint32_t most = flyHwChipGet(c->chip)->cu.maxWavesPerSimd;
  if (c->wavesPerEu < 0 || c->wavesPerEu > (int)most)
    return BAD(err, "--waves-per-eu %d: %s runs at most %u waves per SIMD", c->wavesPerEu,
               flyChipGetInfo(c->chip)->name, most);
  const FlyHwProduct *p = flyHwProductDefault(c->chip);
  if (c->xcd != 0 && (!p || c->xcd != (int)p->xcds))
    return BAD(err, "--xcd must be 0 or %s's XCD count, %u", p ? p->name : "the product's",
               p ? p->xcds : 0u);
  if (c->stages < 1 || c->stages > 3)
    return BAD(err, "lds_stage must be 1, 2 or 3, not %d", c->stages);
  if (c->stages == 3 && !c->async)
    return BAD(err, "3 LDS stages need the async copy (the sync copy stages A in registers)");
  if (!pickAtom(c, d) && d->mx)
    return BAD(err, "%s needs the scaled f8f6f4 MFMA (v_mfma_scale_f32_16x16x128_f8f6f4), "
                    "which %s does not have", mxName(c), flyChipGetInfo(c->chip)->name);
  if (!d->atom[0])
    return BAD(err, "%s has no 16x16 MFMA for this data type", flyChipGetInfo(c->chip)->name);
  /* swap_ab where A and B take either MFMA slot (docs/gemm.md, "Epilogue"):
   * one type, or the MX forms, whose f8f6f4 instruction takes each slot's
   * format on its own (a8w4: fp4 B in the A slot). Not for the 8-wave
   * block-scale core: under --schedule plain it then spills (LLVM
   * schedules its promotes differently). */
  d->swapAB = (c->kind != GEMM_KIND_BLOCKSCALE || c->waves == 4) &&
              (d->mx || !strcmp(d->mmaElem, d->mmaElemB));
  d->mRepeat = c->tileM / (16 * (c->waves / 4));
  d->nRepeat = c->tileN / 64;
  d->kSteps = c->tileK / d->atomK;
  /* 8-byte operands per lane (the CDNA3 atoms) pair up into 16-byte loads. */
  d->kPack = d->atomK * d->elemBytes / 4 == 8 && d->kSteps % 2 == 0 ? 2 : 1;
  d->copyBytes = c->async ? (int)flyChipGetInfo(c->chip)->ldsDmaMaxBytes : 16;
  d->ldsBytes = c->stages * c->tileM * d->tileKCols * d->elemBytes;
  if (c->cshuffle) { /* seed §7.2; 8 elements of padding per row spread the
                      * 16 rows a wave's 8-byte row segments fall in over
                      * the banks (unpadded, every row starts in bank 0).
                      * C's tile overlays A's first buffer, idle once the
                      * loop is done; the second stays apart so that its
                      * DMA and the first's reads are in different LDS
                      * objects. */
    d->eVec = c->tileN % 128 == 0 ? 4 : 2;
    d->cPitch = c->tileN + 8;
    int64_t cBytes = c->tileM * d->cPitch * 2, aBytes = c->tileM * d->tileKCols * d->elemBytes;
    d->ldsBytes = (cBytes > aBytes ? cBytes : aBytes) + (c->stages - 1) * aBytes;
  }
  if (!checkTile(c, d, err) || !checkProblem(c, d, err) || !checkLds(c, d, err) ||
      (c->kind == GEMM_KIND_BLOCKSCALE && !gemmBlockScaleCheck(c, err)))
    return false;
  d->kRotate = kRotation(c, d);
  return true;
}
