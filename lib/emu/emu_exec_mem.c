/*===- emu_exec_mem.c - SMEM, FLAT/GLOBAL, MUBUF and LDS DMA ----------------===*
 *
 * Memory completes at issue; with the stepping hooks (emu_step.h) the
 * register side of a load and the LDS side of a DMA are recorded instead. SMEM loads, stores and atomics are here too. Global addresses go through emuMemoryTranslate;
 * an access outside the caller's buffers faults (FLY_EMU_FAULT_MEMORY) with
 * lane and address. Loads and stores may be unaligned: ROCm runs gfx9 with
 * SH_MEM_CONFIG.ALIGNMENT_MODE = UNALIGNED (amdkfd's device-queue manager
 * for gfx9), so only atomics, which the hardware requires to be naturally
 * aligned (ISA guide §9.1.10 / §10.1), fault as FLY_EMU_FAULT_MISALIGNED.
 *
 * Buffer range checking implements the hardware-validated model of facts
 * §3.3 ([RJ], rocjitsu PR #10928): soffset counts, per-dword checks for
 * multi-dword accesses, out-of-range loads return 0 and stores/atomics are
 * dropped; dword-sized accesses ignore the two address LSBs.
 *===----------------------------------------------------------------------===*/
#include <math.h>

#include "emu_fp.h"
#include "emu_valu.h"

/*--- Shared helpers ------------------------------------------------------------*/

static int memFault(EmuCtx *c, const EmuInst *in, int lane, uint64_t addr, uint64_t size) {
  if ((addr >> 32) == EMU_PRIVATE_APERTURE_HI)
    return emuFault(c, in, FLY_EMU_FAULT_MEMORY, lane, addr,
                    "%s: lane %d accesses %llu bytes at private offset 0x%llx, outside "
                    "the kernel's private memory",
                    in->name, lane, (unsigned long long)size,
                    (unsigned long long)(uint32_t)addr);
  return emuFault(c, in, FLY_EMU_FAULT_MEMORY, lane, addr,
                  "%s: lane %d accesses %llu bytes at 0x%llx outside every buffer",
                  in->name, lane, (unsigned long long)size, (unsigned long long)addr);
}

static uint32_t rdU32(const uint8_t *p) {
  uint32_t v;
  memcpy(&v, p, 4);
  return v;
}

/* Size in bytes and kind of a load/store mnemonic suffix. */
typedef struct MemShape {
  unsigned bytes;   /* total bytes accessed */
  unsigned dwords;  /* registers written/read (0 for sub-dword) */
  bool sext, d16, hi;
} MemShape;

static MemShape shapeOf(const char *name) {
  MemShape s = {4, 1, false, false, false};
  const char *p = strstr(name, "_load_");
  if (!p)
    p = strstr(name, "_store_");
  if (!p)
    return s;
  p = strchr(p + 1, '_') + 1;
  if (!strncmp(p, "lds_", 4))
    p += 4;
  s.d16 = strstr(p, "d16") != NULL;
  s.hi = strstr(p, "_hi") != NULL;
  if (!strncmp(p, "ubyte", 5) || !strncmp(p, "byte", 4) || !strncmp(p, "sbyte", 5)) {
    s.bytes = 1;
    s.dwords = 0;
    s.sext = p[0] == 's';
  } else if (!strncmp(p, "ushort", 6) || !strncmp(p, "short", 5) || !strncmp(p, "sshort", 6)) {
    s.bytes = 2;
    s.dwords = 0;
    s.sext = p[0] == 's' && p[1] == 's';
  } else if (!strncmp(p, "dwordx", 6)) {
    s.dwords = (unsigned)(p[6] - '0');
    s.bytes = 4 * s.dwords;
  }
  return s;
}

/* Writes a loaded sub-dword / dword value into lane l of register r. */
EMU_HOT void putLoaded(EmuWave *w, EmuCtx *c, unsigned r, int l, const MemShape *s, uint32_t v,
                       bool step) {
  if (s->bytes == 1)
    v = s->sext ? (uint32_t)(int32_t)(int8_t)v : (v & 255);
  else if (s->bytes == 2)
    v = s->sext ? (uint32_t)(int32_t)(int16_t)v : (v & 0xffff);
  if (step && s->d16) {
    emuLoadV16(w, c, r, (unsigned)l, v, s->hi ? 2 : 1);
  } else if (step) {
    emuLoadV(w, c, r, (unsigned)l, v);
  } else {
    uint32_t *d = emuVReg(w, r);
    if (s->d16)
      d[l] = s->hi ? (d[l] & 0xffff) | v << 16 : (d[l] & 0xffff0000u) | (v & 0xffff);
    else
      d[l] = v;
  }
}

/* Register k of the multi-register operand starting at r (wrapping inside
 * the VGPR or the AGPR file). */
static unsigned regK(unsigned r, unsigned k) { return (r & 256) | ((r + k) & 255); }

/* The bytes a store writes for lane l (sub-dword from the low or high half). */
static uint32_t storeValue(EmuWave *w, unsigned r, int l, const MemShape *s) {
  uint32_t v = emuVReg(w, r)[l];
  return s->hi ? v >> 16 : v;
}

