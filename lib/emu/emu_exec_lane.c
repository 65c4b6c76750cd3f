/*===- emu_exec_lane.c - Lane ops, AGPR moves and packed (VOP3P) math ------===*
 *
 * Cross-lane reads/writes (v_readfirstlane, v_readlane, v_writelane,
 * v_permlane16/32_swap per facts §6.3), AGPR moves, v_swap, and the VOP3P
 * packed operations: for 16-bit halves OP_SEL picks the half feeding the
 * low result and OP_SEL_HI the half feeding the high result, NEG/NEG_HI
 * negate them; for v_pk_*_f32 the "halves" are the registers of a pair
 * (facts §6.3 VOP3P).
 *===----------------------------------------------------------------------===*/
#include <math.h>

#include "emu_fp.h"
#include "emu_valu.h"

#define KB EMU_SRC_B32

VHANDLER(v_readfirstlane_b32) {
  (void)c;
  uint32_t b0[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, KB, b0);
  int lane = w->exec ? __builtin_ctzll(w->exec) : 0;
  emuWriteScalar32(w, in->dst, A[lane]);
  return EMU_STEP_NEXT;
}

VHANDLER(v_readlane_b32) {
  (void)c;
  uint32_t b0[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, KB, b0);
  unsigned lane = emuReadScalar32(w, in, in->src[1], false) & 63;
  emuWriteScalar32(w, in->dst, A[lane]);
  return EMU_STEP_NEXT;
}

/* v_writelane ignores EXEC (ISA guide V_WRITELANE_B32). */
VHANDLER(v_writelane_b32) {
  (void)c;
  uint32_t v = emuReadScalar32(w, in, in->src[0], false);
  unsigned lane = emuReadScalar32(w, in, in->src[1], false) & 63;
  emuVReg(w, in->dst & 255)[lane] = v;
  return EMU_STEP_NEXT;
}

/* The swaps exchange two VGPRs: a scalar or constant SRC0 (which LLVM's
 * disassembler prints for v_permlane*_swap) names nothing to write. */
static int swapSrcFault(EmuCtx *c, const EmuInst *in) {
  return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0,
                  "%s: the first source must be a VGPR (operand code %u)", in->name,
                  in->src[0]);
}

/* Both registers are written for all lanes: the facts document leaves the
 * EXEC interaction open (§8 item 9), and LLVM only emits these with full
 * EXEC. */
VHANDLER(v_permlane16_swap_b32) {
  if (in->src[0] < 256)
    return swapSrcFault(c, in);
  uint32_t *vd = emuVReg(w, in->dst & 255), *s0 = emuVReg(w, in->src[0] & 255);
  for (int pass = 0; pass < 2; pass++)
    for (int l = 0; l < 16; l++) {
      uint32_t t = s0[32 * pass + l];
      s0[32 * pass + l] = vd[32 * pass + l + 16];
      vd[32 * pass + l + 16] = t;
    }
  return EMU_STEP_NEXT;
}

VHANDLER(v_permlane32_swap_b32) {
  if (in->src[0] < 256)
    return swapSrcFault(c, in);
  uint32_t *vd = emuVReg(w, in->dst & 255), *s0 = emuVReg(w, in->src[0] & 255);
  for (int l = 0; l < 32; l++) {
    uint32_t t = s0[l];
    s0[l] = vd[l + 32];
    vd[l + 32] = t;
  }
  return EMU_STEP_NEXT;
}

VHANDLER(v_swap_b32) {
  if (in->src[0] < 256)
    return swapSrcFault(c, in);
  uint64_t ex = w->exec;
  uint32_t *vd = emuVReg(w, in->dst & 255), *s0 = emuVReg(w, in->src[0] & 255);
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      uint32_t t = s0[l];
      s0[l] = vd[l];
      vd[l] = t;
    }
  return EMU_STEP_NEXT;
}

VHANDLER(v_nop) {
  (void)w, (void)in, (void)c;
  return EMU_STEP_NEXT;
}

