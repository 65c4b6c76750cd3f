/*===- emu_isa.h - The emulator's ISA side: decoded instructions ----------===*
 *
 * Private to the ISA side (emu_decode*.c, emu_exec*.c, emu_fp*.c,
 * emu_mfma*.c). A kernel's .text is decoded once into an array of EmuInst
 * indexed by pc/4; each entry carries its handler, so emuWaveRun is a loop
 * of indirect calls. Operand fields are pre-extracted at decode time; only
 * scalar-register reads are left to run time.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_EMU_ISA_H
#define FLYC_EMU_ISA_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "emu_internal.h"
#include "emu_step.h"

/*--- Opcode tables (emu_decode_tables.c) -----------------------------------*/

/* Which chips have an opcode; EMU_CHIP_MFMA: an MFMA form, whose chips are
   the hardware table's (flyc/hw.h). */
enum { EMU_CHIP_942 = 1, EMU_CHIP_950 = 2, EMU_CHIP_ALL = 3, EMU_CHIP_MFMA = 4 };

/// One opcode of one format: LLVM's mnemonic and the chips that have it.
typedef struct EmuOpName {
  const char *name;
  uint8_t chips;
} EmuOpName;

/// Whether `chip` has the opcode of entry `e` (a named one).
bool emuOpOnChip(const EmuOpName *e, FlyChip chip);

extern const EmuOpName emuOpNamesSop2[128], emuOpNamesSopk[32],
    emuOpNamesSop1[256], emuOpNamesSopc[128], emuOpNamesSopp[128],
    emuOpNamesSmem[256], emuOpNamesVop2[64], emuOpNamesVop1[256],
    emuOpNamesVopc[256], emuOpNamesVop3[1024], emuOpNamesVop3p[128],
    emuOpNamesDs[256], emuOpNamesMubuf[128], emuOpNamesFlat[128],
    emuOpNamesScratch[128], emuOpNamesGlobal[128], emuOpNamesMtbuf[16];

/*--- Decoded instructions --------------------------------------------------*/

/// Encoding formats.
typedef enum EmuFormat {
  EMU_FMT_INVALID = 0, EMU_FMT_SOP2, EMU_FMT_SOPK, EMU_FMT_SOP1, EMU_FMT_SOPC,
  EMU_FMT_SOPP, EMU_FMT_SMEM, EMU_FMT_VOP2, EMU_FMT_VOP1, EMU_FMT_VOPC,
  EMU_FMT_VOP3, EMU_FMT_VOP3P, EMU_FMT_MAI, EMU_FMT_DS, EMU_FMT_MUBUF,
  EMU_FMT_FLAT, EMU_FMT_SCRATCH, EMU_FMT_GLOBAL, EMU_FMT_MTBUF,
} EmuFormat;

/// Handler results.
enum {
  EMU_STEP_NEXT = 0,   /* continue with wave->pc */
  EMU_STEP_ENDPGM,
  EMU_STEP_BARRIER,
  EMU_STEP_FAULT,
};

/// Operand codes of the 9-bit source fields that the decoder gives names to.
enum {
  EMU_OP_VCC_LO = 106, EMU_OP_VCC_HI = 107, EMU_OP_M0 = 124,
  EMU_OP_EXEC_LO = 126, EMU_OP_EXEC_HI = 127, EMU_OP_SDWA = 249,
  EMU_OP_DPP = 250, EMU_OP_VCCZ = 251, EMU_OP_EXECZ = 252, EMU_OP_SCC = 253,
  EMU_OP_LITERAL = 255, EMU_OP_VGPR = 256,
};

/// Flags in EmuInst.flags.
enum {
  EMU_F_SDWA = 1u << 0,
  EMU_F_DPP = 1u << 1,
  EMU_F_LIT = 1u << 2,       /* has a 32-bit literal */
  EMU_F_VOP3 = 1u << 3,      /* came from the VOP3 encoding */
  EMU_F_OFFEN = 1u << 4, EMU_F_IDXEN = 1u << 5, EMU_F_LDS = 1u << 6,
  EMU_F_GLC = 1u << 7,       /* sc0 / glc: atomics return the old value */
  EMU_F_SCALE = 1u << 8,     /* scaled MFMA (16-byte form) */
  EMU_F_SDWA_SEXT0 = 1u << 9, EMU_F_SDWA_SEXT1 = 1u << 10,
  EMU_F_BOUNDCTRL = 1u << 11,
  EMU_F_IMM = 1u << 12,      /* SMEM: offset is an immediate */
  EMU_F_SOE = 1u << 13,      /* SMEM: soffset present */
  EMU_F_VALU = 1u << 14,     /* VALU: GPR indexing mode applies to VGPR operands */
  EMU_F_VDST = 1u << 15,     /* VALU whose dst field names a VGPR */
  EMU_F_SC1 = 1u << 16,      /* memory: sc1 (gfx940 cache policy) */
  EMU_F_NT = 1u << 17,       /* memory: nt (non-temporal) */
  EMU_F_NV = 1u << 18,       /* SMEM: non-volatile */
};

