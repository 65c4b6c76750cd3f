/*===- LowerGemm.c - MMA fragments, tiled gemms and their stores -------------===*
 *
 * Part of fly-lower-layout.
 *
 *   %f = fly.mma_fragment(%t, %lane, %origin) {shape, a, b, c, operand}
 *       the lane's fragment of the atom's operand tile whose first element
 *       is at `origin` in tensor %t, found through the atom's thread-value
 *       layout (mma_atoms.c), loaded as runs of consecutive elements (up to
 *       16 bytes: dwordx4 / ds_read_b128);
 *   %acc' = fly.gemm(%A, %B, %acc, %lane, %a_origin, %b_origin)
 *           {shape, a, b, c, m_repeat, n_repeat, k_steps[, k_pack]}
 *       one wave's m_repeat x n_repeat block of atoms over k_steps atom Ks:
 *       A fragments at a_origin + (M*mi, K*ks), B at b_origin + (N*ni, K*ks)
 *       (B is N x K), accumulators block (mi, ni) at cLen*(mi*n_repeat+ni)
 *       of %acc; expands to fragments and fly.mma ops, A loaded once per mi
 *       and B once per ni, MFMAs in mi-major order (gemm-optimization §6.1);
 *   fly.gemm_store(%acc, %C, %lane, %origin) {shape, a, b, c, m_repeat, n_repeat}
 *       writes each block's accumulators where the C layout puts them.
 *===----------------------------------------------------------------------===*/
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mma_atoms.h"
#include "sema.h"
#include "tensor.h"

enum { MAX_VALUES = 64, LANES = 64 };

/* The atom an op names and one of its operands. */
typedef struct AtomUse {
  const FlyMmaAtom *atom;
  const FlyLayout *tv;
  LwFlat tvFlat;
  int64_t rows, cols, m, n, k; /* operand tile rows x cols; atom M, N, K (in
                                  the tensor's elements: bytes when packed) */
  char operand;
  bool swapAB;   /* swap_ab: the MFMA takes B as its A operand; C transposed */
  char elem[32]; /* the operand's element type (MLIR spelling) */
  const char *tvText; /* its TV layout as the atom table spells it */
  int perByte;   /* its elements per tensor element: 2 for packed fp4, else 1 */
  TnFragPlans *plans; /* the pass's plan memo, or null (no memo) */
} AtomUse;

/* A run of consecutive values at static offsets (dm, dk) from the lane's. */
typedef struct Piece {
  int v0, len;
  int64_t dm, dk;
} Piece;

static bool strAttr(MlirOperation op, const char *name, char *out, size_t cap) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return false;
  MlirStringRef v = mlirStringAttrGetValue(a);
  snprintf(out, cap, "%.*s", (int)v.length, v.data);
  return v.length < cap;
}

static bool readAtom(Builder *b, MlirOperation op, char operand, AtomUse *u) {
  u->plans = NULL;
  char shape[24], a[32], bb[32], c[16], opnd[4] = {operand, 0};
  if (!strAttr(op, "shape", shape, sizeof shape) || !strAttr(op, "a", a, sizeof a) ||
      !strAttr(op, "b", bb, sizeof bb) || !strAttr(op, "c", c, sizeof c) ||
      (!operand && !strAttr(op, "operand", opnd, sizeof opnd)) ||
      sscanf(shape, "%" SCNd64 "x%" SCNd64 "x%" SCNd64, &u->m, &u->n, &u->k) != 3) {
    tnFail(b, op, "needs string attributes shape (\"MxNxK\"), a, b, c (element types)"
                  " and, for a fragment, operand");
    return false;
  }
  u->atom = flyMmaAtomFind(shape, a, bb, c);
  u->operand = opnd[0];
  if (!u->atom || (u->operand != 'a' && u->operand != 'b' && u->operand != 'c')) {
    tnFail(b, op, "names no MFMA atom (see docs/language.md) or an operand other than a, b, c");
    return false;
  }
  const char *tv = u->operand == 'a' ? u->atom->tvA : u->operand == 'b' ? u->atom->tvB
                                                                         : u->atom->tvC;
  /* The f8f6f4 forms take B in its own format, laid out as that format's
   * row of the table lays it out (fp8 chunked, fp4 contiguous). */
  const FlyMmaAtom *own = u->operand == 'b' && strcmp(a, bb) ? flyMmaAtomFind(shape, bb, bb, c)
                                                             : NULL;
  if (own)
    tv = own->tvB;
  snprintf(u->elem, sizeof u->elem, "%s", u->operand == 'b' ? bb : a);
  u->perByte = 1;
  u->tvText = tv;
  /* swap_ab (checked by fly-verify): the instruction computes C transposed,
   * so the accumulators follow the transposed C layout. */
  u->swapAB = !mlirAttributeIsNull(
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("swap_ab")));
  if (u->swapAB && !flyMmaAtomSwappable(u->atom, bb)) {
    tnFail(b, op, "swap_ab needs a square atom whose A and B have one type and layout (or two "
                  "f8f6f4 formats)");
    return false;
  }
  u->tv = u->swapAB && u->operand == 'c' ? flyMmaAtomSwappedTvC(b->lctx, u->atom)
                                         : flyLayoutParse(b->lctx, tv);
  u->rows = u->operand == 'b' ? u->n : u->m;
  u->cols = u->operand == 'c' ? u->n : u->k;
  return u->tv != NULL && lwFlatOf(u->tv, &u->tvFlat);
}

/* Sub-byte operands (fp4) live in i8 tensors, two to a byte: the operand
 * is addressed in bytes, each lane's KL consecutive k being KL/2
 * consecutive bytes, so its TV layout becomes the plain one over
 * bytes, ((M,64/M),KL/2):((1,M*KL/2),M), its K half the atom's, and the
 * loaded bytes are reinterpreted as the atom's elements at the MFMA. */
static bool plainTv(const char *tv, int64_t m, int64_t kl);

static bool packedView(Builder *b, MlirOperation op, AtomUse *u) {
  int per = flyMmaElemsPerByte(u->elem);
  if (per == 1)
    return true;
  int64_t m = u->operand == 'b' ? u->n : u->m, kl = flyMmaAtomAbLen(u->atom);
  if (per != 2 || !plainTv(u->tvText, m, kl) || kl % 2) {
    tnFail(b, op, "takes packed operands only of fp4 (f4E2M1FN), whose lanes hold consecutive k");
    return false;
  }
  char bytes[96];
  snprintf(bytes, sizeof bytes, "((%" PRId64 ",%" PRId64 "),%" PRId64 "):((1,%" PRId64 "),%" PRId64
           ")", m, LANES / m, kl / 2, m * kl / 2, m);
  u->tv = flyLayoutParse(b->lctx, bytes);
  u->perByte = 2;
  u->k /= 2;
  u->cols = u->k;
  return u->tv && lwFlatOf(u->tv, &u->tvFlat);
}

