// RUN: %testbin/emu-isa-fp-formats | FileCheck %s
//
// Exhaustive checks of the small-float codecs in emu_fp.c: every code of
// every format decodes to a value that encodes back to the same code (RNE,
// no saturation needed), decoding is monotonic in the code's magnitude,
// and f16 narrowing agrees with the compiler's _Float16 conversion (an
// independent RNE implementation) on a sweep of f32 bit patterns.
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "emu_fp.h"

static int failures;

static void fail(const char *what, unsigned code, float v) {
  if (failures++ < 10)
    printf("FAIL %s: code 0x%x value %a\n", what, code, (double)v);
}

static const char *const kNames[] = {"fp8_e4m3", "bf8_e5m2", "fp6_e2m3", "bf6_e3m2",
                                     "fp4_e2m1", "fp8_e4m3_fnuz", "bf8_e5m2_fnuz"};
static const int kBits[] = {8, 8, 6, 6, 4, 8, 8};

// CHECK-LABEL: @roundTrip
// CHECK: roundTrip: {{[0-9]+}} codes, 0 failures
static void testRoundTrip(void) {
  printf("@roundTrip\n");
  int codes = 0, before = failures;
  for (int f = 0; f < 7; f++) {
    for (unsigned c = 0; c < (1u << kBits[f]); c++) {
      float v = emuSmallToFloat(c, (EmuSmallFmt)f);
      if (isnan(v) || isinf(v))
        continue;
      codes++;
      uint32_t back = emuFloatToSmall(v, (EmuSmallFmt)f, false, NULL);
      bool negZero = v == 0 && signbit(v) && (f == EMU_FP8_E4M3_FNUZ || f == EMU_BF8_E5M2_FNUZ);
      if (back != c && !negZero)
        fail(kNames[f], c, v);
    }
  }
  printf("roundTrip: %d codes, %d failures\n", codes, failures - before);
}

// CHECK-LABEL: @monotonic
// CHECK: monotonic: 0 failures
static void testMonotonic(void) {
  printf("@monotonic\n");
  int before = failures;
  for (int f = 0; f < 7; f++) {
    unsigned half = 1u << (kBits[f] - 1);
    float prev = -1;
    for (unsigned c = 0; c < half; c++) { /* positive codes in order */
      float v = emuSmallToFloat(c, (EmuSmallFmt)f);
      if (isnan(v))
        continue;
      if (!(v > prev) && !(c == 0 && v == 0))
        fail(kNames[f], c, v);
      prev = v;
    }
  }
  printf("monotonic: %d failures\n", failures - before);
}

// CHECK-LABEL: @maxima
// CHECK: maxima: 0 failures
static void testMaxima(void) {
  printf("@maxima\n");
  int before = failures;
  static const float maxv[7] = {448.0f, 57344.0f, 7.5f, 28.0f, 6.0f, 240.0f, 57344.0f};
  for (int f = 0; f < 7; f++) {
    uint32_t sat = emuFloatToSmall(1e30f, (EmuSmallFmt)f, true, NULL);
    if (emuSmallToFloat(sat, (EmuSmallFmt)f) != maxv[f])
      fail(kNames[f], sat, emuSmallToFloat(sat, (EmuSmallFmt)f));
  }
  /* Without saturation fp8 overflows to NaN, OCP bf8 to Inf. */
  if (!isnan(emuSmallToFloat(emuFloatToSmall(1e30f, EMU_FP8_E4M3, false, NULL), EMU_FP8_E4M3)))
    fail("fp8 overflow", 0, 0);
  if (!isinf(emuSmallToFloat(emuFloatToSmall(1e30f, EMU_BF8_E5M2, false, NULL), EMU_BF8_E5M2)))
    fail("bf8 overflow", 0, 0);
  printf("maxima: %d failures\n", failures - before);
}

// CHECK-LABEL: @half
// CHECK: half: {{[0-9]+}} values, 0 failures
static void testHalf(void) {
  printf("@half\n");
  int before = failures, n = 0;
  for (uint64_t b = 0; b < 0x100000000ull; b += 4093) {
    uint32_t bits = (uint32_t)b;
    float f;
    memcpy(&f, &bits, 4);
    if (isnan(f))
      continue;
    _Float16 h = (_Float16)f;
    uint16_t ref;
    memcpy(&ref, &h, 2);
    n++;
    if (emuFloatToHalf(f) != ref)
      fail("f32->f16", bits, f);
    if (emuHalfToFloat(ref) != (float)h)
      fail("f16->f32", ref, (float)h);
  }
  printf("half: %d values, %d failures\n", n, failures - before);
}

// The MXFP4 element format against OCP MX v1.0's FP4 E2M1 table, code by
// code (the scaled f8f6f4 MFMAs decode their fp4 operands with this).
// CHECK-LABEL: @e2m1Table
// CHECK: e2m1Table: 16 codes, 0 failures
static void testE2m1Table(void) {
  printf("@e2m1Table\n");
  static const float spec[16] = {0.0f,  0.5f,  1.0f,  1.5f,  2.0f,  3.0f,  4.0f,  6.0f,
                                 -0.0f, -0.5f, -1.0f, -1.5f, -2.0f, -3.0f, -4.0f, -6.0f};
  int before = failures;
  for (unsigned c = 0; c < 16; c++) {
    float v = emuSmallToFloat(c, EMU_FP4_E2M1);
    if (v != spec[c] || !signbit(v) != !signbit(spec[c]))
      fail("fp4_e2m1 table", c, v);
  }
  printf("e2m1Table: 16 codes, %d failures\n", failures - before);
}

int main(void) {
  testRoundTrip();
  testMonotonic();
  testMaxima();
  testHalf();
  testE2m1Table();
  return failures ? 1 : 0;
}
