/*===- emu_exec_lds.c - DS (LDS) instructions --------------------------------===*
 *
 * LDS reads/writes (b8..b128, read2/write2 with st64), LDS atomics (incl.
 * wrxchg2, wrap, condxchg32, append/consume), the cross-lane DS ops (ds_swizzle_b32, ds_permute_b32, ds_bpermute_b32) and
 * the gfx950 transpose reads (ds_read_b64_tr_b4/b8/b16, ds_read_b96_tr_b6).
 * Address = VGPR + offset (offset1:offset0 as 16 bits for single-address
 * ops); an access outside the workgroup's ldsSize faults like a memory
 * fault. Unaligned non-atomic LDS accesses are allowed (gfx90a+ with
 * unaligned mode, see emu_exec_mem.c); atomics must be naturally aligned.
 *===----------------------------------------------------------------------===*/
#include <math.h>

#include "emu_fp.h"
#include "emu_valu.h"

static uint8_t *ldsPtr(EmuWave *w, uint64_t addr, unsigned size) {
  EmuGroup *g = w->group;
  if (!g || addr + size > g->ldsSize)
    return NULL;
  return g->lds + addr;
}

static int ldsFault(EmuCtx *c, const EmuInst *in, int l, uint64_t a, unsigned size) {
  uint32_t lim = c->wave && c->wave->group ? c->wave->group->ldsSize : 0;
  return emuFault(c, in, FLY_EMU_FAULT_MEMORY, l, a,
                  "%s: lane %d accesses %u bytes of LDS at 0x%llx, outside the %u-byte allocation",
                  in->name, l, size, (unsigned long long)a, lim);
}

static uint32_t offset16(const EmuInst *in) { return (uint32_t)in->imm | (uint32_t)in->offset1 << 8; }

/* Register k of the multi-register operand starting at r (wrapping inside
 * the VGPR or the AGPR file). */
static unsigned reg(unsigned r, unsigned k) { return (r & 256) | ((r + k) & 255); }

static uint32_t *vr(EmuWave *w, unsigned r, unsigned k) { return emuVReg(w, reg(r, k)); }

static uint32_t rdU32(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}

/* read2/write2/wrxchg2: lane l's second element is lds2 bytes past its
 * first (the same for every lane), for the timing model's bank model. */
static void noteSecond(EmuCtx *c, const EmuInst *in, unsigned esize, unsigned mul) {
  if (c->mem)
    c->mem->lds2 = (uint32_t)(((uint64_t)in->offset1 - (uint32_t)in->imm) * esize * mul);
}

/*--- Plain reads and writes ---------------------------------------------------*/

/* kind: 0 u8, 1 i8, 2 u16, 3 i16, 4 = n dwords; d16: 1 low, 2 high half. */
EMU_HOT int dsReadBody(EmuWave *w, const EmuInst *in, EmuCtx *c, int kind, unsigned n, int d16,
                       bool step) {
  uint64_t ex = w->exec;
  unsigned size = kind == 4 ? 4 * n : kind < 2 ? 1 : 2;
  uint32_t *rows[4];
  for (unsigned k = 0; k < 4; k++)
    rows[k] = vr(w, in->dst, k);
  const uint32_t *ad = w->vgpr[in->addr & 255];
  uint32_t off = offset16(in);
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    uint64_t a = (uint64_t)ad[l] + off;
    const uint8_t *p = ldsPtr(w, a, size);
    if (!p)
      return ldsFault(c, in, l, a, size);
    if (step)
      emuMemLds(c, (unsigned)l, (uint32_t)a, size);
    if (kind == 4) {
      for (unsigned k = 0; k < n; k++) {
        if (step)
          emuLoadV(w, c, reg(in->dst, k), (unsigned)l, rdU32(p + 4 * k));
        else
          memcpy(&rows[k][l], p + 4 * k, 4);
      }
      continue;
    }
    uint32_t v = kind < 2 ? p[0] : (uint32_t)(p[0] | p[1] << 8);
    if (kind == 1)
      v = (uint32_t)(int32_t)(int8_t)v;
    if (kind == 3)
      v = (uint32_t)(int32_t)(int16_t)v;
    if (step && d16)
      emuLoadV16(w, c, in->dst, (unsigned)l, v, (unsigned)d16);
    else if (step)
      emuLoadV(w, c, in->dst, (unsigned)l, v);
    else if (d16 == 1)
      rows[0][l] = (rows[0][l] & 0xffff0000u) | (v & 0xffff);
    else if (d16 == 2)
      rows[0][l] = (rows[0][l] & 0xffff) | v << 16;
    else
      rows[0][l] = v;
  }
  return EMU_STEP_NEXT;
}

static int dsRead(EmuWave *w, const EmuInst *in, EmuCtx *c, int kind, unsigned n, int d16) {
  return emuStepping(c) ? dsReadBody(w, in, c, kind, n, d16, true)
                        : dsReadBody(w, in, c, kind, n, d16, false);
}

