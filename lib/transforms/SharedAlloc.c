/*===- SharedAlloc.c - fly-shared-alloc -----------------------------------===*
 *
 * Lays out each kernel's shared-memory struct (fly.shared_alloc, notation in
 * smem.h), checks the kernel's total against the chip's LDS (64 KiB on
 * gfx942, 160 KiB on gfx950) and allocates it as one workgroup-space
 * memref.global, so the code object's group segment size is exactly the
 * struct's size. Each fly.shared_field becomes a memref.view of its member
 * at the member's byte offset; the view's declared type must hold exactly
 * the member's elements.
 *===----------------------------------------------------------------------===*/
#include <stdio.h>
#include <string.h>

#include "flyc/chip.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "passes.h"
#include "smem.h"

typedef struct AllocState {
  FlyChip chip;
  int counter;
  bool failed;
} AllocState;

static MlirOperation createOp(MlirOperationState *st) { return mlirOperationCreate(st); }

/* memref.global "private" @name : memref<SIZExi8, workgroup> {alignment} */
static MlirOperation createGlobal(MlirContext ctx, MlirLocation loc, const char *name,
                                  const FlySmemNode *member) {
  char text[160];
  snprintf(text, sizeof text, "memref<%lldxi8, #gpu.address_space<workgroup>>",
           (long long)member->size);
  MlirType t = mlirTypeParseGet(ctx, mlirStringRefCreateFromCString(text));
  return flyWorkgroupGlobalCreate(loc, name, t, member->align < 16 ? 16 : member->align);
}

static MlirValue getGlobal(MlirOperation before, const char *name, MlirType type) {
  MlirContext ctx = mlirOperationGetContext(before);
  MlirLocation loc = mlirOperationGetLocation(before);
  MlirNamedAttribute attr = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("name")),
      mlirFlatSymbolRefAttrGet(ctx, mlirStringRefCreateFromCString(name)));
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString("memref.get_global"), loc);
  mlirOperationStateAddAttributes(&st, 1, &attr);
  mlirOperationStateAddResults(&st, 1, &type);
  MlirOperation op = createOp(&st);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(before), before, op);
  return mlirOperationGetResult(op, 0);
}

/* One fly.shared_alloc of the kernel being processed: a global (and its
 * memref.get_global value) per top-level member. */
typedef struct Alloc {
  MlirOperation op;
  FlySmemNode *root;
  MlirValue *bases;       /* root->numMembers */
} Alloc;

/* The top-level member that contains the member at byte `offset` of the
 * root, and the offset inside it. */
static int topMemberOf(const FlySmemNode *root, int64_t offset, int64_t *inner) {
  for (int i = root->numMembers - 1; i >= 0; --i)
    if (root->members[i].offset <= offset) {
      *inner = offset - root->members[i].offset;
      return i;
    }
  *inner = offset;
  return 0;
}

static bool viewTypeFits(MlirType t, const FlySmemNode *m) {
  if (!mlirTypeIsAMemRef(t) || !mlirShapedTypeHasStaticShape(t) || m->kind != FLY_SMEM_ARRAY)
    return false;
  int64_t n = 1;
  for (intptr_t i = 0; i < mlirShapedTypeGetRank(t); ++i)
    n *= mlirShapedTypeGetDimSize(t, i);
  char *elem = flyTypeToString(mlirShapedTypeGetElementType(t));
  char *space = flyAttributeToString(mlirMemRefTypeGetMemorySpace(t));
  bool ok = n == m->count && elem && !strcmp(elem, m->elem) && space &&
            !strcmp(space, "#gpu.address_space<workgroup>");
  flyFree(elem);
  flyFree(space);
  return ok;
}

/* fly.shared_field -> memref.view of the member at its offset. */
static void lowerField(AllocState *st, MlirOperation field, const Alloc *a) {
  char *path = flyOpGetStringAttr(field, "field");
  int64_t offset = 0;
  const FlySmemNode *m = path ? flySmemFind(a->root, path, &offset) : NULL;
  MlirValue res = mlirOperationGetResult(field, 0);
  MlirType t = mlirValueGetType(res);
  if (!m || m == a->root || !viewTypeFits(t, m)) {
    if (!path || !*path)
      flyEmitOpError(field, "needs a non-empty string attribute 'field' naming a member");
    else if (!m || m == a->root)
      flyEmitOpError(field, "shared struct has no member '%s'", path);
    else if (m->kind != FLY_SMEM_ARRAY)
      flyEmitOpError(field, "member '%s' is a %s: view one of its arrays", path,
                     m->kind == FLY_SMEM_STRUCT ? "struct" : "union");
    else
      flyEmitOpError(field, "member '%s' is %s[%lld]: view it as a static workgroup memref of "
                            "%lld %s elements",
                     path, m->elem, (long long)m->count, (long long)m->count, m->elem);
    st->failed = true;
    flyFree(path);
    return;
  }
  MlirLocation loc = mlirOperationGetLocation(field);
  MlirBlock block = mlirOperationGetBlock(field);
  int64_t inner;
  int top = topMemberOf(a->root, offset, &inner);
  MlirOperation cst = flyArithConstantCreate(loc, mlirIndexTypeGet(mlirLocationGetContext(loc)),
                                             inner);
  mlirBlockInsertOwnedOperationBefore(block, field, cst);
  MlirValue operands[2] = {a->bases[top], mlirOperationGetResult(cst, 0)};
  MlirOperationState vs = mlirOperationStateGet(mlirStringRefCreateFromCString("memref.view"), loc);
  mlirOperationStateAddOperands(&vs, 2, operands);
  mlirOperationStateAddResults(&vs, 1, &t);
  MlirOperation view = createOp(&vs);
  mlirBlockInsertOwnedOperationBefore(block, field, view);
  mlirValueReplaceAllUsesOfWith(res, mlirOperationGetResult(view, 0));
  mlirOperationDestroy(field);
  flyFree(path);
}

