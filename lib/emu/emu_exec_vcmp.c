/*===- emu_exec_vcmp.c - VOPC compares and class tests --------------------===*
 *
 * v_cmp_* writes a 64-bit lane mask to VCC (VOPC) or SDST (VOP3); lanes
 * outside EXEC write 0. v_cmpx_* additionally writes the mask to EXEC (gfx9
 * writes both, ISA guide §6.4). Predicates are numbered as in the opcode
 * map: float F,LT,EQ,LE,GT,LG,GE,O,U,NGE,NLG,NGT,NLE,NEQ,NLT,TRU; integer
 * F,LT,EQ,LE,GT,NE,GE,T.
 *===----------------------------------------------------------------------===*/
#include <math.h>
#include <stdlib.h>

#include "emu_fp.h"
#include "emu_valu.h"

typedef enum { CMP_I16, CMP_U16, CMP_I32, CMP_U32, CMP_I64, CMP_U64,
               CMP_F16, CMP_F32, CMP_F64 } CmpType;

static bool predFloat(unsigned p, double a, double b) {
  bool un = isnan(a) || isnan(b);
  switch (p) {
  case 0: return false;
  case 1: return a < b;
  case 2: return a == b;
  case 3: return a <= b;
  case 4: return a > b;
  case 5: return a < b || a > b;
  case 6: return a >= b;
  case 7: return !un;
  case 8: return un;
  case 9: return !(a >= b);
  case 10: return !(a < b || a > b);
  case 11: return !(a > b);
  case 12: return !(a <= b);
  case 13: return !(a == b);
  case 14: return !(a < b);
  default: return true;
  }
}

#define PRED_INT(p, a, b)                                                       \
  ((p) == 0 ? false : (p) == 1 ? (a) < (b) : (p) == 2 ? (a) == (b)             \
   : (p) == 3 ? (a) <= (b) : (p) == 4 ? (a) > (b) : (p) == 5 ? (a) != (b)       \
   : (p) == 6 ? (a) >= (b) : true)

static int finishCmp(EmuWave *w, const EmuInst *in, uint64_t mask, bool cmpx) {
  mask &= w->exec;
  emuWriteScalar64(w, in->sdst, mask);
  if (cmpx)
    w->exec = mask;
  return EMU_STEP_NEXT;
}

static int cmpGeneric(EmuWave *w, const EmuInst *in, CmpType t, unsigned pred,
                      bool cmpx) {
  uint64_t mask = 0;
  if (t == CMP_I64 || t == CMP_U64 || t == CMP_F64) {
    uint64_t a[LANES], b[LANES];
    emuSrc64(w, in, 0, t == CMP_F64, a);
    emuSrc64(w, in, 1, t == CMP_F64, b);
    for (int l = 0; l < LANES; l++) {
      bool r = t == CMP_F64   ? predFloat(pred, emuF64(a[l]), emuF64(b[l]))
               : t == CMP_I64 ? PRED_INT(pred, (int64_t)a[l], (int64_t)b[l])
                              : PRED_INT(pred, a[l], b[l]);
      mask |= (uint64_t)r << l;
    }
    return finishCmp(w, in, mask, cmpx);
  }
  int kind = t == CMP_F16   ? EMU_SRC_F16
             : t == CMP_F32 ? EMU_SRC_F32
             : t == CMP_I16 || t == CMP_U16 ? EMU_SRC_I16 : EMU_SRC_B32;
  uint32_t b0[LANES], b1[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, kind, b0), *Bv = emuSrc32(w, in, 1, kind, b1);
  for (int l = 0; l < LANES; l++) {
    uint32_t a = A[l], b = Bv[l];
    bool r;
    switch (t) {
    case CMP_I16: r = PRED_INT(pred, (int16_t)emuGet16(in, 0, a), (int16_t)emuGet16(in, 1, b)); break;
    case CMP_U16: r = PRED_INT(pred, emuGet16(in, 0, a), emuGet16(in, 1, b)); break;
    case CMP_I32: r = PRED_INT(pred, (int32_t)a, (int32_t)b); break;
    case CMP_U32: r = PRED_INT(pred, a, b); break;
    case CMP_F16: r = predFloat(pred, emuHalfToFloat((uint16_t)emuGet16(in, 0, a)),
                                emuHalfToFloat((uint16_t)emuGet16(in, 1, b))); break;
    default: r = predFloat(pred, emuF32(a), emuF32(b)); break;
    }
    mask |= (uint64_t)r << l;
  }
  return finishCmp(w, in, mask, cmpx);
}

