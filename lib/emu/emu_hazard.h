/*===- emu_hazard.h - Missing waits, barriers and wait states -------------===*
 *
 * The hazard checker (machine side, prefix emuHaz). It watches the
 * instructions of one workgroup's waves as they issue and reports the first
 * place where the kernel relies on something the ISA does not guarantee:
 *   - a register read or overwritten while a load that writes it has not
 *     been retired by an s_waitcnt (vmcnt/lgkmcnt, with the ISA's in-order
 *     and out-of-order return rules);
 *   - LDS bytes read before the wave's own LDS DMA writing them was
 *     retired; LDS bytes accessed by one wave that another wave wrote in
 *     the same barrier epoch, or wrote earlier without retiring the write
 *     before the barrier; LDS bytes written (ds_write, or an LDS DMA issue)
 *     that another wave read in the same epoch;
 *   - the software wait states of CDNA3/CDNA4 (MFMA results, VALU and EXEC
 *     writes feeding an MFMA, SrcC overwritten while an MFMA reads it,
 *     transcendental results), counted in issue order as LLVM's
 *     GCNHazardRecognizer counts them, with the numbers of flyc/hw.h.
 * The verdict depends only on the order in which each wave issues its
 * instructions and on the workgroup's barrier generations, never on modelled
 * latencies, so the functional scheduler and the timing model drive the
 * same calls: emuHazStep after every emuWaveStep of a wave, and
 * emuHazBarrierRelease when a barrier releases. docs/emulator.md
 * ("Hazard detection") lists every rule with its source.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_EMU_HAZARD_H
#define FLYC_EMU_HAZARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "emu_step.h"

/// The checker's state for one workgroup slot (all its waves and its LDS).
typedef struct EmuHaz EmuHaz;

/// Creates the state for workgroups of up to `maxWaves` waves and `ldsSize`
/// bytes of LDS running the code `code` (`codeSize` bytes of .text, used to
/// quote instructions in reports) on `chip`. NULL when out of memory.
EmuHaz *emuHazCreate(FlyChip chip, const uint8_t *code, size_t codeSize,
                     uint32_t maxWaves, uint32_t ldsSize);

/// Releases the state (NULL is a no-op).
void emuHazDestroy(EmuHaz *h);

/// Starts a new workgroup of `numWaves` waves (<= maxWaves): no wave has
/// issued anything, LDS was written by no one, the epoch is 0.
void emuHazReset(EmuHaz *h, uint32_t numWaves);

/// Accounts the instruction wave `wave` just issued (`out` from its
/// emuWaveStep, `stop` what emuWaveStep returned: an EMU_STOP_BARRIER step
/// is the wave's arrival at the barrier, EMU_STOP_ENDPGM its end). Returns
/// false and fills `fault` (kind FLY_EMU_FAULT_HAZARD, pc, wave, lane and
/// address where they apply, a one-line message) at the first hazard; the
/// caller adds kernel and workgroup.
bool emuHazStep(EmuHaz *h, uint32_t wave, const EmuStepOut *out, int stop, FlyEmuFault *fault);

/// The barrier released: every wave that has not ended had arrived at it
/// (ended waves count as arrived). Starts the next epoch.
void emuHazBarrierRelease(EmuHaz *h);

#endif /* FLYC_EMU_HAZARD_H */