/* bytes: 1, 2 or 4*n; hi: the data comes from the high half (d16_hi). */
EMU_HOT int dsWriteBody(EmuWave *w, const EmuInst *in, EmuCtx *c, unsigned bytes, unsigned n,
                        bool hi, bool step) {
  uint64_t ex = w->exec;
  unsigned size = bytes * n;
  const uint32_t *rows[4];
  for (unsigned k = 0; k < 4; k++)
    rows[k] = vr(w, in->data0, k);
  const uint32_t *ad = w->vgpr[in->addr & 255];
  uint32_t off = offset16(in);
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    uint64_t a = (uint64_t)ad[l] + off;
    uint8_t *p = ldsPtr(w, a, size);
    if (!p)
      return ldsFault(c, in, l, a, size);
    if (step)
      emuMemLds(c, (unsigned)l, (uint32_t)a, size);
    for (unsigned k = 0; k < n; k++) {
      uint32_t v = rows[k][l];
      if (hi)
        v >>= 16;
      memcpy(p + bytes * k, &v, bytes);
    }
  }
  return EMU_STEP_NEXT;
}

static int dsWrite(EmuWave *w, const EmuInst *in, EmuCtx *c, unsigned bytes, unsigned n, bool hi) {
  return emuStepping(c) ? dsWriteBody(w, in, c, bytes, n, hi, true)
                        : dsWriteBody(w, in, c, bytes, n, hi, false);
}

/* read2/write2: two elements of `esize` bytes at offset0*esize*mul and
 * offset1*esize*mul (mul = 64 for the st64 forms). */
EMU_HOT int dsRead2Body(EmuWave *w, const EmuInst *in, EmuCtx *c, unsigned esize, unsigned mul,
                        bool step) {
  uint64_t ex = w->exec;
  unsigned dw = esize / 4;
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    uint64_t base = w->vgpr[in->addr & 255][l];
    for (unsigned e = 0; e < 2; e++) {
      uint64_t a = base + (uint64_t)(e ? in->offset1 : (uint32_t)in->imm) * esize * mul;
      const uint8_t *p = ldsPtr(w, a, esize);
      if (!p)
        return ldsFault(c, in, l, a, esize);
      if (step && !e)
        emuMemLds(c, (unsigned)l, (uint32_t)a, esize);
      for (unsigned k = 0; k < dw; k++) {
        if (step)
          emuLoadV(w, c, reg(in->dst, e * dw + k), (unsigned)l, rdU32(p + 4 * k));
        else
          memcpy(&vr(w, in->dst, e * dw + k)[l], p + 4 * k, 4);
      }
    }
  }
  if (step)
    noteSecond(c, in, esize, mul);
  return EMU_STEP_NEXT;
}

static int dsRead2(EmuWave *w, const EmuInst *in, EmuCtx *c, unsigned esize, unsigned mul) {
  return emuStepping(c) ? dsRead2Body(w, in, c, esize, mul, true)
                        : dsRead2Body(w, in, c, esize, mul, false);
}

EMU_HOT int dsWrite2Body(EmuWave *w, const EmuInst *in, EmuCtx *c, unsigned esize, unsigned mul,
                         bool step) {
  uint64_t ex = w->exec;
  unsigned dw = esize / 4;
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    uint64_t base = w->vgpr[in->addr & 255][l];
    for (unsigned e = 0; e < 2; e++) {
      uint64_t a = base + (uint64_t)(e ? in->offset1 : (uint32_t)in->imm) * esize * mul;
      uint8_t *p = ldsPtr(w, a, esize);
      if (!p)
        return ldsFault(c, in, l, a, esize);
      if (step && !e)
        emuMemLds(c, (unsigned)l, (uint32_t)a, esize);
      for (unsigned k = 0; k < dw; k++)
        memcpy(p + 4 * k, &vr(w, e ? in->data1 : in->data0, k)[l], 4);
    }
  }
  if (step)
    noteSecond(c, in, esize, mul);
  return EMU_STEP_NEXT;
}

static int dsWrite2(EmuWave *w, const EmuInst *in, EmuCtx *c, unsigned esize, unsigned mul) {
  return emuStepping(c) ? dsWrite2Body(w, in, c, esize, mul, true)
                        : dsWrite2Body(w, in, c, esize, mul, false);
}

