#!/usr/bin/env bash
# run-mx.sh PREFIX M GEMM-GEN-ARGS...
# run-mx.sh PREFIX M --file CONFIG.mlir
#
# Checks one MXFP4 (or a8w4) GEMM configuration numerically on the
# emulator, like run-gemm.sh: gemm-gen writes the kernel (or a checked-in
# configuration's first line gives its arguments), flyc compiles it, and
# one launch fills A and B with seeded random bytes (every byte is two
# valid e2m1 codes; a8w4's A is random e4m3fn) and the E8M0 scales with
# bytes 120..134 (2^-7..2^7; 2^-9..2^-5 with an epilogue). gemm-ref --mxfp4 computes C from the
# row-major scales, independently of the kernel; the checked launch runs
# the kernel on M rows with B preshuffled and both scale arrays put in the
# MX scale order on the host (A's for ceil(M/32)*32 rows, all the kernel
# may read). C has room for whole row tiles and its rows past M hold a
# sentinel the kernel must not touch. With gemm-gen's --bias, --activation
# and --residual, the bias and residual are seeded too and gemm-ref adds
# them on its own. Prints flyc-run's check line.
set -euo pipefail
prefix=$1 m=$2
shift 2
. "$(dirname "$0")/Inputs/gemm-args.sh"
gemm_cli "$@"
n=512 k=1024 dtype=mxfp4 chip=gfx950 tile=64x256x256 name=gemm out=bf16 waves=4
bias=false residual=false activation=none
args=("${cfg[@]}")
gemm_parse "${cfg[@]}"
oref= tol=rtol=0.0079,atol=0.0001
[ "$out" = f16 ] && oref=--out-f16 tol=rtol=0.001,atol=0.0001
rows=$(( (m + tm - 1) / tm * tm ))
srows=$(( (m + 31) / 32 * 32 ))
grid=$(( rows / tm )),$(( n / tn ))
kb=$(( k / 32 ))
if [ "$dtype" = a8w4 ]; then
  a="a:fp8:$((m * k))" afp8=--a-fp8
else
  a="a:u8:$((m * k / 2))" afp8=
fi

if [ -z "$file" ]; then
  name=gemm
  file=$prefix.mlir
  gemm-gen "${args[@]}" --name gemm -o "$file"
fi
flyc "$file" --chip "$chip" -o "$prefix.hsaco"

bufs() { # $1..$6 = the inits of A, B, a_scale, b_scale, bias, residual
  echo "$a:$1 b:u8:$((n * k / 2)):$2 c:$out:$((rows * n)):const=7"
  echo "sa:u8:$((srows * kb)):$3 sb:u8:$((n * kb)):$4"
  $bias && echo "bias:f32:$n:$5"
  $residual && echo "res:$out:$((rows * n)):$6"
  echo "i32=$m"
}
# Scales 2^-7..2^7; with an epilogue 2^-9..2^-5, so that C is of the bias's
# and the residual's magnitude and a lost or misplaced term shows.
sinit=120,135
{ $bias || $residual || [ "$activation" != none ]; } && sinit=118,123
ainit=rand=1,0,256
[ "$dtype" = a8w4 ] && ainit=rand=1
# One workgroup's launch writes the seeded inputs out.
flyc-run "$prefix.hsaco" --kernel "$name" --grid 1,1 --block $((64 * waves)) \
  $(bufs "$ainit" "rand=2,0,256" "rand=3,$sinit" "rand=4,$sinit" "rand=5,-4,4" "rand=6,-8,8") \
  --out a="$prefix.a" --out b="$prefix.b" --out sa="$prefix.sa" --out sb="$prefix.sb" \
  $($bias && echo --out bias="$prefix.bias") $($residual && echo --out res="$prefix.res") >/dev/null
epi=()
$bias && epi+=(--bias "$prefix.bias")
$residual && epi+=(--residual "$prefix.res")
[ "$activation" = none ] || epi+=(--activation "$activation")
# The reference over the M rows (A has M rows; a_scale's first M rows are
# theirs), then the sentinel rows up to the tile boundary.
head -c $((m * kb)) "$prefix.sa" > "$prefix.sam"
gemm-ref "$prefix.a" "$prefix.b" "$m" "$n" "$k" "$prefix.ref" --rows "$rows" --fill 7 \
  --mxfp4 "$prefix.sam" "$prefix.sb" $afp8 $oref "${epi[@]}"
flyc-run "$prefix.hsaco" --kernel "$name" --grid "$grid" --block $((64 * waves)) \
  $(bufs "file=$prefix.a" "file=$prefix.b" "file=$prefix.sa" "file=$prefix.sb" "file=$prefix.bias" \
    "file=$prefix.res") \
  --preshuffle b="${n}x$((k / 2))" --preshuffle-scales sa="${srows}x$kb" \
  --preshuffle-scales sb="${n}x$kb" --check c="$prefix.ref,$tol" \
  ${FLYC_RUN_DEVICE_ARGS:-}
