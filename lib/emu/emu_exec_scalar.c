/*===- emu_exec_scalar.c - SOP1/SOP2/SOPC/SOPK/SOPP semantics -------------===*
 *
 * Scalar ALU, branches and program control (ISA guide ch. 4 "Program flow
 * control" and ch. 5 "Scalar ALU operations"). Branch targets are
 * PC_next + simm16*4 (facts §6.3). s_waitcnt, s_nop, s_setprio, s_sleep and
 * the scheduling hints are no-ops: memory completes at issue.
 *===----------------------------------------------------------------------===*/
#include "emu_isa.h"

#define S32(i) emuReadScalar32(w, in, in->src[i], false)
#define S64(i) emuReadScalar64(w, in, in->src[i], false)
#define D32(v) emuWriteScalar32(w, in->dst, (v))
#define D64(v) emuWriteScalar64(w, in->dst, (v))
#define H(name) {#name, exec_##name}

/*--- SOP2 --------------------------------------------------------------------*/

/* Result-only ops that set SCC = (result != 0). */
#define SOP2_B32(name, expr)                                                    \
  static int exec_##name(EmuWave *w, const EmuInst *in, EmuCtx *c) {           \
    (void)c;                                                                    \
    uint32_t a = S32(0), b = S32(1), r = (expr);                                \
    D32(r);                                                                     \
    w->scc = r != 0;                                                            \
    return EMU_STEP_NEXT;                                                       \
  }
#define SOP2_B64(name, expr)                                                    \
  static int exec_##name(EmuWave *w, const EmuInst *in, EmuCtx *c) {           \
    (void)c;                                                                    \
    uint64_t a = S64(0), b = S64(1), r = (expr);                                \
    D64(r);                                                                     \
    w->scc = r != 0;                                                            \
    return EMU_STEP_NEXT;                                                       \
  }
/* Ops that leave SCC alone. */
#define SOP2_NOSCC(name, expr)                                                  \
  static int exec_##name(EmuWave *w, const EmuInst *in, EmuCtx *c) {           \
    (void)c;                                                                    \
    uint32_t a = S32(0), b = S32(1);                                            \
    D32(expr);                                                                  \
    return EMU_STEP_NEXT;                                                       \
  }

SOP2_B32(s_and_b32, a & b)
SOP2_B32(s_or_b32, a | b)
SOP2_B32(s_xor_b32, a ^ b)
SOP2_B32(s_andn2_b32, a & ~b)
SOP2_B32(s_orn2_b32, a | ~b)
SOP2_B32(s_nand_b32, ~(a & b))
SOP2_B32(s_nor_b32, ~(a | b))
SOP2_B32(s_xnor_b32, ~(a ^ b))
SOP2_B32(s_lshl_b32, a << (b & 31))
SOP2_B32(s_lshr_b32, a >> (b & 31))
SOP2_B32(s_ashr_i32, (uint32_t)((int32_t)a >> (b & 31)))
SOP2_B32(s_bfe_u32, ((b >> 16) & 127) ? (a >> (b & 31)) & (((b >> 16) & 127) >= 32 ? ~0u : ((1u << ((b >> 16) & 127)) - 1)) : 0)
SOP2_B32(s_absdiff_i32, (int32_t)a > (int32_t)b ? a - b : b - a)
SOP2_B64(s_and_b64, a & b)
SOP2_B64(s_or_b64, a | b)
SOP2_B64(s_xor_b64, a ^ b)
SOP2_B64(s_andn2_b64, a & ~b)
SOP2_B64(s_orn2_b64, a | ~b)
SOP2_B64(s_nand_b64, ~(a & b))
SOP2_B64(s_nor_b64, ~(a | b))
SOP2_B64(s_xnor_b64, ~(a ^ b))
SOP2_NOSCC(s_mul_i32, a * b)
SOP2_NOSCC(s_mul_hi_u32, (uint32_t)(((uint64_t)a * b) >> 32))
SOP2_NOSCC(s_mul_hi_i32, (uint32_t)(((int64_t)(int32_t)a * (int32_t)b) >> 32))
SOP2_NOSCC(s_bfm_b32, (((b & 31) == 0 && (a & 31) == 0) ? 0 : ((1u << (a & 31)) - 1)) << (b & 31))
SOP2_NOSCC(s_pack_ll_b32_b16, (a & 0xffff) | b << 16)
SOP2_NOSCC(s_pack_lh_b32_b16, (a & 0xffff) | (b & 0xffff0000u))
SOP2_NOSCC(s_pack_hh_b32_b16, (a >> 16) | (b & 0xffff0000u))

