/*===- congruence.c - What is known about an index value's residues ---------===*/
#include "congruence.h"

#include <string.h>

#include "flyc/support.h"
#include "mlir-c/BuiltinAttributes.h"

enum { MAX_DEPTH = 24 };

CgCongruence cgExact(int64_t c) { return (CgCongruence){c, 0}; }
CgCongruence cgUnknown(void) { return (CgCongruence){0, 1}; }

/* x mod m in [0, m) for m > 0. */
static int64_t normal(int64_t x, int64_t m) {
  int64_t r = x % m;
  return r < 0 ? r + m : r;
}

static CgCongruence make(int64_t rem, int64_t mod) {
  if (mod < 0)
    return cgUnknown();
  return mod == 0 ? cgExact(rem) : (CgCongruence){normal(rem, mod), mod};
}

CgCongruence cgAdd(CgCongruence x, CgCongruence y) {
  int64_t s;
  if (__builtin_add_overflow(x.rem, y.rem, &s))
    return cgUnknown();
  return make(s, flyGcd64(x.mod, y.mod));
}

static CgCongruence sub(CgCongruence x, CgCongruence y) {
  int64_t s;
  if (__builtin_sub_overflow(x.rem, y.rem, &s))
    return cgUnknown();
  return make(s, flyGcd64(x.mod, y.mod));
}

/* (rx + mx*s)(ry + my*t) = rx*ry + rx*my*t + ry*mx*s + mx*my*s*t. */
CgCongruence cgMul(CgCongruence x, CgCongruence y) {
  int64_t a, b, c, p;
  if (__builtin_mul_overflow(x.rem, y.mod, &a) || __builtin_mul_overflow(y.rem, x.mod, &b) ||
      __builtin_mul_overflow(x.mod, y.mod, &c) || __builtin_mul_overflow(x.rem, y.rem, &p))
    return cgUnknown();
  return make(p, flyGcd64(flyGcd64(a, b), c));
}

CgCongruence cgRem(CgCongruence x, int64_t c) {
  if (c <= 0)
    return cgUnknown();
  if (x.mod == 0)
    return x.rem >= 0 ? cgExact(x.rem % c) : cgUnknown();
  if (x.mod % c == 0) /* x = rem + k*mod and c divides mod: x % c = rem % c */
    return cgExact(x.rem % c);
  return make(x.rem, flyGcd64(x.mod, c));
}

/* x = rem + mod*s with 0 <= rem < mod; when c divides mod,
 * x / c = rem / c + (mod / c) * s. */
CgCongruence cgDiv(CgCongruence x, int64_t c) {
  if (c <= 0)
    return cgUnknown();
  if (x.mod == 0)
    return x.rem >= 0 ? cgExact(x.rem / c) : cgUnknown();
  if (x.mod % c == 0)
    return make(x.rem / c, x.mod / c);
  return cgUnknown();
}

CgCongruence cgJoin(CgCongruence x, CgCongruence y) {
  int64_t d;
  if (__builtin_sub_overflow(x.rem, y.rem, &d))
    return cgUnknown();
  int64_t m = flyGcd64(flyGcd64(x.mod, y.mod), d);
  return m == 0 ? x : make(x.rem, m);
}

int64_t cgKnownModulo(CgCongruence x, int64_t period, int64_t *rem) {
  int64_t h = x.mod == 0 ? period : flyGcd64(x.mod, period);
  *rem = normal(x.rem, h);
  return h;
}

/*--- Walking the definitions -------------------------------------------------*/

static bool nameIs(MlirOperation op, const char *name) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  return s.length == strlen(name) && !memcmp(s.data, name, s.length);
}

static CgCongruence ofValue(MlirValue v, int depth);

/* An integer constant's value, or false. */
static bool constantOf(MlirValue v, int64_t *out) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!nameIs(def, "arith.constant"))
    return false;
  MlirAttribute a = mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

