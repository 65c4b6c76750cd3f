/*===- emu-memsys-test.c - The timing model's memory system and grid plan -===*
 *
 * Drives emu_memsys.h directly. Every expectation is computed here from the
 * documented hardware values written below (with their sources), never from
 * the table the code reads, so a wrong formula or a wrong table entry fails.
 *===----------------------------------------------------------------------===*/
// Memory system: latency then scaled HBM bandwidth for a stream, L1 hits and
// LRU, L2 shared within an XCD and private to it, stores, coalescing; grid
// plan: occupancy points and limiters, XCD round robin and CU order.
// RUN: %testbin/emu-memsys-test | FileCheck %s --implicit-check-not=FAILED
// CHECK-LABEL: @hbmStream
// CHECK: one CU of mi300x: 4096 lines
// CHECK: two CUs of mi300x: 4096 lines
// CHECK: mi355x: 4096 lines
// CHECK-LABEL: @l1Hits
// CHECK: l1 ok
// CHECK-LABEL: @l2Sharing
// CHECK: same XCD: L2 hit
// CHECK: other XCD: no L2 hit
// CHECK-LABEL: @stores
// CHECK: stores ok
// CHECK-LABEL: @writeBack
// CHECK: write-back ok
// CHECK-LABEL: @coalescing
// CHECK: coalescing ok
// CHECK-LABEL: @occupancy
// CHECK: occupancy ok
// CHECK-LABEL: @placement
// CHECK: placement ok
// CHECK-LABEL: @shares
// CHECK: shares ok
// CHECK: all done
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "emu_memsys.h"

/* Documented values (docs: /work/shared/docs/cdna-timing-facts.md §1, §4, §5). */
enum {
  LINE = 128,               /* L1 and L2 line bytes (WP3) */
  L1_BYTES = 32 * 1024,     /* vector L1 per CU (WP3) */
  L1_WAYS = 64, L1_SETS = 4,/* 64-way x 4 sets (WP3) */
  L1_BW = 128,              /* L1 bytes per clock per CU (WP3, CC3) */
  L1_LAT = 112, L2_LAT = 224, HBM_LAT = 1212, /* MI300X measured (MB) */
  L2_CHANNELS = 16,         /* per XCD (WP3) */
  L2_CHANNEL_BW = 128,      /* read bytes per clock per channel (WP3) */
  XCDS = 8,                 /* both chips (WP3, RDOC) */
};
static const double MI300X_CLK = 2.1e9, MI300X_HBM = 5.3e12; /* RDOC, WP3 */
static const double MI355X_CLK = 2.4e9, MI355X_HBM = 8.0e12; /* PRESS/RDOC, SHARK */
static const unsigned MI300X_CUS = 304, MI355X_CUS = 256;   /* WP3, RDOC */

static int failures;

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  printf("FAILED: ");
  vprintf(fmt, ap);
  printf("\n");
  va_end(ap);
  ++failures;
}

static void expectU64(const char *what, uint64_t got, uint64_t want) {
  if (got != want)
    fail("%s: got %llu, expected %llu", what, (unsigned long long)got, (unsigned long long)want);
}

static EmuGridPlan makePlan(const char *product, uint32_t maxSimCus) {
  EmuGridKernel k = {.wavesPerGroup = 4, .vgprs = 128, .agprs = 0, .sgprs = 32};
  EmuGridPlan plan;
  const char *why = NULL;
  memset(&plan, 0, sizeof plan);
  if (!emuGridPlanMake(flyHwProductFind(product), &k, 1024, maxSimCus, &plan, &why))
    fail("plan for %s: %s", product, why ? why : "(no reason)");
  return plan;
}

/// `n` wave loads of 64 lanes x 16 B, all unique lines, every one issued at
/// `now` from CU 0; returns the completion of the last.
static uint64_t streamLoads(EmuMemSys *ms, uint64_t base, unsigned n, uint64_t now) {
  uint64_t addr[64], done = 0;
  for (unsigned i = 0; i < n; ++i) {
    for (unsigned l = 0; l < 64; ++l)
      addr[l] = base + (uint64_t)i * 1024 + l * 16;
    uint64_t c = emuMsAccess(ms, 0, EMU_MS_LOAD, now, addr, 64, 16);
    done = c > done ? c : done;
  }
  return done;
}

