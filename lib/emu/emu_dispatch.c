/*===- emu_dispatch.c - Kernarg segment, dispatch packet, initial state ---===*
 *
 * Everything the command processor and SPI do before a wave's first
 * instruction (AMDGPUUsage "Initial Kernel Execution State", "Code Object
 * V5 Metadata"; CDNA4 ISA §3.13; gfx950-isa-facts §5):
 *   - the kernarg segment: the caller's explicit bytes, then every hidden_*
 *     argument the metadata lists, filled by value_kind;
 *   - a 64-byte hsa_kernel_dispatch_packet_t when DISPATCH_PTR is enabled;
 *   - user SGPRs in the fixed order, then workgroup ids / info, v0 with the
 *     packed work-item ids (gfx90a+), EXEC for partial waves, MODE from
 *     compute_pgm_rsrc1, and the poison pattern everywhere else.
 *===----------------------------------------------------------------------===*/
#include "emu_machine.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Aperture bases reported through hidden_shared_base/hidden_private_base:
 * the high 32 bits of flat addresses that reach LDS resp. scratch. They must
 * equal what the instruction side returns for src_shared_base and
 * src_private_base (EMU_SHARED/PRIVATE_APERTURE_HI in its emu_isa.h), so
 * that code using either source agrees; no buffer is ever allocated there. */
enum { EMUM_SHARED_APERTURE_HI = 0x10000u, EMUM_PRIVATE_APERTURE_HI = 0x20000u };

static void put(uint8_t *seg, uint32_t off, uint32_t size, uint64_t v) {
  memcpy(seg + off, &v, size < 8 ? size : 8);   /* little-endian host */
}

/* Fills one hidden argument. Those not modelled stay zero (null pointers:
 * hostcall, multigrid sync, heap, default queue, completion action). */
static void putHidden(const EmumDispatch *d, const FlyKernelArg *a, uint8_t *seg) {
  static const char *const dims[3] = {"_x", "_y", "_z"};
  const char *k = a->valueKind + 7; /* after "hidden_" */
  for (int i = 0; i < 3; ++i) {
    size_t n = strlen(k);
    int axis = n > 2 && strcmp(k + n - 2, dims[i]) == 0;
    if (!axis)
      continue;
    if (strncmp(k, "block_count", 11) == 0) put(seg, a->offset, a->size, d->grid[i]);
    if (strncmp(k, "group_size", 10) == 0) put(seg, a->offset, a->size, d->block[i]);
    /* The grid is whole workgroups, so hidden_remainder_* (grid % group) is 0. */
    if (strncmp(k, "remainder", 9) == 0) put(seg, a->offset, a->size, 0);
  }
  if (strcmp(k, "grid_dims") == 0)
    put(seg, a->offset, a->size, d->grid[2] * d->block[2] > 1 ? 3 : d->grid[1] * d->block[1] > 1 ? 2 : 1);
  if (strcmp(k, "dynamic_lds_size") == 0)
    put(seg, a->offset, a->size, d->ldsSize - d->kernel->groupSegmentFixedSize);
  if (strcmp(k, "private_base") == 0) put(seg, a->offset, a->size, EMUM_PRIVATE_APERTURE_HI);
  if (strcmp(k, "shared_base") == 0) put(seg, a->offset, a->size, EMUM_SHARED_APERTURE_HI);
  if (strcmp(k, "queue_ptr") == 0) put(seg, a->offset, a->size, d->queueAddr);
}

static bool fail(FlyEmuFault *f, const EmumDispatch *d, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool fail(FlyEmuFault *f, const EmumDispatch *d, const char *fmt, ...) {
  memset(f, 0, sizeof *f);
  f->kind = FLY_EMU_FAULT_INVALID;
  f->wave = f->lane = -1;
  snprintf(f->kernel, sizeof f->kernel, "%s", d->kernel->name);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->message, sizeof f->message, fmt, ap);
  va_end(ap);
  return false;
}

static bool buildKernarg(FlyEmuDevice *dev, EmumDispatch *d, const FlyEmuLaunchDesc *desc,
                         FlyEmuFault *f) {
  const FlyKernelInfo *k = d->kernel;
  /* LLVM merges kernarg loads into wide s_load_dwordxN that may read past
   * the segment's end (e.g. x8 for 28 bytes of arguments); runtimes allocate
   * kernarg memory in larger blocks, so 256 zero bytes follow the segment. */
  uint32_t size = k->kernargSegmentSize + 256;
  if (desc->kernargSize > k->kernargSegmentSize)
    return fail(f, d, "%zu bytes of kernel arguments for a %u-byte kernarg segment",
                desc->kernargSize, k->kernargSegmentSize);
  uint8_t *seg;
  d->kernargAddr = emumAllocRaw(dev, size, &seg);
  if (!d->kernargAddr)
    return fail(f, d, "out of device memory for %u kernarg bytes", size);
  memset(seg, 0, size);
  if (desc->kernargSize)
    memcpy(seg, desc->kernarg, desc->kernargSize);
  for (size_t i = 0; i < k->numArgs; ++i)
    if (k->args[i].isHidden)
      putHidden(d, &k->args[i], seg);
  return true;
}

