/*===- mma_atoms.c - The MFMA atom table -------------------------------------===*
 *
 * The compiler's columns of each MFMA form (the MLIR element types fly.mma
 * takes, the ROCDL op and how operands are packed for it, the thread-value
 * layouts); the form itself (shape, operand types, chips, passes) is its
 * row of the hardware table, by mnemonic.
 *===----------------------------------------------------------------------===*/
#include "mma_atoms.h"

#include <stdio.h>
#include <string.h>

/* Thread-value layouts (see mma_atoms.h). With K_L = K / (64/M) values per
 * lane, A[m][k] is value k%K_L of lane m + M*(k/K_L), so the non-f8f6f4
 * forms read ((M,64/M),K_L):((1,M*K_L),M); C[m][n] is register m%4 of lane
 * n + 16*(m/4) (16x16) or register (m%4)+4*(m/8) of lane n + 32*((m/4)%2)
 * (32x32). */
#define C16 "((16,4),4):((16,4),1)"
#define C32 "((32,2),(4,4)):((32,4),(1,8))"

#define CDNA3_FP8(a, b, ab, op)                                                              \
  {"v_mfma_f32_16x16x32_" ab, a, b, "rocdl.mfma.f32.16x16x32." op, FLY_MMA_I64, -1,          \
   "((16,4),8):((1,128),16)", "((16,4),8):((1,128),16)", C16},                              \
  {"v_mfma_f32_32x32x16_" ab, a, b, "rocdl.mfma.f32.32x32x16." op, FLY_MMA_I64, -1,          \
   "((32,2),8):((1,256),32)", "((32,2),8):((1,256),32)", C32}

