/*===- mma_atoms.c - The MFMA atom table -------------------------------------===*/
#include "mma_atoms.h"

#include <string.h>

/* Thread-value layouts (see mma_atoms.h). With K_L = K / (64/M) values per
 * lane, A[m][k] is value k%K_L of lane m + M*(k/K_L), so the non-f8f6f4
 * forms read ((M,64/M),K_L):((1,M*K_L),M); C[m][n] is register m%4 of lane
 * n + 16*(m/4) (16x16) or register (m%4)+4*(m/8) of lane n + 32*((m/4)%2)
 * (32x32). */
#define C16 "((16,4),4):((16,4),1)"
#define C32 "((32,2),(4,4)):((32,4),(1,8))"

#define CDNA3_FP8(a, b, op, chips)                                                  \
  {"16x16x32", a, b, 8, "f32", 4, chips, "rocdl.mfma.f32.16x16x32." op, FLY_MMA_I64, -1, 4, \
   "((16,4),8):((1,128),16)", "((16,4),8):((1,128),16)", C16},                              \
  {"32x32x16", a, b, 8, "f32", 16, chips, "rocdl.mfma.f32.32x32x16." op, FLY_MMA_I64, -1, 8, \
   "((32,2),8):((1,256),32)", "((32,2),8):((1,256),32)", C32}

static const FlyMmaAtom atoms[] = {
    /* CDNA3 fp8/bf8: FNUZ on gfx942, OCP on gfx950 (same opcodes). */
    CDNA3_FP8("f8E4M3FNUZ", "f8E4M3FNUZ", "fp8.fp8", FLY_CHIPS_942),
    CDNA3_FP8("f8E4M3FNUZ", "f8E5M2FNUZ", "fp8.bf8", FLY_CHIPS_942),
    CDNA3_FP8("f8E5M2FNUZ", "f8E4M3FNUZ", "bf8.fp8", FLY_CHIPS_942),
    CDNA3_FP8("f8E5M2FNUZ", "f8E5M2FNUZ", "bf8.bf8", FLY_CHIPS_942),
    CDNA3_FP8("f8E4M3FN", "f8E4M3FN", "fp8.fp8", FLY_CHIPS_950),
    CDNA3_FP8("f8E4M3FN", "f8E5M2", "fp8.bf8", FLY_CHIPS_950),
    CDNA3_FP8("f8E5M2", "f8E4M3FN", "bf8.fp8", FLY_CHIPS_950),
    CDNA3_FP8("f8E5M2", "f8E5M2", "bf8.bf8", FLY_CHIPS_950),
    /* CDNA3 i8 and 16-bit forms, on both chips. */
    {"16x16x32", "i8", NULL, 8, "i32", 4, FLY_CHIPS_BOTH, "rocdl.mfma.i32.16x16x32.i8",
     FLY_MMA_I64, -1, 4, "((16,4),8):((1,128),16)", "((16,4),8):((1,128),16)", C16},
    {"32x32x16", "i8", NULL, 8, "i32", 16, FLY_CHIPS_BOTH, "rocdl.mfma.i32.32x32x16.i8",
     FLY_MMA_I64, -1, 8, "((32,2),8):((1,256),32)", "((32,2),8):((1,256),32)", C32},
    {"16x16x16", "f16", NULL, 4, "f32", 4, FLY_CHIPS_BOTH, "rocdl.mfma.f32.16x16x16f16",
     FLY_MMA_AS_IS, -1, 4, "((16,4),4):((1,64),16)", "((16,4),4):((1,64),16)", C16},
    {"16x16x16", "bf16", NULL, 4, "f32", 4, FLY_CHIPS_BOTH, "rocdl.mfma.f32.16x16x16bf16.1k",
     FLY_MMA_I16X, -1, 4, "((16,4),4):((1,64),16)", "((16,4),4):((1,64),16)", C16},
    {"32x32x8", "f16", NULL, 4, "f32", 16, FLY_CHIPS_BOTH, "rocdl.mfma.f32.32x32x8f16",
     FLY_MMA_AS_IS, -1, 8, "((32,2),4):((1,128),32)", "((32,2),4):((1,128),32)", C32},
    {"32x32x8", "bf16", NULL, 4, "f32", 16, FLY_CHIPS_BOTH, "rocdl.mfma.f32.32x32x8bf16.1k",
     FLY_MMA_I16X, -1, 8, "((32,2),4):((1,128),32)", "((32,2),4):((1,128),32)", C32},
    /* gfx950's full-rate forms. */
    {"16x16x32", "f16", NULL, 8, "f32", 4, FLY_CHIPS_950, "rocdl.mfma.f32.16x16x32.f16",
     FLY_MMA_AS_IS, -1, 4, "((16,4),8):((1,128),16)", "((16,4),8):((1,128),16)", C16},
    {"16x16x32", "bf16", NULL, 8, "f32", 4, FLY_CHIPS_950, "rocdl.mfma.f32.16x16x32.bf16",
     FLY_MMA_AS_IS, -1, 4, "((16,4),8):((1,128),16)", "((16,4),8):((1,128),16)", C16},
    {"32x32x16", "f16", NULL, 8, "f32", 16, FLY_CHIPS_950, "rocdl.mfma.f32.32x32x16.f16",
     FLY_MMA_AS_IS, -1, 8, "((32,2),8):((1,256),32)", "((32,2),8):((1,256),32)", C32},
    {"32x32x16", "bf16", NULL, 8, "f32", 16, FLY_CHIPS_950, "rocdl.mfma.f32.32x32x16.bf16",
     FLY_MMA_AS_IS, -1, 8, "((32,2),8):((1,256),32)", "((32,2),8):((1,256),32)", C32},
    {"16x16x64", "i8", NULL, 16, "i32", 4, FLY_CHIPS_950, "rocdl.mfma.i32.16x16x64.i8",
     FLY_MMA_I32X, -1, 4, "((16,4),16):((1,256),16)", "((16,4),16):((1,256),16)", C16},
    {"32x32x32", "i8", NULL, 16, "i32", 16, FLY_CHIPS_950, "rocdl.mfma.i32.32x32x32.i8",
     FLY_MMA_I32X, -1, 8, "((32,2),16):((1,512),32)", "((32,2),16):((1,512),32)", C32},
    /* f8f6f4 (unscaled through the scale op with neutral scales, as LLVM
     * emits it): fp8/bf8 lanes hold two 16-byte chunks, k = 16g+b and
     * 64+16g+b (16x16x128) or 32+16g+b (32x32x64); fp6/fp4 are contiguous. */
    {"16x16x128", "f8E4M3FN", NULL, 32, "f32", 4, FLY_CHIPS_950,
     "rocdl.mfma.scale.f32.16x16x128.f8f6f4", FLY_MMA_I32X, 0, 8,
     "((16,4),(16,2)):((1,256),(16,1024))", "((16,4),(16,2)):((1,256),(16,1024))", C16},
    {"16x16x128", "f8E5M2", NULL, 32, "f32", 4, FLY_CHIPS_950,
     "rocdl.mfma.scale.f32.16x16x128.f8f6f4", FLY_MMA_I32X, 1, 8,
     "((16,4),(16,2)):((1,256),(16,1024))", "((16,4),(16,2)):((1,256),(16,1024))", C16},
    {"16x16x128", "f6E2M3FN", NULL, 32, "f32", 4, FLY_CHIPS_950,
     "rocdl.mfma.scale.f32.16x16x128.f8f6f4", FLY_MMA_I32X, 2, 8,
     "((16,4),32):((1,512),16)", "((16,4),32):((1,512),16)", C16},
    {"16x16x128", "f6E3M2FN", NULL, 32, "f32", 4, FLY_CHIPS_950,
     "rocdl.mfma.scale.f32.16x16x128.f8f6f4", FLY_MMA_I32X, 3, 8,
     "((16,4),32):((1,512),16)", "((16,4),32):((1,512),16)", C16},
    {"16x16x128", "f4E2M1FN", NULL, 32, "f32", 4, FLY_CHIPS_950,
     "rocdl.mfma.scale.f32.16x16x128.f8f6f4", FLY_MMA_I32X, 4, 8,
     "((16,4),32):((1,512),16)", "((16,4),32):((1,512),16)", C16},
    {"32x32x64", "f8E4M3FN", NULL, 32, "f32", 16, FLY_CHIPS_950,
     "rocdl.mfma.scale.f32.32x32x64.f8f6f4", FLY_MMA_I32X, 0, 16,
     "((32,2),(16,2)):((1,512),(32,1024))", "((32,2),(16,2)):((1,512),(32,1024))", C32},
    {"32x32x64", "f8E5M2", NULL, 32, "f32", 16, FLY_CHIPS_950,
     "rocdl.mfma.scale.f32.32x32x64.f8f6f4", FLY_MMA_I32X, 1, 16,
     "((32,2),(16,2)):((1,512),(32,1024))", "((32,2),(16,2)):((1,512),(32,1024))", C32},
    {"32x32x64", "f4E2M1FN", NULL, 32, "f32", 16, FLY_CHIPS_950,
     "rocdl.mfma.scale.f32.32x32x64.f8f6f4", FLY_MMA_I32X, 4, 16,
     "((32,2),32):((1,1024),32)", "((32,2),32):((1,1024),32)", C32},
};

