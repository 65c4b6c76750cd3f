/*===- emu_format.c - A decoded instruction in LLVM's assembly syntax -----===*
 *
 * emuFormat prints an EmuInst the way LLVM 22's AMDGPU disassembler prints
 * the same bytes: mnemonic with LLVM's encoding suffix, operands in LLVM's
 * order with the widths the emulator gives them, inline constants and
 * literals by operand type, and every modifier the decoder extracted (neg,
 * abs, clamp, omod, op_sel, DPP/SDWA controls, memory offsets and cache
 * bits). It prints only what the decoder put into the EmuInst, so comparing
 * its text with LLVM's (test/emu/isa/decode_check.c) checks every field the
 * handlers read. Fault messages and traces can use it too.
 *===----------------------------------------------------------------------===*/
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "emu_isa.h"

/*--- Output buffer ------------------------------------------------------------*/

typedef struct Out {
  char *p;
  size_t cap, n;
  EmuOperandList *rec;  /* emuOperandsList: the register operands printed */
  uint8_t role;         /* EMU_OPND_SRC or EMU_OPND_DST for the next ones */
} Out;

/* Records a register range (kind, first, count) when listing operands. */
static void note(Out *o, unsigned kind, unsigned first, unsigned count) {
  EmuOperandList *l = o->rec;
  if (!l || !count)
    return;
  if (l->n == EMU_MAX_OPERANDS) {
    l->overflow = true;
    return;
  }
  EmuOperand *op = &l->ops[l->n++];
  op->range.kind = (uint8_t)kind;
  op->range.first = (uint16_t)first;
  op->range.count = (uint8_t)count;
  op->role = o->role;
}

/* Prints destinations: the operands printed inside are EMU_OPND_DST. */
#define AS_DST(o, call)                                                         \
  ((void)((o)->role = EMU_OPND_DST), (call), (void)((o)->role = EMU_OPND_SRC))

__attribute__((format(printf, 2, 3))) static void put(Out *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  size_t room = o->n < o->cap ? o->cap - o->n : 0;
  int k = vsnprintf(room ? o->p + o->n : NULL, room, fmt, ap);
  va_end(ap);
  if (k > 0)
    o->n += (size_t)k;
}

/*--- Operand types -----------------------------------------------------------*/

/* How an operand prints: its width in dwords and, for constants, its type. */
typedef enum OpType {
  T_B32, T_F32, T_B16, T_F16, T_BF16, T_B64, T_F64, T_V2B16, T_V2F16, T_V2BF16,
  T_V2F32, T_V2B32,
} OpType;

/*--- Registers ---------------------------------------------------------------*/

/* A VGPR/AGPR (r = 0..511, 256+ = AGPR) tuple of w dwords. */
static void vregs(Out *o, unsigned r, unsigned w) {
  char c = r >= 256 ? 'a' : 'v';
  unsigned b = r & 255;
  note(o, r >= 256 ? EMU_REG_AGPR : EMU_REG_VGPR, b, w ? w : 1);
  if (w <= 1)
    put(o, "%c%u", c, b);
  else
    put(o, "%c[%u:%u]", c, b, b + w - 1);
}

/* A scalar register tuple named by its 7/8-bit operand code. */
static void sregs(Out *o, unsigned code, unsigned w) {
  /* SGPRs, VCC, M0 and EXEC by operand code; flat_scratch, xnack_mask,
     ttmp and null are not registers the emulator models */
  if (code < 102 || code == EMU_OP_VCC_LO || code == EMU_OP_VCC_HI || code == EMU_OP_M0 ||
      code == EMU_OP_EXEC_LO || code == EMU_OP_EXEC_HI)
    note(o, EMU_REG_SGPR, code, w ? w : 1);
  if (code < 102) {
    if (w <= 1)
      put(o, "s%u", code);
    else
      put(o, "s[%u:%u]", code, code + w - 1);
    return;
  }
  if (code >= 108 && code <= 123) {
    if (w <= 1)
      put(o, "ttmp%u", code - 108);
    else
      put(o, "ttmp[%u:%u]", code - 108, code - 108 + w - 1);
    return;
  }
  static const char *const n32[] = {"flat_scratch_lo", "flat_scratch_hi", "xnack_mask_lo",
                                    "xnack_mask_hi", "vcc_lo", "vcc_hi"};
  static const char *const n64[] = {"flat_scratch", "", "xnack_mask", "", "vcc", ""};
  if (code <= 107) {
    put(o, "%s", w <= 1 ? n32[code - 102] : n64[code - 102]);
    return;
  }
  switch (code) {
  case 125: put(o, "null"); return;
  case EMU_OP_M0: put(o, "m0"); return;
  case EMU_OP_EXEC_LO: put(o, w <= 1 ? "exec_lo" : "exec"); return;
  case EMU_OP_EXEC_HI: put(o, "exec_hi"); return;
  default: put(o, "/*sreg %u*/", code); return;
  }
}

/*--- Constants (AMDGPUInstPrinter printImmediate*) --------------------------*/

static bool inlineInt(int64_t v) { return v >= -16 && v <= 64; }

static void imm32(Out *o, uint32_t v) {
  static const struct { uint32_t bits; const char *s; } f[] = {
      {0x3f800000, "1.0"}, {0xbf800000, "-1.0"}, {0x3f000000, "0.5"}, {0xbf000000, "-0.5"},
      {0x40000000, "2.0"}, {0xc0000000, "-2.0"}, {0x40800000, "4.0"}, {0xc0800000, "-4.0"},
      {0x3e22f983, "0.15915494"}};
  if (inlineInt((int32_t)v)) {
    put(o, "%d", (int32_t)v);
    return;
  }
  for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++)
    if (f[i].bits == v) {
      put(o, "%s", f[i].s);
      return;
    }
  put(o, "0x%x", v);
}

static void imm64(Out *o, uint64_t v) {
  static const struct { uint64_t bits; const char *s; } f[] = {
      {0x3ff0000000000000ull, "1.0"}, {0xbff0000000000000ull, "-1.0"},
      {0x3fe0000000000000ull, "0.5"}, {0xbfe0000000000000ull, "-0.5"},
      {0x4000000000000000ull, "2.0"}, {0xc000000000000000ull, "-2.0"},
      {0x4010000000000000ull, "4.0"}, {0xc010000000000000ull, "-4.0"},
      {0x3fc45f306dc9c882ull, "0.15915494309189532"}};
  if (inlineInt((int64_t)v)) {
    put(o, "%lld", (long long)(int64_t)v);
    return;
  }
  for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++)
    if (f[i].bits == v) {
      put(o, "%s", f[i].s);
      return;
    }
  put(o, "0x%llx", (unsigned long long)v);
}

/* A 16-bit float literal as LLVM prints it: an inline integer, one of the
 * format's inline float constants (`table`, 9 entries), else hex. */
typedef struct Imm16Name {
  uint32_t bits;
  const char *s;
} Imm16Name;

static void imm16(Out *o, uint32_t v, const Imm16Name table[9]) {
  if (inlineInt((int16_t)v)) {
    put(o, "%d", (int16_t)v);
    return;
  }
  for (size_t i = 0; i < 9; i++)
    if (table[i].bits == v) {
      put(o, "%s", table[i].s);
      return;
    }
  put(o, "0x%x", v & 0xffff);
}

static void imm16f(Out *o, uint32_t v) {
  static const Imm16Name f16[9] = {
      {0x3c00, "1.0"}, {0xbc00, "-1.0"}, {0x3800, "0.5"}, {0xb800, "-0.5"}, {0x4000, "2.0"},
      {0xc000, "-2.0"}, {0x4400, "4.0"}, {0xc400, "-4.0"}, {0x3118, "0.15915494"}};
  imm16(o, v, f16);
}

static void imm16bf(Out *o, uint32_t v) {
  static const Imm16Name bf16[9] = {
      {0x3f80, "1.0"}, {0xbf80, "-1.0"}, {0x3f00, "0.5"}, {0xbf00, "-0.5"}, {0x4000, "2.0"},
      {0xc000, "-2.0"}, {0x4080, "4.0"}, {0xc080, "-4.0"}, {0x3e22, "0.15915494"}};
  imm16(o, v, bf16);
}

/* The bit pattern LLVM's decoder gives a float inline constant (codes
 * 240..248) of an operand of type t. */
static uint64_t floatConst(unsigned code, OpType t) {
  static const uint32_t f32[9] = {0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                  0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983};
  static const uint16_t f16[9] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000,
                                  0xc000, 0x4400, 0xc400, 0x3118};
  static const uint16_t bf16[9] = {0x3f00, 0xbf00, 0x3f80, 0xbf80, 0x4000,
                                   0xc000, 0x4080, 0xc080, 0x3e22};
  static const uint64_t f64[9] = {
      0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff0000000000000ull,
      0xbff0000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull,
      0x4010000000000000ull, 0xc010000000000000ull, 0x3fc45f306dc9c882ull};
  unsigned i = code - 240;
  switch (t) {
  case T_B16: case T_F16: case T_V2B16: case T_V2F16: return f16[i];
  case T_BF16: case T_V2BF16: return bf16[i];
  case T_B64: case T_F64: return f64[i];
  default: return f32[i];
  }
}

