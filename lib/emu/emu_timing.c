/*===- emu_timing.c - The CU timing model ---------------------------------===*
 *
 * The simulated CUs advance together in simulated time: the loop always
 * steps the CU whose clock is lowest, so the memory system sees accesses in
 * time order. One step of a CU at cycle t:
 *   1. counter operations whose completion cycle has come retire: their
 *      deferred effects (load registers, LDS DMA bytes) apply, vmcnt/lgkmcnt
 *      drop;
 *   2. barriers whose release cycle has come release their waves; finished
 *      workgroups leave and the CU's next workgroups start;
 *   3. the arbiter visits SIMD t mod simds: its waves, in priority order
 *      (s_setprio, then oldest first), issue at most one instruction each and
 *      at most one per category (VALU incl. MFMA, VMEM, SALU/SMEM, LDS,
 *      branch; internal instructions use none);
 *   4. the next cycle at which anything can change is computed (a unit
 *      frees, a wave's issue cycles pass, an operation completes, a barrier
 *      releases, a ready wave's SIMD comes round) and every SIMD is charged
 *      its one stall cause for the cycles up to it. Idle stretches cost one
 *      step, so the per-cycle work stays O(waves on the CU).
 * Every cost comes from the hardware table (flyc/hw.h) or the instruction
 * facts (emu_step.h); docs/timing.md lists them with their sources.
 *===----------------------------------------------------------------------===*/
#include "emu_timing.h"

#include "emu_step.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TM_NEVER UINT64_MAX

enum {
  TM_FX_CAP = 128,        /* deferred effects of one instruction at most */
  TM_MAX_EDGES = 4,       /* back-edges tracked per wave */
  TM_MAX_LOOP_EDGES = 64, /* distinct back-edges tracked per run */
  TM_MAX_ROWS = 64,       /* timeline rows (waves of the first simulated CU) */
  TM_MAX_SPANS = 1 << 20,
  TM_MAX_PC_ROWS = 4096,  /* per-PC rows when the kernel has no loop */
  TM_MAX_LDS_PORTS = 4,   /* LDS paths per CU the model holds (the table's, at most) */
};

/* Issue categories (cdna-timing-facts §1): a bit each; internal = 0. */
enum { TM_CAT_VALU = 1, TM_CAT_VMEM = 2, TM_CAT_SALU = 4, TM_CAT_LDS = 8, TM_CAT_BRANCH = 16 };

typedef enum TmState { TM_FREE = 0, TM_RUN, TM_BARRIER, TM_ENDED } TmState;

/// One outstanding counter operation and its deferred effects.
typedef struct TmOp {
  uint64_t done;
  uint8_t vm, lgkm;
  uint32_t numFx, capFx;
  EmuEffect *fx;          /* owned; recycled with the slot */
} TmOp;

/// A back-edge as one wave sees it.
typedef struct TmWaveEdge {
  uint64_t pc, last;
  uint32_t takes;
} TmWaveEdge;

struct TmGroup;

typedef struct TmWave {
  EmuWave *w;
  struct TmGroup *grp;
  uint32_t index, simd;
  uint64_t age;
  uint8_t state, prio, busyCause, block, lastUnit;
  uint64_t ready;         /* the previous instruction's issue cycles end here */
  uint64_t wake;          /* a blocked instruction may go from here (TM_NEVER: on
                             a counter, rechecked when operations retire) */
  uint32_t needVm, needLgkm;
  uint32_t vmPending, lgkmPending;
  uint64_t lastVmDone, lastLdsDone;
  uint64_t ldsReady;      /* its next LDS instruction may start here */
  uint64_t lastPc;
  uint64_t blockSince, arrivedAt;
  TmOp *ops;
  uint32_t numOps, capOps;
  TmWaveEdge edges[TM_MAX_EDGES];
  uint32_t numEdges;
  int row;
} TmWave;

typedef struct TmGroup {
  EmumGroup slot;
  TmWave *waves;
  bool busy;
  uint64_t wg;
  uint32_t live, arrived;
  uint64_t release;
} TmGroup;

typedef struct TmSimd {
  TmWave **waves;         /* resident live waves, priority order */
  uint32_t count;
  uint64_t mfmaBusy, valuBusy;
} TmSimd;

typedef struct TmCu {
  uint32_t index;
  uint64_t now, finish, nextDone;
  TmSimd *simd;
  TmGroup *groups;
  uint64_t *queue;
  size_t queueLen, queueNext;
  uint32_t numGroups;      /* workgroup slots: min(occupancy, queue length) */
  uint64_t ldsBusy[TM_MAX_LDS_PORTS]; /* each path into the LDS is busy until */
  bool ldsConflict[TM_MAX_LDS_PORTS];
  bool done;
  uint32_t nextSimd;
  uint64_t stall[FLY_EMU_NUM_STALLS];
} TmCu;

typedef struct TmPcStat {
  uint64_t issued;
  uint64_t stall[FLY_EMU_NUM_STALLS];
  uint64_t ldsConflict;   /* LDS cycles its bank conflicts added, all issues */
} TmPcStat;

typedef struct TmEdgeStat {
  uint64_t pc, target, takes, intervals;
  double intervalSum;
} TmEdgeStat;

typedef struct TmTake {
  uint32_t row;
  uint64_t pc, t;
} TmTake;

struct EmuTm {
  EmuTmConfig cfg;
  const FlyHwChip *hw;
  const EmuProgram *prog;
  const uint8_t *text;
  size_t textSize;
  uint32_t simds;
  TmCu *cus;
  uint32_t numCus;
  TmPcStat *pcs;
  TmEdgeStat edges[TM_MAX_LOOP_EDGES];
  uint32_t numEdges;
  EmuEffects scratch;
  FlyEmuTimingSpan *spans;
  size_t numSpans, capSpans;
  TmTake *takes;
  size_t numTakes, capTakes;
  uint32_t rows;
  char rowName[TM_MAX_ROWS][40];
  uint64_t waveSeq, cycles;
  uint64_t *lines;        /* open-addressing set of touched line numbers + 1 */
  size_t linesCap, linesCount;
  uint64_t retired, waves, groups;
  FlyEmuFault fault;
  bool oom;
};

/*--- Small helpers -------------------------------------------------------------*/

static uint64_t minU64(uint64_t a, uint64_t b) { return a < b ? a : b; }
static uint64_t maxU64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* CUs of XCD x (the last XCDs get one fewer when the CUs do not divide). */
static uint32_t cusOfXcd(const FlyHwProduct *p, uint32_t x) {
  return p->cus / p->xcds + (x < p->cus % p->xcds ? 1u : 0u);
}

/* The simulated index of CU `cu` of XCD `xcd`, or UINT32_MAX: the subset
 * fills XCD simXcd, then the next XCDs in order (as emu_memsys.c maps it). */
static uint32_t simIndex(const EmuGridPlan *plan, uint32_t xcd, uint32_t cu) {
  const FlyHwProduct *p = plan->product;
  uint32_t base = 0;
  for (uint32_t k = 0, x = plan->simXcd % p->xcds; k < p->xcds && base < plan->simCus;
       ++k, x = (x + 1) % p->xcds) {
    if (x == xcd)
      return base + cu < plan->simCus ? base + cu : UINT32_MAX;
    base += cusOfXcd(p, x);
  }
  return UINT32_MAX;
}

