// Checked by fly-shared-alloc.mlir.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @bad_fields() kernel {
      // expected-error@+1 {{shared struct: unknown element type at '[16]'}}
      %s = "fly.shared_alloc"() {fields = "a: f7[16]"} : () -> !fly.shared_storage<"S">
      gpu.return
    }
    gpu.func @bad_align() kernel {
      // expected-error@+1 {{shared struct: alignment must be a power of two}}
      %s = "fly.shared_alloc"() {fields = "a: i8[16] align 12"} : () -> !fly.shared_storage<"S">
      gpu.return
    }
    gpu.func @bad_member() kernel {
      %s = "fly.shared_alloc"() {fields = "a: i8[16], b: f32[4]"} : () -> !fly.shared_storage<"S">
      // expected-error@+1 {{shared struct has no member 'c'}}
      %c = "fly.shared_field"(%s) {field = "c"} : (!fly.shared_storage<"S">) -> memref<16xi8, #gpu.address_space<workgroup>>
      // expected-error@+1 {{member 'b' is f32[4]: view it as a static workgroup memref of 4 f32 elements}}
      %b = "fly.shared_field"(%s) {field = "b"} : (!fly.shared_storage<"S">) -> memref<16xi8, #gpu.address_space<workgroup>>
      gpu.return
    }
    // Sizes that used to overflow: 2^61 eight-byte elements wrapped to a
    // 0-byte global, two 2^63-1-byte arrays to a negative size.
    gpu.func @wrapping_count() kernel {
      // expected-error@+1 {{shared struct: expected '[count]' with a count from 1 to 2147483647 at '2305843009213693952]'}}
      %s = "fly.shared_alloc"() {fields = "a: i64[2305843009213693952]"} : () -> !fly.shared_storage<"S">
      gpu.return
    }
    gpu.func @negative_total() kernel {
      // expected-error@+1 {{shared struct: expected '[count]' with a count from 1 to 2147483647 at '9223372036854775807]'}}
      %s = "fly.shared_alloc"() {fields = "a: i8[9223372036854775807], b: i8[9223372036854775807]"} : () -> !fly.shared_storage<"S">
      gpu.return
    }
    gpu.func @too_large() kernel {
      // expected-error@+1 {{shared struct: larger than 2147483647 bytes}}
      %s = "fly.shared_alloc"() {fields = "a: i64[1073741824]"} : () -> !fly.shared_storage<"S">
      gpu.return
    }
    gpu.func @empty_field() kernel {
      %s = "fly.shared_alloc"() {fields = "a: i8[16], u: struct(x: i8[16])"} : () -> !fly.shared_storage<"S">
      // expected-error@+1 {{needs a non-empty string attribute 'field' naming a member}}
      %e = "fly.shared_field"(%s) {field = ""} : (!fly.shared_storage<"S">) -> memref<16xi8, #gpu.address_space<workgroup>>
      // expected-error@+1 {{member 'u' is a struct: view one of its arrays}}
      %u = "fly.shared_field"(%s) {field = "u"} : (!fly.shared_storage<"S">) -> memref<16xi8, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
