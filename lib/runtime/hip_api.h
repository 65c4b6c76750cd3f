/*===- hip_api.h - The part of HIP's C API the HIP backend calls -----------===*
 *
 * flyc builds without ROCm: the HIP runtime (libamdhip64.so) is opened with
 * dlopen at run time and only the functions below are looked up, by name,
 * into a table of function pointers (runtime_hip.c). The types and values
 * here are declared by flyc from HIP's documented C API; each notes the HIP
 * version it was checked against. Handles are opaque pointers; hipError_t
 * and hipMemcpyKind are C enums passed as int.
 *
 * Sources: HIP's hip_runtime_api.h / driver_types.h of ROCm 5.2 (Debian 12's
 * libamdhip64-dev 5.2.3) and of ROCm 6.x (ROCm/HIP on GitHub), read for the
 * values and the property-struct layouts; nothing is copied.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_RUNTIME_HIP_API_H
#define FLYC_RUNTIME_HIP_API_H

#include <stddef.h>

/* hipError_t values flyc names (identical in ROCm 5.2 and 6.x). */
enum {
  RTHIP_SUCCESS = 0,          /* hipSuccess */
  RTHIP_ERROR_NO_DEVICE = 100, /* hipErrorNoDevice: hipGetDeviceCount found none */
};

/* hipMemcpyKind (ROCm 5.2 and 6.x). */
enum { RTHIP_MEMCPY_HOST_TO_DEVICE = 1, RTHIP_MEMCPY_DEVICE_TO_HOST = 2 };

/* The `extra` launch-parameter tags of hipModuleLaunchKernel (ROCm 5.2 and
 * 6.x define them as the pointer values 1, 2 and 3). */
#define RTHIP_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define RTHIP_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)
#define RTHIP_LAUNCH_PARAM_END ((void *)0x03)

/* hipDeviceProp_t comes in two layouts, told apart by the entry point:
 *   - ROCm 6.0 on: hipGetDevicePropertiesR0600 fills hipDeviceProp_tR0600
 *     (1472 bytes; `sharedMemPerBlock` at 296, `maxThreadsPerBlock` at 320,
 *     `gcnArchName` at 1160);
 *   - ROCm 5.x: hipGetDeviceProperties fills the older hipDeviceProp_t
 *     (792 bytes in 5.2; `sharedMemPerBlock` at 264, `maxThreadsPerBlock` at
 *     280, `gcnArchName` at 396).
 * Offsets are for LP64 (x86-64 Linux), computed from the headers' field
 * lists. flyc reads only these three fields, into a zeroed buffer larger than
 * either layout. */
typedef struct RthipPropLayout {
  const char *entry;          /* the symbol to call */
  size_t size;                /* the struct's size in that version */
  size_t sharedMemPerBlock;   /* size_t: LDS bytes a workgroup may use */
  size_t maxThreadsPerBlock;  /* int: work-items per workgroup */
  size_t gcnArchName;         /* char[256]: "gfx942:sramecc+:xnack-" */
} RthipPropLayout;

enum { RTHIP_PROP_BUFFER_BYTES = 4096, RTHIP_ARCH_NAME_BYTES = 256 };

typedef int RthipError;
typedef void *RthipModule;
typedef void *RthipFunction;
typedef void *RthipStream;
typedef void *RthipEvent;

/* Every function the backend calls, in one table (X-macro: name, return,
 * parameters). All return hipError_t except the two error-text functions. */
#define RTHIP_FUNCTIONS(X)                                                               \
  X(hipGetDeviceCount, RthipError, (int *count))                                         \
  X(hipSetDevice, RthipError, (int device))                                              \
  X(hipMalloc, RthipError, (void **ptr, size_t size))                                    \
  X(hipFree, RthipError, (void *ptr))                                                    \
  X(hipMemcpy, RthipError, (void *dst, const void *src, size_t size, int kind))          \
  X(hipMemset, RthipError, (void *dst, int value, size_t size))                          \
  X(hipModuleLoadData, RthipError, (RthipModule * module, const void *image))            \
  X(hipModuleUnload, RthipError, (RthipModule module))                                   \
  X(hipModuleGetFunction, RthipError,                                                    \
    (RthipFunction * function, RthipModule module, const char *name))                    \
  X(hipModuleLaunchKernel, RthipError,                                                   \
    (RthipFunction f, unsigned gridX, unsigned gridY, unsigned gridZ, unsigned blockX,   \
     unsigned blockY, unsigned blockZ, unsigned sharedMemBytes, RthipStream stream,      \
     void **kernelParams, void **extra))                                                 \
  X(hipDeviceSynchronize, RthipError, (void))                                            \
  X(hipEventCreate, RthipError, (RthipEvent * event))                                    \
  X(hipEventRecord, RthipError, (RthipEvent event, RthipStream stream))                  \
  X(hipEventSynchronize, RthipError, (RthipEvent event))                                 \
  X(hipEventElapsedTime, RthipError, (float *ms, RthipEvent start, RthipEvent stop))     \
  X(hipEventDestroy, RthipError, (RthipEvent event))                                     \
  X(hipGetErrorName, const char *, (RthipError error))                                   \
  X(hipGetErrorString, const char *, (RthipError error))

#endif /* FLYC_RUNTIME_HIP_API_H */
