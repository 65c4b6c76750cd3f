/*===- backend.c - gpu.module -> LLVM IR -> AMDGPU ISA / object --------------===*/
#include <stdio.h>
#include <string.h>

#include "capture.h"
#include "flyc/target.h"
#include "link.h"
#include "llvm-c/Core.h"
#include "llvm-c/DebugInfo.h"
#include "llvm-c/Support.h"
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

/*--- LLVM's own error reports -------------------------------------------------*/

/* LLVM reports some failures through its context's diagnostic handler, whose
 * default prints them and calls exit(1): resource limits (LDS beyond the
 * chip's), unsupported operations, the IR linker's duplicate symbols. The
 * handler below keeps the errors until the step that caused them turns them
 * into MLIR diagnostics. Warnings and remarks are not reported: the MLIR C
 * API can only emit errors. */
typedef struct LlvmErrors {
  char **msgs;
  size_t len, cap;
} LlvmErrors;

static void onLlvmDiagnostic(LLVMDiagnosticInfoRef di, void *user) {
  LlvmErrors *e = user;
  if (LLVMGetDiagInfoSeverity(di) != LLVMDSError)
    return;
  if (e->len == e->cap) {
    size_t cap = e->cap ? 2 * e->cap : 4;
    char **p = flyRealloc(e->msgs, cap * sizeof(char *));
    if (!p)
      return;
    e->msgs = p;
    e->cap = cap;
  }
  char *desc = LLVMGetDiagInfoDescription(di);
  /* Unlocated reports print as `<unknown>:0:0: in function k void (): ...`. */
  static const char unknown[] = "<unknown>:0:0: ";
  const char *text = desc ? desc : "unknown LLVM error";
  if (!strncmp(text, unknown, sizeof unknown - 1))
    text += sizeof unknown - 1;
  e->msgs[e->len] = flyStrdup(text);
  if (e->msgs[e->len])
    ++e->len;
  LLVMDisposeMessage(desc);
}

static void llvmErrorsClear(LlvmErrors *e) {
  for (size_t i = 0; i < e->len; ++i)
    flyFree(e->msgs[i]);
  e->len = 0;
}

static void llvmErrorsDestroy(LlvmErrors *e) {
  llvmErrorsClear(e);
  flyFree(e->msgs);
}

/* The op defining symbol `name` (n bytes) in any gpu.module, if any. */
static bool findSymbol(MlirModule module, const char *name, size_t n, MlirLocation *loc) {
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation gm = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(gm);
       gm = mlirOperationGetNextInBlock(gm)) {
    if (!isGpuModule(gm))
      continue;
    MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(gm, 0));
    for (MlirOperation op = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op)) {
      MlirAttribute sym =
          mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name"));
      if (mlirAttributeIsNull(sym) || !mlirAttributeIsAString(sym))
        continue;
      MlirStringRef s = mlirStringAttrGetValue(sym);
      if (s.length == n && !memcmp(s.data, name, n)) {
        *loc = mlirOperationGetLocation(op);
        return true;
      }
    }
  }
  return false;
}

/* Finds the llvm.inline_asm op whose text holds a given line. */
typedef struct AsmSearch {
  const char *line;
  size_t len;
  MlirLocation loc;
  bool found;
} AsmSearch;

static MlirWalkResult findInlineAsm(MlirOperation op, void *userData) {
  AsmSearch *s = userData;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length != 15 || memcmp(name.data, "llvm.inline_asm", 15))
    return MlirWalkResultAdvance;
  MlirAttribute text =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("asm_string"));
  if (mlirAttributeIsNull(text) || !mlirAttributeIsAString(text))
    return MlirWalkResultAdvance;
  MlirStringRef t = mlirStringAttrGetValue(text);
  for (size_t i = 0; i + s->len <= t.length; ++i) {
    if (!memcmp(t.data + i, s->line, s->len)) {
      s->loc = mlirOperationGetLocation(op);
      s->found = true;
      return MlirWalkResultInterrupt;
    }
  }
  return MlirWalkResultAdvance;
}

