// RUN: %testbin/emu-isa-fuzz-run 300 | FileCheck %s
//
// Random instruction streams: for each seed, 200 random 4..16-byte words
// that decode on both chips to implemented instructions (any format except
// program control)
// run on one wave with registers and LDS filled with random values, once
// per chip. Every run must end in s_endpgm or a fault that names the
// instruction (FLY_EMU_FAULT_UNSUPPORTED/MEMORY/MISALIGNED with a message);
// under the sanitizer build this also checks that no handler reads or
// writes outside the wave, the LDS or the buffers whatever the operands.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu_isa.h"
#include "flyc/support.h"

enum { NUM_INSTS = 200, BUF_BYTES = 1 << 16, LDS_BYTES = 1 << 16 };

static uint32_t rng(uint32_t *x) {
  *x ^= *x << 13;
  *x ^= *x >> 17;
  *x ^= *x << 5;
  return *x;
}

/* Instructions that transfer control or read hardware state the harness
 * does not model are left out, so that every stream runs to its end. */
static bool skipped(const char *name) {
  static const char *const prefixes[] = {"s_setpc", "s_swappc", "s_call", "s_cbranch", "s_branch",
                                         "s_endpgm", "s_barrier", "s_trap", "s_getreg", "s_setreg",
                                         "s_sleep", "s_set_gpr_idx", "scratch_"};
  for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
    if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
      return true;
  return false;
}

static size_t makeCode(uint32_t seed, uint8_t *code) {
  uint32_t x = seed * 2654435761u + 7;
  size_t off = 0;
  for (int n = 0; n < NUM_INSTS;) {
    uint32_t w[4];
    for (int k = 0; k < 4; k++)
      w[k] = rng(&x);
    w[0] |= 0x80000000u * (rng(&x) & 1); /* half VALU-32, half the rest */
    EmuInst in;
    EmuInst in942;
    if (!emuDecodeOne((const uint8_t *)w, 16, FLY_CHIP_GFX950, &in) || skipped(in.name) ||
        !emuHandlerFind(in.name) || !emuDecodeOne((const uint8_t *)w, 16, FLY_CHIP_GFX942, &in942))
      continue;
    /* Global/buffer/scalar memory mostly faults on random addresses: keep
     * one in eight so that streams run further. */
    bool mem = in.fmt == EMU_FMT_SMEM || in.fmt == EMU_FMT_FLAT || in.fmt == EMU_FMT_GLOBAL ||
               in.fmt == EMU_FMT_MUBUF;
    if (mem && (rng(&x) & 7))
      continue;
    memcpy(code + off, w, in.size);
    off += in.size;
    n++;
  }
  static const uint32_t endpgm = 0xBF810000u;
  memcpy(code + off, &endpgm, 4);
  return off + 4;
}

static void fillWave(EmuWave *w, EmuGroup *g, uint32_t seed) {
  uint32_t x = seed + 99;
  memset(w, 0, sizeof(*w));
  for (int i = 0; i < EMU_NUM_SGPRS; i++)
    w->sgpr[i] = rng(&x);
  for (int r = 0; r < EMU_NUM_VGPRS; r++)
    for (int l = 0; l < EMU_WAVE_LANES; l++) {
      w->vgpr[r][l] = rng(&x) & 0xfffc; /* small addresses hit LDS/buffers often */
      w->agpr[r][l] = rng(&x);
    }
  w->exec = ((uint64_t)rng(&x) << 32) | rng(&x);
  w->m0 = rng(&x) & 0xffff;
  w->mode = 0x3f0;
  w->group = g;
}

int main(int argc, char **argv) {
  int seeds = argc > 1 ? atoi(argv[1]) : 100, bad = 0, ended = 0, faults = 0;
  uint64_t retired = 0;
  uint8_t *code = flyAlloc(NUM_INSTS * 16 + 4), *buf = flyCalloc(BUF_BYTES, 1);
  EmuBuffer b = {0x100000000ull, BUF_BYTES, buf};
  EmuMemory mem = {&b, 1};
  EmuGroup g = {flyCalloc(LDS_BYTES, 1), LDS_BYTES, 1, NULL, {0, 0, 0}};
  EmuWave *w = flyAlloc(sizeof(EmuWave));
  g.waves = w;
  printf("@fuzz\n");
  for (int s = 0; s < seeds; s++) {
    size_t size = makeCode((uint32_t)s, code);
    for (int chip = 0; chip < 2; chip++) {
      FlyEmuFault f;
      memset(&f, 0, sizeof(f));
      EmuProgram *p = emuProgramCreate(code, size, 0x1000, (FlyChip)chip, &f);
      EmuExecEnv env = {&mem, p, (FlyChip)chip, 0, false};
      fillWave(w, &g, (uint32_t)s);
      EmuStop st = emuWaveRun(w, &env, &f);
      retired += w->retired;
      if (st == EMU_STOP_ENDPGM)
        ended++;
      else if (st == EMU_STOP_FAULT && f.kind != FLY_EMU_FAULT_NONE && f.message[0])
        faults++;
      else if (bad++ < 5)
        printf("FAIL seed %d chip %d: stop %d kind %d message '%s'\n", s, chip, st, f.kind,
               f.message);
      emuProgramDestroy(p);
    }
  }
  printf("fuzz: %d runs, %d ended, %d faulted, %d bad, %llu instructions executed\n", 2 * seeds,
         ended, faults, bad, (unsigned long long)retired);
  flyFree(w);
  flyFree(g.lds);
  flyFree(buf);
  flyFree(code);
  return bad ? 1 : 0;
}

// CHECK-LABEL: @fuzz
// CHECK: fuzz: 600 runs, {{[0-9]+}} ended, {{[0-9]+}} faulted, 0 bad, {{[0-9]+}} instructions executed
