/*===- ResolveBlockDim.c - fly-resolve-block-dim ----------------------------===*
 *
 * LLVM 22 translates gpu.block_dim and gpu.grid_dim into calls to the ROCm
 * device library's __ockl_get_local_size and __ockl_get_num_groups (and
 * gpu.global_id into block_id * block_dim + thread_id over the former),
 * which no Debian package provides for gfx950/gfx942, so such a kernel
 * could not be linked. This pass answers the three queries itself:
 *
 *   - gpu.block_dim is the kernel's `known_block_size` when it declares one
 *     (a constant), and otherwise the dispatch's workgroup size, read from
 *     the hidden kernel argument hidden_group_size_x/y/z;
 *   - gpu.grid_dim is the dispatch's workgroup count, hidden_block_count_x/y/z;
 *   - gpu.global_id is block_id * block_dim + thread_id with that block_dim;
 *   - gpu.num_subgroups is ceil(block_dim.x * y * z / 64) and
 *     gpu.subgroup_id is the linear thread id (x + block_dim.x * (y +
 *     block_dim.y * z)) / 64: CDNA forms its 64-lane waves from consecutive
 *     linear thread ids (LLVM 22 lowers neither op to ROCDL).
 *
 * The hidden arguments follow the explicit ones at the address
 * llvm.amdgcn.implicitarg.ptr returns, in code object V5's order (LLVM
 * AMDGPUUsage, "Code Object V5 Metadata", hidden kernel arguments):
 * block_count_x/y/z as u32 at bytes 0, 4, 8 and group_size_x/y/z as u16 at
 * 12, 14, 16. LLVM lists them in the kernel's metadata once the pointer is
 * used, and a launcher fills them from the dispatch (flyc's emulator does).
 *===----------------------------------------------------------------------===*/
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes.h"

/* Byte offsets of the hidden arguments from the implicit-argument pointer. */
enum { HIDDEN_BLOCK_COUNT = 0, HIDDEN_GROUP_SIZE = 12 };

/* The dimension (0, 1, 2 for x, y, z) of a gpu index op, read from its
 * printed `dimension` attribute (`#gpu<dim x>`); -1 if unreadable. */
static int dimensionOf(MlirOperation op) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("dimension"));
  char *text = mlirAttributeIsNull(a) ? NULL : flyAttributeToString(a);
  int dim = -1;
  if (text) {
    size_t n = strlen(text);
    if (n >= 2 && text[n - 1] == '>' && text[n - 2] >= 'x' && text[n - 2] <= 'z')
      dim = text[n - 2] - 'x';
  }
  flyFree(text);
  return dim;
}

/* The kernel's declared size in dimension `dim`, or -1 when undeclared. */
static int64_t knownBlockSize(MlirOperation func, int dim) {
  MlirAttribute a =
      mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("known_block_size"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI32Array(a) ||
      mlirDenseArrayGetNumElements(a) <= dim)
    return -1;
  return mlirDenseI32ArrayGetElement(a, dim);
}

static MlirValue insert(MlirOperation before, MlirOperation op) {
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before, op);
  return mlirOperationGetResult(op, 0);
}

static MlirValue create(MlirOperation before, const char *name, intptr_t n, const MlirValue *ops,
                        MlirType type, intptr_t numAttrs, const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(name),
                                                mlirOperationGetLocation(before));
  mlirOperationStateAddOperands(&st, n, ops);
  mlirOperationStateAddResults(&st, 1, &type);
  if (numAttrs)
    mlirOperationStateAddAttributes(&st, numAttrs, attrs);
  return insert(before, mlirOperationCreate(&st));
}

static MlirNamedAttribute named(MlirContext ctx, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString(name)), a);
}

/* The unsigned `bits`-wide hidden argument at `offset`, as a value of
 * `type` (index or an integer), loaded before `before`. */
