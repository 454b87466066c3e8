// The house's rules, checked on the source: no import cycle between files anywhere in src/ or
// web/src/, and imports between rooms (the folders right under src/) point down the floors
// only. A newcomer reads the folders bottom-up: lib (leaf helpers) → contract (the wire's shapes)
// → domain (palpanel's words and rules) → the leaf subsystems (game-config, config, save, store,
// game, demo) → views (world and live state as wire rows) → poller and ingest → backups and
// actions → control → http → tui → app → cli.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.js';

/** Each room's floor; a file may import from its own room and from rooms on lower floors. */
const FLOORS: Record<string, number> = {
  lib: 0,
  contract: 1,
  domain: 2,
  'game-config': 3,
  config: 3,
  save: 3,
  store: 3,
  game: 3,
  demo: 3,
  views: 4,
  poller: 5,
  ingest: 5,
  backups: 6,
  actions: 6,
  control: 7,
  http: 8,
  tui: 9,
  app: 10,
  cli: 11,
};

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [p] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+'(\.{1,2}\/[^']+)'|import\(\s*'(\.{1,2}\/[^']+)'\s*\)/gm;

/** Every relative import of every file, resolved to the file it names (repo-relative). */
function importEdges(dirs: string[]): { files: string[]; edges: Edge[] } {
  const files = dirs.flatMap(sourceFiles);
  const known = new Set(files);
  const edges: Edge[] = [];
  for (const from of files) {
    const text = readFileSync(join(ROOT, from), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[2] ?? m[3];
      const base = normalize(join(dirname(from), spec));
      const to = [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base + '.ts', base + '.tsx', base].find((c) => known.has(c));
      if (to) edges.push({ from, to, typeOnly: Boolean(m[1]) });
    }
  }
  return { files, edges };
}

/** The strongly connected components with more than one file (Tarjan), each a cycle. */
function cycles(files: string[], edges: Edge[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const e of edges) next.get(e.from)!.push(e.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      const selfLoop = next.get(v)!.includes(v);
      if (scc.length > 1 || selfLoop) found.push(scc.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return found;
}

const roomOf = (file: string) => relative('src', file).split('/')[0];

describe('the import graph', () => {
  const src = importEdges(['src']);
  const web = importEdges(['web/src']);

  it('has no cycle in src/ nor in web/src/, type-only imports included', () => {
    expect(cycles(src.files, src.edges)).toEqual([]);
    expect(cycles(web.files, web.edges)).toEqual([]);
  });

  it('gives every room of src/ a floor', () => {
    const rooms = new Set(src.files.map(roomOf).filter((r) => !r.includes('.')));
    expect([...rooms].filter((r) => !(r in FLOORS))).toEqual([]);
  });

  it('points down the floors only: no room imports from a room on its own floor or above', () => {
    const upward = src.edges
      .filter((e) => roomOf(e.from) !== roomOf(e.to) && FLOORS[roomOf(e.from)] <= FLOORS[roomOf(e.to)])
      .map((e) => `${e.from} → ${e.to}`);
    expect(upward).toEqual([]);
  });

  it('keeps lib/ a leaf: it imports nothing of the project outside lib/', () => {
    expect(src.edges.filter((e) => roomOf(e.from) === 'lib' && roomOf(e.to) !== 'lib')).toEqual([]);
  });

  it('finds a planted cycle (the check itself can fail)', () => {
    const planted: Edge[] = [
      ...src.edges,
      { from: 'src/lib/time.ts', to: 'src/lib/hash.ts', typeOnly: true },
      { from: 'src/lib/hash.ts', to: 'src/lib/time.ts', typeOnly: true },
    ];
    expect(cycles(src.files, planted)).toContainEqual(['src/lib/hash.ts', 'src/lib/time.ts']);
  });
});

describe('the web UI', () => {
  it('takes only types from the server code, never a value (no server code in the bundle)', () => {
    const files = sourceFiles('web/src');
    const valueImports = files.flatMap((f) =>
      [...readFileSync(join(ROOT, f), 'utf8').matchAll(/^\s*import\s+(?!type\b)[^'";]*?from\s+'((?:\.\.\/)+src\/[^']+)'/gm)]
        .filter((m) => !/\/src\/(lib|contract|domain|game-config)\//.test(m[1]))
        .map((m) => `${f}: ${m[1]}`),
    );
    expect(valueImports).toEqual([]);
  });
});
