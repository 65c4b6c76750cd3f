# Inputs and the double-precision CPU reference for math-ulp.test: the
# error of each math function flyc lowers (fly-lower-math), in units in the
# last place of the result's type, over every input.
#
#   math-ref.py inputs SEED DIR
#       writes x_f32.bin, x_f16.bin, x_bf16.bin: 65536 values each -- special
#       values, a log-uniform sweep of |x| over 2^-30..2^8 with both signs,
#       uniform values in [-10, 10] and [0.9, 1.1], random bit patterns
#   math-ref.py check FUNC TYPE X Y BOUND
#       compares Y = FUNC(X) (TYPE f32, f16 or bf16) with Python's math
#       module evaluated in double precision and rounded to TYPE; prints the
#       largest error in ulps and fails if any value is further than BOUND
#       ulps, or if a NaN, an infinity or a finite value stands where the
#       reference has another kind of value
#
# The ulp of a value is the spacing of TYPE's numbers at the correctly
# rounded reference (2^(e-p+1), p = 24, 11, 8 significand bits; the
# smallest denormal for zero and denormal results).
import math
import random
import struct
import sys

N = 65536
FORMATS = {  # significand bits, exponents of the smallest and largest normal numbers
    "f32": (24, -126, 127),
    "f16": (11, -14, 15),
    "bf16": (8, -126, 127),
}


def to_f32(v):
    try:
        return struct.unpack("<f", struct.pack("<f", v))[0]
    except OverflowError:
        return math.copysign(math.inf, v)


def bf16_bits(v):
    """f32 value to bf16 bits, round to nearest even (NaN kept quiet)."""
    b = struct.unpack("<I", struct.pack("<f", to_f32(v)))[0]
    if math.isnan(v):
        return 0x7FC0
    return ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) & 0xFFFF


def bf16_value(bits):
    return struct.unpack("<f", struct.pack("<I", bits << 16))[0]


def f16_value(v):
    try:
        return struct.unpack("<e", struct.pack("<e", v))[0]
    except OverflowError:
        return math.copysign(math.inf, v)


def round_to(v, fmt):
    """The double v rounded once to TYPE, to nearest even, past the largest
    finite value to infinity."""
    if not math.isfinite(v) or v == 0:
        return v
    p, emin, emax = FORMATS[fmt]
    u = ulp(v, fmt)
    r = round(v / u) * u  # v / u is exact (u is a power of two); round() ties to even
    return math.copysign(math.inf, v) if abs(r) > (2 - 2.0 ** (1 - p)) * 2.0**emax else r


def ulp(v, fmt):
    p, emin, _ = FORMATS[fmt]
    if v == 0 or not math.isfinite(v):
        return 2.0 ** (emin - p + 1)
    e = max(math.frexp(abs(v))[1] - 1, emin)
    return 2.0 ** (e - p + 1)


def ref(func, x):
    """FUNC(x) in double precision, IEEE conventions for poles and overflow."""
    if math.isnan(x):
        return math.nan
    try:
        if func == "exp":
            return math.exp(x)
        if func == "exp2":
            return 2.0**x
        if func == "expm1":
            return math.expm1(x)
        if func in ("log", "log2", "log10"):
            if x < 0:
                return math.nan
            if x == 0:
                return -math.inf
            return getattr(math, func)(x)
        if func == "log1p":
            if x < -1:
                return math.nan
            if x == -1:
                return -math.inf
            return math.log1p(x)
        if func == "sqrt":
            return math.nan if x < 0 else math.sqrt(x)
        if func == "rsqrt":
            if x < 0:
                return math.nan
            if x == 0:
                return math.copysign(math.inf, x)
            return 1.0 / math.sqrt(x)
        if func == "tanh":
            return math.tanh(x)
        if func == "erf":
            return math.erf(x)
        if func in ("floor", "ceil"):
            return x if not math.isfinite(x) else float(getattr(math, func)(x))
    except OverflowError:
        return math.inf
    raise SystemExit(f"math-ref.py: unknown function '{func}'")


def inputs(seed):
    rnd = random.Random(seed)
    xs = [0.0, -0.0, math.inf, -math.inf, math.nan, 1.0, -1.0, 2.0**-149, -(2.0**-149),
          2.0**-126, 3.4028234663852886e38, -3.4028234663852886e38, 0.5, 2.0, 88.72, -103.0]
    for _ in range(24000):
        m = 2.0 ** rnd.uniform(-30, 8)
        xs += [m, -m]
    xs += [rnd.uniform(-10, 10) for _ in range(8000)]
    xs += [rnd.uniform(0.9, 1.1) for _ in range(4000)]
    while len(xs) < N:
        bits = rnd.getrandbits(32)
        xs.append(struct.unpack("<f", struct.pack("<I", bits))[0])
    return [to_f32(x) for x in xs]


def write_inputs(seed, out):
    xs = inputs(seed)
    with open(f"{out}/x_f32.bin", "wb") as f:
        f.write(struct.pack(f"<{N}f", *xs))
    with open(f"{out}/x_f16.bin", "wb") as f:
        f.write(b"".join(struct.pack("<e", f16_value(x)) for x in xs))
    with open(f"{out}/x_bf16.bin", "wb") as f:
        f.write(struct.pack(f"<{N}H", *(bf16_bits(x) for x in xs)))


def read(path, fmt):
    data = open(path, "rb").read()
    if fmt == "f32":
        return list(struct.unpack(f"<{len(data) // 4}f", data))
    if fmt == "f16":
        return list(struct.unpack(f"<{len(data) // 2}e", data))
    return [bf16_value(b) for b in struct.unpack(f"<{len(data) // 2}H", data)]


def kind(v):
    return "nan" if math.isnan(v) else "inf" if math.isinf(v) else "finite"


def check(func, fmt, xpath, ypath, bound):
    xs, ys = read(xpath, fmt), read(ypath, fmt)
    if len(xs) != len(ys):
        raise SystemExit(f"math-ref.py: {len(xs)} inputs but {len(ys)} outputs")
    worst, worst_x, bad = 0.0, 0.0, []
    for x, y in zip(xs, ys):
        exact = ref(func, x)
        r = round_to(exact, fmt)
        if kind(r) != kind(y) or (math.isinf(r) and r != y):
            bad.append(f"{func}({x!r}) = {y!r}, expected {r!r}")
            continue
        if kind(r) != "finite":
            continue
        err = abs(y - exact) / ulp(r, fmt)
        if err > worst:
            worst, worst_x = err, x
        if err > bound:
            bad.append(f"{func}({x!r}) = {y!r}, expected {r!r} ({err:.2f} ulp)")
    print(f"{func} {fmt}: max error {worst:.2f} ulp at x={worst_x!r} over {len(xs)} values "
          f"(bound {bound})")
    for line in bad[:10]:
        print("  " + line)
    if bad:
        print(f"{func} {fmt}: FAILED, {len(bad)} values out of bounds")
        return 1
    print(f"{func} {fmt}: ok")
    return 0


def main(argv):
    if len(argv) == 4 and argv[1] == "inputs":
        write_inputs(int(argv[2]), argv[3])
        return 0
    if len(argv) == 7 and argv[1] == "check":
        return check(argv[2], argv[3], argv[4], argv[5], float(argv[6]))
    print(__doc__ or "usage: math-ref.py inputs SEED DIR | check FUNC TYPE X Y BOUND",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
