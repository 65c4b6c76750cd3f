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
#include <string.h>

#include "flyc/chip.h"
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