/* An inline-assembly error reads `<inline asm>:L:C: WHY` then the line. */
static bool locateInlineAsm(MlirModule module, const char *msg, MlirLocation *loc) {
  const char *nl = strchr(msg, '\n');
  if (strncmp(msg, "<inline asm>:", 13) || !nl)
    return false;
  const char *line = nl + 1 + strspn(nl + 1, " \t");
  AsmSearch s = {line, strcspn(line, "\n"), *loc, false};
  while (s.len && (line[s.len - 1] == ' ' || line[s.len - 1] == '\t'))
    --s.len;
  if (s.len)
    mlirOperationWalk(mlirModuleGetOperation(module), findInlineAsm, &s, MlirWalkPreOrder);
  *loc = s.loc;
  return s.found;
}

/* LLVM names the function as `in function 'k'` or `in function k TYPE:`;
 * inline assembly is found by its text. */
static MlirLocation locateLlvmError(MlirModule module, const char *msg, MlirLocation fallback) {
  MlirLocation asmLoc = fallback;
  if (locateInlineAsm(module, msg, &asmLoc))
    return asmLoc;
  const char *p = strstr(msg, "in function ");
  if (!p)
    return fallback;
  p += 12;
  bool quoted = *p == '\'';
  p += quoted;
  size_t n = strcspn(p, quoted ? "'" : " :");
  MlirLocation loc = fallback;
  findSymbol(module, p, n, &loc);
  return loc;
}

/* Turns the errors LLVM reported during one step into diagnostics, each
 * prefixed by `what` and located at the function it names. */
static MlirLogicalResult reportLlvmErrors(LlvmErrors *e, MlirModule module, const char *what,
                                          MlirLocation fallback) {
  for (size_t i = 0; i < e->len; ++i)
    emitErrorF(locateLlvmError(module, e->msgs[i], fallback), "%s: %s", what, e->msgs[i]);
  MlirLogicalResult r = e->len ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
  llvmErrorsClear(e);
  return r;
}

/*--- Translation -----------------------------------------------------------------*/

static MlirLogicalResult countErrors(MlirDiagnostic diag, void *userData) {
  if (mlirDiagnosticGetSeverity(diag) == MlirDiagnosticError)
    ++*(int *)userData;
  return mlirLogicalResultFailure(); /* not handled: the tool's handler prints it */
}

/* Translates one gpu.module. LLVM's IR verifier, run by the translator,
 * prints what is wrong to stderr and the translation returns NULL with no
 * diagnostic; its output is captured and becomes the error's detail. */
static LLVMModuleRef translateOne(MlirOperation op, LLVMContextRef llctx) {
  MlirContext ctx = mlirOperationGetContext(op);
  int mlirErrors = 0;
  MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(ctx, countErrors, &mlirErrors, NULL);
  FlyStrBuf printed = {0};
  FlyCapture cap;
  flyCaptureBegin(&cap);
  LLVMModuleRef m = mlirTranslateModuleToLLVMIR(op, llctx);
  flyCaptureEnd(&cap, &printed);
  mlirContextDetachDiagnosticHandler(ctx, id);
  if (!m && (printed.len || !mlirErrors)) {
    FlyStrBuf first = {0};
    flyCaptureFirstLine(printed.data, &first);
    if (first.len)
      emitErrorF(mlirOperationGetLocation(op),
                 "cannot translate this gpu.module to LLVM IR: LLVM's verifier: %s\n%s",
                 first.data, printed.data);
    else
      emitErrorF(mlirOperationGetLocation(op), "cannot translate this gpu.module to LLVM IR");
    flyStrBufDestroy(&first);
  }
  flyStrBufDestroy(&printed);
  return m;
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
static LLVMModuleRef translateGpuModules(MlirModule module, LLVMContextRef llctx,
                                         LlvmErrors *errors) {
  LLVMModuleRef linked = NULL;
  int found = 0;
  MlirBlock body = mlirModuleGetBody(module);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!isGpuModule(op))
      continue;
    ++found;
    LLVMModuleRef m = translateOne(op, llctx);
    if (!m || mlirLogicalResultIsFailure(reportLlvmErrors(errors, module, "LLVM IR translation",
                                                          mlirOperationGetLocation(op)))) {
      if (m)
        LLVMDisposeModule(m);
      if (linked)
        LLVMDisposeModule(linked);
      return NULL;
    }
    nameKernelArguments(op, m);
    if (!linked) {
      linked = m;
    } else if (LLVMLinkModules2(linked, m)) {
      emitErrorF(mlirOperationGetLocation(op), "cannot link this gpu.module with the previous ones: %s",
                 errors->len ? errors->msgs[0] : "duplicate kernel or global names?");
      llvmErrorsClear(errors);
      LLVMDisposeModule(linked);
      return NULL;
    }
  }
  if (!found)
    emitErrorF(mlirOperationGetLocation(mlirModuleGetOperation(module)),
               "input has no gpu.module: nothing to compile");
  return linked;
}

