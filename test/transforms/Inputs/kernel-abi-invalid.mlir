// Checked by fly-kernel-abi.mlir.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error@+1 {{kernel argument #1 of type memref<*xf32>: unranked memrefs cannot be kernel arguments (pass a ranked one)}}
    gpu.func @unranked(%n: i32, %a: memref<*xf32>) kernel {
      gpu.return
    }
    // expected-error@+1 {{kernel argument #0 of type memref<?x?xf32, affine_map<(d0, d1) -> (d1, d0)>>: a memref argument needs a strided layout}}
    gpu.func @permuted(%a: memref<?x?xf32, affine_map<(d0, d1) -> (d1, d0)>>) kernel {
      gpu.return
    }
    // Device code indexes in 32 bits: a static memref argument whose last
    // element lies past 2^31 - 1 is refused, by its size or by its strides.
    // expected-error@+1 {{kernel argument #0 of type memref<2147483649xi8, 1>: an element lies past offset 2^31 - 1; device code indexes in 32 bits (split the tensor or pass a base pointer per part)}}
    gpu.func @too_big(%a: memref<2147483649xi8, 1>) kernel {
      gpu.return
    }
    // expected-error@+1 {{kernel argument #1 of type memref<3x65536xf32, strided<[1073741824, 1]>>: an element lies past offset 2^31 - 1}}
    gpu.func @too_far(%n: i32, %a: memref<3x65536xf32, strided<[1073741824, 1]>>) kernel {
      gpu.return
    }
    // expected-error@+1 {{argument #0 of type memref<?xf32, 1>: only kernel arguments may be dynamic memrefs (a device function takes one pointer per memref); pass the memref with a static shape, or its sizes as arguments}}
    func.func @helper(%a: memref<?xf32, 1>, %i: index) {
      return
    }
  }
}
