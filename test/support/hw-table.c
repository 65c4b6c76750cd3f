// RUN: %testbin/support-hw-table | FileCheck %s
//
// The hardware table (include/flyc/hw.h) against facts written down here
// independently of lib/support/hw.c, from cdna-timing-facts.md: the FLOP
// (or OP) per CU per clock of each MFMA form (§3.1's last column) from
// 2*M*N*K*blocks / (4 clocks * passes) * 4 SIMDs; the published peaks of
// MI300X (bf16 1307 TF) and MI355X (fp8 5033 TF dense) from the products'
// CUs and clocks times those rates; the LDS phase tables as partitions of
// the 64 lanes into the documented number of equal phases, and the b128
// ones lane group by lane group; the occupancy points of §1; the MFMA wait
// states LLVM emits (§3.2, §8); lookups and bad arguments.
#include "flyc/hw.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static long nChecks, nFails, totalFails;
static const char *curName = "";

static void begin(const char *name) {
  curName = name;
  nChecks = nFails = 0;
  printf("@%s\n", name);
}

__attribute__((format(printf, 2, 3))) static int check(int ok, const char *fmt, ...) {
  nChecks++;
  if (ok)
    return 1;
  nFails++;
  totalFails++;
  va_list ap;
  va_start(ap, fmt);
  printf("FAIL: ");
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  return 0;
}

static void end(void) { printf("%s: %ld checks, %ld failures\n", curName, nChecks, nFails); }

/*--- MFMA rates -----------------------------------------------------------------*/

/* §3.1: FLOP (OP) per CU per clock on gfx950 and gfx942 (0: not on the
   chip), and for f8f6f4 the rate with both operands fp6/bf6/fp4. */
typedef struct Rate {
  const char *mnemonic;
  unsigned flop950, flop942, narrow950;
} Rate;

static const Rate kRates[] = {
    {"v_mfma_f32_16x16x128_f8f6f4", 8192, 0, 16384},
    {"v_mfma_scale_f32_16x16x128_f8f6f4", 8192, 0, 16384},
    {"v_mfma_f32_32x32x64_f8f6f4", 8192, 0, 16384},
    {"v_mfma_scale_f32_32x32x64_f8f6f4", 8192, 0, 16384},
    {"v_mfma_f32_16x16x32_bf16", 4096, 0, 0},
    {"v_mfma_f32_16x16x32_f16", 4096, 0, 0},
    {"v_mfma_f32_32x32x16_bf16", 4096, 0, 0},
    {"v_mfma_f32_32x32x16_f16", 4096, 0, 0},
    {"v_mfma_i32_16x16x64_i8", 8192, 0, 0},
    {"v_mfma_i32_32x32x32_i8", 8192, 0, 0},
    {"v_mfma_f32_16x16x32_fp8_fp8", 4096, 4096, 0},
    {"v_mfma_f32_16x16x32_bf8_fp8", 4096, 4096, 0},
    {"v_mfma_f32_32x32x16_fp8_bf8", 4096, 4096, 0},
    {"v_mfma_f32_32x32x16_bf8_bf8", 4096, 4096, 0},
    {"v_mfma_i32_16x16x32_i8", 4096, 4096, 0},
    {"v_mfma_i32_32x32x16_i8", 4096, 4096, 0},
    {"v_mfma_f32_16x16x16_f16", 2048, 2048, 0},
    {"v_mfma_f32_16x16x16_bf16", 2048, 2048, 0},
    {"v_mfma_f32_32x32x8_f16", 2048, 2048, 0},
    {"v_mfma_f32_32x32x8_bf16", 2048, 2048, 0},
    {"v_mfma_f32_16x16x8_xf32", 0, 1024, 0},
    {"v_mfma_f32_32x32x4_xf32", 0, 1024, 0},
    {"v_mfma_f32_4x4x4_16b_f16", 1024, 1024, 0},
    {"v_mfma_f32_16x16x4_f32", 256, 256, 0},
    {"v_mfma_f32_32x32x2_f32", 256, 256, 0},
    {"v_mfma_f64_16x16x4_f64", 128, 256, 0},
    {"v_smfmac_f32_16x16x64_fp8_fp8", 8192, 8192, 0},
    {"v_smfmac_f32_32x32x32_fp8_fp8", 8192, 8192, 0},
    /* From cycles (2*M*N*K*blocks / cycles * 4): ISA4 Table 28 for the
       multi-block CDNA3 forms, 32x32x4_2b f16 64 clk, 16x16x4_4b 32,
       4x4x1_16b f32 8, 4x4x4_4b f64 32 (gfx950) and 16 (gfx942, CALC) */
    {"v_mfma_f32_32x32x4_2b_f16", 1024, 1024, 0},
    {"v_mfma_f32_16x16x4_4b_bf16", 1024, 1024, 0},
    {"v_mfma_i32_32x32x4_2b_i8", 1024, 1024, 0},
    {"v_mfma_f32_4x4x1_16b_f32", 256, 256, 0},
    {"v_mfma_f32_32x32x1_2b_f32", 256, 256, 0},
    {"v_mfma_f64_4x4x4_4b_f64", 64, 128, 0},
    /* ISA4 Table 33 (sparse; K of the mnemonic): 16 clk (16x16), 32 (32x32) */
    {"v_smfmac_f32_16x16x64_bf16", 8192, 0, 0},
    {"v_smfmac_i32_32x32x64_i8", 16384, 0, 0},
    {"v_smfmac_f32_16x16x128_bf8_fp8", 16384, 0, 0},
    {"v_smfmac_f32_16x16x32_f16", 4096, 4096, 0},
};

