// Checked by fly-shared-alloc.mlir: 96 KiB fits gfx950's 160 KiB, not
// gfx942's 64 KiB.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @big() kernel {
      // expected-error@+1 {{shared struct 'Big' needs 98304 bytes of LDS (kernel total 98304) but gfx942 has 65536: a0: 49152 bytes at 0, a1: 49152 bytes at 49152}}
      %s = "fly.shared_alloc"() {name = "Big", fields = "a0: f16[24576], a1: f16[24576]"} : () -> !fly.shared_storage<"Big">
      gpu.return
    }
  }
}