static void immTyped(Out *o, uint64_t v, OpType t) {
  switch (t) {
  case T_B64: case T_F64: imm64(o, v); break;
  case T_F16: case T_V2F16: case T_V2B16: imm16f(o, (uint32_t)v & 0xffff); break;
  case T_BF16: case T_V2BF16: imm16bf(o, (uint32_t)v & 0xffff); break;
  case T_B16: /* 16-bit integers: integers in decimal, float constants as f16 bits */
    if (inlineInt((int16_t)v))
      put(o, "%d", (int16_t)v);
    else
      put(o, "0x%x", (uint32_t)v & 0xffff);
    break;
  default: imm32(o, (uint32_t)v); break;
  }
}

/* Whether an inline constant of an operand of type t produces the 32-bit
 * value v (the integers -16..64 and the type's float constants). */
static bool inlinable(uint32_t v, OpType t) {
  OpType ft = t;
  if (t == T_BF16) { /* the low half against 16-bit ints and bf16 constants */
    if (inlineInt((int16_t)(v & 0xffff)))
      return true;
    for (unsigned c = 240; c <= 248; c++)
      if ((uint32_t)floatConst(c, T_BF16) == (v & 0xffff))
        return true;
    return false;
  }
  if (t == T_B64 || t == T_V2B32 || t == T_V2F32)
    return v <= 64; /* zero-extended: only the small integers */
  if (t == T_F16) {
    v &= 0xffff; /* 16-bit float operands: the low half against 16-bit constants */
    if (inlineInt((int16_t)v))
      return true;
  } else if (t == T_V2F16) {
    if (inlineInt((int32_t)v))
      return true; /* packed: the whole dword against ints and f16 constants */
    ft = T_F16;
  } else {
    if (inlineInt((int32_t)v))
      return true;
    if (t == T_B16 || t == T_V2B16 || t == T_BF16)
      ft = T_F32; /* a 32-bit value against the f32 constants */
  }
  for (unsigned c = 240; c <= 248; c++)
    if ((uint32_t)floatConst(c, ft) == v)
      return true;
  return false;
}

/* A literal the way LLVM 22 prints it: lit(...) when an inline constant
 * could encode the same operand value, else hex (16-bit operands show
 * their low half); an f64 operand's literal is its high half and prints as
 * the float it makes when that is an inline value. */
static void literalOp(Out *o, uint32_t v, OpType t) {
  if (t == T_F64) {
    uint64_t d = (uint64_t)v << 32;
    if (v == 0) {
      put(o, "0");
      return;
    }
    for (unsigned c = 240; c <= 248; c++)
      if (floatConst(c, T_F64) == d) {
        imm64(o, d);
        return;
      }
    put(o, "0x%x", v);
    return;
  }
  bool h16 = t == T_B16 || t == T_F16;
  if (inlinable(v, t))
    put(o, "lit(0x%x)", v);
  else
    put(o, "0x%x", h16 ? v & 0xffff : v);
}

/* A 9-bit source operand (8-bit scalar codes are the same below 256). */
static void srcOp(Out *o, const EmuInst *in, unsigned code, unsigned w, OpType t) {
  if (code >= 256) {
    vregs(o, code - 256, w);
    return;
  }
  if (code >= 128 && code <= 208) {
    int v = code <= 192 ? (int)code - 128 : 192 - (int)code;
    put(o, "%d", v);
    return;
  }
  if (code >= 240 && code <= 248) {
    immTyped(o, floatConst(code, t), t);
    return;
  }
  if (code == EMU_OP_LITERAL) {
    literalOp(o, in->lit, t);
    return;
  }
  switch (code) {
  case 230: put(o, "src_flat_scratch_base_lo"); return;
  case 231: put(o, "src_flat_scratch_base_hi"); return;
  case 235: put(o, "src_shared_base"); return;
  case 236: put(o, "src_shared_limit"); return;
  case 237: put(o, "src_private_base"); return;
  case 238: put(o, "src_private_limit"); return;
  case 239: put(o, "src_pops_exiting_wave_id"); return;
  case EMU_OP_VCCZ: note(o, EMU_REG_SGPR, EMU_OP_VCC_LO, 2), put(o, "src_vccz"); return;
  case EMU_OP_EXECZ: note(o, EMU_REG_SGPR, EMU_OP_EXEC_LO, 2), put(o, "src_execz"); return;
  case EMU_OP_SCC: note(o, EMU_REG_SGPR, EMU_OP_SCC, 1), put(o, "src_scc"); return;
  case 254: put(o, "src_lds_direct"); return;
  default: sregs(o, code, w); return;
  }
}

/*--- VALU operand signatures -------------------------------------------------*/

/* Operand widths and types of a VALU instruction, derived from its mnemonic
 * (v_<op>_<dst type>[_<source type>]) with the exceptions the handlers
 * implement. */
typedef struct VSig {
  int nsrc;
  unsigned dw, sw[3];
  OpType dt, st[3];
  bool fp[3];     /* source takes neg/abs (float input modifiers) */
  bool sdstDst;   /* the destination is scalar (compares, readlane/readfirstlane) */
} VSig;

static bool typeTok(const char *s, size_t n, OpType *t, unsigned *w, bool *fp) {
  static const struct { const char *s; OpType t; unsigned w; bool fp; } k[] = {
      {"f16", T_F16, 1, true},  {"bf16", T_BF16, 1, true}, {"f32", T_F32, 1, true},
      {"f64", T_F64, 2, true},  {"i16", T_B16, 1, false},  {"u16", T_B16, 1, false},
      {"b16", T_B16, 1, false}, {"i32", T_B32, 1, false},  {"u32", T_B32, 1, false},
      {"b32", T_B32, 1, false}, {"i64", T_B64, 2, false},  {"u64", T_B64, 2, false},
      {"b64", T_B64, 2, false}, {"i24", T_B32, 1, false},  {"u24", T_B32, 1, false},
      {"i8", T_B32, 1, false},  {"u8", T_B32, 1, false},   {"i4", T_B32, 1, false},
      {"u4", T_B32, 1, false},  {"fp8", T_B32, 1, false},  {"bf8", T_B32, 1, false},
      {"fp4", T_B32, 1, false}, {"fp6", T_B32, 1, false},  {"bf6", T_B32, 1, false},
      {"xf32", T_F32, 1, true}};
  for (size_t i = 0; i < sizeof(k) / sizeof(k[0]); i++)
    if (strlen(k[i].s) == n && !strncmp(k[i].s, s, n)) {
      *t = k[i].t;
      *w = k[i].w;
      *fp = k[i].fp;
      return true;
    }
  return false;
}

/* The trailing type tokens of `name`: up to two, last one first in t[1]. */
static int nameTypes(const char *name, OpType t[2], unsigned w[2], bool fp[2]) {
  size_t len = strlen(name);
  int found = 0;
  OpType tt[2];
  unsigned ww[2];
  bool ff[2];
  while (found < 2 && len > 0) {
    size_t start = len;
    while (start > 0 && name[start - 1] != '_')
      start--;
    if (start == 0 || !typeTok(name + start, len - start, &tt[found], &ww[found], &ff[found]))
      break;
    found++;
    len = start - 1;
  }
  if (found == 0) {
    t[0] = t[1] = T_B32;
    w[0] = w[1] = 1;
    fp[0] = fp[1] = false;
    return 0;
  }
  /* tt[0] is the last token (source type); tt[found-1] the first (dst). */
  t[0] = tt[found - 1], w[0] = ww[found - 1], fp[0] = ff[found - 1];
  t[1] = tt[0], w[1] = ww[0], fp[1] = ff[0];
  return found;
}

static bool startsWith(const char *s, const char *p) { return !strncmp(s, p, strlen(p)); }
static bool endsWith(const char *s, const char *p) {
  size_t a = strlen(s), b = strlen(p);
  return a >= b && !strcmp(s + a - b, p);
}

static void setSrc(VSig *g, int i, unsigned w, OpType t, bool fp) {
  g->sw[i] = w;
  g->st[i] = t;
  g->fp[i] = fp;
}

/* Number of sources of a VOP3-only instruction (opcode >= 448 in the VOP3
 * space): three unless listed here. */
static int vop3NativeSources(const char *n) {
  static const char *const two[] = {
      "v_add_f64", "v_mul_f64", "v_min_f64", "v_max_f64", "v_ldexp_f64", "v_mul_lo_u32",
      "v_mul_hi_u32", "v_mul_hi_i32", "v_ldexp_f32", "v_readlane_b32", "v_writelane_b32",
      "v_bcnt_u32_b32", "v_mbcnt_lo_u32_b32", "v_mbcnt_hi_u32_b32", "v_lshlrev_b64",
      "v_lshrrev_b64", "v_ashrrev_i64", "v_trig_preop_f64", "v_bfm_b32",
      "v_cvt_pknorm_i16_f32", "v_cvt_pknorm_u16_f32", "v_cvt_pkrtz_f16_f32",
      "v_cvt_pk_u16_u32", "v_cvt_pk_i16_i32", "v_cvt_pknorm_i16_f16", "v_cvt_pknorm_u16_f16",
      "v_add_i32", "v_sub_i32", "v_add_i16", "v_sub_i16", "v_pack_b32_f16",
      "v_mul_legacy_f32", "v_cvt_pk_fp8_f32", "v_cvt_pk_bf8_f32", "v_cvt_sr_fp8_f32",
      "v_cvt_sr_bf8_f32", "v_cvt_sr_f16_f32", "v_cvt_sr_bf16_f32", "v_cvt_pkaccum_u8_f32",
      "v_cvt_pk_f16_f32", "v_cvt_pk_bf16_f32", "v_cvt_scalef32_pk_f32_fp8",
      "v_cvt_scalef32_pk_f32_bf8", "v_cvt_scalef32_f32_fp8", "v_cvt_scalef32_f32_bf8",
      "v_cvt_scalef32_pk_f32_fp4", "v_cvt_scalef32_pk_fp8_f16", "v_cvt_scalef32_pk_bf8_f16",
      "v_cvt_scalef32_pk_fp8_bf16", "v_cvt_scalef32_pk_bf8_bf16", "v_cvt_scalef32_pk_f16_fp8",
      "v_cvt_scalef32_pk_f16_bf8", "v_cvt_scalef32_f16_fp8", "v_cvt_scalef32_f16_bf8",
      "v_cvt_scalef32_pk_fp4_f16", "v_cvt_scalef32_pk_fp4_bf16", "v_cvt_scalef32_pk_f16_fp4",
      "v_cvt_scalef32_pk_bf16_fp4", "v_cvt_scalef32_pk32_f32_fp6",
      "v_cvt_scalef32_pk32_f32_bf6", "v_cvt_scalef32_pk32_fp6_f16",
      "v_cvt_scalef32_pk32_fp6_bf16", "v_cvt_scalef32_pk32_bf6_f16",
      "v_cvt_scalef32_pk32_bf6_bf16", "v_cvt_scalef32_pk32_f16_fp6",
      "v_cvt_scalef32_pk32_bf16_fp6", "v_cvt_scalef32_pk32_f16_bf6",
      "v_cvt_scalef32_pk32_bf16_bf6", "v_cvt_scalef32_pk_bf16_fp8",
      "v_cvt_scalef32_pk_bf16_bf8"};
  for (size_t i = 0; i < sizeof(two) / sizeof(two[0]); i++)
    if (!strcmp(n, two[i]))
      return 2;
  return 3;
}