/*--- SMEM --------------------------------------------------------------------*/

/* SDATA = null (code 125): a load's data is dropped and the data a store
 * or atomic sends is 0, for every dword of the tuple -- not the codes
 * after 125 (EXEC). */
enum { SDATA_NULL = 125 };
static uint32_t sdataRead(const EmuWave *w, const EmuInst *in, unsigned k) {
  return in->dst == SDATA_NULL ? 0 : emuReadScalar32(w, in, in->dst + k, false);
}
static void sdataLoad(EmuWave *w, EmuCtx *c, const EmuInst *in, unsigned k, uint32_t v) {
  if (in->dst != SDATA_NULL)
    emuLoadS(w, c, in->dst + k, v);
}

/* The address of an SMEM access (ISA guide §8.2.1.1): the SGPR-pair base
 * (or the V# base for s_buffer_*) + the signed immediate + the SGPR/M0
 * offset; *numRecords is the V#'s num_records (buffer forms only), *off the
 * byte offset the range check uses. Returns EMU_STEP_NEXT or a fault. */
static int smemAddr(EmuWave *w, const EmuInst *in, EmuCtx *c, bool buffer, uint64_t *addr,
                    uint64_t *off, uint32_t *numRecords) {
  uint64_t base;
  *off = (uint64_t)(int64_t)in->imm;
  if (in->flags & EMU_F_SOE)
    *off += emuReadScalar32(w, in, in->soff, false);
  if (buffer) {
    if (in->sbase + 3u >= 102u)
      return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0,
                      "%s: buffer descriptor s[%u:%u] is not in s0..s101", in->name,
                      in->sbase, in->sbase + 3u);
    uint32_t *v = &w->sgpr[in->sbase];
    base = v[0] | (uint64_t)(v[1] & 0xffff) << 32;
    *numRecords = v[2];
  } else {
    base = emuReadScalar64(w, in, in->sbase, false);
    *numRecords = 0;
  }
  *addr = (base + *off) & ~3ull; /* SMEM ignores the 2 LSBs */
  return EMU_STEP_NEXT;
}

/* Whether dword i of an s_buffer_* access at byte offset `off` is inside the
 * V#'s num_records (the rule of s_buffer_load: per dword, 2 LSBs ignored). */
static bool smemInRange(uint64_t off, unsigned i, uint32_t numRecords) {
  return ((off + 4ull * i) & ~3ull) + 4 <= numRecords;
}

static int smemLoad(EmuWave *w, const EmuInst *in, EmuCtx *c, unsigned n, bool buffer) {
  uint64_t addr, off;
  uint32_t numRecords;
  int r = smemAddr(w, in, c, buffer, &addr, &off, &numRecords);
  if (r != EMU_STEP_NEXT)
    return r;
  emuMemGlobal(c, 0, addr, 4 * n);
  if (buffer) {
    for (unsigned i = 0; i < n; i++) {
      uint32_t v = 0;
      if (smemInRange(off, i, numRecords)) {
        const uint8_t *p = emuMemoryTranslate(c->env->mem, addr + 4 * i, 4);
        if (!p)
          return memFault(c, in, -1, addr + 4 * i, 4);
        v = rdU32(p);
      }
      sdataLoad(w, c, in, i, v);
    }
    return EMU_STEP_NEXT;
  }
  const uint8_t *p = emuMemoryTranslate(c->env->mem, addr, 4ull * n);
  if (!p)
    return memFault(c, in, -1, addr, 4ull * n);
  for (unsigned i = 0; i < n; i++)
    sdataLoad(w, c, in, i, rdU32(p + 4 * i));
  return EMU_STEP_NEXT;
}

#define SLOAD(name, n, buf)                                                     \
  VHANDLER(name) { return smemLoad(w, in, c, n, buf); }
SLOAD(s_load_dword, 1, false)
SLOAD(s_load_dwordx2, 2, false)
SLOAD(s_load_dwordx4, 4, false)
SLOAD(s_load_dwordx8, 8, false)
SLOAD(s_load_dwordx16, 16, false)
SLOAD(s_buffer_load_dword, 1, true)
SLOAD(s_buffer_load_dwordx2, 2, true)
SLOAD(s_buffer_load_dwordx4, 4, true)
SLOAD(s_buffer_load_dwordx8, 8, true)
SLOAD(s_buffer_load_dwordx16, 16, true)

/* s_memtime / s_memrealtime: a monotonically increasing 64-bit counter; the
 * emulator has no clock, so it reports the wave's retired instructions. */
VHANDLER(s_memtime) {
  unsigned code = in->dst;
  if (code == SDATA_NULL)
    return EMU_STEP_NEXT;
  if (!c->fx)
    emuWriteScalar64(w, code, w->retired);
  else if (code < 101 || code == EMU_OP_VCC_LO || code == EMU_OP_EXEC_LO) {
    emuFxSReg(c, code, (uint32_t)w->retired); /* the pairs emuWriteScalar64 writes */
    emuFxSReg(c, code + 1, (uint32_t)(w->retired >> 32));
  }
  return EMU_STEP_NEXT;
}