/* (row, col) of the tile element at TV position (lane, value). */
static bool tvAt(Builder *b, const AtomUse *u, int64_t lane, int64_t v, int64_t *row, int64_t *col) {
  (void)b;
  int64_t idx = lwFlatEval(&u->tvFlat, lane + LANES * v);
  *row = idx % u->rows;
  *col = idx / u->rows;
  return true;
}

/* The fragment is addressed as the lane's coordinate plus a per-value
 * offset; check that this split holds for every lane and value. */
static bool tvSeparable(Builder *b, const AtomUse *u, int nv) {
  for (int64_t l = 0; l < LANES; ++l)
    for (int64_t v = 0; v < nv; ++v) {
      int64_t r, c, lr, lc, vr, vc, r0, c0;
      if (!tvAt(b, u, l, v, &r, &c) || !tvAt(b, u, l, 0, &lr, &lc) || !tvAt(b, u, 0, v, &vr, &vc) ||
          !tvAt(b, u, 0, 0, &r0, &c0) || r != lr + vr - r0 || c != lc + vc - c0)
        return false;
    }
  return true;
}

/* How a tensor maps tile-local (row, col) to memory offsets at compile
 * time: flat layouts by their two strides (rows may be dynamic), static
 * hierarchical ones (a preshuffled B, say) by evaluating the whole layout.
 * `block` is the swizzle's contiguous block (2^M elements) when swizzled. */
typedef struct MemModel {
  bool flat;
  int64_t sr, sc, extent0, block;
  LwFlat full;
} MemModel;

/* The product of a static tuple's leaves; -1 when a leaf is not static. */
static int64_t leafProduct(const FlyIntTuple *t) {
  if (flyIntTupleIsLeaf(t))
    return flyIntTupleGetLeafKind(t) == FLY_LEAF_INT ? flyIntTupleGetValue(t) : -1;
  int64_t p = 1;
  for (int i = 0; i < flyIntTupleGetRank(t) && p > 0; ++i) {
    int64_t e = leafProduct(flyIntTupleGetElem(t, i));
    p = e < 0 ? -1 : p * e;
  }
  return p;
}

static int64_t memOff(const MemModel *mm, int64_t r, int64_t c) {
  return mm->flat ? mm->sr * r + mm->sc * c : lwFlatEval(&mm->full, r + mm->extent0 * c);
}

static bool memModelOf(const TensorBase *t, MemModel *mm) {
  const FlyLayout *l = t->type.layout;
  const FlyIntTuple *d = flyLayoutGetStride(l);
  *mm = (MemModel){.block = INT64_MAX};
  const FlySwizzle *s = t->type.composed ? flyComposedLayoutGetSwizzle(t->type.composed) : NULL;
  if (s) {
    int bits, base, shift;
    flySwizzleGetParams(s, &bits, &base, &shift);
    mm->block = INT64_C(1) << base;
  }
  if (flyLayoutGetRank(l) != 2 || !flyIntTupleIsStatic(d))
    return false;
  if (flyLayoutGetDepth(l) == 1) {
    mm->flat = true;
    mm->sr = flyIntTupleGetValue(flyIntTupleGetElem(d, 0));
    mm->sc = flyIntTupleGetValue(flyIntTupleGetElem(d, 1));
    return true;
  }
  mm->extent0 = leafProduct(flyIntTupleGetElem(flyLayoutGetShape(l), 0));
  return !t->type.composed && mm->extent0 > 0 && lwFlatOf(l, &mm->full);
}

/* Splits the lane's values into runs that are consecutive in memory, at
 * most 16 bytes and within one swizzle block each. */
/* True when value v follows value v-1 in memory for every lane (flat
 * layouts: one stride check; hierarchical ones: each lane's coordinates). */
static bool followsInMemory(Builder *b, const AtomUse *u, const MemModel *mm, int v) {
  int lanes = mm->flat ? 1 : LANES;
  for (int l = 0; l < lanes; ++l) {
    int64_t r = 0, c = 0, pr = 0, pc = 0;
    tvAt(b, u, l, v, &r, &c);
    tvAt(b, u, l, v - 1, &pr, &pc);
    if (memOff(mm, r, c) - memOff(mm, pr, pc) != 1)
      return false;
  }
  return true;
}

/* A hierarchical layout is addressed as memOff(origin) + memOff(tile-local
 * coordinate), which needs it to repeat with the atom tile's period. */
static bool tilePeriodic(const AtomUse *u, const MemModel *mm) {
  if (mm->flat)
    return true;
  int64_t dr = memOff(mm, u->rows, 0) - memOff(mm, 0, 0);
  int64_t dc = memOff(mm, 0, u->cols) - memOff(mm, 0, 0);
  for (int64_t r = 0; r < u->rows; ++r)
    for (int64_t c = 0; c < u->cols; ++c)
      if (memOff(mm, r + u->rows, c) - memOff(mm, r, c) != dr ||
          memOff(mm, r, c + u->cols) - memOff(mm, r, c) != dc)
        return false;
  return true;
}

/* A swizzle block starts every 2^M logical positions, and where the tile
 * starts relative to them depends on the origin: split each run where any
 * lane's run crosses a block boundary that the origin (O + L(origin), known
 * modulo h) allows. Runs stay consecutive in memory, so a split run is
 * still one access per piece, each at its own swizzled address. */
static bool alignToBlocks(Builder *b, const AtomUse *u, const TensorBase *t, const MemModel *mm,
                          const Val origin[2], Piece *pieces, int *np) {
  if (mm->block == INT64_MAX || !mm->flat || !origin)
    return true;
  Lin at = {flyComposedLayoutGetOffset(t->type.composed), lwKonst(0)};
  lwLinAdd(b, &at, lwMul(b, origin[0], lwKonst(mm->sr)));
  lwLinAdd(b, &at, lwMul(b, origin[1], lwKonst(mm->sc)));
  int64_t rem;
  int64_t h = cgKnownModulo(lwCongruenceOfLin(&at), mm->block, &rem);
  Piece out[MAX_VALUES];
  int n = 0;
  for (int p = 0; p < *np; ++p) {
    bool cut[MAX_VALUES] = {false};
    for (int64_t l = 0; l < LANES; ++l) {
      int64_t r, c;
      tvAt(b, u, l, pieces[p].v0, &r, &c);
      int64_t start = rem + memOff(mm, r, c);
      for (int j = 1; j < pieces[p].len; ++j)
        cut[j] |= ((start + j) % h + h) % h == 0;
    }
    for (int j = 0; j < pieces[p].len; ++j) {
      if (j > 0 && !cut[j]) {
        out[n - 1].len++;
        continue;
      }
      if (n == MAX_VALUES)
        return false;
      out[n++] = (Piece){pieces[p].v0 + j, 1, pieces[p].dm, pieces[p].dk};
      int64_t r, c, r0, c0;
      tvAt(b, u, 0, pieces[p].v0 + j, &r, &c);
      tvAt(b, u, 0, pieces[p].v0, &r0, &c0);
      out[n - 1].dm += r - r0;
      out[n - 1].dk += c - c0;
    }
  }
  memcpy(pieces, out, (size_t)n * sizeof *out);
  *np = n;
  return true;
}