typedef struct EmuInst EmuInst;
typedef struct EmuCtx EmuCtx;
typedef int (*EmuExecFn)(EmuWave *w, const EmuInst *in, EmuCtx *c);

/// One decoded instruction. Field meaning depends on the format; the
/// decoder documents each in emu_decode.c.
struct EmuInst {
  EmuExecFn fn;
  EmuExecFn inner;        /* SDWA/DPP wrappers run this as the operation */
  const char *name;       /* LLVM mnemonic, or NULL when undecodable */
  uint32_t raw[2];        /* first two dwords, for messages */
  uint32_t lit;           /* literal (src code 255) */
  int32_t imm;            /* simm16, memory offset */
  uint16_t src[3];        /* operand codes; 256+ = VGPR */
  uint16_t dst;           /* VGPR/AGPR index (0..511) or SGPR code */
  uint16_t sdst;          /* second (scalar) destination code */
  uint32_t flags;
  uint16_t op;
  uint8_t fmt, size;
  uint8_t neg, abs, negHi, opsel, opselHi, clamp, omod;
  /* Memory: vreg indices (0..511, 256+ = AGPR), scalar bases. */
  uint16_t addr, data0, data1;
  uint8_t offset1, sbase, soff, seg;
  /* SDWA / DPP. */
  uint8_t dstSel, dstUnused, sel0, sel1, rowMask, bankMask;
  uint16_t dppCtrl;
  /* MFMA. */
  uint8_t cbsz, abid, blgp;
  uint16_t scaleSrc[2];   /* scaled MFMA: A/B scale operand codes */
  uint8_t scaleSel[2];    /* byte select 0..3 */
  uint16_t va, vb, vc;    /* MFMA A/B/C vreg indices (256+ = AGPR) */
  uint8_t fmtBits;        /* MTBUF: dfmt | nfmt << 4 */
};

/// A decoded kernel (.text).
struct EmuProgram {
  EmuInst *insts;         /* size/4 slots; slots inside an instruction are invalid */
  EmuInstInfo *infos;     /* the timing facts of insts[i] (emu_info.c) */
  size_t numSlots;
  uint64_t textAddr;
  FlyChip chip;
};

/// Run-time context of emuWaveRun, passed to every handler.
struct EmuCtx {
  const EmuExecEnv *env;
  const EmuInst *base;    /* insts[0] */
  uint64_t pc;            /* byte offset of the executing instruction */
  FlyEmuFault *fault;
  FlyChip chip;
  EmuWave *wave;
  /* Stepping (emuWaveStep, emu_step.h); both NULL in emuWaveRun. */
  EmuEffects *fx;         /* loads' register writes and DMA's LDS writes go here */
  EmuStepMem *mem;        /* per-lane addresses of the access go here */
};

/// Flat-address apertures (the values src_shared_base / src_private_base
/// read): a flat address whose high 32 bits equal EMU_SHARED_APERTURE_HI
/// addresses LDS, EMU_PRIVATE_APERTURE_HI scratch.
enum { EMU_SHARED_APERTURE_HI = 0x10000u, EMU_PRIVATE_APERTURE_HI = 0x20000u };

/*--- Handler registry (emu_exec*.c, emu_mfma*.c) ---------------------------*/

/// Maps a mnemonic to its handler.
typedef struct EmuHandler {
  const char *name;
  EmuExecFn fn;
} EmuHandler;

/// Each family file exports its table; emu_decode.c searches them all.
extern const EmuHandler emuScalarHandlers[];
extern const EmuHandler emuVIntHandlers[];
extern const EmuHandler emuVFloatHandlers[];
extern const EmuHandler emuCvtHandlers[];
extern const EmuHandler emuLaneHandlers[];
extern const EmuHandler emuMemHandlers[];
extern const EmuHandler emuLdsHandlers[];
extern const EmuHandler emuMfmaHandlers[];

/// Decodes the instruction at `code` (at most `avail` bytes) into `out`.
/// Returns false when the bytes are no valid instruction for `chip`; `out`
/// then describes the raw encoding for the fault message.
bool emuDecodeOne(const uint8_t *code, size_t avail, FlyChip chip,
                  EmuInst *out);