#define DSR(name, kind, n, d16) VHANDLER(name) { return dsRead(w, in, c, kind, n, d16); }
#define DSW(name, bytes, n, hi) VHANDLER(name) { return dsWrite(w, in, c, bytes, n, hi); }
DSR(ds_read_u8, 0, 1, 0)
DSR(ds_read_i8, 1, 1, 0)
DSR(ds_read_u16, 2, 1, 0)
DSR(ds_read_i16, 3, 1, 0)
DSR(ds_read_b32, 4, 1, 0)
DSR(ds_read_b64, 4, 2, 0)
DSR(ds_read_b96, 4, 3, 0)
DSR(ds_read_b128, 4, 4, 0)
DSR(ds_read_u8_d16, 0, 1, 1)
DSR(ds_read_u8_d16_hi, 0, 1, 2)
DSR(ds_read_i8_d16, 1, 1, 1)
DSR(ds_read_i8_d16_hi, 1, 1, 2)
DSR(ds_read_u16_d16, 2, 1, 1)
DSR(ds_read_u16_d16_hi, 2, 1, 2)
DSW(ds_write_b8, 1, 1, false)
DSW(ds_write_b16, 2, 1, false)
DSW(ds_write_b8_d16_hi, 1, 1, true)
DSW(ds_write_b16_d16_hi, 2, 1, true)
DSW(ds_write_b32, 4, 1, false)
DSW(ds_write_b64, 4, 2, false)
DSW(ds_write_b96, 4, 3, false)
DSW(ds_write_b128, 4, 4, false)
VHANDLER(ds_read2_b32) { return dsRead2(w, in, c, 4, 1); }
VHANDLER(ds_read2st64_b32) { return dsRead2(w, in, c, 4, 64); }
VHANDLER(ds_read2_b64) { return dsRead2(w, in, c, 8, 1); }
VHANDLER(ds_read2st64_b64) { return dsRead2(w, in, c, 8, 64); }
VHANDLER(ds_write2_b32) { return dsWrite2(w, in, c, 4, 1); }
VHANDLER(ds_write2st64_b32) { return dsWrite2(w, in, c, 4, 64); }
VHANDLER(ds_write2_b64) { return dsWrite2(w, in, c, 8, 1); }
VHANDLER(ds_write2st64_b64) { return dsWrite2(w, in, c, 8, 64); }

VHANDLER(ds_nop) {
  (void)w, (void)in, (void)c;
  return EMU_STEP_NEXT;
}

/*--- Atomics ------------------------------------------------------------------------*/

typedef enum DsOp {
  DS_ADD, DS_SUB, DS_RSUB, DS_INC, DS_DEC, DS_MIN_I, DS_MAX_I, DS_MIN_U,
  DS_MAX_U, DS_AND, DS_OR, DS_XOR, DS_MSKOR, DS_WRXCHG, DS_CMPST,
  DS_ADD_F32, DS_MIN_F, DS_MAX_F, DS_PK_ADD_F16, DS_PK_ADD_BF16, DS_ADD_F64,
  DS_CMPST_F, DS_WRAP
} DsOp;

static uint64_t dsCompute(DsOp op, uint64_t old, uint64_t a, uint64_t b, bool w64) {
  switch (op) {
  case DS_ADD: return old + a;
  case DS_SUB: return old - a;
  case DS_RSUB: return a - old;
  case DS_INC: return old >= a ? 0 : old + 1;
  case DS_DEC: return (old == 0 || old > a) ? a : old - 1;
  case DS_MIN_I: return w64 ? ((int64_t)old < (int64_t)a ? old : a) : ((int32_t)old < (int32_t)a ? old : a);
  case DS_MAX_I: return w64 ? ((int64_t)old > (int64_t)a ? old : a) : ((int32_t)old > (int32_t)a ? old : a);
  case DS_MIN_U: return old < a ? old : a;
  case DS_MAX_U: return old > a ? old : a;
  case DS_AND: return old & a;
  case DS_OR: return old | a;
  case DS_XOR: return old ^ a;
  case DS_MSKOR: return (old & ~a) | b;
  case DS_WRXCHG: return a;
  case DS_CMPST: return old == a ? b : old; /* DATA0 = compare, DATA1 = new */
  case DS_CMPST_F: /* float compare: -0 == +0, NaN never equal */
    if (w64)
      return emuF64(old) == emuF64(a) ? b : old;
    return emuF32((uint32_t)old) == emuF32((uint32_t)a) ? b : old;
  case DS_ADD_F32: return emuU32(emuF32((uint32_t)old) + emuF32((uint32_t)a));
  case DS_MIN_F: return w64 ? emuU64(fmin(emuF64(old), emuF64(a))) : emuU32(fminf(emuF32((uint32_t)old), emuF32((uint32_t)a)));
  case DS_MAX_F: return w64 ? emuU64(fmax(emuF64(old), emuF64(a))) : emuU32(fmaxf(emuF32((uint32_t)old), emuF32((uint32_t)a)));
  case DS_PK_ADD_F16:
    return emuFloatToHalf(emuHalfToFloat((uint16_t)old) + emuHalfToFloat((uint16_t)a)) |
           (uint32_t)emuFloatToHalf(emuHalfToFloat((uint16_t)(old >> 16)) + emuHalfToFloat((uint16_t)(a >> 16))) << 16;
  case DS_PK_ADD_BF16:
    return emuFloatToBf16(emuBf16ToFloat((uint16_t)old) + emuBf16ToFloat((uint16_t)a)) |
           (uint32_t)emuFloatToBf16(emuBf16ToFloat((uint16_t)(old >> 16)) + emuBf16ToFloat((uint16_t)(a >> 16))) << 16;
  case DS_ADD_F64: return emuU64(emuF64(old) + emuF64(a));
  case DS_WRAP: return old >= a ? old - a : old + b; /* DATA0 subtrahend, DATA1 addend */
  default: return old;
  }
}

