// Scalar stores and atomics (ISA guide §8.2): s_store_dword{,x2,x4} with
// immediate, M0 and SGPR offsets (two LSBs ignored, signed immediate),
// s_buffer_store_* with the num_records check of s_buffer_load, s_atomic_*
// and s_buffer_atomic_* with and without GLC (return of the pre-op value),
// 64-bit forms, cmpswap's {src, cmp} order, and an out-of-range buffer
// atomic (dropped, returns 0). Both chips.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: %testbin/emu-isa-run --kernel smem %t.so --print 104 | FileCheck %s
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj -I %S/Inputs %s -o %t942.o
// RUN: ld.lld -shared %t942.o -o %t942.so
// RUN: %testbin/emu-isa-run --chip gfx942 --kernel smem %t942.so --print 104 | FileCheck %s
.include "kernel.inc"
KERNEL_BEGIN smem
  s_mov_b32 s12, 0x11111111
  s_mov_b32 s13, 0x22222222
  s_mov_b32 s14, 0x33333333
  s_mov_b32 s15, 0x44444444
  s_store_dword s12, s[0:1], 0x0              // out[0]
  s_mov_b32 m0, 8
  s_store_dwordx2 s[12:13], s[0:1], m0        // out[2..3]
  s_mov_b32 s10, 0x10
  s_store_dwordx4 s[12:15], s[0:1], s10 offset:0x3   // 0x13 -> 0x10: out[4..7]
  s_add_u32 s20, s0, 0x40
  s_addc_u32 s21, s1, 0
  s_store_dword s15, s[20:21], -0x7           // 0x39 -> 0x38: out[14]
  s_store_dword s14, s[0:1], 0x1              // 0x1 -> 0x0: overwrites out[0]
  // s_buffer_store: V# over the output buffer, num_records 0x48
  s_mov_b32 s24, s0
  s_and_b32 s25, s1, 0xffff
  s_mov_b32 s26, 0x48
  s_mov_b32 s27, 0
  s_mov_b32 s11, 0xaaaaaaaa
  s_store_dword s11, s[0:1], 0x48             // out[18], out[19]: must stay
  s_store_dword s11, s[0:1], 0x4c
  s_buffer_store_dwordx4 s[12:15], s[24:27], 0x40    // out[16..17]; 18, 19 dropped
  s_buffer_store_dword s15, s[24:27], 0x44 glc       // out[17] again
  s_waitcnt lgkmcnt(0)
  // atomics on out[32..]
  s_mov_b32 s30, 10
  s_store_dword s30, s[0:1], 0x80             // out[32] = 10
  s_mov_b32 s30, 5
  s_atomic_add s30, s[0:1], 0x80 glc          // s30 = 10, out[32] = 15
  s_mov_b32 s31, 1
  s_atomic_add s31, s[0:1], 0x80              // s31 stays 1, out[32] = 16
  s_mov_b32 s32, 7
  s_store_dword s32, s[0:1], 0x84             // out[33] = 7
  s_mov_b32 s34, 100
  s_mov_b32 s35, 7
  s_atomic_cmpswap s[34:35], s[0:1], 0x84 glc // src 100, cmp 7: s34 = 7, out[33] = 100
  s_mov_b32 s36, 200
  s_mov_b32 s37, 7
  s_atomic_cmpswap s[36:37], s[0:1], 0x84 glc // cmp fails: s36 = 100, out[33] = 100
  s_mov_b32 s38, 5
  s_mov_b32 s39, 1
  s_store_dwordx2 s[38:39], s[0:1], 0x88      // out[34:35] = 0x1_00000005
  s_mov_b32 s40, 0xfffffffe
  s_mov_b32 s41, 0
  s_atomic_add_x2 s[40:41], s[0:1], 0x88 glc  // old 0x100000005; new 0x200000003
  s_mov_b32 s44, 0x12345678                   // cmpswap_x2: src s[44:45], cmp s[46:47]
  s_mov_b32 s45, 0x9abcdef0
  s_mov_b32 s46, 3
  s_mov_b32 s47, 2
  s_atomic_cmpswap_x2 s[44:47], s[0:1], 0x88 glc  // equal: s[44:45] = 0x200000003
  s_mov_b32 s48, -3
  s_store_dword s38, s[0:1], 0x90             // out[36] = 5
  s_atomic_smin s48, s[0:1], 0x90             // out[36] = -3
  s_mov_b32 s49, 4
  s_atomic_umin s49, s[0:1], 0x90 glc         // unsigned: 4 < 0xfffffffd: s49 = -3, out[36] = 4
  s_mov_b32 s50, 4
  s_atomic_inc s50, s[0:1], 0x90 glc          // 4 >= 4: wraps to 0; s50 = 4
  s_mov_b32 s51, 9
  s_atomic_dec s51, s[0:1], 0x90 glc          // 0: becomes 9; s51 = 0
  // s_buffer_atomic: in range (offset 0x40) and out of range (0x48)
  s_mov_b32 s52, 0x200
  s_buffer_atomic_or s52, s[24:27], 0x40 glc  // s52 = out[16] = 0x11111111, out[16] |= 0x200
  s_mov_b32 s53, 1234
  s_buffer_atomic_swap s53, s[24:27], 0x48 glc // dropped: s53 = 0, out[18] unchanged
  s_mov_b32 m0, 0x44
  s_mov_b32 s54, 0x0f0f0f0f
  s_buffer_atomic_xor s54, s[24:27], m0 glc   // s54 = out[17] = 0x44444444
  s_waitcnt lgkmcnt(0)
  OUT_S 64, s30
  OUT_S 65, s31
  OUT_S 66, s34
  OUT_S 67, s36
  OUT_S 68, s40
  OUT_S 69, s41
  OUT_S 70, s44
  OUT_S 71, s45
  OUT_S 72, s48
  OUT_S 73, s49
  OUT_S 74, s50
  OUT_S 75, s51
  OUT_S 76, s52
  OUT_S 77, s53
  OUT_S 78, s54
KERNEL_END smem

// CHECK: OUT 0: 33333333 00000000 11111111 22222222 11111111 22222222 33333333 44444444
// CHECK-NEXT: OUT 8: 00000000 00000000 00000000 00000000 00000000 00000000 44444444 00000000
// CHECK-NEXT: OUT 16: 11111311 4b4b4b4b aaaaaaaa aaaaaaaa 00000000 00000000 00000000 00000000
// CHECK-NEXT: OUT 24: 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000
// CHECK-NEXT: OUT 32: 00000010 00000064 12345678 9abcdef0 00000009 00000000 00000000 00000000
// CHECK: OUT 64: 0000000a 00000001 00000007 00000064 00000005 00000001 00000003 00000002
// CHECK-NEXT: OUT 72: fffffffd fffffffd 00000004 00000000 11111111 00000000 44444444 00000000
