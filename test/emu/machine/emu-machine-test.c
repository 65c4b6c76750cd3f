/*===- emu-machine-test.c - The emulator's machine side, on its own -------===*
 *
 * Drives the loader, dispatch set-up and workgroup scheduler with a scripted
 * wave executor in place of the instruction side: this program defines
 * emuProgramCreate and emuWaveRun itself (plus emuWaveStep and the decoder
 * entry points, which the machine side links to but these tests never
 * reach) and links only the machine objects. So initial register state,
 * barrier release, fault ordering and worker threads are checked
 * independently of instruction semantics.
 * Usage: emu-machine-test PROBE.hsaco
 *===----------------------------------------------------------------------===*/
// The machine side with a scripted wave executor (emu-machine-test): initial
// SGPR/VGPR state, kernarg and hidden arguments, dispatch packet, barrier
// release with waves that end early, lowest-workgroup fault reporting for
// 1, 2 and 4 worker threads, invalid launches, device memory.
// REQUIRES: clang
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -mllvm -amdgpu-kernarg-preload-count=2 -Wno-everything -c %S/Inputs/probe.cl -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: %testbin/emu-machine-test %t.hsaco | FileCheck %s --implicit-check-not=FAILED

// CHECK-LABEL: @chipMismatch
// CHECK: code object is for gfx950 but the device is gfx942

// Group (1,2,0) of a 2x3x1 grid of 8x4x3 blocks (96 items = 2 waves); wave 1
// holds items 64..95: x = t%8, y = t/8%4, z = t/32.
// CHECK-LABEL: @initialState
// CHECK: stats: 6 groups, 12 waves, 36 instructions
// CHECK: user sgprs: kernarg preload s4=0x{{0*}}[[LO:[0-9a-f]+]] s5=0x00000001 s6=-7
// CHECK: workgroup id: 1 2 0
// CHECK: s12: 0xdeadbeef
// CHECK: exec: 0x00000000ffffffff
// CHECK: v0 lane 0: x 0 y 0 z 2
// CHECK: v0 lane 31: x 7 y 3 z 2
// CHECK: v0 lane 32: 0xdeadbeef v1: 0xdeadbeef a0: 0xdeadbeef m0: 0xdeadbeef vcc: 0xdeadbeefdeadbeef
// The mode: denorm f32 and f16/f64 = 3 (keep), DX10_CLAMP, IEEE; RNE.
// CHECK: mode: 0x000003f0
// CHECK: hidden: block_count 2 3 1 group_size 8 4 3 remainder 0 0 0 grid_dims 3
// CHECK: packet: header 2 setup 3 workgroup 8 4 3 grid 16 12 3 group_segment 256
// Preloaded kernargs: execution starts past the 256-byte compatibility prologue.
// CHECK: wave 0 of group 0: s12 0xdeadbeef exec 0xffffffffffffffff pc 0x100

// 16 waves; wave w passes w barriers and ends: 1+2+...+16 = 136 steps per group.
// CHECK-LABEL: @barriers
// CHECK: barriers: 544 instructions, 0 violations

// Groups 5 and 9 fault (linear order x fastest in a 3x4 grid): group 5 = (2,1,0).
// The priv kernel has 164 bytes of private segment: 176 per lane; the
// two waves of a workgroup get disjoint ranges; each wave finds its range
// poisoned although the slot ran other workgroups before.
// CHECK-LABEL: @scratch
// CHECK: scratch: 176 bytes per lane, 0 violations

// CHECK-LABEL: @faultOrder threads=1
// CHECK: memory fault: kernel probe, workgroup (2,1,0), wave 1, lane 3, pc 0x45: global_load_dword: read of 4 bytes at 0x1234 outside any buffer
// CHECK-LABEL: @faultOrder threads=2
// CHECK: memory fault: kernel probe, workgroup (2,1,0), wave 1, lane 3, pc 0x45:
// CHECK-LABEL: @faultOrder threads=4
// CHECK: memory fault: kernel probe, workgroup (2,1,0), wave 1, lane 3, pc 0x45:

// CHECK-LABEL: @invalid
// CHECK: invalid launch: kernel nosuch: no kernel named 'nosuch' in the code object
// CHECK: invalid launch: kernel probe: workgroup of 2048 work-items exceeds the kernel's maximum of 256
// CHECK: invalid launch: kernel probe: grid and block sizes must be >= 1
// CHECK: invalid launch: kernel probe: workgroup needs 200256 bytes of LDS, more than the 163840 of gfx950
// CHECK: invalid launch: kernel probe: 4096 bytes of kernel arguments for a 272-byte kernarg segment
// CHECK: invalid launch: kernel probe: more than 2^40 workgroups
// CHECK: invalid launch: kernel probe: 8 bytes of kernel arguments announced but none given
// CHECK: invalid code object: truncated ELF header

// CHECK-LABEL: @memory
// CHECK: memory: done
// CHECK: @done failures=0

#include "emu_internal.h"
#include "emu_step.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*--- The scripted executor --------------------------------------------------*/

typedef enum Script { SCRIPT_RECORD, SCRIPT_BARRIERS, SCRIPT_FAULT, SCRIPT_SCRATCH } Script;

enum { MAX_RECORDS = 64 };

typedef struct Record {
  int valid;
  uint32_t sgpr[16], v0[EMU_WAVE_LANES], v1, a0, m0, mode;
  uint64_t exec, pc, vcc;
  uint8_t kernarg[272], packet[64];
} Record;

static Script script;
static uint32_t gridX, gridY;         /* for the linear workgroup index */
static uint32_t kernargSgpr, dispatchSgpr;
static Record records[MAX_RECORDS];   /* [linear group * 2 + wave] */
static int violations;                /* barrier-order violations (atomic) */

struct EmuProgram { int unused; };

EmuProgram *emuProgramCreate(const uint8_t *code, size_t size, uint64_t textAddr,
                             FlyChip chip, FlyEmuFault *fault) {
  (void)code, (void)size, (void)textAddr, (void)chip, (void)fault;
  return calloc(1, sizeof(EmuProgram));
}

void emuProgramDestroy(EmuProgram *prog) { free(prog); }

static uint64_t pairAt(const EmuWave *w, uint32_t s) {
  return w->sgpr[s] | (uint64_t)w->sgpr[s + 1] << 32;
}

static uint32_t linearGroup(const EmuWave *w) {
  return w->groupId[0] + gridX * (w->groupId[1] + gridY * w->groupId[2]);
}

static EmuStop record(EmuWave *w, const EmuExecEnv *env) {
  uint64_t scratchBase;
  uint32_t scratchBytes;
  if (emuWaveGetScratch(w, &scratchBase, &scratchBytes) || scratchBase || scratchBytes)
    __atomic_fetch_add(&violations, 1, __ATOMIC_RELAXED); /* probe has no private memory */
  uint32_t slot = linearGroup(w) * 2 + w->waveInGroup;
  if (slot >= MAX_RECORDS)
    return EMU_STOP_ENDPGM;
  Record *r = &records[slot];
  memcpy(r->sgpr, w->sgpr, sizeof r->sgpr);
  memcpy(r->v0, w->vgpr[0], sizeof r->v0);
  r->v1 = w->vgpr[1][5];
  r->a0 = w->agpr[0][7];
  r->m0 = w->m0, r->mode = w->mode, r->exec = w->exec, r->pc = w->pc, r->vcc = w->vcc;
  const uint8_t *k = emuMemoryTranslate(env->mem, pairAt(w, kernargSgpr), sizeof r->kernarg);
  const uint8_t *p = emuMemoryTranslate(env->mem, pairAt(w, dispatchSgpr), 64);
  if (k) memcpy(r->kernarg, k, sizeof r->kernarg);
  if (p) memcpy(r->packet, p, 64);
  r->valid = 1 + (k != NULL) + 2 * (p != NULL);
  w->retired += 3;
  return EMU_STOP_ENDPGM;
}

