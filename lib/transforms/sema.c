/*===- sema.c - The compile-time meaning of fly ops -------------------------===*/
#include "sema.h"

#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mma_atoms.h"
#include "passes.h"

/*--- Describing values ---------------------------------------------------------*/

static bool parseSpec(FlyLayoutCtx *ctx, FlyTypeKind kind, const char *spec, FlyStatic *out) {
  switch (kind) {
  case FLY_TYPE_INT_TUPLE:
    return (out->tuple = flyIntTupleParse(ctx, spec)) != NULL;
  case FLY_TYPE_LAYOUT:
    return (out->layout = flyLayoutParse(ctx, spec)) != NULL;
  case FLY_TYPE_SWIZZLE:
    return (out->swizzle = flySwizzleParse(ctx, spec)) != NULL;
  case FLY_TYPE_COMPOSED_LAYOUT:
    return (out->composed = flyComposedLayoutParse(ctx, spec)) != NULL;
  case FLY_TYPE_TILE:
    return (out->tiler = flyTilerParse(ctx, spec)) != NULL;
  case FLY_TYPE_TENSOR: /* tensors are lowered, not evaluated (LowerTensor.c) */
  case FLY_TYPE_NONE:
    break;
  }
  return true;
}

bool flyStaticOfType(FlyLayoutCtx *ctx, MlirType type, FlyStatic *out) {
  *out = (FlyStatic){.kind = flyTypeGetKind(type)};
  if (out->kind == FLY_TYPE_NONE) {
    out->isInt = mlirTypeIsAInteger(type) || mlirTypeIsAIndex(type);
    return true;
  }
  FlyStrBuf spec = {0};
  flyTypeGetSpec(type, &spec);
  bool ok = spec.data && parseSpec(ctx, out->kind, spec.data, out);
  flyStrBufDestroy(&spec);
  return ok;
}

/* An integer SSA value is known when an arith.constant defines it. */
static void readConstant(MlirValue value, FlyStatic *out) {
  if (!mlirValueIsAOpResult(value))
    return;
  MlirOperation def = mlirOpResultGetOwner(value);
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(def));
  if (n.length != 14 || memcmp(n.data, "arith.constant", 14) != 0)
    return;
  MlirAttribute a = mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("value"));
  if (!mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a)) {
    out->intKnown = true;
    out->intValue = mlirIntegerAttrGetValueInt(a);
  }
}

bool flyStaticOfValue(FlyLayoutCtx *ctx, MlirValue value, FlyStatic *out) {
  if (!flyStaticOfType(ctx, mlirValueGetType(value), out))
    return false;
  if (out->isInt)
    readConstant(value, out);
  return true;
}

void flyStaticPrint(const FlyStatic *v, FlyStrBuf *out) {
  switch (v->kind) {
  case FLY_TYPE_INT_TUPLE:
    flyIntTuplePrint(v->tuple, out);
    break;
  case FLY_TYPE_LAYOUT:
    flyLayoutPrint(v->layout, out);
    break;
  case FLY_TYPE_SWIZZLE:
    flySwizzlePrint(v->swizzle, out);
    break;
  case FLY_TYPE_COMPOSED_LAYOUT:
    flyComposedLayoutPrint(v->composed, out);
    break;
  case FLY_TYPE_TILE:
    flyTilerPrint(v->tiler, out);
    break;
  case FLY_TYPE_TENSOR:
    break;
  case FLY_TYPE_NONE:
    if (v->intKnown)
      flyStrBufAppendF(out, "%lld", (long long)v->intValue);
    break;
  }
}

/* Dynamic leaves print as `?`, so the canonical text tells. */
bool flyStaticIsKnown(const FlyStatic *v) {
  if (v->kind == FLY_TYPE_NONE)
    return !v->isInt || v->intKnown;
  FlyStrBuf b = {0};
  flyStaticPrint(v, &b);
  bool known = b.data && !strchr(b.data, '?');
  flyStrBufDestroy(&b);
  return known;
}

bool flyOpGetIntAttr(MlirOperation op, const char *name, int64_t *out) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

/*--- Results --------------------------------------------------------------------*/

