/*===- tensor_access.c - Vector accesses through a tensor's layout ----------===*
 *
 * Part of fly-lower-layout. A vector of N elements loaded or stored at a
 * coordinate holds the N elements that follow it in the tensor's memory
 * order: logical positions p, p+1, ..., p+N-1 with p = O + L(crd) (L the
 * layout, or a composed layout's outer layout, O its offset), each mapped
 * through the composed layout's inner function. Two things can make that
 * more than one contiguous memory access:
 *
 *   - the inner function: a swizzle S<B,M,S> keeps runs of 2^M positions
 *     together and moves each run on its own (the XOR changes bits M and
 *     up); an inner layout keeps together the positions its leading
 *     stride-1 modes cover. The access is split at those boundaries, each
 *     piece at its own address;
 *   - the layout itself: the positions must stay inside one contiguous run
 *     of L (its stride-1 modes, e.g. one padded row of (64,128):(136,1)),
 *     or some of them are not elements of the tensor at all. That is a
 *     located error.
 *
 * Where a boundary falls depends on the coordinate, so the compiler uses
 * what it can prove about it (congruence.h): a vector whose start is only
 * known modulo h is split every h positions, and one that might leave the
 * layout's run is rejected.
 *===----------------------------------------------------------------------===*/
#include <stdio.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "tensor.h"

/* True when every leaf of extent other than 1 is used. */
static bool allUsed(const LwTrace *tr, const bool *used) {
  for (int i = 0; i < tr->shape.n; ++i)
    if (!used[i] && !(tr->shape.v[i].isConst && tr->shape.v[i].c == 1))
      return false;
  return true;
}

/* The contiguous run of the layout's leaves (shape, stride): the leaves
 * whose strides chain 1, s1, s1*s2, ... in any order. Returns the run's
 * length, or -1 when the run has no end before the tensor's (it takes
 * every leaf, or ends in a dynamic extent): leaving it then means leaving
 * the tensor, an out-of-range coordinate like any other. *start is the
 * position of the access inside the run. */
static int64_t layoutRun(const LwTrace *tr, CgCongruence *start) {
  bool used[MAX_LEAVES] = {false};
  int64_t cur = 1;
  *start = cgExact(0);
  for (;;) {
    if (allUsed(tr, used))
      return -1;
    int pick = -1;
    for (int i = 0; i < tr->stride.n && pick < 0; ++i) {
      const Val *d = &tr->stride.v[i], *s = &tr->shape.v[i];
      if (!used[i] && d->isConst && d->c == cur && !(s->isConst && s->c == 1))
        pick = i;
    }
    if (pick < 0)
      return cur;
    used[pick] = true;
    *start = cgAdd(*start, cgMul(lwCongruenceOf(tr->crd.v[pick]), cgExact(cur)));
    const Val *s = &tr->shape.v[pick];
    if (!s->isConst)
      return -1;
    if (s->c <= 0 || __builtin_mul_overflow(cur, s->c, &cur))
      return cur > 0 ? cur : 1;
  }
}

/* How many consecutive positions of a composed layout's inner function stay
 * consecutive in memory from a multiple of the result: 2^M for a swizzle
 * S<B,M,S> (B > 0), the leading stride-1 chain of an inner layout; -1 when
 * every position does. */
static int64_t innerPeriod(const FlyComposedLayout *c) {
  const FlySwizzle *s = flyComposedLayoutGetSwizzle(c);
  if (s) {
    int bits, base, shift;
    flySwizzleGetParams(s, &bits, &base, &shift);
    return bits == 0 ? -1 : INT64_C(1) << base;
  }
  LwFlat f;
  if (!lwFlatOf(flyComposedLayoutGetInner(c), &f))
    return 1;
  int64_t run = 1;
  for (int i = 0; i < f.n; ++i) {
    if (f.stride[i] != run)
      return run;
    if (i + 1 == f.n) /* the last mode takes the rest of the positions */
      return -1;
    if (f.shape[i] <= 0 || __builtin_mul_overflow(run, f.shape[i], &run))
      return run;
  }
  return run;
}

