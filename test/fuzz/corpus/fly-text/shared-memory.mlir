// A kernel's shared-memory struct becomes its LDS: the code object's group
// segment is exactly the struct's size, 16-byte vector accesses become
// ds_write_b128/ds_read_b128, and a struct too big for the chip is an error
// at the struct.




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
