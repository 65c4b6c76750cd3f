/*===- emu_decode.c - Decoding gfx9 machine code once per kernel ----------===*
 *
 * Field layouts follow the CDNA4 ISA guide's microcode chapter (ch. 13) and
 * the facts document §6.3. Every instruction is decoded into an EmuInst:
 *   - SOP*: src[0..1] = ssrc0/ssrc1 codes, dst = sdst code, imm = simm16;
 *   - SMEM: dst = sdata, sbase = first SGPR of the base pair/quad,
 *     imm = offset, soff = soffset code (EMU_F_SOE / EMU_F_IMM);
 *   - VOP1/VOP2/VOPC/VOP3/VOP3P: src[0..2] = 9-bit operand codes (VOP2 and
 *     VOPC vsrc1 become 256+v), dst = VGPR (or SGPR code for VOPC/readlane),
 *     sdst = carry/compare destination (VCC for the 32-bit encodings);
 *   - MFMA: dst/va/vb/vc = vreg indices (256+ = AGPR) after ACC/ACC_CD;
 *   - DS: addr, data0, data1, dst = vreg indices, imm = offset0, offset1
 *     (see decodeDs);
 *   - MUBUF: addr = vaddr, data0 = vdata (vreg), sbase = srsrc SGPR,
 *     soff = soffset code, imm = offset;
 *   - FLAT/GLOBAL/SCRATCH: addr, data0, dst, sbase = saddr code (0x7F =
 *     off), imm = signed offset, seg;
 *   - MTBUF: the opcode only (typed buffer ops have no handler).
 * Mnemonics come from emu_decode_tables.c; handlers are found by mnemonic.
 *===----------------------------------------------------------------------===*/
#include <stdio.h>

#include "emu_isa.h"
#include "flyc/hw.h"
#include "flyc/support.h"

static uint32_t bits(uint64_t v, unsigned hi, unsigned lo) {
  return (uint32_t)((v >> lo) & ((1ull << (hi - lo + 1)) - 1));
}

static uint32_t rd32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
         (uint32_t)p[3] << 24;
}

bool emuOpOnChip(const EmuOpName *e, FlyChip chip) {
  if (e->chips == EMU_CHIP_MFMA) {
    const FlyHwMfma *h = flyHwMfmaFind(e->name);
    return h && flyHwMfmaPasses(h, chip == FLY_CHIP_GFX950 ? FLY_CHIP_GFX950 : FLY_CHIP_GFX942,
                                FLY_HW_FMT_FP8, FLY_HW_FMT_FP8) != 0;
  }
  unsigned want = chip == FLY_CHIP_GFX950 ? EMU_CHIP_950 : EMU_CHIP_942;
  return (e->chips & want) != 0;
}

/* Fills the name from a table entry; false if the opcode is not on `chip`. */
static bool nameFrom(const EmuOpName *t, unsigned n, unsigned op,
                     FlyChip chip, EmuInst *in) {
  if (op >= n || !t[op].name)
    return false;
  in->name = t[op].name;
  return emuOpOnChip(&t[op], chip);
}
#define NAME(tab, op) nameFrom(tab, sizeof(tab) / sizeof(tab[0]), op, chip, in)

static bool isVop3b(unsigned op) {
  /* v_{add,sub,subrev}_co_u32, v_{addc,subb,subbrev}_co_u32 (VOP2 25..30),
   * v_div_scale_f32/f64, v_mad_u64_u32, v_mad_i64_i32. */
  return (op >= 256 + 25 && op <= 256 + 30) || op == 480 || op == 481 ||
         op == 488 || op == 489;
}

static bool hasLiteral(const EmuInst *in, int nsrc) {
  for (int i = 0; i < nsrc; i++)
    if (in->src[i] == EMU_OP_LITERAL)
      return true;
  return false;
}

/* Whether the VOP2 opcode always carries a literal constant K. */
static bool vop2HasK(unsigned op) { return op == 23 || op == 24 || op == 36 || op == 37; }