static FlySemaStatus setTuple(FlyStatic *r, const FlyIntTuple *t) {
  *r = (FlyStatic){.kind = FLY_TYPE_INT_TUPLE, .tuple = t};
  return t ? FLY_SEMA_OK : FLY_SEMA_ERROR;
}

static FlySemaStatus setLayout(FlyStatic *r, const FlyLayout *l) {
  *r = (FlyStatic){.kind = FLY_TYPE_LAYOUT, .layout = l};
  return l ? FLY_SEMA_OK : FLY_SEMA_ERROR;
}

static FlySemaStatus setComposed(FlyStatic *r, const FlyComposedLayout *c) {
  *r = (FlyStatic){.kind = FLY_TYPE_COMPOSED_LAYOUT, .composed = c};
  return c ? FLY_SEMA_OK : FLY_SEMA_ERROR;
}

static FlySemaStatus setInt(FlyStatic *r, int64_t v) {
  *r = (FlyStatic){.isInt = true, .intKnown = true, .intValue = v};
  return FLY_SEMA_OK;
}

/* An integer-valued tuple result: a static integer leaf becomes an int. */
static FlySemaStatus setIntFromTuple(FlyStatic *r, const FlyIntTuple *t) {
  if (!t)
    return FLY_SEMA_ERROR;
  if (!flyIntTupleIsLeaf(t) || flyIntTupleGetLeafKind(t) != FLY_LEAF_INT)
    return FLY_SEMA_DYNAMIC;
  return setInt(r, flyIntTupleGetValue(t));
}

/*--- Evaluation ----------------------------------------------------------------*/

/* What an eval function sees. */
typedef struct Eval {
  FlyLayoutCtx *ctx;
  MlirOperation op;
  const FlyStatic *a; /* operands */
  int n;
  FlyStatic *r;
  FlyStrBuf *err;
} Eval;

