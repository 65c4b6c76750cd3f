/*===- emu_hazard.c - Missing waits, barriers and wait states -------------===*
 *
 * Three kinds of state, all per wave except the LDS map:
 *   - the wave's unretired memory operations in issue order (the counters'
 *     view): an s_waitcnt retires exactly the operations the ISA guarantees
 *     complete, and registers a pending load writes stay marked until then;
 *   - one record per LDS byte: the last write (wave, operation, epoch) and
 *     the waves that read it in the current epoch;
 *   - per register, when (in wait states) an MFMA, a VALU and a
 *     transcendental instruction last wrote it and an MFMA last read it as
 *     SrcC, compared with the wait states of flyc/hw.h.
 *===----------------------------------------------------------------------===*/
#include "emu_hazard.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "flyc/hw.h"
#include "flyc/support.h"

enum {
  HAZ_AGPR0 = EMU_NUM_VGPRS,                    /* unified register index */
  HAZ_SGPR0 = EMU_NUM_VGPRS + EMU_NUM_AGPRS,
  HAZ_NREGS = HAZ_SGPR0 + EMU_NUM_SGPRS,
  HAZ_TEXT = 88,                                /* quoted instruction text: the
                                                   reporting one ... */
  HAZ_OTHER = 64,                               /* ... and the other one, so that
                                                   a report fits FlyEmuFault */
  HAZ_MAX_OPS = 256,                            /* unretired operations per wave */
};

/* Wait-state stamps start here, so that 0 ("never") is always far back. */
#define HAZ_WS_BASE 1024u

/* One unretired memory operation. */
typedef struct HazOp {
  uint32_t seq;             /* issue number in its wave, from 1 */
  uint32_t pc;
  uint8_t vmInc, lgkmInc;
  bool lds;                 /* an LDS instruction: in order on lgkmcnt */
  EmuRegRange dst[EMU_MAX_WRITES];
} HazOp;

typedef struct HazReg {
  uint64_t mfmaW, srcCR, valuW, transW; /* wait-state stamps, 0: never */
  uint32_t mfmaPc, srcCPc, valuPc, transPc;
  uint32_t pend;            /* seq of the unretired load writing it, 0: none */
  uint16_t mfmaFirst;       /* that MFMA's destination range */
  uint8_t mfmaCount, mfmaPasses, mfmaKind, srcCPasses;
} HazReg;

typedef struct HazWave {
  uint64_t ws;              /* wait states issued so far, from HAZ_WS_BASE */
  uint64_t execW;           /* last VALU write of EXEC */
  uint32_t execPc;
  uint32_t nextSeq;
  uint32_t numOps;
  uint32_t vmDone, ldsDone; /* every VMEM / LDS operation up to this seq retired */
  uint32_t arriveVm, arriveLds; /* the same when it arrived at the barrier */
  uint32_t startVm, startLds;   /* ... at the barrier that began the epoch */
  bool ended;
  HazOp *ops;               /* unretired operations, in issue order */
  HazReg reg[HAZ_NREGS];
} HazWave;

/* What is known of one LDS byte. Waves are stored +1 (0: none). */
typedef struct HazLds {
  uint32_t wEpoch, wSeq, wPc;
  uint32_t rEpoch;
  uint32_t rPc[2];
  uint16_t rMask;           /* waves that read it in epoch rEpoch */
  uint8_t wWave, wDma;
  uint8_t rWave[2];         /* two of those readers, for the report */
} HazLds;

struct EmuHaz {
  FlyChip chip;
  FlyChip hwChip;
  const uint8_t *code;
  size_t codeSize;
  uint32_t maxWaves, numWaves, ldsSize;
  uint32_t epoch;           /* barrier generation, from 1 */
  uint32_t vmMax, lgkmMax, opCap;
  uint8_t *kindCache;       /* per 4-byte pc: MFMA kind + 1, 0 unknown */
  HazLds *lds;
  HazWave *waves;
};

/*--- Set-up -------------------------------------------------------------------*/

