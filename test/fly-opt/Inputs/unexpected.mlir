// Used by options.test: one unexpected error, one unmet expectation.
func.func @f(%x: i32) -> i32 {
  // An error with no annotation:

  %s = "fly.make_layout"(%x, %x) : (i32, i32) -> !fly.layout<"4:1">
  return %x : i32
}
func.func @g() {
  // expected-error@+1 {{this never happens}}
  return
}
