// The timing facts of decoded instructions (EmuInstInfo, emu_step.h) as
// emu-isa-run --info prints them. Expected values come from the CDNA4 ISA
// guide and cdna-timing-facts.md: MFMA passes (§3.1: f8f6f4 with an fp8 or
// bf8 operand 8 passes at 16x16x128 and 16 at 32x32x64, with fp6/fp4 on both
// sides 4 and 8; f64 16x16x4 16 on gfx950, 8 on gfx942; a pass is 4
// clocks), f8f6f4 A/B registers by format (32 elements per lane at
// 16x16x128: fp8 8 VGPRs, fp6 6, fp4 4), counters (§6: vmcnt +1 per
// VMEM incl. stores and LDS DMA, lgkmcnt +1 per LDS op, FLAT both, SMEM +1
// for one dword else +2, s_memtime like x2), s_waitcnt fields (vmcnt
// {[15:14],[3:0]}, lgkmcnt [11:8]), s_nop N = N+1 wait states, VALU rates
// (§2: full rate 4 clocks, transcendental 16), implicit operands (EXEC for
// vector instructions, VCC of the 32-bit carry/compare encodings, SCC of
// SALU, M0 of LDS DMA).
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx950 -filetype=obj --defsym GFX950=1 %s -o %t.o
// RUN: ld.lld -shared %t.o -o %t.so
// RUN: %testbin/emu-isa-run --info --chip gfx950 %t.so | FileCheck %s --check-prefixes=CHECK,G950
// RUN: llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -filetype=obj %s -o %t942.o
// RUN: ld.lld -shared %t942.o -o %t942.so
// RUN: %testbin/emu-isa-run --info --chip gfx942 %t942.so | FileCheck %s --check-prefixes=CHECK,G942
.text
.ifdef GFX950
  v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[0:3]
  v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:7], v[12:15], v[0:3] cbsz:4 blgp:4
  v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:15], v[0:3] blgp:4
  v_mfma_f32_16x16x128_f8f6f4 v[0:3], v[4:9], v[12:15], v[0:3] cbsz:2 blgp:4
  v_mfma_f32_32x32x64_f8f6f4 a[0:15], v[16:23], v[24:31], a[0:15] cbsz:1
  v_mfma_f32_32x32x64_f8f6f4 a[0:15], v[16:19], v[24:29], a[0:15] cbsz:4 blgp:3
  v_mfma_f32_16x16x32_bf16 v[0:3], v[4:7], v[8:11], v[0:3]
  global_load_lds_dwordx4 v1, s[2:3] offset:16
  ds_read_b64_tr_b16 v[2:3], v1
.endif
// G950:      v_mfma_f32_16x16x128_f8f6f4: unit=MFMA cycles=32 passes=8 reads={v[4:11],v[12:19],v[0:3],exec} writes={v[0:3]}
// G950-NEXT: v_mfma_f32_16x16x128_f8f6f4: unit=MFMA cycles=16 passes=4 reads={v[4:7],v[12:15],v[0:3],exec} writes={v[0:3]}
// G950-NEXT: v_mfma_f32_16x16x128_f8f6f4: unit=MFMA cycles=32 passes=8 reads={v[4:11],v[12:15],v[0:3],exec} writes={v[0:3]}
// G950-NEXT: v_mfma_f32_16x16x128_f8f6f4: unit=MFMA cycles=16 passes=4 reads={v[4:9],v[12:15],v[0:3],exec} writes={v[0:3]}
// G950-NEXT: v_mfma_f32_32x32x64_f8f6f4: unit=MFMA cycles=64 passes=16 reads={v[16:23],v[24:31],a[0:15],exec} writes={a[0:15]}
// G950-NEXT: v_mfma_f32_32x32x64_f8f6f4: unit=MFMA cycles=32 passes=8 reads={v[16:19],v[24:29],a[0:15],exec} writes={a[0:15]}
// G950-NEXT: v_mfma_f32_16x16x32_bf16: unit=MFMA cycles=16 passes=4 reads={v[4:7],v[8:11],v[0:3],exec} writes={v[0:3]}
// G950-NEXT: global_load_lds_dwordx4: unit=VMEM cycles=4 vm=+1 bytes=16 lds-dma reads={v1,s[2:3],exec,m0} writes={}
// G950-NEXT: ds_read_b64_tr_b16: unit=LDS cycles=4 lgkm=+1 bytes=8 load reads={v1,exec} writes={v[2:3]}

  v_mfma_f64_16x16x4_f64 v[0:7], v[8:9], v[10:11], v[0:7]
  v_mfma_f32_32x32x8_f16 a[0:15], v[0:1], v[2:3], a[0:15]
  v_mfma_f32_4x4x4_16b_f16 v[0:3], v[4:5], v[6:7], v[0:3]
