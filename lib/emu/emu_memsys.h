/*===- emu_memsys.h - The timing model's memory system and grid plan ------===*
 *
 * Machine side, prefix emuMs (memory system) and emuGrid (dispatch plan).
 * The CU timing model (emu_timing.c) asks the memory system when a vector
 * or scalar memory access completes; the memory system models, per the
 * product's hardware facts (include/flyc/hw.h):
 *   - a vector L1 per CU and an L2 per XCD (set-associative, LRU, 128-byte
 *     lines; the L2 split in channels, each a bandwidth server), a
 *     device-wide MALL (Infinity Cache) and HBM, each level a latency plus
 *     a bandwidth queue, so concurrent workgroups that share A/B panels hit
 *     in their XCD's L2 and the others queue on HBM;
 *   - only a subset of the device's CUs is simulated in detail: bandwidths
 *     shared by the whole device (MALL, HBM) are scaled to the share of the
 *     simulated CUs (the others are assumed equally busy).
 * The grid plan says which workgroup runs on which XCD and CU, in which
 * round, given the kernel's occupancy, and which CUs the model simulates.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_EMU_MEMSYS_H
#define FLYC_EMU_MEMSYS_H

#include <stdbool.h>
#include <stdint.h>

#include "flyc/hw.h"

/*--- Grid plan ---------------------------------------------------------------*/

/// Per-workgroup resources that bound occupancy.
typedef struct EmuGridKernel {
  uint32_t wavesPerGroup;
  uint32_t vgprs, agprs;      /* per lane, as the code object's metadata says */
  uint32_t sgprs;
  uint32_t ldsBytes;          /* static + dynamic */
  uint32_t scratchBytes;      /* per lane */
} EmuGridKernel;

/// Where the model places workgroups.
typedef struct EmuGridPlan {
  const FlyHwProduct *product;
  const FlyHwChip *chip;
  uint32_t groupsPerCu;       /* occupancy in workgroups per CU (>= 1) */
  uint32_t wavesPerSimd;      /* resulting waves per SIMD */
  const char *limiter;        /* "registers", "LDS", "wave slots", "workgroup size" */
  uint64_t numGroups;         /* grid x*y*z */
  uint32_t concurrentGroups;  /* device-wide: cus * groupsPerCu */
  uint32_t rounds;            /* ceil(numGroups / concurrentGroups) */
  /* The simulated subset: CUs [0, simCus) of XCD simXcd (all of that XCD's
   * CUs unless limited), running the workgroups the dispatcher gives them. */
  uint32_t simXcd, simCus;
  double shareOfDevice;       /* busy simulated CUs / busy CUs (first round) */
} EmuGridPlan;

/// Plans `numGroups` workgroups of `k` on `product`, simulating at most
/// `maxSimCus` CUs (0: all CUs of one XCD). False when the kernel cannot run
/// at all (a workgroup exceeds a CU): `why` then says which resource.
bool emuGridPlanMake(const FlyHwProduct *product, const EmuGridKernel *k, uint64_t numGroups,
                     uint32_t maxSimCus, EmuGridPlan *plan, const char **why);

/// The XCD and CU (within its XCD) that flat workgroup id `wg` runs on, and
/// its round: dispatch is round robin over XCDs (XCD = wg mod xcds), then
/// over the XCD's CUs in order (an assumption: the order within an XCD is
/// unpublished), filling each CU up to groupsPerCu per round.
void emuGridPlace(const EmuGridPlan *plan, uint64_t wg, uint32_t *xcd, uint32_t *cu,
                  uint32_t *round);

/*--- Memory system -------------------------------------------------------------*/

typedef struct EmuMemSys EmuMemSys;

/// Creates the memory system for `plan`'s product and simulated subset.
/// NULL when out of memory.
EmuMemSys *emuMsCreate(const EmuGridPlan *plan);
void emuMsDestroy(EmuMemSys *ms);

/// Kinds of access.
typedef enum EmuMsKind {
  EMU_MS_LOAD = 0, EMU_MS_STORE = 1, EMU_MS_ATOMIC = 2, EMU_MS_SCALAR = 3,
} EmuMsKind;

/// One wave instruction's access from simulated CU `cu` (0..simCus-1),
/// issued at cycle `now`: `lanes` active lanes with addresses `addr` of
/// `bytes` each (per-lane; the memory system coalesces into lines). Returns
/// the cycle its data is back in registers (loads) or written to L2
/// (stores), after every level's latency and bandwidth queue.
uint64_t emuMsAccess(EmuMemSys *ms, uint32_t cu, EmuMsKind kind, uint64_t now,
                     const uint64_t *addr, uint64_t lanes, unsigned bytes);

/// Writes every dirty L2 line back to HBM, as the release at the end of a
/// kernel does, starting at cycle `now` (the kernel's last cycle); returns the
/// cycle the last write leaves the HBM bandwidth server (`now` when nothing
/// is dirty). The lines stay cached, clean.
uint64_t emuMsWriteBack(EmuMemSys *ms, uint64_t now);

/// Counters for the report.
typedef struct EmuMsStats {
  uint64_t requests[4];       /* by EmuMsKind */
  uint64_t l1Hits, l1Misses, l2Hits, l2Misses, mallHits, mallMisses;
  uint64_t bytesL2, bytesMall, bytesHbm; /* bytes moved at each level (simulated subset) */
} EmuMsStats;
void emuMsGetStats(const EmuMemSys *ms, EmuMsStats *out);

#endif /* FLYC_EMU_MEMSYS_H */
