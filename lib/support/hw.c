/*===- hw.c - The hardware facts of the chips and products flyc models -------===*
 *
 * Every value carries the key of its source, as listed in
 * cdna-timing-facts.md (the project's digest of them):
 *   ISA4  AMD CDNA4 ISA guide (Markdown conversion rumisle/cdna4-isa-markdown
 *         @920ba6c; ":L" = line), e.g. Table 28 (MFMA cycles), Table 38
 *         (required waits), section 7.6.
 *   WP3   AMD CDNA 3 white paper.
 *   SCHED LLVM llvm/lib/Target/AMDGPU/SISchedule.td (SIDPGFX940FullSpeedModel,
 *         SIDPGFX950FullSpeedModel).
 *   HAZ   LLVM llvm/lib/Target/AMDGPU/GCNHazardRecognizer.cpp.
 *   BASE  LLVM llvm/lib/Target/AMDGPU/Utils/AMDGPUBaseInfo.cpp
 *         (getTotalNumVGPRs: AGPRs start at a 4-aligned VGPR count).
 *   CALC  ROCm/amd_matrix_instruction_calculator (cdna3).
 *   RPC   ROCm/rocprofiler-compute (pipeline descriptions, soc_gfx942/950).
 *   RDOC  ROCm/ROCm docs: gpu-arch/mi300.md, reference/gpu-arch-specs.rst
 *         (and gpu-specs.html of the 7.13 preview for MI350X/MI355X).
 *   SHARK nod-ai/amd-shark-ai kernel optimization guide and its LDS
 *         measurements (lds_summary.md).
 *   TRI   triton-lang/triton PR #11365, #9662 (LDS phase tables).
 *   RR    rocRoller's LDSBankModel.cpp (ROCm/rocm-libraries).
 *   MB    MrRoy09/AMD-CDNA3-CacheBenchmarking (MI300X latencies, s_memtime).
 *   FMC   hipBLASLt's Formocast constants (ROCm/rocm-libraries origami).
 *   GEM5  gem5 src/gpu-compute/GPU.py.
 *   PRESS secondary press cross-checked by arithmetic (MI355X clock).
 *   LOCAL runs of LLVM 22 llc/llvm-mc/llvm-mca here.
 * "assumption" marks a value no source confirms; the comment says why that
 * value. docs/hardware.md is generated from this table.
 *===----------------------------------------------------------------------===*/
#include "flyc/hw.h"

#include <stdlib.h>
#include <string.h>

#include <string.h>

/*--- LDS lane-phase tables ------------------------------------------------------*/

/* Every table groups lanes in runs of 4 consecutive lanes, so a table is
   written as the phase of each of the 16 quads. */
#define Q(p) p, p, p, p
/* Consecutive groups of g lanes (g a multiple of 4): lane l is in phase l/g. */
#define CONSEC(g)                                                                  \
  Q(0 / (g)), Q(4 / (g)), Q(8 / (g)), Q(12 / (g)), Q(16 / (g)), Q(20 / (g)),       \
      Q(24 / (g)), Q(28 / (g)), Q(32 / (g)), Q(36 / (g)), Q(40 / (g)), Q(44 / (g)), \
      Q(48 / (g)), Q(52 / (g)), Q(56 / (g)), Q(60 / (g))
#define PH_CONSEC(g, meas) {64 / (g), {CONSEC(g)}, meas}
#define PH_NONE {0, {0}, false}

/* gfx942 ds_read_b128, 8 phases of 8 lanes: {0-3,20-23} {32-35,52-55}
   {4-7,16-19} {36-39,48-51} {8-11,28-31} {40-43,60-63} {12-15,24-27}
   {44-47,56-59}, numbered in that order [SHARK lds_summary.md; TRI #11365]. */
#define PH_942_READ_B128                                                                   \
  {8,                                                                                      \
   {Q(0), Q(2), Q(4), Q(6), Q(2), Q(0), Q(6), Q(4), Q(1), Q(3), Q(5), Q(7), Q(3), Q(1), Q(7), \
    Q(5)},                                                                                 \
   true}
/* gfx950 ds_read_b128, 4 phases of 16 lanes: {0-3,12-15,20-23,24-27}
   {32-35,44-47,52-55,56-59} {4-7,8-11,16-19,28-31} {36-39,40-43,48-51,60-63}
   [SHARK lds_summary.md (MI350X); TRI #11365]. */
#define PH_950_READ_B128                                                                   \
  {4,                                                                                      \
   {Q(0), Q(2), Q(2), Q(0), Q(2), Q(0), Q(0), Q(2), Q(1), Q(3), Q(3), Q(1), Q(3), Q(1), Q(1), \
    Q(3)},                                                                                 \
   true}

/*--- Chips --------------------------------------------------------------------*/

/* The values FlyChipInfo (flyc/chip.h) also carries, named once. */
#define GFX950_LDS_BYTES (160 * 1024) /* ISA4:L371, L3563; RDOC specs */
#define GFX942_LDS_BYTES (64 * 1024)  /* WP3; RDOC specs */
#define GFX950_LDS_DMA_BYTES 16       /* ISA4: buffer_load_dwordx4 ... lds */
#define GFX942_LDS_DMA_BYTES 4        /* CDNA3 ISA: buffer_load_dword ... lds only */
#define GFX950_OCP_FP8 true           /* ISA4 (OCP e4m3fn/e5m2) */
#define GFX942_OCP_FP8 false          /* FNUZ fp8/bf8 (CDNA3 ISA) */