// G950:      v_mfma_f64_16x16x4_f64: unit=MFMA cycles=64 passes=16 dgemm reads={v[8:9],v[10:11],v[0:7],exec} writes={v[0:7]}
// G942:      v_mfma_f64_16x16x4_f64: unit=MFMA cycles=32 passes=8 dgemm reads={v[8:9],v[10:11],v[0:7],exec} writes={v[0:7]}
// CHECK-NEXT: v_mfma_f32_32x32x8_f16: unit=MFMA cycles=32 passes=8 reads={v[0:1],v[2:3],a[0:15],exec} writes={a[0:15]}
// CHECK-NEXT: v_mfma_f32_4x4x4_16b_f16: unit=MFMA cycles=8 passes=2 reads={v[4:5],v[6:7],v[0:3],exec} writes={v[0:3]}

  buffer_load_dwordx4 v[4:7], v1, s[8:11], 0 offen
  buffer_store_dword v2, v1, s[8:11], s5 offen
  buffer_load_dword v1, s[8:11], 0 offen lds
  buffer_load_short_d16_hi v3, v1, s[8:11], 0 offen
  global_load_dwordx2 v[2:3], v1, s[0:1]
  global_store_dwordx4 v1, v[4:7], s[0:1]
  flat_load_dword v1, v[2:3]
  global_atomic_add v1, v2, v3, s[0:1] sc0
  global_atomic_add v2, v3, s[0:1]
  global_atomic_cmpswap_x2 v[4:5], v1, v[6:9], s[0:1] sc0
// CHECK-NEXT: buffer_load_dwordx4: unit=VMEM cycles=4 vm=+1 bytes=16 load reads={v1,s[8:11],exec} writes={v[4:7]}
// CHECK-NEXT: buffer_store_dword: unit=VMEM cycles=4 vm=+1 bytes=4 store reads={v2,v1,s[8:11],s5,exec} writes={}
// CHECK-NEXT: buffer_load_dword: unit=VMEM cycles=4 vm=+1 bytes=4 lds-dma reads={v1,s[8:11],exec,m0} writes={}
// CHECK-NEXT: buffer_load_short_d16_hi: unit=VMEM cycles=4 vm=+1 bytes=2 load reads={v3,v1,s[8:11],exec} writes={v3}
// CHECK-NEXT: global_load_dwordx2: unit=VMEM cycles=4 vm=+1 bytes=8 load reads={v1,s[0:1],exec} writes={v[2:3]}
// CHECK-NEXT: global_store_dwordx4: unit=VMEM cycles=4 vm=+1 bytes=16 store reads={v1,v[4:7],s[0:1],exec} writes={}
// CHECK-NEXT: flat_load_dword: unit=VMEM cycles=4 vm=+1 lgkm=+1 bytes=4 load reads={v[2:3],exec} writes={v1}
// CHECK-NEXT: global_atomic_add: unit=VMEM cycles=4 vm=+1 bytes=4 load atomic reads={v2,v3,s[0:1],exec} writes={v1}
// CHECK-NEXT: global_atomic_add: unit=VMEM cycles=4 vm=+1 bytes=4 atomic reads={v2,v3,s[0:1],exec} writes={}
// CHECK-NEXT: global_atomic_cmpswap_x2: unit=VMEM cycles=4 vm=+1 bytes=8 load atomic reads={v1,v[6:9],s[0:1],exec} writes={v[4:5]}

  s_load_dword s4, s[0:1], 0x0
  s_load_dwordx2 s[4:5], s[0:1], 0x10
  s_load_dwordx8 s[8:15], s[0:1], 0x20
  s_buffer_load_dword s4, s[8:11], 0x4
  s_memtime s[4:5]
