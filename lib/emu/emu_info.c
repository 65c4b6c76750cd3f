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
 *
 * Issue cycles come from flyc/hw.h (FlyHwCu: VALU full rate, f64,
 * transcendental, SALU; MFMA passes from the MFMA table with the f8f6f4
 * formats in CBSZ/BLGP, times mfmaPassCycles); the memory, branch and
 * internal units are charged one issue slot (waitStateCycles; s_nop N its
 * N+1 wait states): their latency and bandwidth are the timing model's.
 *
 * Registers: the explicit operands are the ones emuOperandsList finds in
 * the instruction's text (the formatter is checked against LLVM's
 * disassembler over every table entry, so widths are LLVM's: 64-bit
 * operands 2 registers, dwordx4 4, MFMA C/D by shape and block count,
 * f8f6f4 A/B by format); this file says which destination fields are read
 * too and adds the implicit operands the ISA guide names (EXEC for vector
 * instructions, VCC, M0, SCC).
 *===----------------------------------------------------------------------===*/
#include <stdlib.h>

#include "emu_isa.h"
#include "flyc/hw.h"

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
  else if (has(n, "b64") || has(n, "u64") || has(n, "i64") || has(n, "f64"))
    b = 8; /* (not the "64" of st64) */
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

/*--- Registers read and written -------------------------------------------*/

typedef struct RegLists {
  EmuInstInfo *o;
  unsigned nr, nw;
  bool overflow;
} RegLists;

static void addTo(EmuRegRange *arr, unsigned cap, unsigned *n, bool *overflow, unsigned kind,
                  unsigned first, unsigned count) {
  if (!count)
    return;
  for (unsigned i = 0; i < *n; i++)
    if (arr[i].kind == kind && arr[i].first == first && arr[i].count == count)
      return;
  if (*n == cap) {
    *overflow = true;
    return;
  }
  arr[*n].kind = (uint8_t)kind;
  arr[*n].first = (uint16_t)first;
  arr[*n].count = (uint8_t)count;
  (*n)++;
}
static void addRead(RegLists *l, unsigned kind, unsigned first, unsigned count) {
  addTo(l->o->reads, EMU_MAX_READS, &l->nr, &l->overflow, kind, first, count);
}
static void addWrite(RegLists *l, unsigned kind, unsigned first, unsigned count) {
  addTo(l->o->writes, EMU_MAX_WRITES, &l->nw, &l->overflow, kind, first, count);
}

enum { DST_W = 1, DST_R = 2 };

/* VALU results that keep part of the destination register: the ops that
 * write one selected half or byte (fp8/bf8/fp4 packing conversions, the
 * fma_mix lo/hi forms, the saturating packs: ISA guide, per opcode), VOP3
 * op_sel[3] (the high half of a 16-bit result), SDWA
 * dst_unused:UNUSED_PRESERVE. */
static bool valuDstPreserves(const EmuInst *in) {
  static const char *const partial[] = {
      "v_cvt_pk_fp8_f32", "v_cvt_pk_bf8_f32", "v_cvt_sr_", "v_cvt_scalef32_sr_",
      "v_cvt_scalef32_pk_fp8_", "v_cvt_scalef32_pk_bf8_", "v_cvt_scalef32_pk_fp4_",
      "v_cvt_scalef32_f16_", "v_fma_mixlo_", "v_fma_mixhi_", "v_sat_pk_u8_i16",
      "v_ashr_pk_"};
  for (size_t i = 0; i < sizeof(partial) / sizeof(partial[0]); i++)
    if (startsWith(in->name, partial[i]))
      return true;
  if ((in->flags & EMU_F_SDWA) && in->dstSel != 6 && in->dstUnused == 2)
    return true;
  return in->fmt == EMU_FMT_VOP3 && (in->opsel & 8);
}

/* Ops that exchange their destination and first source. */
static bool swapsOperands(const char *n) {
  return !strcmp(n, "v_swap_b32") || startsWith(n, "v_permlane16_swap") ||
         startsWith(n, "v_permlane32_swap");
}

