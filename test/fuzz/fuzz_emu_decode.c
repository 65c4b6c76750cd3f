/*===- fuzz_emu_decode.c - Fuzz the emulator's decoder and instruction side ===*
 *
 * Input: one byte choosing the chip (bit 0: gfx942), then machine code. Every
 * instruction is decoded as the loader decodes .text, printed with the
 * emulator's formatter, and the code is run as one wave whose registers,
 * LDS and a 64 KiB buffer hold values derived from the input, with an
 * instruction limit. Properties: decoding never claims more bytes than
 * there are and prints one line per instruction; a run ends in s_endpgm or
 * a fault with a kind and a message, never a crash or a sanitizer report,
 * whatever the operands (the same as emu-isa-fuzz-run, with coverage).
 *===----------------------------------------------------------------------===*/
#include "fuzz.h"

#include <string.h>

#include "emu_isa.h"
#include "emu_machine.h"
#include "flyc/support.h"

enum { BUF_BYTES = 1 << 16, LDS_BYTES = 1 << 16, MAX_INSTS = 20000, MAX_BARRIERS = 64 };

static uint32_t rng(uint32_t *x) {
  *x ^= *x << 13;
  *x ^= *x >> 17;
  *x ^= *x << 5;
  return *x;
}

static void checkDecoding(const uint8_t *code, size_t size, FlyChip chip) {
  char text[512];
  for (size_t off = 0; off + 4 <= size;) {
    EmuInst in;
    if (!emuDecodeOne(code + off, size - off, chip, &in)) {
      off += 4;
      continue;
    }
    if (in.size < 4 || in.size > 16 || in.size % 4 || in.size > size - off)
      fuzzFail("decoding at 0x%zx claims %u of %zu bytes", off, in.size, size - off);
    size_t n = emuFormat(&in, text, sizeof text);
    if (n == 0 || strchr(text, '\n'))
      fuzzFail("the text of the instruction at 0x%zx is not one line", off);
    off += in.size;
  }
}

static void fillWave(EmuWave *w, EmuGroup *g, uint32_t seed) {
  uint32_t x = seed | 1;
  memset(w, 0, sizeof *w);
  for (int i = 0; i < EMU_NUM_SGPRS; i++)
    w->sgpr[i] = rng(&x);
  for (int r = 0; r < EMU_NUM_VGPRS; r++)
    for (int l = 0; l < EMU_WAVE_LANES; l++) {
      w->vgpr[r][l] = rng(&x) & 0xfffc; /* small values reach LDS and the buffer */
      w->agpr[r][l] = rng(&x);
    }
  w->exec = ((uint64_t)rng(&x) << 32) | rng(&x);
  w->m0 = rng(&x) & 0xffff;
  w->mode = 0x3f0;
  w->group = g;
}

static void run(const uint8_t *code, size_t size, FlyChip chip, uint32_t seed) {
  FlyEmuFault f;
  memset(&f, 0, sizeof f);
  EmuProgram *p = emuProgramCreate(code, size, 0x1000, chip, &f);
  if (!p) {
    if (!f.message[0])
      fuzzFail("the program was refused without a message");
    return;
  }
  uint8_t *buf = flyCalloc(BUF_BYTES, 1);
  EmumGroup slot;
  memset(&slot, 0, sizeof slot); /* no private memory: scratch accesses fault */
  slot.g.lds = flyCalloc(LDS_BYTES, 1);
  slot.g.ldsSize = LDS_BYTES;
  slot.g.numWaves = 1;
  EmuWave *w = flyAlloc(sizeof *w);
  if (buf && slot.g.lds && w) {
    EmuBuffer b = {0x100000000ull, BUF_BYTES, buf};
    EmuMemory mem = {&b, 1};
    EmuExecEnv env = {&mem, p, chip, MAX_INSTS, false};
    slot.g.waves = w;
    fillWave(w, &slot.g, seed);
    EmuStop st = EMU_STOP_BARRIER;
    for (int i = 0; i < MAX_BARRIERS && st == EMU_STOP_BARRIER; ++i) /* one wave: releases */
      st = emuWaveRun(w, &env, &f);
    if (st == EMU_STOP_FAULT && (f.kind == FLY_EMU_FAULT_NONE || !f.message[0]))
      fuzzFail("a fault without a kind or message at pc 0x%llx", (unsigned long long)f.pc);
  }
  flyFree(w);
  flyFree(slot.g.lds);
  flyFree(buf);
  emuProgramDestroy(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 5 || size > 16384)
    return 0;
  FlyChip chip = data[0] & 1 ? FLY_CHIP_GFX942 : FLY_CHIP_GFX950;
  uint32_t seed = 2166136261u;
  for (size_t i = 0; i < size; ++i)
    seed = (seed ^ data[i]) * 16777619u;
  checkDecoding(data + 1, size - 1, chip);
  run(data + 1, size - 1, chip, seed);
  return 0;
}
