/*===- frontend.c - The typed C front-end (flyc/frontend.h) ----------------===*
 *
 * A FlyProgram keeps a stack of blocks that ops are appended to (the
 * kernel body, then the bodies of open loops and ifs), the C call site
 * FLY(p) recorded last, and the first error. Types are computed here from
 * the operands (arith, vector, math, memref) or with lib/layout (fly ops:
 * notations parsed and printed canonically, tiles checked against their
 * parents, algebra results from flyInferResultType).
 *===----------------------------------------------------------------------===*/
#include "flyc/frontend.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "flyc/chip.h"
#include "flyc/dialect.h"
#include "flyc/layout.h"
#include "flyc/transforms.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

enum { MAX_DEPTH = 32, MAX_OPERANDS = 16 };

typedef enum Scope { SCOPE_KERNEL, SCOPE_FOR, SCOPE_IF } Scope;

struct FlyProgram {
  MlirContext ctx;
  MlirModule module;
  MlirBlock gpuBody;        /* the body of gpu.module @kernels */
  MlirBlock blocks[MAX_DEPTH];
  MlirOperation owners[MAX_DEPTH]; /* the op whose region blocks[i] is */
  Scope scopes[MAX_DEPTH];
  int depth;
  const char *file;
  int line;
  bool failed;
  char error[640];
};

static const MlirValue NONE = {NULL};

/*--- Program, sites, errors -----------------------------------------------------*/

static void fail(FlyProgram *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(FlyProgram *p, const char *fmt, ...) {
  if (p->failed)
    return;
  p->failed = true;
  int n = snprintf(p->error, sizeof p->error, "%s:%d: error: ", p->file ? p->file : "<program>",
                   p->line);
  va_list ap;
  va_start(ap, fmt);
  if (n > 0 && (size_t)n < sizeof p->error)
    vsnprintf(p->error + n, sizeof p->error - (size_t)n, fmt, ap);
  va_end(ap);
}

static MlirIdentifier ident(FlyProgram *p, const char *s) {
  return mlirIdentifierGet(p->ctx, mlirStringRefCreateFromCString(s));
}

static MlirNamedAttribute named(FlyProgram *p, const char *name, MlirAttribute a) {
  return mlirNamedAttributeGet(ident(p, name), a);
}

static MlirAttribute strAttr(FlyProgram *p, const char *s) {
  return mlirStringAttrGet(p->ctx, mlirStringRefCreateFromCString(s));
}

FlyProgram *flyProgramCreate(void) {
  FlyProgram *p = flyCalloc(1, sizeof *p);
  if (!p)
    return NULL;
  p->ctx = flyContextCreate();
  if (mlirContextIsNull(p->ctx)) {
    flyFree(p);
    return NULL;
  }
  static const char *const dialects[] = {"gpu",    "arith", "scf",  "memref",
                                         "vector", "math",  "llvm", "rocdl"};
  for (size_t i = 0; i < sizeof dialects / sizeof *dialects; ++i)
    mlirContextGetOrLoadDialect(p->ctx, mlirStringRefCreateFromCString(dialects[i]));
  MlirLocation loc = mlirLocationUnknownGet(p->ctx);
  p->module = mlirModuleCreateEmpty(loc);
  MlirOperation m = mlirModuleGetOperation(p->module);
  mlirOperationSetAttributeByName(m, mlirStringRefCreateFromCString("gpu.container_module"),
                                  mlirUnitAttrGet(p->ctx));
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString("gpu.module"), loc);
  MlirNamedAttribute sym = named(p, "sym_name", strAttr(p, "kernels"));
  mlirOperationStateAddAttributes(&st, 1, &sym);
  MlirRegion r = mlirRegionCreate();
  p->gpuBody = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(r, p->gpuBody);
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(p->module), mlirOperationCreate(&st));
  return p;
}

void flyProgramDestroy(FlyProgram *p) {
  if (!p)
    return;
  mlirModuleDestroy(p->module);
  mlirContextDestroy(p->ctx);
  flyFree(p);
}

FlyProgram *flyProgramAt(FlyProgram *p, const char *file, int line) {
  if (p) {
    p->file = file;
    p->line = line;
  }
  return p;
}

bool flyProgramFailed(const FlyProgram *p) { return !p || p->failed; }
const char *flyProgramGetError(const FlyProgram *p) { return p ? p->error : "no program"; }
MlirModule flyProgramGetModule(const FlyProgram *p) { return p->module; }
MlirContext flyProgramGetContext(const FlyProgram *p) { return p->ctx; }

static void appendPrinted(MlirStringRef s, void *userData) {
  flyStrBufAppendN(userData, s.data, s.length);
}

bool flyProgramPrint(FlyProgram *p, FlyStrBuf *out) {
  if (flyProgramFailed(p))
    return false;
  if (p->depth) {
    fail(p, "kernel still open: flyKernelEnd before printing");
    return false;
  }
  MlirOpPrintingFlags flags = mlirOpPrintingFlagsCreate();
  mlirOpPrintingFlagsEnableDebugInfo(flags, true, false); /* C lines as locations */
  mlirOperationPrintWithFlags(mlirModuleGetOperation(p->module), flags, appendPrinted, out);
  mlirOpPrintingFlagsDestroy(flags);
  flyStrBufAppend(out, "\n");
  return !out->oom;
}

void flyProgramSetChip(FlyProgram *p, const char *chip) {
  FlyChip known;
  if (!p || p->failed)
    return;
  if (!chip || !flyChipParse(chip, &known)) {
    fail(p, "flyProgramSetChip: unknown chip '%s' (gfx950, gfx942)", chip ? chip : "");
    return;
  }
  char text[64];
  snprintf(text, sizeof text, "[#rocdl.target<chip = \"%s\">]", flyChipGetInfo(known)->name);
  MlirAttribute t = mlirAttributeParseGet(p->ctx, mlirStringRefCreateFromCString(text));
  MlirOperation gm = mlirBlockGetParentOperation(p->gpuBody);
  mlirOperationSetAttributeByName(gm, mlirStringRefCreateFromCString("targets"), t);
}

/*--- Building ops -------------------------------------------------------------*/

static MlirLocation here(FlyProgram *p) {
  MlirStringRef file = mlirStringRefCreateFromCString(p->file ? p->file : "<program>");
  return mlirLocationFileLineColGet(p->ctx, file, (unsigned)p->line, 0);
}

/* Whether a builder may run: no failure yet, a kernel open, operands real. */
static bool ready(FlyProgram *p, const char *what, int n, const MlirValue *vals) {
  if (!p || p->failed)
    return false;
  if (!p->depth) {
    fail(p, "%s outside a kernel (flyKernelBegin first)", what);
    return false;
  }
  for (int i = 0; i < n; ++i)
    if (mlirValueIsNull(vals[i])) {
      fail(p, "%s: operand %d is a null value", what, i);
      return false;
    }
  return true;
}

static MlirOperation build(FlyProgram *p, const char *name, intptr_t n, const MlirValue *ops,
                           intptr_t numResults, const MlirType *results, intptr_t numAttrs,
                           const MlirNamedAttribute *attrs) {
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(name), here(p));
  mlirOperationStateAddOperands(&st, n, ops);
  mlirOperationStateAddResults(&st, numResults, results);
  mlirOperationStateAddAttributes(&st, numAttrs, attrs);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockAppendOwnedOperation(p->blocks[p->depth - 1], op);
  return op;
}

static MlirValue build1(FlyProgram *p, const char *name, intptr_t n, const MlirValue *ops,
                        MlirType result, intptr_t numAttrs, const MlirNamedAttribute *attrs) {
  return mlirOperationGetResult(build(p, name, n, ops, 1, &result, numAttrs, attrs), 0);
}

/* The parser's first error, kept for the call site's message instead of
 * going to the context's default handler (library code prints nothing). */
typedef struct Quiet {
  char message[160];
} Quiet;

static void appendQuiet(MlirStringRef s, void *user) {
  Quiet *q = user;
  size_t have = strlen(q->message), room = sizeof q->message - 1 - have;
  size_t n = s.length < room ? s.length : room;
  memcpy(q->message + have, s.data, n);
  q->message[have + n] = '\0';
}

static MlirLogicalResult quietly(MlirDiagnostic d, void *user) {
  Quiet *q = user;
  if (!q->message[0])
    mlirDiagnosticPrint(d, appendQuiet, q);
  return mlirLogicalResultSuccess();
}

static MlirType parseType(FlyProgram *p, const char *text) {
  Quiet q = {""};
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(p->ctx, quietly, &q, NULL);
  MlirType t = mlirTypeParseGet(p->ctx, mlirStringRefCreateFromCString(text));
  mlirContextDetachDiagnosticHandler(p->ctx, id);
  if (mlirTypeIsNull(t))
    fail(p, "cannot parse the type '%s': %s", text, q.message);
  return t;
}

static MlirAttribute parseAttribute(FlyProgram *p, const char *text, Quiet *q) {
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(p->ctx, quietly, q, NULL);
  MlirAttribute a = mlirAttributeParseGet(p->ctx, mlirStringRefCreateFromCString(text));
  mlirContextDetachDiagnosticHandler(p->ctx, id);
  return a;
}

static char *typeText(MlirType t) {
  FlyStrBuf b = {0};
  mlirTypePrint(t, appendPrinted, &b);
  return flyStrBufTake(&b);
}

static MlirType elementOf(MlirType t) {
  return mlirTypeIsAVector(t) ? mlirShapedTypeGetElementType(t) : t;
}

static MlirType withElement(MlirType t, MlirType el) {
  if (!mlirTypeIsAVector(t))
    return el;
  int64_t n = mlirShapedTypeGetDimSize(t, 0);
  return mlirVectorTypeGet(1, &n, el);
}

/*--- Kernels and control flow ---------------------------------------------------*/

static void push(FlyProgram *p, MlirBlock b, MlirOperation owner, Scope s) {
  if (p->depth == MAX_DEPTH) {
    fail(p, "more than %d nested scopes", MAX_DEPTH);
    return;
  }
  p->blocks[p->depth] = b;
  p->owners[p->depth] = owner;
  p->scopes[p->depth++] = s;
}