EmuHaz *emuHazCreate(FlyChip chip, const uint8_t *code, size_t codeSize,
                     uint32_t maxWaves, uint32_t ldsSize) {
  EmuHaz *h = flyCalloc(1, sizeof *h);
  if (!h)
    return NULL;
  h->chip = chip;
  h->hwChip = chip;
  const FlyHwChip *hw = flyHwChipGet(h->hwChip);
  h->code = code;
  h->codeSize = codeSize;
  h->maxWaves = maxWaves;
  h->ldsSize = ldsSize;
  h->vmMax = hw->mem.vmcntMax;
  h->lgkmMax = hw->mem.lgkmcntMax;
  h->opCap = h->vmMax + h->lgkmMax + 2;
  if (h->opCap > HAZ_MAX_OPS)
    h->opCap = HAZ_MAX_OPS;
  h->kindCache = flyCalloc(codeSize / 4 + 1, 1);
  h->lds = flyCalloc(ldsSize ? ldsSize : 1, sizeof(HazLds));
  h->waves = flyCalloc(maxWaves ? maxWaves : 1, sizeof(HazWave));
  bool ok = h->kindCache && h->lds && h->waves;
  for (uint32_t w = 0; ok && w < maxWaves; ++w)
    ok = (h->waves[w].ops = flyCalloc(h->opCap, sizeof(HazOp))) != NULL;
  if (!ok) {
    emuHazDestroy(h);
    return NULL;
  }
  return h;
}

void emuHazDestroy(EmuHaz *h) {
  if (!h)
    return;
  for (uint32_t w = 0; h->waves && w < h->maxWaves; ++w)
    flyFree(h->waves[w].ops);
  flyFree(h->waves);
  flyFree(h->lds);
  flyFree(h->kindCache);
  flyFree(h);
}

void emuHazReset(EmuHaz *h, uint32_t numWaves) {
  h->numWaves = numWaves < h->maxWaves ? numWaves : h->maxWaves;
  h->epoch = 1;
  memset(h->lds, 0, (size_t)h->ldsSize * sizeof(HazLds));
  for (uint32_t i = 0; i < h->numWaves; ++i) {
    HazWave *w = &h->waves[i];
    HazOp *ops = w->ops;
    memset(w, 0, sizeof *w);
    w->ops = ops;
    w->ws = HAZ_WS_BASE;
    w->nextSeq = 1;
  }
}

/*--- Reports --------------------------------------------------------------------*/

/* The instruction at `pc` in LLVM's syntax, cut to `cap` - 1 characters. */
static void instTextCap(const EmuHaz *h, uint64_t pc, char *buf, int cap) {
  FlyEmuInstText t;
  if (pc < h->codeSize && flyEmuDecodeText(h->chip, h->code + pc, h->codeSize - pc, &t))
    snprintf(buf, (size_t)cap, "%.*s", cap - 1, t.text);
  else
    snprintf(buf, (size_t)cap, "?");
}

/* The reporting instruction (HAZ_TEXT) and the other one (HAZ_OTHER). */
static void instText(const EmuHaz *h, uint64_t pc, char *buf) {
  instTextCap(h, pc, buf, HAZ_TEXT);
}
static void otherText(const EmuHaz *h, uint64_t pc, char *buf) {
  instTextCap(h, pc, buf, HAZ_OTHER);
}

static void regName(unsigned r, char *buf, size_t cap) {
  if (r < HAZ_AGPR0)
    snprintf(buf, cap, "v%u", r);
  else if (r < HAZ_SGPR0)
    snprintf(buf, cap, "a%u", r - HAZ_AGPR0);
  else
    snprintf(buf, cap, "s%u", r - HAZ_SGPR0);
}

static bool report(FlyEmuFault *f, const EmuStepOut *out, uint32_t wave, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool report(FlyEmuFault *f, const EmuStepOut *out, uint32_t wave, const char *fmt, ...) {
  memset(f, 0, sizeof *f);
  f->kind = FLY_EMU_FAULT_HAZARD;
  f->pc = out->pc;
  f->wave = (int)wave;
  f->lane = -1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->message, sizeof f->message, fmt, ap);
  va_end(ap);
  return false;
}

/*--- Registers ----------------------------------------------------------------------*/

/* Unified index of register `i` of range `rr`, or -1 past the file. */
static int regIndex(const EmuRegRange *rr, unsigned i) {
  unsigned r = rr->first + i;
  switch (rr->kind) {
  case EMU_REG_VGPR: return r < EMU_NUM_VGPRS ? (int)r : -1;
  case EMU_REG_AGPR: return r < EMU_NUM_AGPRS ? (int)(HAZ_AGPR0 + r) : -1;
  default: return r < EMU_NUM_SGPRS ? (int)(HAZ_SGPR0 + r) : -1;
  }
}

