#!/usr/bin/env bash
# timed-gemm.sh PREFIX CONFIG.mlir
#
# Runs a reference GEMM configuration (its first line holds its gemm-gen
# arguments; N and K are compiled in), regenerated at a deeper K, on one
# row tile of M, once
# functionally and once with --timing (report, JSON and SVG), and checks
# that both runs write the same C bit for bit and that the report is
# consistent (check-report.py). Prints the text report, then
# check-report's verdict.
set -euo pipefail
prefix=$1 file=$2
here=$(dirname "$0")
. "$here/../../../kernels/Inputs/gemm-args.sh"
gemm_cli --file "$file"
n=512 k=1024 dtype=fp8 chip=gfx950 tile=64x256x128 name=gemm out= waves=4
gemm_parse "${cfg[@]}"
[ -n "$out" ] || { [ "$dtype" = fp16 ] && out=f16 || out=bf16; }
case $dtype in
  fp8)  [ "$chip" = gfx942 ] && in=fp8_fnuz || in=fp8 ;;
  int8) in=i8 ;;
  bf16) in=bf16 ;;
  fp16) in=f16 ;;
esac
scaled=false
case $dtype in fp8|int8) scaled=true ;; esac
m=$tm
# The loop's steady state needs a few iterations (a three-stage loop runs
# only two at the configurations' K = 1024): the same configuration is
# generated again with a K four times as deep (at least 4096).
k=$((k * 4 > 4096 ? k * 4 : 4096))
gemm-gen "${cfg[@]}" --k "$k" -o "$prefix.mlir"
flyc "$prefix.mlir" --chip "$chip" -o "$prefix.hsaco"
bufs() { # $1 = init of A, B, scales
  echo "a:$in:$((m * k)):$1 b:$in:$((n * k)):$1 c:$out:$((m * n)):const=7"
  $scaled && echo "sa:f32:$m:$1 sb:f32:$n:$1"
  echo "i32=$m"
}
run() { # $1 = output file, rest = extra options
  local o=$1; shift
  flyc-run "$prefix.hsaco" --kernel "$name" --grid "1,$((n / tn))" --block $((64 * waves)) \
    $(bufs "rand=5") --out c="$o" "$@"
}
run "$prefix.c.func" > /dev/null
gemm_dtype=$dtype
[ "$dtype" = fp16 ] && gemm_dtype=fp16
run "$prefix.c.timed" --timing --timing-json "$prefix.json" --timing-svg "$prefix.svg" \
  --gemm "${m}x${n}x${k},$gemm_dtype"
cmp "$prefix.c.func" "$prefix.c.timed"
python3 "$here/check-report.py" "$prefix.json" --svg "$prefix.svg"