/* A fragment's runs before the swizzle-block split, which depends on the
 * origin: a function of the atom's TV layout (its table text, packing and
 * tile) and the tensor's layout (layouts are context-owned, so their
 * addresses identify them for the pass). */
typedef struct FragPlan {
  const char *tvText;
  int perByte;
  char operand;
  bool swapAB;
  int64_t rows, cols;
  const FlyLayout *layout;
  const FlyComposedLayout *composed;
  int elemBytes;
  MemModel mm;
  int np, nv;
  Piece pieces[MAX_VALUES];
} FragPlan;

enum { FRAG_PLAN_MEMO = 16 };
struct TnFragPlans {
  int n, next;
  FragPlan e[FRAG_PLAN_MEMO];
};

void tnFragPlansDestroy(TensorState *ts) {
  flyFree(ts->plans);
  ts->plans = NULL;
}

/* readAtom, with the pass's plan memo (none when it cannot be allocated:
 * the plans are then made for each fragment). */
static bool readAtomIn(TensorState *ts, MlirOperation op, char operand, AtomUse *u) {
  if (!readAtom(ts->b, op, operand, u))
    return false;
  if (!ts->plans)
    ts->plans = flyCalloc(1, sizeof *ts->plans);
  u->plans = ts->plans;
  return true;
}

static bool samePlan(const FragPlan *p, const AtomUse *u, const TensorBase *t) {
  return p->tvText == u->tvText && p->perByte == u->perByte && p->operand == u->operand &&
         p->swapAB == u->swapAB && p->rows == u->rows && p->cols == u->cols &&
         p->layout == t->type.layout && p->composed == t->type.composed &&
         p->elemBytes == t->type.elemBytes;
}

/* The runs of consecutive values, checked (false: the tensor does not
 * qualify). */
static bool splitRuns(Builder *b, const AtomUse *u, const TensorBase *t, FragPlan *p) {
  const FlyIntTuple *vs = flyLayoutSize(b->lctx, u->tv);
  int nv = vs ? (int)(flyIntTupleGetValue(vs) / LANES) : 0;
  int64_t maxLen = 16 / t->type.elemBytes;
  MemModel *mm = &p->mm;
  if (nv <= 0 || nv > MAX_VALUES || !tvSeparable(b, u, nv) || !memModelOf(t, mm) ||
      !tilePeriodic(u, mm))
    return false;
  int64_t r0 = 0, c0 = 0;
  tvAt(b, u, 0, 0, &r0, &c0);
  p->np = 0;
  for (int v = 0; v < nv; ++v) {
    Piece *last = p->np ? &p->pieces[p->np - 1] : NULL;
    if (last && last->len < maxLen && last->len < mm->block && followsInMemory(b, u, mm, v)) {
      last->len++;
      continue;
    }
    int64_t r = 0, c = 0;
    tvAt(b, u, 0, v, &r, &c);
    p->pieces[p->np++] = (Piece){v, 1, r - r0, c - c0};
  }
  p->nv = nv;
  return true;
}

/* The plan of (u, t): from the memo, or split and remembered (a failed
 * check is not remembered: it is reported once per op anyway). */
static const FragPlan *fragPlan(Builder *b, const AtomUse *u, const TensorBase *t, FragPlan *tmp) {
  TnFragPlans *m = u->plans;
  for (int i = 0; m && i < m->n; ++i)
    if (samePlan(&m->e[i], u, t))
      return &m->e[i];
  *tmp = (FragPlan){.tvText = u->tvText, .perByte = u->perByte, .operand = u->operand,
                    .swapAB = u->swapAB, .rows = u->rows, .cols = u->cols, .layout = t->type.layout,
                    .composed = t->type.composed, .elemBytes = t->type.elemBytes};
  if (!splitRuns(b, u, t, tmp))
    return NULL;
  if (!m)
    return tmp;
  FragPlan *slot = &m->e[m->n < FRAG_PLAN_MEMO ? m->n++ : (m->next++ % FRAG_PLAN_MEMO)];
  *slot = *tmp;
  return slot;
}

/* Splits the lane's values into runs that are consecutive in memory, at
 * most 16 bytes and within one swizzle block each (for the tile at
 * `origin` (row, col), when given). */
static bool planPieces(Builder *b, MlirOperation op, const AtomUse *u, const TensorBase *t,
                       const Val *origin, Piece *pieces, int *np, int *nvOut) {
  FragPlan tmp;
  const FragPlan *p = fragPlan(b, u, t, &tmp);
  if (!p) {
    tnFail(b, op, "needs a tensor with a rank-2 layout of static strides (flat, or static "
                  "and repeating with the atom's tile)");
    return false;
  }
  memcpy(pieces, p->pieces, (size_t)p->np * sizeof *pieces);
  *np = p->np;
  *nvOut = p->nv;
  MemModel mm = p->mm;
  if (!alignToBlocks(b, u, t, &mm, origin, pieces, np)) {
    tnFail(b, op, "the fragment splits into more than 64 accesses at its tensor's swizzle "
                  "blocks");
    return false;
  }
  return true;
}

/* The lane's (row, col) in the operand tile: TV(lane, 0) split over rows. */
static void laneCoord(Builder *b, const AtomUse *u, Val lane, Val *row, Val *col) {
  const FlyLayout *lanes = flyLayoutGet(b->lctx, u->tv, 0);
  Leaves shape, stride;
  int next = 0;
  shape.n = stride.n = 0;
  lwPushLeaves(b, flyLayoutGetShape(lanes), (MlirOperation){NULL}, &next, &shape);
  lwPushLeaves(b, flyLayoutGetStride(lanes), (MlirOperation){NULL}, &next, &stride);
  LayoutCursor lc = {&shape, &stride, 0, NULL};
  Lin acc = {0, lwKonst(0)};
  lwCrdInt(b, lane, flyLayoutGetShape(lanes), &lc, &acc);
  Val idx = lwLinValue(b, &acc);
  *row = lwRemu(b, idx, lwKonst(u->rows));
  *col = lwDivu(b, idx, lwKonst(u->rows));
}