static void decodeSdwa(uint32_t d1, bool vopc, EmuInst *in) {
  in->flags |= EMU_F_SDWA;
  in->src[0] = (uint16_t)(bits(d1, 7, 0) + (bits(d1, 23, 23) ? 0 : 256));
  if (vopc) {
    in->sdst = bits(d1, 15, 15) ? (uint16_t)bits(d1, 14, 8) : EMU_OP_VCC_LO;
    in->dstSel = 6;
  } else {
    in->dstSel = (uint8_t)bits(d1, 10, 8);
    in->dstUnused = (uint8_t)bits(d1, 12, 11);
    in->clamp = (uint8_t)bits(d1, 13, 13);
    in->omod = (uint8_t)bits(d1, 15, 14);
  }
  in->sel0 = (uint8_t)bits(d1, 18, 16);
  in->flags |= bits(d1, 19, 19) ? EMU_F_SDWA_SEXT0 : 0;
  in->neg |= (uint8_t)bits(d1, 20, 20);
  in->abs |= (uint8_t)bits(d1, 21, 21);
  in->sel1 = (uint8_t)bits(d1, 26, 24);
  in->flags |= bits(d1, 27, 27) ? EMU_F_SDWA_SEXT1 : 0;
  in->neg |= (uint8_t)(bits(d1, 28, 28) << 1);
  in->abs |= (uint8_t)(bits(d1, 29, 29) << 1);
  if (bits(d1, 31, 31) && in->src[1] >= 256)
    in->src[1] = (uint16_t)(in->src[1] - 256);
}

static void decodeDpp(uint32_t d1, EmuInst *in) {
  in->flags |= EMU_F_DPP;
  in->src[0] = (uint16_t)(256 + bits(d1, 7, 0));
  in->dppCtrl = (uint16_t)bits(d1, 16, 8);
  in->flags |= bits(d1, 19, 19) ? EMU_F_BOUNDCTRL : 0;
  in->neg |= (uint8_t)(bits(d1, 20, 20) | bits(d1, 22, 22) << 1);
  in->abs |= (uint8_t)(bits(d1, 21, 21) | bits(d1, 23, 23) << 1);
  in->bankMask = (uint8_t)bits(d1, 27, 24);
  in->rowMask = (uint8_t)bits(d1, 31, 28);
}

/* VOP1/VOP2/VOPC: the 32-bit encodings, with SDWA/DPP/literal extensions.
 * Names are looked up in the VOP3 space so one handler serves all forms. */
static bool decodeVop32(const uint8_t *p, size_t avail, FlyChip chip,
                        uint32_t d0, EmuInst *in) {
  unsigned v3op;
  if (bits(d0, 31, 25) == 0x3F) {
    in->fmt = EMU_FMT_VOP1;
    in->op = (uint16_t)bits(d0, 16, 9);
    v3op = 320 + in->op;
    in->dst = (uint16_t)bits(d0, 24, 17);
    if (!NAME(emuOpNamesVop1, in->op))
      return false;
  } else if (bits(d0, 31, 25) == 0x3E) {
    in->fmt = EMU_FMT_VOPC;
    in->op = (uint16_t)bits(d0, 24, 17);
    v3op = in->op;
    in->src[1] = (uint16_t)(256 + bits(d0, 16, 9));
    in->sdst = EMU_OP_VCC_LO;
    if (!NAME(emuOpNamesVopc, in->op))
      return false;
  } else {
    in->fmt = EMU_FMT_VOP2;
    in->op = (uint16_t)bits(d0, 30, 25);
    v3op = 256 + in->op;
    in->dst = (uint16_t)bits(d0, 24, 17);
    in->src[1] = (uint16_t)(256 + bits(d0, 16, 9));
    in->src[2] = EMU_OP_VCC_LO; /* implicit carry-in / cndmask mask */
    in->sdst = EMU_OP_VCC_LO;
    if (!NAME(emuOpNamesVop2, in->op))
      return false;
  }
  in->op = (uint16_t)v3op;
  unsigned s0 = bits(d0, 8, 0);
  in->src[0] = (uint16_t)s0;
  in->size = 4;
  bool needLit = s0 == EMU_OP_LITERAL ||
                 (in->fmt == EMU_FMT_VOP2 && vop2HasK(v3op - 256));
  /* v_clrexcp reads no source: SRC0 brings no literal, SDWA or DPP word; nor
   * does v_nop, except DPP controls (as LLVM decodes them) */
  bool noSrc = in->fmt == EMU_FMT_VOP1 && (v3op == 320 + 53 || (v3op == 320 && s0 != EMU_OP_DPP));
  if (!noSrc && (s0 == EMU_OP_SDWA || s0 == EMU_OP_DPP || needLit)) {
    if (avail < 8)
      return false;
    uint32_t d1 = rd32(p + 4);
    in->raw[1] = d1;
    in->size = 8;
    if (s0 == EMU_OP_SDWA) {
      decodeSdwa(d1, in->fmt == EMU_FMT_VOPC, in);
      /* v_cvt_[pk_]f32_fp8/bf8 (VOP1 84..87) have no dst_sel/dst_unused: the
       * whole destination is written (ISA guide: "SDWA, Op_Sel[0]") */
      if (in->fmt == EMU_FMT_VOP1 && v3op >= 320 + 84 && v3op <= 320 + 87)
        in->dstSel = 6, in->dstUnused = 0;
    }
    else if (s0 == EMU_OP_DPP)
      decodeDpp(d1, in);
    else {
      in->lit = d1;
      in->flags |= EMU_F_LIT;
    }
  }
  return true;
}

