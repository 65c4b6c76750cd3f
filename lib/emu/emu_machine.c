/*===- emu_machine.c - Launches, the workgroup scheduler, worker threads --===*
 *
 * A launch prepares the dispatch, then worker threads take workgroups in
 * increasing linear order from a shared counter. Within a workgroup the
 * waves run cooperatively on one thread: each runs until s_endpgm, s_barrier
 * or a fault; when every wave that has not ended waits at the barrier, the
 * barrier releases (waves that ended count as arrived, as on gfx9 hardware;
 * gfx950-isa-facts §5.4 item 10). Because waves run to their next stop, a
 * pass always ends with every live wave at the barrier, so a barrier can
 * never deadlock here; a wave that spins forever on LDS written by another
 * wave is not detected. With FlyEmuLaunchDesc.checkHazards the waves run the
 * same way, one instruction at a time through emuWaveStep, and the hazard
 * checker (emu_hazard.h) sees every instruction and every barrier release.
 *
 * Determinism: workgroups write memory independently, so the result does not
 * depend on the thread count (except the order of floating-point global
 * atomics). The reported fault is the one of the lowest-numbered faulting
 * workgroup: after a fault no workgroup with a higher number is started,
 * and every lower one was already taken and runs to its end.
 *===----------------------------------------------------------------------===*/
#include "emu_machine.h"
#include "flyc/hw.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

typedef struct Shared {
  const EmumDispatch *d;
  EmumGroupFilter skip;   /* workgroups another scheduler runs (NULL: none) */
  void *skipCtx;
  uint64_t numGroups;
  uint64_t next;          /* next workgroup index to take (atomic) */
  uint64_t firstFault;    /* lowest faulting index so far (atomic) */
} Shared;

typedef struct Worker {
  Shared *shared;
  EmumGroup group;
  uint64_t faultIndex;    /* UINT64_MAX when none */
  FlyEmuFault fault;
  uint64_t retired, waves, groups;
  bool oom;
} Worker;

typedef enum WaveState { WAVE_RUNNING, WAVE_AT_BARRIER, WAVE_ENDED } WaveState;

void emumGroupCoords(const EmumDispatch *d, uint64_t idx, uint32_t id[3]) {
  id[0] = (uint32_t)(idx % d->grid[0]);
  id[1] = (uint32_t)(idx / d->grid[0] % d->grid[1]);
  id[2] = (uint32_t)(idx / ((uint64_t)d->grid[0] * d->grid[1]));
}

/* Adds the machine side's part of a fault report. */
void emumCompleteFault(const EmumDispatch *d, const EmuGroup *g, int wave, FlyEmuFault *f) {
  snprintf(f->kernel, sizeof f->kernel, "%s", d->kernel->name);
  memcpy(f->group, g->id, sizeof f->group);
  f->wave = wave;
}

/* Runs wave `w` to its next stop: all at once, or with the hazard checker
 * one instruction at a time (the same execution: emuWaveStep without an
 * effects record applies everything at issue, as emuWaveRun does). */
static EmuStop runWave(const EmumDispatch *d, EmumGroup *slot, uint32_t w, FlyEmuFault *f) {
  EmuWave *wave = &slot->g.waves[w];
  if (!slot->haz)
    return emuWaveRun(wave, &d->env, f);
  for (;;) {
    EmuStepOut out;
    int stop = emuWaveStep(wave, &d->env, NULL, &out, f);
    if (stop == EMU_STOP_FAULT || !emuHazStep(slot->haz, w, &out, stop, f))
      return EMU_STOP_FAULT;
    if (stop != EMU_STOP_STEPPED)
      return (EmuStop)stop;
  }
}