/* The f8f6f4 forms take A and B in independent formats: one row per
 * format, B matched against any row of the same shape. */
static bool matchesB(const FlyMmaAtom *t, const char *shape, const char *bElem) {
  if (t->format < 0)
    return !strcmp(t->bElem ? t->bElem : t->aElem, bElem);
  for (size_t i = 0; i < sizeof atoms / sizeof *atoms; ++i)
    if (atoms[i].format >= 0 && !strcmp(atoms[i].shape, shape) && !strcmp(atoms[i].aElem, bElem))
      return true;
  return false;
}

const FlyMmaAtom *flyMmaAtomFind(const char *shape, const char *aElem, const char *bElem,
                                 const char *cElem) {
  for (size_t i = 0; i < sizeof atoms / sizeof *atoms; ++i) {
    const FlyMmaAtom *t = &atoms[i];
    if (!strcmp(t->shape, shape) && !strcmp(t->aElem, aElem) && !strcmp(t->cElem, cElem) &&
        matchesB(t, shape, bElem))
      return t;
  }
  return NULL;
}

int flyMmaFormatOf(const char *elem) {
  for (size_t i = 0; i < sizeof atoms / sizeof *atoms; ++i)
    if (atoms[i].format >= 0 && !strcmp(atoms[i].aElem, elem))
      return atoms[i].format;
  return -1;
}

bool flyMmaAtomOnChip(const FlyMmaAtom *atom, FlyChip chip) {
  return (atom->chips & (chip == FLY_CHIP_GFX942 ? FLY_CHIPS_942 : FLY_CHIPS_950)) != 0;
}
