/*===- emu_step.h - One instruction at a time, for the timing model --------===*
 *
 * The contract between the ISA side and the timing model (machine side).
 * In timing mode the machine side issues one instruction of a wave at a
 * time, at the cycle its model allows, with emuWaveStep. The ISA side
 * executes it and tells what the model needs:
 *   - static facts of the instruction (its unit, issue cost, the counter
 *     it increments, the registers it reads and writes), computed once at
 *     decode and shared by every wave;
 *   - the addresses it touches this time (LDS per lane, global per lane);
 *   - the effects that become visible only when it completes: the VGPRs
 *     and SGPRs a load writes and the LDS bytes an LDS DMA writes. Those
 *     are recorded in an EmuEffects record instead of applied; the machine
 *     side applies the record with emuEffectsApply at the completion cycle.
 * Memory itself is read and written at issue (global loads, stores and
 * atomics, ds_read/ds_write): only the register side of a load and the LDS
 * side of a DMA wait for completion, which is what a kernel's s_waitcnt
 * and s_barrier order on hardware.
 *
 * emuWaveRun (functional mode) applies every effect at once and is
 * unchanged in speed.
 *
 * Refinements of the first version of this contract (same meaning):
 *   - an LDS effect is one dword column of a DMA (index = lane stride)
 *     rather than one entry per lane; EmuEffect gained `half` for d16
 *     loads; EMU_MAX_EFFECTS (16) entries always suffice;
 *   - EMU_MAX_READS / EMU_MAX_WRITES are 8 / 3 (were 6 / 2); SGPR ranges
 *     name the operand codes, with VCC 106, M0 124, EXEC 126 and SCC 253;
 *   - EmuStepMem gained `lds2` for the second element of read2/write2.
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_EMU_STEP_H
#define FLYC_EMU_STEP_H

#include <stdbool.h>
#include <stdint.h>

#include "emu_internal.h"

/*--- Static facts of a decoded instruction ---------------------------------*/

/// The unit an instruction issues to (cdna-timing-facts §1: one instruction
/// per category per SIMD slot; MFMA issues through the VALU category but
/// occupies the SIMD's matrix core for its passes).
typedef enum EmuUnit {
  EMU_UNIT_SALU = 0,
  EMU_UNIT_VALU,
  EMU_UNIT_MFMA,
  EMU_UNIT_VMEM,        /* buffer/global/flat/scratch, incl. LDS DMA */
  EMU_UNIT_LDS,         /* ds_* */
  EMU_UNIT_SMEM,        /* s_load/s_buffer_load/s_store/s_atomic/s_memtime */
  EMU_UNIT_BRANCH,      /* s_branch, s_cbranch_*, s_setpc/swappc */
  EMU_UNIT_INTERNAL,    /* s_nop, s_waitcnt, s_barrier, s_sleep, s_setprio, s_endpgm, ... */
  EMU_NUM_UNITS
} EmuUnit;

/// Flags of EmuInstInfo.
enum {
  EMU_I_LOAD = 1u << 0,       /* returns data to registers */
  EMU_I_STORE = 1u << 1,
  EMU_I_ATOMIC = 1u << 2,
  EMU_I_LDS_DMA = 1u << 3,    /* buffer/global load ... lds */
  EMU_I_TRANS = 1u << 4,      /* transcendental VALU */
  EMU_I_WAITCNT = 1u << 5,
  EMU_I_BARRIER = 1u << 6,
  EMU_I_NOP = 1u << 7,
  EMU_I_SLEEP = 1u << 8,
  EMU_I_SETPRIO = 1u << 9,
  EMU_I_ENDPGM = 1u << 10,
  EMU_I_WRITES_EXEC = 1u << 11,
  EMU_I_DGEMM = 1u << 12,     /* f64 MFMA */
  EMU_I_SMEM_OOO = 1u << 13,  /* SMEM: may return out of order */
};

/// A range of registers: kind, first index, count. VGPR and AGPR ranges
/// count from v0/a0 (0..255). SGPR ranges use the scalar operand codes:
/// s0..s101 are 0..101, VCC is 106 (count 2; vcc_lo/vcc_hi alone 106/107),
/// M0 124, EXEC 126 (count 2; exec_lo/exec_hi 126/127) and SCC 253
/// (count 1). flat_scratch, xnack_mask, ttmp and null are not listed.
typedef enum EmuRegKind { EMU_REG_SGPR = 0, EMU_REG_VGPR = 1, EMU_REG_AGPR = 2 } EmuRegKind;
typedef struct EmuRegRange {
  uint8_t kind;
  uint8_t count;          /* 0: unused slot */
  uint16_t first;
} EmuRegRange;

/* (8 and 3 rather than the first version's 6 and 2: a buffer DMA reads
 * vaddr, srsrc, soffset, M0 and EXEC, s_and_saveexec_b64 writes sdst, EXEC
 * and SCC.) */
enum { EMU_MAX_READS = 8, EMU_MAX_WRITES = 3 };

