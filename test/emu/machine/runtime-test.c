/*===- runtime-test.c - The launch API (flyc/runtime.h) -------------------===*
 *
 * Drives the runtime the way a test or a HIP-style host program does:
 * device by chip name, buffers, a module from a file, argument lists checked
 * against the metadata, launches, read-back, faults and errors as data.
 *===----------------------------------------------------------------------===*/
// REQUIRES: clang
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %S/Inputs/scale.cl -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: %testbin/runtime-test %t.hsaco | FileCheck %s --implicit-check-not=FAILED
//
// CHECK-LABEL: @device
// CHECK: unknown chip 'gfx1100' (expected gfx950 or gfx942)
// CHECK: chip gfx950
// CHECK-LABEL: @module
// CHECK: cannot open '{{.*}}no-such.hsaco': No such file or directory
// CHECK: invalid code object: truncated ELF header
// CHECK: kernel scale: 3 explicit arguments, kernarg segment {{[0-9]+}} bytes
// CHECK-LABEL: @launch
// CHECK: launch ok: 5 workgroups, 5 waves
// CHECK: x[0] = -0.75, x[299] = -449.25, x[300] = 7
// CHECK-LABEL: @badArgs
// CHECK: invalid launch: kernel scale: kernel takes 3 arguments but 2 were given
// CHECK: invalid launch: kernel scale: argument 2 has 8 bytes but the kernel expects 4
// CHECK: invalid launch: kernel nope: no kernel named 'nope' in the code object
// CHECK: invalid launch: kernel offset: argument 1 is a by_value argument but a buffer was given
// CHECK: invalid launch: kernel offset: argument 0 is a global buffer but a value was given
// CHECK-LABEL: @launchCheck
// CHECK: invalid launch: kernel scale: workgroup of 512 work-items exceeds the kernel's maximum of 256
// CHECK: invalid launch: kernel scale: workgroup needs 163841 bytes of LDS, more than the 163840 of gfx950
// CHECK: invalid launch: kernel scale: kernel takes 3 arguments but 2 were given
// CHECK-LABEL: @preshuffle
// CHECK: cannot preshuffle a 288230376151711760x64 matrix of 1-byte elements held in 1024 bytes: the sizes do not match
// CHECK: cannot preshuffle a 16x64 matrix of 1-byte elements held in 1023 bytes: the sizes do not match
// CHECK: cannot preshuffle a 16x32 matrix of 1-byte elements: N must be a multiple of 16 and K of 64
// CHECK: preshuffled 1-byte: 4096 elements where the layout puts them
// CHECK: preshuffled 2-byte: 4096 elements where the layout puts them
// CHECK-LABEL: @fault
// CHECK: memory fault: kernel scale, workgroup (4,0,0), wave 0, lane 45, pc 0x{{[0-9a-f]+}}: {{.*}}
// CHECK-LABEL: @copies
// CHECK: copy of 8 bytes at offset 1200 is outside a 1204-byte buffer
// CHECK: @done failures=0

#include "flyc/runtime.h"

#include <stdio.h>
#include <string.h>

static int failures;

#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      printf("FAILED line %d: %s\n", __LINE__, #cond);                         \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

static void printErr(FlyStrBuf *err) {
  printf("%s\n", err->data ? err->data : "(no message)");
  flyStrBufDestroy(err);
}

static void printResult(const FlyLaunchResult *r) {
  FlyStrBuf line = {0};
  flyLaunchResultFormat(r, &line);
  printErr(&line);
}

static FlyArgs *scaleArgs(FlyBuffer x, float a, int n) {
  FlyArgs *args = flyArgsCreate();
  EXPECT(flyArgsAddBuffer(args, x) && flyArgsAddF32(args, a) && flyArgsAddI32(args, n));
  return args;
}

static void testLaunch(FlyDevice *dev, FlyModule *mod, FlyBuffer x) {
  printf("@launch\n");
  float host[301];
  for (int i = 0; i < 301; ++i)
    host[i] = (float)i + 0.5f;
  host[300] = 7;
  FlyStrBuf err = {0};
  EXPECT(flyDeviceCopyIn(dev, x, 0, host, sizeof host, &err));
  FlyArgs *args = scaleArgs(x, -1.5f, 300);
  FlyLaunchConfig cfg = {{5, 1, 1}, {64, 1, 1}, 0, false, 0};
  FlyLaunchResult r;
  EXPECT(flyLaunch(dev, mod, "scale", &cfg, args, &r) && r.ok);
  printf("launch ok: %llu workgroups, %llu waves\n", (unsigned long long)r.stats.workgroups,
         (unsigned long long)r.stats.waves);
  EXPECT(flyDeviceCopyOut(dev, x, 0, host, sizeof host, &err));
  printf("x[0] = %g, x[299] = %g, x[300] = %g\n", host[0], host[299], host[300]);
  flyArgsDestroy(args);
  flyStrBufDestroy(&err);
}

