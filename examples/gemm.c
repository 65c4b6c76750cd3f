/* The fp8 GEMM of gemm_fp8.mlir written with flyc's typed C front-end
 * (flyc/frontend.h): C[M,512] = (A[M,1024] B[512,1024]^T) sa[M] sb[512],
 * per-token f32 scales, bf16 output, 64x256 tiles of 256 threads (grid
 * (ceil(M/64), 2)), A through a ping-pong of swizzled LDS tiles filled by
 * DMA, B's fragments straight from memory. M is a run-time argument: A, C
 * and sa are buffer tensors of M rows, so a ragged last tile reads zeros
 * and drops its stores past M. `example-gemm` prints the kernel for
 * gfx950 (OCP e4m3fn, the 16x16x128 MFMA); `example-gemm gfx942` for
 * gfx942 (e4m3fnuz, 16x16x32 with K packed in pairs, 4-byte DMA). Every
 * type but the signature's is computed; `example-gemm | flyc - -o
 * gemm.hsaco` compiles it. */
#include <stdio.h>
#include <string.h>

#include "example.h"

typedef struct Chip {
  const char *elem, *a, *b, *shared; /* fp8 type; A's, B's memref; the LDS fields */
  FlyMma mma;                        /* one wave's 64x64 block of one K tile */
  int dmaBytes;
} Chip;

static const Chip kGfx950 = {
    "f8E4M3FN", "memref<16777216xf8E4M3FN>", "memref<524288xf8E4M3FN>",
    "a0: f8E4M3FN[8192] align 16, a1: f8E4M3FN[8192] align 16",
    {"16x16x128", "f8E4M3FN", "f8E4M3FN", "f32", 4, 4, 1, 1, false}, 16};
static const Chip kGfx942 = {
    "f8E4M3FNUZ", "memref<16777216xf8E4M3FNUZ>", "memref<524288xf8E4M3FNUZ>",
    "a0: f8E4M3FNUZ[8192] align 16, a1: f8E4M3FNUZ[8192] align 16",
    {"16x16x32", "f8E4M3FNUZ", "f8E4M3FNUZ", "f32", 4, 4, 4, 2, false}, 4};

/* (x, y) as an int tuple of index values. */
static MlirValue pair(FlyProgram *p, MlirValue x, MlirValue y) {
  MlirValue v[2] = {x, y};
  return flyCoord(FLY(p), 2, v);
}

/* The tensor of `rows` (index) x `cols` row-major elements over `mem`. */
static MlirValue rowsTensor(FlyProgram *p, MlirValue mem, MlirValue rows, int64_t cols) {
  MlirValue shape = pair(p, rows, flyIndex(FLY(p), cols));
  char stride[32];
  snprintf(stride, sizeof stride, "(%lld,1)", (long long)cols);
  return flyBufferTensor(FLY(p), mem, flyMakeLayout(FLY(p), shape, flyLayout(FLY(p), stride)));
}