/* v_clrexcp clears the wave's exception state: TRAPSTS.EXCP [8:0]. */
VHANDLER(v_clrexcp) {
  (void)in, (void)c;
  w->trapsts &= ~0x1ffu;
  return EMU_STEP_NEXT;
}

/*--- AGPR moves ----------------------------------------------------------------*/

VHANDLER(v_accvgpr_read_b32) {
  VBEGIN;
  const uint32_t *a = w->agpr[in->src[0] & 255];
  for (int l = 0; l < LANES; l++)
    if (ON(l))
      d[l] = a[l];
  return EMU_STEP_NEXT;
}

VHANDLER(v_accvgpr_write_b32) {
  (void)c;
  uint64_t ex = w->exec;
  uint32_t b0[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, KB, b0);
  uint32_t *d = w->agpr[in->dst & 255];
  for (int l = 0; l < LANES; l++)
    if (ON(l))
      d[l] = A[l];
  return EMU_STEP_NEXT;
}

/* SRC0's VGPR codes (256+) name AGPRs; lower codes are scalar operands, as
 * LLVM's disassembler reads the field. */
VHANDLER(v_accvgpr_mov_b32) {
  (void)c;
  uint64_t ex = w->exec;
  uint32_t b0[LANES];
  const uint32_t *a = in->src[0] >= 256 ? w->agpr[in->src[0] & 255] : emuSrc32(w, in, 0, KB, b0);
  uint32_t *d = w->agpr[in->dst & 255];
  for (int l = 0; l < LANES; l++)
    if (ON(l))
      d[l] = a[l];
  return EMU_STEP_NEXT;
}

/*--- Packed 16-bit ----------------------------------------------------------------*/

/* Half of source i feeding result half `hi` (VOP3P op_sel rules). */
static uint32_t pkHalf(const EmuInst *in, int i, uint32_t v, bool hi, bool fneg) {
  bool sel = hi ? (in->opselHi >> i) & 1 : (in->opsel >> i) & 1;
  if (in->fmt != EMU_FMT_VOP3P)
    sel = hi;
  uint32_t h = sel ? v >> 16 : v & 0xffff;
  if (fneg && (((hi ? in->negHi : in->neg) >> i) & 1))
    h ^= 0x8000;
  return h;
}

#define PK16(name, nsrc, isf, expr)                                             \
  VHANDLER(name) {                                                              \
    VBEGIN;                                                                     \
    uint32_t b0[LANES], b1[LANES], b2[LANES];                                   \
    const uint32_t *A = emuSrc32(w, in, 0, EMU_SRC_I16, b0);                     \
    const uint32_t *Bv = nsrc > 1 ? emuSrc32(w, in, 1, EMU_SRC_I16, b1) : A;     \
    const uint32_t *C = nsrc > 2 ? emuSrc32(w, in, 2, EMU_SRC_I16, b2) : A;      \
    for (int l = 0; l < LANES; l++) {                                           \
      if (!ON(l))                                                               \
        continue;                                                               \
      uint32_t r = 0;                                                           \
      for (int h = 0; h < 2; h++) {                                             \
        uint32_t a = pkHalf(in, 0, A[l], h, isf), b = pkHalf(in, 1, Bv[l], h, isf); \
        uint32_t cc = pkHalf(in, 2, C[l], h, isf);                              \
        (void)b, (void)cc;                                                      \
        r |= ((uint32_t)(expr) & 0xffff) << (16 * h);                           \
      }                                                                         \
      d[l] = r;                                                                 \
    }                                                                           \
    return EMU_STEP_NEXT;                                                       \
  }

#define HF(x) ((double)emuHalfToFloat((uint16_t)(x)))
#define TOH(x) emuFloatToHalf((float)(x))
static uint32_t clampI16(const EmuInst *in, int32_t v) {
  if (in->clamp)
    v = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
  return (uint32_t)v;
}
static uint32_t clampU16(const EmuInst *in, int32_t v) {
  if (in->clamp)
    v = v > 65535 ? 65535 : v < 0 ? 0 : v;
  return (uint32_t)v;
}

