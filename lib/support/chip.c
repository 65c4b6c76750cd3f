/*===- chip.c - The chip table ----------------------------------------------===*/
#include "flyc/chip.h"

#include <string.h>

/* LDS: 160 KiB on gfx950 and 64 KiB on gfx942 (CDNA4/CDNA3 ISA guides).
 * LDS DMA: 4-byte lanes on gfx942; 12- and 16-byte forms are new in gfx950
 * (llvm.amdgcn.raw.ptr.buffer.load.lds size operand, IntrinsicsAMDGPU.td). */
static const FlyChipInfo chips[] = {
    [FLY_CHIP_GFX950] = {"gfx950", 160 * 1024, true, 16},
    [FLY_CHIP_GFX942] = {"gfx942", 64 * 1024, false, 4},
};

const FlyChipInfo *flyChipGetInfo(FlyChip chip) { return &chips[chip]; }

bool flyChipParse(const char *name, FlyChip *out) {
  for (size_t i = 0; i < sizeof(chips) / sizeof(chips[0]); ++i) {
    if (strcmp(name, chips[i].name) == 0) {
      *out = (FlyChip)i;
      return true;
    }
  }
  return false;
}

const char *flyChipListNames(void) { return "gfx950, gfx942"; }
