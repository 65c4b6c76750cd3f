/*===- emu_exec_vint.c - Vector integer and bitwise ALU --------------------===*
 *
 * VOP1/VOP2/VOP3 integer semantics (ISA guide ch. 6 and the per-instruction
 * pseudocode of ch. 12). Carry-out forms write VCC (32-bit encodings) or the
 * VOP3b SDST; lanes outside EXEC get 0 in the carry mask.
 *===----------------------------------------------------------------------===*/
#include "emu_valu.h"

#define KB EMU_SRC_B32
static uint32_t emuBrev32(uint32_t v) {
  v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
  v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
  v = ((v >> 4) & 0x0F0F0F0Fu) | ((v & 0x0F0F0F0Fu) << 4);
  v = ((v >> 8) & 0x00FF00FFu) | ((v & 0x00FF00FFu) << 8);
  return (v >> 16) | (v << 16);
}
#define I24(x) ((int32_t)((x) << 8) >> 8)
#define U24(x) ((x) & 0xffffffu)

VOP_1(v_mov_b32, KB, A[l])
VOP_1(v_not_b32, KB, ~A[l])
VOP_1(v_bfrev_b32, KB, (uint32_t)emuBrev32(A[l]))
VOP_1(v_ffbh_u32, KB, A[l] ? (uint32_t)__builtin_clz(A[l]) : ~0u)
VOP_1(v_ffbl_b32, KB, A[l] ? (uint32_t)__builtin_ctz(A[l]) : ~0u)
VOP_1(v_ffbh_i32, KB,
      ((int32_t)A[l] < 0 ? ~A[l] : A[l]) ? (uint32_t)__builtin_clz((int32_t)A[l] < 0 ? ~A[l] : A[l]) : ~0u)

VOP_2(v_mul_i32_i24, KB, (uint32_t)((int64_t)I24(A[l]) * I24(B[l])))
VOP_2(v_mul_hi_i32_i24, KB, (uint32_t)(((int64_t)I24(A[l]) * I24(B[l])) >> 32))
VOP_2(v_mul_u32_u24, KB, U24(A[l]) * U24(B[l]))
VOP_2(v_mul_hi_u32_u24, KB, (uint32_t)(((uint64_t)U24(A[l]) * U24(B[l])) >> 32))
VOP_2(v_min_i32, KB, (int32_t)A[l] < (int32_t)B[l] ? A[l] : B[l])
VOP_2(v_max_i32, KB, (int32_t)A[l] > (int32_t)B[l] ? A[l] : B[l])
VOP_2(v_min_u32, KB, A[l] < B[l] ? A[l] : B[l])
VOP_2(v_max_u32, KB, A[l] > B[l] ? A[l] : B[l])
VOP_2(v_lshrrev_b32, KB, B[l] >> (A[l] & 31))
VOP_2(v_ashrrev_i32, KB, (uint32_t)((int32_t)B[l] >> (A[l] & 31)))
VOP_2(v_lshlrev_b32, KB, B[l] << (A[l] & 31))
VOP_2(v_and_b32, KB, A[l] & B[l])
VOP_2(v_or_b32, KB, A[l] | B[l])
VOP_2(v_xor_b32, KB, A[l] ^ B[l])
VOP_2(v_xnor_b32, KB, ~(A[l] ^ B[l]))
VOP_2(v_add_u32, KB, A[l] + B[l])
VOP_2(v_sub_u32, KB, A[l] - B[l])
VOP_2(v_subrev_u32, KB, B[l] - A[l])
VOP_2(v_mul_lo_u32, KB, A[l] * B[l])
VOP_2(v_mul_hi_u32, KB, (uint32_t)(((uint64_t)A[l] * B[l]) >> 32))
VOP_2(v_mul_hi_i32, KB, (uint32_t)(((int64_t)(int32_t)A[l] * (int32_t)B[l]) >> 32))
VOP_2(v_bcnt_u32_b32, KB, (uint32_t)__builtin_popcount(A[l]) + B[l])
VOP_2(v_mbcnt_lo_u32_b32, KB, (uint32_t)__builtin_popcount(A[l] & (l >= 32 ? ~0u : (uint32_t)((1ull << l) - 1))) + B[l])
VOP_2(v_mbcnt_hi_u32_b32, KB, (uint32_t)__builtin_popcount(A[l] & (l < 32 ? 0u : (uint32_t)((1ull << (l - 32)) - 1))) + B[l])
VOP_2(v_bfm_b32, KB, ((1u << (A[l] & 31)) - 1) << (B[l] & 31))
VOP_2(v_cvt_pk_u16_u32, KB, (A[l] > 0xffff ? 0xffffu : A[l]) | (B[l] > 0xffff ? 0xffffu : B[l]) << 16)

