// A kernel that indexes with fly layouts compiles end to end: static
// algebra is folded, the swizzled per-thread index becomes and/shift/xor,
// and no fly op reaches LLVM.

// RUN: flyc %s --emit mlir -o - | FileCheck %s --check-prefix=MLIR
// MLIR-LABEL: gpu.func @swizzle_index
// MLIR-NOT: "fly.
// MLIR: arith.xori
// MLIR-NOT: "fly.
// MLIR: gpu.return

// RUN: flyc %s --emit isa -o - | FileCheck %s --check-prefix=ISA
// ISA-LABEL: swizzle_index:
// ISA: v_{{xor_b32|bitop3_b32|xad_u32|and_or_b32|bfi_b32|xor3_b32}}
// ISA: global_store_dword
// ISA: s_endpgm

// RUN: flyc %s --chip gfx942 -o %t.hsaco
// RUN: llvm-readelf -s %t.hsaco | FileCheck %s --check-prefix=SYM
// SYM: swizzle_index.kd

// On the emulator, every work-item's value against the algebra computed
// independently on the CPU (Inputs/check-layout-kernel.py), on both chips.
// RUN: flyc-run %t.hsaco --kernel swizzle_index --grid 1 --block 256 out:i32:256:const=-1 --out out=%t.942.out
// RUN: python3 %S/Inputs/check-layout-kernel.py %t.942.out | FileCheck %s --check-prefix=EMU
// RUN: flyc %s --chip gfx950 -o %t.950.hsaco
// RUN: flyc-run %t.950.hsaco --kernel swizzle_index --grid 1 --block 256 out:i32:256:const=-1 --out out=%t.950.out
// RUN: python3 %S/Inputs/check-layout-kernel.py %t.950.out | FileCheck %s --check-prefix=EMU
// EMU-NOT: expected
// EMU: 256 of 256 elements match

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @swizzle_index(%out: memref<256xi32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %tid = gpu.thread_id x
      %thr = "fly.static"() : () -> !fly.int_tuple<"(8,32)">
      %crd = "fly.idx2crd"(%tid, %thr) : (index, !fly.int_tuple<"(8,32)">) -> !fly.int_tuple<"(?,?)">
      %a = "fly.static"() : () -> !fly.layout<"(64,128):(128,1)">
      %t = "fly.static"() : () -> !fly.tile<"[32:1|8:16]">
      %d = "fly.logical_divide"(%a, %t) : (!fly.layout<"(64,128):(128,1)">, !fly.tile<"[32:1|8:16]">) -> !fly.layout<"((32,2),(8,16)):((128,4096),(16,1))">
      %sw = "fly.static"() : () -> !fly.composed_layout<"S<3,4,3> o 8192 o (8,32):(16,128)">
      %off = "fly.crd2idx"(%crd, %sw) : (!fly.int_tuple<"(?,?)">, !fly.composed_layout<"S<3,4,3> o 8192 o (8,32):(16,128)">) -> index
      %n = "fly.size"(%d) : (!fly.layout<"((32,2),(8,16)):((128,4096),(16,1))">) -> index
      %sum = arith.addi %off, %n : index
      %v = arith.index_cast %sum : index to i32
      memref.store %v, %out[%tid] : memref<256xi32>
      gpu.return
    }
  }
}
