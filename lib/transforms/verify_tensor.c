/*===- verify_tensor.c - fly-verify: tensors, tiles, copies, tiled MMA ------===*
 *
 * What each op reads is checked against the tensors it reads it from: a
 * tile against its parent's extents, a view against its memref's size, a
 * gemm's m_repeat/n_repeat/k_steps against the A and B tiles (k_steps = 64
 * on a 128-wide tile would read far past it), stores and scales against C
 * and the scale vectors. Extents that are only known at run time are left
 * to the buffer resources; what the lowering unrolls is bounded anyway.
 *===----------------------------------------------------------------------===*/
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "flyc/dialect.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mma_atoms.h"
#include "sema.h"
#include "tensor.h"
#include "verify_ops.h"

enum { MAX_GEMM_MFMAS = 4096, MAX_EVAL_POSITIONS = 1 << 20 };

/* Operand i as a tensor type; reported when it is not a valid one. */
static bool tensorOf(FlyLayoutCtx *ctx, MlirOperation op, int i, TensorType *t) {
  MlirType type = mlirValueGetType(mlirOperationGetOperand(op, i));
  if (tnTensorTypeParse(ctx, mlirOperationGetContext(op), type, t))
    return true;
  return voFail(op, "operand #%d must be a !fly.tensor<\"ELEM global|shared LAYOUT\"> with valid "
                    "notation and a whole-byte element type", i);
}

static bool isIntegerValue(MlirValue v) {
  MlirType t = mlirValueGetType(v);
  return mlirTypeIsAInteger(t) || mlirTypeIsAIndex(t);
}

/* The static extent of mode i of l; -1 when dynamic or absent. */
static int64_t extentOf(FlyLayoutCtx *ctx, const FlyLayout *l, int i) {
  if (i >= flyLayoutGetRank(l))
    return -1;
  const FlyLayout *m = flyLayoutGet(ctx, l, i);
  const FlyIntTuple *s = m ? flyLayoutSize(ctx, m) : NULL;
  return s && flyIntTupleIsLeaf(s) && flyIntTupleGetLeafKind(s) == FLY_LEAF_INT
             ? flyIntTupleGetValue(s)
             : -1;
}

/* A (row, col) origin operand: its static leaves, 0 for a dynamic one (the
 * least it can be). */
static bool originOf(FlyLayoutCtx *ctx, MlirOperation op, int i, int64_t out[2]) {
  FlyStatic s;
  if (!flyStaticOfValue(ctx, mlirOperationGetOperand(op, i), &s) ||
      s.kind != FLY_TYPE_INT_TUPLE || flyIntTupleIsLeaf(s.tuple) ||
      flyIntTupleGetRank(s.tuple) != 2)
    return voFail(op, "operand #%d (an origin) must be a (row, column) int tuple", i);
  for (int k = 0; k < 2; ++k) {
    const FlyIntTuple *e = flyIntTupleGetElem(s.tuple, k);
    if (!flyIntTupleIsLeaf(e))
      return voFail(op, "operand #%d (an origin) must be a flat (row, column) int tuple", i);
    out[k] = flyIntTupleGetLeafKind(e) == FLY_LEAF_INT ? flyIntTupleGetValue(e) : 0;
    if (out[k] < 0)
      return voFail(op, "operand #%d (an origin) has a negative entry", i);
  }
  return true;
}

/* `need` rows (or columns) from `from` must fit an extent (-1: unknown). */
static bool fits(MlirOperation op, const char *attr, int64_t value, const char *what,
                 const char *operand, int64_t from, int64_t need, int64_t extent) {
  if (extent < 0 || from + need <= extent)
    return true;
  return voFail(op, "%s = %lld reads %s [%lld, %lld) of %s, but its tensor has %lld", attr,
                (long long)value, what, (long long)from, (long long)(from + need), operand,
                (long long)extent);
}

static void layoutText(const TensorType *t, char *buf, size_t cap) {
  FlyStrBuf b = {0};
  if (t->composed)
    flyComposedLayoutPrint(t->composed, &b);
  else
    flyLayoutPrint(t->layout, &b);
  snprintf(buf, cap, "%s", b.data ? b.data : "?");
  flyStrBufDestroy(&b);
}

/*--- fly.make_tensor -------------------------------------------------------------*/

/* 1 for workgroup memory, 0 for global, -1 for anything else. */
static int spaceOf(MlirType memref) {
  MlirAttribute s = mlirMemRefTypeGetMemorySpace(memref);
  if (mlirAttributeIsNull(s))
    return 0;
  char *text = flyAttributeToString(s);
  int r = !text ? -1
          : !strcmp(text, "#gpu.address_space<workgroup>") || !strcmp(text, "3 : i64") ||
                  !strcmp(text, "3")
              ? 1
          : !strcmp(text, "#gpu.address_space<global>") || !strcmp(text, "1 : i64") ||
                  !strcmp(text, "1")
              ? 0
              : -1;
  flyFree(text);
  return r;
}

/* reach() of a layout that is not composed, without visiting every position:
 * each mode's coordinate runs over [0, shape) independently of the others, so
 * with non-negative strides the largest offset is the sum of each mode's
 * largest, (shape - 1) * stride, and no offset of a position overflows unless
 * that sum does. (The B operand of a 64x256x128 GEMM has half a million
 * positions: visiting them was most of fly-verify's time.) Negative strides
 * are left to the visit, which also finds offsets before the first element. */
static int64_t reachOfPlain(const LwFlat *f) {
  int64_t top = 0, t;
  for (int i = 0; i < f->n; ++i) {
    if (f->stride[i] < 0)
      return -2;
    if (__builtin_mul_overflow(f->shape[i] - 1, f->stride[i], &t) ||
        __builtin_add_overflow(top, t, &top) || top == INT64_MAX)
      return INT64_MAX;
  }
  return top + 1;
}

