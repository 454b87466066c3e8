// bench/parse/items.ts (issue 42): what reading the items costs. In one run, on the 1.0 fixture,
// fresh processes alternate between a parse with items and one without (`--no-items`), for the
// store path (one.ts: serve's parse, world database included) and for `parse --json`
// (cli-parse.ts), and the items kept for their first request (the default since lazy items); the aim is at most 15% more time and 20 MB more peak memory. Then the
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
const NODE_ARGS = ['--max-semi-space-size=16'];
interface Sample {
  ms: number;
  peakRssMb: number;
  firstMs?: number;
}
const BEFORE = process.env.PALPANEL_BENCH_BEFORE;
function run(script: string, target: string, extra: string[], build = BUILD): Sample {
  const t0 = performance.now();
  const out = execFileSync(process.execPath, [...NODE_ARGS, join(build, `${script}.cjs`), target, ...extra], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  const processMs = performance.now() - t0;
  const r = JSON.parse(out.trim().split('\n').pop()!) as { totalMs: number; peakRssMb: number; firstRequestMs?: number };
  // The store path's own figure (read to swap), and for parse --json the whole process.
  return {
    ms: script === 'one' ? r.totalMs : processMs,
    peakRssMb: r.peakRssMb,
    ...(r.firstRequestMs ? { firstMs: r.firstRequestMs } : {}),
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
// Arms per round. Store path: without items, items read in the walk (eager, the path before lazy
// items), their bytes kept (serve's default: read on the first item request), and kept then read
// by a first request (its time apart; the peak includes it). parse --json: without, eager, and the
// default (kept in the walk, read after it).
const ARMS: Record<string, [string, string[]][]> = {
  one: [
    ['without items', ['--no-items']],
    ['items read in the walk (eager)', []],
    ["items' bytes kept (the default; not read)", ['--items-lazy']],
    ['kept, then the first item request', ['--items-lazy', '--first-request']],
  ],
  'cli-parse': [
    ['without items', ['--no-items']],
    ['items read in the walk (eager)', ['--items-eager']],
    ['items kept in the walk, read after it (the default)', []],
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
    const first = samples[k].filter((x) => x.firstMs !== undefined).map((x) => x.firstMs!);
    console.log(
      `v1.0-relics ${name}, ${label}: ${m.ms.toFixed(0)} ms ${m.mb.toFixed(0)} MB peak; ` +
        `${m.ms >= base.ms ? '+' : ''}${(((m.ms - base.ms) / base.ms) * 100).toFixed(1)}% time, ${m.mb >= base.mb ? '+' : ''}${(m.mb - base.mb).toFixed(1)} MB against ${baseName}` +
        (first.length > 0 ? `; the first item request ${median(first).toFixed(0)} ms (median)` : '') +
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
  for (const script of ['one', 'cli-parse']) {
    const s: Sample[] = [];
    const o: Sample[] = [];
    for (let i = 0; i < n; i++) {
      if (BEFORE) o.push(run(script, dir, [], BEFORE));
      // Serve's default on the store path (the bytes kept), and what parse --json does.
      s.push(run(script, dir, script === 'one' ? ['--items-lazy', '--first-request'] : []));
    }
    const name = script === 'one' ? 'store path' : 'parse --json process';
    if (BEFORE)
      console.log(
        `synthetic 100,000 pals (items unread) before issue 42, ${name}: ${median(o.map((x) => x.ms)).toFixed(0)} ms, ${median(o.map((x) => x.peakRssMb)).toFixed(0)} MB peak`,
      );
    console.log(
      `synthetic 100,000 pals with items, ${name}: ${median(s.map((x) => x.ms)).toFixed(0)} ms, ${median(s.map((x) => x.peakRssMb)).toFixed(0)} MB peak (aims: 3 s, 400 MB)` +
        (script === 'one'
          ? `; then the first item request ${median(s.map((x) => x.firstMs ?? 0)).toFixed(0)} ms, its memory in the peak`
          : ''),
    );
  }
} finally {
  if (!cache) rmSync(dir, { recursive: true, force: true });
}
console.log(`load average at end ${load()}`);