static HazOp *findOp(HazWave *w, uint32_t seq) {
  for (uint32_t i = 0; i < w->numOps; ++i)
    if (w->ops[i].seq == seq)
      return &w->ops[i];
  return NULL;
}

/* The wait that would have retired `op`: "vmcnt(K)" or "lgkmcnt(K)" with the
 * largest K, from the unretired operations issued after it. */
static void neededWait(const HazWave *w, const HazOp *op, char *buf, size_t cap) {
  uint32_t vm = 0, lds = 0;
  for (uint32_t i = 0; i < w->numOps; ++i) {
    const HazOp *o = &w->ops[i];
    if (o->seq <= op->seq)
      continue;
    vm += o->vmInc;
    lds += o->lds ? o->lgkmInc : 0;
  }
  if (op->vmInc)
    snprintf(buf, cap, "vmcnt(%u)", op->vmInc + vm - 1);
  else if (op->lds)
    snprintf(buf, cap, "lgkmcnt(%u)", op->lgkmInc + lds - 1);
  else
    snprintf(buf, cap, "lgkmcnt(0)");
}

/* A register the instruction reads or writes while a load writing it is
 * unretired. A VMEM load may overwrite the pending destination of an
 * earlier VMEM load: they write in issue order (LLVM's SIInsertWaitcnts
 * relies on the same). */
static bool checkPending(EmuHaz *h, HazWave *w, uint32_t wave, const EmuStepOut *out,
                         FlyEmuFault *f) {
  const EmuInstInfo *in = out->info;
  bool vmemWrite = in->vmInc && !in->lgkmInc;
  for (int side = 0; side < 2; ++side) {
    const EmuRegRange *rr = side ? in->writes : in->reads;
    int n = side ? EMU_MAX_WRITES : EMU_MAX_READS;
    for (int k = 0; k < n; ++k) {
      for (unsigned i = 0; i < rr[k].count; ++i) {
        int r = regIndex(&rr[k], i);
        if (r < 0 || !w->reg[r].pend)
          continue;
        HazOp *op = findOp(w, w->reg[r].pend);
        if (!op || (side && vmemWrite && op->vmInc && !op->lgkmInc))
          continue;
        char self[HAZ_TEXT], load[HAZ_TEXT], reg[16], wait[24];
        instText(h, out->pc, self);
        otherText(h, op->pc, load);
        regName((unsigned)r, reg, sizeof reg);
        neededWait(w, op, wait, sizeof wait);
        return report(f, out, wave, "%s %s %s before '%s' (pc 0x%x) wrote it: needs s_waitcnt %s",
                      self, side ? "overwrites" : "reads", reg, load, op->pc, wait);
      }
    }
  }
  return true;
}

/*--- Counters -------------------------------------------------------------------------*/

/* Every VMEM / LDS operation up to the returned seq is retired. */
static uint32_t doneMark(const HazWave *w, bool lds) {
  for (uint32_t i = 0; i < w->numOps; ++i) {
    const HazOp *o = &w->ops[i];
    if (lds ? o->lds : o->vmInc != 0)
      return o->seq - 1;
  }
  return w->nextSeq - 1;
}

static void removeRetired(HazWave *w, const bool *retired) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < w->numOps; ++i) {
    HazOp *o = &w->ops[i];
    if (!retired[i]) {
      w->ops[n++] = *o;
      continue;
    }
    for (int k = 0; k < EMU_MAX_WRITES; ++k)
      for (unsigned j = 0; j < o->dst[k].count; ++j) {
        int r = regIndex(&o->dst[k], j);
        if (r >= 0 && w->reg[r].pend == o->seq)
          w->reg[r].pend = 0;
      }
  }
  w->numOps = n;
  w->vmDone = doneMark(w, false);
  w->ldsDone = doneMark(w, true);
}

/* s_waitcnt vmcnt(vmN) lgkmcnt(lgkmM): an operation is retired when it
 * cannot still be outstanding with the counters at or below the thresholds.
 * VMEM operations return in order, so one outstanding keeps every later one
 * outstanding too: it is retired when its increment plus theirs exceeds vmN.
 * LDS operations are in order on lgkmcnt the same way. SMEM (and FLAT on
 * lgkmcnt) return out of order, and a multi-dword SMEM load may count down
 * part of its increment before the rest returns, so only lgkmcnt(0) is sure
 * to have retired one (cdna-timing-facts §6; LLVM's SIInsertWaitcnts waits
 * with 0 for them too). */
