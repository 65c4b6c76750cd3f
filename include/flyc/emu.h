/*===- flyc/emu.h - gfx950/gfx942 functional emulator ---------------------===*
 *
 * Runs AMDGPU code objects on the CPU. Handles are opaque; ownership is in
 * the names (Create/Destroy). Functions never print or exit: failures come
 * back as a status and a FlyEmuFault record that the caller may format.
 * Usage: create a device, allocate and fill buffers, load a code object,
 * launch a kernel with its explicit kernel-argument bytes, read back.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_EMU_H
#define FLYC_EMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flyc/codeobj.h"
#include "flyc/support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Kinds of run-time failure.
typedef enum FlyEmuFaultKind {
  FLY_EMU_FAULT_NONE = 0,
  FLY_EMU_FAULT_UNSUPPORTED,   /* an instruction the emulator does not implement */
  FLY_EMU_FAULT_MEMORY,        /* access outside the caller's buffers / LDS */
  FLY_EMU_FAULT_MISALIGNED,    /* an alignment the hardware rejects */
  FLY_EMU_FAULT_INVALID,       /* malformed code object, bad launch, ... */
  FLY_EMU_FAULT_LIMIT,         /* a wave ran more instructions than allowed */
  FLY_EMU_FAULT_HAZARD,        /* a missing wait, barrier or wait states (checkHazards) */
} FlyEmuFaultKind;

/// A fault, described like a GPU memory fault report.
typedef struct FlyEmuFault {
  FlyEmuFaultKind kind;
  uint64_t pc;          /* byte offset of the faulting instruction in .text */
  uint64_t address;     /* faulting address, when kind is MEMORY/MISALIGNED */
  int wave;             /* wave index in its workgroup, or -1 */
  int lane;             /* first faulting lane, or -1 */
  uint32_t group[3];    /* workgroup id */
  char kernel[64];      /* kernel name, filled in by the machine side */
  char message[256];    /* one line: what happened (mnemonic or encoding, ...) */
} FlyEmuFault;

/// A device: owns device memory and worker threads (machine side).
typedef struct FlyEmuDevice FlyEmuDevice;

/// A code object loaded into a device's memory, decoded once.
typedef struct FlyEmuModule FlyEmuModule;

/// Creates a device for `chip` running workgroups on `numThreads` worker
/// threads (0 = one per online CPU). Results do not depend on the thread
/// count. Returns NULL when out of memory.
FlyEmuDevice *flyEmuDeviceCreate(FlyChip chip, unsigned numThreads);

/// Destroys a device, its buffers and its modules (NULL is a no-op).
void flyEmuDeviceDestroy(FlyEmuDevice *dev);

/// Returns the device's chip.
FlyChip flyEmuDeviceGetChip(const FlyEmuDevice *dev);

/// Allocates `size` bytes of device memory (contents poisoned with
/// 0xDEADBEEF words) at a fresh device address, with unmapped guard gaps
/// around it. Returns the address, or 0 when out of memory or size is 0.
uint64_t flyEmuDeviceAlloc(FlyEmuDevice *dev, uint64_t size);

/// Releases the allocation that starts at `addr`; false if there is none.
/// Addresses are never reused, so stale pointers fault.
bool flyEmuDeviceFree(FlyEmuDevice *dev, uint64_t addr);

/// Copies host bytes into device memory; false unless the whole range lies
/// in one allocation.
bool flyEmuDeviceWrite(FlyEmuDevice *dev, uint64_t addr, const void *src, size_t size);

/// Copies device memory to the host; false unless the range is in one allocation.
bool flyEmuDeviceRead(const FlyEmuDevice *dev, uint64_t addr, void *dst, size_t size);

/// Loads a code object (copied) into device memory: segments mapped at a
/// fresh base, dynamic relocations applied, .text decoded. Returns NULL and
/// appends one error line to `err` on failure (bad object, chip mismatch,
/// undecodable code). The device owns the module.
FlyEmuModule *flyEmuModuleLoad(FlyEmuDevice *dev, const void *bytes, size_t size,
                               FlyStrBuf *err);

/// Unloads a module and frees its device memory (NULL is a no-op).
void flyEmuModuleUnload(FlyEmuModule *mod);