VHANDLER(s_nop_mem) {
  (void)w, (void)in, (void)c;
  return EMU_STEP_NEXT;
}

/*--- FLAT / GLOBAL -------------------------------------------------------------*/

/* Device address of lane l of a FLAT/GLOBAL instruction. */
static uint64_t flatAddr(const EmuWave *w, const EmuInst *in, int l) {
  uint64_t a;
  if (in->fmt == EMU_FMT_GLOBAL && in->sbase != 0x7F)
    a = emuReadScalar64(w, in, in->sbase, false) + w->vgpr[in->addr & 255][l];
  else
    a = (uint64_t)w->vgpr[in->addr & 255][l] | (uint64_t)w->vgpr[(in->addr + 1) & 255][l] << 32;
  return a + (uint64_t)(int64_t)in->imm;
}

/* Private (scratch) byte offset `off` of lane l -> host memory, or NULL
 * (the kernel has no private memory, or the offset is past the lane's
 * private size: emu_internal.h emuWaveGetScratch). */
static uint8_t *scratchHost(EmuWave *w, EmuCtx *c, int l, uint32_t off, unsigned size) {
  uint64_t base;
  uint32_t laneBytes;
  if (!emuWaveGetScratch(w, &base, &laneBytes) || (uint64_t)off + size > laneBytes)
    return NULL;
  return emuMemoryTranslate(c->env->mem, base + (uint64_t)l * laneBytes + off, size);
}

/* Per-lane private offset of a SCRATCH instruction: VADDR (when SVE is
 * set) + SADDR (unless off) + the signed instruction offset. */
static uint32_t scratchOffset(const EmuWave *w, const EmuInst *in, int l) {
  uint32_t off = (uint32_t)in->imm;
  if (in->flags & EMU_F_LDS)
    off += w->vgpr[in->addr & 255][l];
  if (in->sbase != 0x7F)
    off += emuReadScalar32(w, in, in->sbase, false);
  return off;
}

/* Resolves lane l's access to host memory: global buffers, LDS through the
 * shared aperture of FLAT, private memory through the private aperture or
 * the SCRATCH segment. *addr receives the address to report on failure. */
static uint8_t *laneHost(EmuWave *w, const EmuInst *in, EmuCtx *c, int l, unsigned size,
                         uint64_t *addr) {
  if (in->fmt == EMU_FMT_SCRATCH) {
    uint32_t off = scratchOffset(w, in, l);
    *addr = (uint64_t)EMU_PRIVATE_APERTURE_HI << 32 | off;
    return scratchHost(w, c, l, off, size);
  }
  uint64_t a = flatAddr(w, in, l);
  *addr = a;
  if (in->fmt == EMU_FMT_FLAT && (a >> 32) == EMU_SHARED_APERTURE_HI) {
    uint32_t off = (uint32_t)a;
    EmuGroup *g = w->group;
    if (!g || (uint64_t)off + size > g->ldsSize)
      return NULL;
    return g->lds + off;
  }
  if (in->fmt == EMU_FMT_FLAT && (a >> 32) == EMU_PRIVATE_APERTURE_HI)
    return scratchHost(w, c, l, (uint32_t)a, size);
  return emuMemoryTranslate(c->env->mem, a, size);
}

/* Notes lane l's access at `a` (as laneHost reports it): an LDS offset for
 * FLAT through the shared aperture, else the device (or private) address. */
static void noteFlat(const EmuWave *w, const EmuInst *in, EmuCtx *c, int l, uint64_t a,
                     unsigned bytes) {
  (void)w;
  if (!c->mem)
    return;
  if (in->fmt == EMU_FMT_FLAT && (a >> 32) == EMU_SHARED_APERTURE_HI)
    emuNoteLds(c, (unsigned)l, (uint32_t)a, bytes);
  else
    emuNoteGlobal(c, (unsigned)l, a, bytes);
}

EMU_HOT int flatLoadBody(EmuWave *w, const EmuInst *in, EmuCtx *c, bool step) {
  MemShape s = shapeOf(in->name);
  uint64_t ex = w->exec;
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    uint64_t a;
    const uint8_t *p = laneHost(w, in, c, l, s.bytes, &a);
    if (!p)
      return memFault(c, in, l, a, s.bytes);
    if (step)
      noteFlat(w, in, c, l, a, s.bytes);
    if (s.dwords == 0) {
      uint32_t v = s.bytes == 1 ? p[0] : (uint32_t)p[0] | (uint32_t)p[1] << 8;
      putLoaded(w, c, in->dst, l, &s, v, step);
    } else {
      for (unsigned i = 0; i < s.dwords; i++) {
        if (step)
          emuLoadV(w, c, regK(in->dst, i), (unsigned)l, rdU32(p + 4 * i));
        else
          emuVReg(w, regK(in->dst, i))[l] = rdU32(p + 4 * i);
      }
    }
  }
  return EMU_STEP_NEXT;
}

static int flatLoad(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  return emuStepping(c) ? flatLoadBody(w, in, c, true) : flatLoadBody(w, in, c, false);
}

