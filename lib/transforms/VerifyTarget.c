/*===- VerifyTarget.c - fly-verify-target ------------------------------------===*
 *
 * Rejects ROCDL ops the chip does not have, with an error at the op. LLVM's
 * instruction selector would otherwise abort the whole process on such an
 * intrinsic ("Cannot select"), which is neither located nor recoverable.
 * Which chip has which is flyChipHasIntrinsic's table (chip_intrinsics.c),
 * which the backend applies again to the LLVM module.
 *
 * It also rejects arithmetic on f80 and f128 values, which neither chip has:
 * LLVM's AMDGPU backend lowers it to library calls it cannot emit and stops
 * the process ("unsupported library call operation"). Moving such values
 * through memory is bitwise and stays allowed.
 *===----------------------------------------------------------------------===*/
#include <stdint.h>
#include <string.h>

#include "flyc/chip.h"
#include "flyc/hw.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes.h"

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

/* A function's `rocdl.waves_per_eu` (LLVM's "amdgpu-waves-per-eu": the
 * occupancy the register allocator must reach) is an integer from 1 to the
 * chip's waves per SIMD; LLVM would ignore any other value silently. */
static bool checkWavesPerEu(MlirOperation op, FlyChip chip) {
  MlirAttribute a =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("rocdl.waves_per_eu"));
  if (mlirAttributeIsNull(a))
    return true;
  uint32_t most = flyHwChipGet(chip)->cu.maxWavesPerSimd;
  int64_t v = mlirAttributeIsAInteger(a) ? mlirIntegerAttrGetValueInt(a) : 0;
  if (v >= 1 && v <= (int64_t)most)
    return true;
  flyEmitOpError(op, "'rocdl.waves_per_eu' must be an integer from 1 to %u (%s's waves per SIMD)",
                 most, flyChipGetInfo(chip)->name);
  return false;
}

/* Device code computes `index` in 32 bits (docs/pipeline.md, "Kernel ABI"):
 * an index constant outside that range would be truncated silently. */
static bool checkIndexConstant(MlirOperation op, MlirStringRef name) {
  if (name.length != 14 || memcmp(name.data, "arith.constant", 14) != 0 ||
      mlirOperationGetNumResults(op) != 1 ||
      !mlirTypeIsAIndex(mlirValueGetType(mlirOperationGetResult(op, 0))) ||
      flyOpGetParentNamed(op, "gpu.module").ptr == NULL)
    return true;
  MlirAttribute v = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(v) || !mlirAttributeIsAInteger(v))
    return true;
  int64_t x = mlirIntegerAttrGetValueInt(v);
  if (x >= INT32_MIN && x <= INT32_MAX)
    return true;
  flyEmitOpError(op, "index constant %lld does not fit in 32 bits: device code computes index "
                     "values in 32 bits", (long long)x);
  return false;
}

static MlirWalkResult checkOne(MlirOperation op, void *userData) {
  WalkState *st = userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (!checkWavesPerEu(op, st->chip) || !checkIndexConstant(op, name))
    st->failed = true;
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
  bool missing = !flyChipHasIntrinsic(st->chip, name.data + 6, name.length - 6);
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
