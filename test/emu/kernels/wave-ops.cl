// Cross-lane builtins as hand-written OpenCL uses them: every
// __builtin_amdgcn_ds_swizzle mode (bit-mask, quad, rotate, FFT), DPP
// (mov_dpp/update_dpp: every control, row/bank masks, bound_ctrl, the old
// value), ds_bpermute and ds_permute, one result per operation and lane;
// then wave reductions and scans built from them; then the same builtins
// with part of the wave inactive. 128-item workgroups (two waves), two
// workgroups, gfx950 and gfx942, every output compared with
// Inputs/shuffle-ref.py's CPU results.
// REQUIRES: clang
// RUN: rm -rf %t && mkdir -p %t/lanes %t/wred
// RUN: python3 %S/Inputs/shuffle-ref.py lanes 5 %t/lanes
// RUN: python3 %S/Inputs/shuffle-ref.py wred 6 %t/wred
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx950 -nogpulib -O2 -Wno-everything -c %s -o %t/w950.o
// RUN: ld.lld -shared %t/w950.o -o %t/w950.hsaco
// RUN: clang-22 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx942 -nogpulib -O2 -Wno-everything -c %s -o %t/w942.o
// RUN: ld.lld -shared %t/w942.o -o %t/w942.hsaco
// RUN: flyc-run %t/w950.hsaco --kernel lanes --grid 2 --block 128 x:i32:256:file=%t/lanes/x.bin y:i32:16896 --check y=%t/lanes/y.bin | FileCheck %s --check-prefix=LANES
// RUN: flyc-run %t/w942.hsaco --kernel lanes --grid 2 --block 128 x:i32:256:file=%t/lanes/x.bin y:i32:16896 --check y=%t/lanes/y.bin | FileCheck %s --check-prefix=LANES
// LANES: check y: ok (16896 i32 elements, bit-exact, max abs error 0)
// RUN: flyc-run %t/w950.hsaco --kernel wred --grid 2 --block 128 x:i32:256:file=%t/wred/x.bin f:f32:256:file=%t/wred/f.bin r:i32:2304 rf:f32:512 --check r=%t/wred/r.bin --check rf=%t/wred/rf.bin | FileCheck %s --check-prefix=WRED
// RUN: flyc-run %t/w942.hsaco --kernel wred --grid 2 --block 128 x:i32:256:file=%t/wred/x.bin f:f32:256:file=%t/wred/f.bin r:i32:2304 rf:f32:512 --check r=%t/wred/r.bin --check rf=%t/wred/rf.bin | FileCheck %s --check-prefix=WRED
// WRED: check r: ok (2304 i32 elements, bit-exact, max abs error 0)
// WRED: check rf: ok (512 f32 elements, bit-exact, max abs error 0)

#define N 256

