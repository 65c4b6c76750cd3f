// fly-verify on shared-memory ops (checked by fly-verify.mlir): sizes that
// would overflow the layout arithmetic, empty and unknown attributes, views
// that do not fit their member (the message names the type to write).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sizes() kernel {
      // expected-error@+1 {{shared struct: expected '[count]' with a count from 1 to 2147483647 at '99999999999999999999'}}
      %a = "fly.shared_alloc"() {fields = "a: i8[99999999999999999999]"} : () -> !fly.shared_storage<"S">
      // 2^61 eight-byte elements would wrap to 0 bytes.
      // expected-error@+1 {{shared struct: expected '[count]' with a count from 1 to 2147483647 at '2305843009213693952]'}}
      %b = "fly.shared_alloc"() {fields = "a: i64[2305843009213693952]"} : () -> !fly.shared_storage<"S">
      // expected-error@+1 {{shared struct: larger than 2147483647 bytes}}
      %c = "fly.shared_alloc"() {fields = "a: i64[2000000000]"} : () -> !fly.shared_storage<"S">
      // expected-error@+1 {{shared struct: larger than 2147483647 bytes}}
      %d = "fly.shared_alloc"() {fields = "a: i8[2000000000], b: i8[2000000000]"} : () -> !fly.shared_storage<"S">
      // expected-error@+1 {{shared struct: alignment must be a power of two no larger than 2^30 at '4611686018427387904'}}
      %e = "fly.shared_alloc"() {fields = "a: i8[16] align 4611686018427387904"} : () -> !fly.shared_storage<"S">
      // expected-error@+1 {{shared struct: larger than 2147483647 bytes}}
      %f = "fly.shared_alloc"() {fields = "a: i8[2147483647] align 1073741824, b: i8[1]"} : () -> !fly.shared_storage<"S">
      // expected-error@+1 {{shared struct: expected '[count]' with a count from 1 to 2147483647 at '-5]'}}
      %g = "fly.shared_alloc"() {fields = "a: i8[-5]"} : () -> !fly.shared_storage<"S">
      gpu.return
    }
    gpu.func @attributes() kernel {
      // expected-error@+1 {{attribute 'name' must be a non-empty string}}
      %a = "fly.shared_alloc"() {name = "", fields = "a: i8[16]"} : () -> !fly.shared_storage<"S">
      // expected-error@+1 {{attribute 'fields' must be a non-empty string}}
      %b = "fly.shared_alloc"() {fields = ""} : () -> !fly.shared_storage<"S">
      // expected-error@+1 {{needs a string attribute 'fields'}}
      %n = "fly.shared_alloc"() : () -> !fly.shared_storage<"S">
      // expected-error@+1 {{'fly.shared_alloc' has no attribute 'nam'}}
      %c = "fly.shared_alloc"() {fields = "a: i8[16], u: union(x: f32[4], y: i8[16])", nam = "x"} : () -> !fly.shared_storage<"S">
      // expected-error@+1 {{attribute 'field' must be a non-empty string}}
      %v0 = "fly.shared_field"(%c) {field = ""} : (!fly.shared_storage<"S">) -> memref<16xi8, #gpu.address_space<workgroup>>
      // expected-error@+1 {{member 'u' is a union: view one of its arrays}}
      %v1 = "fly.shared_field"(%c) {field = "u"} : (!fly.shared_storage<"S">) -> memref<16xi8, #gpu.address_space<workgroup>>
      // expected-error@+1 {{member 'u.x' is f32[4]: the result type must be memref<4xf32, #gpu.address_space<workgroup>> (or another static shape of 4 elements)}}
      %v2 = "fly.shared_field"(%c) {field = "u.x"} : (!fly.shared_storage<"S">) -> memref<16xi8, #gpu.address_space<workgroup>>
      // expected-error@+1 {{shared struct has no member 'u.z'}}
      %v3 = "fly.shared_field"(%c) {field = "u.z"} : (!fly.shared_storage<"S">) -> memref<16xi8, #gpu.address_space<workgroup>>
      // expected-error@+1 {{member 'a' is i8[16]: the result type must be memref<16xi8, #gpu.address_space<workgroup>> (or another static shape of 16 elements)}}
      %v4 = "fly.shared_field"(%c) {field = "a"} : (!fly.shared_storage<"S">) -> memref<16xi8>
      // expected-error@+1 {{needs a string attribute 'field'}}
      %v5 = "fly.shared_field"(%c) : (!fly.shared_storage<"S">) -> memref<16xi8, #gpu.address_space<workgroup>>
      // expected-error@+1 {{attribute 'field' must be a non-empty string}}
      %v6 = "fly.shared_field"(%c) {field = 3 : i32} : (!fly.shared_storage<"S">) -> memref<16xi8, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