/* The assembly parser is needed to emit objects from kernels with inline
 * assembly: without it LLVM stops with a fatal error ("Inline asm not
 * supported by this streamer"), valid assembly or not. */
/* The GCN scheduler's two re-scheduling stages (for high register pressure
 * and for low occupancy) schedule every region again and keep the result
 * only when it raises occupancy. For flyc's kernels, whose register use is
 * set by the tile, they kept nothing: the code objects of every reference
 * configuration are the same without them (docs/pipeline.md, "Compile
 * time"), and they cost a third of the scheduler's time. Machine sinking
 * is off: where a loop body branches on a wave-uniform condition (the
 * 8-wave GEMM's per-group copies), it moved the B fragment loads issued
 * before the branch down to their MFMAs, so each was waited for at once
 * (docs/blockscale.md); elsewhere it changed nothing the timing model sees.
 * Loop strength reduction is off: flyc's loops index their buffers from the
 * induction variable with offsets MLIR already folded, and LSR rewrote them
 * into one VGPR pointer per access stream, advanced by a VALU add each
 * iteration, and the trip count into a 64-bit VALU compare; without it the
 * offsets stay immediates, the counter is a scalar s_cmp, and every
 * reference main loop is shorter (docs/pipeline.md, "Compile time").
 * LLVM's options are process-wide, so they are set once. */
static void setCodegenOptions(void) {
  static bool done = false;
  if (done)
    return;
  done = true;
  const char *const args[] = {"flyc", "-amdgpu-disable-unclustered-high-rp-reschedule",
                              "-amdgpu-disable-clustered-low-occupancy-reschedule",
                              "-disable-machine-sink", "-disable-lsr"};
  LLVMParseCommandLineOptions((int)(sizeof args / sizeof *args), args, NULL);
}

static void initAmdgpuTarget(void) {
  setCodegenOptions();
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTarget();
  LLVMInitializeAMDGPUTargetMC();
  LLVMInitializeAMDGPUAsmPrinter();
  LLVMInitializeAMDGPUAsmParser();
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
  /* -O3 generates code at LLVM's Default level, as -O2 does. Aggressive
   * differs from it (LLVM 22, llc -debug-pass=Arguments) only in running
   * GVN instead of EarlyCSE, twice, in the code-generation IR passes (after
   * straight-line strength reduction and before instruction selection):
   * for every reference configuration, example and test kernel the code
   * object is byte for byte the same, and the two GVNs took 3-10% of code
   * generation (docs/pipeline.md, "Compile time"). */
  static const LLVMCodeGenOptLevel levels[] = {LLVMCodeGenLevelNone, LLVMCodeGenLevelLess,
                                               LLVMCodeGenLevelDefault,
                                               LLVMCodeGenLevelDefault};
  return LLVMCreateTargetMachine(target, kTriple, flyChipGetInfo(options->chip)->name, "",
                                 levels[options->optLevel], LLVMRelocPIC, LLVMCodeModelDefault);
}

