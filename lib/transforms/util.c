/*===- util.c - Helpers shared by flyc's passes -----------------------------===*/
#include "passes.h"

#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

bool flyOpNameIs(MlirOperation op, const char *name) {
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  return s.length == strlen(name) && memcmp(s.data, name, s.length) == 0;
}

static void opListPush(FlyOpList *list, MlirOperation op) {
  if (list->oom)
    return;
  if (list->len == list->cap) {
    size_t cap = list->cap ? list->cap * 2 : 16;
    MlirOperation *p = flyRealloc(list->ops, cap * sizeof(*p));
    if (!p) {
      list->oom = 1;
      return;
    }
    list->ops = p;
    list->cap = cap;
  }
  list->ops[list->len++] = op;
}

typedef struct CollectState {
  FlyOpList *list;
  MlirOperation root;
  const char *name;
  bool prefix;
} CollectState;

static bool nameMatches(MlirOperation op, const char *name, bool prefix) {
  if (!prefix)
    return flyOpNameIs(op, name);
  MlirStringRef s = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = strlen(name);
  return s.length >= n && memcmp(s.data, name, n) == 0;
}

static MlirWalkResult collectOne(MlirOperation op, void *userData) {
  CollectState *st = userData;
  if (!mlirOperationEqual(op, st->root) && nameMatches(op, st->name, st->prefix))
    opListPush(st->list, op);
  return MlirWalkResultAdvance;
}

void flyOpListCollect(FlyOpList *list, MlirOperation root, const char *opName) {
  CollectState st = {list, root, opName, false};
  mlirOperationWalk(root, collectOne, &st, MlirWalkPreOrder);
}

void flyOpListCollectPrefix(FlyOpList *list, MlirOperation root, const char *prefix) {
  CollectState st = {list, root, prefix, true};
  mlirOperationWalk(root, collectOne, &st, MlirWalkPreOrder);
}

static bool hasUses(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      return true;
  }
  return false;
}

void flyEraseDeadOps(MlirOperation root, const char *prefix, bool (*erasable)(MlirOperation)) {
  for (bool changed = true; changed;) {
    changed = false;
    FlyOpList list = {0};
    flyOpListCollectPrefix(&list, root, prefix);
    /* Users come after their operands in pre-order: erase from the back. */
    for (size_t i = list.len; i-- > 0;) {
      MlirOperation op = list.ops[i];
      if (mlirOperationGetNumRegions(op) == 0 && !hasUses(op) && (!erasable || erasable(op))) {
        mlirOperationDestroy(op);
        changed = true;
      }
    }
    flyOpListDestroy(&list);
  }
}

void flyOpListDestroy(FlyOpList *list) {
  flyFree(list->ops);
  *list = (FlyOpList){0};
}

MlirOperation flyOpGetParentNamed(MlirOperation op, const char *name) {
  for (MlirOperation p = mlirOperationGetParentOperation(op); !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p)) {
    if (flyOpNameIs(p, name))
      return p;
  }
  return (MlirOperation){NULL};
}

void flyEmitOpError(MlirOperation op, const char *fmt, ...) {
  FlyStrBuf b = {0};
  va_list ap;
  va_start(ap, fmt);
  flyStrBufAppendV(&b, fmt, ap);
  va_end(ap);
  char *msg = flyStrBufTake(&b);
  mlirEmitError(mlirOperationGetLocation(op), msg ? msg : "out of memory");
  flyFree(msg);
}

static void appendPrinted(MlirStringRef s, void *userData) {
  flyStrBufAppendN(userData, s.data, s.length);
}

char *flyAttributeToString(MlirAttribute attr) {
  FlyStrBuf b = {0};
  mlirAttributePrint(attr, appendPrinted, &b);
  return flyStrBufTake(&b);
}

char *flyTypeToString(MlirType type) {
  FlyStrBuf b = {0};
  mlirTypePrint(type, appendPrinted, &b);
  return flyStrBufTake(&b);
}

MlirOperation flyArithConstantCreate(MlirLocation loc, MlirType type, int64_t value) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString("arith.constant"), loc);
  MlirNamedAttribute attr = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("value")),
      mlirIntegerAttrGet(type, value));
  mlirOperationStateAddAttributes(&st, 1, &attr);
  mlirOperationStateAddResults(&st, 1, &type);
  return mlirOperationCreate(&st);
}

char *flyOpGetStringAttr(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return NULL;
  MlirStringRef s = mlirStringAttrGetValue(a);
  char *copy = flyAlloc(s.length + 1);
  if (!copy)
    return NULL;
  if (s.length) /* an empty attribute's data may be a null pointer */
    memcpy(copy, s.data, s.length);
  copy[s.length] = '\0';
  return copy;
}

MlirOperation flyWorkgroupGlobalCreate(MlirLocation loc, const char *name, MlirType type,
                                       int64_t alignment) {
  MlirContext ctx = mlirLocationGetContext(loc);
  MlirNamedAttribute attrs[4] = {
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("sym_name")),
                            mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(name))),
      mlirNamedAttributeGet(
          mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("sym_visibility")),
          mlirStringAttrGet(ctx, mlirStringRefCreateFromCString("private"))),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("type")),
                            mlirTypeAttrGet(type)),
      mlirNamedAttributeGet(mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("alignment")),
                            mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), alignment)),
  };
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString("memref.global"), loc);
  mlirOperationStateAddAttributes(&st, 4, attrs);
  return mlirOperationCreate(&st);
}