static uint32_t simIndexOf(const EmuGridPlan *plan, uint64_t wg) {
  uint32_t xcd, cu, round;
  emuGridPlace(plan, wg, &xcd, &cu, &round);
  return simIndex(plan, xcd, cu);
}

bool emuTmIsSimulated(const EmuGridPlan *plan, uint64_t wg) {
  return simIndexOf(plan, wg) != UINT32_MAX;
}

static uint32_t category(const EmuInstInfo *in) {
  switch (in->unit) {
  case EMU_UNIT_VALU: case EMU_UNIT_MFMA: return TM_CAT_VALU;
  case EMU_UNIT_VMEM: return TM_CAT_VMEM;
  case EMU_UNIT_SALU: case EMU_UNIT_SMEM: return TM_CAT_SALU;
  case EMU_UNIT_LDS: return TM_CAT_LDS;
  case EMU_UNIT_BRANCH: return TM_CAT_BRANCH;
  default: return 0;
  }
}

static void addSpan(EmuTm *tm, const TmWave *w, FlyEmuSpanClass cls, uint64_t b, uint64_t e) {
  if (w->row < 0 || e <= b || tm->numSpans >= TM_MAX_SPANS)
    return;
  if (tm->numSpans == tm->capSpans) {
    size_t cap = tm->capSpans ? 2 * tm->capSpans : 4096;
    FlyEmuTimingSpan *grown = flyRealloc(tm->spans, cap * sizeof *grown);
    if (!grown) {
      tm->oom = true;
      return;
    }
    tm->spans = grown;
    tm->capSpans = cap;
  }
  tm->spans[tm->numSpans++] = (FlyEmuTimingSpan){(uint32_t)w->row, cls, b, e};
}

/* Distinct lines the simulated CUs touch: the floor of their HBM traffic. */
static void noteLine(EmuTm *tm, uint64_t line) {
  if (2 * (tm->linesCount + 1) > tm->linesCap) {
    size_t cap = tm->linesCap ? 2 * tm->linesCap : 1 << 12;
    uint64_t *grown = flyCalloc(cap, sizeof *grown);
    if (!grown) {
      tm->oom = true;
      return;
    }
    for (size_t i = 0; i < tm->linesCap; ++i)
      for (size_t h = tm->lines[i] ? (tm->lines[i] * 0x9E3779B97F4A7C15ull) & (cap - 1) : 0;
           tm->lines[i]; h = (h + 1) & (cap - 1))
        if (!grown[h]) {
          grown[h] = tm->lines[i];
          break;
        }
    flyFree(tm->lines);
    tm->lines = grown;
    tm->linesCap = cap;
  }
  uint64_t key = line + 1;
  for (size_t h = (key * 0x9E3779B97F4A7C15ull) & (tm->linesCap - 1);;
       h = (h + 1) & (tm->linesCap - 1)) {
    if (tm->lines[h] == key)
      return;
    if (!tm->lines[h]) {
      tm->lines[h] = key;
      tm->linesCount++;
      return;
    }
  }
}

static void noteLines(EmuTm *tm, const EmuStepMem *m, unsigned bytes) {
  uint32_t lineBytes = tm->hw->mem.l2.lineBytes;
  for (uint64_t lanes = m->lanes; lanes; lanes &= lanes - 1) {
    uint64_t a = m->global[__builtin_ctzll(lanes)];
    for (uint64_t l = a / lineBytes; l <= (a + (bytes ? bytes : 1) - 1) / lineBytes; ++l)
      noteLine(tm, l);
  }
}

/*--- LDS cost ------------------------------------------------------------------*/


static FlyHwLdsAccess ldsAccess(const EmuInstInfo *in, unsigned bytes) {
  bool write = (in->flags & (EMU_I_STORE | EMU_I_ATOMIC)) && !(in->flags & EMU_I_LOAD);
  if (in->name && strstr(in->name, "_tr"))
    return FLY_HW_LDS_READ_TR;
  unsigned k = bytes <= 4 ? 0 : bytes <= 8 ? 1 : bytes <= 12 ? 2 : 3;
  return (FlyHwLdsAccess)((write ? FLY_HW_LDS_WRITE_B32 : FLY_HW_LDS_READ_B32) + k);
}

/* The LDS paths per CU the model uses: the table's, 1 to TM_MAX_LDS_PORTS. */
static uint32_t ldsPorts(const FlyHwLds *lds) {
  uint32_t p = lds->ports ? lds->ports : 1;
  return p > TM_MAX_LDS_PORTS ? TM_MAX_LDS_PORTS : p;
}

/* Cycles one of the CU's LDS paths is busy for one ds_* instruction: per
 * lane phase the most distinct dwords any bank serves (the same dword to
 * several lanes is a broadcast), summed over phases, and at least the bytes
 * over the path's bandwidth (the CU's over its paths). *extra gets the
 * cycles bank conflicts add. */
static uint32_t ldsCycles(const EmuTm *tm, const EmuInstInfo *in, const EmuStepMem *m,
                          uint32_t *extra) {
  const FlyHwLds *lds = &tm->hw->lds;
  unsigned bytes = m->bytes ? m->bytes : in->bytesPerLane;
  FlyHwLdsAccess acc = ldsAccess(in, bytes);
  FlyHwLdsBanks banks;
  flyHwLdsBankCycles(lds, acc, m->lds, m->lanes, bytes, &banks);
  *extra = 0;
  if (!banks.phases)
    return 1;
  unsigned lanes = (unsigned)__builtin_popcountll(m->lanes);
  uint32_t total = banks.cycles, phases = banks.phases;
  uint32_t bw = acc >= FLY_HW_LDS_WRITE_B32 && acc <= FLY_HW_LDS_WRITE_B128 ? lds->writeBytesPerClk
                                                                             : lds->readBytesPerClk;
  uint32_t ports = ldsPorts(lds);
  bw = bw / ports ? bw / ports : bw; /* one path's share */
  uint32_t bwCycles = bw ? (lanes * bytes + bw - 1) / bw : 1;
  uint32_t floor = phases > bwCycles ? phases : bwCycles;
  uint32_t cycles = total > floor ? total : floor;
  *extra = cycles - floor;
  return cycles;
}

/*--- Waves and workgroups ------------------------------------------------------------*/

/* Priority order: higher s_setprio first, then the oldest. */
static bool before(const TmWave *a, const TmWave *b) {
  return a->prio != b->prio ? a->prio > b->prio : a->age < b->age;
}

static void simdSort(TmSimd *s) {
  for (uint32_t i = 1; i < s->count; ++i)
    for (uint32_t j = i; j > 0 && before(s->waves[j], s->waves[j - 1]); --j) {
      TmWave *t = s->waves[j];
      s->waves[j] = s->waves[j - 1];
      s->waves[j - 1] = t;
    }
}

static void simdRemove(TmSimd *s, const TmWave *w) {
  for (uint32_t i = 0; i < s->count; ++i)
    if (s->waves[i] == w) {
      memmove(&s->waves[i], &s->waves[i + 1], (s->count - i - 1) * sizeof *s->waves);
      s->count--;
      return;
    }
}

