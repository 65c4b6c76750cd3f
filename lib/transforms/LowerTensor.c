/*===- LowerTensor.c - Tensors: views of memory through a layout --------------===*
 *
 * Part of fly-lower-layout. A tensor is a memref (1-D, element-indexed) seen
 * through a layout or composed layout, so every access computes its offset
 * with the same layout — the swizzle of an LDS tile cannot be applied on
 * one side and forgotten on the other.
 *
 *   fly.make_tensor(%memref, %layout) [{buffer}]   a view; with `buffer` a
 *       global tensor becomes a raw buffer resource whose num_records is the
 *       tensor's real extent (cosize * element size), so out-of-bounds loads
 *       read 0 and stores are dropped (how ragged tiles stay correct);
 *   fly.load(%t, %coord) -> vector / scalar       at crd2idx(coord)
 *   fly.store(%v, %t, %coord)
 *   fly.local_tile(%t, %crd) {tile}               the tile at a tile coordinate
 *   fly.copy_to_lds(%src, %dst, %tid) {bytes, threads[, mode = "sync"]}
 *       the whole tile by LDS DMA (buffer_load ... lds), or with mode "sync"
 *       through VGPRs (buffer_load then ds_write); each lane writes
 *       `bytes` lane-linearly into LDS, so the compiler picks for each lane
 *       the source element that belongs at that physical LDS position under
 *       the destination's swizzled layout (the pre-swizzled source address).
 *===----------------------------------------------------------------------===*/
#include <stdio.h>
#include <string.h>

#include "flyc/chip.h"
#include "tensor.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "sema.h"

bool tnTensorTypeParse(FlyLayoutCtx *lctx, MlirContext mctx, MlirType t, TensorType *out) {
  FlyStrBuf spec = {0};
  bool ok = flyTypeGetKind(t) == FLY_TYPE_TENSOR && mlirLogicalResultIsSuccess(flyTypeGetSpec(t, &spec));
  char elem[64] = "", space[16] = "";
  int consumed = 0;
  ok = ok && sscanf(spec.data, "%63s %15s %n", elem, space, &consumed) == 2;
  if (ok) {
    *out = (TensorType){.shared = !strcmp(space, "shared")};
    out->elem = mlirTypeParseGet(mctx, mlirStringRefCreateFromCString(elem));
    const char *lay = spec.data + consumed;
    if (strstr(lay, " o ")) {
      out->composed = flyComposedLayoutParse(lctx, lay);
      out->layout = out->composed ? flyComposedLayoutGetOuter(out->composed) : NULL;
    } else {
      out->layout = flyLayoutParse(lctx, lay);
    }
    ok = !mlirTypeIsNull(out->elem) && out->layout && (out->shared || !strcmp(space, "global"));
    if (ok && (mlirTypeIsAInteger(out->elem) || mlirTypeIsAFloat(out->elem)))
      out->elemBytes = (int)((mlirTypeIsAInteger(out->elem) ? mlirIntegerTypeGetWidth(out->elem)
                                                            : mlirFloatTypeGetWidth(out->elem)) +
                             7) / 8;
    /* fp4/fp6 travel as packed bytes: an i8 tensor, bitcast after loading. */
    ok = ok && out->elemBytes > 0 &&
         (mlirTypeIsAInteger(out->elem) ? mlirIntegerTypeGetWidth(out->elem)
                                        : mlirFloatTypeGetWidth(out->elem)) % 8 == 0;
  }
  flyStrBufDestroy(&spec);
  return ok;
}

void tnFail(Builder *b, MlirOperation op, const char *msg) {
  flyEmitOpError(op, "%s", msg);
  b->failed = true;
}

/* cosize = 1 + sum over leaves of (shape-1)*stride, on possibly dynamic
 * leaves; false when the layout's leaves cannot be traced. */
static bool cosizeOf(Builder *b, MlirValue layoutv, const FlyLayout *l, Val *out) {
  Leaves shape, stride;
  if (!lwLayoutLeaves(b, layoutv, l, &shape, &stride) || shape.n != stride.n)
    return false;
  Lin acc = {1, lwKonst(0)};
  for (int i = 0; i < shape.n; ++i)
    lwLinAdd(b, &acc, lwMul(b, lwAdd(b, shape.v[i], lwKonst(-1)), stride.v[i]));
  *out = lwLinValue(b, &acc);
  return true;
}

