// Kernels whose descriptors ask for every piece of initial state: dispatch
// pointer, kernarg pointer, preloaded kernargs (compiled with
// -amdgpu-kernarg-preload-count), hidden arguments, workgroup ids x/y/z,
// work-item ids x/y/z and LDS. `wide` allows 1024-item workgroups.
__kernel void probe(__global int *out, int n) {
  __constant int *d = (__constant int *)__builtin_amdgcn_dispatch_ptr();
  __constant int *ia = (__constant int *)__builtin_amdgcn_implicitarg_ptr();
  __local int tmp[64];
  int t = __builtin_amdgcn_workitem_id_x() + __builtin_amdgcn_workitem_id_y() +
          __builtin_amdgcn_workitem_id_z();
  tmp[t & 63] = d[1] + ia[0] + n;
  __builtin_amdgcn_s_barrier();
  out[t] = tmp[(t + 1) & 63] + __builtin_amdgcn_workgroup_id_y() +
           __builtin_amdgcn_workgroup_id_z();
}

__kernel __attribute__((amdgpu_flat_work_group_size(1, 1024)))
void wide(__global int *out) {
  out[__builtin_amdgcn_workitem_id_x()] = 1;
}

// A private array indexed at run time lives in scratch (private segment).
__kernel void priv(__global int *out, int k) {
  int a[40];
  uint t = __builtin_amdgcn_workitem_id_x();
  for (int i = 0; i < 40; ++i)
    a[i] = i * (int)t;
  out[t] = a[(k + t) % 40];
}