/* scf.for's induction variable is lb + step*k. */
static CgCongruence ofBlockArgument(MlirValue v, int depth) {
  MlirOperation parent = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
  if (mlirOperationIsNull(parent) || !nameIs(parent, "scf.for") ||
      mlirBlockArgumentGetArgNumber(v) != 0 || mlirOperationGetNumOperands(parent) < 3)
    return cgUnknown();
  CgCongruence lb = ofValue(mlirOperationGetOperand(parent, 0), depth + 1);
  CgCongruence step = ofValue(mlirOperationGetOperand(parent, 2), depth + 1);
  return cgAdd(lb, cgMul(step, cgUnknown()));
}

/* x & mask: a low mask is a remainder; clear low bits make a multiple. */
static CgCongruence ofAnd(CgCongruence x, int64_t mask) {
  if (mask >= 0 && (mask & (mask + 1)) == 0)
    return cgRem(x, mask + 1);
  if (mask == 0)
    return cgExact(0);
  int low = __builtin_ctzll((unsigned long long)mask);
  return (CgCongruence){0, INT64_C(1) << (low < 62 ? low : 62)};
}

static CgCongruence ofBinary(MlirOperation def, int depth) {
  MlirValue lhs = mlirOperationGetOperand(def, 0), rhs = mlirOperationGetOperand(def, 1);
  int64_t c;
  bool rc = constantOf(rhs, &c);
  if (nameIs(def, "arith.divui") || nameIs(def, "arith.remui") || nameIs(def, "arith.shrui") ||
      nameIs(def, "arith.andi")) {
    if (!rc)
      return cgUnknown();
    CgCongruence x = ofValue(lhs, depth + 1);
    if (nameIs(def, "arith.divui"))
      return cgDiv(x, c);
    if (nameIs(def, "arith.remui"))
      return cgRem(x, c);
    if (nameIs(def, "arith.andi"))
      return ofAnd(x, c);
    return c >= 0 && c < 62 ? cgDiv(x, INT64_C(1) << c) : cgUnknown();
  }
  if (nameIs(def, "arith.shli"))
    return rc && c >= 0 && c < 62 ? cgMul(ofValue(lhs, depth + 1), cgExact(INT64_C(1) << c))
                                  : cgUnknown();
  CgCongruence x = ofValue(lhs, depth + 1), y = ofValue(rhs, depth + 1);
  if (nameIs(def, "arith.addi"))
    return cgAdd(x, y);
  if (nameIs(def, "arith.subi"))
    return sub(x, y);
  if (nameIs(def, "arith.muli"))
    return cgMul(x, y);
  return cgUnknown();
}

static CgCongruence ofValue(MlirValue v, int depth) {
  int64_t c;
  if (depth > MAX_DEPTH || mlirValueIsNull(v))
    return cgUnknown();
  if (constantOf(v, &c))
    return cgExact(c);
  if (mlirValueIsABlockArgument(v))
    return ofBlockArgument(v, depth);
  if (!mlirValueIsAOpResult(v))
    return cgUnknown();
  MlirOperation def = mlirOpResultGetOwner(v);
  intptr_t n = mlirOperationGetNumOperands(def);
  if (n == 1 && (nameIs(def, "arith.index_cast") || nameIs(def, "arith.index_castui") ||
                 nameIs(def, "arith.extui") || nameIs(def, "arith.extsi")))
    return ofValue(mlirOperationGetOperand(def, 0), depth + 1);
  if (n == 3 && nameIs(def, "arith.select"))
    return cgJoin(ofValue(mlirOperationGetOperand(def, 1), depth + 1),
                  ofValue(mlirOperationGetOperand(def, 2), depth + 1));
  if (n == 2 && mlirOperationGetNumResults(def) == 1)
    return ofBinary(def, depth);
  return cgUnknown();
}

CgCongruence cgOfValue(MlirValue v) { return ofValue(v, 0); }
