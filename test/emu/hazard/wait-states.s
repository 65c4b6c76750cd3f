// Software wait states (cdna-timing-facts §3.2, LLVM's GCNHazardRecognizer),
// counted per wave in issue order: one per instruction, N+1 per s_nop N.
// Each case is assembled with one wait state too few (reported: "needs N")
// and with exactly enough (FIX=1, clean), on both chips:
//   CASE=1: a 4-pass XDL MFMA result read by v_accvgpr_read: 7 ws on gfx942
//           (N+3), 8 on gfx950 (N+4);
//   CASE=2: a VALU write of a VGPR an MFMA reads: 2;
//   CASE=3: a VALU write of EXEC (v_cmpx) before an MFMA: 4;
//   CASE=4: a VALU overwriting an MFMA's SrcC (not its result): N-1 = 3;
//   CASE=5: a transcendental result read by a VALU: 1;
//   CASE=6: an MFMA result as the next MFMA's SrcA: as CASE=1.
// RUN: bash %S/Inputs/hsaco.sh gfx950 %t.1.gfx950.hsaco %s CASE=1
// RUN: bash %S/Inputs/hsaco.sh gfx950 %t.1.gfx950.f.hsaco %s CASE=1 FIX=1
// RUN: flyc-run %t.1.gfx950.f.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
// RUN: not flyc-run %t.1.gfx950.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=RES950
// RES950: hazard: kernel k, workgroup (0,0,0), wave 0, pc 0x{{[0-9a-f]+}}: v_accvgpr_read_b32 v6, a0 reads a0 7 wait states after 'v_mfma_f32_16x16x16_bf16 a[0:3], v[2:3], v[4:5], 0' (pc 0x{{[0-9a-f]+}}): needs 8
// RUN: bash %S/Inputs/hsaco.sh gfx942 %t.1.gfx942.hsaco %s CASE=1
// RUN: bash %S/Inputs/hsaco.sh gfx942 %t.1.gfx942.f.hsaco %s CASE=1 FIX=1
// RUN: flyc-run %t.1.gfx942.f.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
// RUN: not flyc-run %t.1.gfx942.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=RES942
// RES942: v_accvgpr_read_b32 v6, a0 reads a0 6 wait states after 'v_mfma_f32_16x16x16_bf16 a[0:3], v[2:3], v[4:5], 0' (pc 0x{{[0-9a-f]+}}): needs 7
// RUN: bash %S/Inputs/hsaco.sh gfx950 %t.2.gfx950.hsaco %s CASE=2
// RUN: bash %S/Inputs/hsaco.sh gfx950 %t.2.gfx950.f.hsaco %s CASE=2 FIX=1
// RUN: flyc-run %t.2.gfx950.f.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
// RUN: not flyc-run %t.2.gfx950.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=VALUMFMA
// RUN: bash %S/Inputs/hsaco.sh gfx942 %t.2.gfx942.hsaco %s CASE=2
// RUN: bash %S/Inputs/hsaco.sh gfx942 %t.2.gfx942.f.hsaco %s CASE=2 FIX=1
// RUN: flyc-run %t.2.gfx942.f.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
// RUN: not flyc-run %t.2.gfx942.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=VALUMFMA
// VALUMFMA: v_mfma_f32_16x16x16_bf16 a[0:3], v[2:3], v[4:5], 0 reads v2 1 wait states after 'v_mov_b32_e32 v2, 1' (pc 0x{{[0-9a-f]+}}): needs 2
// RUN: bash %S/Inputs/hsaco.sh gfx950 %t.3.gfx950.hsaco %s CASE=3
// RUN: bash %S/Inputs/hsaco.sh gfx950 %t.3.gfx950.f.hsaco %s CASE=3 FIX=1
// RUN: flyc-run %t.3.gfx950.f.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
// RUN: not flyc-run %t.3.gfx950.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=EXECMFMA
// RUN: bash %S/Inputs/hsaco.sh gfx942 %t.3.gfx942.hsaco %s CASE=3
// RUN: bash %S/Inputs/hsaco.sh gfx942 %t.3.gfx942.f.hsaco %s CASE=3 FIX=1
// RUN: flyc-run %t.3.gfx942.f.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
// RUN: not flyc-run %t.3.gfx942.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=EXECMFMA
// EXECMFMA: v_mfma_f32_16x16x16_bf16 a[0:3], v[2:3], v[4:5], 0 reads exec 3 wait states after 'v_cmpx_le_u32_e32 vcc, 0, v0' (pc 0x{{[0-9a-f]+}}): needs 4
// RUN: bash %S/Inputs/hsaco.sh gfx950 %t.4.gfx950.hsaco %s CASE=4
// RUN: bash %S/Inputs/hsaco.sh gfx950 %t.4.gfx950.f.hsaco %s CASE=4 FIX=1
// RUN: flyc-run %t.4.gfx950.f.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
// RUN: not flyc-run %t.4.gfx950.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=SRCCWAR
// RUN: bash %S/Inputs/hsaco.sh gfx942 %t.4.gfx942.hsaco %s CASE=4
// RUN: bash %S/Inputs/hsaco.sh gfx942 %t.4.gfx942.f.hsaco %s CASE=4 FIX=1
// RUN: flyc-run %t.4.gfx942.f.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
// RUN: not flyc-run %t.4.gfx942.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=SRCCWAR
// SRCCWAR: v_accvgpr_write_b32 a4, 0 overwrites SrcC a4 2 wait states after 'v_mfma_f32_16x16x16_bf16 a[0:3], v[2:3], v[4:5], a[4:7]' (pc 0x{{[0-9a-f]+}}): needs 3
// RUN: bash %S/Inputs/hsaco.sh gfx950 %t.5.gfx950.hsaco %s CASE=5
// RUN: bash %S/Inputs/hsaco.sh gfx950 %t.5.gfx950.f.hsaco %s CASE=5 FIX=1
// RUN: flyc-run %t.5.gfx950.f.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
// RUN: not flyc-run %t.5.gfx950.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=TRANSVALU
// RUN: bash %S/Inputs/hsaco.sh gfx942 %t.5.gfx942.hsaco %s CASE=5
// RUN: bash %S/Inputs/hsaco.sh gfx942 %t.5.gfx942.f.hsaco %s CASE=5 FIX=1
// RUN: flyc-run %t.5.gfx942.f.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
// RUN: not flyc-run %t.5.gfx942.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=TRANSVALU
// TRANSVALU: v_add_f32_e32 v3, v2, v2 reads v2 0 wait states after 'v_exp_f32_e32 v2, v1' (pc 0x{{[0-9a-f]+}}): needs 1
// RUN: bash %S/Inputs/hsaco.sh gfx950 %t.6.gfx950.hsaco %s CASE=6
// RUN: bash %S/Inputs/hsaco.sh gfx950 %t.6.gfx950.f.hsaco %s CASE=6 FIX=1
// RUN: flyc-run %t.6.gfx950.f.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
// RUN: not flyc-run %t.6.gfx950.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=SRCA950
// SRCA950: v_mfma_f32_16x16x16_bf16 v[12:15], v[8:9], v[4:5], 0 reads v8 7 wait states after 'v_mfma_f32_16x16x16_bf16 v[8:11], v[2:3], v[4:5], 0' (pc 0x{{[0-9a-f]+}}): needs 8
// RUN: bash %S/Inputs/hsaco.sh gfx942 %t.6.gfx942.hsaco %s CASE=6
// RUN: bash %S/Inputs/hsaco.sh gfx942 %t.6.gfx942.f.hsaco %s CASE=6 FIX=1
// RUN: flyc-run %t.6.gfx942.f.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256
// RUN: not flyc-run %t.6.gfx942.hsaco --kernel k --grid 1 --block 64 --check-hazards out:u32:256 2>&1 | FileCheck %s --check-prefix=SRCA942
// SRCA942: reads v8 6 wait states after 'v_mfma_f32_16x16x16_bf16 v[8:11], v[2:3], v[4:5], 0' (pc 0x{{[0-9a-f]+}}): needs 7
.include "hazard.inc"