/* One pass: runs every running wave to its next stop. Returns false on a fault. */
static bool runPass(const EmumDispatch *d, EmumGroup *slot, WaveState *state, FlyEmuFault *f) {
  EmuGroup *g = &slot->g;
  for (uint32_t w = 0; w < g->numWaves; ++w) {
    if (state[w] != WAVE_RUNNING)
      continue;
    memset(f, 0, sizeof *f);
    EmuStop stop = runWave(d, slot, w, f);
    if (stop == EMU_STOP_FAULT) {
      emumCompleteFault(d, g, (int)w, f);
      return false;
    }
    state[w] = stop == EMU_STOP_BARRIER ? WAVE_AT_BARRIER : WAVE_ENDED;
  }
  return true;
}

bool emumGroupStart(const EmumDispatch *d, EmumGroup *slot, FlyEmuFault *f) {
  EmuGroup *g = &slot->g;
  uint32_t poison = EMU_POISON32;
  for (uint32_t i = 0; i + 4 <= g->ldsSize; i += 4)
    memcpy(g->lds + i, &poison, 4);
  for (uint32_t w = 0; w < g->numWaves; ++w)
    if (!emumWaveInit(d, slot, w, f)) {
      emumCompleteFault(d, g, -1, f);
      return false;
    }
  if (slot->haz)
    emuHazReset(slot->haz, g->numWaves);
  return true;
}

static bool runGroup(const EmumDispatch *d, EmumGroup *slot, FlyEmuFault *f) {
  EmuGroup *g = &slot->g;
  WaveState state[EMUM_MAX_WAVES];
  if (!emumGroupStart(d, slot, f))
    return false;
  for (uint32_t w = 0; w < g->numWaves; ++w)
    state[w] = WAVE_RUNNING;
  for (;;) {
    if (!runPass(d, slot, state, f))
      return false;
    uint32_t ended = 0;
    for (uint32_t w = 0; w < g->numWaves; ++w) {
      ended += state[w] == WAVE_ENDED;
      if (state[w] == WAVE_AT_BARRIER)  /* all live waves arrived: release */
        state[w] = WAVE_RUNNING;
    }
    if (ended == g->numWaves)
      return true;
    if (slot->haz)
      emuHazBarrierRelease(slot->haz);
  }
}

