// Dynamic LDS (extern __shared__) after 64 bytes of static LDS: out[t] =
// dyn[(t+1)%64] + stat[t%16] with dyn[t] = 3t + n and stat[t] = 100t.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
extern "C" __global__ void dynlds(int *out, int n) {
  extern __shared__ int dyn[];
  __shared__ int stat[16];
  int t = __builtin_amdgcn_workitem_id_x();
  if (t < 16) stat[t] = 100 * t;
  dyn[t] = t * 3 + n;
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
  out[t] = dyn[(t + 1) % 64] + stat[t % 16];
}