PK16(v_pk_add_f16, 2, true, TOH(HF(a) + HF(b)))
PK16(v_pk_mul_f16, 2, true, TOH(HF(a) * HF(b)))
PK16(v_pk_fma_f16, 3, true, TOH(fma(HF(a), HF(b), HF(cc))))
PK16(v_pk_min_f16, 2, true, TOH(fmin(HF(a), HF(b))))
PK16(v_pk_max_f16, 2, true, TOH(fmax(HF(a), HF(b))))
PK16(v_pk_add_u16, 2, false, clampU16(in, (int32_t)(a + b)))
PK16(v_pk_sub_u16, 2, false, clampU16(in, (int32_t)a - (int32_t)b))
PK16(v_pk_add_i16, 2, false, clampI16(in, (int16_t)a + (int16_t)b))
PK16(v_pk_sub_i16, 2, false, clampI16(in, (int16_t)a - (int16_t)b))
PK16(v_pk_mul_lo_u16, 2, false, a * b)
PK16(v_pk_lshlrev_b16, 2, false, b << (a & 15))
PK16(v_pk_lshrrev_b16, 2, false, b >> (a & 15))
PK16(v_pk_ashrrev_i16, 2, false, (uint32_t)((int16_t)b >> (a & 15)))
PK16(v_pk_max_i16, 2, false, (int16_t)a > (int16_t)b ? a : b)
PK16(v_pk_min_i16, 2, false, (int16_t)a < (int16_t)b ? a : b)
PK16(v_pk_max_u16, 2, false, a > b ? a : b)
PK16(v_pk_min_u16, 2, false, a < b ? a : b)
PK16(v_pk_mad_u16, 3, false, clampU16(in, (int32_t)(a * b + cc)))
PK16(v_pk_mad_i16, 3, false, clampI16(in, (int16_t)a * (int16_t)b + (int16_t)cc))

/* Packed 16-bit VOP2 operations with DPP/SDWA neg/abs bits: what the bits do
 * to two halves is not documented, so such instructions fault. */
static bool packedDppMods(const EmuInst *in) {
  bool form = (in->flags & (EMU_F_DPP | EMU_F_SDWA)) || in->fmt == EMU_FMT_VOP3;
  return form && (in->neg | in->abs);
}
static int packedDppFault(EmuCtx *c, const EmuInst *in) {
  return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0,
                  "%s: DPP/SDWA/VOP3 source modifiers of packed 16-bit operands are not modelled",
                  in->name);
}

/* v_pk_fmac_f16 (VOP2): D.h[i] = fma(S0.h[i], S1.h[i], D.h[i]). */
VHANDLER(v_pk_fmac_f16) {
  if (packedDppMods(in))
    return packedDppFault(c, in);
  VBEGIN;
  uint32_t b0[LANES], b1[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, EMU_SRC_I16, b0), *Bv = emuSrc32(w, in, 1, EMU_SRC_I16, b1);
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      uint32_t r = 0;
      for (int h = 0; h < 2; h++)
        r |= (uint32_t)TOH(fma(HF(A[l] >> (16 * h)), HF(Bv[l] >> (16 * h)), HF(d[l] >> (16 * h))))
             << (16 * h);
      d[l] = r;
    }
  return EMU_STEP_NEXT;
}

/* v_pack_b32_f16: {S1 half, S0 half}, halves chosen by op_sel. */
VHANDLER(v_pack_b32_f16) {
  VBEGIN;
  uint32_t b0[LANES], b1[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, EMU_SRC_I16, b0), *Bv = emuSrc32(w, in, 1, EMU_SRC_I16, b1);
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      uint32_t lo = emuGet16(in, 0, A[l]) ^ ((in->neg & 1) ? 0x8000u : 0);
      uint32_t hi = emuGet16(in, 1, Bv[l]) ^ ((in->neg & 2) ? 0x8000u : 0);
      d[l] = lo | hi << 16;
    }
  return EMU_STEP_NEXT;
}

/*--- Packed f32 (register pairs) ----------------------------------------------------*/

