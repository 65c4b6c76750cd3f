/*===- step_check.c - Properties of the step API and the instruction facts -===*
 *
 *   emu-isa-step-check --chip gfx950|gfx942 --sweep N [--seed S] [--verbose]
 *
 * For every entry of the emulator's opcode tables that the chip has, N
 * random encodings (random_encode.c); each one the emulator decodes and
 * implements runs as a two-instruction program (it, then s_endpgm) on
 * random wave states -- one with random registers, one whose registers
 * hold addresses inside a buffer and LDS so memory instructions do access
 * memory -- and must satisfy, on every sample:
 *   1. stepping with no effect record (emuWaveStep, fx NULL) leaves the
 *      same wave, LDS and memory as emuWaveRun, and stops the same way;
 *   2. stepping with a record: before emuEffectsApply, an instruction that
 *      EmuInstInfo flags as a load (or LDS DMA) has changed no register
 *      (and a DMA no LDS byte); any other instruction recorded nothing and
 *      has done everything; after emuEffectsApply the state is emuWaveRun's;
 *   3. every register the instruction changed is in EmuInstInfo.writes;
 *   4. with every register outside EmuInstInfo.reads replaced by random
 *      values, every value the instruction wrote is the same, and so are
 *      memory, LDS and the fault;
 *   5. the facts are whole: the register lists did not overflow, the issue
 *      cost is not 0, an MFMA has passes from the hardware table.
 * Properties 1 and 2 hold for every encoding the emulator runs; 3 to 5 are
 * checked on the encodings LLVM 22's disassembler also accepts (without an
 * "invalid" remark): on the others (register tuples past v255, SGPRs where
 * only VGPRs may be, ...) the facts describe the operands the text names,
 * not what the emulator happens to do. LLVM's disassembler crashes on a few
 * random encodings, so it runs in a child process per sample.
 * Prints one line per failure (at most 3 per entry) and a summary; exits 1
 * on any failure.
 *===----------------------------------------------------------------------===*/
#include <llvm-c/Disassembler.h>
#include <llvm-c/Target.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "emu_isa.h"
#include "flyc/support.h"
#include "random_encode.h"

enum {
  TEXT_ADDR = 0x1000,
  LDS_BYTES = 70000,          /* DS offsets reach 64 KiB + the address */
  BUF_BYTES = 16384,
  GROUP_BLOCK = 65536,        /* see machineInit */
};
static const uint64_t BUF_ADDR = 0x100000000ull;

/* One copy of everything an instruction can change. */
typedef struct Machine {
  EmuWave *w;
  EmuGroup *g;                /* at the start of a zeroed GROUP_BLOCK */
  uint8_t *lds, *buf;
  EmuBuffer b;
  EmuMemory mem;
} Machine;

/* The wave's group sits at the start of a zeroed block: the machine side's
 * emuWaveGetScratch reads its own group record around it, and finds no
 * private memory there, so scratch accesses fault cleanly. */
static void machineInit(Machine *m) {
  m->w = flyCalloc(1, sizeof(EmuWave));
  m->g = flyCalloc(1, GROUP_BLOCK);
  m->lds = flyCalloc(1, LDS_BYTES);
  m->buf = flyCalloc(1, BUF_BYTES);
  m->g->lds = m->lds;
  m->g->ldsSize = LDS_BYTES;
  m->g->numWaves = 1;
  m->g->waves = m->w;
  m->w->group = m->g;
  m->b = (EmuBuffer){BUF_ADDR, BUF_BYTES, m->buf};
  m->mem = (EmuMemory){&m->b, 1};
}

static void machineFree(Machine *m) {
  flyFree(m->w);
  flyFree(m->g);
  flyFree(m->lds);
  flyFree(m->buf);
}

static void machineCopy(Machine *d, const Machine *s) {
  memcpy(d->w, s->w, sizeof(EmuWave));
  d->w->group = d->g;
  memcpy(d->lds, s->lds, LDS_BYTES);
  memcpy(d->buf, s->buf, BUF_BYTES);
}

