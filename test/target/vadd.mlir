// The driver compiles a gpu/memref kernel to a code object for each chip;
// the ELF, the kernel descriptor symbol and --stats agree with LLVM's tools.

// RUN: flyc %s -o %t.gfx950.hsaco
// RUN: llvm-readelf -h -s %t.gfx950.hsaco | FileCheck %s --check-prefix=ELF950
// RUN: flyc %s --chip gfx942 -o %t.gfx942.hsaco
// RUN: llvm-readelf -h -s %t.gfx942.hsaco | FileCheck %s --check-prefix=ELF942

// ELF950: OS/ABI: AMDGPU - HSA
// ELF950: Machine: EM_AMDGPU
// ELF950: Flags: 0x{{[0-9a-f]*}}4f, gfx950
// ELF950: OBJECT GLOBAL DEFAULT {{[0-9]+}} vadd.kd

// ELF942: Machine: EM_AMDGPU
// ELF942: Flags: 0x{{[0-9a-f]*}}4c, gfx942
// ELF942: OBJECT GLOBAL DEFAULT {{[0-9]+}} vadd.kd

// --stats reports what the code object's metadata says (no AGPRs: the arch
// count is .vgpr_count, allocated in granules of 8).
// RUN: flyc %s -o %t.hsaco --stats > %t.stats
// RUN: llvm-readelf --notes %t.hsaco >> %t.stats
// RUN: FileCheck %s --check-prefix=STATS < %t.stats
// STATS: kernel vadd (gfx950)
// STATS-NEXT: arch_vgpr: [[#V:]]
// STATS-NEXT: agpr: [[A:0]]
// STATS-NEXT: vgpr_alloc: [[#mul(div(V + 7, 8), 8)]]
// STATS-NEXT: sgpr: [[S:[0-9]+]]
// STATS-NEXT: lds_bytes: [[L:[0-9]+]]
// STATS-NEXT: scratch_bytes: [[P:[0-9]+]]
// STATS-NEXT: spills: 0 sgpr, 0 vgpr
// STATS-NEXT: occupancy: 8 waves/SIMD
// STATS: .agpr_count: [[A]]
// STATS: .group_segment_fixed_size: [[L]]
// STATS: .name: vadd
// STATS: .private_segment_fixed_size: [[P]]
// STATS: .sgpr_count: [[S]]
// STATS: .vgpr_count: [[#V]]

// --emit isa prints the kernel's assembly.
// RUN: flyc %s --emit isa -o - | FileCheck %s --check-prefix=ISA
// ISA: .amdgcn_target "amdgcn-amd-amdhsa--gfx950"
// ISA-LABEL: vadd:
// ISA: global_load_dword
// ISA: v_add_f32
// ISA: global_store_dword
// ISA: s_endpgm
// ISA: .amdhsa_kernel vadd

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @vadd(%a: memref<4096xf32>, %b: memref<4096xf32>, %c: memref<4096xf32>, %n: i32) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %tid = gpu.thread_id x
      %base = arith.muli %bid, %bdim : index
      %i = arith.addi %base, %tid : index
      %n_idx = arith.index_cast %n : i32 to index
      %in_range = arith.cmpi ult, %i, %n_idx : index
      scf.if %in_range {
        %x = memref.load %a[%i] : memref<4096xf32>
        %y = memref.load %b[%i] : memref<4096xf32>
        %z = arith.addf %x, %y : f32
        memref.store %z, %c[%i] : memref<4096xf32>
      }
      gpu.return
    }
  }
}
