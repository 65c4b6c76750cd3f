/*===- LowerMath.c - fly-lower-math -----------------------------------------===*
 *
 * LLVM 22's convert-gpu-to-rocdl turns most `math` ops into calls to the
 * ROCm device library (`__ocml_tanh_f32`, ...), which flyc does not link:
 * such a kernel could not be built. This pass lowers the math ops a kernel
 * author needs into `arith`, the few `math` ops that convert to LLVM
 * intrinsics the AMDGPU backend selects itself (exp, log, sqrt, fma,
 * absf, copysign), and calls (llvm.call_intrinsic) of the LLVM intrinsics
 * llvm.exp2, log2, log10, floor and ceil:
 *
 *   exp2 log2 log10 floor ceil   the LLVM intrinsic (v_exp_f32, v_log_f32
 *                                with LLVM's denormal and range handling)
 *   rsqrt                        1 / sqrt(x), both correctly rounded
 *   expm1                        |x| < 1/2: x + x^2 P(x), P of degree 6;
 *                                else e^x - 1
 *   log1p                        |x| < 1/4: x + x^2 L(x), L of degree 8;
 *                                else u = 1 + x, log u * x / (u - 1)
 *   tanh                         e / (e + 2), e = expm1(2 min(|x|, 9)), with
 *                                the sign of x (tanh(9) rounds to 1 in f32)
 *   erf                          |x| < 1: x + x R(x^2), R of degree 7;
 *                                else 1 - e^(-a^2) Q(a - 5/2), a = min(|x|,
 *                                4), Q of degree 11 approximating
 *                                erfc(a) e^(a^2); with the sign of x
 *   isinf                        |x| == +inf
 *
 * f32 (scalars and vectors) is computed directly; f16 and bf16 are
 * extended to f32 and the result truncated (correctly rounded f16 results
 * up to that double rounding); f64 keeps floor, ceil and isinf and is an
 * error for the others (AMDGPU has no f64 transcendental instructions).
 * Every other `math` op that would become a device-library call (sin, cos,
 * tan, the inverse and hyperbolic functions other than tanh, cbrt, erfc,
 * powf, ...) is a located error here rather than an unlinkable call later.
 *
 * The polynomial coefficients are Chebyshev interpolants rounded to f32
 * (P: (e^x - 1 - x) / x^2 on [-1/2, 1/2]; L: (log(1 + x) - x) / x^2 on
 * [-1/4, 1/4]; R: erf(x)/x - 1 in x^2 on [0, 1]; Q: erfc(x) e^(x^2) on
 * [1, 4]); scripts/math-coefficients.py computes them. The errors of each
 * function, measured on the emulator against a double-precision reference,
 * are in docs/language.md ("Math functions") and
 * test/emu/kernels/math-ulp.test.
 *===----------------------------------------------------------------------===*/
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes.h"

/* arith.cmpf predicates (MLIR's CmpFPredicate numbering). */
enum { CMPF_OEQ = 1, CMPF_OLT = 4 };

/* What the pass does with an op. */
typedef enum MathKind {
  MATH_KEEP,   /* converts to an LLVM intrinsic the backend selects */
  MATH_LOWER,  /* lowered here for f16, bf16, f32; an error for f64 */
  MATH_ROUND,  /* floor, ceil: any float type */
  MATH_ISINF,  /* any float type */
  MATH_REFUSE, /* would become a device-library call */
} MathKind;

typedef struct MathOp {
  const char *name;
  MathKind kind;
} MathOp;