static MlirType fatBufferType(MlirContext ctx, MlirType memref) {
  int64_t dim = mlirShapedTypeGetDimSize(memref, 0);
  MlirAttribute space = mlirAttributeParseGet(
      ctx, mlirStringRefCreateFromCString("#amdgpu.address_space<fat_raw_buffer>"));
  return mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(memref), 1, &dim, space);
}

/* memref -> amdgpu.fat_raw_buffer_cast %m validBytes(cosize * elemBytes);
 * a null value when the layout's extent cannot be computed. */
static MlirValue bufferOf(Builder *b, MlirValue mem, MlirValue layoutv, const TensorType *t) {
  Val cosize;
  if (!cosizeOf(b, layoutv, t->layout, &cosize))
    return (MlirValue){NULL};
  Val bytes = lwMul(b, cosize, lwKonst(t->elemBytes));
  MlirValue bytesIdx = lwValueOf(b, bytes);
  MlirValue valid = lwEmit(b, "arith.index_cast", 1, &bytesIdx, mlirIntegerTypeGet(b->mctx, 64));
  MlirValue operands[2] = {mem, valid};
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString("amdgpu.fat_raw_buffer_cast"), b->loc);
  mlirOperationStateAddOperands(&st, 2, operands);
  MlirType rt = fatBufferType(b->mctx, mlirValueGetType(mem));
  mlirOperationStateAddResults(&st, 1, &rt);
  /* validBytes is the first optional operand segment: (source, validBytes, swizzle). */
  int32_t seg[3] = {1, 1, 0};
  MlirNamedAttribute a = mlirNamedAttributeGet(
      mlirIdentifierGet(b->mctx, mlirStringRefCreateFromCString("operandSegmentSizes")),
      mlirDenseI32ArrayGet(b->mctx, 3, seg));
  mlirOperationStateAddAttributes(&st, 1, &a);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(b->at), b->at, op);
  return mlirOperationGetResult(op, 0);
}

static bool lowerMakeTensor(TensorState *ts, MlirOperation op, TensorBase *out) {
  Builder *b = ts->b;
  b->at = op;
  b->loc = mlirOperationGetLocation(op);
  MlirValue mem = mlirOperationGetOperand(op, 0);
  MlirType mt = mlirValueGetType(mem);
  *out = (TensorBase){.def = op, .mem = mem, .layoutv = mlirOperationGetOperand(op, 1),
                      .origin = lwKonst(0)};
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!tnTensorTypeParse(b->lctx, b->mctx, rt, &out->type)) {
    tnFail(b, op, "result must be a !fly.tensor<\"ELEM global|shared LAYOUT\"> with valid "
                  "notation and a whole-byte element type (fp4/fp6 data: an i8 tensor)");
    return false;
  }
  if (!mlirTypeIsAMemRef(mt) || mlirShapedTypeGetRank(mt) != 1 ||
      !mlirTypeEqual(mlirShapedTypeGetElementType(mt), out->type.elem)) {
    tnFail(b, op, "the base must be a 1-D memref of the tensor's element type");
    return false;
  }
  MlirAttribute buf = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("buffer"));
  if (!mlirAttributeIsNull(buf)) {
    if (out->type.shared) {
      tnFail(b, op, "only global tensors can be buffer resources");
      return false;
    }
    out->mem = bufferOf(b, mem, out->layoutv, &out->type);
    if (mlirValueIsNull(out->mem)) {
      tnFail(b, op, "a buffer tensor's layout must be static or built by fly.make_layout from "
                    "make_int_tuple values (its extent sizes the buffer)");
      return false;
    }
  }
  return true;
}


/* fly.local_tile(%t, %crd) {tile = "(64,128)"}: the tile at tile coordinate
 * crd, i.e. the parent's elements (crd_i*tile_i + c_i) for c in the tile:
 * same strides, the tile's shape, the origin moved by sum crd_i*tile_i*d_i. */
