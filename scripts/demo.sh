#!/usr/bin/env bash
# The main job on the built-in example: compile the vector-add kernel for
# gfx950 to a code object and print the resources its metadata reports.
set -euo pipefail
build=${1:-build}
out="$build/demo"
mkdir -p "$out"
echo "== flyc examples/vadd.mlir -o $out/vadd.hsaco --stats"
"$build/bin/flyc" examples/vadd.mlir -o "$out/vadd.hsaco" --stats
echo "== the kernel's instructions (flyc --emit isa)"
"$build/bin/flyc" examples/vadd.mlir --emit isa -o - | sed -n '/^vadd:/,/s_endpgm/p'