/* The compute unit is the same on both chips [RPC; SHARK; RJ JSON; LOCAL]. */
#define CU_CDNA                                                                          \
  {                                                                                      \
    .simds = 4, .lanesPerSimd = 16, .waveSize = 64, /* RPC; RJ; SHARK */                 \
        .maxWavesPerSimd = 8,    /* LOCAL (llc occupancy remark 8); RJ; RPC */           \
        .vgprsPerLane = 512,     /* unified VGPR+AGPR: RDOC specs; RJ vgprs_per_wf */     \
        .archVgprs = 256,        /* ISA4: v0..v255 and a0..a255 */                       \
        .vgprGranule = 8,        /* LOCAL occupancy points (65 regs -> 7 waves) */       \
        .sgprsPerWave = 104,     /* RJ sgprs_per_wf; SHARK */                            \
        .issueCategories = 5,    /* RPC scheduler: VALU, VMEM, SALU/SMEM, LDS, branch */ \
        .waitStateCycles = 4,    /* assumption: one 4-clock issue slot per wave (RPC     \
                                    round robin, GEM5 issue_period 4, the MFMA wait      \
                                    arithmetic); ISA4:L5515 says one clock (facts §7.1) */ \
        .valuCycles = 4,         /* SHARK; GEM5 issue_period 4 */                        \
        .transCycles = 16,       /* SCHED WriteTrans32 = 4 slots (quarter rate) */       \
        .dpValuCycles = 4,       /* SCHED WriteDouble 1 slot (full-rate f64 FMA; WP3 on  \
                                    gfx942; on gfx950 an assumption: LLVM's model only) */ \
        .saluCycles = 4,         /* SCHED WriteSALU 1 slot */                            \
        .branchCycles = 32,      /* assumption: no measurement; LLVM's guess (SCHED     \
                                    WriteBranch 8 slots), the only figure there is */    \
        .barrierCycles = 16,     /* assumption: no measurement (LLVM's 2000 clk is a     \
                                    scheduling guess, not a latency); one round of the   \
                                    4-SIMD arbiter (4 slots of 4 clk) to re-issue every  \
                                    released wave */                                     \
        .mfmaCoexecDelay = 4,    /* CALC coexec_delay 4 (gfx942; assumption on gfx950,  \
                                    where CALC has no data) */                           \
        .mfmaPassCycles = 4,     /* ISA4:L2618 ("a pass is 4 clocks"); facts §3.1 */    \
        .sleepCycles = 64,       /* ISA4:L5698-5712: s_sleep N sleeps 64*(N-1)..64*N    \
                                    clocks; the model takes the upper bound */           \
  }

