/*===- emu_memsys.c - The timing model's memory system and grid plan ------===*
 *
 * Implements emu_memsys.h. Every number comes from the product and chip
 * tables of include/flyc/hw.h; what is modelled, and what is assumed where no
 * source says, is written in docs/timing.md ("Memory system", "Grid and
 * occupancy"). In short:
 *   - a wave's per-lane addresses are coalesced into unique lines (the L1
 *     line size) in first-appearance order;
 *   - each line passes the CU's L1 port, then, on a miss, its L2 channel
 *     (line index mod channels: consecutive lines interleave, so strides of
 *     channels x lines bytes hot-spot one channel as AMD documents), then
 *     the MALL and HBM, each a bandwidth server (a FIFO whose free time
 *     advances by bytes / rate);
 *   - the line completes at issue + the load-to-use latency of the deepest
 *     level it reaches + the queueing delay it met at the servers (the
 *     tables' latencies are unloaded load-to-use figures, so an unloaded
 *     line's own transfer is already inside them); the instruction completes
 *     with its last line;
 *   - caches are set-associative with true LRU (ways kept most recent
 *     first); the L1 is write-through without write-allocate; the L2 is
 *     write-back, allocates on writes without fetching (byte masks), and
 *     writes its dirty victims to HBM (the MALL holds no dirty data);
 *   - the device-wide MALL and HBM servers run at the device's rate times
 *     the plan's shareOfDevice, and each L2's channels at its rate times the
 *     simulated share of the XCD's busy CUs (the CUs not simulated that the
 *     grid keeps busy are assumed to load them as the simulated ones do);
 *     the caches keep their full capacity.
 * Servers are FIFOs in arrival order: callers present accesses in
 * non-decreasing issue time, as a cycle-interleaved CU model does.
 *===----------------------------------------------------------------------===*/
#include "emu_memsys.h"

#include <math.h>
#include <string.h>

#include "flyc/support.h"

/*--- Grid plan ---------------------------------------------------------------*/

/// CUs of XCD `x`: the product's CUs spread evenly, the first XCDs taking
/// the remainder when the count does not divide (no shipped product does).
static uint32_t gridCusOfXcd(const FlyHwProduct *p, uint32_t x) {
  return p->cus / p->xcds + (x < p->cus % p->xcds ? 1u : 0u);
}

/// Workgroups per CU allowed by each resource; UINT32_MAX when unbounded.
typedef struct GridLimits {
  uint32_t byRegs, byLds, bySlots;
} GridLimits;

static bool gridLimits(const FlyHwChip *chip, const EmuGridKernel *k, GridLimits *lim,
                       const char **why) {
  const FlyHwCu *cu = &chip->cu;
  uint32_t slots = cu->simds * cu->maxWavesPerSimd;
  if (k->wavesPerGroup == 0 || k->wavesPerGroup > slots) {
    *why = "workgroup size";
    return false;
  }
  lim->bySlots = slots / k->wavesPerGroup;
  /* Registers bound the waves of each SIMD; a workgroup's waves spread over
   * the SIMDs, so a group needs ceil(waves / simds) on its busiest SIMD and
   * the CU holds floor(simds * perSimd / waves) groups. */
  unsigned perSimd = flyHwWavesPerSimdForRegisters(chip->chip, k->vgprs, k->agprs);
  uint32_t busiest = (k->wavesPerGroup + cu->simds - 1) / cu->simds;
  if (perSimd < busiest) {
    *why = "registers";
    return false;
  }
  lim->byRegs = cu->simds * perSimd / k->wavesPerGroup;
  lim->byLds = UINT32_MAX;
  if (k->ldsBytes > 0) {
    uint64_t g = chip->lds.allocGranule ? chip->lds.allocGranule : 1;
    uint64_t alloc = (k->ldsBytes + g - 1) / g * g;
    if (alloc > chip->lds.bytes) {
      *why = "LDS";
      return false;
    }
    lim->byLds = (uint32_t)(chip->lds.bytes / alloc);
  }
  return true;
}

