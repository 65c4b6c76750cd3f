/*===- LowerLayout.c - fly-lower-layout ---------------------------------------===*
 *
 * After fly-fold only what depends on run-time values is left: coordinates
 * built from thread indices, extents such as M. This pass turns crd2idx,
 * idx2crd, size and apply_swizzle over such values into the minimal arith:
 * static leaves stay constants (multiplications by 1 and additions of 0
 * vanish as they are built), and a swizzle becomes and/shift/xor. The XOR of
 * a swizzle S<B,M,S> only reads and writes bits below its period 2^(B+M+S),
 * so a constant part of the offset that is a multiple of the period is added
 * after the swizzle instead of before: S(c + x) = c + S(x). That keeps, e.g.,
 * a ping-pong buffer's base out of the XOR, where it folds with other
 * constants. Every fly op must be gone afterwards; one that is not is a
 * located error.
 *===----------------------------------------------------------------------===*/
#include <string.h>

#include "mlir-c/BuiltinTypes.h"
#include "passes.h"
#include "sema.h"

/* A scalar being built: a constant, or an index-typed SSA value. */
typedef struct Val {
  bool isConst;
  int64_t c;
  MlirValue v;
} Val;

/* Emission state: insertion point, context and error flag. */
typedef struct Builder {
  MlirOperation at; /* new ops go before this op */
  MlirLocation loc;
  MlirContext mctx;
  FlyLayoutCtx *lctx;
  bool failed;
} Builder;

static Val konst(int64_t c) { return (Val){true, c, {NULL}}; }

static MlirValue emit(Builder *b, const char *name, int n, const MlirValue *operands,
                      MlirType type) {
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(name), b->loc);
  mlirOperationStateAddOperands(&st, n, operands);
  mlirOperationStateAddResults(&st, 1, &type);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(b->at), b->at, op);
  return mlirOperationGetResult(op, 0);
}

static MlirValue valueOf(Builder *b, Val x) {
  if (!x.isConst)
    return x.v;
  MlirType index = mlirIndexTypeGet(b->mctx);
  MlirOperation op = flyArithConstantCreate(b->loc, index, x.c);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(b->at), b->at, op);
  return mlirOperationGetResult(op, 0);
}

static Val binary(Builder *b, const char *name, Val x, Val y) {
  MlirValue ops[2] = {valueOf(b, x), valueOf(b, y)};
  return (Val){false, 0, emit(b, name, 2, ops, mlirIndexTypeGet(b->mctx))};
}

static Val add(Builder *b, Val x, Val y) {
  if (x.isConst && y.isConst)
    return konst(x.c + y.c);
  if (x.isConst && x.c == 0)
    return y;
  if (y.isConst && y.c == 0)
    return x;
  return binary(b, "arith.addi", x, y);
}

static Val mul(Builder *b, Val x, Val y) {
  if (x.isConst && y.isConst)
    return konst(x.c * y.c);
  if ((x.isConst && x.c == 0) || (y.isConst && y.c == 0))
    return konst(0);
  if (x.isConst && x.c == 1)
    return y;
  if (y.isConst && y.c == 1)
    return x;
  return binary(b, "arith.muli", x, y);
}

/* Coordinates and extents are non-negative: unsigned division and
 * remainder, which LLVM turns into shifts and masks for powers of two. */
static Val divu(Builder *b, Val x, Val y) {
  if (y.isConst && y.c == 1)
    return x;
  if (x.isConst && y.isConst && y.c > 0)
    return konst(x.c / y.c);
  return binary(b, "arith.divui", x, y);
}

static Val remu(Builder *b, Val x, Val y) {
  if (y.isConst && y.c == 1)
    return konst(0);
  if (x.isConst && y.isConst && y.c > 0)
    return konst(x.c % y.c);
  return binary(b, "arith.remui", x, y);
}

