/*===- emu_machine.h - The emulator's machine side, shared by its files ---===*
 *
 * Private to emu_device.c, emu_loader.c, emu_dispatch.c and emu_machine.c
 * (prefix emum). The ISA side never includes it.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_EMU_MACHINE_H
#define FLYC_EMU_MACHINE_H

#include "emu_hazard.h"
#include "emu_internal.h"

/* Device addresses start at 4 GiB so that small integers and NULL never map. */
#define EMUM_ADDR_BASE 0x100000000ull

enum {
  /* Allocations are aligned to and separated by at least this much. */
  EMUM_GUARD = 0x10000u,
  EMUM_MAX_WAVES = 16,    /* 1024 work-items per workgroup */
  EMUM_DYNAMIC_STACK = 16 * 1024,     /* private bytes per lane for a dynamic stack */
  EMUM_MAX_SCRATCH_LANE = 64 * 1024,  /* private bytes per lane at most */
};

struct FlyEmuModule {
  FlyEmuDevice *dev;
  FlyCodeObject *co;
  uint64_t base;          /* device address of the image (vaddr 0) */
  uint64_t textAddr;      /* device address of .text */
  EmuProgram *prog;
  FlyEmuModule *next;     /* the device's list */
};

struct FlyEmuDevice {
  FlyChip chip;
  unsigned numThreads;
  EmuBuffer *buffers;     /* sorted by address; EmuMemory views it */
  size_t numBuffers, capBuffers;
  uint64_t nextAddr;
  EmuMemory mem;
  FlyEmuModule *modules;
};

/// A workgroup slot of a worker: the EmuGroup the ISA side sees (first
/// member, so an EmuGroup* of a scheduled wave converts back) and the
/// private memory of its waves (emuWaveGetScratch).
typedef struct EmumGroup {
  EmuGroup g;
  uint64_t scratchBase;     /* 0 when the kernel has no private memory */
  uint32_t scratchLaneBytes;
  EmuHaz *haz;              /* the hazard checker's state, NULL when off */
} EmumGroup;

/// One dispatch being executed (read-only while workgroups run).
typedef struct EmumDispatch {
  const FlyKernelInfo *kernel;
  const FlyEmuModule *mod;
  uint32_t grid[3], block[3];
  uint32_t wavesPerGroup, threadsPerGroup, ldsSize;
  uint32_t scratchLaneBytes;  /* private bytes per lane, 0 if none */
  uint64_t kernargAddr, dispatchAddr, queueAddr;
  uint64_t entryPc;       /* offset in .text where waves start */
  bool checkHazards;      /* waves step one instruction at a time through the checker */
  const uint8_t *text;    /* .text, for the checker's reports */
  size_t textSize;
  EmuExecEnv env;
} EmumDispatch;

/// Device memory shared across files: allocate without poisoning.
uint64_t emumAllocRaw(FlyEmuDevice *dev, uint64_t size, uint8_t **host);
/// Host pointer of [addr, addr+size) or NULL.
uint8_t *emumHost(const FlyEmuDevice *dev, uint64_t addr, uint64_t size);

/// Builds the kernarg segment (explicit + hidden args), the AQL dispatch
/// packet and queue stand-in as the kernel asks. Returns false with `fault`.
bool emumDispatchPrepare(FlyEmuDevice *dev, EmumDispatch *d, const FlyEmuLaunchDesc *desc,
                         FlyEmuFault *fault);
/// Frees what emumDispatchPrepare allocated.
void emumDispatchRelease(FlyEmuDevice *dev, EmumDispatch *d);
/// Fills every VGPR and AGPR of `w` with the poison pattern (once per slot).
void emumWavePoisonAll(EmuWave *w);
/// Sets up wave `w` of workgroup `group` (registers, EXEC, MODE, poison of
/// registers and of the wave's private memory).
/// Returns false with `fault` when the descriptor's user SGPRs do not add up.
bool emumWaveInit(const EmumDispatch *d, EmumGroup *group, uint32_t w, FlyEmuFault *fault);

/*--- Shared with the timing model's launch (emu_timing_launch.c) ----------*/

/// The kernel a launch names after the launch checks; NULL with `fault`.
const FlyKernelInfo *emumLaunchKernel(const FlyEmuDevice *dev, const FlyEmuModule *mod,
                                      const FlyEmuLaunchDesc *desc, FlyEmuFault *fault);
/// Fills `d` for a checked launch (no allocation).
void emumInitDispatch(FlyEmuDevice *dev, FlyEmuModule *mod, const FlyKernelInfo *k,
                      const FlyEmuLaunchDesc *desc, EmumDispatch *d);
/// Workgroup `idx` in launch order -> its (x, y, z) id.
void emumGroupCoords(const EmumDispatch *d, uint64_t idx, uint32_t id[3]);
/// Allocates a workgroup slot (LDS, waves, private memory); false when out
/// of memory (then emumGroupSlotFini still releases what was allocated).
bool emumGroupSlotInit(FlyEmuDevice *dev, const EmumDispatch *d, EmumGroup *slot);
void emumGroupSlotFini(FlyEmuDevice *dev, EmumGroup *slot);
/// Starts the workgroup whose id is in slot->g.id: LDS poisoned, every wave
/// initialised. False with `fault` completed.
bool emumGroupStart(const EmumDispatch *d, EmumGroup *slot, FlyEmuFault *fault);
/// Adds kernel, workgroup and wave to a fault from the instruction side.
void emumCompleteFault(const EmumDispatch *d, const EmuGroup *g, int wave, FlyEmuFault *f);
/// True for the workgroups (by launch index) that emumRunGroups leaves out.
typedef bool (*EmumGroupFilter)(void *ctx, uint64_t idx);
/// Runs every workgroup for which `skip` is false (all with NULL) on the
/// device's worker threads; the lowest-numbered fault wins. Adds to `st`.
bool emumRunGroups(FlyEmuDevice *dev, const EmumDispatch *d, EmumGroupFilter skip,
                   void *skipCtx, FlyEmuFault *f, FlyEmuStats *st);
/// An INVALID fault with a formatted message.
void emumInvalid(FlyEmuFault *f, const char *kernel, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/// Monotonic seconds.
double emumNow(void);

#endif /* FLYC_EMU_MACHINE_H */
