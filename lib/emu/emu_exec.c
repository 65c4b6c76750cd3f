/*===- emu_exec.c - Program creation, the run loop, operand access --------===*
 *
 * emuProgramCreate decodes .text linearly once; emuWaveRun is a tight loop
 * of indirect calls through the pre-decoded array. Operand helpers resolve
 * the 9-bit source codes of the ISA guide's "SSRC/SRC operand" tables
 * (SGPRs, VCC, M0, EXEC, inline constants 128..208 and 240..248, literal),
 * and the SDWA/DPP source modifiers (ISA guide §13.3, facts §6.3).
 *===----------------------------------------------------------------------===*/
#include <stdarg.h>
#include <stdio.h>

#include "emu_isa.h"
#include "flyc/support.h"

/*--- Faults ----------------------------------------------------------------*/

int emuFault(EmuCtx *c, const EmuInst *in, FlyEmuFaultKind kind, int lane,
             uint64_t addr, const char *fmt, ...) {
  FlyEmuFault *f = c->fault;
  f->kind = kind;
  f->pc = emuInstPc(c, in);
  f->address = addr;
  f->lane = lane;
  f->wave = c->wave ? (int)c->wave->waveInGroup : -1;
  if (c->wave)
    memcpy(f->group, c->wave->groupId, sizeof(f->group));
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(f->message, sizeof(f->message), fmt, ap);
  va_end(ap);
  return EMU_STEP_FAULT;
}

static int execUndecodable(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)w;
  if (in->name)
    return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0,
                    "%s is not available on %s (encoding 0x%08x)", in->name,
                    c->chip == FLY_CHIP_GFX950 ? "gfx950" : "gfx942", in->raw[0]);
  return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0,
                  "undecodable instruction encoding 0x%08x 0x%08x", in->raw[0],
                  in->raw[1]);
}

static int execUnimplemented(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)w;
  return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0,
                  "unsupported instruction %s (encoding 0x%08x)", in->name,
                  in->raw[0]);
}

static int execMidInstruction(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  (void)w;
  return emuFault(c, in, FLY_EMU_FAULT_UNSUPPORTED, -1, 0,
                  "jump into the middle of an instruction (dword 0x%08x)",
                  in->raw[0]);
}

/*--- Scalar operands ---------------------------------------------------------*/

static uint32_t floatConst32(unsigned code, bool f16) {
  static const uint32_t f32[9] = {0x3f000000, 0xbf000000, 0x3f800000,
                                  0xbf800000, 0x40000000, 0xc0000000,
                                  0x40800000, 0xc0800000, 0x3e22f983};
  static const uint16_t h[9] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000,
                                0xc000, 0x4400, 0xc400, 0x3118};
  return f16 ? h[code - 240] : f32[code - 240];
}

static uint64_t floatConst64(unsigned code) {
  static const uint64_t d[9] = {
      0x3fe0000000000000ull, 0xbfe0000000000000ull, 0x3ff0000000000000ull,
      0xbff0000000000000ull, 0x4000000000000000ull, 0xc000000000000000ull,
      0x4010000000000000ull, 0xc010000000000000ull, 0x3fc45f306dc9c882ull};
  return d[code - 240];
}

uint32_t emuReadScalar32(const EmuWave *w, const EmuInst *in, unsigned code,
                         bool f16) {
  if (code < 102)
    return w->sgpr[code];
  if (code >= 128 && code <= 192)
    return code - 128;
  if (code >= 193 && code <= 208)
    return (uint32_t)-(int32_t)(code - 192);
  if (code >= 240 && code <= 248)
    return floatConst32(code, f16);
  switch (code) {
  case EMU_OP_VCC_LO: return (uint32_t)w->vcc;
  case EMU_OP_VCC_HI: return (uint32_t)(w->vcc >> 32);
  case EMU_OP_M0: return w->m0;
  case EMU_OP_EXEC_LO: return (uint32_t)w->exec;
  case EMU_OP_EXEC_HI: return (uint32_t)(w->exec >> 32);
  case EMU_OP_VCCZ: return w->vcc == 0;
  case EMU_OP_EXECZ: return w->exec == 0;
  case EMU_OP_SCC: return w->scc;
  case EMU_OP_LITERAL: return in->lit;
  case 235: return EMU_SHARED_APERTURE_HI;  /* src_shared_base */
  case 236: return EMU_SHARED_APERTURE_HI;  /* src_shared_limit */
  case 237: return EMU_PRIVATE_APERTURE_HI; /* src_private_base */
  case 238: return EMU_PRIVATE_APERTURE_HI; /* src_private_limit */
  default: return 0; /* flat_scratch, xnack_mask, ttmp: not modelled */
  }
}

