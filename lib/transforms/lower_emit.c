/*===- lower_emit.c - Emitting arith for the layout algebra ----------------===*/
#include <string.h>

#include "lower.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "sema.h"




Val lwKonst(int64_t c) { return (Val){true, c, {NULL}}; }

MlirValue lwEmit(Builder *b, const char *name, int n, const MlirValue *operands,
                      MlirType type) {
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(name), b->loc);
  mlirOperationStateAddOperands(&st, n, operands);
  mlirOperationStateAddResults(&st, 1, &type);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(b->at), b->at, op);
  return mlirOperationGetResult(op, 0);
}

/* The bit width of a vector element type; 0 for anything but integers and
 * floats. */
static unsigned elementBits(MlirType t) {
  if (mlirTypeIsAInteger(t))
    return mlirIntegerTypeGetWidth(t);
  return mlirTypeIsAFloat(t) ? mlirFloatTypeGetWidth(t) : 0;
}

/* vector.shuffle x, y with mask[0..n) as written, result vector<n x T>. */
static MlirValue plainShuffle(Builder *b, MlirValue x, MlirValue y, const int64_t *mask,
                              int64_t n, MlirType elem) {
  MlirValue ops[2] = {x, y};
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString("vector.shuffle"),
                                                b->loc);
  mlirOperationStateAddOperands(&st, 2, ops);
  MlirType rt = mlirVectorTypeGet(1, &n, elem);
  mlirOperationStateAddResults(&st, 1, &rt);
  MlirNamedAttribute m = mlirNamedAttributeGet(
      mlirIdentifierGet(b->mctx, mlirStringRefCreateFromCString("mask")),
      mlirDenseI64ArrayGet(b->mctx, n, mask));
  mlirOperationStateAddAttributes(&st, 1, &m);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(b->at), b->at, op);
  return mlirOperationGetResult(op, 0);
}

static MlirValue bitcastTo(Builder *b, MlirValue v, MlirType elem, int64_t n) {
  return lwEmit(b, "vector.bitcast", 1, &v, mlirVectorTypeGet(1, &n, elem));
}

/* Whether mask[0..n) moves whole 32-bit words of r elements: every run of r
 * outputs starts at a multiple of r and counts up by one. */
static bool movesWords(const int64_t *mask, int64_t n, int64_t r) {
  if (n % r)
    return false;
  for (int64_t j = 0; j < n; j += r)
    for (int64_t t = 0; t < r; ++t)
      if (mask[j] % r || mask[j + t] != mask[j] + t)
        return false;
  return true;
}

MlirValue lwShuffle(Builder *b, MlirValue x, MlirValue y, const int64_t *mask, int64_t n) {
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(x));
  int64_t nx = mlirShapedTypeGetDimSize(mlirValueGetType(x), 0);
  int64_t ny = mlirShapedTypeGetDimSize(mlirValueGetType(y), 0);
  unsigned bits = elementBits(elem);
  int64_t r = bits && bits < 32 && 32 % bits == 0 ? 32 / bits : 1;
  enum { MAX_WORDS = 1024 };
  if (r == 1 || nx % r || ny % r || n / r > MAX_WORDS || !movesWords(mask, n, r))
    return plainShuffle(b, x, y, mask, n, elem);
  int64_t words[MAX_WORDS];
  for (int64_t j = 0; j < n / r; ++j)
    words[j] = mask[j * r] / r;
  MlirType i32 = mlirIntegerTypeGet(b->mctx, 32);
  MlirValue wx = bitcastTo(b, x, i32, nx / r);
  MlirValue wy = mlirValueEqual(x, y) ? wx : bitcastTo(b, y, i32, ny / r);
  MlirValue w = plainShuffle(b, wx, wy, words, n / r, i32);
  return bitcastTo(b, w, elem, n);
}

MlirValue lwValueOf(Builder *b, Val x) {
  if (!x.isConst)
    return x.v;
  MlirType index = mlirIndexTypeGet(b->mctx);
  MlirOperation op = flyArithConstantCreate(b->loc, index, x.c);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(b->at), b->at, op);
  return mlirOperationGetResult(op, 0);
}

Val lwBinary(Builder *b, const char *name, Val x, Val y) {
  MlirValue ops[2] = {lwValueOf(b, x), lwValueOf(b, y)};
  return (Val){false, 0, lwEmit(b, name, 2, ops, mlirIndexTypeGet(b->mctx))};
}

/* Constants fold only while they fit: a sum or product that would overflow
 * int64 is emitted as an op instead (index arithmetic wraps; C's would be
 * undefined). */