/// What the timing model needs to know of an instruction, independent of
/// the wave that runs it. Filled at decode.
typedef struct EmuInstInfo {
  uint8_t unit;               /* EmuUnit */
  uint8_t vmInc, lgkmInc;     /* counter increments at issue */
  uint8_t mfmaPasses;         /* MFMA: passes (flyHwMfmaPasses), else 0 */
  uint16_t issueCycles;       /* cycles the unit is busy for one wave64 */
  uint16_t flags;             /* EMU_I_* */
  uint16_t nopWaitStates;     /* s_nop N: N + 1 */
  uint8_t waitVm, waitLgkm;   /* s_waitcnt thresholds (vmcntMax/lgkmcntMax: no wait) */
  uint16_t sleepArg;          /* s_sleep N */
  uint8_t prio;               /* s_setprio N */
  uint8_t bytesPerLane;       /* memory: data bytes per lane */
  EmuRegRange reads[EMU_MAX_READS];   /* registers read, in operand order (sources,
                                         addresses, store data); an MFMA's are SrcA,
                                         SrcB, SrcC, then its scale operands */
  EmuRegRange writes[EMU_MAX_WRITES]; /* registers written (vdst, sdst; a load's destination) */
  const char *name;           /* LLVM mnemonic; NULL for an undecodable slot */
} EmuInstInfo;

/// The facts of the instruction at byte offset `pc` of `prog`; NULL when
/// `pc` is no instruction start (outside the code, unaligned, or inside a
/// longer instruction). An undecodable dword has facts with a NULL name
/// and unit EMU_UNIT_INTERNAL (executing it faults).
const EmuInstInfo *emuProgramInstInfo(const EmuProgram *prog, uint64_t pc);

/*--- Effects at completion -------------------------------------------------------*/

/// The deferred part of one instruction: register writes of a load, LDS
/// writes of a DMA. Owned by the caller of emuWaveStep, which passes a
/// record with `cap` entries (EMU_MAX_EFFECTS always suffice); the ISA side
/// appends to it. One entry covers all lanes of one register (VREG), one
/// scalar destination dword (SREG) or one dword of every lane of an LDS DMA
/// (LDS), so an instruction makes at most 16 entries (s_load_dwordx16).
///   VREG: vector register `index` (0..255 VGPR, 256..511 AGPR) gets
///         value[l] in every lane l of `lanes`; `half` 0 writes the whole
///         dword, 1 only bits 15:0, 2 only bits 31:16 (d16 loads: the other
///         half is the register's value at completion, not at issue).
///   SREG: scalar destination operand code `index` (s0..s101, VCC_LO/HI,
///         M0, EXEC_LO/HI) gets value[0].
///   LDS:  lane l of `lanes` writes `bytes` (4) bytes of value[l] at LDS
///         byte offset lds + l * index (index = the DMA's lane stride, 4 or
///         16; offsets wrap at 32 bits); a write outside the workgroup's LDS
///         is dropped, as the DMA drops it.
/// (Refinement of the first version of this header, which had one LDS entry
/// per lane: a dwordx4 DMA now takes 4 entries instead of 64.)
typedef enum EmuEffectKind { EMU_EFF_VREG = 0, EMU_EFF_SREG = 1, EMU_EFF_LDS = 2 } EmuEffectKind;
enum { EMU_MAX_EFFECTS = 16 };
typedef struct EmuEffect {
  uint8_t kind;           /* EmuEffectKind */
  uint8_t bytes;          /* LDS: bytes per lane (4); regs: 4 */
  uint8_t half;           /* VREG: 0 whole dword, 1 low half, 2 high half */
  uint16_t index;         /* VREG: 0..511 (256+ AGPR); SREG: operand code; LDS: lane stride */
  uint32_t lds;           /* LDS: byte offset of lane 0 */
  uint64_t lanes;         /* VREG, LDS: lanes written */
  uint32_t value[64];     /* VREG, LDS: per lane; SREG: value[0] */
} EmuEffect;

typedef struct EmuEffects {
  EmuEffect *items;
  uint32_t count, cap;
  bool overflow;          /* more effects than cap: the step faults */
} EmuEffects;

/// Applies `fx` to `wave` (registers) and its workgroup's LDS.
void emuEffectsApply(EmuWave *wave, const EmuEffects *fx);

/*--- Stepping ---------------------------------------------------------------------*/

/// Per-lane addresses an instruction touched this time.
typedef struct EmuStepMem {
  uint64_t lanes;          /* lanes that accessed memory */
  uint32_t lds[64];        /* LDS byte offsets (ds_*, and the LDS side of a DMA) */
  uint64_t global[64];     /* device addresses (VMEM/SMEM; SMEM uses global[0]) */
  uint8_t bytes;           /* per lane (per element of a read2/write2; an LDS DMA:
                              the bytes it writes to LDS) */
  bool hasLds, hasGlobal;
  uint32_t lds2;           /* ds_read2/write2/wrxchg2: lane l's second element is at
                              lds[l] + lds2 (0: one element per lane) */
} EmuStepMem;

/// What one emuWaveStep did.
typedef struct EmuStepOut {
  const EmuInstInfo *info;
  uint64_t pc;             /* the instruction's pc */
  uint64_t exec;           /* EXEC when it issued */
  EmuStepMem mem;
  bool branchTaken;
} EmuStepOut;

/// Executes the one instruction at wave->pc. With `fx` non-NULL the
/// deferred effects go to `fx` (cleared first) instead of the registers and
/// LDS; with `fx` NULL everything applies at once, as in emuWaveRun.
/// Returns like emuWaveRun: EMU_STOP_BARRIER after an s_barrier (pc past
/// it), EMU_STOP_ENDPGM, EMU_STOP_FAULT with `fault`; otherwise
/// EMU_STOP_STEPPED.
enum { EMU_STOP_STEPPED = 3 };
int emuWaveStep(EmuWave *wave, const EmuExecEnv *env, EmuEffects *fx, EmuStepOut *out,
                FlyEmuFault *fault);

#endif /* FLYC_EMU_STEP_H */