/* VOP3 opcodes whose OPSEL field (bits 14:11) selects halves/bytes: the set
 * LLVM 22 decodes op_sel for on gfx942/gfx950 (the 16-bit three-operand
 * ops, v_pack_b32_f16, the fp8/bf8/fp4 conversions, ...). On every other
 * VOP3 instruction the bits are ignored, as LLVM ignores them. */
static bool vop3HasOpsel(unsigned op) {
  static const uint16_t ops[] = {
      462, 463, 497, 498, 500, 501, 502, 503, 504, 505, 506, 507, 508, 515, 516, 517,
      518, 519, 563, 565, 566, 567, 568, 569, 570, 571, 572, 573, 574, 575, 576, 577,
      578, 579, 580, 581, 582, 583, 584, 585, 586, 587, 588, 589, 590, 591, 592, 593,
      613, 614, 617, 618, 665, 666, 670, 671, 672, 674, 675, 676, 677, 678, 679,
      409, 410 /* v_permlane16/32_swap: op_sel[0] = FI, op_sel[1] = BC */};
  for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
    if (ops[i] == op)
      return true;
  return false;
}

static bool decodeVop3(const uint8_t *p, size_t avail, FlyChip chip,
                       uint32_t d0, EmuInst *in) {
  if (avail < 8)
    return false;
  uint64_t q = (uint64_t)d0 | (uint64_t)rd32(p + 4) << 32;
  in->raw[1] = (uint32_t)(q >> 32);
  in->size = 8;
  in->fmt = EMU_FMT_VOP3;
  in->flags |= EMU_F_VOP3;
  in->op = (uint16_t)bits(q, 25, 16);
  in->dst = (uint16_t)bits(q, 7, 0);
  in->clamp = (uint8_t)bits(q, 15, 15);
  if (isVop3b(in->op)) {
    in->sdst = (uint16_t)bits(q, 14, 8);
  } else {
    in->abs = (uint8_t)bits(q, 10, 8);
    in->opsel = vop3HasOpsel(in->op) ? (uint8_t)bits(q, 14, 11) : 0;
  }
  in->src[0] = (uint16_t)bits(q, 40, 32);
  in->src[1] = (uint16_t)bits(q, 49, 41);
  in->src[2] = (uint16_t)bits(q, 58, 50);
  in->omod = (uint8_t)bits(q, 60, 59);
  in->neg = (uint8_t)bits(q, 63, 61);
  if (in->op < 256)
    in->sdst = in->dst; /* VOPC promoted: vdst field is the SGPR pair */
  return NAME(emuOpNamesVop3, in->op);
}

static bool decodeMai(uint64_t q, EmuInst *in) {
  in->fmt = EMU_FMT_MAI;
  unsigned acc = bits(q, 60, 59), accCd = bits(q, 15, 15);
  in->cbsz = (uint8_t)bits(q, 10, 8);
  in->abid = (uint8_t)bits(q, 14, 11);
  in->blgp = (uint8_t)bits(q, 63, 61);
  in->dst = (uint16_t)(bits(q, 7, 0) + (accCd ? 256 : 0));
  in->va = (uint16_t)((bits(q, 40, 32) & 255) + ((acc & 1) ? 256 : 0));
  in->vb = (uint16_t)((bits(q, 49, 41) & 255) + ((acc & 2) ? 256 : 0));
  unsigned s2 = bits(q, 58, 50);
  in->src[2] = (uint16_t)s2;
  in->vc = (uint16_t)(s2 >= 256 ? (s2 - 256) + (accCd ? 256 : 0) : 0xFFFF);
  return true;
}