/* FLOP per CU per clock of `f` at `passes`: 4 SIMDs, 4 clocks per pass. */
static double rateOf(const FlyHwMfma *f, unsigned passes) {
  return 2.0 * f->m * f->n * f->k * f->blocks / (4.0 * passes) * 4.0;
}

// CHECK-LABEL: @mfmaRates
// CHECK: mfmaRates: {{[0-9]+}} checks, 0 failures
static void testMfmaRates(void) {
  begin("mfmaRates");
  for (size_t i = 0; i < sizeof kRates / sizeof kRates[0]; i++) {
    const Rate *r = &kRates[i];
    const FlyHwMfma *f = flyHwMfmaFind(r->mnemonic);
    if (!check(f != NULL, "%s missing", r->mnemonic))
      continue;
    const unsigned want[2] = {[FLY_CHIP_GFX950] = r->flop950, [FLY_CHIP_GFX942] = r->flop942};
    for (int c = 0; c < FLY_HW_NUM_CHIPS; c++) {
      /* fp8 formats on both sides: the slow rate */
      unsigned p = flyHwMfmaPasses(f, (FlyChip)c, FLY_HW_FMT_FP8, FLY_HW_FMT_FP8);
      if (!want[c]) {
        check(p == 0, "%s on chip %d: %u passes, expected absent", r->mnemonic, c, p);
        continue;
      }
      if (check(p != 0, "%s on chip %d absent", r->mnemonic, c))
        check(rateOf(f, p) == want[c], "%s on chip %d: %g FLOP/CU/clk, expected %u", r->mnemonic,
              c, rateOf(f, p), want[c]);
    }
    /* the narrow-format rule: fast only when neither operand is fp8/bf8 */
    unsigned mixed = flyHwMfmaPasses(f, FLY_CHIP_GFX950, FLY_HW_FMT_FP4, FLY_HW_FMT_BF8);
    unsigned narrow = flyHwMfmaPasses(f, FLY_CHIP_GFX950, FLY_HW_FMT_FP6, FLY_HW_FMT_FP4);
    if (r->narrow950) {
      check(mixed && rateOf(f, mixed) == r->flop950, "%s fp4 x bf8 not the fp8 rate",
            r->mnemonic);
      check(narrow && rateOf(f, narrow) == r->narrow950, "%s fp6 x fp4: %u passes", r->mnemonic,
            narrow);
    } else if (r->flop950) {
      check(narrow == mixed, "%s: formats change passes of a non-f8f6f4 form", r->mnemonic);
    }
  }
  end();
}