static Val toIndex(Builder *b, MlirValue v) {
  if (mlirTypeIsAIndex(mlirValueGetType(v)))
    return (Val){false, 0, v};
  return (Val){false, 0, emit(b, "arith.index_cast", 1, &v, mlirIndexTypeGet(b->mctx))};
}

static void fail(Builder *b, MlirOperation op, const char *reason) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  flyEmitOpError(op, "cannot lower '%.*s' with run-time operands: %s", (int)n.length, n.data,
                 reason);
  b->failed = true;
}

/*--- Leaves of fly values --------------------------------------------------------*/

enum { MAX_LEAVES = 64 };

/* The leaves of a tuple in pre-order, as values. */
typedef struct Leaves {
  Val v[MAX_LEAVES];
  int n;
} Leaves;

/* A sum kept as constant + dynamic part, so constants never hide inside an
 * addi (the swizzle needs to see them). */
typedef struct Lin {
  int64_t c;
  Val dyn;
} Lin;

static void linAdd(Builder *b, Lin *acc, Val term) {
  if (term.isConst)
    acc->c += term.c;
  else
    acc->dyn = add(b, acc->dyn, term);
}

static Val linValue(Builder *b, const Lin *acc) { return add(b, acc->dyn, konst(acc->c)); }

static int countLeaves(const FlyIntTuple *t) {
  if (flyIntTupleIsLeaf(t))
    return 1;
  int n = 0;
  for (int i = 0; i < flyIntTupleGetRank(t); ++i)
    n += countLeaves(flyIntTupleGetElem(t, i));
  return n;
}

/* Pushes the leaves of the static structure `t`; `?` leaves take the next
 * of `dyn` (operands of the defining make_int_tuple). */
static bool pushLeaves(Builder *b, const FlyIntTuple *t, MlirOperation def, int *next,
                       Leaves *out) {
  if (!flyIntTupleIsLeaf(t)) {
    for (int i = 0; i < flyIntTupleGetRank(t); ++i)
      if (!pushLeaves(b, flyIntTupleGetElem(t, i), def, next, out))
        return false;
    return true;
  }
  if (out->n == MAX_LEAVES)
    return false;
  FlyLeafKind k = flyIntTupleGetLeafKind(t);
  if (k == FLY_LEAF_INT)
    out->v[out->n++] = konst(flyIntTupleGetValue(t));
  else if (k == FLY_LEAF_DYNAMIC && !mlirOperationIsNull(def) &&
           *next < mlirOperationGetNumOperands(def))
    out->v[out->n++] = toIndex(b, mlirOperationGetOperand(def, (*next)++));
  else
    return false;
  return true;
}

static MlirOperation definingOp(MlirValue v) {
  return mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v) : (MlirOperation){NULL};
}

static bool idx2crdLeaves(Builder *b, MlirOperation op, Leaves *out);

/* The leaves of the int-tuple value `v`, whatever built it. */
static bool tupleLeaves(Builder *b, MlirValue v, Leaves *out) {
  FlyStatic s;
  if (!flyStaticOfValue(b->lctx, v, &s) || s.kind != FLY_TYPE_INT_TUPLE)
    return false;
  MlirOperation def = definingOp(v);
  int next = 0;
  out->n = 0;
  if (flyStaticIsKnown(&s))
    return pushLeaves(b, s.tuple, (MlirOperation){NULL}, &next, out);
  if (!mlirOperationIsNull(def) && flyOpIs(def, "make_int_tuple"))
    return pushLeaves(b, s.tuple, def, &next, out);
  if (!mlirOperationIsNull(def) && flyOpIs(def, "idx2crd"))
    return idx2crdLeaves(b, def, out);
  return false;
}

