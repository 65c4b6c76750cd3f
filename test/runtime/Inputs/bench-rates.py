# bench-rates.py OUTPUT M N K DTYPE | OUTPUT flops=F | OUTPUT bytes=B
# Recomputes flyc-run --bench's rates from its printed median, by the
# formulas of gemm-optimization §8.1-8.2 written out here on their own, and
# prints "rates: ok" when the printed ones agree to their 4 digits.
import re
import sys

text = open(sys.argv[1]).read()
# The median (hip) or the prediction (emu) the rates are printed at.
median = float(re.search(r"(?:median|predicted) ([0-9.]+) us", text).group(1))
flops = nbytes = None
if len(sys.argv) == 6:
    m, n, k = (int(v) for v in sys.argv[2:5])
    dtype = sys.argv[5]
    flops = 2 * m * n * k
    if dtype in ("fp8", "int8"):
        nbytes = m * k + n * k + m * n * 2 + (m + n) * 4
    elif dtype in ("bf16", "fp16"):
        nbytes = m * k * 2 + n * k * 2 + m * n * 2
else:
    kind, value = sys.argv[2].split("=")
    if kind == "flops":
        flops = float(value)
    else:
        nbytes = float(value)
seconds = median * 1e-6
ok = True
for name, work in (("TFLOPS", flops), ("TB/s", nbytes)):
    found = re.search(r"([0-9.e+-]+) " + re.escape(name), text)
    if work is None:
        ok &= found is None
        continue
    want = work / seconds / 1e12
    # The median is printed to 1e-3 us, so allow that on top of 4 digits.
    got = float(found.group(1)) if found else float("nan")
    slack = want * (5e-4 + 1e-3 / median)
    if not abs(got - want) <= slack:
        print(f"rates: {name} printed {got}, expected {want}")
        ok = False
print("rates: ok" if ok else "rates: FAILED")
