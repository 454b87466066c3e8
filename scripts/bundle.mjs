// Bundles palpanel into CommonJS files for the single executable (and for the tests that run
// the same bundle). Used by build.sh and test/global-setup.ts.
//
// Two packages need help to live in one CommonJS file (architecture.md, toolchain facts):
// - ooz-wasm instantiates its WASM with a top-level await; it becomes an explicit async
//   `initOoz()` that src/save/container/oodle.ts awaits before the first decode.
// - dynamic import() must not survive: inside the executable it fails without a callback, so
//   esbuild compiles it to require (`supported: {'dynamic-import': false}`).
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { inkPlugin } from './ink-plugin.mjs';

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
    // Its emscripten loader calls createRequire(import.meta.url), which a CommonJS bundle (and a
    // worker started from a string) does not have. The WASM is embedded in the loader itself, so
    // any absolute file URL serves.
    b.onLoad({ filter: /ooz-wasm[\\/]build[\\/]ooz\.js$/ }, async (args) => {
      const src = await readFile(args.path, 'utf8');
      if (!src.includes('import.meta.url')) throw new Error('ooz-wasm changed: import.meta.url was not found');
      return { contents: src.replaceAll('import.meta.url', JSON.stringify('file:///palpanel/ooz.js')), loader: 'js' };
    });
  },
};

// The game-name tables (assets/names/<kind>/<language>.json: five kinds in ten languages, about
// 0.8 MB of text, much of it outside Latin-1) would sit in the bundle's source and again as string
// constants in every process that loads it, used or not. In the bundle each is packed (brotli,
// base64: ASCII), and src/save/world/game-names.ts unpacks only the table asked, on first use.
// The item name tables of issue 42 (assets/items/names/<language>.json) take the same packing.
const nameTablesPlugin = {
  name: 'name-tables-packed',
  setup(b) {
    b.onLoad(
      { filter: /assets[\\/](?:names[\\/](?:species|passive|active|element|work)|items[\\/]names)[\\/][^\\/]+\.json$/ },
      async (args) => {
        const text = JSON.parse(await readFile(args.path, 'utf8'));
        if (typeof text !== 'string') throw new Error(`${args.path}: not one JSON string (assets/names/README.md)`);
        const packed = brotliCompressSync(Buffer.from(text, 'utf8'), {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: text.length },
        }).toString('base64');
        return { contents: `export default { brotli: ${JSON.stringify(packed)} };`, loader: 'js' };
      },
    );
  },
};

export async function bundle({ entry, outfile, version, minify = true, write = true }) {
  const result = await build({
    entryPoints: [join(root, entry)],
    outfile: join(root, outfile),
    write,
    bundle: true,
    platform: 'node',
    target: 'node26',
    format: 'cjs',
    minify,
    // Error classes travel by name (worker and control socket replies).
    keepNames: true,
    legalComments: 'none',
    sourcemap: false,
    supported: { 'dynamic-import': false },
    define: { __PALPANEL_VERSION__: JSON.stringify(version), 'process.env.NODE_ENV': '"production"', 'process.env.DEV': '"false"' },
    // esbuild is only used from the checkout (to build the parse worker on the fly).
    external: ['react-devtools-core', 'esbuild'],
    plugins: [oozPlugin, inkPlugin, nameTablesPlugin],
    jsx: 'automatic',
    logLevel: 'warning',
    logOverride: { 'empty-import-meta': 'silent' },
  });
  return write ? undefined : result.outputFiles[0].text;
}

/** The parse worker as one CommonJS string (it runs with `new Worker(source, {eval: true})`). */
export const PARSE_WORKER_ENTRY = 'src/ingest/parse-worker.ts';
export function bundleParseWorker({ outfile = 'dist/parse-worker.cjs', version = 'dev', write = false, minify = true } = {}) {
  return bundle({ entry: PARSE_WORKER_ENTRY, outfile, version, write, minify });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
  const out = process.argv[2] ?? 'dist/palpanel.cjs';
  await bundle({ entry: 'src/cli/entry.ts', outfile: out, version: pkg.version });
  await bundleParseWorker({ outfile: join(dirname(out), 'parse-worker.cjs'), version: pkg.version, write: true });
}
