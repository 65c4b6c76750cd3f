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
#   shuffle-ref.py lanes SEED DIR     x (256 i32); y = each of LANE_OPS
#   shuffle-ref.py wred SEED DIR      x (i32), f (f32); wave-ops.cl's wred
#
# The lane maps follow the CDNA4 ISA guide: DS_SWIZZLE_B32's pseudocode
# (ch. 12; the rotate mode wraps within 32 lanes, as its examples show),
# the DPP_CTRL enumeration (Table 94; mirrors stay within their row) with
# ROW_MASK/BANK_MASK/BC (Table 93), DS_BPERMUTE_B32/DS_PERMUTE_B32 (Table
# 58; lane = (address / 4) mod 64). A source lane that is inactive reads 0
# (DS_SWIZZLE_B32: "reading from an invalid thread results in 0x0"); DPP
# treats it as out of range (LLVM AMDGPUModifierSyntax: with fi:0, the only
# behaviour gfx9 has, inactive lanes are governed by bound_ctrl).
import math
import random
import struct
import sys

PERM_OFFSETS = list(range(1, 33)) + [33, 48, 63]

# wave-ops.cl's `lanes` kernel, result k = LANE_OPS[k]:
#   ("swz", offset), ("dpp", ctrl, row_mask, bank_mask, bound_ctrl, update)
#   (update: update_dpp with old = ~v, else mov_dpp), ("bperm", f), ("perm", f)
#   with f(l) the byte address lane l passes.
SWZ = [0x041f, 0x081f, 0x101f, 0x201f, 0x401f, 0x7c1f, 0x3c1f, 0x00a0, 0x0070,
       0x7fff, 0x801b, 0x80e4, 0x8055, 0xc020, 0xc420, 0xc021, 0xc421, 0xc0a3,
       0xc7e0, 0xdfff, 0xe000, 0xe010, 0xe01f, 0xe005, 0xe00c]
DPP = [(c, 0xf, 0xf, 1, 0) for c in (0x1b, 0x4e, 0xb1, 0x101, 0x10f, 0x111, 0x117,
                                       0x121, 0x129, 0x12f, 0x130, 0x134, 0x138,
                                       0x13c, 0x140, 0x141, 0x150, 0x155, 0x15f)] + [
    (0x113, 0xf, 0xf, 0, 1), (0x102, 0x5, 0xf, 0, 1), (0x124, 0xf, 0x6, 0, 1),
    (0x142, 0xa, 0xf, 0, 1), (0x143, 0xc, 0xf, 0, 1), (0x138, 0xf, 0xf, 0, 1),
    (0x130, 0xf, 0xf, 0, 1), (0x1b, 0x9, 0x3, 0, 1), (0x157, 0x3, 0xc, 0, 1),
    (0x112, 0xc, 0xa, 1, 1), (0x142, 0xe, 0xf, 1, 1), (0x10e, 0xf, 0xf, 1, 1)]
BPERM = [lambda l: (l ^ 5) * 4, lambda l: ((l * 7 + 3) & 63) * 4,
         lambda l: (63 - l) * 4, lambda l: (l + 70) * 4, lambda l: l * 4 + 3,
         lambda l: (l * 4) | 0x300, lambda l: (l & 60) * 4]
PERM = [lambda l: ((l * 5 + 1) & 63) * 4, lambda l: (63 - l) * 4,
        lambda l: (l ^ 33) * 4]
LANE_OPS = ([("swz", p) for p in SWZ] + [("dpp",) + d for d in DPP] +
            [("bperm", f) for f in BPERM] + [("perm", f) for f in PERM])


def swizzle_src(off, i):
    """The lane ds_swizzle_b32 with this offset reads for lane i."""
    if off >= 0xe000:
        mask = off & 31
        j = int(f"{i & 31:05b}"[::-1], 2) >> bin(mask).count("1")
        return j | (i & mask) | (i & 32)
    if off >= 0xc000:
        mask, rot = off & 31, (off >> 5) & 31
        if off & 0x400:
            rot = -rot
        return (i & mask) | ((i + rot) & ~mask & 31) | (i & 32)
    if off & 0x8000:
        return (i & ~3) + ((off >> (2 * (i % 4))) & 3)
    return ((((i & 31) & (off & 31)) | ((off >> 5) & 31)) ^ ((off >> 10) & 31)) | (i & 32)


