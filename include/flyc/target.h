/*===- flyc/target.h - From fly IR to AMDGPU code objects ------------------===*
 *
 * The pass pipeline is data: an ordered list of pass strings, each either a
 * flyc pass (flyc/transforms.h) or an upstream MLIR pipeline element such as
 * `gpu.module(convert-gpu-to-rocdl{chipset=gfx950})`. It prints as one
 * comma-separated string that `fly-opt --pipeline` replays. After the
 * pipeline, the backend translates every gpu.module to one LLVM module,
 * optimises it, generates code with LLVM's AMDGPU backend and links the
 * object with ld.lld into a code object. Failures are reported as MLIR
 * diagnostics on the context (located where a source location exists); these
 * functions never print.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_TARGET_H
#define FLYC_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flyc/chip.h"
#include "flyc/support.h"
#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Receives the wall time of each step of a compilation (`flyc
/// --time-stages`): `stage` is a name without spaces (e.g. `llvm-opt`,
/// `pass:fly-verify`), valid only during the call; `ms` is milliseconds.
typedef struct FlyStageTimer {
  void (*record)(void *userData, const char *stage, double ms);
  void *userData;
} FlyStageTimer;

/// What the compilation is for.
typedef struct FlyTargetOptions {
  FlyChip chip;
  int optLevel;        /* 0..3: MLIR clean-ups, LLVM IR optimisation, codegen */
  const char *lldPath; /* ld.lld to link with; NULL = the configured default */
  const FlyStageTimer *timer; /* NULL: untimed */
} FlyTargetOptions;

/// Where a pipeline entry belongs: the fly stage ends with IR that holds no
/// fly ops (what `flyc --emit mlir` shows); the LLVM stage ends in the LLVM
/// and ROCDL dialects, ready for translation.
typedef enum FlyPipelineStage { FLY_STAGE_FLY = 0, FLY_STAGE_LLVM = 1 } FlyPipelineStage;

/// An ordered list of pass strings.
typedef struct FlyPipeline FlyPipeline;

/// Creates flyc's standard pipeline for `options`. Caller owns the result.
FlyPipeline *flyPipelineCreateDefault(const FlyTargetOptions *options);

/// Creates a pipeline from text: comma-separated entries at the top level,
/// as printed by flyPipelinePrint. Returns NULL with the reason in `err`
/// when the text is malformed (unbalanced brackets, empty entry).
FlyPipeline *flyPipelineCreateParse(const char *text, FlyStrBuf *err);

/// Releases a pipeline (NULL is a no-op).
void flyPipelineDestroy(FlyPipeline *pipeline);

/// The entries, in order; `flyPipelineGetEntry` is non-owning.
size_t flyPipelineGetNumEntries(const FlyPipeline *pipeline);
const char *flyPipelineGetEntry(const FlyPipeline *pipeline, size_t i);
FlyPipelineStage flyPipelineGetStage(const FlyPipeline *pipeline, size_t i);

/// Appends the pipeline as one comma-separated string to `out`. With
/// `lastStage` = FLY_STAGE_FLY only the fly stage is printed.
void flyPipelinePrint(const FlyPipeline *pipeline, FlyPipelineStage lastStage, FlyStrBuf *out);

/// Upstream passes known to the library: MLIR's core transforms (canonicalize,
/// cse, licm, sccp, symbol-dce, ...) and the conversions flyc's pipeline runs
/// (convert-scf-to-cf, convert-arith-to-amdgpu, convert-gpu-to-rocdl,
/// reconcile-unrealized-casts). A tool that offers others registers them
/// itself first (fly-opt calls mlirRegisterAllPasses).
///
/// Checks, without running anything, that every entry names a flyc pass or
/// a known upstream pass or nested pipeline with valid options. Each refused entry
/// is one error diagnostic on `ctx` at an unknown location (the pipeline is
/// not part of the input): `invalid pipeline entry 'E': WHY`, with upstream's
/// own text (a caret diagram) on the message's following lines.
MlirLogicalResult flyPipelineCheck(const FlyPipeline *pipeline, MlirContext ctx);