static int exec_s_bfe_i32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  uint32_t a = S32(0), b = S32(1), width = (b >> 16) & 127, off = b & 31;
  int32_t r = 0;
  if (width) {
    if (width >= 32)
      r = (int32_t)a >> off;
    else
      r = (int32_t)((a >> off) << (32 - width)) >> (32 - width);
  }
  D32((uint32_t)r);
  w->scc = r != 0;
  return EMU_STEP_NEXT;
}

static int exec_s_bfe_u64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  uint64_t a = S64(0);
  uint32_t b = S32(1), width = (b >> 16) & 127, off = b & 63;
  uint64_t r = width ? (a >> off) & (width >= 64 ? ~0ull : ((1ull << width) - 1)) : 0;
  D64(r);
  w->scc = r != 0;
  return EMU_STEP_NEXT;
}

static int exec_s_bfe_i64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  uint64_t a = S64(0);
  uint32_t b = S32(1), width = (b >> 16) & 127, off = b & 63;
  int64_t r = 0;
  if (width)
    r = width >= 64 ? (int64_t)a >> off
                    : (int64_t)((a >> off) << (64 - width)) >> (64 - width);
  D64((uint64_t)r);
  w->scc = r != 0;
  return EMU_STEP_NEXT;
}

static int exec_s_lshl_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  uint64_t r = S64(0) << (S32(1) & 63);
  D64(r);
  w->scc = r != 0;
  return EMU_STEP_NEXT;
}

static int exec_s_lshr_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  uint64_t r = S64(0) >> (S32(1) & 63);
  D64(r);
  w->scc = r != 0;
  return EMU_STEP_NEXT;
}

static int exec_s_ashr_i64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  uint64_t r = (uint64_t)((int64_t)S64(0) >> (S32(1) & 63));
  D64(r);
  w->scc = r != 0;
  return EMU_STEP_NEXT;
}

static int exec_s_bfm_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  uint32_t a = S32(0) & 63, b = S32(1) & 63;
  D64(((a ? (1ull << a) - 1 : 0)) << b);
  return EMU_STEP_NEXT;
}

static int exec_s_add_u32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  uint64_t r = (uint64_t)S32(0) + S32(1);
  D32((uint32_t)r);
  w->scc = r >> 32;
  return EMU_STEP_NEXT;
}

static int exec_s_addc_u32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  uint64_t r = (uint64_t)S32(0) + S32(1) + w->scc;
  D32((uint32_t)r);
  w->scc = r >> 32;
  return EMU_STEP_NEXT;
}

static int exec_s_sub_u32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  uint32_t a = S32(0), b = S32(1);
  D32(a - b);
  w->scc = b > a;
  return EMU_STEP_NEXT;
}

static int exec_s_subb_u32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  uint32_t a = S32(0), b = S32(1), cin = w->scc;
  D32(a - b - cin);
  w->scc = (uint64_t)b + cin > a;
  return EMU_STEP_NEXT;
}

/* Signed add/sub: SCC = signed overflow. */
static int exec_s_add_i32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  uint32_t a = S32(0), b = S32(1), r = a + b;
  D32(r);
  w->scc = ((~(a ^ b)) & (a ^ r)) >> 31;
  return EMU_STEP_NEXT;
}

static int exec_s_sub_i32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  uint32_t a = S32(0), b = S32(1), r = a - b;
  D32(r);
  w->scc = ((a ^ b) & (a ^ r)) >> 31;
  return EMU_STEP_NEXT;
}

#define SOP2_MINMAX(name, T, cmp)                                               \
  static int exec_##name(EmuWave *w, const EmuInst *in, EmuCtx *c) {           \
    (void)c;                                                                    \
    T a = (T)S32(0), b = (T)S32(1);                                             \
    bool pick = a cmp b;                                                        \
    D32((uint32_t)(pick ? a : b));                                              \
    w->scc = pick;                                                              \
    return EMU_STEP_NEXT;                                                       \
  }
SOP2_MINMAX(s_min_i32, int32_t, <)
SOP2_MINMAX(s_min_u32, uint32_t, <)
SOP2_MINMAX(s_max_i32, int32_t, >)
SOP2_MINMAX(s_max_u32, uint32_t, >)

static int exec_s_cselect_b32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  D32(w->scc ? S32(0) : S32(1));
  return EMU_STEP_NEXT;
}

static int exec_s_cselect_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  D64(w->scc ? S64(0) : S64(1));
  return EMU_STEP_NEXT;
}