static void retireWait(HazWave *w, uint32_t vmN, uint32_t lgkmM) {
  bool retired[HAZ_MAX_OPS];
  uint32_t youngerVm = 0, youngerLds = 0;
  for (uint32_t i = w->numOps; i-- > 0;) {
    const HazOp *o = &w->ops[i];
    bool byVm = o->vmInc && o->vmInc + youngerVm > vmN;
    bool byLgkm = o->lgkmInc && (o->lds ? o->lgkmInc + youngerLds > lgkmM : lgkmM == 0);
    retired[i] = byVm || byLgkm;
    youngerVm += o->vmInc;
    youngerLds += o->lds ? o->lgkmInc : 0;
  }
  removeRetired(w, retired);
}

/* Retires the oldest operations until `vmInc`/`lgkmInc` more fit in the
 * counters: a counter cannot hold more, so the oldest must have returned
 * (an assumption: whether issue stalls on a full counter is unconfirmed). */
static void makeRoom(EmuHaz *h, HazWave *w, unsigned vmInc, unsigned lgkmInc) {
  for (;;) {
    uint32_t vm = 0, lgkm = 0;
    for (uint32_t i = 0; i < w->numOps; ++i) {
      vm += w->ops[i].vmInc;
      lgkm += w->ops[i].lgkmInc;
    }
    bool vmFull = vmInc && vm + vmInc > h->vmMax;
    bool lgkmFull = lgkmInc && lgkm + lgkmInc > h->lgkmMax;
    if (!vmFull && !lgkmFull && w->numOps < h->opCap)
      return;
    bool retired[HAZ_MAX_OPS] = {false};
    for (uint32_t i = 0; i < w->numOps; ++i) {
      const HazOp *o = &w->ops[i];
      if ((vmFull && o->vmInc) || (lgkmFull && o->lgkmInc) || (!vmFull && !lgkmFull)) {
        retired[i] = true;
        break;
      }
    }
    removeRetired(w, retired);
  }
}

/* Appends the operation the instruction started; returns its seq. */
static uint32_t pushOp(EmuHaz *h, HazWave *w, const EmuStepOut *out) {
  const EmuInstInfo *in = out->info;
  makeRoom(h, w, in->vmInc, in->lgkmInc);
  HazOp *o = &w->ops[w->numOps++];
  memset(o, 0, sizeof *o);
  o->seq = w->nextSeq++;
  o->pc = (uint32_t)out->pc;
  o->vmInc = in->vmInc;
  o->lgkmInc = in->lgkmInc;
  o->lds = in->unit == EMU_UNIT_LDS;
  if (in->flags & (EMU_I_LOAD | EMU_I_ATOMIC)) {
    memcpy(o->dst, in->writes, sizeof o->dst);
    for (int k = 0; k < EMU_MAX_WRITES; ++k)
      for (unsigned j = 0; j < o->dst[k].count; ++j) {
        int r = regIndex(&o->dst[k], j);
        if (r >= 0)
          w->reg[r].pend = o->seq;
      }
  }
  return o->seq;
}

/*--- LDS ----------------------------------------------------------------------------------*/

typedef struct LdsAccess {
  bool read, write, dma;
} LdsAccess;

static LdsAccess ldsAccess(const EmuInstInfo *in) {
  LdsAccess a = {false, false, (in->flags & EMU_I_LDS_DMA) != 0};
  if (a.dma) {
    a.write = true;
    return a;
  }
  a.write = (in->flags & (EMU_I_STORE | EMU_I_ATOMIC)) != 0;
  a.read = (in->flags & (EMU_I_LOAD | EMU_I_ATOMIC)) != 0 || !a.write;
  return a;
}

