/*===- runtime_internal.h - Handles of the runtime, shared by its files ---===*
 *
 * A device is backed by exactly one of the emulator (`emu`) or a HIP device
 * (`hip`); every API function dispatches on which is set.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_RUNTIME_INTERNAL_H
#define FLYC_RUNTIME_INTERNAL_H

#include "flyc/runtime.h"
#include "runtime_hip.h"

struct FlyRuntime {
  FlyDevice *devices;
};

struct FlyDevice {
  FlyRuntime *rt;
  FlyEmuDevice *emu;     /* FLY_BACKEND_EMU */
  RthipDevice *hip;      /* FLY_BACKEND_HIP */
  FlyModule *modules;
  FlyDevice *next;
};

struct FlyModule {
  FlyDevice *dev;
  FlyEmuModule *emu;     /* emulator: the loaded module (owns its code object) */
  FlyCodeObject *co;     /* HIP: the parsed code object, for the metadata */
  void *hipModule;       /* HIP: the runtime's module */
  FlyModule *next;
};

#endif /* FLYC_RUNTIME_INTERNAL_H */