/// Finds the handler of a v_cmp/v_cmpx/v_cmp_class mnemonic (emu_exec_vcmp.c).
EmuExecFn emuCmpHandlerFind(const char *name);

/// Finds the handler of a FLAT/GLOBAL/SCRATCH/MUBUF mnemonic (emu_exec_mem.c).
EmuExecFn emuMemHandlerFind(const char *name);

/// Finds the handler of a v_mfma_* mnemonic (emu_mfma.c).
EmuExecFn emuMfmaHandlerFind(const char *name);

/// Looks `name` up in the handler tables (NULL when not implemented).
EmuExecFn emuHandlerFind(const char *name);

/// Prints `in` in LLVM's assembly syntax (the text LLVM 22's disassembler
/// gives the same bytes) into buf (cap bytes, NUL-terminated, truncated if
/// needed). Returns the length the full text needs (emu_format.c).
size_t emuFormat(const EmuInst *in, char *buf, size_t cap);

/*--- Helpers shared by the handlers (emu_exec.c) ----------------------------*/

/// Byte offset in .text of the executing instruction `in`.
static inline uint64_t emuInstPc(const EmuCtx *c, const EmuInst *in) {
  (void)in;
  return c->pc;
}

/// MODE.GPR_IDX_EN (bit 27 of the gfx9 MODE register): VGPR indexing on;
/// MODE.VSKIP (bit 28, ISA guide MODE register): vector instructions (VOP*,
/// MFMA, DS, buffer, FLAT/global/scratch) are not issued.
enum { EMU_MODE_GPR_IDX_EN = 1u << 27, EMU_MODE_VSKIP = 1u << 28 };

