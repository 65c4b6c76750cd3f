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