static const MathOp mathOps[] = {
    {"math.absf", MATH_KEEP},      {"math.absi", MATH_KEEP},       {"math.copysign", MATH_KEEP},
    {"math.fma", MATH_KEEP},       {"math.sqrt", MATH_KEEP},       {"math.trunc", MATH_KEEP},
    {"math.round", MATH_KEEP},     {"math.roundeven", MATH_KEEP},  {"math.isnan", MATH_KEEP},
    {"math.isfinite", MATH_KEEP},  {"math.ctlz", MATH_KEEP},       {"math.cttz", MATH_KEEP},
    {"math.ctpop", MATH_KEEP},     {"math.exp", MATH_LOWER},       {"math.exp2", MATH_LOWER},
    {"math.log", MATH_LOWER},      {"math.log2", MATH_LOWER},      {"math.log10", MATH_LOWER},
    {"math.log1p", MATH_LOWER},    {"math.expm1", MATH_LOWER},     {"math.rsqrt", MATH_LOWER},
    {"math.tanh", MATH_LOWER},     {"math.erf", MATH_LOWER},       {"math.floor", MATH_ROUND},
    {"math.ceil", MATH_ROUND},     {"math.isinf", MATH_ISINF},
};

/* R(u), u = x^2 in [0, 1]: erf(x) = x + x R(u) (lowest degree first). */
static const float erfSmall[] = {
    0x1.06eba8p-3f, -0x1.812746p-2f, 0x1.ce2f08p-4f,   -0x1.b829c8p-6f,
    0x1.562a60p-8f, -0x1.bccf66p-11f, 0x1.d88750p-14f, -0x1.445f48p-17f,
};
/* P(x), |x| < 1/2: e^x - 1 = x + x^2 P(x). */
static const float expm1Small[] = {
    0x1p-1f,         0x1.555556p-3f,  0x1.555556p-5f,  0x1.110fccp-7f,
    0x1.6c15bep-10f, 0x1.a2a31ep-13f, 0x1.a2210cp-16f,
};
/* L(x), |x| < 1/4: log(1 + x) = x + x^2 L(x). */
static const float log1pSmall[] = {
    -0x1p-1f,        0x1.555552p-2f,  -0x1.fffffap-3f, 0x1.999fbcp-3f,
    -0x1.555af8p-3f, 0x1.2334aap-3f,  -0x1.fd7e2p-4f,  0x1.ffeea8p-4f,
    -0x1.cdbdf2p-4f,
};
/* Q(t), t = a - 5/2 for a in [1, 4]: erf(a) = 1 - e^(-a^2) Q(t). */
static const float erfLarge[] = {
    0x1.afbb3ep-3f,  -0x1.3086d8p-4f,  0x1.989664p-6f,  -0x1.06326ep-7f,
    0x1.433938p-9f,  -0x1.807be2p-11f, 0x1.be96eap-13f, -0x1.f1ac6ap-15f,
    0x1.e1ffaep-17f, -0x1.01567ap-18f, 0x1.c03e4ep-20f, -0x1.bab816p-22f,
};

/* Builds ops before `at`, at its location, on values of type `type` (a
 * float or a vector of floats). */
typedef struct Emit {
  MlirOperation at;
  MlirLocation loc;
  MlirContext ctx;
  MlirType type;
} Emit;

static MlirValue emitOp(const Emit *e, const char *name, intptr_t n, const MlirValue *operands,
                        MlirType result, intptr_t numAttrs, const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(name), e->loc);
  mlirOperationStateAddOperands(&st, n, operands);
  mlirOperationStateAddResults(&st, 1, &result);
  if (numAttrs)
    mlirOperationStateAddAttributes(&st, numAttrs, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(e->at), e->at, op);
  return mlirOperationGetResult(op, 0);
}

static MlirValue un(const Emit *e, const char *name, MlirValue a) {
  return emitOp(e, name, 1, &a, e->type, 0, NULL);
}

static MlirValue bin(const Emit *e, const char *name, MlirValue a, MlirValue b) {
  MlirValue v[2] = {a, b};
  return emitOp(e, name, 2, v, e->type, 0, NULL);
}

static MlirValue fma3(const Emit *e, MlirValue a, MlirValue b, MlirValue c) {
  MlirValue v[3] = {a, b, c};
  return emitOp(e, "math.fma", 3, v, e->type, 0, NULL);
}

/* The element type of a float or vector type. */
static MlirType elementOf(MlirType t) {
  return mlirTypeIsAVector(t) ? mlirShapedTypeGetElementType(t) : t;
}