static bool startGroup(EmuTm *tm, TmCu *cu, TmGroup *g, uint64_t wg, uint64_t t) {
  const EmumDispatch *d = tm->cfg.d;
  emumGroupCoords(d, wg, g->slot.g.id);
  if (!emumGroupStart(d, &g->slot, &tm->fault))
    return false;
  g->busy = true;
  g->wg = wg;
  g->live = g->slot.g.numWaves;
  g->arrived = 0;
  g->release = TM_NEVER;
  for (uint32_t i = 0; i < g->slot.g.numWaves; ++i) {
    TmWave *w = &g->waves[i];
    w->w = &g->slot.g.waves[i];
    w->grp = g;
    w->index = i;
    w->simd = cu->nextSimd++ % tm->simds;
    w->age = tm->waveSeq++;
    w->state = TM_RUN;
    w->prio = 0;
    w->busyCause = FLY_EMU_STALL_OTHER;
    w->block = FLY_EMU_STALL_ISSUE;
    w->lastUnit = EMU_UNIT_INTERNAL;
    w->ready = t;
    w->wake = 0;
    w->vmPending = w->lgkmPending = 0;
    w->lastVmDone = w->lastLdsDone = 0;
    w->ldsReady = 0;
    w->lastPc = w->w->pc;
    w->blockSince = TM_NEVER;
    w->numOps = 0;
    w->numEdges = 0;
    w->row = -1;
    if (cu->index == 0 && tm->rows < TM_MAX_ROWS) {
      w->row = (int)tm->rows;
      snprintf(tm->rowName[tm->rows++], sizeof tm->rowName[0], "wg%llu w%u simd%u",
               (unsigned long long)wg, i, w->simd);
    }
    TmSimd *s = &cu->simd[w->simd];
    s->waves[s->count++] = w;
    simdSort(s);
  }
  return true;
}

/* Fills free slots from the CU's queue at cycle t. */
static bool fillCu(EmuTm *tm, TmCu *cu, uint64_t t) {
  for (uint32_t i = 0; i < cu->numGroups && cu->queueNext < cu->queueLen; ++i)
    if (!cu->groups[i].busy && !startGroup(tm, cu, &cu->groups[i], cu->queue[cu->queueNext++], t))
      return false;
  return true;
}

static bool groupDone(const TmGroup *g) {
  if (!g->busy || g->live)
    return false;
  for (uint32_t i = 0; i < g->slot.g.numWaves; ++i)
    if (g->waves[i].numOps)
      return false;
  return true;
}

/* Workgroups whose waves ended and whose operations all completed leave. */
static bool finishGroups(EmuTm *tm, TmCu *cu, uint64_t t) {
  bool freed = false;
  for (uint32_t i = 0; i < cu->numGroups; ++i) {
    TmGroup *g = &cu->groups[i];
    if (!groupDone(g))
      continue;
    g->busy = false;
    freed = true;
    tm->groups++;
    tm->waves += g->slot.g.numWaves;
    for (uint32_t w = 0; w < g->slot.g.numWaves; ++w)
      tm->retired += g->slot.g.waves[w].retired;
    cu->finish = maxU64(cu->finish, t);
  }
  return !freed || fillCu(tm, cu, t);
}

/*--- Counters ---------------------------------------------------------------------*/

static bool pushOp(EmuTm *tm, TmWave *w, uint64_t done, unsigned vm, unsigned lgkm) {
  if (w->numOps == w->capOps) {
    uint32_t cap = w->capOps ? 2 * w->capOps : 16;
    TmOp *grown = flyRealloc(w->ops, cap * sizeof *grown);
    if (!grown)
      return false;
    memset(grown + w->capOps, 0, (cap - w->capOps) * sizeof *grown);
    w->ops = grown;
    w->capOps = cap;
  }
  TmOp *op = &w->ops[w->numOps];
  const EmuEffects *fx = &tm->scratch;
  if (fx->count > op->capFx) {
    EmuEffect *grown = flyRealloc(op->fx, fx->count * sizeof *grown);
    if (!grown)
      return false;
    op->fx = grown;
    op->capFx = fx->count;
  }
  if (fx->count) /* memcpy from/to NULL is undefined even for 0 bytes */
    memcpy(op->fx, fx->items, fx->count * sizeof *op->fx);
  op->numFx = fx->count;
  op->done = done;
  op->vm = (uint8_t)vm;
  op->lgkm = (uint8_t)lgkm;
  w->numOps++;
  w->vmPending += vm;
  w->lgkmPending += lgkm;
  return true;
}

/* Retires wave w's operations that completed by t (in issue order; VMEM and
 * LDS completion cycles are already monotonic, SMEM ones are not). */
static void retireWave(TmWave *w, uint64_t t) {
  /* ops[0, keep) are the kept operations in order; ops[keep, i) retired ones,
   * whose effect buffers stay allocated for reuse. */
  uint32_t keep = 0;
  for (uint32_t i = 0; i < w->numOps; ++i) {
    TmOp *op = &w->ops[i];
    if (op->done > t) {
      TmOp kept = *op;
      w->ops[i] = w->ops[keep];
      w->ops[keep++] = kept;
      continue;
    }
    if (op->numFx) {
      EmuEffects fx = {op->fx, op->numFx, op->capFx, false};
      emuEffectsApply(w->w, &fx);
    }
    w->vmPending -= op->vm;
    w->lgkmPending -= op->lgkm;
    op->numFx = 0;
  }
  w->numOps = keep;
  if (w->wake == TM_NEVER && w->vmPending <= w->needVm && w->lgkmPending <= w->needLgkm)
    w->wake = t;
}

static void retire(TmCu *cu, uint64_t t) {
  cu->nextDone = TM_NEVER;
  for (uint32_t i = 0; i < cu->numGroups; ++i) {
    TmGroup *g = &cu->groups[i];
    if (!g->busy)
      continue;
    for (uint32_t j = 0; j < g->slot.g.numWaves; ++j) {
      TmWave *w = &g->waves[j];
      if (!w->numOps)
        continue;
      retireWave(w, t);
      for (uint32_t k = 0; k < w->numOps; ++k)
        cu->nextDone = minU64(cu->nextDone, w->ops[k].done);
    }
  }
}

/*--- Barriers -------------------------------------------------------------------------*/

/* The barrier releases when the last live wave arrived, after the release
 * cost (ended waves count as arrived). */
static void barrierCheck(EmuTm *tm, TmGroup *g, uint64_t t) {
  if (g->live && g->arrived == g->live && g->release == TM_NEVER)
    g->release = t + tm->hw->cu.barrierCycles;
}

static void barrierRelease(EmuTm *tm, TmGroup *g, uint64_t t) {
  for (uint32_t i = 0; i < g->slot.g.numWaves; ++i) {
    TmWave *w = &g->waves[i];
    if (w->state != TM_BARRIER)
      continue;
    addSpan(tm, w, FLY_EMU_SPAN_BARRIER, w->arrivedAt, t);
    w->state = TM_RUN;
    w->ready = maxU64(w->ready, t);
    w->wake = 0;
  }
  g->arrived = 0;
  g->release = TM_NEVER;
  if (g->slot.haz)
    emuHazBarrierRelease(g->slot.haz);
}

