// Fields the decoder read wrongly, found by the operand cross-check
// (decode-sweep.test); each case is hand-encoded so that the old reading
// gives a different value:
//  - SMEM with IMM = 0: OFFSET[6:0] names the offset SGPR (bit 7 is not part
//    of it; with 0x85 the old decoder read the inline constant 5);
//  - s_getpc_b64, buffer_inv, v_nop and v_clrexcp with a literal, SDWA or
//    DPP code in a field they do not read: no extra dword (the next
//    instruction was eaten as a literal);
//  - VOP3 op_sel on an instruction without op_sel (v_add_f16_e64): ignored,
//    as by LLVM (the old decoder picked the high half);
//  - v_accvgpr_mov_b32 with an inline constant source (was read as AGPR 133);
//  - v_cvt_f32_fp8 in SDWA form writes the whole destination (no dst_sel);
//  - v_bitop3_b16 op_sel selects source halves.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: %testbin/emu-isa-run --kernel fields %t.so --print 8 | FileCheck %s
// RUN: %testbin/emu-isa-run --chip gfx942 --kernel fields %t.so --print 8 | FileCheck %s
// RUN: %testbin/emu-isa-run --kernel fields950 %t.so --print 8 | FileCheck %s --check-prefix=G950
.include "kernel.inc"

KERNEL_BEGIN fields
  v_mov_b32 v250, 0xaaaa
  v_mov_b32 v251, 0x40
  global_store_dword v251, v250, s[0:1]     // out[16] = 0xaaaa
  v_mov_b32 v250, 0xbbbb
  v_mov_b32 v251, 4
  global_store_dword v251, v250, s[0:1]     // out[1] = 0xbbbb
  s_waitcnt vmcnt(0)
  s_mov_b32 s5, 0x40
  .long 0xc0000180, 0x00000085              // s_load_dword s6, s[0:1], s5 (OFFSET = 0x85)
  s_waitcnt lgkmcnt(0)
  OUT_S 0, s6                               // 0xaaaa (old: out[1] = 0xbbbb)
  .long 0xbe8a1cff                          // s_getpc_b64 s[10:11] with SSRC0 = 255
  s_mov_b32 s20, 7
  OUT_S 1, s20
  .long 0xe0a40000, 0xff000000              // buffer_inv with SOFFSET = 255
  s_mov_b32 s21, 9
  OUT_S 2, s21
  .long 0x7e0000f9                          // v_nop with SRC0 = SDWA
  s_mov_b32 s22, 11
  OUT_S 3, s22
  .long 0x7e006afa                          // v_clrexcp with SRC0 = DPP
  s_mov_b32 s23, 13
  OUT_S 4, s23
  v_mov_b32 v2, 0x40003c00                  // {2.0, 1.0} in f16
  v_mov_b32 v3, 0x3c00                      // 1.0
  .long 0xd11f0801, 0x00020702              // v_add_f16_e64 v1, v2, v3 with op_sel[0] set
  v_readfirstlane_b32 s24, v1
  OUT_S 5, s24                              // 0x4000 = 2.0 (old: 3.0 = 0x4200)
  .long 0x7e02a485                          // v_accvgpr_mov_b32 a1, 5
  v_accvgpr_read_b32 v4, a1
  v_readfirstlane_b32 s25, v4
  OUT_S 6, s25                              // 5
KERNEL_END fields

KERNEL_BEGIN fields950
  v_mov_b32 v2, 0x38                        // fp8 E4M3 (OCP) 1.0
  v_mov_b32 v1, 0x12345678
  .long 0x7e02a8f9, 0x00001002              // v_cvt_f32_fp8_sdwa v1, v2 dst_sel:BYTE_0 dst_unused:UNUSED_PRESERVE
  v_readfirstlane_b32 s6, v1
  OUT_S 0, s6                               // 1.0 = 0x3f800000 (old: 0x12345600)
  v_mov_b32 v2, 0xabcd1234
  v_bitop3_b16 v5, v2, v3, v4 bitop3:0xf0 op_sel:[1,0,0,0]
  v_readfirstlane_b32 s7, v5
  OUT_S 1, s7                               // the high half of v2 (old: the low half)
KERNEL_END fields950

// CHECK: OUT 0: 0000aaaa 00000007 00000009 0000000b 0000000d 00004000 00000005
// G950: OUT 0: 3f800000 0000abcd