static uint32_t satI16(int32_t v) {
  return (uint32_t)(v > 32767 ? 32767 : v < -32768 ? -32768 : v) & 0xffff;
}
VOP_2(v_cvt_pk_i16_i32, KB, satI16((int32_t)A[l]) | satI16((int32_t)B[l]) << 16)

/* Signed add/sub with optional clamp (saturation) (VOP3 v_add_i32). */
static uint32_t addSat(const EmuInst *in, int64_t r) {
  if (in->clamp)
    r = r > INT32_MAX ? INT32_MAX : r < INT32_MIN ? INT32_MIN : r;
  return (uint32_t)r;
}
VOP_2(v_add_i32, KB, addSat(in, (int64_t)(int32_t)A[l] + (int32_t)B[l]))
VOP_2(v_sub_i32, KB, addSat(in, (int64_t)(int32_t)A[l] - (int32_t)B[l]))

VOP_3(v_mad_i32_i24, KB, (uint32_t)((int64_t)I24(A[l]) * I24(B[l])) + C[l])
VOP_3(v_mad_u32_u24, KB, U24(A[l]) * U24(B[l]) + C[l])
VOP_3(v_bfe_u32, KB, (C[l] & 31) ? (A[l] >> (B[l] & 31)) & ((1u << (C[l] & 31)) - 1) : 0)
VOP_3(v_bfe_i32, KB, (C[l] & 31) ? (uint32_t)((int32_t)((A[l] >> (B[l] & 31)) << (32 - (C[l] & 31))) >> (32 - (C[l] & 31))) : 0)
VOP_3(v_bfi_b32, KB, (A[l] & B[l]) | (~A[l] & C[l]))
VOP_3(v_alignbit_b32_, KB, (uint32_t)((((uint64_t)A[l] << 32) | B[l]) >> (C[l] & 31)))
VOP_3(v_alignbyte_b32_, KB, (uint32_t)((((uint64_t)A[l] << 32) | B[l]) >> (8 * (C[l] & 3))))

/* LLVM decodes op_sel on these (and on v_ashr_pk_*); what it selects is
 * not documented for CDNA, so such instructions fault instead of guessing. */
static int opselUnmodelled(EmuCtx *c, const EmuInst *in) {
  return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0, "%s: op_sel is not modelled",
                  in->name);
}
VHANDLER(v_alignbit_b32) { return in->opsel ? opselUnmodelled(c, in) : exec_v_alignbit_b32_(w, in, c); }
VHANDLER(v_alignbyte_b32) { return in->opsel ? opselUnmodelled(c, in) : exec_v_alignbyte_b32_(w, in, c); }
VOP_3(v_lshl_add_u32, KB, (A[l] << (B[l] & 31)) + C[l])
VOP_3(v_add_lshl_u32, KB, (A[l] + B[l]) << (C[l] & 31))
VOP_3(v_add3_u32, KB, A[l] + B[l] + C[l])
VOP_3(v_lshl_or_b32, KB, (A[l] << (B[l] & 31)) | C[l])
VOP_3(v_and_or_b32, KB, (A[l] & B[l]) | C[l])
VOP_3(v_or3_b32, KB, A[l] | B[l] | C[l])
VOP_3(v_xad_u32, KB, (A[l] ^ B[l]) + C[l])
/* S0/S1 are 16-bit operands (f16 inline constants), S2 a 32-bit one. */
#define MAD_X16(name, expr)                                                     \
  VHANDLER(name) {                                                              \
    VBEGIN;                                                                     \
    uint32_t b0[LANES], b1[LANES], b2[LANES];                                   \
    const uint32_t *A = emuSrc32(w, in, 0, EMU_SRC_I16, b0);                    \
    const uint32_t *B = emuSrc32(w, in, 1, EMU_SRC_I16, b1);                    \
    const uint32_t *C = emuSrc32(w, in, 2, KB, b2);                             \
    EMU_LANE_LOOP(d[l] = (expr));                                               \
    return EMU_STEP_NEXT;                                                       \
  }