#define SOP2_LSHL_ADD(name, n)                                                  \
  static int exec_##name(EmuWave *w, const EmuInst *in, EmuCtx *c) {           \
    (void)c;                                                                    \
    uint64_t r = ((uint64_t)S32(0) << n) + S32(1);                              \
    D32((uint32_t)r);                                                           \
    w->scc = (r >> 32) != 0;                                                    \
    return EMU_STEP_NEXT;                                                       \
  }
SOP2_LSHL_ADD(s_lshl1_add_u32, 1)
SOP2_LSHL_ADD(s_lshl2_add_u32, 2)
SOP2_LSHL_ADD(s_lshl3_add_u32, 3)
SOP2_LSHL_ADD(s_lshl4_add_u32, 4)

/*--- SOPK --------------------------------------------------------------------*/

static int exec_s_movk_i32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  D32((uint32_t)in->imm);
  return EMU_STEP_NEXT;
}

static int exec_s_cmovk_i32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  if (w->scc)
    D32((uint32_t)in->imm);
  return EMU_STEP_NEXT;
}

static int exec_s_addk_i32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  uint32_t a = emuReadScalar32(w, in, in->dst, false), b = (uint32_t)in->imm;
  uint32_t r = a + b;
  D32(r);
  w->scc = ((~(a ^ b)) & (a ^ r)) >> 31;
  return EMU_STEP_NEXT;
}

static int exec_s_mulk_i32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  D32(emuReadScalar32(w, in, in->dst, false) * (uint32_t)in->imm);
  return EMU_STEP_NEXT;
}

#define SOPK_CMP(name, T, op, K)                                                \
  static int exec_##name(EmuWave *w, const EmuInst *in, EmuCtx *c) {           \
    (void)c;                                                                    \
    T a = (T)emuReadScalar32(w, in, in->dst, false);                           \
    w->scc = a op (T)(K);                                                       \
    return EMU_STEP_NEXT;                                                       \
  }
SOPK_CMP(s_cmpk_eq_i32, int32_t, ==, in->imm)
SOPK_CMP(s_cmpk_lg_i32, int32_t, !=, in->imm)
SOPK_CMP(s_cmpk_gt_i32, int32_t, >, in->imm)
SOPK_CMP(s_cmpk_ge_i32, int32_t, >=, in->imm)
SOPK_CMP(s_cmpk_lt_i32, int32_t, <, in->imm)
SOPK_CMP(s_cmpk_le_i32, int32_t, <=, in->imm)
SOPK_CMP(s_cmpk_eq_u32, uint32_t, ==, (uint16_t)in->imm)
SOPK_CMP(s_cmpk_lg_u32, uint32_t, !=, (uint16_t)in->imm)
SOPK_CMP(s_cmpk_gt_u32, uint32_t, >, (uint16_t)in->imm)
SOPK_CMP(s_cmpk_ge_u32, uint32_t, >=, (uint16_t)in->imm)
SOPK_CMP(s_cmpk_lt_u32, uint32_t, <, (uint16_t)in->imm)
SOPK_CMP(s_cmpk_le_u32, uint32_t, <=, (uint16_t)in->imm)

/* Hardware registers (ISA guide §4.5 "S_GETREG/S_SETREG"): simm16 holds
 * {size-1[15:11], offset[10:6], id[5:0]}. MODE (1), TRAPSTS (3) and HW_ID
 * (4) are modelled; other ids fault as unsupported. */
static uint32_t *hwregPtr(EmuWave *w, unsigned id) {
  return id == 1 ? &w->mode : id == 3 ? &w->trapsts : NULL;
}

static uint32_t hwregMask(uint32_t simm, unsigned *off) {
  unsigned size = ((simm >> 11) & 31) + 1;
  *off = (simm >> 6) & 31;
  return (size >= 32 ? ~0u : ((1u << size) - 1)) << *off;
}

static int exec_s_getreg_b32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  uint32_t simm = (uint16_t)in->imm, id = simm & 63, v;
  unsigned off;
  uint32_t mask = hwregMask(simm, &off);
  if (id == 4)
    v = w->waveInGroup & 15; /* HW_ID: WAVE_ID[3:0]; SIMD/CU/SE ids are 0 */
  else if (hwregPtr(w, id))
    v = *hwregPtr(w, id);
  else
    return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0,
                    "s_getreg_b32: hardware register %u is not modelled", id);
  D32((v & mask) >> off);
  return EMU_STEP_NEXT;
}

