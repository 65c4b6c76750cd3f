/*===- flyc/emu.h - gfx950/gfx942 functional emulator ---------------------===*
 *
 * Runs AMDGPU code objects on the CPU. Handles are opaque; ownership is in
 * the names (Create/Destroy). Functions never print or exit: failures come
 * back as a status and a FlyEmuFault record that the caller may format.
 * (This header is completed by the emulator's machine side.)
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_EMU_H
#define FLYC_EMU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The chips the emulator models.
typedef enum FlyEmuChip { FLY_EMU_GFX942 = 0, FLY_EMU_GFX950 = 1 } FlyEmuChip;

/// Kinds of run-time failure.
typedef enum FlyEmuFaultKind {
  FLY_EMU_FAULT_NONE = 0,
  FLY_EMU_FAULT_UNSUPPORTED,   /* an instruction the emulator does not implement */
  FLY_EMU_FAULT_MEMORY,        /* access outside the caller's buffers / LDS */
  FLY_EMU_FAULT_MISALIGNED,    /* an alignment the hardware rejects */
  FLY_EMU_FAULT_INVALID,       /* malformed code object, bad launch, ... */
} FlyEmuFaultKind;

/// A fault, described like a GPU memory fault report.
typedef struct FlyEmuFault {
  FlyEmuFaultKind kind;
  uint64_t pc;          /* byte offset of the faulting instruction in .text */
  uint64_t address;     /* faulting address, when kind is MEMORY/MISALIGNED */
  int wave;             /* wave index in its workgroup, or -1 */
  int lane;             /* first faulting lane, or -1 */
  uint32_t group[3];    /* workgroup id */
  char kernel[64];      /* kernel name, filled in by the machine side */
  char message[256];    /* one line: what happened (mnemonic or encoding, ...) */
} FlyEmuFault;

/// A device: owns device memory and worker threads (machine side).
typedef struct FlyEmuDevice FlyEmuDevice;

#ifdef __cplusplus
}
#endif

#endif /* FLYC_EMU_H */
