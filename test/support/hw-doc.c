// RUN: %testbin/support-hw-doc > %t.md
// RUN: diff %S/../../docs/hardware.md %t.md
//
// docs/hardware.md is this program's output: the hardware table
// (include/flyc/hw.h, lib/support/hw.c) printed as Markdown. The test
// regenerates it and compares it with the checked-in file, so the document
// cannot drift from the table. After changing the table, regenerate it:
//   build/test-bin/support-hw-doc > docs/hardware.md
#include "flyc/hw.h"

#include <stdio.h>
#include <string.h>

static const char *const kElem[] = {"f64", "f32", "xf32", "f16", "bf16", "i8",
                                    "fp8", "bf8", "f8f6f4", "i32"};
static const char *const kKind[] = {"XDL", "DGEMM", "SMFMAC", "SGEMM"};
static const char *const kAccess[] = {"ds_read_b32",   "ds_read_b64",   "ds_read_b96",
                                      "ds_read_b128",  "ds_write_b32",  "ds_write_b64",
                                      "ds_write_b96",  "ds_write_b128", "ds_read_*_tr_*",
                                      "LDS DMA (write side)"};
static const FlyChip kOrder[FLY_HW_NUM_CHIPS] = {FLY_CHIP_GFX950, FLY_CHIP_GFX942};

static const FlyHwChip *chip(int i) { return flyHwChipGet(kOrder[i]); }

static void header(const char *first) {
  printf("| %s |", first);
  for (int i = 0; i < FLY_HW_NUM_CHIPS; i++)
    printf(" %s (%s) |", chip(i)->name, chip(i)->family);
  printf("\n|---|");
  for (int i = 0; i < FLY_HW_NUM_CHIPS; i++)
    printf("---|");
  printf("\n");
}

/* One row of a per-chip value: `expr` of the chip `c`. */
#define ROW(label, expr)                                                         \
  do {                                                                           \
    printf("| %s |", label);                                                     \
    for (int i_ = 0; i_ < FLY_HW_NUM_CHIPS; i_++) {                              \
      const FlyHwChip *c = chip(i_);                                             \
      printf(" %llu |", (unsigned long long)(expr));                             \
    }                                                                            \
    printf("\n");                                                                \
  } while (0)