static int setreg(EmuWave *w, const EmuInst *in, EmuCtx *c, uint32_t v) {
  uint32_t simm = (uint16_t)in->imm, id = simm & 63;
  unsigned off;
  uint32_t mask = hwregMask(simm, &off), *reg = hwregPtr(w, id);
  if (!reg)
    return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0,
                    "%s: hardware register %u is not modelled", in->name, id);
  *reg = (*reg & ~mask) | ((v << off) & mask);
  return EMU_STEP_NEXT;
}

static int exec_s_setreg_b32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  return setreg(w, in, c, emuReadScalar32(w, in, in->dst, false));
}

static int exec_s_setreg_imm32_b32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  return setreg(w, in, c, in->lit);
}

static int exec_s_call_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  D64(c->env->prog->textAddr + w->pc);
  w->pc = (uint64_t)((int64_t)w->pc + (int64_t)in->imm * 4);
  return EMU_STEP_NEXT;
}

/*--- SOP1 --------------------------------------------------------------------*/

static int exec_s_mov_b32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  D32(S32(0));
  return EMU_STEP_NEXT;
}

static int exec_s_mov_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  D64(S64(0));
  return EMU_STEP_NEXT;
}

static int exec_s_cmov_b32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  if (w->scc)
    D32(S32(0));
  return EMU_STEP_NEXT;
}

static int exec_s_cmov_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  if (w->scc)
    D64(S64(0));
  return EMU_STEP_NEXT;
}

#define SOP1_B32(name, expr, setscc)                                            \
  static int exec_##name(EmuWave *w, const EmuInst *in, EmuCtx *c) {           \
    (void)c;                                                                    \
    uint32_t a = S32(0), r = (expr);                                            \
    D32(r);                                                                     \
    if (setscc)                                                                 \
      w->scc = r != 0;                                                          \
    return EMU_STEP_NEXT;                                                       \
  }
#define SOP1_B64(name, expr, setscc)                                            \
  static int exec_##name(EmuWave *w, const EmuInst *in, EmuCtx *c) {           \
    (void)c;                                                                    \
    uint64_t a = S64(0), r = (expr);                                            \
    D64(r);                                                                     \
    if (setscc)                                                                 \
      w->scc = r != 0;                                                          \
    return EMU_STEP_NEXT;                                                       \
  }
#define SOP1_C64(name, expr)                                                    \
  static int exec_##name(EmuWave *w, const EmuInst *in, EmuCtx *c) {           \
    (void)c;                                                                    \
    uint64_t a = S64(0);                                                        \
    uint32_t r = (uint32_t)(expr);                                              \
    D32(r);                                                                     \
    w->scc = r != 0;                                                            \
    return EMU_STEP_NEXT;                                                       \
  }

static uint32_t brev32(uint32_t v) {
  v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
  v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
  v = ((v >> 4) & 0x0F0F0F0Fu) | ((v & 0x0F0F0F0Fu) << 4);
  v = ((v >> 8) & 0x00FF00FFu) | ((v & 0x00FF00FFu) << 8);
  return (v >> 16) | (v << 16);
}

static uint32_t ff1_64(uint64_t v) { return v ? (uint32_t)__builtin_ctzll(v) : ~0u; }
static uint32_t flbit64(uint64_t v) { return v ? (uint32_t)__builtin_clzll(v) : ~0u; }
static uint32_t flbitI32(uint32_t v) {
  uint32_t x = (int32_t)v < 0 ? ~v : v;
  return (x == 0) ? ~0u : (uint32_t)__builtin_clz(x);
}
static uint32_t flbitI64(uint64_t v) {
  uint64_t x = (int64_t)v < 0 ? ~v : v;
  return (x == 0) ? ~0u : (uint32_t)__builtin_clzll(x);
}
static uint64_t wqm64(uint64_t a) {
  uint64_t r = 0;
  for (int q = 0; q < 16; q++)
    if ((a >> (4 * q)) & 15)
      r |= 15ull << (4 * q);
  return r;
}
static uint32_t quad32(uint32_t a) {
  uint32_t r = 0;
  for (int q = 0; q < 8; q++)
    if ((a >> (4 * q)) & 15)
      r |= 1u << q;
  return r;
}
static uint64_t quad64(uint64_t a) {
  uint64_t r = 0;
  for (int q = 0; q < 16; q++)
    if ((a >> (4 * q)) & 15)
      r |= 1ull << q;
  return r;
}