// Result k of lane g is y[k * N + g]; the list of operations is
// shuffle-ref.py's LANE_OPS, in the same order.
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void lanes(__global const int *x, __global int *y) {
  int g = __builtin_amdgcn_workgroup_id_x() * 128 + __builtin_amdgcn_workitem_id_x();
  int l = g & 63, v = x[g];
  y[0 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0x041f);
  y[1 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0x081f);
  y[2 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0x101f);
  y[3 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0x201f);
  y[4 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0x401f);
  y[5 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0x7c1f);
  y[6 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0x3c1f);
  y[7 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0x00a0);
  y[8 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0x0070);
  y[9 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0x7fff);
  y[10 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0x801b);
  y[11 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0x80e4);
  y[12 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0x8055);
  y[13 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0xc020);
  y[14 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0xc420);
  y[15 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0xc021);
  y[16 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0xc421);
  y[17 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0xc0a3);
  y[18 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0xc7e0);
  y[19 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0xdfff);
  y[20 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0xe000);
  y[21 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0xe010);
  y[22 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0xe01f);
  y[23 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0xe005);
  y[24 * N + g] = __builtin_amdgcn_ds_swizzle(v, 0xe00c);
  y[25 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x01b, 0xf, 0xf, true);
  y[26 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x04e, 0xf, 0xf, true);
  y[27 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x0b1, 0xf, 0xf, true);
  y[28 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x101, 0xf, 0xf, true);
  y[29 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x10f, 0xf, 0xf, true);
  y[30 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x111, 0xf, 0xf, true);
  y[31 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x117, 0xf, 0xf, true);
  y[32 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x121, 0xf, 0xf, true);
  y[33 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x129, 0xf, 0xf, true);
  y[34 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x12f, 0xf, 0xf, true);
  y[35 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x130, 0xf, 0xf, true);
  y[36 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x134, 0xf, 0xf, true);
  y[37 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x138, 0xf, 0xf, true);
  y[38 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x13c, 0xf, 0xf, true);
  y[39 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x140, 0xf, 0xf, true);
  y[40 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x141, 0xf, 0xf, true);
  y[41 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x150, 0xf, 0xf, true);
  y[42 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x155, 0xf, 0xf, true);
  y[43 * N + g] = __builtin_amdgcn_mov_dpp(v, 0x15f, 0xf, 0xf, true);
  y[44 * N + g] = __builtin_amdgcn_update_dpp(~v, v, 0x113, 0xf, 0xf, false);
  y[45 * N + g] = __builtin_amdgcn_update_dpp(~v, v, 0x102, 0x5, 0xf, false);
  y[46 * N + g] = __builtin_amdgcn_update_dpp(~v, v, 0x124, 0xf, 0x6, false);
  y[47 * N + g] = __builtin_amdgcn_update_dpp(~v, v, 0x142, 0xa, 0xf, false);
  y[48 * N + g] = __builtin_amdgcn_update_dpp(~v, v, 0x143, 0xc, 0xf, false);
  y[49 * N + g] = __builtin_amdgcn_update_dpp(~v, v, 0x138, 0xf, 0xf, false);
  y[50 * N + g] = __builtin_amdgcn_update_dpp(~v, v, 0x130, 0xf, 0xf, false);
  y[51 * N + g] = __builtin_amdgcn_update_dpp(~v, v, 0x01b, 0x9, 0x3, false);
  y[52 * N + g] = __builtin_amdgcn_update_dpp(~v, v, 0x157, 0x3, 0xc, false);
  y[53 * N + g] = __builtin_amdgcn_update_dpp(~v, v, 0x112, 0xc, 0xa, true);
  y[54 * N + g] = __builtin_amdgcn_update_dpp(~v, v, 0x142, 0xe, 0xf, true);
  y[55 * N + g] = __builtin_amdgcn_update_dpp(~v, v, 0x10e, 0xf, 0xf, true);
  y[56 * N + g] = __builtin_amdgcn_ds_bpermute((l ^ 5) * 4, v);
  y[57 * N + g] = __builtin_amdgcn_ds_bpermute(((l * 7 + 3) & 63) * 4, v);
  y[58 * N + g] = __builtin_amdgcn_ds_bpermute((63 - l) * 4, v);
  y[59 * N + g] = __builtin_amdgcn_ds_bpermute((l + 70) * 4, v);
  y[60 * N + g] = __builtin_amdgcn_ds_bpermute(l * 4 + 3, v);
  y[61 * N + g] = __builtin_amdgcn_ds_bpermute((l * 4) | 0x300, v);
  y[62 * N + g] = __builtin_amdgcn_ds_bpermute((l & 60) * 4, v);
  y[63 * N + g] = __builtin_amdgcn_ds_permute(((l * 5 + 1) & 63) * 4, v);
  y[64 * N + g] = __builtin_amdgcn_ds_permute((63 - l) * 4, v);
  y[65 * N + g] = __builtin_amdgcn_ds_permute((l ^ 33) * 4, v);
}

