/*===- emu_machine.h - The emulator's machine side, shared by its files ---===*
 *
 * Private to emu_device.c, emu_loader.c, emu_dispatch.c and emu_machine.c
 * (prefix emum). The ISA side never includes it.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_EMU_MACHINE_H
#define FLYC_EMU_MACHINE_H

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

#endif /* FLYC_EMU_MACHINE_H */