static bool decodeVop3p(const uint8_t *p, size_t avail, FlyChip chip,
                        uint32_t d0, EmuInst *in) {
  if (avail < 8)
    return false;
  uint64_t q = (uint64_t)d0 | (uint64_t)rd32(p + 4) << 32;
  in->raw[1] = (uint32_t)(q >> 32);
  in->size = 8;
  in->fmt = EMU_FMT_VOP3P;
  in->op = (uint16_t)bits(q, 22, 16);
  in->dst = (uint16_t)bits(q, 7, 0);
  in->clamp = (uint8_t)bits(q, 15, 15);
  in->opsel = (uint8_t)bits(q, 13, 11);
  in->opselHi = (uint8_t)(bits(q, 60, 59) | bits(q, 14, 14) << 2);
  in->negHi = (uint8_t)bits(q, 10, 8);
  in->neg = (uint8_t)bits(q, 63, 61);
  in->src[0] = (uint16_t)bits(q, 40, 32);
  in->src[1] = (uint16_t)bits(q, 49, 41);
  in->src[2] = (uint16_t)bits(q, 58, 50);
  if (in->op == 44 && avail >= 16) {
    /* v_mfma_ld_scale_b32 + a scaled MFMA: op 45/46 with ABID = 1 and
     * VGPR/AGPR A and B, as LLVM requires to decode the pair as one
     * instruction (otherwise the prefix stands alone) */
    uint64_t m = (uint64_t)rd32(p + 8) | (uint64_t)rd32(p + 12) << 32;
    bool pair = bits(m, 31, 23) == 0x1A7 && (bits(m, 22, 16) == 45 || bits(m, 22, 16) == 46) &&
                bits(m, 14, 11) == 1 && bits(m, 40, 40) && bits(m, 49, 49);
    if (pair) {
      in->scaleSrc[0] = in->src[0];
      in->scaleSrc[1] = in->src[1];
      in->scaleSel[0] = (uint8_t)((in->opsel & 1) | (in->opselHi & 1) << 1);
      in->scaleSel[1] = (uint8_t)((in->opsel >> 1 & 1) | (in->opselHi >> 1 & 1) << 1);
      in->op = (uint16_t)bits(m, 22, 16);
      in->size = 16;
      in->flags |= EMU_F_SCALE;
      decodeMai(m, in);
      if (!NAME(emuOpNamesVop3p, in->op))
        return false;
      in->name = in->op == 45 ? "v_mfma_scale_f32_16x16x128_f8f6f4"
                              : "v_mfma_scale_f32_32x32x64_f8f6f4";
      return true;
    }
  }
  if (!NAME(emuOpNamesVop3p, in->op))
    return false;
  if (!strncmp(in->name, "v_mfma", 6) || !strncmp(in->name, "v_smfmac", 8))
    decodeMai(q, in);
  return true;
}

