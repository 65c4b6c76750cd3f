"""Writes the MX scale order of a row-major R x KB byte file (the MXFP4
GEMMs' scale preshuffle, docs/runtime.md), computed from its formula:
usage: mx_scale_order.py IN R KB OUT."""
import sys

src, rows, kblocks, dst = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
data = open(src, "rb").read()
assert len(data) == rows * kblocks, "input size"
out = bytearray(rows * kblocks)
for row in range(rows):
    for kb in range(kblocks):
        r, ip, ip32 = row % 16, (row // 16) % 2, row // 32
        g, sp, sp8 = kb % 4, (kb // 4) % 2, kb // 8
        lane = r + 16 * g
        out[((ip32 * (kblocks // 8) + sp8) * 64 + lane) * 4 + 2 * ip + sp] = data[row * kblocks + kb]
open(dst, "wb").write(out)
