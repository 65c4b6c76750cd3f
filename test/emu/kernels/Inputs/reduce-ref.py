# CPU reference for reductions.mlir: writes the inputs and each kernel's
# expected output, computed here from the definitions (64-lane waves of
# consecutive linear thread ids; workgroups of the launch's block size).
# Float values are multiples of 1/64 below 8 in magnitude, so every sum is
# exact in f32 in any order and the outputs compare bit for bit.
#
#   reduce-ref.py SEED DIR
import random
import struct
import sys


def write(path, fmt, values):
    with open(path, "wb") as f:
        f.write(struct.pack("<%d%s" % (len(values), fmt), *values))


def groups(n, size):
    return [list(range(g, min(g + size, n))) for g in range(0, n, size)]


def main(seed, out):
    rnd = random.Random(seed)
    xf = [rnd.randint(-512, 511) / 64.0 for _ in range(1024)]
    xi = [rnd.randint(-2**31, 2**31 - 1) for _ in range(1024)]
    xh = [rnd.randint(-2048, 2047) / 64.0 for _ in range(384)]
    xb = [rnd.randint(-128, 127) for _ in range(512)]
    xd = [rnd.randint(-2**20, 2**20) for _ in range(640)]
    write(f"{out}/xf.bin", "f", xf)
    write(f"{out}/xi.bin", "i", xi)
    write(f"{out}/xh.bin", "e", xh)
    write(f"{out}/xb.bin", "b", xb)
    write(f"{out}/xd.bin", "i", xd)

    # Waves of 64 within workgroups of 256 (1024 = 4 x 4 full waves).
    wave_sum = [0.0] * 1024
    for w in groups(1024, 64):
        s = sum(xf[i] for i in w)
        for i in w:
            wave_sum[i] = s
    write(f"{out}/wave_sum.bin", "f", wave_sum)

    # Clusters of 16 lanes with stride 2: lane l with the lanes of its wave
    # whose index agrees with l in bit 0 and in bit 5 (the xor offsets 2, 4,
    # 8, 16 change bits 1 to 4 only).
    cluster = [0.0] * 1024
    for i in range(1024):
        base, l = i - i % 64, i % 64
        members = [base + m for m in range(64) if (m & 0b100001) == (l & 0b100001)]
        cluster[i] = sum(xf[j] for j in members)
    write(f"{out}/cluster_sum.bin", "f", cluster)

    divergent = [0] * 1024
    for w in groups(1024, 64):
        active = [i for i in w if i % 3 != 0]
        m = max(xi[i] for i in active)
        for i in active:
            divergent[i] = m
    write(f"{out}/wave_max_divergent.bin", "i", divergent)

    wg = [0.0] * 1024
    for g in groups(1024, 256):
        s = sum(xf[i] for i in g)
        for i in g:
            wg[i] = s
    write(f"{out}/wg_sum.bin", "f", wg)

    wgh = [0.0] * 384
    for g in groups(384, 96):
        m = max(xh[i] for i in g)
        for i in g:
            wgh[i] = m
    write(f"{out}/wg_max_f16.bin", "e", wgh)

    wgb = [0] * 512
    for g in groups(512, 128):
        m = min(xb[i] for i in g)
        for i in g:
            wgb[i] = m
    write(f"{out}/wg_minsi_i8.bin", "b", wgb)

    wgd = [0] * 640
    for g in groups(640, 160):
        s = sum(xd[i] for i in g)
        for i in g:
            wgd[i] = s
    write(f"{out}/wg_sum_dynamic.bin", "i", wgd)

    # acc_k = acc_{k-1} / 2 + (k + 1) * S: 1, 2.5, 4.25, 6.125 ... for S = 1;
    # with exact dyadic sums every step is exact.
    loop = [0.0] * 1024
    for g in groups(1024, 256):
        s = sum(xf[i] for i in g)
        acc = 0.0
        for k in range(4):
            acc = acc * 0.5 + s * (k + 1)
        for i in g:
            loop[i] = acc
    write(f"{out}/wg_loop.bin", "f", loop)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: reduce-ref.py SEED DIR")
    main(int(sys.argv[1]), sys.argv[2])