void flyKernelBegin(FlyProgram *p, const char *name, int threads, int numParams,
                    const char *const *paramTypes, MlirValue *args) {
  if (!p || p->failed)
    return;
  if (p->depth) {
    fail(p, "flyKernelBegin: kernel '%s' inside another kernel", name);
    return;
  }
  if (numParams < 0 || numParams > MAX_OPERANDS || threads < 0 || threads > 1024) {
    fail(p, "flyKernelBegin: %d parameters and %d threads (at most %d and 1024)", numParams,
         threads, MAX_OPERANDS);
    return;
  }
  MlirType types[MAX_OPERANDS];
  MlirLocation locs[MAX_OPERANDS];
  for (int i = 0; i < numParams; ++i) {
    types[i] = parseType(p, paramTypes[i]);
    locs[i] = here(p);
    if (p->failed)
      return;
  }
  MlirAttribute fnType = mlirTypeAttrGet(mlirFunctionTypeGet(p->ctx, numParams, types, 0, NULL));
  MlirNamedAttribute attrs[4] = {named(p, "sym_name", strAttr(p, name)),
                                 named(p, "function_type", fnType),
                                 named(p, "gpu.kernel", mlirUnitAttrGet(p->ctx))};
  int32_t block[3] = {threads, 1, 1};
  int nAttrs = 3;
  if (threads)
    attrs[nAttrs++] = named(p, "known_block_size", mlirDenseI32ArrayGet(p->ctx, 3, block));
  MlirRegion r = mlirRegionCreate();
  MlirBlock body = mlirBlockCreate(numParams, types, locs);
  mlirRegionAppendOwnedBlock(r, body);
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString("gpu.func"), here(p));
  mlirOperationStateAddAttributes(&st, nAttrs, attrs);
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  MlirOperation f = mlirOperationCreate(&st);
  mlirBlockAppendOwnedOperation(p->gpuBody, f);
  for (int i = 0; i < numParams; ++i)
    args[i] = mlirBlockGetArgument(body, i);
  push(p, body, f, SCOPE_KERNEL);
}

static bool closing(FlyProgram *p, Scope s, const char *what) {
  if (!p || p->failed)
    return false;
  if (!p->depth || p->scopes[p->depth - 1] != s) {
    fail(p, "%s without its opening call", what);
    return false;
  }
  return true;
}

void flyKernelEnd(FlyProgram *p) {
  if (!closing(p, SCOPE_KERNEL, "flyKernelEnd"))
    return;
  build(p, "gpu.return", 0, NULL, 0, NULL, 0, NULL);
  p->depth--;
}

void flyKernelSetAttribute(FlyProgram *p, const char *name, const char *value) {
  if (!ready(p, "flyKernelSetAttribute", 0, NULL))
    return;
  Quiet q = {""};
  MlirAttribute a = value ? parseAttribute(p, value, &q) : mlirAttributeGetNull();
  if (!name || !*name || mlirAttributeIsNull(a)) {
    fail(p, "flyKernelSetAttribute: '%s' is not an attribute value for '%s'%s%s",
         value ? value : "", name ? name : "", q.message[0] ? ": " : "", q.message);
    return;
  }
  mlirOperationSetAttributeByName(p->owners[0], mlirStringRefCreateFromCString(name), a);
}

MlirValue flyForBegin(FlyProgram *p, MlirValue lb, MlirValue ub, MlirValue step, int numInits,
                      const MlirValue *inits, MlirValue *iterArgs) {
  MlirValue bounds[3] = {lb, ub, step};
  if (!ready(p, "flyForBegin", 3, bounds) || !ready(p, "flyForBegin", numInits, inits))
    return NONE;
  if (numInits < 0 || numInits + 3 > MAX_OPERANDS) {
    fail(p, "flyForBegin: %d loop-carried values (at most %d)", numInits, MAX_OPERANDS - 3);
    return NONE;
  }
  MlirType index = mlirIndexTypeGet(p->ctx), types[MAX_OPERANDS];
  MlirLocation locs[MAX_OPERANDS];
  MlirValue ops[MAX_OPERANDS] = {lb, ub, step};
  types[0] = index;
  locs[0] = here(p);
  for (int i = 0; i < 3; ++i)
    if (!mlirTypeIsAIndex(mlirValueGetType(bounds[i]))) {
      fail(p, "flyForBegin: the bounds and the step must be index values");
      return NONE;
    }
  for (int i = 0; i < numInits; ++i) {
    ops[3 + i] = inits[i];
    types[1 + i] = mlirValueGetType(inits[i]);
    locs[1 + i] = here(p);
  }
  MlirRegion r = mlirRegionCreate();
  MlirBlock body = mlirBlockCreate(1 + numInits, types, locs);
  mlirRegionAppendOwnedBlock(r, body);
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString("scf.for"), here(p));
  mlirOperationStateAddOperands(&st, 3 + numInits, ops);
  mlirOperationStateAddResults(&st, numInits, types + 1);
  mlirOperationStateAddOwnedRegions(&st, 1, &r);
  MlirOperation loop = mlirOperationCreate(&st);
  mlirBlockAppendOwnedOperation(p->blocks[p->depth - 1], loop);
  for (int i = 0; i < numInits; ++i)
    iterArgs[i] = mlirBlockGetArgument(body, 1 + i);
  push(p, body, loop, SCOPE_FOR);
  return mlirBlockGetArgument(body, 0);
}

void flyForEnd(FlyProgram *p, int numYields, const MlirValue *yields, MlirValue *results) {
  if (!closing(p, SCOPE_FOR, "flyForEnd") || !ready(p, "flyForEnd", numYields, yields))
    return;
  MlirOperation loop = p->owners[p->depth - 1];
  if (numYields != mlirOperationGetNumResults(loop)) {
    fail(p, "flyForEnd: %d values yielded for %d loop-carried ones", numYields,
         (int)mlirOperationGetNumResults(loop));
    return;
  }
  for (int i = 0; i < numYields; ++i)
    if (!mlirTypeEqual(mlirValueGetType(yields[i]),
                       mlirValueGetType(mlirOperationGetResult(loop, i)))) {
      fail(p, "flyForEnd: value %d yielded has another type than its init", i);
      return;
    }
  build(p, "scf.yield", numYields, yields, 0, NULL, 0, NULL);
  p->depth--;
  for (int i = 0; i < numYields; ++i)
    results[i] = mlirOperationGetResult(loop, i);
}

void flyIfBegin(FlyProgram *p, MlirValue cond) {
  if (!ready(p, "flyIfBegin", 1, &cond))
    return;
  MlirType c = mlirValueGetType(cond);
  if (!mlirTypeIsAInteger(c) || mlirIntegerTypeGetWidth(c) != 1) {
    fail(p, "flyIfBegin: the condition must be an i1 (a flyCmp result)");
    return;
  }
  MlirRegion regions[2] = {mlirRegionCreate(), mlirRegionCreate()};
  MlirBlock thenBlock = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(regions[0], thenBlock);
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString("scf.if"), here(p));
  mlirOperationStateAddOperands(&st, 1, &cond);
  mlirOperationStateAddOwnedRegions(&st, 2, regions);
  MlirOperation op = mlirOperationCreate(&st);
  mlirBlockAppendOwnedOperation(p->blocks[p->depth - 1], op);
  push(p, thenBlock, op, SCOPE_IF);
}

void flyElse(FlyProgram *p) {
  if (!closing(p, SCOPE_IF, "flyElse"))
    return;
  MlirOperation op = p->owners[p->depth - 1];
  MlirRegion elseRegion = mlirOperationGetRegion(op, 1);
  if (!mlirBlockIsNull(mlirRegionGetFirstBlock(elseRegion))) {
    fail(p, "flyElse: this if already has an else branch");
    return;
  }
  build(p, "scf.yield", 0, NULL, 0, NULL, 0, NULL);
  MlirBlock b = mlirBlockCreate(0, NULL, NULL);
  mlirRegionAppendOwnedBlock(elseRegion, b);
  p->blocks[p->depth - 1] = b;
}

void flyIfEnd(FlyProgram *p) {
  if (!closing(p, SCOPE_IF, "flyIfEnd"))
    return;
  build(p, "scf.yield", 0, NULL, 0, NULL, 0, NULL);
  p->depth--;
}

/*--- Values and arithmetic ---------------------------------------------------------*/

static MlirValue constantOf(FlyProgram *p, MlirType t, double f, int64_t i) {
  MlirType el = elementOf(t);
  MlirAttribute a = mlirTypeIsAFloat(el) ? mlirFloatAttrDoubleGet(p->ctx, el, f)
                                         : mlirIntegerAttrGet(el, i);
  if (mlirTypeIsAVector(t))
    a = mlirDenseElementsAttrSplatGet(t, a);
  MlirNamedAttribute v = named(p, "value", a);
  return build1(p, "arith.constant", 0, NULL, t, 1, &v);
}

MlirValue flyIndex(FlyProgram *p, int64_t v) {
  return ready(p, "flyIndex", 0, NULL) ? constantOf(p, mlirIndexTypeGet(p->ctx), 0, v) : NONE;
}

MlirValue flyI32(FlyProgram *p, int32_t v) {
  return ready(p, "flyI32", 0, NULL) ? constantOf(p, mlirIntegerTypeGet(p->ctx, 32), 0, v)
                                     : NONE;
}

MlirValue flyF32(FlyProgram *p, float v) {
  return ready(p, "flyF32", 0, NULL) ? constantOf(p, mlirF32TypeGet(p->ctx), v, 0) : NONE;
}

static MlirValue gpuId(FlyProgram *p, const char *op, int dim) {
  if (!ready(p, op, 0, NULL))
    return NONE;
  if (dim < 0 || dim > 2) {
    fail(p, "%s: dimension %d (0, 1 or 2)", op, dim);
    return NONE;
  }
  static const char *const dims[3] = {"#gpu<dim x>", "#gpu<dim y>", "#gpu<dim z>"};
  MlirNamedAttribute d = named(
      p, "dimension", mlirAttributeParseGet(p->ctx, mlirStringRefCreateFromCString(dims[dim])));
  return build1(p, op, 0, NULL, mlirIndexTypeGet(p->ctx), 1, &d);
}

MlirValue flyThreadId(FlyProgram *p, int dim) { return gpuId(p, "gpu.thread_id", dim); }
MlirValue flyBlockId(FlyProgram *p, int dim) { return gpuId(p, "gpu.block_id", dim); }
MlirValue flyGridDim(FlyProgram *p, int dim) { return gpuId(p, "gpu.grid_dim", dim); }

void flyBarrier(FlyProgram *p) {
  if (ready(p, "flyBarrier", 0, NULL))
    build(p, "gpu.barrier", 0, NULL, 0, NULL, 0, NULL);
}

