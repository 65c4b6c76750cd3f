#!/usr/bin/env bash
# run-blockscale.sh PREFIX M GEMM-GEN-ARGS...
# run-blockscale.sh PREFIX M --file CONFIG.mlir
#
# Checks one fp8 block-scale GEMM configuration (gemm-gen --kind
# blockscale, docs/blockscale.md) numerically on the emulator:
# blockscale-data quantizes seeded random f32 A and B per 1x128 and 128x128
# block (arbitrary f32 scales) and lays a_scale out for the kernel;
# gemm-ref --block-scales computes C from the logical matrices and scales
# (plain loops, independent of the kernel); the kernel runs on M rows with
# B preshuffled by flyc-run, C pre-filled with a sentinel that rows past M
# must keep. Tolerance (docs/blockscale.md): |got - ref| <= 2^-7 |ref| +
# 2^-12: one bf16 rounding step of the result, plus the MFMA's f32 summation
# order inside a K block (the reference rounds the exact block sum once)
# carried through the scales. Prints flyc-run's check line.
set -euo pipefail
prefix=$1 m=$2
shift 2
. "$(dirname "$0")/Inputs/gemm-args.sh"
gemm_cli "$@"
n=512 k=1024 chip=gfx950 tile=64x256x128 maxm=16384 name=gemm
args=("${cfg[@]}")
gemm_parse "${cfg[@]}"
if [ "$chip" = gfx942 ]; then in=fp8_fnuz ref=--fnuz; else in=fp8 ref=; fi
kb=$((k / 128)) nb=$((n / 128))
rows=$(( (m + tm - 1) / tm * tm ))
grid=$(( rows / tm )),$(( n / tn ))

if [ -z "$file" ]; then
  name=gemm
  file=$prefix.mlir
  gemm-gen "${args[@]}" --name gemm -o "$file"
fi
# The recipe's choice, from the file's second line ("... N-wave core ...,
# tile MxNxK, ..."): the tile and 64 threads per wave.
core=$(sed -n 2p "$file")
tile=$(sed -E 's/.*tile ([0-9]+x[0-9]+x[0-9]+).*/\1/' <<<"$core")
waves=$(sed -E 's/.* ([0-9]+)-wave core.*/\1/' <<<"$core")
tm=${tile%%x*} rest=${tile#*x}
tn=${rest%%x*}
rows=$(( (m + tm - 1) / tm * tm ))
grid=$(( rows / tm )),$(( n / tn ))
flyc "$file" --chip "$chip" -o "$prefix.hsaco"
blockscale-data gen "$m" "$n" "$k" "$maxm" "$prefix" $ref
gemm-ref "$prefix.a" "$prefix.b" "$m" "$n" "$k" "$prefix.ref" $ref \
  --rows "$rows" --fill 7 --block-scales "$prefix.sa" "$prefix.sb"
flyc-run "$prefix.hsaco" --kernel "$name" --grid "$grid" --block $((64 * waves)) \
  a:$in:$((m * k)):file=$prefix.a b:$in:$((n * k)):file=$prefix.b \
  c:bf16:$((rows * n)):const=7 sa:f32:$((kb * maxm)):file=$prefix.sak \
  sb:f32:$((nb * kb)):file=$prefix.sb i32=$m \
  --preshuffle b="${n}x$k" --check c="$prefix.ref,rtol=0.0078125,atol=0.000244140625" \
  ${FLYC_RUN_DEVICE_ARGS:-}