static const FlyHwChip kChips[FLY_HW_NUM_CHIPS] = {
    [FLY_CHIP_GFX950] =
        {
            .chip = FLY_CHIP_GFX950,
            .name = "gfx950", /* LLVM's processor name */
            .family = "CDNA4",
            .ocpFp8 = GFX950_OCP_FP8,
            .cu = CU_CDNA,
            .lds =
                {
                    .bytes = GFX950_LDS_BYTES,
                    .allocGranule = 1280,    /* ISA4:L559 */
                    .banks = 64,             /* ISA4:L3563; SHARK measured 64 */
                    .bankBytes = 4,          /* ISA4:L3563 */
                    .readBytesPerClk = 256,  /* SHARK citing the CDNA4 white paper */
                    .writeBytesPerClk = 128, /* assumption: unpublished; gfx942's figure */
                    .latency = 64,           /* assumption: no direct measurement; gfx942's */
                    /* assumption, as gfx942's: SHARK's one-wave ds_read_b64
                       chain on MI350X (583 clk for 64) is 64 x (4 + 512 B /
                       128 B/clk) + the latency */
                    .ports = 2,
                    .waveTurnaround = 4,
                    .dmaMaxBytes = GFX950_LDS_DMA_BYTES,
                    .phases =
                        {
                            /* 1 x 64 lanes [SHARK; TRI #9662] */
                            [FLY_HW_LDS_READ_B32] = PH_CONSEC(64, true),
                            /* 2 x 32 lanes [SHARK; TRI #9662] */
                            [FLY_HW_LDS_READ_B64] = PH_CONSEC(32, true),
                            /* assumption: no table; rocRoller keeps gfx942's b96
                               behaviour, 4 lanes per clock [RR getThreadsPerClock] */
                            [FLY_HW_LDS_READ_B96] = PH_CONSEC(4, false),
                            [FLY_HW_LDS_READ_B128] = PH_950_READ_B128,
                            /* assumption for every write width: no gfx950 write
                               table; rocRoller keeps gfx942's write grouping
                               (b32 16, b64 8, b96 4 lanes per clock) [RR] and
                               gfx942's measured b128 write table (8 x 8) */
                            [FLY_HW_LDS_WRITE_B32] = PH_CONSEC(16, false),
                            [FLY_HW_LDS_WRITE_B64] = PH_CONSEC(8, false),
                            [FLY_HW_LDS_WRITE_B96] = PH_CONSEC(4, false),
                            [FLY_HW_LDS_WRITE_B128] = PH_CONSEC(8, false),
                            /* assumption: no phase data for ds_read_b64_tr_* and
                               ds_read_b96_tr_b6; they move 8 (or 12) bytes per
                               lane, so ds_read_b64's table */
                            [FLY_HW_LDS_READ_TR] = PH_CONSEC(32, false),
                            /* assumption: DMA writes consecutive dwords per lane
                               (ISA4:L3126-3143); ds_write_b32's grouping */
                            [FLY_HW_LDS_DMA] = PH_CONSEC(16, false),
                        },
                },
            .mem =
                {
                    /* 32 KB, 128 B lines [RDOC specs; SHARK]; gfx942's
                       64-way, bandwidth and latency are assumptions here
                       (no gfx950 measurement; SHARK: same L1) */
                    .l1 = {32 * 1024, 128, 64, 112, 128, 128},
                    /* 4 MB per XCD, 16 channels x 128 B read / 64 B write
                       [RDOC specs; RPC l2_banks 16; SHARK]; latency an
                       assumption (gfx942's MB measurement) */
                    .l2 = {4u << 20, 128, 16, 224, 16 * 128, 16 * 64},
                    .l2Channels = 16,
                    /* 256 MB [RDOC specs L3]; bandwidth, ways, line and latency
                       assumptions: gfx942's 128 channels x 64 B/clk, 16-way,
                       FMC's 128 B line, gfx942's latency */
                    .mall = {256ull << 20, 128, 16, 458, 128 * 64, 128 * 64},
                    .hbmLatency = 1212, /* assumption: gfx942's MB cold-DRAM measurement */
                    .smemLatency = 100, /* assumption: GEM5 scalar_mem_req+resp 50+50 */
                    .vmcntMax = 63,     /* ISA4:L417-422; LOCAL llvm-mc */
                    .lgkmcntMax = 15,   /* ISA4:L417-422; LOCAL llvm-mc */
                },
        },
    [FLY_CHIP_GFX942] =
        {
            .chip = FLY_CHIP_GFX942,
            .name = "gfx942",
            .family = "CDNA3",
            .ocpFp8 = GFX942_OCP_FP8,
            .cu = CU_CDNA,
            .lds =
                {
                    .bytes = GFX942_LDS_BYTES,
                    .allocGranule = 512,     /* assumption: secondary sources only (facts §4) */
                    .banks = 32,             /* SHARK (measured 32) */
                    .bankBytes = 4,          /* SHARK */
                    .readBytesPerClk = 128,  /* RPC (0.128 x sclk x CUs) */
                    .writeBytesPerClk = 128, /* RPC: the same 128 B/clk peak */
                    .latency = 64,           /* assumption: no direct measurement; SHARK's
                                                ds_bpermute ~50 clk includes the wait;
                                                rounded up to 16 issue slots */
                    /* assumption: one path per SIMD pair at half the CU's
                       bandwidth, and a wave's LDS instructions one at a time
                       with a 4-clock turnaround: SHARK's one-wave chains of
                       64 ds_read_b32/b64/b128 take 501/852/1384 clk, i.e.
                       6.8/12.3/20.6 clk each after the latency, against
                       4 + 256/512/1024 B / 64 B/clk = 8/12/20; 8 waves
                       still reach the CU's 128 B/clk (two paths busy) */
                    .ports = 2,
                    .waveTurnaround = 4,
                    .dmaMaxBytes = GFX942_LDS_DMA_BYTES,
                    .phases =
                        {
                            /* 2 x 32 lanes [SHARK; TRI #9662] */
                            [FLY_HW_LDS_READ_B32] = PH_CONSEC(32, true),
                            /* 4 x 16 lanes [SHARK; TRI #9662] */
                            [FLY_HW_LDS_READ_B64] = PH_CONSEC(16, true),
                            /* assumption: no table; rocRoller's 4 lanes per
                               clock [RR getThreadsPerClock] */
                            [FLY_HW_LDS_READ_B96] = PH_CONSEC(4, false),
                            [FLY_HW_LDS_READ_B128] = PH_942_READ_B128,
                            /* assumption: no write tables but b128; rocRoller's
                               lanes per clock: b32 16, b64 8, b96 4 [RR] */
                            [FLY_HW_LDS_WRITE_B32] = PH_CONSEC(16, false),
                            [FLY_HW_LDS_WRITE_B64] = PH_CONSEC(8, false),
                            [FLY_HW_LDS_WRITE_B96] = PH_CONSEC(4, false),
                            /* 8 x 8 consecutive lanes [SHARK lds_summary.md] */
                            [FLY_HW_LDS_WRITE_B128] = PH_CONSEC(8, true),
                            /* gfx942 has no transposing LDS reads */
                            [FLY_HW_LDS_READ_TR] = PH_NONE,
                            /* assumption: ds_write_b32's grouping (see gfx950) */
                            [FLY_HW_LDS_DMA] = PH_CONSEC(16, false),
                        },
                },
            .mem =
                {
                    /* 32 KB, 128 B line, 64-way x 4 sets [WP3; SHARK];
                       128 B/clk [WP3; CC3; RPC]; hit 112 clk [MB]; writes:
                       assumption, the read width (write-through, no
                       write-allocate) */
                    .l1 = {32 * 1024, 128, 64, 112, 128, 128},
                    /* 4 MB, 16-way, 16 channels, 128 B read / 64 B write per
                       channel [WP3; CC3; RPC]; hit 224 clk [MB] */
                    .l2 = {4u << 20, 128, 16, 224, 16 * 128, 16 * 64},
                    .l2Channels = 16,
                    /* 256 MB, 16-way, 128 channels x 64 B/clk = 17.2 TB/s at
                       2.1 GHz [WP3; CC3]; line: FMC 128 B; latency: assumption,
                       the second-hand ~218 ns at 2.1 GHz (facts §5); writes:
                       assumption, the read width */
                    .mall = {256ull << 20, 128, 16, 458, 128 * 64, 128 * 64},
                    .hbmLatency = 1212, /* MB cold DRAM incl. TLB (assumption: one test) */
                    .smemLatency = 100, /* assumption: GEM5 scalar_mem_req+resp 50+50;
                                           LLVM's 20 clk is a scheduling guess */
                    .vmcntMax = 63,     /* ISA4:L417-422; LOCAL llvm-mc */
                    .lgkmcntMax = 15,   /* ISA4:L417-422; LOCAL llvm-mc */
                },
        },
};