static FlySemaStatus errorF(Eval *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static FlySemaStatus errorF(Eval *e, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  flyStrBufAppendV(e->err, fmt, ap);
  va_end(ap);
  return FLY_SEMA_ERROR;
}

static FlySemaStatus needKind(Eval *e, int i, FlyTypeKind kind, const char *what) {
  if (i < e->n && e->a[i].kind == kind)
    return FLY_SEMA_OK;
  return errorF(e, "operand #%d must be %s", i, what);
}

/* A required integer attribute in [lo, hi] (lib/layout takes them as int:
 * a value outside int's range would wrap into a different one). */
static bool intAttrIn(Eval *e, const char *name, int64_t lo, int64_t hi, int64_t *v) {
  if (!flyOpGetIntAttr(e->op, name, v)) {
    errorF(e, "requires an integer attribute '%s'", name);
    return false;
  }
  if (*v < lo || *v > hi) {
    errorF(e, "attribute '%s' = %lld is out of range [%lld, %lld]", name, (long long)*v,
           (long long)lo, (long long)hi);
    return false;
  }
  return true;
}

static bool intAttr(Eval *e, const char *name, int64_t *v) {
  return intAttrIn(e, name, INT32_MIN, INT32_MAX, v);
}

/* A tiler from operand i: a tile value, or a layout used whole. */
static const FlyTiler *tilerOf(Eval *e, int i) {
  if (e->a[i].kind == FLY_TYPE_TILE)
    return e->a[i].tiler;
  if (e->a[i].kind == FLY_TYPE_LAYOUT)
    return flyTilerCreateLayout(e->ctx, e->a[i].layout);
  errorF(e, "operand #%d must be a layout or a tile", i);
  return NULL;
}

/* The declared result, for constructors whose value is their type. */
static FlySemaStatus declared(Eval *e) {
  MlirType t = mlirValueGetType(mlirOperationGetResult(e->op, 0));
  if (!flyStaticOfType(e->ctx, t, e->r))
    return errorF(e, "result type has malformed notation: %s", flyLayoutCtxGetError(e->ctx));
  return e->r->kind != FLY_TYPE_NONE ? FLY_SEMA_OK
                                     : errorF(e, "result must be a fly type");
}

static int countDynamic(const FlyStatic *v) {
  FlyStrBuf b = {0};
  flyStaticPrint(v, &b);
  int n = 0;
  for (const char *p = b.data; p && *p; ++p)
    n += *p == '?';
  flyStrBufDestroy(&b);
  return n;
}

static FlySemaStatus evalMakeIntTuple(Eval *e) {
  if (declared(e) != FLY_SEMA_OK)
    return FLY_SEMA_ERROR;
  int dyn = countDynamic(e->r);
  if (dyn != e->n)
    return errorF(e, "has %d operands but its type has %d dynamic leaves", e->n, dyn);
  return FLY_SEMA_OK;
}

static FlySemaStatus evalMakeLayout(Eval *e) {
  if (needKind(e, 0, FLY_TYPE_INT_TUPLE, "an int tuple (the shape)") ||
      needKind(e, 1, FLY_TYPE_INT_TUPLE, "an int tuple (the stride)"))
    return FLY_SEMA_ERROR;
  return setLayout(e->r, flyLayoutCreate(e->ctx, e->a[0].tuple, e->a[1].tuple));
}

/* The result type holds inner, offset and outer; the operands must agree. */
static FlySemaStatus evalMakeComposed(Eval *e) {
  if (declared(e) != FLY_SEMA_OK || needKind(e, 1, FLY_TYPE_LAYOUT, "a layout (the outer)"))
    return FLY_SEMA_ERROR;
  const FlyComposedLayout *c = e->r->composed;
  const FlySwizzle *s = flyComposedLayoutGetSwizzle(c);
  bool innerOk = s ? e->a[0].kind == FLY_TYPE_SWIZZLE : e->a[0].kind == FLY_TYPE_LAYOUT;
  if (!innerOk)
    return errorF(e, "operand #0 must be the inner %s of the result type",
                  s ? "swizzle" : "layout");
  if (!flyLayoutEqual(flyComposedLayoutGetOuter(c), e->a[1].layout)) {
    FlyStrBuf want = {0};
    flyLayoutPrint(e->a[1].layout, &want);
    FlySemaStatus st = errorF(e, "the result type's outer layout must be the operand's, %s",
                              want.data ? want.data : "?");
    flyStrBufDestroy(&want);
    return st;
  }
  return FLY_SEMA_OK;
}

/* fly.static's value is its type, so it has no run-time leaves to hold: a
 * `?` in it would reach the lowering with nothing to lower it from. */
static FlySemaStatus evalStatic(Eval *e) {
  if (declared(e) != FLY_SEMA_OK)
    return FLY_SEMA_ERROR;
  if (e->r->kind == FLY_TYPE_TENSOR)
    return errorF(e, "cannot hold a tensor: build it with fly.make_tensor");
  if (!flyStaticIsKnown(e->r))
    return errorF(e, "holds a fully static value, but its type has '?' leaves: build values "
                     "with run-time leaves with fly.make_int_tuple and fly.make_layout");
  return FLY_SEMA_OK;
}

static FlySemaStatus evalIdentity(Eval *e) {
  if (needKind(e, 0, FLY_TYPE_INT_TUPLE, "a shape"))
    return FLY_SEMA_ERROR;
  return setLayout(e->r, flyLayoutMakeIdentity(e->ctx, e->a[0].tuple));
}

static FlySemaStatus evalOrdered(Eval *e) {
  if (needKind(e, 0, FLY_TYPE_INT_TUPLE, "a shape") ||
      needKind(e, 1, FLY_TYPE_INT_TUPLE, "an order tuple"))
    return FLY_SEMA_ERROR;
  return setLayout(e->r, flyLayoutMakeOrdered(e->ctx, e->a[0].tuple, e->a[1].tuple));
}

static FlySemaStatus evalShapeOrStride(Eval *e, bool shape) {
  if (needKind(e, 0, FLY_TYPE_LAYOUT, "a layout"))
    return FLY_SEMA_ERROR;
  const FlyLayout *l = e->a[0].layout;
  return setTuple(e->r, shape ? flyLayoutGetShape(l) : flyLayoutGetStride(l));
}
static FlySemaStatus evalShape(Eval *e) { return evalShapeOrStride(e, true); }
static FlySemaStatus evalStride(Eval *e) { return evalShapeOrStride(e, false); }

/* size, cosize, rank, depth of a layout or an int tuple. */
static FlySemaStatus evalMeasure(Eval *e, char which) {
  const FlyStatic *v = &e->a[0];
  if (v->kind == FLY_TYPE_LAYOUT) {
    const FlyLayout *l = v->layout;
    if (which == 'r')
      return setInt(e->r, flyLayoutGetRank(l));
    if (which == 'd')
      return setInt(e->r, flyLayoutGetDepth(l));
    return setIntFromTuple(e->r, which == 's' ? flyLayoutSize(e->ctx, l)
                                              : flyLayoutCosize(e->ctx, l));
  }
  if (v->kind == FLY_TYPE_INT_TUPLE && which != 'c') {
    const FlyIntTuple *t = v->tuple;
    if (which == 'r')
      return setInt(e->r, flyIntTupleGetRank(t));
    if (which == 'd')
      return setInt(e->r, flyIntTupleGetDepth(t));
    return setIntFromTuple(e->r, flyIntTupleProduct(e->ctx, t));
  }
  return errorF(e, "operand #0 must be a layout%s", which == 'c' ? "" : " or an int tuple");
}
static FlySemaStatus evalSize(Eval *e) { return evalMeasure(e, 's'); }
static FlySemaStatus evalCosize(Eval *e) { return evalMeasure(e, 'c'); }
static FlySemaStatus evalRank(Eval *e) { return evalMeasure(e, 'r'); }
static FlySemaStatus evalDepth(Eval *e) { return evalMeasure(e, 'd'); }

/* The coordinate operand as an int tuple (an integer becomes a leaf). */
static const FlyIntTuple *coordOf(Eval *e, int i) {
  const FlyStatic *c = &e->a[i];
  if (c->kind == FLY_TYPE_INT_TUPLE)
    return c->tuple;
  if (c->isInt)
    return c->intKnown ? flyIntTupleCreateInt(e->ctx, c->intValue)
                       : flyIntTupleCreateDynamic(e->ctx);
  errorF(e, "operand #%d must be an int tuple or an integer", i);
  return NULL;
}

static FlySemaStatus evalCrd2Idx(Eval *e) {
  const FlyIntTuple *crd = coordOf(e, 0);
  if (!crd)
    return FLY_SEMA_ERROR;
  const FlyIntTuple *idx;
  if (e->a[1].kind == FLY_TYPE_LAYOUT)
    idx = flyLayoutCrd2Idx(e->ctx, crd, e->a[1].layout);
  else if (e->a[1].kind == FLY_TYPE_COMPOSED_LAYOUT)
    idx = flyComposedLayoutCrd2Idx(e->ctx, crd, e->a[1].composed);
  else
    return errorF(e, "operand #1 must be a layout or a composed layout");
  MlirType rt = mlirValueGetType(mlirOperationGetResult(e->op, 0));
  if (flyTypeGetKind(rt) == FLY_TYPE_INT_TUPLE) /* identity layouts give coordinates */
    return setTuple(e->r, idx);
  return setIntFromTuple(e->r, idx);
}

static FlySemaStatus evalIdx2Crd(Eval *e) {
  const FlyIntTuple *idx = coordOf(e, 0);
  if (!idx || needKind(e, 1, FLY_TYPE_INT_TUPLE, "a shape"))
    return FLY_SEMA_ERROR;
  return setTuple(e->r, flyIntTupleIdx2Crd(e->ctx, idx, e->a[1].tuple, NULL));
}

static FlySemaStatus evalApplySwizzle(Eval *e) {
  if (needKind(e, 0, FLY_TYPE_SWIZZLE, "a swizzle"))
    return FLY_SEMA_ERROR;
  if (!e->a[1].isInt)
    return errorF(e, "operand #1 must be an integer");
  if (!e->a[1].intKnown)
    return FLY_SEMA_DYNAMIC;
  return setInt(e->r, flySwizzleApply(e->a[0].swizzle, e->a[1].intValue));
}

/* Structural ops work on a layout or an int tuple alike. */
static FlySemaStatus evalGet(Eval *e) {
  int64_t i;
  if (!intAttr(e, "mode", &i))
    return FLY_SEMA_ERROR;
  const FlyStatic *v = &e->a[0];
  if (v->kind == FLY_TYPE_LAYOUT)
    return setLayout(e->r, flyLayoutGet(e->ctx, v->layout, (int)i));
  if (v->kind == FLY_TYPE_INT_TUPLE) {
    const FlyIntTuple *t = flyIntTupleGetElem(v->tuple, (int)i);
    return t ? setTuple(e->r, t) : errorF(e, "mode %lld is out of range", (long long)i);
  }
  return errorF(e, "operand #0 must be a layout or an int tuple");
}

static FlySemaStatus evalRange(Eval *e, bool group) {
  int64_t b, en;
  if (!intAttr(e, "begin", &b) || !intAttr(e, "end", &en))
    return FLY_SEMA_ERROR;
  const FlyStatic *v = &e->a[0];
  if (v->kind == FLY_TYPE_LAYOUT)
    return setLayout(e->r, group ? flyLayoutGroup(e->ctx, v->layout, (int)b, (int)en)
                                 : flyLayoutTake(e->ctx, v->layout, (int)b, (int)en));
  if (v->kind == FLY_TYPE_INT_TUPLE)
    return setTuple(e->r, group ? flyIntTupleGroup(e->ctx, v->tuple, (int)b, (int)en)
                                : flyIntTupleTake(e->ctx, v->tuple, (int)b, (int)en));
  return errorF(e, "operand #0 must be a layout or an int tuple");
}
static FlySemaStatus evalTake(Eval *e) { return evalRange(e, false); }
static FlySemaStatus evalGroup(Eval *e) { return evalRange(e, true); }

static FlySemaStatus evalSelect(Eval *e) {
  MlirAttribute a =
      mlirOperationGetAttributeByName(e->op, mlirStringRefCreateFromCString("indices"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI32Array(a))
    return errorF(e, "requires an attribute 'indices' = array<i32: ...>");
  int n = (int)mlirDenseArrayGetNumElements(a);
  int idx[64];
  if (n > 64)
    return errorF(e, "selects more than 64 modes");
  for (int i = 0; i < n; ++i)
    idx[i] = mlirDenseI32ArrayGetElement(a, i);
  const FlyStatic *v = &e->a[0];
  if (v->kind == FLY_TYPE_LAYOUT)
    return setLayout(e->r, flyLayoutSelect(e->ctx, v->layout, n, idx));
  if (v->kind == FLY_TYPE_INT_TUPLE)
    return setTuple(e->r, flyIntTupleSelect(e->ctx, v->tuple, n, idx));
  return errorF(e, "operand #0 must be a layout or an int tuple");
}

static FlySemaStatus evalFlatten(Eval *e) {
  const FlyStatic *v = &e->a[0];
  if (v->kind == FLY_TYPE_LAYOUT)
    return setLayout(e->r, flyLayoutFlatten(e->ctx, v->layout));
  if (v->kind == FLY_TYPE_INT_TUPLE)
    return setTuple(e->r, flyIntTupleFlatten(e->ctx, v->tuple));
  return errorF(e, "operand #0 must be a layout or an int tuple");
}

static FlySemaStatus evalPend(Eval *e, bool append) {
  const FlyStatic *v = &e->a[0], *m = &e->a[1];
  if (v->kind == FLY_TYPE_LAYOUT && m->kind == FLY_TYPE_LAYOUT)
    return setLayout(e->r, append ? flyLayoutAppend(e->ctx, v->layout, m->layout)
                                  : flyLayoutPrepend(e->ctx, v->layout, m->layout));
  if (v->kind == FLY_TYPE_INT_TUPLE && m->kind == FLY_TYPE_INT_TUPLE)
    return setTuple(e->r, append ? flyIntTupleAppend(e->ctx, v->tuple, m->tuple)
                                 : flyIntTuplePrepend(e->ctx, v->tuple, m->tuple));
  return errorF(e, "operands must be two layouts or two int tuples");
}
static FlySemaStatus evalAppend(Eval *e) { return evalPend(e, true); }
static FlySemaStatus evalPrepend(Eval *e) { return evalPend(e, false); }

/*--- The algebra -------------------------------------------------------------------*/

static FlySemaStatus evalCoalesce(Eval *e) {
  if (needKind(e, 0, FLY_TYPE_LAYOUT, "a layout"))
    return FLY_SEMA_ERROR;
  MlirAttribute p =
      mlirOperationGetAttributeByName(e->op, mlirStringRefCreateFromCString("profile"));
  if (mlirAttributeIsNull(p))
    return setLayout(e->r, flyLayoutCoalesce(e->ctx, e->a[0].layout));
  if (!mlirAttributeIsAString(p))
    return errorF(e, "attribute 'profile' must be a string in int-tuple notation");
  char *text = flyOpGetStringAttr(e->op, "profile");
  const FlyIntTuple *profile = text ? flyIntTupleParse(e->ctx, text) : NULL;
  flyFree(text);
  if (!profile)
    return FLY_SEMA_ERROR;
  return setLayout(e->r, flyLayoutCoalesceByMode(e->ctx, e->a[0].layout, profile));
}

static FlySemaStatus evalComposition(Eval *e) {
  const FlyTiler *t = tilerOf(e, 1);
  if (!t)
    return FLY_SEMA_ERROR;
  if (e->a[0].kind == FLY_TYPE_COMPOSED_LAYOUT)
    return setComposed(e->r, flyComposedLayoutCompose(e->ctx, e->a[0].composed, t));
  if (e->a[0].kind != FLY_TYPE_LAYOUT)
    return errorF(e, "operand #0 must be a layout or a composed layout");
  const FlyLayout *b = flyTilerGetLayout(t);
  return setLayout(e->r, b ? flyLayoutComposition(e->ctx, e->a[0].layout, b)
                           : flyLayoutCompositionTiler(e->ctx, e->a[0].layout, t));
}

static FlySemaStatus evalComplement(Eval *e) {
  if (needKind(e, 0, FLY_TYPE_LAYOUT, "a layout"))
    return FLY_SEMA_ERROR;
  int64_t cotarget = 1; /* pycute's default: fill only the gaps */
  MlirAttribute a =
      mlirOperationGetAttributeByName(e->op, mlirStringRefCreateFromCString("cotarget"));
  if (!mlirAttributeIsNull(a) && !intAttrIn(e, "cotarget", 1, INT64_MAX, &cotarget))
    return FLY_SEMA_ERROR;
  return setLayout(e->r, flyLayoutComplement(e->ctx, e->a[0].layout, cotarget));
}

typedef const FlyLayout *(*UnaryFn)(FlyLayoutCtx *, const FlyLayout *);
typedef const FlyLayout *(*TilerFn)(FlyLayoutCtx *, const FlyLayout *, const FlyTiler *);
typedef const FlyLayout *(*BinaryFn)(FlyLayoutCtx *, const FlyLayout *, const FlyLayout *);

static FlySemaStatus evalUnary(Eval *e, UnaryFn fn) {
  if (needKind(e, 0, FLY_TYPE_LAYOUT, "a layout"))
    return FLY_SEMA_ERROR;
  return setLayout(e->r, fn(e->ctx, e->a[0].layout));
}

static FlySemaStatus evalByTiler(Eval *e, TilerFn fn) {
  const FlyTiler *t = needKind(e, 0, FLY_TYPE_LAYOUT, "a layout") ? NULL : tilerOf(e, 1);
  return t ? setLayout(e->r, fn(e->ctx, e->a[0].layout, t)) : FLY_SEMA_ERROR;
}

static FlySemaStatus evalBinary(Eval *e, BinaryFn fn) {
  if (needKind(e, 0, FLY_TYPE_LAYOUT, "a layout") || needKind(e, 1, FLY_TYPE_LAYOUT, "a layout"))
    return FLY_SEMA_ERROR;
  return setLayout(e->r, fn(e->ctx, e->a[0].layout, e->a[1].layout));
}

#define UNARY(name, fn) \
  static FlySemaStatus name(Eval *e) { return evalUnary(e, fn); }
#define BY_TILER(name, fn) \
  static FlySemaStatus name(Eval *e) { return evalByTiler(e, fn); }
#define BINARY(name, fn) \
  static FlySemaStatus name(Eval *e) { return evalBinary(e, fn); }
UNARY(evalRightInverse, flyLayoutRightInverse)
UNARY(evalLeftInverse, flyLayoutLeftInverse)
UNARY(evalFilter, flyLayoutFilter)
BY_TILER(evalLogicalDivide, flyLayoutLogicalDivide)
BY_TILER(evalZippedDivide, flyLayoutZippedDivide)
BY_TILER(evalTiledDivide, flyLayoutTiledDivide)
BY_TILER(evalFlatDivide, flyLayoutFlatDivide)
BY_TILER(evalLogicalProduct, flyLayoutLogicalProduct)
BY_TILER(evalZippedProduct, flyLayoutZippedProduct)
BY_TILER(evalTiledProduct, flyLayoutTiledProduct)
BY_TILER(evalFlatProduct, flyLayoutFlatProduct)
BINARY(evalBlockedProduct, flyLayoutBlockedProduct)
BINARY(evalRakedProduct, flyLayoutRakedProduct)

static FlySemaStatus evalRecast(Eval *e) {
  int64_t oldBits, newBits;
  if (needKind(e, 0, FLY_TYPE_LAYOUT, "a layout") || !intAttrIn(e, "old_bits", 1, 1024, &oldBits) ||
      !intAttrIn(e, "new_bits", 1, 1024, &newBits))
    return FLY_SEMA_ERROR;
  return setLayout(e->r, flyLayoutRecast(e->ctx, e->a[0].layout, (int)oldBits, (int)newBits));
}

static FlySemaStatus evalTileToShape(Eval *e) {
  if (needKind(e, 0, FLY_TYPE_LAYOUT, "a layout") ||
      needKind(e, 1, FLY_TYPE_INT_TUPLE, "a shape"))
    return FLY_SEMA_ERROR;
  return setLayout(e->r, flyLayoutTileToShape(e->ctx, e->a[0].layout, e->a[1].tuple));
}

static FlySemaStatus evalSliceDice(Eval *e, bool slice) {
  if (needKind(e, 0, FLY_TYPE_INT_TUPLE, "a coordinate") ||
      needKind(e, 1, FLY_TYPE_LAYOUT, "a layout"))
    return FLY_SEMA_ERROR;
  return setLayout(e->r, slice ? flyLayoutSlice(e->ctx, e->a[0].tuple, e->a[1].layout)
                               : flyLayoutDice(e->ctx, e->a[0].tuple, e->a[1].layout));
}
static FlySemaStatus evalSlice(Eval *e) { return evalSliceDice(e, true); }
static FlySemaStatus evalDice(Eval *e) { return evalSliceDice(e, false); }

/* The thread-value layout of an MMA atom's operand (mma_atoms.c). */
static bool strAttr(Eval *e, const char *name, char *out, size_t cap) {
  MlirAttribute a = mlirOperationGetAttributeByName(e->op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return false;
  MlirStringRef v = mlirStringAttrGetValue(a);
  snprintf(out, cap, "%.*s", (int)v.length, v.data);
  return v.length < cap;
}

static FlySemaStatus evalMmaLayout(Eval *e) {
  char shape[24], a[32], b[32], c[16], operand[4];
  if (!strAttr(e, "shape", shape, sizeof shape) || !strAttr(e, "a", a, sizeof a) ||
      !strAttr(e, "b", b, sizeof b) || !strAttr(e, "c", c, sizeof c) ||
      !strAttr(e, "operand", operand, sizeof operand) ||
      (strcmp(operand, "a") && strcmp(operand, "b") && strcmp(operand, "c")))
    return errorF(e, "needs string attributes shape, a, b, c (element types) and operand "
                     "(\"a\", \"b\" or \"c\")");
  const FlyMmaAtom *atom = flyMmaAtomFind(shape, a, b, c);
  if (!atom)
    return errorF(e, "no %s MFMA multiplies %s by %s into %s", shape, a, b, c);
  const char *tv = operand[0] == 'a' ? atom->tvA : operand[0] == 'b' ? atom->tvB : atom->tvC;
  /* swap_ab: the accumulators of the atom run with A and B exchanged. */
  if (!mlirAttributeIsNull(
          mlirOperationGetAttributeByName(e->op, mlirStringRefCreateFromCString("swap_ab")))) {
    if (!flyMmaAtomSwappable(atom, b))
      return errorF(e, "swap_ab needs a square atom whose A and B have one type and layout "
                       "(or two f8f6f4 formats), not %s %s x %s", shape, a, b);
    if (operand[0] == 'c')
      return setLayout(e->r, flyMmaAtomSwappedTvC(e->ctx, atom));
  }
  return setLayout(e->r, flyLayoutParse(e->ctx, tv));
}

/*--- The table ---------------------------------------------------------------------*/

typedef struct OpSema {
  const char *name;
  int minOperands, maxOperands;
  FlySemaStatus (*eval)(Eval *e);
} OpSema;

static const OpSema table[] = {
    {"static", 0, 0, evalStatic},
    {"make_int_tuple", 0, 1 << 20, evalMakeIntTuple},
    {"make_layout", 2, 2, evalMakeLayout},
    {"make_composed_layout", 2, 2, evalMakeComposed},
    {"make_identity_layout", 1, 1, evalIdentity},
    {"make_ordered_layout", 2, 2, evalOrdered},
    {"shape", 1, 1, evalShape},
    {"stride", 1, 1, evalStride},
    {"size", 1, 1, evalSize},
    {"cosize", 1, 1, evalCosize},
    {"rank", 1, 1, evalRank},
    {"depth", 1, 1, evalDepth},
    {"crd2idx", 2, 2, evalCrd2Idx},
    {"idx2crd", 2, 2, evalIdx2Crd},
    {"apply_swizzle", 2, 2, evalApplySwizzle},
    {"get", 1, 1, evalGet},
    {"take", 1, 1, evalTake},
    {"select", 1, 1, evalSelect},
    {"flatten", 1, 1, evalFlatten},
    {"group", 1, 1, evalGroup},
    {"append", 2, 2, evalAppend},
    {"prepend", 2, 2, evalPrepend},
    {"coalesce", 1, 1, evalCoalesce},
    {"composition", 2, 2, evalComposition},
    {"complement", 1, 1, evalComplement},
    {"right_inverse", 1, 1, evalRightInverse},
    {"left_inverse", 1, 1, evalLeftInverse},
    {"filter", 1, 1, evalFilter},
    {"logical_divide", 2, 2, evalLogicalDivide},
    {"zipped_divide", 2, 2, evalZippedDivide},
    {"tiled_divide", 2, 2, evalTiledDivide},
    {"flat_divide", 2, 2, evalFlatDivide},
    {"logical_product", 2, 2, evalLogicalProduct},
    {"zipped_product", 2, 2, evalZippedProduct},
    {"tiled_product", 2, 2, evalTiledProduct},
    {"flat_product", 2, 2, evalFlatProduct},
    {"blocked_product", 2, 2, evalBlockedProduct},
    {"raked_product", 2, 2, evalRakedProduct},
    {"recast", 1, 1, evalRecast},
    {"tile_to_shape", 2, 2, evalTileToShape},
    {"slice", 2, 2, evalSlice},
    {"dice", 2, 2, evalDice},
    {"mma_layout", 0, 0, evalMmaLayout},
};

static const OpSema *lookup(MlirOperation op) {
  for (size_t i = 0; i < sizeof table / sizeof *table; ++i) {
    if (flyOpIs(op, table[i].name))
      return &table[i];
  }
  return NULL;
}

bool flySemaKnowsOp(MlirOperation op) { return lookup(op) != NULL; }

bool flySemaIsStaticConstructor(MlirOperation op) { return flyOpIs(op, "static"); }

FlySemaStatus flySemaEval(FlyLayoutCtx *ctx, MlirOperation op, const FlyStatic *operands,
                          int numOperands, FlyStatic *result, FlyStrBuf *err) {
  const OpSema *s = lookup(op);
  Eval e = {ctx, op, operands, numOperands, result, err};
  if (!s)
    return errorF(&e, "is not a fly op with compile-time semantics");
  if (numOperands < s->minOperands || numOperands > s->maxOperands)
    return errorF(&e, "has %d operands", numOperands);
  flyLayoutCtxClearError(ctx);
  FlySemaStatus st = s->eval(&e);
  if (st != FLY_SEMA_ERROR)
    return st;
  bool dynamic = false;
  for (int i = 0; i < numOperands; ++i)
    dynamic |= !flyStaticIsKnown(&operands[i]);
  const char *layoutErr = flyLayoutCtxGetError(ctx);
  if (dynamic && err->len == 0) /* lib/layout needed values that are not known */
    return FLY_SEMA_DYNAMIC;
  if (err->len == 0)
    flyStrBufAppend(err, *layoutErr ? layoutErr : "invalid operands");
  return FLY_SEMA_ERROR;
}