/// Returns the module's parsed code object (non-owning).
const FlyCodeObject *flyEmuModuleGetCodeObject(const FlyEmuModule *mod);

/// Returns the device address at which the module's image is loaded.
uint64_t flyEmuModuleGetBase(const FlyEmuModule *mod);

/// One kernel launch. Grid is counted in workgroups (HIP style).
typedef struct FlyEmuLaunchDesc {
  const char *kernel;       /* metadata .name (or .symbol) */
  uint32_t grid[3];         /* workgroups in x, y, z (each >= 1) */
  uint32_t block[3];        /* work-items per workgroup (product <= 1024) */
  const void *kernarg;      /* explicit kernel-argument bytes ... */
  size_t kernargSize;       /* ... at their metadata offsets (<= segment size) */
  uint32_t dynamicLds;      /* extra LDS bytes per workgroup */
  uint64_t maxWaveInstructions; /* a wave that retires this many instructions
                                   stops the launch with FLY_EMU_FAULT_LIMIT;
                                   0: no limit */
  bool checkHazards;        /* stop at the first hazard with FLY_EMU_FAULT_HAZARD:
                               a register or LDS byte used before the wait or
                               barrier the ISA needs, or inside the software wait
                               states of an MFMA, VALU or EXEC write
                               (docs/emulator.md, "Hazard detection") */
} FlyEmuLaunchDesc;

/// Counters of one launch.
typedef struct FlyEmuStats {
  uint64_t waveInstructions;  /* instructions retired, summed over waves */
  uint64_t waves;
  uint64_t workgroups;
  double seconds;             /* wall-clock time of the execution */
} FlyEmuStats;

/// Runs a kernel to completion. Hidden arguments, the dispatch packet and the
/// initial register state are set up from the metadata and the kernel
/// descriptor. Returns true on success; on failure `fault` (required) holds
/// the first fault in workgroup order, with kernel, workgroup and wave filled
/// in. `stats` may be NULL.
bool flyEmuLaunch(FlyEmuDevice *dev, FlyEmuModule *mod, const FlyEmuLaunchDesc *desc,
                  FlyEmuFault *fault, FlyEmuStats *stats);

/// Makes the checks flyEmuLaunch makes before anything runs (the kernel
/// exists; grid, workgroup, LDS and private memory fit the kernel and the
/// device) without allocating or running anything; kernarg bytes are not
/// read. Returns false with `fault` (kind INVALID) filled.
bool flyEmuLaunchCheck(const FlyEmuDevice *dev, const FlyEmuModule *mod,
                       const FlyEmuLaunchDesc *desc, FlyEmuFault *fault);

/// Appends a one-line description of `fault` to `out`, e.g.
/// "memory fault: kernel vadd, workgroup (3,0,0), wave 1, lane 17, pc 0x1c4:
/// read of 4 bytes at 0x... outside any buffer".
void flyEmuFaultFormat(const FlyEmuFault *fault, FlyStrBuf *out);

/*--- Timing model (lib/emu/emu_timing.c; docs/timing.md) -------------------*/

/// Why a SIMD did not issue in a cycle. Every cycle of every simulated SIMD
/// gets exactly one cause, so the causes sum to cycles x SIMDs.
typedef enum FlyEmuStall {
  FLY_EMU_STALL_MFMA = 0,       /* the SIMD's matrix core is busy (useful work) */
  FLY_EMU_STALL_VMCNT,          /* oldest wave waits in s_waitcnt for vmcnt */
  FLY_EMU_STALL_LGKMCNT,        /* ... for lgkmcnt */
  FLY_EMU_STALL_BARRIER,        /* ... at s_barrier */
  FLY_EMU_STALL_MFMA_DEP,       /* ... in the wait states after its MFMA */
  FLY_EMU_STALL_ISSUE,          /* ready, but another wave or category took the slot,
                                   the unit is busy, or it is not its SIMD's clock */
  FLY_EMU_STALL_LDS_CONFLICT,   /* ... LDS busy with bank-conflict cycles */
  FLY_EMU_STALL_VALU,           /* issuing a VALU instruction (its issue cycles) */
  FLY_EMU_STALL_SALU,           /* issuing a SALU/SMEM instruction */
  FLY_EMU_STALL_OTHER,          /* issuing anything else, s_nop, s_sleep */
  FLY_EMU_STALL_IDLE,           /* no live wave on the SIMD */
  FLY_EMU_NUM_STALLS
} FlyEmuStall;