Val lwAdd(Builder *b, Val x, Val y) {
  int64_t r;
  if (x.isConst && y.isConst && !__builtin_add_overflow(x.c, y.c, &r))
    return lwKonst(r);
  if (x.isConst && x.c == 0)
    return y;
  if (y.isConst && y.c == 0)
    return x;
  return lwBinary(b, "arith.addi", x, y);
}

Val lwMul(Builder *b, Val x, Val y) {
  int64_t r;
  if (x.isConst && y.isConst && !__builtin_mul_overflow(x.c, y.c, &r))
    return lwKonst(r);
  if ((x.isConst && x.c == 0) || (y.isConst && y.c == 0))
    return lwKonst(0);
  if (x.isConst && x.c == 1)
    return y;
  if (y.isConst && y.c == 1)
    return x;
  return lwBinary(b, "arith.muli", x, y);
}

/* Coordinates and extents are non-negative: unsigned division and
 * remainder, which LLVM turns into shifts and masks for powers of two. */
Val lwDivu(Builder *b, Val x, Val y) {
  if (y.isConst && y.c == 1)
    return x;
  if (x.isConst && y.isConst && y.c > 0)
    return lwKonst(x.c / y.c);
  return lwBinary(b, "arith.divui", x, y);
}

Val lwRemu(Builder *b, Val x, Val y) {
  if (y.isConst && y.c == 1)
    return lwKonst(0);
  if (x.isConst && y.isConst && y.c > 0)
    return lwKonst(x.c % y.c);
  return lwBinary(b, "arith.remui", x, y);
}

Val lwToIndex(Builder *b, MlirValue v) {
  if (mlirTypeIsAIndex(mlirValueGetType(v)))
    return (Val){false, 0, v};
  return (Val){false, 0, lwEmit(b, "arith.index_cast", 1, &v, mlirIndexTypeGet(b->mctx))};
}


/*--- Leaves of fly values --------------------------------------------------------*/






void lwLinAdd(Builder *b, Lin *acc, Val term) {
  int64_t r;
  if (term.isConst && !__builtin_add_overflow(acc->c, term.c, &r))
    acc->c = r;
  else
    acc->dyn = lwAdd(b, acc->dyn, term);
}

Val lwLinValue(Builder *b, const Lin *acc) { return lwAdd(b, acc->dyn, lwKonst(acc->c)); }

int lwCountLeaves(const FlyIntTuple *t) {
  if (flyIntTupleIsLeaf(t))
    return 1;
  int n = 0;
  for (int i = 0; i < flyIntTupleGetRank(t); ++i)
    n += lwCountLeaves(flyIntTupleGetElem(t, i));
  return n;
}

/* Pushes the leaves of the static structure `t`; `?` leaves take the next
 * of `dyn` (operands of the defining make_int_tuple). */
bool lwPushLeaves(Builder *b, const FlyIntTuple *t, MlirOperation def, int *next,
                       Leaves *out) {
  if (!flyIntTupleIsLeaf(t)) {
    for (int i = 0; i < flyIntTupleGetRank(t); ++i)
      if (!lwPushLeaves(b, flyIntTupleGetElem(t, i), def, next, out))
        return false;
    return true;
  }
  if (out->n == MAX_LEAVES)
    return false;
  FlyLeafKind k = flyIntTupleGetLeafKind(t);
  if (k == FLY_LEAF_INT)
    out->v[out->n++] = lwKonst(flyIntTupleGetValue(t));
  else if (k == FLY_LEAF_DYNAMIC && !mlirOperationIsNull(def) &&
           *next < mlirOperationGetNumOperands(def))
    out->v[out->n++] = lwToIndex(b, mlirOperationGetOperand(def, (*next)++));
  else
    return false;
  return true;
}

MlirOperation lwDefiningOp(MlirValue v) {
  return !mlirValueIsNull(v) && mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v) : (MlirOperation){NULL};
}

bool lwIdx2crdLeaves(Builder *b, MlirOperation op, Leaves *out);

/* The leaves of the int-tuple value `v`, whatever built it. */
bool lwTupleLeaves(Builder *b, MlirValue v, Leaves *out) {
  FlyStatic s;
  out->n = 0;
  if (!flyStaticOfValue(b->lctx, v, &s) || s.kind != FLY_TYPE_INT_TUPLE)
    return false;
  MlirOperation def = lwDefiningOp(v);
  int next = 0;
  if (flyStaticIsKnown(&s))
    return lwPushLeaves(b, s.tuple, (MlirOperation){NULL}, &next, out);
  if (!mlirOperationIsNull(def) && flyOpIs(def, "make_int_tuple"))
    return lwPushLeaves(b, s.tuple, def, &next, out);
  if (!mlirOperationIsNull(def) && flyOpIs(def, "idx2crd"))
    return lwIdx2crdLeaves(b, def, out);
  return false;
}

