/*===- emu_info.c - Static timing facts of decoded instructions -----------===*
 *
 * emuInstInfoCompute fills the EmuInstInfo of emu_step.h once per decoded
 * instruction (emuProgramCreate): the unit it issues to, its counter
 * increments, the arguments of s_waitcnt / s_nop / s_sleep / s_setprio,
 * the bytes it moves per lane. Rules: cdna-timing-facts §1 (units), §2
 * (transcendentals), §6 (counters: vmcnt +1 per VMEM incl. stores and LDS
 * DMA; lgkmcnt +1 per LDS op, +1 per FLAT op besides its vmcnt, SMEM +1 for
 * a one-dword access else +2, s_sendmsg +1; ISA guide "S_WAITCNT" SIMM16
 * fields vmcnt {[15:14],[3:0]}, lgkmcnt [11:8]).
 *===----------------------------------------------------------------------===*/
#include <stdlib.h>

#include "emu_isa.h"

static bool startsWith(const char *s, const char *prefix) {
  return !strncmp(s, prefix, strlen(prefix));
}

static bool has(const char *s, const char *part) { return strstr(s, part) != NULL; }

static bool isVmem(EmuFormat f) {
  return f == EMU_FMT_MUBUF || f == EMU_FMT_MTBUF || f == EMU_FMT_FLAT ||
         f == EMU_FMT_GLOBAL || f == EMU_FMT_SCRATCH;
}

static bool isValuFormat(EmuFormat f) {
  return f == EMU_FMT_VOP1 || f == EMU_FMT_VOP2 || f == EMU_FMT_VOPC || f == EMU_FMT_VOP3 ||
         f == EMU_FMT_VOP3P;
}

/* s_branch, s_cbranch_*, s_setpc/s_swappc/s_call, s_rfe. */
static bool isBranch(const EmuInst *in) {
  const char *n = in->name;
  if (in->fmt == EMU_FMT_SOPP)
    return !strcmp(n, "s_branch") || startsWith(n, "s_cbranch_");
  return !strcmp(n, "s_setpc_b64") || !strcmp(n, "s_swappc_b64") ||
         !strcmp(n, "s_call_b64") || !strcmp(n, "s_rfe_b64");
}

static EmuUnit unitOf(const EmuInst *in) {
  switch ((EmuFormat)in->fmt) {
  case EMU_FMT_SOPP:
    return isBranch(in) ? EMU_UNIT_BRANCH : EMU_UNIT_INTERNAL;
  case EMU_FMT_SOP1: case EMU_FMT_SOPK: case EMU_FMT_SOP2: case EMU_FMT_SOPC:
    return isBranch(in) ? EMU_UNIT_BRANCH : EMU_UNIT_SALU;
  case EMU_FMT_SMEM: return EMU_UNIT_SMEM;
  case EMU_FMT_MAI: return EMU_UNIT_MFMA;
  case EMU_FMT_DS: return EMU_UNIT_LDS;
  default:
    if (isVmem((EmuFormat)in->fmt))
      return EMU_UNIT_VMEM;
    return EMU_UNIT_VALU;
  }
}

/* DS ops that only move data or lanes (everything else is an LDS atomic). */
static bool dsPlain(const char *n) {
  return startsWith(n, "ds_read") || startsWith(n, "ds_write_") || startsWith(n, "ds_write2") ||
         !strcmp(n, "ds_swizzle_b32") || !strcmp(n, "ds_permute_b32") ||
         !strcmp(n, "ds_bpermute_b32") || !strcmp(n, "ds_nop") || startsWith(n, "ds_gws");
}

/* DS ops that return data to VDST. */
static bool dsReturns(const char *n) {
  return startsWith(n, "ds_read") || has(n, "_rtn_") || !strcmp(n, "ds_swizzle_b32") ||
         !strcmp(n, "ds_permute_b32") || !strcmp(n, "ds_bpermute_b32") ||
         !strcmp(n, "ds_append") || !strcmp(n, "ds_consume");
}

/* Transcendental VALU ops (quarter rate, cdna-timing-facts §2): exp, log,
 * rcp, rsq, sqrt, sin, cos in every width, the legacy and iflag forms. */
static bool isTrans(const char *n) {
  static const char *const ops[] = {"v_exp_", "v_log_", "v_rcp_", "v_rsq_",
                                    "v_sqrt_", "v_sin_", "v_cos_"};
  for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
    if (startsWith(n, ops[i]))
      return true;
  return false;
}

/* Data bytes per lane of a VMEM access, from the mnemonic's suffix (the
 * same shapes as emu_exec_mem.c's): byte/short 1/2, dword 4, dwordxN 4N;
 * 64-bit atomics (_x2, f64) 8, cmpswap twice its data. */
static unsigned vmemBytes(const char *n) {
  if (has(n, "_atomic_")) {
    unsigned b = has(n, "_x2") || has(n, "_f64") ? 8 : 4;
    return b;
  }
  const char *p = strstr(n, "dwordx");
  if (p)
    return 4u * (unsigned)(p[6] - '0');
  if (has(n, "byte"))
    return 1;
  if (has(n, "short"))
    return 2;
  if (has(n, "format_xyzw"))
    return 16;
  if (has(n, "format_xyz"))
    return 12;
  if (has(n, "format_xy"))
    return 8;
  return has(n, "_load_") || has(n, "_store_") ? 4 : 0;
}

/* Bytes per lane of a DS op: the width in the mnemonic (b8..b128, u8,
 * u16, 32/64-bit atomics), doubled for the read2/write2 forms. */