MlirValue flyBroadcast(FlyProgram *p, MlirValue x, int n) {
  if (!ready(p, "flyBroadcast", 1, &x))
    return NONE;
  MlirType t = mlirValueGetType(x);
  if (mlirTypeIsAVector(t) || n < 1 || n > 1024) {
    fail(p, "flyBroadcast: a scalar to 1..1024 lanes");
    return NONE;
  }
  int64_t shape = n;
  return build1(p, "vector.broadcast", 1, &x, mlirVectorTypeGet(1, &shape, t), 0, NULL);
}

MlirValue flyVector(FlyProgram *p, int n, const MlirValue *elems) {
  if (!ready(p, "flyVector", n, elems))
    return NONE;
  if (n < 1 || n > 4096) {
    fail(p, "flyVector: %d elements (1 to 4096)", n);
    return NONE;
  }
  MlirType t = mlirValueGetType(elems[0]);
  for (int i = 1; i < n; ++i)
    if (!mlirTypeEqual(mlirValueGetType(elems[i]), t) || mlirTypeIsAVector(t)) {
      fail(p, "flyVector: the elements must be scalars of one type");
      return NONE;
    }
  int64_t shape = n;
  return build1(p, "vector.from_elements", n, elems, mlirVectorTypeGet(1, &shape, t), 0, NULL);
}

static unsigned widthOf(MlirType el) {
  if (mlirTypeIsAFloat(el))
    return mlirFloatTypeGetWidth(el);
  return mlirTypeIsAIndex(el) ? 64 : mlirIntegerTypeGetWidth(el);
}

static bool isVector(FlyProgram *p, const char *what, MlirValue v) {
  MlirType t = mlirValueGetType(v);
  if (mlirTypeIsAVector(t) && mlirShapedTypeGetRank(t) == 1)
    return true;
  fail(p, "%s: of a value that is not a 1-D vector", what);
  return false;
}

MlirValue flyExtract(FlyProgram *p, MlirValue v, int64_t pos) {
  if (!ready(p, "flyExtract", 1, &v) || !isVector(p, "flyExtract", v))
    return NONE;
  int64_t n = mlirShapedTypeGetDimSize(mlirValueGetType(v), 0);
  if (pos < 0 || pos >= n) {
    fail(p, "flyExtract: element %lld of %lld", (long long)pos, (long long)n);
    return NONE;
  }
  MlirNamedAttribute at = named(p, "static_position", mlirDenseI64ArrayGet(p->ctx, 1, &pos));
  return build1(p, "vector.extract", 1, &v, elementOf(mlirValueGetType(v)), 1, &at);
}

MlirValue flyShuffle(FlyProgram *p, MlirValue x, MlirValue y, int n, const int64_t *mask) {
  MlirValue v[2] = {x, y};
  if (!ready(p, "flyShuffle", 2, v) || !isVector(p, "flyShuffle", x) ||
      !isVector(p, "flyShuffle", y))
    return NONE;
  MlirType tx = mlirValueGetType(x), ty = mlirValueGetType(y), el = elementOf(tx);
  int64_t have = mlirShapedTypeGetDimSize(tx, 0) + mlirShapedTypeGetDimSize(ty, 0);
  if (!mlirTypeEqual(el, elementOf(ty)) || n < 1 || n > 4096 || !mask) {
    fail(p, "flyShuffle: two vectors of one element type into 1 to 4096 elements");
    return NONE;
  }
  for (int i = 0; i < n; ++i)
    if (mask[i] < 0 || mask[i] >= have) {
      fail(p, "flyShuffle: mask element %d is %lld, past the %lld elements", i,
           (long long)mask[i], (long long)have);
      return NONE;
    }
  int64_t len = n;
  MlirNamedAttribute m = named(p, "mask", mlirDenseI64ArrayGet(p->ctx, n, mask));
  return build1(p, "vector.shuffle", 2, v, mlirVectorTypeGet(1, &len, el), 1, &m);
}

MlirValue flyBitcast(FlyProgram *p, MlirValue x, const char *elem) {
  if (!ready(p, "flyBitcast", 1, &x) || !isVector(p, "flyBitcast", x))
    return NONE;
  MlirType to = parseType(p, elem ? elem : "");
  if (p->failed)
    return NONE;
  MlirType t = mlirValueGetType(x);
  unsigned from = widthOf(elementOf(t)), width = widthOf(to);
  int64_t bits = mlirShapedTypeGetDimSize(t, 0) * from;
  if (!width || !from || bits % width) {
    fail(p, "flyBitcast: %lld bits are not a whole number of %s", (long long)bits, elem);
    return NONE;
  }
  int64_t n = bits / width;
  return build1(p, "vector.bitcast", 1, &x, mlirVectorTypeGet(1, &n, to), 0, NULL);
}

MlirValue flyReadFirstLane(FlyProgram *p, MlirValue x) {
  if (!ready(p, "flyReadFirstLane", 1, &x))
    return NONE;
  MlirType t = mlirValueGetType(x);
  if (mlirTypeIsAVector(t) || widthOf(t) != 32) {
    fail(p, "flyReadFirstLane: of a 32-bit scalar (cast an index to i32 first)");
    return NONE;
  }
  return build1(p, "fly.readfirstlane", 1, &x, t, 0, NULL);
}

/* Brings a and b to one type (a scalar against a vector of its type is
 * broadcast); false after an error. */
static bool unify(FlyProgram *p, const char *what, MlirValue *a, MlirValue *b) {
  MlirType ta = mlirValueGetType(*a), tb = mlirValueGetType(*b);
  if (mlirTypeEqual(ta, tb))
    return true;
  bool va = mlirTypeIsAVector(ta), vb = mlirTypeIsAVector(tb);
  if (va != vb && mlirTypeEqual(elementOf(ta), elementOf(tb))) {
    MlirValue *s = va ? b : a;
    MlirType vt = va ? ta : tb;
    *s = flyBroadcast(p, *s, (int)mlirShapedTypeGetDimSize(vt, 0));
    return !p->failed;
  }
  char *x = typeText(ta), *y = typeText(tb);
  fail(p, "%s: operands of types %s and %s", what, x ? x : "?", y ? y : "?");
  flyFree(x);
  flyFree(y);
  return false;
}

typedef enum Num { NUM_FLOAT, NUM_INDEX, NUM_INT } Num;

static Num numOf(MlirType t) {
  MlirType el = elementOf(t);
  return mlirTypeIsAFloat(el) ? NUM_FLOAT : mlirTypeIsAIndex(el) ? NUM_INDEX : NUM_INT;
}

/* ops[float, index, int] */
static MlirValue arith(FlyProgram *p, const char *what, const char *const ops[3], MlirValue a,
                       MlirValue b) {
  MlirValue v[2] = {a, b};
  if (!ready(p, what, 2, v) || !unify(p, what, &v[0], &v[1]))
    return NONE;
  MlirType t = mlirValueGetType(v[0]);
  MlirType el = elementOf(t);
  if (!mlirTypeIsAFloat(el) && !mlirTypeIsAIndex(el) && !mlirTypeIsAInteger(el)) {
    fail(p, "%s: not a number type", what);
    return NONE;
  }
  if (!ops[numOf(t)]) {
    fail(p, "%s: of floats", what);
    return NONE;
  }
  return build1(p, ops[numOf(t)], 2, v, t, 0, NULL);
}

MlirValue flyAdd(FlyProgram *p, MlirValue a, MlirValue b) {
  static const char *const ops[3] = {"arith.addf", "arith.addi", "arith.addi"};
  return arith(p, "flyAdd", ops, a, b);
}
MlirValue flySub(FlyProgram *p, MlirValue a, MlirValue b) {
  static const char *const ops[3] = {"arith.subf", "arith.subi", "arith.subi"};
  return arith(p, "flySub", ops, a, b);
}
MlirValue flyMul(FlyProgram *p, MlirValue a, MlirValue b) {
  static const char *const ops[3] = {"arith.mulf", "arith.muli", "arith.muli"};
  return arith(p, "flyMul", ops, a, b);
}
MlirValue flyDiv(FlyProgram *p, MlirValue a, MlirValue b) {
  static const char *const ops[3] = {"arith.divf", "arith.divui", "arith.divsi"};
  return arith(p, "flyDiv", ops, a, b);
}
MlirValue flyRem(FlyProgram *p, MlirValue a, MlirValue b) {
  static const char *const ops[3] = {"arith.remf", "arith.remui", "arith.remsi"};
  return arith(p, "flyRem", ops, a, b);
}
MlirValue flyDivU(FlyProgram *p, MlirValue a, MlirValue b) {
  static const char *const ops[3] = {NULL, "arith.divui", "arith.divui"};
  return arith(p, "flyDivU", ops, a, b);
}
MlirValue flyRemU(FlyProgram *p, MlirValue a, MlirValue b) {
  static const char *const ops[3] = {NULL, "arith.remui", "arith.remui"};
  return arith(p, "flyRemU", ops, a, b);
}
MlirValue flyMin(FlyProgram *p, MlirValue a, MlirValue b) {
  static const char *const ops[3] = {"arith.minnumf", "arith.minui", "arith.minsi"};
  return arith(p, "flyMin", ops, a, b);
}
MlirValue flyMax(FlyProgram *p, MlirValue a, MlirValue b) {
  static const char *const ops[3] = {"arith.maxnumf", "arith.maxui", "arith.maxsi"};
  return arith(p, "flyMax", ops, a, b);
}

MlirValue flyCmp(FlyProgram *p, const char *pred, MlirValue a, MlirValue b) {
  static const char *const names[10] = {"eq", "ne", "lt", "le", "gt", "ge",
                                        "ult", "ule", "ugt", "uge"};
  /* arith.cmpf: oeq one olt ole ogt oge; arith.cmpi: eq ne (s|u)lt le gt ge. */
  static const int fpred[6] = {1, 6, 4, 5, 2, 3}, spred[6] = {0, 1, 2, 3, 4, 5},
                   upred[6] = {0, 1, 6, 7, 8, 9};
  MlirValue v[2] = {a, b};
  if (!ready(p, "flyCmp", 2, v) || !unify(p, "flyCmp", &v[0], &v[1]))
    return NONE;
  int k = -1;
  for (int i = 0; i < 10; ++i)
    if (pred && !strcmp(pred, names[i]))
      k = i;
  MlirType t = mlirValueGetType(v[0]);
  Num num = numOf(t);
  if (k < 0 || (k >= 6 && num == NUM_FLOAT)) {
    fail(p, "flyCmp: unknown predicate '%s' (eq ne lt le gt ge; ult ule ugt uge for integers)",
         pred ? pred : "");
    return NONE;
  }
  bool unsignedCmp = k >= 6 || num == NUM_INDEX;
  if (k >= 6) /* ult ule ugt uge: lt le gt ge, unsigned */
    k -= 4;
  int code = num == NUM_FLOAT ? fpred[k] : unsignedCmp ? upred[k] : spred[k];
  MlirNamedAttribute attr =
      named(p, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(p->ctx, 64), code));
  return build1(p, num == NUM_FLOAT ? "arith.cmpf" : "arith.cmpi", 2, v,
                withElement(t, mlirIntegerTypeGet(p->ctx, 1)), 1, &attr);
}