static MlirValue hiddenArgument(MlirOperation before, int64_t offset, unsigned bits,
                                MlirType type) {
  MlirContext ctx = mlirOperationGetContext(before);
  MlirType ptr = mlirTypeParseGet(ctx, mlirStringRefCreateFromCString("!llvm.ptr<4>"));
  MlirType i8 = mlirIntegerTypeGet(ctx, 8), word = mlirIntegerTypeGet(ctx, bits);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirNamedAttribute callee =
      named(ctx, "intrin", mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(
                                                      "llvm.amdgcn.implicitarg.ptr")));
  int32_t seg[2] = {0, 0};
  MlirNamedAttribute callAttrs[3] = {
      callee, named(ctx, "operandSegmentSizes", mlirDenseI32ArrayGet(ctx, 2, seg)),
      named(ctx, "op_bundle_sizes", mlirDenseI32ArrayGet(ctx, 0, NULL))};
  MlirValue base = create(before, "llvm.call_intrinsic", 0, NULL, ptr, 3, callAttrs);
  int32_t index[1] = {(int32_t)offset};
  MlirNamedAttribute gepAttrs[2] = {
      named(ctx, "rawConstantIndices", mlirDenseI32ArrayGet(ctx, 1, index)),
      named(ctx, "elem_type", mlirTypeAttrGet(i8)),
  };
  MlirValue at = create(before, "llvm.getelementptr", 1, &base, ptr, 2, gepAttrs);
  MlirNamedAttribute loadAttrs[2] = {
      named(ctx, "invariant", mlirUnitAttrGet(ctx)),
      named(ctx, "alignment", mlirIntegerAttrGet(i64, bits / 8)),
  };
  MlirValue raw = create(before, "llvm.load", 1, &at, word, 2, loadAttrs);
  MlirValue wide = create(before, "arith.extui", 1, &raw, i64, 0, NULL);
  return mlirTypeIsAIndex(type) ? create(before, "arith.index_cast", 1, &wide, type, 0, NULL)
                                : create(before, "arith.trunci", 1, &wide, type, 0, NULL);
}

/* The block size in `dim` of the kernel around `op`, of `type`. */
static MlirValue blockDim(MlirOperation op, int dim, MlirType type) {
  MlirOperation func = flyOpGetParentNamed(op, "gpu.func");
  int64_t size = mlirOperationIsNull(func) ? -1 : knownBlockSize(func, dim);
  if (size > 0)
    return insert(op, flyArithConstantCreate(mlirOperationGetLocation(op), type, size));
  return hiddenArgument(op, HIDDEN_GROUP_SIZE + 2 * dim, 16, type);
}

/* block_id * block_dim + thread_id in `dim`. */
static MlirValue globalId(MlirOperation op, int dim, MlirType type) {
  MlirAttribute d = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("dimension"));
  MlirNamedAttribute attr = named(mlirOperationGetContext(op), "dimension", d);
  MlirValue block = create(op, "gpu.block_id", 0, NULL, type, 1, &attr);
  MlirValue thread = create(op, "gpu.thread_id", 0, NULL, type, 1, &attr);
  MlirValue mul[2] = {block, blockDim(op, dim, type)};
  MlirValue first = create(op, "arith.muli", 2, mul, type, 0, NULL);
  MlirValue add[2] = {first, thread};
  return create(op, "arith.addi", 2, add, type, 0, NULL);
}

/* The product of `a` and `b` (or their sum), of `type`. */
static MlirValue arith(MlirOperation before, const char *name, MlirValue a, MlirValue b) {
  MlirValue ops[2] = {a, b};
  return create(before, name, 2, ops, mlirValueGetType(a), 0, NULL);
}

static MlirValue constant(MlirOperation before, MlirType type, int64_t v) {
  return insert(before, flyArithConstantCreate(mlirOperationGetLocation(before), type, v));
}

/* gpu.num_subgroups or gpu.subgroup_id of a wave64 kernel. Each value is
 * built in its own statement: the ops are inserted as they are created, so
 * the order of the IR must not depend on the order in which a compiler
 * evaluates function arguments. */
