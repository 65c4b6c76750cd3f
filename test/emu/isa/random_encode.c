/*===- random_encode.c - Random encodings of the emulator's opcode tables ---===*
 *
 * Shared by the ISA tests that sweep every table entry (decode_check.c
 * against LLVM's disassembler, step_check.c for the step API and the
 * instruction facts): random operand fields with the distributions the
 * decoder's corner cases need (aligned register tuples, scalar specials,
 * inline constants and literals, SDWA/DPP words).
 *===----------------------------------------------------------------------===*/
#include "random_encode.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)(rng >> 16);
}
static unsigned pick(unsigned n) { return rnd() % n; }

void randomEncodeSeed(uint64_t state) { rng = state; }
uint32_t randomNext(void) { return rnd(); }

/* Field value distributions. */
typedef enum FieldKind {
  F_FIXED,   /* value given */
  F_BIT,     /* 0 (3/4) or 1 */
  F_RAND,    /* uniformly random */
  F_ZRAND,   /* 0 (1/2) or random */
  F_VREG,    /* register index, often aligned */
  F_SSRC,    /* 8-bit scalar source code */
  F_SRC9,    /* 9-bit VALU source code */
  F_SRC9NL,  /* 9-bit VOP3 source code: no literal (gfx9 VOP3 has none, and
                LLVM 22's disassembler crashes on some such encodings) */
  F_SREG,    /* 7-bit scalar destination */
} FieldKind;

typedef struct Field {
  unsigned lo, hi;
  FieldKind kind;
  uint32_t value;
} Field;

static uint32_t scalarCode(void) {
  static const uint8_t specials[] = {102, 103, 104, 105, 106, 107, 108, 115, 124, 126, 127,
                                     235, 236, 237, 238, 239, 251, 252, 253, 254};
  switch (pick(10)) {
  case 0: case 1: case 2: case 3: return pick(102) & ~(pick(3) ? 0u : 1u);
  case 4: case 5: return 128 + pick(81);
  case 6: return 240 + pick(9);
  case 7: return specials[pick(sizeof(specials))];
  case 8: return 255;
  default: return pick(256);
  }
}

static uint32_t fieldValue(const Field *f) {
  unsigned width = f->hi - f->lo + 1;
  uint32_t mask = width >= 32 ? 0xffffffffu : (1u << width) - 1;
  static const uint32_t align[4] = {0, 1, 3, 7};
  switch (f->kind) {
  case F_FIXED: return f->value;
  case F_BIT: return pick(4) == 0;
  case F_RAND: return rnd() & mask;
  case F_ZRAND: return pick(2) ? 0 : rnd() & mask;
  case F_VREG: return (rnd() & mask) & ~align[pick(4)];
  case F_SREG: return pick(4) ? (pick(102) & ~align[pick(3)]) : scalarCode() & 127;
  case F_SSRC: return scalarCode() & mask;
  case F_SRC9: return pick(2) ? 256 + ((rnd() & 255) & ~align[pick(4)]) : scalarCode();
  case F_SRC9NL: {
    uint32_t v = pick(2) ? 256 + ((rnd() & 255) & ~align[pick(4)]) : scalarCode();
    return v == 255 ? 128 : v;
  }
  }
  return 0;
}

static uint64_t buildFields(const Field *f, size_t n) {
  uint64_t q = 0;
  for (size_t i = 0; i < n; i++)
    q |= (uint64_t)(fieldValue(&f[i]) & ((f[i].hi - f[i].lo + 1) >= 32 ? 0xffffffffu : ((1u << (f[i].hi - f[i].lo + 1)) - 1))) << f[i].lo;
  return q;
}

static uint32_t literal(void) {
  static const uint32_t interesting[] = {0x3f800000, 0xbf000000, 0x40800000, 0x3e22f983,
                                         0x3c00,     0x3800,     0xffff,     0x10000,
                                         0x3ff00000, 0x40000000};
  switch (pick(4)) {
  case 0: return (uint32_t)((int32_t)pick(100) - 20);
  case 1: return interesting[pick(sizeof(interesting) / sizeof(interesting[0]))];
  default: return rnd() ^ (rnd() << 16);
  }
}

static void store32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

