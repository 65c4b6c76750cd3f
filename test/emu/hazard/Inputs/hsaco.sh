#!/usr/bin/env bash
# hsaco.sh CHIP OUT.hsaco SRC.s [SYM=VALUE...]
# Assembles a hazard test for CHIP (gfx950|gfx942; gfx942 also defines
# GFX942=1) with --defsym for each SYM=VALUE and links the code object.
set -euo pipefail
chip=$1 out=$2 src=$3
shift 3
defs=()
[ "$chip" = gfx942 ] && defs+=(--defsym GFX942=1)
for d in "$@"; do defs+=(--defsym "$d"); done
llvm-mc -triple=amdgcn-amd-amdhsa -mcpu="$chip" -filetype=obj -I "$(dirname "$0")" \
  "$src" "${defs[@]}" -o "$out.o"
ld.lld -shared "$out.o" -o "$out"