static bool decodeScalar(const uint8_t *p, size_t avail, FlyChip chip,
                         uint32_t d0, EmuInst *in) {
  in->size = 4;
  int nsrc = 0;
  if (bits(d0, 31, 23) == 0x17F) {
    in->fmt = EMU_FMT_SOPP;
    in->op = (uint16_t)bits(d0, 22, 16);
    in->imm = (int16_t)bits(d0, 15, 0);
    return NAME(emuOpNamesSopp, in->op);
  }
  if (bits(d0, 31, 23) == 0x17E) {
    in->fmt = EMU_FMT_SOPC;
    in->op = (uint16_t)bits(d0, 22, 16);
    in->src[0] = (uint16_t)bits(d0, 7, 0);
    in->src[1] = (uint16_t)bits(d0, 15, 8);
    nsrc = 2;
    if (!NAME(emuOpNamesSopc, in->op))
      return false;
    if (in->op == 17) /* s_set_gpr_idx_on: SSRC1 is the mode immediate, not an operand */
      nsrc = 1;
  } else if (bits(d0, 31, 23) == 0x17D) {
    in->fmt = EMU_FMT_SOP1;
    in->op = (uint16_t)bits(d0, 15, 8);
    in->dst = (uint16_t)bits(d0, 22, 16);
    in->src[0] = (uint16_t)bits(d0, 7, 0);
    nsrc = 1;
    if (!NAME(emuOpNamesSop1, in->op))
      return false;
    if (in->op == 28) /* s_getpc_b64 has no source: SSRC0 = 255 brings no literal */
      nsrc = 0;
  } else if (bits(d0, 31, 28) == 0xB) {
    in->fmt = EMU_FMT_SOPK;
    in->op = (uint16_t)bits(d0, 27, 23);
    in->dst = (uint16_t)bits(d0, 22, 16);
    in->imm = (int16_t)bits(d0, 15, 0);
    if (!NAME(emuOpNamesSopk, in->op))
      return false;
    if (in->op == 20) { /* s_setreg_imm32_b32 */
      if (avail < 8)
        return false;
      in->lit = rd32(p + 4);
      in->raw[1] = in->lit;
      in->flags |= EMU_F_LIT;
      in->size = 8;
    }
    return true;
  } else {
    in->fmt = EMU_FMT_SOP2;
    in->op = (uint16_t)bits(d0, 29, 23);
    in->dst = (uint16_t)bits(d0, 22, 16);
    in->src[0] = (uint16_t)bits(d0, 7, 0);
    in->src[1] = (uint16_t)bits(d0, 15, 8);
    nsrc = 2;
    if (!NAME(emuOpNamesSop2, in->op))
      return false;
  }
  if (hasLiteral(in, nsrc)) {
    if (avail < 8)
      return false;
    in->lit = rd32(p + 4);
    in->raw[1] = in->lit;
    in->flags |= EMU_F_LIT;
    in->size = 8;
  }
  return true;
}

static bool decodeSmem(uint64_t q, FlyChip chip, EmuInst *in) {
  in->fmt = EMU_FMT_SMEM;
  in->op = (uint16_t)bits(q, 25, 18);
  in->dst = (uint16_t)bits(q, 12, 6);
  in->sbase = (uint8_t)(bits(q, 5, 0) * 2);
  if (bits(q, 17, 17)) {
    in->flags |= EMU_F_IMM;
    uint32_t off = bits(q, 52, 32);
    in->imm = (int32_t)(off ^ 0x100000u) - 0x100000; /* 21-bit signed */
  } else {
    in->imm = 0;
    in->soff = (uint8_t)bits(q, 38, 32); /* IMM=0: OFFSET[6:0] names an SGPR or M0 */
    in->flags |= EMU_F_SOE;
  }
  if (bits(q, 14, 14)) {
    in->soff = (uint8_t)bits(q, 63, 57);
    in->flags |= EMU_F_SOE;
  }
  in->flags |= (bits(q, 16, 16) ? EMU_F_GLC : 0) | (bits(q, 15, 15) ? EMU_F_NV : 0);
  return NAME(emuOpNamesSmem, in->op);
}

/* DS: the fields keep the names of LLVM's operands (DSInstructions.td
 * DS_Real_vi): addr = ADDR, data0 = DATA0, data1 = DATA1, dst = VDST; which of
 * them an opcode uses is its operand list (ds_swizzle_b32 reads only ADDR,
 * ds_append only writes VDST, ...). The GWS ops with a data operand carry it
 * in the ADDR field ("has_gws_data0"), so it moves to data0. Bit 16 (GDS on
 * older chips) is no field on gfx942/gfx950 (CDNA4 ISA guide Table 95) and
 * is ignored, as LLVM's disassembler ignores it; only the GWS ops (152..157)
 * require it set, as LLVM does. */
static bool decodeDs(uint64_t q, FlyChip chip, EmuInst *in) {
  in->fmt = EMU_FMT_DS;
  unsigned acc = bits(q, 25, 25) ? 256 : 0;
  in->op = (uint16_t)bits(q, 24, 17);
  in->imm = (int32_t)bits(q, 7, 0);
  in->offset1 = (uint8_t)bits(q, 15, 8);
  in->addr = (uint16_t)bits(q, 39, 32);
  in->data0 = (uint16_t)(bits(q, 47, 40) + acc);
  in->data1 = (uint16_t)(bits(q, 55, 48) + acc);
  in->dst = (uint16_t)(bits(q, 63, 56) + acc);
  bool gws = in->op >= 152 && in->op <= 157;
  if (gws && (in->op & 1)) /* ds_gws_init, ds_gws_sema_br, ds_gws_barrier */
    in->data0 = (uint16_t)(in->addr + acc);
  if (gws && !bits(q, 16, 16))
    return false; /* no name: the fault reports the raw encoding */
  return NAME(emuOpNamesDs, in->op);
}