static void gemm(FlyProgram *p, const Chip *chip) {
  const char *params[] = {chip->a,  chip->b, "memref<8388608xbf16>", "memref<16384xf32>",
                          "memref<512xf32>", "i32"};
  MlirValue arg[6];
  flyKernelBegin(FLY(p), "gemm_fp8", 256, 6, params, arg);
  MlirValue m = flyCast(FLY(p), arg[5], "index");
  MlirValue ga = rowsTensor(p, arg[0], m, 1024), gc = rowsTensor(p, arg[2], m, 512);
  MlirValue gb = flyBufferTensor(FLY(p), arg[1], flyLayout(FLY(p), "(512,1024):(1024,1)"));
  MlirValue sa = flyBufferTensor(FLY(p), arg[3], flyMakeLayout(FLY(p), flyCoord(FLY(p), 1, &m),
                                                               flyLayout(FLY(p), "1")));
  MlirValue sb = flyBufferTensor(FLY(p), arg[4], flyLayout(FLY(p), "512:1"));

  /* The A ping-pong: 64 x 128 tiles behind a 3-bit XOR swizzle. */
  MlirValue smem = flySharedAlloc(FLY(p), chip->shared);
  MlirValue swz = flyLayout(FLY(p), "S<3,4,3> o 0 o (64,128):(128,1)");
  MlirValue lds[2] = {flyTensor(FLY(p), flySharedField(FLY(p), smem, "a0"), swz),
                      flyTensor(FLY(p), flySharedField(FLY(p), smem, "a1"), swz)};

  /* Four waves split the tile's 256 columns. */
  MlirValue tid = flyThreadId(FLY(p), 0), bm = flyBlockId(FLY(p), 0);
  MlirValue wave = flyDiv(FLY(p), tid, flyIndex(FLY(p), 64));
  MlirValue lane = flyRem(FLY(p), tid, flyIndex(FLY(p), 64));
  MlirValue n0 = flyAdd(FLY(p), flyMul(FLY(p), flyBlockId(FLY(p), 1), flyIndex(FLY(p), 256)),
                        flyMul(FLY(p), wave, flyIndex(FLY(p), 64)));
  MlirValue zero = flyIndex(FLY(p), 0), one = flyIndex(FLY(p), 1), at0 = pair(p, zero, zero);

  /* K tile 0 into lds[0]; each step then copies the next tile into the
   * other buffer while the MFMAs read this one. */
  flyCopyToLds(FLY(p), flyLocalTile(FLY(p), ga, pair(p, bm, zero), "(64,128)"), lds[0], tid,
               chip->dmaBytes, 256);
  flyWaitVmcnt(FLY(p), 0);
  flyBarrier(FLY(p));
  MlirValue acc = flyMmaZero(FLY(p), &chip->mma), accIn;
  MlirValue kt = flyForBegin(FLY(p), zero, flyIndex(FLY(p), 8), flyIndex(FLY(p), 2), 1, &acc,
                             &accIn);
  flyHotLoop(FLY(p));
  for (int s = 0; s < 2; ++s) {
    MlirValue k = flyAdd(FLY(p), kt, flyIndex(FLY(p), s));
    MlirValue next = flyLocalTile(FLY(p), ga, pair(p, bm, flyAdd(FLY(p), k, one)), "(64,128)");
    flyCopyToLds(FLY(p), next, lds[1 - s], tid, chip->dmaBytes, 256);
    MlirValue bAt = pair(p, n0, flyMul(FLY(p), k, flyIndex(FLY(p), 128)));
    accIn = flyGemm(FLY(p), &chip->mma, lds[s], gb, accIn, lane, at0, bAt, (MlirValue){NULL});
    flyWaitVmcnt(FLY(p), 0);
    flyBarrier(FLY(p));
  }
  flyForEnd(FLY(p), 1, &accIn, &acc);

  /* Epilogue: the per-token scales, then bf16 (round to nearest even). */
  MlirValue co = pair(p, flyMul(FLY(p), bm, flyIndex(FLY(p), 64)), n0);
  MlirValue c = flyGemmScale(FLY(p), &chip->mma, acc, sa, sb, lane, co);
  flyGemmStore(FLY(p), &chip->mma, flyCast(FLY(p), c, "bf16"), gc, lane, co);
  flyKernelEnd(FLY(p));
}

int main(int argc, char **argv) {
  if (argc > 2 || (argc == 2 && strcmp(argv[1], "gfx942") && strcmp(argv[1], "gfx950"))) {
    fputs("usage: example-gemm [gfx950|gfx942]\n", stderr);
    return 2;
  }
  FlyProgram *p = flyProgramCreate();
  if (!p) {
    fputs("example-gemm: out of memory\n", stderr);
    return 1;
  }
  gemm(p, argc == 2 && !strcmp(argv[1], "gfx942") ? &kGfx942 : &kGfx950);
  return examplePrint(p);
}