/* What the destination field of `in` does: written (DST_W), read (DST_R:
 * store data, compare operand, accumulator, preserved half), or both. */
static unsigned dstMeaning(const EmuInst *in) {
  const char *n = in->name;
  switch ((EmuFormat)in->fmt) {
  case EMU_FMT_SOPK:
    if (startsWith(n, "s_cmpk_"))
      return DST_R;
    if (!strcmp(n, "s_addk_i32") || !strcmp(n, "s_mulk_i32"))
      return DST_R | DST_W;
    return DST_W;
  case EMU_FMT_SOP1: /* s_bitset0/1 change one bit of the destination */
    return startsWith(n, "s_bitset") ? DST_R | DST_W : DST_W;
  case EMU_FMT_SMEM:
    if (has(n, "_store_"))
      return DST_R;
    if (has(n, "_atomic_"))
      return DST_R | ((in->flags & EMU_F_GLC) ? DST_W : 0);
    return DST_W;
  case EMU_FMT_MUBUF: case EMU_FMT_MTBUF:
    if (has(n, "_store_"))
      return DST_R;
    if (has(n, "_atomic_"))
      return DST_R | ((in->flags & EMU_F_GLC) ? DST_W : 0);
    return DST_W | (has(n, "d16") ? DST_R : 0);
  case EMU_FMT_FLAT: case EMU_FMT_GLOBAL: case EMU_FMT_SCRATCH: case EMU_FMT_DS:
    return DST_W | (has(n, "d16") ? DST_R : 0);
  case EMU_FMT_MAI:
    return DST_W;
  default:
    break;
  }
  if (isValuFormat((EmuFormat)in->fmt)) {
    bool acc = has(n, "mac_") || has(n, "dot2c_") || has(n, "dot4c_") || has(n, "dot8c_") ||
               !strcmp(n, "v_writelane_b32") || swapsOperands(n);
    return DST_W | (acc || valuDstPreserves(in) ? DST_R : 0);
  }
  return DST_W;
}

/* Atomics with return write back only the old value: half of cmpswap's
 * {src, cmp} data. */
static unsigned writtenCount(const EmuInst *in, const EmuRegRange *r) {
  bool dataField = in->fmt == EMU_FMT_SMEM || in->fmt == EMU_FMT_MUBUF;
  if (dataField && has(in->name, "_atomic_") && has(in->name, "cmpswap"))
    return r->count / 2u;
  return r->count;
}

static bool inList(const char *n, const char *const *list, size_t len) {
  for (size_t i = 0; i < len; i++)
    if (!strcmp(n, list[i]))
      return true;
  return false;
}
#define IN_LIST(n, list) inList(n, list, sizeof(list) / sizeof(list[0]))

/* SCC: the SALU ops that set it and the ones that read it (ISA guide
 * chapter 12 "SOP2/SOP1/SOPC/SOPK instructions", per opcode). */
static void sccFacts(const EmuInst *in, bool *reads, bool *writes) {
  static const char *const sop2NoScc[] = {
      "s_cselect_b32", "s_cselect_b64", "s_bfm_b32", "s_bfm_b64", "s_mul_i32",
      "s_mul_hi_u32", "s_mul_hi_i32", "s_pack_ll_b32_b16", "s_pack_lh_b32_b16",
      "s_pack_hh_b32_b16", "s_cbranch_g_fork", "s_rfe_restore_b64"};
  static const char *const sop1Scc[] = {
      "s_not_b32", "s_not_b64", "s_wqm_b32", "s_wqm_b64", "s_bcnt0_i32_b32",
      "s_bcnt0_i32_b64", "s_bcnt1_i32_b32", "s_bcnt1_i32_b64", "s_quadmask_b32",
      "s_quadmask_b64", "s_abs_i32", "s_andn1_wrexec_b64", "s_andn2_wrexec_b64"};
  const char *n = in->name;
  *reads = *writes = false;
  switch ((EmuFormat)in->fmt) {
  case EMU_FMT_SOP2:
    *writes = !IN_LIST(n, sop2NoScc);
    *reads = startsWith(n, "s_cselect_") || !strcmp(n, "s_addc_u32") || !strcmp(n, "s_subb_u32");
    break;
  case EMU_FMT_SOP1:
    *writes = IN_LIST(n, sop1Scc) || has(n, "_saveexec_");
    *reads = startsWith(n, "s_cmov_");
    break;
  case EMU_FMT_SOPC:
    *writes = strcmp(n, "s_setvskip") && strcmp(n, "s_set_gpr_idx_on");
    break;
  case EMU_FMT_SOPK:
    *writes = startsWith(n, "s_cmpk_") || !strcmp(n, "s_addk_i32");
    *reads = !strcmp(n, "s_cmovk_i32");
    break;
  case EMU_FMT_SOPP:
    *reads = startsWith(n, "s_cbranch_scc");
    break;
  default:
    break;
  }
}