MAD_X16(v_mad_u32_u16, (emuGet16(in, 0, A[l]) * emuGet16(in, 1, B[l])) + C[l])
MAD_X16(v_mad_i32_i16, (uint32_t)((int32_t)(int16_t)emuGet16(in, 0, A[l]) * (int16_t)emuGet16(in, 1, B[l])) + C[l])

static uint32_t min3i(int32_t a, int32_t b, int32_t c) {
  int32_t m = a < b ? a : b;
  return (uint32_t)(m < c ? m : c);
}
static uint32_t max3i(int32_t a, int32_t b, int32_t c) {
  int32_t m = a > b ? a : b;
  return (uint32_t)(m > c ? m : c);
}
static uint32_t min3u(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t m = a < b ? a : b;
  return m < c ? m : c;
}
static uint32_t max3u(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t m = a > b ? a : b;
  return m > c ? m : c;
}
static uint32_t med3i(int32_t a, int32_t b, int32_t c) {
  int32_t mx = a > b ? a : b, mn = a < b ? a : b;
  return (uint32_t)(c > mx ? mx : c < mn ? mn : c);
}
static uint32_t med3u(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t mx = a > b ? a : b, mn = a < b ? a : b;
  return c > mx ? mx : c < mn ? mn : c;
}
VOP_3(v_min3_i32, KB, min3i((int32_t)A[l], (int32_t)B[l], (int32_t)C[l]))
VOP_3(v_max3_i32, KB, max3i((int32_t)A[l], (int32_t)B[l], (int32_t)C[l]))
VOP_3(v_med3_i32, KB, med3i((int32_t)A[l], (int32_t)B[l], (int32_t)C[l]))
VOP_3(v_min3_u32, KB, min3u(A[l], B[l], C[l]))
VOP_3(v_max3_u32, KB, max3u(A[l], B[l], C[l]))
VOP_3(v_med3_u32, KB, med3u(A[l], B[l], C[l]))

static uint32_t sadU8(uint32_t a, uint32_t b) {
  uint32_t s = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 255) - (int)((b >> i) & 255);
    s += (uint32_t)(x < 0 ? -x : x);
  }
  return s;
}
VOP_3(v_sad_u8, KB, sadU8(A[l], B[l]) + C[l])
VOP_3(v_sad_hi_u8, KB, (sadU8(A[l], B[l]) << 16) + C[l])
VOP_3(v_sad_u32, KB, (A[l] > B[l] ? A[l] - B[l] : B[l] - A[l]) + C[l])

/* v_perm_b32: byte select from {S0, S1} (S1 = bytes 0..3) by the selector
 * bytes of S2 (ISA guide V_PERM_B32 pseudocode). */
static uint32_t permByte(uint64_t v, uint32_t sel) {
  sel &= 255;
  if (sel < 8)
    return (uint32_t)(v >> (8 * sel)) & 255;
  if (sel < 12)
    return ((v >> (16 * (sel - 8) + 15)) & 1) ? 255 : 0;
  return sel == 12 ? 0 : 255;
}
static uint32_t perm(uint32_t s0, uint32_t s1, uint32_t sel) {
  uint64_t v = (uint64_t)s0 << 32 | s1;
  return permByte(v, sel) | permByte(v, sel >> 8) << 8 |
         permByte(v, sel >> 16) << 16 | permByte(v, sel >> 24) << 24;
}
VOP_3(v_perm_b32, KB, perm(A[l], B[l], C[l]))

