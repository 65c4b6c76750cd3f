// fly-verify on the attributes of the algebra ops and on fly.static
// (checked by fly-verify.mlir): names the op does not read, values of the
// wrong kind or out of range, static values with run-time leaves.
func.func @attributes() {
  %a = "fly.static"() : () -> !fly.layout<"(4,8):(1,4)">
  // A misspelt attribute would silently mean its default.
  // expected-error@+1 {{'fly.complement' has no attribute 'cotargt'}}
  %c0 = "fly.complement"(%a) {cotargt = 64 : i64} : (!fly.layout<"(4,8):(1,4)">) -> !fly.layout<"1:0">
  // expected-error@+1 {{'fly.complement' requires an integer attribute 'cotarget'}}
  %c1 = "fly.complement"(%a) {cotarget = "64"} : (!fly.layout<"(4,8):(1,4)">) -> !fly.layout<"1:0">
  // expected-error@+1 {{'fly.complement' attribute 'cotarget' = 0 is out of range [1, 9223372036854775807]}}
  %c2 = "fly.complement"(%a) {cotarget = 0 : i64} : (!fly.layout<"(4,8):(1,4)">) -> !fly.layout<"1:0">
  // 2^32 would wrap to mode 0.
  // expected-error@+1 {{'fly.get' attribute 'mode' = 4294967296 is out of range [-2147483648, 2147483647]}}
  %g = "fly.get"(%a) {mode = 4294967296 : i64} : (!fly.layout<"(4,8):(1,4)">) -> !fly.layout<"4:1">
  // expected-error@+1 {{'fly.get' mode 2 is out of range for rank 2}}
  %g2 = "fly.get"(%a) {mode = 2 : i32} : (!fly.layout<"(4,8):(1,4)">) -> !fly.layout<"4:1">
  // expected-error@+1 {{'fly.take' has no attribute 'start'}}
  %t = "fly.take"(%a) {start = 0 : i32, end = 1 : i32} : (!fly.layout<"(4,8):(1,4)">) -> !fly.layout<"4:1">
  // expected-error@+1 {{'fly.recast' attribute 'new_bits' = 0 is out of range [1, 1024]}}
  %r = "fly.recast"(%a) {old_bits = 8 : i32, new_bits = 0 : i32} : (!fly.layout<"(4,8):(1,4)">) -> !fly.layout<"4:1">
  // expected-error@+1 {{'fly.select' requires an attribute 'indices' = array<i32: ...>}}
  %s = "fly.select"(%a) {indices = [0, 1]} : (!fly.layout<"(4,8):(1,4)">) -> !fly.layout<"(4,8):(1,4)">
  // expected-error@+1 {{'fly.size' has no attribute 'mode'}}
  %n = "fly.size"(%a) {mode = 0 : i32} : (!fly.layout<"(4,8):(1,4)">) -> index
  // expected-error@+1 {{'fly.mma_layout' has no attribute 'opernd'}}
  %tv = "fly.mma_layout"() {shape = "16x16x32", a = "bf16", b = "bf16", c = "f32", opernd = "a"} : () -> !fly.layout<"1:0">
  return
}

func.func @statics() {
  // A '?' in a fly.static has no operand to take its value from.
  // expected-error@+1 {{'fly.static' holds a fully static value, but its type has '?' leaves: build values with run-time leaves with fly.make_int_tuple and fly.make_layout}}
  %l = "fly.static"() : () -> !fly.layout<"(?,128):(128,1)">
  // expected-error@+1 {{'fly.static' cannot hold a tensor: build it with fly.make_tensor}}
  %t = "fly.static"() : () -> !fly.tensor<"f32 global 64:1">
  // expected-error@+1 {{'fly.static' holds a fully static value, but its type has '?' leaves}}
  %s = "fly.static"() : () -> !fly.int_tuple<"(4,?)">
  return
}

func.func @composed() {
  %sw = "fly.static"() : () -> !fly.swizzle<"S<3,4,3>">
  %l = "fly.static"() : () -> !fly.layout<"(8,64):(64,1)">
  // expected-error@+1 {{'fly.make_composed_layout' the result type's outer layout must be the operand's, (8,64):(64,1)}}
  %c = "fly.make_composed_layout"(%sw, %l) : (!fly.swizzle<"S<3,4,3>">, !fly.layout<"(8,64):(64,1)">) -> !fly.composed_layout<"S<3,4,3> o 0 o (8,64):(1,8)">
  return
}
