/*===- emu_exec_vfloat.c - Vector floating-point ALU -----------------------===*
 *
 * f32/f64/f16 arithmetic (VOP1/VOP2/VOP3). The host's IEEE arithmetic in
 * round-to-nearest-even gives the results; denormals are preserved (LLVM's
 * kernels run with FP_DENORM = 3, facts §5.1), so MODE.denorm flushing is
 * not modelled. Transcendentals (v_rcp, v_rsq, v_sqrt, v_exp, v_log,
 * v_sin, v_cos) are computed exactly rounded; the hardware is within 1 ulp
 * of these (ISA guide §6.2), a documented fidelity limit.
 *===----------------------------------------------------------------------===*/
#include <math.h>

#include "emu_fp.h"
#include "emu_valu.h"

#define F EMU_SRC_F32
#define OMOD(r) ((in->clamp | in->omod) ? emuOutModF32(in, (r)) : (r))

#define VF_1(name, expr)                                                        \
  VHANDLER(name) {                                                              \
    VBEGIN;                                                                     \
    uint32_t b0[LANES];                                                         \
    const uint32_t *A = emuSrc32(w, in, 0, F, b0);                              \
    for (int l = 0; l < LANES; l++)                                             \
      if (ON(l)) {                                                              \
        float a = emuF32(A[l]);                                                 \
        d[l] = emuU32(OMOD(expr));                                              \
      }                                                                         \
    return EMU_STEP_NEXT;                                                       \
  }
#define VF_2(name, expr)                                                        \
  VHANDLER(name) {                                                              \
    VBEGIN;                                                                     \
    uint32_t b0[LANES], b1[LANES];                                              \
    const uint32_t *A = emuSrc32(w, in, 0, F, b0);                              \
    const uint32_t *B = emuSrc32(w, in, 1, F, b1);                              \
    for (int l = 0; l < LANES; l++)                                             \
      if (ON(l)) {                                                              \
        float a = emuF32(A[l]), b = emuF32(B[l]);                               \
        (void)b;                                                                \
        d[l] = emuU32(OMOD(expr));                                              \
      }                                                                         \
    return EMU_STEP_NEXT;                                                       \
  }
#define VF_3(name, expr)                                                        \
  VHANDLER(name) {                                                              \
    VBEGIN;                                                                     \
    uint32_t b0[LANES], b1[LANES], b2[LANES];                                   \
    const uint32_t *A = emuSrc32(w, in, 0, F, b0);                              \
    const uint32_t *B = emuSrc32(w, in, 1, F, b1);                              \
    const uint32_t *C = emuSrc32(w, in, 2, F, b2);                              \
    for (int l = 0; l < LANES; l++)                                             \
      if (ON(l)) {                                                              \
        float a = emuF32(A[l]), b = emuF32(B[l]), cc = emuF32(C[l]);            \
        (void)cc;                                                               \
        d[l] = emuU32(OMOD(expr));                                              \
      }                                                                         \
    return EMU_STEP_NEXT;                                                       \
  }

static float fmin3(float a, float b, float c) { return fminf(fminf(a, b), c); }
static float fmax3(float a, float b, float c) { return fmaxf(fmaxf(a, b), c); }
static float fmed3(float a, float b, float c) {
  if (isnan(a) || isnan(b) || isnan(c))
    return fmin3(a, b, c);
  return fmaxf(fminf(a, b), fminf(fmaxf(a, b), c));
}
static float fractf(float a) { return isinf(a) ? NAN : a - floorf(a); }
/* v_frexp_mant/exp: 0/Inf/NaN give the input (mant) and 0 (exp). */
static float frexpMant(float a) {
  int e;
  return (isinf(a) || isnan(a)) ? a : frexpf(a, &e);
}
static uint32_t frexpExp(float a) {
  int e = 0;
  if (!isinf(a) && !isnan(a))
    frexpf(a, &e);
  return (uint32_t)e;
}
/* v_mul_legacy_f32: 0 * anything (including Inf/NaN) is 0. */
static float mulLegacy(float a, float b) { return (a == 0 || b == 0) ? 0.0f : a * b; }
#define EMU_TWO_PI 6.283185307179586476925286766559
static float sinRev(float a) { return (float)sin((double)a * EMU_TWO_PI); }
static float cosRev(float a) { return (float)cos((double)a * EMU_TWO_PI); }

