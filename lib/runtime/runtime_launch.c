/*===- runtime_launch.c - Argument lists and launches ---------------------===*
 *
 * Arguments are checked against the kernel's metadata (AMDGPUUsage code
 * object V5 `.args`): the count of explicit arguments, each size, and the
 * kind — a buffer goes where the metadata says `global_buffer`, a value
 * where it says `by_value`; each is then placed at its metadata `.offset` in
 * the kernarg bytes. This packing is the same for both backends; hidden
 * arguments are the backend's job: the emulator writes them from the
 * metadata, HIP (hipModuleLaunchKernel with HIP_LAUNCH_PARAM_BUFFER_POINTER)
 * reads the explicit bytes at their metadata offsets and writes the hidden
 * ones itself from the launch's grid, block and dynamic LDS.
 *===----------------------------------------------------------------------===*/
#include "runtime_internal.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { FLYRT_MAX_ARG_BYTES = 64 };

typedef struct FlyArg {
  uint32_t size;
  bool isBuffer; /* added by flyArgsAddBuffer */
  uint8_t bytes[FLYRT_MAX_ARG_BYTES];
} FlyArg;

struct FlyArgs {
  FlyArg *items;
  size_t count, cap;
};

FlyArgs *flyArgsCreate(void) { return flyCalloc(1, sizeof(FlyArgs)); }

void flyArgsDestroy(FlyArgs *args) {
  if (!args)
    return;
  flyFree(args->items);
  flyFree(args);
}

static bool addArg(FlyArgs *args, const void *bytes, uint32_t size, bool isBuffer) {
  if (size == 0 || size > FLYRT_MAX_ARG_BYTES)
    return false;
  if (args->count == args->cap) {
    size_t cap = args->cap ? 2 * args->cap : 8;
    if (cap > SIZE_MAX / sizeof(FlyArg))
      return false;
    FlyArg *grown = flyRealloc(args->items, cap * sizeof(FlyArg));
    if (!grown)
      return false;
    args->items = grown;
    args->cap = cap;
  }
  FlyArg *a = &args->items[args->count++];
  a->size = size;
  a->isBuffer = isBuffer;
  memcpy(a->bytes, bytes, size);
  return true;
}

bool flyArgsAddBytes(FlyArgs *args, const void *bytes, uint32_t size) {
  return addArg(args, bytes, size, false);
}

bool flyArgsAddBuffer(FlyArgs *args, FlyBuffer buf) { return addArg(args, &buf.addr, 8, true); }
bool flyArgsAddI32(FlyArgs *args, int32_t v) { return flyArgsAddBytes(args, &v, 4); }
bool flyArgsAddU32(FlyArgs *args, uint32_t v) { return flyArgsAddBytes(args, &v, 4); }
bool flyArgsAddI64(FlyArgs *args, int64_t v) { return flyArgsAddBytes(args, &v, 8); }
bool flyArgsAddF32(FlyArgs *args, float v) { return flyArgsAddBytes(args, &v, 4); }
size_t flyArgsGetCount(const FlyArgs *args) { return args->count; }

