/*===- isa_run.c - Run one workgroup of an assembled kernel on the emulator -===*
 *
 * A unit-test harness for the ISA side: it loads .text from an ELF code
 * object, builds EmuWave/EmuGroup/EmuMemory by hand and runs the waves of a
 * single workgroup with emuWaveRun, resolving s_barrier itself. Initial
 * state: s[0:1] = output buffer, s[2:3] = input buffer, s4 = wave index,
 * v0 = work-item id, EXEC = all lanes, every other register and LDS
 * poisoned with 0xDEADBEEF. After the run it prints the output buffer as
 * hex dwords ("OUT <index>: w0 w1 ... w7"). Kernels run here must not use
 * private memory: that lives with the machine side's scheduler
 * (emuWaveGetScratch), so scratch tests go through flyc-run.
 *
 *   emu-isa-run [--chip gfx950|gfx942] [--kernel SYM] [--waves N]
 *               [--lds BYTES] [--mode HEX] [--in-file F | --in-seed N]
 *               [--in-bytes N] [--out-bytes N] [--dump-in F] [--dump-out F]
 *               [--print N] [--step plain|apply|waitcnt] CODE.so
 *   emu-isa-run --info [--chip gfx950|gfx942] CODE.so
 *
 * --info runs nothing: it prints the timing facts (EmuInstInfo) of every
 * instruction of .text, one line each:
 *   INFO <pc> <mnemonic>: unit=<U> cycles=<N> [passes=<N>] [vm=+N] [lgkm=+N]
 *        [bytes=N] [flags...] [wait=vm:N,lgkm:N] [nop=N] [sleep=N] [prio=N]
 *        reads={<regs>} writes={<regs>}
 *
 * --step runs the waves one instruction at a time with emuWaveStep instead
 * of emuWaveRun: `plain` without an effect record (everything applies at
 * once), `apply` with one, applied right after each step, `waitcnt` with
 * one per instruction, kept pending until an s_waitcnt needs it: VMEM and
 * LGKM results each complete in issue order, as late as the kernel's waits
 * allow (s_waitcnt vmcnt(N) applies the oldest VMEM results until at most N
 * remain; s_barrier and s_endpgm apply everything). A kernel whose waits
 * are right gives the same output in every mode; one that reads a loaded
 * register or DMA'd LDS early sees the old contents under `waitcnt`.
 * --mem-trace (with --step) prints, for every instruction that touched
 * memory, the addresses of its first four active lanes (EmuStepOut.mem):
 *   MEM <pc> <mnemonic>: lanes=<hex> bytes=<N> [lds=a,b,c,d] [lds2=+N]
 *       [global=a,b,c,d]
 *===----------------------------------------------------------------------===*/
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu_step.h"
#include "flyc/support.h"

enum { OUT_ADDR = 0x100000000ull, IN_ADDR = 0x200000000ull, TEXT_ADDR = 0x1000 };

typedef struct Options {
  FlyChip chip;
  const char *kernel, *inFile, *dumpIn, *dumpOut, *path;
  unsigned waves, lds, mode, seed, print;
  int step;                     /* STEP_* */
  bool info, memTrace;
  size_t inBytes, outBytes;
} Options;

static uint8_t *readFile(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint8_t *b = flyAlloc(n > 0 ? (size_t)n : 1);
  *size = fread(b, 1, (size_t)n, f) == (size_t)n ? (size_t)n : 0;
  fclose(f);
  return b;
}

static uint64_t rd(const uint8_t *p, int n) {
  uint64_t v = 0;
  for (int i = n - 1; i >= 0; i--)
    v = v << 8 | p[i];
  return v;
}