static void printChips(void) {
  printf("## Chips\n\n");
  header("compute unit");
  ROW("SIMDs per CU", c->cu.simds);
  ROW("lanes per SIMD", c->cu.lanesPerSimd);
  ROW("wave size", c->cu.waveSize);
  ROW("waves per SIMD (max)", c->cu.maxWavesPerSimd);
  ROW("VGPR+AGPR per lane (unified)", c->cu.vgprsPerLane);
  ROW("architectural VGPRs / AGPRs", c->cu.archVgprs);
  ROW("register allocation granule", c->cu.vgprGranule);
  ROW("SGPRs per wave", c->cu.sgprsPerWave);
  ROW("issue categories per slot", c->cu.issueCategories);
  ROW("clocks per wait state (assumption)", c->cu.waitStateCycles);
  ROW("VALU wave64 instruction, clocks", c->cu.valuCycles);
  ROW("transcendental VALU, clocks", c->cu.transCycles);
  ROW("f64 FMA, clocks", c->cu.dpValuCycles);
  ROW("SALU, clocks", c->cu.saluCycles);
  ROW("taken branch, clocks (assumption)", c->cu.branchCycles);
  ROW("s_barrier release, clocks (assumption)", c->cu.barrierCycles);
  ROW("VALU after an XDL MFMA, clocks", c->cu.mfmaCoexecDelay);
  ROW("fp8 is OCP (1) or FNUZ (0)", c->ocpFp8);
  printf("\n");
  header("LDS");
  ROW("bytes per CU (and per workgroup)", c->lds.bytes);
  ROW("allocation granule, bytes", c->lds.allocGranule);
  ROW("banks", c->lds.banks);
  ROW("bank width, bytes", c->lds.bankBytes);
  ROW("read bytes per clock per CU", c->lds.readBytesPerClk);
  ROW("write bytes per clock per CU", c->lds.writeBytesPerClk);
  ROW("ds_read_b32 latency, clocks (assumption)", c->lds.latency);
  ROW("paths per CU, one per SIMD pair (assumption)", c->lds.ports);
  ROW("a wave's turnaround between LDS transfers, clocks (assumption)", c->lds.waveTurnaround);
  ROW("widest LDS DMA per lane, bytes", c->lds.dmaMaxBytes);
  printf("\n");
  header("memory");
  const char *names[3] = {"vector L1 (per CU)", "L2 (per XCD)", "Infinity Cache (device)"};
  for (int lvl = 0; lvl < 3; lvl++) {
    char label[96];
#define LEVEL(c) (lvl == 0 ? &(c)->mem.l1 : lvl == 1 ? &(c)->mem.l2 : &(c)->mem.mall)
    snprintf(label, sizeof label, "%s: KiB", names[lvl]);
    ROW(label, LEVEL(c)->bytes / 1024);
    snprintf(label, sizeof label, "%s: line bytes, ways", names[lvl]);
    printf("| %s |", label);
    for (int i = 0; i < FLY_HW_NUM_CHIPS; i++)
      printf(" %u, %u |", LEVEL(chip(i))->lineBytes, LEVEL(chip(i))->ways);
    printf("\n");
    snprintf(label, sizeof label, "%s: hit latency, clocks", names[lvl]);
    ROW(label, LEVEL(c)->latency);
    snprintf(label, sizeof label, "%s: read / write bytes per clock", names[lvl]);
    printf("| %s |", label);
    for (int i = 0; i < FLY_HW_NUM_CHIPS; i++)
      printf(" %g / %g |", LEVEL(chip(i))->readBytesPerClk, LEVEL(chip(i))->writeBytesPerClk);
    printf("\n");
#undef LEVEL
  }
  ROW("L2 channels", c->mem.l2Channels);
  ROW("HBM load-to-use, clocks", c->mem.hbmLatency);
  ROW("scalar load-to-use, clocks (assumption)", c->mem.smemLatency);
  printf("| vmcnt / lgkmcnt maximum |");
  for (int i = 0; i < FLY_HW_NUM_CHIPS; i++)
    printf(" %u / %u |", chip(i)->mem.vmcntMax, chip(i)->mem.lgkmcntMax);
  printf("\n\n");
}

/* Lanes of `phase` as ranges, "0-3 20-23". */
static void printLanes(const FlyHwLdsPhases *ph, unsigned phase) {
  int first = -1;
  bool any = false;
  for (int l = 0; l <= 64; l++) {
    bool in = l < 64 && ph->phaseOfLane[l] == phase;
    if (in && first < 0)
      first = l;
    if (!in && first >= 0) {
      printf(any ? " %d-%d" : "%d-%d", first, l - 1);
      any = true;
      first = -1;
    }
  }
}

static void printLds(void) {
  printf("## LDS lane phases\n\n");
  printf("Lanes of one phase may conflict on a bank; lanes of different phases never do. "
         "`measured` is false where no measurement or vendor table exists and the table is "
         "an assumption (hw.c says which and why).\n\n");
  for (int i = 0; i < FLY_HW_NUM_CHIPS; i++) {
    const FlyHwChip *c = chip(i);
    printf("### %s (%u banks)\n\n| access | phases | measured | lanes per phase |\n"
           "|---|---|---|---|\n", c->name, c->lds.banks);
    for (int a = 0; a < FLY_HW_LDS_NUM_ACCESSES; a++) {
      const FlyHwLdsPhases *ph = &c->lds.phases[a];
      if (!ph->numPhases) {
        printf("| %s | — | — | not on this chip |\n", kAccess[a]);
        continue;
      }
      printf("| %s | %u | %s | ", kAccess[a], ph->numPhases, ph->measured ? "yes" : "no");
      for (unsigned p = 0; p < ph->numPhases; p++) {
        printf(p ? "; {" : "{");
        printLanes(ph, p);
        printf("}");
      }
      printf(" |\n");
    }
    printf("\n");
  }
}

