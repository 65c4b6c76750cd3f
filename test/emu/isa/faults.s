// Faults instead of silence: unsupported and chip-specific instructions,
// memory outside the buffers or LDS, misaligned atomics, bad control flow.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: not %testbin/emu-isa-run --kernel f_oob %t.so | FileCheck %s --check-prefix=OOB
// RUN: not %testbin/emu-isa-run --kernel f_unsupported %t.so | FileCheck %s --check-prefix=UNSUP
// RUN: not %testbin/emu-isa-run --kernel f_chip --chip gfx942 %t.so | FileCheck %s --check-prefix=CHIP
// RUN: not %testbin/emu-isa-run --kernel f_mfma942 --chip gfx942 %t.so | FileCheck %s --check-prefix=MFMA942
// RUN: not %testbin/emu-isa-run --kernel f_misaligned %t.so | FileCheck %s --check-prefix=MISAL
// RUN: not %testbin/emu-isa-run --kernel f_lds --lds 4096 %t.so | FileCheck %s --check-prefix=LDS
// RUN: not %testbin/emu-isa-run --kernel f_pc %t.so | FileCheck %s --check-prefix=PC
// RUN: not %testbin/emu-isa-run --kernel f_mid %t.so | FileCheck %s --check-prefix=MID
// RUN: not %testbin/emu-isa-run --kernel f_trap %t.so | FileCheck %s --check-prefix=TRAP
// RUN: not %testbin/emu-isa-run --kernel f_tr --lds 4096 %t.so | FileCheck %s --check-prefix=TR
// RUN: not %testbin/emu-isa-run --kernel f_undecodable %t.so | FileCheck %s --check-prefix=UNDEC
// RUN: not %testbin/emu-isa-run --kernel f_gds %t.so | FileCheck %s --check-prefix=GDS
// RUN: not %testbin/emu-isa-run --kernel f_gws %t.so | FileCheck %s --check-prefix=GWS
// RUN: not %testbin/emu-isa-run --kernel f_satomic %t.so | FileCheck %s --check-prefix=SATOMIC
.include "kernel.inc"

// OOB: FAULT memory: wave 0 lane 5 pc 0x{{[0-9a-f]+}} address 0x100001014: global_load_dword: lane 5 accesses 4 bytes at 0x100001014 outside every buffer
KERNEL_BEGIN f_oob
  v_lshlrev_b32 v1, 2, v0
  v_add_u32 v1, 0xffc, v1
  v_cmp_lt_u32 vcc, 4, v0
  s_and_saveexec_b64 s[10:11], vcc
  global_load_dword v2, v1, s[0:1] offset:4
KERNEL_END f_oob

// UNSUP: FAULT unsupported: wave 0 lane -1 pc 0x{{[0-9a-f]+}}04 address 0x0: unsupported instruction v_smfmac_f32_16x16x64_bf16
KERNEL_BEGIN f_unsupported
  s_nop 0
  v_smfmac_f32_16x16x64_bf16 v[0:3], v[4:7], v[8:15], v16
KERNEL_END f_unsupported

// CHIP: FAULT unsupported: wave 0 lane -1 pc 0x{{[0-9a-f]+}} address 0x0: v_permlane16_swap_b32 is not available on gfx942
KERNEL_BEGIN f_chip
  v_permlane16_swap_b32 v1, v2
KERNEL_END f_chip

// MFMA942: FAULT unsupported: {{.*}}v_mfma_f32_16x16x32_bf16 is not available on gfx942
KERNEL_BEGIN f_mfma942
  v_mfma_f32_16x16x32_bf16 v[0:3], v[4:7], v[8:11], v[0:3]
KERNEL_END f_mfma942

// MISAL: FAULT misaligned: wave 0 lane 0 pc 0x{{[0-9a-f]+}} address 0x100000002: global_atomic_add: lane 0 atomic address 0x100000002 is not 4-byte aligned
KERNEL_BEGIN f_misaligned
  v_mov_b32 v1, 2
  v_mov_b32 v2, 1
  global_atomic_add v1, v2, s[0:1]
KERNEL_END f_misaligned

// LDS: FAULT memory: wave 0 lane 0 pc 0x{{[0-9a-f]+}} address 0xffc: ds_read_b64: lane 0 accesses 8 bytes of LDS at 0xffc, outside the 4096-byte allocation
KERNEL_BEGIN f_lds
  v_mov_b32 v1, 0xffc
  ds_read_b64 v[2:3], v1
KERNEL_END f_lds

// PC: FAULT memory: wave 0 lane -1 pc 0x12344000 address 0x12345000: program counter 0x12344000 outside the code ({{[0-9]+}} bytes)
KERNEL_BEGIN f_pc
  s_mov_b32 s10, 0x12345000
  s_mov_b32 s11, 0
  s_setpc_b64 s[10:11]
KERNEL_END f_pc

// MID: FAULT unsupported: wave 0 lane -1 pc 0x{{[0-9a-f]+}} address 0x0: jump into the middle of an instruction
KERNEL_BEGIN f_mid
  s_getpc_b64 s[10:11]
  s_add_u32 s10, s10, 16      // s_getpc returns the address of this s_add,
  s_addc_u32 s11, s11, 0      // + 16 is the second dword of the v_mov below
  s_setpc_b64 s[10:11]
  v_mov_b32 v1, 0x12345678
KERNEL_END f_mid

// TR: FAULT misaligned: wave 0 lane 0 pc 0x{{[0-9a-f]+}} address 0x4: ds_read_b64_tr_b16: lane 0 LDS address 0x4 is not 8-byte aligned
KERNEL_BEGIN f_tr
  v_mov_b32 v1, 4
  ds_read_b64_tr_b16 v[2:3], v1
KERNEL_END f_tr

// TRAP: FAULT unsupported: {{.*}}s_trap 2: the kernel trapped
KERNEL_BEGIN f_trap
  s_trap 2
KERNEL_END f_trap

// UNDEC: FAULT unsupported: wave 0 lane -1 pc 0x{{[0-9a-f]+}} address 0x0: undecodable instruction encoding 0xffffffff
KERNEL_BEGIN f_undecodable
  .long 0xffffffff, 0xffffffff
KERNEL_END f_undecodable

// The GWS ops need the GDS bit (LLVM's disassembler rejects them without it);
// on other DS instructions bit 16 is no field (CDNA4 ISA guide Table 95) and
// is ignored (ds-operands.s).
// GDS: FAULT unsupported: wave 0 lane -1 pc 0x{{[0-9a-f]+}} address 0x0: undecodable instruction encoding 0xd9320004 0x00000002
KERNEL_BEGIN f_gds
  .long 0xd9320004, 0x00000002   // ds_gws_init v2 offset:4 without the GDS bit
KERNEL_END f_gds

// GWS: FAULT unsupported: wave 0 lane -1 pc 0x{{[0-9a-f]+}} address 0x0: unsupported instruction ds_gws_init (encoding 0xd9330004)
KERNEL_BEGIN f_gws
  ds_gws_init v2 offset:4 gds
KERNEL_END f_gws

// SATOMIC: FAULT misaligned: wave 0 lane -1 pc 0x{{[0-9a-f]+}} address 0x100000004: s_atomic_add_x2: scalar atomic address 0x100000004 is not 8-byte aligned
KERNEL_BEGIN f_satomic
  s_atomic_add_x2 s[10:11], s[0:1], 0x4
KERNEL_END f_satomic
