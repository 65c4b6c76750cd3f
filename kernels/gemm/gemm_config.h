/*===- gemm_config.h - One configuration of the preshuffle-family GEMM -------===*
 *
 * C[M,N] = A[M,K] * B[N,K]^T (gemm-optimization §1): 256 threads, 4 waves
 * splitting tile_n, 16x16 MFMA atoms, A through LDS, B straight to VGPRs.
 * N and K are fixed by the configuration, M is a kernel argument.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_KERNELS_GEMM_CONFIG_H
#define FLYC_KERNELS_GEMM_CONFIG_H

#include "flyc/chip.h"
#include "flyc/support.h"

#include <stdbool.h>
#include <stdint.h>

/// A and B's types: fp8 (and int8) with per-token f32 scales, bf16, fp16,
/// and MXFP4 (OCP microscaling: fp4 e2m1 packed two per byte, one E8M0
/// scale per 32 K elements of a row, applied by the scaled MFMA).
/// and a8w4, the mixed form: A MXFP8 (OCP e4m3fn, one byte each, with the
/// same E8M0 scales per 32), B MXFP4.
typedef enum GemmDtype { GEMM_FP8, GEMM_INT8, GEMM_BF16, GEMM_FP16, GEMM_MXFP4, GEMM_A8W4 } GemmDtype;

/// The K elements one E8M0 scale of MXFP4 covers (OCP MX v1.0).
enum { GEMM_MX_BLOCK = 32 };

/// The kernel family: the per-token-scaled preshuffle GEMM, or the fp8
/// block-scale GEMM (docs/blockscale.md).
typedef enum GemmKind { GEMM_KIND_PRESHUFFLE, GEMM_KIND_BLOCKSCALE } GemmKind;

/// The block-scale GEMM's recipes (docs/blockscale.md): chosen from the
/// shape (auto), the 4-wave core, or the 8-wave ping-pong core.
typedef enum GemmRecipe { GEMM_RECIPE_AUTO, GEMM_RECIPE_4WAVE, GEMM_RECIPE_8WAVE } GemmRecipe;

/// The K (and N) extent of one block scale.
enum { GEMM_SCALE_BLOCK = 128 };

/// Room for a kernel name and its NUL.
enum { GEMM_NAME_MAX = 64 };

/// The epilogue's activation, applied after the scales and the bias (f32).
typedef enum GemmActivation {
  GEMM_ACT_NONE, GEMM_ACT_RELU, GEMM_ACT_SILU, GEMM_ACT_GELU
} GemmActivation;

typedef struct GemmConfig {
  GemmKind kind;
  int64_t tileM, tileN, tileK;
  GemmDtype dtype;
  bool outF16;   /* output f16 (else bf16) */
  int stages;    /* LDS stages for A: 1, 2 (ping-pong) or 3 (async only) */
  bool async;    /* A by LDS DMA (else global -> VGPR -> LDS) */
  bool cshuffle; /* C through LDS, stored row-contiguous (else direct) */
  FlyChip chip;
  int64_t n, k;  /* problem N and K */
  int64_t maxM;  /* rows the A/C/scale memrefs are declared with */
  char name[GEMM_NAME_MAX]; /* kernel symbol (gemmNameValid) */
  bool allowSpills; /* write the kernel even if it spills to scratch */
  int xcd;          /* remap block ids over this many XCDs (0: off) */
  int waves;        /* 4, or 8: two groups of 4 waves, each with its own half of the
                       tile's rows and the same columns (so B's fragments are
                       loaded twice per CU, the second time from L1); the
                       block-scale core runs them a barrier phase apart (ping-pong) */
  bool cluster;     /* block-scale: each promote after its stage's barrier */
  int wavesPerEu;   /* occupancy the register allocator must reach (rocdl.waves_per_eu;
                       0: no hint) */
  bool bias;        /* preshuffle: add an f32 bias per output column (an argument before M) */
  GemmActivation activation; /* preshuffle: the epilogue's activation */
  bool residual;    /* preshuffle: add R[m][n] of the output type after the activation
                       (an argument before M, after the bias) */
  bool kLinear;     /* every workgroup walks K from tile 0 (else from a tile of its
                       own where A's row pitch would queue its rows on a few L2
                       channels: GemmDerived.kRotate) */
} GemmConfig;

