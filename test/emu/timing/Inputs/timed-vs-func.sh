#!/usr/bin/env bash
# timed-vs-func.sh PREFIX BUFFER [CHECK-REPORT-OPTION...] -- FLYC-RUN-ARG...
#
# Runs flyc-run FLYC-RUN-ARG... twice, functionally and with --timing (JSON
# and SVG reports at PREFIX.json/.svg), writing buffer BUFFER to PREFIX.func
# and PREFIX.timed; they must be equal byte for byte, and the report must
# pass check-report.py with the given options. Prints both runs' stdout and
# check-report's verdict.
set -euo pipefail
prefix=$1 buf=$2
shift 2
checks=()
while (($#)) && [ "$1" != -- ]; do checks+=("$1"); shift; done
shift
here=$(dirname "$0")
flyc-run "$@" --out "$buf=$prefix.func"
flyc-run "$@" --out "$buf=$prefix.timed" --timing --timing-json "$prefix.json" \
  --timing-svg "$prefix.svg"
cmp "$prefix.func" "$prefix.timed"
python3 "$here/check-report.py" "$prefix.json" --svg "$prefix.svg" ${checks[@]+"${checks[@]}"}