/* LDS belongs to one workgroup whose waves run on one thread, so plain
 * read-modify-write is atomic here. */
static int dsAtomic(EmuWave *w, const EmuInst *in, EmuCtx *c, DsOp op, bool w64, bool ret) {
  uint64_t ex = w->exec;
  unsigned size = w64 ? 8 : 4, n = w64 ? 2 : 1;
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    uint64_t a = (uint64_t)w->vgpr[in->addr & 255][l] + offset16(in);
    if (a & (size - 1))
      return emuFault(c, in, FLY_EMU_FAULT_MISALIGNED, l, a,
                      "%s: lane %d LDS atomic address 0x%llx is not %u-byte aligned",
                      in->name, l, (unsigned long long)a, size);
    uint8_t *p = ldsPtr(w, a, size);
    if (!p)
      return ldsFault(c, in, l, a, size);
    emuMemLds(c, (unsigned)l, (uint32_t)a, size);
    uint64_t old = 0, d0 = vr(w, in->data0, 0)[l], d1 = vr(w, in->data1, 0)[l];
    memcpy(&old, p, size);
    if (w64) {
      d0 |= (uint64_t)vr(w, in->data0, 1)[l] << 32;
      d1 |= (uint64_t)vr(w, in->data1, 1)[l] << 32;
    }
    uint64_t nv = dsCompute(op, old, d0, d1, w64);
    memcpy(p, &nv, size);
    if (ret)
      for (unsigned k = 0; k < n; k++)
        emuLoadV(w, c, reg(in->dst, k), (unsigned)l, (uint32_t)(old >> (32 * k)));
  }
  return EMU_STEP_NEXT;
}

#define DSA(name, op, w64, ret) VHANDLER(name) { return dsAtomic(w, in, c, op, w64, ret); }
DSA(ds_add_u32, DS_ADD, false, false)
DSA(ds_sub_u32, DS_SUB, false, false)
DSA(ds_rsub_u32, DS_RSUB, false, false)
DSA(ds_inc_u32, DS_INC, false, false)
DSA(ds_dec_u32, DS_DEC, false, false)
DSA(ds_min_i32, DS_MIN_I, false, false)
DSA(ds_max_i32, DS_MAX_I, false, false)
DSA(ds_min_u32, DS_MIN_U, false, false)
DSA(ds_max_u32, DS_MAX_U, false, false)
DSA(ds_and_b32, DS_AND, false, false)
DSA(ds_or_b32, DS_OR, false, false)
DSA(ds_xor_b32, DS_XOR, false, false)
DSA(ds_mskor_b32, DS_MSKOR, false, false)
DSA(ds_cmpst_b32, DS_CMPST, false, false)
DSA(ds_add_f32, DS_ADD_F32, false, false)
DSA(ds_min_f32, DS_MIN_F, false, false)
DSA(ds_max_f32, DS_MAX_F, false, false)
DSA(ds_pk_add_f16, DS_PK_ADD_F16, false, false)
DSA(ds_pk_add_bf16, DS_PK_ADD_BF16, false, false)
DSA(ds_add_rtn_u32, DS_ADD, false, true)
DSA(ds_sub_rtn_u32, DS_SUB, false, true)
DSA(ds_rsub_rtn_u32, DS_RSUB, false, true)
DSA(ds_inc_rtn_u32, DS_INC, false, true)
DSA(ds_dec_rtn_u32, DS_DEC, false, true)
DSA(ds_min_rtn_i32, DS_MIN_I, false, true)
DSA(ds_max_rtn_i32, DS_MAX_I, false, true)
DSA(ds_min_rtn_u32, DS_MIN_U, false, true)
DSA(ds_max_rtn_u32, DS_MAX_U, false, true)
DSA(ds_and_rtn_b32, DS_AND, false, true)
DSA(ds_or_rtn_b32, DS_OR, false, true)
DSA(ds_xor_rtn_b32, DS_XOR, false, true)
DSA(ds_mskor_rtn_b32, DS_MSKOR, false, true)
DSA(ds_wrxchg_rtn_b32, DS_WRXCHG, false, true)
DSA(ds_cmpst_rtn_b32, DS_CMPST, false, true)
DSA(ds_add_rtn_f32, DS_ADD_F32, false, true)
DSA(ds_min_rtn_f32, DS_MIN_F, false, true)
DSA(ds_max_rtn_f32, DS_MAX_F, false, true)
DSA(ds_pk_add_rtn_f16, DS_PK_ADD_F16, false, true)
DSA(ds_pk_add_rtn_bf16, DS_PK_ADD_BF16, false, true)
DSA(ds_add_u64, DS_ADD, true, false)
DSA(ds_sub_u64, DS_SUB, true, false)
DSA(ds_min_i64, DS_MIN_I, true, false)
DSA(ds_max_i64, DS_MAX_I, true, false)
DSA(ds_min_u64, DS_MIN_U, true, false)
DSA(ds_max_u64, DS_MAX_U, true, false)
DSA(ds_and_b64, DS_AND, true, false)
DSA(ds_or_b64, DS_OR, true, false)
DSA(ds_xor_b64, DS_XOR, true, false)
DSA(ds_add_f64, DS_ADD_F64, true, false)
DSA(ds_add_rtn_u64, DS_ADD, true, true)
DSA(ds_sub_rtn_u64, DS_SUB, true, true)
DSA(ds_min_rtn_u64, DS_MIN_U, true, true)
DSA(ds_max_rtn_u64, DS_MAX_U, true, true)
DSA(ds_wrxchg_rtn_b64, DS_WRXCHG, true, true)
DSA(ds_cmpst_rtn_b64, DS_CMPST, true, true)
DSA(ds_add_rtn_f64, DS_ADD_F64, true, true)
DSA(ds_cmpst_f32, DS_CMPST_F, false, false)
DSA(ds_cmpst_rtn_f32, DS_CMPST_F, false, true)
DSA(ds_rsub_u64, DS_RSUB, true, false)
DSA(ds_inc_u64, DS_INC, true, false)
DSA(ds_dec_u64, DS_DEC, true, false)
DSA(ds_mskor_b64, DS_MSKOR, true, false)
DSA(ds_cmpst_b64, DS_CMPST, true, false)
DSA(ds_cmpst_f64, DS_CMPST_F, true, false)
DSA(ds_min_f64, DS_MIN_F, true, false)
DSA(ds_max_f64, DS_MAX_F, true, false)
DSA(ds_rsub_rtn_u64, DS_RSUB, true, true)
DSA(ds_inc_rtn_u64, DS_INC, true, true)
DSA(ds_dec_rtn_u64, DS_DEC, true, true)
DSA(ds_min_rtn_i64, DS_MIN_I, true, true)
DSA(ds_max_rtn_i64, DS_MAX_I, true, true)
DSA(ds_and_rtn_b64, DS_AND, true, true)
DSA(ds_or_rtn_b64, DS_OR, true, true)
DSA(ds_xor_rtn_b64, DS_XOR, true, true)
DSA(ds_mskor_rtn_b64, DS_MSKOR, true, true)
DSA(ds_cmpst_rtn_f64, DS_CMPST_F, true, true)
DSA(ds_min_rtn_f64, DS_MIN_F, true, true)
DSA(ds_max_rtn_f64, DS_MAX_F, true, true)
DSA(ds_wrap_rtn_b32, DS_WRAP, false, true)

