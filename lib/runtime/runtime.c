/*===- runtime.c - Devices, buffers and modules on either backend ---------===*
 *
 * Each function dispatches to the emulator (flyc/emu.h) or to the HIP
 * backend (runtime_hip.h). On HIP a code object is parsed here as well, so
 * launches are checked against its metadata exactly as on the emulator,
 * and one built for another chip than the device's is refused before the
 * runtime sees it.
 *===----------------------------------------------------------------------===*/
#include "runtime_internal.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

FlyRuntime *flyRuntimeCreate(void) { return flyCalloc(1, sizeof(FlyRuntime)); }

void flyRuntimeDestroy(FlyRuntime *rt) {
  if (!rt)
    return;
  while (rt->devices) {
    FlyDevice *d = rt->devices;
    rt->devices = d->next;
    while (d->modules)
      flyModuleUnload(d->modules);
    flyEmuDeviceDestroy(d->emu);
    rthipDeviceClose(d->hip);
    flyFree(d);
  }
  flyFree(rt);
}

static FlyDevice *addDevice(FlyRuntime *rt, FlyEmuDevice *emu, RthipDevice *hip,
                            FlyStrBuf *err) {
  FlyDevice *d = (emu || hip) ? flyCalloc(1, sizeof *d) : NULL;
  if (!d) {
    flyEmuDeviceDestroy(emu);
    rthipDeviceClose(hip);
    flyStrBufAppend(err, "out of memory");
    return NULL;
  }
  d->rt = rt;
  d->emu = emu;
  d->hip = hip;
  d->next = rt->devices;
  rt->devices = d;
  return d;
}

static FlyDevice *createEmuDevice(FlyRuntime *rt, const char *chip, unsigned numThreads,
                                  FlyStrBuf *err) {
  FlyChip c;
  if (!chip || !flyChipParse(chip, &c)) {
    flyStrBufAppendF(err, "unknown chip '%s' (expected gfx950 or gfx942)", chip ? chip : "");
    return NULL;
  }
  return addDevice(rt, flyEmuDeviceCreate(c, numThreads), NULL, err);
}

/* A HIP device; with `chip` given it must be that chip. */
static FlyDevice *openHipDevice(FlyRuntime *rt, const FlyDeviceDesc *desc, FlyStrBuf *err) {
  RthipDevice *hip = rthipDeviceOpen(desc->hipLibrary, desc->hipDevice, err);
  if (!hip)
    return NULL;
  if (desc->chip && strcmp(desc->chip, rthipDeviceGetArch(hip)) != 0) {
    flyStrBufAppendF(err, "HIP device %d is %s (%s), not %s", desc->hipDevice,
                     rthipDeviceGetArch(hip), rthipDeviceGetArchFull(hip), desc->chip);
    rthipDeviceClose(hip);
    return NULL;
  }
  return addDevice(rt, NULL, hip, err);
}

FlyDevice *flyRuntimeCreateDevice(FlyRuntime *rt, const char *chip, unsigned numThreads,
                                  FlyStrBuf *err) {
  return createEmuDevice(rt, chip, numThreads, err);
}

FlyDevice *flyRuntimeOpenDevice(FlyRuntime *rt, const FlyDeviceDesc *desc, FlyStrBuf *err) {
  switch (desc->backend) {
  case FLY_BACKEND_EMU:
    return createEmuDevice(rt, desc->chip, desc->numThreads, err);
  case FLY_BACKEND_HIP:
    return openHipDevice(rt, desc, err);
  }
  flyStrBufAppendF(err, "unknown backend %d", (int)desc->backend);
  return NULL;
}

const char *flyBackendGetName(FlyBackend backend) {
  return backend == FLY_BACKEND_HIP ? "hip" : "emu";
}

FlyBackend flyDeviceGetBackend(const FlyDevice *dev) {
  return dev->hip ? FLY_BACKEND_HIP : FLY_BACKEND_EMU;
}

const char *flyDeviceGetChipName(const FlyDevice *dev) {
  if (dev->hip)
    return rthipDeviceGetArch(dev->hip);
  return flyChipGetInfo(flyEmuDeviceGetChip(dev->emu))->name;
}

const char *flyDeviceGetDescription(const FlyDevice *dev) {
  return dev->hip ? rthipDeviceGetArchFull(dev->hip) : "flyc emulator";
}

bool flyDeviceAlloc(FlyDevice *dev, uint64_t size, FlyBuffer *out, FlyStrBuf *err) {
  if (dev->hip) {
    *out = (FlyBuffer){0, 0};
    if (size == 0) {
      flyStrBufAppend(err, "cannot allocate 0 bytes of device memory");
      return false;
    }
    if (!rthipAlloc(dev->hip, size, &out->addr, err))
      return false;
    out->size = size;
    return true;
  }
  out->addr = flyEmuDeviceAlloc(dev->emu, size);
  out->size = out->addr ? size : 0;
  if (!out->addr)
    flyStrBufAppendF(err, "cannot allocate %llu bytes of device memory",
                     (unsigned long long)size);
  return out->addr != 0;
}