/// CUs of XCD `x` that the grid's first round keeps busy: dispatch gives
/// it every xcds-th workgroup and spreads them over its CUs in order.
static uint32_t gridBusyCusOfXcd(const FlyHwProduct *p, uint64_t numGroups, uint32_t x) {
  uint64_t groups = numGroups > x ? (numGroups - x - 1) / p->xcds + 1 : 0;
  uint32_t cus = gridCusOfXcd(p, x);
  return groups < cus ? (uint32_t)groups : cus;
}

/// The simulated CUs on the i-th XCD from simXcd: CUs [0, simCus) fill XCD
/// simXcd, then the next XCDs in order. Its XCD goes to `xcd`.
static uint32_t gridSimCusOfXcd(const EmuGridPlan *plan, uint32_t i, uint32_t *xcd) {
  const FlyHwProduct *p = plan->product;
  uint32_t left = plan->simCus;
  for (uint32_t j = 0; j < i; ++j) {
    uint32_t cus = gridCusOfXcd(p, (plan->simXcd + j) % p->xcds);
    left -= left < cus ? left : cus;
  }
  *xcd = (plan->simXcd + i) % p->xcds;
  uint32_t cus = gridCusOfXcd(p, *xcd);
  return left < cus ? left : cus;
}

/// The simulated CUs that have work, over all busy CUs: the share of the
/// device's load the subset carries.
static double gridShareOfDevice(const EmuGridPlan *plan) {
  const FlyHwProduct *p = plan->product;
  uint64_t busy = 0, simBusy = 0;
  for (uint32_t i = 0; i < p->xcds; ++i) {
    uint32_t x, sim = gridSimCusOfXcd(plan, i, &x), b = gridBusyCusOfXcd(p, plan->numGroups, x);
    busy += b;
    simBusy += sim < b ? sim : b;
  }
  return busy ? (double)simBusy / (double)busy : 1.0;
}

bool emuGridPlanMake(const FlyHwProduct *product, const EmuGridKernel *k, uint64_t numGroups,
                     uint32_t maxSimCus, EmuGridPlan *plan, const char **why) {
  const char *unused;
  if (!why)
    why = &unused;
  if (!product || !k || !plan || product->xcds == 0 || product->cus < product->xcds) {
    *why = "invalid product or arguments";
    return false;
  }
  const FlyHwChip *chip = flyHwChipGet(product->chip);
  GridLimits lim;
  if (!chip || !gridLimits(chip, k, &lim, why))
    return false;
  memset(plan, 0, sizeof *plan);
  plan->product = product;
  plan->chip = chip;
  /* The smallest bound wins. Wave slots are the hardware's ceiling, so a
   * resource is named only when it binds strictly below it (registers
   * before LDS on a tie). */
  plan->groupsPerCu = lim.bySlots;
  plan->limiter = "wave slots";
  if (lim.byRegs < plan->groupsPerCu || lim.byLds < plan->groupsPerCu) {
    bool regs = lim.byRegs <= lim.byLds;
    plan->groupsPerCu = regs ? lim.byRegs : lim.byLds;
    plan->limiter = regs ? "registers" : "LDS";
  }
  uint32_t simds = chip->cu.simds;
  plan->wavesPerSimd = (plan->groupsPerCu * k->wavesPerGroup + simds - 1) / simds;
  plan->numGroups = numGroups;
  plan->concurrentGroups = product->cus * plan->groupsPerCu;
  plan->rounds = (uint32_t)((numGroups + plan->concurrentGroups - 1) / plan->concurrentGroups);
  plan->simXcd = 0;
  plan->simCus = maxSimCus == 0 ? gridCusOfXcd(product, 0)
                                : (maxSimCus < product->cus ? maxSimCus : product->cus);
  plan->shareOfDevice = gridShareOfDevice(plan);
  return true;
}

void emuGridPlace(const EmuGridPlan *plan, uint64_t wg, uint32_t *xcd, uint32_t *cu,
                  uint32_t *round) {
  const FlyHwProduct *p = plan->product;
  uint32_t x = (uint32_t)(wg % p->xcds);
  uint64_t k = wg / p->xcds;                 /* the XCD's k-th workgroup */
  uint32_t cus = gridCusOfXcd(p, x);
  uint64_t perRound = (uint64_t)cus * plan->groupsPerCu;
  if (xcd)
    *xcd = x;
  /* Round robin over the XCD's CUs in order: a grid smaller than the
   * device's concurrency spreads over every CU before any CU takes a second
   * workgroup, as a load-balancing dispatcher does. */
  if (cu)
    *cu = (uint32_t)(k % cus);
  if (round)
    *round = (uint32_t)(k / perRound);
}

