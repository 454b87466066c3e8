// bench/parse/items.ts (issue 42): what reading the items costs. In one run, on the 1.0 fixture,
// fresh processes alternate between a parse with items and one without (`--no-items`), for the
// store path (one.ts: serve's parse, world database included) and for `parse --json`
// (cli-parse.ts); on the store path also the items' bytes kept in a file (serve's default), and
// kept then read by a worker after the swap with the first item request (serve's whole cycle). The
// aim is at most 15% more time and 20 MB more peak memory. Then the
// 100,000-pal synthetic world with items in the 1.0 world's proportions (world-gen `items: true`)
// against the aims of 3 s and 400 MB. Bundled and run on plain node as bench/parse/run.ts does.
// Usage: npx tsx bench/parse/items.ts [runs]   (PALPANEL_BENCH_WORLDS=<dir> keeps the world)
// PALPANEL_BENCH_BEFORE=<dir>: that dir holds one.cjs and cli-parse.cjs bundled from the parser
// before issue 42 (README.md says how); its processes join each round of the alternation and each
// world, so "today's" parser is measured in the same run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeSyntheticWorld } from '../../src/demo/world-gen/index.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 7);
const fixture = join(root, '..', 'shared', 'fixtures', 'saves', 'v1.0-relics');
const BUILD = join(root, 'dist/bench-parse');
const { bundle } = (await import(pathToFileURL(join(root, 'scripts/bundle.mjs')).href)) as {
  bundle: (o: { entry: string; outfile: string; version: string }) => Promise<void>;
};
for (const name of ['one', 'cli-parse'])
  await bundle({ entry: `bench/parse/${name}.ts`, outfile: `dist/bench-parse/${name}.cjs`, version: 'bench' });