/* The conflict of wave `v` accessing byte `b` with what is recorded there. */
static bool checkLdsByte(EmuHaz *h, uint32_t v, const EmuStepOut *out, LdsAccess a, uint32_t b,
                         int lane, FlyEmuFault *f) {
  const HazLds *st = &h->lds[b];
  HazWave *self = &h->waves[v];
  char me[HAZ_TEXT], other[HAZ_TEXT], wait[24];
  if (st->wWave == v + 1 && st->wDma && st->wSeq > self->vmDone) {
    HazOp *op = findOp(self, st->wSeq);
    if (op) {
      instText(h, out->pc, me);
      otherText(h, op->pc, other);
      neededWait(self, op, wait, sizeof wait);
      report(f, out, v, "%s %s LDS 0x%x before its LDS DMA '%s' (pc 0x%x) landed: needs s_waitcnt %s",
             me, a.write ? "writes" : "reads", b, other, op->pc, wait);
      f->lane = lane;
      f->address = b;
      return false;
    }
  }
  if (st->wWave && st->wWave != v + 1) {
    uint32_t wv = st->wWave - 1u;
    const HazWave *w = &h->waves[wv];
    /* Retired before the barrier that began this epoch: a write of this
     * epoch never is, since the marks are taken at that barrier. */
    bool retiredBefore = st->wSeq <= (st->wDma ? w->startVm : w->startLds);
    if (!retiredBefore) {
      instText(h, out->pc, me);
      otherText(h, st->wPc, other);
      if (st->wEpoch == h->epoch)
        report(f, out, v, "%s %s LDS 0x%x that wave %u wrote in the same barrier epoch with "
               "'%s' (pc 0x%x): missing s_barrier", me, a.write ? "writes" : "reads", b, wv,
               other, st->wPc);
      else
        report(f, out, v, "%s %s LDS 0x%x that wave %u wrote with '%s' (pc 0x%x) without "
               "waiting for it before the barrier: missing s_waitcnt %s before s_barrier", me,
               a.write ? "writes" : "reads", b, wv, other, st->wPc,
               st->wDma ? "vmcnt" : "lgkmcnt");
      f->lane = lane;
      f->address = b;
      return false;
    }
  }
  if (a.write && st->rEpoch == h->epoch && (st->rMask & ~(1u << v))) {
    int slot = st->rWave[0] && st->rWave[0] != v + 1   ? 0
               : st->rWave[1] && st->rWave[1] != v + 1 ? 1
                                                       : -1;
    unsigned rv = 0;
    while (!(st->rMask & ~(1u << v) & (1u << rv)))
      ++rv;
    bool known = slot >= 0;
    if (known)
      rv = st->rWave[slot] - 1u;
    instText(h, out->pc, me);
    if (known) {
      otherText(h, st->rPc[slot], other);
      report(f, out, v, "%s %s LDS 0x%x that wave %u read in the same barrier epoch with "
             "'%s' (pc 0x%x): missing s_barrier", me, a.dma ? "may land on" : "overwrites", b,
             rv, other, st->rPc[slot]);
    } else {
      report(f, out, v, "%s %s LDS 0x%x that wave %u read in the same barrier epoch: "
             "missing s_barrier", me, a.dma ? "may land on" : "overwrites", b, rv);
    }
    f->lane = lane;
    f->address = b;
    return false;
  }
  return true;
}

static void recordLdsByte(EmuHaz *h, uint32_t v, uint32_t pc, LdsAccess a, uint32_t seq,
                          uint32_t b) {
  HazLds *st = &h->lds[b];
  if (a.read) {
    if (st->rEpoch != h->epoch) {
      st->rEpoch = h->epoch;
      st->rMask = 0;
      st->rWave[0] = st->rWave[1] = 0;
    }
    st->rMask |= (uint16_t)(1u << v);
    int slot = !st->rWave[0] || st->rWave[0] == v + 1 ? 0 : 1;
    st->rWave[slot] = (uint8_t)(v + 1);
    st->rPc[slot] = pc;
  }
  if (a.write) {
    st->wWave = (uint8_t)(v + 1);
    st->wDma = a.dma;
    st->wSeq = seq;
    st->wEpoch = h->epoch;
    st->wPc = pc;
  }
}

/* Every byte the instruction touches (both elements of a read2/write2) is
 * checked before any is recorded, so that lanes of one instruction never
 * conflict with each other. */
static bool checkLds(EmuHaz *h, uint32_t v, const EmuStepOut *out, FlyEmuFault *f) {
  LdsAccess a = ldsAccess(out->info);
  const EmuStepMem *m = &out->mem;
  for (int l = 0; l < EMU_WAVE_LANES; ++l) {
    if (!(m->lanes >> l & 1))
      continue;
    for (int e = 0; e < (m->lds2 ? 2 : 1); ++e)
      for (uint32_t i = 0; i < m->bytes; ++i) {
        uint64_t b = (uint64_t)(uint32_t)(m->lds[l] + (e ? m->lds2 : 0)) + i;
        if (b < h->ldsSize && !checkLdsByte(h, v, out, a, (uint32_t)b, l, f))
          return false;
      }
  }
  return true;
}