SOP1_B32(s_not_b32, ~a, 1)
SOP1_B64(s_not_b64, ~a, 1)
SOP1_B32(s_brev_b32, brev32(a), 0)
SOP1_B64(s_brev_b64, (uint64_t)brev32((uint32_t)a) << 32 | brev32((uint32_t)(a >> 32)), 0)
SOP1_B32(s_bcnt0_i32_b32, 32u - (uint32_t)__builtin_popcount(a), 1)
SOP1_C64(s_bcnt0_i32_b64, 64u - (uint32_t)__builtin_popcountll(a))
SOP1_B32(s_bcnt1_i32_b32, (uint32_t)__builtin_popcount(a), 1)
SOP1_C64(s_bcnt1_i32_b64, (uint32_t)__builtin_popcountll(a))
SOP1_B32(s_ff0_i32_b32, ~a ? (uint32_t)__builtin_ctz(~a) : ~0u, 0)
SOP1_B32(s_ff1_i32_b32, a ? (uint32_t)__builtin_ctz(a) : ~0u, 0)
SOP1_B32(s_flbit_i32_b32, a ? (uint32_t)__builtin_clz(a) : ~0u, 0)
SOP1_B32(s_flbit_i32, flbitI32(a), 0)
SOP1_B32(s_sext_i32_i8, (uint32_t)(int32_t)(int8_t)a, 0)
SOP1_B32(s_sext_i32_i16, (uint32_t)(int32_t)(int16_t)a, 0)
SOP1_B32(s_abs_i32, (int32_t)a < 0 ? 0u - a : a, 1)
SOP1_B32(s_quadmask_b32, quad32(a), 1)
SOP1_B64(s_quadmask_b64, quad64(a), 1)
SOP1_B32(s_wqm_b32, (uint32_t)wqm64(a), 1)
SOP1_B64(s_wqm_b64, wqm64(a), 1)

static int exec_s_ff0_i32_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  D32(ff1_64(~S64(0)));
  return EMU_STEP_NEXT;
}
static int exec_s_ff1_i32_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  D32(ff1_64(S64(0)));
  return EMU_STEP_NEXT;
}
static int exec_s_flbit_i32_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  D32(flbit64(S64(0)));
  return EMU_STEP_NEXT;
}
static int exec_s_flbit_i32_i64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  D32(flbitI64(S64(0)));
  return EMU_STEP_NEXT;
}

static int exec_s_bitset0_b32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  D32(emuReadScalar32(w, in, in->dst, false) & ~(1u << (S32(0) & 31)));
  return EMU_STEP_NEXT;
}
static int exec_s_bitset1_b32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  D32(emuReadScalar32(w, in, in->dst, false) | (1u << (S32(0) & 31)));
  return EMU_STEP_NEXT;
}
static int exec_s_bitset0_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  D64(emuReadScalar64(w, in, in->dst, false) & ~(1ull << (S32(0) & 63)));
  return EMU_STEP_NEXT;
}
static int exec_s_bitset1_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  D64(emuReadScalar64(w, in, in->dst, false) | (1ull << (S32(0) & 63)));
  return EMU_STEP_NEXT;
}

static int exec_s_getpc_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  D64(c->env->prog->textAddr + w->pc);
  return EMU_STEP_NEXT;
}

static int exec_s_setpc_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  w->pc = S64(0) - c->env->prog->textAddr;
  return EMU_STEP_NEXT;
}

static int exec_s_swappc_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  uint64_t target = S64(0);
  D64(c->env->prog->textAddr + w->pc);
  w->pc = target - c->env->prog->textAddr;
  return EMU_STEP_NEXT;
}

/* s_<op>_saveexec_b64: D = EXEC; EXEC = op(S0, EXEC); SCC = EXEC != 0. */
#define SAVEEXEC(name, expr)                                                    \
  static int exec_##name(EmuWave *w, const EmuInst *in, EmuCtx *c) {           \
    (void)c;                                                                    \
    uint64_t s = S64(0), e = w->exec;                                           \
    D64(e);                                                                     \
    w->exec = (expr);                                                           \
    w->scc = w->exec != 0;                                                      \
    return EMU_STEP_NEXT;                                                       \
  }
SAVEEXEC(s_and_saveexec_b64, s & e)
SAVEEXEC(s_or_saveexec_b64, s | e)
SAVEEXEC(s_xor_saveexec_b64, s ^ e)
SAVEEXEC(s_andn2_saveexec_b64, s & ~e)
SAVEEXEC(s_orn2_saveexec_b64, s | ~e)
SAVEEXEC(s_nand_saveexec_b64, ~(s & e))
SAVEEXEC(s_nor_saveexec_b64, ~(s | e))
SAVEEXEC(s_xnor_saveexec_b64, ~(s ^ e))
SAVEEXEC(s_andn1_saveexec_b64, ~s & e)
SAVEEXEC(s_orn1_saveexec_b64, ~s | e)

