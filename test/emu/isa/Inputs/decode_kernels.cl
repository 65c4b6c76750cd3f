// OpenCL kernels whose clang-22 output the decoder cross-check reads: a mix
// of scalar/vector ALU, LDS with barriers, atomics, integer division,
// conversions and MFMA builtins.
typedef float float4_t __attribute__((ext_vector_type(4)));
typedef float float16_t __attribute__((ext_vector_type(16)));
typedef half half4_t __attribute__((ext_vector_type(4)));
typedef int int4_t __attribute__((ext_vector_type(4)));
typedef long long2_t __attribute__((ext_vector_type(2)));

kernel void vadd(global const float *a, global const float *b, global float *c, int n) {
  int i = __builtin_amdgcn_workgroup_id_x() * 256 + __builtin_amdgcn_workitem_id_x();
  if (i < n)
    c[i] = a[i] + b[i];
}

kernel void reduce(global const int *in, global int *out, global int *counter) {
  local int buf[256];
  int t = __builtin_amdgcn_workitem_id_x();
  buf[t] = in[__builtin_amdgcn_workgroup_id_x() * 256 + t];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = 128; s > 0; s >>= 1) {
    if (t < s)
      buf[t] += buf[t + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (t == 0) {
    out[__builtin_amdgcn_workgroup_id_x()] = buf[0];
    atomic_add(counter, 1);
  }
}

kernel void divide(global unsigned *a, global int *b, global float *f, global double *d) {
  int t = __builtin_amdgcn_workitem_id_x();
  a[t] = a[t] / (unsigned)(t + 3) + a[t] % 7u;
  b[t] = b[t] / (t - 100);
  f[t] = f[t] / (float)(t + 1) + sqrt(f[t]);
  d[t] = d[t] / (double)(t + 1);
}

kernel void mfma(global const float4_t *x, global float4_t *y, global float16_t *z,
                 global int4_t *q) {
  int t = __builtin_amdgcn_workitem_id_x();
  half4_t h = __builtin_convertvector(x[t], half4_t);
  y[t] = __builtin_amdgcn_mfma_f32_16x16x16f16(h, h, y[t], 0, 0, 0);
  z[t] = __builtin_amdgcn_mfma_f32_32x32x2f32(x[t].x, x[t].y, z[t], 0, 0, 0);
  long l = (long)t * 0x0102030405060708L;
  q[t] = __builtin_amdgcn_mfma_i32_16x16x32_i8(l, l, q[t], 0, 0, 0);
  y[t + 64] = __builtin_amdgcn_mfma_f32_16x16x32_fp8_fp8(l, l, y[t + 64], 0, 0, 0);
}

kernel void lanes(global int *a, global float *f) {
  int t = __builtin_amdgcn_workitem_id_x();
  a[t] = __builtin_amdgcn_ds_bpermute((t ^ 1) * 4, a[t]) + __builtin_amdgcn_readfirstlane(a[t]);
  f[t] = __builtin_amdgcn_cvt_f32_fp8(a[t], 1) + (float)(a[t] >> 3);
  a[t + 64] = __builtin_amdgcn_cvt_pk_fp8_f32(f[t], f[t + 1], a[t + 64], true);
}
