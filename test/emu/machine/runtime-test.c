/*===- runtime-test.c - The launch API (flyc/runtime.h) -------------------===*
 *
 * Drives the runtime the way a test or a HIP-style host program does:
 * device by chip name, buffers, a module from a file, argument lists checked
 * against the metadata, launches, read-back, faults and errors as data.
 *===----------------------------------------------------------------------===*/
// REQUIRES: clang
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %S/Inputs/scale.cl -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: %testbin/runtime-test %t.hsaco | FileCheck %s
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
  FlyLaunchConfig cfg = {{5, 1, 1}, {64, 1, 1}, 0};
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
  FlyLaunchConfig cfg = {{1, 1, 1}, {64, 1, 1}, 0};
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
}

static void testFault(FlyDevice *dev, FlyModule *mod, FlyBuffer x) {
  printf("@fault\n");
  /* 301 floats allocated; item 301 = workgroup 4, lane 45 reads past the end */
  FlyArgs *args = scaleArgs(x, 2, 320);
  FlyLaunchConfig cfg = {{5, 1, 1}, {64, 1, 1}, 0};
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
  testFault(dev, mod, x);
  testCopies(dev, x);
  flyDeviceFree(dev, x);
  flyRuntimeDestroy(rt); /* also unloads `mod` */
  printf("@done failures=%d\n", failures);
  return failures != 0;
}