static MlirType vectorOf(MlirType elem, int64_t n) { return mlirVectorTypeGet(1, &n, elem); }

static MlirValue emitOp(Builder *b, const char *name, int n, const MlirValue *ops, MlirType rt) {
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(name), b->loc);
  mlirOperationStateAddOperands(&st, n, ops);
  if (!mlirTypeIsNull(rt))
    mlirOperationStateAddResults(&st, 1, &rt);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(b->at), b->at, op);
  return mlirTypeIsNull(rt) ? (MlirValue){NULL} : mlirOperationGetResult(op, 0);
}

/* The element offset of tile element (row, col) in the tensor. */
static bool elementOffset(Builder *b, const TensorBase *t, Val row, Val col, Val *out) {
  LwCoord crd = {flyIntTupleParse(b->lctx, "(?,?)"), {.n = 2}};
  crd.leaves.v[0] = row;
  crd.leaves.v[1] = col;
  return crd.shape && tnOffsetOfCoord(b, t, &crd, out);
}


/* acc[offset .. offset+len) */
static MlirValue slice(Builder *b, MlirValue acc, int64_t offset, int64_t len) {
  int64_t mask[MAX_VALUES];
  for (int64_t i = 0; i < len; ++i)
    mask[i] = offset + i;
  return lwShuffle(b, acc, acc, mask, len);
}

/* [x..., y...] */
static MlirValue concat(Builder *b, MlirValue x, MlirValue y) {
  int64_t nx = mlirShapedTypeGetDimSize(mlirValueGetType(x), 0);
  int64_t ny = mlirShapedTypeGetDimSize(mlirValueGetType(y), 0);
  int64_t mask[MAX_VALUES];
  for (int64_t i = 0; i < nx + ny && i < MAX_VALUES; ++i)
    mask[i] = i;
  return lwShuffle(b, x, y, mask, nx + ny);
}

/* [x..., y...] for vectors of any length (a gemm's accumulators reach
 * 64 atoms x 16 = 1024 elements); a null value when out of memory. */
static MlirValue concatWide(Builder *b, MlirValue x, MlirValue y) {
  int64_t n = mlirShapedTypeGetDimSize(mlirValueGetType(x), 0) +
              mlirShapedTypeGetDimSize(mlirValueGetType(y), 0);
  int64_t *mask = flyAlloc((size_t)n * sizeof *mask);
  if (!mask)
    return (MlirValue){NULL};
  for (int64_t i = 0; i < n; ++i)
    mask[i] = i;
  MlirValue r = lwShuffle(b, x, y, mask, n);
  flyFree(mask);
  return r;
}

/* The concatenation of n equal-length parts, as a balanced tree (log-depth
 * shuffles of growing width). Consumes parts[]. */
static MlirValue join(Builder *b, MlirValue *parts, int64_t n) {
  for (int64_t width = 1; width < n; width *= 2)
    for (int64_t i = 0; i + width < n; i += 2 * width)
      if (!mlirValueIsNull(parts[i]))
        parts[i] = concatWide(b, parts[i], parts[i + width]);
  return parts[0];
}

/* Loads the lane's fragment of the atom operand whose tile starts at
 * (orow, ocol) of tensor t. */
static bool loadFragment(Builder *b, MlirOperation op, const AtomUse *u, const TensorBase *t,
                         Val lane, Val orow, Val ocol, MlirValue *out) {
  Piece pieces[MAX_VALUES];
  int np, nv;
  Val origin[2] = {orow, ocol};
  if (!planPieces(b, op, u, t, origin, pieces, &np, &nv))
    return false;
  Val lr, lc;
  laneCoord(b, u, lane, &lr, &lc);
  Val row0 = lwAdd(b, orow, lr), col0 = lwAdd(b, ocol, lc);
  MlirValue frag = {NULL};
  for (int i = 0; i < np; ++i) {
    Val off;
    if (!elementOffset(b, t, lwAdd(b, row0, lwKonst(pieces[i].dm)),
                       lwAdd(b, col0, lwKonst(pieces[i].dk)), &off))
      return false;
    MlirValue lops[2] = {t->mem, lwValueOf(b, off)};
    MlirValue piece = emitOp(b, "vector.load", 2, lops, vectorOf(t->type.elem, pieces[i].len));
    frag = mlirValueIsNull(frag) ? piece : concat(b, frag, piece);
  }
  *out = frag;
  return true;
}

static bool originOf(Builder *b, MlirValue v, Val *row, Val *col) {
  LwCoord crd;
  if (!lwCoordOf(b, v, &crd) || !crd.shape || crd.leaves.n != 2)
    return false;
  *row = crd.leaves.v[0];
  *col = crd.leaves.v[1];
  return true;
}

static void setAt(Builder *b, MlirOperation op) {
  b->at = op;
  b->loc = mlirOperationGetLocation(op);
}

static const TensorBase *tensorOperand(TensorState *ts, MlirOperation op, int i) {
  const TensorBase *t = tnBaseOf(ts, mlirOperationGetOperand(op, i));
  if (!t)
    tnFail(ts->b, op, "its tensors must come from fly.make_tensor or fly.local_tile");
  return t;
}

bool tnLowerFragment(TensorState *ts, MlirOperation op) {
  Builder *b = ts->b;
  setAt(b, op);
  AtomUse u;
  const TensorBase *t = tensorOperand(ts, op, 0);
  Val lane, row, col;
  if (!t || !readAtomIn(ts, op, 0, &u))
    return false;
  lane = lwToIndex(b, mlirOperationGetOperand(op, 1));
  if (!originOf(b, mlirOperationGetOperand(op, 2), &row, &col)) {
    tnFail(b, op, "the origin must be a (row, column) int tuple");
    return false;
  }
  MlirValue frag;
  if (!loadFragment(b, op, &u, t, lane, row, col, &frag))
    return false;
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), frag);
  return true;
}

/* The repeat counts of a gemm or gemm_store. */
/* The repeat counts of a gemm or gemm_store. fly-verify checks them first;
 * these bounds keep a pass run on its own from unrolling without end or
 * overflowing (the same limits). */
static bool repeats(Builder *b, MlirOperation op, int64_t *m, int64_t *n, int64_t *k) {
  *k = 1;
  MlirAttribute ks = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("k_steps"));
  if (!flyOpGetIntAttr(op, "m_repeat", m) || !flyOpGetIntAttr(op, "n_repeat", n) || *m <= 0 ||
      *n <= 0 || *m > 64 || *n > 64 || *m * *n > 64 ||
      (!mlirAttributeIsNull(ks) && (!flyOpGetIntAttr(op, "k_steps", k) || *k <= 0 ||
                                    *k > 4096 || *m * *n * *k > 4096))) {
    tnFail(b, op, "needs positive integer attributes m_repeat and n_repeat (at most 64 atoms)"
                  " and, for a gemm, k_steps (at most 4096 MFMAs in all)");
    return false;
  }
  return true;
}