/* Finds .text and the entry offset of `kernel` (or .text start). */
static int elfText(const uint8_t *e, size_t size, const char *kernel, const uint8_t **text,
                   size_t *textSize, uint64_t *entry) {
  if (size < 64 || memcmp(e, "\x7f" "ELF", 4) || e[4] != 2)
    return fprintf(stderr, "error: not an ELF64 file\n"), 1;
  uint64_t shoff = rd(e + 0x28, 8);
  unsigned shentsize = (unsigned)rd(e + 0x3a, 2), shnum = (unsigned)rd(e + 0x3c, 2);
  unsigned shstrndx = (unsigned)rd(e + 0x3e, 2);
  if (shoff + (uint64_t)shnum * shentsize > size || shstrndx >= shnum)
    return fprintf(stderr, "error: truncated ELF section table\n"), 1;
  const uint8_t *sh = e + shoff, *strs = e + rd(sh + shstrndx * shentsize + 0x18, 8);
  uint64_t textAddr = 0;
  int textIdx = -1, symIdx = -1;
  for (unsigned i = 0; i < shnum; i++) {
    const uint8_t *s = sh + i * shentsize;
    const char *name = (const char *)strs + rd(s, 4);
    if (!strcmp(name, ".text")) {
      textIdx = (int)i;
      textAddr = rd(s + 0x10, 8);
      *text = e + rd(s + 0x18, 8);
      *textSize = rd(s + 0x20, 8);
    }
    if (rd(s + 4, 4) == 2) /* SHT_SYMTAB */
      symIdx = (int)i;
  }
  if (textIdx < 0)
    return fprintf(stderr, "error: no .text section\n"), 1;
  *entry = 0;
  if (!kernel)
    return 0;
  if (symIdx >= 0) {
    const uint8_t *s = sh + symIdx * shentsize;
    const uint8_t *syms = e + rd(s + 0x18, 8);
    uint64_t n = rd(s + 0x20, 8) / 24;
    const uint8_t *names = e + rd(sh + rd(s + 0x28, 4) * shentsize + 0x18, 8);
    for (uint64_t k = 0; k < n; k++)
      if (!strcmp((const char *)names + rd(syms + 24 * k, 4), kernel)) {
        *entry = rd(syms + 24 * k + 8, 8) - textAddr;
        return 0;
      }
  }
  return fprintf(stderr, "error: kernel symbol '%s' not found\n", kernel), 1;
}

enum { STEP_NONE = 0, STEP_PLAIN, STEP_APPLY, STEP_WAITCNT };

static int parseArgs(int argc, char **argv, Options *o) {
  *o = (Options){FLY_CHIP_GFX950, NULL, NULL, NULL, NULL, NULL, 1, 0, 0x3f0, 1, 64, STEP_NONE, false, false,
                 4096, 4096};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (a[0] != '-') {
      o->path = a;
      continue;
    }
    if (!strcmp(a, "--info")) {
      o->info = true;
      continue;
    }
    if (!strcmp(a, "--mem-trace")) {
      o->memTrace = true;
      continue;
    }
    if (!v)
      return fprintf(stderr, "error: %s needs a value\n", a), 1;
    i++;
    if (!strcmp(a, "--chip")) {
      if (strcmp(v, "gfx950") && strcmp(v, "gfx942"))
        return fprintf(stderr, "error: unknown chip '%s'\n", v), 1;
      o->chip = strcmp(v, "gfx950") ? FLY_CHIP_GFX942 : FLY_CHIP_GFX950;
    } else if (!strcmp(a, "--kernel")) o->kernel = v;
    else if (!strcmp(a, "--waves")) o->waves = (unsigned)strtoul(v, NULL, 0);
    else if (!strcmp(a, "--lds")) o->lds = (unsigned)strtoul(v, NULL, 0);
    else if (!strcmp(a, "--mode")) o->mode = (unsigned)strtoul(v, NULL, 16);
    else if (!strcmp(a, "--in-file")) o->inFile = v;
    else if (!strcmp(a, "--in-seed")) o->seed = (unsigned)strtoul(v, NULL, 0);
    else if (!strcmp(a, "--in-bytes")) o->inBytes = strtoul(v, NULL, 0);
    else if (!strcmp(a, "--out-bytes")) o->outBytes = strtoul(v, NULL, 0);
    else if (!strcmp(a, "--dump-in")) o->dumpIn = v;
    else if (!strcmp(a, "--dump-out")) o->dumpOut = v;
    else if (!strcmp(a, "--print")) o->print = (unsigned)strtoul(v, NULL, 0);
    else if (!strcmp(a, "--step")) {
      o->step = !strcmp(v, "plain") ? STEP_PLAIN : !strcmp(v, "apply") ? STEP_APPLY
              : !strcmp(v, "waitcnt") ? STEP_WAITCNT : -1;
      if (o->step < 0)
        return fprintf(stderr, "error: unknown --step mode '%s'\n", v), 1;
    }
    else return fprintf(stderr, "error: unknown option %s\n", a), 1;
  }
  if (!o->path)
    return fprintf(stderr, "error: no code object given\n"), 1;
  if (o->waves < 1 || o->waves > 16)
    return fprintf(stderr, "error: --waves must be 1..16\n"), 1;
  return 0;
}