/* s_andn{1,2}_wrexec_b64: EXEC = D = op(S0, EXEC); SCC = result != 0. */
#define WREXEC(name, expr)                                                      \
  static int exec_##name(EmuWave *w, const EmuInst *in, EmuCtx *c) {           \
    (void)c;                                                                    \
    uint64_t s = S64(0), e = w->exec, r = (expr);                               \
    w->exec = r;                                                                \
    D64(r);                                                                     \
    w->scc = r != 0;                                                            \
    return EMU_STEP_NEXT;                                                       \
  }
WREXEC(s_andn1_wrexec_b64, ~s & e)
WREXEC(s_andn2_wrexec_b64, s & ~e)

/* s_movrels/s_movreld: SGPR index relative to M0. */
static int exec_s_movrels_b32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  unsigned code = in->src[0] + w->m0;
  if (in->src[0] >= 102 || code >= 102)
    return emuFault(c, in, FLY_EMU_FAULT_MEMORY, -1, code, "s_movrels_b32: SGPR index %u out of range", code);
  D32(w->sgpr[code]);
  return EMU_STEP_NEXT;
}
static int exec_s_movreld_b32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  unsigned code = in->dst + w->m0;
  if (in->dst >= 102 || code >= 102)
    return emuFault(c, in, FLY_EMU_FAULT_MEMORY, -1, code, "s_movreld_b32: SGPR index %u out of range", code);
  w->sgpr[code] = S32(0);
  return EMU_STEP_NEXT;
}

static int exec_s_movrels_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  unsigned code = in->src[0] + w->m0;
  if (in->src[0] >= 101 || code >= 101)
    return emuFault(c, in, FLY_EMU_FAULT_MEMORY, -1, code, "s_movrels_b64: SGPR index %u out of range", code);
  D64(w->sgpr[code] | (uint64_t)w->sgpr[code + 1] << 32);
  return EMU_STEP_NEXT;
}
static int exec_s_movreld_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  unsigned code = in->dst + w->m0;
  if (in->dst >= 101 || code >= 101)
    return emuFault(c, in, FLY_EMU_FAULT_MEMORY, -1, code, "s_movreld_b64: SGPR index %u out of range", code);
  uint64_t v = S64(0);
  w->sgpr[code] = (uint32_t)v;
  w->sgpr[code + 1] = (uint32_t)(v >> 32);
  return EMU_STEP_NEXT;
}

/* s_bitreplicate_b64_b32: each bit of S0 becomes two adjacent bits. */
static int exec_s_bitreplicate_b64_b32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  uint32_t a = S32(0);
  uint64_t r = 0;
  for (int i = 0; i < 32; i++)
    r |= (uint64_t)((a >> i) & 1) * 3u << (2 * i);
  D64(r);
  return EMU_STEP_NEXT;
}

/*--- GPR indexing mode (ISA guide S_SET_GPR_IDX_*) ---------------------------*/

/* s_set_gpr_idx_on: M0[7:0] = S0[7:0], M0[15:12] = the mode bits (SSRC1
 * field), MODE.GPR_IDX_EN = 1. */
static int exec_s_set_gpr_idx_on(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  w->m0 = (w->m0 & ~0xf0ffu) | (S32(0) & 255) | (uint32_t)(in->src[1] & 15) << 12;
  w->mode |= EMU_MODE_GPR_IDX_EN;
  return EMU_STEP_NEXT;
}

static int exec_s_set_gpr_idx_off(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)in, (void)c;
  w->mode &= ~(uint32_t)EMU_MODE_GPR_IDX_EN;
  return EMU_STEP_NEXT;
}

static int exec_s_set_gpr_idx_mode(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  w->m0 = (w->m0 & ~0xf000u) | ((uint32_t)in->imm & 15) << 12;
  return EMU_STEP_NEXT;
}

static int exec_s_set_gpr_idx_idx(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  w->m0 = (w->m0 & ~0xffu) | (S32(0) & 255);
  return EMU_STEP_NEXT;
}

/*--- SOPC --------------------------------------------------------------------*/

/* s_setvskip: MODE.VSKIP = S0[S1[4:0]] (ISA guide S_SETVSKIP); while it is
 * set, emuWaveRun skips the vector instructions. SCC is unchanged. */
static int exec_s_setvskip(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  if ((S32(0) >> (S32(1) & 31)) & 1)
    w->mode |= EMU_MODE_VSKIP;
  else
    w->mode &= ~(uint32_t)EMU_MODE_VSKIP;
  return EMU_STEP_NEXT;
}

