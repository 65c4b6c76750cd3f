/*===- KernelAbi.c - fly-kernel-abi ------------------------------------------===*
 *
 * flyc passes memref kernel arguments as bare pointers (one 8-byte argument,
 * what a launcher expects), which MLIR's conversion only accepts for static
 * shapes; `memref<?xf32, 1>` used to fail with an unlocated upstream message.
 * This pass gives dynamic memrefs an ABI of scalars next to the pointer:
 *
 *   %a: memref<?x?xf32, strided<[?, 1], offset: ?>, 1>
 *     -> %a: memref<2147483647xf32, 1>          the buffer's base (a pointer)
 *        %a.size0, %a.size1: index               each dynamic extent, in order
 *        %a.stride0: index                       each dynamic stride of an
 *                                                explicit strided layout
 *        %a.offset: index                        a dynamic offset
 *
 * and rebuilds the memref in the body with memref.reinterpret_cast, so the
 * kernel's code is unchanged. An identity layout's strides follow from its
 * sizes and are computed, not passed. Static memrefs stay one pointer.
 *
 * Every kernel gets `fly.arg_names`, one name per ABI argument (`arg0`,
 * `arg0.size0`, `arg1`, ...), which the backend gives the LLVM arguments, so
 * the code object's metadata names them and a launcher (flyc-run) can tell
 * a size from a user's scalar. docs/pipeline.md, "Kernel ABI".
 *===----------------------------------------------------------------------===*/
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/AffineMap.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes.h"

enum { MAX_RANK = 16, MAX_ABI_ARGS = 1024 };

/* A dynamic entry of a static_* array (ShapedType::kDynamic). */
static const int64_t kDynamic = INT64_MIN;

/* How one memref argument is passed. */
typedef struct MemrefAbi {
  int rank;
  int64_t sizes[MAX_RANK], strides[MAX_RANK], offset;
  bool identity;   /* identity layout: strides follow from the sizes */
  int numScalars;  /* ABI scalars after the pointer */
} MemrefAbi;

/* False (with *unsupported set) for memrefs this ABI cannot pass. */
static bool describe(MlirType t, MemrefAbi *m, const char **unsupported) {
  *unsupported = NULL;
  if (!mlirTypeIsAMemRef(t)) {
    if (mlirTypeIsAUnrankedMemRef(t))
      *unsupported = "unranked memrefs cannot be kernel arguments (pass a ranked one)";
    return false;
  }
  m->rank = (int)mlirShapedTypeGetRank(t);
  if (m->rank > MAX_RANK) {
    *unsupported = "memref arguments have at most 16 dimensions";
    return false;
  }
  if (mlirLogicalResultIsFailure(mlirMemRefTypeGetStridesAndOffset(t, m->strides, &m->offset))) {
    *unsupported = "a memref argument needs a strided layout";
    return false;
  }
  m->identity = mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(t));
  m->numScalars = 0;
  bool dynamic = m->offset == kDynamic;
  for (int d = 0; d < m->rank; ++d) {
    m->sizes[d] = mlirShapedTypeGetDimSize(t, d);
    dynamic |= m->sizes[d] == kDynamic || m->strides[d] == kDynamic;
    m->numScalars += m->sizes[d] == kDynamic;
    m->numScalars += !m->identity && m->strides[d] == kDynamic;
  }
  m->numScalars += !m->identity && m->offset == kDynamic;
  return dynamic;
}

static MlirAttribute str(MlirContext ctx, const char *s) {
  return mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(s));
}

static MlirValue constantIndex(MlirOperation before, int64_t v) {
  MlirOperation c = flyArithConstantCreate(mlirOperationGetLocation(before),
                                           mlirIndexTypeGet(mlirOperationGetContext(before)), v);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before, c);
  return mlirOperationGetResult(c, 0);
}

/* The result of a new `name` op on `operands`, of type `index`, before `at`. */
static MlirValue indexOp(MlirOperation at, const char *name, int n, const MlirValue *operands) {
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString(name), mlirOperationGetLocation(at));
  MlirType index = mlirIndexTypeGet(mlirOperationGetContext(at));
  mlirOperationStateAddOperands(&st, n, operands);
  mlirOperationStateAddResults(&st, 1, &index);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(at), at, op);
  return mlirOperationGetResult(op, 0);
}

static MlirValue muli(MlirOperation before, MlirValue x, MlirValue y) {
  MlirValue ops[2] = {x, y};
  return indexOp(before, "arith.muli", 2, ops);
}

/* The memref of type t over `ptr`, from the ABI scalars `s` (sizes, then
 * strides, then the offset, as numbered by describe), before `at`. */
