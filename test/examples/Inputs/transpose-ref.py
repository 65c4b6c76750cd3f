# CPU reference for transpose.test: x, a 1024x1024 f32 matrix of random
# values (row-major), and y = x^T, written as x.bin and y.bin.
#
#   transpose-ref.py SEED DIR
import random
import struct
import sys

N = 1024


def main(seed, out):
    rnd = random.Random(seed)
    x = [rnd.uniform(-1.0, 1.0) for _ in range(N * N)]
    with open(f"{out}/x.bin", "wb") as f:
        f.write(struct.pack("<%df" % (N * N), *x))
    y = [x[j * N + i] for i in range(N) for j in range(N)]
    with open(f"{out}/y.bin", "wb") as f:
        f.write(struct.pack("<%df" % (N * N), *y))


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: transpose-ref.py SEED DIR")
    main(int(sys.argv[1]), sys.argv[2])
