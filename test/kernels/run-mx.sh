#!/usr/bin/env bash
# run-mx.sh PREFIX M GEMM-GEN-ARGS...
# run-mx.sh PREFIX M --file CONFIG.mlir
#
# Checks one MXFP4 (or a8w4) GEMM configuration numerically on the
# emulator, like run-gemm.sh: gemm-gen writes the kernel (or a checked-in
# configuration's first line gives its arguments), flyc compiles it, and
# one launch fills A and B with seeded random bytes (every byte is two
# valid e2m1 codes; a8w4's A is random e4m3fn) and the E8M0 scales with
# bytes 120..134 (2^-7..2^7). gemm-ref --mxfp4 computes C from the
# row-major scales, independently of the kernel; the checked launch runs
# the kernel on M rows with B preshuffled and both scale arrays put in the
# MX scale order on the host (A's for ceil(M/32)*32 rows, all the kernel
# may read). C has room for whole row tiles and its rows past M hold a
# sentinel the kernel must not touch. Prints flyc-run's check line.
set -euo pipefail
prefix=$1 m=$2
shift 2
. "$(dirname "$0")/Inputs/gemm-args.sh"
gemm_cli "$@"
n=512 k=1024 dtype=mxfp4 chip=gfx950 tile=64x256x256 name=gemm
args=("${cfg[@]}")
gemm_parse "${cfg[@]}"
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

bufs() { # $1 = A init, $2 = B init, $3 = a_scale init, $4 = b_scale init
  echo "$a:$1 b:u8:$((n * k / 2)):$2 c:bf16:$((rows * n)):const=7"
  echo "sa:u8:$((srows * kb)):$3 sb:u8:$((n * kb)):$4 i32=$m"
}
ainit=rand=1,0,256
[ "$dtype" = a8w4 ] && ainit=rand=1
# One workgroup's launch writes the seeded inputs out.
flyc-run "$prefix.hsaco" --kernel "$name" --grid 1,1 --block 256 \
  $(bufs "$ainit" "rand=2,0,256" "rand=3,120,135" "rand=4,120,135") \
  --out a="$prefix.a" --out b="$prefix.b" --out sa="$prefix.sa" --out sb="$prefix.sb" >/dev/null
# The reference over the M rows (A has M rows; a_scale's first M rows are
# theirs), then the sentinel rows up to the tile boundary.
head -c $((m * kb)) "$prefix.sa" > "$prefix.sam"
gemm-ref "$prefix.a" "$prefix.b" "$m" "$n" "$k" "$prefix.ref" --rows "$rows" --fill 7 \
  --mxfp4 "$prefix.sam" "$prefix.sb" $afp8
flyc-run "$prefix.hsaco" --kernel "$name" --grid "$grid" --block 256 \
  $(bufs "file=$prefix.a" "file=$prefix.b" "file=$prefix.sa" "file=$prefix.sb") \
  --preshuffle b="${n}x$((k / 2))" --preshuffle-scales sa="${srows}x$kb" \
  --preshuffle-scales sb="${n}x$kb" --check c="$prefix.ref,rtol=0.0079,atol=0.0001" \
  ${FLYC_RUN_DEVICE_ARGS:-}
