/*===- runtime.c - Devices, buffers and modules over the emulator backend -===*/
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
    flyFree(d);
  }
  flyFree(rt);
}

FlyDevice *flyRuntimeCreateDevice(FlyRuntime *rt, const char *chip, unsigned numThreads,
                                  FlyStrBuf *err) {
  FlyChip c;
  if (!flyChipParse(chip, &c)) {
    flyStrBufAppendF(err, "unknown chip '%s' (expected gfx950 or gfx942)", chip);
    return NULL;
  }
  FlyDevice *d = flyCalloc(1, sizeof *d);
  if (d)
    d->emu = flyEmuDeviceCreate(c, numThreads);
  if (!d || !d->emu) {
    flyFree(d);
    flyStrBufAppend(err, "out of memory");
    return NULL;
  }
  d->rt = rt;
  d->next = rt->devices;
  rt->devices = d;
  return d;
}

const char *flyDeviceGetChipName(const FlyDevice *dev) {
  return flyChipGetInfo(flyEmuDeviceGetChip(dev->emu))->name;
}

bool flyDeviceAlloc(FlyDevice *dev, uint64_t size, FlyBuffer *out, FlyStrBuf *err) {
  out->addr = flyEmuDeviceAlloc(dev->emu, size);
  out->size = out->addr ? size : 0;
  if (!out->addr)
    flyStrBufAppendF(err, "cannot allocate %llu bytes of device memory",
                     (unsigned long long)size);
  return out->addr != 0;
}

void flyDeviceFree(FlyDevice *dev, FlyBuffer buf) {
  if (buf.addr)
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
  return inRange(buf, offset, n, err) && flyEmuDeviceWrite(dev->emu, buf.addr + offset, src, n);
}

bool flyDeviceCopyOut(FlyDevice *dev, FlyBuffer buf, uint64_t offset, void *dst, size_t n,
                      FlyStrBuf *err) {
  return inRange(buf, offset, n, err) && flyEmuDeviceRead(dev->emu, buf.addr + offset, dst, n);
}

FlyModule *flyModuleLoad(FlyDevice *dev, const void *bytes, size_t n, FlyStrBuf *err) {
  FlyModule *m = flyCalloc(1, sizeof *m);
  if (!m) {
    flyStrBufAppend(err, "out of memory");
    return NULL;
  }
  m->dev = dev;
  m->emu = flyEmuModuleLoad(dev->emu, bytes, n, err);
  if (!m->emu) {
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
  flyFree(mod);
}

const FlyCodeObject *flyModuleGetCodeObject(const FlyModule *mod) {
  return flyEmuModuleGetCodeObject(mod->emu);
}

const FlyKernelInfo *flyModuleGetKernel(const FlyModule *mod, const char *name) {
  return flyCodeObjectFindKernel(flyModuleGetCodeObject(mod), name);
}

