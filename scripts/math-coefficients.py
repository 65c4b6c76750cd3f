#!/usr/bin/env python3
# Computes the polynomial tables of lib/transforms/LowerMath.c
# (fly-lower-math) and prints them as C initialisers, with the largest
# error of each piece when evaluated as the pass evaluates it (f32 Horner
# steps with fused multiply-adds, simulated here in double precision and
# rounded to f32 after every step) against Python's double-precision math.
#
# Each table is the Chebyshev interpolant of degree n on [a, b] (n + 1
# Chebyshev nodes), converted to the monomial basis of the variable the pass
# evaluates it in, and rounded to f32:
#   expm1Small  P(x) = (e^x - 1 - x) / x^2      on [-1/2, 1/2], in x
#   log1pSmall  L(x) = (log(1 + x) - x) / x^2  on [-1/4, 1/4],  in x
#   erfSmall    R(u) = erf(x) / x - 1, u = x^2   on [0, 1],      in u
#   erfLarge    Q(a) = erfc(a) e^(a^2)           on [1, 4],      in a - 5/2
import math
import struct


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def chebyshev_monomials(f, a, b, n):
    """Coefficients (lowest degree first) in t = x - (a + b) / 2."""
    nodes = [math.cos(math.pi * (k + 0.5) / (n + 1)) for k in range(n + 1)]
    ys = [f((b - a) / 2 * s + (a + b) / 2) for s in nodes]
    cheb = [2.0 / (n + 1) * sum(y * math.cos(math.pi * j * (k + 0.5) / (n + 1))
                                for k, y in enumerate(ys)) for j in range(n + 1)]
    cheb[0] /= 2
    polys = [[1.0], [0.0, 1.0]]  # T_j as monomials in s
    for j in range(2, n + 1):
        p = [0.0] * (j + 1)
        for i, v in enumerate(polys[j - 1]):
            p[i + 1] += 2 * v
        for i, v in enumerate(polys[j - 2]):
            p[i] -= v
        polys.append(p)
    mono = [0.0] * (n + 1)
    for j, c in enumerate(cheb):
        for i, v in enumerate(polys[j]):
            mono[i] += c * v
    h = (b - a) / 2
    return [m / h**i for i, m in enumerate(mono)]


def shift(coefs, c):
    """Coefficients in t = x - c to coefficients in x."""
    out = [0.0] * len(coefs)
    for i, p in enumerate(coefs):
        for k in range(i + 1):
            out[k] += p * math.comb(i, k) * (-c) ** (i - k)
    return out


def horner(coefs, t):
    r = coefs[-1]
    for c in reversed(coefs[:-1]):
        r = f32(r * t + c)  # r * t is exact in double: one rounding, as an fma
    return r


def ulp(v):
    return 2.0 ** (max(math.frexp(abs(v))[1] - 1, -126) - 23) if v else 2.0**-149


def c_literal(v):
    m, e = float.hex(v).split("p")
    m = m.rstrip("0").rstrip(".")
    return f"{m}p{e}f"


def table(name, coefs, worst):
    print(f"/* {name}: largest error {worst:.2f} ulp */")
    print(f"static const float {name}[] = {{")
    items = [c_literal(c) for c in coefs]
    for i in range(0, len(items), 4):
        print("    " + ", ".join(items[i:i + 4]) + ",")
    print("};")


def sweep(lo, hi, n=40000):
    return [f32(lo + (hi - lo) * i / n) for i in range(n + 1)]


def expm1_table():
    def g(x):
        if abs(x) < 1e-4:
            return 0.5 + x / 6 + x * x / 24 + x**3 / 120
        return (math.expm1(x) - x) / (x * x)
    p = [f32(c) for c in chebyshev_monomials(g, -0.5, 0.5, 6)]
    worst = max(abs(f32(f32(x * x) * horner(p, x) + x) - math.expm1(x)) / ulp(math.expm1(x))
                for x in sweep(-0.5, 0.5) if x)
    table("expm1Small", p, worst)


def log1p_table():
    def g(x):
        if abs(x) < 1e-4:
            return -0.5 + x / 3 - x * x / 4 + x**3 / 5
        return (math.log1p(x) - x) / (x * x)
    p = [f32(c) for c in chebyshev_monomials(g, -0.25, 0.25, 8)]
    worst = max(abs(f32(f32(x * x) * horner(p, x) + x) - math.log1p(x)) / ulp(math.log1p(x))
                for x in sweep(-0.25, 0.25) if x)
    table("log1pSmall", p, worst)


def erf_tables():
    def r(u):
        return math.erf(math.sqrt(u)) / math.sqrt(u) - 1 if u else 2 / math.sqrt(math.pi) - 1
    small = [f32(c) for c in shift(chebyshev_monomials(r, 0.0, 1.0, 7), 0.5)]
    worst = max(abs(f32(x * horner(small, f32(x * x)) + x) - math.erf(x)) / ulp(math.erf(x))
                for x in sweep(0.0, 1.0) if x)
    table("erfSmall", small, worst)
    large = [f32(c) for c in chebyshev_monomials(lambda a: math.erfc(a) * math.exp(a * a),
                                                 1.0, 4.0, 11)]
    def erf_large(a):
        g = f32(math.exp(-f32(a * a)))
        return f32(1.0 - g * horner(large, f32(a - 2.5)))
    worst = max(abs(erf_large(a) - math.erf(a)) / ulp(math.erf(a)) for a in sweep(1.0, 4.0))
    table("erfLarge", large, worst)


if __name__ == "__main__":
    expm1_table()
    log1p_table()
    erf_tables()