static const FlyMmaAtom atoms[] = {
    /* CDNA3 fp8/bf8: FNUZ on gfx942, OCP on gfx950 (same opcodes). */
    CDNA3_FP8("f8E4M3FNUZ", "f8E4M3FNUZ", "fp8_fp8", "fp8.fp8"),
    CDNA3_FP8("f8E4M3FNUZ", "f8E5M2FNUZ", "fp8_bf8", "fp8.bf8"),
    CDNA3_FP8("f8E5M2FNUZ", "f8E4M3FNUZ", "bf8_fp8", "bf8.fp8"),
    CDNA3_FP8("f8E5M2FNUZ", "f8E5M2FNUZ", "bf8_bf8", "bf8.bf8"),
    CDNA3_FP8("f8E4M3FN", "f8E4M3FN", "fp8_fp8", "fp8.fp8"),
    CDNA3_FP8("f8E4M3FN", "f8E5M2", "fp8_bf8", "fp8.bf8"),
    CDNA3_FP8("f8E5M2", "f8E4M3FN", "bf8_fp8", "bf8.fp8"),
    CDNA3_FP8("f8E5M2", "f8E5M2", "bf8_bf8", "bf8.bf8"),
    /* CDNA3 i8 and 16-bit forms, on both chips. */
    {"v_mfma_i32_16x16x32_i8", "i8", NULL, "rocdl.mfma.i32.16x16x32.i8", FLY_MMA_I64, -1,
     "((16,4),8):((1,128),16)", "((16,4),8):((1,128),16)", C16},
    {"v_mfma_i32_32x32x16_i8", "i8", NULL, "rocdl.mfma.i32.32x32x16.i8", FLY_MMA_I64, -1,
     "((32,2),8):((1,256),32)", "((32,2),8):((1,256),32)", C32},
    {"v_mfma_f32_16x16x16_f16", "f16", NULL, "rocdl.mfma.f32.16x16x16f16", FLY_MMA_AS_IS, -1,
     "((16,4),4):((1,64),16)", "((16,4),4):((1,64),16)", C16},
    {"v_mfma_f32_16x16x16_bf16", "bf16", NULL, "rocdl.mfma.f32.16x16x16bf16.1k", FLY_MMA_I16X, -1,
     "((16,4),4):((1,64),16)", "((16,4),4):((1,64),16)", C16},
    {"v_mfma_f32_32x32x8_f16", "f16", NULL, "rocdl.mfma.f32.32x32x8f16", FLY_MMA_AS_IS, -1,
     "((32,2),4):((1,128),32)", "((32,2),4):((1,128),32)", C32},
    {"v_mfma_f32_32x32x8_bf16", "bf16", NULL, "rocdl.mfma.f32.32x32x8bf16.1k", FLY_MMA_I16X, -1,
     "((32,2),4):((1,128),32)", "((32,2),4):((1,128),32)", C32},
    /* gfx950's full-rate forms. */
    {"v_mfma_f32_16x16x32_f16", "f16", NULL, "rocdl.mfma.f32.16x16x32.f16", FLY_MMA_AS_IS, -1,
     "((16,4),8):((1,128),16)", "((16,4),8):((1,128),16)", C16},
    {"v_mfma_f32_16x16x32_bf16", "bf16", NULL, "rocdl.mfma.f32.16x16x32.bf16", FLY_MMA_AS_IS, -1,
     "((16,4),8):((1,128),16)", "((16,4),8):((1,128),16)", C16},
    {"v_mfma_f32_32x32x16_f16", "f16", NULL, "rocdl.mfma.f32.32x32x16.f16", FLY_MMA_AS_IS, -1,
     "((32,2),8):((1,256),32)", "((32,2),8):((1,256),32)", C32},
    {"v_mfma_f32_32x32x16_bf16", "bf16", NULL, "rocdl.mfma.f32.32x32x16.bf16", FLY_MMA_AS_IS, -1,
     "((32,2),8):((1,256),32)", "((32,2),8):((1,256),32)", C32},
    {"v_mfma_i32_16x16x64_i8", "i8", NULL, "rocdl.mfma.i32.16x16x64.i8", FLY_MMA_I32X, -1,
     "((16,4),16):((1,256),16)", "((16,4),16):((1,256),16)", C16},
    {"v_mfma_i32_32x32x32_i8", "i8", NULL, "rocdl.mfma.i32.32x32x32.i8", FLY_MMA_I32X, -1,
     "((32,2),16):((1,512),32)", "((32,2),16):((1,512),32)", C32},
    /* f8f6f4 (unscaled through the scale op with neutral scales, as LLVM
     * emits it): fp8/bf8 lanes hold two 16-byte chunks, k = 16g+b and
     * 64+16g+b (16x16x128) or 32+16g+b (32x32x64); fp6/fp4 are contiguous. */
    {"v_mfma_scale_f32_16x16x128_f8f6f4", "f8E4M3FN", NULL,
     "rocdl.mfma.scale.f32.16x16x128.f8f6f4", FLY_MMA_I32X, 0,
     "((16,4),(16,2)):((1,256),(16,1024))", "((16,4),(16,2)):((1,256),(16,1024))", C16},
    {"v_mfma_scale_f32_16x16x128_f8f6f4", "f8E5M2", NULL,
     "rocdl.mfma.scale.f32.16x16x128.f8f6f4", FLY_MMA_I32X, 1,
     "((16,4),(16,2)):((1,256),(16,1024))", "((16,4),(16,2)):((1,256),(16,1024))", C16},
    {"v_mfma_scale_f32_16x16x128_f8f6f4", "f6E2M3FN", NULL,
     "rocdl.mfma.scale.f32.16x16x128.f8f6f4", FLY_MMA_I32X, 2,
     "((16,4),32):((1,512),16)", "((16,4),32):((1,512),16)", C16},
    {"v_mfma_scale_f32_16x16x128_f8f6f4", "f6E3M2FN", NULL,
     "rocdl.mfma.scale.f32.16x16x128.f8f6f4", FLY_MMA_I32X, 3,
     "((16,4),32):((1,512),16)", "((16,4),32):((1,512),16)", C16},
    {"v_mfma_scale_f32_16x16x128_f8f6f4", "f4E2M1FN", NULL,
     "rocdl.mfma.scale.f32.16x16x128.f8f6f4", FLY_MMA_I32X, 4,
     "((16,4),32):((1,512),16)", "((16,4),32):((1,512),16)", C16},
    {"v_mfma_scale_f32_32x32x64_f8f6f4", "f8E4M3FN", NULL,
     "rocdl.mfma.scale.f32.32x32x64.f8f6f4", FLY_MMA_I32X, 0,
     "((32,2),(16,2)):((1,512),(32,1024))", "((32,2),(16,2)):((1,512),(32,1024))", C32},
    {"v_mfma_scale_f32_32x32x64_f8f6f4", "f8E5M2", NULL,
     "rocdl.mfma.scale.f32.32x32x64.f8f6f4", FLY_MMA_I32X, 1,
     "((32,2),(16,2)):((1,512),(32,1024))", "((32,2),(16,2)):((1,512),(32,1024))", C32},
    {"v_mfma_scale_f32_32x32x64_f8f6f4", "f4E2M1FN", NULL,
     "rocdl.mfma.scale.f32.32x32x64.f8f6f4", FLY_MMA_I32X, 4,
     "((32,2),32):((1,1024),32)", "((32,2),32):((1,1024),32)", C32},
};

const FlyMmaAtom *flyMmaAtomTable(size_t *count) {
  *count = sizeof atoms / sizeof *atoms;
  return atoms;
}

const FlyHwMfma *flyMmaAtomHw(const FlyMmaAtom *atom) { return flyHwMfmaFind(atom->mnemonic); }