#define SOPC(name, T, op)                                                       \
  static int exec_##name(EmuWave *w, const EmuInst *in, EmuCtx *c) {           \
    (void)c;                                                                    \
    w->scc = (T)S32(0) op (T)S32(1);                                            \
    return EMU_STEP_NEXT;                                                       \
  }
SOPC(s_cmp_eq_i32, int32_t, ==)
SOPC(s_cmp_lg_i32, int32_t, !=)
SOPC(s_cmp_gt_i32, int32_t, >)
SOPC(s_cmp_ge_i32, int32_t, >=)
SOPC(s_cmp_lt_i32, int32_t, <)
SOPC(s_cmp_le_i32, int32_t, <=)
SOPC(s_cmp_eq_u32, uint32_t, ==)
SOPC(s_cmp_lg_u32, uint32_t, !=)
SOPC(s_cmp_gt_u32, uint32_t, >)
SOPC(s_cmp_ge_u32, uint32_t, >=)
SOPC(s_cmp_lt_u32, uint32_t, <)
SOPC(s_cmp_le_u32, uint32_t, <=)

static int exec_s_cmp_eq_u64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  w->scc = S64(0) == S64(1);
  return EMU_STEP_NEXT;
}
static int exec_s_cmp_lg_u64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  w->scc = S64(0) != S64(1);
  return EMU_STEP_NEXT;
}
static int exec_s_bitcmp0_b32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  w->scc = ((S32(0) >> (S32(1) & 31)) & 1) == 0;
  return EMU_STEP_NEXT;
}
static int exec_s_bitcmp1_b32(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  w->scc = ((S32(0) >> (S32(1) & 31)) & 1) == 1;
  return EMU_STEP_NEXT;
}
static int exec_s_bitcmp0_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  w->scc = ((S64(0) >> (S32(1) & 63)) & 1) == 0;
  return EMU_STEP_NEXT;
}
static int exec_s_bitcmp1_b64(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  w->scc = ((S64(0) >> (S32(1) & 63)) & 1) == 1;
  return EMU_STEP_NEXT;
}

/*--- SOPP --------------------------------------------------------------------*/

static int exec_nop(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)w, (void)in, (void)c;
  return EMU_STEP_NEXT;
}

static int exec_s_endpgm(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)w, (void)in, (void)c;
  return EMU_STEP_ENDPGM;
}

static int exec_s_barrier(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)w, (void)in, (void)c;
  return EMU_STEP_BARRIER;
}

static void branch(EmuWave *w, const EmuInst *in) {
  w->pc = (uint64_t)((int64_t)w->pc + (int64_t)in->imm * 4);
}

#define CBRANCH(name, cond)                                                     \
  static int exec_##name(EmuWave *w, const EmuInst *in, EmuCtx *c) {           \
    (void)c;                                                                    \
    if (cond)                                                                   \
      branch(w, in);                                                            \
    return EMU_STEP_NEXT;                                                       \
  }
CBRANCH(s_branch, 1)
CBRANCH(s_cbranch_scc0, !w->scc)
CBRANCH(s_cbranch_scc1, w->scc)
CBRANCH(s_cbranch_vccz, w->vcc == 0)
CBRANCH(s_cbranch_vccnz, w->vcc != 0)
CBRANCH(s_cbranch_execz, w->exec == 0)
CBRANCH(s_cbranch_execnz, w->exec != 0)

static int exec_s_trap(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)w;
  return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0,
                  "s_trap %d: the kernel trapped (no trap handler is modelled)",
                  in->imm & 0xff);
}