static bool lowerLocalTile(TensorState *ts, MlirOperation op, TensorBase *out) {
  Builder *b = ts->b;
  b->at = op;
  b->loc = mlirOperationGetLocation(op);
  const TensorBase *parent = tnBaseOf(ts, mlirOperationGetOperand(op, 0));
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  *out = (TensorBase){.def = op};
  if (parent && parent->invalid)
    return false;
  if (!parent || parent->type.composed || !tnTensorTypeParse(b->lctx, b->mctx, rt, &out->type) ||
      out->type.composed) {
    tnFail(b, op, "tiles a tensor from fly.make_tensor or fly.local_tile with a plain layout; "
                  "the result is a tensor with a plain layout");
    return false;
  }
  Leaves shape, stride, crd, tshape, tstride;
  int next = 0;
  tshape.n = tstride.n = 0;
  bool ok = lwLayoutLeaves(b, parent->layoutv, parent->type.layout, &shape, &stride) &&
            lwTupleLeaves(b, mlirOperationGetOperand(op, 1), &crd) &&
            lwPushLeaves(b, flyLayoutGetShape(out->type.layout), (MlirOperation){NULL}, &next,
                         &tshape) &&
            lwPushLeaves(b, flyLayoutGetStride(out->type.layout), (MlirOperation){NULL}, &next,
                         &tstride);
  ok = ok && crd.n == shape.n && tshape.n == shape.n && stride.n == shape.n &&
       tstride.n == shape.n && flyLayoutGetRank(parent->type.layout) == shape.n;
  for (int i = 0; ok && i < shape.n; ++i)
    ok = stride.v[i].isConst && tstride.v[i].isConst && stride.v[i].c == tstride.v[i].c;
  if (!ok) {
    tnFail(b, op, "needs a flat parent layout with static strides, a coordinate with one entry "
                  "per mode, and a result layout of the tile's shape with the parent's strides");
    return false;
  }
  /* Static extents must be whole tiles; a dynamic one (M) may end in a
   * ragged tile, whose out-of-range part a buffer tensor reads as 0. */
  for (int i = 0; i < shape.n; ++i)
    if (shape.v[i].isConst && (tshape.v[i].c <= 0 || shape.v[i].c % tshape.v[i].c)) {
      char msg[160];
      snprintf(msg, sizeof msg, "the tile does not divide the tensor: mode %d has %lld elements, "
               "not a multiple of %lld", i, (long long)shape.v[i].c, (long long)tshape.v[i].c);
      tnFail(b, op, msg);
      return false;
    }
  Lin acc = {0, parent->origin};
  for (int i = 0; i < shape.n; ++i)
    lwLinAdd(b, &acc, lwMul(b, crd.v[i], lwKonst(tshape.v[i].c * stride.v[i].c)));
  out->mem = parent->mem;
  out->origin = lwLinValue(b, &acc);
  return true;
}

const TensorBase *tnBaseOf(TensorState *ts, MlirValue tensor) {
  MlirOperation def = lwDefiningOp(tensor);
  for (size_t i = 0; i < ts->n && !mlirOperationIsNull(def); ++i)
    if (mlirOperationEqual(ts->bases[i].def, def))
      return &ts->bases[i];
  return NULL;
}

/* The element offset of coordinate `crd` in the tensor's memref. */
bool tnOffsetOfCoord(Builder *b, const TensorBase *t, const LwCoord *crd, Val *out) {
  Val local = lwKonst(0);
  if (t->type.composed) {
    if (!lwComposedApplyCoord(b, crd, t->layoutv, t->type.composed, &local))
      return false;
  } else {
    Lin acc = {0, lwKonst(0)};
    if (!lwLayoutApplyCoord(b, crd, t->layoutv, t->type.layout, &acc))
      return false;
    local = lwLinValue(b, &acc);
  }
  *out = lwAdd(b, t->origin, local);
  return true;
}

static void setAt(Builder *b, MlirOperation op) {
  b->at = op;
  b->loc = mlirOperationGetLocation(op);
}

/* The number of elements of a load's result or a store's value (1 for a
 * scalar), or 0 when the type is neither the tensor's element type nor a
 * 1-D vector of it. */
static int64_t accessLength(MlirType t, MlirType elem) {
  if (!mlirTypeIsAVector(t))
    return mlirTypeEqual(t, elem) ? 1 : 0;
  if (mlirShapedTypeGetRank(t) != 1 || !mlirTypeEqual(mlirShapedTypeGetElementType(t), elem))
    return 0;
  int64_t n = mlirShapedTypeGetDimSize(t, 0);
  return n > 0 && n <= TN_MAX_VECTOR ? n : 0;
}