/// A stream of unique lines from one CU: the first line takes the HBM
/// latency; line i waits i * LINE / (bw * share) at the HBM server, which is
/// the slowest for a small simulated share, so the last of n lines is back at
/// now + latency + (n-1) * LINE / (bw * share).
static void streamCase(const char *label, const char *product, uint32_t simCus, double clk,
                       double hbm, unsigned cus) {
  EmuGridPlan plan = makePlan(product, simCus);
  EmuMemSys *ms = emuMsCreate(&plan);
  if (!ms) {
    fail("%s: emuMsCreate", label);
    return;
  }
  double share = (double)simCus / cus;
  expectU64("shareOfDevice * cus", (uint64_t)llround(plan.shareOfDevice * cus), simCus);
  uint64_t now = 1000;
  uint64_t first = streamLoads(ms, 1ull << 32, 1, now);
  /* One wave of 8 lines: the latency plus 7 lines' HBM service. */
  double perLine = LINE / (hbm / clk * share);
  expectU64("first wave", first, (uint64_t)ceil(now + HBM_LAT + 7 * perLine - 1e-9));
  emuMsDestroy(ms);
  ms = emuMsCreate(&plan);
  unsigned waves = 512, lines = waves * 8;
  uint64_t last = streamLoads(ms, 1ull << 33, waves, now);
  uint64_t want = (uint64_t)ceil(now + HBM_LAT + (lines - 1) * perLine - 1e-9);
  expectU64(label, last, want);
  double gbs = lines * (double)LINE / ((last - now - HBM_LAT) / clk) / 1e9;
  printf("%s: %u lines in %llu cycles, %.1f GB/s (device %.0f GB/s x %.5f)\n", label, lines,
         (unsigned long long)(last - now), gbs, hbm / 1e9, share);
  EmuMsStats st;
  emuMsGetStats(ms, &st);
  expectU64("stream HBM bytes", st.bytesHbm, (uint64_t)lines * LINE);
  expectU64("stream L1 misses", st.l1Misses, lines);
  emuMsDestroy(ms);
}

static void testHbmStream(void) {
  printf("@hbmStream\n");
  streamCase("one CU of mi300x", "mi300x", 1, MI300X_CLK, MI300X_HBM, MI300X_CUS);
  streamCase("two CUs of mi300x", "mi300x", 2, MI300X_CLK, MI300X_HBM, MI300X_CUS);
  streamCase("mi355x", "mi355x", 1, MI355X_CLK, MI355X_HBM, MI355X_CUS);
}

static uint64_t load1(EmuMemSys *ms, uint32_t cu, uint64_t now, uint64_t a) {
  return emuMsAccess(ms, cu, EMU_MS_LOAD, now, &a, 1, 4);
}

/// Repeated lines hit at the L1 latency; a wave's 8 hit lines take 8 clocks
/// of the L1 port; the L1 is LRU over 64 ways of 4 sets, and a line it lost
/// comes back from L2 at the L2 latency.
static void testL1Hits(void) {
  printf("@l1Hits\n");
  EmuGridPlan plan = makePlan("mi300x", 1);
  EmuMemSys *ms = emuMsCreate(&plan);
  uint64_t base = 1ull << 30, t = 10000;
  load1(ms, 0, 0, base);
  expectU64("L1 hit", load1(ms, 0, t, base), t + L1_LAT);
  uint64_t addr[64];
  for (unsigned l = 0; l < 64; ++l)
    addr[l] = base + 4096 + l * 16;
  emuMsAccess(ms, 0, EMU_MS_LOAD, 2 * t, addr, 64, 16);
  expectU64("8 L1 hits", emuMsAccess(ms, 0, EMU_MS_LOAD, 3 * t, addr, 64, 16),
            3 * t + L1_LAT + 7 * (LINE / L1_BW));
  /* LRU in one set: lines base + j * 4 lines all map to set 0 (4 sets). */
  uint64_t stride = (uint64_t)L1_SETS * LINE, s = 1ull << 31;
  if (L1_WAYS * L1_SETS * LINE != L1_BYTES)
    fail("documented L1 geometry is inconsistent");
  t = 4 * t;
  for (unsigned j = 0; j < L1_WAYS; ++j, t += 2000)
    load1(ms, 0, t, s + j * stride);
  load1(ms, 0, t, s); /* line 0 becomes most recent; line 1 is now the LRU */
  t += 2000;
  load1(ms, 0, t, s + L1_WAYS * stride); /* evicts line 1 */
  t += 2000;
  expectU64("kept by LRU", load1(ms, 0, t, s), t + L1_LAT);
  t += 2000;
  expectU64("evicted, L2 hit", load1(ms, 0, t, s + stride), t + L2_LAT);
  EmuMsStats st;
  emuMsGetStats(ms, &st);
  expectU64("L1 hits", st.l1Hits, 1 + 8 + 1 + 1);
  printf("l1 ok\n");
  emuMsDestroy(ms);
}