MlirValue flySelect(FlyProgram *p, MlirValue cond, MlirValue a, MlirValue b) {
  MlirValue v[3] = {cond, a, b};
  if (!ready(p, "flySelect", 3, v) || !unify(p, "flySelect", &v[1], &v[2]))
    return NONE;
  return build1(p, "arith.select", 3, v, mlirValueGetType(v[1]), 0, NULL);
}

MlirValue flyNeg(FlyProgram *p, MlirValue x) {
  if (!ready(p, "flyNeg", 1, &x))
    return NONE;
  if (numOf(mlirValueGetType(x)) != NUM_FLOAT) {
    fail(p, "flyNeg: of a non-float value");
    return NONE;
  }
  return build1(p, "arith.negf", 1, &x, mlirValueGetType(x), 0, NULL);
}

MlirValue flyCast(FlyProgram *p, MlirValue x, const char *type) {
  if (!ready(p, "flyCast", 1, &x))
    return NONE;
  MlirType to = parseType(p, type);
  if (p->failed)
    return NONE;
  MlirType from = mlirValueGetType(x), fe = elementOf(from);
  if (mlirTypeIsAVector(to) || (!mlirTypeIsAFloat(to) && !mlirTypeIsAInteger(to) &&
                                !mlirTypeIsAIndex(to))) {
    fail(p, "flyCast: the target must be a scalar number type, got '%s'", type);
    return NONE;
  }
  if (mlirTypeEqual(fe, to))
    return x;
  Num a = numOf(from), b = numOf(to);
  MlirType rt = withElement(from, to), i64 = mlirIntegerTypeGet(p->ctx, 64);
  if (a == NUM_FLOAT && b == NUM_FLOAT)
    return build1(p, widthOf(to) > widthOf(fe) ? "arith.extf" : "arith.truncf", 1, &x, rt, 0,
                  NULL);
  if (a == NUM_INDEX || b == NUM_INDEX) {
    if (a == NUM_FLOAT || b == NUM_FLOAT) { /* through i64 */
      if (a == NUM_INDEX) {
        MlirValue w = build1(p, "arith.index_cast", 1, &x, withElement(from, i64), 0, NULL);
        return build1(p, "arith.sitofp", 1, &w, rt, 0, NULL);
      }
      MlirValue w = build1(p, "arith.fptosi", 1, &x, withElement(from, i64), 0, NULL);
      return build1(p, "arith.index_cast", 1, &w, rt, 0, NULL);
    }
    return build1(p, "arith.index_cast", 1, &x, rt, 0, NULL);
  }
  if (a == NUM_INT && b == NUM_FLOAT)
    return build1(p, "arith.sitofp", 1, &x, rt, 0, NULL);
  if (a == NUM_FLOAT && b == NUM_INT)
    return build1(p, "arith.fptosi", 1, &x, rt, 0, NULL);
  return build1(p, widthOf(to) > widthOf(fe) ? "arith.extsi" : "arith.trunci", 1, &x, rt, 0,
                NULL);
}

MlirValue flyMath(FlyProgram *p, const char *fn, MlirValue x) {
  static const char *const fns[] = {"exp", "exp2", "expm1", "log", "log2", "log10", "log1p",
                                    "sqrt", "rsqrt", "tanh", "erf", "floor", "ceil", "absf",
                                    "trunc", "round", "roundeven"};
  if (!ready(p, "flyMath", 1, &x))
    return NONE;
  const char *known = NULL;
  for (size_t i = 0; i < sizeof fns / sizeof *fns; ++i)
    if (fn && !strcmp(fn, fns[i]))
      known = fns[i];
  if (!known || numOf(mlirValueGetType(x)) != NUM_FLOAT) {
    fail(p, "flyMath: '%s' of a %s (exp, exp2, expm1, log, log2, log10, log1p, sqrt, rsqrt, "
         "tanh, erf, floor, ceil, absf, trunc, round, roundeven of floats)",
         fn ? fn : "", known ? "non-float" : "value");
    return NONE;
  }
  char name[32];
  snprintf(name, sizeof name, "math.%s", known);
  return build1(p, name, 1, &x, mlirValueGetType(x), 0, NULL);
}

MlirValue flySigmoid(FlyProgram *p, MlirValue x) {
  if (!ready(p, "flySigmoid", 1, &x))
    return NONE;
  MlirType t = mlirValueGetType(x);
  if (numOf(t) != NUM_FLOAT) {
    fail(p, "flySigmoid: of a non-float value");
    return NONE;
  }
  MlirValue neg = build1(p, "arith.negf", 1, &x, t, 0, NULL);
  MlirValue e = build1(p, "math.exp", 1, &neg, t, 0, NULL);
  MlirValue one = constantOf(p, t, 1.0, 0);
  MlirValue den = flyAdd(p, one, e);
  return flyDiv(p, one, den);
}

static const char *const reduceOps[] = {"add", "mul", "minui", "minsi", "maxui", "maxsi",
                                        "and", "or", "xor", "minnumf", "maxnumf", "minimumf",
                                        "maximumf"};

static bool knownReduce(FlyProgram *p, const char *what, const char *op) {
  for (size_t i = 0; i < sizeof reduceOps / sizeof *reduceOps; ++i)
    if (op && !strcmp(op, reduceOps[i]))
      return true;
  fail(p, "%s: unknown reduction '%s' (add, mul, minui, minsi, maxui, maxsi, and, or, xor, "
       "minnumf, maxnumf, minimumf, maximumf)", what, op ? op : "");
  return false;
}

MlirValue flyVectorReduce(FlyProgram *p, const char *op, MlirValue v) {
  if (!ready(p, "flyVectorReduce", 1, &v) || !knownReduce(p, "flyVectorReduce", op))
    return NONE;
  MlirType t = mlirValueGetType(v);
  if (!mlirTypeIsAVector(t)) {
    fail(p, "flyVectorReduce: of a scalar");
    return NONE;
  }
  char kind[48];
  snprintf(kind, sizeof kind, "#vector.kind<%s>", op);
  MlirNamedAttribute a =
      named(p, "kind", mlirAttributeParseGet(p->ctx, mlirStringRefCreateFromCString(kind)));
  return build1(p, "vector.reduction", 1, &v, elementOf(t), 1, &a);
}

static MlirValue gpuReduce(FlyProgram *p, const char *what, const char *name, const char *op,
                           MlirValue x) {
  if (!ready(p, what, 1, &x) || !knownReduce(p, what, op))
    return NONE;
  char kind[48];
  snprintf(kind, sizeof kind, "#gpu<all_reduce_op %s>", op);
  MlirNamedAttribute a[2] = {
      named(p, "op", mlirAttributeParseGet(p->ctx, mlirStringRefCreateFromCString(kind))),
      named(p, "uniform", mlirUnitAttrGet(p->ctx))};
  MlirType t = mlirValueGetType(x);
  MlirOperationState st = mlirOperationStateGet(mlirStringRefCreateFromCString(name), here(p));
  mlirOperationStateAddOperands(&st, 1, &x);
  mlirOperationStateAddResults(&st, 1, &t);
  mlirOperationStateAddAttributes(&st, 2, a);
  if (!strcmp(name, "gpu.all_reduce")) {
    MlirRegion body = mlirRegionCreate(); /* empty: the op attribute says what */
    mlirOperationStateAddOwnedRegions(&st, 1, &body);
  }
  MlirOperation o = mlirOperationCreate(&st);
  mlirBlockAppendOwnedOperation(p->blocks[p->depth - 1], o);
  return mlirOperationGetResult(o, 0);
}

MlirValue flyWaveReduce(FlyProgram *p, const char *op, MlirValue x) {
  return gpuReduce(p, "flyWaveReduce", "gpu.subgroup_reduce", op, x);
}

MlirValue flyWorkgroupReduce(FlyProgram *p, const char *op, MlirValue x) {
  return gpuReduce(p, "flyWorkgroupReduce", "gpu.all_reduce", op, x);
}

/*--- Scans ------------------------------------------------------------------------*/

typedef struct ScanOp {
  const char *name, *fop, *iop; /* arith ops for floats and integers (NULL: none) */
  double fid;                   /* identities */
  int64_t iid;
} ScanOp;

static const ScanOp scanOps[] = {
    {"add", "arith.addf", "arith.addi", 0.0, 0},
    {"mul", "arith.mulf", "arith.muli", 1.0, 1},
    {"minsi", NULL, "arith.minsi", 0.0, INT32_MAX},
    {"maxsi", NULL, "arith.maxsi", 0.0, INT32_MIN},
    {"minnumf", "arith.minnumf", NULL, __builtin_nan(""), 0},
    {"maxnumf", "arith.maxnumf", NULL, __builtin_nan(""), 0},
    {"and", NULL, "arith.andi", 0.0, -1},
    {"or", NULL, "arith.ori", 0.0, 0},
    {"xor", NULL, "arith.xori", 0.0, 0},
};

/* The scan op `name` for x's type, or NULL after an error. */
static const ScanOp *scanOpFor(FlyProgram *p, const char *what, const char *name, MlirValue x) {
  MlirType t = mlirValueGetType(x);
  bool f32 = mlirTypeIsAF32(t);
  bool i32 = mlirTypeIsAInteger(t) && mlirIntegerTypeGetWidth(t) == 32;
  for (size_t i = 0; i < sizeof scanOps / sizeof *scanOps; ++i)
    if (name && !strcmp(name, scanOps[i].name) && ((f32 && scanOps[i].fop) ||
                                                   (i32 && scanOps[i].iop)))
      return &scanOps[i];
  fail(p, "%s: '%s' of this type (f32: add, mul, minnumf, maxnumf; i32: add, mul, minsi, "
       "maxsi, and, or, xor)", what, name ? name : "");
  return NULL;
}

