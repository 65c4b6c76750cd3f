// Stepping with deferred effects (emu_step.h): a load's destination keeps
// its old value until the load completes, and an LDS DMA's bytes reach LDS
// only then; memory itself is read at issue. Under --step waitcnt the
// harness completes each load as late as the kernel's s_waitcnt allow
// (VMEM in issue order, LGKM in issue order), so a read before the wait
// sees the old value and one after it the loaded value. Run functionally
// (every effect at issue) the same reads all see the loaded values.
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj -I %S/Inputs %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: %testbin/emu-isa-run --kernel defer --lds 4096 --step waitcnt --out-bytes 8192 --print 720 %t.so | FileCheck %s --check-prefixes=CHECK,DEFER
// RUN: %testbin/emu-isa-run --kernel defer --lds 4096 --out-bytes 8192 --print 720 %t.so | FileCheck %s --check-prefixes=CHECK,FUNC
// RUN: %testbin/emu-isa-run --kernel defer --lds 4096 --step plain --out-bytes 8192 --print 720 %t.so | FileCheck %s --check-prefixes=CHECK,FUNC
// RUN: %testbin/emu-isa-run --kernel defer --lds 4096 --step apply --out-bytes 8192 --print 720 %t.so | FileCheck %s --check-prefixes=CHECK,FUNC
.include "kernel.inc"

KERNEL_BEGIN defer
  // data at out + 4096: dword lane = 0x1000 + lane, at out + 4352: 0x2000 + lane
  s_add_u32 s16, s0, 0x1000
  s_addc_u32 s17, s1, 0
  v_lshlrev_b32 v1, 2, v0
  v_add_u32 v2, 0x1000, v0
  global_store_dword v1, v2, s[16:17]
  v_add_u32 v2, 0x2000, v0
  global_store_dword v1, v2, s[16:17] offset:256
  s_waitcnt vmcnt(0)

  // a global load: its register is read before and after the wait
  v_mov_b32 v4, 0x11111111
  global_load_dword v4, v1, s[16:17]
  v_mov_b32 v5, v4
  s_waitcnt vmcnt(0)
  v_mov_b32 v6, v4
  OUT_V 0, v5
  OUT_V 64, v6

  // VMEM results return in order: vmcnt(1) completes the older load only
  v_mov_b32 v8, 0x44444444
  global_load_dword v7, v1, s[16:17]
  global_load_dword v8, v1, s[16:17] offset:256
  s_waitcnt vmcnt(1)
  v_mov_b32 v9, v7
  v_mov_b32 v10, v8
  s_waitcnt vmcnt(0)
  OUT_V 128, v9
  OUT_V 192, v10

  // ds_read: the LDS data is read at issue, the register written at lgkmcnt
  v_add_u32 v2, 0x1000, v0
  ds_write_b32 v1, v2
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v11, 0x22222222
  ds_read_b32 v11, v1
  v_mov_b32 v12, v11
  s_waitcnt lgkmcnt(0)
  v_mov_b32 v13, v11
  OUT_V 256, v12
  OUT_V 320, v13

  // s_load_dword: the SGPR changes at lgkmcnt(0)
  s_mov_b32 s20, 0x33333333
  s_load_dword s20, s[16:17], 0x4
  s_mov_b32 s21, s20
  s_waitcnt lgkmcnt(0)
  s_mov_b32 s22, s20
  OUT_S 384, s21
  OUT_S 385, s22

  // LDS DMA: LDS[0x400 + 4*lane] still holds the poison for a ds_read
  // issued before vmcnt(0), the loaded dword for one issued after
  s_mov_b32 s8, s16
  s_and_b32 s9, s17, 0xffff
  s_mov_b32 s10, 256
  s_mov_b32 s11, 0x27000
  s_movk_i32 m0, 0x400
  s_nop 0
  buffer_load_dword v1, s[8:11], 0 offen lds
  ds_read_b32 v14, v1 offset:0x400
  s_waitcnt vmcnt(0) lgkmcnt(0)
  ds_read_b32 v15, v1 offset:0x400
  s_waitcnt lgkmcnt(0)
  OUT_V 448, v14
  OUT_V 512, v15
  s_waitcnt vmcnt(0)

  // global_load_lds: the same for the global form (M0 = 0x800)
  s_movk_i32 m0, 0x800
  s_nop 0
  global_load_lds_dword v1, s[16:17]
  ds_read_b32 v14, v1 offset:0x800
  s_waitcnt vmcnt(0) lgkmcnt(0)
  ds_read_b32 v15, v1 offset:0x800
  s_waitcnt lgkmcnt(0)
  OUT_V 576, v14
  OUT_V 640, v15
  s_waitcnt vmcnt(0)

  // a d16_hi load merges into the register as it is at completion: the
  // low half written between issue and the wait survives
  v_mov_b32 v16, 0xaaaa5555
  v_mov_b32 v17, 0x1234
  global_load_short_d16_hi v16, v1, s[16:17]
  v_mov_b32_sdwa v16, v17 dst_sel:WORD_0 dst_unused:UNUSED_PRESERVE src0_sel:DWORD
  s_waitcnt vmcnt(0)
  OUT_V 704, v16
  s_waitcnt vmcnt(0)
KERNEL_END defer

// DEFER:      OUT 0: 11111111 11111111 11111111 11111111 11111111 11111111 11111111 11111111
// FUNC:       OUT 0: 00001000 00001001 00001002 00001003 00001004 00001005 00001006 00001007
// CHECK:      OUT 64: 00001000 00001001 00001002 00001003 00001004 00001005 00001006 00001007
// CHECK:      OUT 120: 00001038 00001039 0000103a 0000103b 0000103c 0000103d 0000103e 0000103f
// CHECK-NEXT: OUT 128: 00001000 00001001 00001002 00001003 00001004 00001005 00001006 00001007
// DEFER:      OUT 192: 44444444 44444444 44444444 44444444 44444444 44444444 44444444 44444444
// FUNC:       OUT 192: 00002000 00002001 00002002 00002003 00002004 00002005 00002006 00002007
// DEFER:      OUT 256: 22222222 22222222 22222222 22222222 22222222 22222222 22222222 22222222
// FUNC:       OUT 256: 00001000 00001001 00001002 00001003 00001004 00001005 00001006 00001007
// CHECK:      OUT 320: 00001000 00001001 00001002 00001003 00001004 00001005 00001006 00001007
// DEFER:      OUT 384: 33333333 00001001
// FUNC:       OUT 384: 00001001 00001001
// DEFER:      OUT 448: deadbeef deadbeef deadbeef deadbeef deadbeef deadbeef deadbeef deadbeef
// FUNC:       OUT 448: 00001000 00001001 00001002 00001003 00001004 00001005 00001006 00001007
// CHECK:      OUT 512: 00001000 00001001 00001002 00001003 00001004 00001005 00001006 00001007
// CHECK:      OUT 520: 00001008 00001009 0000100a 0000100b 0000100c 0000100d 0000100e 0000100f
// DEFER:      OUT 576: deadbeef deadbeef deadbeef deadbeef deadbeef deadbeef deadbeef deadbeef
// FUNC:       OUT 576: 00001000 00001001 00001002 00001003 00001004 00001005 00001006 00001007
// CHECK:      OUT 640: 00001000 00001001 00001002 00001003 00001004 00001005 00001006 00001007
// CHECK:      OUT 704: 10001234 10011234 10021234 10031234 10041234 10051234 10061234 10071234