static void printMfma(void) {
  size_t n;
  const FlyHwMfma *t = flyHwMfmaTable(&n);
  printf("## MFMA forms\n\n");
  printf("Passes are %d clocks; —: not on the chip. `narrow`: the f8f6f4 forms' passes "
         "when neither operand is fp8/bf8. FLOP/CU/clk = 2·M·N·K·blocks / (%d·passes) × "
         "SIMDs (the sparse forms count the dense-equivalent K).\n\n",
         FLY_HW_CLOCKS_PER_PASS, FLY_HW_CLOCKS_PER_PASS);
  printf("| mnemonic | M×N×K | blocks | A, B → C | kind | gfx950 passes | gfx942 passes | "
         "narrow | FLOP/CU/clk gfx950, gfx942 |\n|---|---|---|---|---|---|---|---|---|\n");
  for (size_t i = 0; i < n; i++) {
    const FlyHwMfma *f = &t[i];
    printf("| `%s` | %u×%u×%u | %u | %s, %s → %s | %s%s |", f->mnemonic, f->m, f->n, f->k,
           f->blocks, kElem[f->a], kElem[f->b], kElem[f->c], kKind[f->kind],
           f->scaled ? ", scaled" : "");
    for (int c = 0; c < FLY_HW_NUM_CHIPS; c++) {
      unsigned p = f->passes[kOrder[c]];
      p ? printf(" %u |", p) : printf(" — |");
    }
    f->passesNarrow ? printf(" %u |", f->passesNarrow) : printf(" — |");
    for (int c = 0; c < FLY_HW_NUM_CHIPS; c++) {
      unsigned p = f->passes[kOrder[c]];
      unsigned simds = chip(c)->cu.simds;
      double flop = p ? 2.0 * f->m * f->n * f->k * f->blocks / (FLY_HW_CLOCKS_PER_PASS * p) *
                            simds
                      : 0;
      p ? printf(c ? " %g |" : " %g,", flop) : printf(c ? " — |" : " —,");
    }
    printf("\n");
  }
  printf("\n");
}

static void printWaits(void) {
  static const char *const use[] = {"SrcC, same registers", "SrcC, overlapping",
                                    "SrcA/B of an MFMA", "VALU read/write",
                                    "VMEM/LDS/FLAT read"};
  static const struct {
    FlyHwMfmaKind kind;
    const char *name;
  } kinds[] = {{FLY_HW_XDL, "XDL / SMFMAC"}, {FLY_HW_SGEMM, "SGEMM (f32)"},
               {FLY_HW_DGEMM, "DGEMM (f64)"}};
  printf("## MFMA dependency wait states\n\n");
  printf("Wait states between an MFMA of N passes and a consumer of its result, per chip "
         "(gfx950 / gfx942).\n\n");
  for (size_t k = 0; k < 3; k++) {
    printf("### %s\n\n| consumer | N=2 | N=4 | N=8 | N=16 |\n|---|---|---|---|---|\n",
           kinds[k].name);
    for (int u = 0; u <= FLY_HW_USE_MEM_READ; u++) {
      printf("| %s |", use[u]);
      for (unsigned np = 2; np <= 16; np *= 2)
        printf(" %u / %u |",
               flyHwMfmaResultWaitStates(FLY_CHIP_GFX950, kinds[k].kind, np,
                                         (FlyHwMfmaConsumer)u),
               flyHwMfmaResultWaitStates(FLY_CHIP_GFX942, kinds[k].kind, np,
                                         (FlyHwMfmaConsumer)u));
      printf("\n");
    }
    printf("\n");
  }
  printf("| other rule | gfx950 | gfx942 |\n|---|---|---|\n");
  printf("| MFMA reads SrcC, VALU overwrites it (N=2/4/8/16) |");
  for (int c = 0; c < FLY_HW_NUM_CHIPS; c++) {
    for (unsigned np = 2; np <= 16; np *= 2)
      printf(np == 2 ? " %u" : "/%u", flyHwMfmaSrcCWarWaitStates(kOrder[c], np));
    printf(" |");
  }
  printf("\n| VALU writes a VGPR, MFMA reads it | %u | %u |\n",
         flyHwValuToMfmaWaitStates(FLY_CHIP_GFX950), flyHwValuToMfmaWaitStates(FLY_CHIP_GFX942));
  printf("| VALU writes EXEC, MFMA | %u | %u |\n\n", flyHwExecToMfmaWaitStates(FLY_CHIP_GFX950),
         flyHwExecToMfmaWaitStates(FLY_CHIP_GFX942));
}

