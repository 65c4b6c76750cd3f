/*===- emu_internal.h - Contract between the emulator's halves -----------===*
 *
 * The emulator has two halves that meet here:
 *   - the machine side (emu_loader.c, emu_memory.c, emu_dispatch.c, ...):
 *     code-object loading, device memory, dispatch set-up, the workgroup
 *     scheduler and barriers, worker threads, the public API in flyc/emu.h;
 *   - the ISA side (emu_decode*.c, emu_exec*.c, ...): decoding the gfx9
 *     encodings once per kernel and executing decoded instructions on a wave.
 * Neither half includes the other's private headers; everything they share
 * is declared below. Prefix: emu (internal), Emu (types).
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_EMU_INTERNAL_H
#define FLYC_EMU_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "flyc/emu.h"

/*--- Register file ---------------------------------------------------------*/

enum {
  EMU_WAVE_LANES = 64,
  EMU_NUM_SGPRS = 108,   /* s0..s101 plus VCC (s106:107) at their indices */
  EMU_NUM_VGPRS = 256,   /* architectural VGPRs v0..v255 */
  EMU_NUM_AGPRS = 256,   /* accumulation registers a0..a255 */
};

/* Uninitialised registers and LDS hold this pattern so stray reads show. (A
 * macro: as an enumerator above it would make the enum's type unsigned, and
 * every `int < EMU_WAVE_LANES` loop a signed/unsigned comparison.) */
#define EMU_POISON32 0xDEADBEEFu

/// The state of one wave64. VGPRs and AGPRs are stored lane-minor so that a
/// register's 64 lanes are contiguous (vgpr[r][lane]).
typedef struct EmuWave {
  uint32_t sgpr[EMU_NUM_SGPRS];
  uint32_t vgpr[EMU_NUM_VGPRS][EMU_WAVE_LANES];
  uint32_t agpr[EMU_NUM_AGPRS][EMU_WAVE_LANES];
  uint64_t exec;
  uint64_t vcc;
  uint64_t dppExec;     /* EXEC when the current DPP instruction started */
  uint32_t m0;
  uint32_t mode;        /* MODE register bits as set from compute_pgm_rsrc1 */
  uint32_t trapsts;
  uint8_t scc;
  uint64_t pc;          /* byte offset of the next instruction in the code */
  /* Identity, for fault reports and s_getreg/HW_ID reads. */
  uint32_t waveInGroup;
  uint32_t groupId[3];
  struct EmuGroup *group; /* the workgroup this wave belongs to */
  uint64_t retired;       /* instructions executed (for throughput figures) */
} EmuWave;

/// Bits of EmuWave.mode, laid out as the hardware MODE register (ISA guide
/// §3.5 "Mode register"; FP16_OVFL comes from compute_pgm_rsrc1 bit 26).
enum {
  EMU_MODE_FP_ROUND_MASK = 0xFu,      /* [3:0] round mode (0 = RNE) */
  EMU_MODE_FP_DENORM_MASK = 0xF0u,    /* [7:4] denorm mode */
  EMU_MODE_DX10_CLAMP = 1u << 8,
  EMU_MODE_IEEE = 1u << 9,
  EMU_MODE_FP16_OVFL = 1u << 23,      /* fp8 conversions and MFMA saturate */
};

/*--- Memory ------------------------------------------------------------------*/

/// Access kinds, for fault reports.
typedef enum EmuAccess { EMU_READ = 0, EMU_WRITE = 1, EMU_ATOMIC = 2 } EmuAccess;

/// One workgroup in flight: its LDS and its waves. Owned by the machine side.
typedef struct EmuGroup {
  uint8_t *lds;         /* ldsSize bytes, poisoned at start */
  uint32_t ldsSize;     /* group_segment_fixed_size + dynamic LDS */
  uint32_t numWaves;
  EmuWave *waves;
  uint32_t id[3];
} EmuGroup;

/// One device allocation: `size` bytes at device address `addr`, backed by
/// host memory at `host`. Allocations never overlap and are kept sorted by
/// address; the machine side leaves unmapped guard gaps between them so that
/// running off the end of one buffer faults instead of landing in the next.
typedef struct EmuBuffer {
  uint64_t addr;
  uint64_t size;
  uint8_t *host;
} EmuBuffer;

