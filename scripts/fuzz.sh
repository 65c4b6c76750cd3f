#!/usr/bin/env bash
# Runs every fuzz harness of a FLYC_FUZZ build for a bounded time each:
#   scripts/fuzz.sh BUILD_DIR SECONDS
# Each harness starts from its checked-in corpus (test/fuzz/corpus/NAME) plus
# what earlier runs of this build found (BUILD_DIR/fuzz/corpus/NAME), with
# test/fuzz/NAME.dict when there is one. A crash, timeout, leak or
# out-of-memory input is written to BUILD_DIR/fuzz/artifacts/NAME/ and makes
# the script fail; copy it into the corpus once fixed, as a regression input.
# Prints one line per harness and a summary.
set -uo pipefail
build=${1:?usage: scripts/fuzz.sh BUILD_DIR SECONDS}
seconds=${2:-60}
seed=()  # FLYC_FUZZ_SEED: a fixed libFuzzer seed, so a run's inputs are reproducible
[ -n "${FLYC_FUZZ_SEED:-}" ] && seed=(-seed="$FLYC_FUZZ_SEED")
src=$(cd "$(dirname "$0")/.." && pwd)
status=0
shopt -s nullglob
harnesses=("$build"/test-bin/fuzz-*)
[ ${#harnesses[@]} -gt 0 ] || { echo "fuzz: no harnesses in $build/test-bin" >&2; exit 1; }
if ! grep -q '^FLYC_FUZZ:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
  echo "fuzz: $build is not a FLYC_FUZZ build (configure with CC=clang-22 -DFLYC_FUZZ=ON)" >&2
  exit 1
fi
for bin in "${harnesses[@]}"; do
  name=${bin##*/fuzz-}
  work="$build/fuzz/corpus/$name" art="$build/fuzz/artifacts/$name"
  mkdir -p "$work" "$art"
  dict=()
  [ -f "$src/test/fuzz/$name.dict" ] && dict=(-dict="$src/test/fuzz/$name.dict")
  log="$build/fuzz/$name.log"
  "$bin" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=6144 -max_len=16384 \
    -print_final_stats=1 -artifact_prefix="$art/" "${dict[@]}" "${seed[@]}" \
    "$work" "$src/test/fuzz/corpus/$name" >"$log" 2>&1
  rc=$?
  found=("$art"/*)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
  if [ $rc -ne 0 ] || [ ${#found[@]} -gt 0 ]; then
    status=1
    echo "fuzz $name: FAILED after ${execs:-?} inputs (${cov:-no coverage}); see $log"
    grep -m1 -E 'ERROR:|property broken|runtime error|deadly signal' "$log" | sed 's/^/  /'
    for f in "${found[@]}"; do echo "  input: $f"; done
  else
    echo "fuzz $name: ${execs:-?} inputs in ${seconds}s, ${cov:-cov: ?}, no findings"
  fi
done
[ $status -eq 0 ] && echo "fuzz: no findings" || echo "fuzz: findings (see above)"
exit $status