/* hsa_kernel_dispatch_packet_t (HSA runtime spec, hsa.h). */
static bool buildPacket(FlyEmuDevice *dev, EmumDispatch *d, FlyEmuFault *f) {
  uint8_t *p;
  d->dispatchAddr = emumAllocRaw(dev, 64, &p);
  if (!d->dispatchAddr)
    return fail(f, d, "out of device memory");
  memset(p, 0, 64);
  uint32_t dims = d->grid[2] * d->block[2] > 1 ? 3 : d->grid[1] * d->block[1] > 1 ? 2 : 1;
  put(p, 0, 2, 2);                          /* header: HSA_PACKET_TYPE_KERNEL_DISPATCH */
  put(p, 2, 2, dims);                       /* setup: dimensions */
  for (int i = 0; i < 3; ++i) {
    put(p, 4 + 2 * i, 2, d->block[i]);      /* workgroup_size_x/y/z */
    put(p, 12 + 4 * i, 4, (uint64_t)d->grid[i] * d->block[i]); /* grid_size in items */
  }
  put(p, 24, 4, d->kernel->privateSegmentFixedSize);
  put(p, 28, 4, d->ldsSize);
  put(p, 32, 8, d->mod->base + d->kernel->kdAddress);  /* kernel_object */
  put(p, 40, 8, d->kernargAddr);
  return true;
}

bool emumDispatchPrepare(FlyEmuDevice *dev, EmumDispatch *d, const FlyEmuLaunchDesc *desc,
                         FlyEmuFault *f) {
  uint8_t *q; /* an all-zero hsa_queue_t stand-in for queue_ptr users */
  d->queueAddr = emumAllocRaw(dev, 256, &q);
  if (!d->queueAddr)
    return fail(f, d, "out of device memory");
  memset(q, 0, 256);
  if (!buildKernarg(dev, d, desc, f))
    return false;
  return !d->kernel->kd.enableSgprDispatchPtr || buildPacket(dev, d, f);
}

void emumDispatchRelease(FlyEmuDevice *dev, EmumDispatch *d) {
  if (d->kernargAddr) flyEmuDeviceFree(dev, d->kernargAddr);
  if (d->dispatchAddr) flyEmuDeviceFree(dev, d->dispatchAddr);
  if (d->queueAddr) flyEmuDeviceFree(dev, d->queueAddr);
  d->kernargAddr = d->dispatchAddr = d->queueAddr = 0;
}

static void putPair(EmuWave *w, uint32_t *s, uint64_t v) {
  w->sgpr[(*s)++] = (uint32_t)v;
  w->sgpr[(*s)++] = (uint32_t)(v >> 32);
}

/* User SGPRs in AMDGPUUsage order; returns how many were written. */
static uint32_t putUserSgprs(const EmumDispatch *d, EmuWave *w) {
  const FlyKernelDescriptor *kd = &d->kernel->kd;
  uint32_t s = 0;
  if (kd->enableSgprPrivateSegmentBuffer) /* unused with architected flat scratch */
    for (int i = 0; i < 4; ++i) w->sgpr[s++] = 0;
  if (kd->enableSgprDispatchPtr) putPair(w, &s, d->dispatchAddr);
  if (kd->enableSgprQueuePtr) putPair(w, &s, d->queueAddr);
  if (kd->enableSgprKernargSegmentPtr) putPair(w, &s, d->kernargAddr);
  if (kd->enableSgprDispatchId) putPair(w, &s, 0);
  if (kd->enableSgprFlatScratchInit) putPair(w, &s, 0);
  const uint8_t *kernarg = emuMemoryTranslate(d->env.mem, d->kernargAddr, 4);
  for (uint32_t i = 0; i < kd->kernargPreloadLength && s < EMU_NUM_SGPRS; ++i) {
    uint32_t off = (kd->kernargPreloadOffset + i) * 4, v = 0;
    if (off + 4 <= d->kernel->kernargSegmentSize)
      memcpy(&v, kernarg + off, 4);
    w->sgpr[s++] = v;
  }
  if (kd->enableSgprPrivateSegmentSize) w->sgpr[s++] = d->kernel->privateSegmentFixedSize;
  return s;
}

static void putSystemSgprs(const EmumDispatch *d, EmuWave *w, uint32_t s, uint32_t wave) {
  const FlyKernelDescriptor *kd = &d->kernel->kd;
  for (int i = 0; i < 3; ++i)
    if (kd->enableWorkgroupId[i])
      w->sgpr[s++] = w->groupId[i];
  /* Workgroup info: first_wave [31], size in waves [5:0] (AMDGPUUsage). */
  if (kd->enableWorkgroupInfo)
    w->sgpr[s++] = (wave == 0 ? 1u << 31 : 0) | (d->wavesPerGroup & 0x3f);
  if (kd->enablePrivateSegment)
    w->sgpr[s++] = 0;   /* private segment wave byte offset */
}