/// The device address space as the ISA side sees it. Owned and filled by the
/// machine side; read-only while kernels run (allocation happens between
/// launches), so the ISA side may read it from several threads.
typedef struct EmuMemory {
  const EmuBuffer *buffers;  /* sorted by addr */
  size_t numBuffers;
} EmuMemory;

/// Translates the device range [addr, addr+size) to host memory. Returns
/// NULL when the range is not inside one allocation; the caller then raises
/// a FLY_EMU_FAULT_MEMORY fault naming the address.
static inline uint8_t *emuMemoryTranslate(const EmuMemory *mem, uint64_t addr,
                                          uint64_t size) {
  size_t lo = 0, hi = mem->numBuffers;
  while (lo < hi) { /* first buffer whose end is above addr */
    size_t mid = lo + (hi - lo) / 2;
    const EmuBuffer *b = &mem->buffers[mid];
    if (b->addr + b->size <= addr)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == mem->numBuffers)
    return NULL;
  const EmuBuffer *b = &mem->buffers[lo];
  if (addr < b->addr || size > b->size || addr - b->addr > b->size - size)
    return NULL;
  return b->host + (addr - b->addr);
}

/*--- Execution ---------------------------------------------------------------*/

/// Why emuWaveRun returned.
typedef enum EmuStop {
  EMU_STOP_ENDPGM = 0,   /* s_endpgm executed */
  EMU_STOP_BARRIER = 1,  /* s_barrier executed; resume after all waves arrive */
  EMU_STOP_FAULT = 2,    /* *fault filled in */
} EmuStop;

/// A decoded kernel: opaque to the machine side, built by the ISA side.
typedef struct EmuProgram EmuProgram;

/// What an executing wave needs besides its registers.
typedef struct EmuExecEnv {
  const EmuMemory *mem;   /* global memory (buffers, flat, kernarg, code) */
  const EmuProgram *prog;
  FlyChip chip;
  uint64_t maxRetired;    /* a wave stops with FLY_EMU_FAULT_LIMIT once it has
                             retired this many instructions; 0: no limit */
  bool skipMfmaMath;      /* MFMAs check their operands but leave D unwritten:
                             the timing model's estimate, which only needs
                             control flow, and kernels' control flow does not
                             depend on MFMA results (docs/timing.md) */
} EmuExecEnv;

/// ISA side: decodes `size` bytes of machine code (the whole .text of the
/// code object, loaded at device address `textAddr`) once. Instructions are
/// decoded lazily or eagerly as the ISA side sees fit, but never more than
/// once. Returns NULL and fills `fault` on an undecodable kernel entry.
EmuProgram *emuProgramCreate(const uint8_t *code, size_t size, uint64_t textAddr,
                             FlyChip chip, FlyEmuFault *fault);

/// ISA side: releases a program from emuProgramCreate (NULL is a no-op).
void emuProgramDestroy(EmuProgram *prog);

/// ISA side: runs `wave` from wave->pc until s_endpgm, s_barrier or a
/// fault. On EMU_STOP_BARRIER wave->pc already points past the s_barrier.
/// On EMU_STOP_FAULT `fault` describes the fault (pc, lane, address,
/// message); the machine side adds the kernel name and workgroup.
EmuStop emuWaveRun(EmuWave *wave, const EmuExecEnv *env, FlyEmuFault *fault);

/*--- Private (scratch) memory --------------------------------------------------*/

/// Machine side: where the private memory of `wave` lives (gfx942/gfx950 use
/// architected flat scratch: scratch_* instructions and flat accesses through
/// the private aperture address a per-lane private space). Lane l's private
/// byte i, for i < *laneBytes, is at device address *base + l * *laneBytes + i
/// inside env->mem, so the ISA side reads and writes it with
/// emuMemoryTranslate; an offset at or past *laneBytes is a fault. The size is
/// the kernel's private_segment_fixed_size rounded up to 16 (plus 16 KiB per
/// lane when it uses a dynamic stack). Returns 0 (and *base = 0) when the
/// kernel has no private memory. Only for waves that the machine side's
/// scheduler runs (their EmuGroup belongs to it).
int emuWaveGetScratch(const EmuWave *wave, uint64_t *base, uint32_t *laneBytes);

#endif /* FLYC_EMU_INTERNAL_H */