/*--- Caches --------------------------------------------------------------------*/

/// A set-associative cache with true LRU. Each set keeps its ways most
/// recent first; a tag is ((line + 1) << 1) | dirty, 0 an empty way.
typedef struct MsCache {
  uint64_t *tags;
  uint32_t sets, ways;
} MsCache;

static bool cacheInit(MsCache *c, const FlyHwCache *hw) {
  uint64_t lines = hw->lineBytes ? hw->bytes / hw->lineBytes : 0;
  c->ways = hw->ways ? hw->ways : 1;
  if (c->ways > lines)
    c->ways = (uint32_t)(lines ? lines : 1);
  c->sets = (uint32_t)(lines / c->ways ? lines / c->ways : 1);
  c->tags = flyCalloc((size_t)c->sets * c->ways, sizeof(uint64_t));
  return c->tags != NULL;
}

/// Moves way `w` of `set` to the front, storing `tag` there.
static void cacheFront(uint64_t *set, uint32_t w, uint64_t tag) {
  memmove(set + 1, set, w * sizeof *set);
  set[0] = tag;
}

/// Looks `line` up; a hit becomes most recent (and dirty when `dirty`).
static bool cacheTouch(MsCache *c, uint64_t line, bool dirty) {
  uint64_t *set = c->tags + (line % c->sets) * c->ways;
  uint64_t want = (line + 1) << 1;
  /* Empty ways are always at the end of a set. */
  for (uint32_t w = 0; w < c->ways && set[w] != 0; ++w)
    if ((set[w] & ~1ull) == want) {
      cacheFront(set, w, set[w] | (dirty ? 1u : 0u));
      return true;
    }
  return false;
}

/// Inserts `line` (absent) as most recent; returns the evicted tag (0: none).
static uint64_t cacheInsert(MsCache *c, uint64_t line, bool dirty) {
  uint64_t *set = c->tags + (line % c->sets) * c->ways;
  uint64_t victim = set[c->ways - 1];
  cacheFront(set, c->ways - 1, ((line + 1) << 1) | (dirty ? 1u : 0u));
  return victim;
}

/// Drops `line` if present (an atomic at L2 makes the L1 copy stale).
static void cacheInvalidate(MsCache *c, uint64_t line) {
  uint64_t *set = c->tags + (line % c->sets) * c->ways;
  uint64_t want = (line + 1) << 1;
  for (uint32_t w = 0; w < c->ways; ++w)
    if ((set[w] & ~1ull) == want) {
      memmove(set + w, set + w + 1, (c->ways - 1 - w) * sizeof *set);
      set[c->ways - 1] = 0;
      return;
    }
}

/*--- Bandwidth servers ------------------------------------------------------------*/

/// A FIFO bandwidth server: a request of b bytes arriving at t starts at
/// max(t, free) and holds the server for b / rate clocks.
typedef struct MsServer {
  double free;
  double readRate, writeRate; /* bytes per clock; 0: unlimited */
} MsServer;

/// Serves `bytes` arriving at `t`; returns the wait before service starts.
static double serverTake(MsServer *s, double t, double bytes, bool write) {
  double rate = write ? s->writeRate : s->readRate;
  if (rate <= 0)
    return 0;
  double start = t > s->free ? t : s->free;
  s->free = start + bytes / rate;
  return start - t;
}

/*--- Memory system ------------------------------------------------------------------*/

/// Coalescing scratch: an open-addressed set of the lines of one access,
/// stamped with a generation so it is never cleared.
enum { MS_HASH_SLOTS = 512, MS_MAX_LINES = 256 };

typedef struct MsSlot {
  uint64_t line, gen;
  uint32_t bytes;
} MsSlot;

typedef struct MsL2 {
  MsCache cache;
  MsServer *channels;
} MsL2;