static bool chipValid(FlyChip chip) {
  return (unsigned)chip < FLY_HW_NUM_CHIPS;
}

const FlyHwChip *flyHwChipGet(FlyChip chip) {
  return chipValid(chip) ? &kChips[chip] : NULL;
}

/* The compiler's per-chip facts (flyc/chip.h), from the same values. */
static const FlyChipInfo kChipInfo[FLY_HW_NUM_CHIPS] = {
    [FLY_CHIP_GFX950] = {"gfx950", GFX950_LDS_BYTES, GFX950_OCP_FP8, GFX950_LDS_DMA_BYTES},
    [FLY_CHIP_GFX942] = {"gfx942", GFX942_LDS_BYTES, GFX942_OCP_FP8, GFX942_LDS_DMA_BYTES},
};

const FlyChipInfo *flyChipGetInfo(FlyChip chip) {
  return chipValid(chip) ? &kChipInfo[chip] : NULL;
}

/*--- MFMA forms -----------------------------------------------------------------*/

/* Passes (4 clocks each): gfx942 from SCHED SIDPGFX940FullSpeedModel,
   confirmed by CALC and ORI; gfx950 from ISA4 Table 28 (dense) and Table 33
   (sparse) and SCHED SIDPGFX950FullSpeedModel. Columns: mnemonic, M, N, K,
   blocks, A, B, C, kind, scaled, {gfx950, gfx942} passes, narrow passes. */
#define F(mn, M, N, K, B, ta, tb, tc, kind, sc, p950, p942, nar)                      \
  {mn, M, N, K, B, FLY_HW_##ta, FLY_HW_##tb, FLY_HW_##tc, FLY_HW_##kind, sc,          \
   {[FLY_CHIP_GFX950] = p950, [FLY_CHIP_GFX942] = p942}, nar}
/* A dense form on both chips with the same passes. */
#define BOTH(mn, M, N, K, B, ta, tc, kind, p) F(mn, M, N, K, B, ta, ta, tc, kind, false, p, p, 0)
/* An fp8/bf8 form on both chips; A/B name the operand formats. */
#define F8(mn, M, N, K, ta, tb, kind, p) F(mn, M, N, K, 1, ta, tb, F32, kind, false, p, p, 0)
/* A gfx950-only form. */
#define G950(mn, M, N, K, ta, tc, kind, p) F(mn, M, N, K, 1, ta, ta, tc, kind, false, p, 0, 0)
#define G950F8(mn, M, N, K, ta, tb, kind, p) F(mn, M, N, K, 1, ta, tb, F32, kind, false, p, 0, 0)