/* A fly.mma with the gemm's atom attributes, lowered later by fly-lower-mma;
 * with scales, a fly.mma_scaled taking byte opsel[0] of sa and opsel[1]
 * of sb. */
static MlirValue mma(Builder *b, MlirOperation gemm, MlirValue a, MlirValue bv, MlirValue c,
                     const MlirValue *scales, const int64_t *opsel) {
  bool scaled = scales != NULL;
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString(scaled ? "fly.mma_scaled" : "fly.mma"), b->loc);
  MlirValue ops[5] = {a, bv, c, scaled ? scales[0] : c, scaled ? scales[1] : c};
  mlirOperationStateAddOperands(&st, scaled ? 5 : 3, ops);
  MlirType rt = mlirValueGetType(c);
  mlirOperationStateAddResults(&st, 1, &rt);
  MlirNamedAttribute attrs[3];
  attrs[0] = mlirNamedAttributeGet(
      mlirIdentifierGet(b->mctx, mlirStringRefCreateFromCString("shape")),
      mlirOperationGetAttributeByName(gemm, mlirStringRefCreateFromCString("shape")));
  for (int i = 0; scaled && i < 2; ++i)
    attrs[1 + i] = mlirNamedAttributeGet(
        mlirIdentifierGet(b->mctx, mlirStringRefCreateFromCString(i ? "opsel_b" : "opsel_a")),
        mlirIntegerAttrGet(mlirIntegerTypeGet(b->mctx, 32), opsel[i]));
  mlirOperationStateAddAttributes(&st, scaled ? 3 : 1, attrs);
  MlirOperation o = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(b->at), b->at, o);
  return mlirOperationGetResult(o, 0);
}

/* A packed operand's bytes as the atom's elements (vector.bitcast). */
static MlirValue unpacked(Builder *b, const AtomUse *u, MlirValue v) {
  if (u->perByte == 1)
    return v;
  MlirType e = mlirTypeParseGet(b->mctx, mlirStringRefCreateFromCString(u->elem));
  int64_t n = mlirShapedTypeGetDimSize(mlirValueGetType(v), 0) * u->perByte;
  return emitOp(b, "vector.bitcast", 1, &v, vectorOf(e, n));
}

/* The scale of MFMA (row atom i, K step s) of a scaled gemm's A (B): byte
 * q % 4 of word `first` + q / 4 of the lane's scale vector, q = i *
 * k_steps + s, `first` 0 for A and A's word count for B. */
static MlirValue scaleWord(Builder *b, MlirValue v, int64_t i, int64_t s, int64_t ks,
                           int64_t first, int64_t *opsel) {
  int64_t q = i * ks + s;
  *opsel = q % 4;
  MlirNamedAttribute pos = mlirNamedAttributeGet(
      mlirIdentifierGet(b->mctx, mlirStringRefCreateFromCString("static_position")),
      mlirDenseI64ArrayGet(b->mctx, 1, (int64_t[]){first + q / 4}));
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString("vector.extract"), b->loc);
  mlirOperationStateAddOperands(&st, 1, &v);
  MlirType rt = mlirIntegerTypeGet(b->mctx, 32);
  mlirOperationStateAddResults(&st, 1, &rt);
  mlirOperationStateAddAttributes(&st, 1, &pos);
  MlirOperation o = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(b->at), b->at, o);
  return mlirOperationGetResult(o, 0);
}

/* k_pack = P: P consecutive K steps share one fragment load. Lane (m, g)
 * of the packed operand holds k = P*KL*g + v of a P*K-wide block (KL the
 * atom's values per lane), and step p multiplies values [p*KL, (p+1)*KL):
 * A and B take the same permutation of k, so the sum is unchanged while
 * each lane loads P times wider runs (gemm-optimization §6.1's K64 step:
 * one 16-byte load feeds two 8-byte MFMA operands). Needs the plain
 * ((M,64/M),KL):((1,M*KL),M) operand layout. */
/* The plain ((M,64/M),KL):((1,M*KL),M) layout of operand rows x KL. */
static bool plainTv(const char *tv, int64_t m, int64_t kl) {
  char plain[96];
  snprintf(plain, sizeof plain,
           "((%" PRId64 ",%" PRId64 "),%" PRId64 "):((1,%" PRId64 "),%" PRId64 ")", m, LANES / m,
           kl, m * kl, m);
  return strcmp(tv, plain) == 0;
}

bool tnAtomPackable(const FlyMmaAtom *atom) {
  const FlyHwMfma *h = flyMmaAtomHw(atom);
  int64_t kl = flyMmaAtomAbLen(atom);
  return h && plainTv(atom->tvA, h->m, kl) && plainTv(atom->tvB, h->n, kl);
}

static bool packAtom(Builder *b, MlirOperation op, int64_t p, AtomUse *u) {
  if (p == 1)
    return true;
  int64_t m = u->operand == 'b' ? u->n : u->m, kl = flyMmaAtomAbLen(u->atom);
  char packed[96];
  if (!plainTv(u->operand == 'a' ? u->atom->tvA : u->atom->tvB, m, kl)) {
    tnFail(b, op, "k_pack needs an atom whose lanes hold consecutive k (not the f8f6f4 forms)");
    return false;
  }
  snprintf(packed, sizeof packed, "((%" PRId64 ",%" PRId64 "),%" PRId64 "):((1,%" PRId64 "),%" PRId64 ")",
           m, LANES / m, p * kl, m * p * kl, m);
  u->tv = flyLayoutParse(b->lctx, packed);
  u->k *= p;
  u->cols = u->k;
  return u->tv && lwFlatOf(u->tv, &u->tvFlat);
}

static bool kPackOf(Builder *b, MlirOperation op, int64_t ks, int64_t *p) {
  *p = 1;
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("k_pack"));
  if (!mlirAttributeIsNull(a) &&
      (!flyOpGetIntAttr(op, "k_pack", p) || *p < 1 || *p > 4 || ks % *p)) {
    tnFail(b, op, "k_pack must be 1 to 4 and divide k_steps");
    return false;
  }
  return true;
}

/* The lane's fragments of `rep` atoms along the operand's rows (A: m,
 * B: n) for each of `groups` k-groups of a gemm's operand tile at (orow,
 * ocol): frags[k * rep + i] is atom i of k-group k, u's packed fragment. */