/* reach() of a swizzled layout, swizzle o off o outer, without visiting
 * every position, where that is exact: S<B,M,S> permutes the offsets inside
 * every aligned block of 2^(B+M+|S|) (swizzle.c), so when the outer layout
 * maps its positions onto exactly [0, size) (its modes, ordered by stride,
 * start at stride 1 and each stride is the previous one times its shape),
 * and off and size are multiples of that block, the swizzled offsets are
 * [off, off + size) again: the reach is off + size. -2 where that does not
 * hold (the visit decides). S<3,4,3> o 0 o (64,128):(128,1): 8192. */
static int64_t reachOfSwizzled(const LwFlat *f, const FlySwizzle *s, int64_t off) {
  int bits, base, shift;
  flySwizzleGetParams(s, &bits, &base, &shift);
  int64_t block = INT64_C(1) << (bits + base + (shift < 0 ? -shift : shift)); /* <= 2^62 */
  int64_t expect = 1, size = 1;
  bool used[MAX_LEAVES] = {false};
  for (int k = 0; k < f->n; ++k) { /* the mode of stride `expect`, shapes > 1 only */
    int at = -1;
    for (int i = 0; i < f->n && at < 0; ++i)
      if (!used[i] && f->shape[i] > 1 && f->stride[i] == expect)
        at = i;
    if (at < 0)
      break;
    used[at] = true;
    if (__builtin_mul_overflow(expect, f->shape[at], &expect))
      return -2;
    size = expect;
  }
  for (int i = 0; i < f->n; ++i)
    if (!used[i] && f->shape[i] != 1)
      return -2; /* a mode left over: the image has gaps or repeats */
  if (off < 0 || off % block || size % block || off > INT64_MAX - size)
    return -2;
  return off + size;
}

/* One past the largest element offset the tensor's layout reaches, or -1
 * when that is not known at compile time. */
static int64_t reach(const TensorType *t) {
  LwFlat outer, inner;
  if (!lwFlatOf(t->layout, &outer))
    return -1;
  int64_t size = 1;
  for (int i = 0; i < outer.n; ++i)
    if (outer.shape[i] <= 0 || __builtin_mul_overflow(size, outer.shape[i], &size) ||
        size > MAX_EVAL_POSITIONS)
      return -1;
  const FlySwizzle *s = t->composed ? flyComposedLayoutGetSwizzle(t->composed) : NULL;
  bool innerLayout = t->composed && !s;
  if (innerLayout && !lwFlatOf(flyComposedLayoutGetInner(t->composed), &inner))
    return -1;
  int64_t off = t->composed ? flyComposedLayoutGetOffset(t->composed) : 0, top = -1;
  int64_t plain = !t->composed ? reachOfPlain(&outer) : s ? reachOfSwizzled(&outer, s, off) : -2;
  if (plain != -2)
    return plain;
  for (int64_t x = 0; x < size; ++x) {
    int64_t p;
    if (!lwFlatEvalChecked(&outer, x, &p) || __builtin_add_overflow(p, off, &p) ||
        (innerLayout && !lwFlatEvalChecked(&inner, p, &p)))
      return INT64_MAX; /* reaches past any memref */
    p = s ? flySwizzleApply(s, p) : p;
    if (p < 0)
      return INT64_MIN; /* before the memref's first element */
    top = p > top ? p : top;
  }
  return top == INT64_MAX ? top : top + 1;
}

bool voVerifyMakeTensor(FlyLayoutCtx *ctx, MlirOperation op) {
  MlirValue mem = mlirOperationGetOperand(op, 0);
  MlirType mt = mlirValueGetType(mem);
  MlirType lt = mlirValueGetType(mlirOperationGetOperand(op, 1));
  MlirAttribute buf = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("buffer"));
  if (!mlirAttributeIsNull(buf) && !mlirAttributeIsAUnit(buf))
    return voFail(op, "attribute 'buffer' is a unit attribute: write {buffer}");
  if (!mlirTypeIsAMemRef(mt) || mlirShapedTypeGetRank(mt) != 1 || spaceOf(mt) < 0)
    return voFail(op, "the base must be a 1-D memref in global or workgroup memory (the "
                      "layout maps coordinates to its elements)");
  FlyTypeKind k = flyTypeGetKind(lt);
  FlyStrBuf spec = {0};
  if ((k != FLY_TYPE_LAYOUT && k != FLY_TYPE_COMPOSED_LAYOUT) ||
      mlirLogicalResultIsFailure(flyTypeGetSpec(lt, &spec)))
    return flyStrBufDestroy(&spec), voFail(op, "operand #1 must be a layout or a composed layout");
  char elem[64], want[512];
  voTypeText(mlirShapedTypeGetElementType(mt), elem, sizeof elem);
  snprintf(want, sizeof want, "!fly.tensor<\"%s %s %s\">", elem, spaceOf(mt) ? "shared" : "global",
           spec.data ? spec.data : "");
  flyStrBufDestroy(&spec);
  TensorType t, l;
  MlirContext mctx = mlirOperationGetContext(op);
  MlirType lty = mlirTypeParseGet(mctx, mlirStringRefCreateFromCString(want));
  bool match = !mlirTypeIsNull(lty) && tnTensorTypeParse(ctx, mctx, lty, &l) &&
               tnTensorTypeParse(ctx, mctx, mlirValueGetType(mlirOperationGetResult(op, 0)), &t) &&
               mlirTypeEqual(t.elem, l.elem) && t.shared == l.shared && !t.composed == !l.composed;
  if (match) {
    char a[256], b[256];
    layoutText(&t, a, sizeof a);
    layoutText(&l, b, sizeof b);
    match = !strcmp(a, b);
  }
  if (!match)
    return voFail(op, "the result type must be %s (a whole-byte element type; fp4/fp6 data: an "
                      "i8 tensor)", want);
  if (!mlirAttributeIsNull(buf) && t.shared)
    return voFail(op, "only global tensors can be buffer resources");
  int64_t n = mlirShapedTypeGetDimSize(mt, 0), top = reach(&t);
  if (top == INT64_MIN)
    return voFail(op, "the layout reaches elements before the memref's first (negative offsets)");
  if (top == INT64_MAX)
    return voFail(op, "the layout's element offsets overflow 64 bits");
  if (!mlirShapedTypeIsDynamicDim(mt, 0) && top > n)
    return voFail(op, "the layout reaches element %lld but the memref holds %lld elements",
                  (long long)(top - 1), (long long)n);
  return true;
}