// CHECK-LABEL: @mfmaTable
// CHECK: mfmaTable: {{[0-9]+}} checks, 0 failures
static void testMfmaTable(void) {
  begin("mfmaTable");
  size_t n = 0;
  const FlyHwMfma *t = flyHwMfmaTable(&n);
  check(n >= 70, "only %zu forms", n);
  for (size_t i = 0; i < n; i++) {
    const FlyHwMfma *f = &t[i];
    check(flyHwMfmaFind(f->mnemonic) == f, "%s is not found as itself", f->mnemonic);
    /* the mnemonic spells the shape: _<M>x<N>x<K>[_<B>b]_ */
    char shape[48];
    if (f->blocks > 1)
      snprintf(shape, sizeof shape, "_%ux%ux%u_%ub_", f->m, f->n, f->k, f->blocks);
    else
      snprintf(shape, sizeof shape, "_%ux%ux%u_", f->m, f->n, f->k);
    check(strstr(f->mnemonic, shape) != NULL, "%s: shape %s", f->mnemonic, shape);
    /* blocks * M * N outputs fill 64 lanes' accumulators exactly */
    check(f->m * f->n * f->blocks % 64 == 0, "%s: %u outputs", f->mnemonic,
          f->m * f->n * f->blocks);
    bool any = false;
    for (int c = 0; c < FLY_HW_NUM_CHIPS; c++) {
      unsigned p = f->passes[c];
      any |= p != 0;
      check(p == 0 || p == 2 || p == 4 || p == 8 || p == 16, "%s: %u passes", f->mnemonic, p);
    }
    check(any, "%s is on no chip", f->mnemonic);
    check(f->passesNarrow == 0 || (f->a == FLY_HW_F8F6F4 && f->passesNarrow * 2 ==
                                   f->passes[FLY_CHIP_GFX950]),
          "%s: narrow passes %u", f->mnemonic, f->passesNarrow);
    check(f->scaled == (strncmp(f->mnemonic, "v_mfma_scale_", 13) == 0), "%s: scaled flag",
          f->mnemonic);
    check((f->kind == FLY_HW_SMFMAC) == (strncmp(f->mnemonic, "v_smfmac_", 9) == 0),
          "%s: sparse kind", f->mnemonic);
    check((f->kind == FLY_HW_DGEMM) == (f->a == FLY_HW_F64), "%s: DGEMM kind", f->mnemonic);
    check((f->kind == FLY_HW_SGEMM) == (f->a == FLY_HW_F32), "%s: SGEMM kind", f->mnemonic);
    check((f->c == FLY_HW_I32) == (f->a == FLY_HW_I8), "%s: accumulator", f->mnemonic);
    for (size_t j = 0; j < i; j++)
      check(strcmp(t[j].mnemonic, f->mnemonic) != 0, "%s twice", f->mnemonic);
  }
  /* gemm-gen picks, per chip, the 16x16 form of fp8, i8, bf16 and f16
     with the largest K: each exists, and gfx950's doubles gfx942's K */
  static const FlyHwElem dtypes[] = {FLY_HW_FP8, FLY_HW_I8, FLY_HW_BF16, FLY_HW_F16};
  for (size_t d = 0; d < 4; d++) {
    unsigned bestK[FLY_HW_NUM_CHIPS] = {0};
    for (size_t i = 0; i < n; i++)
      for (int c = 0; c < FLY_HW_NUM_CHIPS; c++)
        if (t[i].kind == FLY_HW_XDL && t[i].m == 16 && t[i].n == 16 && t[i].blocks == 1 &&
            t[i].passes[c] &&
            (t[i].a == dtypes[d] || (dtypes[d] == FLY_HW_FP8 && t[i].a == FLY_HW_F8F6F4)) &&
            t[i].k > bestK[c])
          bestK[c] = t[i].k;
    check(bestK[FLY_CHIP_GFX942] && bestK[FLY_CHIP_GFX950] >= 2 * bestK[FLY_CHIP_GFX942],
          "dtype %d: 16x16 K %u (gfx942), %u (gfx950)", (int)dtypes[d], bestK[FLY_CHIP_GFX942],
          bestK[FLY_CHIP_GFX950]);
  }
  check(flyHwMfmaFind("v_mfma_f32_16x16x16_f32") == NULL, "made-up form found");
  check(flyHwMfmaFind(NULL) == NULL, "NULL mnemonic");
  check(flyHwMfmaPasses(NULL, FLY_CHIP_GFX950, 0, 0) == 0, "NULL form");
  check(flyHwMfmaPasses(&t[0], (FlyChip)7, 0, 0) == 0, "bad chip");
  end();
}

/*--- Products -------------------------------------------------------------------*/