/// Two CUs of one XCD share its L2; CU 38 of a 39-CU subset of mi300x (38
/// CUs per XCD) is on the next XCD and does not.
static void testL2Sharing(void) {
  printf("@l2Sharing\n");
  EmuGridPlan plan = makePlan("mi300x", MI300X_CUS / XCDS + 1);
  EmuMemSys *ms = emuMsCreate(&plan);
  uint64_t a = 1ull << 34, t = 100000;
  load1(ms, 0, 0, a);
  expectU64("second CU, same XCD", load1(ms, 1, t, a), t + L2_LAT);
  EmuMsStats before, after;
  emuMsGetStats(ms, &before);
  uint64_t other = load1(ms, MI300X_CUS / XCDS, 2 * t, a);
  emuMsGetStats(ms, &after);
  printf("same XCD: L2 hit\n");
  if (other <= 2 * t + L2_LAT)
    fail("other XCD completed at +%llu, not beyond the L2 latency",
         (unsigned long long)(other - 2 * t));
  expectU64("other XCD L2 misses", after.l2Misses - before.l2Misses, 1);
  expectU64("other XCD served by the MALL", after.mallHits - before.mallHits, 1);
  printf("other XCD: no L2 hit (+%llu cycles)\n", (unsigned long long)(other - 2 * t));
  emuMsDestroy(ms);
}

/// Stores complete when written to L2 and do not allocate in the L1.
static void testStores(void) {
  printf("@stores\n");
  EmuGridPlan plan = makePlan("mi300x", 1);
  EmuMemSys *ms = emuMsCreate(&plan);
  uint64_t a = 1ull << 35, t = 5000;
  expectU64("store", emuMsAccess(ms, 0, EMU_MS_STORE, t, &a, 1, 4), t + L2_LAT);
  expectU64("load after store: L2", load1(ms, 0, 2 * t, a), 2 * t + L2_LAT);
  expectU64("then L1", load1(ms, 0, 3 * t, a), 3 * t + L1_LAT);
  EmuMsStats st;
  emuMsGetStats(ms, &st);
  expectU64("store requests", st.requests[EMU_MS_STORE], 1);
  expectU64("store bytes at L2", st.bytesL2, 4 + LINE);
  printf("stores ok\n");
  emuMsDestroy(ms);
}

/// The kernel's end writes the dirty L2 lines to HBM: n stored lines take
/// n * LINE / (bw * share) clocks of the HBM server; clean lines and a second
/// write-back cost nothing.
static void testWriteBack(void) {
  printf("@writeBack\n");
  EmuGridPlan plan = makePlan("mi300x", 1);
  EmuMemSys *ms = emuMsCreate(&plan);
  uint64_t addr[64], base = 1ull << 37, now = 1000000;
  expectU64("nothing dirty", emuMsWriteBack(ms, 5), 5);
  for (unsigned l = 0; l < 64; ++l)
    addr[l] = base + l * 16;
  emuMsAccess(ms, 0, EMU_MS_LOAD, 0, addr, 64, 16); /* 8 clean lines */
  unsigned stored = 0;
  for (unsigned i = 0; i < 100; ++i, stored += 8) {
    for (unsigned l = 0; l < 64; ++l)
      addr[l] = base + (1u << 20) + i * 1024 + l * 16;
    emuMsAccess(ms, 0, EMU_MS_STORE, 10 + i, addr, 64, 16);
  }
  double perLine = LINE / (MI300X_HBM / MI300X_CLK * (1.0 / MI300X_CUS));
  EmuMsStats before, after;
  emuMsGetStats(ms, &before);
  expectU64("write-back", emuMsWriteBack(ms, now), (uint64_t)ceil(now + stored * perLine - 1e-9));
  emuMsGetStats(ms, &after);
  expectU64("written bytes", after.bytesHbm - before.bytesHbm, (uint64_t)stored * LINE);
  expectU64("second write-back", emuMsWriteBack(ms, 2 * now), 2 * now);
  printf("write-back ok\n");
  emuMsDestroy(ms);
}