/* M0 as an implicit operand: the LDS DMA base, the DS ops addressed by it
 * (ds_append/consume, *_addtid, GWS), the movrel index, s_sendmsg's data;
 * the GPR-indexing set-up changes its index (M0[7:0]) or mode (M0[15:12])
 * field and keeps the rest, so it reads M0 too. */
static void m0Facts(const EmuInst *in, const EmuInstInfo *o, bool *reads, bool *writes) {
  const char *n = in->name;
  *writes = startsWith(n, "s_set_gpr_idx_") && strcmp(n, "s_set_gpr_idx_off");
  *reads = *writes || (o->flags & EMU_I_LDS_DMA) || !strcmp(n, "ds_append") ||
           !strcmp(n, "ds_consume") || has(n, "_addtid_") || startsWith(n, "ds_gws_") ||
           startsWith(n, "s_movrel") || startsWith(n, "v_movrel") || startsWith(n, "s_sendmsg");
}

static bool vectorFormat(EmuFormat f) {
  return isValuFormat(f) || f == EMU_FMT_MAI || f == EMU_FMT_DS || isVmem(f);
}

static void implicitRegs(const EmuInst *in, RegLists *l) {
  const char *n = in->name;
  EmuFormat f = (EmuFormat)in->fmt;
  bool r, w;
  if (vectorFormat(f))
    addRead(l, EMU_REG_SGPR, EMU_OP_EXEC_LO, 2);
  if (startsWith(n, "v_cmpx_"))
    addWrite(l, EMU_REG_SGPR, EMU_OP_EXEC_LO, 2);
  if (f == EMU_FMT_SOP1 && (has(n, "_saveexec_") || has(n, "_wrexec_"))) {
    addRead(l, EMU_REG_SGPR, EMU_OP_EXEC_LO, 2);
    addWrite(l, EMU_REG_SGPR, EMU_OP_EXEC_LO, 2);
  }
  if (startsWith(n, "v_div_fmas_"))
    addRead(l, EMU_REG_SGPR, EMU_OP_VCC_LO, 2);
  if (!strcmp(n, "s_cbranch_vccz") || !strcmp(n, "s_cbranch_vccnz"))
    addRead(l, EMU_REG_SGPR, EMU_OP_VCC_LO, 2);
  if (!strcmp(n, "s_cbranch_execz") || !strcmp(n, "s_cbranch_execnz"))
    addRead(l, EMU_REG_SGPR, EMU_OP_EXEC_LO, 2);
  sccFacts(in, &r, &w);
  if (r)
    addRead(l, EMU_REG_SGPR, EMU_OP_SCC, 1);
  if (w)
    addWrite(l, EMU_REG_SGPR, EMU_OP_SCC, 1);
  m0Facts(in, l->o, &r, &w);
  if (r)
    addRead(l, EMU_REG_SGPR, EMU_OP_M0, 1);
  if (w)
    addWrite(l, EMU_REG_SGPR, EMU_OP_M0, 1);
}

