/*===- fakehip.c - A libamdhip64 stand-in that runs kernels on the emulator ===*
 *
 * Built by the test suite as a shared library named like AMD's HIP runtime
 * (twice: a ROCm 6-style one with hipGetDevicePropertiesR0600, and with
 * FAKEHIP_ROCM5 a ROCm 5-style one with only hipGetDeviceProperties), so
 * that flyc's HIP backend can be tested on machines without a GPU. It
 * implements exactly the functions flyc's backend resolves; kernels run on
 * flyc's emulator, and, like HIP, it writes the hidden kernel arguments
 * itself (the emulator does, from the metadata) after the explicit bytes
 * the caller passes through HIP_LAUNCH_PARAM_BUFFER_POINTER.
 *
 * Environment:
 *   FAKEHIP_LOG=PATH      append one line per call that matters: hipMalloc
 *                         (size, pointer and the pointer's little-endian
 *                         bytes), hipFree, hipMemset, hipModuleLoadData
 *                         (image bytes) and
 *                         hipModuleLaunchKernel (kernel, grid, block,
 *                         dynamic LDS, kernarg size and bytes in hex)
 *   FAKEHIP_DEVICES=N     how many devices hipGetDeviceCount reports (1);
 *                         0 answers hipErrorNoDevice, as ROCm does
 *   FAKEHIP_ARCH=NAME     the gcnArchName (gfx950:sramecc+:xnack-); the
 *                         emulator runs gfx942 for names starting gfx942,
 *                         gfx950 otherwise
 *   FAKEHIP_FAIL=FN[:E]   function FN returns hipError_t E (default 1,
 *                         hipErrorInvalidValue) instead of doing its work
 *===----------------------------------------------------------------------===*/
#include "flyc/emu.h"
#include "flyc/hw.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hip_api.h" /* flyc's declarations of the HIP functions it calls */

#define FAKEHIP_EXPORT __attribute__((visibility("default")))

/* Prototypes from the same table flyc resolves, so a signature here that
 * differs from what flyc calls does not compile. */
#define FAKEHIP_DECLARE(name, ret, params) FAKEHIP_EXPORT ret name params;
RTHIP_FUNCTIONS(FAKEHIP_DECLARE)
#undef FAKEHIP_DECLARE

/* hipError_t values this library returns (HIP 5.2/6.x hip_runtime_api.h). */
enum {
  OK = 0, INVALID_VALUE = 1, OUT_OF_MEMORY = 2, NO_DEVICE = 100, INVALID_DEVICE = 101,
  INVALID_IMAGE = 200, NOT_FOUND = 500, LAUNCH_FAILURE = 719,
};

typedef struct FakeFunction {
  FlyEmuModule *module;
  char name[128];
  struct FakeFunction *next;
} FakeFunction;

static FlyEmuDevice *device;
static FakeFunction *functions; /* every handle given out, freed at unload */
static int current;

static const char *archName(void) {
  const char *a = getenv("FAKEHIP_ARCH");
  return a && *a ? a : "gfx950:sramecc+:xnack-";
}

static FlyChip emuChip(void) {
  return strncmp(archName(), "gfx942", 6) == 0 ? FLY_CHIP_GFX942 : FLY_CHIP_GFX950;
}

static FlyEmuDevice *dev(void) {
  if (!device)
    device = flyEmuDeviceCreate(emuChip(), 0);
  return device;
}

