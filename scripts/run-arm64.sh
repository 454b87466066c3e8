#!/usr/bin/env bash
# Runs a linux-arm64 program on this machine: directly on an arm64 host, else through qemu
# user-mode emulation. Used by `build.sh --release` (to make the arm64 executable's V8 code
# cache with the arm64 node itself) and by scripts/check-release.sh.
# Usage: scripts/run-arm64.sh <program> [args...]
#        scripts/run-arm64.sh --check   (exit 0 when arm64 programs can run here)
# Exits 127 with one line on stderr when it cannot run arm64 programs here.
set -euo pipefail

check=0
if [ "${1:-}" = --check ]; then check=1; fi

if [ "$(uname -m)" = aarch64 ]; then [ "$check" = 1 ] && exit 0; exec "$@"; fi

qemu=$(command -v qemu-aarch64 || command -v qemu-aarch64-static || true)
if [ -z "$qemu" ]; then
  echo "run-arm64: qemu-aarch64 not found (Debian: apt-get install qemu-user-static)" >&2
  exit 127
fi

# The Node binaries are dynamically linked against glibc, so qemu needs an aarch64 loader and
# libraries: Debian's cross packages (/usr/aarch64-linux-gnu) or a multiarch libc6:arm64 (/).
prefix=${QEMU_LD_PREFIX:-}
if [ -z "$prefix" ]; then
  for dir in /usr/aarch64-linux-gnu /; do
    if [ -e "$dir/lib/ld-linux-aarch64.so.1" ]; then prefix=$dir; break; fi
  done
fi
if [ -z "$prefix" ]; then
  echo "run-arm64: no aarch64 glibc found (Debian: apt-get install libc6-arm64-cross libstdc++6-arm64-cross libatomic1-arm64-cross)" >&2
  exit 127
fi
[ "$check" = 1 ] && exit 0
exec "$qemu" -L "$prefix" "$@"