/* ds_wrxchg2[st64]_rtn_b32/b64 vdst, addr, data0, data1: exchanges two
 * elements at offset0 and offset1 (x element size, x64 for st64); vdst
 * receives the old element at offset0 then the one at offset1 (ISA guide
 * DS_WRXCHG2_RTN_B32). */
static int dsWrxchg2(EmuWave *w, const EmuInst *in, EmuCtx *c, unsigned esize, unsigned mul) {
  uint64_t ex = w->exec;
  unsigned dw = esize / 4;
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    /* the sources are read before any result is written: VDST may overlap
       ADDR or DATA (as with every instruction, operands are read at issue) */
    uint64_t base = w->vgpr[in->addr & 255][l];
    uint32_t data[2][2];
    for (unsigned e = 0; e < 2; e++)
      for (unsigned k = 0; k < dw; k++)
        data[e][k] = vr(w, e ? in->data1 : in->data0, k)[l];
    for (unsigned e = 0; e < 2; e++) {
      uint64_t a = base + (uint64_t)(e ? in->offset1 : (uint32_t)in->imm) * esize * mul;
      if (a & (esize - 1))
        return emuFault(c, in, FLY_EMU_FAULT_MISALIGNED, l, a,
                        "%s: lane %d LDS atomic address 0x%llx is not %u-byte aligned",
                        in->name, l, (unsigned long long)a, esize);
      uint8_t *p = ldsPtr(w, a, esize);
      if (!p)
        return ldsFault(c, in, l, a, esize);
      if (!e)
        emuMemLds(c, (unsigned)l, (uint32_t)a, esize);
      for (unsigned k = 0; k < dw; k++) {
        uint32_t old;
        memcpy(&old, p + 4 * k, 4);
        memcpy(p + 4 * k, &data[e][k], 4);
        emuLoadV(w, c, reg(in->dst, e * dw + k), (unsigned)l, old);
      }
    }
  }
  noteSecond(c, in, esize, mul);
  return EMU_STEP_NEXT;
}
VHANDLER(ds_wrxchg2_rtn_b32) { return dsWrxchg2(w, in, c, 4, 1); }
VHANDLER(ds_wrxchg2st64_rtn_b32) { return dsWrxchg2(w, in, c, 4, 64); }
VHANDLER(ds_wrxchg2_rtn_b64) { return dsWrxchg2(w, in, c, 8, 1); }
VHANDLER(ds_wrxchg2st64_rtn_b64) { return dsWrxchg2(w, in, c, 8, 64); }

/* ds_condxchg32_rtn_b64 vdst, addr, data0 (ISA guide DS_CONDXCHG32_RTN_B64):
 * two dwords at ((addr + offset) & 0xfff8) and +4; dword i of DATA is
 * written (with bit 31 cleared) iff its bit 31 is set; vdst gets the old
 * dwords. */