/* Class bits: 0 sNaN, 1 qNaN, 2 -inf, 3 -normal, 4 -denorm, 5 -0, 6 +0,
 * 7 +denorm, 8 +normal, 9 +inf (ISA guide V_CMP_CLASS_F32). */
static unsigned classOf(double v, bool neg, bool quiet, bool denorm) {
  if (isnan(v))
    return quiet ? 1 : 0;
  if (isinf(v))
    return neg ? 2 : 9;
  if (v == 0)
    return neg ? 5 : 6;
  if (denorm)
    return neg ? 4 : 7;
  return neg ? 3 : 8;
}

static int cmpClass(EmuWave *w, const EmuInst *in, CmpType t, bool cmpx) {
  uint32_t b1[LANES];
  const uint32_t *M = emuSrc32(w, in, 1, EMU_SRC_B32, b1);
  uint64_t mask = 0;
  if (t == CMP_F64) {
    uint64_t a[LANES];
    emuSrc64(w, in, 0, true, a);
    for (int l = 0; l < LANES; l++) {
      uint64_t e = (a[l] >> 52) & 0x7ff;
      unsigned k = classOf(emuF64(a[l]), a[l] >> 63, (a[l] >> 51) & 1, e == 0);
      mask |= (uint64_t)((M[l] >> k) & 1) << l;
    }
    return finishCmp(w, in, mask, cmpx);
  }
  uint32_t b0[LANES];
  const uint32_t *A = emuSrc32(w, in, 0, t == CMP_F16 ? EMU_SRC_F16 : EMU_SRC_F32, b0);
  for (int l = 0; l < LANES; l++) {
    uint32_t a = A[l];
    unsigned k;
    if (t == CMP_F16) {
      uint16_t h = (uint16_t)a;
      k = classOf(emuHalfToFloat(h), h >> 15, (h >> 9) & 1, ((h >> 10) & 31) == 0);
    } else {
      k = classOf(emuF32(a), a >> 31, (a >> 22) & 1, ((a >> 23) & 255) == 0);
    }
    mask |= (uint64_t)((M[l] >> k) & 1) << l;
  }
  return finishCmp(w, in, mask, cmpx);
}

/* The VOPC opcode (in->op < 256) selects type and predicate. */
static int execCmp(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)c;
  unsigned op = in->op;
  if (op >= 0x10 && op <= 0x15) {
    CmpType t = op < 0x12 ? CMP_F32 : op < 0x14 ? CMP_F64 : CMP_F16;
    return cmpClass(w, in, t, op & 1);
  }
  if (op >= 0x20 && op < 0x80) {
    static const CmpType ft[3] = {CMP_F16, CMP_F32, CMP_F64};
    return cmpGeneric(w, in, ft[(op - 0x20) >> 5], op & 15, (op >> 4) & 1);
  }
  static const CmpType it[6] = {CMP_I16, CMP_U16, CMP_I32, CMP_U32, CMP_I64, CMP_U64};
  unsigned group = (op - 0xA0) >> 5, sign = (op >> 3) & 1;
  return cmpGeneric(w, in, it[group * 2 + sign], op & 7, (op >> 4) & 1);
}

EmuExecFn emuCmpHandlerFind(const char *name) {
  /* Every v_cmp/v_cmpx of the gfx9 VOPC map decodes through execCmp. */
  (void)name;
  return execCmp;
}