static MlirValue combine(FlyProgram *p, const ScanOp *op, MlirValue a, MlirValue b) {
  MlirValue v[2] = {a, b};
  return build1(p, mlirTypeIsAF32(mlirValueGetType(a)) ? op->fop : op->iop, 2, v,
                mlirValueGetType(a), 0, NULL);
}

static MlirValue scanWave(FlyProgram *p, const ScanOp *op, MlirValue x) {
  MlirType index = mlirIndexTypeGet(p->ctx), i32 = mlirIntegerTypeGet(p->ctx, 32);
  MlirValue lane = build1(p, "gpu.lane_id", 0, NULL, index, 0, NULL);
  MlirValue width = constantOf(p, i32, 0, 64);
  MlirAttribute upMode =
      mlirAttributeParseGet(p->ctx, mlirStringRefCreateFromCString("#gpu<shuffle_mode up>"));
  MlirNamedAttribute up = named(p, "mode", upMode);
  MlirType res[2] = {mlirValueGetType(x), mlirIntegerTypeGet(p->ctx, 1)};
  for (int off = 1; off < 64; off *= 2) {
    MlirValue ops[3] = {x, constantOf(p, i32, 0, off), width};
    MlirOperation sh = build(p, "gpu.shuffle", 3, ops, 2, res, 1, &up);
    MlirValue from = mlirOperationGetResult(sh, 0);
    MlirValue joined = combine(p, op, x, from);
    MlirValue reach = flyCmp(p, "ge", lane, constantOf(p, index, 0, off));
    x = flySelect(p, reach, joined, x);
  }
  return x;
}

MlirValue flyWaveScan(FlyProgram *p, const char *op, MlirValue x) {
  if (!ready(p, "flyWaveScan", 1, &x))
    return NONE;
  const ScanOp *s = scanOpFor(p, "flyWaveScan", op, x);
  return s ? scanWave(p, s, x) : NONE;
}

/* A workgroup buffer of 16 values of type `t` (one per wave): a shared
 * allocation of its own, which fly-shared-alloc places and counts against
 * the chip's LDS. */
static MlirValue waveBuffer(FlyProgram *p, MlirType t) {
  MlirValue storage = flySharedAlloc(p, mlirTypeIsAF32(t) ? "totals: f32[16]" : "totals: i32[16]");
  return flySharedField(p, storage, "totals");
}

MlirValue flyWorkgroupScan(FlyProgram *p, const char *op, MlirValue x) {
  if (!ready(p, "flyWorkgroupScan", 1, &x))
    return NONE;
  const ScanOp *s = scanOpFor(p, "flyWorkgroupScan", op, x);
  if (!s)
    return NONE;
  MlirType t = mlirValueGetType(x), index = mlirIndexTypeGet(p->ctx);
  MlirValue mine = scanWave(p, s, x);
  MlirValue buf = waveBuffer(p, t);
  MlirValue wave = build1(p, "gpu.subgroup_id", 0, NULL, index, 0, NULL);
  MlirValue lane = build1(p, "gpu.lane_id", 0, NULL, index, 0, NULL);
  /* The last lane of each wave holds the wave's total. */
  flyIfBegin(p, flyCmp(p, "eq", lane, constantOf(p, index, 0, 63)));
  flyStore(p, mine, buf, 1, &wave);
  flyIfEnd(p);
  flyBarrier(p);
  MlirValue init = mlirTypeIsAF32(t) ? constantOf(p, t, s->fid, 0) : constantOf(p, t, 0, s->iid);
  MlirValue acc, before;
  MlirValue lb = constantOf(p, index, 0, 0);
  MlirValue step = constantOf(p, index, 0, 1);
  MlirValue w = flyForBegin(p, lb, wave, step, 1, &init, &acc);
  MlirValue total = flyLoad(p, buf, 1, &w, 0);
  MlirValue next = combine(p, s, acc, total);
  flyForEnd(p, 1, &next, &before);
  flyBarrier(p);
  return combine(p, s, before, mine);
}

static bool indicesFit(FlyProgram *p, const char *what, MlirValue memref, int numIdx,
                       const MlirValue *idx) {
  MlirType t = mlirValueGetType(memref);
  if (!mlirTypeIsAMemRef(t) || mlirShapedTypeGetRank(t) != numIdx) {
    fail(p, "%s: %d indices for a %s", what, numIdx,
         mlirTypeIsAMemRef(t) ? "memref of another rank" : "value that is not a memref");
    return false;
  }
  for (int i = 0; i < numIdx; ++i)
    if (!mlirTypeIsAIndex(mlirValueGetType(idx[i]))) {
      fail(p, "%s: index %d is not an index value", what, i);
      return false;
    }
  return true;
}

MlirValue flyLoad(FlyProgram *p, MlirValue memref, int numIdx, const MlirValue *idx, int width) {
  MlirValue ops[MAX_OPERANDS];
  if (!ready(p, "flyLoad", 1, &memref) || numIdx < 0 || numIdx >= MAX_OPERANDS ||
      !ready(p, "flyLoad", numIdx, idx) || !indicesFit(p, "flyLoad", memref, numIdx, idx))
    return NONE;
  if (width < 0 || width > 1024) {
    fail(p, "flyLoad: width %d (0 for a scalar, else 1..1024)", width);
    return NONE;
  }
  ops[0] = memref;
  memcpy(ops + 1, idx, sizeof *idx * (size_t)numIdx);
  MlirType el = mlirShapedTypeGetElementType(mlirValueGetType(memref));
  if (!width)
    return build1(p, "memref.load", 1 + numIdx, ops, el, 0, NULL);
  int64_t n = width;
  return build1(p, "vector.load", 1 + numIdx, ops, mlirVectorTypeGet(1, &n, el), 0, NULL);
}

void flyStore(FlyProgram *p, MlirValue value, MlirValue memref, int numIdx,
              const MlirValue *idx) {
  MlirValue ops[MAX_OPERANDS] = {value, memref};
  if (!ready(p, "flyStore", 2, ops) || numIdx < 0 || numIdx + 2 > MAX_OPERANDS ||
      !ready(p, "flyStore", numIdx, idx) || !indicesFit(p, "flyStore", memref, numIdx, idx))
    return;
  MlirType vt = mlirValueGetType(value);
  if (!mlirTypeEqual(elementOf(vt), mlirShapedTypeGetElementType(mlirValueGetType(memref)))) {
    fail(p, "flyStore: the value's element type is not the memref's");
    return;
  }
  memcpy(ops + 2, idx, sizeof *idx * (size_t)numIdx);
  build(p, mlirTypeIsAVector(vt) ? "vector.store" : "memref.store", 2 + numIdx, ops, 0, NULL, 0,
        NULL);
}

/*--- fly layouts and tensors --------------------------------------------------------*/

/* The fly kind and canonical notation of `text`, checked by lib/layout. */
static FlyTypeKind parseNotation(FlyProgram *p, const char *what, const char *text,
                                 FlyStrBuf *canon) {
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  FlyTypeKind kind = FLY_TYPE_NONE;
  if (!ctx) {
    fail(p, "out of memory");
    return kind;
  }
  if (strstr(text, " o ")) {
    const FlyComposedLayout *c = flyComposedLayoutParse(ctx, text);
    if (c)
      flyComposedLayoutPrint(c, canon), kind = FLY_TYPE_COMPOSED_LAYOUT;
  } else if (strchr(text, ':')) {
    const FlyLayout *l = flyLayoutParse(ctx, text);
    if (l)
      flyLayoutPrint(l, canon), kind = FLY_TYPE_LAYOUT;
  } else if (!strncmp(text, "S<", 2)) {
    const FlySwizzle *s = flySwizzleParse(ctx, text);
    if (s)
      flySwizzlePrint(s, canon), kind = FLY_TYPE_SWIZZLE;
  } else {
    const FlyIntTuple *t = flyIntTupleParse(ctx, text);
    if (t)
      flyIntTuplePrint(t, canon), kind = FLY_TYPE_INT_TUPLE;
  }
  if (kind == FLY_TYPE_NONE)
    fail(p, "%s: '%s': %s", what, text, flyLayoutCtxGetError(ctx));
  flyLayoutCtxDestroy(ctx);
  return kind;
}

MlirValue flyLayout(FlyProgram *p, const char *notation) {
  if (!ready(p, "flyLayout", 0, NULL))
    return NONE;
  FlyStrBuf canon = {0};
  FlyTypeKind kind = parseNotation(p, "flyLayout", notation ? notation : "", &canon);
  MlirValue v = NONE;
  if (kind != FLY_TYPE_NONE && !canon.oom) {
    MlirType t = flyTypeGet(p->ctx, kind, mlirStringRefCreateFromCString(canon.data));
    v = build1(p, "fly.static", 0, NULL, t, 0, NULL);
  }
  flyStrBufDestroy(&canon);
  return v;
}

/* The value of an arith.constant index or integer, when `v` is one. */
static bool constantValue(MlirValue v, int64_t *out) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation op = mlirOpResultGetOwner(v);
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length != 14 || memcmp(name.data, "arith.constant", 14))
    return false;
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("value"));
  if (!mlirAttributeIsAInteger(a))
    return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

MlirValue flyCoord(FlyProgram *p, int n, const MlirValue *values) {
  if (!ready(p, "flyCoord", n, values))
    return NONE;
  if (n < 1 || n > MAX_OPERANDS) {
    fail(p, "flyCoord: %d values (1 to %d)", n, MAX_OPERANDS);
    return NONE;
  }
  /* Constants go into the type; the other values are the operands, one per
   * `?` leaf. */
  FlyStrBuf spec = {0};
  MlirValue dynamic[MAX_OPERANDS];
  int numDynamic = 0;
  flyStrBufAppend(&spec, n > 1 ? "(" : "");
  for (int i = 0; i < n; ++i) {
    int64_t c;
    if (!mlirTypeIsAIndex(mlirValueGetType(values[i]))) {
      fail(p, "flyCoord: value %d is not an index value", i);
      flyStrBufDestroy(&spec);
      return NONE;
    }
    if (i)
      flyStrBufAppend(&spec, ",");
    if (constantValue(values[i], &c)) {
      flyStrBufAppendF(&spec, "%lld", (long long)c);
    } else {
      flyStrBufAppend(&spec, "?");
      dynamic[numDynamic++] = values[i];
    }
  }
  flyStrBufAppend(&spec, n > 1 ? ")" : "");
  MlirValue v = NONE;
  if (!spec.oom) {
    MlirType t = flyTypeGet(p->ctx, FLY_TYPE_INT_TUPLE, mlirStringRefCreateFromCString(spec.data));
    v = build1(p, "fly.make_int_tuple", numDynamic, dynamic, t, 0, NULL);
  }
  flyStrBufDestroy(&spec);
  return v;
}

