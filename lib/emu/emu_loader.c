/*===- emu_loader.c - Loading a code object into device memory ------------===*
 *
 * The whole image (every PT_LOAD segment at base + p_vaddr, bss zeroed) is
 * mapped into device memory, because kernels read their own kernel
 * descriptor and .rodata through s_getpc-relative addresses. Dynamic
 * relocations R_AMDGPU_RELATIVE64 (13) and R_AMDGPU_ABS64 (3) are applied
 * (AMDGPUUsage "Relocation Records"). .text is decoded once, here.
 *===----------------------------------------------------------------------===*/
#include "emu_machine.h"

#include <string.h>

enum { R_AMDGPU_ABS64 = 3, R_AMDGPU_RELATIVE64 = 13 };

/* Code objects are kilobytes to a few megabytes; a larger span comes from a
 * damaged header and would only exhaust memory. */
#define EMUM_MAX_IMAGE (256u << 20)

static uint64_t imageSize(const FlyCodeObject *co) {
  uint64_t end = 0;
  for (size_t i = 0; i < flyCodeObjectGetNumSegments(co); ++i) {
    const FlyCodeObjectSegment *s = flyCodeObjectGetSegment(co, i);
    if (s->vaddr + s->memSize > end)
      end = s->vaddr + s->memSize;
  }
  return end;
}

static void mapSegments(const FlyCodeObject *co, uint8_t *image) {
  size_t n;
  const uint8_t *bytes = flyCodeObjectGetBytes(co, &n);
  for (size_t i = 0; i < flyCodeObjectGetNumSegments(co); ++i) {
    const FlyCodeObjectSegment *s = flyCodeObjectGetSegment(co, i);
    memcpy(image + s->vaddr, bytes + s->offset, s->fileSize);
  }
}

static bool applyRelocs(const FlyCodeObject *co, uint8_t *image, uint64_t size,
                        uint64_t base, FlyStrBuf *err) {
  for (size_t i = 0; i < flyCodeObjectGetNumRelocs(co); ++i) {
    const FlyCodeObjectReloc *r = flyCodeObjectGetReloc(co, i);
    uint64_t value;
    if (r->type == R_AMDGPU_RELATIVE64)
      value = base + (uint64_t)r->addend;
    else if (r->type == R_AMDGPU_ABS64)
      value = base + r->symbolValue + (uint64_t)r->addend;
    else {
      flyStrBufAppendF(err, "cannot load code object: unsupported relocation type %u",
                       r->type);
      return false;
    }
    if (r->offset > size || size - r->offset < 8) {
      flyStrBufAppend(err, "cannot load code object: relocation outside the image");
      return false;
    }
    memcpy(image + r->offset, &value, 8);
  }
  return true;
}

/* Maps the image and decodes .text; false with `err`. */
static bool loadImage(FlyEmuModule *mod, FlyStrBuf *err) {
  FlyEmuDevice *dev = mod->dev;
  uint64_t size = imageSize(mod->co);
  if (size > EMUM_MAX_IMAGE) {
    flyStrBufAppendF(err, "cannot load code object: its segments span %llu bytes, more "
                     "than the emulator's limit of %u MiB", (unsigned long long)size,
                     EMUM_MAX_IMAGE >> 20);
    return false;
  }
  uint8_t *image;
  mod->base = emumAllocRaw(dev, size, &image);
  if (!mod->base) {
    flyStrBufAppend(err, "cannot load code object: out of device memory");
    return false;
  }
  memset(image, 0, size);
  mapSegments(mod->co, image);
  if (!applyRelocs(mod->co, image, size, mod->base, err))
    return false;
  size_t textSize;
  uint64_t textVaddr;
  flyCodeObjectGetText(mod->co, &textSize, &textVaddr);
  mod->textAddr = mod->base + textVaddr;
  const uint8_t *text = emumHost(dev, mod->textAddr, textSize);
  FlyEmuFault fault = {0};
  mod->prog = text ? emuProgramCreate(text, textSize, mod->textAddr, dev->chip, &fault) : NULL;
  if (!mod->prog) {
    flyStrBufAppendF(err, "cannot load code object: %s",
                     text ? fault.message : ".text is not inside a loaded segment");
    return false;
  }
  return true;
}

FlyEmuModule *flyEmuModuleLoad(FlyEmuDevice *dev, const void *bytes, size_t size,
                               FlyStrBuf *err) {
  FlyEmuModule *mod = flyCalloc(1, sizeof *mod);
  if (!mod) {
    flyStrBufAppend(err, "out of memory");
    return NULL;
  }
  mod->dev = dev;
  mod->co = flyCodeObjectCreate(bytes, size, err);
  bool ok = mod->co != NULL;
  if (ok && flyCodeObjectGetChip(mod->co) != dev->chip) {
    flyStrBufAppendF(err, "code object is for %s but the device is %s",
                     flyChipGetInfo(flyCodeObjectGetChip(mod->co))->name,
                     flyChipGetInfo(dev->chip)->name);
    ok = false;
  }
  ok = ok && loadImage(mod, err);
  mod->next = dev->modules;
  dev->modules = mod;
  if (!ok) {
    flyEmuModuleUnload(mod);
    return NULL;
  }
  return mod;
}

void flyEmuModuleUnload(FlyEmuModule *mod) {
  if (!mod)
    return;
  FlyEmuModule **link = &mod->dev->modules;
  while (*link && *link != mod)
    link = &(*link)->next;
  if (*link)
    *link = mod->next;
  emuProgramDestroy(mod->prog);
  if (mod->base)
    flyEmuDeviceFree(mod->dev, mod->base);
  flyCodeObjectDestroy(mod->co);
  flyFree(mod);
}

const FlyCodeObject *flyEmuModuleGetCodeObject(const FlyEmuModule *mod) { return mod->co; }
uint64_t flyEmuModuleGetBase(const FlyEmuModule *mod) { return mod->base; }