static bool loadOperand(Builder *b, MlirOperation op, const AtomUse *u, const TensorBase *t,
                        Val lane, Val orow, Val ocol, int64_t rep, int64_t groups,
                        MlirValue *frags) {
  int64_t rowStep = u->operand == 'b' ? u->n : u->m;
  for (int64_t k = 0; k < groups; ++k)
    for (int64_t i = 0; i < rep; ++i)
      if (!loadFragment(b, op, u, t, lane, lwAdd(b, orow, lwKonst(i * rowStep)),
                        lwAdd(b, ocol, lwKonst(k * u->k)), &frags[k * rep + i]))
        return false;
  return true;
}

/* B's atoms of k-group k: loaded here from B's tensor, or sliced from the
 * fragments a fly.gemm_fragments loaded (same order, same length). */
static bool operandB(Builder *b, MlirOperation op, const AtomUse *ub, const TensorBase *tb,
                     Val lane, Val br, Val bc, int64_t nr, int64_t groups, int64_t k,
                     MlirValue *bf) {
  MlirValue bv = mlirOperationGetOperand(op, 1);
  if (tb)
    return loadOperand(b, op, ub, tb, lane, br, lwAdd(b, bc, lwKonst(k * ub->k)), nr, 1, bf);
  int64_t len = mlirShapedTypeGetDimSize(mlirValueGetType(bv), 0) / (nr * groups);
  for (int64_t j = 0; j < nr; ++j)
    bf[j] = slice(b, bv, (k * nr + j) * len, len);
  return true;
}

bool tnLowerGemm(TensorState *ts, MlirOperation op) {
  Builder *b = ts->b;
  setAt(b, op);
  AtomUse ua, ub;
  int64_t mr, nr, ks, kp;
  const TensorBase *ta = tensorOperand(ts, op, 0);
  Val lane, ar, ac, br, bc;
  if (!ta || !readAtomIn(ts, op, 'a', &ua) || !readAtomIn(ts, op, 'b', &ub) ||
      !packedView(b, op, &ua) || !packedView(b, op, &ub) || !repeats(b, op, &mr, &nr, &ks) ||
      !kPackOf(b, op, ks, &kp))
    return false;
  /* Scaled: operand 6 holds the lane's E8M0 scales, A's words then B's
   * (scaleWord); fly-verify checked its type. */
  bool scaled = mlirOperationGetNumOperands(op) == 7;
  if (scaled && (ua.atom->format < 0 || kp != 1)) {
    tnFail(b, op, "takes scales only with an f8f6f4 atom and without k_pack");
    return false;
  }
  int64_t kl = flyMmaAtomAbLen(ua.atom), cl = flyMmaAtomCLen(ua.atom);
  MlirValue acc = mlirOperationGetOperand(op, 2);
  MlirType at = mlirValueGetType(acc);
  if (!mlirTypeIsAVector(at) || mlirShapedTypeGetDimSize(at, 0) != mr * nr * cl) {
    tnFail(b, op, "the accumulator must be a vector of m_repeat * n_repeat * (the atom's "
                  "accumulators per lane) elements");
    return false;
  }
  if (!packAtom(b, op, kp, &ua) || !packAtom(b, op, kp, &ub))
    return false;
  lane = lwToIndex(b, mlirOperationGetOperand(op, 3));
  if (!originOf(b, mlirOperationGetOperand(op, 4), &ar, &ac) ||
      !originOf(b, mlirOperationGetOperand(op, 5), &br, &bc)) {
    tnFail(b, op, "the A and B origins must be (row, column) int tuples");
    return false;
  }
  int64_t groups = ks / kp;
  bool bLoaded = mlirTypeIsAVector(mlirValueGetType(mlirOperationGetOperand(op, 1)));
  const TensorBase *tb = bLoaded ? NULL : tensorOperand(ts, op, 1);
  if (!bLoaded && !tb)
    return false;
  /* The accumulators are split into atoms once, chained through the K
   * steps, and joined once: far fewer shuffles than updating the whole
   * vector after every MFMA, which LLVM would have to take apart again. */
  MlirValue parts[64];
  for (int64_t q = 0; q < mr * nr; ++q)
    parts[q] = slice(b, acc, q * cl, cl);
  for (int64_t k = 0; k < groups; ++k) {
    MlirValue af[64], bf[64];
    if (!loadOperand(b, op, &ua, ta, lane, ar, lwAdd(b, ac, lwKonst(k * ua.k)), mr, 1, af) ||
        !operandB(b, op, &ub, tb, lane, br, bc, nr, groups, k, bf))
      return false;
    for (int64_t p = 0; p < kp; ++p)
      for (int64_t i = 0; i < mr; ++i)
        for (int64_t j = 0; j < nr; ++j) {
          MlirValue a = kp > 1 ? slice(b, af[i], p * kl, kl) : unpacked(b, &ua, af[i]);
          MlirValue bv = kp > 1 ? slice(b, bf[j], p * kl, kl) : unpacked(b, &ub, bf[j]);
          /* sc/sel: the scales of A's and B's fragments; swap_ab feeds B's
           * fragment to the instruction's A slot, and its scale with it. */
          MlirValue sc[2], swc[2];
          int64_t sel[2] = {0, 0}, sws[2] = {0, 0};
          if (scaled) {
            sc[0] = scaleWord(b, mlirOperationGetOperand(op, 6), i, k, ks, 0, &sel[0]);
            sc[1] = scaleWord(b, mlirOperationGetOperand(op, 6), j, k, ks, (mr * ks + 3) / 4,
                              &sel[1]);
            swc[0] = sc[1], swc[1] = sc[0], sws[0] = sel[1], sws[1] = sel[0];
          }
          parts[i * nr + j] =
              ua.swapAB ? mma(b, op, bv, a, parts[i * nr + j], scaled ? swc : NULL, sws)
                        : mma(b, op, a, bv, parts[i * nr + j], scaled ? sc : NULL, sel);
        }
  }
  MlirValue all = join(b, parts, mr * nr);
  if (mlirValueIsNull(all)) {
    tnFail(b, op, "out of memory");
    return false;
  }
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), all);
  return true;
}

/* %frags = fly.gemm_fragments(%tensor, %lane, %origin) {operand, atom,
 * repeats, k_steps, k_pack}: the fragments fly.gemm would load for its A
 * or B operand at that origin, loaded here (a prefetch: the gemm that
 * takes them may run an iteration later). */
