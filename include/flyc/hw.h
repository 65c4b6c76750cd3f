/*===- flyc/hw.h - The hardware facts of the chips and products flyc models ===*
 *
 * One table, read by every part of flyc that needs a hardware fact: the
 * compiler's MFMA atom choice and target checks, the resource report, the
 * GEMM generators, the emulator and its timing model. Adding an MFMA form,
 * a chip or a product touches lib/support/hw.c only.
 *
 * Sources are named next to each value in hw.c (mostly the CDNA3/CDNA4 ISA
 * guides, LLVM's AMDGPU scheduling model and hazard recognizer, AMD's white
 * papers and ROCm documentation; see docs/hardware.md, generated from this
 * table). A value no source confirms is marked as an assumption there and is
 * a parameter here, never a constant buried in a consumer.
 *
 * Units: cycles are shader-clock cycles; a wait state is one issue slot of a
 * wave (FlyHwCu.waitStateCycles clocks); bandwidths are bytes per shader
 * clock per the unit named (CU, XCD, device).
 *===----------------------------------------------------------------------===*/
#ifndef FLYC_HW_H
#define FLYC_HW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "flyc/chip.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { FLY_HW_NUM_CHIPS = 2 };

/*--- Compute unit -----------------------------------------------------------*/

/// One compute unit: SIMDs, wave slots, register files, issue rules.
typedef struct FlyHwCu {
  uint32_t simds;            /* 4 */
  uint32_t lanesPerSimd;     /* 16 */
  uint32_t waveSize;         /* 64 */
  uint32_t maxWavesPerSimd;  /* 8 */
  uint32_t vgprsPerLane;     /* unified VGPR+AGPR budget per lane: 512 */
  uint32_t archVgprs;        /* architectural VGPRs a wave can name: 256 */
  uint32_t vgprGranule;      /* allocation granule of VGPR+AGPR: 8 */
  uint32_t sgprsPerWave;     /* 104 (+ VCC) */
  uint32_t issueCategories;  /* instructions per SIMD slot, one per category: 5 */
  uint32_t waitStateCycles;  /* clocks per wait state / issue slot: 4 (assumption) */
  uint32_t valuCycles;       /* full-rate VALU instruction of a wave64: 4 */
  uint32_t transCycles;      /* transcendental (quarter rate): 16 */
  uint32_t dpValuCycles;     /* f64 FMA: 4 (gfx942) */
  uint32_t saluCycles;       /* SALU instruction: 4 (one slot) */
  uint32_t branchCycles;     /* taken branch: fetch redirect (assumption) */
  uint32_t barrierCycles;    /* s_barrier release after the last arrival (assumption) */
  uint32_t mfmaCoexecDelay;  /* VALU may issue this many clocks after an XDL MFMA: 4 */
  uint32_t mfmaPassCycles;   /* clocks per MFMA pass: 4 */
  uint32_t sleepCycles;      /* s_sleep N sleeps at most N times this: 64 (ISA4 s_sleep) */
} FlyHwCu;

/*--- LDS ----------------------------------------------------------------------*/

/// LDS access widths that have their own lane-phase table.
typedef enum FlyHwLdsAccess {
  FLY_HW_LDS_READ_B32 = 0, FLY_HW_LDS_READ_B64, FLY_HW_LDS_READ_B96, FLY_HW_LDS_READ_B128,
  FLY_HW_LDS_WRITE_B32, FLY_HW_LDS_WRITE_B64, FLY_HW_LDS_WRITE_B96, FLY_HW_LDS_WRITE_B128,
  FLY_HW_LDS_READ_TR,        /* ds_read_b64_tr_*, ds_read_b96_tr_b6 */
  FLY_HW_LDS_DMA,            /* buffer/global load ... lds: the LDS write side */
  FLY_HW_LDS_NUM_ACCESSES
} FlyHwLdsAccess;

/// Lanes of one phase may conflict on a bank; lanes of different phases
/// never do. A phase takes max(accesses to one bank) clocks.
typedef struct FlyHwLdsPhases {
  uint8_t numPhases;         /* 0: the chip has no instruction of this access */
  uint8_t phaseOfLane[64];
  bool measured;             /* from a measurement/vendor table, else an assumption */
} FlyHwLdsPhases;