/* Shape and stride leaves of the layout value `v`. */
static bool layoutLeaves(Builder *b, MlirValue v, const FlyLayout *l, Leaves *shape,
                         Leaves *stride) {
  MlirOperation def = definingOp(v);
  if (!mlirOperationIsNull(def) && flyOpIs(def, "make_layout") &&
      mlirOperationGetNumOperands(def) == 2)
    return tupleLeaves(b, mlirOperationGetOperand(def, 0), shape) &&
           tupleLeaves(b, mlirOperationGetOperand(def, 1), stride);
  int next = 0;
  shape->n = stride->n = 0;
  return pushLeaves(b, flyLayoutGetShape(l), (MlirOperation){NULL}, &next, shape) &&
         pushLeaves(b, flyLayoutGetStride(l), (MlirOperation){NULL}, &next, stride);
}

static Val product(Builder *b, const Leaves *l, int from, int count) {
  Val p = konst(1);
  for (int i = from; i < from + count; ++i)
    p = mul(b, p, l->v[i]);
  return p;
}

/* idx2crd (pycute): leaf j of the coordinate is (idx / prefix_j) % shape_j,
 * with prefix_j the product of the shape leaves before j. */
static bool idx2crdLeaves(Builder *b, MlirOperation op, Leaves *out) {
  MlirValue idxv = mlirOperationGetOperand(op, 0);
  if (flyTypeGetKind(mlirValueGetType(idxv)) != FLY_TYPE_NONE)
    return false; /* tuple indices are folded or unsupported */
  Leaves shape;
  if (!tupleLeaves(b, mlirOperationGetOperand(op, 1), &shape))
    return false;
  Val idx = toIndex(b, idxv), prefix = konst(1);
  out->n = shape.n;
  for (int j = 0; j < shape.n; ++j) {
    out->v[j] = remu(b, divu(b, idx, prefix), shape.v[j]);
    prefix = mul(b, prefix, shape.v[j]);
  }
  return true;
}

/*--- crd2idx ----------------------------------------------------------------------*/

/* Cursors into the shape and stride leaves while walking the structure. */
typedef struct LayoutCursor {
  const Leaves *shape, *stride;
  int at;
} LayoutCursor;

/* crd2idx of an integer coordinate `x` in mode `shape` (pycute): split
 * colexicographically over sub-modes; the last one takes the rest. */
static void crdInt(Builder *b, Val x, const FlyIntTuple *shape, LayoutCursor *lc, Lin *acc) {
  if (flyIntTupleIsLeaf(shape)) {
    linAdd(b, acc, mul(b, x, lc->stride->v[lc->at]));
    lc->at++;
    return;
  }
  int rank = flyIntTupleGetRank(shape);
  for (int i = 0; i < rank; ++i) {
    const FlyIntTuple *sub = flyIntTupleGetElem(shape, i);
    if (i == rank - 1) {
      crdInt(b, x, sub, lc, acc);
      break;
    }
    Val extent = product(b, lc->shape, lc->at, countLeaves(sub));
    crdInt(b, remu(b, x, extent), sub, lc, acc);
    x = divu(b, x, extent);
  }
}

/* crd2idx of a tuple coordinate whose leaves are `cl` (cursor *ci). */
static void crdTuple(Builder *b, const FlyIntTuple *crd, const Leaves *cl, int *ci,
                     const FlyIntTuple *shape, LayoutCursor *lc, Lin *acc) {
  if (flyIntTupleIsLeaf(crd)) {
    crdInt(b, cl->v[(*ci)++], shape, lc, acc);
    return;
  }
  int rank = flyIntTupleIsLeaf(shape) ? 1 : flyIntTupleGetRank(shape);
  for (int i = 0; i < rank; ++i) {
    const FlyIntTuple *sub = flyIntTupleIsLeaf(shape) ? shape : flyIntTupleGetElem(shape, i);
    if (i < flyIntTupleGetRank(crd))
      crdTuple(b, flyIntTupleGetElem(crd, i), cl, ci, sub, lc, acc);
    else
      lc->at += countLeaves(sub); /* a shorter coordinate leaves modes at 0 */
  }
}