VF_2(v_add_f32, a + b)
VF_2(v_sub_f32, a - b)
VF_2(v_subrev_f32, b - a)
VF_2(v_mul_f32, a * b)
VF_2(v_mul_legacy_f32, mulLegacy(a, b))
VF_2(v_min_f32, fminf(a, b))
VF_2(v_max_f32, fmaxf(a, b))
VF_2(v_fmac_f32, fmaf(a, b, emuF32(d[l])))
VF_2(v_ldexp_f32, ldexpf(a, (int32_t)B[l] < -300 ? -300 : (int32_t)B[l] > 300 ? 300 : (int32_t)B[l]))
VF_3(v_fma_f32, fmaf(a, b, cc))
VF_3(v_mad_f32, a * b + cc)
VF_3(v_min3_f32, fmin3(a, b, cc))
VF_3(v_max3_f32, fmax3(a, b, cc))
VF_3(v_med3_f32, fmed3(a, b, cc))
VF_3(v_minimum3_f32, (isnan(a) || isnan(b) || isnan(cc)) ? NAN : fmin3(a, b, cc))
VF_3(v_maximum3_f32, (isnan(a) || isnan(b) || isnan(cc)) ? NAN : fmax3(a, b, cc))
VF_1(v_rcp_f32, 1.0f / a)
VF_1(v_rcp_iflag_f32, 1.0f / a)
VF_1(v_rsq_f32, 1.0f / sqrtf(a))
VF_1(v_sqrt_f32, sqrtf(a))
VF_1(v_exp_f32, exp2f(a))
VF_1(v_log_f32, log2f(a))
VF_1(v_exp_legacy_f32, exp2f(a))
VF_1(v_log_legacy_f32, log2f(a))
VF_1(v_sin_f32, sinRev(a))
VF_1(v_cos_f32, cosRev(a))
VF_1(v_fract_f32, fractf(a))
VF_1(v_trunc_f32, truncf(a))
VF_1(v_ceil_f32, ceilf(a))
VF_1(v_rndne_f32, nearbyintf(a))
VF_1(v_floor_f32, floorf(a))
VF_1(v_frexp_mant_f32, frexpMant(a))

VHANDLER(v_frexp_exp_i32_f32) {
  VBEGIN;
  uint32_t b0[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, F, b0);
  for (int l = 0; l < LANES; l++)
    if (ON(l))
      d[l] = frexpExp(emuF32(A[l]));
  return EMU_STEP_NEXT;
}

/* fmamk: D = S0 * K + S1; fmaak: D = S0 * S1 + K (K = the literal). */
VF_2(v_fmamk_f32, fmaf(a, emuF32(in->lit), b))
VF_2(v_fmaak_f32, fmaf(a, b, emuF32(in->lit)))

/* Division helpers (ISA guide V_DIV_SCALE/FMAS/FIXUP pseudocode). */
static int expF32(float x) { return (int)((emuU32(x) >> 23) & 255); }
static bool isDenormF32(float x) { return x != 0 && fabsf(x) < 0x1p-126f; }

