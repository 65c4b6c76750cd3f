/*===- loader.c - Loading the compiler library at run time -----------------===*
 *
 * The library is found relative to the executable's own path (the target of
 * /proc/self/exe, so symlinks and relative invocations work): BIN/flyc loads
 * BIN/../lib/libflyc-compiler.so, the layout of both the build tree and an
 * installation. Its own dependencies (libMLIR.so, libLLVM.so) are found by
 * the library's run path.
 *===----------------------------------------------------------------------===*/
#include "driver.h"

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "flyc/support.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

static const char kLibrary[] = "lib/libflyc-compiler.so";

/* Writes the library's path into `path`; false when the executable's own
 * path is unknown. */
static bool libraryPath(char *path, size_t size) {
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0)
    return false;
  exe[n] = '\0';
  for (int up = 0; up < 2; ++up) { /* drop "/flyc", then "/bin" */
    char *slash = strrchr(exe, '/');
    if (!slash)
      return false;
    *slash = '\0';
  }
  return (size_t)snprintf(path, size, "%s/%s", exe, kLibrary) < size;
}

int flycLoadAndCompile(const FlycOptions *options) {
  char path[PATH_MAX];
  if (!libraryPath(path, sizeof path)) {
    fputs("flyc: error: cannot find the compiler library: the executable's path is unknown\n",
          stderr);
    return 1;
  }
  double t0 = flyClockMs();
  void *lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    fprintf(stderr, "flyc: error: cannot load the compiler library: %s\n", dlerror());
    return 1;
  }
  FlycCompilerEntry entry;
  *(void **)&entry = dlsym(lib, FLYC_COMPILER_ENTRY);
  if (!entry) {
    fprintf(stderr, "flyc: error: '%s' is not flyc's compiler library (no %s)\n", path,
            FLYC_COMPILER_ENTRY);
    return 1;
  }
  FlycOptions timed = *options;
  timed.loadMs = flyClockMs() - t0;
  /* The library stays loaded: LLVM's and MLIR's global state is torn down
   * at exit, as in a program linked with them. */
  return entry(&timed, sizeof timed);
}
