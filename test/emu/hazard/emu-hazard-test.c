/*===- emu-hazard-test.c - The hazard checker on scripted instructions ---===*
 *
 * Drives emuHazStep/emuHazBarrierRelease with hand-made instruction records
 * (EmuInstInfo with the registers, counters and flags an instruction has),
 * as either scheduler would, so that each rule is checked on its own,
 * independently of the decoder: one scenario per rule, the hazard and the
 * same sequence with the wait that removes it. Instruction text is not
 * available here (no code bytes): the reports quote '?'.
 * Usage: emu-hazard-test
 *===----------------------------------------------------------------------===*/
// RUN: %testbin/emu-hazard-test | FileCheck %s --implicit-check-not=UNEXPECTED

#include "emu_hazard.h"

#include <stdio.h>
#include <string.h>

/*--- Scripted instructions ---------------------------------------------------*/

static EmuRegRange V(unsigned first, unsigned n) { return (EmuRegRange){EMU_REG_VGPR, (uint8_t)n, (uint16_t)first}; }
static EmuRegRange A(unsigned first, unsigned n) { return (EmuRegRange){EMU_REG_AGPR, (uint8_t)n, (uint16_t)first}; }
static EmuRegRange S(unsigned first, unsigned n) { return (EmuRegRange){EMU_REG_SGPR, (uint8_t)n, (uint16_t)first}; }

static EmuInstInfo vload(EmuRegRange dst) {
  EmuInstInfo i = {.unit = EMU_UNIT_VMEM, .vmInc = 1, .flags = EMU_I_LOAD, .name = "global_load"};
  i.writes[0] = dst;
  i.reads[0] = V(0, 2);
  return i;
}
static EmuInstInfo vstore(void) {
  EmuInstInfo i = {.unit = EMU_UNIT_VMEM, .vmInc = 1, .flags = EMU_I_STORE, .name = "global_store"};
  i.reads[0] = V(0, 2);
  return i;
}
static EmuInstInfo dsread(EmuRegRange dst) {
  EmuInstInfo i = {.unit = EMU_UNIT_LDS, .lgkmInc = 1, .flags = EMU_I_LOAD, .name = "ds_read_b32"};
  i.writes[0] = dst;
  i.reads[0] = V(1, 1);
  return i;
}
static EmuInstInfo sload(EmuRegRange dst) {
  EmuInstInfo i = {.unit = EMU_UNIT_SMEM, .lgkmInc = dst.count > 1 ? 2 : 1,
                   .flags = EMU_I_LOAD | EMU_I_SMEM_OOO, .name = "s_load"};
  i.writes[0] = dst;
  i.reads[0] = S(2, 2);
  return i;
}
static EmuInstInfo valu(EmuRegRange dst, EmuRegRange src) {
  EmuInstInfo i = {.unit = EMU_UNIT_VALU, .name = "v_add_u32"};
  i.writes[0] = dst;
  i.reads[0] = src;
  return i;
}
static EmuInstInfo salu(EmuRegRange dst, EmuRegRange src) {
  EmuInstInfo i = {.unit = EMU_UNIT_SALU, .name = "s_add_u32"};
  i.writes[0] = dst;
  i.reads[0] = src;
  return i;
}
static EmuInstInfo mfma(const char *name, unsigned passes, EmuRegRange d, EmuRegRange a,
                        EmuRegRange b, EmuRegRange c) {
  EmuInstInfo i = {.unit = EMU_UNIT_MFMA, .mfmaPasses = (uint8_t)passes, .name = name};
  i.writes[0] = d;
  i.reads[0] = a;
  i.reads[1] = b;
  i.reads[2] = c;
  return i;
}
static EmuInstInfo nop(unsigned n) {
  return (EmuInstInfo){.unit = EMU_UNIT_INTERNAL, .flags = EMU_I_NOP,
                       .nopWaitStates = (uint16_t)(n + 1), .name = "s_nop"};
}
static EmuInstInfo waitcnt(unsigned vm, unsigned lgkm) {
  return (EmuInstInfo){.unit = EMU_UNIT_INTERNAL, .flags = EMU_I_WAITCNT, .waitVm = (uint8_t)vm,
                       .waitLgkm = (uint8_t)lgkm, .name = "s_waitcnt"};
}