/*--- Issue -----------------------------------------------------------------------------*/

static bool blockOnCounters(TmWave *w, uint64_t t, uint32_t needVm, uint32_t needLgkm) {
  if (w->vmPending <= needVm && w->lgkmPending <= needLgkm)
    return false;
  w->block = w->vmPending > needVm ? FLY_EMU_STALL_VMCNT : FLY_EMU_STALL_LGKMCNT;
  w->needVm = needVm;
  w->needLgkm = needLgkm;
  w->wake = TM_NEVER;
  if (w->blockSince == TM_NEVER)
    w->blockSince = t;
  return true;
}

static bool blockOnUnit(TmWave *w, uint64_t busyUntil, uint64_t t, FlyEmuStall cause) {
  if (busyUntil <= t)
    return false;
  w->block = (uint8_t)cause;
  w->wake = busyUntil;
  return true;
}

/* The LDS path of a wave's SIMD: with two, SIMDs 0-1 share the first. */
static uint32_t ldsPort(const EmuTm *tm, const TmWave *w) {
  return w->simd * ldsPorts(&tm->hw->lds) / tm->simds;
}

/* Whether w's next instruction can go at t; if not, why (w->block) and
 * from when (w->wake). */
static bool canIssue(const EmuTm *tm, const TmCu *cu, const TmSimd *s, TmWave *w,
                     const EmuInstInfo *in, uint64_t t) {
  const FlyHwMemory *mem = &tm->hw->mem;
  uint32_t none = UINT32_MAX;
  if (in->flags & EMU_I_WAITCNT)
    return !blockOnCounters(w, t, in->waitVm, in->waitLgkm);
  switch (in->unit) {
  case EMU_UNIT_MFMA:
    return !blockOnUnit(w, s->mfmaBusy, t, FLY_EMU_STALL_MFMA_DEP) &&
           !blockOnUnit(w, s->valuBusy, t, FLY_EMU_STALL_ISSUE);
  case EMU_UNIT_VALU:
    return !blockOnUnit(w, s->valuBusy, t, FLY_EMU_STALL_ISSUE);
  case EMU_UNIT_VMEM:
    return !blockOnCounters(w, t, in->vmInc <= mem->vmcntMax ? mem->vmcntMax - in->vmInc : 0,
                            in->lgkmInc ? mem->lgkmcntMax - in->lgkmInc : none);
  case EMU_UNIT_LDS: {
    uint32_t p = ldsPort(tm, w);
    return !blockOnUnit(w, cu->ldsBusy[p], t,
                        cu->ldsConflict[p] ? FLY_EMU_STALL_LDS_CONFLICT : FLY_EMU_STALL_ISSUE) &&
           !blockOnUnit(w, w->ldsReady, t, FLY_EMU_STALL_ISSUE) &&
           !blockOnCounters(w, t, none, mem->lgkmcntMax - in->lgkmInc);
  }
  case EMU_UNIT_SMEM:
    return !blockOnCounters(w, t, none,
                            in->lgkmInc <= mem->lgkmcntMax ? mem->lgkmcntMax - in->lgkmInc : 0);
  default:
    return true;
  }
}

static void noteBackEdge(EmuTm *tm, TmCu *cu, TmWave *w, uint64_t pc, uint64_t target,
                         uint64_t t) {
  TmEdgeStat *e = NULL;
  for (uint32_t i = 0; i < tm->numEdges && !e; ++i)
    if (tm->edges[i].pc == pc)
      e = &tm->edges[i];
  if (!e && tm->numEdges < TM_MAX_LOOP_EDGES) {
    e = &tm->edges[tm->numEdges++];
    *e = (TmEdgeStat){pc, target, 0, 0, 0};
  }
  if (!e)
    return;
  e->takes++;
  TmWaveEdge *we = NULL;
  for (uint32_t i = 0; i < w->numEdges && !we; ++i)
    if (w->edges[i].pc == pc)
      we = &w->edges[i];
  if (!we && w->numEdges < TM_MAX_EDGES) {
    we = &w->edges[w->numEdges++];
    *we = (TmWaveEdge){pc, t, 0};
  }
  if (we) {
    /* Steady state: the interval before the second take still holds the
     * loop's first iteration after the prologue; count from the third. */
    if (++we->takes >= 3) {
      e->intervalSum += (double)(t - we->last);
      e->intervals++;
    }
    we->last = t;
  }
  if (cu->index == 0 && w->row >= 0 && tm->numTakes < TM_MAX_SPANS) {
    if (tm->numTakes == tm->capTakes) {
      size_t cap = tm->capTakes ? 2 * tm->capTakes : 1024;
      TmTake *grown = flyRealloc(tm->takes, cap * sizeof *grown);
      if (!grown) {
        tm->oom = true;
        return;
      }
      tm->takes = grown;
      tm->capTakes = cap;
    }
    tm->takes[tm->numTakes++] = (TmTake){(uint32_t)w->row, pc, t};
  }
}

static EmuMsKind msKind(const EmuInstInfo *in) {
  if (in->flags & EMU_I_ATOMIC)
    return EMU_MS_ATOMIC;
  return (in->flags & EMU_I_STORE) ? EMU_MS_STORE : EMU_MS_LOAD;
}

static void accountMfma(EmuTm *tm, TmSimd *s, TmWave *w, const EmuInstInfo *in, uint64_t t) {
  const FlyHwCu *hc = &tm->hw->cu;
  s->mfmaBusy = t + in->issueCycles;
  /* VALU may co-execute after the co-exec delay, never with DGEMM. */
  s->valuBusy = (in->flags & EMU_I_DGEMM) ? s->mfmaBusy
                                          : maxU64(s->valuBusy, t + hc->mfmaCoexecDelay);
  w->ready = t + hc->mfmaCoexecDelay;
  addSpan(tm, w, FLY_EMU_SPAN_MFMA, t, s->mfmaBusy);
}

/* A vector memory instruction: its completion from the memory system,
 * after the previous one's (vmcnt returns in issue order, loads and stores
 * alike: ISA4:L772). */
static bool accountVmem(EmuTm *tm, TmCu *cu, TmWave *w, const EmuInstInfo *in,
                        const EmuStepOut *out, uint64_t t) {
  uint64_t done = w->ready;
  if (out->mem.hasGlobal && out->mem.lanes) {
    /* The memory system takes the active lanes' addresses packed. */
    uint64_t addr[EMU_WAVE_LANES];
    unsigned n = 0;
    for (uint64_t set = out->mem.lanes; set; set &= set - 1)
      addr[n++] = out->mem.global[__builtin_ctzll(set)];
    done = emuMsAccess(tm->cfg.ms, cu->index, msKind(in), t, addr, n, out->mem.bytes);
    noteLines(tm, &out->mem, out->mem.bytes);
  }
  done = maxU64(maxU64(done, w->ready), w->lastVmDone);
  w->lastVmDone = done;
  addSpan(tm, w, FLY_EMU_SPAN_VMEM, t, w->ready);
  return pushOp(tm, w, done, in->vmInc, in->lgkmInc);
}

/* A ds_* instruction: the CU's LDS is busy for its bank-conflict cycles;
 * the data is back a latency later, after the previous LDS operation. */
