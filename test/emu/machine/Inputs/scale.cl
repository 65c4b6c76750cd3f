// x[i] = a * x[i] for i < n, 64-item workgroups.
__kernel void scale(__global float *x, float a, int n) {
  int i = __builtin_amdgcn_workgroup_id_x() * 64 + __builtin_amdgcn_workitem_id_x();
  if (i < n)
    x[i] = a * x[i];
}

// x[i] += d: a 64-bit scalar, the same size as a buffer's address.
__kernel void offset(__global long *x, long d) {
  x[__builtin_amdgcn_workitem_id_x()] += d;
}