static const FlyHwMfma kMfma[] = {
    /* f32 operands ("SGEMM": no VALU co-execution, CALC): ISA4 Table 28 and
       SCHED agree on both chips. */
    BOTH("v_mfma_f32_32x32x1_2b_f32", 32, 32, 1, 2, F32, F32, SGEMM, 16),
    BOTH("v_mfma_f32_16x16x1_4b_f32", 16, 16, 1, 4, F32, F32, SGEMM, 8),
    BOTH("v_mfma_f32_4x4x1_16b_f32", 4, 4, 1, 16, F32, F32, SGEMM, 2),
    BOTH("v_mfma_f32_32x32x2_f32", 32, 32, 2, 1, F32, F32, SGEMM, 16),
    BOTH("v_mfma_f32_16x16x4_f32", 16, 16, 4, 1, F32, F32, SGEMM, 8),
    /* f16 / bf16 of CDNA3 (the bf16 ones are LLVM's gfx940 names of the
       "_1k" forms) */
    BOTH("v_mfma_f32_32x32x4_2b_f16", 32, 32, 4, 2, F16, F32, XDL, 16),
    BOTH("v_mfma_f32_16x16x4_4b_f16", 16, 16, 4, 4, F16, F32, XDL, 8),
    BOTH("v_mfma_f32_4x4x4_16b_f16", 4, 4, 4, 16, F16, F32, XDL, 2),
    BOTH("v_mfma_f32_32x32x8_f16", 32, 32, 8, 1, F16, F32, XDL, 8),
    BOTH("v_mfma_f32_16x16x16_f16", 16, 16, 16, 1, F16, F32, XDL, 4),
    BOTH("v_mfma_f32_32x32x4_2b_bf16", 32, 32, 4, 2, BF16, F32, XDL, 16),
    BOTH("v_mfma_f32_16x16x4_4b_bf16", 16, 16, 4, 4, BF16, F32, XDL, 8),
    BOTH("v_mfma_f32_4x4x4_16b_bf16", 4, 4, 4, 16, BF16, F32, XDL, 2),
    BOTH("v_mfma_f32_32x32x8_bf16", 32, 32, 8, 1, BF16, F32, XDL, 8),
    BOTH("v_mfma_f32_16x16x16_bf16", 16, 16, 16, 1, BF16, F32, XDL, 4),
    /* i8 of CDNA3 */
    BOTH("v_mfma_i32_32x32x4_2b_i8", 32, 32, 4, 2, I8, I32, XDL, 16),
    BOTH("v_mfma_i32_16x16x4_4b_i8", 16, 16, 4, 4, I8, I32, XDL, 8),
    BOTH("v_mfma_i32_4x4x4_16b_i8", 4, 4, 4, 16, I8, I32, XDL, 2),
    BOTH("v_mfma_i32_32x32x16_i8", 32, 32, 16, 1, I8, I32, XDL, 8),
    BOTH("v_mfma_i32_16x16x32_i8", 16, 16, 32, 1, I8, I32, XDL, 4),
    /* xf32: gfx942 only (gfx950 removed it: LLVM's gfx950 target rejects it) */
    F("v_mfma_f32_16x16x8_xf32", 16, 16, 8, 1, XF32, XF32, F32, XDL, false, 0, 4, 0),
    F("v_mfma_f32_32x32x4_xf32", 32, 32, 4, 1, XF32, XF32, F32, XDL, false, 0, 8, 0),
    /* f64 (DGEMM): gfx942 4/8 passes [SCHED Write4/8PassDGEMM; CALC 16/32
       cycles]; gfx950 32/64 cycles [ISA4 Table 28] */
    F("v_mfma_f64_16x16x4_f64", 16, 16, 4, 1, F64, F64, F64, DGEMM, false, 16, 8, 0),
    F("v_mfma_f64_4x4x4_4b_f64", 4, 4, 4, 4, F64, F64, F64, DGEMM, false, 8, 4, 0),
    /* fp8/bf8 (FNUZ on gfx942, OCP on gfx950) */
    F8("v_mfma_f32_16x16x32_bf8_bf8", 16, 16, 32, BF8, BF8, XDL, 4),
    F8("v_mfma_f32_16x16x32_bf8_fp8", 16, 16, 32, BF8, FP8, XDL, 4),
    F8("v_mfma_f32_16x16x32_fp8_bf8", 16, 16, 32, FP8, BF8, XDL, 4),
    F8("v_mfma_f32_16x16x32_fp8_fp8", 16, 16, 32, FP8, FP8, XDL, 4),
    F8("v_mfma_f32_32x32x16_bf8_bf8", 32, 32, 16, BF8, BF8, XDL, 8),
    F8("v_mfma_f32_32x32x16_bf8_fp8", 32, 32, 16, BF8, FP8, XDL, 8),
    F8("v_mfma_f32_32x32x16_fp8_bf8", 32, 32, 16, FP8, BF8, XDL, 8),
    F8("v_mfma_f32_32x32x16_fp8_fp8", 32, 32, 16, FP8, FP8, XDL, 8),
    /* gfx950's K-doubled forms [ISA4 Table 28] */
    G950("v_mfma_f32_16x16x32_f16", 16, 16, 32, F16, F32, XDL, 4),
    G950("v_mfma_f32_32x32x16_f16", 32, 32, 16, F16, F32, XDL, 8),
    G950("v_mfma_f32_16x16x32_bf16", 16, 16, 32, BF16, F32, XDL, 4),
    G950("v_mfma_f32_32x32x16_bf16", 32, 32, 16, BF16, F32, XDL, 8),
    G950("v_mfma_i32_16x16x64_i8", 16, 16, 64, I8, I32, XDL, 4),
    G950("v_mfma_i32_32x32x32_i8", 32, 32, 32, I8, I32, XDL, 8),
    /* f8f6f4, scaled and unscaled alike: 16/32 (32/64) cycles, the larger
       when A or B is fp8/bf8 [ISA4 Table 28, L1649-1651; SCHED
       PredIsF8_MFMA_SCALE (cbsz or blgp <= 1)] */
    F("v_mfma_f32_16x16x128_f8f6f4", 16, 16, 128, 1, F8F6F4, F8F6F4, F32, XDL, false, 8, 0, 4),
    F("v_mfma_f32_32x32x64_f8f6f4", 32, 32, 64, 1, F8F6F4, F8F6F4, F32, XDL, false, 16, 0, 8),
    F("v_mfma_scale_f32_16x16x128_f8f6f4", 16, 16, 128, 1, F8F6F4, F8F6F4, F32, XDL, true, 8, 0,
      4),
    F("v_mfma_scale_f32_32x32x64_f8f6f4", 32, 32, 64, 1, F8F6F4, F8F6F4, F32, XDL, true, 16, 0,
      8),
    /* Sparse (K is the dense-equivalent K of the mnemonic): 16x16 4 passes,
       32x32 8 [SCHED V_SMFMAC 16X16X / 32X32X; ISA4 Table 33]. On both: */
    BOTH("v_smfmac_f32_16x16x32_f16", 16, 16, 32, 1, F16, F32, SMFMAC, 4),
    BOTH("v_smfmac_f32_32x32x16_f16", 32, 32, 16, 1, F16, F32, SMFMAC, 8),
    BOTH("v_smfmac_f32_16x16x32_bf16", 16, 16, 32, 1, BF16, F32, SMFMAC, 4),
    BOTH("v_smfmac_f32_32x32x16_bf16", 32, 32, 16, 1, BF16, F32, SMFMAC, 8),
    BOTH("v_smfmac_i32_16x16x64_i8", 16, 16, 64, 1, I8, I32, SMFMAC, 4),
    BOTH("v_smfmac_i32_32x32x32_i8", 32, 32, 32, 1, I8, I32, SMFMAC, 8),
    F8("v_smfmac_f32_16x16x64_bf8_bf8", 16, 16, 64, BF8, BF8, SMFMAC, 4),
    F8("v_smfmac_f32_16x16x64_bf8_fp8", 16, 16, 64, BF8, FP8, SMFMAC, 4),
    F8("v_smfmac_f32_16x16x64_fp8_bf8", 16, 16, 64, FP8, BF8, SMFMAC, 4),
    F8("v_smfmac_f32_16x16x64_fp8_fp8", 16, 16, 64, FP8, FP8, SMFMAC, 4),
    F8("v_smfmac_f32_32x32x32_bf8_bf8", 32, 32, 32, BF8, BF8, SMFMAC, 8),
    F8("v_smfmac_f32_32x32x32_bf8_fp8", 32, 32, 32, BF8, FP8, SMFMAC, 8),
    F8("v_smfmac_f32_32x32x32_fp8_bf8", 32, 32, 32, FP8, BF8, SMFMAC, 8),
    F8("v_smfmac_f32_32x32x32_fp8_fp8", 32, 32, 32, FP8, FP8, SMFMAC, 8),
    /* gfx950 only: */
    G950("v_smfmac_f32_16x16x64_f16", 16, 16, 64, F16, F32, SMFMAC, 4),
    G950("v_smfmac_f32_32x32x32_f16", 32, 32, 32, F16, F32, SMFMAC, 8),
    G950("v_smfmac_f32_16x16x64_bf16", 16, 16, 64, BF16, F32, SMFMAC, 4),
    G950("v_smfmac_f32_32x32x32_bf16", 32, 32, 32, BF16, F32, SMFMAC, 8),
    G950("v_smfmac_i32_16x16x128_i8", 16, 16, 128, I8, I32, SMFMAC, 4),
    G950("v_smfmac_i32_32x32x64_i8", 32, 32, 64, I8, I32, SMFMAC, 8),
    G950F8("v_smfmac_f32_16x16x128_bf8_bf8", 16, 16, 128, BF8, BF8, SMFMAC, 4),
    G950F8("v_smfmac_f32_16x16x128_bf8_fp8", 16, 16, 128, BF8, FP8, SMFMAC, 4),
    G950F8("v_smfmac_f32_16x16x128_fp8_bf8", 16, 16, 128, FP8, BF8, SMFMAC, 4),
    G950F8("v_smfmac_f32_16x16x128_fp8_fp8", 16, 16, 128, FP8, FP8, SMFMAC, 4),
    G950F8("v_smfmac_f32_32x32x64_bf8_bf8", 32, 32, 64, BF8, BF8, SMFMAC, 8),
    G950F8("v_smfmac_f32_32x32x64_bf8_fp8", 32, 32, 64, BF8, FP8, SMFMAC, 8),
    G950F8("v_smfmac_f32_32x32x64_fp8_bf8", 32, 32, 64, FP8, BF8, SMFMAC, 8),
    G950F8("v_smfmac_f32_32x32x64_fp8_fp8", 32, 32, 64, FP8, FP8, SMFMAC, 8),
};