/// Per-lane addresses become unique lines: 64 dwords in a row are 2 lines,
/// 64 lanes on one address 1, a 16-byte access across a line boundary 2.
static void testCoalescing(void) {
  printf("@coalescing\n");
  EmuGridPlan plan = makePlan("mi300x", 1);
  EmuMemSys *ms = emuMsCreate(&plan);
  uint64_t addr[64], base = 1ull << 36;
  EmuMsStats st;
  for (unsigned l = 0; l < 64; ++l)
    addr[l] = base + l * 4;
  emuMsAccess(ms, 0, EMU_MS_LOAD, 0, addr, 64, 4);
  emuMsGetStats(ms, &st);
  expectU64("64 dwords", st.l1Misses, 2);
  for (unsigned l = 0; l < 64; ++l)
    addr[l] = base + 8 * LINE;
  emuMsAccess(ms, 0, EMU_MS_LOAD, 0, addr, 64, 4);
  emuMsGetStats(ms, &st);
  expectU64("one address", st.l1Misses, 3);
  addr[0] = base + 16 * LINE + LINE - 8;
  emuMsAccess(ms, 0, EMU_MS_LOAD, 0, addr, 1, 16);
  emuMsGetStats(ms, &st);
  expectU64("straddling", st.l1Misses, 5);
  /* 64 lanes 1 KB apart: 64 lines, each through the L1 port in turn. */
  for (unsigned l = 0; l < 64; ++l)
    addr[l] = base + (1u << 20) + l * 1024;
  emuMsAccess(ms, 0, EMU_MS_LOAD, 0, addr, 64, 4);
  emuMsGetStats(ms, &st);
  expectU64("scattered", st.l1Misses, 69);
  expectU64("requests", st.requests[EMU_MS_LOAD], 4);
  printf("coalescing ok\n");
  emuMsDestroy(ms);
}

typedef struct OccCase {
  const char *product;
  uint32_t waves, vgprs, agprs, lds;
  uint32_t groups, wavesPerSimd; /* 0 groups: cannot run */
  const char *limiter;           /* or the reason it cannot run */
} OccCase;