/// Raises a fault of `kind` at `in` and returns EMU_STEP_FAULT.
int emuFault(EmuCtx *c, const EmuInst *in, FlyEmuFaultKind kind, int lane,
             uint64_t addr, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/// Reads a 32-bit scalar operand (SGPR, special register, constant,
/// literal). `f16` selects the f16 spelling of the float inline constants.
uint32_t emuReadScalar32(const EmuWave *w, const EmuInst *in, unsigned code,
                         bool f16);
/// Reads a 64-bit scalar operand; `f64` selects f64 inline constants and the
/// literal-in-high-half rule of f64 operands.
uint64_t emuReadScalar64(const EmuWave *w, const EmuInst *in, unsigned code,
                         bool f64);
/// Writes a scalar destination (SGPR, VCC, M0, EXEC halves).
void emuWriteScalar32(EmuWave *w, unsigned code, uint32_t v);
void emuWriteScalar64(EmuWave *w, unsigned code, uint64_t v);

/// The 64 lanes of vector register `r` (0..255 VGPR, 256..511 AGPR).
static inline uint32_t *emuVReg(EmuWave *w, unsigned r) {
  return r < 256 ? w->vgpr[r] : w->agpr[(r - 256) & 255];
}

/// Source i of a VALU instruction as 64 lanes of 32 bits. Returns a pointer
/// into the register file or into `buf` (constants, SGPRs, SDWA/DPP and
/// float modifiers). `kind` is one of EMU_SRC_*: F32, F16 and BF16 take float
/// modifiers (neg/abs on bit 31 or bit 15); F16 and I16 (16-bit and packed
/// 16-bit operands) give the float inline constants as f16 bit patterns,
/// BF16 and BF16P (packed, no modifiers) as bf16 patterns, as LLVM decodes
/// them; B32 and F32 as f32 patterns.
enum {
  EMU_SRC_B32 = 0, EMU_SRC_F32 = 1, EMU_SRC_F16 = 2, EMU_SRC_I16 = 3, EMU_SRC_BF16 = 4,
  EMU_SRC_BF16P = 5,
};
const uint32_t *emuSrc32(EmuWave *w, const EmuInst *in, int i, int kind,
                         uint32_t buf[EMU_WAVE_LANES]);
/// Source i as 64 lanes of 64 bits (VGPR pair or scalar); `f64` applies
/// f64 constants and abs/neg.
void emuSrc64(EmuWave *w, const EmuInst *in, int i, bool f64,
              uint64_t out[EMU_WAVE_LANES]);

/// Applies the VOP3 output modifiers (omod, clamp) to an f32 result.
float emuOutModF32(const EmuInst *in, float x);

/// Lanes a VALU instruction writes.
static inline bool emuLaneOn(const EmuWave *w, unsigned l) {
  return (w->exec >> l) & 1u;
}

/// The register operands an instruction names, in LLVM's operand order
/// (emu_format.c lists the ones its text shows: destinations as
/// EMU_OPND_DST, everything else as EMU_OPND_SRC; constants and literals
/// are no registers). SGPR ranges use the scalar operand codes (s0..s101,
/// VCC 106, M0 124, EXEC 126, SCC 253), VGPR/AGPR ranges indices 0..255.
/// What a DST field means (written, read, or both) is emu_info.c's to say.
enum { EMU_OPND_SRC = 0, EMU_OPND_DST = 1, EMU_MAX_OPERANDS = 12 };
typedef struct EmuOperand {
  EmuRegRange range;
  uint8_t role;           /* EMU_OPND_SRC / EMU_OPND_DST */
} EmuOperand;
typedef struct EmuOperandList {
  EmuOperand ops[EMU_MAX_OPERANDS];
  unsigned n;
  bool overflow;
} EmuOperandList;
void emuOperandsList(const EmuInst *in, EmuOperandList *out);

/// Fills the timing facts of a decoded instruction (emu_info.c); `ok` is
/// false for an undecodable one (it then only gets a unit and a name).
/// Returns false when its registers do not fit EmuInstInfo's lists (a bug
/// the instruction-facts test looks for).
bool emuInstInfoCompute(const EmuInst *in, bool ok, FlyChip chip, EmuInstInfo *out);

/*--- Results of loads and addresses touched (emu_step.c) ---------------------*/

/// Deferred-effect recording: the slow halves of emuLoadV/emuLoadS/emuDmaLds
/// (called only when c->fx is set).
void emuFxVReg(EmuCtx *c, unsigned r, unsigned lane, uint32_t v, unsigned half);
void emuFxSReg(EmuCtx *c, unsigned code, uint32_t v);
void emuFxLds(EmuCtx *c, uint32_t lds0, uint32_t stride, unsigned lane, uint32_t v);
/// Records lane `lane`'s LDS offset / device address in c->mem (set).
void emuNoteLds(EmuCtx *c, unsigned lane, uint32_t off, unsigned bytes);
void emuNoteGlobal(EmuCtx *c, unsigned lane, uint64_t addr, unsigned bytes);

/// Every register write that returns memory data (loads, atomics with
/// return, DS reads and DS ops that return data) goes through these, so
/// that stepping can defer it to the instruction's completion (emu_step.h).
/// `half` 0: the whole dword; 1: bits 15:0, 2: bits 31:16 (d16 loads).
static inline void emuLoadV(EmuWave *w, EmuCtx *c, unsigned r, unsigned lane, uint32_t v) {
  if (__builtin_expect(c->fx != NULL, 0))
    emuFxVReg(c, r, lane, v, 0);
  else
    emuVReg(w, r)[lane] = v;
}
static inline void emuLoadV16(EmuWave *w, EmuCtx *c, unsigned r, unsigned lane, uint32_t v,
                              unsigned half) {
  if (__builtin_expect(c->fx != NULL, 0)) {
    emuFxVReg(c, r, lane, v & 0xffff, half);
    return;
  }
  uint32_t *d = &emuVReg(w, r)[lane];
  *d = half == 2 ? (*d & 0xffff) | v << 16 : (*d & 0xffff0000u) | (v & 0xffff);
}
/// The SGPR side (SMEM loads, s_memtime, scalar atomics with return).
static inline void emuLoadS(EmuWave *w, EmuCtx *c, unsigned code, uint32_t v) {
  if (__builtin_expect(c->fx != NULL, 0))
    emuFxSReg(c, code, v);
  else
    emuWriteScalar32(w, code, v);
}

/// The hot memory handlers (DS reads and writes, FLAT/GLOBAL, MUBUF, LDS
/// DMA) keep their lane loops in an EMU_HOT body with a `bool step`
/// parameter and call it with a constant: `false` in functional mode, a loop
/// without any of the hooks (as fast as before stepping existed), `true`
/// when stepping, with the results through emuLoadV* and the addresses
/// noted.
#define EMU_HOT static inline __attribute__((always_inline))
static inline bool emuStepping(const EmuCtx *c) { return c->fx != NULL || c->mem != NULL; }

/// The address notes, for the timing model's banks and cache lines.
static inline void emuMemLds(EmuCtx *c, unsigned lane, uint32_t off, unsigned bytes) {
  if (__builtin_expect(c->mem != NULL, 0))
    emuNoteLds(c, lane, off, bytes);
}
static inline void emuMemGlobal(EmuCtx *c, unsigned lane, uint64_t addr, unsigned bytes) {
  if (__builtin_expect(c->mem != NULL, 0))
    emuNoteGlobal(c, lane, addr, bytes);
}

#endif /* FLYC_EMU_ISA_H */
