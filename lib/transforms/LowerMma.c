/*===- LowerMma.c - fly-lower-mma ----------------------------------------------===*
 *
 *   %d = "fly.mma"(%a, %b, %c) {shape = "16x16x128"}
 *   %d = "fly.mma_scaled"(%a, %b, %c, %scale_a, %scale_b) {shape = "16x16x128",
 *                                                          opsel_a = 0, opsel_b = 0}
 *
 * A and B are the lane's vectors of their element type, C/D the lane's
 * accumulator vector. The shape and the element types pick the instruction
 * (mma_atoms.c): authors say what they multiply, the compiler picks the
 * chip's form — the gfx950 full-rate f8f6f4 for 16x16x128 fp8, the CDNA3
 * forms for gfx942 — and rejects, at the op, a form the chip lacks. The
 * scaled form takes E8M0 scales (a byte of each i32, chosen by opsel).
 *===----------------------------------------------------------------------===*/
#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mma_atoms.h"
#include "passes.h"
#include "sema.h"

typedef struct MmaOperands {
  char aElem[32], bElem[32], cElem[16];
  int64_t aLen, bLen, cLen;
} MmaOperands;

static bool describeVector(MlirType t, char *elem, size_t cap, int64_t *len) {
  if (!mlirTypeIsAVector(t) || mlirShapedTypeGetRank(t) != 1)
    return false;
  char *s = flyTypeToString(mlirShapedTypeGetElementType(t));
  snprintf(elem, cap, "%s", s ? s : "");
  flyFree(s);
  *len = mlirShapedTypeGetDimSize(t, 0);
  return true;
}

static MlirValue i32Const(MlirOperation at, int64_t v) {
  MlirContext ctx = mlirOperationGetContext(at);
  MlirOperation c =
      flyArithConstantCreate(mlirOperationGetLocation(at), mlirIntegerTypeGet(ctx, 32), v);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(at), at, c);
  return mlirOperationGetResult(c, 0);
}

static MlirValue emit1(MlirOperation at, const char *name, int n, const MlirValue *ops,
                       MlirType rt, int numAttrs, MlirNamedAttribute *attrs) {
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString(name), mlirOperationGetLocation(at));
  mlirOperationStateAddOperands(&st, n, ops);
  mlirOperationStateAddResults(&st, 1, &rt);
  if (numAttrs)
    mlirOperationStateAddAttributes(&st, numAttrs, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(at), at, op);
  return mlirOperationGetResult(op, 0);
}

/* Reinterprets an A/B vector as the ROCDL op's operand type. */
static MlirValue pack(MlirOperation at, MlirValue v, FlyMmaPacking packing, int64_t bits) {
  MlirContext ctx = mlirOperationGetContext(at);
  if (packing == FLY_MMA_AS_IS)
    return v;
  int width = packing == FLY_MMA_I16X ? 16 : packing == FLY_MMA_I64 ? 64 : 32;
  int64_t n = bits / width;
  MlirType vt = mlirVectorTypeGet(1, &n, mlirIntegerTypeGet(ctx, (unsigned)width));
  MlirValue cast = emit1(at, "vector.bitcast", 1, &v, vt, 0, NULL);
  if (packing != FLY_MMA_I64)
    return cast;
  /* vector<1xi64> -> i64 */
  MlirNamedAttribute pos = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("static_position")),
      mlirDenseI64ArrayGet(ctx, 1, (int64_t[]){0}));
  return emit1(at, "vector.extract", 1, &cast, mlirIntegerTypeGet(ctx, 64), 1, &pos);
}

static int64_t elemBits(MlirType vec) {
  MlirType e = mlirShapedTypeGetElementType(vec);
  int64_t w = mlirTypeIsAInteger(e) ? mlirIntegerTypeGetWidth(e)
              : mlirTypeIsAFloat(e) ? mlirFloatTypeGetWidth(e)
                                    : 0;
  return w * mlirShapedTypeGetDimSize(vec, 0);
}

