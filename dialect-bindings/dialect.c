/*===- dialect.c - Loading and using the fly dialect from C ---------------===*/
#include "flyc/dialect.h"

#include <string.h>

#include "fly_irdl.h"
#include "mlir-c/Dialect/IRDL.h"
#include "mlir-c/RegisterEverything.h"

MlirLogicalResult flyDialectLoad(MlirContext ctx) {
  /* Once loaded, IRDL dialects are ordinary registered dialects. */
  if (!mlirDialectIsNull(mlirContextGetOrLoadDialect(ctx, mlirStringRefCreateFromCString("fly"))))
    return mlirLogicalResultSuccess();
  MlirModule defs = mlirModuleCreateParse(
      ctx, mlirStringRefCreate(flyIrdlText, flyIrdlTextLength));
  if (mlirModuleIsNull(defs))
    return mlirLogicalResultFailure();
  MlirLogicalResult r = mlirLoadIRDLDialects(defs);
  mlirModuleDestroy(defs);
  return r;
}

MlirContext flyContextCreate(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, /*threadingEnabled=*/false);
  mlirDialectRegistryDestroy(registry);
  mlirRegisterAllLLVMTranslations(ctx);
  if (mlirLogicalResultIsFailure(flyDialectLoad(ctx))) {
    mlirContextDestroy(ctx);
    return (MlirContext){NULL};
  }
  return ctx;
}

/*--- Types -------------------------------------------------------------------*/

static const char *const kindNames[] = {
    [FLY_TYPE_INT_TUPLE] = "int_tuple",
    [FLY_TYPE_LAYOUT] = "layout",
    [FLY_TYPE_SWIZZLE] = "swizzle",
    [FLY_TYPE_COMPOSED_LAYOUT] = "composed_layout",
    [FLY_TYPE_TILE] = "tile",
    [FLY_TYPE_TENSOR] = "tensor",
};
enum { NUM_KINDS = sizeof(kindNames) / sizeof(kindNames[0]) };

static void appendToBuf(MlirStringRef s, void *userData) {
  flyStrBufAppendN(userData, s.data, s.length);
}

/* IRDL types have no C accessors for their parameters, so the type's printed
 * form `!fly.NAME<"SPEC">` is the way in. */
static char *printType(MlirType type) {
  FlyStrBuf b = {0};
  mlirTypePrint(type, appendToBuf, &b);
  return flyStrBufTake(&b);
}

static FlyTypeKind kindOfPrinted(const char *text, const char **spec) {
  if (strncmp(text, "!fly.", 5) != 0)
    return FLY_TYPE_NONE;
  for (int k = 1; k < NUM_KINDS; ++k) {
    size_t n = strlen(kindNames[k]);
    if (!strncmp(text + 5, kindNames[k], n) && !strncmp(text + 5 + n, "<\"", 2)) {
      *spec = text + 5 + n + 2;
      return (FlyTypeKind)k;
    }
  }
  return FLY_TYPE_NONE;
}

FlyTypeKind flyTypeGetKind(MlirType type) {
  MlirDialect d = mlirTypeGetDialect(type);
  MlirStringRef ns = mlirDialectGetNamespace(d);
  if (ns.length != 3 || memcmp(ns.data, "fly", 3) != 0)
    return FLY_TYPE_NONE;
  char *text = printType(type);
  const char *spec = NULL;
  FlyTypeKind kind = text ? kindOfPrinted(text, &spec) : FLY_TYPE_NONE;
  flyFree(text);
  return kind;
}

static void appendEscaped(FlyStrBuf *b, MlirStringRef s) {
  for (size_t i = 0; i < s.length; ++i) {
    char c = s.data[i];
    if (c == '"' || c == '\\')
      flyStrBufAppendN(b, "\\", 1);
    flyStrBufAppendN(b, &c, 1);
  }
}

MlirType flyTypeGet(MlirContext ctx, FlyTypeKind kind, MlirStringRef spec) {
  if (kind <= FLY_TYPE_NONE || (int)kind >= NUM_KINDS)
    return (MlirType){NULL};
  FlyStrBuf b = {0};
  flyStrBufAppendF(&b, "!fly.%s<\"", kindNames[kind]);
  appendEscaped(&b, spec);
  flyStrBufAppend(&b, "\">");
  char *text = flyStrBufTake(&b);
  if (!text)
    return (MlirType){NULL};
  MlirType t = mlirTypeParseGet(ctx, mlirStringRefCreateFromCString(text));
  flyFree(text);
  return t;
}

static int hexValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Copies the printed string literal starting at `p` (just past the opening
 * quote) up to its closing quote, undoing the printer's escapes: MLIR prints
 * `"`, `\` and non-printable bytes as `\XX` in hex. */
static void appendUnescaped(FlyStrBuf *out, const char *p) {
  for (; *p && *p != '"'; ++p) {
    if (*p == '\\' && hexValue(p[1]) >= 0 && hexValue(p[2]) >= 0) {
      char c = (char)(hexValue(p[1]) * 16 + hexValue(p[2]));
      flyStrBufAppendN(out, &c, 1);
      p += 2;
      continue;
    }
    if (*p == '\\' && p[1])
      ++p;
    flyStrBufAppendN(out, p, 1);
  }
}

MlirLogicalResult flyTypeGetSpec(MlirType type, FlyStrBuf *out) {
  if (mlirTypeIsNull(type))
    return mlirLogicalResultFailure();
  char *text = printType(type);
  const char *spec = NULL;
  FlyTypeKind kind = text ? kindOfPrinted(text, &spec) : FLY_TYPE_NONE;
  if (kind != FLY_TYPE_NONE)
    appendUnescaped(out, spec);
  flyFree(text);
  return kind != FLY_TYPE_NONE ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

/*--- Ops ---------------------------------------------------------------------*/

bool flyOpIs(MlirOperation op, const char *name) {
  MlirStringRef full = mlirIdentifierStr(mlirOperationGetName(op));
  size_t n = strlen(name);
  return full.length == n + 4 && !memcmp(full.data, "fly.", 4) &&
         !memcmp(full.data + 4, name, n);
}

MlirOperation flyOpCreate(MlirLocation loc, const char *name, intptr_t numOperands,
                          const MlirValue *operands, intptr_t numResults,
                          const MlirType *results) {
  FlyStrBuf b = {0};
  flyStrBufAppendF(&b, "fly.%s", name);
  char *full = flyStrBufTake(&b);
  if (!full)
    return (MlirOperation){NULL};
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(full), loc);
  mlirOperationStateAddOperands(&st, numOperands, operands);
  mlirOperationStateAddResults(&st, numResults, results);
  MlirOperation op = mlirOperationCreate(&st);
  flyFree(full);
  return op;
}