/* Wave w passes w barriers, then ends. Before barrier p it marks LDS byte
 * p*16+w; after the release it checks that every wave still alive at
 * barrier p marked it. The call count is the wave's retired count. */
static EmuStop barriers(EmuWave *w) {
  uint32_t phase = (uint32_t)w->retired, me = w->waveInGroup;
  uint8_t *lds = w->group->lds;
  if (phase > 0)
    for (uint32_t v = 0; v < w->group->numWaves; ++v)
      if (v >= phase && lds[(phase - 1) * 16 + v] != phase)
        __atomic_fetch_add(&violations, 1, __ATOMIC_RELAXED);
  w->pc += 4;
  w->retired++;
  if (phase == me || phase >= 16)
    return EMU_STOP_ENDPGM;
  lds[phase * 16 + me] = (uint8_t)(phase + 1);
  return EMU_STOP_BARRIER;
}

static EmuStop faultIn(EmuWave *w, FlyEmuFault *f) {
  uint32_t g = linearGroup(w);
  w->retired++;
  if (w->waveInGroup != 1 || (g != 5 && g != 9))
    return EMU_STOP_ENDPGM;
  f->kind = FLY_EMU_FAULT_MEMORY;
  f->pc = 0x40 + g;
  f->lane = 3;
  f->address = 0x1234;
  snprintf(f->message, sizeof f->message, "global_load_dword: read of 4 bytes at 0x1234 "
           "outside any buffer");
  return EMU_STOP_FAULT;
}

/* Each wave finds its private memory poisoned (nothing leaks from the
 * previous workgroup in the same slot), fills it, and records its range. */
static uint32_t scratchLane;
static int scratchViolations;
static uint64_t scratchBases[64];

static EmuStop scratch(EmuWave *w, const EmuExecEnv *env) {
  uint64_t base;
  uint32_t laneBytes;
  int has = emuWaveGetScratch(w, &base, &laneBytes);
  uint8_t *p = has ? emuMemoryTranslate(env->mem, base, (uint64_t)laneBytes * 64) : NULL;
  uint32_t slot = linearGroup(w) * 16 + w->waveInGroup;
  if (!p || (base & 15)) {
    __atomic_fetch_add(&scratchViolations, 1, __ATOMIC_RELAXED);
    return EMU_STOP_ENDPGM;
  }
  for (uint32_t i = 0; i + 4 <= laneBytes * 64; i += 4) {
    uint32_t v;
    memcpy(&v, p + i, 4);
    if (v != EMU_POISON32)
      __atomic_fetch_add(&scratchViolations, 1, __ATOMIC_RELAXED);
  }
  memset(p, (int)(slot & 0xff), (size_t)laneBytes * 64);
  if (slot < 64)
    scratchBases[slot] = base;
  scratchLane = laneBytes;
  w->retired++;
  return EMU_STOP_ENDPGM;
}

EmuStop emuWaveRun(EmuWave *wave, const EmuExecEnv *env, FlyEmuFault *fault) {
  switch (script) {
  case SCRIPT_RECORD: return record(wave, env);
  case SCRIPT_BARRIERS: return barriers(wave);
  case SCRIPT_SCRATCH: return scratch(wave, env);
  default: return faultIn(wave, fault);
  }
}

/* The checked one-instruction path (FlyEmuLaunchDesc.checkHazards) is not
 * scripted here, and the checker's quoting decoder has nothing to quote:
 * the lit tests of test/emu/hazard run both on real code. */
int emuWaveStep(EmuWave *wave, const EmuExecEnv *env, EmuEffects *fx, EmuStepOut *out,
                FlyEmuFault *fault) {
  (void)wave, (void)env, (void)fx, (void)out;
  fault->kind = FLY_EMU_FAULT_UNSUPPORTED;
  snprintf(fault->message, sizeof fault->message, "no scripted stepping");
  return EMU_STOP_FAULT;
}

