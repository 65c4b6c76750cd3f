// Checked by fly-lower-sync.mlir.
func.func @bad() {
  // expected-error@+1 {{unknown scheduling mask 'mfma|dsread'}}
  "fly.sched_group_barrier"() {mask = "mfma|dsread", count = 1 : i32} : () -> ()
  // expected-error@+1 {{needs a non-negative integer attribute 'count'}}
  "fly.sched_group_barrier"() {mask = "mfma"} : () -> ()
  // expected-error@+1 {{needs a string attribute 'mask'}}
  "fly.sched_barrier"() : () -> ()
  // expected-error@+1 {{needs an integer attribute 'priority' from 0 to 3}}
  "fly.setprio"() {priority = 9 : i32} : () -> ()
  // expected-error@+1 {{counts must be integers in range (vmcnt 0..63, expcnt 0..7, lgkmcnt 0..15)}}
  "fly.waitcnt"() {vmcnt = 64 : i32} : () -> ()
  // A string count used to mean "not waited for".
  // expected-error@+1 {{counts must be integers in range (vmcnt 0..63, expcnt 0..7, lgkmcnt 0..15)}}
  "fly.waitcnt"() {vmcnt = "0"} : () -> ()
  // expected-error@+1 {{'count' and 'sync_id' are integers from 0 to 2147483647}}
  "fly.sched_group_barrier"() {mask = "mfma", count = 1 : i32, sync_id = "1"} : () -> ()
  return
}
