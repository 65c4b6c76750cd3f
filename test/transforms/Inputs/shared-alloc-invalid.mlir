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
  }
}