uint64_t emuReadScalar64(const EmuWave *w, const EmuInst *in, unsigned code,
                         bool f64) {
  if (code < 101)
    return (uint64_t)w->sgpr[code] | (uint64_t)w->sgpr[code + 1] << 32;
  if (code >= 128 && code <= 208)
    return (uint64_t)(int64_t)(int32_t)emuReadScalar32(w, in, code, false);
  if (code >= 240 && code <= 248)
    return floatConst64(code);
  switch (code) {
  case EMU_OP_VCC_LO: return w->vcc;
  case EMU_OP_EXEC_LO: return w->exec;
  case EMU_OP_LITERAL: return f64 ? (uint64_t)in->lit << 32 : in->lit;
  case 235: case 236: return (uint64_t)EMU_SHARED_APERTURE_HI << 32;
  case 237: case 238: return (uint64_t)EMU_PRIVATE_APERTURE_HI << 32;
  default: return emuReadScalar32(w, in, code, false);
  }
}

void emuWriteScalar32(EmuWave *w, unsigned code, uint32_t v) {
  if (code < 102)
    w->sgpr[code] = v;
  else if (code == EMU_OP_VCC_LO)
    w->vcc = (w->vcc & ~0xffffffffull) | v;
  else if (code == EMU_OP_VCC_HI)
    w->vcc = (w->vcc & 0xffffffffull) | (uint64_t)v << 32;
  else if (code == EMU_OP_M0)
    w->m0 = v;
  else if (code == EMU_OP_EXEC_LO)
    w->exec = (w->exec & ~0xffffffffull) | v;
  else if (code == EMU_OP_EXEC_HI)
    w->exec = (w->exec & 0xffffffffull) | (uint64_t)v << 32;
}

void emuWriteScalar64(EmuWave *w, unsigned code, uint64_t v) {
  if (code < 101) {
    w->sgpr[code] = (uint32_t)v;
    w->sgpr[code + 1] = (uint32_t)(v >> 32);
  } else if (code == EMU_OP_VCC_LO) {
    w->vcc = v;
  } else if (code == EMU_OP_EXEC_LO) {
    w->exec = v;
  }
}

/*--- Vector operands ---------------------------------------------------------*/

/* DPP: the source lane of `lane` under dpp_ctrl, or -1 when out of range
 * (ISA guide §13.3.2 DPP_CTRL enumeration; facts §6.3). */
static int dppRangeLane(unsigned ctrl, int lane) {
  int row = lane & ~15, r = lane & 15;
  if (ctrl <= 0xFF)
    return (lane & ~3) | ((ctrl >> (2 * (lane & 3))) & 3);
  if (ctrl >= 0x101 && ctrl <= 0x10F)
    return r + (int)(ctrl & 15) < 16 ? lane + (int)(ctrl & 15) : -1;
  if (ctrl >= 0x111 && ctrl <= 0x11F)
    return r - (int)(ctrl & 15) >= 0 ? lane - (int)(ctrl & 15) : -1;
  if (ctrl >= 0x121 && ctrl <= 0x12F)
    return row | ((r - (int)(ctrl & 15)) & 15);
  switch (ctrl) {
  case 0x130: return lane + 1 < 64 ? lane + 1 : -1;   /* wave_shl:1 */
  case 0x134: return (lane + 1) & 63;                  /* wave_rol:1 */
  case 0x138: return lane - 1 >= 0 ? lane - 1 : -1;    /* wave_shr:1 */
  case 0x13C: return (lane - 1) & 63;                  /* wave_ror:1 */
  case 0x140: return row | (15 - r);                   /* row_mirror */
  case 0x141: return (lane & ~7) | (7 - (lane & 7));   /* row_half_mirror */
  case 0x142: return row ? row - 1 : -1;               /* row_bcast:15 */
  case 0x143: return lane >= 32 ? 31 : -1;             /* row_bcast:31 */
  default: break;
  }
  if (ctrl >= 0x150 && ctrl <= 0x15F)                  /* row_newbcast */
    return row | (int)(ctrl & 15);
  return -1;
}