/* Deterministic input bytes (xorshift32) so that checkers can regenerate. */
static void fillInput(uint8_t *in, size_t n, unsigned seed) {
  uint32_t x = seed ? seed : 1;
  for (size_t i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    in[i] = (uint8_t)(x >> 24);
  }
}

static int writeFile(const char *path, const uint8_t *b, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(b, 1, n, f) != n)
    return fprintf(stderr, "error: cannot write %s\n", path), 1;
  fclose(f);
  return 0;
}

static void printFault(const FlyEmuFault *f) {
  static const char *const kinds[] = {"none", "unsupported", "memory", "misaligned", "invalid"};
  printf("FAULT %s: wave %d lane %d pc 0x%llx address 0x%llx: %s\n", kinds[f->kind], f->wave,
         f->lane, (unsigned long long)f->pc, (unsigned long long)f->address, f->message);
}

/* The deferred effects of one wave under --step waitcnt: one record per
 * issued load, in issue order, with the counters it holds. */
enum { MAX_PENDING = 256 };
typedef struct Pending {
  EmuEffect items[EMU_MAX_EFFECTS];
  EmuEffects fx;
  unsigned vm, lgkm;
} Pending;
typedef struct Queue {
  Pending *p;
  unsigned n;
} Queue;

/* Applies the oldest pending record that holds `vm` (else lgkm) count. */
static void completeOldest(EmuWave *w, Queue *q, bool vm) {
  for (unsigned i = 0; i < q->n; i++) {
    if (vm ? !q->p[i].vm : !q->p[i].lgkm)
      continue;
    q->p[i].fx.items = q->p[i].items;
    emuEffectsApply(w, &q->p[i].fx);
    memmove(&q->p[i], &q->p[i + 1], (q->n - i - 1) * sizeof(Pending));
    q->n--;
    return;
  }
}

/* Completes what an s_waitcnt with thresholds vm/lgkm waits for. */
static void waitFor(EmuWave *w, Queue *q, unsigned vm, unsigned lgkm) {
  for (;;) {
    unsigned v = 0, l = 0;
    for (unsigned i = 0; i < q->n; i++)
      v += q->p[i].vm, l += q->p[i].lgkm;
    if (v > vm)
      completeOldest(w, q, true);
    else if (l > lgkm)
      completeOldest(w, q, false);
    else
      return;
  }
}

static bool memTrace;

/* --mem-trace: the addresses of the first four lanes that accessed memory. */
static void traceMem(const EmuStepOut *out) {
  const EmuStepMem *m = &out->mem;
  if (!m->hasLds && !m->hasGlobal)
    return;
  printf("MEM 0x%llx %s: lanes=%llx bytes=%u", (unsigned long long)out->pc, out->info->name,
         (unsigned long long)m->lanes, m->bytes);
  for (int pass = 0; pass < 2; pass++) {
    if (!(pass ? m->hasGlobal : m->hasLds))
      continue;
    printf(pass ? " global=" : " lds=");
    int n = 0;
    for (int l = 0; l < EMU_WAVE_LANES && n < 4; l++)
      if ((m->lanes >> l) & 1) {
        if (pass)
          printf("%s0x%llx", n ? "," : "", (unsigned long long)m->global[l]);
        else
          printf("%s0x%x", n ? "," : "", m->lds[l]);
        n++;
      }
    if (!pass && m->lds2)
      printf(" lds2=+0x%x", m->lds2);
  }
  printf("\n");
}