/* `t`'s shape with element type `elem`. */
static MlirType withElement(MlirType t, MlirType elem) {
  if (!mlirTypeIsAVector(t))
    return elem;
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t shape[8];
  for (intptr_t i = 0; i < rank && i < 8; ++i)
    shape[i] = mlirShapedTypeGetDimSize(t, i);
  return mlirVectorTypeGet(rank, shape, elem);
}

static MlirValue constant(const Emit *e, double v) {
  MlirAttribute a = mlirFloatAttrDoubleGet(e->ctx, elementOf(e->type), v);
  if (mlirTypeIsAVector(e->type))
    a = mlirDenseElementsAttrSplatGet(e->type, a);
  MlirNamedAttribute value =
      mlirNamedAttributeGet(mlirIdentifierGet(e->ctx, mlirStringRefCreateFromCString("value")), a);
  return emitOp(e, "arith.constant", 0, NULL, e->type, 1, &value);
}

static MlirValue cmpf(const Emit *e, int predicate, MlirValue a, MlirValue b) {
  MlirType i1 = withElement(e->type, mlirIntegerTypeGet(e->ctx, 1));
  MlirNamedAttribute pred = mlirNamedAttributeGet(
      mlirIdentifierGet(e->ctx, mlirStringRefCreateFromCString("predicate")),
      mlirIntegerAttrGet(mlirIntegerTypeGet(e->ctx, 64), predicate));
  MlirValue v[2] = {a, b};
  return emitOp(e, "arith.cmpf", 2, v, i1, 1, &pred);
}

static MlirValue select3(const Emit *e, MlirValue c, MlirValue a, MlirValue b) {
  MlirValue v[3] = {c, a, b};
  return emitOp(e, "arith.select", 3, v, e->type, 0, NULL);
}

/* Horner's rule with fused multiply-adds; c[0] is the constant term. */
static MlirValue poly(const Emit *e, MlirValue x, const float *c, int n) {
  MlirValue r = constant(e, c[n - 1]);
  for (int i = n - 2; i >= 0; --i) {
    MlirValue ci = constant(e, c[i]);
    r = fma3(e, r, x, ci);
  }
  return r;
}

/* The builders below create one op per statement: ops are inserted as they
 * are created, so the IR's order must not depend on the order in which a C
 * compiler evaluates function arguments. */

/* x + x^2 p(x), the small-argument form of expm1 and log1p. */
static MlirValue xPlusX2Poly(const Emit *e, MlirValue x, const float *c, int n) {
  MlirValue p = poly(e, x, c, n);
  MlirValue x2 = bin(e, "arith.mulf", x, x);
  return fma3(e, x2, p, x);
}

/* |x| < bound */
static MlirValue absBelow(const Emit *e, MlirValue x, double bound) {
  MlirValue b = constant(e, bound);
  MlirValue ax = un(e, "math.absf", x);
  return cmpf(e, CMPF_OLT, ax, b);
}

/* e^x - 1: x + x^2 P(x) for |x| < 1/2, else e^x - 1 (no cancellation
 * there: e^x is outside (0.6, 1.65)). */
static MlirValue expm1Of(const Emit *e, MlirValue x) {
  enum { NP = sizeof expm1Small / sizeof *expm1Small };
  MlirValue small = xPlusX2Poly(e, x, expm1Small, NP);
  MlirValue one = constant(e, 1.0);
  MlirValue ex = un(e, "math.exp", x);
  MlirValue large = bin(e, "arith.subf", ex, one);
  MlirValue near = absBelow(e, x, 0.5);
  return select3(e, near, small, large);
}

/* log(1 + x): x + x^2 L(x) for |x| < 1/4; else Kahan's log u * x / (u -
 * 1), u = 1 + x, whose factor x / (u - 1) undoes the rounding of u (u - 1
 * is exact); +inf for +inf. */