// CHECK-LABEL: @peaks
// CHECK: mi300x bf16 1307 TFLOPS
// CHECK: mi355x fp8 5033 TFLOPS
// CHECK: peaks: {{[0-9]+}} checks, 0 failures
static double peakTflops(const char *product, const char *mnemonic) {
  const FlyHwProduct *p = flyHwProductFind(product);
  const FlyHwMfma *f = flyHwMfmaFind(mnemonic);
  if (!check(p && f, "%s / %s", product, mnemonic))
    return 0;
  unsigned passes = flyHwMfmaPasses(f, p->chip, FLY_HW_FMT_FP8, FLY_HW_FMT_FP8);
  return rateOf(f, passes) * p->cus * p->clockGHz * 1e9 / 1e12;
}

static void testPeaks(void) {
  begin("peaks");
  double bf16 = peakTflops("mi300x", "v_mfma_f32_16x16x16_bf16");
  double fp8 = peakTflops("mi355x", "v_mfma_f32_16x16x128_f8f6f4");
  printf("mi300x bf16 %.0f TFLOPS\nmi355x fp8 %.0f TFLOPS\n", bf16, fp8);
  check(fabs(bf16 - 1307.4) < 1, "mi300x bf16 %g", bf16);
  check(fabs(fp8 - 5033.2) < 1, "mi355x fp8 %g", fp8);
  /* the 32x32 form reaches the same peak */
  double fp8b = peakTflops("mi355x", "v_mfma_f32_32x32x64_f8f6f4");
  check(fabs(fp8b - fp8) < 1e-6, "32x32x64 peak %g", fp8b);
  /* MI300X's fp8 (4096 OP/CU/clk) 2615 TF [RDOC] */
  double fp8g = peakTflops("mi300x", "v_mfma_f32_16x16x32_fp8_fp8");
  check(fabs(fp8g - 2614.9) < 1, "mi300x fp8 %g", fp8g);

  size_t n = 0;
  const FlyHwProduct *t = flyHwProductTable(&n);
  static const char *const names[] = {"mi300x", "mi308x", "mi325x", "mi350x", "mi355x"};
  check(n == 5, "%zu products", n);
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    const FlyHwProduct *p = flyHwProductFind(names[i]);
    if (!check(p != NULL, "%s missing", names[i]))
      continue;
    check(strstr(flyHwProductListNames(), names[i]) != NULL, "%s not listed", names[i]);
    check(p->cus % p->xcds == 0, "%s: %u CUs over %u XCDs", p->name, p->cus, p->xcds);
    check(p->clockGHz > 1 && p->clockGHz < 3, "%s clock", p->name);
    check(p->hbmBytesPerSec > 1e12 && p->mallBytesPerSec > p->hbmBytesPerSec, "%s bandwidth",
          p->name);
  }
  for (size_t i = 0; i < n; i++)
    check(flyHwProductFind(t[i].name) == &t[i], "%s lookup", t[i].name);
  check(strcmp(flyHwProductDefault(FLY_CHIP_GFX942)->name, "mi300x") == 0, "gfx942 default");
  check(strcmp(flyHwProductDefault(FLY_CHIP_GFX950)->name, "mi355x") == 0, "gfx950 default");
  check(flyHwProductDefault((FlyChip)5) == NULL, "bad chip default");
  check(flyHwProductFind("mi250x") == NULL && flyHwProductFind(NULL) == NULL, "unknown product");
  /* CUs per XCD as published: 38 (MI300X), 20 (MI308X), 32 (MI35xX) */
  check(flyHwProductFind("mi300x")->cus / flyHwProductFind("mi300x")->xcds == 38, "mi300x CU/XCD");
  check(flyHwProductFind("mi308x")->cus / flyHwProductFind("mi308x")->xcds == 20, "mi308x CU/XCD");
  check(flyHwProductFind("mi355x")->cus / flyHwProductFind("mi355x")->xcds == 32, "mi355x CU/XCD");
  end();
}

/*--- LDS phases -----------------------------------------------------------------*/

