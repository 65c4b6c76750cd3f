// fly-lower-sync: named masks, waitcnt encoding, setprio, readfirstlane.
// RUN: fly-opt %s --pipeline fly-lower-sync | FileCheck %s
// RUN: fly-opt %S/Inputs/lower-sync-invalid.mlir --pipeline fly-lower-sync --verify-diagnostics

// CHECK-LABEL: func.func @sync
// CHECK: rocdl.sched.barrier 0
// CHECK: rocdl.sched.group.barrier 8, 2, 0
// CHECK: rocdl.sched.group.barrier 768, 1, 3
// CHECK: rocdl.sched.group.barrier 32, 4, 0
// CHECK: rocdl.s.setprio 1
// vmcnt(0) lgkmcnt(0) = 0x0070 with expcnt left at 7; vmcnt(58) alone = 0xCF7A;
// lgkmcnt(0) alone = 0xC07F (as llvm-mc encodes them).
// CHECK: rocdl.s.waitcnt 112
// CHECK: rocdl.s.waitcnt 53114
// CHECK: rocdl.s.waitcnt 49279
// CHECK: rocdl.readfirstlane %arg0 : i32
// CHECK-NOT: fly.
func.func @sync(%x: i32) -> i32 {
  "fly.sched_barrier"() {mask = "none"} : () -> ()
  "fly.sched_group_barrier"() {mask = "mfma", count = 2 : i32} : () -> ()
  "fly.sched_group_barrier"() {mask = "ds_read|ds_write", count = 1 : i32, sync_id = 3 : i32} : () -> ()
  "fly.sched_group_barrier"() {mask = "ldsdma", count = 4 : i32} : () -> ()
  "fly.setprio"() {priority = 1 : i32} : () -> ()
  "fly.waitcnt"() {vmcnt = 0 : i32, lgkmcnt = 0 : i32} : () -> ()
  "fly.waitcnt"() {vmcnt = 58 : i32} : () -> ()
  "fly.waitcnt"() {lgkmcnt = 0 : i32} : () -> ()
  %u = "fly.readfirstlane"(%x) : (i32) -> i32
  return %u : i32
}