static bool decodeMubuf(uint64_t q, FlyChip chip, EmuInst *in) {
  in->fmt = EMU_FMT_MUBUF;
  in->op = (uint16_t)bits(q, 24, 18);
  in->imm = (int32_t)bits(q, 11, 0);
  in->flags |= (bits(q, 12, 12) ? EMU_F_OFFEN : 0) |
               (bits(q, 13, 13) ? EMU_F_IDXEN : 0) |
               (bits(q, 14, 14) ? EMU_F_GLC : 0) | (bits(q, 15, 15) ? EMU_F_SC1 : 0) |
               (bits(q, 16, 16) ? EMU_F_LDS : 0) | (bits(q, 17, 17) ? EMU_F_NT : 0);
  in->addr = (uint16_t)bits(q, 39, 32);
  in->data0 = (uint16_t)(bits(q, 47, 40) + (bits(q, 55, 55) ? 256 : 0));
  in->dst = in->data0;
  in->sbase = (uint8_t)(bits(q, 52, 48) * 4);
  in->soff = (uint8_t)bits(q, 63, 56);
  return NAME(emuOpNamesMubuf, in->op);
}

/* MTBUF (typed buffer): decoded so faults and traces name it; the format
 * conversions are not modelled, so there is no handler. */
static bool decodeMtbuf(uint64_t q, FlyChip chip, EmuInst *in) {
  in->fmt = EMU_FMT_MTBUF;
  in->op = (uint16_t)bits(q, 18, 15);
  in->imm = (int32_t)bits(q, 11, 0);
  in->flags |= (bits(q, 12, 12) ? EMU_F_OFFEN : 0) | (bits(q, 13, 13) ? EMU_F_IDXEN : 0) |
               (bits(q, 14, 14) ? EMU_F_GLC : 0) | (bits(q, 53, 53) ? EMU_F_SC1 : 0) |
               (bits(q, 54, 54) ? EMU_F_NT : 0);
  in->fmtBits = (uint8_t)(bits(q, 22, 19) | bits(q, 25, 23) << 4);
  in->addr = (uint16_t)bits(q, 39, 32);
  in->data0 = (uint16_t)(bits(q, 47, 40) + (bits(q, 55, 55) ? 256 : 0));
  in->dst = in->data0;
  in->sbase = (uint8_t)(bits(q, 52, 48) * 4);
  in->soff = (uint8_t)bits(q, 63, 56);
  return NAME(emuOpNamesMtbuf, in->op);
}

static bool decodeFlat(uint64_t q, FlyChip chip, EmuInst *in) {
  unsigned seg = bits(q, 15, 14), acc = bits(q, 55, 55) ? 256 : 0;
  in->seg = (uint8_t)seg;
  in->op = (uint16_t)bits(q, 24, 18);
  in->flags |= (bits(q, 16, 16) ? EMU_F_GLC : 0) | (bits(q, 17, 17) ? EMU_F_NT : 0) |
               (bits(q, 25, 25) ? EMU_F_SC1 : 0);
  in->addr = (uint16_t)bits(q, 39, 32);
  in->data0 = (uint16_t)(bits(q, 47, 40) + acc);
  in->dst = (uint16_t)(bits(q, 63, 56) + acc);
  in->sbase = (uint8_t)bits(q, 54, 48);
  if (seg == 0) {
    in->fmt = EMU_FMT_FLAT;
    in->imm = (int32_t)bits(q, 11, 0);
    return NAME(emuOpNamesFlat, in->op);
  }
  in->imm = (int32_t)(bits(q, 12, 0) ^ 0x1000u) - 0x1000; /* 13-bit signed */
  if (seg == 1) {
    in->fmt = EMU_FMT_SCRATCH;
    in->flags |= bits(q, 13, 13) ? EMU_F_LDS : 0; /* SVE: VADDR is used (gfx940+) */
    return NAME(emuOpNamesScratch, in->op);
  }
  if (seg == 2) {
    in->fmt = EMU_FMT_GLOBAL;
    return NAME(emuOpNamesGlobal, in->op);
  }
  return false;
}

/* VALU flags for GPR indexing: every VOP format; the dst field is a VGPR
 * except for compares (op < 256) and v_readlane/v_readfirstlane. */
