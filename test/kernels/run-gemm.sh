#!/usr/bin/env bash
# run-gemm.sh PREFIX M GEMM-GEN-ARGS...
# run-gemm.sh PREFIX M --file CONFIG.mlir
#
# Checks one GEMM configuration numerically on the emulator: generates the
# kernel with gemm-gen (or takes a checked-in configuration, whose first
# line holds its gemm-gen arguments), compiles it with flyc, fills A, B and the per-token
# scales with seeded random data, computes C with gemm-ref (plain loops,
# independent of the kernel) and runs the kernel on M rows with B
# preshuffled on the host. C has room for whole row tiles and its rows
# past M hold a sentinel the kernel must not touch. int8 must match bit for
# bit; floating types within the output type's rounding (plus f32
# accumulation order). Prints flyc-run's check line. FLYC_RUN_DEVICE_ARGS
# (e.g. "--device hip --hip-lib PATH") runs the checked launch elsewhere.
set -euo pipefail
prefix=$1 m=$2
shift 2
. "$(dirname "$0")/Inputs/gemm-args.sh"
gemm_cli "$@"
n=512 k=1024 dtype=fp8 chip=gfx950 tile=64x256x128 out= name=gemm waves=4 bias=false residual=false activation=none
args=("${cfg[@]}")
gemm_parse "${cfg[@]}"
[ -n "$out" ] || { [ "$dtype" = fp16 ] && out=f16 || out=bf16; }

case $dtype in
  fp8)  if [ "$chip" = gfx942 ]; then in=fp8_fnuz ref=--fnuz; else in=fp8 ref=; fi
        init=rand ;;
  int8) in=i8 ref=--i8 init=rand ;;
  bf16) in=bf16 ref=--bf16 init=rand ;;
  fp16) in=f16 ref=--f16 init=rand ;;
esac
range=
[ "$dtype" = int8 ] && range=,-128,128
scaled=false
case $dtype in fp8|int8) scaled=true ;; esac
oref=
[ "$out" = f16 ] && oref=--out-f16
tol=,rtol=0.0079,atol=0.0001
[ "$out" = f16 ] && tol=,rtol=0.001,atol=0.0001
[ "$dtype" = int8 ] && tol=

rows=$(( (m + tm - 1) / tm * tm ))
grid=$(( rows / tm )),$(( n / tn ))

if [ -z "$file" ]; then
  name=gemm
  file=$prefix.mlir
  gemm-gen "${args[@]}" --name gemm -o "$file"
fi
flyc "$file" --chip "$chip" -o "$prefix.hsaco"

bufs() { # $1..$6 = the inits of A, B, scale_a, scale_b, bias, residual
  echo "a:$in:$((m * k)):$1 b:$in:$((n * k)):$2 c:$out:$((rows * n)):const=7"
  $scaled && echo "sa:f32:$m:$3 sb:f32:$n:$4"
  $bias && echo "bias:f32:$n:$5"
  $residual && echo "res:$out:$((rows * n)):$6"
  echo "i32=$m"
}
# One workgroup's launch writes the seeded inputs out.
flyc-run "$prefix.hsaco" --kernel "$name" --grid 1,1 --block $((64 * waves)) \
  $(bufs "rand=1$range" "rand=2$range" "rand=3,0.5,2" "rand=4,0.5,2" "rand=5,-4,4" "rand=6,-8,8") \
  --out a="$prefix.a" --out b="$prefix.b" \
  $($scaled && echo --out sa="$prefix.sa" --out sb="$prefix.sb") \
  $($bias && echo --out bias="$prefix.bias") $($residual && echo --out res="$prefix.res") >/dev/null
epi=()
$bias && epi+=(--bias "$prefix.bias")
$residual && epi+=(--residual "$prefix.res")
[ "$activation" = none ] || epi+=(--activation "$activation")
gemm-ref "$prefix.a" "$prefix.b" "$m" "$n" "$k" "$prefix.ref" $ref $oref \
  --rows "$rows" --fill 7 $($scaled && echo --scales "$prefix.sa" "$prefix.sb") "${epi[@]}"
flyc-run "$prefix.hsaco" --kernel "$name" --grid "$grid" --block $((64 * waves)) \
  $(bufs "file=$prefix.a" "file=$prefix.b" "file=$prefix.sa" "file=$prefix.sb" "file=$prefix.bias" \
    "file=$prefix.res") \
  --preshuffle b="${n}x$k" --check c="$prefix.ref$tol" ${FLYC_RUN_DEVICE_ARGS:-}