/* The source lane, or -1 when it is out of range or was inactive when the
 * instruction started (w->dppExec, set by execDpp): gfx9 DPP has no FI
 * ("fetch inactive") bit and treats an inactive source lane as an invalid
 * one, like an out-of-range lane -- bound_ctrl decides between reading 0 and
 * not writing (LLVM AMDGPUModifierSyntax, fi:0). */
static int dppSourceLane(const EmuWave *w, unsigned ctrl, int lane) {
  int s = dppRangeLane(ctrl, lane);
  return s >= 0 && ((w->dppExec >> s) & 1) ? s : -1;
}

static uint32_t sdwaSelect(uint32_t v, unsigned sel, bool sext) {
  switch (sel) {
  case 0: case 1: case 2: case 3: {
    uint32_t b = (v >> (8 * sel)) & 0xff;
    return sext ? (uint32_t)(int32_t)(int8_t)b : b;
  }
  case 4: case 5: {
    uint32_t h = (v >> (16 * (sel - 4))) & 0xffff;
    return sext ? (uint32_t)(int32_t)(int16_t)h : h;
  }
  default: return v;
  }
}

static void srcModifiers(const EmuWave *w, const EmuInst *in, int i, int kind,
                         const uint32_t *p, uint32_t *buf) {
  if ((in->flags & EMU_F_DPP) && i == 0) {
    for (int l = 0; l < EMU_WAVE_LANES; l++) {
      int s = dppSourceLane(w, in->dppCtrl, l);
      buf[l] = s < 0 ? 0 : p[s];
    }
    p = buf;
  }
  if ((in->flags & EMU_F_SDWA) && i < 2) {
    unsigned sel = i == 0 ? in->sel0 : in->sel1;
    bool sext = in->flags & (i == 0 ? EMU_F_SDWA_SEXT0 : EMU_F_SDWA_SEXT1);
    for (int l = 0; l < EMU_WAVE_LANES; l++)
      buf[l] = sdwaSelect(p[l], sel, sext);
    p = buf;
  }
  uint32_t sign = kind == EMU_SRC_F16 || kind == EMU_SRC_BF16 ? 0x8000u : 0x80000000u;
  bool fmods = kind == EMU_SRC_F32 || kind == EMU_SRC_F16 || kind == EMU_SRC_BF16;
  uint32_t clear = ((in->abs >> i) & 1) && fmods ? sign : 0;
  uint32_t flip = ((in->neg >> i) & 1) && fmods ? sign : 0;
  for (int l = 0; l < EMU_WAVE_LANES; l++)
    buf[l] = (p[l] & ~clear) ^ flip;
}

const uint32_t *emuSrc32(EmuWave *w, const EmuInst *in, int i, int kind,
                         uint32_t buf[EMU_WAVE_LANES]) {
  unsigned code = in->src[i];
  const uint32_t *p;
  if (code >= 256) {
    p = w->vgpr[code - 256];
  } else {
    static const uint16_t bf16[9] = {0x3f00, 0xbf00, 0x3f80, 0xbf80, 0x4000,
                                     0xc000, 0x4080, 0xc080, 0x3e22};
    bool bf = kind == EMU_SRC_BF16 || kind == EMU_SRC_BF16P;
    uint32_t v = bf && code >= 240 && code <= 248
                     ? bf16[code - 240]
                     : emuReadScalar32(w, in, code, kind == EMU_SRC_F16 || kind == EMU_SRC_I16);
    for (int l = 0; l < EMU_WAVE_LANES; l++)
      buf[l] = v;
    p = buf;
  }
  bool fmods = kind == EMU_SRC_F32 || kind == EMU_SRC_F16 || kind == EMU_SRC_BF16;
  bool mods = (in->flags & (EMU_F_SDWA | EMU_F_DPP)) || ((((in->abs | in->neg) >> i) & 1) && fmods);
  if (!mods)
    return p;
  srcModifiers(w, in, i, kind, p, buf);
  return buf;
}