static bool badAccessType(Builder *b, MlirOperation op, const TensorBase *t, const char *what) {
  char *elem = flyTypeToString(t->type.elem);
  char msg[256];
  snprintf(msg, sizeof msg, "%s must be %s or a 1-D vector of 1 to %d %s elements", what,
           elem ? elem : "the tensor's element type", TN_MAX_VECTOR, elem ? elem : "such");
  flyFree(elem);
  tnFail(b, op, msg);
  return false;
}

/* The tensor and coordinate operands of a load (0, 1) or store (1, 2). */
static bool accessOperands(TensorState *ts, MlirOperation op, int ti, const TensorBase **t,
                           LwCoord *crd) {
  *t = tnBaseOf(ts, mlirOperationGetOperand(op, ti));
  if (*t && lwCoordOf(ts->b, mlirOperationGetOperand(op, ti + 1), crd))
    return true;
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  char msg[200];
  snprintf(msg, sizeof msg, "cannot lower '%.*s': its tensor must come from fly.make_tensor or "
           "fly.local_tile and its coordinate from make_int_tuple/idx2crd or an integer",
           (int)n.length, n.data);
  tnFail(ts->b, op, msg);
  return false;
}

/* A scalar is one memref.load; a vector is loaded by its contiguous pieces
 * (tensor_access.c) and joined. */
static bool lowerLoad(TensorState *ts, MlirOperation op) {
  Builder *b = ts->b;
  setAt(b, op);
  const TensorBase *t;
  LwCoord crd;
  if (!accessOperands(ts, op, 0, &t, &crd))
    return false;
  MlirValue res = mlirOperationGetResult(op, 0);
  MlirType rt = mlirValueGetType(res);
  int64_t n = accessLength(rt, t->type.elem);
  TnAccess *a = n > 0 ? flyAlloc(sizeof *a) : NULL;
  if (!a)
    return n > 0 ? (tnFail(b, op, "out of memory"), false)
                 : badAccessType(b, op, t, "the result");
  bool ok = tnPlanAccess(b, op, t, &crd, n, a);
  if (ok && mlirTypeIsAVector(rt)) {
    mlirValueReplaceAllUsesOfWith(res, tnEmitLoad(b, t, a, t->type.elem));
  } else if (ok) {
    MlirValue operands[2] = {t->mem, lwValueOf(b, a->piece[0].off)};
    mlirValueReplaceAllUsesOfWith(res, lwEmit(b, "memref.load", 2, operands, rt));
  }
  flyFree(a);
  return ok;
}

static bool lowerStore(TensorState *ts, MlirOperation op) {
  Builder *b = ts->b;
  setAt(b, op);
  MlirValue value = mlirOperationGetOperand(op, 0);
  const TensorBase *t;
  LwCoord crd;
  if (!accessOperands(ts, op, 1, &t, &crd))
    return false;
  MlirType vt = mlirValueGetType(value);
  int64_t n = accessLength(vt, t->type.elem);
  TnAccess *a = n > 0 ? flyAlloc(sizeof *a) : NULL;
  if (!a)
    return n > 0 ? (tnFail(b, op, "out of memory"), false)
                 : badAccessType(b, op, t, "the stored value");
  bool ok = tnPlanAccess(b, op, t, &crd, n, a);
  if (ok && mlirTypeIsAVector(vt)) {
    tnEmitStore(b, t, a, value);
  } else if (ok) {
    MlirValue operands[3] = {value, t->mem, lwValueOf(b, a->piece[0].off)};
    MlirOperationState st =
        mlirOperationStateGet(mlirStringRefCreateFromCString("memref.store"), b->loc);
    mlirOperationStateAddOperands(&st, 3, operands);
    MlirOperation s = mlirOperationCreate(&st);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, s);
  }
  flyFree(a);
  return ok;
}

/* What fly.copy_to_lds needs to know, checked. */
typedef struct DmaPlan {
  const TensorBase *src, *dst;
  bool sync;                  /* global -> VGPR -> LDS instead of DMA */
  int64_t bytes, threads, chunk, count;
  const FlyLayout *inverse;   /* right_inverse of the destination's outer layout */
  const FlySwizzle *swizzle;  /* of the destination, or NULL */
  int64_t offset;             /* of the destination's composed layout */
} DmaPlan;

static bool planFail(Builder *b, MlirOperation op, const char *msg) {
  tnFail(b, op, msg);
  return false;
}

