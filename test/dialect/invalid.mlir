// The IRDL definition constrains operand and parameter kinds.
// RUN: fly-opt %s --verify-diagnostics

func.func @size_of_int(%x: i32) -> index {
  // expected-error@+1 {{expected base type 'fly.layout' but got 'builtin.integer'}}
  %s = "fly.size"(%x) : (i32) -> index
  return %s : index
}
