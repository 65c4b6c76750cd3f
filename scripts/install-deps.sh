#!/usr/bin/env bash
# Installs the Debian packages flyc builds and tests with, when any is missing
# (libclang-rt-22-dev: the sanitizer and libFuzzer runtimes of the clang build;
# pkgconf: the packaging test builds a program with pkg-config;
# libamdhip64-5: Debian's HIP runtime, ROCm 5.2, which flyc never links: the
# suite checks that flyc-run --device hip reports "no device" through it on a
# machine without a GPU).
# Safe to run repeatedly; needs root (or sudo) only when something is missing.
set -euo pipefail
pkgs=(cmake make gcc g++ python3 findutils llvm-22-dev libmlir-22-dev mlir-22-tools
      llvm-22-tools lld-22 clang-22 libclang-rt-22-dev libamdhip64-5 pkgconf)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "install-deps: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