static bool checkDmaWidth(TensorState *ts, MlirOperation op, int64_t bytes) {
  const FlyChipInfo *chip = flyChipGetInfo(ts->chip);
  bool ok = bytes == 4 || (chip->ldsDmaMaxBytes == 16 && (bytes == 12 || bytes == 16));
  if (!ok) {
    char msg[160];
    snprintf(msg, sizeof msg, "LDS DMA of %lld bytes per lane is not available on %s (%s)",
             (long long)bytes, chip->name,
             chip->ldsDmaMaxBytes == 16 ? "4, 12 or 16" : "4 bytes only");
    tnFail(ts->b, op, msg);
  }
  return ok;
}

/* Each lane moves bytes/e consecutive source elements: check, at compile
 * time, that the elements a lane's LDS chunk needs are consecutive in the
 * source too (a tile whose rows are narrower than the chunk, or a swizzle
 * that splits it, would make the DMA copy the wrong bytes). */
static bool flatEqual(const LwFlat *x, const LwFlat *y) {
  if (x->n != y->n)
    return false;
  for (int i = 0; i < x->n; ++i)
    if (x->shape[i] != y->shape[i] || x->stride[i] != y->stride[i])
      return false;
  return true;
}

static bool dmaSame(const TnDmaChecked *x, const TnDmaChecked *y) {
  return x->n == y->n && x->perLane == y->perLane && x->swizzle[0] == y->swizzle[0] &&
         x->swizzle[1] == y->swizzle[1] && x->swizzle[2] == y->swizzle[2] &&
         flatEqual(&x->inverse, &y->inverse) && flatEqual(&x->source, &y->source);
}

static bool chunksContiguous(TensorState *ts, const DmaPlan *p, int64_t n, int64_t perLane) {
  TnDmaChecked key = {n, perLane, {-1, 0, 0}, {0}, {0}};
  if (!lwFlatOf(p->inverse, &key.inverse) || !lwFlatOf(p->src->type.layout, &key.source))
    return false;
  if (p->swizzle)
    flySwizzleGetParams(p->swizzle, &key.swizzle[0], &key.swizzle[1], &key.swizzle[2]);
  for (int i = 0; i < ts->numDmaOk; ++i)
    if (dmaSame(&ts->dmaOk[i], &key))
      return true;
  const LwFlat *inv = &key.inverse, *src = &key.source;
  for (int64_t q = 0; q < n; q += perLane) {
    int64_t first = 0;
    for (int64_t j = 0; j < perLane; ++j) {
      int64_t y = p->swizzle ? flySwizzleApply(p->swizzle, q + j) : q + j;
      int64_t v = lwFlatEval(src, lwFlatEval(inv, y));
      if (j == 0)
        first = v;
      else if (v != first + j)
        return false;
    }
  }
  if (ts->numDmaOk < TN_DMA_MEMO)
    ts->dmaOk[ts->numDmaOk++] = key;
  return true;
}