static bool runError(Builder *b, MlirOperation op, int64_t len, int64_t run, int64_t rem,
                     int64_t known) {
  char msg[320];
  if (known == run)
    snprintf(msg, sizeof msg,
             "a vector of %lld elements starting at element %lld of the layout's contiguous "
             "run of %lld elements would leave it (the positions after it are not elements of "
             "the tensor)",
             (long long)len, (long long)rem, (long long)run);
  else
    snprintf(msg, sizeof msg,
             "a vector of %lld elements may leave the layout's contiguous run of %lld elements: "
             "its start is only known to be %lld modulo %lld (align the coordinate, e.g. a "
             "column computed as a multiple of %lld)",
             (long long)len, (long long)run, (long long)rem, (long long)known, (long long)len);
  tnFail(b, op, msg);
  return false;
}

bool tnPlanAccess(Builder *b, MlirOperation op, const TensorBase *t, const LwCoord *crd,
                  int64_t len, TnAccess *out) {
  const FlyComposedLayout *c = t->type.composed;
  Lin acc = {c ? flyComposedLayoutGetOffset(c) : 0, lwKonst(0)};
  LwTrace tr;
  MlirValue outer = c ? lwComposedOuterValue(t->layoutv) : t->layoutv;
  out->n = 0;
  if (len <= 0 || !lwLayoutApplyTrace(b, crd, outer, t->type.layout, &acc, &tr)) {
    tnFail(b, op, "its tensor's layout must be static or built by fly.make_layout, and its "
                  "coordinate must have at most the layout's modes and come from "
                  "make_int_tuple/idx2crd or an integer");
    return false;
  }
  if (len > 1) {
    CgCongruence q;
    int64_t run = layoutRun(&tr, &q), rem;
    int64_t known = run < 0 ? 0 : cgKnownModulo(q, run, &rem);
    if (run >= 0 && rem + len > known)
      return runError(b, op, len, run, rem, known);
  }
  int64_t period = c ? innerPeriod(c) : -1, rem = 0, known = -1;
  if (period > 0)
    known = cgKnownModulo(lwCongruenceOfLin(&acc), period, &rem);
  for (int64_t j = 0; j < len;) {
    int64_t end = known > 0 ? j + (known - (rem + j) % known) : len;
    if (end > len)
      end = len;
    if (out->n == TN_MAX_PIECES) {
      tnFail(b, op, "the vector splits into more than 256 contiguous accesses at its layout's "
                    "swizzle blocks: use shorter vectors");
      return false;
    }
    Lin at = acc;
    at.c += j;
    Val local = lwLinValue(b, &at);
    if (c && !lwInnerApply(b, c, &at, &local)) {
      tnFail(b, op, "the composed layout's inner layout must be static");
      return false;
    }
    out->piece[out->n++] = (TnPiece){j, end - j, lwAdd(b, t->origin, local)};
    j = end;
  }
  return true;
}

static MlirValue emit(Builder *b, const char *name, int n, const MlirValue *ops, MlirType rt) {
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(name), b->loc);
  mlirOperationStateAddOperands(&st, n, ops);
  if (!mlirTypeIsNull(rt))
    mlirOperationStateAddResults(&st, 1, &rt);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(b->at), b->at, op);
  return mlirTypeIsNull(rt) ? (MlirValue){NULL} : mlirOperationGetResult(op, 0);
}


/* Elements [first, first+len) of x, or a shuffle of y after x. */
static MlirValue sliceOrJoin(Builder *b, MlirValue x, MlirValue y, int64_t first, int64_t len) {
  int64_t mask[TN_MAX_VECTOR];
  for (int64_t i = 0; i < len; ++i)
    mask[i] = first + i;
  return lwShuffle(b, x, y, mask, len);
}

MlirValue tnEmitLoad(Builder *b, const TensorBase *t, const TnAccess *a, MlirType elem) {
  MlirValue whole = {NULL};
  int64_t have = 0;
  for (int i = 0; i < a->n; ++i) {
    int64_t n = a->piece[i].len;
    MlirValue ops[2] = {t->mem, lwValueOf(b, a->piece[i].off)};
    MlirValue v = emit(b, "vector.load", 2, ops, mlirVectorTypeGet(1, &n, elem));
    whole = i == 0 ? v : sliceOrJoin(b, whole, v, 0, have + n);
    have += n;
  }
  return whole;
}

void tnEmitStore(Builder *b, const TensorBase *t, const TnAccess *a, MlirValue value) {
  for (int i = 0; i < a->n; ++i) {
    const TnPiece *p = &a->piece[i];
    MlirValue part = a->n == 1 ? value : sliceOrJoin(b, value, value, p->first, p->len);
    MlirValue ops[3] = {part, t->mem, lwValueOf(b, p->off)};
    emit(b, "vector.store", 3, ops, (MlirType){NULL});
  }
}