VHANDLER(v_div_scale_f32) {
  VBEGIN;
  uint32_t b0[LANES], b1[LANES], b2[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, F, b0), *Bv = emuSrc32(w, in, 1, F, b1);
  const uint32_t *C = emuSrc32(w, in, 2, F, b2);
  uint64_t vcc = 0;
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    float s0 = emuF32(A[l]), den = emuF32(Bv[l]), num = emuF32(C[l]), r = s0;
    bool flag = false;
    if (num == 0 || den == 0)
      r = NAN;
    else if (expF32(num) - expF32(den) >= 96) {
      flag = true;
      if (s0 == den)
        r = ldexpf(s0, 64);
    } else if (isDenormF32(den))
      r = ldexpf(s0, 64);
    else if (isDenormF32(1.0f / den) && isDenormF32(num / den)) {
      flag = true;
      if (s0 == den)
        r = ldexpf(s0, 64);
    } else if (isDenormF32(1.0f / den))
      r = ldexpf(s0, -64);
    else if (isDenormF32(num / den)) {
      flag = true;
      if (s0 == num)
        r = ldexpf(s0, 64);
    } else if (expF32(num) <= 23)
      r = ldexpf(s0, 64);
    d[l] = emuU32(r);
    vcc |= (uint64_t)flag << l;
  }
  emuWriteScalar64(w, in->sdst, vcc);
  return EMU_STEP_NEXT;
}

VHANDLER(v_div_fmas_f32) {
  VBEGIN;
  uint32_t b0[LANES], b1[LANES], b2[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, F, b0), *Bv = emuSrc32(w, in, 1, F, b1);
  const uint32_t *C = emuSrc32(w, in, 2, F, b2);
  uint64_t vcc = w->vcc;
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      float r = fmaf(emuF32(A[l]), emuF32(Bv[l]), emuF32(C[l]));
      if ((vcc >> l) & 1)
        r = ldexpf(r, expF32(emuF32(C[l])) > 127 ? 64 : -64);
      d[l] = emuU32(OMOD(r));
    }
  return EMU_STEP_NEXT;
}

static float divFixup(float q, float den, float num) {
  bool neg = signbit(den) != signbit(num);
  float inf = neg ? -INFINITY : INFINITY, zero = neg ? -0.0f : 0.0f;
  if (isnan(num))
    return num;
  if (isnan(den))
    return den;
  if ((den == 0 && num == 0) || (isinf(den) && isinf(num)))
    return NAN;
  if (den == 0 || isinf(num))
    return inf;
  if (isinf(den) || num == 0)
    return zero;
  if (isnan(q))
    return inf;
  return neg ? -fabsf(q) : fabsf(q);
}
VF_3(v_div_fixup_f32, divFixup(a, b, cc))

/*--- f64 ------------------------------------------------------------------------*/

#define VD_N(name, n, expr)                                                     \
  VHANDLER(name) {                                                              \
    (void)c;                                                                    \
    uint64_t A[LANES], B[LANES], C[LANES], r[LANES];                            \
    emuSrc64(w, in, 0, true, A);                                                \
    if (n > 1)                                                                  \
      emuSrc64(w, in, 1, true, B);                                              \
    if (n > 2)                                                                  \
      emuSrc64(w, in, 2, true, C);                                              \
    for (int l = 0; l < LANES; l++) {                                           \
      double a = emuF64(A[l]), b = n > 1 ? emuF64(B[l]) : 0,                    \
             cc = n > 2 ? emuF64(C[l]) : 0, x = (expr);                         \
      (void)b, (void)cc;                                                        \
      if (in->omod)                                                             \
        x *= in->omod == 1 ? 2.0 : in->omod == 2 ? 4.0 : 0.5;                   \
      if (in->clamp)                                                            \
        x = x > 1.0 ? 1.0 : x >= 0.0 ? x : 0.0;                                 \
      r[l] = emuU64(x);                                                         \
    }                                                                           \
    emuStore64(w, in->dst & 255, r);                                            \
    return EMU_STEP_NEXT;                                                       \
  }