VHANDLER(ds_condxchg32_rtn_b64) {
  uint64_t ex = w->exec;
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    uint64_t a = ((uint64_t)w->vgpr[in->addr & 255][l] + offset16(in)) & 0xfff8u;
    uint8_t *p = ldsPtr(w, a, 8);
    if (!p)
      return ldsFault(c, in, l, a, 8);
    emuMemLds(c, (unsigned)l, (uint32_t)a, 8);
    for (unsigned k = 0; k < 2; k++) {
      uint32_t old, v = vr(w, in->data0, k)[l];
      memcpy(&old, p + 4 * k, 4);
      if (v >> 31) {
        v &= 0x7fffffffu;
        memcpy(p + 4 * k, &v, 4);
      }
      emuLoadV(w, c, reg(in->dst, k), (unsigned)l, old);
    }
  }
  return EMU_STEP_NEXT;
}

/* ds_append / ds_consume vdst: add / subtract the number of EXEC lanes to the
 * dword at M0 + offset and return the old value to every EXEC lane. The ISA
 * guide's prose omits M0 for LDS, but LLVM puts the pointer in M0 and the
 * constant part in the offset (AMDGPUISelDAGToDAG SelectDSAppendConsume), so
 * M0 is the base as for GDS. */
static int dsAppend(EmuWave *w, const EmuInst *in, EmuCtx *c, int sign) {
  uint64_t ex = w->exec;
  if (!ex)
    return EMU_STEP_NEXT;
  uint64_t a = (uint64_t)w->m0 + offset16(in);
  int first = __builtin_ctzll(ex);
  if (a & 3)
    return emuFault(c, in, FLY_EMU_FAULT_MISALIGNED, first, a,
                    "%s: LDS counter address 0x%llx is not 4-byte aligned", in->name,
                    (unsigned long long)a);
  uint8_t *p = ldsPtr(w, a, 4);
  if (!p)
    return ldsFault(c, in, first, a, 4);
  uint32_t old, n = (uint32_t)__builtin_popcountll(ex);
  memcpy(&old, p, 4);
  uint32_t nv = sign > 0 ? old + n : old - n;
  memcpy(p, &nv, 4);
  emuMemLds(c, (unsigned)first, (uint32_t)a, 4);
  for (int l = 0; l < LANES; l++)
    if (ON(l))
      emuLoadV(w, c, in->dst, (unsigned)l, old);
  return EMU_STEP_NEXT;
}
VHANDLER(ds_append) { return dsAppend(w, in, c, 1); }
VHANDLER(ds_consume) { return dsAppend(w, in, c, -1); }

/*--- Cross-lane DS ops -----------------------------------------------------------------*/

/* ds_swizzle_b32 vdst, addr (ISA guide DS_SWIZZLE_B32): the data to swizzle
 * is the ADDR operand -- LLVM's operand order `ds_swizzle_b32 vdst, vaddr`
 * (DSInstructions.td DS_1A_RET); DATA0 is not read. The lane map by offset:
 * >= 0xe000 FFT (5-bit reversal, mask offset[4:0]); >= 0xc000 rotate by
 * offset[9:5] (right when offset[10]) outside the mask offset[4:0], within
 * 32-lane halves; offset[15] quad permute (2 bits per lane of a quad);
 * otherwise bit-mask mode within 32-lane halves: and = [4:0], or = [9:5],
 * xor = [14:10]. Inactive source lanes read 0. */
static int swizzleLane(uint32_t off, int l) {
  int lo = l & 31, hi = l & 32, mask = (int)(off & 31);
  if (off >= 0xe000) {
    int rev = 0;
    for (int b = 0; b < 5; b++)
      rev |= ((lo >> b) & 1) << (4 - b);
    return hi | (rev >> __builtin_popcount((unsigned)mask)) | (lo & mask);
  }
  if (off >= 0xc000) {
    int rot = (int)((off >> 5) & 31);
    if (off & 0x400)
      rot = -rot;
    return hi | (lo & mask) | (((lo + rot) & 31) & ~mask);
  }
  if (off & 0x8000)
    return (l & ~3) | (int)((off >> (2 * (l & 3))) & 3);
  return hi | (int)((((unsigned)lo & (off & 31)) | ((off >> 5) & 31)) ^ ((off >> 10) & 31));
}

VHANDLER(ds_swizzle_b32) {
  uint64_t ex = w->exec;
  uint32_t off = offset16(in), src[LANES];
  memcpy(src, w->vgpr[in->addr & 255], sizeof(src));
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    int s = swizzleLane(off, l);
    emuLoadV(w, c, in->dst, (unsigned)l, ON(s) ? src[s] : 0);
  }
  return EMU_STEP_NEXT;
}

/* ds_bpermute_b32: lane l reads lane (addr+offset)/4 mod 64; ds_permute_b32
 * writes its data to that lane. Inactive lanes neither provide nor receive
 * data (they provide 0). */