static bool planDma(TensorState *ts, MlirOperation op, DmaPlan *p) {
  Builder *b = ts->b;
  p->src = tnBaseOf(ts, mlirOperationGetOperand(op, 0));
  p->dst = tnBaseOf(ts, mlirOperationGetOperand(op, 1));
  if (!p->src || !p->dst || p->src->type.shared || !p->dst->type.shared)
    return planFail(b, op, "copies a global tensor (from fly.make_tensor) into a shared one");
  if (!flyOpGetIntAttr(op, "bytes", &p->bytes) || !flyOpGetIntAttr(op, "threads", &p->threads) ||
      p->threads <= 0 || p->threads % 64 != 0)
    return planFail(b, op, "needs integer attributes 'bytes' and 'threads' (a multiple of 64)");
  MlirAttribute mode = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("mode"));
  MlirStringRef m = mlirAttributeIsNull(mode)       ? mlirStringRefCreateFromCString("dma")
                    : mlirAttributeIsAString(mode) ? mlirStringAttrGetValue(mode)
                                                   : mlirStringRefCreateFromCString("?");
  p->sync = m.length == 4 && !memcmp(m.data, "sync", 4);
  if (!p->sync && !(m.length == 3 && !memcmp(m.data, "dma", 3)))
    return planFail(b, op, "attribute 'mode' must be \"dma\" or \"sync\"");
  if (p->sync && p->bytes != 4 && p->bytes != 8 && p->bytes != 16)
    return planFail(b, op, "a sync copy moves 4, 8 or 16 bytes per lane");
  if (!p->sync && !checkDmaWidth(ts, op, p->bytes))
    return false;
  int e = p->dst->type.elemBytes;
  const FlyIntTuple *n = flyLayoutSize(b->lctx, p->dst->type.layout);
  const FlyIntTuple *ns = flyLayoutSize(b->lctx, p->src->type.layout);
  if (!mlirTypeEqual(p->src->type.elem, p->dst->type.elem) || p->bytes % e != 0 || !n ||
      !flyIntTupleIsStatic(n) || !ns || !flyIntTupleEqual(n, ns))
    return planFail(b, op, "source and destination need one element type that divides the DMA "
                           "width, and tiles of one static size");
  p->chunk = p->threads * p->bytes;
  int64_t total = flyIntTupleGetValue(n) * e;
  p->count = total / p->chunk;
  if (total % p->chunk != 0)
    return planFail(b, op, "the tile's bytes are not a multiple of threads * bytes per lane");
  p->inverse = flyLayoutRightInverse(b->lctx, p->dst->type.layout);
  const FlyIntTuple *ni = p->inverse ? flyLayoutSize(b->lctx, p->inverse) : NULL;
  if (!ni || flyIntTupleGetValue(ni) != flyIntTupleGetValue(n))
    return planFail(b, op, "the destination layout must map its tile one-to-one onto "
                           "[0, size): LDS DMA writes every position");
  p->swizzle = p->dst->type.composed ? flyComposedLayoutGetSwizzle(p->dst->type.composed) : NULL;
  p->offset = p->dst->type.composed ? flyComposedLayoutGetOffset(p->dst->type.composed) : 0;
  if (p->dst->type.composed && !p->swizzle)
    return planFail(b, op, "a composed destination must have a swizzle as its inner function");
  if (!chunksContiguous(ts, p, flyIntTupleGetValue(n), p->bytes / e))
    return planFail(b, op, "each lane's DMA chunk must be consecutive elements of the source "
                           "tile (static source strides, chunks that do not cross rows or "
                           "swizzle blocks)");
  if (p->swizzle) {
    int bits, base, shift;
    flySwizzleGetParams(p->swizzle, &bits, &base, &shift);
    int64_t period = INT64_C(1) << (bits + base + (shift > 0 ? shift : -shift));
    if (p->offset % period != 0)
      return planFail(b, op, "the destination's offset must be a multiple of its swizzle's "
                             "period");
  }
  return true;
}

/* The logical element index whose data belongs at physical position q (an
 * element offset inside the tile): x = L^-1(S(q)), as L(x) = S(q) when the
 * swizzle is an involution and the offset is a multiple of its period. */
static Val logicalIndex(Builder *b, const DmaPlan *p, Val q) {
  Val y = p->swizzle ? lwSwizzle(b, p->swizzle, q) : q;
  Leaves shape, stride;
  int next = 0;
  shape.n = stride.n = 0;
  lwPushLeaves(b, flyLayoutGetShape(p->inverse), (MlirOperation){NULL}, &next, &shape);
  lwPushLeaves(b, flyLayoutGetStride(p->inverse), (MlirOperation){NULL}, &next, &stride);
  LayoutCursor lc = {&shape, &stride, 0, NULL};
  Lin acc = {0, lwKonst(0)};
  lwCrdInt(b, y, flyLayoutGetShape(p->inverse), &lc, &acc);
  return lwLinValue(b, &acc);
}

/* The source element index of logical index x (the source view of the tile). */
static bool sourceIndex(Builder *b, const DmaPlan *p, Val x, Val *out) {
  const FlyLayout *l = p->src->type.layout;
  Leaves shape, stride;
  if (p->src->type.composed || !lwLayoutLeaves(b, p->src->layoutv, l, &shape, &stride))
    return false;
  LayoutCursor lc = {&shape, &stride, 0, NULL};
  Lin acc = {0, p->src->origin};
  lwCrdInt(b, x, flyLayoutGetShape(l), &lc, &acc);
  *out = lwLinValue(b, &acc);
  return true;
}

static MlirType transferType(MlirContext ctx, int64_t bytes) {
  MlirType i32 = mlirIntegerTypeGet(ctx, 32);
  int64_t k = bytes / 4;
  return k == 1 ? i32 : mlirVectorTypeGet(1, &k, i32);
}

/* The sync path: a vector load from the source into VGPRs, then a vector
 * store of the lane's own chunk at its physical LDS position. */