/* One backend run: where errors go and what LLVM reported meanwhile. */
typedef struct Backend {
  MlirModule module;
  MlirLocation loc; /* the input module: for errors no function explains */
  const FlyTargetOptions *options;
  LLVMTargetMachineRef tm;
  LlvmErrors errors;
} Backend;

/* Reports the wall time since `t0` as `stage` (flyc --time-stages). */
static void recordStage(const FlyTargetOptions *options, const char *stage, double t0) {
  if (options->timer)
    options->timer->record(options->timer->userData, stage, flyClockMs() - t0);
}

/* The location of the function whose code first uses `callee`. */
static MlirLocation locateCaller(const Backend *b, LLVMValueRef callee) {
  MlirLocation loc = b->loc;
  for (LLVMUseRef u = LLVMGetFirstUse(callee); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user))
      continue;
    size_t n;
    const char *name = LLVMGetValueName2(LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)), &n);
    if (findSymbol(b->module, name, n, &loc))
      break;
  }
  return loc;
}

/* Kernels may only call LLVM intrinsics: any other declaration would have to
 * come from the ROCm device libraries, which flyc does not have. */
static MlirLogicalResult checkNoExternalCalls(const Backend *b, LLVMModuleRef m) {
  MlirLogicalResult r = mlirLogicalResultSuccess();
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f) || LLVMGetIntrinsicID(f) != 0)
      continue;
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    emitErrorF(locateCaller(b, f),
               "kernel code calls '%.*s', a ROCm device-library function that flyc cannot "
               "link; express it with LLVM intrinsics or declared kernel sizes instead",
               (int)n, name);
    r = mlirLogicalResultFailure();
  }
  return r;
}

/* True for the generic math intrinsics AMDGPU cannot select for f64 (LLVM
 * 22 stops with "Cannot select: fpow/fsin/fcos"; checked with llc). */
static bool isUnselectableMath(const char *name, size_t n) {
  static const char *const ops[] = {"llvm.pow.", "llvm.sin.", "llvm.cos."};
  for (size_t i = 0; i < sizeof ops / sizeof *ops; ++i) {
    size_t l = strlen(ops[i]);
    if (n <= l || memcmp(name, ops[i], l))
      continue;
    for (size_t j = l; j + 3 <= n; ++j) /* the type suffix: f64, v2f64, ... */
      if (!memcmp(name + j, "f64", 3))
        return true;
  }
  return false;
}

/* Every intrinsic the module declares must exist on the chip: LLVM's
 * instruction selector stops the process on one that does not (or, as for
 * permlane64, crashes). ROCDL ops were checked at their op already
 * (fly-verify-target); this also covers llvm.call_intrinsic and what the
 * conversions and the optimiser introduce. */
static MlirLogicalResult checkIntrinsics(const Backend *b, LLVMModuleRef m) {
  static const char amdgcn[] = "llvm.amdgcn.";
  MlirLogicalResult r = mlirLogicalResultSuccess();
  const char *chip = flyChipGetInfo(b->options->chip)->name;
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f)) {
    if (!LLVMIsDeclaration(f) || LLVMGetIntrinsicID(f) == 0 || !LLVMGetFirstUse(f))
      continue;
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    size_t pre = sizeof amdgcn - 1;
    bool bad = n > pre && !memcmp(name, amdgcn, pre)
                   ? !flyChipHasIntrinsic(b->options->chip, name + pre, n - pre)
                   : isUnselectableMath(name, n);
    if (!bad)
      continue;
    emitErrorF(locateCaller(b, f), "kernel code uses the intrinsic '%.*s', which %s does not have",
               (int)n, name, chip);
    r = mlirLogicalResultFailure();
  }
  return r;
}