/// Runs the entries of stages `firstStage` to `lastStage` on `module`. When
/// `dumpDir` is non-NULL the IR after each pass is written below it (one
/// file per pass, in MLIR's tree layout). Fails after emitting diagnostics
/// when a pass fails or an entry does not name a pass.
MlirLogicalResult flyPipelineRun(const FlyPipeline *pipeline, MlirModule module,
                                 FlyPipelineStage firstStage, FlyPipelineStage lastStage,
                                 const char *dumpDir);

/// Whether flyPipelineRun verifies the IR after every entry's passes (MLIR's
/// pass-manager verifier: an error names the pass that broke the IR; the
/// setting for testing passes, fly-opt's) or, the default, once after the
/// last one (each pass's output is not re-verified, which costs about a
/// tenth of a GEMM's compile time; invalid IR is still an error, at the op).
void flyPipelineSetVerifyEach(FlyPipeline *pipeline, bool verifyEach);

/// flyPipelineRun, with each entry's wall time reported to `timer` as
/// `pass:NAME` (NAME: the entry without its options, e.g.
/// `pass:gpu.module(convert-gpu-to-rocdl)`). With a timer, every entry runs
/// in a pass manager of its own, so that each is timed alone; the IR each
/// produces is the same. With `dumpDir` as well, the entries run in one pass
/// manager, as untimed (MLIR numbers the dumped files per pass manager), and
/// are timed together as `passes`. `timer` may be NULL (flyPipelineRun).
MlirLogicalResult flyPipelineRunTimed(const FlyPipeline *pipeline, MlirModule module,
                                      FlyPipelineStage firstStage, FlyPipelineStage lastStage,
                                      const char *dumpDir, const FlyStageTimer *timer);

/// Determines the chip to compile `module` for. A gpu.module may name it with
/// MLIR's standard ROCDL target attribute, `gpu.module @k
/// [#rocdl.target<chip = "gfx942">] {...}`; `requested` is the command line's
/// chip, or NULL. The result is the chip the gpu.modules name (gpu.modules
/// without a target follow it), else `*requested`, else gfx950. Fails after
/// an error located at the gpu.module for: a chip flyc does not support, a
/// target that is not #rocdl.target or names no chip, several targets on one
/// gpu.module, target fields flyc cannot honour (O, triple, features, abi,
/// flags, link: only `chip` may be set), gpu.modules naming different chips,
/// and a requested chip other than the one named.
MlirLogicalResult flyTargetResolveChip(MlirModule module, const FlyChip *requested,
                                       FlyChip *chip);

/// The backend's products.
typedef enum FlyEmitKind {
  FLY_EMIT_LLVM = 0,   /* optimised LLVM IR, text */
  FLY_EMIT_ISA = 1,    /* AMDGPU assembly, text */
  FLY_EMIT_OBJECT = 2, /* relocatable ELF */
  FLY_EMIT_HSACO = 3,  /* linked code object (ELF shared object) */
} FlyEmitKind;

/// Translates every gpu.module in `module` (which must have been through the
/// whole pipeline) into one LLVM module and emits `kind` into `out` (bytes;
/// `out->len` is the size). Kernels that would need the ROCm device
/// libraries are rejected with a diagnostic naming the missing function.
MlirLogicalResult flyTargetEmit(MlirModule module, const FlyTargetOptions *options,
                                FlyEmitKind kind, FlyStrBuf *out);

/// Appends the resource report of the code object in `bytes` to `out`, one
/// block per kernel, read from the code object's metadata and kernel
/// descriptors (not estimated):
///
///   kernel vadd (gfx950)
///     arch_vgpr: 5
///     agpr: 0
///     vgpr_alloc: 8
///     sgpr: 14
///     lds_bytes: 0
///     scratch_bytes: 0
///     spills: 0 sgpr, 0 vgpr
///     occupancy: 8 waves/SIMD (vgpr 8, sgpr 8, lds 8)
///     main loop: none
///
/// (fields in docs/pipeline.md, "Reports"); `warning:` lines follow the
/// spill line when a kernel spills or uses scratch, and the register lines
/// when the metadata disagrees with the kernel descriptor.
/// Returns false with a one-line reason in `err` for an unreadable object.
bool flyTargetFormatStats(const uint8_t *bytes, size_t n, FlyStrBuf *out, FlyStrBuf *err);

#ifdef __cplusplus
}
#endif

#endif /* FLYC_TARGET_H */
