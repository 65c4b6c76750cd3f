# Inputs and expected outputs of frontend-test's `scans`: workgroups of 160
# threads (waves of 64 consecutive linear ids: 64, 64, 32); inclusive scans
# in thread order. The f32 values are multiples of 1/16 below 4 in magnitude,
# so every prefix sum is exact in any order.
#   scan-ref.py DIR
import random
import struct
import sys

out = sys.argv[1]
rnd = random.Random(8)
xi = [rnd.randint(-1000, 1000) for _ in range(480)]
xf = [rnd.randint(-64, 64) / 16 for _ in range(480)]
ws, gs, gm, gf = [], [], [], []
for g in range(3):
    si = sm = sf = None
    for t in range(160):
        i = g * 160 + t
        if t % 64 == 0:
            w = 0
        w += xi[i]
        ws.append(w)
        si = xi[i] if si is None else si + xi[i]
        sm = xi[i] if sm is None else max(sm, xi[i])
        sf = xf[i] if sf is None else sf + xf[i]
        gs.append(si)
        gm.append(sm)
        gf.append(sf)
for name, fmt, vals in (("xi", "i", xi), ("xf", "f", xf), ("ws", "i", ws), ("gs", "i", gs),
                        ("gm", "i", gm), ("gf", "f", gf)):
    with open(f"{out}/{name}.bin", "wb") as f:
        f.write(struct.pack("<%d%s" % (len(vals), fmt), *vals))