// CHECK-NEXT: s_load_dword: unit=SMEM cycles=4 lgkm=+1 bytes=4 load smem-ooo reads={s[0:1]} writes={s4}
// CHECK-NEXT: s_load_dwordx2: unit=SMEM cycles=4 lgkm=+2 bytes=8 load smem-ooo reads={s[0:1]} writes={s[4:5]}
// CHECK-NEXT: s_load_dwordx8: unit=SMEM cycles=4 lgkm=+2 bytes=32 load smem-ooo reads={s[0:1]} writes={s[8:15]}
// CHECK-NEXT: s_buffer_load_dword: unit=SMEM cycles=4 lgkm=+1 bytes=4 load smem-ooo reads={s[8:11]} writes={s4}
// CHECK-NEXT: s_memtime: unit=SMEM cycles=4 lgkm=+2 bytes=8 load smem-ooo reads={} writes={s[4:5]}

  ds_read_b128 v[4:7], v1
  ds_write_b64 v1, v[2:3] offset:8
  ds_read2_b32 v[2:3], v1 offset1:8
  ds_write2st64_b32 v1, v2, v3 offset1:1
  ds_add_rtn_u32 v2, v1, v3
  ds_bpermute_b32 v2, v1, v3
  ds_swizzle_b32 v2, v1 offset:swizzle(SWAP,1)
// CHECK-NEXT: ds_read_b128: unit=LDS cycles=4 lgkm=+1 bytes=16 load reads={v1,exec} writes={v[4:7]}
// CHECK-NEXT: ds_write_b64: unit=LDS cycles=4 lgkm=+1 bytes=8 store reads={v1,v[2:3],exec} writes={}
// CHECK-NEXT: ds_read2_b32: unit=LDS cycles=4 lgkm=+1 bytes=8 load reads={v1,exec} writes={v[2:3]}
// CHECK-NEXT: ds_write2st64_b32: unit=LDS cycles=4 lgkm=+1 bytes=8 store reads={v1,v2,v3,exec} writes={}
// CHECK-NEXT: ds_add_rtn_u32: unit=LDS cycles=4 lgkm=+1 bytes=4 load atomic reads={v1,v3,exec} writes={v2}
// CHECK-NEXT: ds_bpermute_b32: unit=LDS cycles=4 lgkm=+1 bytes=4 load reads={v1,v3,exec} writes={v2}
// CHECK-NEXT: ds_swizzle_b32: unit=LDS cycles=4 lgkm=+1 bytes=4 load reads={v1,exec} writes={v2}

  s_waitcnt vmcnt(3) lgkmcnt(1)
  s_waitcnt vmcnt(40)
  s_waitcnt lgkmcnt(0)
  s_nop 5
  s_sleep 3
  s_setprio 2
  s_barrier
// CHECK-NEXT: s_waitcnt: unit=INTERNAL cycles=4 waitcnt wait=vm:3,lgkm:1 reads={} writes={}
// CHECK-NEXT: s_waitcnt: unit=INTERNAL cycles=4 waitcnt wait=vm:40,lgkm:15 reads={} writes={}
// CHECK-NEXT: s_waitcnt: unit=INTERNAL cycles=4 waitcnt wait=vm:63,lgkm:0 reads={} writes={}
// CHECK-NEXT: s_nop: unit=INTERNAL cycles=24 nop nop=6 reads={} writes={}
// CHECK-NEXT: s_sleep: unit=INTERNAL cycles=4 sleep sleep=3 reads={} writes={}
// CHECK-NEXT: s_setprio: unit=INTERNAL cycles=4 setprio prio=2 reads={} writes={}
// CHECK-NEXT: s_barrier: unit=INTERNAL cycles=4 barrier reads={} writes={}

  v_add_f32 v1, v2, v3
  v_exp_f32 v1, v2
  v_rcp_f64 v[0:1], v[2:3]
  v_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]
  v_add_co_u32 v1, vcc, v2, v3
  v_addc_co_u32 v1, vcc, v2, v3, vcc
  v_cndmask_b32 v1, v2, v3, vcc
  v_cmpx_eq_u32 vcc, v1, v2
  v_cmp_lt_f32_e64 s[6:7], v1, v2
  v_fmac_f32 v1, v2, v3
  v_readfirstlane_b32 s4, v1
  v_pk_fma_f32 v[0:1], v[2:3], v[4:5], v[6:7]
