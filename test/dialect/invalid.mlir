// The IRDL definition constrains operand and parameter kinds.
// RUN: fly-opt %s --verify-diagnostics

func.func @layout_of_ints(%x: i32) {
  // expected-error@+1 {{expected base type 'fly.int_tuple' but got 'builtin.integer'}}
  %s = "fly.make_layout"(%x, %x) : (i32, i32) -> !fly.layout<"4:1">
  return
}