EMU_HOT int flatStoreBody(EmuWave *w, const EmuInst *in, EmuCtx *c, bool step) {
  MemShape s = shapeOf(in->name);
  uint64_t ex = w->exec;
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    uint64_t a;
    uint8_t *p = laneHost(w, in, c, l, s.bytes, &a);
    if (!p)
      return memFault(c, in, l, a, s.bytes);
    if (step)
      noteFlat(w, in, c, l, a, s.bytes);
    if (s.dwords == 0) {
      uint32_t v = storeValue(w, in->data0, l, &s);
      memcpy(p, &v, s.bytes); /* little-endian host */
    } else {
      for (unsigned i = 0; i < s.dwords; i++) {
        uint32_t v = emuVReg(w, (in->data0 & 256) | ((in->data0 + i) & 255))[l];
        memcpy(p + 4 * i, &v, 4);
      }
    }
  }
  return EMU_STEP_NEXT;
}

static int flatStore(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  return emuStepping(c) ? flatStoreBody(w, in, c, true) : flatStoreBody(w, in, c, false);
}

/*--- Atomics (shared by FLAT/GLOBAL and MUBUF) -----------------------------------*/

typedef enum AtomOp {
  AT_SWAP, AT_CMPSWAP, AT_ADD, AT_SUB, AT_SMIN, AT_UMIN, AT_SMAX, AT_UMAX,
  AT_AND, AT_OR, AT_XOR, AT_INC, AT_DEC, AT_ADD_F32, AT_PK_ADD_F16,
  AT_ADD_F64, AT_MIN_F64, AT_MAX_F64, AT_PK_ADD_BF16, AT_NONE
} AtomOp;

/* Opcode order of the atomic block (ops 64.., 96.. for _x2) in MUBUF/FLAT. */
static AtomOp atomOpOf(unsigned op, bool *wide) {
  *wide = op >= 96;
  unsigned k = op - (op >= 96 ? 96 : 64);
  if (k > 18 || (*wide && k > 12))
    return AT_NONE;
  return (AtomOp)k;
}

static uint64_t atomCompute(AtomOp op, uint64_t old, uint64_t src, bool wide) {
  switch (op) {
  case AT_SWAP: return src;
  case AT_ADD: return old + src;
  case AT_SUB: return old - src;
  case AT_SMIN: return wide ? ((int64_t)old < (int64_t)src ? old : src)
                            : ((int32_t)old < (int32_t)src ? old : src);
  case AT_UMIN: return old < src ? old : src;
  case AT_SMAX: return wide ? ((int64_t)old > (int64_t)src ? old : src)
                            : ((int32_t)old > (int32_t)src ? old : src);
  case AT_UMAX: return old > src ? old : src;
  case AT_AND: return old & src;
  case AT_OR: return old | src;
  case AT_XOR: return old ^ src;
  case AT_INC: return old >= src ? 0 : old + 1;
  case AT_DEC: return (old == 0 || old > src) ? src : old - 1;
  case AT_ADD_F32: return emuU32(emuF32((uint32_t)old) + emuF32((uint32_t)src));
  case AT_PK_ADD_F16:
    return emuFloatToHalf(emuHalfToFloat((uint16_t)old) + emuHalfToFloat((uint16_t)src)) |
           (uint32_t)emuFloatToHalf(emuHalfToFloat((uint16_t)(old >> 16)) +
                                    emuHalfToFloat((uint16_t)(src >> 16))) << 16;
  case AT_PK_ADD_BF16:
    return emuFloatToBf16(emuBf16ToFloat((uint16_t)old) + emuBf16ToFloat((uint16_t)src)) |
           (uint32_t)emuFloatToBf16(emuBf16ToFloat((uint16_t)(old >> 16)) +
                                    emuBf16ToFloat((uint16_t)(src >> 16))) << 16;
  case AT_ADD_F64: return emuU64(emuF64(old) + emuF64(src));
  case AT_MIN_F64: return emuU64(fmin(emuF64(old), emuF64(src)));
  case AT_MAX_F64: return emuU64(fmax(emuF64(old), emuF64(src)));
  default: return old;
  }
}

/* Performs one atomic on host memory p with __atomic builtins (workgroups
 * run on several threads); returns the old value. */