/* Finds the atom for the op's operands and chip, or reports why not. */
static const FlyMmaAtom *selectAtom(MlirOperation op, FlyChip chip) {
  MlirAttribute sa = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("shape"));
  int n = (int)mlirOperationGetNumOperands(op);
  MmaOperands o;
  char shape[24] = "";
  if (!mlirAttributeIsNull(sa) && mlirAttributeIsAString(sa))
    snprintf(shape, sizeof shape, "%.*s", (int)mlirStringAttrGetValue(sa).length,
             mlirStringAttrGetValue(sa).data);
  if (!shape[0] || (n != 3 && n != 5) || mlirOperationGetNumResults(op) != 1 ||
      !describeVector(mlirValueGetType(mlirOperationGetOperand(op, 0)), o.aElem, sizeof o.aElem,
                      &o.aLen) ||
      !describeVector(mlirValueGetType(mlirOperationGetOperand(op, 1)), o.bElem, sizeof o.bElem,
                      &o.bLen) ||
      !describeVector(mlirValueGetType(mlirOperationGetOperand(op, 2)), o.cElem, sizeof o.cElem,
                      &o.cLen)) {
    flyEmitOpError(op, "takes vectors A, B, C (and two i32 scales for the scaled form), returns "
                       "D like C, and needs a string attribute 'shape' such as \"16x16x128\"");
    return NULL;
  }
  const FlyMmaAtom *atom = flyMmaAtomFind(shape, o.aElem, o.bElem, o.cElem);
  if (!atom) {
    flyEmitOpError(op, "no %s MFMA multiplies %s by %s into %s", shape, o.aElem, o.bElem,
                   o.cElem);
    return NULL;
  }
  if (!flyMmaAtomOnChip(atom, chip)) {
    flyEmitOpError(op, "the %s %s MFMA is not available on %s", shape, o.aElem,
                   flyChipGetInfo(chip)->name);
    return NULL;
  }
  int abLen = flyMmaAtomAbLen(atom), cLen = flyMmaAtomCLen(atom);
  if (o.aLen != abLen || o.bLen != abLen || o.cLen != cLen) {
    flyEmitOpError(op, "the %s %s MFMA takes %d elements of A and of B and %d accumulators per "
                       "lane", shape, o.aElem, abLen, cLen);
    return NULL;
  }
  if (n == 5 && atom->format < 0) {
    flyEmitOpError(op, "only the f8f6f4 forms (16x16x128, 32x32x64) take scales");
    return NULL;
  }
  return atom;
}

/* opsel_a/opsel_b pick the scale byte: absent means 0, anything else must
 * be an integer from 0 to 3. */
static bool opselOf(MlirOperation op, const char *name, int64_t *out) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  *out = 0;
  if (mlirAttributeIsNull(a) || (flyOpGetIntAttr(op, name, out) && *out >= 0 && *out <= 3))
    return true;
  flyEmitOpError(op, "%s must be an integer from 0 to 3 (the scale byte)", name);
  return false;
}

static bool lowerMma(MlirOperation op, FlyChip chip) {
  const FlyMmaAtom *atom = selectAtom(op, chip);
  int64_t opselA, opselB;
  if (!atom || !opselOf(op, "opsel_a", &opselA) || !opselOf(op, "opsel_b", &opselB))
    return false;
  MlirValue a = mlirOperationGetOperand(op, 0), b = mlirOperationGetOperand(op, 1);
  MlirValue ops[9];
  int n = 0;
  ops[n++] = pack(op, a, atom->packing, elemBits(mlirValueGetType(a)));
  ops[n++] = pack(op, b, atom->packing, elemBits(mlirValueGetType(b)));
  ops[n++] = mlirOperationGetOperand(op, 2);
  if (atom->format >= 0) { /* cbsz, blgp, opsel_a, scale_a, opsel_b, scale_b */
    char bElem[32];
    int64_t len;
    describeVector(mlirValueGetType(b), bElem, sizeof bElem, &len);

    bool scaled = mlirOperationGetNumOperands(op) == 5;
    ops[n++] = i32Const(op, atom->format);
    ops[n++] = i32Const(op, flyMmaFormatOf(bElem));
    ops[n++] = i32Const(op, opselA);
    ops[n++] = scaled ? mlirOperationGetOperand(op, 3) : i32Const(op, 0);
    ops[n++] = i32Const(op, opselB);
    ops[n++] = scaled ? mlirOperationGetOperand(op, 4) : i32Const(op, 0);
  } else { /* cbsz, abid, blgp */
    for (int i = 0; i < 3; ++i)
      ops[n++] = i32Const(op, 0);
  }
  MlirValue res = mlirOperationGetResult(op, 0);
  MlirValue d = emit1(op, atom->rocdlOp, n, ops, mlirValueGetType(res), 0, NULL);
  mlirValueReplaceAllUsesOfWith(res, d);
  mlirOperationDestroy(op);
  return true;
}

static MlirLogicalResult run(MlirOperation root, const FlyPassOptions *options) {
  FlyChip chip = options->chip < 0 ? FLY_CHIP_GFX950 : (FlyChip)options->chip;
  FlyOpList list = {0};
  flyOpListCollect(&list, root, "fly.mma");
  flyOpListCollect(&list, root, "fly.mma_scaled");
  bool ok = !list.oom;
  /* A fly.gemm expands into many fly.mma at its location: report once. */
  MlirLocation failedAt = {NULL};
  for (size_t i = 0; i < list.len; ++i) {
    MlirLocation loc = mlirOperationGetLocation(list.ops[i]);
    if (!mlirLocationIsNull(failedAt) && mlirLocationEqual(failedAt, loc))
      continue;
    if (!lowerMma(list.ops[i], chip))
      ok = false, failedAt = loc;
  }
  flyOpListDestroy(&list);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

const FlyPassInfo flyLowerMmaPass = {
    "fly-lower-mma",
    "Select the chip's MFMA for each fly.mma from its shape and element types",
    run,
};