/* Parses, lays out and allocates one fly.shared_alloc. */
static bool allocate(AllocState *st, MlirOperation func, Alloc *a) {
  char *fields = flyOpGetStringAttr(a->op, "fields");
  FlyStrBuf err = {0};
  a->root = fields ? flySmemParse(fields, &err) : NULL;
  if (!a->root)
    flyEmitOpError(a->op, "%s", fields ? (err.data ? err.data : "out of memory")
                                       : "needs a string attribute 'fields' (the members)");
  flyFree(fields);
  flyStrBufDestroy(&err);
  if (!a->root)
    return false;
  MlirContext ctx = mlirOperationGetContext(func);
  MlirStringRef fname = mlirStringAttrGetValue(
      mlirOperationGetAttributeByName(func, mlirStringRefCreateFromCString("sym_name")));
  a->bases = flyCalloc(a->root->numMembers ? (size_t)a->root->numMembers : 1, sizeof(MlirValue));
  if (!a->bases) {
    flyEmitOpError(a->op, "out of memory");
    return false;
  }
  int alloc = st->counter++;
  for (int i = 0; i < a->root->numMembers; ++i) {
    const FlySmemNode *m = &a->root->members[i];
    FlyStrBuf name = {0}; /* unique: the kernel's name, the alloc's number, the member */
    flyStrBufAppendF(&name, "__fly_lds_%.*s_%d_%s", (int)fname.length, fname.data, alloc,
                     m->name);
    if (name.oom) {
      flyStrBufDestroy(&name);
      flyEmitOpError(a->op, "out of memory");
      return false;
    }
    MlirOperation g = createGlobal(ctx, mlirOperationGetLocation(a->op), name.data, m);
    mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(func), func, g);
    MlirType gt = mlirTypeAttrGetValue(
        mlirOperationGetAttributeByName(g, mlirStringRefCreateFromCString("type")));
    a->bases[i] = getGlobal(a->op, name.data, gt);
    flyStrBufDestroy(&name);
  }
  return true;
}

/* The kernel's LDS total must fit the chip. */
static bool checkCapacity(AllocState *st, const Alloc *allocs, size_t n) {
  int64_t total = 0;
  for (size_t i = 0; i < n; ++i)
    total += allocs[i].root->size;
  const FlyChipInfo *chip = flyChipGetInfo(st->chip);
  if (total <= chip->ldsBytes)
    return true;
  for (size_t i = 0; i < n; ++i) {
    char *name = flyOpGetStringAttr(allocs[i].op, "name");
    FlyStrBuf members = {0};
    flySmemDescribe(allocs[i].root, &members);
    flyEmitOpError(allocs[i].op,
                   "shared struct '%s' needs %lld bytes of LDS (kernel total %lld) but %s has "
                   "%u: %s",
                   name ? name : "(unnamed)", (long long)allocs[i].root->size, (long long)total,
                   chip->name, chip->ldsBytes, members.data ? members.data : "");
    flyFree(name);
    flyStrBufDestroy(&members);
  }
  return false;
}

static const Alloc *findAlloc(const Alloc *allocs, size_t n, MlirValue v) {
  for (size_t i = 0; i < n; ++i)
    if (mlirValueIsAOpResult(v) && mlirOperationEqual(mlirOpResultGetOwner(v), allocs[i].op))
      return &allocs[i];
  return NULL;
}

static void processFunc(AllocState *st, MlirOperation func) {
  FlyOpList ops = {0}, fields = {0};
  flyOpListCollect(&ops, func, "fly.shared_alloc");
  flyOpListCollect(&fields, func, "fly.shared_field");
  Alloc *allocs = flyCalloc(ops.len ? ops.len : 1, sizeof(Alloc));
  bool ok = allocs && !ops.oom && !fields.oom;
  for (size_t i = 0; ok && i < ops.len; ++i) {
    allocs[i].op = ops.ops[i];
    ok = allocate(st, func, &allocs[i]);
  }
  ok = ok && checkCapacity(st, allocs, ops.len);
  for (size_t i = 0; ok && i < fields.len; ++i) {
    const Alloc *a = findAlloc(allocs, ops.len, mlirOperationGetOperand(fields.ops[i], 0));
    if (a)
      lowerField(st, fields.ops[i], a);
  }
  for (size_t i = 0; allocs && i < ops.len; ++i) {
    flySmemDestroy(allocs[i].root);
    flyFree(allocs[i].bases);
  }
  st->failed |= !ok;
  flyFree(allocs);
  flyOpListDestroy(&ops);
  flyOpListDestroy(&fields);
}

static MlirLogicalResult run(MlirOperation root, const FlyPassOptions *options) {
  AllocState st = {options->chip < 0 ? FLY_CHIP_GFX950 : (FlyChip)options->chip, 0, false};
  FlyOpList funcs = {0};
  flyOpListCollect(&funcs, root, "gpu.func");
  for (size_t i = 0; i < funcs.len; ++i)
    processFunc(&st, funcs.ops[i]);
  flyOpListDestroy(&funcs);
  if (st.failed)
    return mlirLogicalResultFailure();
  flyEraseDeadOps(root, "fly.shared_alloc", NULL);
  return mlirLogicalResultSuccess();
}

const FlyPassInfo flySharedAllocPass = {
    "fly-shared-alloc",
    "Lay out shared-memory structs, check them against the chip's LDS, allocate them",
    run,
};
