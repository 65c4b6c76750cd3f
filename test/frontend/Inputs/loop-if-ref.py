# Inputs and expected output of frontend-test's `kernel`:
# y[i] = s if i is even else 0 - s, s = x*0 + x*1 + x*2 + x*3 (summed in
# that order; x are multiples of 1/8, so every step is exact in f32).
#   loop-if-ref.py DIR
import random
import struct
import sys

out = sys.argv[1]
rnd = random.Random(4)
x = [rnd.randint(-64, 64) / 8 for _ in range(1024)]
y = []
for i, v in enumerate(x):
    s = 0.0
    for k in range(4):
        s = s + v * k
    y.append(s if i % 2 == 0 else 0.0 - s)
with open(f"{out}/x.bin", "wb") as f:
    f.write(struct.pack("<1024f", *x))
with open(f"{out}/y.bin", "wb") as f:
    f.write(struct.pack("<1024f", *y))