/* Width and type exceptions, by mnemonic. */
static void sigExceptions(const char *n, VSig *g) {
  if (!strcmp(n, "v_lshlrev_b64") || !strcmp(n, "v_lshrrev_b64") || !strcmp(n, "v_ashrrev_i64"))
    setSrc(g, 0, 1, T_B32, false);
  else if (!strcmp(n, "v_ldexp_f64") || !strcmp(n, "v_trig_preop_f64"))
    setSrc(g, 1, 1, T_B32, false);
  else if (!strcmp(n, "v_ldexp_f32") || !strcmp(n, "v_ldexp_f16"))
    setSrc(g, 1, 1, T_B32, false); /* the exponent is an i32 operand for both */
  else if (!strcmp(n, "v_sad_u16"))
    for (int i = 0; i < 3; i++)
      setSrc(g, i, 1, T_B32, false);
  else if (!strcmp(n, "v_lshl_add_u64"))
    setSrc(g, 1, 1, T_B32, false);
  else if (!strcmp(n, "v_mad_u64_u32") || !strcmp(n, "v_mad_i64_i32"))
    setSrc(g, 2, 2, T_B64, false);
  else if (startsWith(n, "v_qsad_pk_u16_u8") || startsWith(n, "v_mqsad_pk_u16_u8")) {
    setSrc(g, 0, 2, T_B64, false);
    setSrc(g, 2, 2, T_B64, false);
    g->dw = 2;
  } else if (!strcmp(n, "v_mqsad_u32_u8")) {
    setSrc(g, 0, 2, T_B64, false);
    setSrc(g, 2, 4, T_B32, false);
    g->dw = 4;
  } else if (!strcmp(n, "v_cvt_pk_u8_f32")) {
    setSrc(g, 1, 1, T_B32, false);
    setSrc(g, 2, 1, T_B32, false);
  } else if (!strcmp(n, "v_div_fixup_legacy_f16") || !strcmp(n, "v_mad_legacy_f16") ||
             !strcmp(n, "v_fma_legacy_f16")) {
    /* all f16 */
  } else if (!strcmp(n, "v_mad_u32_u16") || !strcmp(n, "v_mad_i32_i16")) {
    setSrc(g, 2, 1, T_B32, false);
  } else if (startsWith(n, "v_cmp_class_") || startsWith(n, "v_cmpx_class_")) {
    setSrc(g, 1, 1, T_B32, false);
  } else if (!strcmp(n, "v_cvt_f32_ubyte0") || !strcmp(n, "v_cvt_f32_ubyte1") ||
             !strcmp(n, "v_cvt_f32_ubyte2") || !strcmp(n, "v_cvt_f32_ubyte3")) {
    setSrc(g, 0, 1, T_B32, false);
  } else if (!strcmp(n, "v_cvt_pkaccum_u8_f32")) {
    setSrc(g, 1, 1, T_B32, false);
  } else if (!strcmp(n, "v_sat_pk_u8_i16")) { /* two i16 packed in one dword */
    setSrc(g, 0, 1, T_B32, false);
  } else if (!strcmp(n, "v_cvt_off_f32_i4")) {
    setSrc(g, 0, 1, T_B32, false);
  } else if (startsWith(n, "v_cvt_pk_f32_fp8") || startsWith(n, "v_cvt_pk_f32_bf8")) {
    g->dw = 2;
  } else if (!strcmp(n, "v_cvt_sr_fp8_f32") || !strcmp(n, "v_cvt_sr_bf8_f32") ||
             !strcmp(n, "v_cvt_sr_f16_f32") || !strcmp(n, "v_cvt_sr_bf16_f32")) {
    setSrc(g, 1, 1, T_B32, false);
  } else if (!strcmp(n, "v_cvt_pk_fp8_f32") || !strcmp(n, "v_cvt_pk_bf8_f32")) {
    /* f32 sources */
  }
}

/* The gfx950 scaled conversions v_cvt_scalef32_[sr_][pk|pk32|2xpk16]_<to>_<from>:
 * narrowing ones take the value(s) (float modifiers), for _sr_ a u32 of
 * random bits, and the f32 scale last (modifiers); widening ones the packed
 * narrow values (no modifiers) and the scale. */
static void scalefSig(const char *n, VSig *g) {
  bool sr = strstr(n, "_sr_") != NULL, pk32 = strstr(n, "pk32") != NULL;
  bool x2 = strstr(n, "2xpk16") != NULL;
  OpType t[2];
  unsigned w[2];
  bool fp[2];
  nameTypes(n, t, w, fp);
  bool widen = fp[0]; /* the destination is f32/f16/bf16 */
  OpType wide = widen ? t[0] : t[1];
  unsigned wideW = wide == T_F32 ? 1 : 1;
  if (widen) {
    g->nsrc = 2;
    g->dt = t[0];
    g->dw = pk32 ? (wide == T_F32 ? 32 : 16) : (strstr(n, "_pk_f32_") ? 2 : 1);
    setSrc(g, 0, pk32 ? 6 : 1, T_B32, false);
    setSrc(g, 1, 1, T_F32, true);
    return;
  }
  g->dt = T_B32;
  g->dw = pk32 || x2 ? 6 : 1;
  OpType vt = wide == T_F32 ? T_F32 : wide == T_F16 ? T_F16 : T_BF16;
  unsigned vw = wideW;
  if (pk32)
    vw = wide == T_F32 ? 32 : 16;
  else if (x2)
    vw = 16;
  else if (sr && strstr(n, "_pk_fp4_f32"))
    vw = 2;
  if (sr) {
    g->nsrc = 3;
    setSrc(g, 0, vw, vt, true);
    setSrc(g, 1, 1, T_B32, false);
    setSrc(g, 2, 1, T_F32, true);
  } else if (x2 || wide == T_F32) {
    g->nsrc = 3;
    setSrc(g, 0, vw, vt, true);
    setSrc(g, 1, vw, vt, true);
    setSrc(g, 2, 1, T_F32, true);
  } else {
    g->nsrc = 2;
    setSrc(g, 0, vw, vt, true);
    setSrc(g, 1, 1, T_F32, true);
  }
}

static VSig valuSig(const EmuInst *in) {
  const char *n = in->name;
  VSig g;
  memset(&g, 0, sizeof(g));
  OpType t[2];
  unsigned w[2];
  bool fp[2];
  nameTypes(n, t, w, fp);
  g.dw = w[0];
  g.dt = t[0];
  for (int i = 0; i < 3; i++)
    setSrc(&g, i, w[1], t[1], fp[1]);
  unsigned op = in->op;
  if (in->fmt == EMU_FMT_VOP3P) {
    g.nsrc = startsWith(n, "v_pk_fma") || startsWith(n, "v_pk_mad") || startsWith(n, "v_dot") ||
                     startsWith(n, "v_fma_mix") || strstr(n, "imum3")
                 ? 3
                 : strstr(n, "accvgpr") ? 1 : 2;
  } else if (op < 256) {
    g.nsrc = 2;
  } else if (op < 320) {
    g.nsrc = 2;
  } else if (op < 448) {
    g.nsrc = 1;
  } else {
    g.nsrc = vop3NativeSources(n);
  }
  /* Packed operands: v_pk_* (all), v_dot2* (two packed sources, then an
   * accumulator of the result type). */
  bool pk = startsWith(n, "v_pk_"), dot2 = startsWith(n, "v_dot2");
  if (pk || dot2) {
    for (int i = 0; i < (pk ? 3 : 2); i++) {
      OpType st = g.st[i];
      unsigned sw = g.sw[i];
      if (st == T_F16)
        st = T_V2F16;
      else if (st == T_BF16)
        st = T_V2BF16;
      else if (st == T_B16)
        st = T_V2B16;
      else if (pk && st == T_F32)
        st = T_V2F32, sw = 2;
      else if (pk && st == T_B32)
        st = T_V2B32, sw = 2;
      setSrc(&g, i, sw, st, false);
    }
    if (pk && (g.st[0] == T_V2F32 || g.st[0] == T_V2B32))
      g.dw = 2;
    if (dot2)
      setSrc(&g, 2, 1, g.dt, g.dt == T_F32);
    /* The DPP and VOP3 forms of the float VOP2 ones take float input
     * modifiers (LLVM); the handlers fault on them (emu_exec_lane.c). */
    bool vop2 = in->fmt == EMU_FMT_VOP2 || (in->fmt == EMU_FMT_VOP3 && in->op < 320);
    if (vop2 && !(in->flags & EMU_F_SDWA) && (g.st[0] == T_V2F16 || g.st[0] == T_V2BF16))
      g.fp[0] = g.fp[1] = true;
  }
  bool cmp = startsWith(n, "v_cmp");
  if (cmp) {
    g.sdstDst = true;
    g.dw = 2;
  }
  if (!strcmp(n, "v_readlane_b32") || !strcmp(n, "v_readfirstlane_b32"))
    g.sdstDst = true;
  if (!strcmp(n, "v_cndmask_b32")) /* a select with float source modifiers */
    g.fp[0] = g.fp[1] = true;
  sigExceptions(n, &g);
  if (startsWith(n, "v_cvt_scalef32_"))
    scalefSig(n, &g);
  return g;
}

