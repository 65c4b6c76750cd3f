# CPU reference for the GEMM tests: C[m][n] = sum_k A[m][k] * B[n][k] with A
# (M x K) and B (N x K) row-major OCP e4m3fn bytes, accumulated in double,
# against C (M x N) row-major bf16. The kernel accumulates in f32 in another
# order, so an element matches when it is within one bf16 ulp of the
# reference. usage: check-gemm.py A B C M N K [fnuz]  (fnuz: gfx942's e4m3fnuz)
import struct
import sys


def e4m3fn(byte):
    sign = -1.0 if byte & 0x80 else 1.0
    exp, man = (byte >> 3) & 0xF, byte & 0x7
    if exp == 0xF and man == 0x7:
        return float("nan")
    return sign * (man * 2.0 ** -9 if exp == 0 else (1 + man / 8) * 2.0 ** (exp - 7))


def e4m3fnuz(byte):
    if byte == 0x80:
        return float("nan")
    sign = -1.0 if byte & 0x80 else 1.0
    exp, man = (byte >> 3) & 0xF, byte & 0x7
    return sign * (man * 2.0 ** -10 if exp == 0 else (1 + man / 8) * 2.0 ** (exp - 8))


def bf16(bits):
    return struct.unpack("f", struct.pack("I", bits << 16))[0]


m, n, k = (int(x) for x in sys.argv[4:7])
decode = e4m3fnuz if sys.argv[7:] == ["fnuz"] else e4m3fn
a = [decode(x) for x in open(sys.argv[1], "rb").read()[: m * k]]
b = [decode(x) for x in open(sys.argv[2], "rb").read()[: n * k]]
c = struct.unpack(f"{m * n}H", open(sys.argv[3], "rb").read()[: 2 * m * n])
good = 0
for i in range(m):
    row = a[i * k:(i + 1) * k]
    for j in range(n):
        ref = sum(x * y for x, y in zip(row, b[j * k:(j + 1) * k]))
        got = bf16(c[i * n + j])
        # one bf16 ulp at |ref| is at most 2^-7 * |ref| (8 significant bits)
        good += abs(got - ref) <= abs(ref) * 2.0 ** -7 + 1e-6
print(f"{good} of {m * n} elements within 1 bf16 ulp")