// CHECK-NEXT: v_add_f32: unit=VALU cycles=4 reads={v2,v3,exec} writes={v1}
// CHECK-NEXT: v_exp_f32: unit=VALU cycles=16 trans reads={v2,exec} writes={v1}
// CHECK-NEXT: v_rcp_f64: unit=VALU cycles=16 trans reads={v[2:3],exec} writes={v[0:1]}
// CHECK-NEXT: v_fma_f64: unit=VALU cycles=4 reads={v[2:3],v[4:5],v[6:7],exec} writes={v[0:1]}
// CHECK-NEXT: v_add_co_u32: unit=VALU cycles=4 reads={v2,v3,exec} writes={v1,vcc}
// CHECK-NEXT: v_addc_co_u32: unit=VALU cycles=4 reads={v2,v3,vcc,exec} writes={v1,vcc}
// CHECK-NEXT: v_cndmask_b32: unit=VALU cycles=4 reads={v2,v3,vcc,exec} writes={v1}
// CHECK-NEXT: v_cmpx_eq_u32: unit=VALU cycles=4 writes-exec reads={v1,v2,exec} writes={vcc,exec}
// CHECK-NEXT: v_cmp_lt_f32: unit=VALU cycles=4 reads={v1,v2,exec} writes={s[6:7]}
// CHECK-NEXT: v_fmac_f32: unit=VALU cycles=4 reads={v1,v2,v3,exec} writes={v1}
// CHECK-NEXT: v_readfirstlane_b32: unit=VALU cycles=4 reads={v1,exec} writes={s4}
// CHECK-NEXT: v_pk_fma_f32: unit=VALU cycles=4 reads={v[2:3],v[4:5],v[6:7],exec} writes={v[0:1]}

  s_add_u32 s1, s2, s3
  s_addc_u32 s1, s2, s3
  s_cselect_b32 s1, s2, s3
  s_and_saveexec_b64 s[4:5], vcc
  s_mov_b64 exec, s[4:5]
  s_movk_i32 m0, 0x100
  s_cmpk_eq_u32 s4, 0x10
  s_cbranch_scc1 .Lnext
.Lnext:
  s_cbranch_execz .Lnext
  s_branch .Lnext
  s_endpgm
// CHECK-NEXT: s_add_u32: unit=SALU cycles=4 reads={s2,s3} writes={s1,scc}
// CHECK-NEXT: s_addc_u32: unit=SALU cycles=4 reads={s2,s3,scc} writes={s1,scc}
// CHECK-NEXT: s_cselect_b32: unit=SALU cycles=4 reads={s2,s3,scc} writes={s1}
// CHECK-NEXT: s_and_saveexec_b64: unit=SALU cycles=4 writes-exec reads={vcc,exec} writes={s[4:5],exec,scc}
// CHECK-NEXT: s_mov_b64: unit=SALU cycles=4 writes-exec reads={s[4:5]} writes={exec}
// CHECK-NEXT: s_movk_i32: unit=SALU cycles=4 reads={} writes={m0}
// CHECK-NEXT: s_cmpk_eq_u32: unit=SALU cycles=4 reads={s4} writes={scc}
// CHECK-NEXT: s_cbranch_scc1: unit=BRANCH cycles=4 reads={scc} writes={}
// CHECK-NEXT: s_cbranch_execz: unit=BRANCH cycles=4 reads={exec} writes={}
// CHECK-NEXT: s_branch: unit=BRANCH cycles=4 reads={} writes={}
// CHECK-NEXT: s_endpgm: unit=INTERNAL cycles=4 endpgm reads={} writes={}