static double fractd(double a) { return isinf(a) ? NAN : a - floor(a); }
static double divFixup64(double q, double den, double num) {
  bool neg = signbit(den) != signbit(num);
  if (isnan(num))
    return num;
  if (isnan(den))
    return den;
  if ((den == 0 && num == 0) || (isinf(den) && isinf(num)))
    return NAN;
  if (den == 0 || isinf(num))
    return neg ? -INFINITY : INFINITY;
  if (isinf(den) || num == 0)
    return neg ? -0.0 : 0.0;
  return neg ? -fabs(q) : fabs(q);
}

VD_N(v_add_f64, 2, a + b)
VD_N(v_mul_f64, 2, a * b)
VD_N(v_min_f64, 2, fmin(a, b))
VD_N(v_max_f64, 2, fmax(a, b))
VD_N(v_fma_f64, 3, fma(a, b, cc))
VD_N(v_rcp_f64, 1, 1.0 / a)
VD_N(v_rsq_f64, 1, 1.0 / sqrt(a))
VD_N(v_sqrt_f64, 1, sqrt(a))
VD_N(v_trunc_f64, 1, trunc(a))
VD_N(v_ceil_f64, 1, ceil(a))
VD_N(v_rndne_f64, 1, nearbyint(a))
VD_N(v_floor_f64, 1, floor(a))
VD_N(v_fract_f64, 1, fractd(a))
VD_N(v_div_fixup_f64, 3, divFixup64(a, b, cc))

VHANDLER(v_fmac_f64) {
  (void)c;
  uint64_t A[LANES], B[LANES], r[LANES];
  emuSrc64(w, in, 0, true, A);
  emuSrc64(w, in, 1, true, B);
  const uint32_t *lo = emuVReg(w, in->dst & 255), *hi = emuVReg(w, (in->dst + 1) & 255);
  for (int l = 0; l < LANES; l++)
    r[l] = emuU64(fma(emuF64(A[l]), emuF64(B[l]), emuF64((uint64_t)hi[l] << 32 | lo[l])));
  emuStore64(w, in->dst & 255, r);
  return EMU_STEP_NEXT;
}

VHANDLER(v_ldexp_f64) {
  (void)c;
  uint64_t A[LANES], r[LANES];
  uint32_t b1[LANES];
  emuSrc64(w, in, 0, true, A);
  const uint32_t *Bv = emuSrc32(w, in, 1, EMU_SRC_B32, b1);
  for (int l = 0; l < LANES; l++) {
    int32_t e = (int32_t)Bv[l];
    r[l] = emuU64(ldexp(emuF64(A[l]), e < -3000 ? -3000 : e > 3000 ? 3000 : e));
  }
  emuStore64(w, in->dst & 255, r);
  return EMU_STEP_NEXT;
}

VHANDLER(v_div_scale_f64) {
  (void)c;
  uint64_t A[LANES], B[LANES], C[LANES], r[LANES], vcc = 0, ex = w->exec;
  emuSrc64(w, in, 0, true, A);
  emuSrc64(w, in, 1, true, B);
  emuSrc64(w, in, 2, true, C);
  for (int l = 0; l < LANES; l++) {
    double s0 = emuF64(A[l]), den = emuF64(B[l]), num = emuF64(C[l]), x = s0;
    int en = (int)((C[l] >> 52) & 2047), ed = (int)((B[l] >> 52) & 2047);
    bool flag = false, denDen = den != 0 && fabs(den) < 0x1p-1022;
    double inv = 1.0 / den, q = num / den;
    bool invDen = inv != 0 && fabs(inv) < 0x1p-1022, qDen = q != 0 && fabs(q) < 0x1p-1022;
    if (num == 0 || den == 0)
      x = NAN;
    else if (en - ed >= 768) {
      flag = true;
      if (s0 == den)
        x = ldexp(s0, 128);
    } else if (denDen)
      x = ldexp(s0, 128);
    else if (invDen && qDen) {
      flag = true;
      if (s0 == den)
        x = ldexp(s0, 128);
    } else if (invDen)
      x = ldexp(s0, -128);
    else if (qDen) {
      flag = true;
      if (s0 == num)
        x = ldexp(s0, 128);
    } else if (en <= 53)
      x = ldexp(s0, 128);
    r[l] = emuU64(x);
    vcc |= (uint64_t)(flag && ON(l)) << l;
  }
  emuStore64(w, in->dst & 255, r);
  emuWriteScalar64(w, in->sdst, vcc);
  return EMU_STEP_NEXT;
}