/* v_bitop3: the 8-bit truth table is encoded in NEG (bits 0..2), ABS
 * (bits 3..5) and OMOD (bits 6..7); index = {S0, S1, S2} (LLVM's
 * encoding of bitop3:imm, checked with llvm-mc). */
static uint32_t bitop3(uint32_t t, uint32_t a, uint32_t b, uint32_t c) {
  uint32_t r = 0;
  for (unsigned i = 0; i < 8; i++)
    if ((t >> i) & 1)
      r |= ((i & 4) ? a : ~a) & ((i & 2) ? b : ~b) & ((i & 1) ? c : ~c);
  return r;
}
#define TTBL ((uint32_t)in->neg | (uint32_t)in->abs << 3 | (uint32_t)in->omod << 6)
VOP_3(v_bitop3_b32, KB, bitop3(TTBL, A[l], B[l], C[l]))
VOP_3(v_bitop3_b16, KB,
      emuPut16(in, d[l], bitop3(TTBL, emuGet16(in, 0, A[l]), emuGet16(in, 1, B[l]), emuGet16(in, 2, C[l]))))

/* Packed shifts into 8-bit lanes (gfx950): D.b8[0..1] from S0>>S2, S1>>S2. */
static uint32_t satI8(int32_t v) { return (uint32_t)(v > 127 ? 127 : v < -128 ? -128 : v) & 255; }
static uint32_t satU8(int32_t v) { return (uint32_t)(v > 255 ? 255 : v < 0 ? 0 : v); }
VOP_3(v_ashr_pk_i8_i32_, KB,
      (d[l] & 0xffff0000u) | satI8((int32_t)A[l] >> (C[l] & 31)) | satI8((int32_t)B[l] >> (C[l] & 31)) << 8)
VOP_3(v_ashr_pk_u8_i32_, KB,
      (d[l] & 0xffff0000u) | satU8((int32_t)A[l] >> (C[l] & 31)) | satU8((int32_t)B[l] >> (C[l] & 31)) << 8)
VHANDLER(v_ashr_pk_i8_i32) { return in->opsel ? opselUnmodelled(c, in) : exec_v_ashr_pk_i8_i32_(w, in, c); }
VHANDLER(v_ashr_pk_u8_i32) { return in->opsel ? opselUnmodelled(c, in) : exec_v_ashr_pk_u8_i32_(w, in, c); }

/*--- 16-bit integer ops ------------------------------------------------------*/

/* 16-bit integer operands: float inline constants are f16 patterns (KI). */
#define KI EMU_SRC_I16
#define G0 emuGet16(in, 0, A[l])
#define G1 emuGet16(in, 1, B[l])
VOP_2(v_add_u16, KI, emuPut16(in, d[l], G0 + G1))
VOP_2(v_sub_u16, KI, emuPut16(in, d[l], G0 - G1))
VOP_2(v_subrev_u16, KI, emuPut16(in, d[l], G1 - G0))
VOP_2(v_mul_lo_u16, KI, emuPut16(in, d[l], G0 * G1))
VOP_2(v_lshlrev_b16, KI, emuPut16(in, d[l], G1 << (G0 & 15)))
VOP_2(v_lshrrev_b16, KI, emuPut16(in, d[l], G1 >> (G0 & 15)))
VOP_2(v_ashrrev_i16, KI, emuPut16(in, d[l], (uint32_t)((int16_t)G1 >> (G0 & 15))))
VOP_2(v_max_u16, KI, emuPut16(in, d[l], G0 > G1 ? G0 : G1))
VOP_2(v_min_u16, KI, emuPut16(in, d[l], G0 < G1 ? G0 : G1))
VOP_2(v_max_i16, KI, emuPut16(in, d[l], (int16_t)G0 > (int16_t)G1 ? G0 : G1))
VOP_2(v_min_i16, KI, emuPut16(in, d[l], (int16_t)G0 < (int16_t)G1 ? G0 : G1))
VOP_3(v_mad_u16, KI, emuPut16(in, d[l], G0 * G1 + emuGet16(in, 2, C[l])))
VOP_3(v_mad_i16, KI, emuPut16(in, d[l], (uint32_t)((int16_t)G0 * (int16_t)G1) + emuGet16(in, 2, C[l])))
VOP_2(v_add_i16, KI, emuPut16(in, d[l], in->clamp ? satI16((int16_t)G0 + (int16_t)G1) : G0 + G1))
VOP_2(v_sub_i16, KI, emuPut16(in, d[l], in->clamp ? satI16((int16_t)G0 - (int16_t)G1) : G0 - G1))

