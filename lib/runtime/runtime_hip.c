/*===- runtime_hip.c - The HIP backend: libamdhip64 through dlopen ---------===*
 *
 * The library is opened at run time (flyc never links ROCm) and the
 * functions of RTHIP_FUNCTIONS are resolved into a table; a library that
 * lacks one is refused whole, so no call later finds a null pointer.
 * Each failing HIP call becomes one line: "<call>: <hipErrorName> (<text>)".
 *===----------------------------------------------------------------------===*/
#include "runtime_hip.h"

#include "hip_api.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

typedef struct RthipTable {
#define RTHIP_FIELD(name, ret, params) ret(*name) params;
  RTHIP_FUNCTIONS(RTHIP_FIELD)
#undef RTHIP_FIELD
  RthipError (*getProperties)(void *props, int device);
} RthipTable;

struct RthipDevice {
  void *lib;
  char libPath[512];
  RthipTable t;
  int ordinal;
  char archFull[RTHIP_ARCH_NAME_BYTES];
  char arch[RTHIP_ARCH_NAME_BYTES];
  uint64_t maxLds;
  uint32_t maxWorkgroup;
  RthipEvent start, stop;
  uint64_t *live;            /* allocations not freed yet, released at close */
  size_t numLive, capLive;
};

/* ROCm 7, 6 and 5 install versioned names; the plain name exists where the
 * development package is installed. */
static const char *const defaultNames[] = {"libamdhip64.so", "libamdhip64.so.7",
                                           "libamdhip64.so.6", "libamdhip64.so.5"};

/* The two layouts of hipDeviceProp_t (hip_api.h), newest first. */
static const RthipPropLayout propLayouts[] = {
    {"hipGetDevicePropertiesR0600", 1472, 296, 320, 1160},
    {"hipGetDeviceProperties", 792, 264, 280, 396},
};

static bool hipFailed(const RthipDevice *d, RthipError e, const char *call, FlyStrBuf *err) {
  if (e == RTHIP_SUCCESS)
    return false;
  const char *name = d->t.hipGetErrorName(e), *text = d->t.hipGetErrorString(e);
  name = name ? name : "unknown HIP error";
  flyStrBufAppendF(err, "%s failed: %s (%d)", call, name, e);
  if (text && *text && strcmp(text, name) != 0)
    flyStrBufAppendF(err, ": %s", text);
  return true;
}

static void *openLibrary(const char *library, char *path, size_t pathSize, FlyStrBuf *err) {
  if (library) {
    void *lib = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!lib)
      flyStrBufAppendF(err, "cannot load the HIP runtime '%s': %s", library, dlerror());
    snprintf(path, pathSize, "%s", library);
    return lib;
  }
  for (size_t i = 0; i < sizeof defaultNames / sizeof *defaultNames; ++i) {
    void *lib = dlopen(defaultNames[i], RTLD_NOW | RTLD_LOCAL);
    if (lib) {
      snprintf(path, pathSize, "%s", defaultNames[i]);
      return lib;
    }
  }
  flyStrBufAppend(err, "HIP runtime not found: none of libamdhip64.so, libamdhip64.so.7, "
                       "libamdhip64.so.6, libamdhip64.so.5 can be loaded (is ROCm installed?)");
  return NULL;
}