static bool reject(FlyLaunchResult *r, const char *kernel, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool reject(FlyLaunchResult *r, const char *kernel, const char *fmt, ...) {
  r->ok = false;
  r->fault.kind = FLY_EMU_FAULT_INVALID;
  r->fault.wave = r->fault.lane = -1;
  snprintf(r->fault.kernel, sizeof r->fault.kernel, "%s", kernel);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(r->fault.message, sizeof r->fault.message, fmt, ap);
  va_end(ap);
  return false;
}

/* " ('name')" for an argument the metadata names, else "". */
static const char *quotedName(const FlyKernelArg *m, char *buf, size_t size) {
  if (*m->name)
    snprintf(buf, size, " ('%s')", m->name);
  else if (size)
    buf[0] = 0;
  return buf;
}

/* Checks one argument against its metadata record; false with `r` filled. */
static bool checkArg(const FlyKernelInfo *k, size_t i, const FlyArg *a, FlyLaunchResult *r) {
  const FlyKernelArg *m = &k->args[i];
  char name[80];
  bool wantsBuffer = strcmp(m->valueKind, "global_buffer") == 0;
  if (a->isBuffer && !wantsBuffer)
    return reject(r, k->name, "argument %zu%s is a %s argument but a buffer was given", i,
                  quotedName(m, name, sizeof name), m->valueKind);
  if (!a->isBuffer && wantsBuffer)
    return reject(r, k->name, "argument %zu%s is a global buffer but a value was given", i,
                  quotedName(m, name, sizeof name));
  if (!a->isBuffer && strcmp(m->valueKind, "by_value") != 0)
    return reject(r, k->name, "argument %zu%s is a %s argument, which cannot be passed", i,
                  quotedName(m, name, sizeof name), m->valueKind);
  if (a->size != m->size)
    return reject(r, k->name, "argument %zu%s has %u bytes but the kernel expects %u", i,
                  quotedName(m, name, sizeof name), a->size, m->size);
  return true;
}

/* Checks the arguments and lays them out (the metadata reader guarantees
 * offset + size <= the kernarg segment); false with the result filled. */
static bool packArgs(const FlyKernelInfo *k, const FlyArgs *args, uint8_t *kernarg,
                     FlyLaunchResult *r) {
  size_t given = args ? args->count : 0;
  if (given != k->numExplicitArgs)
    return reject(r, k->name, "kernel takes %zu arguments but %zu were given",
                  k->numExplicitArgs, given);
  for (size_t i = 0; i < given; ++i) {
    if (!checkArg(k, i, &args->items[i], r))
      return false;
    memcpy(kernarg + k->args[i].offset, args->items[i].bytes, k->args[i].size);
  }
  return true;
}

/* The bytes a HIP launch passes: the kernarg segment up to the end of the
 * last explicit argument (the hidden ones after it are HIP's). */
static size_t explicitBytes(const FlyKernelInfo *k) {
  size_t end = 0;
  for (size_t i = 0; i < k->numExplicitArgs; ++i)
    if ((size_t)k->args[i].offset + k->args[i].size > end)
      end = (size_t)k->args[i].offset + k->args[i].size;
  return end;
}

/* What a HIP launch must satisfy before it is submitted: the emulator's
 * rules that do not depend on the emulator (grid and block sizes, the
 * kernel's workgroup maximum) and the device's own limits. */
static bool checkHipLaunch(const FlyDevice *dev, const FlyKernelInfo *k,
                           const FlyLaunchConfig *cfg, FlyLaunchResult *r) {
  uint64_t items = (uint64_t)cfg->block[0] * cfg->block[1] * cfg->block[2];
  uint64_t lds = (uint64_t)k->groupSegmentFixedSize + cfg->dynamicLds;
  for (int i = 0; i < 3; ++i)
    if (!cfg->grid[i] || !cfg->block[i] || (uint64_t)cfg->grid[i] * cfg->block[i] > UINT32_MAX)
      return reject(r, k->name, "grid and block sizes must be >= 1 with at most 2^32-1 "
                    "work-items per dimension");
  uint32_t devMax = rthipDeviceGetMaxWorkgroup(dev->hip);
  if (items > k->maxFlatWorkgroupSize || (devMax && items > devMax))
    return reject(r, k->name, "workgroup of %llu work-items exceeds the kernel's maximum of %u",
                  (unsigned long long)items, k->maxFlatWorkgroupSize);
  uint64_t ldsMax = rthipDeviceGetMaxLds(dev->hip);
  if (ldsMax && lds > ldsMax)
    return reject(r, k->name, "workgroup needs %llu bytes of LDS, more than the %llu of the "
                  "HIP device (%s)", (unsigned long long)lds, (unsigned long long)ldsMax,
                  rthipDeviceGetArch(dev->hip));
  return true;
}

/* The checked launch: kernel found, arguments packed into a fresh kernarg
 * block (the caller frees it), the device's own checks passed. */
static uint8_t *prepare(FlyDevice *dev, FlyModule *mod, const char *kernel,
                        const FlyLaunchConfig *cfg, const FlyArgs *args,
                        FlyLaunchResult *result, FlyEmuLaunchDesc *desc) {
  memset(result, 0, sizeof *result);
  const FlyKernelInfo *k = flyModuleGetKernel(mod, kernel);
  if (!k) {
    reject(result, kernel, "no kernel named '%s' in the code object", kernel);
    return NULL;
  }
  uint8_t *kernarg = flyCalloc(k->kernargSegmentSize ? k->kernargSegmentSize : 1, 1);
  if (!kernarg) {
    reject(result, kernel, "out of memory");
    return NULL;
  }
  *desc = (FlyEmuLaunchDesc){k->name, {cfg->grid[0], cfg->grid[1], cfg->grid[2]},
                             {cfg->block[0], cfg->block[1], cfg->block[2]}, kernarg,
                             k->kernargSegmentSize, cfg->dynamicLds, cfg->maxWaveInstructions,
                             cfg->checkHazards};
  bool ok = packArgs(k, args, kernarg, result);
  if (ok && dev->hip) {
    desc->kernargSize = explicitBytes(k);
    ok = checkHipLaunch(dev, k, cfg, result);
  } else if (ok) {
    ok = flyEmuLaunchCheck(dev->emu, mod->emu, desc, &result->fault);
  }
  if (!ok) {
    result->ok = false;
    flyFree(kernarg);
    return NULL;
  }
  return kernarg;
}

bool flyLaunchCheck(FlyDevice *dev, FlyModule *mod, const char *kernel,
                    const FlyLaunchConfig *cfg, const FlyArgs *args, FlyLaunchResult *result) {
  FlyEmuLaunchDesc desc;
  uint8_t *kernarg = prepare(dev, mod, kernel, cfg, args, result, &desc);
  flyFree(kernarg);
  result->ok = kernarg != NULL;
  return result->ok;
}

/* A HIP call failed: its line goes in the result as a runtime error. */
static bool hipError(FlyLaunchResult *r, const char *kernel, FlyStrBuf *why) {
  reject(r, kernel, "%s", why->data ? why->data : "out of memory");
  r->runtimeError = true;
  flyStrBufDestroy(why);
  return false;
}

/* One launch on the prepared arguments; *us (when not NULL) gets its time:
 * HIP events around the kernel, or the emulator's execution wall time. */
static bool launchPrepared(FlyDevice *dev, FlyModule *mod, const FlyLaunchConfig *cfg,
                           const FlyEmuLaunchDesc *desc, FlyLaunchResult *result, double *us) {
  if (!dev->hip) {
    bool ok = flyEmuLaunch(dev->emu, mod->emu, desc, &result->fault, &result->stats);
    if (us)
      *us = result->stats.seconds * 1e6;
    return ok;
  }
  FlyStrBuf why = {0};
  float ms = 0;
  if (!rthipLaunch(dev->hip, mod->hipModule, desc->kernel, cfg, desc->kernarg,
                   desc->kernargSize, us ? &ms : NULL, &why))
    return hipError(result, desc->kernel, &why);
  if (us)
    *us = (double)ms * 1e3;
  return true;
}

bool flyLaunch(FlyDevice *dev, FlyModule *mod, const char *kernel,
               const FlyLaunchConfig *cfg, const FlyArgs *args, FlyLaunchResult *result) {
  FlyEmuLaunchDesc desc;
  uint8_t *kernarg = prepare(dev, mod, kernel, cfg, args, result, &desc);
  bool ok = kernarg && launchPrepared(dev, mod, cfg, &desc, result, NULL);
  flyFree(kernarg);
  result->ok = ok;
  return ok;
}

/* Overwrites the flush buffer so that the next launch finds none of its
 * inputs in L2 or the Infinity Cache (HIP only: the emulator has no caches). */
static bool flushCaches(FlyDevice *dev, FlyBuffer flush, unsigned i, const char *kernel,
                        FlyLaunchResult *result) {
  if (!dev->hip || !flush.addr)
    return true;
  FlyStrBuf why = {0};
  if (rthipFill(dev->hip, flush.addr, (uint8_t)(i * 37 + 1), flush.size, &why))
    return true;
  return hipError(result, kernel, &why);
}

bool flyLaunchBench(FlyDevice *dev, FlyModule *mod, const char *kernel,
                    const FlyLaunchConfig *cfg, const FlyArgs *args, const FlyBenchConfig *bench,
                    double *timesUs, FlyLaunchResult *result) {
  FlyEmuLaunchDesc desc;
  uint8_t *kernarg = prepare(dev, mod, kernel, cfg, args, result, &desc);
  bool ok = kernarg != NULL;
  unsigned total = bench->warmup + bench->iterations;
  for (unsigned i = 0; ok && i < total; ++i) {
    double us = 0;
    ok = flushCaches(dev, bench->flush, i, kernel, result) &&
         launchPrepared(dev, mod, cfg, &desc, result, &us);
    if (ok && i >= bench->warmup)
      timesUs[i - bench->warmup] = us;
  }
  flyFree(kernarg);
  result->ok = ok;
  return ok;
}

bool flyLaunchTimed(FlyDevice *dev, FlyModule *mod, const char *kernel,
                    const FlyLaunchConfig *cfg, const FlyArgs *args,
                    const FlyEmuTimingOptions *options, FlyEmuTimingReport *report,
                    FlyLaunchResult *result) {
  FlyEmuLaunchDesc desc;
  memset(report, 0, sizeof *report);
  if (dev->hip) {
    memset(result, 0, sizeof *result);
    return reject(result, kernel, "the timing model runs on the emulator, not on a HIP device");
  }
  uint8_t *kernarg = prepare(dev, mod, kernel, cfg, args, result, &desc);
  bool ok = kernarg && flyEmuLaunchTimed(dev->emu, mod->emu, &desc, options, report,
                                         &result->fault, &result->stats);
  flyFree(kernarg);
  result->ok = ok;
  return ok;
}

void flyLaunchResultFormat(const FlyLaunchResult *result, FlyStrBuf *out) {
  if (result->runtimeError) {
    flyStrBufAppendF(out, "HIP error: kernel %s: %s", result->fault.kernel,
                     result->fault.message);
    return;
  }
  flyEmuFaultFormat(&result->fault, out);
}