const FlyHwMfma *flyHwMfmaTable(size_t *count) {
  if (count)
    *count = sizeof kMfma / sizeof kMfma[0];
  return kMfma;
}

const FlyHwMfma *flyHwMfmaFind(const char *mnemonic) {
  if (!mnemonic)
    return NULL;
  for (size_t i = 0; i < sizeof kMfma / sizeof kMfma[0]; i++)
    if (strcmp(kMfma[i].mnemonic, mnemonic) == 0)
      return &kMfma[i];
  return NULL;
}

unsigned flyHwMfmaPasses(const FlyHwMfma *mfma, FlyChip chip, int fmtA, int fmtB) {
  if (!mfma || !chipValid(chip))
    return 0;
  unsigned p = mfma->passes[chip];
  /* The fast (narrow) rate needs both operands fp6/bf6/fp4; a format code
     outside the ISA's 0..4 is taken as the slow rate. */
  bool narrow = fmtA >= FLY_HW_FMT_FP6 && fmtA <= FLY_HW_FMT_FP4 && fmtB >= FLY_HW_FMT_FP6 &&
                fmtB <= FLY_HW_FMT_FP4;
  if (p && mfma->passesNarrow && narrow)
    return mfma->passesNarrow;
  return p;
}

/*--- MFMA dependency wait states (facts §3.2) -------------------------------------*/

/* XDL and SMFMAC producers of N passes. gfx942: HAZ GFX940_XDL_N_Pass*
   (overlapped SrcC N+1; SrcA/B, VALU, VMEM/LDS/FLAT read N+3). gfx950: ISA4
   Table 38 (overlapped SrcC 4/6/10/18 = N+2; the rest 5/8/12/20); LOCAL llc
   confirms 8, 12 and 20 for 4, 8 and 16 passes. Same-register SrcC: 0 on
   both (LOCAL: LLVM puts no s_nop between chained MFMAs). */
static unsigned xdlWaits(FlyChip chip, unsigned n, FlyHwMfmaConsumer use) {
  bool g950 = chip == FLY_CHIP_GFX950;
  switch (use) {
  case FLY_HW_USE_SRCC_SAME: return 0;
  case FLY_HW_USE_SRCC_OVERLAP: return g950 ? n + 2 : n + 1;
  default: return g950 ? (n == 2 ? 5 : n + 4) : n + 3;
  }
}

