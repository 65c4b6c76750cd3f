/*===- flyc/chip.h - The AMD chips flyc targets ----------------------------===*
 *
 * The chip is an explicit parameter everywhere in flyc: pass options, the
 * backend, the emulator. This table holds what differs between chips.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_CHIP_H
#define FLYC_CHIP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The supported chips. gfx950 (CDNA4, MI350X/MI355X) is the default.
typedef enum FlyChip { FLY_CHIP_GFX950 = 0, FLY_CHIP_GFX942 = 1 } FlyChip;

/// Per-chip facts used by the compiler.
typedef struct FlyChipInfo {
  const char *name;        /* "gfx950": also the LLVM CPU name */
  uint32_t ldsBytes;       /* LDS capacity per workgroup */
  bool ocpFp8;             /* fp8 is OCP e4m3fn/e5m2 (else FNUZ) */
  uint32_t ldsDmaMaxBytes; /* widest buffer_load ... lds per lane */
} FlyChipInfo;

/// Returns the facts for `chip` (NULL for a value outside FlyChip); they are
/// the hardware table's (flyc/hw.h, lib/support/hw.c).
const FlyChipInfo *flyChipGetInfo(FlyChip chip);

/// Parses a chip name ("gfx950", "gfx942"); returns false for any other.
bool flyChipParse(const char *name, FlyChip *out);

/// The list of supported names, comma-separated, for messages.
const char *flyChipListNames(void);

/// Whether `chip` has the AMDGPU intrinsic `name` (len bytes), given without
/// "llvm.amdgcn." (or, for a ROCDL op, without "rocdl."): false for the
/// other families' intrinsics, the gfx908 MFMAs gfx940 dropped, gfx950's new
/// ones on gfx942 and the xf32 MFMAs on gfx950 (lib/support/chip_intrinsics.c).
bool flyChipHasIntrinsic(FlyChip chip, const char *name, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* FLYC_CHIP_H */
