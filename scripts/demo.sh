#!/usr/bin/env bash
# The main job on the built-in example: compile the vector-add kernel for
# gfx950, print the resources its metadata reports and its instructions, then
# run it on flyc's emulator and check every output element against a CPU
# reference computed here from the same inputs.
set -euo pipefail
build=${1:-build}
out="$build/demo"
mkdir -p "$out"
n=65536 valid=40000
echo "== flyc examples/vadd.mlir -o $out/vadd.hsaco --stats"
"$build/bin/flyc" examples/vadd.mlir -o "$out/vadd.hsaco" --stats
echo "== the kernel's instructions (flyc --emit isa)"
"$build/bin/flyc" examples/vadd.mlir --emit isa -o - | sed -n '/^vadd:/,/s_endpgm/p'
echo "== flyc-run on the gfx950 emulator: c[i] = a[i] + b[i] for i < $valid"
"$build/bin/flyc-run" "$out/vadd.hsaco" --kernel vadd --grid $((n / 256)) --block 256 \
  a:f32:$n:rand=1 b:f32:$n:rand=2 c:f32:$n:zeros i32=$valid \
  --out a="$out/a.bin" --out b="$out/b.bin" --out c="$out/c.bin" --stats
python3 - "$out" "$valid" <<'PY'
import array, sys
d, valid = sys.argv[1], int(sys.argv[2])
a, b, c = (array.array("f", open(f"{d}/{x}.bin", "rb").read()) for x in "abc")
ref = array.array("f", [x + y for x, y in zip(a[:valid], b[:valid])])  # rounds to f32 like the GPU
bad = [i for i in range(len(c)) if c[i] != (ref[i] if i < valid else 0.0)]
print(f"checked {len(c)} elements against the CPU reference: {len(bad)} mismatches")
sys.exit(1 if bad else 0)
PY