/* Runs one wave with emuWaveStep until it stops at a barrier, the end or a
 * fault, in the --step mode `mode`. */
static EmuStop stepWave(EmuWave *w, const EmuExecEnv *env, int mode, Queue *q, FlyEmuFault *f) {
  for (;;) {
    EmuStepOut out;
    EmuEffect items[EMU_MAX_EFFECTS];
    EmuEffects fx = {items, 0, EMU_MAX_EFFECTS, false};
    int s = emuWaveStep(w, env, mode == STEP_PLAIN ? NULL : &fx, &out, f);
    if (s == EMU_STOP_FAULT)
      return EMU_STOP_FAULT;
    if (memTrace)
      traceMem(&out);
    if (mode == STEP_APPLY) {
      emuEffectsApply(w, &fx);
    } else if (mode == STEP_WAITCNT) {
      const EmuInstInfo *info = out.info;
      if (fx.count || info->vmInc || info->lgkmInc) {
        if (q->n == MAX_PENDING)
          waitFor(w, q, 0, 0); /* more in flight than counted: drain */
        Pending *p = &q->p[q->n++];
        memcpy(p->items, items, fx.count * sizeof(EmuEffect));
        p->fx = (EmuEffects){p->items, fx.count, EMU_MAX_EFFECTS, false};
        p->vm = info->vmInc;
        p->lgkm = info->lgkmInc;
      }
      if (info->flags & EMU_I_WAITCNT)
        waitFor(w, q, info->waitVm, info->waitLgkm);
      if (s != EMU_STOP_STEPPED)
        waitFor(w, q, 0, 0);
    }
    if (s != EMU_STOP_STEPPED)
      return (EmuStop)s;
  }
}

/* Runs the waves round-robin; s_barrier releases when every wave that has
 * not ended has arrived. Returns 0, or 1 after printing a fault. */
static int runGroup(EmuGroup *g, const EmuExecEnv *env, int mode) {
  enum { RUN, WAIT, DONE };
  int state[16] = {0};
  for (;;) {
    unsigned done = 0, waiting = 0;
    for (unsigned i = 0; i < g->numWaves; i++) {
      if (state[i] != RUN)
        continue;
      FlyEmuFault f;
      memset(&f, 0, sizeof(f));
      Queue q = {NULL, 0};
      if (mode == STEP_WAITCNT)
        q.p = flyAlloc(MAX_PENDING * sizeof(Pending));
      EmuStop s = mode == STEP_NONE ? emuWaveRun(&g->waves[i], env, &f)
                                    : stepWave(&g->waves[i], env, mode, &q, &f);
      flyFree(q.p);
      if (s == EMU_STOP_FAULT) {
        printFault(&f);
        return 1;
      }
      state[i] = s == EMU_STOP_BARRIER ? WAIT : DONE;
    }
    for (unsigned i = 0; i < g->numWaves; i++) {
      done += state[i] == DONE;
      waiting += state[i] == WAIT;
    }
    if (done == g->numWaves)
      return 0;
    if (waiting + done == g->numWaves)
      for (unsigned i = 0; i < g->numWaves; i++)
        if (state[i] == WAIT)
          state[i] = RUN;
  }
}

