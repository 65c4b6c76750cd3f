// Checked by fly-lower-layout.mlir.
func.func @opaque(%l: !fly.layout<"(?,4):(4,1)">, %i: index) -> index {
  // expected-error@+1 {{cannot lower 'fly.crd2idx' with run-time operands: its layouts and coordinates must be static or built by make_int_tuple/make_layout/idx2crd}}
  %r = "fly.crd2idx"(%i, %l) : (index, !fly.layout<"(?,4):(4,1)">) -> index
  return %r : index
}
