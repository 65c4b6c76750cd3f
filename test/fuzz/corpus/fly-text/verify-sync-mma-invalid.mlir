// fly-verify on scheduling, synchronisation and MMA ops (checked by
// fly-verify.mlir): a counter of the wrong kind is not quietly taken as
// "do not wait", and wrong result types are named.
func.func @sync(%x: i32) {
  // expected-error@+1 {{attribute 'vmcnt' must be an integer from 0 to 63, not "0"}}
  "fly.waitcnt"() {vmcnt = "0"} : () -> ()
  // expected-error@+1 {{attribute 'lgkmcnt' must be an integer from 0 to 15, not 16 : i32}}
  "fly.waitcnt"() {lgkmcnt = 16 : i32} : () -> ()
  // expected-error@+1 {{'fly.waitcnt' has no attribute 'vmcount'}}
  "fly.waitcnt"() {vmcount = 0 : i32} : () -> ()
  // expected-error@+1 {{unknown scheduling mask 'ds_reads' (names: none alu valu salu mfma vmem vmem_read vmem_write all_ds ds_read ds_write transcendental ldsdma, joined by '|')}}
  "fly.sched_barrier"() {mask = "ds_reads"} : () -> ()
  // expected-error@+1 {{needs a string attribute 'mask'}}
  "fly.sched_barrier"() : () -> ()
  // expected-error@+1 {{attribute 'count' must be an integer from 0 to 2147483647, not -1 : i32}}
  "fly.sched_group_barrier"() {mask = "mfma", count = -1 : i32} : () -> ()
  // expected-error@+1 {{attribute 'sync_id' must be an integer from 0 to 2147483647, not 4294967296 : i64}}
  "fly.sched_group_barrier"() {mask = "mfma", count = 1 : i32, sync_id = 4294967296 : i64} : () -> ()
  // expected-error@+1 {{attribute 'priority' must be an integer from 0 to 3, not 4 : i32}}
  "fly.setprio"() {priority = 4 : i32} : () -> ()
  // expected-error@+1 {{the result type must be i32 (the operand's type)}}
  %r = "fly.readfirstlane"(%x) : (i32) -> i64
  return
}

func.func @mma(%a: vector<32xf8E4M3FN>, %b: vector<32xf8E4M3FN>, %c: vector<4xf32>, %s: i32, %h: vector<8xbf16>, %i: i64,
               %c16: vector<16xf32>) {
  // expected-error@+1 {{no 16x16x64 MFMA multiplies f8E4M3FN by f8E4M3FN into f32}}
  %d0 = "fly.mma"(%a, %b, %c) {shape = "16x16x64"} : (vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<4xf32>) -> vector<4xf32>
  // expected-error@+1 {{the result type must be vector<4xf32> (the accumulators' type)}}
  %d1 = "fly.mma"(%a, %b, %c) {shape = "16x16x128"} : (vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<4xf32>) -> vector<16xf32>
  // expected-error@+1 {{the 16x16x32 bf16 MFMA takes 8 elements of A and of B and 4 accumulators per lane}}
  %d2 = "fly.mma"(%h, %h, %c16) {shape = "16x16x32"} : (vector<8xbf16>, vector<8xbf16>, vector<16xf32>) -> vector<16xf32>
  // expected-error@+1 {{attribute 'opsel_a' must be an integer from 0 to 3, not 4 : i32}}
  %d3 = "fly.mma_scaled"(%a, %b, %c, %s, %s) {shape = "16x16x128", opsel_a = 4 : i32} : (vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<4xf32>, i32, i32) -> vector<4xf32>
  // expected-error@+1 {{the scales are i32 (four E8M0 bytes each, chosen by opsel)}}
  %d4 = "fly.mma_scaled"(%a, %b, %c, %i, %s) {shape = "16x16x128"} : (vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<4xf32>, i64, i32) -> vector<4xf32>
  // expected-error@+1 {{only the f8f6f4 forms (16x16x128, 32x32x64) take scales}}
  %d5 = "fly.mma_scaled"(%h, %h, %c, %s, %s) {shape = "16x16x32"} : (vector<8xbf16>, vector<8xbf16>, vector<4xf32>, i32, i32) -> vector<4xf32>
  // expected-error@+1 {{'fly.mma' has no attribute 'opsel_a'}}
  %d6 = "fly.mma"(%a, %b, %c) {shape = "16x16x128", opsel_a = 1 : i32} : (vector<32xf8E4M3FN>, vector<32xf8E4M3FN>, vector<4xf32>) -> vector<4xf32>
  return
}
