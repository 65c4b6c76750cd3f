// Each error is located at the op that is wrong (checked by fly-verify.mlir).
func.func @invalid(%i: index) {
  %a = "fly.static"() : () -> !fly.layout<"(4,8):(1,4)">
  %b = "fly.static"() : () -> !fly.layout<"(2,2):(1,4)">
  // expected-error@+1 {{declared result type does not match 'fly.composition': it computes (2,2):(1,4)}}
  %c = "fly.composition"(%a, %b) : (!fly.layout<"(4,8):(1,4)">, !fly.layout<"(2,2):(1,4)">) -> !fly.layout<"(2,2):(1,8)">

  %x = "fly.static"() : () -> !fly.layout<"(3,4):(4,1)">
  %y = "fly.static"() : () -> !fly.layout<"2:2">
  // expected-error@+1 {{'fly.composition' inadmissible composition: stride 2 and shape 3 of the left layout divide neither way}}
  %z = "fly.composition"(%x, %y) : (!fly.layout<"(3,4):(4,1)">, !fly.layout<"2:2">) -> !fly.layout<"2:2">

  // expected-error@+1 {{'fly.static' result type has malformed notation: syntax error}}
  %bad = "fly.static"() : () -> !fly.layout<"(4,8):(1,4">

  // expected-error@+1 {{requires an integer attribute 'mode'}}
  %g = "fly.get"(%a) : (!fly.layout<"(4,8):(1,4)">) -> !fly.layout<"4:1">

  // expected-error@+1 {{'fly.size' produces an integer; declare an integer or index result}}
  %s = "fly.size"(%a) : (!fly.layout<"(4,8):(1,4)">) -> !fly.layout<"32:1">

  %shape = "fly.static"() : () -> !fly.int_tuple<"(4,8)">
  // expected-error@+1 {{'fly.idx2crd' depends on run-time values, so its result type needs `?` leaves}}
  %crd = "fly.idx2crd"(%i, %shape) : (index, !fly.int_tuple<"(4,8)">) -> !fly.int_tuple<"(4,8)">

  // expected-error@+1 {{has 0 operands but its type has 1 dynamic leaves}}
  %t = "fly.make_int_tuple"() : () -> !fly.int_tuple<"(?,4)">
  return
}