/* Source i of a v_pk_*_f32 as register pairs; constants feed both halves. */
static void pkF32Src(EmuWave *w, const EmuInst *in, int i, uint64_t out[LANES]) {
  unsigned code = in->src[i];
  if (code >= 256 || code < 102) {
    emuSrc64(w, in, i, false, out);
    return;
  }
  uint32_t v = emuReadScalar32(w, in, code, false);
  for (int l = 0; l < LANES; l++)
    out[l] = (uint64_t)v << 32 | v;
}

static float pkF32Half(const EmuInst *in, int i, uint64_t v, bool hi) {
  bool sel = hi ? (in->opselHi >> i) & 1 : (in->opsel >> i) & 1;
  float f = emuF32(sel ? (uint32_t)(v >> 32) : (uint32_t)v);
  return (((hi ? in->negHi : in->neg) >> i) & 1) ? -f : f;
}

static int pkF32(EmuWave *w, const EmuInst *in, int op) {
  uint64_t A[LANES], Bv[LANES], C[LANES], r[LANES];
  pkF32Src(w, in, 0, A);
  pkF32Src(w, in, 1, Bv);
  if (op == 2)
    pkF32Src(w, in, 2, C);
  for (int l = 0; l < LANES; l++) {
    float h[2];
    for (int k = 0; k < 2; k++) {
      float a = pkF32Half(in, 0, A[l], k), b = pkF32Half(in, 1, Bv[l], k);
      h[k] = op == 0 ? a + b : op == 1 ? a * b : fmaf(a, b, pkF32Half(in, 2, C[l], k));
      if (in->clamp)
        h[k] = h[k] > 1.0f ? 1.0f : h[k] >= 0.0f ? h[k] : 0.0f;
    }
    r[l] = (uint64_t)emuU32(h[1]) << 32 | emuU32(h[0]);
  }
  emuStore64(w, in->dst & 255, r);
  return EMU_STEP_NEXT;
}
VHANDLER(v_pk_add_f32) { (void)c; return pkF32(w, in, 0); }
VHANDLER(v_pk_mul_f32) { (void)c; return pkF32(w, in, 1); }
VHANDLER(v_pk_fma_f32) { (void)c; return pkF32(w, in, 2); }

/* v_pk_mov_b32: D.lo = S0[op_sel[0]], D.hi = S1[op_sel[1]]. */
VHANDLER(v_pk_mov_b32) {
  (void)c;
  uint64_t A[LANES], Bv[LANES], r[LANES];
  pkF32Src(w, in, 0, A);
  pkF32Src(w, in, 1, Bv);
  for (int l = 0; l < LANES; l++) {
    uint32_t lo = (in->opsel & 1) ? (uint32_t)(A[l] >> 32) : (uint32_t)A[l];
    uint32_t hi = (in->opsel & 2) ? (uint32_t)(Bv[l] >> 32) : (uint32_t)Bv[l];
    r[l] = (uint64_t)hi << 32 | lo;
  }
  emuStore64(w, in->dst & 255, r);
  return EMU_STEP_NEXT;
}

/*--- Dot products and mixed-precision FMA --------------------------------------------*/

/* The "c" (VOP2) forms accumulate into D; the VOP3P forms add S2. */
static uint32_t accIn(const EmuInst *in, const uint32_t *C, const uint32_t *d, int l) {
  return in->fmt == EMU_FMT_VOP3P ? C[l] : d[l];
}

/* k: the kind of the two packed sources (16-bit halves: f16 inline constants). */
#define DOT_K(name, isf, k, expr)                                               \
  VHANDLER(name) {                                                              \
    if (in->fmt != EMU_FMT_VOP3P && packedDppMods(in))                         \
      return packedDppFault(c, in);                                             \
    VBEGIN;                                                                     \
    uint32_t b0[LANES], b1[LANES], b2[LANES];                                   \
    const uint32_t *A = emuSrc32(w, in, 0, k, b0), *Bv = emuSrc32(w, in, 1, k, b1); \
    const uint32_t *C = in->fmt == EMU_FMT_VOP3P ? emuSrc32(w, in, 2, KB, b2) : d; \
    for (int l = 0; l < LANES; l++)                                             \
      if (ON(l)) {                                                              \
        uint32_t a0 = pkHalf(in, 0, A[l], 0, isf), a1 = pkHalf(in, 0, A[l], 1, isf); \
        uint32_t b0_ = pkHalf(in, 1, Bv[l], 0, isf), b1_ = pkHalf(in, 1, Bv[l], 1, isf); \
        uint32_t acc = accIn(in, C, d, l), a = A[l], b = Bv[l];                 \
        (void)a0, (void)a1, (void)b0_, (void)b1_, (void)a, (void)b;             \
        d[l] = (expr);                                                          \
      }                                                                         \
    return EMU_STEP_NEXT;                                                       \
  }