/* The explicit operands (from the text), the destination's meaning, then
 * the implicit ones. Returns false when a list overflowed. */
static bool registerFacts(const EmuInst *in, EmuInstInfo *o) {
  EmuOperandList ops;
  emuOperandsList(in, &ops);
  RegLists l = {o, 0, 0, ops.overflow};
  unsigned meaning = dstMeaning(in);
  for (unsigned i = 0; i < ops.n; i++) {
    const EmuRegRange *r = &ops.ops[i].range;
    if (ops.ops[i].role != EMU_OPND_DST) {
      addRead(&l, r->kind, r->first, r->count);
      if (swapsOperands(in->name) && r->kind != EMU_REG_SGPR) /* exchanged */
        addWrite(&l, r->kind, r->first, r->count);
      continue;
    }
    if (meaning & DST_R)
      addRead(&l, r->kind, r->first, r->count);
    if (meaning & DST_W)
      addWrite(&l, r->kind, r->first, writtenCount(in, r));
  }
  implicitRegs(in, &l);
  for (unsigned i = 0; i < l.nw; i++) {
    const EmuRegRange *r = &o->writes[i];
    if (r->kind == EMU_REG_SGPR && r->first <= EMU_OP_EXEC_HI &&
        r->first + r->count > EMU_OP_EXEC_LO)
      o->flags |= EMU_I_WRITES_EXEC;
  }
  return !l.overflow;
}

/*--- Issue cost -----------------------------------------------------------------*/

/* MFMA passes from the table; the f8f6f4 forms take their A/B formats from
 * CBSZ/BLGP (on the other forms BLGP is a lane-broadcast or, for f64, neg
 * control, ignored by flyHwMfmaPasses). */
static void mfmaFacts(const EmuInst *in, FlyChip chip, const FlyHwChip *hw, EmuInstInfo *o) {
  const FlyHwMfma *m = flyHwMfmaFind(in->name);
  if (!m)
    return;
  unsigned passes = flyHwMfmaPasses(m, chip, in->cbsz, in->blgp);
  o->mfmaPasses = (uint8_t)passes;
  o->issueCycles = (uint16_t)(passes * hw->cu.mfmaPassCycles);
  if (m->kind == FLY_HW_DGEMM)
    o->flags |= EMU_I_DGEMM;
}

static void costFacts(const EmuInst *in, FlyChip chip, EmuInstInfo *o) {
  const FlyHwChip *hw = flyHwChipGet(chip);
  if (!hw)
    return;
  switch ((EmuUnit)o->unit) {
  case EMU_UNIT_VALU:
    if (o->flags & EMU_I_TRANS)
      o->issueCycles = (uint16_t)hw->cu.transCycles;
    else if (has(in->name, "f64"))
      o->issueCycles = (uint16_t)hw->cu.dpValuCycles;
    else
      o->issueCycles = (uint16_t)hw->cu.valuCycles;
    break;
  case EMU_UNIT_MFMA: mfmaFacts(in, chip, hw, o); break;
  case EMU_UNIT_SALU: o->issueCycles = (uint16_t)hw->cu.saluCycles; break;
  default:
    o->issueCycles = (uint16_t)((o->flags & EMU_I_NOP ? o->nopWaitStates : 1u) *
                                hw->cu.waitStateCycles);
    break;
  }
}

bool emuInstInfoCompute(const EmuInst *in, bool ok, FlyChip chip, EmuInstInfo *o) {
  memset(o, 0, sizeof(*o));
  o->name = in->name;
  o->waitVm = 63;
  o->waitLgkm = 15;
  if (!ok || !in->name) {
    o->unit = EMU_UNIT_INTERNAL;
    return true;
  }
  o->unit = (uint8_t)unitOf(in);
  memoryFacts(in, o);
  programFacts(in, o);
  if (isValuFormat((EmuFormat)in->fmt) && isTrans(in->name))
    o->flags |= EMU_I_TRANS;
  costFacts(in, chip, o);
  return registerFacts(in, o);
}