VHANDLER(v_div_fmas_f64) {
  (void)c;
  uint64_t A[LANES], B[LANES], C[LANES], r[LANES], vcc = w->vcc;
  emuSrc64(w, in, 0, true, A);
  emuSrc64(w, in, 1, true, B);
  emuSrc64(w, in, 2, true, C);
  for (int l = 0; l < LANES; l++) {
    double x = fma(emuF64(A[l]), emuF64(B[l]), emuF64(C[l]));
    if ((vcc >> l) & 1)
      x = ldexp(x, ((C[l] >> 52) & 2047) > 1023 ? 128 : -128);
    r[l] = emuU64(x);
  }
  emuStore64(w, in->dst & 255, r);
  return EMU_STEP_NEXT;
}

/*--- f16 --------------------------------------------------------------------------*/

#define VH_N(name, n, expr)                                                     \
  VHANDLER(name) {                                                              \
    VBEGIN;                                                                     \
    uint32_t b0[LANES], b1[LANES], b2[LANES];                                   \
    const uint32_t *A = emuSrc32(w, in, 0, EMU_SRC_F16, b0);                    \
    const uint32_t *B = n > 1 ? emuSrc32(w, in, 1, EMU_SRC_F16, b1) : A;        \
    const uint32_t *C = n > 2 ? emuSrc32(w, in, 2, EMU_SRC_F16, b2) : A;        \
    for (int l = 0; l < LANES; l++)                                             \
      if (ON(l)) {                                                              \
        double a = emuHalfToFloat((uint16_t)emuGet16(in, 0, A[l]));             \
        double b = emuHalfToFloat((uint16_t)emuGet16(in, 1, B[l]));             \
        double cc = emuHalfToFloat((uint16_t)emuGet16(in, 2, C[l]));            \
        (void)b, (void)cc;                                                      \
        double x = (expr);                                                      \
        if (in->clamp)                                                          \
          x = x > 1.0 ? 1.0 : x >= 0.0 ? x : 0.0;                               \
        d[l] = emuPut16(in, d[l], emuFloatToHalf((float)x));                    \
      }                                                                         \
    return EMU_STEP_NEXT;                                                       \
  }

VH_N(v_add_f16, 2, a + b)
VH_N(v_sub_f16, 2, a - b)
VH_N(v_subrev_f16, 2, b - a)
VH_N(v_mul_f16, 2, a * b)
VH_N(v_max_f16, 2, fmax(a, b))
VH_N(v_min_f16, 2, fmin(a, b))
VH_N(v_fma_f16, 3, fma(a, b, cc))
VH_N(v_mac_f16, 2, a * b + emuHalfToFloat((uint16_t)d[l]))
VH_N(v_rcp_f16, 1, 1.0 / a)
VH_N(v_sqrt_f16, 1, sqrt(a))
VH_N(v_rsq_f16, 1, 1.0 / sqrt(a))
VH_N(v_exp_f16, 1, exp2(a))
VH_N(v_log_f16, 1, log2(a))
VH_N(v_floor_f16, 1, floor(a))
VH_N(v_ceil_f16, 1, ceil(a))
VH_N(v_trunc_f16, 1, trunc(a))
VH_N(v_rndne_f16, 1, nearbyint(a))
VH_N(v_fract_f16, 1, isinf(a) ? NAN : a - floor(a))
VH_N(v_ldexp_f16, 2, ldexp(a, (int16_t)emuGet16(in, 1, B[l])))
VH_N(v_madmk_f16, 2, a * emuHalfToFloat((uint16_t)in->lit) + b)
VH_N(v_madak_f16, 2, a * b + emuHalfToFloat((uint16_t)in->lit))
VH_N(v_max3_f16, 3, fmax(fmax(a, b), cc))
VH_N(v_min3_f16, 3, fmin(fmin(a, b), cc))
VH_N(v_mad_f16, 3, a * b + cc)
VH_N(v_med3_f16, 3, (isnan(a) || isnan(b) || isnan(cc)) ? fmin(fmin(a, b), cc)
                                                       : fmax(fmin(a, b), fmin(fmax(a, b), cc)))