/// What a configuration implies (gemm-optimization §1.2, §2.4, §6.2).
typedef struct GemmDerived {
  const char *elem;    /* MLIR element type of A's and B's tensors, e.g. "f8E4M3FN"
                          ("i8" for MXFP4: packed bytes) */
  const char *mmaElem; /* the MFMA's operand type (fp4: "f4E2M1FN"), else elem */
  int elemBytes;       /* bytes per tensor element */
  int perByte;         /* logical elements per tensor element: 2 for fp4, else 1 */
  int64_t kCols, tileKCols; /* K and tile_k in tensor elements (K / perByte) */
  /* B's own (a8w4: fp4 B under fp8 A), else A's */
  const char *elemB, *mmaElemB;
  int perByteB;
  int64_t kColsB, tileKColsB;
  char atom[24];       /* MMA shape, e.g. "16x16x128" */
  int64_t atomK;
  int64_t abLen;       /* A's (and B's) elements per lane of one atom: M*K*blocks/64 */
  const char *acc;     /* accumulator element: "f32" or "i32" */
  int64_t mRepeat, nRepeat, kSteps; /* atoms per wave tile, K steps per tile */
  int64_t kPack;       /* K steps per fragment load (fly.gemm's k_pack) */
  int copyBytes;       /* bytes per lane per copy instruction */
  int64_t ldsBytes;    /* A's LDS (stages x tile_m x tile_k x elem bytes), or
                          C's CShuffle tile where larger (they overlay) */
  int64_t cPitch;      /* CShuffle: elements per LDS row of C (tile_n + pad) */
  int eVec;            /* CShuffle: C elements per lane per store */
  bool scaled;         /* 8-bit types: per-token f32 scales */
  bool mx;             /* MXFP4: E8M0 block scales fed to the scaled MFMA */
  int64_t kRotate;     /* the K tiles a workgroup's walk over K may start at
                          (1: all start at tile 0; docs/gemm.md, "K order") */
  int64_t kRotateXcds; /* with kRotate > 1: the XCDs block ids are dealt over
                          (the chip's product, hardware table) */
  bool swapAB;         /* the MFMAs take B as their A operand (swap_ab): each
                          lane's accumulators lie along a row of C, so the
                          epilogue stores them packed (A and B of one
                          type; MX scales exchanged with them) */
} GemmDerived;

/// Defaults: 64x256x128 fp8, 2 stages, async, gfx950, N = 512, K = 1024.
void gemmConfigInit(GemmConfig *c);

/// Parses "fp8" | "int8" | "bf16" | "fp16" | "mxfp4" | "a8w4".
bool gemmDtypeParse(const char *s, GemmDtype *out);

/// Parses "MxNxK" into the tile sizes (decimal digits, each 1..2^20).
bool gemmTileParse(const char *s, GemmConfig *c);

/// Parses a count: decimal digits only, 1..max.
bool gemmCountParse(const char *s, int64_t max, int64_t *out);

/// True for a kernel name that is a plain symbol: [A-Za-z_][A-Za-z0-9_]*,
/// at most GEMM_NAME_MAX - 1 characters (it becomes the ELF symbol and its
/// ".kd" descriptor, and the metadata's name).
bool gemmNameValid(const char *s);

/// Checks the configuration (seed §1.4 and what the compiler needs) and
/// fills `d`. On failure appends one sentence saying what is wrong to `err`.
bool gemmConfigDerive(const GemmConfig *c, GemmDerived *d, FlyStrBuf *err);

/// blockscale_config.c: applies a block-scale recipe to `c` (its tile and
/// XCD remap; `tileSet`/`xcdSet` say the command line chose them). auto
/// picks from M (`m`, the expected rows), N and K alone. False with one
/// sentence in `err` for a recipe that cannot be built.
bool gemmRecipeApply(GemmConfig *c, GemmRecipe recipe, int64_t m, bool tileSet, bool xcdSet,
                     FlyStrBuf *err);

/// The block-scale core's default promote placement: the cluster schedule
/// (each promote after its stage's barrier, docs/blockscale.md) except for
/// the 4-wave core on gfx942, which needs more than 256 registers and runs
/// at one wave per SIMD, where the timing model finds the promote before
/// the barrier (plain) faster: no second wave's MFMAs cover the VALU work
/// then delaying the next stage's loads.
bool gemmClusterDefault(const GemmConfig *c);

/// The block-scale GEMM's own checks (after the family's): fp8, tile_k the
/// scale block, each wave's columns inside one N block, two async stages,
/// direct bf16 store, the XCD count.
bool gemmBlockScaleCheck(const GemmConfig *c, FlyStrBuf *err);

#endif /* FLYC_KERNELS_GEMM_CONFIG_H */
