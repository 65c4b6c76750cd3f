# CPU reference for layout-kernel.mlir, written from the algebra's
# definitions (docs/layout-algebra.md), not from flyc's code: work-item t
# has the coordinate idx2crd(t, (8,32)) = (t % 8, t / 8) (colexicographic);
# the composed layout S<3,4,3> o 8192 o (8,32):(16,128) maps it to
# S(8192 + 16*c0 + 128*c1) with S<B,M,S>(x) = x ^ ((x & (((1<<B)-1) << (M+S))) >> S);
# the kernel adds size(logical_divide((64,128):(128,1), [32:1|8:16])) = 64*128.
# usage: check-layout-kernel.py OUT  (256 little-endian i32)
import struct
import sys


def swizzle(x, b, m, s):
    return x ^ ((x & (((1 << b) - 1) << (m + s))) >> s)


def expected(t):
    c0, c1 = t % 8, t // 8
    return swizzle(8192 + 16 * c0 + 128 * c1, 3, 4, 3) + 64 * 128


n = 256
got = struct.unpack(f"<{n}i", open(sys.argv[1], "rb").read())
bad = [(t, got[t], expected(t)) for t in range(n) if got[t] != expected(t)]
for t, g, e in bad[:8]:
    print(f"out[{t}] = {g}, expected {e}")
print(f"{n - len(bad)} of {n} elements match")