typedef struct FlyHwLds {
  uint32_t bytes;            /* capacity per CU, also the per-workgroup maximum */
  uint32_t allocGranule;     /* bytes */
  uint32_t banks;            /* 32 (gfx942), 64 (gfx950) */
  uint32_t bankBytes;        /* 4 */
  uint32_t readBytesPerClk;  /* per CU */
  uint32_t writeBytesPerClk; /* per CU */
  uint32_t latency;          /* issue to data of a conflict-free ds_read_b32 (assumption) */
  uint32_t ports;            /* paths into the LDS per CU, one per SIMD pair; each moves
                                read/writeBytesPerClk / ports (assumption) */
  uint32_t waveTurnaround;   /* clocks after one of a wave's LDS transfers ends before the
                                wave's next LDS instruction may start (assumption) */
  uint32_t dmaMaxBytes;      /* widest LDS DMA per lane: 4 (gfx942), 16 (gfx950) */
  FlyHwLdsPhases phases[FLY_HW_LDS_NUM_ACCESSES];
} FlyHwLds;

/// What one LDS instruction's addresses cost in bank cycles.
typedef struct FlyHwLdsBanks {
  uint32_t cycles;           /* per lane phase, the most distinct words one bank serves
                                (one word to several lanes is a broadcast), summed */
  uint32_t phases;           /* phases with an active lane: the conflict-free cycles */
  uint32_t worstWays;        /* the largest per-phase count (1: conflict-free) */
  uint32_t worstPhase;       /* where it occurs (the first such phase) */
  uint32_t worstBank;        /* and on which bank */
  uint64_t worstLanes;       /* the lanes of that phase that use that bank */
} FlyHwLdsBanks;

/// The bank cycles of one LDS instruction of kind `access` on `lds`: lane l
/// (bit l of `lanes`) touches `bytes` bytes from byte address addr[l] (one
/// bank word per lds->bankBytes). Phases are the access's lane phases
/// (phases[access]; one phase of all lanes where the chip lists none). The
/// instruction is conflict-free when cycles == phases. This is the timing
/// model's LDS bank cost (lib/emu/emu_timing.c) and `flyc layout`'s
/// bank_conflicts. On gfx950 (64 banks, ds_read_b128 in phases of 16 lanes)
/// 64 lanes reading 16 bytes at addresses 16*l cost 4 cycles in 4 phases.
void flyHwLdsBankCycles(const FlyHwLds *lds, FlyHwLdsAccess access, const uint32_t addr[64],
                        uint64_t lanes, unsigned bytes, FlyHwLdsBanks *out);

/*--- Memory hierarchy -------------------------------------------------------------*/

typedef struct FlyHwCache {
  uint64_t bytes;
  uint32_t lineBytes;
  uint32_t ways;
  uint32_t latency;          /* load-to-use of a hit, clocks */
  double readBytesPerClk;    /* per instance (L1: per CU; L2: per XCD; MALL: device) */
  double writeBytesPerClk;
} FlyHwCache;

typedef struct FlyHwMemory {
  FlyHwCache l1;             /* vector L1, per CU */
  FlyHwCache l2;             /* per XCD */
  uint32_t l2Channels;
  FlyHwCache mall;           /* Infinity Cache, device-wide, memory side */
  uint32_t hbmLatency;       /* load-to-use of a miss to HBM, clocks */
  uint32_t smemLatency;      /* scalar load-to-use (assumption) */
  uint32_t vmcntMax;         /* 63 */
  uint32_t lgkmcntMax;       /* 15 */
} FlyHwMemory;

/*--- MFMA -----------------------------------------------------------------------*/

/// A pass of the matrix core is 4 clocks (CDNA4 ISA guide §7.6, "PASS").
enum { FLY_HW_CLOCKS_PER_PASS = 4 };

/// Element types of MFMA operands. FLY_HW_F8F6F4 is the f8f6f4 family's
/// operand, whose format CBSZ (A) / BLGP (B) select per instruction.
typedef enum FlyHwElem {
  FLY_HW_F64, FLY_HW_F32, FLY_HW_XF32, FLY_HW_F16, FLY_HW_BF16, FLY_HW_I8,
  FLY_HW_FP8, FLY_HW_BF8, /* OCP on gfx950, FNUZ on gfx942 */
  FLY_HW_F8F6F4, FLY_HW_I32
} FlyHwElem;

/// f8f6f4 format codes (CBSZ/BLGP), CDNA4 ISA guide.
enum { FLY_HW_FMT_FP8 = 0, FLY_HW_FMT_BF8 = 1, FLY_HW_FMT_FP6 = 2, FLY_HW_FMT_BF6 = 3,
       FLY_HW_FMT_FP4 = 4 };

typedef enum FlyHwMfmaKind {
  FLY_HW_XDL = 0,            /* matrix core; VALU may co-execute */
  FLY_HW_DGEMM = 1,          /* f64: no VALU co-execution, own wait states */
  FLY_HW_SMFMAC = 2,         /* sparse */
  FLY_HW_SGEMM = 3,          /* f32 operands: no VALU co-execution, own wait states */
} FlyHwMfmaKind;