/* Shape and stride leaves of the layout value `v`. */
bool lwLayoutLeaves(Builder *b, MlirValue v, const FlyLayout *l, Leaves *shape,
                         Leaves *stride) {
  MlirOperation def = lwDefiningOp(v);
  if (!mlirOperationIsNull(def) && flyOpIs(def, "make_layout") &&
      mlirOperationGetNumOperands(def) == 2)
    return lwTupleLeaves(b, mlirOperationGetOperand(def, 0), shape) &&
           lwTupleLeaves(b, mlirOperationGetOperand(def, 1), stride);
  int next = 0;
  shape->n = stride->n = 0;
  return lwPushLeaves(b, flyLayoutGetShape(l), (MlirOperation){NULL}, &next, shape) &&
         lwPushLeaves(b, flyLayoutGetStride(l), (MlirOperation){NULL}, &next, stride);
}

Val lwProduct(Builder *b, const Leaves *l, int from, int count) {
  Val p = lwKonst(1);
  for (int i = from; i < from + count; ++i)
    p = lwMul(b, p, l->v[i]);
  return p;
}

/* idx2crd (pycute): leaf j of the coordinate is (idx / prefix_j) % shape_j,
 * with prefix_j the product of the shape leaves before j. */
bool lwIdx2crdLeaves(Builder *b, MlirOperation op, Leaves *out) {
  MlirValue idxv = mlirOperationGetOperand(op, 0);
  if (flyTypeGetKind(mlirValueGetType(idxv)) != FLY_TYPE_NONE)
    return false; /* tuple indices are folded or unsupported */
  Leaves shape;
  if (!lwTupleLeaves(b, mlirOperationGetOperand(op, 1), &shape))
    return false;
  Val idx = lwToIndex(b, idxv), prefix = lwKonst(1);
  out->n = shape.n;
  for (int j = 0; j < shape.n; ++j) {
    out->v[j] = lwRemu(b, lwDivu(b, idx, prefix), shape.v[j]);
    prefix = lwMul(b, prefix, shape.v[j]);
  }
  return true;
}

/*--- crd2idx ----------------------------------------------------------------------*/



/* crd2idx of an integer coordinate `x` in mode `shape` (pycute): split
 * colexicographically over sub-modes; the last one takes the rest. */
void lwCrdInt(Builder *b, Val x, const FlyIntTuple *shape, LayoutCursor *lc, Lin *acc) {
  if (flyIntTupleIsLeaf(shape)) {
    lwLinAdd(b, acc, lwMul(b, x, lc->stride->v[lc->at]));
    if (lc->crd)
      lc->crd->v[lc->at] = x;
    lc->at++;
    return;
  }
  int rank = flyIntTupleGetRank(shape);
  for (int i = 0; i < rank; ++i) {
    const FlyIntTuple *sub = flyIntTupleGetElem(shape, i);
    if (i == rank - 1) {
      lwCrdInt(b, x, sub, lc, acc);
      break;
    }
    Val extent = lwProduct(b, lc->shape, lc->at, lwCountLeaves(sub));
    lwCrdInt(b, lwRemu(b, x, extent), sub, lc, acc);
    x = lwDivu(b, x, extent);
  }
}

/* crd2idx of a tuple coordinate whose leaves are `cl` (cursor *ci). */
void lwCrdTuple(Builder *b, const FlyIntTuple *crd, const Leaves *cl, int *ci,
                     const FlyIntTuple *shape, LayoutCursor *lc, Lin *acc) {
  if (flyIntTupleIsLeaf(crd)) {
    lwCrdInt(b, cl->v[(*ci)++], shape, lc, acc);
    return;
  }
  int rank = flyIntTupleIsLeaf(shape) ? 1 : flyIntTupleGetRank(shape);
  for (int i = 0; i < rank; ++i) {
    const FlyIntTuple *sub = flyIntTupleIsLeaf(shape) ? shape : flyIntTupleGetElem(shape, i);
    if (i < flyIntTupleGetRank(crd)) {
      lwCrdTuple(b, flyIntTupleGetElem(crd, i), cl, ci, sub, lc, acc);
      continue;
    }
    for (int k = lwCountLeaves(sub); k > 0; --k, lc->at++) /* a shorter coordinate */
      if (lc->crd)                                           /* leaves modes at 0 */
        lc->crd->v[lc->at] = lwKonst(0);
  }
}