VHANDLER(ds_bpermute_b32) {
  uint64_t ex = w->exec;
  uint32_t src[LANES];
  memcpy(src, vr(w, in->data0, 0), sizeof(src));
  const uint32_t *ad = w->vgpr[in->addr & 255];
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      int s = (int)(((ad[l] + offset16(in)) >> 2) & 63);
      emuLoadV(w, c, in->dst, (unsigned)l, ON(s) ? src[s] : 0);
    }
  return EMU_STEP_NEXT;
}

VHANDLER(ds_permute_b32) {
  uint64_t ex = w->exec;
  uint32_t out[LANES] = {0};
  const uint32_t *src = vr(w, in->data0, 0), *ad = w->vgpr[in->addr & 255];
  for (int l = 0; l < LANES; l++)
    if (ON(l))
      out[((ad[l] + offset16(in)) >> 2) & 63] = src[l];
  for (int l = 0; l < LANES; l++)
    if (ON(l))
      emuLoadV(w, c, in->dst, (unsigned)l, out[l]);
  return EMU_STEP_NEXT;
}

/* ds_read_addtid_b32 / ds_write_addtid_b32: address = M0 base + offset +
 * lane*4 (no VGPR address). */
VHANDLER(ds_read_addtid_b32) {
  uint64_t ex = w->exec;
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      uint64_t a = (uint64_t)(w->m0 & 0xffff) + offset16(in) + 4u * (unsigned)l;
      const uint8_t *p = ldsPtr(w, a, 4);
      if (!p)
        return ldsFault(c, in, l, a, 4);
      emuMemLds(c, (unsigned)l, (uint32_t)a, 4);
      emuLoadV(w, c, in->dst, (unsigned)l, rdU32(p));
    }
  return EMU_STEP_NEXT;
}

VHANDLER(ds_write_addtid_b32) {
  uint64_t ex = w->exec;
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      uint64_t a = (uint64_t)(w->m0 & 0xffff) + offset16(in) + 4u * (unsigned)l;
      uint8_t *p = ldsPtr(w, a, 4);
      if (!p)
        return ldsFault(c, in, l, a, 4);
      emuMemLds(c, (unsigned)l, (uint32_t)a, 4);
      memcpy(p, &vr(w, in->data0, 0)[l], 4);
    }
  return EMU_STEP_NEXT;
}

/*--- Transpose reads (gfx950) ------------------------------------------------------------*/

/* Each lane loads `bits` (64 or 96) bits holding E = bits/esz elements
 * (4, 8, 16, 16 for b16, b8, b4, b6). The 16 lanes of a group hold an E x 16
 * matrix in row-major order (lane s: row s / (16/E), columns E*(s % (16/E))
 * ...); each lane receives one column: element n of lane 16g+i is row n,
 * column i, i.e. element i % E of lane 16g + n*(16/E) + i/E. Sources: the
 * ISA guide §11.4 (two instructions per MFMA operand, "each lane holds 4
 * consecutive M or N values" before the transpose), CK's
 * LaneGroupTransposeTraits (lane groups of 16; "before transpose 4x16, after
 * 16x4" for 16-bit, 8x16 -> 16x8 for 8-bit) and Triton's ds_read_tr layouts
 * for gfx950 (numLanesInShuffleGroup = 16; for 4-bit, lane s of a group
 * loads K row s). See docs/emulator-isa.md. */
static int dsReadTr(EmuWave *w, const EmuInst *in, EmuCtx *c, unsigned esz, unsigned bits) {
  unsigned E = bits / esz, bytes = bits / 8, nd = bits / 32, perRow = 16 / E;
  uint64_t ex = w->exec;
  uint32_t raw[LANES][3];
  memset(raw, 0, sizeof(raw));
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    uint64_t a = (uint64_t)w->vgpr[in->addr & 255][l] + offset16(in);
    if (bits == 64 && (a & 7)) /* "LDS address aligned to the data size" (ISA §11.4) */
      return emuFault(c, in, FLY_EMU_FAULT_MISALIGNED, l, a,
                      "%s: lane %d LDS address 0x%llx is not 8-byte aligned", in->name, l,
                      (unsigned long long)a);
    const uint8_t *p = ldsPtr(w, a, bytes);
    if (!p)
      return ldsFault(c, in, l, a, bytes);
    emuMemLds(c, (unsigned)l, (uint32_t)a, bytes);
    memcpy(raw[l], p, bytes);
  }
  uint32_t mask = (1u << esz) - 1;
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    uint32_t out[3] = {0, 0, 0};
    int g = l & ~15, i = l & 15;
    for (unsigned n = 0; n < E; n++) {
      const uint32_t *srcLane = raw[g + (int)(n * perRow) + i / (int)E];
      unsigned sb = (unsigned)(i % (int)E) * esz, db = n * esz;
      uint64_t word = srcLane[sb / 32] | (sb / 32 + 1 < nd ? (uint64_t)srcLane[sb / 32 + 1] << 32 : 0);
      uint32_t v = (uint32_t)(word >> (sb % 32)) & mask;
      out[db / 32] |= v << (db % 32);
      if (db % 32 + esz > 32)
        out[db / 32 + 1] |= v >> (32 - db % 32);
    }
    for (unsigned k = 0; k < nd; k++)
      emuLoadV(w, c, reg(in->dst, k), (unsigned)l, out[k]);
  }
  return EMU_STEP_NEXT;
}
VHANDLER(ds_read_b64_tr_b4) { return dsReadTr(w, in, c, 4, 64); }
VHANDLER(ds_read_b64_tr_b8) { return dsReadTr(w, in, c, 8, 64); }
VHANDLER(ds_read_b64_tr_b16) { return dsReadTr(w, in, c, 16, 64); }
VHANDLER(ds_read_b96_tr_b6) { return dsReadTr(w, in, c, 6, 96); }