static uint64_t atomApply(uint8_t *p, AtomOp op, bool wide, uint64_t src, uint64_t cmp) {
  if (wide || op == AT_ADD_F64 || op == AT_MIN_F64 || op == AT_MAX_F64) {
    uint64_t *q = (uint64_t *)(void *)p, old = __atomic_load_n(q, __ATOMIC_RELAXED);
    for (;;) {
      uint64_t nv = op == AT_CMPSWAP ? (old == cmp ? src : old) : atomCompute(op, old, src, true);
      if (__atomic_compare_exchange_n(q, &old, nv, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
        return old;
    }
  }
  uint32_t *q = (uint32_t *)(void *)p, old = __atomic_load_n(q, __ATOMIC_RELAXED);
  for (;;) {
    uint32_t nv = op == AT_CMPSWAP ? (old == (uint32_t)cmp ? (uint32_t)src : old)
                                   : (uint32_t)atomCompute(op, old, src, false);
    if (__atomic_compare_exchange_n(q, &old, nv, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED))
      return old;
  }
}

static bool atomWide(AtomOp op, bool wide) {
  return wide || op == AT_ADD_F64 || op == AT_MIN_F64 || op == AT_MAX_F64;
}

/* Source / compare operands of lane l (cmpswap: data = {src, cmp}). */
static void atomOperands(EmuWave *w, const EmuInst *in, int l, AtomOp op, bool w64,
                         uint64_t *src, uint64_t *cmp) {
  unsigned r = in->data0, n = w64 ? 2 : 1;
#define VR(k) emuVReg(w, (r & 256) | ((r + (k)) & 255))[l]
  *src = w64 ? (uint64_t)VR(0) | (uint64_t)VR(1) << 32 : VR(0);
  *cmp = 0;
  if (op == AT_CMPSWAP)
    *cmp = w64 ? (uint64_t)VR(n) | (uint64_t)VR(n + 1) << 32 : VR(n);
#undef VR
}

static void atomReturn(EmuWave *w, EmuCtx *c, const EmuInst *in, int l, bool w64,
                       uint64_t old) {
  emuLoadV(w, c, in->dst, (unsigned)l, (uint32_t)old);
  if (w64)
    emuLoadV(w, c, regK(in->dst, 1), (unsigned)l, (uint32_t)(old >> 32));
}

static int flatAtomic(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  bool wide;
  AtomOp op = atomOpOf(in->op, &wide);
  bool w64 = atomWide(op, wide);
  unsigned size = w64 ? 8 : 4;
  uint64_t ex = w->exec;
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    uint64_t a = flatAddr(w, in, l);
    if (a & (size - 1))
      return emuFault(c, in, FLY_EMU_FAULT_MISALIGNED, l, a,
                      "%s: lane %d atomic address 0x%llx is not %u-byte aligned",
                      in->name, l, (unsigned long long)a, size);
    uint8_t *p = laneHost(w, in, c, l, size, &a);
    if (!p)
      return memFault(c, in, l, a, size);
    noteFlat(w, in, c, l, a, size);
    uint64_t src, cmp;
    atomOperands(w, in, l, op, w64, &src, &cmp);
    uint64_t old = atomApply(p, op, wide, src, cmp);
    if (in->flags & EMU_F_GLC)
      atomReturn(w, c, in, l, w64, old);
  }
  return EMU_STEP_NEXT;
}

/*--- SMEM stores and atomics (ISA guide §8.2.1, §8.2.2) -----------------------------*/

/* s_store_dword{,x2,x4} / s_buffer_store_dword{,x2,x4}: SDATA..SDATA+n-1 to
 * the address; s_buffer_* drop the dwords outside num_records, as
 * s_buffer_load reads them as 0. Dwords are stored atomically, since other
 * workgroups may poll them from other threads. */
static int smemStore(EmuWave *w, const EmuInst *in, EmuCtx *c, unsigned n, bool buffer) {
  uint64_t addr, off;
  uint32_t numRecords;
  int r = smemAddr(w, in, c, buffer, &addr, &off, &numRecords);
  if (r != EMU_STEP_NEXT)
    return r;
  emuMemGlobal(c, 0, addr, 4 * n);
  for (unsigned i = 0; i < n; i++) {
    if (buffer && !smemInRange(off, i, numRecords))
      continue;
    uint8_t *p = emuMemoryTranslate(c->env->mem, addr + 4 * i, 4);
    if (!p)
      return memFault(c, in, -1, addr + 4 * i, 4);
    __atomic_store_n((uint32_t *)(void *)p, sdataRead(w, in, i), __ATOMIC_SEQ_CST);
  }
  return EMU_STEP_NEXT;
}

#define SSTORE(name, n, buf)                                                    \
  VHANDLER(name) { return smemStore(w, in, c, n, buf); }
SSTORE(s_store_dword, 1, false)
SSTORE(s_store_dwordx2, 2, false)
SSTORE(s_store_dwordx4, 4, false)
SSTORE(s_buffer_store_dword, 1, true)
SSTORE(s_buffer_store_dwordx2, 2, true)
SSTORE(s_buffer_store_dwordx4, 4, true)

/* s_atomic_* / s_buffer_atomic_* (opcodes 128.. / 64.., _x2 at +32): the
 * vector atomics' operations in the same order. SDATA holds the source (and
 * for cmpswap the compare value in the next dword/pair); with GLC the
 * pre-op value is returned to SDATA. 64-bit atomics need an 8-byte-aligned
 * address (atomics are naturally aligned, §8.2.1.1; the 2 LSBs are ignored
 * anyway). s_buffer_* atomics outside num_records are dropped and return 0,
 * as buffer atomics do. Done with __atomic compare-and-swap, so workgroups
 * on different threads see them atomic (split-K semaphores). */
static int smemAtomic(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  bool buffer = in->op < 128, wide;
  AtomOp op = atomOpOf(64 + (in->op & 31), &wide);
  wide = (in->op & 32) != 0;
  unsigned size = wide ? 8 : 4;
  uint64_t addr, off;
  uint32_t numRecords;
  int r = smemAddr(w, in, c, buffer, &addr, &off, &numRecords);
  if (r != EMU_STEP_NEXT)
    return r;
  if (wide && (addr & 7))
    return emuFault(c, in, FLY_EMU_FAULT_MISALIGNED, -1, addr,
                    "%s: scalar atomic address 0x%llx is not 8-byte aligned", in->name,
                    (unsigned long long)addr);
  unsigned nd = wide ? 2 : 1;
  emuMemGlobal(c, 0, addr, size);
#define SD(k) sdataRead(w, in, (k))
  uint64_t src = wide ? (uint64_t)SD(0) | (uint64_t)SD(1) << 32 : SD(0), cmp = 0;
  if (op == AT_CMPSWAP)
    cmp = wide ? (uint64_t)SD(2) | (uint64_t)SD(3) << 32 : SD(1);
#undef SD
  uint64_t old = 0;
  if (!buffer || (smemInRange(off, 0, numRecords) && smemInRange(off, nd - 1, numRecords))) {
    uint8_t *p = emuMemoryTranslate(c->env->mem, addr, size);
    if (!p)
      return memFault(c, in, -1, addr, size);
    old = atomApply(p, op, wide, src, cmp);
  }
  if (in->flags & EMU_F_GLC)
    for (unsigned k = 0; k < nd; k++)
      sdataLoad(w, c, in, k, (uint32_t)(old >> (32 * k)));
  return EMU_STEP_NEXT;
}
VHANDLER(s_atomic) { return smemAtomic(w, in, c); }

/*--- LDS DMA ---------------------------------------------------------------------------*/

/* Writes lane l's loaded dword(s) into LDS at ldsBase + stride * l; writes
 * outside the allocation are dropped (facts §4.2, ISA `cdna4.md:661`). When
 * stepping, the LDS side waits for completion (emu_step.h): dword i of
 * every lane becomes one EMU_EFF_LDS entry. */
EMU_HOT void ldsDmaPut(EmuWave *w, EmuCtx *c, uint64_t ldsBase, unsigned stride, int l,
                       const uint32_t *v, unsigned n, bool step) {
  uint64_t ldsAddr = ldsBase + (uint64_t)stride * (unsigned)l;
  if (step)
    emuMemLds(c, (unsigned)l, (uint32_t)ldsAddr, 4 * n);
  if (step && c->fx) {
    for (unsigned i = 0; i < n; i++)
      emuFxLds(c, (uint32_t)(ldsBase + 4ull * i), stride, (unsigned)l, v[i]);
    return;
  }
  EmuGroup *g = w->group;
  for (unsigned i = 0; i < n; i++) {
    uint64_t a = ldsAddr + 4ull * i;
    if (g && a + 4 <= g->ldsSize)
      memcpy(g->lds + a, &v[i], 4);
  }
}

/* Loaded value of lane l for an LDS-DMA sub-dword load (zero- or
 * sign-extended into the lane's 4-byte slot, facts §4.2). */
static uint32_t dmaExtend(const MemShape *s, const uint8_t *p) {
  if (s->bytes == 1)
    return s->sext ? (uint32_t)(int32_t)(int8_t)p[0] : p[0];
  if (s->bytes == 2) {
    uint16_t h = (uint16_t)(p[0] | p[1] << 8);
    return s->sext ? (uint32_t)(int32_t)(int16_t)h : h;
  }
  return rdU32(p);
}

EMU_HOT int globalLoadLdsBody(EmuWave *w, const EmuInst *in, EmuCtx *c, bool step) {
  MemShape s = shapeOf(in->name);
  unsigned n = s.dwords ? s.dwords : 1, stride = n > 1 ? 16 : 4;
  uint64_t ex = w->exec;
  uint64_t base = (uint64_t)(w->m0 & 0x3fffc) + (uint64_t)(int64_t)in->imm;
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    uint64_t a = flatAddr(w, in, l);
    const uint8_t *p = emuMemoryTranslate(c->env->mem, a, s.bytes);
    if (!p)
      return memFault(c, in, l, a, s.bytes);
    if (step)
      emuMemGlobal(c, (unsigned)l, a, s.bytes);
    uint32_t v[4];
    for (unsigned i = 0; i < n; i++)
      v[i] = s.dwords ? rdU32(p + 4 * i) : dmaExtend(&s, p);
    ldsDmaPut(w, c, base, stride, l, v, n, step);
  }
  return EMU_STEP_NEXT;
}

