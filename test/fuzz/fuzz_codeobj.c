/*===- fuzz_codeobj.c - Fuzz the code-object reader and the emulator's loader ===*
 *
 * Input: an AMDGPU code object (ELF), as `flyc CODE.hsaco`, `flyc-run` and
 * the runtime read it. It is parsed (lib/codeobj), every kernel's resources
 * and occupancy are computed, the --stats report is formatted (which also
 * disassembles the code with LLVM's AMDGPU disassembler), and the object is
 * loaded into an emulator device of its chip (segments, relocations, the
 * decoding of .text). Properties: no crash or sanitizer report, and every
 * refusal is one line.
 *===----------------------------------------------------------------------===*/
#include "fuzz.h"

#include "flyc/codeobj.h"
#include "flyc/emu.h"
#include "flyc/support.h"
#include "flyc/target.h"

static void checkError(const char *what, FlyStrBuf *err) {
  if (!err->oom && !fuzzIsOneLine(err->data))
    fuzzFail("%s failed without a one-line reason: '%s'", what, err->data ? err->data : "");
}

static void inspect(const FlyCodeObject *co) {
  for (size_t i = 0; i < flyCodeObjectGetNumKernels(co); ++i) {
    const FlyKernelInfo *k = flyCodeObjectGetKernel(co, i);
    FlyVgprUsage v = flyKernelInfoGetVgprUsage(k);
    FlyOccupancy o = flyKernelInfoGetOccupancy(k, flyCodeObjectGetChip(co));
    if (o.waves > 8 || (v.consistent && v.allocated > 512 && o.waves != 0))
      fuzzFail("kernel %zu: occupancy %u waves with %u registers allocated", i, o.waves,
               v.allocated);
    (void)flyCodeObjectFindKernel(co, k->name);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > (1u << 20))
    return 0;
  FlyStrBuf err = {0}, report = {0};
  FlyCodeObject *co = flyCodeObjectCreate(data, size, &err);
  if (!co) {
    checkError("reading", &err);
    flyStrBufDestroy(&err);
    return 0;
  }
  inspect(co);
  FlyChip chip = flyCodeObjectGetChip(co);
  flyCodeObjectDestroy(co);
  if (!flyTargetFormatStats(data, size, &report, &err))
    checkError("the report", &err);
  flyStrBufDestroy(&err);
  flyStrBufDestroy(&report);
  FlyEmuDevice *dev =
      flyEmuDeviceCreate(chip, 1);
  if (dev) {
    if (!flyEmuModuleLoad(dev, data, size, &err))
      checkError("loading", &err);
    flyEmuDeviceDestroy(dev);
  }
  flyStrBufDestroy(&err);
  return 0;
}