/* Source i with its float input modifiers (neg, abs). */
static void srcWithMods(Out *o, const EmuInst *in, const VSig *g, int i) {
  bool neg = (in->neg >> i) & 1, abs = (in->abs >> i) & 1;
  if (!g->fp[i])
    neg = abs = false;
  unsigned code = in->src[i];
  bool isImm = (code >= 128 && code <= 208) || (code >= 240 && code <= 248) ||
               code == EMU_OP_LITERAL;
  bool negMnemo = neg && !abs && isImm;
  if (neg)
    put(o, negMnemo ? "neg(" : "-");
  if (abs)
    put(o, "|");
  srcOp(o, in, code, g->sw[i], g->st[i]);
  if (abs)
    put(o, "|");
  if (negMnemo)
    put(o, ")");
}

static void omodClamp(Out *o, const EmuInst *in) {
  if (in->clamp)
    put(o, " clamp");
  static const char *const om[4] = {"", " mul:2", " mul:4", " div:2"};
  put(o, "%s", om[in->omod & 3]);
}

/*--- VOP1 / VOP2 / VOPC / VOP3 / VOP3P ------------------------------------------*/

static const char *const sdwaSelName[8] = {"BYTE_0", "BYTE_1", "BYTE_2", "BYTE_3",
                                           "WORD_0", "WORD_1", "DWORD", "?"};

static bool isCarryOp(const char *n) {
  return startsWith(n, "v_add_co_u32") || startsWith(n, "v_sub_co_u32") ||
         startsWith(n, "v_subrev_co_u32") || startsWith(n, "v_addc_co_u32") ||
         startsWith(n, "v_subb_co_u32") || startsWith(n, "v_subbrev_co_u32");
}
static bool hasCarryIn(const char *n) {
  return startsWith(n, "v_addc_co_u32") || startsWith(n, "v_subb_co_u32") ||
         startsWith(n, "v_subbrev_co_u32");
}

/* The implicit VCC operand of the 32-bit encodings (LLVM prints it). */
static void vccOp(Out *o) {
  note(o, EMU_REG_SGPR, EMU_OP_VCC_LO, 2);
  put(o, "vcc");
}

static void dppCtrl(Out *o, unsigned c) {
  if (c <= 0xff)
    put(o, " quad_perm:[%u,%u,%u,%u]", c & 3, (c >> 2) & 3, (c >> 4) & 3, (c >> 6) & 3);
  else if (c >= 0x101 && c <= 0x10f)
    put(o, " row_shl:%u", c & 15);
  else if (c >= 0x111 && c <= 0x11f)
    put(o, " row_shr:%u", c & 15);
  else if (c >= 0x121 && c <= 0x12f)
    put(o, " row_ror:%u", c & 15);
  else if (c == 0x130)
    put(o, " wave_shl:1");
  else if (c == 0x134)
    put(o, " wave_rol:1");
  else if (c == 0x138)
    put(o, " wave_shr:1");
  else if (c == 0x13c)
    put(o, " wave_ror:1");
  else if (c == 0x140)
    put(o, " row_mirror");
  else if (c == 0x141)
    put(o, " row_half_mirror");
  else if (c == 0x142)
    put(o, " row_bcast:15");
  else if (c == 0x143)
    put(o, " row_bcast:31");
  else if (c >= 0x150 && c <= 0x15f)
    put(o, " row_newbcast:%u", c & 15);
  else
    put(o, " /* Invalid dpp_ctrl value */");
}

/* The destination of a VALU instruction. */
static void valuDst(Out *o, const EmuInst *in, const VSig *g) {
  const char *n = in->name;
  if (in->fmt == EMU_FMT_VOPC) {
    if (in->flags & EMU_F_SDWA)
      sregs(o, in->sdst, 2);
    else
      vccOp(o);
    return;
  }
  if (g->sdstDst) {
    if (in->fmt == EMU_FMT_VOP3 && in->op < 256)
      sregs(o, in->sdst, 2);
    else if (in->dst >= 128) /* an 8-bit code: LLVM names the special sources */
      srcOp(o, in, in->dst, 1, T_B32);
    else
      sregs(o, in->dst, 1);
    return;
  }
  bool acc = !strcmp(n, "v_accvgpr_write_b32") || !strcmp(n, "v_accvgpr_mov_b32");
  vregs(o, (in->dst & 255) + (acc ? 256 : 0), g->dw);
}

static void packedMod(Out *o, const char *name, unsigned bits, int n, unsigned def) {
  unsigned all = (1u << n) - 1, want = def ? all : 0;
  if ((bits & all) == want)
    return;
  put(o, " %s:[", name);
  for (int i = 0; i < n; i++)
    put(o, "%s%u", i ? "," : "", (bits >> i) & 1);
  put(o, "]");
}

static void fmtVop3p(Out *o, const EmuInst *in, const VSig *g) {
  const char *n = in->name;
  bool packed = startsWith(n, "v_pk_") || startsWith(n, "v_dot2_");
  bool mix = startsWith(n, "v_fma_mix"), intDot = startsWith(n, "v_dot4") || startsWith(n, "v_dot8");
  if (!strcmp(n, "v_mfma_ld_scale_b32")) { /* without a scaled MFMA after it */
    put(o, "%s ", n);
    srcOp(o, in, in->src[0], 1, T_B32);
    put(o, ", ");
    srcOp(o, in, in->src[1], 1, T_B32);
    packedMod(o, "op_sel", in->opsel, 2, 0);
    packedMod(o, "op_sel_hi", in->opselHi, 2, 1);
    return;
  }
  EmuInst mixIn;
  if (mix) { /* NEG_HI is the abs modifier of the mix ops */
    mixIn = *in;
    mixIn.abs = in->negHi;
    in = &mixIn;
  }
  bool accRead = !strcmp(n, "v_accvgpr_read_b32"), accWrite = !strcmp(n, "v_accvgpr_write_b32");
  put(o, "%s ", n);
  if (accWrite)
    AS_DST(o, vregs(o, 256 + (in->dst & 255), 1));
  else
    AS_DST(o, vregs(o, in->dst, g->dw));
  int ns = g->nsrc;
  for (int i = 0; i < ns; i++) {
    put(o, ", ");
    if (accRead && i == 0 && in->src[0] >= 256)
      vregs(o, 256 + ((in->src[0] - 256) & 255), 1);
    else if (packed || intDot)
      srcOp(o, in, in->src[i], g->sw[i], g->st[i]);
    else
      srcWithMods(o, in, g, i);
  }
  if (accRead || accWrite)
    return;
  packedMod(o, "op_sel", in->opsel, ns, 0);
  if (!intDot)
    packedMod(o, "op_sel_hi", in->opselHi, ns, packed);
  if (packed || intDot) {
    packedMod(o, "neg_lo", in->neg, ns, 0);
    packedMod(o, "neg_hi", in->negHi, ns, 0);
  }
  if (in->clamp)
    put(o, " clamp");
}

/* VOP1 instructions without a VOP3 form: LLVM prints them without _e32. */
static bool vop1Single(const char *n) {
  static const char *const single[] = {"v_nop",       "v_readfirstlane_b32", "v_clrexcp",
                                       "v_swap_b32",  "v_accvgpr_mov_b32",   "v_fmamk_f32",
                                       "v_fmaak_f32", "v_madmk_f16",         "v_madak_f16"};
  for (size_t i = 0; i < sizeof(single) / sizeof(single[0]); i++)
    if (!strcmp(n, single[i]))
      return true;
  return false;
}