void emuSrc64(EmuWave *w, const EmuInst *in, int i, bool f64,
              uint64_t out[EMU_WAVE_LANES]) {
  unsigned code = in->src[i];
  if (code >= 256) {
    const uint32_t *lo = w->vgpr[(code - 256) & 255];
    const uint32_t *hi = w->vgpr[(code - 255) & 255];
    if (in->flags & EMU_F_DPP) {
      for (int l = 0; l < EMU_WAVE_LANES; l++) {
        int s = dppSourceLane(w, in->dppCtrl, l);
        out[l] = s < 0 ? 0 : ((uint64_t)hi[s] << 32 | lo[s]);
      }
    } else {
      for (int l = 0; l < EMU_WAVE_LANES; l++)
        out[l] = (uint64_t)hi[l] << 32 | lo[l];
    }
  } else {
    uint64_t v = emuReadScalar64(w, in, code, f64);
    for (int l = 0; l < EMU_WAVE_LANES; l++)
      out[l] = v;
  }
  if (f64 && ((in->abs | in->neg) >> i & 1)) {
    uint64_t sign = 1ull << 63;
    uint64_t clear = (in->abs >> i & 1) ? sign : 0, flip = (in->neg >> i & 1) ? sign : 0;
    for (int l = 0; l < EMU_WAVE_LANES; l++)
      out[l] = (out[l] & ~clear) ^ flip;
  }
}

float emuOutModF32(const EmuInst *in, float x) {
  static const float scale[4] = {1.0f, 2.0f, 4.0f, 0.5f};
  x *= scale[in->omod & 3];
  if (in->clamp)
    x = x > 1.0f ? 1.0f : (x >= 0.0f ? x : 0.0f); /* NaN -> 0 (DX10 clamp) */
  return x;
}

/*--- SDWA / DPP wrappers ---------------------------------------------------------*/

static uint32_t sdwaMerge(uint32_t old, uint32_t r, unsigned sel, unsigned unused) {
  unsigned shift, width;
  if (sel <= 3) { shift = 8 * sel; width = 8; }
  else if (sel <= 5) { shift = 16 * (sel - 4); width = 16; }
  else return r;
  uint32_t mask = ((1u << width) - 1) << shift;
  uint32_t v = (r << shift) & mask;
  if (unused == 2)
    return (old & ~mask) | v;
  if (unused == 1 && ((v >> (shift + width - 1)) & 1)) /* sign-extend upward */
    v |= (uint32_t)~((1ull << (shift + width)) - 1);
  return v;
}

static int execSdwa(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  if (in->fmt == EMU_FMT_VOPC || in->dstSel == 6)
    return in->inner(w, in, c);
  uint32_t old[EMU_WAVE_LANES];
  uint32_t *d = w->vgpr[in->dst & 255];
  memcpy(old, d, sizeof(old));
  int r = in->inner(w, in, c);
  for (int l = 0; l < EMU_WAVE_LANES; l++)
    if (emuLaneOn(w, (unsigned)l))
      d[l] = sdwaMerge(old[l], d[l], in->dstSel, in->dstUnused);
  return r;
}

static int execDpp(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  uint64_t mask = 0;
  w->dppExec = w->exec;
  for (int l = 0; l < EMU_WAVE_LANES; l++) {
    bool on = ((in->rowMask >> (l >> 4)) & 1) && ((in->bankMask >> ((l >> 2) & 3)) & 1);
    if (on && dppSourceLane(w, in->dppCtrl, l) < 0 && !(in->flags & EMU_F_BOUNDCTRL))
      on = false;
    mask |= (uint64_t)on << l;
  }
  uint64_t saved = w->exec;
  w->exec &= mask;
  int r = in->inner(w, in, c);
  w->exec = (w->exec & mask) | (saved & ~mask);
  return r;
}

/*--- Program ---------------------------------------------------------------------*/