/* The LLVM IR pipeline for a level. flyc's IR arrives already in the shape
 * LLVM's -O3 would give it: one kernel, no calls, no allocas, vector loads
 * and stores written as such, the layout arithmetic folded (fly-fold) and
 * cleaned (canonicalize, cse). -O3 changed no code object against -O1, and
 * of -O1's 115 pass runs -O2 and -O3 keep the 22 below, in -O1's order:
 * those found by removing -O1's passes one at a time and keeping a removal
 * only when the assembly of every reference configuration and example
 * stayed byte for byte the same, and three that kernels outside that set
 * need — partial unrolling (cross-lane reduction loops), globalopt (deletes
 * stores to an LDS buffer nothing reads) and function-attrs (a pointer
 * argument's read_only/write_only access in the code object's metadata;
 * test/target/opt-pipeline.mlir). Correlated value propagation and one more
 * InstCombine follow: their no-wrap facts on the index arithmetic let the
 * backend fold offsets into the memory instructions (the 16x128x256 fp8
 * loop has 13 more v_add_u32 without them). The list is held to identical
 * output, not to "no worse": the main loops' schedules answer any change in
 * the IR the backend sees with a different order (docs/pipeline.md,
 * "Compile time"). -O1 runs default<O1>. */
static const char *optPipeline(int optLevel) {
  static const char kFlycPipeline[] =
      "ipsccp,globalopt,"
      "function("
      "early-cse<>,instcombine<max-iterations=1;no-verify-fixpoint>,"
      "early-cse<memssa>,instcombine<max-iterations=1;no-verify-fixpoint>,"
      "reassociate,"
      "loop-mssa(licm<no-allowspeculation>,loop-rotate<header-duplication;no-prepare-for-lto>,"
      "licm<allowspeculation>),"
      "instcombine<max-iterations=1;no-verify-fixpoint>,"
      "loop(indvars,loop-unroll-full),"
      "infer-alignment,instcombine<max-iterations=1;no-verify-fixpoint>,"
      "simplifycfg<bonus-inst-threshold=1;forward-switch-cond;switch-range-to-icmp;"
      "switch-to-arithmetic;switch-to-lookup;no-keep-loops;hoist-common-insts;"
      "no-hoist-loads-stores-with-cond-faulting;sink-common-insts;speculate-blocks;"
      "simplify-cond-branch;no-speculate-unpredictables>,"
      "vector-combine,loop-unroll<O1>,loop-mssa(licm<allowspeculation>),div-rem-pairs),"
      "function-attrs,amdgpu-attributor,"
      "function(correlated-propagation,instcombine<no-verify-fixpoint>)";
  static const char *const pipelines[] = {"default<O0>", "default<O1>", kFlycPipeline,
                                          kFlycPipeline};
  return pipelines[optLevel];
}

static MlirLogicalResult optimize(Backend *b, LLVMModuleRef m) {
  const char *passes = optPipeline(b->options->optLevel);
  LLVMPassBuilderOptionsRef pbo = LLVMCreatePassBuilderOptions();
  double t0 = flyClockMs();
  LLVMErrorRef e = LLVMRunPasses(m, passes, b->tm, pbo);
  recordStage(b->options, "llvm-opt", t0);
  LLVMDisposePassBuilderOptions(pbo);
  if (e) {
    char *msg = LLVMGetErrorMessage(e);
    emitErrorF(b->loc, "LLVM optimisation failed: %s", msg);
    LLVMDisposeErrorMessage(msg);
    llvmErrorsClear(&b->errors);
    return mlirLogicalResultFailure();
  }
  return reportLlvmErrors(&b->errors, b->module, "LLVM optimisation", b->loc);
}

/* Code generation reports resource limits (LDS, registers) through the
 * context's handler and still produces output: that output is discarded. */