static MlirValue log1pOf(const Emit *e, MlirValue x) {
  enum { NL = sizeof log1pSmall / sizeof *log1pSmall };
  MlirValue small = xPlusX2Poly(e, x, log1pSmall, NL);
  MlirValue one = constant(e, 1.0);
  MlirValue u = bin(e, "arith.addf", one, x);
  MlirValue um1 = bin(e, "arith.subf", u, one);
  MlirValue ratio = bin(e, "arith.divf", x, um1);
  MlirValue logu = un(e, "math.log", u);
  MlirValue large = bin(e, "arith.mulf", logu, ratio);
  MlirValue inf = constant(e, INFINITY);
  MlirValue isInf = cmpf(e, CMPF_OEQ, x, inf);
  large = select3(e, isInf, x, large);
  MlirValue near = absBelow(e, x, 0.25);
  return select3(e, near, small, large);
}

static MlirValue tanhOf(const Emit *e, MlirValue x) {
  MlirValue nine = constant(e, 9.0);
  MlirValue ax = un(e, "math.absf", x);
  MlirValue a = bin(e, "arith.minimumf", ax, nine);
  MlirValue a2 = bin(e, "arith.addf", a, a);
  MlirValue m = expm1Of(e, a2);
  MlirValue two = constant(e, 2.0);
  MlirValue den = bin(e, "arith.addf", m, two);
  MlirValue r = bin(e, "arith.divf", m, den);
  return bin(e, "math.copysign", r, x);
}

static MlirValue erfOf(const Emit *e, MlirValue x) {
  enum { NS = sizeof erfSmall / sizeof *erfSmall, NL = sizeof erfLarge / sizeof *erfLarge };
  MlirValue ax = un(e, "math.absf", x);
  MlirValue x2 = bin(e, "arith.mulf", x, x);
  MlirValue r = poly(e, x2, erfSmall, NS);
  MlirValue small = fma3(e, x, r, x);
  MlirValue four = constant(e, 4.0);
  MlirValue a = bin(e, "arith.minimumf", ax, four);
  MlirValue sq = bin(e, "arith.mulf", a, a);
  MlirValue negSq = un(e, "arith.negf", sq);
  MlirValue g = un(e, "math.exp", negSq);
  MlirValue mid = constant(e, 2.5);
  MlirValue t = bin(e, "arith.subf", a, mid);
  MlirValue q = poly(e, t, erfLarge, NL);
  MlirValue negG = un(e, "arith.negf", g);
  MlirValue one = constant(e, 1.0);
  MlirValue large = fma3(e, negG, q, one);
  large = bin(e, "math.copysign", large, x);
  MlirValue near = cmpf(e, CMPF_OLT, ax, one);
  return select3(e, near, small, large);
}

/* llvm.OP.<type>(x) as llvm.call_intrinsic: convert-gpu-to-rocdl would
 * turn the LLVM dialect's own intrinsic ops into device-library calls. */
static MlirValue intrinsic(const Emit *e, const char *op, MlirValue x) {
  char name[64];
  snprintf(name, sizeof name, "llvm.%s", op);
  int32_t seg[2] = {1, 0};
  MlirNamedAttribute attrs[3] = {
      mlirNamedAttributeGet(mlirIdentifierGet(e->ctx, mlirStringRefCreateFromCString("intrin")),
                            mlirStringAttrGet(e->ctx, mlirStringRefCreateFromCString(name))),
      mlirNamedAttributeGet(
          mlirIdentifierGet(e->ctx, mlirStringRefCreateFromCString("operandSegmentSizes")),
          mlirDenseI32ArrayGet(e->ctx, 2, seg)),
      mlirNamedAttributeGet(
          mlirIdentifierGet(e->ctx, mlirStringRefCreateFromCString("op_bundle_sizes")),
          mlirDenseI32ArrayGet(e->ctx, 0, NULL)),
  };
  return emitOp(e, "llvm.call_intrinsic", 1, &x, e->type, 3, attrs);
}