/* f32-operand MFMAs of N passes: ISA4 Table 38 "SGEMM Write VGPR" (same
   SrcC 2/0/0/0, overlapped SrcC 2/4/8/16, SrcA/B and VALU/VMEM 4/6/10/18);
   HAZ GFX940_SMFMA_N_Pass* and GFX940_SMFMA4x4WritesVGPRFullSrcCWaitStates
   = 2 give the same on gfx942. */
static unsigned sgemmWaits(unsigned n, FlyHwMfmaConsumer use) {
  switch (use) {
  case FLY_HW_USE_SRCC_SAME: return n == 2 ? 2 : 0;
  case FLY_HW_USE_SRCC_OVERLAP: return n;
  default: return n + 2;
  }
}

/* f64 MFMAs: the 16x16x4 form is 8 passes on gfx942 and 16 on gfx950, the
   4x4x4 form 4 and 8. 16x16x4: HAZ (gfx942) overlapped SrcC 9, SrcA/B and
   VALU 11, VMEM/LDS read 18; ISA4 Table 38 (gfx950) 17, 19 and 18. 4x4x4:
   same and overlapped SrcC 4, SrcA/B and VALU 6, VMEM read 9 (ISA4; HAZ
   DMFMA4x4* on gfx942 alike). */
static unsigned dgemmWaits(FlyChip chip, unsigned n, FlyHwMfmaConsumer use) {
  bool g950 = chip == FLY_CHIP_GFX950;
  bool big = n >= (g950 ? 16u : 8u);
  switch (use) {
  case FLY_HW_USE_SRCC_SAME: return big ? 0 : 4;
  case FLY_HW_USE_SRCC_OVERLAP: return big ? (g950 ? 17 : 9) : 4;
  case FLY_HW_USE_MEM_READ: return big ? 18 : 9;
  default: return big ? (g950 ? 19 : 11) : 6;
  }
}

unsigned flyHwMfmaResultWaitStates(FlyChip chip, FlyHwMfmaKind kind, unsigned passes,
                                   FlyHwMfmaConsumer use) {
  if (!chipValid(chip) || passes == 0)
    return 0;
  switch (kind) {
  case FLY_HW_DGEMM: return dgemmWaits(chip, passes, use);
  case FLY_HW_SGEMM: return sgemmWaits(passes, use);
  default: return xdlWaits(chip, passes, use);
  }
}

/* ISA4 Table 38 (co-execution anti-dependency) and HAZ
   SMFMA4x4ReadVgprVALUWar 1, GFX940_XDL4PassReadVgprVALUWar 3,
   SMFMA16x16 7, SMFMA32x32 15: N-1 for N = 2, 4, 8, 16 on both chips. */
unsigned flyHwMfmaSrcCWarWaitStates(FlyChip chip, unsigned passes) {
  if (!chipValid(chip) || passes == 0)
    return 0;
  return passes - 1;
}

/* ISA4:L2624; HAZ LegacyVALUNotDotWritesVGPRWaitStates = 2. */
unsigned flyHwValuToMfmaWaitStates(FlyChip chip) {
  return chipValid(chip) ? 2 : 0;
}

/* ISA4:L2664; HAZ VALUWritesExecWaitStates = 4. */
unsigned flyHwExecToMfmaWaitStates(FlyChip chip) {
  return chipValid(chip) ? 4 : 0;
}

/* HAZ checkVALUHazards, hasTransForwardingHazard (gfx940 and later):
   TransDefWaitstates = 1. */
unsigned flyHwTransToValuWaitStates(FlyChip chip) {
  return chipValid(chip) ? 1 : 0;
}

/*--- Products -----------------------------------------------------------------*/

static const FlyHwProduct kProducts[] = {
    /* 304 CUs (38 per XCD), 8 XCDs, 2100 MHz, 5.3 TB/s HBM3, 192 GB
       [RDOC mi300.md, gpu-arch-specs; WP3]; Infinity Cache 17.2 TB/s peak
       [WP3] */
    {"mi300x", FLY_CHIP_GFX942, 304, 8, 2.1, 5.3e12, 17.2e12, 192ull << 30, true},
    /* 80 CUs [users' reports of gfx942 MI308X with 80 CUs, e.g. ROCm-user
       benchmark notes]. 4 XCDs of 20: assumption (ROCm's newer gpu-specs
       table lists "80 (20 per XCD)", absent from the stored RDOC @e396b48;
       reports of 4 hardware queues per user queue, one per XCC, agree).
       Clock, HBM and Infinity Cache: assumption, MI300X's (the same XCD
       and HBM3 stacks; no published figure found) */
    {"mi308x", FLY_CHIP_GFX942, 80, 4, 2.1, 5.3e12, 17.2e12, 192ull << 30, false},
    /* 304 CUs (38 per XCD), 8 XCDs, 256 GB [RDOC gpu-arch-specs @e396b48];
       6.0 TB/s HBM3E and 1307 TF fp16 [Vultr docs, inference-cookbook
       hardware-requirements], which at 304 CUs x 2048 FLOP/clk gives the
       2100 MHz clock; Infinity Cache: assumption, MI300X's */
    {"mi325x", FLY_CHIP_GFX942, 304, 8, 2.1, 6.0e12, 17.2e12, 256ull << 30, false},
    /* 256 CUs (32 per XCD), 8 XCDs, 288 GB HBM3E, 8 TB/s [RDOC gpu-specs
       7.13; SHARK]; 2200 MHz [PRESS]; Infinity Cache: assumption, 128
       channels x 64 B/clk as on gfx942 */
    {"mi350x", FLY_CHIP_GFX950, 256, 8, 2.2, 8.0e12, 8192 * 2.2e9, 288ull << 30, false},
    /* as MI350X at 2400 MHz [PRESS, cross-checked: 8192 FP8 FLOP/CU/clk x
       256 x 2.4 GHz = 5.03 PF] */
    {"mi355x", FLY_CHIP_GFX950, 256, 8, 2.4, 8.0e12, 8192 * 2.4e9, 288ull << 30, true},
};