/// Documented points: waves/SIMD = min(8, floor(512 / roundup8(V+A)))
/// (LOCAL llc remarks: 64->8, 65->7, 96->5, 128->4, 168->3, 256->2,
/// 256+256->1); LDS groups = floor(capacity / roundup(lds, granule)) with
/// 160 KB / 1280 B (gfx950, ISA4) and 64 KB / 512 B (gfx942); 32 wave slots.
static const OccCase occCases[] = {
    {"mi355x", 4, 64, 0, 0, 8, 8, "wave slots"},
    {"mi355x", 4, 65, 0, 0, 7, 7, "registers"},
    {"mi355x", 4, 96, 0, 0, 5, 5, "registers"},
    {"mi300x", 4, 128, 0, 0, 4, 4, "registers"},
    {"mi355x", 4, 84, 84, 0, 3, 3, "registers"},
    {"mi300x", 4, 256, 0, 0, 2, 2, "registers"},
    {"mi355x", 4, 256, 256, 0, 1, 1, "registers"},
    {"mi355x", 8, 128, 0, 0, 2, 4, "registers"},
    {"mi355x", 1, 32, 0, 0, 32, 8, "wave slots"},
    {"mi355x", 16, 32, 0, 0, 2, 8, "wave slots"},
    {"mi355x", 4, 64, 0, 65536, 2, 2, "LDS"},        /* 65536 -> 66560: 163840/66560 */
    {"mi355x", 4, 64, 0, 163840, 1, 1, "LDS"},
    {"mi355x", 4, 64, 0, 54613, 2, 2, "LDS"},        /* -> 55040: 3 without the granule */
    {"mi300x", 4, 64, 0, 21845, 2, 2, "LDS"},        /* -> 22016 */
    {"mi300x", 4, 64, 0, 32768, 2, 2, "LDS"},
    {"mi300x", 4, 64, 0, 32769, 1, 1, "LDS"},
    {"mi300x", 4, 64, 0, 8192, 8, 8, "wave slots"},
    {"mi300x", 4, 128, 0, 16384, 4, 4, "registers"}, /* tie with LDS: registers */
    {"mi300x", 4, 64, 0, 65537, 0, 0, "LDS"},
    {"mi355x", 4, 64, 0, 163841, 0, 0, "LDS"},
    {"mi355x", 8, 512, 0, 0, 0, 0, "registers"},
    {"mi355x", 0, 64, 0, 0, 0, 0, "workgroup size"},
    {"mi355x", 33, 64, 0, 0, 0, 0, "workgroup size"},
};

static void testOccupancy(void) {
  printf("@occupancy\n");
  for (size_t i = 0; i < sizeof occCases / sizeof occCases[0]; ++i) {
    const OccCase *c = &occCases[i];
    EmuGridKernel k = {.wavesPerGroup = c->waves, .vgprs = c->vgprs, .agprs = c->agprs,
                       .ldsBytes = c->lds};
    EmuGridPlan plan;
    const char *why = "";
    bool ok = emuGridPlanMake(flyHwProductFind(c->product), &k, 100000, 0, &plan, &why);
    if (ok != (c->groups != 0)) {
      fail("case %zu: %s", i, ok ? "ran" : why);
      continue;
    }
    if (!ok) {
      if (strcmp(why, c->limiter) != 0)
        fail("case %zu: reason '%s', expected '%s'", i, why, c->limiter);
      continue;
    }
    if (plan.groupsPerCu != c->groups || plan.wavesPerSimd != c->wavesPerSimd ||
        strcmp(plan.limiter, c->limiter) != 0)
      fail("case %zu: %u groups, %u waves/SIMD, %s; expected %u, %u, %s", i, plan.groupsPerCu,
           plan.wavesPerSimd, plan.limiter, c->groups, c->wavesPerSimd, c->limiter);
    unsigned cus = strcmp(c->product, "mi300x") == 0 ? MI300X_CUS : MI355X_CUS;
    expectU64("concurrent", plan.concurrentGroups, (uint64_t)cus * c->groups);
    expectU64("rounds", plan.rounds, (100000 + cus * c->groups - 1) / (cus * c->groups));
    expectU64("simulated CUs (one XCD)", plan.simCus, cus / XCDS);
  }
  printf("occupancy ok\n");
}

/// Workgroup i runs on XCD i mod 8; within its XCD, the XCD's k-th group
/// goes to CU k mod cusPerXcd (CUs in order, round robin), and a new round
/// starts when every CU of the XCD holds groupsPerCu groups.
static void testPlacement(void) {
  printf("@placement\n");
  const char *products[] = {"mi300x", "mi355x"};
  const uint32_t vgprs[] = {256, 128, 64};
  for (unsigned p = 0; p < 2; ++p)
    for (unsigned v = 0; v < 3; ++v) {
      EmuGridKernel k = {.wavesPerGroup = 4, .vgprs = vgprs[v]};
      EmuGridPlan plan;
      const char *why;
      if (!emuGridPlanMake(flyHwProductFind(products[p]), &k, 1 << 16, 0, &plan, &why)) {
        fail("placement plan: %s", why);
        continue;
      }
      uint32_t g = plan.groupsPerCu, cusPerXcd = (p == 0 ? MI300X_CUS : MI355X_CUS) / XCDS;
      uint32_t seen[XCDS] = {0};
      for (uint64_t wg = 0; wg < (1 << 16); ++wg) {
        uint32_t x, cu, r;
        emuGridPlace(&plan, wg, &x, &cu, &r);
        uint32_t kth = seen[wg % XCDS]++;
        if (x != wg % XCDS || cu != kth % cusPerXcd || r != kth / (cusPerXcd * g)) {
          fail("%s wg %llu: xcd %u cu %u round %u", products[p], (unsigned long long)wg, x, cu,
               r);
          break;
        }
      }
    }
  printf("placement ok\n");
}