/* SDWA / DPP second dwords with mostly valid selects and controls. */
static uint32_t sdwaWord(void) {
  uint32_t d = rnd() & 255;
  d |= (uint32_t)pick(7) << 8 | (uint32_t)pick(3) << 11 | (uint32_t)(pick(4) == 0) << 13 |
       (uint32_t)(pick(4) ? 0 : pick(4)) << 14;
  d |= (uint32_t)pick(7) << 16 | (uint32_t)(pick(4) == 0) << 19 | (uint32_t)(pick(4) == 0) << 20 |
       (uint32_t)(pick(4) == 0) << 21 | (uint32_t)(pick(3) == 0) << 23;
  d |= (uint32_t)pick(7) << 24 | (uint32_t)(pick(4) == 0) << 27 | (uint32_t)(pick(4) == 0) << 28 |
       (uint32_t)(pick(4) == 0) << 29 | (uint32_t)(pick(3) == 0) << 31;
  return d;
}

static uint32_t dppWord(void) {
  static const uint16_t ctrls[] = {0x101, 0x10f, 0x111, 0x118, 0x121, 0x12f, 0x130, 0x134,
                                   0x138, 0x13c, 0x140, 0x141, 0x142, 0x143, 0x150, 0x15f};
  uint32_t ctrl = pick(2) ? pick(256) : ctrls[pick(sizeof(ctrls) / sizeof(ctrls[0]))];
  uint32_t d = (rnd() & 255) | ctrl << 8 | (uint32_t)(pick(2)) << 19;
  d |= (uint32_t)(pick(3) ? 0 : pick(16)) << 20;
  d |= (uint32_t)(pick(2) ? 15 : pick(16)) << 24 | (uint32_t)(pick(2) ? 15 : pick(16)) << 28;
  return d;
}

/* A random encoding of opcode `op` of format `fmt` into b (up to 16 bytes);
 * returns the number of bytes written (literals and extension dwords
 * included whenever a field asks for them). */