#define DOT(name, isf, expr) DOT_K(name, isf, KB, expr)
#define DOT16(name, isf, expr) DOT_K(name, isf, EMU_SRC_I16, expr)
#define DOTBF16(name, isf, expr) DOT_K(name, isf, EMU_SRC_BF16P, expr)

static uint32_t dotF16(uint32_t a0, uint32_t a1, uint32_t b0, uint32_t b1, uint32_t acc) {
  double s = HF(a0) * HF(b0) + HF(a1) * HF(b1) + (double)emuF32(acc);
  return emuU32((float)s);
}
static uint32_t dotBf16(uint32_t a0, uint32_t a1, uint32_t b0, uint32_t b1, uint32_t acc) {
  double s = (double)emuBf16ToFloat((uint16_t)a0) * emuBf16ToFloat((uint16_t)b0) +
             (double)emuBf16ToFloat((uint16_t)a1) * emuBf16ToFloat((uint16_t)b1) +
             (double)emuF32(acc);
  return emuU32((float)s);
}
/* Integer dot products wrap modulo 2^32 (no clamp): sums in unsigned. */
static uint32_t dot4(uint32_t a, uint32_t b, uint32_t acc, bool sgn) {
  uint32_t s = acc;
  for (int i = 0; i < 32; i += 8)
    s += sgn ? (uint32_t)((int8_t)(a >> i) * (int8_t)(b >> i))
             : ((a >> i) & 255) * ((b >> i) & 255);
  return s;
}
static uint32_t dot8(uint32_t a, uint32_t b, uint32_t acc, bool sgn) {
  uint32_t s = acc;
  for (int i = 0; i < 32; i += 4) {
    int32_t x = sgn ? (int32_t)(a << (28 - i)) >> 28 : (int32_t)((a >> i) & 15);
    int32_t y = sgn ? (int32_t)(b << (28 - i)) >> 28 : (int32_t)((b >> i) & 15);
    s += (uint32_t)(x * y);
  }
  return s;
}
static uint32_t dot2i(uint32_t a0, uint32_t a1, uint32_t b0, uint32_t b1, uint32_t acc, bool sgn) {
  if (sgn)
    return (uint32_t)((int16_t)a0 * (int16_t)b0) + (uint32_t)((int16_t)a1 * (int16_t)b1) + acc;
  return a0 * b0 + a1 * b1 + acc;
}

DOT16(v_dot2_f32_f16, true, dotF16(a0, a1, b0_, b1_, acc))
DOT16(v_dot2c_f32_f16, true, dotF16(a0, a1, b0_, b1_, acc))
DOTBF16(v_dot2_f32_bf16, true, dotBf16(a0, a1, b0_, b1_, acc))
DOTBF16(v_dot2c_f32_bf16, true, dotBf16(a0, a1, b0_, b1_, acc))
DOT16(v_dot2_i32_i16, false, dot2i(a0, a1, b0_, b1_, acc, true))
DOT16(v_dot2_u32_u16, false, dot2i(a0, a1, b0_, b1_, acc, false))
DOT16(v_dot2c_i32_i16, false, dot2i(a0, a1, b0_, b1_, acc, true))
DOT(v_dot4_i32_i8, false, dot4(a, b, acc, true))
DOT(v_dot4_u32_u8, false, dot4(a, b, acc, false))
DOT(v_dot4c_i32_i8, false, dot4(a, b, acc, true))
DOT(v_dot8_i32_i4, false, dot8(a, b, acc, true))
DOT(v_dot8_u32_u4, false, dot8(a, b, acc, false))
DOT(v_dot8c_i32_i4, false, dot8(a, b, acc, true))