// Reductions and scans of x (i32) and f (f32, multiples of 1/64, so every
// partial sum is exact), one per wave:
//   r[0N+g]  sum by ds_swizzle xor 1..16 and ds_bpermute xor 32 (every lane)
//   r[1N+g]  inclusive prefix sum by DPP row_shr/row_bcast (the scan of the
//            GCN cross-lane article), r[2N+g] its total read from lane 63
//   r[3N+g]  signed max by DPP quad_perm/row_half_mirror/row_mirror/
//            row_bcast, read from lane 63
//   r[4N+g]  sum by ds_bpermute xor 32..1
//   r[5N+g]..r[8N+g]  with lanes l % 3 == 0 inactive: ds_swizzle xor 1 and
//            ds_bpermute of lane l ^ 1 read 0 from an inactive lane; DPP
//            treats an inactive source lane as out of range: row_shr:1 with
//            bound_ctrl reads 0, row_shl:1 without it keeps the old value
//            (777); the inactive lanes keep 12345
//   rf[0N+g] f32 inclusive prefix sum by DPP, rf[1N+g] f32 max by ds_swizzle
//            and ds_bpermute
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void wred(__global const int *x, __global const float *f, __global int *r,
          __global float *rf) {
  int g = __builtin_amdgcn_workgroup_id_x() * 128 + __builtin_amdgcn_workitem_id_x();
  int l = g & 63, v = x[g];
  float fv = f[g];

  int s = v;
  s += __builtin_amdgcn_ds_swizzle(s, 0x041f);
  s += __builtin_amdgcn_ds_swizzle(s, 0x081f);
  s += __builtin_amdgcn_ds_swizzle(s, 0x101f);
  s += __builtin_amdgcn_ds_swizzle(s, 0x201f);
  s += __builtin_amdgcn_ds_swizzle(s, 0x401f);
  s += __builtin_amdgcn_ds_bpermute((l ^ 32) * 4, s);
  r[0 * N + g] = s;

  int t = v + __builtin_amdgcn_update_dpp(0, v, 0x111, 0xf, 0xf, false);
  t += __builtin_amdgcn_update_dpp(0, v, 0x112, 0xf, 0xf, false);
  t += __builtin_amdgcn_update_dpp(0, v, 0x113, 0xf, 0xf, false);
  t += __builtin_amdgcn_update_dpp(0, t, 0x114, 0xf, 0xe, false);
  t += __builtin_amdgcn_update_dpp(0, t, 0x118, 0xf, 0xc, false);
  t += __builtin_amdgcn_update_dpp(0, t, 0x142, 0xa, 0xf, false);
  t += __builtin_amdgcn_update_dpp(0, t, 0x143, 0xc, 0xf, false);
  r[1 * N + g] = t;
  r[2 * N + g] = __builtin_amdgcn_readlane(t, 63);

  int m = v, o;
  o = __builtin_amdgcn_mov_dpp(m, 0xb1, 0xf, 0xf, false); m = m > o ? m : o;
  o = __builtin_amdgcn_mov_dpp(m, 0x4e, 0xf, 0xf, false); m = m > o ? m : o;
  o = __builtin_amdgcn_mov_dpp(m, 0x141, 0xf, 0xf, false); m = m > o ? m : o;
  o = __builtin_amdgcn_mov_dpp(m, 0x140, 0xf, 0xf, false); m = m > o ? m : o;
  o = __builtin_amdgcn_update_dpp(m, m, 0x142, 0xa, 0xf, false); m = m > o ? m : o;
  o = __builtin_amdgcn_update_dpp(m, m, 0x143, 0xc, 0xf, false); m = m > o ? m : o;
  r[3 * N + g] = __builtin_amdgcn_readlane(m, 63);

  int b = v;
  for (int k = 32; k > 0; k >>= 1)
    b += __builtin_amdgcn_ds_bpermute((l ^ k) * 4, b);
  r[4 * N + g] = b;

  int p = 12345, q = 12345, u = 12345, w = 12345;
  if (l % 3 != 0) {
    p = __builtin_amdgcn_ds_swizzle(v, 0x041f);
    q = __builtin_amdgcn_ds_bpermute((l ^ 1) * 4, v);
    u = __builtin_amdgcn_mov_dpp(v, 0x111, 0xf, 0xf, true);
    w = __builtin_amdgcn_update_dpp(777, v, 0x101, 0xf, 0xf, false);
  }
  r[5 * N + g] = p;
  r[6 * N + g] = q;
  r[7 * N + g] = u;
  r[8 * N + g] = w;

  float ft = fv + __builtin_bit_cast(float, __builtin_amdgcn_update_dpp(0, __builtin_bit_cast(int, fv), 0x111, 0xf, 0xf, false));
  ft += __builtin_bit_cast(float, __builtin_amdgcn_update_dpp(0, __builtin_bit_cast(int, fv), 0x112, 0xf, 0xf, false));
  ft += __builtin_bit_cast(float, __builtin_amdgcn_update_dpp(0, __builtin_bit_cast(int, fv), 0x113, 0xf, 0xf, false));
  ft += __builtin_bit_cast(float, __builtin_amdgcn_update_dpp(0, __builtin_bit_cast(int, ft), 0x114, 0xf, 0xe, false));
  ft += __builtin_bit_cast(float, __builtin_amdgcn_update_dpp(0, __builtin_bit_cast(int, ft), 0x118, 0xf, 0xc, false));
  ft += __builtin_bit_cast(float, __builtin_amdgcn_update_dpp(0, __builtin_bit_cast(int, ft), 0x142, 0xa, 0xf, false));
  ft += __builtin_bit_cast(float, __builtin_amdgcn_update_dpp(0, __builtin_bit_cast(int, ft), 0x143, 0xc, 0xf, false));
  rf[0 * N + g] = ft;

  float fm = fv;
#define FMAX_SWZ(pat) fm = __builtin_fmaxf(fm, __builtin_bit_cast(float, __builtin_amdgcn_ds_swizzle(__builtin_bit_cast(int, fm), pat)))
  FMAX_SWZ(0x041f);
  FMAX_SWZ(0x081f);
  FMAX_SWZ(0x101f);
  FMAX_SWZ(0x201f);
  FMAX_SWZ(0x401f);
  fm = __builtin_fmaxf(fm, __builtin_bit_cast(float, __builtin_amdgcn_ds_bpermute((l ^ 32) * 4, __builtin_bit_cast(int, fm))));
  rf[1 * N + g] = fm;
}