/* The `?` leaves of an int tuple. */
static int dynamicLeaves(const FlyIntTuple *t) {
  if (flyIntTupleIsLeaf(t))
    return flyIntTupleGetLeafKind(t) == FLY_LEAF_DYNAMIC;
  int n = 0;
  for (int i = 0; i < flyIntTupleGetRank(t); ++i)
    n += dynamicLeaves(flyIntTupleGetElem(t, i));
  return n;
}

MlirValue flyIntTuple(FlyProgram *p, const char *notation, int n, const MlirValue *values) {
  if (!ready(p, "flyIntTuple", n, values))
    return NONE;
  for (int i = 0; i < n; ++i)
    if (!mlirTypeIsAIndex(mlirValueGetType(values[i]))) {
      fail(p, "flyIntTuple: value %d is not an index value", i);
      return NONE;
    }
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  const FlyIntTuple *t = ctx ? flyIntTupleParse(ctx, notation ? notation : "") : NULL;
  FlyStrBuf canon = {0};
  MlirValue v = NONE;
  if (!t) {
    fail(p, "flyIntTuple: '%s': %s", notation ? notation : "",
         ctx ? flyLayoutCtxGetError(ctx) : "out of memory");
  } else if (dynamicLeaves(t) != n) {
    fail(p, "flyIntTuple: '%s' has %d '?' leaves for %d values", notation, dynamicLeaves(t), n);
  } else {
    flyIntTuplePrint(t, &canon);
    if (!canon.oom)
      v = build1(p, "fly.make_int_tuple", n, values,
                 flyTypeGet(p->ctx, FLY_TYPE_INT_TUPLE, mlirStringRefCreateFromCString(canon.data)),
                 0, NULL);
  }
  flyStrBufDestroy(&canon);
  flyLayoutCtxDestroy(ctx);
  return v;
}

MlirValue flyAlgebra(FlyProgram *p, const char *op, int n, const MlirValue *operands) {
  if (!ready(p, "flyAlgebra", n, operands))
    return NONE;
  if (!op || strncmp(op, "fly.", 4) || n < 0 || n > MAX_OPERANDS) {
    fail(p, "flyAlgebra: '%s' is not a fly op name", op ? op : "");
    return NONE;
  }
  MlirOperation o = build(p, op, n, operands, 1, (MlirType[]){mlirIndexTypeGet(p->ctx)}, 0, NULL);
  FlyStrBuf err = {0};
  MlirType t;
  if (mlirLogicalResultIsFailure(flyInferResultType(o, &t, &err))) {
    fail(p, "%s: %s", op, err.data ? err.data : "out of memory");
    mlirOperationDestroy(o);
    flyStrBufDestroy(&err);
    return NONE;
  }
  flyStrBufDestroy(&err);
  MlirValue r = mlirOperationGetResult(o, 0);
  mlirValueSetType(r, t);
  return r;
}

/* The fly notation inside a fly value's type. */
static char *specOf(MlirValue v) {
  FlyStrBuf b = {0};
  if (mlirLogicalResultIsFailure(flyTypeGetSpec(mlirValueGetType(v), &b))) {
    flyStrBufDestroy(&b);
    return NULL;
  }
  return flyStrBufTake(&b);
}

MlirValue flyTensor(FlyProgram *p, MlirValue memref, MlirValue layout) {
  MlirValue v[2] = {memref, layout};
  if (!ready(p, "flyTensor", 2, v))
    return NONE;
  MlirType mt = mlirValueGetType(memref);
  FlyTypeKind k = flyTypeGetKind(mlirValueGetType(layout));
  if (!mlirTypeIsAMemRef(mt) || mlirShapedTypeGetRank(mt) != 1 ||
      (k != FLY_TYPE_LAYOUT && k != FLY_TYPE_COMPOSED_LAYOUT)) {
    fail(p, "flyTensor: a 1-D memref and a layout or composed layout");
    return NONE;
  }
  MlirAttribute space = mlirMemRefTypeGetMemorySpace(mt);
  char *spaceText = NULL;
  if (!mlirAttributeIsNull(space)) {
    FlyStrBuf b = {0};
    mlirAttributePrint(space, appendPrinted, &b);
    spaceText = flyStrBufTake(&b);
  }
  bool shared = spaceText && strstr(spaceText, "workgroup");
  flyFree(spaceText);
  char *el = typeText(mlirShapedTypeGetElementType(mt)), *spec = specOf(layout);
  MlirValue r = NONE;
  if (el && spec) {
    FlyStrBuf tt = {0};
    flyStrBufAppendF(&tt, "%s %s %s", el, shared ? "shared" : "global", spec);
    if (!tt.oom)
      r = build1(p, "fly.make_tensor", 2, v,
                 flyTypeGet(p->ctx, FLY_TYPE_TENSOR, mlirStringRefCreateFromCString(tt.data)), 0,
                 NULL);
    flyStrBufDestroy(&tt);
  }
  flyFree(el);
  flyFree(spec);
  return r;
}

/* A tensor's spec "ELEM SPACE LAYOUT", split at its first two spaces. */
static bool splitTensor(char *spec, char **elem, char **space, char **layout) {
  char *a = strchr(spec, ' ');
  char *b = a ? strchr(a + 1, ' ') : NULL;
  if (!b)
    return false;
  *a = *b = '\0';
  *elem = spec;
  *space = a + 1;
  *layout = b + 1;
  return true;
}

/* The tile's layout: the tile shape with the parent's strides; every
 * static parent extent divides into whole tiles. */
static bool tileLayout(FlyProgram *p, const char *parent, const char *tile, FlyStrBuf *out) {
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  const FlyLayout *l = ctx ? flyLayoutParse(ctx, parent) : NULL;
  const FlyIntTuple *t = l ? flyIntTupleParse(ctx, tile) : NULL;
  bool ok = false;
  if (!t) {
    fail(p, "flyLocalTile: %s", ctx ? flyLayoutCtxGetError(ctx) : "out of memory");
  } else {
    const FlyIntTuple *shape = flyLayoutGetShape(l);
    int rank = flyIntTupleGetRank(shape), trank = flyIntTupleGetRank(t);
    ok = rank == trank && rank > 0 && flyIntTupleIsStatic(t);
    for (int i = 0; ok && i < rank; ++i) {
      const FlyIntTuple *e = flyIntTupleGetElem(shape, i), *te = flyIntTupleGetElem(t, i);
      if (!flyIntTupleIsLeaf(te) || flyIntTupleGetValue(te) < 1) {
        ok = false;
      } else if (flyIntTupleIsLeaf(e) && flyIntTupleGetLeafKind(e) == FLY_LEAF_INT &&
                 flyIntTupleGetValue(e) % flyIntTupleGetValue(te)) {
        fail(p, "flyLocalTile: the tile %s does not divide %s: mode %d has %lld elements, not "
             "a multiple of %lld", tile, parent, i, (long long)flyIntTupleGetValue(e),
             (long long)flyIntTupleGetValue(te));
        flyLayoutCtxDestroy(ctx);
        return false;
      }
    }
    const FlyLayout *r = ok ? flyLayoutCreate(ctx, t, flyLayoutGetStride(l)) : NULL;
    if (r)
      flyLayoutPrint(r, out);
    else
      fail(p, "flyLocalTile: the tile %s must be a tuple of positive integers with the rank of "
           "%s", tile, parent);
    ok = r != NULL;
  }
  flyLayoutCtxDestroy(ctx);
  return ok;
}

MlirValue flyLocalTile(FlyProgram *p, MlirValue tensor, MlirValue coord, const char *tile) {
  MlirValue v[2] = {tensor, coord};
  if (!ready(p, "flyLocalTile", 2, v))
    return NONE;
  char *spec = flyTypeGetKind(mlirValueGetType(tensor)) == FLY_TYPE_TENSOR ? specOf(tensor) : NULL;
  char *el, *space, *layout;
  MlirValue r = NONE;
  if (!spec || !splitTensor(spec, &el, &space, &layout) || strstr(layout, " o ")) {
    fail(p, "flyLocalTile: of a tensor with a plain layout");
  } else if (flyTypeGetKind(mlirValueGetType(coord)) != FLY_TYPE_INT_TUPLE) {
    fail(p, "flyLocalTile: the tile coordinate must be an int tuple (flyCoord)");
  } else {
    FlyStrBuf tl = {0}, tt = {0};
    if (tileLayout(p, layout, tile ? tile : "", &tl) && !tl.oom) {
      flyStrBufAppendF(&tt, "%s %s %s", el, space, tl.data);
      MlirNamedAttribute a = named(p, "tile", strAttr(p, tile));
      if (!tt.oom)
        r = build1(p, "fly.local_tile", 2, v,
                   flyTypeGet(p->ctx, FLY_TYPE_TENSOR, mlirStringRefCreateFromCString(tt.data)),
                   1, &a);
    }
    flyStrBufDestroy(&tl);
    flyStrBufDestroy(&tt);
  }
  flyFree(spec);
  return r;
}

MlirValue flyTensorLoad(FlyProgram *p, MlirValue tensor, MlirValue coord, int width) {
  MlirValue v[2] = {tensor, coord};
  if (!ready(p, "flyTensorLoad", 2, v))
    return NONE;
  char *spec = flyTypeGetKind(mlirValueGetType(tensor)) == FLY_TYPE_TENSOR ? specOf(tensor) : NULL;
  char *el, *space, *layout;
  MlirValue r = NONE;
  if (!spec || !splitTensor(spec, &el, &space, &layout) || width < 0 || width > 1024) {
    fail(p, "flyTensorLoad: a tensor, and a width of 0 (a scalar) to 1024");
  } else {
    MlirType et = parseType(p, el);
    int64_t n = width;
    if (!p->failed)
      r = build1(p, "fly.load", 2, v, width ? mlirVectorTypeGet(1, &n, et) : et, 0, NULL);
  }
  flyFree(spec);
  return r;
}

void flyTensorStore(FlyProgram *p, MlirValue value, MlirValue tensor, MlirValue coord) {
  MlirValue v[3] = {value, tensor, coord};
  if (!ready(p, "flyTensorStore", 3, v))
    return;
  if (flyTypeGetKind(mlirValueGetType(tensor)) != FLY_TYPE_TENSOR) {
    fail(p, "flyTensorStore: into a value that is not a tensor");
    return;
  }
  build(p, "fly.store", 3, v, 0, NULL, 0, NULL);
}

