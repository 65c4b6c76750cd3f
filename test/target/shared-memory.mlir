// A kernel's shared-memory struct becomes its LDS, one LDS object per
// top-level member: the code object's group segment holds the members the
// kernel uses (here the 16384-byte union; the unused `scale` array is
// dropped), 16-byte vector accesses become
// ds_write_b128/ds_read_b128, and a struct too big for the chip is an error
// at the struct.

// RUN: flyc %s -o %t.hsaco --stats | FileCheck %s --check-prefix=STATS
// STATS: kernel stage (gfx950)
// STATS: lds_bytes: 16384
// STATS: scratch_bytes: 0
// RUN: llvm-readelf --notes %t.hsaco | FileCheck %s --check-prefix=NOTES
// NOTES: .group_segment_fixed_size: 16384

// RUN: flyc %s --emit isa -o - | FileCheck %s --check-prefix=ISA
// ISA-LABEL: stage:
// ISA: ds_write_b128
// ISA: s_barrier
// ISA: ds_read_b128 {{.*}} offset:8192
// ISA: .amdhsa_group_segment_fixed_size 16384

// RUN: rm -f %t.big
// RUN: not flyc %S/../transforms/Inputs/shared-alloc-capacity.mlir --chip gfx942 -o %t.big 2>&1 | FileCheck %s --check-prefix=BIG
// BIG: shared-alloc-capacity.mlir:7:12: error: shared struct 'Big' needs 98304 bytes of LDS (kernel total 98304) but gfx942 has 65536
// RUN: test ! -e %t.big

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @stage(%in: memref<8192xi8>, %out: memref<8192xi8>) kernel
        attributes {known_block_size = array<i32: 512, 1, 1>} {
      %s = "fly.shared_alloc"() {name = "SharedStorage",
             fields = "epi: union(ab: struct(a0: i8[8192] align 16, a1: i8[8192] align 16), c: bf16[4096]), scale: f32[64]"}
           : () -> !fly.shared_storage<"SharedStorage">
      %a0 = "fly.shared_field"(%s) {field = "epi.ab.a0"} : (!fly.shared_storage<"SharedStorage">) -> memref<8192xi8, #gpu.address_space<workgroup>>
      %a1 = "fly.shared_field"(%s) {field = "epi.ab.a1"} : (!fly.shared_storage<"SharedStorage">) -> memref<8192xi8, #gpu.address_space<workgroup>>
      %tid = gpu.thread_id x
      %c16 = arith.constant 16 : index
      %off = arith.muli %tid, %c16 : index
      %v = vector.load %in[%off] : memref<8192xi8>, vector<16xi8>
      vector.store %v, %a1[%off] : memref<8192xi8, #gpu.address_space<workgroup>>, vector<16xi8>
      gpu.barrier
      %w = vector.load %a1[%off] : memref<8192xi8, #gpu.address_space<workgroup>>, vector<16xi8>
      vector.store %w, %out[%off] : memref<8192xi8>, vector<16xi8>
      gpu.return
    }
  }
}
