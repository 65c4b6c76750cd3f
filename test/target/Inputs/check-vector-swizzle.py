# Checks tensor-vector-swizzle.mlir's outputs against a reference computed
# here, independently of the compiler: the 16x64 f32 tile IN went through an
# LDS tensor with layout S<3,2,4> o 0 o (16,64):(64,1).
#   RAW  the LDS words in physical order after vector<8> stores: element
#        (r, c) must sit at S(64*r + c), S(x) = x ^ ((x & 0b111000000) >> 4)
#        (CuTe's Swizzle<3,2,4>);
#   SCAL those stores read back one element at a time: IN itself;
#   VEC  scalar stores read back as vector<8> loads: IN itself;
#   ODD  vector<6> stores at columns 8g+1 read back by scalar loads: IN at
#        columns 1..6 of each group of 8, zero elsewhere.
# usage: check-vector-swizzle.py IN RAW SCAL VEC ODD
import struct
import sys


def words(path):
    data = open(path, "rb").read()
    return struct.unpack("<%dI" % (len(data) // 4), data)


def swizzle(x):
    return x ^ ((x & (0b111 << 6)) >> 4)


src, raw, scal, vec, odd = (words(p) for p in sys.argv[1:6])
n = 16 * 64
assert all(len(w) == n for w in (src, raw, scal, vec, odd))
assert sorted(swizzle(x) for x in range(n)) == list(range(n))
print("raw: %d of %d placed" % (sum(raw[swizzle(i)] == src[i] for i in range(n)), n))
print("scalar readback: %d of %d match" % (sum(scal[i] == src[i] for i in range(n)), n))
print("vector readback: %d of %d match" % (sum(vec[i] == src[i] for i in range(n)), n))
want = [src[i] if 1 <= i % 8 <= 6 else 0 for i in range(n)]
print("odd vectors: %d of %d match" % (sum(odd[i] == want[i] for i in range(n)), n))