/*--- fly.local_tile --------------------------------------------------------------*/

bool voVerifyLocalTile(FlyLayoutCtx *ctx, MlirOperation op) {
  TensorType p, r;
  char *text;
  if (!tensorOf(ctx, op, 0, &p) || !voStrAttr(op, "tile", true, &text))
    return false;
  const FlyIntTuple *tile = flyIntTupleParse(ctx, text);
  int rank = flyLayoutGetRank(p.layout);
  bool ok = true;
  if (!tile)
    ok = voFail(op, "attribute 'tile' = \"%s\" is not an int tuple: %s", text,
                flyLayoutCtxGetError(ctx));
  else if (p.composed || flyLayoutGetDepth(p.layout) > 1 ||
           !flyIntTupleIsStatic(flyLayoutGetStride(p.layout)))
    ok = voFail(op, "tiles a tensor with a flat layout of static strides (not a swizzled one)");
  else if (flyIntTupleGetRank(tile) != rank || flyIntTupleGetDepth(tile) > (rank > 1 ? 1 : 0))
    ok = voFail(op, "attribute 'tile' = \"%s\" must have one extent per mode of the tensor (%d)",
                text, rank);
  for (int i = 0; ok && i < rank; ++i) {
    const FlyIntTuple *e = flyIntTupleGetElem(tile, i);
    int64_t ext = extentOf(ctx, p.layout, i);
    if (flyIntTupleGetLeafKind(e) != FLY_LEAF_INT || flyIntTupleGetValue(e) <= 0)
      ok = voFail(op, "attribute 'tile' = \"%s\" must hold positive integers", text);
    else if (ext >= 0 && ext % flyIntTupleGetValue(e) != 0)
      ok = voFail(op, "the tile does not divide the tensor: mode %d has %lld elements, not a "
                      "multiple of %lld", i, (long long)ext, (long long)flyIntTupleGetValue(e));
  }
  const FlyLayout *want = ok ? flyLayoutCreate(ctx, tile, flyLayoutGetStride(p.layout)) : NULL;
  if (ok && !want)
    ok = voFail(op, "attribute 'tile' does not fit the tensor's strides");
  if (ok) {
    FlyStrBuf w = {0};
    flyLayoutPrint(want, &w);
    char elem[64];
    voTypeText(p.elem, elem, sizeof elem);
    if (!tnTensorTypeParse(ctx, mlirOperationGetContext(op),
                           mlirValueGetType(mlirOperationGetResult(op, 0)), &r) ||
        r.composed || !mlirTypeEqual(r.elem, p.elem) || r.shared != p.shared ||
        !flyLayoutEqual(r.layout, want))
      ok = voFail(op, "the result type must be !fly.tensor<\"%s %s %s\"> (the tile's shape, the "
                      "parent's strides)", elem, p.shared ? "shared" : "global",
                  w.data ? w.data : "?");
    flyStrBufDestroy(&w);
  }
  FlyStatic crd;
  if (ok && (!flyStaticOfValue(ctx, mlirOperationGetOperand(op, 1), &crd) ||
             crd.kind != FLY_TYPE_INT_TUPLE ||
             flyIntTupleGetRank(crd.tuple) != rank || flyIntTupleGetDepth(crd.tuple) > 1))
    ok = voFail(op, "the tile coordinate must be a flat int tuple with one entry per mode (%d)",
                rank);
  for (int i = 0; ok && i < rank; ++i) { /* a static tile index inside a static extent */
    const FlyIntTuple *c = flyIntTupleGetElem(crd.tuple, i);
    int64_t t = flyIntTupleGetValue(flyIntTupleGetElem(tile, i)), ext = extentOf(ctx, p.layout, i);
    if (flyIntTupleGetLeafKind(c) == FLY_LEAF_INT && ext >= 0 &&
        (flyIntTupleGetValue(c) < 0 || flyIntTupleGetValue(c) >= ext / t))
      ok = voFail(op, "tile coordinate entry %d is %lld, but mode %d has %lld tiles", i,
                  (long long)flyIntTupleGetValue(c), i, (long long)(ext / t));
  }
  flyFree(text);
  return ok;
}

/*--- fly.load / fly.store ---------------------------------------------------------*/

/* A tuple coordinate reads at most the layout's modes, level by level. */
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

/* Static entries of a flat coordinate of a flat layout lie inside it. */
static bool coordInRange(MlirOperation op, const FlyIntTuple *crd, const FlyLayout *l) {
  const FlyIntTuple *shape = flyLayoutGetShape(l);
  if (flyIntTupleIsLeaf(crd) || flyLayoutGetDepth(l) != 1 ||
      flyIntTupleGetRank(crd) != flyIntTupleGetRank(shape))
    return true;
  for (int i = 0; i < flyIntTupleGetRank(crd); ++i) {
    const FlyIntTuple *c = flyIntTupleGetElem(crd, i), *s = flyIntTupleGetElem(shape, i);
    if (!flyIntTupleIsLeaf(c) || flyIntTupleGetLeafKind(c) != FLY_LEAF_INT ||
        flyIntTupleGetLeafKind(s) != FLY_LEAF_INT)
      continue;
    if (flyIntTupleGetValue(c) < 0 || flyIntTupleGetValue(c) >= flyIntTupleGetValue(s))
      return voFail(op, "coordinate entry %d is %lld, outside the tensor's mode of %lld", i,
                    (long long)flyIntTupleGetValue(c), (long long)flyIntTupleGetValue(s));
  }
  return true;
}

