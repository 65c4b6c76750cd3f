/*===- hotloop.h - Main-loop instruction mix (internal) --------------------===*/
#ifndef FLYC_TARGET_HOTLOOP_H
#define FLYC_TARGET_HOTLOOP_H

#include <stdbool.h>

#include "flyc/codeobj.h"
#include "flyc/support.h"

/// Appends the main-loop breakdown of kernel `k` (docs/hot-loop-model.md):
/// its range, the count of each instruction class, and the MFMA share by
/// count and by issue cycles; "main loop: none" for a kernel without a loop.
/// False when the kernel's code cannot be read or disassembled.
bool flyHotLoopFormat(const FlyCodeObject *co, const FlyKernelInfo *k, FlyStrBuf *out);

#endif /* FLYC_TARGET_HOTLOOP_H */