/* The f32 value of `name` applied to `x` (of type e->type, f32-based). */
static MlirValue lowerF32(const Emit *e, const char *name, MlirValue x) {
  const char *op = name + strlen("math.");
  if (!strcmp(op, "exp2") || !strcmp(op, "log2") || !strcmp(op, "log10") ||
      !strcmp(op, "floor") || !strcmp(op, "ceil")) {
    return intrinsic(e, op, x);
  }
  if (!strcmp(op, "exp") || !strcmp(op, "log"))
    return un(e, name, x);
  if (!strcmp(op, "rsqrt")) {
    MlirValue root = un(e, "math.sqrt", x);
    MlirValue one = constant(e, 1.0);
    return bin(e, "arith.divf", one, root);
  }
  if (!strcmp(op, "expm1"))
    return expm1Of(e, x);
  if (!strcmp(op, "log1p"))
    return log1pOf(e, x);
  if (!strcmp(op, "tanh"))
    return tanhOf(e, x);
  return erfOf(e, x);
}

static const MathOp *findMathOp(MlirOperation op) {
  for (size_t i = 0; i < sizeof mathOps / sizeof *mathOps; ++i)
    if (flyOpNameIs(op, mathOps[i].name))
      return &mathOps[i];
  return NULL;
}

static bool isFloatLike(MlirType t) {
  MlirType el = elementOf(t);
  return mlirTypeIsAFloat(el) && (!mlirTypeIsAVector(t) || mlirShapedTypeGetRank(t) <= 8);
}

static MlirLogicalResult lowerOne(MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  const MathOp *m = findMathOp(op);
  if (!m) {
    flyEmitOpError(op, "'%.*s' has no lowering without the ROCm device libraries, which flyc "
                   "does not link (flyc lowers exp, exp2, expm1, log, log2, log10, log1p, sqrt, "
                   "rsqrt, tanh, erf, floor, ceil; see docs/language.md)",
                   (int)name.length, name.data);
    return mlirLogicalResultFailure();
  }
  if (m->kind == MATH_KEEP)
    return mlirLogicalResultSuccess();
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirType type = mlirValueGetType(x), el = elementOf(type);
  MlirValue result = mlirOperationGetResult(op, 0);
  if (!isFloatLike(type)) {
    flyEmitOpError(op, "'%s' expects a float or a vector of floats", m->name);
    return mlirLogicalResultFailure();
  }
  Emit e = {op, mlirOperationGetLocation(op), mlirOperationGetContext(op), type};
  MlirValue v;
  if (m->kind == MATH_ISINF) {
    MlirValue ax = un(&e, "math.absf", x);
    MlirValue inf = constant(&e, INFINITY);
    v = cmpf(&e, CMPF_OEQ, ax, inf);
  } else if (mlirTypeIsAF32(el) || (m->kind == MATH_ROUND && mlirTypeIsAF64(el))) {
    v = lowerF32(&e, m->name, x);
  } else if (mlirTypeIsAF16(el) || mlirTypeIsABF16(el)) {
    Emit wide = e;
    wide.type = withElement(type, mlirF32TypeGet(e.ctx));
    MlirValue w = emitOp(&e, "arith.extf", 1, &x, wide.type, 0, NULL);
    MlirValue r = lowerF32(&wide, m->name, w);
    v = emitOp(&e, "arith.truncf", 1, &r, type, 0, NULL);
  } else {
    char *t = flyTypeToString(el);
    flyEmitOpError(op, "'%s' on %s has no lowering without the ROCm device libraries (AMDGPU "
                   "has no instruction for it); flyc lowers it for f16, bf16 and f32",
                   m->name, t ? t : "this type");
    flyFree(t);
    return mlirLogicalResultFailure();
  }
  mlirValueReplaceAllUsesOfWith(result, v);
  mlirOperationDestroy(op);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult run(MlirOperation root, const FlyPassOptions *options) {
  (void)options;
  FlyOpList list = {0};
  flyOpListCollectPrefix(&list, root, "math.");
  MlirLogicalResult r = list.oom ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
  for (size_t i = 0; i < list.len; ++i)
    if (mlirLogicalResultIsFailure(lowerOne(list.ops[i])))
      r = mlirLogicalResultFailure();
  flyOpListDestroy(&list);
  return r;
}

const FlyPassInfo flyLowerMathPass = {
    "fly-lower-math",
    "Lower math ops (exp2, log2, rsqrt, expm1, log1p, tanh, erf, ...) to arith and the LLVM "
    "intrinsics AMDGPU selects, without the ROCm device libraries",
    run,
};
