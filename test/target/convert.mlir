// Epilogue math: scale an f32 accumulator and convert it to bf16, f16 and
// fp8 with round-to-nearest-even (fp8 saturating). gfx950 has packed
// conversions for all three; gfx942 converts to FNUZ fp8.

// RUN: flyc %s --emit isa -o - | FileCheck %s --check-prefix=GFX950
// GFX950-LABEL: cvt:
// GFX950-DAG: v_cvt_pk_bf16_f32
// GFX950-DAG: v_cvt_pk_f16_f32
// GFX950-DAG: v_cvt_pk_fp8_f32

// The emulator agrees bit for bit with a CPU reference of RNE and saturation.
// RUN: flyc %s -o %t.hsaco
// RUN: flyc-run %t.hsaco --kernel cvt --grid 1 --block 64 in:f32:256:rand=11,-600,600 bf:bf16:256:zeros h:f16:256:zeros q:u8:256:zeros s:f32:256:rand=12,-1,1 --out in=%t.in --out s=%t.s --out bf=%t.bf --out h=%t.h --out q=%t.q
// RUN: python3 %S/Inputs/check-convert.py ocp %t.in %t.s %t.bf %t.h %t.q | FileCheck %s --check-prefix=EMU
// EMU: bf16: 256 of 256 exact
// EMU: f16: 256 of 256 exact
// EMU: fp8: 256 of 256 exact

// RUN: sed -e 's/f8E4M3FN>/f8E4M3FNUZ>/g' %s > %t.942.mlir
// RUN: flyc %t.942.mlir --chip gfx942 -o %t.942.hsaco
// RUN: flyc-run %t.942.hsaco --kernel cvt --grid 1 --block 64 in:f32:256:rand=13,-600,600 bf:bf16:256:zeros h:f16:256:zeros q:u8:256:zeros s:f32:256:rand=14,-1,1 --out in=%t.in --out s=%t.s --out bf=%t.bf --out h=%t.h --out q=%t.q
// RUN: python3 %S/Inputs/check-convert.py fnuz %t.in %t.s %t.bf %t.h %t.q | FileCheck %s --check-prefix=EMU

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @cvt(%in: memref<256xf32>, %o1: memref<256xbf16>, %o2: memref<256xf16>, %o3: memref<256xf8E4M3FN>, %s: memref<256xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %tid = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %i = arith.muli %tid, %c4 : index
      %v = vector.load %in[%i] : memref<256xf32>, vector<4xf32>
      %sc = vector.load %s[%i] : memref<256xf32>, vector<4xf32>
      %w = arith.mulf %v, %sc : vector<4xf32>
      %b = arith.truncf %w : vector<4xf32> to vector<4xbf16>
      %h = arith.truncf %w : vector<4xf32> to vector<4xf16>
      %f = arith.truncf %w : vector<4xf32> to vector<4xf8E4M3FN>
      vector.store %b, %o1[%i] : memref<256xbf16>, vector<4xbf16>
      vector.store %h, %o2[%i] : memref<256xf16>, vector<4xf16>
      vector.store %f, %o3[%i] : memref<256xf8E4M3FN>, vector<4xf8E4M3FN>
      gpu.return
    }
  }
}