static void markValu(EmuInst *in) {
  if (in->fmt != EMU_FMT_VOP1 && in->fmt != EMU_FMT_VOP2 && in->fmt != EMU_FMT_VOPC &&
      in->fmt != EMU_FMT_VOP3 && in->fmt != EMU_FMT_VOP3P)
    return;
  in->flags |= EMU_F_VALU;
  bool sdstOp = in->fmt == EMU_FMT_VOPC || (in->fmt == EMU_FMT_VOP3 && in->op < 256) ||
                in->op == 320 + 2 || in->op == 649;
  if (!sdstOp)
    in->flags |= EMU_F_VDST;
}

static bool decodeAny(const uint8_t *p, size_t avail, FlyChip chip, EmuInst *in);

bool emuDecodeOne(const uint8_t *p, size_t avail, FlyChip chip, EmuInst *in) {
  bool ok = decodeAny(p, avail, chip, in);
  markValu(in);
  return ok;
}

static bool decodeAny(const uint8_t *p, size_t avail, FlyChip chip, EmuInst *in) {
  memset(in, 0, sizeof(*in));
  in->size = 4;
  if (avail < 4)
    return false;
  uint32_t d0 = rd32(p);
  in->raw[0] = d0;
  in->raw[1] = avail >= 8 ? rd32(p + 4) : 0; /* for messages */
  if (!(d0 >> 31))
    return decodeVop32(p, avail, chip, d0, in);
  if (bits(d0, 31, 30) == 2)
    return decodeScalar(p, avail, chip, d0, in);
  if (avail < 8)
    return false;
  uint64_t q = (uint64_t)d0 | (uint64_t)rd32(p + 4) << 32;
  switch (bits(d0, 31, 26)) {
  case 0x30: in->raw[1] = (uint32_t)(q >> 32); in->size = 8; return decodeSmem(q, chip, in);
  case 0x34:
    if (bits(d0, 31, 23) == 0x1A7)
      return decodeVop3p(p, avail, chip, d0, in);
    return decodeVop3(p, avail, chip, d0, in);
  case 0x36: in->raw[1] = (uint32_t)(q >> 32); in->size = 8; return decodeDs(q, chip, in);
  case 0x37: in->raw[1] = (uint32_t)(q >> 32); in->size = 8; return decodeFlat(q, chip, in);
  case 0x38: case 0x3A: {
    in->raw[1] = (uint32_t)(q >> 32);
    in->size = 8;
    bool ok = bits(d0, 31, 26) == 0x38 ? decodeMubuf(q, chip, in) : decodeMtbuf(q, chip, in);
    /* buffer_wbl2 / buffer_inv have no SOFFSET operand: no literal */
    bool noOperands = in->fmt == EMU_FMT_MUBUF && (in->op == 40 || in->op == 41);
    if (!noOperands && in->soff == EMU_OP_LITERAL) { /* a literal SOFFSET follows (as LLVM decodes it) */
      if (avail < 12)
        return false;
      in->lit = rd32(p + 8);
      in->flags |= EMU_F_LIT;
      in->size = 12;
    }
    return ok;
  }
  default: return false;
  }
}

/*--- Handler lookup -----------------------------------------------------------*/

EmuExecFn emuHandlerFind(const char *name) {
  static const EmuHandler *const tables[] = {
      emuScalarHandlers, emuVIntHandlers, emuVFloatHandlers, emuCvtHandlers,
      emuLaneHandlers,   emuMemHandlers,  emuLdsHandlers,    emuMfmaHandlers};
  if (!strncmp(name, "v_cmp", 5))
    return emuCmpHandlerFind(name);
  if (!strncmp(name, "v_mfma", 6))
    return emuMfmaHandlerFind(name);
  if (!strncmp(name, "global_", 7) || !strncmp(name, "flat_", 5) ||
      !strncmp(name, "scratch_", 8) || !strncmp(name, "buffer_", 7) ||
      !strncmp(name, "s_atomic_", 9) || !strncmp(name, "s_buffer_atomic_", 16)) {
    EmuExecFn fn = emuMemHandlerFind(name);
    if (fn)
      return fn;
  }
  for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++)
    for (const EmuHandler *h = tables[t]; h->name; h++)
      if (!strcmp(h->name, name))
        return h->fn;
  return NULL;
}