struct EmuMemSys {
  const FlyHwMemory *mem;
  uint32_t simCus, numL2, lineShift;
  MsCache *l1;          /* per simulated CU */
  MsServer *l1Port;     /* per simulated CU */
  uint32_t *l2OfCu;     /* simulated CU -> index into l2 */
  MsL2 *l2;
  MsCache mall;
  MsServer mallPort, hbm;
  uint64_t gen;
  MsSlot slots[MS_HASH_SLOTS];
  uint32_t order[MS_MAX_LINES], numLines;
  EmuMsStats stats;
};

void emuMsDestroy(EmuMemSys *ms) {
  if (!ms)
    return;
  for (uint32_t c = 0; ms->l1 && c < ms->simCus; ++c)
    flyFree(ms->l1[c].tags);
  for (uint32_t i = 0; ms->l2 && i < ms->numL2; ++i) {
    flyFree(ms->l2[i].cache.tags);
    flyFree(ms->l2[i].channels);
  }
  flyFree(ms->mall.tags);
  flyFree(ms->l1);
  flyFree(ms->l1Port);
  flyFree(ms->l2OfCu);
  flyFree(ms->l2);
  flyFree(ms);
}

/// Maps simulated CUs to XCDs: CUs [0, simCus) fill XCD simXcd, then the
/// next XCDs in order; returns how many XCDs (L2s) they span.
static uint32_t msMapCus(EmuMemSys *ms, const EmuGridPlan *plan) {
  const FlyHwProduct *p = plan->product;
  uint32_t x = plan->simXcd % p->xcds, used = 0, l2 = 0;
  for (uint32_t c = 0; c < ms->simCus; ++c) {
    if (used == gridCusOfXcd(p, x)) {
      x = (x + 1) % p->xcds;
      used = 0;
      ++l2;
    }
    ms->l2OfCu[c] = l2;
    ++used;
  }
  return l2 + 1;
}

/// The L2s, each at its full capacity and, like the device-wide servers,
/// at the simulated CUs' share of its bandwidth: the XCD's other busy CUs
/// are assumed to load it as the simulated ones do (all of it in a full
/// run, or when the grid leaves the other CUs idle).
static bool msCreateL2s(EmuMemSys *ms, const EmuGridPlan *plan) {
  const FlyHwProduct *p = plan->product;
  const FlyHwMemory *m = ms->mem;
  uint32_t ch = m->l2Channels ? m->l2Channels : 1;
  ms->l2 = flyCalloc(ms->numL2, sizeof *ms->l2);
  if (!ms->l2)
    return false;
  for (uint32_t i = 0; i < ms->numL2; ++i) {
    MsL2 *l2 = &ms->l2[i];
    if (!cacheInit(&l2->cache, &m->l2) || !(l2->channels = flyCalloc(ch, sizeof(MsServer))))
      return false;
    uint32_t x, sims = gridSimCusOfXcd(plan, i, &x), busy = gridBusyCusOfXcd(p, plan->numGroups, x);
    double share = busy > sims ? (double)sims / busy : 1.0;
    for (uint32_t c = 0; c < ch; ++c) {
      l2->channels[c].readRate = m->l2.readBytesPerClk / ch * share;
      l2->channels[c].writeRate = m->l2.writeBytesPerClk / ch * share;
    }
  }
  return true;
}

EmuMemSys *emuMsCreate(const EmuGridPlan *plan) {
  if (!plan || !plan->product || !plan->chip || plan->simCus == 0 || plan->product->xcds == 0)
    return NULL;
  const FlyHwMemory *m = &plan->chip->mem;
  if (m->l1.lineBytes == 0 || (m->l1.lineBytes & (m->l1.lineBytes - 1)) != 0)
    return NULL;
  EmuMemSys *ms = flyCalloc(1, sizeof *ms);
  if (!ms)
    return NULL;
  ms->mem = m;
  ms->simCus = plan->simCus;
  while ((1u << ms->lineShift) < m->l1.lineBytes)
    ++ms->lineShift;
  ms->l1 = flyCalloc(ms->simCus, sizeof *ms->l1);
  ms->l1Port = flyCalloc(ms->simCus, sizeof *ms->l1Port);
  ms->l2OfCu = flyCalloc(ms->simCus, sizeof *ms->l2OfCu);
  if (!ms->l1 || !ms->l1Port || !ms->l2OfCu)
    goto fail;
  for (uint32_t c = 0; c < ms->simCus; ++c) {
    if (!cacheInit(&ms->l1[c], &m->l1))
      goto fail;
    ms->l1Port[c].readRate = m->l1.readBytesPerClk;
    ms->l1Port[c].writeRate = m->l1.writeBytesPerClk;
  }
  ms->numL2 = msMapCus(ms, plan);
  if (!msCreateL2s(ms, plan) || !cacheInit(&ms->mall, &m->mall))
    goto fail;
  /* Device-wide servers at the simulated subset's share of the device. */
  const FlyHwProduct *p = plan->product;
  double hz = p->clockGHz * 1e9, share = plan->shareOfDevice;
  ms->mallPort.readRate = ms->mallPort.writeRate = p->mallBytesPerSec / hz * share;
  ms->hbm.readRate = ms->hbm.writeRate = p->hbmBytesPerSec / hz * share;
  return ms;
fail:
  emuMsDestroy(ms);
  return NULL;
}