EmuProgram *emuProgramCreate(const uint8_t *code, size_t size, uint64_t textAddr,
                             FlyChip chip, FlyEmuFault *fault) {
  EmuProgram *prog = flyCalloc(1, sizeof(EmuProgram));
  size_t n = size / 4;
  prog->insts = flyCalloc(n ? n : 1, sizeof(EmuInst));
  prog->infos = flyCalloc(n ? n : 1, sizeof(EmuInstInfo));
  if (!prog->insts || !prog->infos) {
    flyFree(prog->insts);
    flyFree(prog->infos);
    flyFree(prog);
    if (fault) {
      fault->kind = FLY_EMU_FAULT_INVALID;
      snprintf(fault->message, sizeof(fault->message), "out of memory decoding %zu bytes of code", size);
    }
    return NULL;
  }
  prog->numSlots = n;
  prog->textAddr = textAddr;
  prog->chip = chip;
  for (size_t i = 0; i < n;) {
    EmuInst *in = &prog->insts[i];
    bool ok = emuDecodeOne(code + 4 * i, size - 4 * i, chip, in);
    if (!ok) {
      in->fn = execUndecodable;
      in->size = 4;
    } else {
      EmuExecFn fn = emuHandlerFind(in->name);
      in->fn = fn ? fn : execUnimplemented;
      if (fn && (in->flags & EMU_F_SDWA)) {
        in->inner = fn;
        in->fn = execSdwa;
      } else if (fn && (in->flags & EMU_F_DPP)) {
        in->inner = fn;
        in->fn = execDpp;
      }
    }
    emuInstInfoCompute(in, ok, chip, &prog->infos[i]);
    for (size_t k = 1; k < in->size / 4u && i + k < n; k++) {
      prog->insts[i + k].fn = execMidInstruction;
      prog->insts[i + k].raw[0] = in->raw[k < 2 ? k : 1];
      prog->insts[i + k].size = 4;
    }
    i += in->size / 4u;
  }
  return prog;
}

void emuProgramDestroy(EmuProgram *prog) {
  if (!prog)
    return;
  flyFree(prog->insts);
  flyFree(prog->infos);
  flyFree(prog);
}

const EmuInstInfo *emuProgramInstInfo(const EmuProgram *prog, uint64_t pc) {
  if ((pc & 3) || (pc >> 2) >= prog->numSlots || prog->insts[pc >> 2].fn == execMidInstruction)
    return NULL;
  return &prog->infos[pc >> 2];
}

/* GPR indexing mode (s_set_gpr_idx_on, ISA guide §4.6 / S_SET_GPR_IDX_ON):
 * M0[7:0] is added to the VGPR operands that M0[15:12] enables (SRC0, SRC1,
 * SRC2, VDST) of VALU instructions. Runs a patched copy of the instruction. */
static int runIndexed(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  EmuInst t = *in;
  unsigned idx = w->m0 & 255, mode = (w->m0 >> 12) & 15;
  for (int i = 0; i < 3; i++)
    if (((mode >> i) & 1) && t.src[i] >= 256)
      t.src[i] = (uint16_t)(256 + ((t.src[i] - 256 + idx) & 255));
  if ((mode & 8) && (t.flags & EMU_F_VDST))
    t.dst = (uint16_t)((t.dst + idx) & 255);
  return t.fn(w, &t, c);
}

/* The MODE bits that change how instructions run: VSKIP skips the vector
 * formats (S_SETVSKIP: no VOP, buffer, image, DS or FLAT instructions are
 * issued; skipped memory instructions do not count), GPR_IDX_EN indexes
 * VALU operands. */
static bool vectorFormat(EmuFormat f) {
  switch (f) {
  case EMU_FMT_VOP2: case EMU_FMT_VOP1: case EMU_FMT_VOPC: case EMU_FMT_VOP3:
  case EMU_FMT_VOP3P: case EMU_FMT_MAI: case EMU_FMT_DS: case EMU_FMT_MUBUF:
  case EMU_FMT_FLAT: case EMU_FMT_SCRATCH: case EMU_FMT_GLOBAL: case EMU_FMT_MTBUF:
    return true;
  default:
    return false;
  }
}

static int runModal(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  if ((w->mode & EMU_MODE_VSKIP) && vectorFormat((EmuFormat)in->fmt))
    return EMU_STEP_NEXT;
  if ((w->mode & EMU_MODE_GPR_IDX_EN) && (in->flags & EMU_F_VALU))
    return runIndexed(w, in, c);
  return in->fn(w, in, c);
}