static void recordLds(EmuHaz *h, uint32_t v, const EmuStepOut *out, uint32_t seq) {
  LdsAccess a = ldsAccess(out->info);
  const EmuStepMem *m = &out->mem;
  for (int l = 0; l < EMU_WAVE_LANES; ++l) {
    if (!(m->lanes >> l & 1))
      continue;
    for (int e = 0; e < (m->lds2 ? 2 : 1); ++e)
      for (uint32_t i = 0; i < m->bytes; ++i) {
        uint64_t b = (uint64_t)(uint32_t)(m->lds[l] + (e ? m->lds2 : 0)) + i;
        if (b < h->ldsSize)
          recordLdsByte(h, v, (uint32_t)out->pc, a, seq, (uint32_t)b);
      }
  }
}

/*--- Wait states ------------------------------------------------------------------------*/

/* The MFMA kind of the instruction at `pc` (the hardware table's, cached). */
static FlyHwMfmaKind mfmaKind(EmuHaz *h, const EmuStepOut *out) {
  uint8_t *c = &h->kindCache[out->pc / 4 < h->codeSize / 4 + 1 ? out->pc / 4 : 0];
  if (!*c) {
    const FlyHwMfma *m = flyHwMfmaFind(out->info->name);
    FlyHwMfmaKind k = m ? m->kind : (out->info->flags & EMU_I_DGEMM) ? FLY_HW_DGEMM : FLY_HW_XDL;
    *c = (uint8_t)(k + 1);
  }
  return (FlyHwMfmaKind)(*c - 1);
}

static bool isDot(const EmuInstInfo *in) {
  return in->name && strncmp(in->name, "v_dot", 5) == 0;
}

typedef struct WsCheck {
  EmuHaz *h;
  HazWave *w;
  uint32_t wave;
  const EmuStepOut *out;
  FlyEmuFault *f;
} WsCheck;

/* Fails when the producer at `pc`, `since` wait states back, needed `need`. */
static bool wsRequire(const WsCheck *c, uint64_t stamp, unsigned need, uint32_t pc,
                      const char *what, const char *reg) {
  if (!stamp || need == 0)
    return true;
  uint64_t since = c->w->ws - stamp;
  if (since >= need)
    return true;
  char me[HAZ_TEXT], prod[HAZ_TEXT];
  instText(c->h, c->out->pc, me);
  otherText(c->h, pc, prod);
  return report(c->f, c->out, c->wave, "%s %s %s %llu wait states after '%s' (pc 0x%x): "
                "needs %u", me, what, reg, (unsigned long long)since, prod, pc, need);
}

/* The nearest MFMA that wrote a register of `rr` (as LLVM looks back for it). */
static const HazReg *lastMfmaWriter(const HazWave *w, const EmuRegRange *rr, int *regOut) {
  const HazReg *best = NULL;
  for (unsigned i = 0; i < rr->count; ++i) {
    int r = regIndex(rr, i);
    if (r >= 0 && w->reg[r].mfmaW && (!best || w->reg[r].mfmaW > best->mfmaW)) {
      best = &w->reg[r];
      *regOut = r;
    }
  }
  return best;
}

static bool sameRange(const HazReg *p, const EmuRegRange *rr) {
  int first = regIndex(rr, 0);
  return first == p->mfmaFirst && rr->count == p->mfmaCount;
}

/* The MFMA's SrcC among its reads: the third operand when it is a register
 * range as wide as the destination (an inline-constant SrcC is not listed,
 * and what follows then, a scale operand or an implicit EXEC, is no SrcC). */
static const EmuRegRange *mfmaSrcC(const EmuInstInfo *in) {
  const EmuRegRange *c = &in->reads[2], *d = &in->writes[0];
  bool vector = c->kind == EMU_REG_VGPR || c->kind == EMU_REG_AGPR;
  return vector && c->count && c->count == d->count ? c : NULL;
}

/* An MFMA's operands: VALU writes (2 ws), EXEC writes (4), earlier MFMA
 * results as SrcA/B or SrcC. */