static void fmtVop(Out *o, const EmuInst *in) {
  VSig g = valuSig(in);
  const char *n = in->name, *name = n;
  if (in->fmt == EMU_FMT_VOP3P) {
    fmtVop3p(o, in, &g);
    return;
  }
  const char *suf = "";
  if (in->flags & EMU_F_SDWA)
    suf = "_sdwa";
  else if (in->flags & EMU_F_DPP)
    suf = "_dpp";
  else if (in->fmt == EMU_FMT_VOP3)
    suf = in->op < 448 && strcmp(n, "v_nop") && strcmp(n, "v_clrexcp") ? "_e64" : "";
  else if (!vop1Single(n))
    suf = "_e32"; /* LLVM's "single" VOP1 ops (no VOP3 form) have no suffix */
  if (!strcmp(n, "v_nop") || !strcmp(n, "v_clrexcp")) {
    put(o, "%s", n); /* no operands; v_nop may carry DPP controls */
    if (in->flags & EMU_F_DPP) {
      dppCtrl(o, in->dppCtrl);
      put(o, " row_mask:0x%x bank_mask:0x%x", in->rowMask, in->bankMask);
      if (in->flags & EMU_F_BOUNDCTRL)
        put(o, " bound_ctrl:1");
    }
    return;
  }
  put(o, "%s%s", n, suf);
  put(o, " ");
  AS_DST(o, valuDst(o, in, &g));
  bool carry = isCarryOp(n);
  if (carry) {
    put(o, ", ");
    if (in->fmt == EMU_FMT_VOP3)
      AS_DST(o, sregs(o, in->sdst, 2));
    else
      AS_DST(o, vccOp(o));
  }
  if (in->fmt == EMU_FMT_VOP3 && !strcmp(n, "v_div_scale_f32"))
    put(o, ", "), AS_DST(o, sregs(o, in->sdst, 2));
  if (in->fmt == EMU_FMT_VOP3 && (!strcmp(n, "v_div_scale_f64") || !strcmp(n, "v_mad_u64_u32") ||
                                   !strcmp(n, "v_mad_i64_i32")))
    put(o, ", "), AS_DST(o, sregs(o, in->sdst, 2));
  bool sdwaInt = (in->flags & EMU_F_SDWA) != 0;
  if (!strcmp(n, "v_accvgpr_mov_b32")) { /* VGPR codes name AGPRs here */
    put(o, ", ");
    if (in->src[0] >= 256)
      vregs(o, 256 + (in->src[0] & 255), 1);
    else
      srcOp(o, in, in->src[0], 1, T_B32);
    return;
  }
  for (int i = 0; i < g.nsrc; i++) {
    put(o, ", ");
    if (in->fmt == EMU_FMT_VOP2 && i == 1 && (!strcmp(n, "v_fmamk_f32") || !strcmp(n, "v_madmk_f16")))
      put(o, "0x%x, ", in->lit);
    if (sdwaInt && !g.fp[i] && i < 2) {
      bool sext = in->flags & (i == 0 ? EMU_F_SDWA_SEXT0 : EMU_F_SDWA_SEXT1);
      if (sext)
        put(o, "sext(");
      srcOp(o, in, in->src[i], g.sw[i], g.st[i]);
      if (sext)
        put(o, ")");
    } else {
      srcWithMods(o, in, &g, i);
    }
  }
  if (in->fmt == EMU_FMT_VOP2 && (!strcmp(n, "v_fmaak_f32") || !strcmp(n, "v_madak_f16")))
    put(o, ", 0x%x", in->lit);
  if (hasCarryIn(n) || !strcmp(n, "v_cndmask_b32")) {
    put(o, ", ");
    if (in->fmt == EMU_FMT_VOP3)
      srcOp(o, in, in->src[2], 2, T_B64);
    else
      vccOp(o);
  }
  if (in->flags & EMU_F_SDWA) {
    /* the fp8/bf8 widening conversions have no dst_sel (ISA guide, LLVM) */
    bool noDstSel = startsWith(n, "v_cvt_f32_fp8") || startsWith(n, "v_cvt_f32_bf8") ||
                    startsWith(n, "v_cvt_pk_f32_fp8") || startsWith(n, "v_cvt_pk_f32_bf8");
    if (noDstSel)
      omodClamp(o, in);
    else if (in->fmt != EMU_FMT_VOPC) {
      omodClamp(o, in);
      static const char *const unused[4] = {"UNUSED_PAD", "UNUSED_SEXT", "UNUSED_PRESERVE", "?"};
      put(o, " dst_sel:%s dst_unused:%s", sdwaSelName[in->dstSel & 7], unused[in->dstUnused & 3]);
    }
    put(o, " src0_sel:%s", sdwaSelName[in->sel0 & 7]);
    if (g.nsrc > 1)
      put(o, " src1_sel:%s", sdwaSelName[in->sel1 & 7]);
    return;
  }
  if (in->flags & EMU_F_DPP) {
    dppCtrl(o, in->dppCtrl);
    put(o, " row_mask:0x%x bank_mask:0x%x", in->rowMask, in->bankMask);
    if (in->flags & EMU_F_BOUNDCTRL)
      put(o, " bound_ctrl:1");
    return;
  }
  if (in->fmt == EMU_FMT_VOP3) {
    if (startsWith(name, "v_permlane")) { /* op_sel[0] = FI, op_sel[1] = BC */
      if (in->opsel & 2)
        put(o, " bound_ctrl:1");
      if (in->opsel & 1)
        put(o, " fi:1");
      return;
    }
    if (startsWith(name, "v_bitop3")) {
      unsigned t = (unsigned)in->neg | (unsigned)in->abs << 3 | (unsigned)in->omod << 6;
      if (t)
        put(o, t <= 10 ? " bitop3:%u" : " bitop3:0x%x", t); /* as LLVM 22 prints it */
    }
    if (in->opsel) { /* [src0, src1, (src2), dst]; the byte-select forms show all four */
      int k = g.nsrc;
      if (!strcmp(name, "v_cvt_sr_fp8_f32") || !strcmp(name, "v_cvt_sr_bf8_f32") ||
          !strcmp(name, "v_cvt_scalef32_pk_fp4_f16") || !strcmp(name, "v_cvt_scalef32_pk_fp4_bf16"))
        k = 3;
      put(o, " op_sel:[");
      for (int i = 0; i < k; i++)
        put(o, "%u,", (in->opsel >> i) & 1);
      put(o, "%u]", (in->opsel >> 3) & 1);
    }
    if (startsWith(name, "v_bitop3")) {
      if (in->clamp)
        put(o, " clamp");
      return;
    }
    omodClamp(o, in);
  }
}

/*--- MFMA ------------------------------------------------------------------------*/

/* Register widths of an MFMA/SMFMAC from its shape
 * (v_mfma_<d>_<M>x<N>x<K>[_<B>b]_<src>): per lane M*N*B/64 results and
 * M*K*B/64 (N*K*B/64) source elements; sparse A holds half of K. */
static void mfmaWidths(const EmuInst *in, unsigned *dw, unsigned *aw, unsigned *bw) {
  const char *n = in->name;
  bool sparse = startsWith(n, "v_smfmac");
  const char *p = n; /* the MxNxK token: digits right after an '_' */
  while (*p && !(p[0] == '_' && p[1] >= '0' && p[1] <= '9'))
    p++;
  char *e;
  unsigned M = (unsigned)strtoul(p + 1, &e, 10);
  unsigned N = (unsigned)strtoul(e + 1, &e, 10);
  unsigned K = (unsigned)strtoul(e + 1, &e, 10);
  p = e;
  unsigned B = 1;
  if (p[0] == '_' && p[1] >= '0' && p[1] <= '9') {
    unsigned b = (unsigned)strtoul(p + 1, &e, 10);
    if (*e == 'b')
      B = b;
  }
  bool d64 = strstr(n, "_f64_") != NULL;
  unsigned bitsA, bitsB;
  if (endsWith(n, "_f64"))
    bitsA = bitsB = 64;
  else if (endsWith(n, "_f32") || endsWith(n, "_xf32"))
    bitsA = bitsB = 32;
  else if (endsWith(n, "f16"))
    bitsA = bitsB = 16;
  else if (endsWith(n, "_f8f6f4")) {
    static const unsigned fmtBits[8] = {8, 8, 6, 6, 4, 8, 8, 8};
    bitsA = fmtBits[in->cbsz & 7];
    bitsB = fmtBits[in->blgp & 7];
  } else
    bitsA = bitsB = 8; /* i8, fp8, bf8 */
  *dw = M * N * B / 64 * (d64 ? 2 : 1);
  unsigned ka = sparse ? K / 2 : K;
  *aw = (M * ka * B / 64 * bitsA + 31) / 32;
  *bw = (N * K * B / 64 * bitsB + 31) / 32;
}

static void fmtMai(Out *o, const EmuInst *in) {
  unsigned dw, aw, bw;
  mfmaWidths(in, &dw, &aw, &bw);
  bool sparse = startsWith(in->name, "v_smfmac");
  put(o, "%s ", in->name);
  AS_DST(o, vregs(o, in->dst, dw));
  put(o, ", ");
  vregs(o, in->va, aw);
  put(o, ", ");
  vregs(o, in->vb, bw);
  put(o, ", ");
  if (sparse) /* the sparsity index: a VGPR (never an AGPR) */
    srcOp(o, in, in->src[2], 1, T_B32);
  else if (in->vc != 0xFFFF)
    vregs(o, in->vc, dw);
  else
    srcOp(o, in, in->src[2], dw, strstr(in->name, "_f64_") ? T_F64 : T_F32);
  if (in->flags & EMU_F_SCALE) {
    put(o, ", ");
    srcOp(o, in, in->scaleSrc[0], 1, T_B32);
    put(o, ", ");
    srcOp(o, in, in->scaleSrc[1], 1, T_B32);
    /* LLVM lists three entries, the third always 0 */
    unsigned sel = (in->scaleSel[0] & 1) | (in->scaleSel[1] & 1) << 1;
    unsigned hi = (in->scaleSel[0] >> 1) | (in->scaleSel[1] >> 1) << 1;
    packedMod(o, "op_sel", sel, 3, 0);
    packedMod(o, "op_sel_hi", hi, 3, 1);
  }
  if (in->cbsz)
    put(o, " cbsz:%u", in->cbsz);
  if (in->abid && !(in->flags & EMU_F_SCALE)) /* the scaled form always has ABID = 1 */
    put(o, " abid:%u", in->abid);
  if (in->blgp) {
    if (startsWith(in->name, "v_mfma_f64"))
      put(o, " neg:[%u,%u,%u]", in->blgp & 1, (in->blgp >> 1) & 1, (in->blgp >> 2) & 1);
    else
      put(o, " blgp:%u", in->blgp);
  }
}

