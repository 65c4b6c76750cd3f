// fly-verify: declared result types must equal what the algebra computes,
// and inadmissible algebra is a located error.
// RUN: fly-opt %s --pipeline fly-verify | FileCheck %s
// RUN: fly-opt %S/Inputs/verify-invalid.mlir --pipeline fly-verify --verify-diagnostics
// Every attribute of every fly op, and what each op reads (one file per op group):
// RUN: fly-opt %S/Inputs/verify-attrs-invalid.mlir --pipeline fly-verify --verify-diagnostics
// RUN: fly-opt %S/Inputs/verify-shared-invalid.mlir --pipeline fly-verify --verify-diagnostics
// RUN: fly-opt %S/Inputs/verify-tensor-invalid.mlir --pipeline fly-verify --verify-diagnostics
// RUN: fly-opt %S/Inputs/verify-gemm-invalid.mlir --pipeline fly-verify --verify-diagnostics
// RUN: fly-opt %S/Inputs/verify-sync-mma-invalid.mlir --pipeline fly-verify --verify-diagnostics

// CHECK-LABEL: func.func @declared_types_that_hold
// CHECK: "fly.composition"
// CHECK: "fly.logical_divide"
// CHECK: "fly.complement"
func.func @declared_types_that_hold() {
  %a = "fly.static"() : () -> !fly.layout<"(6,2):(8,2)">
  %b = "fly.static"() : () -> !fly.layout<"(4,3):(3,1)">
  %c = "fly.composition"(%a, %b) : (!fly.layout<"(6,2):(8,2)">, !fly.layout<"(4,3):(3,1)">) -> !fly.layout<"((2,2),3):((24,2),8)">
  %l = "fly.static"() : () -> !fly.layout<"24:1">
  %t = "fly.static"() : () -> !fly.layout<"4:2">
  %d = "fly.logical_divide"(%l, %t) : (!fly.layout<"24:1">, !fly.layout<"4:2">) -> !fly.layout<"(4,(2,3)):(2,(1,8))">
  %m = "fly.static"() : () -> !fly.layout<"(2,2):(1,6)">
  %k = "fly.complement"(%m) {cotarget = 24 : i64} : (!fly.layout<"(2,2):(1,6)">) -> !fly.layout<"(3,2):(2,12)">
  %g = "fly.get"(%c) {mode = 0 : i32} : (!fly.layout<"((2,2),3):((24,2),8)">) -> !fly.layout<"(2,2):(24,2)">
  %tile = "fly.static"() : () -> !fly.tile<"[2:1|4:1]">
  %e = "fly.static"() : () -> !fly.layout<"(8,8):(1,8)">
  %z = "fly.zipped_divide"(%e, %tile) : (!fly.layout<"(8,8):(1,8)">, !fly.tile<"[2:1|4:1]">) -> !fly.layout<"((2,4),(4,2)):((1,8),(2,32))">
  %r = "fly.recast"(%e) {old_bits = 32 : i32, new_bits = 16 : i32} : (!fly.layout<"(8,8):(1,8)">) -> !fly.layout<"(16,8):(1,16)">
  return
}

// Dynamic leaves: the structure is still checked where it can be.
// CHECK-LABEL: func.func @dynamic
func.func @dynamic(%m: i32) {
  %s = "fly.make_int_tuple"(%m) : (i32) -> !fly.int_tuple<"(?,64)">
  %d = "fly.static"() : () -> !fly.int_tuple<"(64,1)">
  %l = "fly.make_layout"(%s, %d) : (!fly.int_tuple<"(?,64)">, !fly.int_tuple<"(64,1)">) -> !fly.layout<"(?,64):(64,1)">
  %g = "fly.get"(%l) {mode = 1 : i32} : (!fly.layout<"(?,64):(64,1)">) -> !fly.layout<"64:1">
  return
}

// A gemm that reads exactly its tiles: 4 x 16 rows of A, 2 x 128 columns
// (k_steps = 2 on a 256-wide tile), 4 x 16 rows of B from row 192.
// CHECK-LABEL: func.func @gemm_within_its_tiles
// CHECK: "fly.gemm"
func.func @gemm_within_its_tiles(%ta: !fly.tensor<"f8E4M3FN shared (64,256):(256,1)">,
                                 %tb: !fly.tensor<"f8E4M3FN global (256,256):(256,1)">,
                                 %lane: index, %acc: vector<64xf32>) -> vector<64xf32> {
  %o = "fly.static"() : () -> !fly.int_tuple<"(0,0)">
  %ob = "fly.static"() : () -> !fly.int_tuple<"(192,0)">
  %r = "fly.gemm"(%ta, %tb, %acc, %lane, %o, %ob) {shape = "16x16x128", a = "f8E4M3FN", b = "f8E4M3FN", c = "f32", m_repeat = 4 : i32, n_repeat = 4 : i32, k_steps = 2 : i32} : (!fly.tensor<"f8E4M3FN shared (64,256):(256,1)">, !fly.tensor<"f8E4M3FN global (256,256):(256,1)">, vector<64xf32>, index, !fly.int_tuple<"(0,0)">, !fly.int_tuple<"(192,0)">) -> vector<64xf32>
  return %r : vector<64xf32>
}