static bool checkMfmaOperands(const WsCheck *c) {
  const EmuInstInfo *in = c->out->info;
  FlyChip chip = c->h->hwChip;
  if (!wsRequire(c, c->w->execW, flyHwExecToMfmaWaitStates(chip), c->w->execPc, "reads",
                 "exec"))
    return false;
  for (int k = 0; k < EMU_MAX_READS; ++k) {
    const EmuRegRange *rr = &in->reads[k];
    char name[16];
    for (unsigned i = 0; i < rr->count; ++i) {
      int r = regIndex(rr, i);
      if (r < 0)
        continue;
      regName((unsigned)r, name, sizeof name);
      const HazReg *g = &c->w->reg[r];
      if (!wsRequire(c, g->valuW, flyHwValuToMfmaWaitStates(chip), g->valuPc, "reads", name))
        return false;
    }
    int r = -1;
    const HazReg *p = lastMfmaWriter(c->w, rr, &r);
    if (!p)
      continue;
    bool isC = rr == mfmaSrcC(in);
    FlyHwMfmaConsumer use = !isC                ? FLY_HW_USE_SRCAB
                            : sameRange(p, rr) ? FLY_HW_USE_SRCC_SAME
                                               : FLY_HW_USE_SRCC_OVERLAP;
    unsigned need = flyHwMfmaResultWaitStates(chip, (FlyHwMfmaKind)p->mfmaKind, p->mfmaPasses, use);
    regName((unsigned)r, name, sizeof name);
    if (!wsRequire(c, p->mfmaW, need, p->mfmaPc, isC ? "reads as SrcC" : "reads", name))
      return false;
  }
  return true;
}

/* A VALU or memory instruction: MFMA results it reads (VALU / memory-read
 * wait states) or overwrites (WAW), SrcC it overwrites while an MFMA may
 * still read it (WAR), transcendental results a VALU reads. */
static bool checkOtherOperands(const WsCheck *c) {
  const EmuInstInfo *in = c->out->info;
  FlyChip chip = c->h->hwChip;
  bool valu = in->unit == EMU_UNIT_VALU;
  FlyHwMfmaConsumer readUse = valu ? FLY_HW_USE_VALU : FLY_HW_USE_MEM_READ;
  char name[16];
  for (int k = 0; k < EMU_MAX_READS; ++k) {
    const EmuRegRange *rr = &in->reads[k];
    int r = -1;
    const HazReg *p = lastMfmaWriter(c->w, rr, &r);
    if (p) {
      regName((unsigned)r, name, sizeof name);
      unsigned need = flyHwMfmaResultWaitStates(chip, (FlyHwMfmaKind)p->mfmaKind, p->mfmaPasses,
                                                readUse);
      if (!wsRequire(c, p->mfmaW, need, p->mfmaPc, "reads", name))
        return false;
    }
    for (unsigned i = 0; valu && !(in->flags & EMU_I_TRANS) && i < rr->count; ++i) {
      int t = regIndex(rr, i);
      if (t < 0)
        continue;
      regName((unsigned)t, name, sizeof name);
      if (!wsRequire(c, c->w->reg[t].transW, flyHwTransToValuWaitStates(chip),
                     c->w->reg[t].transPc, "reads", name))
        return false;
    }
  }
  for (int k = 0; k < EMU_MAX_WRITES; ++k) {
    const EmuRegRange *rr = &in->writes[k];
    int r = -1;
    const HazReg *p = lastMfmaWriter(c->w, rr, &r);
    if (p) {
      regName((unsigned)r, name, sizeof name);
      unsigned need = flyHwMfmaResultWaitStates(chip, (FlyHwMfmaKind)p->mfmaKind, p->mfmaPasses,
                                                FLY_HW_USE_VALU);
      if (!wsRequire(c, p->mfmaW, need, p->mfmaPc, "overwrites", name))
        return false;
    }
    for (unsigned i = 0; i < rr->count; ++i) {
      int t = regIndex(rr, i);
      if (t < 0)
        continue;
      const HazReg *g = &c->w->reg[t];
      regName((unsigned)t, name, sizeof name);
      if (!wsRequire(c, g->srcCR, flyHwMfmaSrcCWarWaitStates(chip, g->srcCPasses), g->srcCPc,
                     "overwrites SrcC", name))
        return false;
    }
  }
  return true;
}