static void initWave(EmuWave *w, EmuGroup *g, unsigned idx, const Options *o, uint64_t entry) {
  for (size_t i = 0; i < sizeof(w->sgpr) / 4; i++)
    w->sgpr[i] = EMU_POISON32;
  for (int r = 0; r < EMU_NUM_VGPRS; r++)
    for (int l = 0; l < EMU_WAVE_LANES; l++)
      w->vgpr[r][l] = w->agpr[r][l] = EMU_POISON32;
  w->vcc = 0xDEADBEEFDEADBEEFull;
  w->m0 = EMU_POISON32;
  w->exec = ~0ull;
  w->mode = o->mode;
  w->pc = entry;
  w->group = g;
  w->waveInGroup = idx;
  w->sgpr[0] = (uint32_t)OUT_ADDR;
  w->sgpr[1] = (uint32_t)(OUT_ADDR >> 32);
  w->sgpr[2] = (uint32_t)IN_ADDR;
  w->sgpr[3] = (uint32_t)(IN_ADDR >> 32);
  w->sgpr[4] = idx;
  for (int l = 0; l < EMU_WAVE_LANES; l++)
    w->vgpr[0][l] = 64 * idx + (unsigned)l;
}

/* A register range in LLVM's spelling (v4, v[4:7], a[0:15], s[0:1], vcc,
 * exec, m0, scc). */
static void printRange(const EmuRegRange *r, bool first) {
  unsigned f = r->first, n = r->count;
  if (r->kind == EMU_REG_SGPR && f >= 102) {
    const char *name = f == 106 ? (n == 2 ? "vcc" : "vcc_lo") : f == 107 ? "vcc_hi"
                     : f == 124 ? "m0" : f == 126 ? (n == 2 ? "exec" : "exec_lo")
                     : f == 127 ? "exec_hi" : f == 253 ? "scc" : "?";
    printf("%s%s", first ? "" : ",", name);
    return;
  }
  char c = r->kind == EMU_REG_SGPR ? 's' : r->kind == EMU_REG_VGPR ? 'v' : 'a';
  if (n == 1)
    printf("%s%c%u", first ? "" : ",", c, f);
  else
    printf("%s%c[%u:%u]", first ? "" : ",", c, f, f + n - 1);
}

static void printInfo(uint64_t pc, const EmuInstInfo *i) {
  static const char *const units[] = {"SALU", "VALU", "MFMA", "VMEM", "LDS", "SMEM",
                                      "BRANCH", "INTERNAL"};
  static const char *const flags[] = {"load", "store", "atomic", "lds-dma", "trans",
                                      "waitcnt", "barrier", "nop", "sleep", "setprio",
                                      "endpgm", "writes-exec", "dgemm", "smem-ooo"};
  printf("INFO 0x%llx %s: unit=%s cycles=%u", (unsigned long long)pc,
         i->name ? i->name : "<undecodable>", units[i->unit], i->issueCycles);
  if (i->mfmaPasses)
    printf(" passes=%u", i->mfmaPasses);
  if (i->vmInc)
    printf(" vm=+%u", i->vmInc);
  if (i->lgkmInc)
    printf(" lgkm=+%u", i->lgkmInc);
  if (i->bytesPerLane)
    printf(" bytes=%u", i->bytesPerLane);
  for (unsigned b = 0; b < sizeof(flags) / sizeof(flags[0]); b++)
    if (i->flags & (1u << b))
      printf(" %s", flags[b]);
  if (i->flags & EMU_I_WAITCNT)
    printf(" wait=vm:%u,lgkm:%u", i->waitVm, i->waitLgkm);
  if (i->flags & EMU_I_NOP)
    printf(" nop=%u", i->nopWaitStates);
  if (i->flags & EMU_I_SLEEP)
    printf(" sleep=%u", i->sleepArg);
  if (i->flags & EMU_I_SETPRIO)
    printf(" prio=%u", i->prio);
  printf(" reads={");
  for (int k = 0, n = 0; k < EMU_MAX_READS; k++)
    if (i->reads[k].count)
      printRange(&i->reads[k], n++ == 0);
  printf("} writes={");
  for (int k = 0, n = 0; k < EMU_MAX_WRITES; k++)
    if (i->writes[k].count)
      printRange(&i->writes[k], n++ == 0);
  printf("}\n");
}

