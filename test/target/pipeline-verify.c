// RUN: %testbin/target-pipeline-verify | FileCheck %s
//
// flyPipelineRun verifies what the passes produced: once after the last
// entry by default, after every entry with flyPipelineSetVerifyEach. The
// module is valid when parsed; the test then breaks it through the C API
// (an arith.addi whose result type is not its operands', which creating an
// op does not check) and runs a pipeline of one pass that leaves it alone.
// In both modes the run fails with an error located at the broken op, and
// the same pipeline succeeds on the module left whole.
#include <stdio.h>
#include <string.h>

#include "flyc/dialect.h"
#include "flyc/target.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"

static const char *kText = "func.func @f(%a: i32, %b: i32) -> i32 {\n"
                           "  %s = arith.addi %a, %b : i32\n"
                           "  return %s : i32\n"
                           "}\n";

static void put(MlirStringRef s, void *userData) {
  (void)userData;
  fwrite(s.data, 1, s.length, stdout);
}

static MlirLogicalResult onDiagnostic(MlirDiagnostic d, void *userData) {
  (void)userData;
  fputs("diagnostic: ", stdout);
  mlirLocationPrint(mlirDiagnosticGetLocation(d), put, NULL);
  fputs(": ", stdout);
  mlirDiagnosticPrint(d, put, NULL);
  fputs("\n", stdout);
  return mlirLogicalResultSuccess();
}

/* Adds `arith.addi %a, %b : i64` (operands i32) before the function's
 * return, located at broken.mlir:7:3. */
static void breakModule(MlirContext ctx, MlirModule m) {
  MlirOperation func = mlirBlockGetFirstOperation(mlirModuleGetBody(m));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  MlirOperation ret = mlirBlockGetTerminator(body);
  MlirLocation loc =
      mlirLocationFileLineColGet(ctx, mlirStringRefCreateFromCString("broken.mlir"), 7, 3);
  MlirOperationState st =
      mlirOperationStateGet(mlirStringRefCreateFromCString("arith.addi"), loc);
  MlirValue ops[2] = {mlirBlockGetArgument(body, 0), mlirBlockGetArgument(body, 1)};
  mlirOperationStateAddOperands(&st, 2, ops);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  mlirOperationStateAddResults(&st, 1, &i64);
  mlirBlockInsertOwnedOperationBefore(body, ret, mlirOperationCreate(&st));
}

static void run(MlirContext ctx, const char *label, bool broken, bool verifyEach) {
  MlirModule m = flyModuleParse(ctx, mlirStringRefCreateFromCString(kText), NULL);
  if (mlirModuleIsNull(m)) {
    printf("%s: the module does not parse\n", label);
    return;
  }
  if (broken)
    breakModule(ctx, m);
  FlyStrBuf err = {0};
  FlyPipeline *p = flyPipelineCreateParse("reconcile-unrealized-casts", &err);
  if (verifyEach)
    flyPipelineSetVerifyEach(p, true);
  printf("%s\n", label);
  MlirLogicalResult r = flyPipelineRun(p, m, FLY_STAGE_FLY, FLY_STAGE_LLVM, NULL);
  printf("result: %s\n", mlirLogicalResultIsSuccess(r) ? "success" : "failure");
  flyPipelineDestroy(p);
  flyStrBufDestroy(&err);
  mlirModuleDestroy(m);
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0);
  MlirContext ctx = flyContextCreate();
  mlirContextAttachDiagnosticHandler(ctx, onDiagnostic, NULL, NULL);
  // CHECK-LABEL: whole, verified once
  // CHECK-NEXT: result: success
  run(ctx, "whole, verified once", false, false);
  // CHECK-LABEL: whole, verified after each pass
  // CHECK-NEXT: result: success
  run(ctx, "whole, verified after each pass", false, true);
  // CHECK-LABEL: broken, verified once
  // CHECK: diagnostic: loc("broken.mlir":7:3): 'arith.addi' op requires the same type for all operands and results
  // CHECK: result: failure
  run(ctx, "broken, verified once", true, false);
  // CHECK-LABEL: broken, verified after each pass
  // CHECK: diagnostic: loc("broken.mlir":7:3): 'arith.addi' op requires the same type for all operands and results
  // CHECK: result: failure
  run(ctx, "broken, verified after each pass", true, true);
  mlirContextDestroy(ctx);
  return 0;
}