static void testBadArgs(FlyDevice *dev, FlyModule *mod, FlyBuffer x) {
  printf("@badArgs\n");
  FlyLaunchConfig cfg = {{1, 1, 1}, {64, 1, 1}, 0, false, 0};
  FlyLaunchResult r;
  FlyArgs *two = flyArgsCreate();
  EXPECT(flyArgsAddBuffer(two, x) && flyArgsAddF32(two, 1));
  EXPECT(!flyLaunch(dev, mod, "scale", &cfg, two, &r) && r.fault.kind == FLY_EMU_FAULT_INVALID);
  printResult(&r);
  EXPECT(flyArgsAddI64(two, 1));
  EXPECT(!flyLaunch(dev, mod, "scale", &cfg, two, &r));
  printResult(&r);
  EXPECT(!flyLaunch(dev, mod, "nope", &cfg, two, &r));
  printResult(&r);
  flyArgsDestroy(two);
  /* The kinds must match too, even where the sizes do: a buffer for
   * `long d`, an i64 for `long *x`. */
  FlyArgs *kind = flyArgsCreate();
  EXPECT(flyArgsAddBuffer(kind, x) && flyArgsAddBuffer(kind, x));
  EXPECT(!flyLaunch(dev, mod, "offset", &cfg, kind, &r));
  printResult(&r);
  flyArgsDestroy(kind);
  kind = flyArgsCreate();
  EXPECT(flyArgsAddI64(kind, (int64_t)x.addr) && flyArgsAddI64(kind, 1));
  EXPECT(!flyLaunch(dev, mod, "offset", &cfg, kind, &r));
  printResult(&r);
  flyArgsDestroy(kind);
}

/* flyLaunchCheck makes flyLaunch's checks with buffers that do not exist
 * yet (zero FlyBuffers), and runs nothing: x keeps its contents. */
static void testLaunchCheck(FlyDevice *dev, FlyModule *mod, FlyBuffer x) {
  printf("@launchCheck\n");
  FlyBuffer none = {0, 0};
  FlyArgs *args = scaleArgs(none, 2, 64);
  FlyLaunchConfig cfg = {{1, 1, 1}, {64, 1, 1}, 0, false, 0};
  FlyLaunchResult r;
  EXPECT(flyLaunchCheck(dev, mod, "scale", &cfg, args, &r) && r.ok && r.stats.waves == 0);
  cfg.block[0] = 512;
  EXPECT(!flyLaunchCheck(dev, mod, "scale", &cfg, args, &r) && !r.ok);
  printResult(&r);
  cfg.block[0] = 64;
  cfg.dynamicLds = 160 * 1024 + 1;
  EXPECT(!flyLaunchCheck(dev, mod, "scale", &cfg, args, &r));
  printResult(&r);
  flyArgsDestroy(args);
  cfg.dynamicLds = 0;
  FlyArgs *two = flyArgsCreate();
  EXPECT(flyArgsAddBuffer(two, none) && flyArgsAddF32(two, 1));
  EXPECT(!flyLaunchCheck(dev, mod, "scale", &cfg, two, &r));
  printResult(&r);
  flyArgsDestroy(two);
  /* A real list passes the check and the buffer is untouched. */
  float before[4], after[4];
  FlyStrBuf err = {0};
  EXPECT(flyDeviceCopyOut(dev, x, 0, before, sizeof before, &err));
  args = scaleArgs(x, 2, 64);
  EXPECT(flyLaunchCheck(dev, mod, "scale", &cfg, args, &r));
  EXPECT(flyDeviceCopyOut(dev, x, 0, after, sizeof after, &err));
  EXPECT(memcmp(before, after, sizeof before) == 0);
  flyArgsDestroy(args);
  flyStrBufDestroy(&err);
}

/* Where the preshuffled order puts B[n][k], from the layout of
 * gemm-optimization §12 as runtime.h states it: ((16,N/16),(E,4,K/kb)) :
 * ((E,16K),(1,16E,16kb)) with E = 16 / elemBytes, kb = 64 / elemBytes. */
static size_t preshuffledIndex(size_t n, size_t k, size_t kTotal, size_t elemBytes) {
  size_t e = 16 / elemBytes, kb = 64 / elemBytes;
  return (n % 16) * e + (n / 16) * 16 * kTotal + k % e + ((k / e) % 4) * 16 * e +
         (k / kb) * 16 * kb;
}