static MlirValue subgroupQuery(MlirOperation op, MlirType type) {
  MlirValue bx = blockDim(op, 0, type);
  MlirValue by = blockDim(op, 1, type);
  MlirValue wave = constant(op, type, 64);
  if (flyOpNameIs(op, "gpu.num_subgroups")) {
    MlirValue bz = blockDim(op, 2, type);
    MlirValue xy = arith(op, "arith.muli", bx, by);
    MlirValue threads = arith(op, "arith.muli", xy, bz);
    return create(op, "arith.ceildivui", 2, (MlirValue[]){threads, wave}, type, 0, NULL);
  }
  static const char *const dims[3] = {"#gpu<dim x>", "#gpu<dim y>", "#gpu<dim z>"};
  MlirContext ctx = mlirOperationGetContext(op);
  MlirValue t[3];
  for (int d = 0; d < 3; ++d) {
    MlirNamedAttribute attr =
        named(ctx, "dimension", mlirAttributeParseGet(ctx, mlirStringRefCreateFromCString(dims[d])));
    t[d] = create(op, "gpu.thread_id", 0, NULL, type, 1, &attr);
  }
  MlirValue yz = arith(op, "arith.muli", by, t[2]);
  MlirValue row = arith(op, "arith.addi", t[1], yz);
  MlirValue xr = arith(op, "arith.muli", bx, row);
  MlirValue linear = arith(op, "arith.addi", t[0], xr);
  return create(op, "arith.divui", 2, (MlirValue[]){linear, wave}, type, 0, NULL);
}

static MlirLogicalResult resolveOne(MlirOperation op) {
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirType type = mlirValueGetType(result);
  if (flyOpNameIs(op, "gpu.num_subgroups") || flyOpNameIs(op, "gpu.subgroup_id")) {
    mlirValueReplaceAllUsesOfWith(result, subgroupQuery(op, type));
    mlirOperationDestroy(op);
    return mlirLogicalResultSuccess();
  }
  int dim = dimensionOf(op);
  if (dim < 0 || (!mlirTypeIsAIndex(type) && !mlirTypeIsAInteger(type))) {
    flyEmitOpError(op, "expected a dimension x, y or z and an index result");
    return mlirLogicalResultFailure();
  }
  MlirValue v = flyOpNameIs(op, "gpu.block_dim")  ? blockDim(op, dim, type)
                : flyOpNameIs(op, "gpu.grid_dim") ? hiddenArgument(op, HIDDEN_BLOCK_COUNT + 4 * dim,
                                                                   32, type)
                                                  : globalId(op, dim, type);
  mlirValueReplaceAllUsesOfWith(result, v);
  mlirOperationDestroy(op);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult run(MlirOperation root, const FlyPassOptions *options) {
  (void)options;
  FlyOpList list = {0};
  flyOpListCollect(&list, root, "gpu.block_dim");
  flyOpListCollect(&list, root, "gpu.grid_dim");
  flyOpListCollect(&list, root, "gpu.global_id");
  flyOpListCollect(&list, root, "gpu.num_subgroups");
  flyOpListCollect(&list, root, "gpu.subgroup_id");
  MlirLogicalResult r = mlirLogicalResultSuccess();
  for (size_t i = 0; i < list.len; ++i) {
    if (mlirLogicalResultIsFailure(resolveOne(list.ops[i])))
      r = mlirLogicalResultFailure();
  }
  if (list.oom)
    r = mlirLogicalResultFailure();
  flyOpListDestroy(&list);
  return r;
}

const FlyPassInfo flyResolveBlockDimPass = {
    "fly-resolve-block-dim",
    "Answer gpu.block_dim (known_block_size, else the dispatch), gpu.grid_dim, "
    "gpu.global_id, gpu.num_subgroups and gpu.subgroup_id without the ROCm device library",
    run,
};
