/*===- runtime_internal.h - Handles of the runtime, shared by its files ---===*/
#ifndef FLYC_RUNTIME_INTERNAL_H
#define FLYC_RUNTIME_INTERNAL_H

#include "flyc/runtime.h"

struct FlyRuntime {
  FlyDevice *devices;
};

struct FlyDevice {
  FlyRuntime *rt;
  FlyEmuDevice *emu;
  FlyModule *modules;
  FlyDevice *next;
};

struct FlyModule {
  FlyDevice *dev;
  FlyEmuModule *emu;
  FlyModule *next;
};

#endif /* FLYC_RUNTIME_INTERNAL_H */