/// A line that missed in L2: the MALL, then HBM. Returns the added wait and
/// sets `*latency` to the deepest level's load-to-use latency.
static double msBeyondL2(EmuMemSys *ms, uint64_t line, double t, uint32_t *latency) {
  double lineBytes = (double)(1u << ms->lineShift);
  double wait = serverTake(&ms->mallPort, t, lineBytes, false);
  ms->stats.bytesMall += 1u << ms->lineShift;
  if (cacheTouch(&ms->mall, line, false)) {
    ++ms->stats.mallHits;
    *latency = ms->mem->mall.latency;
    return wait;
  }
  ++ms->stats.mallMisses;
  wait += serverTake(&ms->hbm, t + wait, lineBytes, false);
  ms->stats.bytesHbm += 1u << ms->lineShift;
  cacheInsert(&ms->mall, line, false);
  *latency = ms->mem->hbmLatency;
  return wait;
}

/// Allocates `line` in an L2; a dirty victim is written to HBM.
static void msL2Fill(EmuMemSys *ms, MsL2 *l2, uint64_t line, bool dirty, double t) {
  uint64_t victim = cacheInsert(&l2->cache, line, dirty);
  if (victim & 1u) {
    serverTake(&ms->hbm, t, (double)(1u << ms->lineShift), true);
    ms->stats.bytesHbm += 1u << ms->lineShift;
  }
}

/// One line of an access, arriving at the L1 port at `t`; returns its
/// completion time.
static double msLine(EmuMemSys *ms, uint32_t cu, EmuMsKind kind, double t, uint64_t line,
                     uint32_t bytes) {
  const FlyHwMemory *m = ms->mem;
  double lineBytes = (double)(1u << ms->lineShift);
  bool write = kind == EMU_MS_STORE;
  if (bytes > 1u << ms->lineShift)
    bytes = 1u << ms->lineShift; /* lanes that wrote the same bytes */
  double wait = serverTake(&ms->l1Port[cu], t, write ? bytes : lineBytes, write);
  if (kind == EMU_MS_LOAD) {
    if (cacheTouch(&ms->l1[cu], line, false)) {
      ++ms->stats.l1Hits;
      return t + wait + m->l1.latency;
    }
    ++ms->stats.l1Misses;
  } else if (kind == EMU_MS_ATOMIC) {
    cacheInvalidate(&ms->l1[cu], line);
  }
  /* Write-through, no write-allocate: a store leaves the L1 as it is. */
  MsL2 *l2 = &ms->l2[ms->l2OfCu[cu]];
  uint32_t channels = m->l2Channels ? m->l2Channels : 1;
  MsServer *ch = &l2->channels[line % channels];
  wait += serverTake(ch, t + wait, write ? bytes : lineBytes, write);
  ms->stats.bytesL2 += write ? bytes : 1u << ms->lineShift;
  bool dirty = kind != EMU_MS_LOAD;
  uint32_t latency = m->l2.latency;
  if (cacheTouch(&l2->cache, line, dirty)) {
    ++ms->stats.l2Hits;
  } else {
    ++ms->stats.l2Misses;
    /* Stores allocate without a fetch; loads and atomics need the data. */
    if (!write)
      wait += msBeyondL2(ms, line, t + wait, &latency);
    msL2Fill(ms, l2, line, dirty, t + wait);
  }
  if (kind == EMU_MS_LOAD)
    cacheInsert(&ms->l1[cu], line, false);
  return t + wait + latency;
}