bool flyEmuDecodeText(FlyChip chip, const uint8_t *code, size_t avail, FlyEmuInstText *out) {
  (void)chip, (void)code, (void)avail, (void)out;
  return false;
}

/*--- The tests --------------------------------------------------------------*/

static int failures;

#define EXPECT(cond)                                                            \
  do {                                                                          \
    if (!(cond)) {                                                              \
      printf("FAILED line %d: %s\n", __LINE__, #cond);                          \
      ++failures;                                                               \
    }                                                                           \
  } while (0)

static uint8_t *readFile(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  uint8_t *buf = flyAlloc(1 << 20);
  *size = fread(buf, 1, 1 << 20, f);
  fclose(f);
  return buf;
}

static void printFault(const FlyEmuFault *f) {
  FlyStrBuf line = {0};
  flyEmuFaultFormat(f, &line);
  printf("%s\n", line.data);
  flyStrBufDestroy(&line);
}

static uint32_t get32(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}

static uint16_t get16(const uint8_t *p) {
  uint16_t v;
  memcpy(&v, p, 2);
  return v;
}

/* s[0:1] dispatch ptr, s[2:3] kernarg ptr, s[4:8] preloaded kernargs,
 * s9..s11 workgroup id x/y/z (the probe kernel's descriptor). */
static void testInitialState(FlyEmuDevice *dev, FlyEmuModule *mod) {
  printf("@initialState\n");
  uint64_t out = flyEmuDeviceAlloc(dev, 4096);
  uint8_t kernarg[12];
  int32_t n = -7;
  memcpy(kernarg, &out, 8);
  memcpy(kernarg + 8, &n, 4);
  FlyEmuLaunchDesc desc = {"probe", {2, 3, 1}, {8, 4, 3}, kernarg, sizeof kernarg, 0, 0, false};
  FlyEmuFault fault;
  FlyEmuStats st;
  script = SCRIPT_RECORD, gridX = 2, gridY = 3, dispatchSgpr = 0, kernargSgpr = 2;
  memset(records, 0, sizeof records);
  violations = 0;
  EXPECT(flyEmuLaunch(dev, mod, &desc, &fault, &st));
  EXPECT(violations == 0); /* no private memory for this kernel */
  printf("stats: %llu groups, %llu waves, %llu instructions\n",
         (unsigned long long)st.workgroups, (unsigned long long)st.waves,
         (unsigned long long)st.waveInstructions);
  const Record *r = &records[(1 + 2 * 2) * 2 + 1]; /* group (1,2,0), wave 1 */
  EXPECT(r->valid == 4);
  printf("user sgprs: kernarg preload s4=0x%08x s5=0x%08x s6=%d\n", r->sgpr[4], r->sgpr[5],
         (int)r->sgpr[6]);
  printf("workgroup id: %u %u %u\n", r->sgpr[9], r->sgpr[10], r->sgpr[11]);
  printf("s12: 0x%08x\n", r->sgpr[12]);
  printf("exec: 0x%016llx\n", (unsigned long long)r->exec);
  printf("v0 lane 0: x %u y %u z %u\n", r->v0[0] & 0x3ff, r->v0[0] >> 10 & 0x3ff, r->v0[0] >> 20);
  printf("v0 lane 31: x %u y %u z %u\n", r->v0[31] & 0x3ff, r->v0[31] >> 10 & 0x3ff,
         r->v0[31] >> 20);
  printf("v0 lane 32: 0x%08x v1: 0x%08x a0: 0x%08x m0: 0x%08x vcc: 0x%016llx\n", r->v0[32],
         r->v1, r->a0, r->m0, (unsigned long long)r->vcc);
  printf("mode: 0x%08x\n", r->mode);
  EXPECT(memcmp(r->kernarg, &out, 8) == 0 && r->sgpr[4] == (uint32_t)out);
  printf("hidden: block_count %u %u %u group_size %u %u %u remainder %u %u %u grid_dims %u\n",
         get32(r->kernarg + 16), get32(r->kernarg + 20), get32(r->kernarg + 24),
         get16(r->kernarg + 28), get16(r->kernarg + 30), get16(r->kernarg + 32),
         get16(r->kernarg + 34), get16(r->kernarg + 36), get16(r->kernarg + 38),
         get16(r->kernarg + 80));
  printf("packet: header %u setup %u workgroup %u %u %u grid %u %u %u group_segment %u\n",
         get16(r->packet), get16(r->packet + 2), get16(r->packet + 4), get16(r->packet + 6),
         get16(r->packet + 8), get32(r->packet + 12), get32(r->packet + 16),
         get32(r->packet + 20), get32(r->packet + 28));
  uint64_t kernargPtr;
  memcpy(&kernargPtr, r->packet + 40, 8);
  EXPECT(kernargPtr == (r->sgpr[2] | (uint64_t)r->sgpr[3] << 32));
  const Record *w0 = &records[0];
  printf("wave 0 of group 0: s12 0x%08x exec 0x%016llx pc 0x%llx\n", w0->sgpr[12],
         (unsigned long long)w0->exec, (unsigned long long)w0->pc);
  flyEmuDeviceFree(dev, out);
}

static void testBarriers(FlyEmuDevice *dev, FlyEmuModule *mod) {
  printf("@barriers\n");
  FlyEmuLaunchDesc desc = {"wide", {4, 1, 1}, {1024, 1, 1}, NULL, 0, 1024, 0, false};
  FlyEmuFault fault;
  FlyEmuStats st;
  script = SCRIPT_BARRIERS, violations = 0;
  EXPECT(flyEmuLaunch(dev, mod, &desc, &fault, &st));
  /* wave w runs w+1 "instructions": 16 waves -> 136 per group */
  printf("barriers: %llu instructions, %d violations\n",
         (unsigned long long)st.waveInstructions, violations);
}

static void testFaultOrder(FlyChip chip, FlyEmuModule *(*load)(FlyEmuDevice *),
                           unsigned threads) {
  printf("@faultOrder threads=%u\n", threads);
  FlyEmuDevice *dev = flyEmuDeviceCreate(chip, threads);
  FlyEmuModule *mod = load(dev);
  FlyEmuLaunchDesc desc = {"probe", {3, 4, 1}, {128, 1, 1}, NULL, 0, 0, 0, false};
  FlyEmuFault fault;
  FlyEmuStats st;
  script = SCRIPT_FAULT, gridX = 3, gridY = 4;
  EXPECT(!flyEmuLaunch(dev, mod, &desc, &fault, &st));
  printFault(&fault);
  EXPECT(st.workgroups >= 6);
  flyEmuDeviceDestroy(dev);
}

static void testScratch(FlyEmuDevice *dev, FlyEmuModule *mod) {
  printf("@scratch\n");
  FlyEmuLaunchDesc desc = {"priv", {4, 1, 1}, {128, 1, 1}, NULL, 0, 0, 0, false};
  FlyEmuFault fault;
  script = SCRIPT_SCRATCH, gridX = 4, gridY = 1, scratchViolations = 0;
  memset(scratchBases, 0, sizeof scratchBases);
  EXPECT(flyEmuLaunch(dev, mod, &desc, &fault, NULL));
  for (int g = 0; g < 4; ++g) {
    uint64_t a = scratchBases[g * 16], b = scratchBases[g * 16 + 1];
    EXPECT(a && b && (b > a ? b - a : a - b) >= 64ull * scratchLane);
  }
  printf("scratch: %u bytes per lane, %d violations\n", scratchLane, scratchViolations);
}

static void testInvalid(FlyEmuDevice *dev, FlyEmuModule *mod) {
  printf("@invalid\n");
  FlyEmuFault fault;
  FlyEmuLaunchDesc bad[] = {
      {"nosuch", {1, 1, 1}, {64, 1, 1}, NULL, 0, 0, 0, false},
      {"probe", {1, 1, 1}, {1024, 2, 1}, NULL, 0, 0, 0, false},
      {"probe", {1, 0, 1}, {64, 1, 1}, NULL, 0, 0, 0, false},
      {"probe", {1, 1, 1}, {64, 1, 1}, NULL, 0, 200000, 0, false},
      {"probe", {1, 1, 1}, {64, 1, 1}, "", 4096, 0, 0, false},
      {"probe", {1u << 20, 1u << 20, 2}, {1, 1, 1}, NULL, 0, 0, 0, false},
      {"probe", {1, 1, 1}, {64, 1, 1}, NULL, 8, 0, 0, false},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    EXPECT(!flyEmuLaunch(dev, mod, &bad[i], &fault, NULL));
    printFault(&fault);
  }
  FlyStrBuf err = {0};
  EXPECT(!flyEmuModuleLoad(dev, "junk", 4, &err));
  printf("%s\n", err.data);
  flyStrBufDestroy(&err);
}

static void testMemory(FlyEmuDevice *dev) {
  printf("@memory\n");
  uint64_t a = flyEmuDeviceAlloc(dev, 100), b = flyEmuDeviceAlloc(dev, 8);
  uint32_t word = 0;
  EXPECT(a && b && b >= a + 100 + 0x10000);
  EXPECT(flyEmuDeviceRead(dev, a + 96, &word, 4) && word == EMU_POISON32);
  EXPECT(!flyEmuDeviceRead(dev, a + 97, &word, 4));   /* crosses the end */
  EXPECT(!flyEmuDeviceWrite(dev, a + 100, &word, 1)); /* in the guard gap */
  EXPECT(flyEmuDeviceFree(dev, a) && !flyEmuDeviceFree(dev, a));
  EXPECT(!flyEmuDeviceRead(dev, a, &word, 4));        /* freed: faults */
  uint64_t c = flyEmuDeviceAlloc(dev, 4);
  EXPECT(c > b);                                      /* never reused */
  EXPECT(flyEmuDeviceAlloc(dev, 0) == 0);
  printf("memory: done\n");
}

static const char *probePath;

static FlyEmuModule *loadProbe(FlyEmuDevice *dev) {
  size_t n = 0;
  uint8_t *bytes = readFile(probePath, &n);
  FlyStrBuf err = {0};
  FlyEmuModule *mod = bytes ? flyEmuModuleLoad(dev, bytes, n, &err) : NULL;
  if (!mod)
    printf("cannot load %s: %s\n", probePath, err.data ? err.data : "unreadable");
  flyStrBufDestroy(&err);
  flyFree(bytes);
  return mod;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: emu-machine-test PROBE.hsaco\n");
    return 2;
  }
  probePath = argv[1];
  FlyEmuDevice *dev = flyEmuDeviceCreate(FLY_CHIP_GFX950, 2);
  FlyEmuModule *mod = loadProbe(dev);
  if (!mod)
    return 1;
  printf("@chipMismatch\n");
  FlyEmuDevice *other = flyEmuDeviceCreate(FLY_CHIP_GFX942, 1);
  EXPECT(!loadProbe(other));
  flyEmuDeviceDestroy(other);
  testInitialState(dev, mod);
  testBarriers(dev, mod);
  testScratch(dev, mod);
  for (unsigned t = 1; t <= 4; t *= 2)
    testFaultOrder(FLY_CHIP_GFX950, loadProbe, t);
  testInvalid(dev, mod);
  testMemory(dev);
  flyEmuDeviceDestroy(dev);
  printf("@done failures=%d\n", failures);
  return failures != 0;
}
