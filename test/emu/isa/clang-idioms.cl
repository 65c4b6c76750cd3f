// Integer and float division idioms as clang-22 emits them (v_rcp_iflag_f32,
// v_mul_hi_u32, v_cvt_f32_u32, 64-bit carries, v_frexp/v_ldexp scaling),
// self-checked in the kernel on random 32-bit operands: every counter in
// `bad` must stay zero on both chips.
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t && head -c 32 /dev/zero > %t/zero.bin
// RUN: clang -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %s -o %t/950.o
// RUN: ld.lld -shared %t/950.o -o %t/950.hsaco
// RUN: flyc-run %t/950.hsaco --kernel idioms --grid 16 --block 256 a:u32:4096:rand=1,0,4294967295 b:u32:4096:rand=2,0,4294967295 sa:i32:4096:rand=3,-2147483648,2147483647 sb:i32:4096:rand=4,-2147483648,2147483647 bad:u32:8 --check bad=%t/zero.bin
// RUN: clang -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -Wno-everything -c %s -o %t/942.o
// RUN: ld.lld -shared %t/942.o -o %t/942.hsaco
// RUN: flyc-run %t/942.hsaco --kernel idioms --grid 16 --block 256 a:u32:4096:rand=5,0,4294967295 b:u32:4096:rand=6,0,4294967295 sa:i32:4096:rand=7,-2147483648,2147483647 sb:i32:4096:rand=8,-2147483648,2147483647 bad:u32:8 --check bad=%t/zero.bin
kernel void idioms(global const uint *a, global const uint *b, global const int *sa,
                   global const int *sb, global volatile uint *bad) {
  uint i = __builtin_amdgcn_workgroup_id_x() * 256 + __builtin_amdgcn_workitem_id_x();
  uint x = a[i], y = b[i] >> (b[i] & 31);
  if (y == 0) y = 1;
  uint q = x / y, r = x % y;
  if ((ulong)q * y + r != x || r >= y) __atomic_fetch_add(&bad[0], 1u, __ATOMIC_RELAXED);
  int sx = sa[i], sy = sb[i] >> (sb[i] & 15);
  if (sy == 0) sy = 3;
  if (sy == -1) sy = 5;
  int sq = sx / sy, sr = sx % sy;
  if ((long)sq * sy + sr != sx || (sr < 0 ? -sr : sr) >= (sy < 0 ? -(long)sy : sy) || (sr != 0 && (sr < 0) != (sx < 0)))
    __atomic_fetch_add(&bad[1], 1u, __ATOMIC_RELAXED);
  if (x / 7 * 7 + x % 7 != x || x % 7 >= 7) __atomic_fetch_add(&bad[2], 1u, __ATOMIC_RELAXED);
  ulong lx = ((ulong)x << 20) | y, ly = y | ((ulong)(b[i] & 0xff) << 33);
  ulong lq = lx / ly, lr = lx % ly;
  if (lq * ly + lr != lx || lr >= ly) __atomic_fetch_add(&bad[3], 1u, __ATOMIC_RELAXED);
  float fx = (float)x, fy = (float)y;
  float fq = fx / fy;
  if (__builtin_fabsf(fq * fy - fx) > __builtin_fabsf(fx) * 1.2e-7f) __atomic_fetch_add(&bad[4], 1u, __ATOMIC_RELAXED);
  bad[5 + (i & 1)] = 0;
}
