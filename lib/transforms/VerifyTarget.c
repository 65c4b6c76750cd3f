/*===- VerifyTarget.c - fly-verify-target ------------------------------------===*
 *
 * Rejects ROCDL ops the chip does not have, with an error at the op. LLVM's
 * instruction selector would otherwise abort the whole process on such an
 * intrinsic ("Cannot select"), which is neither located nor recoverable.
 * The tables follow the CDNA3/CDNA4 ISA guides as summarised in
 * gfx950-isa-facts.md §1.6: gfx950 adds the 8-halves f16/bf16 MFMAs, the
 * 16-byte i8 MFMAs, the f8f6f4 (scaled) MFMAs, new SMFMACs, the LDS
 * transpose reads and the permlane swaps; it drops the xf32 MFMAs.
 *===----------------------------------------------------------------------===*/
#include <string.h>

#include "flyc/chip.h"
#include "passes.h"

/* Name prefixes of ops that exist only on gfx950. */
static const char *const gfx950Only[] = {
    "rocdl.mfma.f32.16x16x32.bf16", "rocdl.mfma.f32.16x16x32.f16",
    "rocdl.mfma.f32.32x32x16.bf16", "rocdl.mfma.f32.32x32x16.f16",
    "rocdl.mfma.i32.16x16x64.i8",   "rocdl.mfma.i32.32x32x32.i8",
    "rocdl.mfma.scale.",            "rocdl.smfmac.f32.16x16x64.bf16",
    "rocdl.smfmac.f32.16x16x64.f16", "rocdl.smfmac.f32.32x32x32.bf16",
    "rocdl.smfmac.f32.32x32x32.f16", "rocdl.smfmac.i32.16x16x128.i8",
    "rocdl.smfmac.i32.32x32x64.i8", "rocdl.smfmac.f32.16x16x128.",
    "rocdl.smfmac.f32.32x32x64.",   "rocdl.ds.read.tr",
    "rocdl.permlane16.swap",        "rocdl.permlane32.swap",
};

/* Name prefixes of ops gfx950 no longer has. */
static const char *const removedOnGfx950[] = {
    "rocdl.mfma.f32.16x16x8.xf32",
    "rocdl.mfma.f32.32x32x4.xf32",
};

static bool hasPrefix(MlirStringRef name, const char *const *table, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    size_t len = strlen(table[i]);
    if (name.length >= len && !memcmp(name.data, table[i], len))
      return true;
  }
  return false;
}

typedef struct WalkState {
  FlyChip chip;
  bool failed;
} WalkState;

static MlirWalkResult checkOne(MlirOperation op, void *userData) {
  WalkState *st = userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length < 6 || memcmp(name.data, "rocdl.", 6) != 0)
    return MlirWalkResultAdvance;
  bool missing =
      st->chip == FLY_CHIP_GFX942
          ? hasPrefix(name, gfx950Only, sizeof gfx950Only / sizeof *gfx950Only)
          : hasPrefix(name, removedOnGfx950, sizeof removedOnGfx950 / sizeof *removedOnGfx950);
  if (missing) {
    flyEmitOpError(op, "'%.*s' is not available on %s", (int)name.length, name.data,
                   flyChipGetInfo(st->chip)->name);
    st->failed = true;
  }
  return MlirWalkResultAdvance;
}

static MlirLogicalResult run(MlirOperation root, const FlyPassOptions *options) {
  WalkState st = {options->chip < 0 ? FLY_CHIP_GFX950 : (FlyChip)options->chip, false};
  mlirOperationWalk(root, checkOne, &st, MlirWalkPreOrder);
  return st.failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}

const FlyPassInfo flyVerifyTargetPass = {
    "fly-verify-target",
    "Reject ROCDL ops that the chip (option chip=gfx950|gfx942) does not have",
    run,
};