static void emitLoadStore(Builder *b, const DmaPlan *p, Val srcIdx, Val dstIdx) {
  int64_t n = p->bytes / p->dst->type.elemBytes;
  MlirType vt = mlirVectorTypeGet(1, &n, p->dst->type.elem);
  MlirValue lops[2] = {p->src->mem, lwValueOf(b, srcIdx)};
  MlirValue v = lwEmit(b, "vector.load", 2, lops, vt);
  MlirValue sops[3] = {v, p->dst->mem, lwValueOf(b, dstIdx)};
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString("vector.store"),
                                                b->loc);
  mlirOperationStateAddOperands(&st, 3, sops);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(b->at), b->at, op);
}

static void emitGather(Builder *b, const DmaPlan *p, Val srcIdx, Val dstIdx) {
  MlirValue operands[4] = {p->src->mem, lwValueOf(b, srcIdx), p->dst->mem, lwValueOf(b, dstIdx)};
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString("amdgpu.gather_to_lds"), b->loc);
  mlirOperationStateAddOperands(&st, 4, operands);
  int32_t seg[4] = {1, 1, 1, 1};
  MlirNamedAttribute attrs[2] = {
      mlirNamedAttributeGet(
          mlirIdentifierGet(b->mctx, mlirStringRefCreateFromCString("operandSegmentSizes")),
          mlirDenseI32ArrayGet(b->mctx, 4, seg)),
      mlirNamedAttributeGet(
          mlirIdentifierGet(b->mctx, mlirStringRefCreateFromCString("transferType")),
          mlirTypeAttrGet(transferType(b->mctx, p->bytes))),
  };
  mlirOperationStateAddAttributes(&st, 2, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(b->at), b->at, op);
}

/* tid / 64 as a wave-uniform value: rocdl.readfirstlane of it, placed right
 * after tid's definition (outside the loops that copy). LLVM cannot see that
 * the wave index is uniform, so without this every DMA of a loop would set
 * M0 from a VGPR with its own v_readfirstlane, and LLVM does not hoist those
 * (they are convergent). Every lane of a wave has the same tid / 64, so the
 * value is unchanged. */
static Val waveIndex(Builder *b, MlirValue tidv) {
  MlirOperation saved = b->at;
  MlirOperation def = lwDefiningOp(tidv);
  MlirOperation after = mlirOperationIsNull(def)
                            ? mlirBlockGetFirstOperation(mlirBlockArgumentGetOwner(tidv))
                            : mlirOperationGetNextInBlock(def);
  if (!mlirOperationIsNull(after))
    b->at = after;
  Val wave = lwDivu(b, lwToIndex(b, tidv), lwKonst(64));
  if (!wave.isConst) {
    MlirType i32 = mlirIntegerTypeGet(b->mctx, 32);
    MlirValue w = lwFromIndex(b, wave, i32);
    w = lwEmit(b, "rocdl.readfirstlane", 1, &w, i32);
    wave = lwToIndex(b, w);
  }
  b->at = saved;
  return wave;
}

/* Instruction i moves chunk i: wave w's lanes fill bytes [64*bytes*w, ...)
 * of it lane-linearly, from an LDS base that is uniform across the wave. */
static bool lowerCopyToLds(TensorState *ts, MlirOperation op) {
  Builder *b = ts->b;
  setAt(b, op);
  DmaPlan p;
  if (!planDma(ts, op, &p))
    return false;
  int64_t e = p.dst->type.elemBytes;
  MlirValue tidv = mlirOperationGetOperand(op, 2);
  Val tid = lwToIndex(b, tidv);
  Val wave = waveIndex(b, tidv), lane = lwRemu(b, tid, lwKonst(64));
  Val waveElems = lwMul(b, wave, lwKonst(64 * p.bytes / e));
  Val laneElems = lwMul(b, lane, lwKonst(p.bytes / e));
  for (int64_t i = 0; i < p.count; ++i) {
    Val chunkBase = lwAdd(b, lwKonst(i * p.chunk / e), waveElems);
    Val x = logicalIndex(b, &p, lwAdd(b, chunkBase, laneElems));
    Val src;
    if (!sourceIndex(b, &p, x, &src))
      return planFail(b, op, "the source must be a layout built by fly.static or make_layout");
    Val base = lwAdd(b, p.dst->origin, lwKonst(p.offset));
    if (p.sync) /* each lane stores its own chunk */
      emitLoadStore(b, &p, src, lwAdd(b, base, lwAdd(b, chunkBase, laneElems)));
    else /* the DMA writes the wave's chunks lane-linearly from a uniform base */
      emitGather(b, &p, src, lwAdd(b, base, chunkBase));
  }
  return true;
}

