/*===- runtime_launch.c - Argument lists and launches ---------------------===*
 *
 * Arguments are checked against the kernel's metadata (AMDGPUUsage code
 * object V5 `.args`): the count of explicit arguments, each size, and the
 * kind — a buffer goes where the metadata says `global_buffer`, a value
 * where it says `by_value`; each is then placed at its metadata `.offset` in
 * the kernarg bytes. Hidden arguments are the backend's job.
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
                             k->kernargSegmentSize, cfg->dynamicLds, 0, cfg->checkHazards};
  if (!packArgs(k, args, kernarg, result) ||
      !flyEmuLaunchCheck(dev->emu, mod->emu, desc, &result->fault)) {
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

bool flyLaunch(FlyDevice *dev, FlyModule *mod, const char *kernel,
               const FlyLaunchConfig *cfg, const FlyArgs *args, FlyLaunchResult *result) {
  FlyEmuLaunchDesc desc;
  uint8_t *kernarg = prepare(dev, mod, kernel, cfg, args, result, &desc);
  bool ok = kernarg && flyEmuLaunch(dev->emu, mod->emu, &desc, &result->fault, &result->stats);
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
  uint8_t *kernarg = prepare(dev, mod, kernel, cfg, args, result, &desc);
  bool ok = kernarg && flyEmuLaunchTimed(dev->emu, mod->emu, &desc, options, report,
                                         &result->fault, &result->stats);
  flyFree(kernarg);
  result->ok = ok;
  return ok;
}

void flyLaunchResultFormat(const FlyLaunchResult *result, FlyStrBuf *out) {
  flyEmuFaultFormat(&result->fault, out);
}
