/*===- blockscale_config.c - The fp8 block-scale GEMM's recipes and checks ---===*
 *
 * Recipes by shape, never by name (seed fp8-blockscale-gemm, decision
 * guide): the kernel family is picked from (M, N, K) alone.
 *===----------------------------------------------------------------------===*/
#include "gemm_config.h"
#include "flyc/hw.h"

#include <inttypes.h>

#define BAD(err, ...) (flyStrBufAppendF((err), __VA_ARGS__), false)

/* The 8-wave ping-pong core's tile (seed: BLOCK_M = 128, BLOCK_N = 256). */
enum { EIGHT_WAVE_M = 128, EIGHT_WAVE_N = 256 };

bool gemmBlockScaleCheck(const GemmConfig *c, FlyStrBuf *err) {
  int64_t wave = c->tileN / 4;
  if (c->dtype != GEMM_FP8)
    return BAD(err, "the block-scale GEMM takes fp8 A and B");
  if (c->tileK != GEMM_SCALE_BLOCK)
    return BAD(err, "the block-scale GEMM's tile_k must be the scale block, %d, not %" PRId64,
               GEMM_SCALE_BLOCK, c->tileK);
  if (GEMM_SCALE_BLOCK % wave || c->n % GEMM_SCALE_BLOCK)
    return BAD(err, "each wave's %" PRId64 " columns must lie in one %d-wide N block of b_scale"
                    " (tile_n / 4 dividing %d, N a multiple of %d)",
               wave, GEMM_SCALE_BLOCK, GEMM_SCALE_BLOCK, GEMM_SCALE_BLOCK);
  if (c->waves == 8 && (c->tileM != EIGHT_WAVE_M || c->tileN != EIGHT_WAVE_N))
    return BAD(err, "the 8-wave core's tile is %dx%dx%d (BLOCK_M x BLOCK_N), not %" PRId64
                    "x%" PRId64 "x%" PRId64, EIGHT_WAVE_M, EIGHT_WAVE_N, GEMM_SCALE_BLOCK,
               c->tileM, c->tileN, c->tileK);
  if (c->stages != 2 || !c->async || c->cshuffle || c->outF16)
    return BAD(err, "the block-scale GEMM is built with 2 LDS stages, the async copy and the "
                    "direct bf16 store");
  /* a_scale's buffer (K/128 x max_m x 4 bytes) is a 32nd of A's, which
   * the family's check already keeps below 2 GiB. */
  return true;
}


/* Narrow N and deep K whose 8-wave grid still fills the device: the seed's
 * qkv class (4096x2048x7168), where the 8-wave cluster core wins. */
static bool narrowDeep(const GemmConfig *c, int64_t m, const FlyHwProduct *p) {
  int64_t blocks = (m + EIGHT_WAVE_M - 1) / EIGHT_WAVE_M * (c->n / EIGHT_WAVE_N);
  return c->n <= 2048 && c->k >= 4096 && blocks >= (int64_t)p->cus;
}

/* Very wide N with locality pressure: B is larger than every XCD's L2
 * together, so blocks of one N panel spread over the XCDs each fetch it
 * (the seed's q_up class, N = 65536): remap them onto one XCD. */
static bool localityBound(const GemmConfig *c, const FlyHwProduct *p) {
  const FlyHwChip *h = flyHwChipGet(c->chip);
  return h && c->n * c->k > (int64_t)(h->mem.l2.bytes * p->xcds);
}

bool gemmRecipeApply(GemmConfig *c, GemmRecipe recipe, int64_t m, bool tileSet, bool xcdSet,
                     FlyStrBuf *err) {
  const FlyHwProduct *p = flyHwProductDefault(c->chip);
  if (!p)
    return BAD(err, "no product of this chip in the hardware table");
  if (recipe == GEMM_RECIPE_AUTO) {
    if (m <= 0)
      return BAD(err, "--recipe auto picks from (M, N, K): give the expected M with --m");
    recipe = narrowDeep(c, m, p) ? GEMM_RECIPE_8WAVE : GEMM_RECIPE_4WAVE;
    if (!xcdSet) /* the 8-wave class gains nothing from it (seed) */
      c->xcd = recipe == GEMM_RECIPE_4WAVE && localityBound(c, p) ? (int)p->xcds : 0;
  }
  if (recipe == GEMM_RECIPE_8WAVE) {
    c->waves = 8;
    if (!tileSet) {
      c->tileM = EIGHT_WAVE_M;
      c->tileN = EIGHT_WAVE_N;
      c->tileK = GEMM_SCALE_BLOCK;
    }
    return true;
  }
  if (!tileSet) { /* the seed's t64x256x128 */
    c->tileM = 64;
    c->tileN = 256;
    c->tileK = GEMM_SCALE_BLOCK;
  }
  return true;
}

bool gemmClusterDefault(const GemmConfig *c) {
  return c->waves == 8 || c->chip != FLY_CHIP_GFX942;
}