static MlirValue rebuild(MlirOperation at, MlirType t, const MemrefAbi *m, MlirValue ptr,
                         const MlirValue *s) {
  MlirContext ctx = mlirOperationGetContext(at);
  MlirValue ops[1 + 1 + 2 * MAX_RANK], sizeVals[MAX_RANK];
  int n = 0, k = 0, nOff = 0, nSizes = 0, nStrides = 0;
  int64_t strides[MAX_RANK];
  ops[n++] = ptr;
  for (int d = 0; d < m->rank; ++d)
    sizeVals[d] = m->sizes[d] == kDynamic ? s[k++] : (MlirValue){NULL};
  MlirValue strideVals[MAX_RANK];
  for (int d = 0; d < m->rank; ++d)
    strideVals[d] = !m->identity && m->strides[d] == kDynamic ? s[k++] : (MlirValue){NULL};
  MlirValue offVal = !m->identity && m->offset == kDynamic ? s[k++] : (MlirValue){NULL};
  /* An identity layout's dynamic stride d is the product of the sizes after d. */
  MlirValue inner = {NULL};
  int64_t innerStatic = 1;
  for (int d = m->rank - 1; d >= 0; --d) {
    strides[d] = m->strides[d];
    if (m->identity && m->strides[d] == kDynamic)
      strideVals[d] = mlirValueIsNull(inner) ? constantIndex(at, innerStatic)
                      : innerStatic == 1     ? inner
                                             : muli(at, inner, constantIndex(at, innerStatic));
    if (d == 0)
      break;
    if (m->sizes[d] == kDynamic)
      inner = mlirValueIsNull(inner) ? sizeVals[d] : muli(at, inner, sizeVals[d]);
    else
      innerStatic *= m->sizes[d];
  }
  if (!mlirValueIsNull(offVal))
    ops[n++] = offVal, nOff = 1;
  for (int d = 0; d < m->rank; ++d)
    if (!mlirValueIsNull(sizeVals[d]))
      ops[n++] = sizeVals[d], nSizes++;
  for (int d = 0; d < m->rank; ++d)
    if (strides[d] == kDynamic)
      ops[n++] = strideVals[d], nStrides++;
  int32_t seg[4] = {1, nOff, nSizes, nStrides};
  int64_t offsets[1] = {m->identity ? 0 : m->offset};
  MlirNamedAttribute attrs[4] = {
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("operandSegmentSizes")),
                            mlirDenseI32ArrayGet(ctx, 4, seg)),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("static_offsets")),
                            mlirDenseI64ArrayGet(ctx, 1, offsets)),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("static_sizes")),
                            mlirDenseI64ArrayGet(ctx, m->rank, m->sizes)),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("static_strides")),
                            mlirDenseI64ArrayGet(ctx, m->rank, strides)),
  };
  MlirOperationState st = mlirOperationStateGet(
      mlirStringRefCreateFromCString("memref.reinterpret_cast"), mlirOperationGetLocation(at));
  mlirOperationStateAddOperands(&st, n, ops);
  mlirOperationStateAddResults(&st, 1, &t);
  mlirOperationStateAddAttributes(&st, 4, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(at), at, op);
  return mlirOperationGetResult(op, 0);
}

/* The names of a dynamic memref's ABI scalars, in describe's order. */
static int scalarNames(int arg, const MemrefAbi *m, char names[][32]) {
  int k = 0;
  for (int d = 0; d < m->rank; ++d)
    if (m->sizes[d] == kDynamic)
      snprintf(names[k++], 32, "arg%d.size%d", arg, d);
  for (int d = 0; d < m->rank; ++d)
    if (!m->identity && m->strides[d] == kDynamic)
      snprintf(names[k++], 32, "arg%d.stride%d", arg, d);
  if (!m->identity && m->offset == kDynamic)
    snprintf(names[k++], 32, "arg%d.offset", arg);
  return k;
}

/* The kernel's ABI state while its arguments are rewritten. */
typedef struct Kernel {
  MlirOperation func;
  MlirBlock entry;
  MlirOperation first; /* the body's first op: rebuilt memrefs go before it */
  MlirAttribute names[MAX_ABI_ARGS];
  MlirType types[MAX_ABI_ARGS];
  MlirAttribute argAttrs[MAX_ABI_ARGS];
  int n;
} Kernel;

static bool push(Kernel *k, const char *name, MlirType type, MlirAttribute attrs) {
  if (k->n == MAX_ABI_ARGS)
    return false;
  MlirContext ctx = mlirOperationGetContext(k->func);
  k->names[k->n] = str(ctx, name);
  k->types[k->n] = type;
  k->argAttrs[k->n++] = mlirAttributeIsNull(attrs) ? mlirDictionaryAttrGet(ctx, 0, NULL) : attrs;
  return true;
}

