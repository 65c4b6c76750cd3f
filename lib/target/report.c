/*===- report.c - Resource report read from a code object ----------------===*/
#include "flyc/codeobj.h"
#include "flyc/target.h"
#include "hotloop.h"

static void formatKernel(const FlyCodeObject *co, const FlyKernelInfo *k, FlyGpuMach mach,
                         FlyStrBuf *out) {
  FlyOccupancy occ = flyKernelInfoGetOccupancy(k, mach);
  flyStrBufAppendF(out, "kernel %s (%s)\n", k->name, flyGpuMachGetName(mach));
  flyStrBufAppendF(out, "  vgpr: %u\n", k->vgprCount);
  flyStrBufAppendF(out, "  agpr: %u\n", k->agprCount);
  flyStrBufAppendF(out, "  sgpr: %u\n", k->sgprCount);
  flyStrBufAppendF(out, "  lds_bytes: %u\n", k->groupSegmentFixedSize);
  flyStrBufAppendF(out, "  scratch_bytes: %u\n", k->privateSegmentFixedSize);
  flyStrBufAppendF(out, "  spills: %u sgpr, %u vgpr\n", k->sgprSpillCount, k->vgprSpillCount);
  flyStrBufAppendF(out, "  occupancy: %u waves/SIMD (vgpr %u, sgpr %u, lds %u)\n", occ.waves,
                   occ.byVgprs, occ.bySgprs, occ.byLds);
  if (!flyHotLoopFormat(co, k, out))
    flyStrBufAppend(out, "  main loop: (code not readable)\n");
}

bool flyTargetFormatStats(const uint8_t *bytes, size_t n, FlyStrBuf *out, FlyStrBuf *err) {
  FlyCodeObject *co = flyCodeObjectCreate(bytes, n, err);
  if (!co)
    return false;
  FlyGpuMach mach = flyCodeObjectGetMach(co);
  for (size_t i = 0; i < flyCodeObjectGetNumKernels(co); ++i)
    formatKernel(co, flyCodeObjectGetKernel(co, i), mach, out);
  flyCodeObjectDestroy(co);
  return true;
}