static int printAllInfo(const Options *o, const uint8_t *text, size_t textSize) {
  FlyEmuFault f;
  memset(&f, 0, sizeof(f));
  EmuProgram *prog = emuProgramCreate(text, textSize, TEXT_ADDR, o->chip, &f);
  if (!prog)
    return printFault(&f), 1;
  for (uint64_t pc = 0; pc + 4 <= textSize; pc += 4) {
    const EmuInstInfo *i = emuProgramInstInfo(prog, pc);
    if (i)
      printInfo(pc, i);
  }
  emuProgramDestroy(prog);
  return 0;
}

static int run(const Options *o, const uint8_t *text, size_t textSize, uint64_t entry) {
  FlyEmuFault f;
  memset(&f, 0, sizeof(f));
  EmuProgram *prog = emuProgramCreate(text, textSize, TEXT_ADDR, o->chip, &f);
  if (!prog)
    return printFault(&f), 1;
  uint8_t *out = flyCalloc(o->outBytes ? o->outBytes : 1, 1), *in = flyCalloc(o->inBytes ? o->inBytes : 1, 1);
  int rc = 0;
  if (o->inFile) {
    size_t n = 0;
    uint8_t *b = readFile(o->inFile, &n);
    if (!b)
      rc = fprintf(stderr, "error: cannot read %s\n", o->inFile) > 0;
    else
      memcpy(in, b, n < o->inBytes ? n : o->inBytes);
    flyFree(b);
  } else {
    fillInput(in, o->inBytes, o->seed);
  }
  EmuBuffer bufs[2] = {{OUT_ADDR, o->outBytes, out}, {IN_ADDR, o->inBytes, in}};
  EmuMemory mem = {bufs, 2};
  EmuGroup g = {NULL, o->lds, o->waves, NULL, {0, 0, 0}};
  g.lds = flyAlloc(o->lds ? o->lds : 4);
  for (unsigned i = 0; i + 4 <= o->lds; i += 4)
    memcpy(g.lds + i, &(uint32_t){EMU_POISON32}, 4);
  g.waves = flyCalloc(o->waves, sizeof(EmuWave));
  for (unsigned i = 0; i < o->waves; i++)
    initWave(&g.waves[i], &g, i, o, entry);
  EmuExecEnv env = {&mem, prog, o->chip, 0, false};
  if (!rc)
    rc = runGroup(&g, &env, o->step);
  if (!rc && o->dumpIn)
    rc = writeFile(o->dumpIn, in, o->inBytes);
  if (!rc && o->dumpOut)
    rc = writeFile(o->dumpOut, out, o->outBytes);
  for (unsigned i = 0; !rc && i < o->print && 4 * i < o->outBytes; i += 8) {
    printf("OUT %u:", i);
    for (unsigned k = i; k < i + 8 && k < o->print && 4 * k < o->outBytes; k++)
      printf(" %08x", (unsigned)rd(out + 4 * k, 4));
    printf("\n");
  }
  flyFree(g.waves);
  flyFree(g.lds);
  flyFree(out);
  flyFree(in);
  emuProgramDestroy(prog);
  return rc;
}

int main(int argc, char **argv) {
  Options o;
  if (parseArgs(argc, argv, &o))
    return 2;
  if (o.memTrace && o.step == STEP_NONE)
    return fprintf(stderr, "error: --mem-trace needs --step\n"), 2;
  memTrace = o.memTrace;
  size_t size = 0;
  uint8_t *elf = readFile(o.path, &size);
  if (!elf)
    return fprintf(stderr, "error: cannot read %s\n", o.path), 2;
  const uint8_t *text = NULL;
  size_t textSize = 0;
  uint64_t entry = 0;
  int rc = elfText(elf, size, o.kernel, &text, &textSize, &entry) ? 2
           : o.info ? printAllInfo(&o, text, textSize)
                    : run(&o, text, textSize, entry);
  flyFree(elf);
  return rc;
}