static unsigned dsBytes(const char *n) {
  if (startsWith(n, "ds_read_b64_tr"))
    return 8;
  if (startsWith(n, "ds_read_b96_tr"))
    return 12;
  unsigned b = 4;
  if (has(n, "b128"))
    b = 16;
  else if (has(n, "b96"))
    b = 12;
  else if (has(n, "b64") || has(n, "64") || has(n, "_x2"))
    b = 8;
  else if (has(n, "8"))
    b = 1;
  else if (has(n, "16") && !has(n, "_f16") && !has(n, "bf16"))
    b = 2;
  if (has(n, "2_") || has(n, "2st64"))
    b *= 2;
  return b;
}

/* SMEM data dwords, from the mnemonic (s_memtime / s_memrealtime: 2). */
static unsigned smemDwords(const char *n) {
  if (!strcmp(n, "s_memtime") || !strcmp(n, "s_memrealtime"))
    return 2;
  const char *p = strstr(n, "dwordx");
  if (p)
    return (unsigned)atoi(p + 6);
  if (has(n, "_atomic_"))
    return has(n, "_x2") ? 2 : 1;
  return has(n, "dword") ? 1 : 0;
}

static void memoryFacts(const EmuInst *in, EmuInstInfo *o) {
  const char *n = in->name;
  EmuFormat f = (EmuFormat)in->fmt;
  if (f == EMU_FMT_SMEM) {
    unsigned dw = smemDwords(n);
    o->lgkmInc = dw <= 1 ? 1 : 2;
    o->bytesPerLane = (uint8_t)(4 * dw);
    o->flags |= EMU_I_SMEM_OOO;
    if (has(n, "_atomic_")) {
      o->flags |= EMU_I_ATOMIC | ((in->flags & EMU_F_GLC) ? EMU_I_LOAD : 0);
    } else if (has(n, "_load_") || !strcmp(n, "s_memtime") || !strcmp(n, "s_memrealtime")) {
      o->flags |= EMU_I_LOAD;
    } else if (has(n, "_store_")) {
      o->flags |= EMU_I_STORE;
    }
    return;
  }
  if (f == EMU_FMT_DS) {
    o->lgkmInc = 1;
    o->bytesPerLane = (uint8_t)dsBytes(n);
    if (dsReturns(n))
      o->flags |= EMU_I_LOAD;
    if (!dsPlain(n))
      o->flags |= EMU_I_ATOMIC;
    else if (startsWith(n, "ds_write"))
      o->flags |= EMU_I_STORE;
    return;
  }
  if (!isVmem(f))
    return;
  o->vmInc = 1;
  if (f == EMU_FMT_FLAT)
    o->lgkmInc = 1;
  o->bytesPerLane = (uint8_t)vmemBytes(n);
  bool dma = (f == EMU_FMT_MUBUF && (in->flags & EMU_F_LDS) && has(n, "_load_")) ||
             has(n, "_load_lds_");
  if (dma)
    o->flags |= EMU_I_LDS_DMA;
  else if (has(n, "_atomic_"))
    o->flags |= EMU_I_ATOMIC | ((in->flags & EMU_F_GLC) ? EMU_I_LOAD : 0);
  else if (has(n, "_load_"))
    o->flags |= EMU_I_LOAD;
  else if (has(n, "_store_"))
    o->flags |= EMU_I_STORE;
}

/* SOPP arguments: s_waitcnt thresholds, s_nop wait states, s_sleep, s_setprio. */
static void programFacts(const EmuInst *in, EmuInstInfo *o) {
  const char *n = in->name;
  uint32_t simm = (uint16_t)in->imm;
  o->waitVm = 63; /* the fields' all-ones values: no wait */
  o->waitLgkm = 15;
  if (in->fmt != EMU_FMT_SOPP)
    return;
  if (!strcmp(n, "s_waitcnt")) {
    o->flags |= EMU_I_WAITCNT;
    o->waitVm = (uint8_t)((simm & 15) | ((simm >> 14) & 3) << 4);
    o->waitLgkm = (uint8_t)((simm >> 8) & 15);
  } else if (!strcmp(n, "s_nop")) {
    o->flags |= EMU_I_NOP;
    o->nopWaitStates = (uint16_t)((simm & 15) + 1);
  } else if (!strcmp(n, "s_barrier")) {
    o->flags |= EMU_I_BARRIER;
  } else if (!strcmp(n, "s_sleep")) {
    o->flags |= EMU_I_SLEEP;
    o->sleepArg = (uint16_t)(simm & 0x7f);
  } else if (!strcmp(n, "s_setprio")) {
    o->flags |= EMU_I_SETPRIO;
    o->prio = (uint8_t)(simm & 3);
  } else if (startsWith(n, "s_endpgm")) {
    o->flags |= EMU_I_ENDPGM;
  } else if (!strcmp(n, "s_sendmsg") || !strcmp(n, "s_sendmsghalt")) {
    o->lgkmInc = 1;
  }
}

void emuInstInfoCompute(const EmuInst *in, bool ok, FlyEmuChip chip, EmuInstInfo *o) {
  (void)chip;
  memset(o, 0, sizeof(*o));
  o->name = in->name;
  o->waitVm = 63;
  o->waitLgkm = 15;
  if (!ok || !in->name) {
    o->unit = EMU_UNIT_INTERNAL;
    return;
  }
  o->unit = (uint8_t)unitOf(in);
  memoryFacts(in, o);
  programFacts(in, o);
  if (isValuFormat((EmuFormat)in->fmt) && isTrans(in->name))
    o->flags |= EMU_I_TRANS;
  if (in->fmt == EMU_FMT_MAI && startsWith(in->name, "v_mfma_f64"))
    o->flags |= EMU_I_DGEMM;
}