static int globalLoadLds(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  return emuStepping(c) ? globalLoadLdsBody(w, in, c, true) : globalLoadLdsBody(w, in, c, false);
}

/*--- MUBUF -------------------------------------------------------------------------*/

typedef struct BufDesc {
  uint64_t base;
  uint32_t stride, numRecords;
  bool addTid, swizzle;
} BufDesc;

/* The V# in s[sbase:sbase+3]; descriptors beyond s101 (ttmp, specials)
 * read as all-zero, i.e. an unbound buffer. */
static BufDesc bufDesc(const EmuWave *w, const EmuInst *in) {
  static const uint32_t zero[4] = {0, 0, 0, 0};
  const uint32_t *v = in->sbase + 3u < 102u ? &w->sgpr[in->sbase] : zero;
  BufDesc d;
  d.base = v[0] | (uint64_t)(v[1] & 0xffff) << 32;
  d.stride = (v[1] >> 16) & 0x3fff;
  d.swizzle = (v[1] >> 31) & 1;
  d.numRecords = v[2];
  d.addTid = (v[3] >> 23) & 1;
  return d;
}

/* Address of element k (dword k of a multi-dword access) of lane l, and
 * whether it is in range (facts §3.3, [RJ] model). */
static bool bufElem(const EmuWave *w, const EmuInst *in, const BufDesc *d, int l,
                    unsigned k, unsigned esize, uint64_t *addr) {
  uint32_t idx = 0, voff = 0;
  unsigned r = in->addr & 255;
  if (in->flags & EMU_F_IDXEN)
    idx = w->vgpr[r++][l];
  if (in->flags & EMU_F_OFFEN)
    voff = w->vgpr[r & 255][l];
  if (d->addTid)
    idx += (uint32_t)l;
  uint32_t offPart = voff + (uint32_t)in->imm;
  uint64_t byteOff = (uint64_t)offPart + emuReadScalar32(w, in, in->soff, false);
  uint64_t elem = byteOff + (uint64_t)k * esize;
  *addr = d->base + (uint64_t)idx * d->stride + elem;
  if (d->addTid && !(in->flags & EMU_F_IDXEN))
    return true; /* scratch-style: no range check */
  if ((in->flags & EMU_F_IDXEN) && d->stride)
    return idx < d->numRecords;
  return elem + esize <= d->numRecords;
}