/* MODE from compute_pgm_rsrc1, laid out as the hardware MODE register (CDNA
 * ISA "Mode register"): FP_ROUND [3:0] (f32 [1:0], f16/f64 [3:2]), FP_DENORM
 * [7:4] (f32 [5:4], f16/f64 [7:6]), DX10_CLAMP [8], IEEE [9], FP16_OVFL [23]. */
static uint32_t initialMode(const FlyKernelDescriptor *kd) {
  uint32_t m = kd->floatRoundMode32 | kd->floatRoundMode1664 << 2 |
               kd->floatDenormMode32 << 4 | kd->floatDenormMode1664 << 6;
  if (kd->dx10Clamp) m |= 1u << 8;
  if (kd->ieeeMode) m |= 1u << 9;
  if (kd->fp16Overflow) m |= 1u << 23;
  return m;
}

/* Registers a correctly compiled kernel can touch: its VGPR/AGPR counts
 * (metadata, and the AGPR split of rsrc3.ACCUM_OFFSET), rounded to the
 * allocation granule of 8. Only these are re-poisoned per wave; the worker
 * poisons the whole register file once (emumWavePoisonAll), so registers
 * beyond the allocation hold the pattern unless a kernel writes outside
 * its own allocation. */
static uint32_t regsInUse(uint32_t n) { return n >= 248 ? 256 : (n + 7) / 8 * 8; }

static void poison(const FlyKernelInfo *k, EmuWave *w) {
  uint32_t accum = (k->kd.accumOffset + 1) * 4;
  uint32_t nv = regsInUse(k->vgprCount > accum ? k->vgprCount : accum);
  uint32_t na = regsInUse(k->agprCount);
  for (uint32_t i = 0; i < EMU_NUM_SGPRS; ++i)
    w->sgpr[i] = EMU_POISON32;
  for (uint32_t r = 0; r < nv; ++r)
    for (uint32_t l = 0; l < EMU_WAVE_LANES; ++l)
      w->vgpr[r][l] = EMU_POISON32;
  for (uint32_t r = 0; r < na; ++r)
    for (uint32_t l = 0; l < EMU_WAVE_LANES; ++l)
      w->agpr[r][l] = EMU_POISON32;
}

void emumWavePoisonAll(EmuWave *w) {
  for (uint32_t r = 0; r < EMU_NUM_VGPRS; ++r)
    for (uint32_t l = 0; l < EMU_WAVE_LANES; ++l)
      w->vgpr[r][l] = EMU_POISON32;
  for (uint32_t r = 0; r < EMU_NUM_AGPRS; ++r)
    for (uint32_t l = 0; l < EMU_WAVE_LANES; ++l)
      w->agpr[r][l] = EMU_POISON32;
}

static void putWorkitemIds(const EmumDispatch *d, EmuWave *w, uint32_t wave) {
  w->exec = 0;
  for (uint32_t l = 0; l < EMU_WAVE_LANES; ++l) {
    uint32_t t = wave * EMU_WAVE_LANES + l;
    if (t >= d->threadsPerGroup)
      continue;
    uint32_t x = t % d->block[0], y = (t / d->block[0]) % d->block[1];
    uint32_t z = t / (d->block[0] * d->block[1]);
    w->vgpr[0][l] = x | y << 10 | z << 20;
    w->exec |= 1ull << l;
  }
}

/* Private memory starts undefined: poison this wave's 64 lanes of it. */
static void poisonScratch(const EmumDispatch *d, const EmuWave *w) {
  uint64_t base;
  uint32_t laneBytes;
  if (!emuWaveGetScratch(w, &base, &laneBytes))
    return;
  size_t size = (size_t)laneBytes * EMU_WAVE_LANES;
  uint8_t *p = emuMemoryTranslate(d->env.mem, base, size);
  uint32_t pattern = EMU_POISON32;
  for (size_t i = 0; p && i + 4 <= size; i += 4)
    memcpy(p + i, &pattern, 4);
}

bool emumWaveInit(const EmumDispatch *d, EmumGroup *slot, uint32_t wave, FlyEmuFault *f) {
  EmuGroup *group = &slot->g;
  EmuWave *w = &group->waves[wave];
  poison(d->kernel, w);
  memcpy(w->groupId, group->id, sizeof w->groupId);
  w->waveInGroup = wave;
  w->group = group;
  w->retired = 0;
  poisonScratch(d, w);
  uint32_t s = putUserSgprs(d, w);
  if (s != d->kernel->kd.userSgprCount)
    return fail(f, d, "kernel descriptor enables %u user SGPRs but USER_SGPR_COUNT is %u",
                s, d->kernel->kd.userSgprCount);
  putSystemSgprs(d, w, s, wave);
  putWorkitemIds(d, w, wave);
  w->vcc = ((uint64_t)EMU_POISON32 << 32) | EMU_POISON32;
  w->m0 = EMU_POISON32;
  w->mode = initialMode(&d->kernel->kd);
  w->trapsts = 0;
  w->scc = 0;
  w->pc = d->entryPc;
  return true;
}