/* Resolves every function; false with the first missing one named. */
static bool resolve(RthipDevice *d, FlyStrBuf *err) {
  void *p;
#define RTHIP_RESOLVE(name, ret, params)                                                   \
  if (!(p = dlsym(d->lib, #name))) {                                                       \
    flyStrBufAppendF(err, "the HIP runtime '%s' has no function %s", d->libPath, #name);   \
    return false;                                                                          \
  }                                                                                        \
  memcpy(&d->t.name, &p, sizeof p);
  RTHIP_FUNCTIONS(RTHIP_RESOLVE)
#undef RTHIP_RESOLVE
  return true;
}

/* The gfx name of gcnArchName: features after ':' are ignored, because
 * flyc's code objects leave xnack and sramecc unspecified ("any"), which
 * runs on either setting. */
static void setArch(RthipDevice *d, const char *full) {
  snprintf(d->archFull, sizeof d->archFull, "%s", full);
  snprintf(d->arch, sizeof d->arch, "%s", full);
  char *colon = strchr(d->arch, ':');
  if (colon)
    *colon = 0;
}

/* Reads the three properties flyc uses through whichever layout the
 * library offers. */
static bool readProperties(RthipDevice *d, FlyStrBuf *err) {
  _Alignas(16) unsigned char props[RTHIP_PROP_BUFFER_BYTES];
  for (size_t i = 0; i < sizeof propLayouts / sizeof *propLayouts; ++i) {
    const RthipPropLayout *l = &propLayouts[i];
    void *p = dlsym(d->lib, l->entry);
    if (!p)
      continue;
    memcpy(&d->t.getProperties, &p, sizeof p);
    memset(props, 0, sizeof props);
    if (hipFailed(d, d->t.getProperties(props, d->ordinal), l->entry, err))
      return false;
    char arch[RTHIP_ARCH_NAME_BYTES];
    memcpy(arch, props + l->gcnArchName, sizeof arch);
    arch[sizeof arch - 1] = 0;
    size_t lds;
    int threads;
    memcpy(&lds, props + l->sharedMemPerBlock, sizeof lds);
    memcpy(&threads, props + l->maxThreadsPerBlock, sizeof threads);
    setArch(d, arch);
    d->maxLds = lds;
    d->maxWorkgroup = threads > 0 ? (uint32_t)threads : 0;
    return true;
  }
  flyStrBufAppendF(err, "the HIP runtime '%s' has neither hipGetDevicePropertiesR0600 nor "
                        "hipGetDeviceProperties", d->libPath);
  return false;
}

/* Device `ordinal` exists and is current; "no device" is its own message. */
static bool selectDevice(RthipDevice *d, FlyStrBuf *err) {
  int count = 0;
  RthipError e = d->t.hipGetDeviceCount(&count);
  if (e == RTHIP_ERROR_NO_DEVICE || (e == RTHIP_SUCCESS && count == 0)) {
    flyStrBufAppendF(err, "HIP runtime found (%s) but no device: hipGetDeviceCount reports "
                          "no GPU", d->libPath);
    return false;
  }
  if (hipFailed(d, e, "hipGetDeviceCount", err))
    return false;
  if (d->ordinal < 0 || d->ordinal >= count) {
    flyStrBufAppendF(err, "no HIP device %d: the runtime reports %d device%s", d->ordinal,
                     count, count == 1 ? "" : "s");
    return false;
  }
  return !hipFailed(d, d->t.hipSetDevice(d->ordinal), "hipSetDevice", err);
}

RthipDevice *rthipDeviceOpen(const char *library, int ordinal, FlyStrBuf *err) {
  RthipDevice *d = flyCalloc(1, sizeof *d);
  if (!d) {
    flyStrBufAppend(err, "out of memory");
    return NULL;
  }
  d->ordinal = ordinal;
  d->lib = openLibrary(library, d->libPath, sizeof d->libPath, err);
  bool ok = d->lib && resolve(d, err) && selectDevice(d, err) && readProperties(d, err) &&
            !hipFailed(d, d->t.hipEventCreate(&d->start), "hipEventCreate", err) &&
            !hipFailed(d, d->t.hipEventCreate(&d->stop), "hipEventCreate", err);
  if (!ok) {
    rthipDeviceClose(d);
    return NULL;
  }
  return d;
}

void rthipDeviceClose(RthipDevice *d) {
  if (!d)
    return;
  for (size_t i = 0; i < d->numLive; ++i)
    (void)d->t.hipFree((void *)(uintptr_t)d->live[i]);
  flyFree(d->live);
  if (d->start)
    (void)d->t.hipEventDestroy(d->start);
  if (d->stop)
    (void)d->t.hipEventDestroy(d->stop);
  if (d->lib)
    dlclose(d->lib);
  flyFree(d);
}

const char *rthipDeviceGetArch(const RthipDevice *d) { return d->arch; }
const char *rthipDeviceGetArchFull(const RthipDevice *d) { return d->archFull; }
const char *rthipDeviceGetLibrary(const RthipDevice *d) { return d->libPath; }
uint64_t rthipDeviceGetMaxLds(const RthipDevice *d) { return d->maxLds; }
uint32_t rthipDeviceGetMaxWorkgroup(const RthipDevice *d) { return d->maxWorkgroup; }

static void *toPtr(uint64_t addr) { return (void *)(uintptr_t)addr; }

bool rthipAlloc(RthipDevice *d, uint64_t size, uint64_t *addr, FlyStrBuf *err) {
  void *p = NULL;
  *addr = 0;
  if (size > SIZE_MAX) {
    flyStrBufAppendF(err, "cannot allocate %llu bytes", (unsigned long long)size);
    return false;
  }
  if (d->numLive == d->capLive) {
    size_t cap = d->capLive ? 2 * d->capLive : 16;
    uint64_t *grown = cap < SIZE_MAX / sizeof *grown ? flyRealloc(d->live, cap * sizeof *grown)
                                                     : NULL;
    if (!grown) {
      flyStrBufAppend(err, "out of memory");
      return false;
    }
    d->live = grown;
    d->capLive = cap;
  }
  if (hipFailed(d, d->t.hipMalloc(&p, (size_t)size), "hipMalloc", err))
    return false;
  *addr = (uint64_t)(uintptr_t)p;
  d->live[d->numLive++] = *addr;
  return true;
}

void rthipFree(RthipDevice *d, uint64_t addr) {
  for (size_t i = 0; i < d->numLive; ++i)
    if (d->live[i] == addr) {
      d->live[i] = d->live[--d->numLive];
      (void)d->t.hipFree(toPtr(addr));
      return;
    }
}

bool rthipCopyIn(RthipDevice *d, uint64_t addr, const void *src, size_t n, FlyStrBuf *err) {
  return !hipFailed(d, d->t.hipMemcpy(toPtr(addr), src, n, RTHIP_MEMCPY_HOST_TO_DEVICE),
                    "hipMemcpy (host to device)", err);
}

bool rthipCopyOut(RthipDevice *d, uint64_t addr, void *dst, size_t n, FlyStrBuf *err) {
  return !hipFailed(d, d->t.hipMemcpy(dst, toPtr(addr), n, RTHIP_MEMCPY_DEVICE_TO_HOST),
                    "hipMemcpy (device to host)", err);
}

bool rthipFill(RthipDevice *d, uint64_t addr, uint8_t value, size_t n, FlyStrBuf *err) {
  return !hipFailed(d, d->t.hipMemset(toPtr(addr), value, n), "hipMemset", err) &&
         !hipFailed(d, d->t.hipDeviceSynchronize(), "hipDeviceSynchronize", err);
}

void *rthipModuleLoad(RthipDevice *d, const void *image, FlyStrBuf *err) {
  RthipModule m = NULL;
  if (hipFailed(d, d->t.hipModuleLoadData(&m, image), "hipModuleLoadData", err))
    return NULL;
  return m;
}

void rthipModuleUnload(RthipDevice *d, void *module) {
  if (module)
    (void)d->t.hipModuleUnload(module);
}

/* The explicit arguments go in one buffer (`extra`), which HIP reads at
 * the metadata offsets; HIP writes the hidden arguments itself. */
static bool launchOnce(RthipDevice *d, RthipFunction f, const FlyLaunchConfig *cfg,
                       const void *kernarg, size_t kernargSize, FlyStrBuf *err) {
  size_t size = kernargSize;
  void *extra[] = {RTHIP_LAUNCH_PARAM_BUFFER_POINTER, (void *)(uintptr_t)kernarg,
                   RTHIP_LAUNCH_PARAM_BUFFER_SIZE, &size, RTHIP_LAUNCH_PARAM_END};
  return !hipFailed(d,
                    d->t.hipModuleLaunchKernel(f, cfg->grid[0], cfg->grid[1], cfg->grid[2],
                                               cfg->block[0], cfg->block[1], cfg->block[2],
                                               cfg->dynamicLds, NULL, NULL, extra),
                    "hipModuleLaunchKernel", err);
}

bool rthipLaunch(RthipDevice *d, void *module, const char *kernel, const FlyLaunchConfig *cfg,
                 const void *kernarg, size_t kernargSize, float *ms, FlyStrBuf *err) {
  RthipFunction f = NULL;
  if (hipFailed(d, d->t.hipModuleGetFunction(&f, module, kernel), "hipModuleGetFunction", err))
    return false;
  if (ms && hipFailed(d, d->t.hipEventRecord(d->start, NULL), "hipEventRecord", err))
    return false;
  if (!launchOnce(d, f, cfg, kernarg, kernargSize, err))
    return false;
  if (ms && (hipFailed(d, d->t.hipEventRecord(d->stop, NULL), "hipEventRecord", err) ||
             hipFailed(d, d->t.hipEventSynchronize(d->stop), "hipEventSynchronize", err) ||
             hipFailed(d, d->t.hipEventElapsedTime(ms, d->start, d->stop),
                       "hipEventElapsedTime", err)))
    return false;
  return !hipFailed(d, d->t.hipDeviceSynchronize(), "hipDeviceSynchronize (after the kernel)",
                    err);
}
