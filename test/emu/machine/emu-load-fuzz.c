/*===- emu-load-fuzz.c - Loading damaged code objects ---------------------===*
 *
 * Loads a valid code object with single bits flipped anywhere (headers,
 * note, descriptors, .text) and truncated at many lengths: every load must
 * either succeed or fail with exactly one error line, never crash (this
 * test matters most in the sanitizer build). Loaded modules are decoded but
 * not run, since damaged code may loop.
 *===----------------------------------------------------------------------===*/
// REQUIRES: clang
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %S/Inputs/scale.cl -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: %testbin/emu-load-fuzz %t.hsaco | FileCheck %s --implicit-check-not=FAILED
// CHECK: fuzz: {{[0-9]+}} loads ({{[0-9]+}} accepted, {{[0-9]+}} rejected), all clean

#include "flyc/emu.h"

#include <stdio.h>
#include <string.h>

static int checkOne(FlyEmuDevice *dev, const uint8_t *bytes, size_t n, int *accepted) {
  FlyStrBuf err = {0};
  FlyEmuModule *mod = flyEmuModuleLoad(dev, bytes, n, &err);
  int ok = mod ? err.len == 0 : err.len > 0 && !strchr(err.data, '\n');
  if (!ok)
    printf("FAIL at %zu bytes: '%s'\n", n, err.data ? err.data : "(no message)");
  *accepted += mod != NULL;
  flyEmuModuleUnload(mod);
  flyStrBufDestroy(&err);
  return ok;
}

int main(int argc, char **argv) {
  static uint8_t bytes[1 << 20], copy[1 << 20];
  FILE *f = argc == 2 ? fopen(argv[1], "rb") : NULL;
  if (!f) {
    fprintf(stderr, "usage: emu-load-fuzz CODE.hsaco\n");
    return 2;
  }
  size_t n = fread(bytes, 1, sizeof bytes, f);
  fclose(f);
  FlyEmuDevice *dev = flyEmuDeviceCreate(FLY_CHIP_GFX950, 1);
  int good = 1, accepted = 0, loads = 0;
  uint32_t seed = 777;
  for (int i = 0; i < 3000; ++i, ++loads) {
    memcpy(copy, bytes, n);
    seed = seed * 1103515245u + 12345u;
    size_t pos = (seed >> 4) % n;
    copy[pos] ^= (uint8_t)(1u << (seed >> 29));
    good &= checkOne(dev, copy, n, &accepted);
  }
  for (size_t len = 0; len < n; len += 7, ++loads)
    good &= checkOne(dev, bytes, len, &accepted);
  flyEmuDeviceDestroy(dev);
  printf("fuzz: %d loads (%d accepted, %d rejected), %s\n", loads, accepted, loads - accepted,
         good ? "all clean" : "FAILED");
  return !good;
}