/*--- Scalar ALU and program control -----------------------------------------*/

static bool wide(const char *n) {
  return endsWith(n, "_b64") || endsWith(n, "_i64") || endsWith(n, "_u64");
}

static void hwreg(Out *o, uint32_t v) {
  static const char *const names[32] = {
      [1] = "HW_REG_MODE",         [2] = "HW_REG_STATUS",     [3] = "HW_REG_TRAPSTS",
      [4] = "HW_REG_HW_ID",        [5] = "HW_REG_GPR_ALLOC",  [6] = "HW_REG_LDS_ALLOC",
      [7] = "HW_REG_IB_STS",       [15] = "HW_REG_SH_MEM_BASES", [16] = "HW_REG_TBA_LO",
      [17] = "HW_REG_TBA_HI",      [18] = "HW_REG_TMA_LO",    [19] = "HW_REG_TMA_HI",
      [20] = "HW_REG_XCC_ID",      [21] = "HW_REG_SQ_PERF_SNAPSHOT_DATA",
      [22] = "HW_REG_SQ_PERF_SNAPSHOT_DATA1", [23] = "HW_REG_SQ_PERF_SNAPSHOT_PC_LO",
      [24] = "HW_REG_SQ_PERF_SNAPSHOT_PC_HI"};
  unsigned id = v & 63, off = (v >> 6) & 31, width = ((v >> 11) & 31) + 1;
  put(o, "hwreg(");
  if (id < 32 && names[id])
    put(o, "%s", names[id]);
  else
    put(o, "%u", id);
  if (off != 0 || width != 32)
    put(o, ", %u, %u", off, width);
  put(o, ")");
}

static void gprIdx(Out *o, uint32_t v) {
  static const char *const ids[4] = {"SRC0", "SRC1", "SRC2", "DST"};
  if (v & ~15u) {
    put(o, "0x%x", v);
    return;
  }
  put(o, "gpr_idx(");
  bool comma = false;
  for (int i = 0; i < 4; i++)
    if (v & (1u << i)) {
      put(o, "%s%s", comma ? "," : "", ids[i]);
      comma = true;
    }
  put(o, ")");
}

static void fmtSop2(Out *o, const EmuInst *in) {
  const char *n = in->name;
  unsigned dw = 1, w0 = 1, w1 = 1;
  if (wide(n))
    dw = w0 = w1 = 2;
  if (!strcmp(n, "s_lshl_b64") || !strcmp(n, "s_lshr_b64") || !strcmp(n, "s_ashr_i64") ||
      !strcmp(n, "s_bfe_u64") || !strcmp(n, "s_bfe_i64"))
    w1 = 1;
  if (!strcmp(n, "s_bfm_b64"))
    w0 = w1 = 1;
  OpType t0 = w0 == 2 ? T_B64 : T_B32, t1 = w1 == 2 ? T_B64 : T_B32;
  put(o, "%s ", n);
  if (!strcmp(n, "s_cbranch_g_fork")) {
    srcOp(o, in, in->src[0], 2, T_B64);
    put(o, ", ");
    srcOp(o, in, in->src[1], 2, T_B64);
    return;
  }
  if (!strcmp(n, "s_rfe_restore_b64")) {
    srcOp(o, in, in->src[0], 2, T_B64);
    put(o, ", ");
    srcOp(o, in, in->src[1], 1, T_B32);
    return;
  }
  AS_DST(o, sregs(o, in->dst, dw));
  put(o, ", ");
  srcOp(o, in, in->src[0], w0, t0);
  put(o, ", ");
  srcOp(o, in, in->src[1], w1, t1);
}

static void fmtSop1(Out *o, const EmuInst *in) {
  const char *n = in->name;
  unsigned dw = 1, sw = 1;
  if (wide(n))
    dw = sw = 2;
  if (!strcmp(n, "s_bcnt0_i32_b64") || !strcmp(n, "s_bcnt1_i32_b64") ||
      !strcmp(n, "s_ff0_i32_b64") || !strcmp(n, "s_ff1_i32_b64") ||
      !strcmp(n, "s_flbit_i32_b64") || !strcmp(n, "s_flbit_i32_i64"))
    dw = 1;
  if (!strcmp(n, "s_bitset0_b64") || !strcmp(n, "s_bitset1_b64") ||
      !strcmp(n, "s_bitreplicate_b64_b32"))
    sw = 1;
  if (!strcmp(n, "s_bitreplicate_b64_b32"))
    dw = 2;
  put(o, "%s", n);
  if (!strcmp(n, "s_getpc_b64")) {
    put(o, " "), AS_DST(o, sregs(o, in->dst, 2));
    return;
  }
  if (!strcmp(n, "s_setpc_b64") || !strcmp(n, "s_rfe_b64") || !strcmp(n, "s_cbranch_join") ||
      !strcmp(n, "s_set_gpr_idx_idx")) {
    put(o, " ");
    srcOp(o, in, in->src[0], sw, sw == 2 ? T_B64 : T_B32);
    return;
  }
  put(o, " ");
  AS_DST(o, sregs(o, in->dst, dw));
  put(o, ", ");
  srcOp(o, in, in->src[0], sw, sw == 2 ? T_B64 : T_B32);
}

static void fmtSopc(Out *o, const EmuInst *in) {
  const char *n = in->name;
  unsigned w0 = 1, w1 = 1;
  if (endsWith(n, "_u64"))
    w0 = w1 = 2;
  if (endsWith(n, "_b64"))
    w0 = 2;
  put(o, "%s ", n);
  srcOp(o, in, in->src[0], w0, w0 == 2 ? T_B64 : T_B32);
  put(o, ", ");
  if (!strcmp(n, "s_set_gpr_idx_on"))
    gprIdx(o, in->src[1]);
  else
    srcOp(o, in, in->src[1], w1, w1 == 2 ? T_B64 : T_B32);
}

static void fmtSopk(Out *o, const EmuInst *in) {
  const char *n = in->name;
  uint32_t k = (uint32_t)in->imm & 0xffff;
  put(o, "%s ", n);
  if (!strcmp(n, "s_getreg_b32")) {
    AS_DST(o, sregs(o, in->dst, 1));
    put(o, ", ");
    hwreg(o, k);
  } else if (!strcmp(n, "s_setreg_b32")) {
    hwreg(o, k);
    put(o, ", ");
    sregs(o, in->dst, 1);
  } else if (!strcmp(n, "s_setreg_imm32_b32")) {
    hwreg(o, k);
    put(o, ", ");
    imm32(o, in->lit);
  } else if (!strcmp(n, "s_call_b64") || !strcmp(n, "s_cbranch_i_fork")) {
    AS_DST(o, sregs(o, in->dst, 2));
    put(o, ", %u", k); /* the raw 16-bit target, as LLVM prints it */
  } else { /* the SDST field: written, or compared by s_cmpk_* (emu_info.c) */
    AS_DST(o, sregs(o, in->dst, 1));
    put(o, ", 0x%x", k);
  }
}

static void waitcnt(Out *o, uint32_t v) {
  unsigned vm = (v & 15) | ((v >> 14) & 3) << 4, exp = (v >> 4) & 7, lgkm = (v >> 8) & 15;
  bool dv = vm == 63, de = exp == 7, dl = lgkm == 15, all = dv && de && dl;
  bool sp = false;
  if (!dv || all)
    put(o, "vmcnt(%u)", vm), sp = true;
  if (!de || all)
    put(o, "%sexpcnt(%u)", sp ? " " : "", exp), sp = true;
  if (!dl || all)
    put(o, "%slgkmcnt(%u)", sp ? " " : "", lgkm);
}

/* s_sendmsg's immediate (AMDGPUInstPrinter::printSendMsg, gfx9 message
 * table): message [3:0], operation [6:4], stream [9:8]. */
static void sendmsg(Out *o, uint32_t v) {
  static const char *const msgs[16] = {
      [1] = "MSG_INTERRUPT",    [2] = "MSG_GS",           [3] = "MSG_GS_DONE",
      [4] = "MSG_SAVEWAVE",     [5] = "MSG_STALL_WAVE_GEN", [6] = "MSG_HALT_WAVES",
      [7] = "MSG_ORDERED_PS_DONE", [8] = "MSG_EARLY_PRIM_DEALLOC", [9] = "MSG_GS_ALLOC_REQ",
      [10] = "MSG_GET_DOORBELL", [15] = "MSG_SYSMSG"};
  static const char *const gsOps[4] = {"GS_OP_NOP", "GS_OP_CUT", "GS_OP_EMIT", "GS_OP_EMIT_CUT"};
  static const char *const sysOps[8] = {[1] = "SYSMSG_OP_ECC_ERR_INTERRUPT",
                                        [2] = "SYSMSG_OP_REG_RD", [4] = "SYSMSG_OP_TTRACE_PC"};
  unsigned id = v & 15, op = (v >> 4) & 7, stream = (v >> 8) & 3;
  bool gs = id == 2 || id == 3, sys = id == 15;
  const char *name = msgs[id];
  bool valid = name != NULL;
  if (valid && gs)
    valid = op < 4 && (op != 0 || id == 3) && (op != 0 || stream == 0);
  else if (valid && sys)
    valid = sysOps[op] != NULL && stream == 0;
  else if (valid)
    valid = op == 0 && stream == 0;
  if (valid) { /* bits above 9 are ignored */
    put(o, "sendmsg(%s", name);
    if (gs) {
      put(o, ", %s", gsOps[op]);
      if (op != 0)
        put(o, ", %u", stream);
    } else if (sys) {
      put(o, ", %s", sysOps[op]);
    }
    put(o, ")");
  } else if ((v & ~0x37fu) == 0) {
    put(o, "sendmsg(%u, %u, %u)", id, op, stream);
  } else {
    put(o, "%u", v);
  }
}