/* outer(crd) as constant + dynamic parts. */
static bool layoutApply(Builder *b, MlirValue crdv, MlirValue layoutv, const FlyLayout *l,
                        Lin *acc) {
  Leaves shape, stride;
  if (!layoutLeaves(b, layoutv, l, &shape, &stride))
    return false;
  LayoutCursor lc = {&shape, &stride, 0};
  if (flyTypeGetKind(mlirValueGetType(crdv)) == FLY_TYPE_NONE) {
    crdInt(b, toIndex(b, crdv), flyLayoutGetShape(l), &lc, acc);
    return true;
  }
  FlyStatic c;
  Leaves cl;
  int ci = 0;
  if (!flyStaticOfValue(b->lctx, crdv, &c) || !tupleLeaves(b, crdv, &cl))
    return false;
  crdTuple(b, c.tuple, &cl, &ci, flyLayoutGetShape(l), &lc, acc);
  return true;
}

/* y = x ^ ((x & (((1<<B)-1) << (M+max(S,0)))) >> S), on a dynamic x. */
static Val swizzle(Builder *b, const FlySwizzle *s, Val x) {
  int bits, base, shift;
  flySwizzleGetParams(s, &bits, &base, &shift);
  if (x.isConst)
    return konst(flySwizzleApply(s, x.c));
  if (bits == 0)
    return x;
  int64_t mask = ((INT64_C(1) << bits) - 1) << (base + (shift > 0 ? shift : 0));
  Val picked = binary(b, "arith.andi", x, konst(mask));
  Val moved = shift >= 0 ? binary(b, "arith.shrui", picked, konst(shift))
                         : binary(b, "arith.shli", picked, konst(-shift));
  return binary(b, "arith.xori", x, moved);
}

/* inner(offset + outer(crd)) with the period-aligned constant kept out of
 * the swizzle's XOR. */
static bool composedApply(Builder *b, MlirValue crdv, MlirValue compv,
                          const FlyComposedLayout *c, Val *out) {
  MlirOperation def = definingOp(compv);
  MlirValue outerv = compv;
  if (!mlirOperationIsNull(def) && flyOpIs(def, "make_composed_layout") &&
      mlirOperationGetNumOperands(def) == 2)
    outerv = mlirOperationGetOperand(def, 1);
  Lin acc = {flyComposedLayoutGetOffset(c), konst(0)};
  if (!layoutApply(b, crdv, outerv, flyComposedLayoutGetOuter(c), &acc))
    return false;
  const FlySwizzle *s = flyComposedLayoutGetSwizzle(c);
  if (!s) { /* a layout as the inner function: an integer coordinate into it */
    const FlyLayout *inner = flyComposedLayoutGetInner(c);
    Leaves shape, stride;
    int next = 0;
    shape.n = stride.n = 0;
    if (!pushLeaves(b, flyLayoutGetShape(inner), (MlirOperation){NULL}, &next, &shape) ||
        !pushLeaves(b, flyLayoutGetStride(inner), (MlirOperation){NULL}, &next, &stride))
      return false;
    LayoutCursor lc = {&shape, &stride, 0};
    Lin r = {0, konst(0)};
    crdInt(b, linValue(b, &acc), flyLayoutGetShape(inner), &lc, &r);
    *out = linValue(b, &r);
    return true;
  }
  int bits, base, shift;
  flySwizzleGetParams(s, &bits, &base, &shift);
  int64_t period = INT64_C(1) << (bits + base + (shift > 0 ? shift : -shift));
  int64_t hi = acc.c >= 0 ? acc.c - acc.c % period : 0;
  Lin low = {acc.c - hi, acc.dyn};
  *out = add(b, swizzle(b, s, linValue(b, &low)), konst(hi));
  return true;
}

/*--- The pass -----------------------------------------------------------------------*/