bool voVerifyAccess(FlyLayoutCtx *ctx, MlirOperation op) {
  bool store = flyOpIs(op, "store");
  TensorType t;
  if (!tensorOf(ctx, op, store ? 1 : 0, &t))
    return false;
  MlirType vt = store ? mlirValueGetType(mlirOperationGetOperand(op, 0))
                      : mlirValueGetType(mlirOperationGetResult(op, 0));
  bool vec = mlirTypeIsAVector(vt);
  int64_t n = vec && mlirShapedTypeGetRank(vt) == 1 ? mlirShapedTypeGetDimSize(vt, 0) : 0;
  if (!(vec ? n >= 1 && n <= TN_MAX_VECTOR &&
                  mlirTypeEqual(mlirShapedTypeGetElementType(vt), t.elem)
            : mlirTypeEqual(vt, t.elem))) {
    char elem[64];
    voTypeText(t.elem, elem, sizeof elem);
    return voFail(op, "the %s must be %s or a 1-D vector of 1 to %d %s elements",
                  store ? "stored value" : "result", elem, TN_MAX_VECTOR, elem);
  }
  MlirValue cv = mlirOperationGetOperand(op, store ? 2 : 1);
  if (isIntegerValue(cv))
    return true;
  FlyStatic crd;
  if (!flyStaticOfValue(ctx, cv, &crd) || crd.kind != FLY_TYPE_INT_TUPLE)
    return voFail(op, "the coordinate must be an int tuple or an integer");
  if (!coordFits(crd.tuple, flyLayoutGetShape(t.layout)))
    return voFail(op, "the coordinate has more modes than the tensor's layout");
  return coordInRange(op, crd.tuple, t.layout);
}

/*--- fly.copy_to_lds --------------------------------------------------------------*/

/* The workgroup size declared by the enclosing kernel, or -1. */
static int64_t declaredThreads(MlirOperation op) {
  MlirOperation f = flyOpGetParentNamed(op, "gpu.func");
  MlirAttribute a = mlirOperationIsNull(f)
                        ? (MlirAttribute){NULL}
                        : mlirOperationGetAttributeByName(
                              f, mlirStringRefCreateFromCString("known_block_size"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI32Array(a) ||
      mlirDenseArrayGetNumElements(a) != 3)
    return -1;
  int64_t n = 1;
  for (int i = 0; i < 3; ++i)
    n *= mlirDenseI32ArrayGetElement(a, i);
  return n;
}

bool voVerifyCopyToLds(FlyLayoutCtx *ctx, MlirOperation op) {
  TensorType src, dst;
  int64_t bytes, threads;
  char *mode;
  if (!tensorOf(ctx, op, 0, &src) || !tensorOf(ctx, op, 1, &dst) ||
      !voIntAttr(op, "bytes", true, 1, 16, &bytes) ||
      !voIntAttr(op, "threads", true, 64, 1024, &threads) || !voStrAttr(op, "mode", false, &mode))
    return false;
  bool sync = mode && !strcmp(mode, "sync"), ok = true;
  if (mode && !sync && strcmp(mode, "dma"))
    ok = voFail(op, "attribute 'mode' must be \"dma\" or \"sync\"");
  flyFree(mode);
  if (!ok)
    return false;
  if (threads % 64)
    return voFail(op, "attribute 'threads' must be a multiple of 64 (whole waves)");
  /* Every thread of the workgroup takes part, or, inside an scf.if, the
   * part of it the condition selects (a group of waves copying its own
   * tile, thread ids 0..threads-1): then `threads` divides the block. */
  int64_t declared = declaredThreads(op);
  MlirOperation parent = mlirOperationGetParentOperation(op);
  MlirStringRef pn = mlirOperationIsNull(parent) ? mlirStringRefCreateFromCString("")
                                                 : mlirIdentifierStr(mlirOperationGetName(parent));
  bool part = pn.length == 6 && !strncmp(pn.data, "scf.if", 6);
  if (declared > 0 && declared != threads && !(part && declared % threads == 0))
    return voFail(op, "attribute 'threads' = %lld, but the kernel's known_block_size has %lld "
                      "threads: every thread of the workgroup takes part (or, inside an scf.if, "
                      "a part that divides it)", (long long)threads, (long long)declared);
  if (sync ? bytes != 4 && bytes != 8 && bytes != 16
           : bytes != 4 && bytes != 12 && bytes != 16)
    return voFail(op, "a %s copy moves %s bytes per lane", sync ? "sync" : "DMA",
                  sync ? "4, 8 or 16" : "4, 12 or 16 (12 and 16 on gfx950 only)");
  if (src.shared || !dst.shared || src.composed)
    return voFail(op, "copies a global tensor with a plain layout into a shared one");
  const FlyIntTuple *n = flyLayoutSize(ctx, dst.layout), *ns = flyLayoutSize(ctx, src.layout);
  if (!mlirTypeEqual(src.elem, dst.elem) || bytes % dst.elemBytes != 0 || !n ||
      !flyIntTupleIsStatic(n) || !ns || !flyIntTupleEqual(n, ns))
    return voFail(op, "source and destination need one element type that divides the bytes "
                      "per lane, and tiles of one static size");
  int64_t total = flyIntTupleGetValue(n) * dst.elemBytes;
  if (total % (threads * bytes) != 0)
    return voFail(op, "the tile's %lld bytes are not a multiple of threads * bytes per lane "
                      "(%lld)", (long long)total, (long long)(threads * bytes));
  return true;
}

/*--- The tiled MMA ops --------------------------------------------------------------*/

/* The atom an op names by its shape, a, b, c attributes. */
typedef struct AtomRef {
  const FlyMmaAtom *atom;
  int64_t m, n, k;
  char a[32], b[32], c[32];
  bool swapAB; /* swap_ab: the MFMA takes B as its A operand, C comes transposed */
} AtomRef;

static bool atomOf(MlirOperation op, AtomRef *r) {
  char *shape = NULL, *a = NULL, *b = NULL, *c = NULL;
  bool ok = voStrAttr(op, "shape", true, &shape) && voStrAttr(op, "a", true, &a) &&
            voStrAttr(op, "b", true, &b) && voStrAttr(op, "c", true, &c);
  char tail;
  if (ok && sscanf(shape, "%" SCNd64 "x%" SCNd64 "x%" SCNd64 "%c", &r->m, &r->n, &r->k, &tail) != 3)
    ok = voFail(op, "attribute 'shape' = \"%s\" must be \"MxNxK\"", shape);
  if (ok) {
    snprintf(r->a, sizeof r->a, "%s", a);
    snprintf(r->b, sizeof r->b, "%s", b);
    snprintf(r->c, sizeof r->c, "%s", c);
    r->atom = flyMmaAtomFind(shape, a, b, c);
    if (!r->atom)
      ok = voFail(op, "no %s MFMA multiplies %s by %s into %s (see docs/language.md)", shape, a,
                  b, c);
  }
  MlirAttribute swap =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("swap_ab"));
  r->swapAB = !mlirAttributeIsNull(swap);
  if (ok && r->swapAB && !mlirAttributeIsAUnit(swap))
    ok = voFail(op, "attribute 'swap_ab' must be a unit attribute");
  else if (ok && r->swapAB && !flyMmaAtomSwappable(r->atom, b))
    ok = voFail(op, "swap_ab needs a square atom whose A and B have one type and layout (or "
                    "two f8f6f4 formats), not %s %s x %s", shape, a, b);
  flyFree(shape);
  flyFree(a);
  flyFree(b);
  flyFree(c);
  return ok;
}