/* A pc outside the code, or not on a dword: a memory fault at pc. */
static int pcFault(EmuWave *w, const EmuProgram *prog, FlyEmuFault *fault, uint64_t pc) {
  fault->kind = FLY_EMU_FAULT_MEMORY;
  fault->pc = pc;
  fault->address = prog->textAddr + pc;
  fault->lane = -1;
  fault->wave = (int)w->waveInGroup;
  memcpy(fault->group, w->groupId, sizeof(fault->group));
  snprintf(fault->message, sizeof(fault->message),
           "program counter 0x%llx outside the code (%zu bytes)", (unsigned long long)pc,
           prog->numSlots * 4);
  return EMU_STOP_FAULT;
}

static int limitFault(EmuWave *w, const EmuInst *in, EmuCtx *c) {
  return emuFault(c, in, FLY_EMU_FAULT_LIMIT, -1, 0,
                  "the wave ran %llu instructions without ending (an endless loop?)",
                  (unsigned long long)w->retired);
}

EmuStop emuWaveRun(EmuWave *w, const EmuExecEnv *env, FlyEmuFault *fault) {
  const EmuProgram *prog = env->prog;
  EmuCtx c = {env, prog->insts, 0, fault, env->chip, w, NULL, NULL};
  const EmuInst *insts = prog->insts;
  size_t n = prog->numSlots;
  for (;;) {
    uint64_t pc = w->pc;
    if ((pc & 3) || (pc >> 2) >= n)
      return (EmuStop)pcFault(w, prog, fault, pc);
    const EmuInst *in = &insts[pc >> 2];
    c.pc = pc;
    if (env->maxRetired && w->retired >= env->maxRetired) {
      limitFault(w, in, &c);
      return EMU_STOP_FAULT;
    }
    w->pc = pc + in->size;
    w->retired++;
    int r = w->mode & (EMU_MODE_GPR_IDX_EN | EMU_MODE_VSKIP) ? runModal(w, in, &c)
                                                             : in->fn(w, in, &c);
    if (r != EMU_STEP_NEXT) {
      if (r == EMU_STEP_ENDPGM)
        return EMU_STOP_ENDPGM;
      if (r == EMU_STEP_BARRIER)
        return EMU_STOP_BARRIER;
      return EMU_STOP_FAULT;
    }
  }
}

/* One instruction of emuWaveRun's loop, with the stepping hooks of EmuCtx
 * set: loads' results go to `fx` (when set), addresses to out->mem. */
int emuWaveStep(EmuWave *w, const EmuExecEnv *env, EmuEffects *fx, EmuStepOut *out,
                FlyEmuFault *fault) {
  const EmuProgram *prog = env->prog;
  EmuCtx c = {env, prog->insts, 0, fault, env->chip, w, fx, NULL};
  uint64_t pc = w->pc;
  if (fx) {
    fx->count = 0;
    fx->overflow = false;
  }
  if (out) {
    memset(out, 0, sizeof(*out));
    out->pc = pc;
    out->exec = w->exec;
    c.mem = &out->mem;
  }
  if ((pc & 3) || (pc >> 2) >= prog->numSlots)
    return pcFault(w, prog, fault, pc);
  const EmuInst *in = &prog->insts[pc >> 2];
  c.pc = pc;
  if (out)
    out->info = &prog->infos[pc >> 2];
  if (env->maxRetired && w->retired >= env->maxRetired) {
    limitFault(w, in, &c);
    return EMU_STOP_FAULT;
  }
  w->pc = pc + in->size;
  w->retired++;
  int r = w->mode & (EMU_MODE_GPR_IDX_EN | EMU_MODE_VSKIP) ? runModal(w, in, &c)
                                                           : in->fn(w, in, &c);
  if (out)
    out->branchTaken = w->pc != pc + in->size;
  if (r == EMU_STEP_FAULT)
    return EMU_STOP_FAULT;
  if (fx && fx->overflow)
  {
    emuFault(&c, in, FLY_EMU_FAULT_INVALID, -1, 0,
             "%s: more than %u deferred effects (the effect record is too small)", in->name,
             fx->cap);
    return EMU_STOP_FAULT;
  }
  if (r == EMU_STEP_ENDPGM)
    return EMU_STOP_ENDPGM;
  if (r == EMU_STEP_BARRIER)
    return EMU_STOP_BARRIER;
  return EMU_STOP_STEPPED;
}