/* v_fma_mix*: op_sel_hi[i] = 1 means source i is f16 (half op_sel[i]),
 * else f32; neg/abs apply (ISA guide V_FMA_MIX_F32). */
static float mixSrc(const EmuInst *in, int i, uint32_t v) {
  float f = ((in->opselHi >> i) & 1)
                ? emuHalfToFloat((uint16_t)(((in->opsel >> i) & 1) ? v >> 16 : v))
                : emuF32(v);
  if ((in->negHi >> i) & 1) /* NEG_HI holds ABS for fma_mix */
    f = fabsf(f);
  return ((in->neg >> i) & 1) ? -f : f;
}

static int fmaMix(EmuWave *w, const EmuInst *in, int kind) {
  uint64_t ex = w->exec;
  uint32_t b0[LANES], b1[LANES], b2[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, KB, b0), *Bv = emuSrc32(w, in, 1, KB, b1);
  const uint32_t *C = emuSrc32(w, in, 2, KB, b2);
  uint32_t *d = emuVReg(w, in->dst & 255);
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      float r = fmaf(mixSrc(in, 0, A[l]), mixSrc(in, 1, Bv[l]), mixSrc(in, 2, C[l]));
      if (in->clamp)
        r = r > 1.0f ? 1.0f : r >= 0.0f ? r : 0.0f;
      if (kind == 0)
        d[l] = emuU32(r);
      else if (kind == 1)
        d[l] = (d[l] & 0xffff0000u) | emuFloatToHalf(r);
      else
        d[l] = (d[l] & 0xffff) | (uint32_t)emuFloatToHalf(r) << 16;
    }
  return EMU_STEP_NEXT;
}
VHANDLER(v_fma_mix_f32) { (void)c; return fmaMix(w, in, 0); }
VHANDLER(v_fma_mixlo_f16) { (void)c; return fmaMix(w, in, 1); }
VHANDLER(v_fma_mixhi_f16) { (void)c; return fmaMix(w, in, 2); }

const EmuHandler emuLaneHandlers[] = {
    H(v_readfirstlane_b32), H(v_readlane_b32), H(v_writelane_b32),
    H(v_permlane16_swap_b32), H(v_permlane32_swap_b32), H(v_swap_b32),
    H(v_nop), H(v_clrexcp), H(v_accvgpr_read_b32), H(v_accvgpr_write_b32),
    H(v_accvgpr_mov_b32), H(v_pk_add_f16), H(v_pk_mul_f16), H(v_pk_fma_f16),
    H(v_pk_min_f16), H(v_pk_max_f16), H(v_pk_add_u16), H(v_pk_sub_u16),
    H(v_pk_add_i16), H(v_pk_sub_i16), H(v_pk_mul_lo_u16),
    H(v_pk_lshlrev_b16), H(v_pk_lshrrev_b16), H(v_pk_ashrrev_i16),
    H(v_pk_max_i16), H(v_pk_min_i16), H(v_pk_max_u16), H(v_pk_min_u16),
    H(v_pk_mad_u16), H(v_pk_mad_i16), H(v_pk_fmac_f16), H(v_pack_b32_f16), H(v_pk_add_f32),
    H(v_pk_mul_f32), H(v_pk_fma_f32), H(v_pk_mov_b32), H(v_dot2_f32_f16),
    H(v_dot2c_f32_f16), H(v_dot2_f32_bf16), H(v_dot2c_f32_bf16),
    H(v_dot2_i32_i16), H(v_dot2_u32_u16), H(v_dot2c_i32_i16),
    H(v_dot4_i32_i8), H(v_dot4_u32_u8), H(v_dot4c_i32_i8), H(v_dot8_i32_i4),
    H(v_dot8_u32_u4), H(v_dot8c_i32_i4), H(v_fma_mix_f32), H(v_fma_mixlo_f16),
    H(v_fma_mixhi_f16), {NULL, NULL}};
