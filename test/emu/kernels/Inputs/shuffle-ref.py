# CPU reference for the wave-reduction kernel tests (shuffle-xor.mlir,
# wave-ops.cl): writes each kernel's inputs and the outputs a correct GPU
# produces, computed here from the definitions (lane l of a 64-lane wave
# exchanging with lane l ^ k; sums, maxima, softmax and RMSNorm of whole
# rows), independently of the emulator.
#
#   shuffle-ref.py perm SEED DIR      x (256 i32); y = x[l ^ k] per offset
#   shuffle-ref.py reduce SEED DIR    xf (f32), xi (i32), 512 each; per-row
#                                     (64 lanes) sum and max of both
#   shuffle-ref.py softmax SEED DIR   x (512 f32); y = softmax of each row,
#                                     m = row maximum
#   shuffle-ref.py rmsnorm SEED DIR   x (4 rows x 256 f32), g (256 f32);
#                                     y = x / sqrt(mean(x^2) + 1e-5) * g
import math
import random
import struct
import sys

PERM_OFFSETS = list(range(1, 33)) + [33, 48, 63]


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def write(d, name, fmt, vals):
    with open(f"{d}/{name}", "wb") as f:
        f.write(struct.pack(f"<{len(vals)}{fmt}", *vals))


def i32(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >> 31 else v


def rows(vals, n):
    return [vals[r:r + n] for r in range(0, len(vals), n)]


def main():
    mode, seed, d = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    if mode == "perm":
        x = [rng.randrange(-2**31, 2**31) for _ in range(256)]
        y = [x[(g & ~63) | ((g & 63) ^ k)] for k in PERM_OFFSETS for g in range(256)]
        write(d, "x.bin", "i", x)
        write(d, "y.bin", "i", y)
    elif mode == "reduce":
        # Multiples of 1/64 below 8 in magnitude: every partial sum of 64 of
        # them is exact in f32, so any summation order gives the same sum.
        xf = [rng.randrange(-512, 512) / 64 for _ in range(512)]
        xi = [rng.randrange(-2**31, 2**31) for _ in range(512)]
        sf, mf, si, mi = [], [], [], []
        for r in range(8):
            fr, ir = xf[64 * r:64 * r + 64], xi[64 * r:64 * r + 64]
            sf += [sum(fr)] * 64
            mf += [max(fr)] * 64
            si += [i32(sum(ir))] * 64
            mi += [max(ir)] * 64
        write(d, "xf.bin", "f", xf)
        write(d, "xi.bin", "i", xi)
        write(d, "sf.bin", "f", sf)
        write(d, "mf.bin", "f", mf)
        write(d, "si.bin", "i", si)
        write(d, "mi.bin", "i", mi)
    elif mode == "softmax":
        x = [f32(rng.uniform(-8, 8)) for _ in range(512)]
        y, m = [], []
        for row in rows(x, 64):
            mx = max(row)
            e = [math.exp(v - mx) for v in row]
            s = sum(e)
            y += [v / s for v in e]
            m += [mx] * 64
        write(d, "x.bin", "f", x)
        write(d, "y.bin", "f", y)
        write(d, "m.bin", "f", m)
    elif mode == "rmsnorm":
        x = [f32(rng.uniform(-4, 4)) for _ in range(1024)]
        g = [f32(rng.uniform(0.5, 2)) for _ in range(256)]
        y = []
        for row in rows(x, 256):
            r = 1 / math.sqrt(sum(v * v for v in row) / 256 + 1e-5)
            y += [v * r * g[c] for c, v in enumerate(row)]
        write(d, "x.bin", "f", x)
        write(d, "g.bin", "f", g)
        write(d, "y.bin", "f", y)
    else:
        sys.exit(f"shuffle-ref.py: unknown mode {mode}")


main()