static EmuGridPlan planOf(const char *product, uint64_t groups, uint32_t maxSimCus) {
  EmuGridKernel k = {.wavesPerGroup = 4, .vgprs = 128, .agprs = 0, .sgprs = 32};
  EmuGridPlan plan;
  const char *why = NULL;
  memset(&plan, 0, sizeof plan);
  if (!emuGridPlanMake(flyHwProductFind(product), &k, groups, maxSimCus, &plan, &why))
    fail("plan for %s: %s", product, why ? why : "(no reason)");
  return plan;
}

/// 64 lines of one L2 channel (line indices 16 apart), already in L2, read
/// by one wave of CU 1 at `t`: the L1 port passes one line per clock, the
/// channel one per LINE / (L2_CHANNEL_BW * share) clocks.
static uint64_t channelBurst(const EmuGridPlan *plan, uint64_t t) {
  EmuMemSys *ms = emuMsCreate(plan);
  if (!ms) {
    fail("emuMsCreate");
    return 0;
  }
  uint64_t addr[64], base = 1ull << 35;
  for (unsigned l = 0; l < 64; ++l)
    addr[l] = base + (uint64_t)l * L2_CHANNELS * LINE;
  emuMsAccess(ms, 0, EMU_MS_LOAD, 0, addr, 64, 4);
  uint64_t done = emuMsAccess(ms, 1, EMU_MS_LOAD, t, addr, 64, 4);
  emuMsDestroy(ms);
  return done;
}

/// The simulated subset carries its share of the load of the CUs the grid
/// keeps busy, at the device's servers and at its XCD's L2 channels: a
/// quarter of an XCD of a full grid gets a quarter of the L2 bandwidth; a
/// grid no larger than the subset, all of it.
static void testShares(void) {
  printf("@shares\n");
  uint32_t perXcd = MI300X_CUS / XCDS, quarter = perXcd / 4;
  EmuGridPlan full = planOf("mi300x", 4096, 0), est = planOf("mi300x", 4096, quarter);
  expectU64("full grid, one XCD: share * cus", (uint64_t)llround(full.shareOfDevice * MI300X_CUS),
            perXcd);
  expectU64("full grid, quarter XCD: share * cus",
            (uint64_t)llround(est.shareOfDevice * MI300X_CUS), quarter);
  /* 64 workgroups keep 8 CUs of each XCD busy, all of XCD 0's simulated. */
  EmuGridPlan small = planOf("mi355x", 64, 8);
  expectU64("64 groups: share * 64", (uint64_t)llround(small.shareOfDevice * 64), 8);
  /* 4 workgroups: one CU on each of XCDs 0-3; the subset holds one. */
  EmuGridPlan tiny = planOf("mi355x", 4, 8);
  expectU64("4 groups: share * 4", (uint64_t)llround(tiny.shareOfDevice * 4), 1);
  uint64_t t = 100000;
  expectU64("burst, whole XCD's L2", channelBurst(&full, t), t + L2_LAT + 63);
  double perLine = (double)LINE / (L2_CHANNEL_BW * (double)quarter / perXcd);
  expectU64("burst, quarter's share of the L2", channelBurst(&est, t),
            (uint64_t)ceil(t + L2_LAT + 63 * perLine - 1e-9));
  expectU64("burst, small grid's subset: whole L2", channelBurst(&small, t), t + L2_LAT + 63);
  printf("shares ok\n");
}

int main(void) {
  testHbmStream();
  testL1Hits();
  testL2Sharing();
  testStores();
  testWriteBack();
  testCoalescing();
  testOccupancy();
  testPlacement();
  testShares();
  printf(failures ? "%d failures\n" : "all done\n", failures);
  return failures ? 1 : 0;
}