bool tnLowerGemmFragments(TensorState *ts, MlirOperation op) {
  Builder *b = ts->b;
  setAt(b, op);
  AtomUse u;
  int64_t mr, nr, ks, kp;
  char which[4];
  const TensorBase *t = tensorOperand(ts, op, 0);
  Val lane, row, col;
  if (!t || !strAttr(op, "operand", which, sizeof which) || (which[0] != 'a' && which[0] != 'b') ||
      !readAtomIn(ts, op, which[0], &u) || !packedView(b, op, &u) || !repeats(b, op, &mr, &nr, &ks) ||
      !kPackOf(b, op, ks, &kp) || !packAtom(b, op, kp, &u))
    return false;
  lane = lwToIndex(b, mlirOperationGetOperand(op, 1));
  if (!originOf(b, mlirOperationGetOperand(op, 2), &row, &col)) {
    tnFail(b, op, "the origin must be a (row, column) int tuple");
    return false;
  }
  int64_t rep = which[0] == 'a' ? mr : nr, n = rep * (ks / kp);
  MlirValue *frags = flyCalloc((size_t)n, sizeof(MlirValue));
  bool ok = frags && loadOperand(b, op, &u, t, lane, row, col, rep, ks / kp, frags);
  MlirValue all = ok ? join(b, frags, n) : (MlirValue){NULL};
  flyFree(frags);
  if (mlirValueIsNull(all)) {
    if (!b->failed)
      tnFail(b, op, "out of memory");
    return false;
  }
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), all);
  return true;
}

bool tnLowerGemmStore(TensorState *ts, MlirOperation op) {
  Builder *b = ts->b;
  setAt(b, op);
  AtomUse uc;
  int64_t mr, nr, ks;
  const TensorBase *t = tensorOperand(ts, op, 1);
  Val lane, orow, ocol;
  if (!t || !readAtomIn(ts, op, 'c', &uc) || !repeats(b, op, &mr, &nr, &ks))
    return false;
  MlirValue acc = mlirOperationGetOperand(op, 0);
  MlirType at = mlirValueGetType(acc);
  int64_t cl = flyMmaAtomCLen(uc.atom);
  if (!mlirTypeIsAVector(at) || mlirShapedTypeGetDimSize(at, 0) != mr * nr * cl ||
      !mlirTypeEqual(mlirShapedTypeGetElementType(at), t->type.elem)) {
    tnFail(b, op, "the accumulators must be a vector of m_repeat * n_repeat * (the atom's "
                  "accumulators per lane) elements of the tensor's element type");
    return false;
  }
  lane = lwToIndex(b, mlirOperationGetOperand(op, 2));
  if (!originOf(b, mlirOperationGetOperand(op, 3), &orow, &ocol)) {
    tnFail(b, op, "the origin must be a (row, column) int tuple");
    return false;
  }
  Piece pieces[MAX_VALUES];
  int np, nv;
  Val lr, lc;
  laneCoord(b, &uc, lane, &lr, &lc);
  for (int64_t i = 0; i < mr; ++i)
    for (int64_t j = 0; j < nr; ++j) {
      Val origin[2] = {lwAdd(b, orow, lwKonst(i * uc.m)), lwAdd(b, ocol, lwKonst(j * uc.n))};
      if (!planPieces(b, op, &uc, t, origin, pieces, &np, &nv))
        return false;
      for (int p = 0; p < np; ++p) {
        Val off;
        Val row = lwAdd(b, lwAdd(b, orow, lwKonst(i * uc.m + pieces[p].dm)), lr);
        Val col = lwAdd(b, lwAdd(b, ocol, lwKonst(j * uc.n + pieces[p].dk)), lc);
        if (!elementOffset(b, t, row, col, &off))
          return false;
        MlirValue part = slice(b, acc, (i * nr + j) * cl + pieces[p].v0, pieces[p].len);
        MlirValue sops[3] = {part, t->mem, lwValueOf(b, off)};
        emitOp(b, "vector.store", 3, sops, (MlirType){NULL});
      }
    }
  return true;
}

/* A vector of the `len` elements of a rank-1 tensor from index idx, loaded
 * like fly.load's (contiguous pieces, checked against the layout). */
static bool loadRun(Builder *b, MlirOperation op, const TensorBase *t, Val idx, int64_t len,
                    MlirValue *out) {
  LwCoord crd = {NULL, {.n = 1}};
  crd.leaves.v[0] = idx;
  TnAccess *a = flyAlloc(sizeof *a);
  if (!a) {
    tnFail(b, op, "out of memory");
    return false;
  }
  bool ok = tnPlanAccess(b, op, t, &crd, len, a);
  if (ok)
    *out = tnEmitLoad(b, t, a, t->type.elem);
  flyFree(a);
  return ok;
}

static MlirValue mulf(Builder *b, MlirValue x, MlirValue y) {
  MlirValue ops[2] = {x, y};
  return emitOp(b, "arith.mulf", 2, ops, mlirValueGetType(x));
}

/* The C layout's runs of one atom, planned over a row-major stand-in: the
 * runs are consecutive rows of one column (16x16 and 32x32 atoms), which
 * is how a lane's per-row scales are consecutive too. */
static bool rowRuns(Builder *b, MlirOperation op, const AtomUse *uc, const TensorBase *sa,
                    Piece *pieces, int *np) {
  int nv;
  TensorBase rowMajor = *sa;
  rowMajor.type.layout = flyLayoutParse(b->lctx, "(1024,1024):(1,1024)");
  return rowMajor.type.layout && planPieces(b, op, uc, &rowMajor, NULL, pieces, np, &nv);
}

/* The lane's row scales for atom rows 0..mr-1 from tensor sa: run p of atom
 * row i into runs[i * np + p] (one vector load each). */
static bool loadRowScales(Builder *b, MlirOperation op, const AtomUse *uc, const TensorBase *sa,
                          Val lane, Val orow, int64_t mr, const Piece *pieces, int np,
                          MlirValue *runs) {
  Val lr, lc;
  laneCoord(b, uc, lane, &lr, &lc);
  for (int64_t i = 0; i < mr; ++i)
    for (int p = 0; p < np; ++p) {
      Val row = lwAdd(b, lwAdd(b, orow, lwKonst(i * uc->m + pieces[p].dm)), lr);
      if (!loadRun(b, op, sa, row, pieces[p].len, &runs[i * np + p]))
        return false;
    }
  return true;
}

/* %rows = fly.gemm_row_scales(%scale_a, %lane, %origin) {atom, m_repeat,
 * n_repeat}: the row scales fly.gemm_scale would load for accumulators at
 * that origin, loaded here (a prefetch: the scale may run a K tile later),
 * atom row i's cl values at [i * cl, (i + 1) * cl). */
