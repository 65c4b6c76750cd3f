// A HIP kernel compiled without the HIP headers (-nogpuinc): the HIP
// kernel ABI, with a scalar before the pointers and HIP's hidden arguments.
#define __global__ __attribute__((global))

extern "C" __global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +
          __builtin_amdgcn_workitem_id_x();
  if (i < n)
    y[i] = a * x[i] + y[i];
}