/// "mfma", "vmcnt", "lgkmcnt", "barrier", "mfma_dep", "issue",
/// "lds_conflict", "valu", "salu", "other", "idle".
const char *flyEmuStallGetName(FlyEmuStall cause);

/// Classes of the timeline's spans.
typedef enum FlyEmuSpanClass {
  FLY_EMU_SPAN_MFMA = 0, FLY_EMU_SPAN_VALU, FLY_EMU_SPAN_VMEM, FLY_EMU_SPAN_LDS,
  FLY_EMU_SPAN_SALU, FLY_EMU_SPAN_WAIT, FLY_EMU_SPAN_BARRIER, FLY_EMU_NUM_SPAN_CLASSES
} FlyEmuSpanClass;

/// "mfma", "valu", "vmem", "lds", "salu", "wait", "barrier".
const char *flyEmuSpanClassGetName(FlyEmuSpanClass cls);

/// How a timed launch runs.
typedef struct FlyEmuTimingOptions {
  const char *gpu;          /* product ("mi355x", ...); NULL: the flagship of the
                               module's chip. Another chip's product is an error. */
  bool estimate;            /* only the simulated CUs run, MFMA arithmetic is
                               skipped: no outputs, only the prediction */
  uint32_t maxSimCus;       /* CUs simulated in detail; 0: the default (every CU
                               of one XCD; a quarter of them with estimate) */
  uint32_t timelineIterations; /* main-loop iterations in the timeline; 0: 3 */
  double uniqueBytes;       /* bytes the kernel must move at least (e.g. the seed's
                               §8.2 figure), 0 if unknown: the HBM bound takes
                               the larger of this and the distinct lines the
                               simulated CUs touched */
} FlyEmuTimingOptions;

/// One instruction address of the per-PC table (the view an ATT trace gives).
typedef struct FlyEmuTimingPc {
  uint64_t pc;
  uint64_t issued;                      /* times any simulated wave issued it */
  uint64_t ldsConflictCycles;           /* LDS cycles its bank conflicts added
                                           (over the conflict-free cost), all issues */
  uint64_t stall[FLY_EMU_NUM_STALLS];   /* cycles its wave was the SIMD's oldest
                                           and waited at it, by cause */
  char text[160];                       /* the instruction (flyEmuDecodeText) */
} FlyEmuTimingPc;

/// One span of the timeline: wave row `row` did `cls` in [begin, end).
typedef struct FlyEmuTimingSpan {
  uint32_t row;
  uint32_t cls;             /* FlyEmuSpanClass */
  uint64_t begin, end;
} FlyEmuTimingSpan;

