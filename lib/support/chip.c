/*===- chip.c - Chip names ---------------------------------------------------===*
 *
 * The facts of each chip, FlyChipInfo included, are the hardware table's
 * (lib/support/hw.c).
 *===----------------------------------------------------------------------===*/
#include "flyc/chip.h"
#include "flyc/hw.h"

#include <string.h>

bool flyChipParse(const char *name, FlyChip *out) {
  for (int i = 0; i < FLY_HW_NUM_CHIPS; ++i) {
    if (strcmp(name, flyChipGetInfo((FlyChip)i)->name) == 0) {
      *out = (FlyChip)i;
      return true;
    }
  }
  return false;
}

const char *flyChipListNames(void) { return "gfx950, gfx942"; }
