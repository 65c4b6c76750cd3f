# CPU reference for convert.mlir: w = in * s in f32, then bf16 and f16 with
# round-to-nearest-even and fp8 (OCP e4m3fn or FNUZ e4m3fnuz) with
# round-to-nearest-even and saturation to the largest finite value.
# usage: check-convert.py ocp|fnuz IN S BF16 F16 FP8
import struct
import sys

fmt, fin, fs, fbf, fh, fq = sys.argv[1:7]
n = 256
xs = struct.unpack(f"{n}f", open(fin, "rb").read())
ss = struct.unpack(f"{n}f", open(fs, "rb").read())


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def bf16_bits(x):
    u = struct.unpack("I", struct.pack("f", x))[0]
    return (u + 0x7FFF + ((u >> 16) & 1)) >> 16


def fp8_values(fnuz):
    bias = 8 if fnuz else 7
    vals = {}
    for code in range(0x80):
        e, m = code >> 3, code & 7
        if not fnuz and code == 0x7F:  # OCP NaN
            continue
        v = m * 2.0 ** (1 - bias - 3) if e == 0 else (1 + m / 8) * 2.0 ** (e - bias)
        vals[code] = v
    return vals


def fp8_bits(x, fnuz):
    vals = fp8_values(fnuz)
    top = max(vals.values())
    sign = 0x80 if x < 0 else 0
    a = min(abs(x), top)
    best = min(vals, key=lambda c: (abs(vals[c] - a), c & 1))
    if fnuz and best == 0:
        return 0  # FNUZ has no negative zero
    return sign | best


ws = [f32(x * s) for x, s in zip(xs, ss)]
bf = struct.unpack(f"{n}H", open(fbf, "rb").read())
h = open(fh, "rb").read()
q = open(fq, "rb").read()
print(f"bf16: {sum(bf[i] == bf16_bits(w) for i, w in enumerate(ws))} of {n} exact")
print(f"f16: {sum(h[2*i:2*i+2] == struct.pack('e', w) for i, w in enumerate(ws))} of {n} exact")
print(f"fp8: {sum(q[i] == fp8_bits(w, fmt == 'fnuz') for i, w in enumerate(ws))} of {n} exact")