static int bufFaultSwizzle(EmuCtx *c, const EmuInst *in) {
  return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0,
                  "%s: swizzled buffer descriptors are not modelled", in->name);
}

/* Notes lane l's buffer access by its first in-range element k (at `a`):
 * the lane's base address is that address less k elements. */
static void noteBuf(EmuCtx *c, int l, unsigned k, uint64_t a, unsigned esize, unsigned n) {
  if (c->mem && !((c->mem->lanes >> l) & 1))
    emuNoteGlobal(c, (unsigned)l, a - (uint64_t)k * esize, esize * n);
}

EMU_HOT int bufLoadBody(EmuWave *w, const EmuInst *in, EmuCtx *c, bool step) {
  MemShape s = shapeOf(in->name);
  BufDesc d = bufDesc(w, in);
  if (d.swizzle)
    return bufFaultSwizzle(c, in);
  bool lds = (in->flags & EMU_F_LDS) != 0;
  unsigned n = s.dwords ? s.dwords : 1, esize = s.dwords ? 4 : s.bytes;
  uint64_t ex = w->exec;
  uint64_t ldsBase = (uint64_t)(w->m0 & 0x3ffff) + (uint32_t)in->imm;
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    uint32_t v[4] = {0, 0, 0, 0};
    for (unsigned k = 0; k < n; k++) {
      uint64_t a;
      if (!bufElem(w, in, &d, l, k, esize, &a))
        continue; /* out of range: reads 0 */
      if (esize == 4)
        a &= ~3ull;
      const uint8_t *p = emuMemoryTranslate(c->env->mem, a, esize);
      if (!p)
        return memFault(c, in, l, a, esize);
      if (step)
        noteBuf(c, l, k, a, esize, n);
      v[k] = s.dwords ? rdU32(p) : dmaExtend(&s, p);
    }
    if (lds) {
      ldsDmaPut(w, c, ldsBase, n > 1 ? 16 : 4, l, v, n, step);
    } else if (s.dwords == 0) {
      putLoaded(w, c, in->dst, l, &s, v[0], step);
    } else {
      for (unsigned k = 0; k < n; k++) {
        if (step)
          emuLoadV(w, c, regK(in->dst, k), (unsigned)l, v[k]);
        else
          emuVReg(w, regK(in->dst, k))[l] = v[k];
      }
    }
  }
  return EMU_STEP_NEXT;
}

static int bufLoad(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  return emuStepping(c) ? bufLoadBody(w, in, c, true) : bufLoadBody(w, in, c, false);
}

EMU_HOT int bufStoreBody(EmuWave *w, const EmuInst *in, EmuCtx *c, bool step) {
  MemShape s = shapeOf(in->name);
  BufDesc d = bufDesc(w, in);
  if (d.swizzle)
    return bufFaultSwizzle(c, in);
  unsigned n = s.dwords ? s.dwords : 1, esize = s.dwords ? 4 : s.bytes;
  uint64_t ex = w->exec;
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    for (unsigned k = 0; k < n; k++) {
      uint64_t a;
      if (!bufElem(w, in, &d, l, k, esize, &a))
        continue; /* out of range: dropped */
      if (esize == 4)
        a &= ~3ull;
      uint8_t *p = emuMemoryTranslate(c->env->mem, a, esize);
      if (!p)
        return memFault(c, in, l, a, esize);
      if (step)
        noteBuf(c, l, k, a, esize, n);
      uint32_t v = s.dwords ? emuVReg(w, (in->data0 & 256) | ((in->data0 + k) & 255))[l]
                            : storeValue(w, in->data0, l, &s);
      memcpy(p, &v, esize);
    }
  }
  return EMU_STEP_NEXT;
}

