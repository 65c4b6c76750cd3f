/*===- backend.c - gpu.module -> LLVM IR -> AMDGPU ISA / object --------------===*/
#include <stdio.h>
#include <string.h>

#include "flyc/target.h"
#include "link.h"
#include "llvm-c/Core.h"
#include "llvm-c/Error.h"
#include "llvm-c/Linker.h"
#include "llvm-c/Target.h"
#include "llvm-c/TargetMachine.h"
#include "llvm-c/Transforms/PassBuilder.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "mlir-c/Target/LLVMIR.h"

static const char *const kTriple = "amdgcn-amd-amdhsa";

static void emitErrorF(MlirLocation loc, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void emitErrorF(MlirLocation loc, const char *fmt, ...) {
  FlyStrBuf b = {0};
  va_list ap;
  va_start(ap, fmt);
  flyStrBufAppendV(&b, fmt, ap);
  va_end(ap);
  mlirEmitError(loc, b.data ? b.data : "out of memory");
  flyStrBufDestroy(&b);
}

static bool isGpuModule(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == 10 && !memcmp(n.data, "gpu.module", 10);
}

/* Names the LLVM arguments of each kernel after its `fly.arg_names`
 * (fly-kernel-abi), so the code object's metadata names them (`.name`) and
 * a launcher can tell a dynamic memref's sizes from other scalars. */
static void nameKernelArguments(MlirOperation gpuModule, LLVMModuleRef m) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(gpuModule, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f)) {
    MlirAttribute names =
        mlirOperationGetAttributeByName(f, mlirStringRefCreateFromCString("fly.arg_names"));
    MlirAttribute sym =
        mlirOperationGetAttributeByName(f, mlirStringRefCreateFromCString("sym_name"));
    if (mlirAttributeIsNull(names) || !mlirAttributeIsAArray(names) || mlirAttributeIsNull(sym) ||
        !mlirAttributeIsAString(sym))
      continue;
    MlirStringRef fn = mlirStringAttrGetValue(sym);
    char buf[256];
    snprintf(buf, sizeof buf, "%.*s", (int)fn.length, fn.data);
    LLVMValueRef lf = LLVMGetNamedFunction(m, buf);
    intptr_t n = mlirArrayAttrGetNumElements(names);
    if (!lf || (intptr_t)LLVMCountParams(lf) != n)
      continue;
    for (intptr_t i = 0; i < n; ++i) {
      MlirAttribute a = mlirArrayAttrGetElement(names, i);
      if (!mlirAttributeIsAString(a))
        continue;
      MlirStringRef s = mlirStringAttrGetValue(a);
      LLVMSetValueName2(LLVMGetParam(lf, (unsigned)i), s.data, s.length);
    }
  }
}

/* Translates each gpu.module and links them into one LLVM module. */
static LLVMModuleRef translateGpuModules(MlirModule module, LLVMContextRef llctx) {
  LLVMModuleRef linked = NULL;
  int found = 0;
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isGpuModule(op))
      continue;
    ++found;
    LLVMModuleRef m = mlirTranslateModuleToLLVMIR(op, llctx);
    if (!m) {
      /* The translator's own complaint (e.g. LLVM's verifier) may have gone
       * to stderr rather than to a diagnostic, so always say where. */
      emitErrorF(mlirOperationGetLocation(op),
                 "cannot translate this gpu.module to LLVM IR (an op with operand types the "
                 "LLVM intrinsic does not accept?)");
      if (linked)
        LLVMDisposeModule(linked);
      return NULL;
    }
    nameKernelArguments(op, m);
    if (!linked)
      linked = m;
    else if (LLVMLinkModules2(linked, m)) {
      emitErrorF(mlirOperationGetLocation(op), "cannot link this gpu.module with the previous ones "
                                               "(duplicate kernel or global names?)");
      LLVMDisposeModule(linked);
      return NULL;
    }
  }
  if (!found)
    emitErrorF(mlirOperationGetLocation(mlirModuleGetOperation(module)),
               "input has no gpu.module: nothing to compile");
  return linked;
}

static void initAmdgpuTarget(void) {
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTarget();
  LLVMInitializeAMDGPUTargetMC();
  LLVMInitializeAMDGPUAsmPrinter();
}

static LLVMTargetMachineRef createTargetMachine(const FlyTargetOptions *options,
                                                MlirLocation loc) {
  initAmdgpuTarget();
  LLVMTargetRef target;
  char *err = NULL;
  if (LLVMGetTargetFromTriple(kTriple, &target, &err)) {
    emitErrorF(loc, "LLVM has no AMDGPU target: %s", err);
    LLVMDisposeMessage(err);
    return NULL;
  }
  static const LLVMCodeGenOptLevel levels[] = {LLVMCodeGenLevelNone, LLVMCodeGenLevelLess,
                                               LLVMCodeGenLevelDefault,
                                               LLVMCodeGenLevelAggressive};
  return LLVMCreateTargetMachine(target, kTriple, flyChipGetInfo(options->chip)->name, "",
                                 levels[options->optLevel], LLVMRelocPIC, LLVMCodeModelDefault);
}