static void checkPreshuffle(size_t n, size_t k, size_t elemBytes) {
  size_t elems = n * k, size = elems * elemBytes;
  unsigned char src[8192], dst[8192];
  for (size_t i = 0; i < size; ++i)
    src[i] = (unsigned char)(i * 7 + i / 251);
  FlyStrBuf err = {0};
  EXPECT(flyPreshuffleB(src, dst, size, n, k, elemBytes, &err));
  size_t placed = 0;
  for (size_t r = 0; r < n; ++r)
    for (size_t c = 0; c < k; ++c)
      placed += memcmp(dst + preshuffledIndex(r, c, k, elemBytes) * elemBytes,
                       src + (r * k + c) * elemBytes, elemBytes) == 0;
  EXPECT(placed == elems);
  printf("preshuffled %zu-byte: %zu elements where the layout puts them\n", elemBytes, placed);
  flyStrBufDestroy(&err);
}

/* Sizes are checked before anything is written: N x K wrapping around
 * 2^64 to the buffer's size once sent the loop far past the buffers. */
static void testPreshuffle(void) {
  printf("@preshuffle\n");
  unsigned char src[1024] = {0}, dst[1024] = {0};
  FlyStrBuf err = {0};
  EXPECT(!flyPreshuffleB(src, dst, 1024, ((size_t)1 << 58) + 16, 64, 1, &err));
  printErr(&err);
  EXPECT(!flyPreshuffleB(src, dst, 1023, 16, 64, 1, &err));
  printErr(&err);
  EXPECT(!flyPreshuffleBCheck(512, 16, 32, 1, &err));
  printErr(&err);
  checkPreshuffle(32, 128, 1);
  checkPreshuffle(32, 128, 2);
}

static void testFault(FlyDevice *dev, FlyModule *mod, FlyBuffer x) {
  printf("@fault\n");
  /* 301 floats allocated; item 301 = workgroup 4, lane 45 reads past the end */
  FlyArgs *args = scaleArgs(x, 2, 320);
  FlyLaunchConfig cfg = {{5, 1, 1}, {64, 1, 1}, 0, false, 0};
  FlyLaunchResult r;
  EXPECT(!flyLaunch(dev, mod, "scale", &cfg, args, &r) && r.fault.kind == FLY_EMU_FAULT_MEMORY);
  printResult(&r);
  flyArgsDestroy(args);
}

static void testCopies(FlyDevice *dev, FlyBuffer x) {
  printf("@copies\n");
  FlyStrBuf err = {0};
  double d = 0;
  EXPECT(!flyDeviceCopyIn(dev, x, 1200, &d, 8, &err));
  printErr(&err);
  EXPECT(flyDeviceCopyOut(dev, x, 1196, &d, 8, &err));  /* the last 8 bytes */
  EXPECT(!flyDeviceCopyOut(dev, x, 1197, &d, 8, &err));
  flyStrBufDestroy(&err);
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: runtime-test SCALE.hsaco\n");
    return 2;
  }
  FlyRuntime *rt = flyRuntimeCreate();
  FlyStrBuf err = {0};
  printf("@device\n");
  EXPECT(!flyRuntimeCreateDevice(rt, "gfx1100", 1, &err));
  printErr(&err);
  FlyDevice *dev = flyRuntimeCreateDevice(rt, "gfx950", 2, &err);
  printf("chip %s\n", flyDeviceGetChipName(dev));
  printf("@module\n");
  EXPECT(!flyModuleLoadFile(dev, "no-such.hsaco", &err));
  printErr(&err);
  EXPECT(!flyModuleLoad(dev, "garbage!", 8, &err));
  printErr(&err);
  FlyModule *mod = flyModuleLoadFile(dev, argv[1], &err);
  EXPECT(mod != NULL);
  if (!mod)
    return 1;
  const FlyKernelInfo *k = flyModuleGetKernel(mod, "scale");
  printf("kernel scale: %zu explicit arguments, kernarg segment %u bytes\n",
         k->numExplicitArgs, k->kernargSegmentSize);
  FlyBuffer x;
  EXPECT(flyDeviceAlloc(dev, 301 * 4, &x, &err));
  testLaunch(dev, mod, x);
  testBadArgs(dev, mod, x);
  testLaunchCheck(dev, mod, x);
  testPreshuffle();
  testFault(dev, mod, x);
  testCopies(dev, x);
  flyDeviceFree(dev, x);
  flyRuntimeDestroy(rt); /* also unloads `mod` */
  printf("@done failures=%d\n", failures);
  return failures != 0;
}