/*--- Driver ---------------------------------------------------------------------*/

static EmuHaz *haz;
static uint64_t pc;
static bool faulted;

static void begin(const char *name, FlyChip chip) {
  emuHazDestroy(haz);
  haz = emuHazCreate(chip, NULL, 0, 2, 256);
  emuHazReset(haz, 2);
  pc = 0;
  faulted = false;
  printf("@%s %s\n", name, chip == FLY_CHIP_GFX950 ? "gfx950" : "gfx942");
}

/* Issues `in` on wave 0; prints the report of a hazard (once per scenario). */
static void issue(EmuInstInfo in) {
  EmuStepOut out;
  memset(&out, 0, sizeof out);
  out.info = &in;
  out.pc = pc;
  pc += 4;
  FlyEmuFault f;
  if (!faulted && !emuHazStep(haz, 0, &out, EMU_STOP_STEPPED, &f)) {
    faulted = true;
    printf("pc 0x%llx: %s\n", (unsigned long long)f.pc, f.message);
  }
}

static void end(void) {
  if (!faulted)
    printf("clean\n");
}

/*--- Scenarios ----------------------------------------------------------------------*/

/* VMEM returns in order: vmcnt(N) retires all but the youngest N, so of a
 * load, a store (stores count on vmcnt too) and a load, vmcnt(2) retires the
 * first load and vmcnt(3) does not. */
static void vmemInOrder(int wait) {
  begin(wait == 2 ? "vmem-vmcnt2" : wait == 3 ? "vmem-vmcnt3" : "vmem-none", FLY_CHIP_GFX950);
  issue(vload(V(2, 1)));
  issue(vstore());
  issue(vload(V(3, 1)));
  if (wait)
    issue(waitcnt((unsigned)wait, 15));
  issue(valu(V(4, 1), V(2, 1)));
  end();
}

/* LDS in order on lgkmcnt next to an out-of-order SMEM load. */
static void lgkm(int wait) {
  begin(wait < 0 ? "lgkm-none" : wait == 1 ? "lgkm-1" : "lgkm-0", FLY_CHIP_GFX942);
  issue(dsread(V(5, 1)));
  issue(sload(S(5, 2)));
  issue(dsread(V(6, 1)));
  if (wait >= 0)
    issue(waitcnt(63, (unsigned)wait));
  issue(valu(V(7, 1), V(5, 1))); /* retired by lgkmcnt(1): the ds_read is in order */
  issue(salu(S(8, 1), S(6, 1))); /* the SMEM load only by lgkmcnt(0) */
  end();
}

/* A VMEM load may overwrite another VMEM load's pending destination (they
 * write in order); a ds_read may not. */
static void waw(bool ds) {
  begin(ds ? "waw-ds" : "waw-vmem", FLY_CHIP_GFX950);
  issue(vload(V(2, 4)));
  issue(ds ? dsread(V(3, 1)) : vload(V(2, 4)));
  end();
}

/* More VMEM operations than vmcnt holds: the oldest are complete. */
static void overflow(void) {
  begin("overflow", FLY_CHIP_GFX950);
  issue(vload(V(2, 1)));
  for (int i = 0; i < 63; ++i)
    issue(vstore());
  issue(valu(V(4, 1), V(2, 1)));
  end();
}

/* MFMA result to a VALU after `ws` wait states. */
static void mfmaResult(FlyChip chip, const char *name, unsigned passes, unsigned ws) {
  char label[64];
  snprintf(label, sizeof label, "result-%s-%u", name, ws);
  begin(label, chip);
  issue(mfma(name, passes, A(0, 4), V(2, 2), V(4, 2), A(0, 4)));
  if (ws)
    issue(nop(ws - 1));
  issue(valu(V(6, 1), A(0, 1)));
  end();
}

/* SrcC of the next MFMA: the same registers chain with no wait states,
 * overlapping ones need N+1 (gfx942). */