int flyMmaAtomAbLen(const FlyMmaAtom *atom) {
  const FlyHwMfma *h = flyMmaAtomHw(atom);
  return h->m * h->k * h->blocks / 64;
}

int flyMmaAtomCLen(const FlyMmaAtom *atom) {
  const FlyHwMfma *h = flyMmaAtomHw(atom);
  return h->m * h->n * h->blocks / 64;
}

const char *flyMmaAtomCElem(const FlyMmaAtom *atom) {
  return flyMmaAtomHw(atom)->c == FLY_HW_I32 ? "i32" : "f32";
}

/* Whether the one-block form `h` has the shape "MxNxK". */
static bool hasShape(const FlyHwMfma *h, const char *shape) {
  char s[32];
  snprintf(s, sizeof s, "%ux%ux%u", h->m, h->n, h->k);
  return h->blocks == 1 && !strcmp(s, shape);
}

/* The f8f6f4 forms take A and B in independent formats: one row per
 * format, B matched against any row of the same form. */
static bool matchesB(const FlyMmaAtom *t, const char *bElem) {
  if (t->format < 0)
    return !strcmp(t->bElem ? t->bElem : t->aElem, bElem);
  for (size_t i = 0; i < sizeof atoms / sizeof *atoms; ++i)
    if (atoms[i].format >= 0 && !strcmp(atoms[i].mnemonic, t->mnemonic) &&
        !strcmp(atoms[i].aElem, bElem))
      return true;
  return false;
}

const FlyMmaAtom *flyMmaAtomFind(const char *shape, const char *aElem, const char *bElem,
                                 const char *cElem) {
  for (size_t i = 0; i < sizeof atoms / sizeof *atoms; ++i) {
    const FlyMmaAtom *t = &atoms[i];
    const FlyHwMfma *h = flyMmaAtomHw(t);
    if (h && hasShape(h, shape) && !strcmp(t->aElem, aElem) &&
        !strcmp(flyMmaAtomCElem(t), cElem) && matchesB(t, bElem))
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

int flyMmaElemsPerByte(const char *elem) {
  if (!strcmp(elem, "f4E2M1FN"))
    return 2;
  return strncmp(elem, "f6E", 3) ? 1 : 0;
}

/* Whether the MLIR element type is an fp8 of the FNUZ (gfx942) flavour or
 * the OCP one (gfx950): -1 for other types. */
static int fnuzOf(const char *elem) {
  if (strncmp(elem, "f8E", 3))
    return -1;
  return strstr(elem, "FNUZ") != NULL;
}

bool flyMmaAtomOnChip(const FlyMmaAtom *atom, FlyChip chip) {
  const FlyHwMfma *h = flyMmaAtomHw(atom);
  const FlyHwChip *c = flyHwChipGet(chip);
  if (!h || !c || !flyHwMfmaPasses(h, chip, atom->format, atom->format))
    return false;
  /* The CDNA3 fp8 opcodes take FNUZ operands on gfx942 and OCP on gfx950. */
  int fnuz = fnuzOf(atom->aElem);
  return fnuz < 0 || (fnuz == 1) == !c->ocpFp8;
}

/* The f8f6f4 row of the atom's form for format-carrying type `elem`. */
static const FlyMmaAtom *formatRow(const FlyMmaAtom *atom, const char *elem) {
  for (size_t i = 0; i < sizeof atoms / sizeof *atoms; ++i)
    if (atoms[i].format >= 0 && !strcmp(atoms[i].mnemonic, atom->mnemonic) &&
        !strcmp(atoms[i].aElem, elem))
      return &atoms[i];
  return NULL;
}

bool flyMmaAtomSwappable(const FlyMmaAtom *atom, const char *bElem) {
  const FlyHwMfma *h = flyMmaAtomHw(atom);
  if (!h || h->m != h->n || strcmp(atom->tvA, atom->tvB))
    return false;
  const char *own = atom->bElem ? atom->bElem : atom->aElem;
  if (!bElem || !strcmp(bElem, atom->aElem))
    return !strcmp(own, atom->aElem);
  const FlyMmaAtom *b = atom->format >= 0 ? formatRow(atom, bElem) : NULL;
  return b && !strcmp(b->tvA, b->tvB);
}

const FlyLayout *flyMmaAtomSwappedTvC(FlyLayoutCtx *ctx, const FlyMmaAtom *atom) {
  if (!flyMmaAtomSwappable(atom, NULL))
    return NULL;
  unsigned m = flyMmaAtomHw(atom)->m;
  char text[48];
  snprintf(text, sizeof text, "(%u,%u):(%u,1)", m, m, m);
  const FlyLayout *transpose = flyLayoutParse(ctx, text), *tv = flyLayoutParse(ctx, atom->tvC);
  return transpose && tv ? flyLayoutComposition(ctx, transpose, tv) : NULL;
}