#define G2 emuGet16(in, 2, C[l])
VOP_3(v_min3_i16, KI, emuPut16(in, d[l], min3i((int16_t)G0, (int16_t)G1, (int16_t)G2)))
VOP_3(v_max3_i16, KI, emuPut16(in, d[l], max3i((int16_t)G0, (int16_t)G1, (int16_t)G2)))
VOP_3(v_med3_i16, KI, emuPut16(in, d[l], med3i((int16_t)G0, (int16_t)G1, (int16_t)G2)))
VOP_3(v_min3_u16, KI, emuPut16(in, d[l], min3u(G0, G1, G2)))
VOP_3(v_max3_u16, KI, emuPut16(in, d[l], max3u(G0, G1, G2)))
VOP_3(v_med3_u16, KI, emuPut16(in, d[l], med3u(G0, G1, G2)))

static uint32_t absDiff(uint32_t a, uint32_t b) { return a > b ? a - b : b - a; }
VOP_3(v_sad_u16, KB, absDiff(A[l] & 0xffff, B[l] & 0xffff) + absDiff(A[l] >> 16, B[l] >> 16) + C[l])

/* v_lerp_u8: per byte (a + b + (c & 1)) >> 1 (ISA guide V_LERP_U8). */
static uint32_t lerpU8(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t r = 0;
  for (int i = 0; i < 32; i += 8)
    r |= ((((a >> i) & 255) + ((b >> i) & 255) + ((c >> i) & 1)) >> 1) << i;
  return r;
}
VOP_3(v_lerp_u8, KB, lerpU8(A[l], B[l], C[l]))

/* v_msad_u8: SAD over the bytes whose reference (S1) byte is non-zero. */
static uint32_t msadU8(uint32_t a, uint32_t b) {
  uint32_t s = 0;
  for (int i = 0; i < 32; i += 8)
    if ((b >> i) & 255)
      s += absDiff((a >> i) & 255, (b >> i) & 255);
  return s;
}
VOP_3(v_msad_u8, KB, msadU8(A[l], B[l]) + C[l])

/*--- Carry forms and v_cndmask ------------------------------------------------*/

/* Carry arithmetic: r = a (+|-) b (+|-) cin; carry/borrow mask to sdst. */
static int carryOp(EmuWave *w, const EmuInst *in, bool sub, bool rev, bool useCin) {
  uint32_t b0[LANES], b1[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, KB, b0), *Bv = emuSrc32(w, in, 1, KB, b1);
  uint64_t cin = useCin ? emuReadScalar64(w, in, in->src[2], false) : 0;
  uint64_t ex = w->exec, cout = 0;
  uint32_t *d = emuVReg(w, in->dst & 255);
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    uint64_t x = rev ? Bv[l] : A[l], y = rev ? A[l] : Bv[l], ci = (cin >> l) & 1;
    uint64_t r = sub ? x - y - ci : x + y + ci;
    d[l] = (uint32_t)r;
    cout |= (uint64_t)((r >> 32) & 1) << l;
  }
  emuWriteScalar64(w, in->sdst, cout);
  return EMU_STEP_NEXT;
}

