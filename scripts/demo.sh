#!/usr/bin/env bash
# The main job on the built-in example: compile the fp8 reference GEMM for
# gfx950 (kernels/gemm/configs/gemm_fp8_64x256x128.mlir, written by
# gemm-gen), print its resources and main-loop mix (read from the code
# object), run C[256,512] = (A[256,1024] * B[512,1024]^T) * scale_a * scale_b
# on flyc's emulator with B preshuffled on the host, and check every element
# against an independent CPU reference; then predict its time at M = 16384,
# K = 4096 on an MI355X with the timing model (the report up to its per-PC
# table).
set -euo pipefail
build=${1:-build}
out="$build/demo"
mkdir -p "$out"
m=256 n=512 k=1024
src=kernels/gemm/configs/gemm_fp8_64x256x128.mlir kernel=gemm_fp8_64x256x128
echo "== flyc $src -o $out/gemm_fp8.hsaco --stats"
"$build/bin/flyc" $src -o "$out/gemm_fp8.hsaco" --stats
echo "== flyc-run on the gfx950 emulator: ${m}x${n}x${k}, random fp8 inputs (writes them out)"
"$build/bin/flyc-run" "$out/gemm_fp8.hsaco" --kernel $kernel --grid $((m / 64)),$((n / 256)) \
  --block 256 a:fp8:$((m * k)):rand=1 b:fp8:$((n * k)):rand=2 c:bf16:$((m * n)):zeros \
  sa:f32:$m:rand=3,0.5,2 sb:f32:$n:rand=4,0.5,2 i32=$m \
  --out a="$out/a.bin" --out b="$out/b.bin" --out sa="$out/sa.bin" --out sb="$out/sb.bin" --stats
echo "== with B preshuffled, against the CPU reference (bf16, within one ulp of the exact sums)"
"$build/test-bin/gemm-ref" "$out/a.bin" "$out/b.bin" $m $n $k "$out/ref.bin" \
  --scales "$out/sa.bin" "$out/sb.bin"
"$build/bin/flyc-run" "$out/gemm_fp8.hsaco" --kernel $kernel --grid $((m / 64)),$((n / 256)) \
  --block 256 a:fp8:$((m * k)):file="$out/a.bin" b:fp8:$((n * k)):file="$out/b.bin" \
  c:bf16:$((m * n)):zeros sa:f32:$m:file="$out/sa.bin" sb:f32:$n:file="$out/sb.bin" i32=$m \
  --preshuffle b=${n}x$k --check c="$out/ref.bin",rtol=0.0079,atol=0.000001
big=16384 deep=4096
echo "== the timing model (docs/timing.md): the same configuration at K = $deep (its loop needs a few"
echo "   iterations for a steady state), ${big}x${n}x${deep} on an MI355X, a few CUs simulated (--estimate)"
"$build/bin/gemm-gen" --tile 64x256x128 --lds-stage 3 --k $deep --name $kernel -o "$out/gemm_fp8_deep.mlir"
"$build/bin/flyc" "$out/gemm_fp8_deep.mlir" -o "$out/gemm_fp8_deep.hsaco"
"$build/bin/flyc-run" "$out/gemm_fp8_deep.hsaco" --kernel $kernel --grid $((big / 64)),$((n / 256)) \
  --block 256 a:fp8:$((big * deep)) b:fp8:$((n * deep)) c:bf16:$((big * n)) \
  sa:f32:$big:const=1 sb:f32:$n:const=1 i32=$big --timing --estimate --gemm ${big}x${n}x${deep},fp8 |
  sed '/^per-pc/,$d' # reads to the end: quitting early would end flyc-run by SIGPIPE