static bool accountLds(EmuTm *tm, TmCu *cu, TmWave *w, const EmuInstInfo *in,
                       const EmuStepOut *out, uint64_t t) {
  uint32_t extra, c = ldsCycles(tm, in, &out->mem, &extra), p = ldsPort(tm, w);
  cu->ldsBusy[p] = t + c;
  cu->ldsConflict[p] = extra > 0;
  tm->pcs[out->pc / 4].ldsConflict += extra;
  w->ldsReady = t + c + tm->hw->lds.waveTurnaround;
  uint64_t done = maxU64(t + c + tm->hw->lds.latency, w->lastLdsDone);
  w->lastLdsDone = done;
  addSpan(tm, w, FLY_EMU_SPAN_LDS, t, w->ready);
  return pushOp(tm, w, done, 0, in->lgkmInc);
}

/* A scalar load: completes after the SMEM latency, in any order. */
static bool accountSmem(EmuTm *tm, TmCu *cu, TmWave *w, const EmuInstInfo *in,
                        const EmuStepOut *out, uint64_t t) {
  uint64_t done = out->mem.hasGlobal ? emuMsAccess(tm->cfg.ms, cu->index, EMU_MS_SCALAR, t,
                                                   out->mem.global, 1, out->mem.bytes)
                                     : t + tm->hw->mem.smemLatency;
  w->busyCause = FLY_EMU_STALL_SALU;
  addSpan(tm, w, FLY_EMU_SPAN_SALU, t, w->ready);
  return pushOp(tm, w, maxU64(done, w->ready), 0, in->lgkmInc);
}

static void accountBranch(EmuTm *tm, TmCu *cu, TmWave *w, const EmuStepOut *out, uint64_t pc,
                          uint64_t t) {
  if (out->branchTaken) {
    w->ready = t + tm->hw->cu.branchCycles;
    if (w->w->pc <= pc)
      noteBackEdge(tm, cu, w, pc, w->w->pc, t);
  }
  addSpan(tm, w, FLY_EMU_SPAN_SALU, t, w->ready);
}

/* s_nop, s_sleep, s_setprio (s_waitcnt and s_barrier were handled at issue). */
static void accountInternal(EmuTm *tm, TmSimd *s, TmWave *w, const EmuInstInfo *in,
                            uint64_t t) {
  const FlyHwCu *hc = &tm->hw->cu;
  if (in->flags & EMU_I_NOP) {
    w->ready = t + (uint64_t)in->nopWaitStates * hc->waitStateCycles;
    /* Wait states right after an MFMA are there for its result. */
    w->busyCause = w->lastUnit == EMU_UNIT_MFMA ? FLY_EMU_STALL_MFMA_DEP : FLY_EMU_STALL_OTHER;
    addSpan(tm, w, FLY_EMU_SPAN_WAIT, t, w->ready);
  } else if (in->flags & EMU_I_SLEEP) {
    w->ready = t + (uint64_t)in->sleepArg * hc->sleepCycles;
    addSpan(tm, w, FLY_EMU_SPAN_WAIT, t, w->ready);
  } else if (in->flags & EMU_I_SETPRIO) {
    w->prio = in->prio;
    simdSort(s);
  }
}

/* Charges the unit and counters of the instruction w just executed at t. */
static bool account(EmuTm *tm, TmCu *cu, TmSimd *s, TmWave *w, const EmuInstInfo *in,
                    const EmuStepOut *out, uint64_t pc, uint64_t t) {
  bool ok = true;
  w->ready = t + (in->issueCycles ? in->issueCycles : 1);
  w->busyCause = FLY_EMU_STALL_OTHER;
  switch (in->unit) {
  case EMU_UNIT_MFMA: accountMfma(tm, s, w, in, t); break;
  case EMU_UNIT_VALU:
    s->valuBusy = w->ready;
    w->busyCause = FLY_EMU_STALL_VALU;
    addSpan(tm, w, FLY_EMU_SPAN_VALU, t, w->ready);
    break;
  case EMU_UNIT_SALU:
    w->busyCause = FLY_EMU_STALL_SALU;
    addSpan(tm, w, FLY_EMU_SPAN_SALU, t, w->ready);
    break;
  case EMU_UNIT_SMEM: ok = accountSmem(tm, cu, w, in, out, t); break;
  case EMU_UNIT_VMEM: ok = accountVmem(tm, cu, w, in, out, t); break;
  case EMU_UNIT_LDS: ok = accountLds(tm, cu, w, in, out, t); break;
  case EMU_UNIT_BRANCH: accountBranch(tm, cu, w, out, pc, t); break;
  default: accountInternal(tm, s, w, in, t); break;
  }
  if (tm->scratch.count && !(in->unit == EMU_UNIT_VMEM || in->unit == EMU_UNIT_LDS ||
                             in->unit == EMU_UNIT_SMEM))
    emuEffectsApply(w->w, &tm->scratch); /* no counter to wait for: visible now */
  if (in->unit != EMU_UNIT_INTERNAL)
    w->lastUnit = in->unit;
  /* The new operation (if any) is the last; the earlier ones are already in
   * nextDone. */
  if (w->numOps)
    cu->nextDone = minU64(cu->nextDone, w->ops[w->numOps - 1].done);
  return ok;
}

static bool issueOne(EmuTm *tm, TmCu *cu, TmSimd *s, TmWave *w, const EmuInstInfo *in,
                     uint64_t t) {
  const EmumDispatch *d = tm->cfg.d;
  uint64_t pc = w->w->pc;
  EmuStepOut out;
  FlyEmuFault f;
  memset(&f, 0, sizeof f);
  tm->scratch.count = 0;
  tm->scratch.overflow = false;
  int rc = emuWaveStep(w->w, &d->env, &tm->scratch, &out, &f);
  if (rc == EMU_STOP_FAULT) {
    emumCompleteFault(d, &w->grp->slot.g, (int)w->index, &f);
    tm->fault = f;
    return false;
  }
  if (pc / 4 < tm->textSize / 4)
    tm->pcs[pc / 4].issued++;
  if (w->blockSince != TM_NEVER) {
    addSpan(tm, w, FLY_EMU_SPAN_WAIT, w->blockSince, t);
    w->blockSince = TM_NEVER;
  }
  w->lastPc = pc;
  w->wake = 0;
  w->block = FLY_EMU_STALL_ISSUE;
  if (!account(tm, cu, s, w, out.info ? out.info : in, &out, pc, t)) {
    emumInvalid(&tm->fault, d->kernel->name, "out of memory in the timing model");
    return false;
  }
  /* The hazard checker sees the same issue order as the hardware would. */
  if (w->grp->slot.haz && !emuHazStep(w->grp->slot.haz, w->index, &out, rc, &f)) {
    emumCompleteFault(d, &w->grp->slot.g, (int)w->index, &f);
    tm->fault = f;
    return false;
  }
  if (rc == EMU_STOP_BARRIER) {
    w->state = TM_BARRIER;
    w->arrivedAt = t;
    w->grp->arrived++;
    barrierCheck(tm, w->grp, t);
  } else if (rc == EMU_STOP_ENDPGM) {
    w->state = TM_ENDED;
    w->grp->live--;
    simdRemove(s, w);
    barrierCheck(tm, w->grp, t);
  }
  return true;
}