/* `v` (an i64 ABI argument) as an index, before `at`. Device code computes
 * in 32-bit indices (docs/pipeline.md, "Kernel ABI"); the ABI keeps 8-byte
 * scalars, so a launcher's view does not depend on that choice. */
static MlirValue indexOf(MlirOperation at, MlirValue v) {
  return indexOp(at, "arith.index_cast", 1, &v);
}

/* Replaces the `index` scalar argument at `pos` by an i64 one. */
static void widenIndexArgument(Kernel *k, intptr_t pos) {
  MlirValue old = mlirBlockGetArgument(k->entry, pos);
  MlirType i64 = mlirIntegerTypeGet(mlirOperationGetContext(k->func), 64);
  MlirValue arg = mlirBlockInsertArgument(k->entry, pos + 1, i64,
                                          mlirOperationGetLocation(k->func));
  mlirValueReplaceAllUsesOfWith(old, indexOf(k->first, arg));
  mlirBlockEraseArgument(k->entry, (unsigned)pos);
}

/* Replaces argument `pos` (source argument `arg`, a dynamic memref) by its
 * pointer and scalars. */
static bool lowerArgument(Kernel *k, int arg, intptr_t *pos, const MemrefAbi *m,
                          MlirAttribute attrs) {
  MlirValue old = mlirBlockGetArgument(k->entry, *pos);
  MlirType t = mlirValueGetType(old);
  MlirLocation loc = mlirOperationGetLocation(k->func);
  int64_t big = INT32_MAX;
  MlirType ptrType = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(t), 1, &big,
                                                 mlirMemRefTypeGetMemorySpace(t));
  char names[1 + 3 * MAX_RANK][32], base[32];
  int ns = scalarNames(arg, m, names);
  snprintf(base, sizeof base, "arg%d", arg);
  MlirValue scalars[3 * MAX_RANK];
  MlirValue ptr = mlirBlockInsertArgument(k->entry, *pos + 1, ptrType, loc);
  bool ok = push(k, base, ptrType, attrs);
  MlirType i64 = mlirIntegerTypeGet(mlirOperationGetContext(k->func), 64);
  for (int i = 0; i < ns; ++i) {
    scalars[i] = indexOf(k->first, mlirBlockInsertArgument(k->entry, *pos + 2 + i, i64, loc));
    ok = ok && push(k, names[i], i64, (MlirAttribute){NULL});
  }
  mlirValueReplaceAllUsesOfWith(old, rebuild(k->first, t, m, ptr, scalars));
  mlirBlockEraseArgument(k->entry, (unsigned)*pos);
  *pos += 1 + ns;
  return ok;
}

static MlirAttribute argAttrsOf(MlirOperation func, int i) {
  MlirAttribute a = mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("arg_attrs"));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAArray(a) && i < mlirArrayAttrGetNumElements(a)
             ? mlirArrayAttrGetElement(a, i)
             : (MlirAttribute){NULL};
}

static void setAttr(MlirOperation op, const char *name, MlirAttribute a) {
  mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString(name), a);
}

/* Device code indexes in 32 bits: a static memref argument must not have
 * an element past INT32_MAX. */
static bool checkExtent(MlirOperation func, int i, MlirType t) {
  if (!mlirTypeIsAMemRef(t) || !mlirShapedTypeHasStaticShape(t))
    return true;
  int64_t strides[MAX_RANK], offset;
  int rank = (int)mlirShapedTypeGetRank(t);
  if (rank > MAX_RANK ||
      mlirLogicalResultIsFailure(mlirMemRefTypeGetStridesAndOffset(t, strides, &offset)))
    return true;
  /* The last element's offset, stopping as soon as it passes INT32_MAX so
   * that no product overflows. */
  uint64_t last = offset < 0 ? 0 : (uint64_t)offset;
  bool over = offset > INT32_MAX;
  for (int d = 0; d < rank && !over; ++d) {
    int64_t size = mlirShapedTypeGetDimSize(t, d);
    if (size == 0)
      return true;
    uint64_t stride = strides[d] < 0 ? 0 : (uint64_t)strides[d];
    uint64_t extent = (uint64_t)(size - 1);
    over = stride != 0 && extent > (uint64_t)INT32_MAX / stride;
    last += over ? 0 : extent * stride;
    over = over || last > INT32_MAX;
  }
  if (!over)
    return true;
  char *text = flyTypeToString(t);
  flyEmitOpError(func, "kernel argument #%d of type %s: an element lies past offset 2^31 - 1; "
                       "device code indexes in 32 bits (split the tensor or pass a base "
                       "pointer per part)",
                 i, text ? text : "?");
  flyFree(text);
  return false;
}

