/*===- report.c - Resource report read from a code object ----------------===*/
#include "flyc/codeobj.h"
#include "flyc/target.h"
#include "hotloop.h"

static void formatVgprs(const FlyKernelInfo *k, FlyStrBuf *out) {
  FlyVgprUsage u = flyKernelInfoGetVgprUsage(k);
  flyStrBufAppendF(out, "  arch_vgpr: %u\n", u.arch);
  flyStrBufAppendF(out, "  agpr: %u\n", u.acc);
  flyStrBufAppendF(out, "  vgpr_alloc: %u\n", u.allocated);
  if (!u.consistent)
    flyStrBufAppendF(out,
                     "  warning: the metadata (.vgpr_count %u, .agpr_count %u) disagrees with the "
                     "kernel descriptor (%u VGPRs allocated, AGPRs from %u); occupancy follows "
                     "the descriptor\n",
                     u.total, u.acc, u.allocated, u.accumOffset);
}

/* Scratch memory is per work-item memory in global memory: spilled
 * registers and private arrays there cost bandwidth and latency in the main
 * loop, so they get a line of their own. */
static void formatScratch(const FlyKernelInfo *k, FlyStrBuf *out) {
  flyStrBufAppendF(out, "  scratch_bytes: %u\n", k->privateSegmentFixedSize);
  flyStrBufAppendF(out, "  spills: %u sgpr, %u vgpr\n", k->sgprSpillCount, k->vgprSpillCount);
  if (k->sgprSpillCount || k->vgprSpillCount)
    flyStrBufAppendF(out, "  warning: spills %u VGPRs and %u SGPRs (%u bytes of scratch per "
                          "work-item)\n",
                     k->vgprSpillCount, k->sgprSpillCount, k->privateSegmentFixedSize);
  else if (k->privateSegmentFixedSize)
    flyStrBufAppendF(out, "  warning: uses %u bytes of scratch per work-item\n",
                     k->privateSegmentFixedSize);
  if (k->usesDynamicStack)
    flyStrBufAppend(out, "  warning: uses a dynamic stack: its scratch size is not known\n");
}

static void formatKernel(const FlyCodeObject *co, const FlyKernelInfo *k, FlyChip chip,
                         FlyStrBuf *out) {
  FlyOccupancy occ = flyKernelInfoGetOccupancy(k, chip);
  flyStrBufAppendF(out, "kernel %s (%s)\n", k->name, flyChipGetInfo(chip)->name);
  formatVgprs(k, out);
  flyStrBufAppendF(out, "  sgpr: %u\n", k->sgprCount);
  flyStrBufAppendF(out, "  lds_bytes: %u\n", k->groupSegmentFixedSize);
  formatScratch(k, out);
  flyStrBufAppendF(out, "  occupancy: %u waves/SIMD (vgpr %u, sgpr %u, lds %u)\n", occ.waves,
                   occ.byVgprs, occ.bySgprs, occ.byLds);
  if (!flyHotLoopFormat(co, k, out))
    flyStrBufAppend(out, "  main loop: (code not readable)\n");
}

bool flyTargetFormatStats(const uint8_t *bytes, size_t n, FlyStrBuf *out, FlyStrBuf *err) {
  FlyCodeObject *co = flyCodeObjectCreate(bytes, n, err);
  if (!co)
    return false;
  FlyChip chip = flyCodeObjectGetChip(co);
  for (size_t i = 0; i < flyCodeObjectGetNumKernels(co); ++i)
    formatKernel(co, flyCodeObjectGetKernel(co, i), chip, out);
  flyCodeObjectDestroy(co);
  return true;
}