/* outer(crd) as constant + dynamic parts. */
bool lwCoordOf(Builder *b, MlirValue crdv, LwCoord *out) {
  if (flyTypeGetKind(mlirValueGetType(crdv)) == FLY_TYPE_NONE) {
    out->shape = NULL;
    out->leaves.n = 1;
    out->leaves.v[0] = lwToIndex(b, crdv);
    return true;
  }
  FlyStatic c;
  if (!flyStaticOfValue(b->lctx, crdv, &c) || c.kind != FLY_TYPE_INT_TUPLE)
    return false;
  out->shape = c.tuple;
  return lwTupleLeaves(b, crdv, &out->leaves);
}

/* Checks that a tuple coordinate has at most as many leaves as it reads
 * (a coordinate deeper than the layout would read past the leaf arrays). */
static bool coordFits(const FlyIntTuple *crd, const FlyIntTuple *shape) {
  if (flyIntTupleIsLeaf(crd))
    return true;
  if (flyIntTupleIsLeaf(shape))
    return flyIntTupleGetRank(crd) == 1 && coordFits(flyIntTupleGetElem(crd, 0), shape);
  if (flyIntTupleGetRank(crd) > flyIntTupleGetRank(shape))
    return false;
  for (int i = 0; i < flyIntTupleGetRank(crd); ++i)
    if (!coordFits(flyIntTupleGetElem(crd, i), flyIntTupleGetElem(shape, i)))
      return false;
  return true;
}

bool lwLayoutApplyTrace(Builder *b, const LwCoord *crd, MlirValue layoutv, const FlyLayout *l,
                        Lin *acc, LwTrace *tr) {
  /* The walk below follows l's structure over the value's leaves: they
   * must agree, or it would read leaves that were never filled in. */
  if (!lwLayoutLeaves(b, layoutv, l, &tr->shape, &tr->stride) ||
      tr->shape.n != tr->stride.n || tr->shape.n != lwCountLeaves(flyLayoutGetShape(l)) ||
      (crd->shape && !coordFits(crd->shape, flyLayoutGetShape(l))))
    return false;
  tr->crd.n = tr->shape.n;
  for (int i = 0; i < tr->crd.n; ++i)
    tr->crd.v[i] = lwKonst(0);
  LayoutCursor lc = {&tr->shape, &tr->stride, 0, &tr->crd};
  if (!crd->shape) {
    lwCrdInt(b, crd->leaves.v[0], flyLayoutGetShape(l), &lc, acc);
    return true;
  }
  int ci = 0;
  lwCrdTuple(b, crd->shape, &crd->leaves, &ci, flyLayoutGetShape(l), &lc, acc);
  return true;
}

bool lwLayoutApplyCoord(Builder *b, const LwCoord *crd, MlirValue layoutv, const FlyLayout *l,
                        Lin *acc) {
  LwTrace tr;
  return lwLayoutApplyTrace(b, crd, layoutv, l, acc, &tr);
}

bool lwLayoutApply(Builder *b, MlirValue crdv, MlirValue layoutv, const FlyLayout *l, Lin *acc) {
  LwCoord crd;
  return lwCoordOf(b, crdv, &crd) && lwLayoutApplyCoord(b, &crd, layoutv, l, acc);
}

/* y = x ^ ((x & (((1<<B)-1) << (M+max(S,0)))) >> S), on a dynamic x. */
Val lwSwizzle(Builder *b, const FlySwizzle *s, Val x) {
  int bits, base, shift;
  flySwizzleGetParams(s, &bits, &base, &shift);
  if (x.isConst)
    return lwKonst(flySwizzleApply(s, x.c));
  if (bits == 0)
    return x;
  int64_t mask = ((INT64_C(1) << bits) - 1) << (base + (shift > 0 ? shift : 0));
  Val picked = lwBinary(b, "arith.andi", x, lwKonst(mask));
  Val moved = shift >= 0 ? lwBinary(b, "arith.shrui", picked, lwKonst(shift))
                         : lwBinary(b, "arith.shli", picked, lwKonst(-shift));
  return lwBinary(b, "arith.xori", x, moved);
}

/* inner(offset + outer(crd)) with the period-aligned constant kept out of
 * the swizzle's XOR. */
MlirValue lwComposedOuterValue(MlirValue compv) {
  MlirOperation def = lwDefiningOp(compv);
  if (!mlirOperationIsNull(def) && flyOpIs(def, "make_composed_layout") &&
      mlirOperationGetNumOperands(def) == 2)
    return mlirOperationGetOperand(def, 1);
  return compv;
}

