// ink and yoga-layout in one CommonJS bundle (architecture.md, toolchain facts): both use a
// top-level await. yoga's becomes an explicit `initYoga()` that src/tui/run.ts awaits before
// the first render; ink's are dev-tools paths (process.env.DEV), replaced by their production
// values.
import { readFile } from 'node:fs/promises';

async function rewrite(path, pairs) {
  let src = await readFile(path, 'utf8');
  for (const [from, to] of pairs) {
    if (!src.includes(from)) throw new Error(`${path} changed: "${from}" not found`);
    src = src.replace(from, to);
  }
  return { contents: src, loader: 'js' };
}

export const inkPlugin = {
  name: 'ink-cjs',
  setup(b) {
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/ }, (args) =>
      rewrite(args.path, [
        [
          'const Yoga = wrapAssembly(await loadYoga());',
          'const Yoga = {};\nexport async function initYoga() { if (!Yoga.Node) Object.assign(Yoga, wrapAssembly(await loadYoga())); }',
        ],
      ]),
    );
    b.onLoad({ filter: /ink[\\/]build[\\/]reconciler\.js$/ }, (args) =>
      rewrite(args.path, [
        ["await import('./devtools.js');", 'void 0;'],
        ['? await loadPackageJson()', '? { name: undefined, version: undefined }'],
      ]),
    );
  },
};