static void srcC(bool same) {
  begin(same ? "srcc-same" : "srcc-overlap", FLY_CHIP_GFX942);
  issue(mfma("v_mfma_f32_16x16x16_bf16", 4, A(0, 4), V(2, 2), V(4, 2), A(0, 4)));
  issue(mfma("v_mfma_f32_16x16x16_bf16", 4, same ? A(0, 4) : A(2, 4), V(2, 2), V(4, 2),
             same ? A(0, 4) : A(2, 4)));
  end();
}

/* An MFMA result as the next MFMA's SrcB: N+3 on gfx942. */
static void srcAB(unsigned ws) {
  begin(ws == 6 ? "srcab-6" : "srcab-7", FLY_CHIP_GFX942);
  issue(mfma("v_mfma_f32_16x16x16_bf16", 4, V(8, 4), V(2, 2), V(4, 2), V(8, 4)));
  issue(nop(ws - 1));
  issue(mfma("v_mfma_f32_16x16x16_bf16", 4, A(0, 4), V(2, 2), V(8, 2), A(0, 4)));
  end();
}

/* VALU write -> MFMA read (2), EXEC write -> MFMA (4), trans -> VALU (1),
 * SrcC overwritten (N-1), each with one wait state too few and exactly
 * enough. */
static void valuRules(int rule, unsigned ws) {
  static const char *names[] = {"valu-mfma", "exec-mfma", "trans-valu", "srcc-war"};
  char label[64];
  snprintf(label, sizeof label, "%s-%u", names[rule], ws);
  begin(label, FLY_CHIP_GFX950);
  EmuInstInfo m = mfma("v_mfma_f32_16x16x16_bf16", 4, A(0, 4), V(2, 2), V(4, 2), A(4, 4));
  EmuInstInfo w = valu(V(2, 1), V(9, 1));
  switch (rule) {
  case 0: issue(w); break;
  case 1: w.flags = EMU_I_WRITES_EXEC; w.writes[0] = S(106, 2); issue(w); break;
  case 2: w.flags = EMU_I_TRANS; issue(w); break;
  default: issue(m); break;
  }
  if (ws)
    issue(nop(ws - 1));
  switch (rule) {
  case 0: case 1: issue(m); break;
  case 2: issue(valu(V(3, 1), V(2, 1))); break;
  default: issue(valu(A(5, 1), V(9, 1))); break;
  }
  end();
}