static void *workerMain(void *arg) {
  Worker *wk = arg;
  Shared *s = wk->shared;
  const EmumDispatch *d = s->d;
  for (;;) {
    uint64_t idx = __atomic_fetch_add(&s->next, 1, __ATOMIC_RELAXED);
    if (idx >= s->numGroups || idx > __atomic_load_n(&s->firstFault, __ATOMIC_ACQUIRE))
      break;
    if (s->skip && s->skip(s->skipCtx, idx))
      continue;
    emumGroupCoords(d, idx, wk->group.g.id);
    FlyEmuFault f;
    bool ok = runGroup(d, &wk->group, &f);
    for (uint32_t w = 0; w < wk->group.g.numWaves; ++w)
      wk->retired += wk->group.g.waves[w].retired;
    wk->waves += wk->group.g.numWaves;
    wk->groups++;
    if (ok)
      continue;
    if (idx < wk->faultIndex) {
      wk->faultIndex = idx;
      wk->fault = f;
    }
    uint64_t cur = __atomic_load_n(&s->firstFault, __ATOMIC_ACQUIRE);
    while (idx < cur && !__atomic_compare_exchange_n(&s->firstFault, &cur, idx, false,
                                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    }
  }
  return NULL;
}

/* A worker's workgroup slot: LDS, waves (fully poisoned once) and, when the
 * kernel has private memory, 64 lanes of it per wave in device memory. */
bool emumGroupSlotInit(FlyEmuDevice *dev, const EmumDispatch *d, EmumGroup *slot) {
  EmuGroup *g = &slot->g;
  memset(slot, 0, sizeof *slot);
  g->numWaves = d->wavesPerGroup;
  g->ldsSize = d->ldsSize;
  g->lds = flyAlloc(d->ldsSize ? d->ldsSize : 1);
  g->waves = flyAlloc(d->wavesPerGroup * sizeof(EmuWave));
  for (uint32_t w = 0; g->waves && w < d->wavesPerGroup; ++w)
    emumWavePoisonAll(&g->waves[w]);
  slot->scratchLaneBytes = d->scratchLaneBytes;
  if (d->scratchLaneBytes)
    slot->scratchBase = emumAllocRaw(
        dev, (uint64_t)d->wavesPerGroup * EMU_WAVE_LANES * d->scratchLaneBytes, NULL);
  if (d->checkHazards)
    slot->haz = emuHazCreate(d->env.chip, d->text, d->textSize, d->wavesPerGroup, d->ldsSize);
  return g->lds && g->waves && (!d->scratchLaneBytes || slot->scratchBase) &&
         (!d->checkHazards || slot->haz);
}

void emumGroupSlotFini(FlyEmuDevice *dev, EmumGroup *slot) {
  emuHazDestroy(slot->haz);
  flyFree(slot->g.lds);
  flyFree(slot->g.waves);
  if (slot->scratchBase)
    flyEmuDeviceFree(dev, slot->scratchBase);
  memset(slot, 0, sizeof *slot);
}

static bool workerInit(FlyEmuDevice *dev, Worker *wk, Shared *s) {
  memset(wk, 0, sizeof *wk);
  wk->shared = s;
  wk->faultIndex = UINT64_MAX;
  return emumGroupSlotInit(dev, s->d, &wk->group);
}

static void workerFini(FlyEmuDevice *dev, Worker *wk) { emumGroupSlotFini(dev, &wk->group); }

int emuWaveGetScratch(const EmuWave *wave, uint64_t *base, uint32_t *laneBytes) {
  const EmumGroup *slot = (const EmumGroup *)wave->group; /* g is the first member */
  *laneBytes = slot->scratchLaneBytes;
  *base = slot->scratchBase ? slot->scratchBase + (uint64_t)wave->waveInGroup *
                                                      EMU_WAVE_LANES * slot->scratchLaneBytes
                            : 0;
  return *base != 0;
}

void emumInvalid(FlyEmuFault *f, const char *kernel, const char *fmt, ...) {
  memset(f, 0, sizeof *f);
  f->kind = FLY_EMU_FAULT_INVALID;
  f->wave = f->lane = -1;
  snprintf(f->kernel, sizeof f->kernel, "%s", kernel);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->message, sizeof f->message, fmt, ap);
  va_end(ap);
}

/* Runs all workgroups on up to dev->numThreads threads. Worker state,
 * including private memory, is allocated before any thread starts, so the
 * buffer table is read-only while waves run. */
bool emumRunGroups(FlyEmuDevice *dev, const EmumDispatch *d, EmumGroupFilter skip,
                   void *skipCtx, FlyEmuFault *f, FlyEmuStats *st) {
  Shared s = {d, skip, skipCtx, (uint64_t)d->grid[0] * d->grid[1] * d->grid[2], 0, UINT64_MAX};
  unsigned n = dev->numThreads < s.numGroups ? dev->numThreads : (unsigned)s.numGroups;
  Worker *wk = flyCalloc(n, sizeof(Worker));
  pthread_t *tids = flyCalloc(n, sizeof(pthread_t));
  bool ok = wk && tids;
  unsigned started = 0;
  for (unsigned i = 0; ok && i < n; ++i)
    ok = workerInit(dev, &wk[i], &s);
  for (unsigned i = 1; ok && i < n; ++i, ++started)
    if (pthread_create(&tids[i], NULL, workerMain, &wk[i]) != 0)
      break;
  if (ok)
    workerMain(&wk[0]);
  for (unsigned i = 1; i <= started; ++i)
    pthread_join(tids[i], NULL);
  const Worker *first = NULL;
  for (unsigned i = 0; wk && i < n; ++i) {
    st->waveInstructions += wk[i].retired;
    st->waves += wk[i].waves;
    st->workgroups += wk[i].groups;
    if (wk[i].faultIndex != UINT64_MAX && (!first || wk[i].faultIndex < first->faultIndex))
      first = &wk[i];
    workerFini(dev, &wk[i]);
  }
  if (!ok)
    emumInvalid(f, d->kernel->name, "out of memory for workgroup state");
  else if (first)
    *f = first->fault;
  flyFree(wk);
  flyFree(tids);
  return ok && !first;
}