static MlirLogicalResult codegen(Backend *b, LLVMModuleRef m, LLVMCodeGenFileType ft,
                                 FlyStrBuf *out) {
  char *err = NULL;
  LLVMMemoryBufferRef buf = NULL;
  double t0 = flyClockMs();
  LLVMBool failed = LLVMTargetMachineEmitToMemoryBuffer(b->tm, m, ft, &err, &buf);
  recordStage(b->options, "codegen", t0);
  if (failed) {
    emitErrorF(b->loc, "AMDGPU code generation failed: %s", err);
    LLVMDisposeMessage(err);
    llvmErrorsClear(&b->errors);
    return mlirLogicalResultFailure();
  }
  MlirLogicalResult r = reportLlvmErrors(&b->errors, b->module, "AMDGPU code generation", b->loc);
  if (mlirLogicalResultIsSuccess(r))
    flyStrBufAppendN(out, LLVMGetBufferStart(buf), LLVMGetBufferSize(buf));
  LLVMDisposeMemoryBuffer(buf);
  return r;
}

/* The loop ID !{self, !{"llvm.loop.unroll.disable"}}: distinct, as a loop
 * ID must be (a node that names itself is made distinct by LLVM). */
static LLVMValueRef noUnrollLoopId(LLVMContextRef ctx) {
  static const char kDisable[] = "llvm.loop.unroll.disable";
  LLVMMetadataRef name = LLVMMDStringInContext2(ctx, kDisable, sizeof kDisable - 1);
  LLVMMetadataRef ops[2] = {LLVMTemporaryMDNode(ctx, NULL, 0),
                            LLVMMDNodeInContext2(ctx, &name, 1)};
  LLVMMetadataRef id = LLVMMDNodeInContext2(ctx, ops, 2);
  LLVMMetadataReplaceAllUsesWith(ops[0], id);
  return LLVMMetadataAsValue(ctx, id);
}

/* Whether a block calls an MFMA intrinsic. */
static bool callsMfma(LLVMBasicBlockRef bb) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
    if (LLVMGetInstructionOpcode(i) != LLVMCall)
      continue;
    size_t n = 0;
    const char *name = LLVMGetValueName2(LLVMGetCalledValue(i), &n);
    if ((n > 16 && !strncmp(name, "llvm.amdgcn.mfma", 16)) ||
        (n > 18 && !strncmp(name, "llvm.amdgcn.smfmac", 18)))
      return true;
  }
  return false;
}

/* The back edge to `to` from `latch`, if `to` is at or before `latch` in
 * block order (scf-to-cf lays a loop out header first, latch last), and
 * whether the blocks between call an MFMA. */
static bool mfmaLoopBackEdge(LLVMBasicBlockRef to, LLVMBasicBlockRef latch) {
  bool mfma = false;
  for (LLVMBasicBlockRef x = to; x; x = LLVMGetNextBasicBlock(x)) {
    mfma = mfma || callsMfma(x);
    if (x == latch)
      return mfma;
  }
  return false;
}

/* A loop that issues MFMAs keeps its shape: such a loop is a main loop
 * whose author (gemm-gen, or a kernel writer) pipelined it per iteration
 * (loads a stage ahead, waits counted per stage, the hot-loop schedule's
 * sched_group_barriers), and LLVM's full unrolling of a short one (the
 * 16x64x512 GEMM at K = 4096, four iterations) multiplies the code to
 * schedule without removing a wait (docs/pipeline.md, "Compile time").
 * Other loops (a CShuffle epilogue's) are left to LLVM. */
static void keepLoops(LLVMModuleRef m) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  unsigned kind = LLVMGetMDKindIDInContext(ctx, "llvm.loop", 9);
  for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
      if (!term || LLVMGetInstructionOpcode(term) != LLVMBr)
        continue;
      for (unsigned s = 0, n = LLVMGetNumSuccessors(term); s < n; ++s)
        if (mfmaLoopBackEdge(LLVMGetSuccessor(term, s), bb)) {
          LLVMSetMetadata(term, kind, noUnrollLoopId(ctx));
          break;
        }
    }
}