static bool repeatsOf(MlirOperation op, int64_t *mr, int64_t *nr) {
  if (!voIntAttr(op, "m_repeat", true, 1, 64, mr) || !voIntAttr(op, "n_repeat", true, 1, 64, nr))
    return false;
  if (*mr * *nr > 64)
    return voFail(op, "m_repeat * n_repeat = %lld: at most 64 atoms per op",
                  (long long)(*mr * *nr));
  return true;
}

/* Operand i is a 1-D vector of n elements of type `elem` (by name). */
static bool vectorIs(MlirValue v, int64_t n, const char *elem) {
  MlirType t = mlirValueGetType(v);
  char e[64];
  if (!mlirTypeIsAVector(t) || mlirShapedTypeGetRank(t) != 1 || mlirShapedTypeGetDimSize(t, 0) != n)
    return false;
  voTypeText(mlirShapedTypeGetElementType(t), e, sizeof e);
  return !strcmp(e, elem);
}

static bool elemIs(MlirOperation op, const TensorType *t, const char *elem, const char *operand) {
  char e[64];
  voTypeText(t->elem, e, sizeof e);
  return !strcmp(e, elem) ||
         voFail(op, "the %s tensor holds %s, but the atom's %s operand is %s", operand, e, operand,
                elem);
}

/* The tiled ops' A and B: a whole-byte element type in a tensor of that
 * type, or fp4 packed two to a byte in an i8 tensor (its columns bytes). */
static bool packedElemIs(MlirOperation op, const TensorType *t, const char *elem,
                         const char *operand) {
  int per = flyMmaElemsPerByte(elem);
  if (per == 0)
    return voFail(op, "the tiled MMA ops do not take %s operands (no whole number of them fits "
                      "a byte)", elem);
  if (per == 1)
    return elemIs(op, t, elem, operand);
  char e[64];
  voTypeText(t->elem, e, sizeof e);
  return !strcmp(e, "i8") ||
         voFail(op, "the %s tensor holds %s, but the atom's %s operand is %s, packed two per "
                    "byte: an i8 tensor", operand, e, operand, elem);
}

/* The lane's fragments of n elements of `elem` as the tiled ops carry
 * them: vector<n x elem>, or the bytes of packed fp4, vector<n/2 x i8>. */
static bool fragmentsAre(MlirValue v, int64_t n, const char *elem, char *want, size_t cap) {
  int per = flyMmaElemsPerByte(elem);
  const char *e = per == 2 ? "i8" : elem;
  n = per == 2 ? n / 2 : n;
  snprintf(want, cap, "vector<%lldx%s>", (long long)n, e);
  return vectorIs(v, n, e);
}

/* Operand columns of `ks` atom K steps in the tensor's elements. */
static int64_t tensorCols(const char *elem, int64_t ks, int64_t k) {
  int per = flyMmaElemsPerByte(elem);
  return ks * k / (per > 0 ? per : 1);
}

/* A scaled gemm's operand 6: the lane's E8M0 scales, one byte per MFMA,
 * ceil(m_repeat * k_steps / 4) words of A's then ceil(n_repeat * k_steps
 * / 4) of B's in one vector<N x i32>. */
static bool scalesAre(MlirOperation op, int64_t mr, int64_t nr, int64_t ks) {
  int64_t words = (mr * ks + 3) / 4 + (nr * ks + 3) / 4;
  return vectorIs(mlirOperationGetOperand(op, 6), words, "i32") ||
         voFail(op, "operand #6 (the scales) must be a vector<%lldxi32>: one E8M0 byte per "
                    "MFMA, (m_repeat * k_steps + 3) / 4 words of A's, then (n_repeat * k_steps "
                    "+ 3) / 4 of B's", (long long)words);
}

static bool resultLike(MlirOperation op, MlirValue like) {
  MlirType want = mlirValueGetType(like);
  if (mlirTypeEqual(mlirValueGetType(mlirOperationGetResult(op, 0)), want))
    return true;
  char t[128];
  voTypeText(want, t, sizeof t);
  return voFail(op, "the result type must be %s, the accumulators' type", t);
}

static bool laneIsInteger(MlirOperation op, int i) {
  return isIntegerValue(mlirOperationGetOperand(op, i)) ||
         voFail(op, "operand #%d (the lane) must be an integer or index", i);
}