static bool checkWaitStates(EmuHaz *h, HazWave *w, uint32_t wave, const EmuStepOut *out,
                            FlyEmuFault *f) {
  WsCheck c = {h, w, wave, out, f};
  switch (out->info->unit) {
  case EMU_UNIT_MFMA: return checkMfmaOperands(&c);
  case EMU_UNIT_VALU:
  case EMU_UNIT_VMEM:
  case EMU_UNIT_LDS: return checkOtherOperands(&c);
  default: return true;
  }
}

/* Stamps what the instruction wrote and read, `after` = the wave's wait
 * states once it has issued. */
static void recordWaitStates(EmuHaz *h, HazWave *w, const EmuStepOut *out, uint64_t after) {
  const EmuInstInfo *in = out->info;
  uint32_t pc = (uint32_t)out->pc;
  if (in->unit == EMU_UNIT_MFMA) {
    FlyHwMfmaKind kind = mfmaKind(h, out);
    const EmuRegRange *d = &in->writes[0];
    int first = regIndex(d, 0);
    for (unsigned i = 0; i < d->count; ++i) {
      int r = regIndex(d, i);
      if (r < 0)
        continue;
      HazReg *g = &w->reg[r];
      g->mfmaW = after;
      g->mfmaPc = pc;
      g->mfmaPasses = in->mfmaPasses;
      g->mfmaKind = (uint8_t)kind;
      g->mfmaFirst = (uint16_t)(first < 0 ? 0 : first);
      g->mfmaCount = d->count;
    }
    /* LLVM's SrcC WAR rule covers XDL MFMAs only. */
    const EmuRegRange *s = mfmaSrcC(in);
    for (unsigned i = 0; s && kind == FLY_HW_XDL && i < s->count; ++i) {
      int r = regIndex(s, i);
      if (r >= 0) {
        w->reg[r].srcCR = after;
        w->reg[r].srcCPc = pc;
        w->reg[r].srcCPasses = in->mfmaPasses;
      }
    }
    return;
  }
  if (in->unit != EMU_UNIT_VALU)
    return;
  if (in->flags & EMU_I_WRITES_EXEC) {
    w->execW = after;
    w->execPc = pc;
  }
  bool dot = isDot(in);
  for (int k = 0; k < EMU_MAX_WRITES; ++k)
    for (unsigned i = 0; i < in->writes[k].count; ++i) {
      int r = regIndex(&in->writes[k], i);
      if (r < 0)
        continue;
      if (!dot) {
        w->reg[r].valuW = after;
        w->reg[r].valuPc = pc;
      }
      if (in->flags & EMU_I_TRANS) {
        w->reg[r].transW = after;
        w->reg[r].transPc = pc;
      }
    }
}

/*--- Stepping -----------------------------------------------------------------------------*/

static void endWave(HazWave *w) {
  bool retired[HAZ_MAX_OPS];
  for (uint32_t i = 0; i < w->numOps; ++i)
    retired[i] = true;
  removeRetired(w, retired);
  w->ended = true;
}

bool emuHazStep(EmuHaz *h, uint32_t wave, const EmuStepOut *out, int stop, FlyEmuFault *fault) {
  const EmuInstInfo *in = out->info;
  if (wave >= h->numWaves || !in)
    return true;
  HazWave *w = &h->waves[wave];
  unsigned ws = in->flags & EMU_I_NOP ? in->nopWaitStates : 1;
  if (in->flags & EMU_I_WAITCNT) {
    retireWait(w, in->waitVm, in->waitLgkm);
  } else {
    if (!checkPending(h, w, wave, out, fault) ||
        (out->mem.hasLds && !checkLds(h, wave, out, fault)) ||
        !checkWaitStates(h, w, wave, out, fault))
      return false;
    uint32_t seq = in->vmInc || in->lgkmInc ? pushOp(h, w, out) : 0;
    if (out->mem.hasLds)
      recordLds(h, wave, out, seq);
    recordWaitStates(h, w, out, w->ws + ws);
  }
  w->ws += ws;
  if (stop == EMU_STOP_BARRIER) {
    w->arriveVm = w->vmDone;
    w->arriveLds = w->ldsDone;
  } else if (stop == EMU_STOP_ENDPGM) {
    endWave(w);
  }
  return true;
}

void emuHazBarrierRelease(EmuHaz *h) {
  for (uint32_t i = 0; i < h->numWaves; ++i) {
    HazWave *w = &h->waves[i];
    w->startVm = w->ended ? w->vmDone : w->arriveVm;
    w->startLds = w->ended ? w->ldsDone : w->arriveLds;
  }
  h->epoch++;
}