/* Documented phase counts (facts §4; 0: no such instruction). */
static const unsigned kPhaseCount[FLY_HW_NUM_CHIPS][FLY_HW_LDS_NUM_ACCESSES] = {
    [FLY_CHIP_GFX942] = {[FLY_HW_LDS_READ_B32] = 2, [FLY_HW_LDS_READ_B64] = 4,
                         [FLY_HW_LDS_READ_B96] = 16, [FLY_HW_LDS_READ_B128] = 8,
                         [FLY_HW_LDS_WRITE_B32] = 4, [FLY_HW_LDS_WRITE_B64] = 8,
                         [FLY_HW_LDS_WRITE_B96] = 16, [FLY_HW_LDS_WRITE_B128] = 8,
                         [FLY_HW_LDS_READ_TR] = 0, [FLY_HW_LDS_DMA] = 4},
    [FLY_CHIP_GFX950] = {[FLY_HW_LDS_READ_B32] = 1, [FLY_HW_LDS_READ_B64] = 2,
                         [FLY_HW_LDS_READ_B96] = 16, [FLY_HW_LDS_READ_B128] = 4,
                         [FLY_HW_LDS_WRITE_B32] = 4, [FLY_HW_LDS_WRITE_B64] = 8,
                         [FLY_HW_LDS_WRITE_B96] = 16, [FLY_HW_LDS_WRITE_B128] = 8,
                         [FLY_HW_LDS_READ_TR] = 2, [FLY_HW_LDS_DMA] = 4},
};

/* The measured tables as the sources list them: phases of lane ranges. */
typedef struct Range {
  int lo, hi;
} Range;
static const Range k942B128[8][2] = {{{0, 3}, {20, 23}},   {{32, 35}, {52, 55}},
                                     {{4, 7}, {16, 19}},   {{36, 39}, {48, 51}},
                                     {{8, 11}, {28, 31}},  {{40, 43}, {60, 63}},
                                     {{12, 15}, {24, 27}}, {{44, 47}, {56, 59}}};
static const Range k950B128[4][4] = {{{0, 3}, {12, 15}, {20, 23}, {24, 27}},
                                     {{32, 35}, {44, 47}, {52, 55}, {56, 59}},
                                     {{4, 7}, {8, 11}, {16, 19}, {28, 31}},
                                     {{36, 39}, {40, 43}, {48, 51}, {60, 63}}};

/* Two lanes share a phase of `ph` exactly when they share a group of the
   listed table (the numbering of phases is free). */
static void checkGroups(const FlyHwLdsPhases *ph, const Range *groups, int nGroups, int nRanges,
                        const char *what) {
  int groupOf[64];
  for (int l = 0; l < 64; l++)
    groupOf[l] = -1;
  for (int g = 0; g < nGroups; g++)
    for (int r = 0; r < nRanges; r++)
      for (int l = groups[g * nRanges + r].lo; l <= groups[g * nRanges + r].hi; l++)
        groupOf[l] = g;
  for (int a = 0; a < 64; a++)
    for (int b = 0; b < 64; b++)
      check((groupOf[a] == groupOf[b]) == (ph->phaseOfLane[a] == ph->phaseOfLane[b]),
            "%s: lanes %d and %d", what, a, b);
}

// CHECK-LABEL: @ldsPhases
// CHECK: ldsPhases: {{[0-9]+}} checks, 0 failures
static void testLdsPhases(void) {
  begin("ldsPhases");
  for (int c = 0; c < FLY_HW_NUM_CHIPS; c++) {
    const FlyHwChip *chip = flyHwChipGet((FlyChip)c);
    if (!check(chip && chip->chip == (FlyChip)c, "chip %d", c))
      continue;
    for (int a = 0; a < FLY_HW_LDS_NUM_ACCESSES; a++) {
      const FlyHwLdsPhases *ph = &chip->lds.phases[a];
      check(ph->numPhases == kPhaseCount[c][a], "%s access %d: %u phases, expected %u",
            chip->name, a, ph->numPhases, kPhaseCount[c][a]);
      if (!ph->numPhases)
        continue;
      /* a partition of 64 lanes into numPhases phases of equal size */
      unsigned size[64] = {0};
      bool inRange = true;
      for (int l = 0; l < 64; l++) {
        inRange &= ph->phaseOfLane[l] < ph->numPhases;
        if (ph->phaseOfLane[l] < 64)
          size[ph->phaseOfLane[l]]++;
      }
      check(inRange, "%s access %d: lane outside the phases", chip->name, a);
      for (unsigned p = 0; p < ph->numPhases; p++)
        check(size[p] == 64u / ph->numPhases, "%s access %d phase %u: %u lanes", chip->name, a,
              p, size[p]);
    }
  }
  const FlyHwChip *g942 = flyHwChipGet(FLY_CHIP_GFX942), *g950 = flyHwChipGet(FLY_CHIP_GFX950);
  checkGroups(&g942->lds.phases[FLY_HW_LDS_READ_B128], &k942B128[0][0], 8, 2, "gfx942 b128");
  checkGroups(&g950->lds.phases[FLY_HW_LDS_READ_B128], &k950B128[0][0], 4, 4, "gfx950 b128");
  /* measured: the read tables of b32/b64/b128 and gfx942's b128 write */
  static const FlyHwLdsAccess measured[] = {FLY_HW_LDS_READ_B32, FLY_HW_LDS_READ_B64,
                                            FLY_HW_LDS_READ_B128};
  for (size_t i = 0; i < 3; i++)
    check(g942->lds.phases[measured[i]].measured && g950->lds.phases[measured[i]].measured,
          "access %d not marked measured", measured[i]);
  check(g942->lds.phases[FLY_HW_LDS_WRITE_B128].measured, "gfx942 b128 write measured");
  check(!g950->lds.phases[FLY_HW_LDS_WRITE_B128].measured &&
            !g950->lds.phases[FLY_HW_LDS_READ_TR].measured &&
            !g942->lds.phases[FLY_HW_LDS_READ_B96].measured,
        "unconfirmed tables marked measured");
  check(g942->lds.banks == 32 && g950->lds.banks == 64, "banks");
  check(g942->lds.bytes == 65536 && g950->lds.bytes == 163840, "LDS sizes");
  check(g950->lds.bytes % g950->lds.allocGranule == 0 &&
            g942->lds.bytes % g942->lds.allocGranule == 0,
        "LDS granule");
  check(g942->lds.dmaMaxBytes == 4 && g950->lds.dmaMaxBytes == 16, "LDS DMA widths");
  check(flyHwChipGet((FlyChip)2) == NULL, "bad chip");
  end();
}

