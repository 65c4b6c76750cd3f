# Inputs and expected output of frontend-test's `copy`: x is a 64x1024 f32
# matrix of random values; y = x in rows below N, 0 in the others (every
# tile's rows at or past N are zero).
#   copy-ref.py N DIR
import random
import struct
import sys

n, out = int(sys.argv[1]), sys.argv[2]
rnd = random.Random(6)
x = [rnd.uniform(-1, 1) for _ in range(64 * 1024)]
y = [x[i] if i // 1024 < n else 0.0 for i in range(64 * 1024)]
with open(f"{out}/cx.bin", "wb") as f:
    f.write(struct.pack("<%df" % len(x), *x))
with open(f"{out}/cy.bin", "wb") as f:
    f.write(struct.pack("<%df" % len(y), *y))