/* The arbiter's visit of SIMD s at cycle t. */
static bool visitSimd(EmuTm *tm, TmCu *cu, TmSimd *s, uint64_t t) {
  uint32_t used = 0;
  for (uint32_t i = 0; i < s->count; ++i) {
    TmWave *w = s->waves[i];
    if (w->state != TM_RUN || w->ready > t || w->wake > t)
      continue;
    const EmuInstInfo *in = emuProgramInstInfo(tm->prog, w->w->pc);
    if (in) {
      uint32_t cat = category(in);
      if (cat & used) {
        w->block = FLY_EMU_STALL_ISSUE;
        continue;
      }
      if (!canIssue(tm, cu, s, w, in, t))
        continue;
      used |= cat;
    }
    uint32_t before = s->count;
    /* No facts means no instruction there: the step reports the fault. */
    static const EmuInstInfo unknown = {.unit = EMU_UNIT_INTERNAL};
    if (!issueOne(tm, cu, s, w, in ? in : &unknown, t))
      return false;
    if (s->count < before)
      i--; /* w ended and left the list */
    else if (s->waves[i] != w)
      i = UINT32_MAX; /* s_setprio reordered the list: rescan */
  }
  return true;
}

/*--- Attribution and the next event ------------------------------------------------------*/

static const TmWave *oldestLive(const TmSimd *s) {
  const TmWave *o = NULL;
  for (uint32_t i = 0; i < s->count; ++i)
    if (!o || s->waves[i]->age < o->age)
      o = s->waves[i];
  return o;
}

static FlyEmuStall simdCause(const TmSimd *s, uint64_t t, const TmWave **who) {
  const TmWave *w = oldestLive(s);
  *who = w;
  if (s->mfmaBusy > t)
    return FLY_EMU_STALL_MFMA;
  if (!w)
    return FLY_EMU_STALL_IDLE;
  if (w->state == TM_BARRIER)
    return FLY_EMU_STALL_BARRIER;
  if (w->ready > t)
    return (FlyEmuStall)w->busyCause;
  if (w->wake <= t)
    return FLY_EMU_STALL_ISSUE;
  return (FlyEmuStall)w->block;
}

static void charge(EmuTm *tm, TmCu *cu, uint64_t t, uint64_t until) {
  for (uint32_t i = 0; i < tm->simds; ++i) {
    const TmWave *w;
    FlyEmuStall c = simdCause(&cu->simd[i], t, &w);
    cu->stall[c] += until - t;
    if (w) {
      /* A wave at a barrier is past its s_barrier; one in its issue cycles
       * is still that instruction's; otherwise it waits at its next one. */
      uint64_t pc = w->ready > t || w->state == TM_BARRIER ? w->lastPc : w->w->pc;
      if (pc / 4 < tm->textSize / 4)
        tm->pcs[pc / 4].stall[c] += until - t;
    }
  }
}

/* The first cycle >= from at which SIMD simd is visited. */
static uint64_t visitAt(uint64_t from, uint32_t simd, uint32_t simds) {
  uint64_t r = from % simds;
  return from + (simd + simds - r) % simds;
}

static uint64_t nextEvent(const EmuTm *tm, const TmCu *cu, uint64_t t) {
  uint64_t n = cu->nextDone > t ? cu->nextDone : t + 1;
  for (uint32_t p = 0; p < TM_MAX_LDS_PORTS; ++p)
    if (cu->ldsBusy[p] > t) n = minU64(n, cu->ldsBusy[p]);
  for (uint32_t i = 0; i < cu->numGroups; ++i)
    if (cu->groups[i].busy && cu->groups[i].release != TM_NEVER)
      n = minU64(n, maxU64(cu->groups[i].release, t + 1));
  for (uint32_t i = 0; i < tm->simds; ++i) {
    const TmSimd *s = &cu->simd[i];
    if (s->mfmaBusy > t) n = minU64(n, s->mfmaBusy);
    if (s->valuBusy > t) n = minU64(n, s->valuBusy);
    for (uint32_t j = 0; j < s->count; ++j) {
      const TmWave *w = s->waves[j];
      if (w->state != TM_RUN)
        continue;
      if (w->ready > t) n = minU64(n, w->ready);
      if (w->wake > t && w->wake != TM_NEVER) n = minU64(n, w->wake);
      if (w->wake != TM_NEVER)
        n = minU64(n, visitAt(maxU64(t + 1, maxU64(w->ready, w->wake)), i, tm->simds));
    }
  }
  return n;
}

static bool cuBusy(const TmCu *cu) {
  if (cu->queueNext < cu->queueLen)
    return true;
  for (uint32_t i = 0; i < cu->numGroups; ++i)
    if (cu->groups[i].busy)
      return true;
  return false;
}

/* One step of a CU at its cycle `now`. */
static bool stepCu(EmuTm *tm, TmCu *cu) {
  uint64_t t = cu->now;
  if (t >= cu->nextDone)
    retire(cu, t);
  for (uint32_t i = 0; i < cu->numGroups; ++i)
    if (cu->groups[i].busy && cu->groups[i].release <= t)
      barrierRelease(tm, &cu->groups[i], t);
  if (!finishGroups(tm, cu, t))
    return false;
  if (!cuBusy(cu)) {
    cu->done = true;
    return true;
  }
  if (!visitSimd(tm, cu, &cu->simd[t % tm->simds], t) || !finishGroups(tm, cu, t))
    return false;
  /* The last workgroup may just have left: the cycle it used still counts. */
  uint64_t n = cuBusy(cu) ? nextEvent(tm, cu, t) : t + 1;
  if (n == TM_NEVER) {
    emumInvalid(&tm->fault, tm->cfg.d->kernel->name, "timing model: no wave can proceed");
    return false;
  }
  charge(tm, cu, t, n);
  cu->now = n;
  return true;
}

/*--- Create, run, destroy ---------------------------------------------------------------*/

/* A CU's SIMDs and as many workgroup slots as it will use (occupancy, or
 * fewer when its queue is shorter): slots hold whole register files. */
static bool initCu(EmuTm *tm, TmCu *cu) {
  const EmuGridPlan *p = tm->cfg.plan;
  const EmumDispatch *d = tm->cfg.d;
  cu->nextDone = TM_NEVER;
  cu->numGroups = cu->queueLen < p->groupsPerCu ? (uint32_t)cu->queueLen : p->groupsPerCu;
  if (!cu->numGroups)
    return true;
  cu->simd = flyCalloc(tm->simds, sizeof *cu->simd);
  cu->groups = flyCalloc(cu->numGroups, sizeof *cu->groups);
  if (!cu->simd || !cu->groups)
    return false;
  uint32_t perSimd = cu->numGroups * d->wavesPerGroup;
  for (uint32_t i = 0; i < tm->simds; ++i)
    if (!(cu->simd[i].waves = flyCalloc(perSimd, sizeof(TmWave *))))
      return false;
  for (uint32_t i = 0; i < cu->numGroups; ++i) {
    if (!emumGroupSlotInit(tm->cfg.dev, d, &cu->groups[i].slot))
      return false;
    if (!(cu->groups[i].waves = flyCalloc(d->wavesPerGroup, sizeof(TmWave))))
      return false;
  }
  return true;
}