static int bufStore(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  return emuStepping(c) ? bufStoreBody(w, in, c, true) : bufStoreBody(w, in, c, false);
}

static int bufAtomic(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  BufDesc d = bufDesc(w, in);
  if (d.swizzle)
    return bufFaultSwizzle(c, in);
  bool wide;
  AtomOp op = atomOpOf(in->op, &wide);
  bool w64 = atomWide(op, wide);
  unsigned size = w64 ? 8 : 4;
  uint64_t ex = w->exec;
  for (int l = 0; l < LANES; l++) {
    if (!ON(l))
      continue;
    uint64_t a;
    bool inRange = bufElem(w, in, &d, l, 0, size, &a);
    uint64_t old = 0;
    if (inRange) { /* atomics are all-or-nothing; out of range is dropped */
      if (a & (size - 1))
        return emuFault(c, in, FLY_EMU_FAULT_MISALIGNED, l, a,
                        "%s: lane %d atomic address 0x%llx is not %u-byte aligned",
                        in->name, l, (unsigned long long)a, size);
      uint8_t *p = emuMemoryTranslate(c->env->mem, a, size);
      if (!p)
        return memFault(c, in, l, a, size);
      noteBuf(c, l, 0, a, size, 1);
      uint64_t src, cmp;
      atomOperands(w, in, l, op, w64, &src, &cmp);
      old = atomApply(p, op, wide, src, cmp);
    }
    if (in->flags & EMU_F_GLC)
      atomReturn(w, c, in, l, w64, old);
  }
  return EMU_STEP_NEXT;
}

static int scratchLdsUnsupported(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)w;
  return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0,
                  "unsupported instruction %s (LDS DMA from scratch)", in->name);
}

/*--- Registration: dispatch by mnemonic family ------------------------------------------*/

VHANDLER(flat_load) { return flatLoad(w, in, c); }
VHANDLER(flat_store) { return flatStore(w, in, c); }
VHANDLER(flat_atomic) { return flatAtomic(w, in, c); }
VHANDLER(global_load_lds) { return globalLoadLds(w, in, c); }
VHANDLER(buffer_load) { return bufLoad(w, in, c); }
VHANDLER(buffer_store) { return bufStore(w, in, c); }
VHANDLER(buffer_atomic) { return bufAtomic(w, in, c); }

const EmuHandler emuMemHandlers[] = {
    H(s_load_dword), H(s_load_dwordx2), H(s_load_dwordx4), H(s_load_dwordx8),
    H(s_load_dwordx16), H(s_buffer_load_dword), H(s_buffer_load_dwordx2),
    H(s_buffer_load_dwordx4), H(s_buffer_load_dwordx8),
    H(s_buffer_load_dwordx16), H(s_memtime), {"s_memrealtime", exec_s_memtime},
    {"s_dcache_inv", exec_s_nop_mem}, {"s_dcache_wb", exec_s_nop_mem},
    {"s_dcache_inv_vol", exec_s_nop_mem}, {"s_dcache_wb_vol", exec_s_nop_mem},
    {"s_dcache_discard", exec_s_nop_mem}, {"s_dcache_discard_x2", exec_s_nop_mem},
    {"s_atc_probe", exec_s_nop_mem}, {"s_atc_probe_buffer", exec_s_nop_mem},
    H(s_store_dword), H(s_store_dwordx2), H(s_store_dwordx4), H(s_buffer_store_dword),
    H(s_buffer_store_dwordx2), H(s_buffer_store_dwordx4), {NULL, NULL}};

/// Handlers for FLAT/GLOBAL/SCRATCH/MUBUF mnemonics, chosen by prefix (the
/// shape of each access is derived from the mnemonic once per instruction).
EmuExecFn emuMemHandlerFind(const char *name) {
  if (!strncmp(name, "s_atomic_", 9) || !strncmp(name, "s_buffer_atomic_", 16))
    return exec_s_atomic;
  bool isGlobal = !strncmp(name, "global_", 7), isFlat = !strncmp(name, "flat_", 5);
  bool isBuf = !strncmp(name, "buffer_", 7);
  if (!strncmp(name, "scratch_", 8)) {
    if (strstr(name, "_load_lds_"))
      return scratchLdsUnsupported;
    return strstr(name, "_load_") ? exec_flat_load : exec_flat_store;
  }
  if (strstr(name, "format") || strstr(name, "_wb") || !strcmp(name, "buffer_inv"))
    return NULL;
  if (isGlobal && strstr(name, "_load_lds_"))
    return exec_global_load_lds;
  if (isGlobal || isFlat) {
    if (strstr(name, "_atomic_"))
      return exec_flat_atomic;
    return strstr(name, "_load_") ? exec_flat_load : exec_flat_store;
  }
  if (isBuf) {
    if (strstr(name, "_atomic_"))
      return exec_buffer_atomic;
    return strstr(name, "_load_") ? exec_buffer_load : exec_buffer_store;
  }
  return NULL;
}