bool lwComposedApplyCoord(Builder *b, const LwCoord *crd, MlirValue compv,
                          const FlyComposedLayout *c, Val *out) {
  Lin acc = {flyComposedLayoutGetOffset(c), lwKonst(0)};
  if (!lwLayoutApplyCoord(b, crd, lwComposedOuterValue(compv), flyComposedLayoutGetOuter(c),
                          &acc))
    return false;
  return lwInnerApply(b, c, &acc, out);
}

/* The inner function of a composed layout at a logical position: a layout
 * takes it as an integer coordinate; a swizzle gets the position with its
 * period-aligned constant part kept out of the XOR. */
bool lwInnerApply(Builder *b, const FlyComposedLayout *c, const Lin *pos, Val *out) {
  const FlySwizzle *s = flyComposedLayoutGetSwizzle(c);
  if (!s) {
    const FlyLayout *inner = flyComposedLayoutGetInner(c);
    Leaves shape, stride;
    int next = 0;
    shape.n = stride.n = 0;
    if (!lwPushLeaves(b, flyLayoutGetShape(inner), (MlirOperation){NULL}, &next, &shape) ||
        !lwPushLeaves(b, flyLayoutGetStride(inner), (MlirOperation){NULL}, &next, &stride))
      return false;
    LayoutCursor lc = {&shape, &stride, 0, NULL};
    Lin r = {0, lwKonst(0)};
    lwCrdInt(b, lwLinValue(b, pos), flyLayoutGetShape(inner), &lc, &r);
    *out = lwLinValue(b, &r);
    return true;
  }
  int bits, base, shift;
  flySwizzleGetParams(s, &bits, &base, &shift);
  int64_t period = INT64_C(1) << (bits + base + (shift > 0 ? shift : -shift));
  int64_t hi = pos->c >= 0 ? pos->c - pos->c % period : 0;
  Lin low = {pos->c - hi, pos->dyn};
  *out = lwAdd(b, lwSwizzle(b, s, lwLinValue(b, &low)), lwKonst(hi));
  return true;
}

CgCongruence lwCongruenceOf(Val x) { return x.isConst ? cgExact(x.c) : cgOfValue(x.v); }

CgCongruence lwCongruenceOfLin(const Lin *acc) {
  return cgAdd(cgExact(acc->c), lwCongruenceOf(acc->dyn));
}

bool lwComposedApply(Builder *b, MlirValue crdv, MlirValue compv, const FlyComposedLayout *c,
                     Val *out) {
  LwCoord crd;
  return lwCoordOf(b, crdv, &crd) && lwComposedApplyCoord(b, &crd, compv, c, out);
}

/* Casts an index value to the op's declared integer result type. */
MlirValue lwFromIndex(Builder *b, Val x, MlirType type) {
  MlirValue v = lwValueOf(b, x);
  if (mlirTypeIsAIndex(type))
    return v;
  return lwEmit(b, "arith.index_cast", 1, &v, type);
}


static bool flatLeaves(const FlyIntTuple *t, int64_t *out, int *n) {
  if (flyIntTupleIsLeaf(t)) {
    if (*n == MAX_LEAVES || flyIntTupleGetLeafKind(t) != FLY_LEAF_INT)
      return false;
    out[(*n)++] = flyIntTupleGetValue(t);
    return true;
  }
  for (int i = 0; i < flyIntTupleGetRank(t); ++i)
    if (!flatLeaves(flyIntTupleGetElem(t, i), out, n))
      return false;
  return true;
}

bool lwFlatOf(const FlyLayout *l, LwFlat *out) {
  int ns = 0, nd = 0;
  bool ok = flatLeaves(flyLayoutGetShape(l), out->shape, &ns) &&
            flatLeaves(flyLayoutGetStride(l), out->stride, &nd) && ns == nd;
  out->n = ns;
  return ok;
}

bool lwFlatEvalChecked(const LwFlat *f, int64_t x, int64_t *out) {
  int64_t idx = 0, t;
  for (int i = 0; i < f->n; ++i) {
    if (f->shape[i] <= 0)
      return false;
    int64_t c = i + 1 < f->n ? x % f->shape[i] : x;
    if (__builtin_mul_overflow(c, f->stride[i], &t) || __builtin_add_overflow(idx, t, &idx))
      return false;
    x /= f->shape[i];
  }
  *out = idx;
  return true;
}

int64_t lwFlatEval(const LwFlat *f, int64_t x) {
  int64_t idx = 0;
  lwFlatEvalChecked(f, x, &idx);
  return idx;
}
