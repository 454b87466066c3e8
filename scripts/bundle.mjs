// Bundles palpanel into CommonJS files for the single executable (and for the tests that run
// the same bundle). Used by build.sh and test/global-setup.ts.
//
// Two packages need help to live in one CommonJS file (architecture.md, toolchain facts):
// - ooz-wasm instantiates its WASM with a top-level await; it becomes an explicit async
//   `initOoz()` that src/save/oodle.ts awaits before the first decode.
// - dynamic import() must not survive: inside the executable it fails without a callback, so
//   esbuild compiles it to require (`supported: {'dynamic-import': false}`).
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const oozPlugin = {
  name: 'ooz-async-init',
  setup(b) {
    b.onLoad({ filter: /ooz-wasm[\\/]index\.js$/ }, async (args) => {
      const src = await readFile(args.path, 'utf8');
      const rewritten = src.replace(
        'const oozInst = await oozFactory();',
        'let oozInst;\nexport async function initOoz () { oozInst ??= await oozFactory(); }',
      );
      if (rewritten === src) throw new Error('ooz-wasm changed: its top-level await was not found');
      return { contents: rewritten, loader: 'js' };
    });
  },
};

/** Extra plugins registered by later parts of the build (e.g. ink's yoga). */
export const extraPlugins = [];

export async function bundle({ entry, outfile, version, minify = true }) {
  await build({
    entryPoints: [join(root, entry)],
    outfile: join(root, outfile),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    minify,
    legalComments: 'none',
    sourcemap: false,
    supported: { 'dynamic-import': false },
    define: { __PALPANEL_VERSION__: JSON.stringify(version), 'process.env.NODE_ENV': '"production"', 'process.env.DEV': '"false"' },
    external: ['react-devtools-core'],
    plugins: [oozPlugin, ...extraPlugins],
    logLevel: 'warning',
    logOverride: { 'empty-import-meta': 'silent' },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  await bundle({ entry: 'src/cli/entry.ts', outfile: process.argv[2] ?? 'dist/palpanel.cjs', version: pkg.version });
}
