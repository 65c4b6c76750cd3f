/*===- builder.c - An insertion-point builder for fly programs -------------===*/
#include "flyc/builder.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

FlyBuilder flyBuilderAtEnd(MlirBlock block, MlirLocation loc) {
  FlyBuilder b = {mlirLocationGetContext(loc), loc, block, false};
  return b;
}

bool flyBuilderFailed(const FlyBuilder *b) { return b->failed; }

static void fail(FlyBuilder *b, const char *what, const char *text) {
  char msg[512];
  snprintf(msg, sizeof msg, "builder: %s '%s'", what, text);
  mlirEmitError(b->loc, msg);
  b->failed = true;
}

MlirType flyBuilderType(FlyBuilder *b, const char *text) {
  if (b->failed)
    return (MlirType){NULL};
  MlirType t = mlirTypeParseGet(b->ctx, mlirStringRefCreateFromCString(text));
  if (mlirTypeIsNull(t))
    fail(b, "cannot parse the type", text);
  return t;
}

MlirAttribute flyBuilderAttr(FlyBuilder *b, const char *text) {
  if (b->failed)
    return (MlirAttribute){NULL};
  MlirAttribute a = mlirAttributeParseGet(b->ctx, mlirStringRefCreateFromCString(text));
  if (mlirAttributeIsNull(a))
    fail(b, "cannot parse the attribute", text);
  return a;
}

MlirType flyBuilderFlyType(FlyBuilder *b, FlyTypeKind kind, const char *spec) {
  if (b->failed)
    return (MlirType){NULL};
  MlirType t = flyTypeGet(b->ctx, kind, mlirStringRefCreateFromCString(spec));
  if (mlirTypeIsNull(t))
    fail(b, "cannot make a fly type of", spec);
  return t;
}

/* Every operand and result must be real: one null handle fails the op. */
static bool allPresent(FlyBuilder *b, const char *name, intptr_t nOps, const MlirValue *ops,
                       intptr_t nRes, const MlirType *res) {
  for (intptr_t i = 0; i < nOps; ++i)
    if (mlirValueIsNull(ops[i]))
      return fail(b, "null operand for", name), false;
  for (intptr_t i = 0; i < nRes; ++i)
    if (mlirTypeIsNull(res[i]))
      return fail(b, "null result type for", name), false;
  return true;
}

/* The attribute dictionary `attrDict` parsed (a null attribute for none);
 * false when it is not a dictionary. Checked before any state is built, so
 * a failure leaves nothing half-made. */
static bool parseAttrs(FlyBuilder *b, const char *attrDict, MlirAttribute *out) {
  *out = (MlirAttribute){NULL};
  if (!attrDict)
    return true;
  *out = flyBuilderAttr(b, attrDict);
  if (b->failed)
    return false;
  if (!mlirAttributeIsADictionary(*out))
    return fail(b, "not a dictionary attribute:", attrDict), false;
  return true;
}

static void addAttrs(MlirOperationState *st, MlirAttribute d) {
  for (intptr_t i = 0; !mlirAttributeIsNull(d) && i < mlirDictionaryAttrGetNumElements(d); ++i) {
    MlirNamedAttribute na = mlirDictionaryAttrGetElement(d, i);
    mlirOperationStateAddAttributes(st, 1, &na);
  }
}

/* A context registers its dialects lazily; creating an op (unlike parsing
 * one) needs its dialect loaded first. */
static bool loadDialectOf(FlyBuilder *b, const char *name) {
  const char *dot = strchr(name, '.');
  MlirStringRef ns = mlirStringRefCreate(name, dot ? (size_t)(dot - name) : 0);
  if (dot && !mlirDialectIsNull(mlirContextGetOrLoadDialect(b->ctx, ns)))
    return true;
  fail(b, "no registered dialect for the op", name);
  return false;
}

MlirOperation flyBuildOp(FlyBuilder *b, const char *name, intptr_t numOperands,
                         const MlirValue *operands, intptr_t numResults,
                         const MlirType *results, const char *attrDict, intptr_t regions) {
  MlirAttribute attrs;
  if (b->failed || !allPresent(b, name, numOperands, operands, numResults, results) ||
      !loadDialectOf(b, name) || !parseAttrs(b, attrDict, &attrs))
    return (MlirOperation){NULL};
  if (regions > 4)
    return fail(b, "too many regions for", name), (MlirOperation){NULL};
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(name), b->loc);
  mlirOperationStateAddOperands(&st, numOperands, operands);
  mlirOperationStateAddResults(&st, numResults, results);
  addAttrs(&st, attrs);
  MlirRegion owned[4];
  for (intptr_t i = 0; i < regions; ++i)
    owned[i] = mlirRegionCreate();
  mlirOperationStateAddOwnedRegions(&st, regions, owned);
  MlirOperation op = mlirOperationCreate(&st);
  if (mlirOperationIsNull(op))
    return fail(b, "cannot create", name), op;
  mlirBlockAppendOwnedOperation(b->block, op);
  return op;
}

MlirValue flyBuildValue(FlyBuilder *b, const char *name, intptr_t numOperands,
                        const MlirValue *operands, MlirType result, const char *attrDict) {
  MlirOperation op = flyBuildOp(b, name, numOperands, operands, 1, &result, attrDict, 0);
  return mlirOperationIsNull(op) ? (MlirValue){NULL} : mlirOperationGetResult(op, 0);
}

MlirValue flyBuildConstantIndex(FlyBuilder *b, int64_t v) {
  char attrs[64];
  snprintf(attrs, sizeof attrs, "{value = %" PRId64 " : index}", v);
  return flyBuildValue(b, "arith.constant", 0, NULL, mlirIndexTypeGet(b->ctx), attrs);
}

MlirValue flyBuildStatic(FlyBuilder *b, FlyTypeKind kind, const char *spec) {
  return flyBuildValue(b, "fly.static", 0, NULL, flyBuilderFlyType(b, kind, spec), NULL);
}

MlirValue flyBuildArith(FlyBuilder *b, const char *op, MlirValue lhs, MlirValue rhs) {
  char name[64];
  snprintf(name, sizeof name, "arith.%s", op);
  MlirValue ops[2] = {lhs, rhs};
  MlirType t = mlirValueIsNull(lhs) ? (MlirType){NULL} : mlirValueGetType(lhs);
  return flyBuildValue(b, name, 2, ops, t, NULL);
}
