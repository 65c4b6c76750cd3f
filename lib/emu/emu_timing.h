/*===- emu_timing.h - The CU timing model (machine side, prefix emuTm) ----===*
 *
 * Runs the workgroups the grid plan puts on its simulated CUs cycle by
 * cycle: waves issue one instruction at a time with emuWaveStep under the
 * arbitration and unit rules of docs/timing.md, vector and scalar memory
 * complete through the memory system (emu_memsys.h), and the deferred
 * effects of loads and LDS DMA apply at their completion cycle. Every cycle
 * of every SIMD is charged to one FlyEmuStall cause.
 *
 * Only the machine side includes this header (emu_timing_launch.c).
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_EMU_TIMING_H
#define FLYC_EMU_TIMING_H

#include "emu_machine.h"
#include "emu_memsys.h"

typedef struct EmuTm EmuTm;

/// What one timing run needs; everything is borrowed for the run's life.
typedef struct EmuTmConfig {
  FlyEmuDevice *dev;
  const EmumDispatch *d;      /* prepared dispatch; d->env is the wave env */
  const EmuGridPlan *plan;
  EmuMemSys *ms;
  uint32_t timelineIterations;
  double knownBytes;          /* caller's unique-byte figure for the HBM bound (0: none) */
} EmuTmConfig;

/// True when the plan runs workgroup `wg` (launch order) on a simulated CU.
bool emuTmIsSimulated(const EmuGridPlan *plan, uint64_t wg);

/// Creates the model for `cfg`; NULL when out of memory.
EmuTm *emuTmCreate(const EmuTmConfig *cfg);
void emuTmDestroy(EmuTm *tm);

/// Runs every simulated workgroup to its end. False with `fault` (the first
/// fault in simulated time) on a fault or when out of memory. Adds the
/// waves' counts to `st`.
bool emuTmRun(EmuTm *tm, FlyEmuFault *fault, FlyEmuStats *st);

/// Fills the model's part of `r` (cycles, stalls, main loop, per-PC table,
/// timeline, prediction); false when out of memory.
bool emuTmFillReport(const EmuTm *tm, FlyEmuTimingReport *r);

#endif /* FLYC_EMU_TIMING_H */