static void fmtSopp(Out *o, const EmuInst *in) {
  const char *n = in->name;
  uint32_t k = (uint32_t)in->imm & 0xffff;
  put(o, "%s", n);
  static const char *const none[] = {"s_barrier", "s_wakeup", "s_icache_inv", "s_ttracedata",
                                     "s_endpgm_saved", "s_set_gpr_idx_off",
                                     "s_endpgm_ordered_ps_done"};
  for (size_t i = 0; i < sizeof(none) / sizeof(none[0]); i++)
    if (!strcmp(n, none[i]))
      return;
  if (!strcmp(n, "s_endpgm")) {
    if (k)
      put(o, " %u", k);
    return;
  }
  put(o, " ");
  if (!strcmp(n, "s_waitcnt"))
    waitcnt(o, k);
  else if (!strcmp(n, "s_sendmsg") || !strcmp(n, "s_sendmsghalt"))
    sendmsg(o, k);
  else if (!strcmp(n, "s_set_gpr_idx_mode"))
    gprIdx(o, k);
  else if (startsWith(n, "s_branch") || startsWith(n, "s_cbranch"))
    put(o, "%u", k); /* LLVM prints the raw 16-bit target */
  else if (k <= 64)
    put(o, "%u", k);
  else
    put(o, "0x%x", k);
}

/*--- Memory ------------------------------------------------------------------------*/

/* Dwords of an SMEM instruction's data: from the mnemonic's _x2/_x4/... */
static unsigned smemDwords(const char *n) {
  const char *x = strstr(n, "dwordx");
  if (x)
    return (unsigned)strtoul(x + 6, NULL, 10);
  if (strstr(n, "_atomic_")) {
    unsigned w = endsWith(n, "_x2") ? 2 : 1;
    return strstr(n, "cmpswap") ? 2 * w : w;
  }
  return 1;
}

static void fmtSmem(Out *o, const EmuInst *in) {
  const char *n = in->name;
  bool buffer = startsWith(n, "s_buffer_") || !strcmp(n, "s_atc_probe_buffer");
  put(o, "%s", n);
  if (startsWith(n, "s_dcache_inv") || startsWith(n, "s_dcache_wb"))
    return;
  if (!strcmp(n, "s_memtime") || !strcmp(n, "s_memrealtime")) {
    put(o, " ");
    AS_DST(o, sregs(o, in->dst, 2));
    return;
  }
  put(o, " ");
  if (startsWith(n, "s_atc_probe"))
    put(o, in->dst <= 64 ? "%u, " : "0x%x, ", in->dst);
  else if (!startsWith(n, "s_dcache_discard"))
    AS_DST(o, sregs(o, in->dst, smemDwords(n))), put(o, ", ");
  sregs(o, in->sbase, buffer ? 4 : 2);
  put(o, ", ");
  bool imm = (in->flags & EMU_F_IMM) != 0;
  char offs[32];
  snprintf(offs, sizeof(offs), "%s0x%x", in->imm < 0 ? "-" : "",
           in->imm < 0 ? (unsigned)-in->imm : (unsigned)in->imm);
  if (imm && !(in->flags & EMU_F_SOE)) {
    put(o, "%s", offs);
  } else {
    sregs(o, in->soff, 1);
    if (imm)
      put(o, " offset:%s", offs);
  }
  if ((in->flags & EMU_F_GLC) && !startsWith(n, "s_atc_probe") && !startsWith(n, "s_dcache_discard"))
    put(o, " glc");
}

/* DS: the operand list of each DS opcode (DSInstructions.td), with the
 * widths the handlers use. */
typedef struct DsSig {
  bool vdst, addr, data0, data1, off2; /* off2: offset0/offset1 */
  unsigned vw, dwid;                   /* vdst and data widths */
} DsSig;

static DsSig dsSig(const char *n) {
  DsSig s = {false, true, false, false, false, 1, 1};
  bool w64 = endsWith(n, "_b64") || endsWith(n, "_u64") || endsWith(n, "_i64") ||
             endsWith(n, "_f64");
  if (startsWith(n, "ds_read") || startsWith(n, "ds_swizzle")) {
    s.vdst = true;
    if (strstr(n, "read2")) {
      s.off2 = true;
      s.vw = w64 ? 4 : 2;
    } else if (strstr(n, "_b128")) {
      s.vw = 4;
    } else if (strstr(n, "_b96")) {
      s.vw = 3;
    } else if (w64 || strstr(n, "_b64_tr")) {
      s.vw = 2;
    }
    if (!strcmp(n, "ds_read_addtid_b32"))
      s.addr = false;
    return s;
  }
  if (startsWith(n, "ds_write")) {
    s.data0 = true;
    if (strstr(n, "write2")) {
      s.off2 = s.data1 = true;
    }
    s.dwid = strstr(n, "_b128") ? 4 : strstr(n, "_b96") ? 3 : w64 ? 2 : 1;
    if (!strcmp(n, "ds_write_addtid_b32"))
      s.addr = false;
    return s;
  }
  if (!strcmp(n, "ds_nop")) {
    s.addr = false;
    return s;
  }
  if (!strcmp(n, "ds_append") || !strcmp(n, "ds_consume")) {
    s.addr = false;
    s.vdst = true;
    return s;
  }
  if (startsWith(n, "ds_gws_")) {
    s.addr = false;
    s.data0 = !strcmp(n, "ds_gws_init") || !strcmp(n, "ds_gws_sema_br") ||
              !strcmp(n, "ds_gws_barrier");
    return s;
  }
  if (startsWith(n, "ds_permute") || startsWith(n, "ds_bpermute")) {
    s.vdst = s.data0 = true;
    return s;
  }
  /* atomics */
  s.data0 = true;
  s.vdst = strstr(n, "_rtn_") != NULL;
  s.data1 = strstr(n, "cmpst") || strstr(n, "mskor") || strstr(n, "wrxchg2") || strstr(n, "wrap");
  s.dwid = w64 ? 2 : 1;
  s.vw = s.dwid;
  if (strstr(n, "wrxchg2")) {
    s.off2 = true;
    s.vw = 2 * s.dwid;
  }
  if (!strcmp(n, "ds_condxchg32_rtn_b64"))
    s.data1 = false;
  return s;
}

static void swizzleOffset(Out *o, uint32_t v) {
  if (!v)
    return;
  put(o, " offset:");
  if (v >= 0xe000) {
    put(o, "swizzle(FFT,%u)", v & 31);
    return;
  }
  if (v >= 0xc000) { /* LLVM shows no mask (offset[4:0]) */
    put(o, "swizzle(ROTATE,%u,%u)", (v >> 10) & 1, (v >> 5) & 31);
    return;
  }
  if ((v & 0xff00) == 0x8000) {
    put(o, "swizzle(QUAD_PERM,%u,%u,%u,%u)", v & 3, (v >> 2) & 3, (v >> 4) & 3, (v >> 6) & 3);
    return;
  }
  if (v & 0x8000) { /* quad permute with bits 14:8 set: LLVM prints the number */
    put(o, "%u", v);
    return;
  }
  unsigned andm = v & 31, orm = (v >> 5) & 31, xorm = (v >> 10) & 31;
  if (andm == 31 && orm == 0 && __builtin_popcount(xorm) == 1) {
    put(o, "swizzle(SWAP,%u)", xorm);
    return;
  }
  if (andm == 31 && orm == 0 && xorm > 0 && ((xorm + 1) & xorm) == 0) {
    put(o, "swizzle(REVERSE,%u)", xorm + 1);
    return;
  }
  unsigned group = 31 - andm + 1;
  if (group > 1 && (group & (group - 1)) == 0 && orm < group && xorm == 0) {
    put(o, "swizzle(BROADCAST,%u,%u)", group, orm);
    return;
  }
  put(o, "swizzle(BITMASK_PERM,\"");
  unsigned p0 = ((0 & andm) | orm) ^ xorm, p1 = ((31 & andm) | orm) ^ xorm;
  for (int b = 4; b >= 0; b--) {
    unsigned a = (p0 >> b) & 1, c = (p1 >> b) & 1;
    put(o, "%c", a == c ? (a ? '1' : '0') : (a ? 'i' : 'p'));
  }
  put(o, "\")");
}