/* Kernels may only call LLVM intrinsics: any other declaration would have to
 * come from the ROCm device libraries, which flyc does not have. */
static MlirLogicalResult checkNoExternalCalls(LLVMModuleRef m, MlirLocation loc) {
  MlirLogicalResult r = mlirLogicalResultSuccess();
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f) || LLVMGetIntrinsicID(f) != 0)
      continue;
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    emitErrorF(loc, "kernel code calls '%.*s', a ROCm device-library function that flyc cannot "
                    "link; express it with LLVM intrinsics or declared kernel sizes instead",
               (int)n, name);
    r = mlirLogicalResultFailure();
  }
  return r;
}

static MlirLogicalResult optimize(LLVMModuleRef m, LLVMTargetMachineRef tm, int optLevel,
                                  MlirLocation loc) {
  char passes[16];
  snprintf(passes, sizeof passes, "default<O%d>", optLevel);
  LLVMPassBuilderOptionsRef pbo = LLVMCreatePassBuilderOptions();
  LLVMErrorRef e = LLVMRunPasses(m, passes, tm, pbo);
  LLVMDisposePassBuilderOptions(pbo);
  if (!e)
    return mlirLogicalResultSuccess();
  char *msg = LLVMGetErrorMessage(e);
  emitErrorF(loc, "LLVM optimisation failed: %s", msg);
  LLVMDisposeErrorMessage(msg);
  return mlirLogicalResultFailure();
}

static MlirLogicalResult codegen(LLVMModuleRef m, LLVMTargetMachineRef tm, LLVMCodeGenFileType ft,
                                 MlirLocation loc, FlyStrBuf *out) {
  char *err = NULL;
  LLVMMemoryBufferRef buf = NULL;
  if (LLVMTargetMachineEmitToMemoryBuffer(tm, m, ft, &err, &buf)) {
    emitErrorF(loc, "AMDGPU code generation failed: %s", err);
    LLVMDisposeMessage(err);
    return mlirLogicalResultFailure();
  }
  flyStrBufAppendN(out, LLVMGetBufferStart(buf), LLVMGetBufferSize(buf));
  LLVMDisposeMemoryBuffer(buf);
  return mlirLogicalResultSuccess();
}

static void prepareModule(LLVMModuleRef m, LLVMTargetMachineRef tm) {
  LLVMSetTarget(m, kTriple);
  LLVMTargetDataRef td = LLVMCreateTargetDataLayout(tm);
  char *dl = LLVMCopyStringRepOfTargetData(td);
  LLVMSetDataLayout(m, dl);
  LLVMDisposeMessage(dl);
  LLVMDisposeTargetData(td);
}

static MlirLogicalResult emitFrom(LLVMModuleRef m, LLVMTargetMachineRef tm,
                                  const FlyTargetOptions *options, FlyEmitKind kind,
                                  MlirLocation loc, FlyStrBuf *out) {
  prepareModule(m, tm);
  if (mlirLogicalResultIsFailure(checkNoExternalCalls(m, loc)) ||
      mlirLogicalResultIsFailure(optimize(m, tm, options->optLevel, loc)))
    return mlirLogicalResultFailure();
  if (kind == FLY_EMIT_LLVM) {
    char *text = LLVMPrintModuleToString(m);
    flyStrBufAppend(out, text);
    LLVMDisposeMessage(text);
    return mlirLogicalResultSuccess();
  }
  if (kind == FLY_EMIT_ISA)
    return codegen(m, tm, LLVMAssemblyFile, loc, out);
  FlyStrBuf obj = {0};
  MlirLogicalResult r = codegen(m, tm, LLVMObjectFile, loc, &obj);
  if (mlirLogicalResultIsSuccess(r)) {
    if (kind == FLY_EMIT_OBJECT)
      flyStrBufAppendN(out, obj.data, obj.len);
    else
      r = flyLinkCodeObject(&obj, options->lldPath, loc, out);
  }
  flyStrBufDestroy(&obj);
  return r;
}

MlirLogicalResult flyTargetEmit(MlirModule module, const FlyTargetOptions *options,
                                FlyEmitKind kind, FlyStrBuf *out) {
  MlirLocation loc = mlirOperationGetLocation(mlirModuleGetOperation(module));
  LLVMContextRef llctx = LLVMContextCreate();
  LLVMModuleRef m = translateGpuModules(module, llctx);
  MlirLogicalResult r = mlirLogicalResultFailure();
  if (m) {
    LLVMTargetMachineRef tm = createTargetMachine(options, loc);
    if (tm) {
      r = emitFrom(m, tm, options, kind, loc, out);
      LLVMDisposeTargetMachine(tm);
    }
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(llctx);
  if (out->oom) {
    mlirEmitError(loc, "out of memory");
    return mlirLogicalResultFailure();
  }
  return r;
}