/* Dense peak of the chip's best form taking `elem` (f8f6f4 at fp8). */
static double peakTflops(const FlyHwProduct *p, FlyHwElem elem) {
  size_t n;
  const FlyHwMfma *t = flyHwMfmaTable(&n);
  double best = 0;
  for (size_t i = 0; i < n; i++) {
    const FlyHwMfma *f = &t[i];
    if (f->kind == FLY_HW_SMFMAC ||
        !(f->a == elem || (elem == FLY_HW_FP8 && f->a == FLY_HW_F8F6F4)))
      continue;
    unsigned passes = flyHwMfmaPasses(f, p->chip, FLY_HW_FMT_FP8, FLY_HW_FMT_FP8);
    if (!passes)
      continue;
    double flop = 2.0 * f->m * f->n * f->k * f->blocks / (FLY_HW_CLOCKS_PER_PASS * passes) *
                  flyHwChipGet(p->chip)->cu.simds;
    if (flop > best)
      best = flop;
  }
  return best * p->cus * p->clockGHz * 1e9 / 1e12;
}

static void printProducts(void) {
  size_t n;
  const FlyHwProduct *t = flyHwProductTable(&n);
  printf("## Products\n\n");
  printf("`--gpu NAME` selects one; the flagship is the default of its chip. The peaks are "
         "derived: CUs × clock × the best dense MFMA rate of the table.\n\n");
  printf("| product | chip | CUs | XCDs | clock GHz | HBM TB/s | Infinity Cache TB/s | HBM GiB | "
         "flagship | bf16 TFLOPS | fp8 TFLOPS |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (size_t i = 0; i < n; i++) {
    const FlyHwProduct *p = &t[i];
    printf("| %s | %s | %u | %u | %.2f | %.1f | %.1f | %llu | %s | %.0f | %.0f |\n", p->name,
           flyHwChipGet(p->chip)->name, p->cus, p->xcds, p->clockGHz, p->hbmBytesPerSec / 1e12,
           p->mallBytesPerSec / 1e12, (unsigned long long)(p->hbmBytes >> 30),
           p->flagship ? "yes" : "", peakTflops(p, FLY_HW_BF16), peakTflops(p, FLY_HW_FP8));
  }
  printf("\n");
}

static void printOccupancy(void) {
  static const unsigned regs[][2] = {{64, 0}, {65, 0}, {96, 0}, {128, 0}, {168, 0},
                                     {256, 0}, {128, 128}, {256, 256}};
  printf("## Occupancy from registers\n\n");
  printf("Waves per SIMD = min(max waves, ⌊unified file / roundup(granule, total)⌋), the "
         "total counting AGPRs from the VGPR count rounded up to 4.\n\n");
  printf("| VGPRs + AGPRs | gfx950 | gfx942 |\n|---|---|---|\n");
  for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++)
    printf("| %u + %u | %u | %u |\n", regs[i][0], regs[i][1],
           flyHwWavesPerSimdForRegisters(FLY_CHIP_GFX950, regs[i][0], regs[i][1]),
           flyHwWavesPerSimdForRegisters(FLY_CHIP_GFX942, regs[i][0], regs[i][1]));
  printf("\n");
}

int main(void) {
  printf("# Hardware facts\n\n");
  printf("Generated from the hardware table (`include/flyc/hw.h`, `lib/support/hw.c`) by "
         "`test/support/hw-doc.c`; `test/support/hw-doc.c`'s lit test fails when this file "
         "and the table differ. Regenerate with `build/test-bin/support-hw-doc > "
         "docs/hardware.md`.\n\n");
  printf("Every value's source is named next to it in `lib/support/hw.c` (the CDNA3/CDNA4 "
         "ISA guides, LLVM's AMDGPU scheduling model and hazard recognizer, AMD's white "
         "papers and ROCm documentation, published measurements); a value no source "
         "confirms is marked there as an assumption, with the reason for its value. The "
         "compiler's atom choice and target checks, `flyc --stats`, `gemm-gen`, the "
         "emulator and the code-object reader all read this one table.\n\n");
  printChips();
  printLds();
  printMfma();
  printWaits();
  printProducts();
  printOccupancy();
  return 0;
}