const FlyHwProduct *flyHwProductTable(size_t *count) {
  if (count)
    *count = sizeof kProducts / sizeof kProducts[0];
  return kProducts;
}

const FlyHwProduct *flyHwProductFind(const char *name) {
  if (!name)
    return NULL;
  for (size_t i = 0; i < sizeof kProducts / sizeof kProducts[0]; i++)
    if (strcmp(kProducts[i].name, name) == 0)
      return &kProducts[i];
  return NULL;
}

const FlyHwProduct *flyHwProductDefault(FlyChip chip) {
  for (size_t i = 0; i < sizeof kProducts / sizeof kProducts[0]; i++)
    if (kProducts[i].chip == chip && kProducts[i].flagship)
      return &kProducts[i];
  return NULL;
}

const char *flyHwProductListNames(void) {
  return "mi300x, mi308x, mi325x, mi350x, mi355x";
}

/*--- Occupancy (facts §1) -------------------------------------------------------*/

static unsigned roundUp(unsigned v, unsigned g) {
  return (v + g - 1) / g * g;
}

/* waves = min(8, floor(512 / roundup8(total))) [LOCAL: 64->8, 65->7, 96->5,
   128->4, 168->3, 256->2, 256+256->1], where with AGPRs the total is the
   VGPR count rounded up to 4 plus the AGPRs [BASE getTotalNumVGPRs]. A wave
   needs at least one granule; more than 256 of either kind, or more than
   the unified file, cannot run: 0. */
unsigned flyHwWavesPerSimdForRegisters(FlyChip chip, unsigned vgprs, unsigned agprs) {
  const FlyHwChip *c = flyHwChipGet(chip);
  if (!c || vgprs > c->cu.archVgprs || agprs > c->cu.archVgprs)
    return 0;
  unsigned total = agprs ? roundUp(vgprs, 4) + agprs : vgprs;
  total = roundUp(total ? total : 1, c->cu.vgprGranule);
  if (total > c->cu.vgprsPerLane)
    return 0;
  unsigned waves = c->cu.vgprsPerLane / total;
  return waves < c->cu.maxWavesPerSimd ? waves : c->cu.maxWavesPerSimd;
}

/*--- LDS banks ------------------------------------------------------------------*/

static int cmpKey(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

/* Each touched bank word becomes one key, phase << 56 | bank << 32 | word,
 * so that sorting groups them by phase, then bank, with duplicates (the
 * same word to several lanes) adjacent. */
void flyHwLdsBankCycles(const FlyHwLds *lds, FlyHwLdsAccess access, const uint32_t addr[64],
                        uint64_t lanes, unsigned bytes, FlyHwLdsBanks *out) {
  const FlyHwLdsPhases *ph = &lds->phases[access];
  unsigned word = lds->bankBytes ? lds->bankBytes : 4, banks = lds->banks ? lds->banks : 32;
  unsigned words = bytes > word ? (bytes + word - 1) / word : 1;
  if (words > 4)
    words = 4;
  uint64_t keys[64 * 4];
  size_t n = 0;
  for (uint64_t set = lanes; set; set &= set - 1) {
    unsigned l = (unsigned)__builtin_ctzll(set);
    uint64_t phase = ph->numPhases ? ph->phaseOfLane[l] : 0;
    for (unsigned j = 0; j < words; ++j) {
      uint64_t w = addr[l] / word + j;
      keys[n++] = phase << 56 | (w % banks) << 32 | (w & 0xffffffffu);
    }
  }
  memset(out, 0, sizeof *out);
  if (!n)
    return;
  qsort(keys, n, sizeof *keys, cmpKey);
  uint32_t best = 0, run = 0;
  for (size_t i = 0; i < n; ++i) {
    bool newPhase = !i || keys[i] >> 56 != keys[i - 1] >> 56;
    bool newBank = newPhase || keys[i] >> 32 != keys[i - 1] >> 32;
    if (newPhase) {
      out->cycles += best;
      best = 0;
      out->phases++;
    }
    if (newBank)
      run = 0;
    if (i && keys[i] == keys[i - 1])
      continue;
    if (++run > best)
      best = run;
    if (run > out->worstWays) {
      out->worstWays = run;
      out->worstPhase = (uint32_t)(keys[i] >> 56);
      out->worstBank = (uint32_t)(keys[i] >> 32 & 0xffffff);
    }
  }
  out->cycles += best;
  for (uint64_t set = lanes; set; set &= set - 1) {
    unsigned l = (unsigned)__builtin_ctzll(set);
    uint32_t phase = ph->numPhases ? ph->phaseOfLane[l] : 0;
    for (unsigned j = 0; j < words && phase == out->worstPhase; ++j)
      if ((addr[l] / word + j) % banks == out->worstBank)
        out->worstLanes |= 1ull << l;
  }
}