/// One MFMA instruction form.
typedef struct FlyHwMfma {
  const char *mnemonic;      /* LLVM's, e.g. "v_mfma_f32_16x16x32_bf16" */
  uint16_t m, n, k;          /* per block */
  uint8_t blocks;
  FlyHwElem a, b, c;
  FlyHwMfmaKind kind;
  bool scaled;               /* v_mfma_scale_*: E8M0 scale operands */
  uint8_t passes[FLY_HW_NUM_CHIPS]; /* by FlyChip; 0: not on that chip */
  uint8_t passesNarrow;      /* f8f6f4 with neither operand fp8/bf8, else 0 */
} FlyHwMfma;

/// The whole table and its length.
const FlyHwMfma *flyHwMfmaTable(size_t *count);
/// The form named `mnemonic` (LLVM's spelling), NULL when unknown.
const FlyHwMfma *flyHwMfmaFind(const char *mnemonic);
/// Passes (4 clocks each) of `mfma` on `chip` with f8f6f4 formats fmtA/fmtB
/// (ignored for other forms); 0 when the chip lacks it.
unsigned flyHwMfmaPasses(const FlyHwMfma *mfma, FlyChip chip, int fmtA, int fmtB);

/// Consumers of an MFMA's result, for the wait-state rules.
typedef enum FlyHwMfmaConsumer {
  FLY_HW_USE_SRCC_SAME = 0,  /* next MFMA accumulates into exactly the same registers */
  FLY_HW_USE_SRCC_OVERLAP,   /* SrcC overlapping but not identical */
  FLY_HW_USE_SRCAB,          /* SrcA/SrcB of an MFMA */
  FLY_HW_USE_VALU,           /* VALU read or write (RAW, WAW) */
  FLY_HW_USE_MEM_READ,       /* VMEM/LDS/FLAT reads it (store data, address) */
} FlyHwMfmaConsumer;

/// Wait states software must put between an MFMA of `passes` passes (and
/// `kind`) and a consumer of its result on `chip` (cdna-timing-facts §3.2).
unsigned flyHwMfmaResultWaitStates(FlyChip chip, FlyHwMfmaKind kind, unsigned passes,
                                   FlyHwMfmaConsumer use);
/// Wait states between an MFMA reading SrcC and a VALU overwriting it (WAR).
unsigned flyHwMfmaSrcCWarWaitStates(FlyChip chip, unsigned passes);
/// Wait states between a VALU write of a VGPR and an MFMA reading it (2),
/// and between a VALU write of EXEC and any MFMA (4).
unsigned flyHwValuToMfmaWaitStates(FlyChip chip);
unsigned flyHwExecToMfmaWaitStates(FlyChip chip);
/// Wait states between a transcendental VALU write of a VGPR and a
/// non-transcendental VALU reading it (1; LLVM's hasTransForwardingHazard).
unsigned flyHwTransToValuWaitStates(FlyChip chip);

/*--- Chips and products ---------------------------------------------------------*/

typedef struct FlyHwChip {
  FlyChip chip;
  const char *name;          /* "gfx950" */
  const char *family;        /* "CDNA4" */
  bool ocpFp8;               /* fp8 is OCP e4m3fn/e5m2, else FNUZ */
  FlyHwCu cu;
  FlyHwLds lds;
  FlyHwMemory mem;
} FlyHwChip;

/// The facts of `chip`.
const FlyHwChip *flyHwChipGet(FlyChip chip);

/// A product (a board): the chip it carries and its counts and clocks.
typedef struct FlyHwProduct {
  const char *name;          /* "mi355x" */
  FlyChip chip;
  uint32_t cus;              /* active CUs */
  uint32_t xcds;
  double clockGHz;           /* peak shader clock */
  double hbmBytesPerSec;     /* peak */
  double mallBytesPerSec;    /* Infinity Cache peak (assumption where unpublished) */
  uint64_t hbmBytes;
  bool flagship;             /* the default product of its chip */
} FlyHwProduct;

/// The products, and the one named `name` (NULL when unknown).
const FlyHwProduct *flyHwProductTable(size_t *count);
const FlyHwProduct *flyHwProductFind(const char *name);
/// The flagship product of `chip` (mi355x for gfx950, mi300x for gfx942).
const FlyHwProduct *flyHwProductDefault(FlyChip chip);
/// "mi300x, mi308x, ..." for messages.
const char *flyHwProductListNames(void);

/// Occupancy in waves per SIMD of a kernel using `vgprs` + `agprs` registers
/// per lane (unified budget, granule), before LDS and workgroup limits.
unsigned flyHwWavesPerSimdForRegisters(FlyChip chip, unsigned vgprs, unsigned agprs);

#ifdef __cplusplus
}
#endif

#endif /* FLYC_HW_H */
