# CPU reference for mma-emulator.mlir: C[m][n] = sum_k A[m][k] * B[n][k]
# with A, B 16x128 row-major OCP e4m3fn bytes and C 16x16 row-major f32.
import struct
import sys


def e4m3fn(byte):
    sign = -1.0 if byte & 0x80 else 1.0
    exp, man = (byte >> 3) & 0xF, byte & 0x7
    if exp == 0xF and man == 0x7:
        return float("nan")
    if exp == 0:
        return sign * man * 2.0 ** -9
    return sign * (1 + man / 8) * 2.0 ** (exp - 7)


a = [e4m3fn(x) for x in open(sys.argv[1], "rb").read()]
b = [e4m3fn(x) for x in open(sys.argv[2], "rb").read()]
c = struct.unpack("256f", open(sys.argv[3], "rb").read())
good = 0
for m in range(16):
    for n in range(16):
        ref = sum(a[m * 128 + k] * b[n * 128 + k] for k in range(128))
        good += abs(c[m * 16 + n] - ref) <= 1e-5 * max(1.0, abs(ref))
print(f"{good} of 256 elements match")
