/*===- VerifyTarget.c - fly-verify-target ------------------------------------===*
 *
 * Rejects ROCDL ops the chip does not have, with an error at the op. LLVM's
 * instruction selector would otherwise abort the whole process on such an
 * intrinsic ("Cannot select"), which is neither located nor recoverable.
 * The tables follow the CDNA3/CDNA4 ISA guides as summarised in
 * gfx950-isa-facts.md §1.6: gfx950 adds the 8-halves f16/bf16 MFMAs, the
 * 16-byte i8 MFMAs, the f8f6f4 (scaled) MFMAs, new SMFMACs, the LDS
 * transpose reads and the permlane swaps; it drops the xf32 MFMAs.
 *
 * It also rejects arithmetic on f80 and f128 values, which neither chip has:
 * LLVM's AMDGPU backend lowers it to library calls it cannot emit and stops
 * the process ("unsupported library call operation"). Moving such values
 * through memory is bitwise and stays allowed.
 *===----------------------------------------------------------------------===*/
#include <string.h>

#include "flyc/chip.h"
#include "mlir-c/BuiltinTypes.h"
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
    "rocdl.cvt.scalef32.",
};

/* Name prefixes of ops gfx950 no longer has. */
static const char *const removedOnGfx950[] = {
    "rocdl.mfma.f32.16x16x8.xf32",
    "rocdl.mfma.f32.32x32x4.xf32",
};

/* Name prefixes of ops of other AMDGPU families (RDNA, gfx12, gfx1250) that
 * neither CDNA3 nor CDNA4 has: WMMA, split wait counters, named barriers,
 * clusters, async and tensor copies, transposing global loads, prefetches,
 * v_tanh, permlanex16 and the gfx1250 scaled conversions. */
static const char *const notOnCdna[] = {
    "rocdl.wmma.",          "rocdl.swmmac.",           "rocdl.cluster.",
    "rocdl.s.wait.",        "rocdl.s.barrier.",        "rocdl.s.get.barrier.state",
    "rocdl.s.get.named.barrier.state", "rocdl.s.wakeup.barrier",
    "rocdl.ds.atomic.async.barrier", "rocdl.ds.atomic.barrier",
    "rocdl.global.load.async.to.lds", "rocdl.tensor.", "rocdl.ds.load.tr",
    "rocdl.global.load.tr", "rocdl.flat.prefetch",     "rocdl.global.prefetch",
    "rocdl.tanh",           "rocdl.permlanex16",       "rocdl.cvt.scale.",
};

/* The gfx908 MFMAs that gfx940 dropped (the bf16 forms without "_1k" and
 * the 8-k i8 forms); full names, since some are prefixes of the "_1k" ones.
 * Checked with llc 22: "Cannot select" on gfx942 and gfx950. */
static const char *const gfx908Only[] = {
    "rocdl.mfma.f32.32x32x2bf16", "rocdl.mfma.f32.16x16x2bf16", "rocdl.mfma.f32.4x4x2bf16",
    "rocdl.mfma.f32.32x32x4bf16", "rocdl.mfma.f32.16x16x8bf16", "rocdl.mfma.i32.32x32x8i8",
    "rocdl.mfma.i32.16x16x16i8",
};

static bool isOneOf(MlirStringRef name, const char *const *table, size_t n) {
  for (size_t i = 0; i < n; ++i)
    if (name.length == strlen(table[i]) && !memcmp(name.data, table[i], name.length))
      return true;
  return false;
}

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

/* Width of the float type `t` (or of its elements), 0 when not a float. */
static unsigned floatWidth(MlirType t) {
  if (mlirTypeIsAShaped(t))
    t = mlirShapedTypeGetElementType(t);
  return mlirTypeIsAFloat(t) ? mlirFloatTypeGetWidth(t) : 0;
}

/* Ops that only move a value's bits: loads, stores, bitcasts, selects. */
static bool movesBits(MlirStringRef name) {
  static const char *const movers[] = {
      "memref.load", "memref.store", "vector.load", "vector.store", "llvm.load", "llvm.store",
      "arith.bitcast", "llvm.bitcast", "arith.select", "llvm.select", "memref.alloca",
  };
  for (size_t i = 0; i < sizeof movers / sizeof *movers; ++i)
    if (name.length == strlen(movers[i]) && !memcmp(name.data, movers[i], name.length))
      return true;
  return false;
}

/* The first f80/f128 operand or result type of `op`, else a null type. */
static MlirType wideFloatUse(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (floatWidth(t) > 64)
      return t;
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    if (floatWidth(t) > 64)
      return t;
  }
  return (MlirType){NULL};
}

static MlirWalkResult checkOne(MlirOperation op, void *userData) {
  WalkState *st = userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  MlirType wide = movesBits(name) ? (MlirType){NULL} : wideFloatUse(op);
  if (!mlirTypeIsNull(wide)) {
    flyEmitOpError(op, "'%.*s' computes with f%u values, which %s cannot: AMDGPU has no f80/f128 "
                       "arithmetic", (int)name.length, name.data, floatWidth(wide),
                   flyChipGetInfo(st->chip)->name);
    st->failed = true;
    return MlirWalkResultAdvance;
  }
  if (name.length < 6 || memcmp(name.data, "rocdl.", 6) != 0)
    return MlirWalkResultAdvance;
  bool missing =
      st->chip == FLY_CHIP_GFX942
          ? hasPrefix(name, gfx950Only, sizeof gfx950Only / sizeof *gfx950Only)
          : hasPrefix(name, removedOnGfx950, sizeof removedOnGfx950 / sizeof *removedOnGfx950);
  missing = missing || hasPrefix(name, notOnCdna, sizeof notOnCdna / sizeof *notOnCdna) ||
            isOneOf(name, gfx908Only, sizeof gfx908Only / sizeof *gfx908Only);
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
