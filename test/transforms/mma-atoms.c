// RUN: %testbin/transforms-mma-atoms | FileCheck %s
//
// Every MFMA atom the compiler emits refers to a form of the hardware
// table (flyc/hw.h) whose operand types are the atom's MLIR element types
// (fp8/bf8 as OCP e4m3fn/e5m2 or FNUZ, the f8f6f4 formats by their CBSZ
// code), whose chips are where the atom is available, with the fp8 flavour
// of the chip, and where its ROCDL op passes the target check; looking the
// atom up by its shape and types finds it. An atom is swappable exactly when
// it is square with one A/B type and layout (with B of another type: two
// f8f6f4 formats), and its swapped C layout puts every (lane, value) at the
// transposed element of its C layout.
#include "mma_atoms.h"

#include <stdio.h>
#include <string.h>

static int fails, checks;

static void check(int ok, const char *what, const char *atom) {
  checks++;
  if (!ok) {
    fails++;
    printf("FAIL: %s: %s\n", atom, what);
  }
}

/* The element type and f8f6f4 format (or -1) of an MLIR spelling, written
   out here from the MLIR type names and the CDNA4 CBSZ/BLGP codes. */
static int elemOf(const char *mlir, int *fmt, int *fnuz) {
  static const struct {
    const char *name;
    int elem, fmt, fnuz;
  } t[] = {{"f16", FLY_HW_F16, -1, -1},         {"bf16", FLY_HW_BF16, -1, -1},
           {"i8", FLY_HW_I8, -1, -1},           {"f8E4M3FNUZ", FLY_HW_FP8, 0, 1},
           {"f8E5M2FNUZ", FLY_HW_BF8, 1, 1},    {"f8E4M3FN", FLY_HW_FP8, 0, 0},
           {"f8E5M2", FLY_HW_BF8, 1, 0},        {"f6E2M3FN", -1, 2, -1},
           {"f6E3M2FN", -1, 3, -1},             {"f4E2M1FN", -1, 4, -1}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    if (!strcmp(t[i].name, mlir)) {
      *fmt = t[i].fmt;
      *fnuz = t[i].fnuz;
      return t[i].elem;
    }
  return -2;
}

/* swap_ab: swappable iff square with one type and one A/B layout (stated
   here from the operands, not from the predicate); then value v of lane l
   of the swapped C layout is element (col, row) of the atom's (row, col):
   column-major indices i = r + M c and j = c + M r. */
static void checkSwapped(FlyLayoutCtx *ctx, const FlyMmaAtom *a, const FlyHwMfma *h) {
  bool want = h->m == h->n && (!a->bElem || !strcmp(a->bElem, a->aElem)) &&
              !strcmp(a->tvA, a->tvB);
  check(flyMmaAtomSwappable(a, NULL) == want,
        "swappable differs from square, one type and layout", a->mnemonic);
  const FlyLayout *sw = flyMmaAtomSwappedTvC(ctx, a), *tv = flyLayoutParse(ctx, a->tvC);
  check(want == (sw != NULL), "swapped C layout made for an unswappable atom or missing",
        a->mnemonic);
  if (!sw || !tv)
    return;
  int64_t m = h->m, values = m * h->n;
  bool ok = true;
  for (int64_t x = 0; x < values && ok; x++) {
    int64_t i, j;
    ok = !flyLayoutEval(ctx, tv, x, &i) && !flyLayoutEval(ctx, sw, x, &j) &&
         j == i / m + m * (i % m);
  }
  check(ok, "swapped C layout is not the transpose of the C layout", a->mnemonic);
}

/* With B of another type: swappable exactly for two f8f6f4 formats of one
   square form whose rows each lay A and B out alike (the instruction takes
   each slot's format, CBSZ and BLGP, on its own), never for a fixed-type
   form. */
static int checkMixed(const FlyMmaAtom *atoms, size_t n) {
  int pairs = 0;
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++) {
      const FlyMmaAtom *a = &atoms[i], *b = &atoms[j];
      if (strcmp(a->mnemonic, b->mnemonic) || !strcmp(a->aElem, b->aElem))
        continue;
      const FlyHwMfma *h = flyMmaAtomHw(a);
      bool want = h && h->m == h->n && a->format >= 0 && b->format >= 0 &&
                  !strcmp(a->tvA, a->tvB) && !strcmp(b->tvA, b->tvB);
      check(flyMmaAtomSwappable(a, b->aElem) == want,
            "mixed-type swap differs from two f8f6f4 formats of a square form", a->mnemonic);
      pairs += want;
    }
  return pairs;
}