VHANDLER(v_add_co_u32) { (void)c; return carryOp(w, in, false, false, false); }
VHANDLER(v_sub_co_u32) { (void)c; return carryOp(w, in, true, false, false); }
VHANDLER(v_subrev_co_u32) { (void)c; return carryOp(w, in, true, true, false); }
VHANDLER(v_addc_co_u32) { (void)c; return carryOp(w, in, false, false, true); }
VHANDLER(v_subb_co_u32) { (void)c; return carryOp(w, in, true, false, true); }
VHANDLER(v_subbrev_co_u32) { (void)c; return carryOp(w, in, true, true, true); }

VHANDLER(v_cndmask_b32) {
  VBEGIN;
  uint32_t b0[LANES], b1[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, EMU_SRC_F32, b0);
  const uint32_t *Bv = emuSrc32(w, in, 1, EMU_SRC_F32, b1);
  uint64_t m = emuReadScalar64(w, in, in->src[2], false);
  for (int l = 0; l < LANES; l++)
    if (ON(l))
      d[l] = ((m >> l) & 1) ? Bv[l] : A[l];
  return EMU_STEP_NEXT;
}

/*--- 64-bit integer ops -------------------------------------------------------*/

VHANDLER(v_mov_b64) {
  (void)c;
  uint64_t a[LANES];
  emuSrc64(w, in, 0, false, a);
  emuStore64(w, in->dst & 255, a);
  return EMU_STEP_NEXT;
}

#define VOP64_SHIFT(name, expr)                                                 \
  VHANDLER(name) {                                                              \
    (void)c;                                                                    \
    uint32_t b0[LANES];                                                         \
    uint64_t v[LANES];                                                          \
    const uint32_t *A = emuSrc32(w, in, 0, KB, b0);                              \
    emuSrc64(w, in, 1, false, v);                                               \
    for (int l = 0; l < LANES; l++)                                             \
      v[l] = (expr);                                                            \
    emuStore64(w, in->dst & 255, v);                                            \
    return EMU_STEP_NEXT;                                                       \
  }
VOP64_SHIFT(v_lshlrev_b64, v[l] << (A[l] & 63))
VOP64_SHIFT(v_lshrrev_b64, v[l] >> (A[l] & 63))
VOP64_SHIFT(v_ashrrev_i64, (uint64_t)((int64_t)v[l] >> (A[l] & 63)))

/* v_lshl_add_u64: D = (S0 << S1[2:0]) + S2 (64-bit). */
VHANDLER(v_lshl_add_u64) {
  (void)c;
  uint32_t b1[LANES];
  uint64_t a[LANES], s2[LANES];
  emuSrc64(w, in, 0, false, a);
  const uint32_t *S = emuSrc32(w, in, 1, KB, b1);
  emuSrc64(w, in, 2, false, s2);
  for (int l = 0; l < LANES; l++)
    a[l] = (a[l] << (S[l] & 7)) + s2[l];
  emuStore64(w, in->dst & 255, a);
  return EMU_STEP_NEXT;
}

/* v_mad_u64_u32 / v_mad_i64_i32: {carry, D} = S0*S1 + S2 (VOP3b). */
static int mad64(EmuWave *w, const EmuInst *in, bool sgn) {
  uint32_t b0[LANES], b1[LANES];
  uint64_t s2[LANES], r[LANES], ex = w->exec, cout = 0;
  const uint32_t *A = emuSrc32(w, in, 0, KB, b0), *Bv = emuSrc32(w, in, 1, KB, b1);
  emuSrc64(w, in, 2, false, s2);
  for (int l = 0; l < LANES; l++) {
    if (sgn) {
      __int128 p = (__int128)((int64_t)(int32_t)A[l] * (int32_t)Bv[l]) + (int64_t)s2[l];
      r[l] = (uint64_t)p;
      cout |= (uint64_t)(ON(l) && (p > INT64_MAX || p < INT64_MIN)) << l;
    } else {
      unsigned __int128 p = (unsigned __int128)((uint64_t)A[l] * Bv[l]) + s2[l];
      r[l] = (uint64_t)p;
      cout |= (uint64_t)(ON(l) && (p >> 64)) << l;
    }
  }
  emuStore64(w, in->dst & 255, r);
  emuWriteScalar64(w, in->sdst, cout);
  return EMU_STEP_NEXT;
}
VHANDLER(v_mad_u64_u32) { (void)c; return mad64(w, in, false); }
VHANDLER(v_mad_i64_i32) { (void)c; return mad64(w, in, true); }