size_t randomEncode(EmuFormat fmt, unsigned op, uint8_t *b) {
  uint64_t q = 0;
  size_t len = 8;
  bool lit = false;
  uint32_t ext = 0;
  bool hasExt = false;
#define ENC(...)                                                                  \
  do {                                                                            \
    const Field f_[] = {__VA_ARGS__};                                             \
    q = buildFields(f_, sizeof(f_) / sizeof(f_[0]));                              \
  } while (0)
  switch (fmt) {
  case EMU_FMT_SOP2:
    ENC({30, 31, F_FIXED, 2}, {23, 29, F_FIXED, op}, {16, 22, F_SREG, 0}, {8, 15, F_SSRC, 0},
        {0, 7, F_SSRC, 0});
    len = 4;
    lit = (q & 255) == 255 || ((q >> 8) & 255) == 255;
    break;
  case EMU_FMT_SOPK:
    ENC({28, 31, F_FIXED, 11}, {23, 27, F_FIXED, op}, {16, 22, F_SREG, 0}, {0, 15, F_RAND, 0});
    len = 4;
    lit = op == 20;
    break;
  case EMU_FMT_SOP1:
    ENC({23, 31, F_FIXED, 0x17D}, {16, 22, F_SREG, 0}, {8, 15, F_FIXED, op}, {0, 7, F_SSRC, 0});
    len = 4;
    lit = (q & 255) == 255;
    break;
  case EMU_FMT_SOPC:
    ENC({23, 31, F_FIXED, 0x17E}, {16, 22, F_FIXED, op}, {8, 15, F_SSRC, 0}, {0, 7, F_SSRC, 0});
    len = 4;
    lit = (q & 255) == 255 || ((q >> 8) & 255) == 255;
    break;
  case EMU_FMT_SOPP:
    ENC({23, 31, F_FIXED, 0x17F}, {16, 22, F_FIXED, op}, {0, 15, F_ZRAND, 0});
    len = 4;
    break;
  case EMU_FMT_SMEM:
    ENC({26, 31, F_FIXED, 0x30}, {18, 25, F_FIXED, op}, {17, 17, F_BIT, 0}, {16, 16, F_BIT, 0},
        {15, 15, F_BIT, 0}, {14, 14, F_BIT, 0}, {6, 12, F_SREG, 0}, {0, 5, F_VREG, 0},
        {57, 63, F_SREG, 0}, {32, 52, F_ZRAND, 0});
    if (pick(2))
      q |= 1ull << 17;
    break;
  case EMU_FMT_VOP1:
    ENC({25, 31, F_FIXED, 0x3F}, {17, 24, F_VREG, 0}, {9, 16, F_FIXED, op}, {0, 8, F_SRC9, 0});
    len = 4;
    break;
  case EMU_FMT_VOP2:
    ENC({31, 31, F_FIXED, 0}, {25, 30, F_FIXED, op}, {17, 24, F_VREG, 0}, {9, 16, F_VREG, 0},
        {0, 8, F_SRC9, 0});
    len = 4;
    lit = op == 23 || op == 24 || op == 36 || op == 37;
    break;
  case EMU_FMT_VOPC:
    ENC({25, 31, F_FIXED, 0x3E}, {17, 24, F_FIXED, op}, {9, 16, F_VREG, 0}, {0, 8, F_SRC9, 0});
    len = 4;
    break;
  case EMU_FMT_VOP3:
    ENC({26, 31, F_FIXED, 0x34}, {16, 25, F_FIXED, op}, {15, 15, F_BIT, 0}, {8, 14, F_ZRAND, 0},
        {0, 7, F_VREG, 0}, {61, 63, F_ZRAND, 0}, {59, 60, F_ZRAND, 0}, {50, 58, F_SRC9NL, 0},
        {41, 49, F_SRC9NL, 0}, {32, 40, F_SRC9NL, 0});
    if (pick(2))
      q &= ~(0x7full << 8); /* often no abs/op_sel/sdst bits */
    if (op < 256) /* promoted VOPC: the vdst field is an SGPR code (255 crashes LLVM) */
      q = (q & ~0xffull) | (fieldValue(&(Field){0, 6, F_SREG, 0}) & 127);
    if (pick(8) == 0) /* operand-less forms (v_nop, v_clrexcp) need all fields zero */
      q &= 0x3ff0000ull | 0xfc000000ull;
    break;
  case EMU_FMT_VOP3P:
  case EMU_FMT_MAI:
    ENC({23, 31, F_FIXED, 0x1A7}, {16, 22, F_FIXED, op}, {15, 15, F_BIT, 0}, {8, 14, F_ZRAND, 0},
        {0, 7, F_VREG, 0}, {61, 63, F_ZRAND, 0}, {59, 60, F_ZRAND, 0}, {50, 58, F_SRC9NL, 0},
        {41, 49, F_SRC9NL, 0}, {32, 40, F_SRC9NL, 0});
    if (pick(2))
      q |= 3ull << 59 | 1ull << 14; /* op_sel_hi = all ones, the default */
    if (op == 45 || op == 46) { /* f8f6f4: formats 5..7 do not exist (and crash LLVM 22) */
      q = (q & ~(7ull << 8)) | (uint64_t)pick(5) << 8;
      q = (q & ~(7ull << 61)) | (uint64_t)pick(5) << 61;
      q = (q & ~(15ull << 11)) | (uint64_t)(pick(3) ? 0 : 1) << 11; /* ABID 0, or 1 (scaled) */
    }
    break;
  case EMU_FMT_DS:
    ENC({26, 31, F_FIXED, 0x36}, {25, 25, F_BIT, 0}, {17, 24, F_FIXED, op}, {16, 16, F_BIT, 0},
        {8, 15, F_ZRAND, 0}, {0, 7, F_ZRAND, 0}, {56, 63, F_VREG, 0}, {48, 55, F_ZRAND, 0},
        {40, 47, F_ZRAND, 0}, {32, 39, F_VREG, 0});
    for (unsigned f = 32; f < 64; f += 8) /* unused operand fields must be 0 for LLVM */
      if (pick(2))
        q &= ~(0xffull << f);
    break;
  case EMU_FMT_MUBUF:
    ENC({26, 31, F_FIXED, 0x38}, {18, 24, F_FIXED, op}, {17, 17, F_BIT, 0}, {16, 16, F_BIT, 0},
        {15, 15, F_BIT, 0}, {14, 14, F_BIT, 0}, {13, 13, F_BIT, 0}, {12, 12, F_BIT, 0},
        {0, 11, F_ZRAND, 0}, {56, 63, F_SSRC, 0}, {55, 55, F_BIT, 0}, {48, 52, F_RAND, 0},
        {40, 47, F_VREG, 0}, {32, 39, F_VREG, 0});
    break;
  case EMU_FMT_MTBUF:
    ENC({26, 31, F_FIXED, 0x3A}, {15, 18, F_FIXED, op}, {19, 25, F_ZRAND, 0}, {14, 14, F_BIT, 0},
        {13, 13, F_BIT, 0}, {12, 12, F_BIT, 0}, {0, 11, F_ZRAND, 0}, {56, 63, F_SSRC, 0},
        {53, 55, F_ZRAND, 0}, {48, 52, F_RAND, 0}, {40, 47, F_VREG, 0}, {32, 39, F_VREG, 0});
    break;
  case EMU_FMT_FLAT:
  case EMU_FMT_SCRATCH:
  case EMU_FMT_GLOBAL: {
    unsigned seg = fmt == EMU_FMT_FLAT ? 0 : fmt == EMU_FMT_SCRATCH ? 1 : 2;
    ENC({26, 31, F_FIXED, 0x37}, {25, 25, F_BIT, 0}, {18, 24, F_FIXED, op}, {17, 17, F_BIT, 0},
        {16, 16, F_BIT, 0}, {14, 15, F_FIXED, seg}, {13, 13, F_BIT, 0}, {0, 12, F_ZRAND, 0},
        {56, 63, F_VREG, 0}, {55, 55, F_BIT, 0}, {48, 54, F_SREG, 0}, {40, 47, F_VREG, 0},
        {32, 39, F_VREG, 0});
    unsigned r = pick(3);
    if (seg == 0 || r == 0)
      q = (q & ~(0x7full << 48)) | (seg == 0 ? 0ull : 0x7full << 48);
    break;
  }
  default: return 0;
  }
#undef ENC
  store32(b, (uint32_t)q);
  store32(b + 4, (uint32_t)(q >> 32));
  if (len == 4) {
    unsigned s0 = (uint32_t)q & 511;
    bool vop = fmt == EMU_FMT_VOP1 || fmt == EMU_FMT_VOP2 || fmt == EMU_FMT_VOPC;
    if (vop && pick(4) == 0) { /* SDWA or DPP */
      q = (q & ~511ull) | (pick(2) ? EMU_OP_SDWA : EMU_OP_DPP);
      store32(b, (uint32_t)q);
      ext = (q & 511) == EMU_OP_SDWA ? sdwaWord() : dppWord();
      hasExt = true;
    } else if (vop && s0 == 249) {
      ext = sdwaWord(), hasExt = true;
    } else if (vop && s0 == 250) {
      ext = dppWord(), hasExt = true;
    } else if (vop && s0 == 255) {
      lit = true;
    }
    if (hasExt) {
      store32(b + 4, ext);
      return 8;
    }
    if (lit) {
      store32(b + 4, literal());
      return 8;
    }
    return 4;
  }
  if ((fmt == EMU_FMT_MUBUF || fmt == EMU_FMT_MTBUF) && (q >> 56) == 255) {
    store32(b + 8, literal());
    return 12;
  }
  if ((fmt == EMU_FMT_VOP3P || fmt == EMU_FMT_MAI) && op == 44) {
    /* v_mfma_ld_scale_b32 + the scaled MFMA that consumes it: mostly VGPR
     * scales and A/B operands (LLVM requires them), sometimes not */
    uint8_t m[16];
    randomEncode(EMU_FMT_VOP3P, 45 + pick(2), m);
    uint64_t mq = 0;
    for (int k = 7; k >= 0; k--)
      mq = mq << 8 | m[k];
    if (pick(4)) {
      q = (q & ~0x3ffffull << 32) | (uint64_t)(256 + pick(256)) << 32 |
          (uint64_t)(256 + pick(256)) << 41;
      mq |= 1ull << 40 | 1ull << 49;
    }
    store32(b, (uint32_t)q);
    store32(b + 4, (uint32_t)(q >> 32));
    store32(b + 8, (uint32_t)mq);
    store32(b + 12, (uint32_t)(mq >> 32));
    return 16;
  }
  return 8;
}