MlirValue flySharedAlloc(FlyProgram *p, const char *fields) {
  if (!ready(p, "flySharedAlloc", 0, NULL))
    return NONE;
  if (!fields || !*fields) {
    fail(p, "flySharedAlloc: no fields");
    return NONE;
  }
  MlirNamedAttribute a = named(p, "fields", strAttr(p, fields));
  MlirType t =
      mlirTypeParseGet(p->ctx, mlirStringRefCreateFromCString("!fly.shared_storage<\"S\">"));
  return build1(p, "fly.shared_alloc", 0, NULL, t, 1, &a);
}

MlirValue flySharedField(FlyProgram *p, MlirValue storage, const char *name) {
  if (!ready(p, "flySharedField", 1, &storage))
    return NONE;
  MlirNamedAttribute a = named(p, "field", strAttr(p, name ? name : ""));
  MlirOperation op = build(p, "fly.shared_field", 1, &storage, 1,
                           (MlirType[]){mlirIndexTypeGet(p->ctx)}, 1, &a);
  FlyStrBuf err = {0};
  MlirType t;
  bool ok = mlirLogicalResultIsSuccess(flyInferResultType(op, &t, &err));
  if (ok)
    mlirValueSetType(mlirOperationGetResult(op, 0), t);
  else {
    fail(p, "flySharedField: %s", err.data ? err.data : "out of memory");
    mlirOperationDestroy(op);
  }
  flyStrBufDestroy(&err);
  return ok ? mlirOperationGetResult(op, 0) : NONE;
}

/*--- Tiled copies ---------------------------------------------------------------*/

/* A rank-2 static tensor's element type, shape and the width of the
 * vectors it keeps contiguous along a row. */
typedef struct TileInfo {
  char elem[32];
  int64_t rows, cols;
  int64_t run; /* elements contiguous along a row (1: none) */
} TileInfo;

static int64_t runOf(const FlyLayout *l, int64_t cols, const FlySwizzle *sw) {
  const FlyIntTuple *stride = flyLayoutGetStride(l);
  const FlyIntTuple *cs = flyIntTupleGetElem(stride, 1);
  if (!flyIntTupleIsLeaf(cs) || flyIntTupleGetLeafKind(cs) != FLY_LEAF_INT ||
      flyIntTupleGetValue(cs) != 1)
    return 1;
  int64_t run = cols;
  if (sw) {
    int bits, base, shift;
    flySwizzleGetParams(sw, &bits, &base, &shift);
    if (bits > 0 && base < 62 && run > ((int64_t)1 << base))
      run = (int64_t)1 << base;
  }
  return run;
}

static bool tileInfo(MlirValue t, TileInfo *out) {
  char *spec = flyTypeGetKind(mlirValueGetType(t)) == FLY_TYPE_TENSOR ? specOf(t) : NULL;
  char *el, *space, *layout;
  bool ok = false;
  FlyLayoutCtx *ctx = flyLayoutCtxCreate();
  if (spec && ctx && splitTensor(spec, &el, &space, &layout)) {
    const FlyComposedLayout *c = strstr(layout, " o ") ? flyComposedLayoutParse(ctx, layout) : NULL;
    const FlyLayout *l = c ? flyComposedLayoutGetOuter(c) : flyLayoutParse(ctx, layout);
    const FlyIntTuple *shape = l ? flyLayoutGetShape(l) : NULL;
    if (shape && flyIntTupleGetRank(shape) == 2 && flyIntTupleIsStatic(shape) &&
        flyIntTupleIsLeaf(flyIntTupleGetElem(shape, 0)) &&
        flyIntTupleIsLeaf(flyIntTupleGetElem(shape, 1))) {
      snprintf(out->elem, sizeof out->elem, "%s", el);
      out->rows = flyIntTupleGetValue(flyIntTupleGetElem(shape, 0));
      out->cols = flyIntTupleGetValue(flyIntTupleGetElem(shape, 1));
      out->run = runOf(l, out->cols, c ? flyComposedLayoutGetSwizzle(c) : NULL);
      ok = true;
    }
  }
  flyLayoutCtxDestroy(ctx);
  flyFree(spec);
  return ok;
}

/* The widest power-of-two vector (at most 16 bytes) dividing both runs. */
static int64_t copyWidth(const TileInfo *a, const TileInfo *b, MlirType el) {
  unsigned bytes = (widthOf(el) + 7) / 8;
  int64_t w = bytes ? 16 / bytes : 1;
  if (w < 1)
    w = 1;
  while (w > 1 && (a->run % w || b->run % w || a->cols % w))
    w /= 2;
  return w;
}

void flyTileCopy(FlyProgram *p, MlirValue src, MlirValue dst, int threads, MlirValue validRows) {
  MlirValue v[2] = {src, dst};
  if (!ready(p, "flyTileCopy", 2, v))
    return;
  TileInfo a, b;
  if (!tileInfo(src, &a) || !tileInfo(dst, &b) || a.rows != b.rows || a.cols != b.cols ||
      strcmp(a.elem, b.elem)) {
    fail(p, "flyTileCopy: two rank-2 tensors of one static shape and element type");
    return;
  }
  if (threads < 1 || threads > 1024 ||
      (!mlirValueIsNull(validRows) && !mlirTypeIsAIndex(mlirValueGetType(validRows)))) {
    fail(p, "flyTileCopy: 1 to 1024 threads, and validRows an index value or null");
    return;
  }
  MlirType el = parseType(p, a.elem);
  if (p->failed)
    return;
  int64_t w = copyWidth(&a, &b, el), perRow = a.cols / w, chunks = a.rows * perRow;
  int64_t rounds = (chunks + threads - 1) / threads;
  MlirValue t = flyThreadId(p, 0);
  MlirValue zero = flyIndex(p, 0);
  MlirValue stepV = flyIndex(p, 1);
  MlirValue count = flyIndex(p, rounds);
  MlirValue k = flyForBegin(p, zero, count, stepV, 0, NULL, NULL);
  MlirValue threadsV = flyIndex(p, threads);
  MlirValue c = flyAdd(p, t, flyMul(p, k, threadsV));
  bool partial = chunks % threads != 0;
  if (partial)
    flyIfBegin(p, flyCmp(p, "lt", c, flyIndex(p, chunks)));
  MlirValue perRowV = flyIndex(p, perRow);
  MlirValue row = flyDiv(p, c, perRowV);
  MlirValue wV = flyIndex(p, w);
  MlirValue col = flyMul(p, flyRem(p, c, perRowV), wV);
  MlirValue at[2] = {row, col};
  MlirValue crd = flyCoord(p, 2, at);
  int width = w > 1 ? (int)w : 0;
  if (!mlirValueIsNull(validRows)) {
    flyIfBegin(p, flyCmp(p, "lt", row, validRows));
    flyTensorStore(p, flyTensorLoad(p, src, crd, width), dst, crd);
    flyElse(p);
    MlirType zt = width ? mlirVectorTypeGet(1, &w, el) : el;
    flyTensorStore(p, constantOf(p, zt, 0.0, 0), dst, crd);
    flyIfEnd(p);
  } else {
    flyTensorStore(p, flyTensorLoad(p, src, crd, width), dst, crd);
  }
  if (partial)
    flyIfEnd(p);
  flyForEnd(p, 0, NULL, NULL);
}

/*--- GEMM building blocks -------------------------------------------------------*/

/* Runs fly-verify's checks on `op` just built: a failure is this call
 * site's error, and the op is erased. */
static bool verified(FlyProgram *p, const char *what, MlirOperation op) {
  FlyStrBuf err = {0};
  bool ok = mlirLogicalResultIsSuccess(flyVerifyOp(op, &err));
  if (!ok) {
    fail(p, "%s: %s", what, err.data ? err.data : "out of memory");
    mlirOperationDestroy(op);
  }
  flyStrBufDestroy(&err);
  return ok;
}

MlirValue flyMakeLayout(FlyProgram *p, MlirValue shape, MlirValue stride) {
  MlirValue v[2] = {shape, stride};
  if (!ready(p, "flyMakeLayout", 2, v))
    return NONE;
  if (flyTypeGetKind(mlirValueGetType(shape)) != FLY_TYPE_INT_TUPLE ||
      flyTypeGetKind(mlirValueGetType(stride)) != FLY_TYPE_INT_TUPLE) {
    fail(p, "flyMakeLayout: the shape and the stride must be int tuples (flyCoord, flyLayout)");
    return NONE;
  }
  char *a = specOf(shape), *b = specOf(stride);
  FlyStrBuf text = {0}, canon = {0};
  if (a && b)
    flyStrBufAppendF(&text, "%s:%s", a, b);
  MlirValue r = NONE;
  if (!a || !b || text.oom) {
    fail(p, "out of memory");
  } else if (parseNotation(p, "flyMakeLayout", text.data, &canon) == FLY_TYPE_LAYOUT &&
             !canon.oom) {
    MlirType t = flyTypeGet(p->ctx, FLY_TYPE_LAYOUT, mlirStringRefCreateFromCString(canon.data));
    r = build1(p, "fly.make_layout", 2, v, t, 0, NULL);
  }
  flyFree(a);
  flyFree(b);
  flyStrBufDestroy(&text);
  flyStrBufDestroy(&canon);
  return r;
}

MlirValue flyBufferTensor(FlyProgram *p, MlirValue memref, MlirValue layout) {
  MlirValue t = flyTensor(p, memref, layout);
  if (mlirValueIsNull(t))
    return t;
  MlirOperation op = mlirOpResultGetOwner(t);
  mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString("buffer"),
                                  mlirUnitAttrGet(p->ctx));
  return verified(p, "flyBufferTensor", op) ? t : NONE;
}

static MlirAttribute i32Attr(FlyProgram *p, int v) {
  return mlirIntegerAttrGet(mlirIntegerTypeGet(p->ctx, 32), v);
}

/* The attributes of `mma` that op `name` takes: the atom, and for all but
 * mma_fragment the repeats; k_steps and k_pack for gemm and
 * gemm_fragments; swap_ab when set; `operand` when given. */