const EmuHandler emuVIntHandlers[] = {
    H(v_mov_b32), H(v_not_b32), H(v_bfrev_b32), H(v_ffbh_u32), H(v_ffbl_b32),
    H(v_ffbh_i32), H(v_mul_i32_i24), H(v_mul_hi_i32_i24), H(v_mul_u32_u24),
    H(v_mul_hi_u32_u24), H(v_min_i32), H(v_max_i32), H(v_min_u32),
    H(v_max_u32), H(v_lshrrev_b32), H(v_ashrrev_i32), H(v_lshlrev_b32),
    H(v_and_b32), H(v_or_b32), H(v_xor_b32), H(v_xnor_b32), H(v_add_u32),
    H(v_sub_u32), H(v_subrev_u32), H(v_mul_lo_u32), H(v_mul_hi_u32),
    H(v_mul_hi_i32), H(v_bcnt_u32_b32), H(v_mbcnt_lo_u32_b32),
    H(v_mbcnt_hi_u32_b32), H(v_bfm_b32), H(v_cvt_pk_u16_u32),
    H(v_cvt_pk_i16_i32), H(v_add_i32), H(v_sub_i32), H(v_mad_i32_i24),
    H(v_mad_u32_u24), H(v_bfe_u32), H(v_bfe_i32), H(v_bfi_b32),
    H(v_alignbit_b32), H(v_alignbyte_b32), H(v_lshl_add_u32),
    H(v_add_lshl_u32), H(v_add3_u32), H(v_lshl_or_b32), H(v_and_or_b32),
    H(v_or3_b32), H(v_xad_u32), H(v_mad_u32_u16), H(v_mad_i32_i16),
    H(v_min3_i32), H(v_max3_i32), H(v_med3_i32), H(v_min3_u32),
    H(v_max3_u32), H(v_med3_u32), H(v_sad_u8), H(v_sad_hi_u8), H(v_sad_u32),
    H(v_perm_b32), H(v_bitop3_b32), H(v_bitop3_b16), H(v_ashr_pk_i8_i32),
    H(v_ashr_pk_u8_i32), H(v_add_u16), H(v_sub_u16), H(v_subrev_u16),
    H(v_mul_lo_u16), H(v_lshlrev_b16), H(v_lshrrev_b16), H(v_ashrrev_i16),
    H(v_max_u16), H(v_min_u16), H(v_max_i16), H(v_min_i16), H(v_mad_u16),
    H(v_mad_i16), H(v_add_i16), H(v_sub_i16), H(v_add_co_u32),
    H(v_sub_co_u32), H(v_subrev_co_u32), H(v_addc_co_u32), H(v_subb_co_u32),
    H(v_subbrev_co_u32), H(v_cndmask_b32), H(v_mov_b64), H(v_lshlrev_b64),
    H(v_lshrrev_b64), H(v_ashrrev_i64), H(v_lshl_add_u64), H(v_mad_u64_u32),
    H(v_mad_i64_i32), H(v_min3_i16), H(v_max3_i16), H(v_med3_i16),
    H(v_min3_u16), H(v_max3_u16), H(v_med3_u16), H(v_sad_u16), H(v_lerp_u8),
    H(v_msad_u8), {"v_mad_legacy_u16", exec_v_mad_u16},
    {"v_mad_legacy_i16", exec_v_mad_i16}, {NULL, NULL}};