/*--- Occupancy and wait states ----------------------------------------------------*/

// CHECK-LABEL: @occupancy
// CHECK: occupancy: {{[0-9]+}} checks, 0 failures
static void testOccupancy(void) {
  begin("occupancy");
  static const struct {
    unsigned v, a, waves;
  } pts[] = {{64, 0, 8}, {65, 0, 7}, {96, 0, 5}, {128, 0, 4}, {168, 0, 3}, {256, 0, 2},
             {256, 256, 1}, {1, 0, 8}, {0, 0, 8}, {128, 128, 2}, {32, 32, 8}, {33, 31, 7}};
  for (size_t i = 0; i < sizeof pts / sizeof pts[0]; i++)
    for (int c = 0; c < FLY_HW_NUM_CHIPS; c++) {
      unsigned w = flyHwWavesPerSimdForRegisters((FlyChip)c, pts[i].v, pts[i].a);
      check(w == pts[i].waves, "chip %d, %u+%u registers: %u waves, expected %u", c, pts[i].v,
            pts[i].a, w, pts[i].waves);
    }
  /* 33 VGPRs start the AGPRs at 36: 36+31=67 -> 72 -> 7 waves (above);
     257 VGPRs cannot be named */
  check(flyHwWavesPerSimdForRegisters(FLY_CHIP_GFX950, 257, 0) == 0, "257 VGPRs");
  check(flyHwWavesPerSimdForRegisters(FLY_CHIP_GFX942, 0, 257) == 0, "257 AGPRs");
  check(flyHwWavesPerSimdForRegisters((FlyChip)9, 64, 0) == 0, "bad chip");
  end();
}

// CHECK-LABEL: @waitStates
// CHECK: waitStates: {{[0-9]+}} checks, 0 failures
static unsigned ws(FlyChip chip, const char *mnemonic, int fa, int fb, FlyHwMfmaConsumer use) {
  const FlyHwMfma *f = flyHwMfmaFind(mnemonic);
  if (!check(f != NULL, "%s", mnemonic))
    return 0;
  return flyHwMfmaResultWaitStates(chip, f->kind, flyHwMfmaPasses(f, chip, fa, fb), use);
}

