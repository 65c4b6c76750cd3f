// A kernel that relies on its LDS DMA landing after another wave's ds_read
// of the old data (as production asm GEMMs do): wave 0 writes 0x11111111
// words to LDS, both waves pass a barrier, then wave 0 starts an LDS DMA of
// 0x22222222 words over them (buffer_load_dword ... lds) while wave 1 reads
// the LDS right away. On hardware the DMA lands a memory latency later, so
// wave 1 reads the old words; wave 0 reads the new ones after its
// s_waitcnt vmcnt(0). out[0..63] = wave 0's read, out[64..127] = wave 1's.
// The timing model applies the DMA's LDS write at its completion and gives
// the hardware's numbers; the functional scheduler, which runs wave 0 to its
// end before wave 1 and lands a DMA when it issues, gives the new words to
// both (the reason timing mode exists for such kernels; docs/timing.md).
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.hsaco
// RUN: flyc-run %t.hsaco --kernel dma_order --grid 1 --block 128 out:u32:512:const=572662306 --timing --out out=%t.timed > /dev/null
// RUN: od -A d -t x4 -v %t.timed | FileCheck %s --check-prefix=TIMED
// RUN: flyc-run %t.hsaco --kernel dma_order --grid 1 --block 128 out:u32:512:const=572662306 --out out=%t.func
// RUN: od -A d -t x4 -v %t.func | FileCheck %s --check-prefix=FUNC
// TIMED: 0000000 22222222 22222222 22222222 22222222
// TIMED: 0000240 22222222 22222222 22222222 22222222
// TIMED-NEXT: 0000256 11111111 11111111 11111111 11111111
// TIMED: 0000496 11111111 11111111 11111111 11111111
// TIMED-NEXT: 0000512 22222222 22222222 22222222 22222222
// FUNC: 0000240 22222222 22222222 22222222 22222222
// FUNC-NEXT: 0000256 22222222 22222222 22222222 22222222
// FUNC: 0000496 22222222 22222222 22222222 22222222
.include "timed.inc"

KERNEL_BEGIN dma_order
  v_readfirstlane_b32 s4, v0
  s_lshr_b32 s4, s4, 6                // wave index
  v_and_b32 v5, 63, v0                // lane
  v_lshlrev_b32 v1, 2, v5             // lane * 4
  v_mov_b32 v2, 0x11111111
  s_cmp_eq_u32 s4, 0
  s_cbranch_scc0 .Lwait
  ds_write_b32 v1, v2
  s_waitcnt lgkmcnt(0)
.Lwait:
  s_barrier
  s_cmp_eq_u32 s4, 0
  s_cbranch_scc0 .Lreader
  // wave 0: DMA out[256..319] (0x22222222, the host's fill) over LDS[0, 256)
  s_add_u32 s8, s0, 1024
  s_addc_u32 s9, s1, 0
  s_and_b32 s9, s9, 0xffff
  s_mov_b32 s10, 256
  s_mov_b32 s11, 0x27000
  s_mov_b32 m0, 0
  s_nop 0
  buffer_load_dword v1, s[8:11], 0 offen lds
  s_waitcnt vmcnt(0)
  ds_read_b32 v3, v1
  s_waitcnt lgkmcnt(0)
  global_store_dword v1, v3, s[0:1]
  s_endpgm
.Lreader:
  ds_read_b32 v3, v1
  s_waitcnt lgkmcnt(0)
  global_store_dword v1, v3, s[0:1] offset:256
KERNEL_END dma_order
