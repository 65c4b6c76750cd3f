# Checks kernel-abi.mlir's outputs against references computed here.
#   saxpy X Y0 Y A     Y0 is y after a run with a = 0 (the input y), Y after
#                      a = A: Y[i] == A*X[i] + Y0[i] in f32, all 1000
#   window M W R C LD OFF  W[r][c] == M[OFF + r*LD + c] for the R x C window
#   launch IDS SIZES GX,GY,GZ BX,BY,BZ
#                      SIZES == block and grid sizes; every thread's entry
# usage: check-kernel-abi.py MODE FILES... ARGS...
import struct
import sys


def floats(path):
    d = open(path, "rb").read()
    return struct.unpack("<%df" % (len(d) // 4), d)


def ints(path):
    d = open(path, "rb").read()
    return struct.unpack("<%di" % (len(d) // 4), d)


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


mode = sys.argv[1]
if mode == "saxpy":
    x, y0, y = floats(sys.argv[2]), floats(sys.argv[3]), floats(sys.argv[4])
    a = f32(float(sys.argv[5]))
    good = sum(y[i] == f32(f32(a * x[i]) + y0[i]) for i in range(len(x)))
    print("saxpy: %d of %d match" % (good, len(x)))
elif mode == "window":
    m, w = floats(sys.argv[2]), floats(sys.argv[3])
    rows, cols, ld, off = (int(v) for v in sys.argv[4:8])
    good = sum(w[r * cols + c] == m[off + r * ld + c] for r in range(rows) for c in range(cols))
    print("window: %d of %d match" % (good, rows * cols))
elif mode == "launch":
    ids, sizes = ints(sys.argv[2]), ints(sys.argv[3])
    grid = [int(v) for v in sys.argv[4].split(",")]
    block = [int(v) for v in sys.argv[5].split(",")]
    print("sizes: " + " ".join(str(v) for v in sizes))
    gx, gy, gz = (grid[i] * block[i] for i in range(3))
    good = sum(ids[(z * gy + y) * gx + x] == x + 1000 * y + 1000000 * z
               for z in range(gz) for y in range(gy) for x in range(gx))
    print("ids: %d of %d match" % (good, gx * gy * gz))
