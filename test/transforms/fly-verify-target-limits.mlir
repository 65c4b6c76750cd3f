// fly-verify-target: a kernel's occupancy hint must be one the chip has, and
// device code's index constants must fit the 32 bits it computes them in.
// RUN: fly-opt %s --pipeline 'fly-verify-target{chip=gfx950}' --verify-diagnostics
// RUN: fly-opt %s --pipeline 'fly-verify-target{chip=gfx942}' --verify-diagnostics

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // 1 to 8 waves per SIMD are accepted.
    gpu.func @one(%a: memref<64xf32>) kernel attributes {rocdl.waves_per_eu = 1 : i32} {
      gpu.return
    }
    gpu.func @eight(%a: memref<64xf32>) kernel attributes {rocdl.waves_per_eu = 8 : i32} {
      gpu.return
    }
    // expected-error@+1 {{'rocdl.waves_per_eu' must be an integer from 1 to 8}}
    gpu.func @zero(%a: memref<64xf32>) kernel attributes {rocdl.waves_per_eu = 0 : i32} {
      gpu.return
    }
    // expected-error@+1 {{'rocdl.waves_per_eu' must be an integer from 1 to 8}}
    gpu.func @nine(%a: memref<64xf32>) kernel attributes {rocdl.waves_per_eu = 9 : i32} {
      gpu.return
    }
    // expected-error@+1 {{'rocdl.waves_per_eu' must be an integer from 1 to 8}}
    gpu.func @text(%a: memref<64xf32>) kernel attributes {rocdl.waves_per_eu = "4"} {
      gpu.return
    }
    gpu.func @bounds(%a: memref<64xf32>) kernel {
      %lo = arith.constant -2147483648 : index
      %hi = arith.constant 2147483647 : index
      // expected-error@+1 {{index constant 2147483648 does not fit in 32 bits: device code computes index values in 32 bits}}
      %over = arith.constant 2147483648 : index
      // expected-error@+1 {{index constant -2147483649 does not fit in 32 bits}}
      %under = arith.constant -2147483649 : index
      // Other integer types keep their width.
      %wide = arith.constant 4611686018427387904 : i64
      gpu.return
    }
  }
  // Host code is not compiled for the device: its index is 64-bit.
  func.func @host() -> index {
    %big = arith.constant 4611686018427387904 : index
    return %big : index
  }
}