/* rows x cols of `what` from origin o must fit the tensor's two modes. */
static bool tileFits(FlyLayoutCtx *ctx, MlirOperation op, const TensorType *t, const char *what,
                     const int64_t o[2], const char *rowAttr, int64_t rowVal, int64_t rows,
                     const char *colAttr, int64_t colVal, int64_t cols) {
  if (flyLayoutGetRank(t->layout) != 2)
    return voFail(op, "the %s tensor must have a rank-2 layout (rows, columns)", what);
  return fits(op, rowAttr, rowVal, "rows", what, o[0], rows, extentOf(ctx, t->layout, 0)) &&
         fits(op, colAttr, colVal, "columns", what, o[1], cols, extentOf(ctx, t->layout, 1));
}

/* The op's `operand` attribute: one letter of `allowed` ("abc" or "ab")
 * into *which; reported otherwise. */
static bool operandOf(MlirOperation op, const char *allowed, char *which) {
  char *operand;
  if (!voStrAttr(op, "operand", true, &operand))
    return false;
  *which = operand[0];
  bool known = operand[1] == '\0' && *which && strchr(allowed, *which);
  flyFree(operand);
  return known || voFail(op, strlen(allowed) == 3
                                 ? "attribute 'operand' must be \"a\", \"b\" or \"c\""
                                 : "attribute 'operand' must be \"a\" or \"b\"");
}

/* The element type of a fragment of operand `which` read from a tensor of
 * `tensorElem`: the atom's, but a C tile of 32-bit accumulators (f32, i32:
 * one layout) read from a bf16, f16 or f32 tensor — a GEMM epilogue's bias
 * or residual — has the tensor's type, the same elements. */
static const char *fragmentElem(const AtomRef *r, char which, const char *tensorElem) {
  if (which == 'a' || which == 'b')
    return which == 'a' ? r->a : r->b;
  bool wide = !strcmp(r->c, "f32") || !strcmp(r->c, "i32");
  if (wide && (!strcmp(tensorElem, "bf16") || !strcmp(tensorElem, "f16") ||
               !strcmp(tensorElem, "f32")))
    return tensorElem;
  return r->c;
}

bool voVerifyFragment(FlyLayoutCtx *ctx, MlirOperation op) {
  AtomRef r;
  TensorType t;
  char which;
  int64_t o[2];
  if (!atomOf(op, &r) || !operandOf(op, "abc", &which))
    return false;
  if (!tensorOf(ctx, op, 0, &t) || !laneIsInteger(op, 1) || !originOf(ctx, op, 2, o))
    return false;
  char te[16];
  voTypeText(t.elem, te, sizeof te);
  const char *elem = fragmentElem(&r, which, te);
  int len = which == 'c' ? flyMmaAtomCLen(r.atom) : flyMmaAtomAbLen(r.atom);
  if (!vectorIs(mlirOperationGetResult(op, 0), len, elem))
    return voFail(op, "the result type must be vector<%dx%s>, the lane's part of operand %c",
                  len, elem, which);
  int64_t rows = which == 'b' ? r.n : r.m, cols = which == 'c' ? r.n : r.k;
  if (!elemIs(op, &t, elem, which == 'a' ? "A" : which == 'b' ? "B" : "C"))
    return false;
  if (flyLayoutGetRank(t.layout) != 2)
    return voFail(op, "the tensor must have a rank-2 layout (rows, columns)");
  int64_t er = extentOf(ctx, t.layout, 0), ec = extentOf(ctx, t.layout, 1);
  if ((er >= 0 && o[0] + rows > er) || (ec >= 0 && o[1] + cols > ec))
    return voFail(op, "the atom's %lldx%lld operand tile at (%lld, %lld) does not fit the "
                      "tensor's %lld x %lld", (long long)rows, (long long)cols, (long long)o[0],
                  (long long)o[1], (long long)er, (long long)ec);
  return true;
}

/* The attributes fly.gemm and fly.gemm_fragments share: the atom, the
 * repeats, k_steps and k_pack. */
static bool gemmAttrsOf(MlirOperation op, AtomRef *r, int64_t *mr, int64_t *nr, int64_t *ks,
                        int64_t *kp) {
  *ks = *kp = 1;
  if (!atomOf(op, r) || !repeatsOf(op, mr, nr) ||
      !voIntAttr(op, "k_steps", false, 1, MAX_GEMM_MFMAS, ks) ||
      !voIntAttr(op, "k_pack", false, 1, 4, kp))
    return false;
  if (*mr * *nr * *ks > MAX_GEMM_MFMAS)
    return voFail(op, "m_repeat * n_repeat * k_steps = %lld MFMAs: a fly.gemm is unrolled, at "
                      "most %d", (long long)(*mr * *nr * *ks), MAX_GEMM_MFMAS);
  if (*ks % *kp)
    return voFail(op, "k_pack = %lld must divide k_steps = %lld", (long long)*kp,
                  (long long)*ks);
  if (*kp > 1 && !tnAtomPackable(r->atom))
    return voFail(op, "k_pack needs an atom whose lanes hold consecutive k (not the f8f6f4 "
                      "forms)");
  return true;
}