VH_N(v_div_fixup_f16, 3, divFixup64(a, b, cc))
VH_N(v_sin_f16, 1, sin(a * EMU_TWO_PI))
VH_N(v_cos_f16, 1, cos(a * EMU_TWO_PI))
VH_N(v_frexp_mant_f16, 1, (isinf(a) || isnan(a)) ? a : frexp(a, &(int){0}))

const EmuHandler emuVFloatHandlers[] = {
    H(v_add_f32), H(v_sub_f32), H(v_subrev_f32), H(v_mul_f32),
    H(v_mul_legacy_f32), H(v_min_f32), H(v_max_f32), H(v_fmac_f32),
    H(v_ldexp_f32), H(v_fma_f32), H(v_mad_f32), H(v_min3_f32), H(v_max3_f32),
    H(v_med3_f32), H(v_minimum3_f32), H(v_maximum3_f32), H(v_rcp_f32),
    H(v_rcp_iflag_f32), H(v_rsq_f32), H(v_sqrt_f32), H(v_exp_f32),
    H(v_log_f32), H(v_exp_legacy_f32), H(v_log_legacy_f32), H(v_sin_f32),
    H(v_cos_f32), H(v_fract_f32), H(v_trunc_f32), H(v_ceil_f32),
    H(v_rndne_f32), H(v_floor_f32), H(v_frexp_mant_f32),
    H(v_frexp_exp_i32_f32), H(v_fmamk_f32), H(v_fmaak_f32),
    H(v_div_scale_f32), H(v_div_fmas_f32), H(v_div_fixup_f32), H(v_add_f64),
    H(v_mul_f64), H(v_min_f64), H(v_max_f64), H(v_fma_f64), H(v_rcp_f64),
    H(v_rsq_f64), H(v_sqrt_f64), H(v_trunc_f64), H(v_ceil_f64),
    H(v_rndne_f64), H(v_floor_f64), H(v_fract_f64), H(v_div_fixup_f64),
    H(v_fmac_f64), H(v_ldexp_f64), H(v_div_scale_f64), H(v_div_fmas_f64),
    H(v_add_f16), H(v_sub_f16), H(v_subrev_f16), H(v_mul_f16), H(v_max_f16),
    H(v_min_f16), H(v_fma_f16), H(v_mac_f16), H(v_rcp_f16), H(v_sqrt_f16),
    H(v_rsq_f16), H(v_exp_f16), H(v_log_f16), H(v_floor_f16), H(v_ceil_f16),
    H(v_trunc_f16), H(v_rndne_f16), H(v_fract_f16), H(v_ldexp_f16),
    H(v_madmk_f16), H(v_madak_f16), H(v_max3_f16), H(v_min3_f16),
    H(v_mad_f16), H(v_med3_f16), H(v_div_fixup_f16), H(v_sin_f16),
    H(v_cos_f16), H(v_frexp_mant_f16), {"v_mad_legacy_f16", exec_v_mad_f16},
    {"v_fma_legacy_f16", exec_v_fma_f16},
    {"v_div_fixup_legacy_f16", exec_v_div_fixup_f16}, {NULL, NULL}};