static void logLine(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void logLine(const char *fmt, ...) {
  const char *path = getenv("FAKEHIP_LOG");
  FILE *f = path && *path ? fopen(path, "a") : NULL;
  if (!f)
    return;
  va_list ap;
  va_start(ap, fmt);
  vfprintf(f, fmt, ap);
  va_end(ap);
  fputc('\n', f);
  fclose(f);
}

static void logHex(FILE *f, const void *bytes, size_t n) {
  for (size_t i = 0; i < n; ++i)
    fprintf(f, "%02x", ((const uint8_t *)bytes)[i]);
}

/* FAKEHIP_FAIL names this function: its error code, else 0. */
static int injected(const char *fn) {
  const char *spec = getenv("FAKEHIP_FAIL");
  size_t n = strlen(fn);
  if (!spec || strncmp(spec, fn, n) != 0 || (spec[n] && spec[n] != ':'))
    return OK;
  return spec[n] == ':' ? atoi(spec + n + 1) : INVALID_VALUE;
}

#define FAIL_IF_INJECTED(fn)                                                            \
  do {                                                                                  \
    int e_ = injected(fn);                                                              \
    if (e_)                                                                             \
      return e_;                                                                        \
  } while (0)

FAKEHIP_EXPORT int hipGetDeviceCount(int *count) {
  FAIL_IF_INJECTED("hipGetDeviceCount");
  const char *n = getenv("FAKEHIP_DEVICES");
  *count = n ? atoi(n) : 1;
  return *count > 0 ? OK : NO_DEVICE;
}

FAKEHIP_EXPORT int hipSetDevice(int ordinal) {
  FAIL_IF_INJECTED("hipSetDevice");
  int count = 0;
  if (hipGetDeviceCount(&count) != OK || ordinal < 0 || ordinal >= count)
    return INVALID_DEVICE;
  current = ordinal;
  return OK;
}

/* The fields flyc reads, at their offsets in each layout (HIP 6.x
 * hipDeviceProp_tR0600, HIP 5.2 hipDeviceProp_t; LP64). */
#ifdef FAKEHIP_ROCM5
enum { PROP_LDS = 264, PROP_THREADS = 280, PROP_ARCH = 396 };
#define PROPERTIES_ENTRY hipGetDeviceProperties
#else
enum { PROP_LDS = 296, PROP_THREADS = 320, PROP_ARCH = 1160 };
#define PROPERTIES_ENTRY hipGetDevicePropertiesR0600
#endif

FAKEHIP_EXPORT int PROPERTIES_ENTRY(void *props, int ordinal);
FAKEHIP_EXPORT int PROPERTIES_ENTRY(void *props, int ordinal) {
  FAIL_IF_INJECTED("hipGetDeviceProperties");
  int count = 0;
  if (hipGetDeviceCount(&count) != OK || ordinal < 0 || ordinal >= count)
    return INVALID_DEVICE;
  uint8_t *p = props;
  size_t lds = flyHwChipGet(emuChip())
                   ->lds.bytes;
  int threads = 1024; /* HIP's maxThreadsPerBlock on every CDNA device */
  memcpy(p + PROP_LDS, &lds, sizeof lds);
  memcpy(p + PROP_THREADS, &threads, sizeof threads);
  snprintf((char *)p + PROP_ARCH, 256, "%s", archName());
  return OK;
}

FAKEHIP_EXPORT int hipMalloc(void **ptr, size_t size) {
  FAIL_IF_INJECTED("hipMalloc");
  uint64_t addr = dev() ? flyEmuDeviceAlloc(dev(), size) : 0;
  *ptr = (void *)(uintptr_t)addr;
  if (!addr)
    return OUT_OF_MEMORY;
  const char *path = getenv("FAKEHIP_LOG");
  FILE *f = path && *path ? fopen(path, "a") : NULL;
  if (f) {
    fprintf(f, "hipMalloc size=%zu ptr=0x%llx le=", size, (unsigned long long)addr);
    logHex(f, &addr, sizeof addr);
    fputc('\n', f);
    fclose(f);
  }
  return OK;
}

FAKEHIP_EXPORT int hipFree(void *ptr) {
  FAIL_IF_INJECTED("hipFree");
  logLine("hipFree ptr=0x%llx", (unsigned long long)(uintptr_t)ptr);
  return dev() && flyEmuDeviceFree(dev(), (uint64_t)(uintptr_t)ptr) ? OK : INVALID_VALUE;
}

FAKEHIP_EXPORT int hipMemcpy(void *dst, const void *src, size_t size, int kind) {
  FAIL_IF_INJECTED("hipMemcpy");
  if (kind == 1)
    return flyEmuDeviceWrite(dev(), (uint64_t)(uintptr_t)dst, src, size) ? OK : INVALID_VALUE;
  if (kind == 2)
    return flyEmuDeviceRead(dev(), (uint64_t)(uintptr_t)src, dst, size) ? OK : INVALID_VALUE;
  return INVALID_VALUE; /* flyc only copies host to device and back */
}

FAKEHIP_EXPORT int hipMemset(void *dst, int value, size_t size) {
  FAIL_IF_INJECTED("hipMemset");
  uint8_t chunk[65536];
  memset(chunk, value, sizeof chunk);
  for (size_t done = 0; done < size;) {
    size_t n = size - done < sizeof chunk ? size - done : sizeof chunk;
    if (!flyEmuDeviceWrite(dev(), (uint64_t)(uintptr_t)dst + done, chunk, n))
      return INVALID_VALUE;
    done += n;
  }
  logLine("hipMemset size=%zu", size);
  return OK;
}

/* hipModuleLoadData gets no size: like HIP, take it from the ELF header
 * (the section headers are the object's last bytes in LLVM's layout). */
static size_t imageSize(const uint8_t *image) {
  if (memcmp(image, "\177ELF", 4) != 0 || image[4] != 2)
    return 0;
  uint64_t shoff;
  uint16_t shentsize, shnum;
  memcpy(&shoff, image + 40, 8);
  memcpy(&shentsize, image + 58, 2);
  memcpy(&shnum, image + 60, 2);
  return (size_t)(shoff + (uint64_t)shentsize * shnum);
}

FAKEHIP_EXPORT int hipModuleLoadData(void **module, const void *image) {
  FAIL_IF_INJECTED("hipModuleLoadData");
  size_t size = imageSize(image);
  FlyStrBuf err = {0};
  FlyEmuModule *m = size && dev() ? flyEmuModuleLoad(dev(), image, size, &err) : NULL;
  logLine("hipModuleLoadData bytes=%zu%s%s", size, m ? "" : " error=", m ? "" : err.data);
  flyStrBufDestroy(&err);
  *module = m;
  return m ? OK : INVALID_IMAGE;
}

FAKEHIP_EXPORT int hipModuleUnload(void *module) {
  FAIL_IF_INJECTED("hipModuleUnload");
  for (FakeFunction **link = &functions; *link;) {
    FakeFunction *f = *link;
    if (f->module == module) {
      *link = f->next;
      free(f);
    } else {
      link = &f->next;
    }
  }
  flyEmuModuleUnload(module);
  return OK;
}

FAKEHIP_EXPORT int hipModuleGetFunction(void **function, void *module, const char *name) {
  FAIL_IF_INJECTED("hipModuleGetFunction");
  if (!flyCodeObjectFindKernel(flyEmuModuleGetCodeObject(module), name))
    return NOT_FOUND;
  for (FakeFunction *f = functions; f; f = f->next)
    if (f->module == module && strcmp(f->name, name) == 0) {
      *function = f;
      return OK;
    }
  FakeFunction *f = calloc(1, sizeof *f);
  if (!f)
    return OUT_OF_MEMORY;
  f->module = module;
  snprintf(f->name, sizeof f->name, "%s", name);
  f->next = functions;
  functions = f;
  *function = f;
  return OK;
}

static void logLaunch(const FakeFunction *f, const unsigned g[3], const unsigned b[3],
                      unsigned lds, const void *kernarg, size_t size) {
  const char *path = getenv("FAKEHIP_LOG");
  FILE *out = path && *path ? fopen(path, "a") : NULL;
  if (!out)
    return;
  fprintf(out, "hipModuleLaunchKernel kernel=%s grid=%u,%u,%u block=%u,%u,%u lds=%u "
          "kernarg_size=%zu kernarg=", f->name, g[0], g[1], g[2], b[0], b[1], b[2], lds, size);
  logHex(out, kernarg, size);
  fputc('\n', out);
  fclose(out);
}

FAKEHIP_EXPORT int hipModuleLaunchKernel(void *function, unsigned gx, unsigned gy, unsigned gz,
                                         unsigned bx, unsigned by, unsigned bz, unsigned lds,
                                         void *stream, void **params, void **extra) {
  FAIL_IF_INJECTED("hipModuleLaunchKernel");
  const FakeFunction *f = function;
  /* Only the packed-buffer form: BUFFER_POINTER (1), BUFFER_SIZE (2), END (3). */
  if (stream || params || !extra || extra[0] != (void *)1 || extra[2] != (void *)2 ||
      extra[4] != (void *)3)
    return INVALID_VALUE;
  size_t size = *(const size_t *)extra[3];
  unsigned g[3] = {gx, gy, gz}, b[3] = {bx, by, bz};
  logLaunch(f, g, b, lds, extra[1], size);
  FlyEmuLaunchDesc desc = {f->name, {gx, gy, gz}, {bx, by, bz}, extra[1], size, lds, 0, false};
  FlyEmuFault fault;
  return flyEmuLaunch(dev(), f->module, &desc, &fault, NULL) ? OK : LAUNCH_FAILURE;
}

FAKEHIP_EXPORT int hipDeviceSynchronize(void) {
  FAIL_IF_INJECTED("hipDeviceSynchronize");
  return OK;
}

/* Launches are synchronous here, so an event is the time it was recorded. */
FAKEHIP_EXPORT int hipEventCreate(void **event) {
  FAIL_IF_INJECTED("hipEventCreate");
  *event = calloc(1, sizeof(struct timespec));
  return *event ? OK : OUT_OF_MEMORY;
}

FAKEHIP_EXPORT int hipEventRecord(void *event, void *stream) {
  FAIL_IF_INJECTED("hipEventRecord");
  (void)stream;
  clock_gettime(CLOCK_MONOTONIC, event);
  return OK;
}

FAKEHIP_EXPORT int hipEventSynchronize(void *event) {
  FAIL_IF_INJECTED("hipEventSynchronize");
  return event ? OK : INVALID_VALUE;
}

FAKEHIP_EXPORT int hipEventElapsedTime(float *ms, void *start, void *stop) {
  FAIL_IF_INJECTED("hipEventElapsedTime");
  const struct timespec *a = start, *b = stop;
  *ms = (float)((double)(b->tv_sec - a->tv_sec) * 1e3 + (double)(b->tv_nsec - a->tv_nsec) / 1e6);
  return OK;
}

FAKEHIP_EXPORT int hipEventDestroy(void *event) {
  free(event);
  return OK;
}

static const struct { int code; const char *name, *text; } errors[] = {
    {OK, "hipSuccess", "no error"},
    {INVALID_VALUE, "hipErrorInvalidValue", "invalid argument"},
    {OUT_OF_MEMORY, "hipErrorOutOfMemory", "out of memory"},
    {NO_DEVICE, "hipErrorNoDevice", "no ROCm-capable device is detected"},
    {INVALID_DEVICE, "hipErrorInvalidDevice", "invalid device ordinal"},
    {INVALID_IMAGE, "hipErrorInvalidImage", "device kernel image is invalid"},
    {NOT_FOUND, "hipErrorNotFound", "named symbol not found"},
    {LAUNCH_FAILURE, "hipErrorLaunchFailure", "unspecified launch failure"},
};

FAKEHIP_EXPORT const char *hipGetErrorName(int e) {
  for (size_t i = 0; i < sizeof errors / sizeof *errors; ++i)
    if (errors[i].code == e)
      return errors[i].name;
  return "hipErrorUnknown";
}

FAKEHIP_EXPORT const char *hipGetErrorString(int e) {
  for (size_t i = 0; i < sizeof errors / sizeof *errors; ++i)
    if (errors[i].code == e)
      return errors[i].text;
  return "unknown error";
}

/* The emulator device is released when the library is unloaded, so leak
 * checkers see the process end clean. */
__attribute__((destructor)) static void releaseDevice(void) {
  while (functions) {
    FakeFunction *f = functions;
    functions = f->next;
    free(f);
  }
  flyEmuDeviceDestroy(device);
  device = NULL;
}