const EmuHandler emuLdsHandlers[] = {
    H(ds_read_u8), H(ds_read_i8), H(ds_read_u16), H(ds_read_i16),
    H(ds_read_b32), H(ds_read_b64), H(ds_read_b96), H(ds_read_b128),
    H(ds_read_u8_d16), H(ds_read_u8_d16_hi), H(ds_read_i8_d16),
    H(ds_read_i8_d16_hi), H(ds_read_u16_d16), H(ds_read_u16_d16_hi),
    H(ds_write_b8), H(ds_write_b16), H(ds_write_b8_d16_hi),
    H(ds_write_b16_d16_hi), H(ds_write_b32), H(ds_write_b64), H(ds_write_b96),
    H(ds_write_b128), H(ds_read2_b32), H(ds_read2st64_b32), H(ds_read2_b64),
    H(ds_read2st64_b64), H(ds_write2_b32), H(ds_write2st64_b32),
    H(ds_write2_b64), H(ds_write2st64_b64), H(ds_nop), H(ds_add_u32),
    H(ds_sub_u32), H(ds_rsub_u32), H(ds_inc_u32), H(ds_dec_u32),
    H(ds_min_i32), H(ds_max_i32), H(ds_min_u32), H(ds_max_u32),
    H(ds_and_b32), H(ds_or_b32), H(ds_xor_b32), H(ds_mskor_b32),
    H(ds_cmpst_b32), H(ds_add_f32), H(ds_min_f32), H(ds_max_f32),
    H(ds_pk_add_f16), H(ds_pk_add_bf16), H(ds_add_rtn_u32),
    H(ds_sub_rtn_u32), H(ds_rsub_rtn_u32), H(ds_inc_rtn_u32),
    H(ds_dec_rtn_u32), H(ds_min_rtn_i32), H(ds_max_rtn_i32),
    H(ds_min_rtn_u32), H(ds_max_rtn_u32), H(ds_and_rtn_b32),
    H(ds_or_rtn_b32), H(ds_xor_rtn_b32), H(ds_mskor_rtn_b32),
    H(ds_wrxchg_rtn_b32), H(ds_cmpst_rtn_b32), H(ds_add_rtn_f32),
    H(ds_min_rtn_f32), H(ds_max_rtn_f32), H(ds_pk_add_rtn_f16),
    H(ds_pk_add_rtn_bf16), H(ds_add_u64), H(ds_sub_u64), H(ds_min_i64),
    H(ds_max_i64), H(ds_min_u64), H(ds_max_u64), H(ds_and_b64),
    H(ds_or_b64), H(ds_xor_b64), H(ds_add_f64), H(ds_add_rtn_u64),
    H(ds_sub_rtn_u64), H(ds_min_rtn_u64), H(ds_max_rtn_u64),
    H(ds_wrxchg_rtn_b64), H(ds_cmpst_rtn_b64), H(ds_add_rtn_f64),
    H(ds_swizzle_b32), H(ds_bpermute_b32), H(ds_permute_b32),
    H(ds_read_addtid_b32), H(ds_write_addtid_b32), H(ds_read_b64_tr_b4),
    H(ds_read_b64_tr_b8), H(ds_read_b64_tr_b16), H(ds_read_b96_tr_b6),
    H(ds_cmpst_f32), H(ds_cmpst_rtn_f32), H(ds_rsub_u64), H(ds_inc_u64),
    H(ds_dec_u64), H(ds_mskor_b64), H(ds_cmpst_b64), H(ds_cmpst_f64),
    H(ds_min_f64), H(ds_max_f64), H(ds_rsub_rtn_u64), H(ds_inc_rtn_u64),
    H(ds_dec_rtn_u64), H(ds_min_rtn_i64), H(ds_max_rtn_i64), H(ds_and_rtn_b64),
    H(ds_or_rtn_b64), H(ds_xor_rtn_b64), H(ds_mskor_rtn_b64),
    H(ds_cmpst_rtn_f64), H(ds_min_rtn_f64), H(ds_max_rtn_f64), H(ds_wrap_rtn_b32),
    H(ds_wrxchg2_rtn_b32), H(ds_wrxchg2st64_rtn_b32), H(ds_wrxchg2_rtn_b64),
    H(ds_wrxchg2st64_rtn_b64), H(ds_condxchg32_rtn_b64), H(ds_append), H(ds_consume),
    {NULL, NULL}};