void flyDeviceFree(FlyDevice *dev, FlyBuffer buf) {
  if (buf.addr && dev->hip)
    rthipFree(dev->hip, buf.addr);
  else if (buf.addr)
    flyEmuDeviceFree(dev->emu, buf.addr);
}

static bool inRange(FlyBuffer buf, uint64_t offset, size_t n, FlyStrBuf *err) {
  if (offset <= buf.size && n <= buf.size - offset)
    return true;
  flyStrBufAppendF(err, "copy of %zu bytes at offset %llu is outside a %llu-byte buffer", n,
                   (unsigned long long)offset, (unsigned long long)buf.size);
  return false;
}

bool flyDeviceCopyIn(FlyDevice *dev, FlyBuffer buf, uint64_t offset, const void *src,
                     size_t n, FlyStrBuf *err) {
  if (!inRange(buf, offset, n, err))
    return false;
  if (dev->hip)
    return rthipCopyIn(dev->hip, buf.addr + offset, src, n, err);
  return flyEmuDeviceWrite(dev->emu, buf.addr + offset, src, n);
}

bool flyDeviceCopyOut(FlyDevice *dev, FlyBuffer buf, uint64_t offset, void *dst, size_t n,
                      FlyStrBuf *err) {
  if (!inRange(buf, offset, n, err))
    return false;
  if (dev->hip)
    return rthipCopyOut(dev->hip, buf.addr + offset, dst, n, err);
  return flyEmuDeviceRead(dev->emu, buf.addr + offset, dst, n);
}

/* HIP: the code object is parsed for its metadata and must be for the
 * device's chip; only then does the runtime load it. */
static bool loadOnHip(FlyModule *m, const void *bytes, size_t n, FlyStrBuf *err) {
  m->co = flyCodeObjectCreate(bytes, n, err);
  if (!m->co)
    return false;
  const char *chip = flyChipGetInfo(flyCodeObjectGetChip(m->co))->name;
  const char *arch = rthipDeviceGetArch(m->dev->hip);
  if (strcmp(chip, arch) != 0) {
    flyStrBufAppendF(err, "the code object is for %s but the HIP device is %s (%s)", chip, arch,
                     rthipDeviceGetArchFull(m->dev->hip));
    return false;
  }
  m->hipModule = rthipModuleLoad(m->dev->hip, bytes, err);
  return m->hipModule != NULL;
}

FlyModule *flyModuleLoad(FlyDevice *dev, const void *bytes, size_t n, FlyStrBuf *err) {
  FlyModule *m = flyCalloc(1, sizeof *m);
  if (!m) {
    flyStrBufAppend(err, "out of memory");
    return NULL;
  }
  m->dev = dev;
  bool ok;
  if (dev->hip) {
    ok = loadOnHip(m, bytes, n, err);
  } else {
    m->emu = flyEmuModuleLoad(dev->emu, bytes, n, err);
    ok = m->emu != NULL;
  }
  if (!ok) {
    flyCodeObjectDestroy(m->co);
    flyFree(m);
    return NULL;
  }
  m->next = dev->modules;
  dev->modules = m;
  return m;
}

static uint8_t *readWholeFile(const char *path, size_t *size, FlyStrBuf *err) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    flyStrBufAppendF(err, "cannot open '%s': %s", path, strerror(errno));
    return NULL;
  }
  FlyStrBuf data = {0};
  char chunk[65536];
  size_t got;
  while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
    flyStrBufAppendN(&data, chunk, got);
  int bad = ferror(f) || data.oom;
  fclose(f);
  if (bad) {
    flyStrBufAppendF(err, "cannot read '%s'", path);
    flyStrBufDestroy(&data);
    return NULL;
  }
  *size = data.len;
  return (uint8_t *)flyStrBufTake(&data);
}

FlyModule *flyModuleLoadFile(FlyDevice *dev, const char *path, FlyStrBuf *err) {
  size_t n = 0;
  uint8_t *bytes = readWholeFile(path, &n, err);
  if (!bytes)
    return NULL;
  FlyStrBuf why = {0};
  FlyModule *m = flyModuleLoad(dev, bytes, n, &why);
  if (!m)
    flyStrBufAppendF(err, "%s: %s", path, why.data ? why.data : "out of memory");
  flyStrBufDestroy(&why);
  flyFree(bytes);
  return m;
}

void flyModuleUnload(FlyModule *mod) {
  if (!mod)
    return;
  FlyModule **link = &mod->dev->modules;
  while (*link && *link != mod)
    link = &(*link)->next;
  if (*link)
    *link = mod->next;
  flyEmuModuleUnload(mod->emu);
  if (mod->hipModule)
    rthipModuleUnload(mod->dev->hip, mod->hipModule);
  flyCodeObjectDestroy(mod->co);
  flyFree(mod);
}

const FlyCodeObject *flyModuleGetCodeObject(const FlyModule *mod) {
  return mod->co ? mod->co : flyEmuModuleGetCodeObject(mod->emu);
}

const FlyKernelInfo *flyModuleGetKernel(const FlyModule *mod, const char *name) {
  return flyCodeObjectFindKernel(flyModuleGetCodeObject(mod), name);
}