void LLVMInitializeAMDGPUTargetInfo(void);
void LLVMInitializeAMDGPUTargetMC(void);
void LLVMInitializeAMDGPUDisassembler(void);

/* An MFMA whose A or B operand is no VGPR/AGPR (LLVM prints e.g. "null"
 * there without a remark; the ISA allows only registers). */
static bool mfmaScalarAB(const char *text) {
  if (strncmp(text, "v_mfma", 6) && strncmp(text, "v_smfmac", 8))
    return false;
  const char *p = strchr(text, ',');
  for (int k = 0; p && k < 2; k++) {
    p++;
    while (*p == ' ' || *p == '\t')
      p++;
    if (*p != 'v' && *p != 'a')
      return true;
    p = strchr(p, ',');
  }
  return false;
}

/* Whether LLVM decodes the `len` bytes at b as one valid instruction of
 * `len` bytes, in a child process (exit status 0: valid). */
static bool llvmAccepts(LLVMDisasmContextRef dc, const uint8_t *b, unsigned len) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid < 0)
    return false;
  if (pid == 0) {
    char text[512];
    uint8_t code[16];
    memcpy(code, b, len);
    size_t n = LLVMDisasmInstruction(dc, code, len, 0, text, sizeof text);
    const char *t = text;
    while (*t == ' ' || *t == '\t')
      t++;
    _exit(n == len && !strstr(t, "/*") && !strstr(t, "Warning") && !mfmaScalarAB(t) ? 0 : 1);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static uint32_t r32(void) { return randomNext() ^ (randomNext() << 16); }
static uint64_t r64(void) { return (uint64_t)r32() << 32 | r32(); }

/* A random state; `addresses`: registers that make memory operands land in
 * the buffer (SGPR pairs 0x1_0000_0000 / 0x1_0000_1000, a buffer
 * descriptor at every s[4k:4k+3] with 4 KiB of records, even VGPRs small
 * aligned offsets and odd ones 1, so that v[2k:2k+1] is a flat address in
 * the buffer) and LDS (M0 small). */
static void randomState(Machine *m, bool addresses) {
  EmuWave *w = m->w;
  for (int i = 0; i < EMU_NUM_SGPRS; i++)
    w->sgpr[i] = addresses ? (const uint32_t[4]){0, 1, 0x1000, 1}[i & 3] : r32();
  for (int r = 0; r < EMU_NUM_VGPRS; r++)
    for (int l = 0; l < EMU_WAVE_LANES; l++) {
      w->vgpr[r][l] = addresses ? ((r & 1) ? 1 : r32() & 0xffc) : r32();
      w->agpr[r][l] = addresses ? ((r & 1) ? 1 : r32() & 0xffc) : r32();
    }
  w->exec = randomNext() & 3 ? ~0ull : r64();
  w->vcc = r64();
  w->m0 = addresses ? r32() & 0xfffc : r32();
  w->scc = randomNext() & 1;
  w->mode = 0x3f0; /* IEEE, DX10 clamp, denormals on: compute_pgm_rsrc1 defaults */
  w->trapsts = 0;
  w->pc = 0;
  w->retired = 0;
  w->dppExec = 0;
  for (int i = 0; i < LDS_BYTES; i++)
    m->lds[i] = (uint8_t)randomNext();
  for (int i = 0; i < BUF_BYTES; i++)
    m->buf[i] = (uint8_t)randomNext();
}

/*--- Comparing states ---------------------------------------------------------*/

/* The first difference between two waves (registers and control), or NULL. */
static const char *waveDiff(const EmuWave *a, const EmuWave *b, bool regsOnly) {
  if (memcmp(a->sgpr, b->sgpr, sizeof(a->sgpr)))
    return "SGPRs";
  if (memcmp(a->vgpr, b->vgpr, sizeof(a->vgpr)))
    return "VGPRs";
  if (memcmp(a->agpr, b->agpr, sizeof(a->agpr)))
    return "AGPRs";
  if (a->exec != b->exec)
    return "EXEC";
  if (a->vcc != b->vcc)
    return "VCC";
  if (a->m0 != b->m0)
    return "M0";
  if (a->scc != b->scc)
    return "SCC";
  if (regsOnly)
    return NULL;
  if (a->mode != b->mode || a->trapsts != b->trapsts)
    return "MODE/TRAPSTS";
  if (a->pc != b->pc)
    return "pc";
  if (a->retired != b->retired)
    return "retired count";
  return NULL;
}

static const char *machineDiff(const Machine *a, const Machine *b) {
  const char *d = waveDiff(a->w, b->w, false);
  if (d)
    return d;
  if (memcmp(a->lds, b->lds, LDS_BYTES))
    return "LDS";
  if (memcmp(a->buf, b->buf, BUF_BYTES))
    return "memory";
  return NULL;
}

static bool sameFault(int sa, const FlyEmuFault *fa, int sb, const FlyEmuFault *fb) {
  if (sa != sb)
    return false;
  if (sa != EMU_STOP_FAULT)
    return true;
  return fa->kind == fb->kind && fa->pc == fb->pc && fa->lane == fb->lane &&
         fa->address == fb->address && !strcmp(fa->message, fb->message);
}

/*--- Register sets of EmuInstInfo ------------------------------------------------*/

/* Whether register idx of `kind` is in one of the ranges. VGPR and AGPR
 * ranges wrap past 255 as the emulator's register tuples do (encodings
 * LLVM calls invalid, which the emulator runs anyway). */
static bool inRanges(const EmuRegRange *rs, int n, unsigned kind, unsigned idx) {
  for (int i = 0; i < n; i++) {
    if (!rs[i].count || rs[i].kind != kind)
      continue;
    unsigned off = kind == EMU_REG_SGPR ? idx - rs[i].first : (idx - rs[i].first) & 255;
    if (off < rs[i].count)
      return true;
  }
  return false;
}

/* The scalar state as (operand code, value) pairs: s0..s101, VCC, M0,
 * EXEC, SCC. */
enum { NSCALAR = 102 + 6 };
static void scalars(const EmuWave *w, unsigned codes[NSCALAR], uint32_t vals[NSCALAR]) {
  for (unsigned i = 0; i < 102; i++)
    codes[i] = i, vals[i] = w->sgpr[i];
  const unsigned c[6] = {EMU_OP_VCC_LO, EMU_OP_VCC_HI, EMU_OP_M0, EMU_OP_EXEC_LO,
                         EMU_OP_EXEC_HI, EMU_OP_SCC};
  const uint32_t v[6] = {(uint32_t)w->vcc, (uint32_t)(w->vcc >> 32), w->m0, (uint32_t)w->exec,
                         (uint32_t)(w->exec >> 32), w->scc};
  for (unsigned i = 0; i < 6; i++)
    codes[102 + i] = c[i], vals[102 + i] = v[i];
}

/* Property 3: the registers that differ between `before` and `after` are
 * all in `writes`. Returns the first one that is not, or NULL. */
static const char *unlistedWrite(const EmuWave *before, const EmuWave *after,
                                 const EmuInstInfo *info, char *buf, size_t cap) {
  unsigned cb[NSCALAR], ca[NSCALAR];
  uint32_t vb[NSCALAR], va[NSCALAR];
  scalars(before, cb, vb);
  scalars(after, ca, va);
  for (unsigned i = 0; i < NSCALAR; i++)
    if (vb[i] != va[i] && !inRanges(info->writes, EMU_MAX_WRITES, EMU_REG_SGPR, cb[i])) {
      snprintf(buf, cap, "scalar operand %u changed but is not in writes", cb[i]);
      return buf;
    }
  for (unsigned r = 0; r < 256; r++) {
    if (memcmp(before->vgpr[r], after->vgpr[r], sizeof(before->vgpr[r])) &&
        !inRanges(info->writes, EMU_MAX_WRITES, EMU_REG_VGPR, r)) {
      snprintf(buf, cap, "v%u changed but is not in writes", r);
      return buf;
    }
    if (memcmp(before->agpr[r], after->agpr[r], sizeof(before->agpr[r])) &&
        !inRanges(info->writes, EMU_MAX_WRITES, EMU_REG_AGPR, r)) {
      snprintf(buf, cap, "a%u changed but is not in writes", r);
      return buf;
    }
  }
  return NULL;
}

/* Replaces every register outside info->reads with random values. */
static void perturbUnread(EmuWave *w, const EmuInstInfo *info) {
  const EmuRegRange *rd = info->reads;
  for (unsigned i = 0; i < 102; i++)
    if (!inRanges(rd, EMU_MAX_READS, EMU_REG_SGPR, i))
      w->sgpr[i] = r32();
  uint32_t lo = (uint32_t)w->vcc, hi = (uint32_t)(w->vcc >> 32);
  if (!inRanges(rd, EMU_MAX_READS, EMU_REG_SGPR, EMU_OP_VCC_LO))
    lo = r32();
  if (!inRanges(rd, EMU_MAX_READS, EMU_REG_SGPR, EMU_OP_VCC_HI))
    hi = r32();
  w->vcc = (uint64_t)hi << 32 | lo;
  lo = (uint32_t)w->exec, hi = (uint32_t)(w->exec >> 32);
  if (!inRanges(rd, EMU_MAX_READS, EMU_REG_SGPR, EMU_OP_EXEC_LO))
    lo = r32();
  if (!inRanges(rd, EMU_MAX_READS, EMU_REG_SGPR, EMU_OP_EXEC_HI))
    hi = r32();
  w->exec = (uint64_t)hi << 32 | lo;
  if (!inRanges(rd, EMU_MAX_READS, EMU_REG_SGPR, EMU_OP_M0))
    w->m0 = r32();
  if (!inRanges(rd, EMU_MAX_READS, EMU_REG_SGPR, EMU_OP_SCC))
    w->scc = !w->scc;
  for (unsigned r = 0; r < 256; r++)
    for (int l = 0; l < EMU_WAVE_LANES; l++) {
      if (!inRanges(rd, EMU_MAX_READS, EMU_REG_VGPR, r))
        w->vgpr[r][l] = r32();
      if (!inRanges(rd, EMU_MAX_READS, EMU_REG_AGPR, r))
        w->agpr[r][l] = r32();
    }
}

/* Property 4: where the instruction changed a written register from its
 * value in `s`, the run from the perturbed state wrote the same value. */
static const char *readDependence(const EmuWave *s, const EmuWave *a, const EmuWave *p,
                                  char *buf, size_t cap) {
  unsigned cs[NSCALAR], ca[NSCALAR], cp[NSCALAR];
  uint32_t vs[NSCALAR], va[NSCALAR], vp[NSCALAR];
  scalars(s, cs, vs);
  scalars(a, ca, va);
  scalars(p, cp, vp);
  for (unsigned i = 0; i < NSCALAR; i++)
    if (va[i] != vs[i] && va[i] != vp[i]) {
      snprintf(buf, cap, "scalar operand %u depends on a register outside reads", cs[i]);
      return buf;
    }
  for (unsigned r = 0; r < 256; r++)
    for (int l = 0; l < EMU_WAVE_LANES; l++) {
      if (a->vgpr[r][l] != s->vgpr[r][l] && a->vgpr[r][l] != p->vgpr[r][l]) {
        snprintf(buf, cap, "v%u depends on a register outside reads", r);
        return buf;
      }
      if (a->agpr[r][l] != s->agpr[r][l] && a->agpr[r][l] != p->agpr[r][l]) {
        snprintf(buf, cap, "a%u depends on a register outside reads", r);
        return buf;
      }
    }
  return NULL;
}

/*--- One sample ------------------------------------------------------------------*/

typedef struct Ctx {
  FlyChip chip;
  LLVMDisasmContextRef dc;
  size_t valid;                 /* samples LLVM accepts (properties 3-5) */
  Machine s, a, b, c;
  size_t samples, failures;
  unsigned shown;
  bool verbose;
} Ctx;

static int runWhole(Machine *m, const EmuExecEnv *env0, FlyEmuFault *f) {
  EmuExecEnv env = *env0;
  env.mem = &m->mem;
  memset(f, 0, sizeof(*f));
  return emuWaveRun(m->w, &env, f);
}

/* Steps to the end; with `fx`, applies each step's effects after it. The
 * first step's record is left in *first (pre-apply checks). */
static int stepWhole(Machine *m, const EmuExecEnv *env0, bool withFx, FlyEmuFault *f,
                     bool (*atFirst)(Ctx *, Machine *, const EmuEffects *, const EmuStepOut *,
                                     const char **),
                     Ctx *ctx, const char **why) {
  EmuExecEnv env = *env0;
  env.mem = &m->mem;
  memset(f, 0, sizeof(*f));
  for (int k = 0;; k++) {
    EmuEffect items[EMU_MAX_EFFECTS];
    EmuEffects fx = {items, 0, EMU_MAX_EFFECTS, false};
    EmuStepOut out;
    int s = emuWaveStep(m->w, &env, withFx ? &fx : NULL, &out, f);
    if (withFx && k == 0 && atFirst && s != EMU_STOP_FAULT && !atFirst(ctx, m, &fx, &out, why))
      return -1;
    if (withFx)
      emuEffectsApply(m->w, &fx);
    if (s != EMU_STOP_STEPPED)
      return s;
  }
}

/* Property 2, before emuEffectsApply of the first step. */
static bool preApply(Ctx *x, Machine *m, const EmuEffects *fx, const EmuStepOut *out,
                     const char **why) {
  const EmuInstInfo *info = out->info;
  bool deferred = info->flags & (EMU_I_LOAD | EMU_I_LDS_DMA);
  if (!deferred) {
    if (fx->count) {
      *why = "a non-load recorded deferred effects";
      return false;
    }
    return true;
  }
  if (waveDiff(x->s.w, m->w, true)) {
    *why = "a load changed a register before its effects were applied";
    return false;
  }
  if ((info->flags & EMU_I_LDS_DMA) && memcmp(x->s.lds, m->lds, LDS_BYTES)) {
    *why = "an LDS DMA wrote LDS before its effects were applied";
    return false;
  }
  return true;
}

static void fail(Ctx *x, const char *name, const uint8_t *b, unsigned len, const char *why) {
  x->failures++;
  if (x->shown++ >= 3)
    return;
  printf("MISMATCH %s %s:", x->chip == FLY_CHIP_GFX950 ? "gfx950" : "gfx942", name);
  for (unsigned k = 0; k < len; k += 4)
    printf(" %02x%02x%02x%02x", b[k + 3], b[k + 2], b[k + 1], b[k]);
  printf(": %s\n", why);
}

/* Runs one encoding on two random states; returns false when it is not
 * runnable (undecodable here, no handler). */
static bool sample(Ctx *x, const uint8_t *enc) {
  EmuInst in;
  if (!emuDecodeOne(enc, 16, x->chip, &in) || !in.name || !emuHandlerFind(in.name))
    return false;
  uint8_t code[20];
  memcpy(code, enc, in.size);
  const uint8_t endpgm[4] = {0x00, 0x00, 0x81, 0xbf};
  memcpy(code + in.size, endpgm, 4);
  FlyEmuFault pf;
  EmuProgram *prog = emuProgramCreate(code, in.size + 4u, TEXT_ADDR, x->chip, &pf);
  if (!prog)
    return false;
  EmuInstInfo chk;
  const EmuInstInfo *info = emuProgramInstInfo(prog, 0);
  char why[160];
  const char *bad = NULL;
  bool valid = llvmAccepts(x->dc, enc, in.size);
  x->valid += valid;
  if (!valid)
    ;
  else if (!emuInstInfoCompute(&in, true, x->chip, &chk))
    bad = "the register lists overflow EMU_MAX_READS/EMU_MAX_WRITES";
  else if (!info->issueCycles)
    bad = "no issue cost";
  else if (info->unit == EMU_UNIT_MFMA && !info->mfmaPasses)
    bad = "an MFMA without passes in the hardware table";
  EmuExecEnv env = {NULL, prog, x->chip, 16, false};
  for (int v = 0; v < 2 && !bad; v++) {
    randomState(&x->s, v == 1);
    x->samples++;
    FlyEmuFault fa, fb, fc, fp;
    machineCopy(&x->a, &x->s);
    int sa = runWhole(&x->a, &env, &fa);
    machineCopy(&x->b, &x->s);
    int sb = stepWhole(&x->b, &env, false, &fb, NULL, x, &bad);
    if (!sameFault(sa, &fa, sb, &fb))
      bad = "stepping stops differently from emuWaveRun";
    else if ((bad = machineDiff(&x->a, &x->b)))
      snprintf(why, sizeof why, "stepping leaves different %s from emuWaveRun", bad), bad = why;
    if (bad)
      break;
    machineCopy(&x->c, &x->s);
    int sc = stepWhole(&x->c, &env, true, &fc, preApply, x, &bad);
    if (bad)
      break;
    if (!sameFault(sa, &fa, sc, &fc))
      bad = "stepping with effects stops differently from emuWaveRun";
    else if ((bad = machineDiff(&x->a, &x->c)))
      snprintf(why, sizeof why, "applied effects leave different %s from emuWaveRun", bad),
          bad = why;
    if (bad)
      break;
    if (!valid)
      continue;
    if ((bad = unlistedWrite(x->s.w, x->a.w, info, why, sizeof why)))
      break;
    machineCopy(&x->b, &x->s);
    perturbUnread(x->b.w, info);
    int sp = runWhole(&x->b, &env, &fp);
    if (!sameFault(sa, &fa, sp, &fp))
      bad = "the fault depends on a register outside reads";
    else if (memcmp(x->a.buf, x->b.buf, BUF_BYTES) || memcmp(x->a.lds, x->b.lds, LDS_BYTES))
      bad = "memory or LDS depends on a register outside reads";
    else
      bad = readDependence(x->s.w, x->a.w, x->b.w, why, sizeof why);
  }
  if (bad)
    fail(x, in.name, enc, in.size, bad);
  emuProgramDestroy(prog);
  return true;
}

/*--- The sweep -------------------------------------------------------------------*/

typedef struct Table {
  const EmuOpName *t;
  unsigned n;
  EmuFormat fmt;
} Table;

static int sweep(FlyChip chip, unsigned samples, uint64_t seed, bool verbose) {
  const Table tables[] = {
      {emuOpNamesSop2, 128, EMU_FMT_SOP2},   {emuOpNamesSopk, 32, EMU_FMT_SOPK},
      {emuOpNamesSop1, 256, EMU_FMT_SOP1},   {emuOpNamesSopc, 128, EMU_FMT_SOPC},
      {emuOpNamesSopp, 128, EMU_FMT_SOPP},   {emuOpNamesSmem, 256, EMU_FMT_SMEM},
      {emuOpNamesVop2, 64, EMU_FMT_VOP2},    {emuOpNamesVop1, 256, EMU_FMT_VOP1},
      {emuOpNamesVopc, 256, EMU_FMT_VOPC},   {emuOpNamesVop3, 1024, EMU_FMT_VOP3},
      {emuOpNamesVop3p, 128, EMU_FMT_VOP3P}, {emuOpNamesDs, 256, EMU_FMT_DS},
      {emuOpNamesMubuf, 128, EMU_FMT_MUBUF}, {emuOpNamesMtbuf, 16, EMU_FMT_MTBUF},
      {emuOpNamesFlat, 128, EMU_FMT_FLAT},   {emuOpNamesScratch, 128, EMU_FMT_SCRATCH},
      {emuOpNamesGlobal, 128, EMU_FMT_GLOBAL}};
  const char *cpu = chip == FLY_CHIP_GFX950 ? "gfx950" : "gfx942";
  const char *triple = "amdgcn-amd-amdhsa";
  LLVMDisasmContextRef dc = LLVMCreateDisasmCPU(triple, cpu, NULL, 0, NULL, NULL);
  if (!dc) {
    printf("ERROR: no LLVM disassembler for %s\n", cpu);
    return 1;
  }
  Ctx x = {chip, dc, 0, {0}, {0}, {0}, {0}, 0, 0, 0, verbose};
  machineInit(&x.s), machineInit(&x.a), machineInit(&x.b), machineInit(&x.c);
  size_t entries = 0, ran = 0, noHandler = 0, badEntries = 0;
  for (size_t ti = 0; ti < sizeof(tables) / sizeof(tables[0]); ti++) {
    const Table *tb = &tables[ti];
    for (unsigned op = 0; op < tb->n; op++) {
      const EmuOpName *e = &tb->t[op];
      if (!e->name || !emuOpOnChip(e, chip))
        continue;
      entries++;
      if (!emuHandlerFind(e->name)) {
        noHandler++;
        continue;
      }
      uint64_t z = seed + ((uint64_t)tb->fmt << 40) + ((uint64_t)op << 20) + 0x9e3779b97f4a7c15ull;
      z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
      z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
      randomEncodeSeed((z ^ (z >> 31)) | 1);
      size_t before = x.failures, runs = 0;
      x.shown = 0;
      for (unsigned s = 0; s < samples * 8 && runs < samples; s++) {
        uint8_t b[16] = {0};
        randomEncode(tb->fmt, op, b);
        runs += sample(&x, b);
      }
      if (runs)
        ran++;
      else
        printf("UNRUN %s %s: none of %u encodings decodes to a runnable instruction\n", cpu,
               e->name, samples * 8);
      if (x.failures > before)
        badEntries++;
      else if (verbose && runs)
        printf("OK %s %s: %zu encodings\n", cpu, e->name, runs);
    }
  }
  printf("%s: %zu table entries, %zu run, %zu without a handler, %zu samples (%zu of "
         "encodings LLVM accepts), %zu entries with failures (%zu samples)\n",
         cpu, entries, ran, noHandler, x.samples, 2 * x.valid, badEntries, x.failures);
  LLVMDisasmDispose(dc);
  machineFree(&x.s), machineFree(&x.a), machineFree(&x.b), machineFree(&x.c);
  return badEntries ? 1 : 0;
}

int main(int argc, char **argv) {
  FlyChip chip = FLY_CHIP_GFX950;
  unsigned samples = 0;
  uint64_t seed = 1;
  bool verbose = false;
  LLVMInitializeAMDGPUTargetInfo();
  LLVMInitializeAMDGPUTargetMC();
  LLVMInitializeAMDGPUDisassembler();
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--verbose")) {
      verbose = true;
    } else if (!strcmp(a, "--chip") && v) {
      if (strcmp(v, "gfx950") && strcmp(v, "gfx942")) {
        fprintf(stderr, "error: unknown --chip '%s' (expected gfx950 or gfx942)\n", v);
        return 2;
      }
      chip = strcmp(v, "gfx950") ? FLY_CHIP_GFX942 : FLY_CHIP_GFX950;
      i++;
    } else if (!strcmp(a, "--sweep") && v) {
      samples = (unsigned)strtoul(v, NULL, 0);
      i++;
    } else if (!strcmp(a, "--seed") && v) {
      seed = strtoull(v, NULL, 0);
      i++;
    } else {
      fprintf(stderr, "usage: emu-isa-step-check [--chip gfx950|gfx942] --sweep N "
                      "[--seed S] [--verbose]\n");
      return 2;
    }
  }
  if (!samples) {
    fprintf(stderr, "error: --sweep N (N >= 1) is required\n");
    return 2;
  }
  return sweep(chip, samples, seed, verbose);
}
