// ink and yoga-layout in one CommonJS bundle (architecture.md, toolchain facts): both use a
// top-level await, which esbuild cannot emit as CommonJS.
// - yoga-layout's entry does `wrapAssembly(await loadYoga())`. It is replaced by a module that
//   loads yoga through its own `yoga-layout/load` entry inside an explicit `initYoga()`, which
//   src/tui/run.ts awaits before the first render. The default export stays the same object
//   (filled in place), so ink's `import Yoga from 'yoga-layout'` keeps working.
// - ink's reconciler has two dev-tools paths behind `process.env.DEV`; they become their
//   production values.
// - ink reads `CI` from the environment (package is-in-ci) and, when set, draws nothing until
//   the app exits. palpanel decides itself: a live screen on a terminal, a plain snapshot
//   otherwise (src/tui/run.ts). So is-in-ci is always false here, or `palpanel dash` in a
//   terminal of a shell that has CI set (a CI job's tmux, a debugging session) stays blank.
// Each rewrite checks the text it replaces, so an upgrade of either package fails the build
// loudly instead of producing a bundle that breaks at run time.
import { readFile } from 'node:fs/promises';

async function rewrite(path, pairs) {
  let src = await readFile(path, 'utf8');
  for (const [from, to] of pairs) {
    if (!src.includes(from)) throw new Error(`${path} changed: "${from}" not found`);
    src = src.replace(from, to);
  }
  return { contents: src, loader: 'js' };
}

const YOGA_ENTRY = `import { loadYoga } from './load.js';
const Yoga = {};
/** palpanel (scripts/ink-plugin.mjs): yoga's WASM starts here instead of at import time. */
export async function initYoga() {
  if (!Yoga.Node) Object.assign(Yoga, await loadYoga());
}
export default Yoga;
export * from './generated/YGEnums.js';
`;

export const inkPlugin = {
  name: 'ink-cjs',
  setup(b) {
    b.onLoad({ filter: /yoga-layout[\\/]dist[\\/]src[\\/]index\.js$/ }, async (args) => {
      const src = await readFile(args.path, 'utf8');
      // What the replacement stands for: the default export and the enums, nothing else.
      const code = src
        .split('\n')
        .filter((l) => l.trim() && !/^\s*(\/\/|\/?\*)/.test(l))
        .join('\n');
      const expected = [
        "import loadYoga from '../binaries/yoga-wasm-base64-esm.js';",
        'import wrapAssembly from "./wrapAssembly.js";',
        'const Yoga = wrapAssembly(await loadYoga());',
        'export default Yoga;',
        'export * from "./generated/YGEnums.js";',
      ].join('\n');
      if (code !== expected) throw new Error(`${args.path} changed: review scripts/ink-plugin.mjs`);
      return { contents: YOGA_ENTRY, loader: 'js' };
    });
    b.onLoad({ filter: /is-in-ci[\\/]index\.js$/ }, async (args) => {
      const src = await readFile(args.path, 'utf8');
      if (!src.includes('const isInCi =')) throw new Error(`${args.path} changed: review scripts/ink-plugin.mjs`);
      return { contents: 'export default false;\n', loader: 'js' };
    });
    b.onLoad({ filter: /ink[\\/]build[\\/]reconciler\.js$/ }, (args) =>
      rewrite(args.path, [
        ["await import('./devtools.js');", 'void 0;'],
        ['const loaded = await loadPackageJson();', 'const loaded = { name: undefined, version: undefined };'],
      ]),
    );
  },
};