static bool lowerKernel(MlirOperation func) {
  MlirAttribute ft = mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("function_type"));
  MlirType fnType = mlirTypeAttrGetValue(ft);
  MlirRegion body = mlirOperationGetRegion(func, 0);
  Kernel *k = flyCalloc(1, sizeof *k);
  if (!k)
    return false;
  *k = (Kernel){.func = func, .entry = mlirRegionGetFirstBlock(body)};
  k->first = mlirBlockGetFirstOperation(k->entry);
  bool ok = !mlirBlockIsNull(k->entry) && !mlirOperationIsNull(k->first);
  intptr_t pos = 0, numInputs = mlirFunctionTypeGetNumInputs(fnType);
  for (int i = 0; ok && i < numInputs; ++i) {
    MlirType t = mlirFunctionTypeGetInput(fnType, i);
    MemrefAbi m;
    const char *unsupported;
    char name[32];
    snprintf(name, sizeof name, "arg%d", i);
    if (describe(t, &m, &unsupported)) {
      ok = lowerArgument(k, i, &pos, &m, argAttrsOf(func, i));
    } else if (unsupported) {
      char *text = flyTypeToString(t);
      flyEmitOpError(func, "kernel argument #%d of type %s: %s", i, text ? text : "?",
                     unsupported);
      flyFree(text);
      ok = false;
    } else if (!checkExtent(func, i, t)) {
      ok = false;
    } else if (mlirTypeIsAIndex(t)) {
      widenIndexArgument(k, pos);
      ok = push(k, name, mlirIntegerTypeGet(mlirOperationGetContext(func), 64),
                argAttrsOf(func, i));
      ++pos;
    } else {
      ok = push(k, name, t, argAttrsOf(func, i));
      ++pos;
    }
  }
  if (ok) {
    MlirContext ctx = mlirOperationGetContext(func);
    intptr_t numResults = mlirFunctionTypeGetNumResults(fnType);
    MlirType results[8];
    for (intptr_t r = 0; r < numResults && r < 8; ++r)
      results[r] = mlirFunctionTypeGetResult(fnType, r);
    setAttr(func, "function_type",
            mlirTypeAttrGet(mlirFunctionTypeGet(ctx, k->n, k->types, numResults < 8 ? numResults : 8,
                                                results)));
    if (!mlirAttributeIsNull(mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("arg_attrs"))))
      setAttr(func, "arg_attrs", mlirArrayAttrGet(ctx, k->n, k->argAttrs));
    setAttr(func, "fly.arg_names", mlirArrayAttrGet(ctx, k->n, k->names));
  }
  flyFree(k);
  return ok;
}

/* A device function (not a kernel) gets one pointer per memref too, with no
 * way to pass its sizes: a dynamic memref there is a located error instead
 * of the conversion's failure with a dump of the function. */
static bool checkDeviceFunction(MlirOperation func) {
  MlirAttribute ft =
      mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("function_type"));
  if (mlirAttributeIsNull(ft) || !mlirAttributeIsAType(ft) ||
      flyOpGetParentNamed(func, "gpu.module").ptr == NULL)
    return true;
  MlirType fnType = mlirTypeAttrGetValue(ft);
  bool ok = true;
  for (intptr_t i = 0; i < mlirFunctionTypeGetNumInputs(fnType); ++i) {
    MlirType t = mlirFunctionTypeGetInput(fnType, i);
    MemrefAbi m;
    const char *unsupported;
    if (!describe(t, &m, &unsupported) && !unsupported)
      continue;
    char *text = flyTypeToString(t);
    flyEmitOpError(func, "argument #%d of type %s: only kernel arguments may be dynamic memrefs "
                         "(a device function takes one pointer per memref); pass the memref "
                         "with a static shape, or its sizes as arguments",
                   (int)i, text ? text : "?");
    flyFree(text);
    ok = false;
  }
  return ok;
}

static MlirLogicalResult run(MlirOperation root, const FlyPassOptions *options) {
  (void)options;
  FlyOpList funcs = {0};
  flyOpListCollect(&funcs, root, "gpu.func");
  flyOpListCollect(&funcs, root, "func.func");
  bool ok = !funcs.oom;
  for (size_t i = 0; i < funcs.len; ++i) {
    MlirAttribute kernel =
        mlirOperationGetAttributeByName(funcs.ops[i], mlirStringRefCreateFromCString("gpu.kernel"));
    if (!mlirAttributeIsNull(kernel) ? !lowerKernel(funcs.ops[i])
                                     : !checkDeviceFunction(funcs.ops[i]))
      ok = false;
  }
  flyOpListDestroy(&funcs);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

const FlyPassInfo flyKernelAbiPass = {
    "fly-kernel-abi",
    "Pass dynamic memref kernel arguments as a pointer and their sizes; name every kernel "
    "argument (fly.arg_names)",
    run,
};
