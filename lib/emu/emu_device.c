/*===- emu_device.c - Device memory of the emulator -----------------------===*
 *
 * Allocations get increasing device addresses, aligned to 64 KiB and
 * separated by at least 64 KiB of unmapped space, so that running off the end
 * of one buffer faults instead of landing in the next. Addresses are never
 * reused after a free (a stale pointer faults too). The table stays sorted
 * because addresses only grow; EmuMemory is a view of it for the ISA side.
 *===----------------------------------------------------------------------===*/
#include "emu_machine.h"

#include <string.h>
#include <unistd.h>

FlyEmuDevice *flyEmuDeviceCreate(FlyChip chip, unsigned numThreads) {
  FlyEmuDevice *dev = flyCalloc(1, sizeof *dev);
  if (!dev)
    return NULL;
  if (numThreads == 0) {
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    numThreads = n > 0 ? (unsigned)(n < 64 ? n : 64) : 1;
  }
  dev->chip = chip;
  dev->numThreads = numThreads;
  dev->nextAddr = EMUM_ADDR_BASE;
  return dev;
}

void flyEmuDeviceDestroy(FlyEmuDevice *dev) {
  if (!dev)
    return;
  while (dev->modules)
    flyEmuModuleUnload(dev->modules);
  for (size_t i = 0; i < dev->numBuffers; ++i)
    flyFree(dev->buffers[i].host);
  flyFree(dev->buffers);
  flyFree(dev);
}

FlyChip flyEmuDeviceGetChip(const FlyEmuDevice *dev) { return dev->chip; }

static uint64_t alignUp(uint64_t v, uint64_t a) { return (v + a - 1) & ~(a - 1); }

uint64_t emumAllocRaw(FlyEmuDevice *dev, uint64_t size, uint8_t **host) {
  if (size == 0 || size > (1ull << 40) || (size_t)size != size)
    return 0;
  if (dev->numBuffers == dev->capBuffers) {
    size_t cap = dev->capBuffers ? 2 * dev->capBuffers : 16;
    EmuBuffer *grown = flyRealloc(dev->buffers, cap * sizeof(EmuBuffer));
    if (!grown)
      return 0;
    dev->buffers = grown;
    dev->capBuffers = cap;
  }
  uint8_t *mem = flyAlloc((size_t)size);
  if (!mem)
    return 0;
  uint64_t addr = dev->nextAddr;
  dev->nextAddr = alignUp(addr + size + EMUM_GUARD, EMUM_GUARD);
  dev->buffers[dev->numBuffers++] = (EmuBuffer){addr, size, mem};
  dev->mem.buffers = dev->buffers;
  dev->mem.numBuffers = dev->numBuffers;
  if (host)
    *host = mem;
  return addr;
}

uint64_t flyEmuDeviceAlloc(FlyEmuDevice *dev, uint64_t size) {
  uint8_t *host;
  uint64_t addr = emumAllocRaw(dev, size, &host);
  if (!addr)
    return 0;
  uint32_t poison = EMU_POISON32;
  for (uint64_t i = 0; i + 4 <= size; i += 4)
    memcpy(host + i, &poison, 4);
  memcpy(host + (size & ~3ull), &poison, size & 3);
  return addr;
}

bool flyEmuDeviceFree(FlyEmuDevice *dev, uint64_t addr) {
  for (size_t i = 0; i < dev->numBuffers; ++i) {
    if (dev->buffers[i].addr != addr)
      continue;
    flyFree(dev->buffers[i].host);
    memmove(&dev->buffers[i], &dev->buffers[i + 1],
            (dev->numBuffers - i - 1) * sizeof(EmuBuffer));
    dev->mem.numBuffers = --dev->numBuffers;
    return true;
  }
  return false;
}

uint8_t *emumHost(const FlyEmuDevice *dev, uint64_t addr, uint64_t size) {
  return emuMemoryTranslate(&dev->mem, addr, size);
}

bool flyEmuDeviceWrite(FlyEmuDevice *dev, uint64_t addr, const void *src, size_t size) {
  uint8_t *p = emumHost(dev, addr, size);
  if (!p)
    return false;
  memcpy(p, src, size);
  return true;
}

bool flyEmuDeviceRead(const FlyEmuDevice *dev, uint64_t addr, void *dst, size_t size) {
  const uint8_t *p = emumHost(dev, addr, size);
  if (!p)
    return false;
  memcpy(dst, p, size);
  return true;
}