static void fmtDs(Out *o, const EmuInst *in) {
  const char *n = in->name;
  DsSig s = dsSig(n);
  put(o, "%s", n);
  const char *sep = " ";
  if (s.vdst)
    put(o, "%s", sep), AS_DST(o, vregs(o, in->dst, s.vw)), sep = ", ";
  if (s.addr)
    put(o, "%s", sep), vregs(o, in->addr, 1), sep = ", ";
  if (s.data0)
    put(o, "%s", sep), vregs(o, in->data0, s.dwid), sep = ", ";
  if (s.data1)
    put(o, "%s", sep), vregs(o, in->data1, s.dwid), sep = ", ";
  uint32_t off = (uint32_t)in->imm | (uint32_t)in->offset1 << 8;
  if (!strcmp(n, "ds_swizzle_b32"))
    swizzleOffset(o, off);
  else if (s.off2) {
    if (in->imm)
      put(o, " offset0:%u", (unsigned)in->imm);
    if (in->offset1)
      put(o, " offset1:%u", in->offset1);
  } else if (off && strcmp(n, "ds_nop"))
    put(o, " offset:%u", off);
  if (startsWith(n, "ds_gws_"))
    put(o, " gds");
}

/* Registers of a buffer/flat data operand: dwordxN, byte/short (1), the
 * format forms (x..xyzw; d16 packs two halves per dword), atomics (x2 = 64
 * bits, cmpswap carries {src, cmp}). */
static unsigned memDataWidth(const char *n) {
  const char *x = strstr(n, "dwordx");
  if (x)
    return (unsigned)strtoul(x + 6, NULL, 10);
  const char *f = strstr(n, "format_");
  if (f) {
    bool d16 = strstr(f, "d16") != NULL;
    const char *c = strrchr(n, '_') + 1;
    unsigned comps = (unsigned)strlen(c);
    return d16 ? (comps + 1) / 2 : comps;
  }
  if (strstr(n, "_atomic_")) {
    unsigned w = endsWith(n, "_x2") || endsWith(n, "_f64") ? 2 : 1;
    return strstr(n, "cmpswap") ? 2 * w : w;
  }
  return 1;
}

static void cachePolicy(Out *o, const EmuInst *in) {
  if (in->flags & EMU_F_GLC)
    put(o, " sc0");
  if (in->flags & EMU_F_NT)
    put(o, " nt");
  if (in->flags & EMU_F_SC1)
    put(o, " sc1");
}

static void mtbufFormat(Out *o, unsigned bitsv) {
  static const char *const dfmt[16] = {
      "BUF_DATA_FORMAT_INVALID", "BUF_DATA_FORMAT_8", "BUF_DATA_FORMAT_16",
      "BUF_DATA_FORMAT_8_8", "BUF_DATA_FORMAT_32", "BUF_DATA_FORMAT_16_16",
      "BUF_DATA_FORMAT_10_11_11", "BUF_DATA_FORMAT_11_11_10", "BUF_DATA_FORMAT_10_10_10_2",
      "BUF_DATA_FORMAT_2_10_10_10", "BUF_DATA_FORMAT_8_8_8_8", "BUF_DATA_FORMAT_32_32",
      "BUF_DATA_FORMAT_16_16_16_16", "BUF_DATA_FORMAT_32_32_32", "BUF_DATA_FORMAT_32_32_32_32",
      "BUF_DATA_FORMAT_RESERVED_15"};
  static const char *const nfmt[8] = {"BUF_NUM_FORMAT_UNORM", "BUF_NUM_FORMAT_SNORM",
                                      "BUF_NUM_FORMAT_USCALED", "BUF_NUM_FORMAT_SSCALED",
                                      "BUF_NUM_FORMAT_UINT", "BUF_NUM_FORMAT_SINT",
                                      "BUF_NUM_FORMAT_RESERVED_6", "BUF_NUM_FORMAT_FLOAT"};
  unsigned d = bitsv & 15, nf = (bitsv >> 4) & 7;
  if (d == 1 && nf == 0)
    return; /* the default format prints nothing */
  put(o, " format:[");
  if (d != 1)
    put(o, "%s%s", dfmt[d], nf ? "," : "");
  if (nf)
    put(o, "%s", nfmt[nf]);
  put(o, "]");
}

static void fmtBuffer(Out *o, const EmuInst *in) {
  const char *n = in->name;
  put(o, "%s ", n);
  bool lds = (in->flags & EMU_F_LDS) != 0 && in->fmt == EMU_FMT_MUBUF;
  bool noData = !strcmp(n, "buffer_wbl2") || !strcmp(n, "buffer_inv") ||
                !strcmp(n, "buffer_wbinvl1") || !strcmp(n, "buffer_wbinvl1_vol");
  if (noData) {
    o->n--; /* no operands: drop the space */
    if (in->flags & EMU_F_GLC)
      put(o, " sc0");
    if (in->flags & EMU_F_SC1)
      put(o, " sc1");
    return;
  }
  if (!lds) /* VDATA: the loaded or the stored data (emu_info.c tells) */
    AS_DST(o, vregs(o, in->data0, memDataWidth(n))), put(o, ", ");
  bool off = in->flags & EMU_F_OFFEN, idx = in->flags & EMU_F_IDXEN;
  if (off || idx)
    vregs(o, in->addr, off && idx ? 2 : 1);
  else
    put(o, "off");
  put(o, ", ");
  sregs(o, in->sbase, 4);
  put(o, ", ");
  srcOp(o, in, in->soff, 1, T_B32);
  if (in->fmt == EMU_FMT_MTBUF)
    mtbufFormat(o, in->fmtBits);
  if (idx)
    put(o, " idxen");
  if (off)
    put(o, " offen");
  if (in->imm)
    put(o, " offset:%u", (unsigned)in->imm);
  cachePolicy(o, in);
  if (lds)
    put(o, " lds");
}

static void fmtFlat(Out *o, const EmuInst *in) {
  const char *n = in->name;
  bool atomic = strstr(n, "_atomic_") != NULL, store = strstr(n, "_store_") != NULL;
  bool lds = strstr(n, "_load_lds_") != NULL;
  unsigned dw = memDataWidth(n);
  put(o, "%s ", n);
  bool ret = atomic && (in->flags & EMU_F_GLC);
  if (!atomic && !store && !lds)
    AS_DST(o, vregs(o, in->dst, dw)), put(o, ", ");
  if (ret)
    AS_DST(o, vregs(o, in->dst, strstr(n, "cmpswap") ? dw / 2 : dw)), put(o, ", ");
  bool saddr = in->fmt != EMU_FMT_FLAT && in->sbase != 0x7F;
  if (in->fmt == EMU_FMT_SCRATCH) {
    if (in->flags & EMU_F_LDS) /* SVE: VADDR is used */
      vregs(o, in->addr, 1);
    else
      put(o, "off");
  } else {
    vregs(o, in->addr, saddr ? 1 : 2);
  }
  if (store || atomic)
    put(o, ", "), vregs(o, in->data0, dw);
  if (in->fmt != EMU_FMT_FLAT) {
    put(o, ", ");
    if (saddr)
      sregs(o, in->sbase, in->fmt == EMU_FMT_SCRATCH ? 1 : 2);
    else
      put(o, "off");
  }
  if (in->imm)
    put(o, " offset:%d", in->imm);
  cachePolicy(o, in);
}

/*--- Entry point -------------------------------------------------------------------*/

static void formatInto(Out *o, const EmuInst *in);

size_t emuFormat(const EmuInst *in, char *buf, size_t cap) {
  Out o = {buf, cap, 0, NULL, EMU_OPND_SRC};
  if (cap)
    buf[0] = 0;
  formatInto(&o, in);
  if (cap)
    buf[o.n < cap ? o.n : cap - 1] = 0;
  return o.n;
}

/* The register operands are exactly the ones the text names, so listing
 * them runs the formatter without a buffer. */
void emuOperandsList(const EmuInst *in, EmuOperandList *out) {
  memset(out, 0, sizeof(*out));
  Out o = {NULL, 0, 0, out, EMU_OPND_SRC};
  formatInto(&o, in);
}

static void formatInto(Out *o, const EmuInst *in) {
  if (!in->name) {
    put(o, "<undecodable 0x%08x>", in->raw[0]);
    return;
  }
  switch (in->fmt) {
  case EMU_FMT_SOP2: fmtSop2(o, in); break;
  case EMU_FMT_SOP1: fmtSop1(o, in); break;
  case EMU_FMT_SOPC: fmtSopc(o, in); break;
  case EMU_FMT_SOPK: fmtSopk(o, in); break;
  case EMU_FMT_SOPP: fmtSopp(o, in); break;
  case EMU_FMT_SMEM: fmtSmem(o, in); break;
  case EMU_FMT_MAI: fmtMai(o, in); break;
  case EMU_FMT_VOP1: case EMU_FMT_VOP2: case EMU_FMT_VOPC: case EMU_FMT_VOP3:
  case EMU_FMT_VOP3P: fmtVop(o, in); break;
  case EMU_FMT_DS: fmtDs(o, in); break;
  case EMU_FMT_MUBUF: case EMU_FMT_MTBUF: fmtBuffer(o, in); break;
  case EMU_FMT_FLAT: case EMU_FMT_SCRATCH: case EMU_FMT_GLOBAL: fmtFlat(o, in); break;
  default: put(o, "%s", in->name); break;
  }
}

/*--- The public decode-to-text entry (flyc/emu.h) ----------------------------*/

bool flyEmuDecodeText(FlyChip chip, const uint8_t *code, size_t avail, FlyEmuInstText *out) {
  EmuInst in;
  memset(out, 0, sizeof *out);
  if (!emuDecodeOne(code, avail, chip, &in) || !in.name || in.size > avail)
    return false;
  out->size = in.size;
  snprintf(out->mnemonic, sizeof out->mnemonic, "%s", in.name);
  emuFormat(&in, out->text, sizeof out->text);
  return true;
}
