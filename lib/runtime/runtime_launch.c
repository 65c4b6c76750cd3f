/*===- runtime_launch.c - Argument lists and launches ---------------------===*
 *
 * Arguments are checked against the kernel's metadata (AMDGPUUsage code
 * object V5 `.args`): the count of explicit arguments and each size must
 * match; each is then placed at its metadata `.offset` in the kernarg bytes.
 * Hidden arguments are the backend's job.
 *===----------------------------------------------------------------------===*/
#include "runtime_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

enum { FLYRT_MAX_ARG_BYTES = 64 };

typedef struct FlyArg {
  uint32_t size;
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

bool flyArgsAddBytes(FlyArgs *args, const void *bytes, uint32_t size) {
  if (size == 0 || size > FLYRT_MAX_ARG_BYTES)
    return false;
  if (args->count == args->cap) {
    size_t cap = args->cap ? 2 * args->cap : 8;
    FlyArg *grown = flyRealloc(args->items, cap * sizeof(FlyArg));
    if (!grown)
      return false;
    args->items = grown;
    args->cap = cap;
  }
  FlyArg *a = &args->items[args->count++];
  a->size = size;
  memcpy(a->bytes, bytes, size);
  return true;
}

bool flyArgsAddBuffer(FlyArgs *args, FlyBuffer buf) { return flyArgsAddBytes(args, &buf.addr, 8); }
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

/* Checks the arguments and lays them out; false with the result filled. */
static bool packArgs(const FlyKernelInfo *k, const FlyArgs *args, uint8_t *kernarg,
                     FlyLaunchResult *r) {
  size_t given = args ? args->count : 0;
  if (given != k->numExplicitArgs)
    return reject(r, k->name, "kernel takes %zu arguments but %zu were given",
                  k->numExplicitArgs, given);
  for (size_t i = 0; i < given; ++i) {
    const FlyKernelArg *m = &k->args[i];
    if (args->items[i].size != m->size)
      return reject(r, k->name, "argument %zu%s%s%s has %u bytes but the kernel expects %u", i,
                    *m->name ? " ('" : "", m->name, *m->name ? "')" : "",
                    args->items[i].size, m->size);
    memcpy(kernarg + m->offset, args->items[i].bytes, m->size);
  }
  return true;
}

bool flyLaunch(FlyDevice *dev, FlyModule *mod, const char *kernel,
               const FlyLaunchConfig *cfg, const FlyArgs *args, FlyLaunchResult *result) {
  memset(result, 0, sizeof *result);
  const FlyKernelInfo *k = flyModuleGetKernel(mod, kernel);
  if (!k)
    return reject(result, kernel, "no kernel named '%s' in the code object", kernel);
  uint8_t *kernarg = flyCalloc(k->kernargSegmentSize ? k->kernargSegmentSize : 1, 1);
  if (!kernarg)
    return reject(result, kernel, "out of memory");
  bool ok = packArgs(k, args, kernarg, result);
  if (ok) {
    FlyEmuLaunchDesc desc = {k->name, {cfg->grid[0], cfg->grid[1], cfg->grid[2]},
                             {cfg->block[0], cfg->block[1], cfg->block[2]}, kernarg,
                             k->kernargSegmentSize, cfg->dynamicLds};
    ok = flyEmuLaunch(dev->emu, mod->emu, &desc, &result->fault, &result->stats);
  }
  flyFree(kernarg);
  result->ok = ok;
  return ok;
}

void flyLaunchResultFormat(const FlyLaunchResult *result, FlyStrBuf *out) {
  flyEmuFaultFormat(&result->fault, out);
}