static int mmaAttrs(FlyProgram *p, const FlyMma *m, const char *name, const char *operand,
                    MlirNamedAttribute *out) {
  int n = 0;
  out[n++] = named(p, "shape", strAttr(p, m->shape));
  out[n++] = named(p, "a", strAttr(p, m->a));
  out[n++] = named(p, "b", strAttr(p, m->b));
  out[n++] = named(p, "c", strAttr(p, m->c));
  bool fragment = !strcmp(name, "fly.mma_fragment");
  bool stepped = !strcmp(name, "fly.gemm") || !strcmp(name, "fly.gemm_fragments");
  if (!fragment) {
    out[n++] = named(p, "m_repeat", i32Attr(p, m->mRepeat));
    out[n++] = named(p, "n_repeat", i32Attr(p, m->nRepeat));
  }
  if (stepped && m->kSteps > 1)
    out[n++] = named(p, "k_steps", i32Attr(p, m->kSteps));
  if (stepped && m->kPack > 1)
    out[n++] = named(p, "k_pack", i32Attr(p, m->kPack));
  if (m->swapAb)
    out[n++] = named(p, "swap_ab", mlirUnitAttrGet(p->ctx));
  if (operand)
    out[n++] = named(p, "operand", strAttr(p, operand));
  return n;
}

/* A FlyMma that names its atom; else the call site's error. */
static bool mmaGiven(FlyProgram *p, const char *what, const FlyMma *mma) {
  if (mma && mma->shape && mma->a && mma->b && mma->c)
    return true;
  fail(p, "%s: a FlyMma with its shape and its a, b and c types", what);
  return false;
}

/* Builds tiled-MMA op `name` of `mma` with its computed result type (none
 * for `noResult`), checked as fly-verify checks it. */
static MlirOperation buildMma(FlyProgram *p, const char *what, const char *name,
                              const FlyMma *mma, const char *operand, int n,
                              const MlirValue *ops, bool noResult) {
  if (!ready(p, what, n, ops))
    return (MlirOperation){NULL};
  if (!mmaGiven(p, what, mma))
    return (MlirOperation){NULL};
  MlirNamedAttribute attrs[10];
  int na = mmaAttrs(p, mma, name, operand, attrs);
  MlirType index = mlirIndexTypeGet(p->ctx);
  MlirOperation op = build(p, name, n, ops, noResult ? 0 : 1, &index, na, attrs);
  if (!noResult) {
    FlyStrBuf err = {0};
    MlirType t;
    bool ok = mlirLogicalResultIsSuccess(flyInferResultType(op, &t, &err));
    if (ok)
      mlirValueSetType(mlirOperationGetResult(op, 0), t);
    else
      fail(p, "%s: %s", what, err.data ? err.data : "out of memory");
    flyStrBufDestroy(&err);
    if (!ok) {
      mlirOperationDestroy(op);
      return (MlirOperation){NULL};
    }
  }
  return verified(p, what, op) ? op : (MlirOperation){NULL};
}

static MlirValue resultOf(MlirOperation op) {
  return mlirOperationIsNull(op) ? NONE : mlirOperationGetResult(op, 0);
}

static bool operandIs(FlyProgram *p, const char *what, char operand, const char *allowed) {
  if (operand && strchr(allowed, operand))
    return true;
  fail(p, "%s: operand '%c' (one of %s)", what, operand ? operand : '?', allowed);
  return false;
}

MlirValue flyMmaZero(FlyProgram *p, const FlyMma *mma) {
  if (!ready(p, "flyMmaZero", 0, NULL))
    return NONE;
  if (!mmaGiven(p, "flyMmaZero", mma))
    return NONE;
  /* The accumulators' type is the one fly.gemm_scale infers for this
   * block, which is fly.gemm's for every accumulator type but i32: ask the
   * atom table through a detached op. */
  MlirNamedAttribute attrs[10];
  int na = mmaAttrs(p, mma, "fly.gemm", NULL, attrs);
  MlirType index = mlirIndexTypeGet(p->ctx);
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString("fly.gemm"), here(p));
  mlirOperationStateAddResults(&st, 1, &index);
  mlirOperationStateAddAttributes(&st, na, attrs);
  MlirOperation probe = mlirOperationCreate(&st);
  FlyStrBuf err = {0};
  MlirType t;
  bool ok = mlirLogicalResultIsSuccess(flyInferResultType(probe, &t, &err));
  mlirOperationDestroy(probe);
  if (!ok) {
    fail(p, "flyMmaZero: %s", err.data ? err.data : "out of memory");
    flyStrBufDestroy(&err);
    return NONE;
  }
  flyStrBufDestroy(&err);
  MlirType el = mlirShapedTypeGetElementType(t);
  MlirAttribute zero = mlirTypeIsAFloat(el) ? mlirFloatAttrDoubleGet(p->ctx, el, 0.0)
                                            : mlirIntegerAttrGet(el, 0);
  MlirNamedAttribute value = named(p, "value", mlirDenseElementsAttrSplatGet(t, zero));
  return build1(p, "arith.constant", 0, NULL, t, 1, &value);
}

/* fly.mma_fragment or fly.gemm_fragments of `operand` (one of `allowed`). */
static MlirValue fragmentOp(FlyProgram *p, const char *what, const char *name,
                            const char *allowed, const FlyMma *mma, char operand,
                            MlirValue tensor, MlirValue lane, MlirValue origin) {
  if (!operandIs(p, what, operand, allowed))
    return NONE;
  MlirValue ops[3] = {tensor, lane, origin};
  char which[2] = {operand, 0};
  return resultOf(buildMma(p, what, name, mma, which, 3, ops, false));
}

MlirValue flyMmaFragment(FlyProgram *p, const FlyMma *mma, char operand, MlirValue tensor,
                         MlirValue lane, MlirValue origin) {
  return fragmentOp(p, "flyMmaFragment", "fly.mma_fragment", "abc", mma, operand, tensor, lane,
                    origin);
}

MlirValue flyGemmFragments(FlyProgram *p, const FlyMma *mma, char operand, MlirValue tensor,
                           MlirValue lane, MlirValue origin) {
  return fragmentOp(p, "flyGemmFragments", "fly.gemm_fragments", "ab", mma, operand, tensor,
                    lane, origin);
}

MlirValue flyGemm(FlyProgram *p, const FlyMma *mma, MlirValue a, MlirValue b, MlirValue acc,
                  MlirValue lane, MlirValue aOrigin, MlirValue bOrigin, MlirValue scales) {
  MlirValue ops[7] = {a, b, acc, lane, aOrigin, bOrigin, scales};
  int n = mlirValueIsNull(scales) ? 6 : 7;
  return resultOf(buildMma(p, "flyGemm", "fly.gemm", mma, NULL, n, ops, false));
}

MlirValue flyGemmScale(FlyProgram *p, const FlyMma *mma, MlirValue acc, MlirValue rowScales,
                       MlirValue colScales, MlirValue lane, MlirValue origin) {
  MlirValue ops[5] = {acc, rowScales, colScales, lane, origin};
  return resultOf(buildMma(p, "flyGemmScale", "fly.gemm_scale", mma, NULL, 5, ops, false));
}

void flyGemmStore(FlyProgram *p, const FlyMma *mma, MlirValue value, MlirValue tensor,
                  MlirValue lane, MlirValue origin) {
  MlirValue ops[4] = {value, tensor, lane, origin};
  buildMma(p, "flyGemmStore", "fly.gemm_store", mma, NULL, 4, ops, true);
}

MlirValue flyGemmRowScales(FlyProgram *p, const FlyMma *mma, MlirValue rowScales,
                           MlirValue lane, MlirValue origin) {
  MlirValue ops[3] = {rowScales, lane, origin};
  return resultOf(buildMma(p, "flyGemmRowScales", "fly.gemm_row_scales", mma, NULL, 3, ops,
                           false));
}

void flyCopyToLds(FlyProgram *p, MlirValue src, MlirValue dst, MlirValue tid, int bytes,
                  int threads) {
  MlirValue ops[3] = {src, dst, tid};
  if (!ready(p, "flyCopyToLds", 3, ops))
    return;
  MlirNamedAttribute attrs[2] = {named(p, "bytes", i32Attr(p, bytes)),
                                 named(p, "threads", i32Attr(p, threads))};
  verified(p, "flyCopyToLds", build(p, "fly.copy_to_lds", 3, ops, 0, NULL, 2, attrs));
}

void flyWaitVmcnt(FlyProgram *p, int vmcnt) { flyWaitcnt(p, vmcnt, -1); }

void flyWaitcnt(FlyProgram *p, int vmcnt, int lgkmcnt) {
  if (!ready(p, "flyWaitcnt", 0, NULL))
    return;
  MlirNamedAttribute a[2];
  int n = 0;
  if (vmcnt >= 0)
    a[n++] = named(p, "vmcnt", i32Attr(p, vmcnt));
  if (lgkmcnt >= 0)
    a[n++] = named(p, "lgkmcnt", i32Attr(p, lgkmcnt));
  if (!n) {
    fail(p, "flyWaitcnt: waits on no counter (both counts negative)");
    return;
  }
  verified(p, "flyWaitcnt", build(p, "fly.waitcnt", 0, NULL, 0, NULL, n, a));
}

/* llvm.fence with syncscope wavefront: ordering 5 release, 4 acquire. */
static void waveFence(FlyProgram *p, int ordering) {
  MlirNamedAttribute a[2] = {
      named(p, "ordering", mlirIntegerAttrGet(mlirIntegerTypeGet(p->ctx, 64), ordering)),
      named(p, "syncscope", strAttr(p, "wavefront"))};
  build(p, "llvm.fence", 0, NULL, 0, NULL, 2, a);
}

void flyWaveBarrier(FlyProgram *p) {
  if (!ready(p, "flyWaveBarrier", 0, NULL))
    return;
  waveFence(p, 5);
  build(p, "rocdl.s.barrier", 0, NULL, 0, NULL, 0, NULL);
  waveFence(p, 4);
}

void flySchedBarrier(FlyProgram *p, const char *mask) {
  if (!ready(p, "flySchedBarrier", 0, NULL))
    return;
  MlirNamedAttribute a = named(p, "mask", strAttr(p, mask ? mask : ""));
  verified(p, "flySchedBarrier", build(p, "fly.sched_barrier", 0, NULL, 0, NULL, 1, &a));
}

void flyHotLoop(FlyProgram *p) {
  if (!ready(p, "flyHotLoop", 0, NULL))
    return;
  for (int i = p->depth - 1; i >= 0; --i)
    if (p->scopes[i] == SCOPE_FOR) {
      mlirOperationSetAttributeByName(p->owners[i], mlirStringRefCreateFromCString("fly.hot_loop"),
                                      mlirUnitAttrGet(p->ctx));
      return;
    }
  fail(p, "flyHotLoop outside a loop (flyForBegin first)");
}