// one.ts --first-request reads the items in the parse worker's bundle, found beside one.cjs.
await bundle({ entry: 'src/ingest/parse-worker.ts', outfile: 'dist/bench-parse/parse-worker.cjs', version: 'bench' });
// The parse worker's young generation (parse-worker-host.ts), for every arm, 2edef67's included.
const NODE_ARGS = ['--max-semi-space-size=8'];
interface Sample {
  ms: number;
  peakRssMb: number;
  firstMs?: number;
  readMs?: number;
}
const BEFORE = process.env.PALPANEL_BENCH_BEFORE;
function run(script: string, target: string, extra: string[], build = BUILD): Sample {
  const t0 = performance.now();
  const out = execFileSync(process.execPath, [...NODE_ARGS, join(build, `${script}.cjs`), target, ...extra], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  const processMs = performance.now() - t0;
  const r = JSON.parse(out.trim().split('\n').pop()!) as {
    totalMs: number;
    peakRssMb: number;
    firstRequestMs?: number;
    itemsReadMs?: number;
  };
  // The store path's own figure (read to swap), and for parse --json the whole process.
  return {
    ms: script === 'one' ? r.totalMs : processMs,
    peakRssMb: r.peakRssMb,
    ...(r.firstRequestMs !== undefined ? { firstMs: r.firstRequestMs, readMs: r.itemsReadMs } : {}),
  };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

console.log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average at start ${load()}; medians of ${runs} alternating runs`,
);
// Arms per round. Store path: without items, items read in the walk (eager), their bytes kept in
// a file (serve's parse), and kept then read in a worker after the swap with the first item
// request (serve's whole cycle: the read's and the request's times apart; the peak includes
// both). parse --json: without items, and with them (read in the walk, the command's way).
const ARMS: Record<string, [string, string[]][]> = {
  one: [
    ['without items', ['--no-items']],
    ['items read in the walk (eager)', ['--items-eager']],
    ["items' bytes kept in a file (serve's parse)", ['--items-lazy']],
    ['kept, read in a worker after the swap, then the first item request', ['--items-lazy', '--first-request']],
  ],
  'cli-parse': [
    ['without items', ['--no-items']],
    ['items read in the walk (the command)', []],
  ],
};
const med = (xs: Sample[]) => ({ ms: median(xs.map((s) => s.ms)), mb: median(xs.map((s) => s.peakRssMb)) });
for (const script of ['one', 'cli-parse']) {
  const arms = ARMS[script];
  const samples: Sample[][] = arms.map(() => []);
  const before: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    if (BEFORE) before.push(run(script, fixture, [], BEFORE));
    arms.forEach(([, args], k) => samples[k].push(run(script, fixture, args)));
  }
  const name = script === 'one' ? 'store path' : 'parse --json process';
  const base = BEFORE ? med(before) : med(samples[0]);
  const baseName = BEFORE ? 'before issue 42 (2edef67)' : 'without items';
  if (BEFORE) console.log(`v1.0-relics ${name}, before issue 42 (2edef67): ${base.ms.toFixed(0)} ms ${base.mb.toFixed(0)} MB`);
  arms.forEach(([label], k) => {
    const m = med(samples[k]);
    const first = samples[k].filter((x) => x.firstMs !== undefined);
    console.log(
      `v1.0-relics ${name}, ${label}: ${m.ms.toFixed(0)} ms ${m.mb.toFixed(0)} MB peak; ` +
        `${m.ms >= base.ms ? '+' : ''}${(((m.ms - base.ms) / base.ms) * 100).toFixed(1)}% time, ${m.mb >= base.mb ? '+' : ''}${(m.mb - base.mb).toFixed(1)} MB against ${baseName}` +
        (first.length > 0
          ? `; the items read in a worker ${median(first.map((x) => x.readMs ?? 0)).toFixed(0)} ms, then the first item request ${median(first.map((x) => x.firstMs!)).toFixed(0)} ms on the main thread (medians)`
          : '') +
        ' (aims: at most 15%, 20 MB)',
    );
  });
}

const cache = process.env.PALPANEL_BENCH_WORLDS;
const dir = cache ? join(cache, 'synthetic-100000-items') : mkdtempSync(join(tmpdir(), 'palpanel-bench-items-'));
try {
  if (!existsSync(join(dir, 'Level.sav'))) {
    mkdirSync(dir, { recursive: true });
    writeSyntheticWorld(dir, { seed: 42, players: 500, pals: 100_000, items: true });
  }
  const n = Math.min(3, runs);
  // The store path: serve's parse (the bytes kept in a file), and its whole cycle (then read in a
  // worker, and the first item request); parse --json reads the items in the walk.
  const WORLD_ARMS: [string, string, string[]][] = [
    ['one', "store path, the items' bytes kept in a file (serve's parse)", ['--items-lazy']],
    ['one', 'store path, kept, read in a worker after the swap, then the first item request', ['--items-lazy', '--first-request']],
    ['cli-parse', 'parse --json process (items read in the walk)', []],
  ];
  for (const script of ['one', 'cli-parse']) {
    const arms = WORLD_ARMS.filter(([s]) => s === script);
    const o: Sample[] = [];
    const s: Sample[][] = arms.map(() => []);
    for (let i = 0; i < n; i++) {
      if (BEFORE) o.push(run(script, dir, [], BEFORE));
      arms.forEach(([, , args], k) => s[k].push(run(script, dir, args)));
    }
    const name = script === 'one' ? 'store path' : 'parse --json process';
    if (BEFORE)
      console.log(
        `synthetic 100,000 pals (items unread) before issue 42, ${name}: ${median(o.map((x) => x.ms)).toFixed(0)} ms, ${median(o.map((x) => x.peakRssMb)).toFixed(0)} MB peak`,
      );
    arms.forEach(([, label], k) => {
      const xs = s[k];
      const first = xs.filter((x) => x.firstMs !== undefined);
      console.log(
        `synthetic 100,000 pals with items, ${label}: ${median(xs.map((x) => x.ms)).toFixed(0)} ms, ${median(xs.map((x) => x.peakRssMb)).toFixed(0)} MB peak (aims: 3 s, 400 MB)` +
          (first.length > 0
            ? `; the items read in a worker ${median(first.map((x) => x.readMs ?? 0)).toFixed(0)} ms, the first item request ${median(first.map((x) => x.firstMs!)).toFixed(0)} ms, their memory in the peak`
            : ''),
      );
    });
  }
} finally {
  if (!cache) rmSync(dir, { recursive: true, force: true });
}
console.log(`load average at end ${load()}`);
