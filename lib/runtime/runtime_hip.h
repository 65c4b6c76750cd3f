/*===- runtime_hip.h - The HIP backend of the launch API -------------------===*
 *
 * One HIP device of a dlopen'ed libamdhip64 (see hip_api.h). Every function
 * returns false (or NULL) after appending one line to `err` that names the
 * HIP call and HIP's error name and text; nothing prints.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_RUNTIME_HIP_H
#define FLYC_RUNTIME_HIP_H

#include "flyc/runtime.h"

typedef struct RthipDevice RthipDevice;

/// Loads the runtime (`library`, or the default names when NULL), finds
/// device `ordinal` and reads its properties. NULL with `err` when the
/// library, a function or the device is missing.
RthipDevice *rthipDeviceOpen(const char *library, int ordinal, FlyStrBuf *err);
/// Frees the allocations still live, destroys the events and unloads the
/// library (NULL: no-op).
void rthipDeviceClose(RthipDevice *d);
/// The device's gfx name without feature suffixes ("gfx950").
const char *rthipDeviceGetArch(const RthipDevice *d);
/// gcnArchName as the runtime reports it ("gfx950:sramecc+:xnack-").
const char *rthipDeviceGetArchFull(const RthipDevice *d);
/// The path of the library that was loaded.
const char *rthipDeviceGetLibrary(const RthipDevice *d);
/// Device limits from its properties: LDS bytes and work-items per workgroup.
uint64_t rthipDeviceGetMaxLds(const RthipDevice *d);
uint32_t rthipDeviceGetMaxWorkgroup(const RthipDevice *d);

bool rthipAlloc(RthipDevice *d, uint64_t size, uint64_t *addr, FlyStrBuf *err);
/// Frees an allocation of rthipAlloc; other addresses are ignored.
void rthipFree(RthipDevice *d, uint64_t addr);
bool rthipCopyIn(RthipDevice *d, uint64_t addr, const void *src, size_t n, FlyStrBuf *err);
bool rthipCopyOut(RthipDevice *d, uint64_t addr, void *dst, size_t n, FlyStrBuf *err);
/// Writes `n` bytes of `value` at `addr` (the benchmark's cache flush).
bool rthipFill(RthipDevice *d, uint64_t addr, uint8_t value, size_t n, FlyStrBuf *err);

/// Loads a code object image on the device; the handle is opaque.
void *rthipModuleLoad(RthipDevice *d, const void *image, FlyStrBuf *err);
void rthipModuleUnload(RthipDevice *d, void *module);

/// Launches `kernel` with the explicit kernarg bytes `kernarg` (HIP fills
/// the hidden arguments) and waits for it. With `ms` non-NULL the launch is
/// bracketed by HIP events and *ms receives their elapsed time.
bool rthipLaunch(RthipDevice *d, void *module, const char *kernel, const FlyLaunchConfig *cfg,
                 const void *kernarg, size_t kernargSize, float *ms, FlyStrBuf *err);

#endif /* FLYC_RUNTIME_HIP_H */
