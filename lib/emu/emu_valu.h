/*===- emu_valu.h - Lane-loop helpers shared by the VALU handler files ----===*
 *
 * Private to emu_exec_v*.c, emu_exec_cvt.c and emu_exec_lane.c. The macros
 * expand to one handler per instruction: operands are fetched once per
 * instruction (emuSrc32/emuSrc64), then a tight loop runs over EXEC lanes.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_EMU_VALU_H
#define FLYC_EMU_VALU_H

#include "emu_isa.h"

#define H(name) {#name, exec_##name}
#define LANES EMU_WAVE_LANES
#define ON(l) ((ex >> (l)) & 1u)

/* Declares the handler header; the body sees w, in, c, ex and d. */
#define VHANDLER(name)                                                          \
  static int exec_##name(EmuWave *w, const EmuInst *in, EmuCtx *c)

/* Runs `stmt` for the lanes in EXEC; a full EXEC takes a branch-free loop
 * the compiler can vectorise. */
#define EMU_LANE_LOOP(stmt)                                                     \
  do {                                                                          \
    if (ex == ~0ull) {                                                          \
      for (int l = 0; l < LANES; l++)                                           \
        stmt;                                                                   \
    } else {                                                                    \
      for (int l = 0; l < LANES; l++)                                           \
        if (ON(l))                                                              \
          stmt;                                                                 \
    }                                                                           \
  } while (0)

#define VBEGIN                                                                  \
  (void)c;                                                                      \
  uint64_t ex = w->exec;                                                        \
  uint32_t *d = emuVReg(w, in->dst & 255);                                      \
  (void)d;

/* One 32-bit result per lane from up to three 32-bit sources A, B, C. */
#define VOP_1(name, kind, expr)                                                 \
  VHANDLER(name) {                                                              \
    VBEGIN;                                                                     \
    uint32_t b0[LANES];                                                         \
    const uint32_t *A = emuSrc32(w, in, 0, kind, b0);                           \
    EMU_LANE_LOOP(d[l] = (expr));                                               \
    return EMU_STEP_NEXT;                                                       \
  }
#define VOP_2(name, kind, expr)                                                 \
  VHANDLER(name) {                                                              \
    VBEGIN;                                                                     \
    uint32_t b0[LANES], b1[LANES];                                              \
    const uint32_t *A = emuSrc32(w, in, 0, kind, b0);                           \
    const uint32_t *B = emuSrc32(w, in, 1, kind, b1);                           \
    EMU_LANE_LOOP(d[l] = (expr));                                               \
    return EMU_STEP_NEXT;                                                       \
  }
#define VOP_3(name, kind, expr)                                                 \
  VHANDLER(name) {                                                              \
    VBEGIN;                                                                     \
    uint32_t b0[LANES], b1[LANES], b2[LANES];                                   \
    const uint32_t *A = emuSrc32(w, in, 0, kind, b0);                           \
    const uint32_t *B = emuSrc32(w, in, 1, kind, b1);                           \
    const uint32_t *C = emuSrc32(w, in, 2, kind, b2);                           \
    EMU_LANE_LOOP(d[l] = (expr));                                               \
    return EMU_STEP_NEXT;                                                       \
  }

static inline float emuF32(uint32_t v) {
  float f;
  memcpy(&f, &v, 4);
  return f;
}
static inline uint32_t emuU32(float f) {
  uint32_t v;
  memcpy(&v, &f, 4);
  return v;
}
static inline double emuF64(uint64_t v) {
  double f;
  memcpy(&f, &v, 8);
  return f;
}
static inline uint64_t emuU64(double f) {
  uint64_t v;
  memcpy(&v, &f, 8);
  return v;
}

/* Writes 64-bit results to a VGPR pair for EXEC lanes. */
static inline void emuStore64(EmuWave *w, unsigned dst, const uint64_t *r) {
  uint32_t *lo = emuVReg(w, dst), *hi = emuVReg(w, (dst & 256) | ((dst + 1) & 255));
  uint64_t ex = w->exec;
  for (int l = 0; l < LANES; l++)
    if (ON(l)) {
      lo[l] = (uint32_t)r[l];
      hi[l] = (uint32_t)(r[l] >> 32);
    }
}

/* 16-bit results: VOP3 op_sel[3] writes the high half and keeps the low
 * half; otherwise the low half is written and the high half zeroed (gfx9
 * behaviour of 16-bit VALU results without op_sel, ISA guide §6.3). */
static inline uint32_t emuPut16(const EmuInst *in, uint32_t old, uint32_t v) {
  v &= 0xffff;
  return (in->opsel & 8) ? (old & 0xffff) | v << 16 : v;
}
/* 16-bit source: VOP3 op_sel[i] picks the high half of source i. */
static inline uint32_t emuGet16(const EmuInst *in, int i, uint32_t v) {
  return ((in->opsel >> i) & 1) ? v >> 16 : v & 0xffff;
}

#endif /* FLYC_EMU_VALU_H */