static bool lowerAccessOp(TensorState *ts, MlirOperation op) {
  if (flyOpIs(op, "load"))
    return lowerLoad(ts, op);
  if (flyOpIs(op, "store"))
    return lowerStore(ts, op);
  if (flyOpIs(op, "mma_fragment"))
    return tnLowerFragment(ts, op);
  if (flyOpIs(op, "gemm"))
    return tnLowerGemm(ts, op);
  if (flyOpIs(op, "gemm_fragments"))
    return tnLowerGemmFragments(ts, op);
  if (flyOpIs(op, "gemm_store"))
    return tnLowerGemmStore(ts, op);
  if (flyOpIs(op, "gemm_scale"))
    return tnLowerGemmScale(ts, op);
  if (flyOpIs(op, "gemm_row_scales"))
    return tnLowerGemmRowScales(ts, op);
  return lowerCopyToLds(ts, op);
}

/* Every failure is reported at its op: a lowering that gives up without a
 * message of its own (a value it cannot trace) gets a generic one, so the
 * pass never succeeds with the op's result still in use. */
static void lowerAccess(TensorState *ts, MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    const TensorBase *t = tnBaseOf(ts, mlirOperationGetOperand(op, i));
    if (t && t->invalid) {
      ts->b->failed = true;
      return;
    }
  }
  bool before = ts->b->failed;
  ts->b->failed = false;
  bool ok = lowerAccessOp(ts, op);
  if (!ok && !ts->b->failed) {
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
    flyEmitOpError(op, "cannot lower '%.*s': its layouts and coordinates must be static or "
                       "built by make_int_tuple/make_layout/idx2crd", (int)n.length, n.data);
  }
  ts->b->failed = before || !ok || ts->b->failed;
}

bool lwLowerTensors(Builder *b, FlyChip chip, MlirOperation root) {
  FlyOpList makes = {0}, tiles = {0}, uses = {0};
  flyOpListCollect(&makes, root, "fly.make_tensor");
  flyOpListCollect(&tiles, root, "fly.local_tile");
  const char *const accessOps[] = {"fly.load",           "fly.store",      "fly.copy_to_lds",
                                   "fly.mma_fragment",   "fly.gemm",       "fly.gemm_store",
                                   "fly.gemm_scale",     "fly.gemm_fragments",
                                   "fly.gemm_row_scales"};
  for (size_t k = 0; k < sizeof accessOps / sizeof *accessOps; ++k)
    flyOpListCollect(&uses, root, accessOps[k]);
  TensorState ts = {0};
  ts.b = b;
  ts.chip = chip;
  ts.bases = flyCalloc(makes.len + tiles.len + 1, sizeof(TensorBase));
  bool ok = ts.bases && !makes.oom && !tiles.oom && !uses.oom;
  /* Keep going after an error so that every misuse is reported once. */
  for (size_t i = 0; ts.bases && i < makes.len; ++i, ++ts.n)
    ts.bases[ts.n].invalid = !lowerMakeTensor(&ts, makes.ops[i], &ts.bases[ts.n]);
  for (size_t i = 0; ts.bases && i < tiles.len; ++i, ++ts.n) /* pre-order: parents first */
    ts.bases[ts.n].invalid = !lowerLocalTile(&ts, tiles.ops[i], &ts.bases[ts.n]);
  for (size_t i = 0; ts.bases && i < uses.len; ++i)
    lowerAccess(&ts, uses.ops[i]);
  ok = ok && !b->failed;
  for (size_t i = 0; ok && i < uses.len; ++i)
    mlirOperationDestroy(uses.ops[i]);
  for (size_t i = tiles.len; ok && i-- > 0;)
    mlirOperationDestroy(tiles.ops[i]);
  for (size_t i = 0; ok && i < makes.len; ++i)
    mlirOperationDestroy(makes.ops[i]);
  flyFree(ts.bases);
  tnFragPlansDestroy(&ts);
  flyOpListDestroy(&makes);
  flyOpListDestroy(&tiles);
  flyOpListDestroy(&uses);
  return ok && !b->failed;
}