bool voVerifyGemm(FlyLayoutCtx *ctx, MlirOperation op) {
  AtomRef r;
  TensorType ta, tb;
  int64_t mr, nr, ks, kp, ao[2], bo[2];
  char want[64];
  if (!gemmAttrsOf(op, &r, &mr, &nr, &ks, &kp))
    return false;
  intptr_t n = mlirOperationGetNumOperands(op);
  if (n == 7 && (r.atom->format < 0 || kp != 1))
    return voFail(op, "takes scales only with an f8f6f4 atom (16x16x128, 32x32x64) and "
                      "without k_pack");
  /* B is a tensor the gemm loads from, or the fragments fly.gemm_fragments
   * loaded earlier (carried across a loop iteration as a prefetch). */
  bool bLoaded = mlirTypeIsAVector(mlirValueGetType(mlirOperationGetOperand(op, 1)));
  int64_t bLen = nr * ks * flyMmaAtomAbLen(r.atom);
  if (bLoaded && !fragmentsAre(mlirOperationGetOperand(op, 1), bLen, r.b, want, sizeof want))
    return voFail(op, "B given as fragments must be a %s (n_repeat * k_steps * %d per "
                      "lane, as fly.gemm_fragments loads them)", want, flyMmaAtomAbLen(r.atom));
  if (!tensorOf(ctx, op, 0, &ta) || (!bLoaded && !tensorOf(ctx, op, 1, &tb)) ||
      !laneIsInteger(op, 3) || !originOf(ctx, op, 4, ao) || !originOf(ctx, op, 5, bo) ||
      !packedElemIs(op, &ta, r.a, "A") || (!bLoaded && !packedElemIs(op, &tb, r.b, "B")))
    return false;
  if (n == 7 && !scalesAre(op, mr, nr, ks))
    return false;
  int64_t acc = mr * nr * flyMmaAtomCLen(r.atom);
  if (!vectorIs(mlirOperationGetOperand(op, 2), acc, r.c))
    return voFail(op, "the accumulators must be a vector<%lldx%s> (m_repeat * n_repeat * %d per "
                      "lane)", (long long)acc, r.c, flyMmaAtomCLen(r.atom));
  return resultLike(op, mlirOperationGetOperand(op, 2)) &&
         tileFits(ctx, op, &ta, "A", ao, "m_repeat", mr, mr * r.m, "k_steps", ks,
                  tensorCols(r.a, ks, r.k)) &&
         (bLoaded || tileFits(ctx, op, &tb, "B", bo, "n_repeat", nr, nr * r.n, "k_steps", ks,
                              tensorCols(r.b, ks, r.k)));
}

bool voVerifyGemmFragments(FlyLayoutCtx *ctx, MlirOperation op) {
  AtomRef r;
  TensorType t;
  int64_t mr, nr, ks, kp, o[2];
  char which, want[64];
  if (!gemmAttrsOf(op, &r, &mr, &nr, &ks, &kp) || !operandOf(op, "ab", &which))
    return false;
  if (!tensorOf(ctx, op, 0, &t) || !laneIsInteger(op, 1) || !originOf(ctx, op, 2, o))
    return false;
  const char *elem = which == 'a' ? r.a : r.b;
  int64_t rep = which == 'a' ? mr : nr, len = rep * ks * flyMmaAtomAbLen(r.atom);
  if (!fragmentsAre(mlirOperationGetResult(op, 0), len, elem, want, sizeof want))
    return voFail(op, "the result type must be %s (%s * k_steps * %d per lane)", want,
                  which == 'a' ? "m_repeat" : "n_repeat", flyMmaAtomAbLen(r.atom));
  if (!packedElemIs(op, &t, elem, which == 'a' ? "A" : "B"))
    return false;
  int64_t cols = tensorCols(elem, ks, r.k);
  return which == 'a'
             ? tileFits(ctx, op, &t, "A", o, "m_repeat", mr, mr * r.m, "k_steps", ks, cols)
             : tileFits(ctx, op, &t, "B", o, "n_repeat", nr, nr * r.n, "k_steps", ks, cols);
}

bool voVerifyGemmStore(FlyLayoutCtx *ctx, MlirOperation op) {
  AtomRef r;
  TensorType tc;
  int64_t mr, nr, o[2];
  if (!atomOf(op, &r) || !repeatsOf(op, &mr, &nr) || !tensorOf(ctx, op, 1, &tc) ||
      !laneIsInteger(op, 2) || !originOf(ctx, op, 3, o))
    return false;
  char elem[64];
  voTypeText(tc.elem, elem, sizeof elem);
  int64_t acc = mr * nr * flyMmaAtomCLen(r.atom);
  if (!vectorIs(mlirOperationGetOperand(op, 0), acc, elem))
    return voFail(op, "the accumulators must be a vector<%lldx%s> (m_repeat * n_repeat * %d per "
                      "lane, in the C tensor's element type)", (long long)acc, elem,
                  flyMmaAtomCLen(r.atom));
  return tileFits(ctx, op, &tc, "C", o, "m_repeat", mr, mr * r.m, "n_repeat", nr, nr * r.n);
}

/* A rank-1 f32 scale tensor long enough for `need` entries from `from`. */
static bool scaleFits(FlyLayoutCtx *ctx, MlirOperation op, int i, const char *what,
                      const char *attr, int64_t value, int64_t from, int64_t need) {
  TensorType t;
  if (!tensorOf(ctx, op, i, &t))
    return false;
  char elem[64];
  voTypeText(t.elem, elem, sizeof elem);
  if (strcmp(elem, "f32") || flyLayoutGetRank(t.layout) != 1)
    return voFail(op, "the %s must be a rank-1 f32 tensor", what);
  return fits(op, attr, value, "entries", what, from, need, extentOf(ctx, t.layout, 0));
}

/* An f32 scalar operand: one scale for every column (the block-scale
 * GEMM's b_scale, uniform over a wave's columns inside one N block). */
static bool uniformScale(MlirOperation op, int i) {
  char e[64];
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
  if (mlirTypeIsAVector(t) || mlirTypeIsAShaped(t))
    return false;
  voTypeText(t, e, sizeof e);
  return !strcmp(e, "f32");
}

/* The column scales: a tensor (checked like the row scales) or one f32. */
static bool columnScalesFit(FlyLayoutCtx *ctx, MlirOperation op, int64_t need, int64_t nr,
                            int64_t from) {
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, 2));
  if (!mlirTypeIsAVector(t) && !mlirTypeIsAShaped(t) && !mlirTypeIsAInteger(t) &&
      !mlirTypeIsAIndex(t) && !mlirTypeIsAFloat(t))
    return scaleFits(ctx, op, 2, "column scales", "n_repeat", nr, from, need);
  return voFail(op, "the column scales must be a rank-1 f32 tensor or one f32 for every column");
}