/* Casts an index value to the op's declared integer result type. */
static MlirValue fromIndex(Builder *b, Val x, MlirType type) {
  MlirValue v = valueOf(b, x);
  if (mlirTypeIsAIndex(type))
    return v;
  return emit(b, "arith.index_cast", 1, &v, type);
}

static bool lowerValue(Builder *b, MlirOperation op, Val *out) {
  FlyStatic a;
  MlirValue v0 = mlirOperationGetOperand(op, 0);
  if (flyOpIs(op, "size")) {
    Leaves l, unused;
    if (!flyStaticOfValue(b->lctx, v0, &a))
      return false;
    bool ok = a.kind == FLY_TYPE_LAYOUT ? layoutLeaves(b, v0, a.layout, &l, &unused)
                                        : tupleLeaves(b, v0, &l);
    *out = product(b, &l, 0, l.n);
    return ok;
  }
  if (flyOpIs(op, "apply_swizzle")) {
    if (!flyStaticOfValue(b->lctx, v0, &a) || a.kind != FLY_TYPE_SWIZZLE)
      return false;
    *out = swizzle(b, a.swizzle, toIndex(b, mlirOperationGetOperand(op, 1)));
    return true;
  }
  if (flyOpIs(op, "crd2idx")) {
    MlirValue lv = mlirOperationGetOperand(op, 1);
    if (!flyStaticOfValue(b->lctx, lv, &a))
      return false;
    if (a.kind == FLY_TYPE_COMPOSED_LAYOUT)
      return composedApply(b, v0, lv, a.composed, out);
    Lin acc = {0, konst(0)};
    bool ok = a.kind == FLY_TYPE_LAYOUT && layoutApply(b, v0, lv, a.layout, &acc);
    *out = linValue(b, &acc);
    return ok;
  }
  return false;
}

static void lowerOp(Builder *b, MlirOperation op) {
  MlirValue res = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(res);
  if (flyTypeGetKind(type) != FLY_TYPE_NONE)
    return; /* fly values disappear once their integer users are lowered */
  b->at = op;
  b->loc = mlirOperationGetLocation(op);
  Val x;
  if (!lowerValue(b, op, &x)) {
    fail(b, op, "its layouts and coordinates must be static or built by "
                "make_int_tuple/make_layout/idx2crd");
    return;
  }
  mlirValueReplaceAllUsesOfWith(res, fromIndex(b, x, type));
}

static MlirWalkResult reportLeft(MlirOperation op, void *userData) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (n.length > 4 && !memcmp(n.data, "fly.", 4)) {
    flyEmitOpError(op, "'%.*s' is still used after layout lowering (a fly value may only "
                       "feed fly ops)", (int)n.length, n.data);
    *(bool *)userData = true;
  }
  return MlirWalkResultAdvance;
}

static MlirLogicalResult run(MlirOperation root, const FlyPassOptions *options) {
  (void)options;
  Builder b = {.mctx = mlirOperationGetContext(root), .lctx = flyLayoutCtxCreate()};
  FlyOpList list = {0};
  flyOpListCollectPrefix(&list, root, "fly.");
  for (size_t i = 0; b.lctx && i < list.len; ++i) {
    if (mlirOperationGetNumResults(list.ops[i]) == 1)
      lowerOp(&b, list.ops[i]);
  }
  bool failed = b.failed || !b.lctx || list.oom;
  flyOpListDestroy(&list);
  flyLayoutCtxDestroy(b.lctx);
  if (failed)
    return mlirLogicalResultFailure();
  flyEraseDeadOps(root, "fly.", flySemaKnowsOp);
  bool left = false;
  mlirOperationWalk(root, reportLeft, &left, MlirWalkPreOrder);
  return left ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}

const FlyPassInfo flyLowerLayoutPass = {
    "fly-lower-layout",
    "Lower the dynamic rest of the layout algebra to arith (swizzles to and/shift/xor)",
    run,
};
