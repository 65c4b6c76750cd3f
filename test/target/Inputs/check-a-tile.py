# Checks the tensor-dma tests' output on the emulator: workgroup b read tile
# (b, KT) of the row-major M x 512 byte matrix A (tile 64 x 128), and thread
# t stored the 16 bytes at tile row t/8, columns 16*(t%8)... to
# out[4096*b + 16*t].  usage: check-a-tile.py A OUT TILES KT
import sys

a = open(sys.argv[1], "rb").read()
out = open(sys.argv[2], "rb").read()
kt = int(sys.argv[4])
for b in range(int(sys.argv[3])):
    good = 0
    for t in range(256):
        row, col = t // 8, 16 * (t % 8)
        for j in range(16):
            good += out[4096 * b + 16 * t + j] == a[(64 * b + row) * 512 + 128 * kt + col + j]
    print(f"tile {b}: {good} bytes match")