const EmuHandler emuScalarHandlers[] = {
    H(s_add_u32), H(s_sub_u32), H(s_add_i32), H(s_sub_i32), H(s_addc_u32),
    H(s_subb_u32), H(s_min_i32), H(s_min_u32), H(s_max_i32), H(s_max_u32),
    H(s_cselect_b32), H(s_cselect_b64), H(s_and_b32), H(s_and_b64),
    H(s_or_b32), H(s_or_b64), H(s_xor_b32), H(s_xor_b64), H(s_andn2_b32),
    H(s_andn2_b64), H(s_orn2_b32), H(s_orn2_b64), H(s_nand_b32),
    H(s_nand_b64), H(s_nor_b32), H(s_nor_b64), H(s_xnor_b32), H(s_xnor_b64),
    H(s_lshl_b32), H(s_lshl_b64), H(s_lshr_b32), H(s_lshr_b64),
    H(s_ashr_i32), H(s_ashr_i64), H(s_bfm_b32), H(s_bfm_b64), H(s_mul_i32),
    H(s_bfe_u32), H(s_bfe_i32), H(s_bfe_u64), H(s_bfe_i64), H(s_absdiff_i32),
    H(s_mul_hi_u32), H(s_mul_hi_i32), H(s_lshl1_add_u32), H(s_lshl2_add_u32),
    H(s_lshl3_add_u32), H(s_lshl4_add_u32), H(s_pack_ll_b32_b16),
    H(s_pack_lh_b32_b16), H(s_pack_hh_b32_b16),
    H(s_movk_i32), H(s_cmovk_i32), H(s_cmpk_eq_i32), H(s_cmpk_lg_i32),
    H(s_cmpk_gt_i32), H(s_cmpk_ge_i32), H(s_cmpk_lt_i32), H(s_cmpk_le_i32),
    H(s_cmpk_eq_u32), H(s_cmpk_lg_u32), H(s_cmpk_gt_u32), H(s_cmpk_ge_u32),
    H(s_cmpk_lt_u32), H(s_cmpk_le_u32), H(s_addk_i32), H(s_mulk_i32),
    H(s_getreg_b32), H(s_setreg_b32), H(s_setreg_imm32_b32), H(s_call_b64),
    H(s_mov_b32), H(s_mov_b64), H(s_cmov_b32), H(s_cmov_b64), H(s_not_b32),
    H(s_not_b64), H(s_wqm_b32), H(s_wqm_b64), H(s_brev_b32), H(s_brev_b64),
    H(s_bcnt0_i32_b32), H(s_bcnt0_i32_b64), H(s_bcnt1_i32_b32),
    H(s_bcnt1_i32_b64), H(s_ff0_i32_b32), H(s_ff0_i32_b64), H(s_ff1_i32_b32),
    H(s_ff1_i32_b64), H(s_flbit_i32_b32), H(s_flbit_i32_b64), H(s_flbit_i32),
    H(s_flbit_i32_i64), H(s_sext_i32_i8), H(s_sext_i32_i16),
    H(s_bitset0_b32), H(s_bitset0_b64), H(s_bitset1_b32), H(s_bitset1_b64),
    H(s_getpc_b64), H(s_setpc_b64), H(s_swappc_b64), H(s_and_saveexec_b64),
    H(s_or_saveexec_b64), H(s_xor_saveexec_b64), H(s_andn2_saveexec_b64),
    H(s_orn2_saveexec_b64), H(s_nand_saveexec_b64), H(s_nor_saveexec_b64),
    H(s_xnor_saveexec_b64), H(s_andn1_saveexec_b64), H(s_orn1_saveexec_b64),
    H(s_andn1_wrexec_b64), H(s_andn2_wrexec_b64), H(s_quadmask_b32),
    H(s_quadmask_b64), H(s_movrels_b32), H(s_movreld_b32), H(s_abs_i32),
    H(s_movrels_b64), H(s_movreld_b64), H(s_bitreplicate_b64_b32),
    H(s_set_gpr_idx_on), H(s_set_gpr_idx_off), H(s_set_gpr_idx_mode),
    H(s_set_gpr_idx_idx),
    H(s_cmp_eq_i32), H(s_cmp_lg_i32), H(s_cmp_gt_i32), H(s_cmp_ge_i32),
    H(s_cmp_lt_i32), H(s_cmp_le_i32), H(s_cmp_eq_u32), H(s_cmp_lg_u32),
    H(s_cmp_gt_u32), H(s_cmp_ge_u32), H(s_cmp_lt_u32), H(s_cmp_le_u32),
    H(s_setvskip), H(s_bitcmp0_b32), H(s_bitcmp1_b32), H(s_bitcmp0_b64), H(s_bitcmp1_b64),
    H(s_cmp_eq_u64), H(s_cmp_lg_u64),
    {"s_nop", exec_nop}, H(s_endpgm), H(s_branch), H(s_cbranch_scc0),
    H(s_cbranch_scc1), H(s_cbranch_vccz), H(s_cbranch_vccnz),
    H(s_cbranch_execz), H(s_cbranch_execnz), H(s_barrier),
    {"s_waitcnt", exec_nop}, {"s_sleep", exec_nop}, {"s_setprio", exec_nop},
    {"s_icache_inv", exec_nop}, {"s_incperflevel", exec_nop},
    {"s_decperflevel", exec_nop}, {"s_ttracedata", exec_nop},
    {"s_dcache_wb", exec_nop}, {"s_dcache_inv", exec_nop},
    {"buffer_wbl2", exec_nop}, {"buffer_inv", exec_nop},
    {"buffer_wbinvl1", exec_nop}, {"buffer_wbinvl1_vol", exec_nop},
    H(s_trap), {NULL, NULL}};