/* Each simulated CU's workgroups in dispatch order. */
static bool buildQueues(EmuTm *tm) {
  const EmuGridPlan *p = tm->cfg.plan;
  size_t *counts = flyCalloc(tm->numCus, sizeof *counts);
  if (!counts)
    return false;
  for (int pass = 0; pass < 2; ++pass) {
    for (uint64_t wg = 0; wg < p->numGroups; ++wg) {
      uint32_t cu = simIndexOf(p, wg);
      if (cu >= tm->numCus)
        continue;
      if (pass)
        tm->cus[cu].queue[tm->cus[cu].queueLen++] = wg;
      else
        counts[cu]++;
    }
    for (uint32_t c = 0; !pass && c < tm->numCus; ++c)
      if (!(tm->cus[c].queue = flyCalloc(counts[c] ? counts[c] : 1, sizeof(uint64_t)))) {
        flyFree(counts);
        return false;
      }
  }
  flyFree(counts);
  return true;
}

EmuTm *emuTmCreate(const EmuTmConfig *cfg) {
  EmuTm *tm = flyCalloc(1, sizeof *tm);
  if (!tm)
    return NULL;
  tm->cfg = *cfg;
  tm->hw = cfg->plan->chip;
  tm->prog = cfg->d->env.prog;
  tm->text = flyCodeObjectGetText(cfg->d->mod->co, &tm->textSize, &(uint64_t){0});
  tm->simds = tm->hw->cu.simds;
  tm->numCus = cfg->plan->simCus;
  tm->cus = flyCalloc(tm->numCus ? tm->numCus : 1, sizeof *tm->cus);
  tm->pcs = flyCalloc(tm->textSize / 4 + 1, sizeof *tm->pcs);
  tm->scratch.items = flyCalloc(TM_FX_CAP, sizeof(EmuEffect));
  tm->scratch.cap = TM_FX_CAP;
  bool ok = tm->cus && tm->pcs && tm->scratch.items;
  for (uint32_t i = 0; ok && i < tm->numCus; ++i)
    tm->cus[i].index = i;
  ok = ok && buildQueues(tm);
  for (uint32_t i = 0; ok && i < tm->numCus; ++i)
    ok = initCu(tm, &tm->cus[i]);
  if (!ok) {
    emuTmDestroy(tm);
    return NULL;
  }
  return tm;
}

void emuTmDestroy(EmuTm *tm) {
  if (!tm)
    return;
  const EmumDispatch *d = tm->cfg.d;
  for (uint32_t c = 0; tm->cus && c < tm->numCus; ++c) {
    TmCu *cu = &tm->cus[c];
    for (uint32_t i = 0; cu->simd && i < tm->simds; ++i)
      flyFree(cu->simd[i].waves);
    for (uint32_t i = 0; cu->groups && i < cu->numGroups; ++i) {
      TmGroup *g = &cu->groups[i];
      for (uint32_t w = 0; g->waves && w < d->wavesPerGroup; ++w) {
        for (uint32_t k = 0; k < g->waves[w].capOps; ++k)
          flyFree(g->waves[w].ops[k].fx);
        flyFree(g->waves[w].ops);
      }
      flyFree(g->waves);
      emumGroupSlotFini(tm->cfg.dev, &g->slot);
    }
    flyFree(cu->simd);
    flyFree(cu->groups);
    flyFree(cu->queue);
  }
  flyFree(tm->cus);
  flyFree(tm->pcs);
  flyFree(tm->scratch.items);
  flyFree(tm->spans);
  flyFree(tm->takes);
  flyFree(tm->lines);
  flyFree(tm);
}

bool emuTmRun(EmuTm *tm, FlyEmuFault *fault, FlyEmuStats *st) {
  bool ok = true;
  /* CUs the dispatcher gives no workgroup take no part (and no SIMD-cycles). */
  for (uint32_t c = 0; c < tm->numCus; ++c)
    tm->cus[c].done = tm->cus[c].queueLen == 0;
  for (uint32_t c = 0; ok && c < tm->numCus; ++c)
    ok = fillCu(tm, &tm->cus[c], 0);
  while (ok) {
    TmCu *next = NULL;
    for (uint32_t c = 0; c < tm->numCus; ++c)
      if (!tm->cus[c].done && (!next || tm->cus[c].now < next->now))
        next = &tm->cus[c];
    if (!next)
      break;
    ok = stepCu(tm, next);
    if (ok && tm->oom) {
      emumInvalid(&tm->fault, tm->cfg.d->kernel->name, "out of memory in the timing model");
      ok = false;
    }
  }
  tm->cycles = 0;
  for (uint32_t c = 0; c < tm->numCus; ++c)
    tm->cycles = maxU64(tm->cycles, tm->cus[c].now);
  /* The release at the kernel's end writes the L2s' dirty lines to HBM. */
  tm->cycles = maxU64(tm->cycles, emuMsWriteBack(tm->cfg.ms, tm->cycles));
  /* CUs that finished early idle until the last one ends. */
  for (uint32_t c = 0; c < tm->numCus; ++c)
    if (tm->cus[c].queueLen)
      tm->cus[c].stall[FLY_EMU_STALL_IDLE] += (tm->cycles - tm->cus[c].now) * tm->simds;
  st->waveInstructions += tm->retired;
  st->waves += tm->waves;
  st->workgroups += tm->groups;
  if (!ok)
    *fault = tm->fault;
  return ok;
}

/*--- Report ------------------------------------------------------------------------------*/

/* Size of the instruction at pc, 0 past the end or on undecodable bytes. */
static uint32_t instSize(const EmuTm *tm, uint64_t pc) {
  FlyEmuInstText it;
  if (pc >= tm->textSize || !flyEmuDecodeText(tm->cfg.d->env.chip, tm->text + pc,
                                                tm->textSize - pc, &it))
    return 0;
  return it.size;
}

/* The MFMAs of the body [from, to] and the cycles they keep the SIMD's
 * matrix core busy (their issue cycles, from the hardware table). */
static uint32_t countMfmas(const EmuTm *tm, uint64_t from, uint64_t to, uint64_t *cycles) {
  uint32_t n = 0;
  uint64_t busy = 0;
  for (uint64_t pc = from; pc <= to;) {
    const EmuInstInfo *in = emuProgramInstInfo(tm->prog, pc);
    uint32_t size = instSize(tm, pc);
    if (!size)
      break;
    if (in && in->unit == EMU_UNIT_MFMA) {
      n++;
      busy += in->issueCycles;
    }
    pc += size;
  }
  if (cycles)
    *cycles = busy;
  return n;
}

static void pcRow(const EmuTm *tm, uint64_t pc, FlyEmuTimingPc *row) {
  memset(row, 0, sizeof *row);
  row->pc = pc;
  row->issued = tm->pcs[pc / 4].issued;
  memcpy(row->stall, tm->pcs[pc / 4].stall, sizeof row->stall);
  row->ldsConflictCycles = tm->pcs[pc / 4].ldsConflict;
  FlyEmuInstText it;
  if (flyEmuDecodeText(tm->cfg.d->env.chip, tm->text + pc, tm->textSize - pc, &it))
    snprintf(row->text, sizeof row->text, "%s", it.text);
}

