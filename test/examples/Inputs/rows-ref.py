# CPU reference for the row-wise examples (softmax, RMSNorm, LayerNorm):
# writes x (M rows of 1024 f32), g, b (1024 f32 each) and the expected y of
# each example, computed here in double precision from the definitions in
# the examples' headers and rounded to f32.
#
#   rows-ref.py M SEED DIR
import math
import random
import struct
import sys

N = 1024


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def write(path, values):
    with open(path, "wb") as f:
        f.write(struct.pack("<%df" % len(values), *values))


def main(m, seed, out):
    rnd = random.Random(seed)
    x = [f32(rnd.uniform(-4.0, 4.0)) for _ in range(m * N)]
    g = [f32(rnd.uniform(0.5, 1.5)) for _ in range(N)]
    b = [f32(rnd.uniform(-1.0, 1.0)) for _ in range(N)]
    write(f"{out}/x.bin", x)
    write(f"{out}/g.bin", g)
    write(f"{out}/b.bin", b)
    softmax, rms, ln = [], [], []
    for r in range(m):
        row = x[r * N:(r + 1) * N]
        top = max(row)
        e = [math.exp(v - top) for v in row]
        s = math.fsum(e)
        softmax += [f32(v / s) for v in e]
        scale = 1.0 / math.sqrt(math.fsum(v * v for v in row) / N + 1e-6)
        rms += [f32(v * scale * gv) for v, gv in zip(row, g)]
        mean = math.fsum(row) / N
        var = math.fsum((v - mean) ** 2 for v in row) / N
        inv = 1.0 / math.sqrt(var + 1e-5)
        ln += [f32((v - mean) * inv * gv + bv) for v, gv, bv in zip(row, g, b)]
    write(f"{out}/softmax.bin", softmax)
    write(f"{out}/rmsnorm.bin", rms)
    write(f"{out}/layernorm.bin", ln)


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit("usage: rows-ref.py M SEED DIR")
    main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3])