// Result wait states of a 4-pass XDL MFMA on this chip.
.ifdef GFX942
  .set RESULT_WS, 7
.else
  .set RESULT_WS, 8
.endif

// `s_nop` for `ws` wait states of which FIX=0 leaves one out (an s_nop
// gives N+1; a missing one gives 0).
.macro PAD ws
  .if \ws - 1 + FIX > 0
  s_nop \ws - 2 + FIX
  .endif
.endm

HAZ_BEGIN k
  v_mov_b32 v2, 0
  v_mov_b32 v3, 0
  v_mov_b32 v4, 0
  v_mov_b32 v5, 0
  s_nop 1
.if CASE == 1
  v_mfma_f32_16x16x16_bf16 a[0:3], v[2:3], v[4:5], 0
  PAD RESULT_WS
  v_accvgpr_read_b32 v6, a0
.elseif CASE == 2
  v_mov_b32 v2, 1
  PAD 2
  v_mfma_f32_16x16x16_bf16 a[0:3], v[2:3], v[4:5], 0
  s_nop 7
  v_accvgpr_read_b32 v6, a0
.elseif CASE == 3
  v_cmpx_le_u32 vcc, 0, v0
  PAD 4
  v_mfma_f32_16x16x16_bf16 a[0:3], v[2:3], v[4:5], 0
  s_nop 7
  v_accvgpr_read_b32 v6, a0
.elseif CASE == 4
  v_accvgpr_write_b32 a4, 0
  v_accvgpr_write_b32 a5, 0
  v_accvgpr_write_b32 a6, 0
  v_accvgpr_write_b32 a7, 0
  s_nop 1
  v_mfma_f32_16x16x16_bf16 a[0:3], v[2:3], v[4:5], a[4:7]
  PAD 3
  v_accvgpr_write_b32 a4, 0
  s_nop 7
  v_accvgpr_read_b32 v6, a0
.elseif CASE == 5
  v_cvt_f32_u32 v1, v0
  v_exp_f32 v2, v1
  PAD 1
  v_add_f32 v3, v2, v2
  v_cvt_u32_f32 v6, v3
.else
  v_mfma_f32_16x16x16_bf16 v[8:11], v[2:3], v[4:5], 0
  PAD RESULT_WS
  v_mfma_f32_16x16x16_bf16 v[12:15], v[8:9], v[4:5], 0
  s_nop 7
  s_nop 3
  v_mov_b32 v6, v12
.endif
  v_lshlrev_b32 v7, 2, v0
  global_store_dword v7, v6, s[2:3]
.ifdef GFX942
HAZ_END k, gfx942
.else
HAZ_END k, gfx950
.endif