/* The main loop (hot-loop-model.md): the executed back-edge whose body has
 * the most MFMAs, ties to the longer body; its rows, or every executed pc. */
static bool fillLoop(const EmuTm *tm, FlyEmuTimingReport *r) {
  const TmEdgeStat *best = NULL;
  uint32_t bestMfmas = 0;
  for (uint32_t i = 0; i < tm->numEdges; ++i) {
    const TmEdgeStat *e = &tm->edges[i];
    uint32_t m = countMfmas(tm, e->target, e->pc, NULL);
    if (!best || m > bestMfmas ||
        (m == bestMfmas && e->pc - e->target > best->pc - best->target)) {
      best = e;
      bestMfmas = m;
    }
  }
  size_t cap = TM_MAX_PC_ROWS;
  r->pcs = flyCalloc(cap, sizeof *r->pcs);
  if (!r->pcs)
    return false;
  if (best) {
    r->hasLoop = true;
    r->loopBegin = best->target;
    r->loopEnd = best->pc;
    r->loopMfmas = countMfmas(tm, best->target, best->pc, &r->loopMfmaCycles);
    r->loopIterations = best->takes;
    r->cyclesPerIteration = best->intervals ? best->intervalSum / (double)best->intervals : 0;
    /* Each of the occupancy's waves per SIMD runs one iteration per
     * interval: their MFMA cycles over the interval, at most all of it. */
    double busy = (double)r->loopMfmaCycles * r->wavesPerSimd;
    r->loopMfmaBusy = r->cyclesPerIteration > 0 ? busy / r->cyclesPerIteration : 0;
    r->loopMfmaBusy = r->loopMfmaBusy > 1 ? 1 : r->loopMfmaBusy;
    for (uint64_t pc = best->target; pc <= best->pc && r->numPcs < cap;) {
      uint32_t size = instSize(tm, pc);
      if (!size)
        break;
      pcRow(tm, pc, &r->pcs[r->numPcs++]);
      r->loopLdsConflictCycles += r->pcs[r->numPcs - 1].ldsConflictCycles;
      pc += size;
    }
    /* Per pass through the body: the branch at its end issues once each. */
    uint64_t passes = tm->pcs[best->pc / 4].issued;
    r->loopLdsConflictPerIteration =
        passes ? (double)r->loopLdsConflictCycles / (double)passes : 0;
  } else {
    for (uint64_t pc = 0; pc + 4 <= tm->textSize && r->numPcs < cap; pc += 4)
      if (tm->pcs[pc / 4].issued)
        pcRow(tm, pc, &r->pcs[r->numPcs++]);
  }
  return true;
}

/* The timeline window: main-loop iterations 2 .. 1+n (fewer when the loop
 * ran fewer times) of the timeline row that ran the most of them; the whole
 * first CU when there is no loop. */
static void timelineWindow(const EmuTm *tm, const FlyEmuTimingReport *r, uint64_t *b,
                           uint64_t *e) {
  uint32_t iters = tm->cfg.timelineIterations ? tm->cfg.timelineIterations : 3;
  *b = 0;
  *e = tm->cus && tm->numCus ? tm->cus[0].now : tm->cycles;
  uint32_t bestRow = 0, bestTakes = 0;
  for (uint32_t row = 0; r->hasLoop && row < tm->rows; ++row) {
    uint32_t k = 0;
    for (size_t i = 0; i < tm->numTakes; ++i)
      k += tm->takes[i].row == row && tm->takes[i].pc == r->loopEnd;
    if (k > bestTakes) {
      bestTakes = k;
      bestRow = row;
    }
  }
  if (bestTakes < 2)
    return;
  uint32_t last = 1 + (iters < bestTakes - 1 ? iters : bestTakes - 1), k = 0;
  for (size_t i = 0; i < tm->numTakes; ++i) {
    const TmTake *tk = &tm->takes[i];
    if (tk->row != bestRow || tk->pc != r->loopEnd)
      continue;
    ++k;
    if (k == 1)
      *b = tk->t;
    if (k == last)
      *e = tk->t;
  }
}

static bool fillTimeline(const EmuTm *tm, FlyEmuTimingReport *r) {
  uint64_t b, e;
  timelineWindow(tm, r, &b, &e);
  int map[TM_MAX_ROWS];
  for (int i = 0; i < TM_MAX_ROWS; ++i)
    map[i] = -1;
  r->spans = flyCalloc(tm->numSpans ? tm->numSpans : 1, sizeof *r->spans);
  if (!r->spans)
    return false;
  for (size_t i = 0; i < tm->numSpans; ++i) {
    FlyEmuTimingSpan s = tm->spans[i];
    if (s.end <= b || s.begin >= e)
      continue;
    if (map[s.row] < 0) {
      map[s.row] = (int)r->timelineRows;
      snprintf(r->timelineRowName[r->timelineRows++], sizeof r->timelineRowName[0], "%s",
               tm->rowName[s.row]);
    }
    s.row = (uint32_t)map[s.row];
    s.begin = maxU64(s.begin, b);
    s.end = minU64(s.end, e);
    r->spans[r->numSpans++] = s;
  }
  r->timelineBegin = b;
  r->timelineEnd = e;
  return true;
}

bool emuTmFillReport(const EmuTm *tm, FlyEmuTimingReport *r) {
  const FlyHwProduct *p = tm->cfg.plan->product;
  r->simds = tm->simds;
  for (uint32_t c = 0; c < tm->numCus; ++c)
    r->simCus += tm->cus[c].queueLen > 0;
  r->simGroups = tm->groups;
  r->cycles = tm->cycles;
  r->simdCycles = tm->cycles * tm->simds * r->simCus;
  for (uint32_t c = 0; c < tm->numCus; ++c)
    for (int k = 0; k < FLY_EMU_NUM_STALLS; ++k)
      r->stall[k] += tm->cus[c].stall[k];
  r->mfmaUtilization = r->simdCycles ? (double)r->stall[FLY_EMU_STALL_MFMA] / (double)r->simdCycles : 0;
  r->computeUs = (double)tm->cycles / (p->clockGHz * 1e3);
  double lineBytes = tm->hw->mem.l2.lineBytes;
  double bytes = (double)tm->linesCount * lineBytes;
  if (tm->cfg.knownBytes > bytes)
    bytes = tm->cfg.knownBytes;
  r->uniqueBytes = (uint64_t)bytes;
  r->hbmUs = p->hbmBytesPerSec > 0 ? bytes / p->hbmBytesPerSec * 1e6 : 0;
  r->predictedUs = r->computeUs > r->hbmUs ? r->computeUs : r->hbmUs;
  EmuMsStats ms;
  emuMsGetStats(tm->cfg.ms, &ms);
  r->l1Hits = ms.l1Hits;
  r->l1Misses = ms.l1Misses;
  r->l2Hits = ms.l2Hits;
  r->l2Misses = ms.l2Misses;
  r->mallHits = ms.mallHits;
  r->mallMisses = ms.mallMisses;
  r->vmemRequests = ms.requests[EMU_MS_LOAD] + ms.requests[EMU_MS_STORE] + ms.requests[EMU_MS_ATOMIC];
  r->smemRequests = ms.requests[EMU_MS_SCALAR];
  return fillLoop(tm, r) && fillTimeline(tm, r);
}