static void prepareModule(LLVMModuleRef m, LLVMTargetMachineRef tm) {
  keepLoops(m);
  LLVMSetTarget(m, kTriple);
  LLVMTargetDataRef td = LLVMCreateTargetDataLayout(tm);
  char *dl = LLVMCopyStringRepOfTargetData(td);
  LLVMSetDataLayout(m, dl);
  LLVMDisposeMessage(dl);
  LLVMDisposeTargetData(td);
}

/* Optimises, generates code and, for a code object, links it with the
 * started linker `link` (consumed). */
static MlirLogicalResult emitLinked(Backend *b, LLVMModuleRef m, FlyEmitKind kind,
                                    FlyLinkJob *link, FlyStrBuf *out) {
  if (mlirLogicalResultIsFailure(optimize(b, m)) ||
      mlirLogicalResultIsFailure(checkIntrinsics(b, m))) {
    flyLinkAbort(link);
    return mlirLogicalResultFailure();
  }
  if (kind == FLY_EMIT_LLVM) {
    char *text = LLVMPrintModuleToString(m);
    flyStrBufAppend(out, text);
    LLVMDisposeMessage(text);
    return mlirLogicalResultSuccess();
  }
  if (kind == FLY_EMIT_ISA)
    return codegen(b, m, LLVMAssemblyFile, out);
  FlyStrBuf obj = {0};
  MlirLogicalResult r = codegen(b, m, LLVMObjectFile, &obj);
  if (mlirLogicalResultIsSuccess(r)) {
    if (kind == FLY_EMIT_OBJECT) {
      flyStrBufAppendN(out, obj.data, obj.len);
    } else {
      double t0 = flyClockMs();
      r = flyLinkFinish(link, &obj, b->options->lldPath, b->loc, out);
      link = NULL;
      recordStage(b->options, "link", t0);
    }
  }
  flyLinkAbort(link);
  flyStrBufDestroy(&obj);
  return r;
}

static MlirLogicalResult emitFrom(Backend *b, LLVMModuleRef m, FlyEmitKind kind, FlyStrBuf *out) {
  prepareModule(m, b->tm);
  if (mlirLogicalResultIsFailure(checkNoExternalCalls(b, m)) ||
      mlirLogicalResultIsFailure(checkIntrinsics(b, m)))
    return mlirLogicalResultFailure();
  /* The linker loads while LLVM optimises and generates code (link.c). */
  FlyLinkJob *link = kind == FLY_EMIT_HSACO ? flyLinkStart(b->options->lldPath) : NULL;
  return emitLinked(b, m, kind, link, out);
}

MlirLogicalResult flyTargetEmit(MlirModule module, const FlyTargetOptions *options,
                                FlyEmitKind kind, FlyStrBuf *out) {
  Backend b = {.module = module,
               .loc = mlirOperationGetLocation(mlirModuleGetOperation(module)),
               .options = options};
  LLVMContextRef llctx = LLVMContextCreate();
  LLVMContextSetDiagnosticHandler(llctx, onLlvmDiagnostic, &b.errors);
  double t0 = flyClockMs();
  LLVMModuleRef m = translateGpuModules(module, llctx, &b.errors);
  recordStage(options, "translate", t0);
  MlirLogicalResult r = mlirLogicalResultFailure();
  if (m) {
    t0 = flyClockMs();
    b.tm = createTargetMachine(options, b.loc);
    recordStage(options, "target-machine", t0);
    if (b.tm) {
      r = emitFrom(&b, m, kind, out);
      LLVMDisposeTargetMachine(b.tm);
    }
    LLVMDisposeModule(m);
  }
  LLVMContextDispose(llctx);
  llvmErrorsDestroy(&b.errors);
  if (out->oom) {
    mlirEmitError(b.loc, "out of memory");
    return mlirLogicalResultFailure();
  }
  return r;
}