/// Runs the coalesced lines; returns the latest completion.
static double msFlush(EmuMemSys *ms, uint32_t cu, EmuMsKind kind, double t) {
  double done = t;
  for (uint32_t i = 0; i < ms->numLines; ++i) {
    const MsSlot *s = &ms->slots[ms->order[i]];
    double c = msLine(ms, cu, kind, t, s->line, s->bytes);
    if (c > done)
      done = c;
  }
  ms->numLines = 0;
  ++ms->gen;
  return done;
}

/// Adds the bytes of [a, a+n) to the coalescing set, one entry per line;
/// a full set is run first (its lines issue ahead of the rest).
static void msAddRange(EmuMemSys *ms, uint32_t cu, EmuMsKind kind, double t, double *done,
                       uint64_t a, uint64_t n) {
  uint64_t lineBytes = 1ull << ms->lineShift;
  uint64_t end = a + n < a ? UINT64_MAX : a + n; /* a range wrapping the address space ends */
  for (uint64_t line = a >> ms->lineShift, last = (end - 1) >> ms->lineShift; line <= last;
       ++line) {
    if (ms->numLines == MS_MAX_LINES) {
      double c = msFlush(ms, cu, kind, t);
      *done = c > *done ? c : *done;
    }
    uint64_t lo = line << ms->lineShift, hi = lo + lineBytes;
    uint64_t b = (end < hi ? end : hi) - (a > lo ? a : lo);
    uint32_t h = (uint32_t)((line * 0x9E3779B97F4A7C15ull) >> 55) & (MS_HASH_SLOTS - 1);
    while (ms->slots[h].gen == ms->gen && ms->slots[h].line != line)
      h = (h + 1) & (MS_HASH_SLOTS - 1);
    MsSlot *s = &ms->slots[h];
    if (s->gen != ms->gen) {
      s->gen = ms->gen;
      s->line = line;
      s->bytes = 0;
      ms->order[ms->numLines++] = h;
    }
    s->bytes += (uint32_t)b;
    if (line == UINT64_MAX >> ms->lineShift)
      break;
  }
}

uint64_t emuMsAccess(EmuMemSys *ms, uint32_t cu, EmuMsKind kind, uint64_t now,
                     const uint64_t *addr, uint64_t lanes, unsigned bytes) {
  if (!ms || cu >= ms->simCus || (unsigned)kind > EMU_MS_SCALAR)
    return now;
  ++ms->stats.requests[kind];
  if (kind == EMU_MS_SCALAR)
    return now + ms->mem->smemLatency;
  if (lanes == 0 || bytes == 0 || !addr)
    return now;
  ++ms->gen; /* a fresh coalescing set */
  ms->numLines = 0;
  double t = (double)now, done = t;
  for (uint64_t i = 0; i < lanes; ++i)
    msAddRange(ms, cu, kind, t, &done, addr[i], bytes);
  double c = msFlush(ms, cu, kind, t);
  done = c > done ? c : done;
  return (uint64_t)ceil(done);
}

uint64_t emuMsWriteBack(EmuMemSys *ms, uint64_t now) {
  if (!ms)
    return now;
  double t = (double)now, done = t, lineBytes = (double)(1u << ms->lineShift);
  for (uint32_t i = 0; i < ms->numL2; ++i) {
    MsCache *c = &ms->l2[i].cache;
    for (size_t w = 0, n = (size_t)c->sets * c->ways; w < n; ++w)
      if (c->tags[w] & 1u) {
        c->tags[w] &= ~1ull;
        double wait = serverTake(&ms->hbm, t, lineBytes, true);
        ms->stats.bytesHbm += 1u << ms->lineShift;
        double end = t + wait + (ms->hbm.writeRate > 0 ? lineBytes / ms->hbm.writeRate : 0);
        done = end > done ? end : done;
      }
  }
  return (uint64_t)ceil(done);
}

void emuMsGetStats(const EmuMemSys *ms, EmuMsStats *out) {
  if (ms && out)
    *out = ms->stats;
}
