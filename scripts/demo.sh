#!/usr/bin/env bash
# The main job on the built-in example: compile the fp8 GEMM for gfx950,
# print its resources and main-loop mix (read from the code object), run
# C[256,512] = (A[256,1024] * B[512,1024]^T) * scale_a * scale_b on flyc's
# emulator and check every element against an independent CPU reference.
set -euo pipefail
build=${1:-build}
out="$build/demo"
mkdir -p "$out"
m=256 n=512 k=1024
echo "== flyc examples/gemm_fp8.mlir -o $out/gemm_fp8.hsaco --stats"
"$build/bin/flyc" examples/gemm_fp8.mlir -o "$out/gemm_fp8.hsaco" --stats
echo "== flyc-run on the gfx950 emulator: ${m}x${n}x${k}, random fp8 inputs"
"$build/bin/flyc-run" "$out/gemm_fp8.hsaco" --kernel gemm_fp8 --grid $((m / 64)),$((n / 256)) \
  --block 256 a:fp8:$((m * k)):rand=1 b:fp8:$((n * k)):rand=2 c:bf16:$((m * n)):zeros \
  sa:f32:$m:rand=3,0.5,2 sb:f32:$n:rand=4,0.5,2 i32=$m \
  --out a="$out/a.bin" --out b="$out/b.bin" --out sa="$out/sa.bin" --out sb="$out/sb.bin" --stats
echo "== against the CPU reference (bf16, within one ulp of the exact sums)"
"$build/test-bin/gemm-ref" "$out/a.bin" "$out/b.bin" $m $n $k "$out/ref.bin" \
  --scales "$out/sa.bin" "$out/sb.bin"
"$build/bin/flyc-run" "$out/gemm_fp8.hsaco" --kernel gemm_fp8 --grid $((m / 64)),$((n / 256)) \
  --block 256 a:fp8:$((m * k)):file="$out/a.bin" b:fp8:$((n * k)):file="$out/b.bin" \
  c:bf16:$((m * n)):zeros sa:f32:$m:file="$out/sa.bin" sb:f32:$n:file="$out/sb.bin" i32=$m \
  --check c="$out/ref.bin",rtol=0.0079,atol=0.000001
