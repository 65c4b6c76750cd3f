/*===- ResolveBlockDim.c - fly-resolve-block-dim ----------------------------===*
 *
 * LLVM 22 translates gpu.block_dim into a call to the ROCm device library's
 * __ockl_get_local_size, which no Debian package provides for gfx950/gfx942,
 * so such a kernel could not be linked. flyc kernels declare their block size
 * (`known_block_size` on the gpu.func), which makes every gpu.block_dim a
 * constant; this pass substitutes it. Without a known size the kernel is
 * rejected here with a located error instead of failing at link time.
 *===----------------------------------------------------------------------===*/
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes.h"

/* The dimension (0, 1, 2 for x, y, z) of a gpu.block_dim, read from its
 * printed `dimension` attribute (`#gpu<dim x>`); -1 if unreadable. */
static int blockDimIndex(MlirOperation op) {
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

static MlirLogicalResult resolveOne(MlirOperation op) {
  MlirOperation func = flyOpGetParentNamed(op, "gpu.func");
  int dim = blockDimIndex(op);
  int64_t size = mlirOperationIsNull(func) || dim < 0 ? -1 : knownBlockSize(func, dim);
  if (size <= 0) {
    flyEmitOpError(op, "gpu.block_dim needs the kernel's block size: declare it with "
                       "`known_block_size = array<i32: X, Y, Z>` on the gpu.func (flyc "
                       "links no ROCm device library to query it at run time)");
    return mlirLogicalResultFailure();
  }
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirOperation cst = flyArithConstantCreate(mlirOperationGetLocation(op),
                                             mlirValueGetType(result), size);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(op), op, cst);
  mlirValueReplaceAllUsesOfWith(result, mlirOperationGetResult(cst, 0));
  mlirOperationDestroy(op);
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult run(MlirOperation root, const FlyPassOptions *options) {
  (void)options;
  FlyOpList list = {0};
  flyOpListCollect(&list, root, "gpu.block_dim");
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
    "Replace gpu.block_dim with the kernel's known_block_size",
    run,
};