/// What a timed launch predicts. Filled by flyEmuLaunchTimed; the arrays are
/// owned by the report (flyEmuTimingReportDestroy).
typedef struct FlyEmuTimingReport {
  char gpu[16], chip[16];
  uint32_t cus, xcds;
  double clockGHz;
  uint32_t groupsPerCu, wavesPerSimd;
  char limiter[32];         /* what bounds occupancy */
  uint64_t numGroups;
  uint32_t rounds;
  uint32_t simCus;          /* simulated CUs that ran workgroups (the plan's
                               subset may hold CUs the grid leaves empty) */
  uint64_t simGroups;       /* workgroups they ran */
  double shareOfDevice;     /* the simulated CUs' share of the CUs the grid's first round
                               keeps busy: the share of the device's load they carry */
  bool estimate;
  uint32_t simds;           /* per CU */
  uint64_t cycles;          /* simulated CUs: first dispatch to last completion */
  uint64_t simdCycles;      /* cycles x simds x simCus = sum of stall[] */
  uint64_t stall[FLY_EMU_NUM_STALLS];
  double mfmaUtilization;   /* stall[MFMA] / simdCycles */
  double computeUs;         /* cycles / clock */
  uint64_t uniqueBytes;     /* max(options->uniqueBytes, distinct lines the
                               simulated CUs touched x line size) */
  double hbmUs;             /* uniqueBytes at the product's HBM bandwidth: a
                               lower bound of the whole grid's time */
  double predictedUs;       /* max(computeUs, hbmUs): the whole grid */
  /* Memory system counters of the simulated CUs. */
  uint64_t l1Hits, l1Misses, l2Hits, l2Misses, mallHits, mallMisses;
  uint64_t vmemRequests, smemRequests;
  /* The main loop (docs/../hot-loop-model.md: the executed loop with the most
   * MFMAs), found from the executed back-edges. */
  bool hasLoop;
  uint64_t loopBegin, loopEnd;  /* pcs of its label and of its branch */
  uint32_t loopMfmas;
  uint64_t loopIterations;      /* back-edges taken, all simulated waves */
  double cyclesPerIteration;    /* steady state: mean interval between one
                                   wave's consecutive back-edges */
  uint64_t loopMfmaCycles;      /* one iteration's MFMA issue cycles, one wave */
  uint64_t loopLdsConflictCycles; /* bank-conflict cycles of the loop's LDS
                                     instructions, all simulated waves */
  double loopLdsConflictPerIteration; /* the same per pass of one wave */
  double loopMfmaBusy;          /* the main loop's MFMA-busy share of a SIMD at
                                   the occupancy: loopMfmaCycles x wavesPerSimd /
                                   cyclesPerIteration, at most 1 */
  FlyEmuTimingPc *pcs;          /* the main loop's instructions (or all executed
                                   ones when there is no loop), by pc */
  size_t numPcs;
  FlyEmuTimingSpan *spans;      /* one CU over a few main-loop iterations */
  size_t numSpans;
  uint32_t timelineRows;
  uint64_t timelineBegin, timelineEnd;
  char timelineRowName[64][40]; /* "wg0 w1 simd1" per row */
} FlyEmuTimingReport;

/// Releases the report's arrays (the struct itself is the caller's).
void flyEmuTimingReportDestroy(FlyEmuTimingReport *report);

/// Runs a kernel like flyEmuLaunch (same checks, same results in memory
/// unless options->estimate) and predicts its time on the product with the
/// CU timing model. On failure returns false with `fault` (an unknown or
/// wrong-chip product is an INVALID fault) and an empty report.
bool flyEmuLaunchTimed(FlyEmuDevice *dev, FlyEmuModule *mod, const FlyEmuLaunchDesc *desc,
                       const FlyEmuTimingOptions *options, FlyEmuTimingReport *report,
                       FlyEmuFault *fault, FlyEmuStats *stats);

/// The work a kernel does, for TFLOPS and TB/s (0: not known).
typedef struct FlyEmuTimingWork {
  double flops;
  double bytes;
} FlyEmuTimingWork;

/// Appends the text report (several lines).
void flyEmuTimingReportFormatText(const FlyEmuTimingReport *r, const FlyEmuTimingWork *work,
                                  FlyStrBuf *out);
/// Appends the report as one JSON object.
void flyEmuTimingReportFormatJson(const FlyEmuTimingReport *r, const FlyEmuTimingWork *work,
                                  FlyStrBuf *out);
/// Appends an SVG timeline of the report's spans, one row per wave.
void flyEmuTimingReportFormatSvg(const FlyEmuTimingReport *r, FlyStrBuf *out);

/// One instruction as the emulator decodes it, for tools that read machine
/// code (the resource report's main-loop model).
typedef struct FlyEmuInstText {
  uint32_t size;         /* bytes: 4, 8, 12 or 16 */
  char mnemonic[48];     /* LLVM's mnemonic, e.g. "v_mfma_f32_16x16x128_f8f6f4" */
  char text[160];        /* the whole instruction in LLVM's syntax (truncated) */
} FlyEmuInstText;

/// Decodes the instruction at `code` (at most `avail` bytes) for `chip`.
/// Returns false for bytes that are no instruction of the chip (padding,
/// data, another chip's opcode); `out` is then unspecified. The decoder is
/// the emulator's, checked operand by operand against LLVM's disassembler
/// (docs/emulator-isa.md); unlike LLVM's, it never fails on odd bytes.
bool flyEmuDecodeText(FlyChip chip, const uint8_t *code, size_t avail, FlyEmuInstText *out);

#ifdef __cplusplus
}
#endif

#endif /* FLYC_EMU_H */
