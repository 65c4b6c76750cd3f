// The scheduling and synchronisation ops reach the ISA: s_setprio,
// s_waitcnt with the requested counters, v_readfirstlane_b32; the
// scheduling barriers order instructions and emit none themselves.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sync(%in: memref<64xi32>, %out: memref<64xi32>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      fly.rank%tid = gpu.thread_id x
      "fly.setprio"() {priority = 2 : i32} : () -> ()
      %v = memref.load %in[%tid] : memref<64xi32>
      "fly.waitcnt"() {vmcnt = 0 : i32, lgkmcnt = 0 : i32} : () -> ()
      "fly.sched_barrier"() {mask = "none"} : () -> ()
      %u = "fly.readfirstlane"(%v) : (i32) -> i32
      %w = arith.addi %u, %v : i32
      memref.store %w, %out[%tid] : memref<64xi32>
      "fly.setprio"() {priority = 0 : i32} : () -> ()
      gpu.return
    }
  }
}