// CHECK: atoms: {{[0-9]+}} checks, 0 failures
int main(void) {
  size_t n;
  const FlyMmaAtom *atoms = flyMmaAtomTable(&n);
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  check(n >= 20, "too few atoms", "table");
  for (size_t i = 0; i < n; i++) {
    const FlyMmaAtom *a = &atoms[i];
    const FlyHwMfma *h = flyMmaAtomHw(a);
    check(h != NULL, "no row in the hardware table", a->mnemonic);
    if (!h)
      continue;
    check(h->kind == FLY_HW_XDL && h->blocks == 1, "not a dense one-block form", a->mnemonic);
    int fmtA = -1, fnuzA = -1, fmtB = -1, fnuzB = -1;
    int ea = elemOf(a->aElem, &fmtA, &fnuzA);
    int eb = elemOf(a->bElem ? a->bElem : a->aElem, &fmtB, &fnuzB);
    if (h->a == FLY_HW_F8F6F4) {
      check(a->format >= 0 && a->format == fmtA, "f8f6f4 format is not A's CBSZ code",
            a->mnemonic);
    } else {
      check(a->format < 0, "a format on a fixed-type form", a->mnemonic);
      check(ea == (int)h->a && eb == (int)h->b, "element types differ from the form's",
            a->mnemonic);
    }
    bool any = false;
    for (int c = 0; c < FLY_HW_NUM_CHIPS; c++) {
      FlyChip chip = (FlyChip)c;
      bool on = flyMmaAtomOnChip(a, chip);
      any |= on;
      bool flavour = fnuzA < 0 || (fnuzA == 1) == !flyHwChipGet(chip)->ocpFp8;
      check(on == (h->passes[c] != 0 && flavour), "chips differ from the form's", a->mnemonic);
      const char *op = a->rocdlOp + strlen("rocdl.");
      check(!on || flyChipHasIntrinsic(chip, op, strlen(op)),
            "ROCDL op rejected on a chip that has the atom", a->mnemonic);
      check(h->passes[c] != 0 || !flyChipHasIntrinsic(chip, op, strlen(op)),
            "ROCDL op accepted on a chip without the form", a->mnemonic);
    }
    check(any, "on no chip", a->mnemonic);
    char shape[32];
    snprintf(shape, sizeof shape, "%ux%ux%u", h->m, h->n, h->k);
    const FlyMmaAtom *f =
        flyMmaAtomFind(shape, a->aElem, a->bElem ? a->bElem : a->aElem, flyMmaAtomCElem(a));
    check(f != NULL && flyMmaAtomHw(f) == h && !strcmp(f->aElem, a->aElem),
          "not found by shape and types", a->mnemonic);
    check(flyMmaAtomAbLen(a) * 64 == h->m * h->k && flyMmaAtomCLen(a) * 64 == h->m * h->n,
          "per-lane lengths", a->mnemonic);
    checkSwapped(ctx, a, h);
  }
  check(checkMixed(atoms, n) > 0, "no mixed-format pair is swappable", "table");
  const FlyMmaAtom *a8w4 = flyMmaAtomFind("16x16x128", "f8E4M3FN", "f4E2M1FN", "f32");
  check(a8w4 && flyMmaAtomSwappable(a8w4, "f4E2M1FN"), "fp8 x fp4 (a8w4) is not swappable",
        "v_mfma_scale_f32_16x16x128_f8f6f4");
  flyLayoutCtxDestroy(ctx);
  printf("atoms: %d checks, %d failures\n", checks, fails);
  return fails != 0;
}
