// One wave per workgroup computes one MFMA tile per workgroup: lane l of
// tile g takes its A/B/C registers from element g*64+l of the buffers
// (register images written by emu-kernel-ref) and stores D the same way.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable

typedef float f32x4 __attribute__((ext_vector_type(4)));
typedef float f32x16 __attribute__((ext_vector_type(16)));
typedef int i32x4 __attribute__((ext_vector_type(4)));
typedef int i32x8 __attribute__((ext_vector_type(8)));
typedef int i32x16 __attribute__((ext_vector_type(16)));
typedef half f16x4 __attribute__((ext_vector_type(4)));
typedef half f16x8 __attribute__((ext_vector_type(8)));
typedef short i16x4 __attribute__((ext_vector_type(4)));
typedef __bf16 bf16x8 __attribute__((ext_vector_type(8)));

#define LANE (__builtin_amdgcn_workgroup_id_x() * 64 + __builtin_amdgcn_workitem_id_x())

#define MFMA(name, TA, TC)                                                     \
  __kernel void name(__global const TA *a, __global const TA *b,               \
                     __global const TC *c, __global TC *d) {                   \
    uint i = LANE;                                                             \
    d[i] = __builtin_amdgcn_##name(a[i], b[i], c[i], 0, 0, 0);                 \
  }

MFMA(mfma_f32_16x16x4f32, float, f32x4)
MFMA(mfma_f32_32x32x2f32, float, f32x16)
MFMA(mfma_f32_16x16x16f16, f16x4, f32x4)
MFMA(mfma_f32_32x32x8f16, f16x4, f32x16)
MFMA(mfma_f32_16x16x16bf16_1k, i16x4, f32x4)
MFMA(mfma_f32_32x32x8bf16_1k, i16x4, f32x16)
MFMA(mfma_i32_16x16x32_i8, long, i32x4)
MFMA(mfma_i32_32x32x16_i8, long, i32x16)
MFMA(mfma_f32_16x16x32_fp8_fp8, long, f32x4)
MFMA(mfma_f32_16x16x32_fp8_bf8, long, f32x4)
MFMA(mfma_f32_16x16x32_bf8_fp8, long, f32x4)
MFMA(mfma_f32_16x16x32_bf8_bf8, long, f32x4)
MFMA(mfma_f32_32x32x16_fp8_fp8, long, f32x16)
MFMA(mfma_f32_32x32x16_fp8_bf8, long, f32x16)
MFMA(mfma_f32_32x32x16_bf8_fp8, long, f32x16)
MFMA(mfma_f32_32x32x16_bf8_bf8, long, f32x16)

#if defined(__gfx950__)
MFMA(mfma_f32_16x16x32_f16, f16x8, f32x4)
MFMA(mfma_f32_32x32x16_f16, f16x8, f32x16)
MFMA(mfma_f32_16x16x32_bf16, bf16x8, f32x4)
MFMA(mfma_f32_32x32x16_bf16, bf16x8, f32x16)
MFMA(mfma_i32_16x16x64_i8, i32x4, i32x4)
MFMA(mfma_i32_32x32x32_i8, i32x4, i32x16)

// f8f6f4: formats 0 fp8 (E4M3), 1 bf8 (E5M2), 2 fp6 (E2M3), 3 bf6 (E3M2),
// 4 fp4 (E2M1). Scaled kernels take the E8M0 scale of A from byte 1 of sa
// (op_sel 1) and that of B from byte 2 of sb (op_sel 2).
#define SCALED(name, shape, TC, fa, fb)                                        \
  __kernel void name(__global const i32x8 *a, __global const i32x8 *b,         \
                     __global const TC *c, __global TC *d,                     \
                     __global const int *sa, __global const int *sb) {         \
    uint i = LANE;                                                             \
    d[i] = __builtin_amdgcn_mfma_scale_f32_##shape##_f8f6f4(                   \
        a[i], b[i], c[i], fa, fb, 1, sa[i], 2, sb[i]);                         \
  }
// Unscaled: LLVM emits the plain v_mfma_..._f8f6f4 for scale 0, op_sel 0.
#define PLAIN(name, shape, TC, fa, fb)                                         \
  __kernel void name(__global const i32x8 *a, __global const i32x8 *b,         \
                     __global const TC *c, __global TC *d,                     \
                     __global const int *sa, __global const int *sb) {         \
    uint i = LANE;                                                             \
    d[i] = __builtin_amdgcn_mfma_scale_f32_##shape##_f8f6f4(                   \
        a[i], b[i], c[i], fa, fb, 0, 0, 0, 0);                                 \
  }

PLAIN(mfma_16x16x128_fp8_fp8, 16x16x128, f32x4, 0, 0)
SCALED(mfma_scale_16x16x128_fp8_fp8, 16x16x128, f32x4, 0, 0)
SCALED(mfma_scale_16x16x128_bf8_fp8, 16x16x128, f32x4, 1, 0)
SCALED(mfma_scale_16x16x128_fp6_bf6, 16x16x128, f32x4, 2, 3)
SCALED(mfma_scale_16x16x128_fp4_fp4, 16x16x128, f32x4, 4, 4)
SCALED(mfma_scale_16x16x128_fp8_fp4, 16x16x128, f32x4, 0, 4)
SCALED(mfma_scale_32x32x64_fp8_bf8, 32x32x64, f32x16, 0, 1)
SCALED(mfma_scale_32x32x64_fp4_fp6, 32x32x64, f32x16, 4, 2)
PLAIN(mfma_32x32x64_bf6_bf6, 32x32x64, f32x16, 3, 3)
#endif
