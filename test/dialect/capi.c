// The C functions of dialect-bindings/: building and inspecting fly types
// and ops from C, and the builder API. A failed EXPECT prints a FAILED line
// wherever it happens: --implicit-check-not rejects it anywhere in the
// output (not only after @done), and the exit status and the count of
// failures say so as well.
// RUN: %testbin/dialect-capi | FileCheck %s --implicit-check-not=FAILED

#include <stdio.h>
#include <string.h>

#include "flyc/builder.h"
#include "flyc/dialect.h"
#include "llvm-c/Core.h"
#include "mlir-c/BuiltinTypes.h"

static int failures = 0;

#define EXPECT(cond)                                                        \
  do {                                                                      \
    if (!(cond)) {                                                          \
      printf("FAILED %s:%d: %s\n", __FILE__, __LINE__, #cond);              \
      ++failures;                                                           \
    }                                                                       \
  } while (0)

static void printToStdout(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

// CHECK-LABEL: @testTypes
// CHECK: !fly.layout<"(4,8):(1,4)">
// CHECK: !fly.int_tuple<"((2,?),3)">
// CHECK: spec (4,8):(1,4)
static void testTypes(MlirContext ctx) {
  printf("@testTypes\n");
  MlirType l = flyTypeGet(ctx, FLY_TYPE_LAYOUT, mlirStringRefCreateFromCString("(4,8):(1,4)"));
  MlirType t = flyTypeGet(ctx, FLY_TYPE_INT_TUPLE, mlirStringRefCreateFromCString("((2,?),3)"));
  EXPECT(!mlirTypeIsNull(l) && !mlirTypeIsNull(t));
  mlirTypePrint(l, printToStdout, NULL);
  printf("\n");
  mlirTypePrint(t, printToStdout, NULL);
  printf("\n");
  EXPECT(flyTypeGetKind(l) == FLY_TYPE_LAYOUT);
  EXPECT(flyTypeGetKind(t) == FLY_TYPE_INT_TUPLE);
  EXPECT(flyTypeGetKind(mlirIndexTypeGet(ctx)) == FLY_TYPE_NONE);
  FlyStrBuf spec = {0};
  EXPECT(mlirLogicalResultIsSuccess(flyTypeGetSpec(l, &spec)));
  printf("spec %s\n", spec.data);
  flyStrBufDestroy(&spec);
  EXPECT(mlirLogicalResultIsFailure(flyTypeGetSpec(mlirIndexTypeGet(ctx), &spec)));
  EXPECT(spec.len == 0);
  EXPECT(mlirTypeIsNull(flyTypeGet(ctx, FLY_TYPE_NONE, mlirStringRefCreateFromCString("1"))));
}

// Quotes and backslashes in a spec survive the round trip through the
// printed form.
// CHECK-LABEL: @testEscapes
// CHECK: spec a"b\c
static void testEscapes(MlirContext ctx) {
  printf("@testEscapes\n");
  MlirType t = flyTypeGet(ctx, FLY_TYPE_INT_TUPLE, mlirStringRefCreateFromCString("a\"b\\c"));
  FlyStrBuf spec = {0};
  EXPECT(mlirLogicalResultIsSuccess(flyTypeGetSpec(t, &spec)));
  printf("spec %s\n", spec.data);
  flyStrBufDestroy(&spec);
}

// CHECK-LABEL: @testOps
// CHECK: %0 = "fly.static"() : () -> !fly.layout<"8:1">
// CHECK: %1 = "fly.size"(%0) : (!fly.layout<"8:1">) -> index
static void testOps(MlirContext ctx) {
  printf("@testOps\n");
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirModule m = mlirModuleCreateEmpty(loc);
  MlirBlock body = mlirModuleGetBody(m);
  MlirType l = flyTypeGet(ctx, FLY_TYPE_LAYOUT, mlirStringRefCreateFromCString("8:1"));
  MlirOperation mk = flyOpCreate(loc, "static", 0, NULL, 1, &l);
  mlirBlockAppendOwnedOperation(body, mk);
  MlirValue lv = mlirOperationGetResult(mk, 0);
  MlirType idx = mlirIndexTypeGet(ctx);
  MlirOperation size = flyOpCreate(loc, "size", 1, &lv, 1, &idx);
  mlirBlockAppendOwnedOperation(body, size);
  EXPECT(flyOpIs(size, "size") && !flyOpIs(size, "siz") && !flyOpIs(mk, "size"));
  EXPECT(mlirOperationVerify(mlirModuleGetOperation(m)));
  mlirOperationPrint(mlirModuleGetOperation(m), printToStdout, NULL);
  printf("\n");
  mlirModuleDestroy(m);
}

// CHECK-LABEL: @testBuilder
// CHECK: %c4 = arith.constant 4 : index
// CHECK: %0 = "fly.static"() : () -> !fly.layout<"(4,8):(1,4)">
// CHECK: %1 = "fly.size"(%0) : (!fly.layout<"(4,8):(1,4)">) -> index
// CHECK: %2 = arith.addi %1, %c4 : index
// CHECK: "fly.waitcnt"() {vmcnt = 0 : i32} : () -> ()
static void testBuilder(MlirContext ctx) {
  printf("@testBuilder\n");
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirModule m = mlirModuleCreateEmpty(loc);
  FlyBuilder b = flyBuilderAtEnd(mlirModuleGetBody(m), loc);
  MlirValue four = flyBuildConstantIndex(&b, 4);
  MlirValue l = flyBuildStatic(&b, FLY_TYPE_LAYOUT, "(4,8):(1,4)");
  MlirValue n = flyBuildValue(&b, "fly.size", 1, &l, flyBuilderType(&b, "index"), NULL);
  flyBuildArith(&b, "addi", n, four);
  EXPECT(!mlirOperationIsNull(flyBuildOp(&b, "fly.waitcnt", 0, NULL, 0, NULL,
                                         "{vmcnt = 0 : i32}", 0)));
  EXPECT(!flyBuilderFailed(&b) && mlirOperationVerify(mlirModuleGetOperation(m)));
  mlirOperationPrint(mlirModuleGetOperation(m), printToStdout, NULL);
  printf("\n");
  /* Failures are sticky: after a bad type nothing more is built. */
  EXPECT(mlirTypeIsNull(flyBuilderType(&b, "vector<4xnotatype>")) && flyBuilderFailed(&b));
  EXPECT(mlirValueIsNull(flyBuildConstantIndex(&b, 1)));
  FlyBuilder c = flyBuilderAtEnd(mlirModuleGetBody(m), loc);
  MlirValue none = {NULL};
  EXPECT(mlirValueIsNull(flyBuildArith(&c, "addi", none, four)) && flyBuilderFailed(&c));
  FlyBuilder d = flyBuilderAtEnd(mlirModuleGetBody(m), loc);
  EXPECT(mlirOperationIsNull(flyBuildOp(&d, "nodialect", 0, NULL, 0, NULL, NULL, 0)));
  FlyBuilder e = flyBuilderAtEnd(mlirModuleGetBody(m), loc);
  EXPECT(mlirOperationIsNull(flyBuildOp(&e, "arith.constant", 0, NULL, 0, NULL, "[1]", 0)));
  mlirModuleDestroy(m);
}

// CHECK-LABEL: @done
// CHECK: failures: 0
/* dialect-capi --leak: builds a module with a fly op and an LLVM context
 * and drops both, for the test that LeakSanitizer reports leaks of flyc's
 * own MLIR and LLVM objects (test/dialect/lsan-suppressions.test): the
 * suppressions may hide LLVM's and MLIR's one-time registries only. */
static int leak(void) {
  MlirContext ctx = flyContextCreate();
  MlirLocation loc = mlirLocationUnknownGet(ctx);
  MlirModule m = mlirModuleCreateEmpty(loc);
  MlirType l = flyTypeGet(ctx, FLY_TYPE_LAYOUT, mlirStringRefCreateFromCString("8:1"));
  mlirBlockAppendOwnedOperation(mlirModuleGetBody(m), flyOpCreate(loc, "static", 0, NULL, 1, &l));
  LLVMContextRef llvm = LLVMContextCreate();
  printf("leaking module %p and LLVM context %p\n", (void *)m.ptr, (void *)llvm);
  fflush(stdout); /* LeakSanitizer ends the process without flushing */
  return 0; /* nothing destroyed: the context's uniqued state is leaked too */
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--leak") == 0)
    return leak();
  MlirContext ctx = flyContextCreate();
  if (mlirContextIsNull(ctx)) {
    printf("FAILED: no context\n");
    return 1;
  }
  EXPECT(mlirLogicalResultIsSuccess(flyDialectLoad(ctx))); /* idempotent */
  testTypes(ctx);
  testEscapes(ctx);
  testOps(ctx);
  testBuilder(ctx);
  mlirContextDestroy(ctx);
  printf("@done\nfailures: %d\n", failures);
  return failures != 0;
}