static void testWaitStates(void) {
  begin("waitStates");
  const FlyChip g942 = FLY_CHIP_GFX942, g950 = FLY_CHIP_GFX950;
  const FlyHwMfmaConsumer valu = FLY_HW_USE_VALU, srcab = FLY_HW_USE_SRCAB;
  /* §8 LOCAL: s_nop n before v_accvgpr_read of the result = n+1 ws */
  check(ws(g942, "v_mfma_f32_16x16x16_bf16", 0, 0, valu) == 7, "gfx942 4-pass -> VALU");
  check(ws(g942, "v_mfma_f32_32x32x8_bf16", 0, 0, valu) == 11, "gfx942 8-pass -> VALU");
  check(ws(g950, "v_mfma_f32_16x16x16_bf16", 0, 0, valu) == 8, "gfx950 4-pass -> VALU");
  check(ws(g950, "v_mfma_f32_32x32x8_bf16", 0, 0, valu) == 12, "gfx950 8-pass -> VALU");
  check(ws(g950, "v_mfma_f32_16x16x128_f8f6f4", 0, 0, valu) == 12, "gfx950 f8 16x16x128");
  check(ws(g950, "v_mfma_f32_16x16x128_f8f6f4", 4, 4, valu) == 8, "gfx950 fp4 16x16x128");
  check(ws(g950, "v_mfma_f32_32x32x64_f8f6f4", 0, 0, valu) == 20, "gfx950 f8 32x32x64");
  /* result -> SrcA of the next MFMA: 7 (gfx942), 8 (gfx950) for 4 passes */
  check(ws(g942, "v_mfma_f32_16x16x16_f16", 0, 0, srcab) == 7, "gfx942 SrcA");
  check(ws(g950, "v_mfma_f32_16x16x16_f16", 0, 0, srcab) == 8, "gfx950 SrcA");
  /* chained accumulation: no wait for XDL */
  check(ws(g950, "v_mfma_f32_32x32x16_bf16", 0, 0, FLY_HW_USE_SRCC_SAME) == 0, "chain");
  /* overlapping SrcC: 3,5,9,17 (gfx942) and 4,6,10,18 (gfx950) */
  static const unsigned np[4] = {2, 4, 8, 16}, ov942[4] = {3, 5, 9, 17}, ov950[4] = {4, 6, 10, 18},
                        rd950[4] = {5, 8, 12, 20}, war[4] = {1, 3, 7, 15};
  for (int i = 0; i < 4; i++) {
    check(flyHwMfmaResultWaitStates(g942, FLY_HW_XDL, np[i], FLY_HW_USE_SRCC_OVERLAP) == ov942[i],
          "gfx942 overlap %u", np[i]);
    check(flyHwMfmaResultWaitStates(g950, FLY_HW_XDL, np[i], FLY_HW_USE_SRCC_OVERLAP) == ov950[i],
          "gfx950 overlap %u", np[i]);
    check(flyHwMfmaResultWaitStates(g950, FLY_HW_SMFMAC, np[i], FLY_HW_USE_MEM_READ) == rd950[i],
          "gfx950 mem read %u", np[i]);
    check(flyHwMfmaResultWaitStates(g942, FLY_HW_XDL, np[i], valu) == np[i] + 3,
          "gfx942 VALU %u", np[i]);
    check(flyHwMfmaSrcCWarWaitStates(g942, np[i]) == war[i] &&
              flyHwMfmaSrcCWarWaitStates(g950, np[i]) == war[i],
          "WAR %u", np[i]);
  }
  /* f64 16x16x4 -> VALU: 11 (gfx942), 19 (gfx950) */
  check(ws(g942, "v_mfma_f64_16x16x4_f64", 0, 0, valu) == 11, "gfx942 DGEMM");
  check(ws(g950, "v_mfma_f64_16x16x4_f64", 0, 0, valu) == 19, "gfx950 DGEMM");
  check(ws(g950, "v_mfma_f64_4x4x4_4b_f64", 0, 0, valu) == 6, "gfx950 4x4 DGEMM");
  /* f32 MFMAs (SGEMM): 4/6/10/18 to a VALU reader */
  check(ws(g950, "v_mfma_f32_16x16x4_f32", 0, 0, valu) == 10, "SGEMM 8 pass");
  check(ws(g942, "v_mfma_f32_4x4x1_16b_f32", 0, 0, FLY_HW_USE_SRCC_SAME) == 2, "SGEMM chain");
  check(flyHwValuToMfmaWaitStates(g942) == 2 && flyHwValuToMfmaWaitStates(g950) == 2, "VALU");
  check(flyHwExecToMfmaWaitStates(g942) == 4 && flyHwExecToMfmaWaitStates(g950) == 4, "EXEC");
  end();
}

int main(void) {
  testMfmaRates();
  testMfmaTable();
  testPeaks();
  testLdsPhases();
  testOccupancy();
  testWaitStates();
  return totalFails ? 1 : 0;
}