int main(void) {
  // CHECK-LABEL: @vmem-none gfx950
  // CHECK-NEXT: pc 0xc: ? reads v2 before '?' (pc 0x0) wrote it: needs s_waitcnt vmcnt(2)
  vmemInOrder(0);
  // CHECK-LABEL: @vmem-vmcnt3 gfx950
  // CHECK-NEXT: pc 0x10: ? reads v2 before '?' (pc 0x0) wrote it: needs s_waitcnt vmcnt(2)
  vmemInOrder(3);
  // CHECK-LABEL: @vmem-vmcnt2 gfx950
  // CHECK-NEXT: clean
  vmemInOrder(2);
  // CHECK-LABEL: @lgkm-none gfx942
  // CHECK-NEXT: pc 0xc: ? reads v5 before '?' (pc 0x0) wrote it: needs s_waitcnt lgkmcnt(1)
  lgkm(-1);
  // CHECK-LABEL: @lgkm-1 gfx942
  // CHECK-NEXT: pc 0x14: ? reads s6 before '?' (pc 0x4) wrote it: needs s_waitcnt lgkmcnt(0)
  lgkm(1);
  // CHECK-LABEL: @lgkm-0 gfx942
  // CHECK-NEXT: clean
  lgkm(0);
  // CHECK-LABEL: @waw-vmem
  // CHECK-NEXT: clean
  waw(false);
  // CHECK-LABEL: @waw-ds
  // CHECK-NEXT: pc 0x4: ? overwrites v3 before '?' (pc 0x0) wrote it: needs s_waitcnt vmcnt(0)
  waw(true);
  // CHECK-LABEL: @overflow
  // CHECK-NEXT: clean
  overflow();
  // 4-pass XDL: N+3 = 7 on gfx942, N+4 = 8 on gfx950.
  // CHECK-LABEL: @result-v_mfma_f32_16x16x16_bf16-6 gfx942
  // CHECK-NEXT: pc 0x8: ? reads a0 6 wait states after '?' (pc 0x0): needs 7
  mfmaResult(FLY_CHIP_GFX942, "v_mfma_f32_16x16x16_bf16", 4, 6);
  // CHECK-LABEL: @result-v_mfma_f32_16x16x16_bf16-7 gfx942
  // CHECK-NEXT: clean
  mfmaResult(FLY_CHIP_GFX942, "v_mfma_f32_16x16x16_bf16", 4, 7);
  // CHECK-LABEL: @result-v_mfma_f32_16x16x16_bf16-7 gfx950
  // CHECK-NEXT: pc 0x8: ? reads a0 7 wait states after '?' (pc 0x0): needs 8
  mfmaResult(FLY_CHIP_GFX950, "v_mfma_f32_16x16x16_bf16", 4, 7);
  // CHECK-LABEL: @result-v_mfma_f32_16x16x16_bf16-8 gfx950
  // CHECK-NEXT: clean
  mfmaResult(FLY_CHIP_GFX950, "v_mfma_f32_16x16x16_bf16", 4, 8);
  // f32 operands ("SGEMM", 8 passes): N+2 = 10 on both chips; f64 16x16x4
  // on gfx942 (8 passes): 11 for a VALU.
  // CHECK-LABEL: @result-v_mfma_f32_16x16x4_f32-9 gfx942
  // CHECK-NEXT: pc 0x8: ? reads a0 9 wait states after '?' (pc 0x0): needs 10
  mfmaResult(FLY_CHIP_GFX942, "v_mfma_f32_16x16x4_f32", 8, 9);
  // CHECK-LABEL: @result-v_mfma_f64_16x16x4_f64-10 gfx942
  // CHECK-NEXT: pc 0x8: ? reads a0 10 wait states after '?' (pc 0x0): needs 11
  mfmaResult(FLY_CHIP_GFX942, "v_mfma_f64_16x16x4_f64", 8, 10);
  // CHECK-LABEL: @srcc-same
  // CHECK-NEXT: clean
  srcC(true);
  // CHECK-LABEL: @srcc-overlap
  // CHECK-NEXT: pc 0x4: ? reads as SrcC a2 0 wait states after '?' (pc 0x0): needs 5
  srcC(false);
  // CHECK-LABEL: @srcab-6
  // CHECK-NEXT: pc 0x8: ? reads v8 6 wait states after '?' (pc 0x0): needs 7
  srcAB(6);
  // CHECK-LABEL: @srcab-7
  // CHECK-NEXT: clean
  srcAB(7);
  // CHECK-LABEL: @valu-mfma-1
  // CHECK-NEXT: pc 0x8: ? reads v2 1 wait states after '?' (pc 0x0): needs 2
  // CHECK-LABEL: @valu-mfma-2
  // CHECK-NEXT: clean
  // CHECK-LABEL: @exec-mfma-3
  // CHECK-NEXT: pc 0x8: ? reads exec 3 wait states after '?' (pc 0x0): needs 4
  // CHECK-LABEL: @exec-mfma-4
  // CHECK-NEXT: clean
  // CHECK-LABEL: @trans-valu-0
  // CHECK-NEXT: pc 0x4: ? reads v2 0 wait states after '?' (pc 0x0): needs 1
  // CHECK-LABEL: @trans-valu-1
  // CHECK-NEXT: clean
  // CHECK-LABEL: @srcc-war-2
  // CHECK-NEXT: pc 0x8: ? overwrites SrcC a5 2 wait states after '?' (pc 0x0): needs 3
  // CHECK-LABEL: @srcc-war-3
  // CHECK-NEXT: clean
  static const unsigned need[] = {2, 4, 1, 3};
  for (int r = 0; r < 4; ++r) {
    valuRules(r, need[r] - 1);
    valuRules(r, need[r]);
  }
  emuHazDestroy(haz);
  return 0;
}
