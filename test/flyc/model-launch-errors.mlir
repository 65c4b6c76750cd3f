// A bad fly.model_launch is an error at the attribute's operation when the
// input is read, with or without --stats, and no output is written; a launch
// that does not fit the kernel is found when --stats runs it.

// RUN: rm -rf %t && split-file %s %t
// RUN: not flyc %t/not-string.mlir -o %t/out1.hsaco 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: not test -e %t/out1.hsaco
// TYPE: not-string.mlir:3:5: error: fly.model_launch must be a string attribute of a gpu.func kernel
// RUN: not flyc %t/option.mlir -o %t/out2.hsaco 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: option.mlir:3:5: error: fly.model_launch: only --grid, --block, --gpu, --lds and the kernel's arguments are allowed
// RUN: not flyc %t/missing.mlir -o %t/out3.hsaco 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: missing.mlir:3:5: error: fly.model_launch: missing --block X[,Y,Z]
// RUN: not flyc %t/file.mlir -o %t/out4.hsaco 2>&1 | FileCheck %s --check-prefix=FILE
// FILE: file.mlir:3:5: error: fly.model_launch: buffers are filled with zeros, const= or rand= only (no file=)
// RUN: not flyc %t/spec.mlir -o %t/out5.hsaco 2>&1 | FileCheck %s --check-prefix=SPEC
// SPEC: spec.mlir:3:5: error: fly.model_launch: bad buffer argument 'a:f33:64'
// RUN: flyc %t/arity.mlir -o %t/out6.hsaco
// RUN: rm %t/out6.hsaco
// RUN: not flyc %t/arity.mlir -o %t/out6.hsaco --stats 2>&1 | FileCheck %s --check-prefix=ARITY
// RUN: not test -e %t/out6.hsaco
// ARITY: flyc: error: fly.model_launch of 'k': {{.*}}takes 4 arguments{{.*}}3 were given
// A kernel that does not end stops at the model's instruction limit.
// RUN: not flyc %t/spin.mlir -o %t/out7.hsaco --stats 2>&1 | FileCheck %s --check-prefix=SPIN
// RUN: not test -e %t/out7.hsaco
// SPIN: flyc: error: fly.model_launch of 'spin': the wave ran 16777216 instructions without ending
// Buffers are bounded before anything is allocated.
// RUN: not flyc %t/huge.mlir -o %t/out8.hsaco 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: huge.mlir:3:5: error: fly.model_launch: buffers take more than the 4 GiB a model launch may use

//--- not-string.mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<64xf32>) kernel attributes {fly.model_launch = 3 : i32} {
      gpu.return
    }
  }
}
//--- option.mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<64xf32>) kernel attributes {fly.model_launch = "--grid 1 --block 64 --out a=/tmp/a a:f32:64"} {
      gpu.return
    }
  }
}
//--- missing.mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<64xf32>) kernel attributes {fly.model_launch = "--grid 1 a:f32:64"} {
      gpu.return
    }
  }
}
//--- file.mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<64xf32>) kernel attributes {fly.model_launch = "--grid 1 --block 64 a:f32:64:file=/etc/hostname"} {
      gpu.return
    }
  }
}
//--- spec.mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<64xf32>) kernel attributes {fly.model_launch = "--grid 1 --block 64 a:f33:64"} {
      gpu.return
    }
  }
}
//--- arity.mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<64xf32>, %b: memref<64xf32>, %c: memref<64xf32>, %n: i32) kernel attributes {fly.model_launch = "--grid 1 --block 64 a:f32:64 b:f32:64 c:f32:64"} {
      gpu.return
    }
  }
}
//--- spin.mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @spin(%a: memref<64xf32>) kernel attributes {fly.model_launch = "--grid 1 --block 64 a:f32:64"} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %big = arith.constant 1073741824 : index
      %one = arith.constant 1.0 : f32
      %tid = gpu.thread_id x
      scf.for %i = %c0 to %big step %c1 {
        %x = memref.load %a[%tid] : memref<64xf32>
        %y = arith.addf %x, %one : f32
        memref.store %y, %a[%tid] : memref<64xf32>
      }
      gpu.return
    }
  }
}
//--- huge.mlir
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%a: memref<64xf32>, %b: memref<64xf32>) kernel attributes {fly.model_launch = "--grid 1 --block 64 a:f32:1073741824 b:f32:1"} {
      gpu.return
    }
  }
}