bool voVerifyGemmScale(FlyLayoutCtx *ctx, MlirOperation op) {
  AtomRef r;
  int64_t mr, nr, o[2];
  if (!atomOf(op, &r) || !repeatsOf(op, &mr, &nr) || !laneIsInteger(op, 3) ||
      !originOf(ctx, op, 4, o))
    return false;
  int64_t acc = mr * nr * flyMmaAtomCLen(r.atom);
  if (!vectorIs(mlirOperationGetOperand(op, 0), acc, "f32"))
    return voFail(op, "the accumulators must be a vector<%lldxf32> (m_repeat * n_repeat * %d "
                      "per lane)", (long long)acc, flyMmaAtomCLen(r.atom));
  int64_t rows = mr * flyMmaAtomCLen(r.atom);
  MlirValue sa = mlirOperationGetOperand(op, 1);
  bool rowVec = mlirTypeIsAVector(mlirValueGetType(sa));
  if (rowVec && !vectorIs(sa, rows, "f32"))
    return voFail(op, "the row scales must be a rank-1 f32 tensor or the vector<%lldxf32> "
                      "fly.gemm_row_scales loads", (long long)rows);
  return resultLike(op, mlirOperationGetOperand(op, 0)) &&
         (rowVec || scaleFits(ctx, op, 1, "row scales", "m_repeat", mr, o[0], mr * r.m)) &&
         (uniformScale(op, 2) || columnScalesFit(ctx, op, nr * r.n, nr, o[1]));
}

bool voVerifyGemmRowScales(FlyLayoutCtx *ctx, MlirOperation op) {
  AtomRef r;
  int64_t mr, nr, o[2];
  if (!atomOf(op, &r) || !repeatsOf(op, &mr, &nr) || !laneIsInteger(op, 1) ||
      !originOf(ctx, op, 2, o))
    return false;
  int64_t rows = mr * flyMmaAtomCLen(r.atom);
  if (!vectorIs(mlirOperationGetResult(op, 0), rows, "f32"))
    return voFail(op, "the result must be a vector<%lldxf32> (m_repeat * %d per lane)",
                  (long long)rows, flyMmaAtomCLen(r.atom));
  return scaleFits(ctx, op, 0, "row scales", "m_repeat", mr, o[0], mr * r.m);
}

/*--- Result types of the tiled MMA ops, for builders ---------------------------------*/

static bool vectorType(MlirOperation op, int64_t n, const char *elem, MlirType *out) {
  char text[80];
  snprintf(text, sizeof text, "vector<%lldx%s>", (long long)n, elem);
  *out = mlirTypeParseGet(mlirOperationGetContext(op), mlirStringRefCreateFromCString(text));
  return !mlirTypeIsNull(*out) || voFail(op, "cannot build the result type %s", text);
}

/* The lane's fragments of a fly.gemm_fragments: `which`'s repeats x
 * k_steps x the atom's per-lane length, packed fp4 as bytes. */
static bool fragmentsType(MlirOperation op, MlirType *out) {
  AtomRef r;
  int64_t mr, nr, ks, kp;
  char which;
  if (!gemmAttrsOf(op, &r, &mr, &nr, &ks, &kp) || !operandOf(op, "ab", &which))
    return false;
  const char *elem = which == 'a' ? r.a : r.b;
  int64_t len = (which == 'a' ? mr : nr) * ks * flyMmaAtomAbLen(r.atom);
  bool packed = flyMmaElemsPerByte(elem) == 2;
  return vectorType(op, packed ? len / 2 : len, packed ? "i8" : elem, out);
}

/* A fly.mma_fragment's vector: the atom operand's per-lane length, of the
 * operand's element type (an f32 C tile read from a bf16/f16 tensor: that
 * type, as fly-verify accepts it). */
static bool fragmentType(FlyLayoutCtx *ctx, MlirOperation op, MlirType *out) {
  AtomRef r;
  char which;
  if (!atomOf(op, &r) || !operandOf(op, "abc", &which))
    return false;
  TensorType t;
  char te[16] = "";
  if (which == 'c') {
    if (!tensorOf(ctx, op, 0, &t))
      return false;
    voTypeText(t.elem, te, sizeof te);
  }
  const char *elem = fragmentElem(&r, which, te);
  int len = which == 'c' ? flyMmaAtomCLen(r.atom) : flyMmaAtomAbLen(r.atom);
  return vectorType(op, len, elem, out);
}

/* The accumulators of the op's m_repeat x n_repeat atoms. */
static bool accumulatorType(MlirOperation op, const char *elem, MlirType *out) {
  AtomRef r;
  int64_t mr, nr;
  if (!atomOf(op, &r) || !repeatsOf(op, &mr, &nr))
    return false;
  return vectorType(op, mr * nr * flyMmaAtomCLen(r.atom), elem ? elem : r.c, out);
}

static bool rowScalesType(MlirOperation op, MlirType *out) {
  AtomRef r;
  int64_t mr, nr;
  if (!atomOf(op, &r) || !repeatsOf(op, &mr, &nr))
    return false;
  return vectorType(op, mr * flyMmaAtomCLen(r.atom), "f32", out);
}

bool voIsMmaResultOp(MlirOperation op) {
  return flyOpIs(op, "mma_fragment") || flyOpIs(op, "gemm") || flyOpIs(op, "gemm_fragments") ||
         flyOpIs(op, "gemm_scale") || flyOpIs(op, "gemm_row_scales");
}

bool voInferMmaResult(FlyLayoutCtx *ctx, MlirOperation op, MlirType *out) {
  if (flyOpIs(op, "mma_fragment"))
    return fragmentType(ctx, op, out);
  if (flyOpIs(op, "gemm_fragments"))
    return fragmentsType(op, out);
  if (flyOpIs(op, "gemm"))
    return accumulatorType(op, NULL, out);
  if (flyOpIs(op, "gemm_scale"))
    return accumulatorType(op, "f32", out);
  if (flyOpIs(op, "gemm_row_scales"))
    return rowScalesType(op, out);
  return voFail(op, "not a tiled MMA op");
}