/* Private bytes per lane: the fixed private segment rounded up to 16, plus
 * a fixed 16 KiB when the kernel's stack grows dynamically (its size is not
 * in the code object; HIP's default limit is 1 KiB per work-item and grows
 * on demand). */
static uint32_t scratchLaneBytes(const FlyKernelInfo *k) {
  uint64_t n = (uint64_t)k->privateSegmentFixedSize + 15;
  if (k->usesDynamicStack || k->kd.usesDynamicStack)
    n += EMUM_DYNAMIC_STACK;
  n &= ~15ull;
  return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

static bool checkLaunch(const FlyEmuDevice *dev, const FlyKernelInfo *k,
                        const FlyEmuLaunchDesc *desc, FlyEmuFault *f) {
  uint64_t items = (uint64_t)desc->block[0] * desc->block[1] * desc->block[2];
  FlyChip chip = dev->chip == FLY_CHIP_GFX950 ? FLY_CHIP_GFX950 : FLY_CHIP_GFX942;
  uint32_t ldsCap = flyHwChipGet(chip)->lds.bytes;
  uint64_t lds = (uint64_t)k->groupSegmentFixedSize + desc->dynamicLds;
  uint64_t groups = 1;
  for (int i = 0; i < 3; ++i) {
    if (!desc->grid[i] || !desc->block[i] ||
        (uint64_t)desc->grid[i] * desc->block[i] > UINT32_MAX) {
      emumInvalid(f, k->name, "grid and block sizes must be >= 1 with at most 2^32-1 work-items per dimension");
      return false;
    }
    groups *= desc->grid[i]; /* at most 2^40 * 2^32 before the check: no overflow */
    if (groups > (1ull << 40)) {
      emumInvalid(f, k->name, "more than 2^40 workgroups");
      return false;
    }
  }
  if (desc->kernargSize && !desc->kernarg)
    emumInvalid(f, k->name, "%zu bytes of kernel arguments announced but none given",
            desc->kernargSize);
  else if (items > k->maxFlatWorkgroupSize || items > 1024)
    emumInvalid(f, k->name, "workgroup of %llu work-items exceeds the kernel's maximum of %u",
            (unsigned long long)items, k->maxFlatWorkgroupSize);
  else if (lds > ldsCap)
    emumInvalid(f, k->name, "workgroup needs %llu bytes of LDS, more than the %u of %s",
            (unsigned long long)lds, ldsCap, flyChipGetInfo(dev->chip)->name);
  else if (scratchLaneBytes(k) > EMUM_MAX_SCRATCH_LANE)
    emumInvalid(f, k->name, "%u bytes of private memory per work-item, more than the "
            "emulator's %u", scratchLaneBytes(k), EMUM_MAX_SCRATCH_LANE);
  else
    return true;
  return false;
}

double emumNow(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void emumInitDispatch(FlyEmuDevice *dev, FlyEmuModule *mod, const FlyKernelInfo *k,
                         const FlyEmuLaunchDesc *desc, EmumDispatch *d) {
  size_t textSize;
  uint64_t textVaddr;
  const uint8_t *text = flyCodeObjectGetText(mod->co, &textSize, &textVaddr);
  memset(d, 0, sizeof *d);
  d->checkHazards = desc->checkHazards;
  d->text = text;
  d->textSize = textSize;
  d->kernel = k;
  d->mod = mod;
  memcpy(d->grid, desc->grid, sizeof d->grid);
  memcpy(d->block, desc->block, sizeof d->block);
  d->threadsPerGroup = desc->block[0] * desc->block[1] * desc->block[2];
  d->wavesPerGroup = (d->threadsPerGroup + EMU_WAVE_LANES - 1) / EMU_WAVE_LANES;
  d->ldsSize = k->groupSegmentFixedSize + desc->dynamicLds;
  d->scratchLaneBytes = scratchLaneBytes(k);
  /* With preloaded kernargs the SGPRs are filled here, as firmware with
   * preload support does, and execution skips the 256-byte compatibility
   * prologue (AMDGPUUsage "Preloaded Kernel Arguments"). */
  d->entryPc = k->entryAddress - textVaddr + (k->kd.kernargPreloadLength ? 256 : 0);
  d->env.mem = &dev->mem;
  d->env.prog = mod->prog;
  d->env.chip = dev->chip;
  d->env.maxRetired = desc->maxWaveInstructions;
}

/* The kernel a launch names, after checking the launch; NULL with `fault`
 * filled when it cannot run. */
const FlyKernelInfo *emumLaunchKernel(const FlyEmuDevice *dev, const FlyEmuModule *mod,
                                         const FlyEmuLaunchDesc *desc, FlyEmuFault *fault) {
  memset(fault, 0, sizeof *fault);
  const FlyKernelInfo *k = desc->kernel ? flyCodeObjectFindKernel(mod->co, desc->kernel) : NULL;
  if (!desc->kernel)
    emumInvalid(fault, "", "no kernel name given");
  else if (!k)
    emumInvalid(fault, desc->kernel, "no kernel named '%s' in the code object", desc->kernel);
  return k && checkLaunch(dev, k, desc, fault) ? k : NULL;
}

bool flyEmuLaunchCheck(const FlyEmuDevice *dev, const FlyEmuModule *mod,
                       const FlyEmuLaunchDesc *desc, FlyEmuFault *fault) {
  return emumLaunchKernel(dev, mod, desc, fault) != NULL;
}

bool flyEmuLaunch(FlyEmuDevice *dev, FlyEmuModule *mod, const FlyEmuLaunchDesc *desc,
                  FlyEmuFault *fault, FlyEmuStats *stats) {
  FlyEmuStats local;
  FlyEmuStats *st = stats ? stats : &local;
  memset(st, 0, sizeof *st);
  const FlyKernelInfo *k = emumLaunchKernel(dev, mod, desc, fault);
  if (!k)
    return false;
  EmumDispatch d;
  emumInitDispatch(dev, mod, k, desc, &d);
  bool ok = emumDispatchPrepare(dev, &d, desc, fault);
  double t0 = emumNow();
  ok = ok && emumRunGroups(dev, &d, NULL, NULL, fault, st);
  st->seconds = emumNow() - t0;
  emumDispatchRelease(dev, &d);
  return ok;
}

static const char *kindName(FlyEmuFaultKind kind) {
  switch (kind) {
  case FLY_EMU_FAULT_UNSUPPORTED: return "unsupported instruction";
  case FLY_EMU_FAULT_MEMORY: return "memory fault";
  case FLY_EMU_FAULT_MISALIGNED: return "misaligned access";
  case FLY_EMU_FAULT_INVALID: return "invalid launch";
  case FLY_EMU_FAULT_LIMIT: return "instruction limit";
  case FLY_EMU_FAULT_HAZARD: return "hazard";
  default: return "no fault";
  }
}

void flyEmuFaultFormat(const FlyEmuFault *f, FlyStrBuf *out) {
  flyStrBufAppendF(out, "%s: kernel %s", kindName(f->kind), f->kernel);
  if (f->wave >= 0) {
    flyStrBufAppendF(out, ", workgroup (%u,%u,%u), wave %d", f->group[0], f->group[1],
                     f->group[2], f->wave);
    if (f->lane >= 0)
      flyStrBufAppendF(out, ", lane %d", f->lane);
    flyStrBufAppendF(out, ", pc 0x%llx", (unsigned long long)f->pc);
  }
  flyStrBufAppendF(out, ": %s", f->message);
}