bool tnLowerGemmRowScales(TensorState *ts, MlirOperation op) {
  Builder *b = ts->b;
  setAt(b, op);
  AtomUse uc;
  int64_t mr, nr, ks;
  const TensorBase *sa = tensorOperand(ts, op, 0);
  Val orow, ocol;
  Piece pieces[MAX_VALUES];
  int np;
  if (!sa || !readAtomIn(ts, op, 'c', &uc) || !repeats(b, op, &mr, &nr, &ks))
    return false;
  if (!mlirTypeEqual(sa->type.elem, mlirF32TypeGet(b->mctx)) ||
      flyLayoutGetRank(sa->type.layout) != 1) {
    tnFail(b, op, "loads row scales from a rank-1 f32 tensor");
    return false;
  }
  if (!originOf(b, mlirOperationGetOperand(op, 2), &orow, &ocol)) {
    tnFail(b, op, "the origin must be a (row, column) int tuple");
    return false;
  }
  if (!rowRuns(b, op, &uc, sa, pieces, &np))
    return false;
  MlirValue runs[4 * MAX_VALUES];
  if (mr * np > 4 * MAX_VALUES) {
    tnFail(b, op, "loads more than 256 runs of row scales: use fewer atoms per op");
    return false;
  }
  if (!loadRowScales(b, op, &uc, sa, lwToIndex(b, mlirOperationGetOperand(op, 1)), orow, mr,
                     pieces, np, runs))
    return false;
  MlirValue all = join(b, runs, mr * np);
  if (mlirValueIsNull(all)) {
    tnFail(b, op, "out of memory");
    return false;
  }
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), all);
  return true;
}

/* %acc' = fly.gemm_scale(%acc, %scale_a, %scale_b, %lane, %origin): each
 * accumulator C[m][n] times scale_a[m] * scale_b[n] (per-token scales of
 * the 8-bit GEMMs, gemm-optimization §7.1), rows and columns found through
 * the C layout like fly.gemm_store's. %scale_a may instead be the row
 * scales fly.gemm_row_scales loaded, and %scale_b one f32 for every column
 * (a block scale uniform over the op's columns); the order stays
 * (C * scale_a[m]) * scale_b[n]. */
bool tnLowerGemmScale(TensorState *ts, MlirOperation op) {
  Builder *b = ts->b;
  setAt(b, op);
  AtomUse uc;
  int64_t mr, nr, ks;
  MlirType f32 = mlirF32TypeGet(b->mctx);
  MlirValue rowVec = mlirOperationGetOperand(op, 1), uniform = mlirOperationGetOperand(op, 2);
  if (!mlirTypeIsAVector(mlirValueGetType(rowVec)))
    rowVec = (MlirValue){NULL};
  if (!mlirTypeEqual(mlirValueGetType(uniform), f32))
    uniform = (MlirValue){NULL};
  const TensorBase *sa = mlirValueIsNull(rowVec) ? tensorOperand(ts, op, 1) : NULL;
  const TensorBase *sb = mlirValueIsNull(uniform) ? tensorOperand(ts, op, 2) : NULL;
  Val lane, orow, ocol;
  if ((!sa && mlirValueIsNull(rowVec)) || (!sb && mlirValueIsNull(uniform)) ||
      !readAtomIn(ts, op, 'c', &uc) || !repeats(b, op, &mr, &nr, &ks))
    return false;
  MlirValue acc = mlirOperationGetOperand(op, 0);
  MlirType at = mlirValueGetType(acc);
  int64_t cl = flyMmaAtomCLen(uc.atom);
  MlirType rt = mlirValueIsNull(rowVec) ? (MlirType){NULL} : mlirValueGetType(rowVec);
  if (!mlirTypeIsAVector(at) || mlirShapedTypeGetDimSize(at, 0) != mr * nr * cl ||
      !mlirTypeEqual(mlirShapedTypeGetElementType(at), f32) ||
      (sa && (!mlirTypeEqual(sa->type.elem, f32) || flyLayoutGetRank(sa->type.layout) != 1)) ||
      (!sa && (mlirShapedTypeGetDimSize(rt, 0) != mr * cl ||
               !mlirTypeEqual(mlirShapedTypeGetElementType(rt), f32))) ||
      (sb && (!mlirTypeEqual(sb->type.elem, f32) || flyLayoutGetRank(sb->type.layout) != 1))) {
    tnFail(b, op, "scales f32 accumulators (m_repeat * n_repeat * the atom's per lane) by "
                  "rank-1 f32 tensors of per-row and per-column scales");
    return false;
  }
  lane = lwToIndex(b, mlirOperationGetOperand(op, 3));
  if (!originOf(b, mlirOperationGetOperand(op, 4), &orow, &ocol)) {
    tnFail(b, op, "the origin must be a (row, column) int tuple");
    return false;
  }
  Piece pieces[MAX_VALUES];
  int np;
  TensorBase stand = {0}; /* the runs depend only on the atom and f32's size */
  stand.type.elem = f32;
  stand.type.elemBytes = 4;
  if (!rowRuns(b, op, &uc, sa ? sa : &stand, pieces, &np))
    return false;
  /* Each run is scaled on its own and the runs, in order, joined once. */
  MlirValue parts[4 * MAX_VALUES];
  int64_t n = 0;
  if (mr * nr * np > 4 * MAX_VALUES) {
    tnFail(b, op, "scales more than 256 runs of accumulators: use fewer atoms per op");
    return false;
  }
  Val lr, lc;
  laneCoord(b, &uc, lane, &lr, &lc);
  for (int64_t i = 0; i < mr; ++i)
    for (int64_t j = 0; j < nr; ++j)
      for (int p = 0; p < np; ++p) {
        Val row = lwAdd(b, lwAdd(b, orow, lwKonst(i * uc.m + pieces[p].dm)), lr);
        Val col = lwAdd(b, lwAdd(b, ocol, lwKonst(j * uc.n + pieces[p].dk)), lc);
        MlirValue rs, cs;
        if (sa ? !loadRun(b, op, sa, row, pieces[p].len, &rs)
               : mlirValueIsNull(rs = slice(b, rowVec, i * cl + pieces[p].v0, pieces[p].len)))
          return false;
        if (sb && !loadRun(b, op, sb, col, 1, &cs))
          return false;
        int64_t bcast[MAX_VALUES] = {0};
        MlirValue colv = sb ? lwShuffle(b, cs, cs, bcast, pieces[p].len)
                            : emitOp(b, "vector.broadcast", 1, &uniform,
                                     vectorOf(f32, pieces[p].len));
        int64_t off = (i * nr + j) * cl + pieces[p].v0;
        MlirValue part = slice(b, acc, off, pieces[p].len);
        parts[n++] = mulf(b, mulf(b, part, rs), colv);
      }
  MlirValue all = join(b, parts, n);
  if (mlirValueIsNull(all)) {
    tnFail(b, op, "out of memory");
    return false;
  }
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(op, 0), all);
  return true;
}