def dpp_src(c, n):
    """The lane DPP control c reads for lane n, or None when out of range."""
    r = n & 15
    if c <= 0xff:
        return (n & 0x3c) + ((c >> (2 * (n % 4))) & 3)
    if 0x101 <= c <= 0x10f:
        return n + (c & 15) if r < 16 - (c & 15) else None
    if 0x111 <= c <= 0x11f:
        return n - (c & 15) if r >= (c & 15) else None
    if 0x121 <= c <= 0x12f:
        return n - (c & 15) if r >= (c & 15) else n + 16 - (c & 15)
    if c == 0x130:
        return n + 1 if n < 63 else None
    if c == 0x134:
        return n + 1 if n < 63 else 0
    if c == 0x138:
        return n - 1 if n > 0 else None
    if c == 0x13c:
        return n - 1 if n > 0 else 63
    if c == 0x140:
        return (n & 0x30) + 15 - r
    if c == 0x141:
        return (n & 0x38) + 7 - (n & 7)
    if c == 0x142:
        return (n & 0x30) - 1 if n > 15 else None
    if c == 0x143:
        return 31 if n > 31 else None
    if 0x150 <= c <= 0x15f:
        return (n & 0x30) + (c & 15)
    raise ValueError(hex(c))


def wave_op(op, v, old=None, active=None):
    """One cross-lane op over a 64-lane wave: v the source values, old the
    destination's previous values, active the EXEC bits (all by default).
    Returns the destination (inactive lanes keep old)."""
    act = active or [True] * 64
    old = old or [None] * 64
    out = list(old)
    kind = op[0]
    if kind == "perm":
        recv = [0] * 64
        for l in range(64):
            if act[l]:
                recv[(op[1](l) >> 2) & 63] = v[l]
        return [recv[l] if act[l] else old[l] for l in range(64)]
    for l in range(64):
        if not act[l]:
            continue
        if kind == "swz":
            j = swizzle_src(op[1], l)
            out[l] = v[j] if act[j] else 0
        elif kind == "bperm":
            j = (op[1](l) >> 2) & 63
            out[l] = v[j] if act[j] else 0
        else:
            c, rm, bm, bc = op[1:5]
            if not (rm >> (l >> 4)) & 1 or not (bm >> ((l >> 2) & 3)) & 1:
                continue
            j = dpp_src(c, l)
            if j is not None and act[j]:
                out[l] = v[j]
            elif bc:
                out[l] = 0
    return out


def by_wave(vals, fn):
    res = []
    for w in range(0, len(vals), 64):
        res += fn(vals[w:w + 64])
    return res


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
    elif mode == "lanes":
        x = [rng.randrange(-2**31, 2**31) for _ in range(256)]
        y = []
        for op in LANE_OPS:
            update = op[0] == "dpp" and op[5]
            y += by_wave(x, lambda v: wave_op(op, v, [~a for a in v] if update else None))
        assert None not in y
        write(d, "x.bin", "i", x)
        write(d, "y.bin", "i", y)
    elif mode == "wred":
        x = [rng.randrange(-2**31, 2**31) for _ in range(256)]
        f = [rng.randrange(-512, 512) / 64 for _ in range(256)]
        act = [l % 3 != 0 for l in range(64)]
        def scan(v):
            return [sum(v[:l + 1]) for l in range(64)]
        def masked(op, old):
            return lambda v: [12345 if not act[l] else r
                              for l, r in enumerate(wave_op(op, v, old, act))]
        r = (by_wave(x, lambda v: [i32(sum(v))] * 64) +
             by_wave(x, lambda v: [i32(a) for a in scan(v)]) +
             by_wave(x, lambda v: [i32(sum(v))] * 64) +
             by_wave(x, lambda v: [max(v)] * 64) +
             by_wave(x, lambda v: [i32(sum(v))] * 64) +
             by_wave(x, masked(("swz", 0x041f), None)) +
             by_wave(x, masked(("bperm", lambda l: (l ^ 1) * 4), None)) +
             by_wave(x, masked(("dpp", 0x111, 0xf, 0xf, 1), None)) +
             by_wave(x, masked(("dpp", 0x101, 0xf, 0xf, 0), [777] * 64)))
        rf = by_wave(f, scan) + by_wave(f, lambda v: [max(v)] * 64)
        write(d, "x.bin", "i", x)
        write(d, "f.bin", "f", f)
        write(d, "r.bin", "i", r)
        write(d, "rf.bin", "f", rf)
    else:
        sys.exit(f"shuffle-ref.py: unknown mode {mode}")


main()
