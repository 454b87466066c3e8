// bench/parse/items.ts (issue 42): what reading the items costs. In one run, on the 1.0 fixture,
// fresh processes alternate between a parse with items and one without (`--no-items`), for the
// store path (one.ts: serve's parse, world database included) and for `parse --json`
// (cli-parse.ts); the aim is at most 15% more time and 20 MB more peak memory. Then the
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
// The store path's fourth arm: the items read in a second thread (one.ts --items-thread).
await bundle({ entry: 'src/ingest/items-worker.ts', outfile: 'dist/bench-parse/items-worker.cjs', version: 'bench' });
const THREAD = [`--items-thread=${join(BUILD, 'items-worker.cjs')}`];

const NODE_ARGS = ['--max-semi-space-size=16'];
interface Sample {
  ms: number;
  peakRssMb: number;
}
const BEFORE = process.env.PALPANEL_BENCH_BEFORE;
function run(script: string, target: string, extra: string[], build = BUILD): Sample {
  const t0 = performance.now();
  const out = execFileSync(process.execPath, [...NODE_ARGS, join(build, `${script}.cjs`), target, ...extra], {
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  const processMs = performance.now() - t0;
  const r = JSON.parse(out.trim().split('\n').pop()!) as { totalMs: number; peakRssMb: number };
  // The store path's own figure (read to swap), and for parse --json the whole process.
  return { ms: script === 'one' ? r.totalMs : processMs, peakRssMb: r.peakRssMb };
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

console.log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average at start ${load()}; medians of ${runs} alternating runs`,
);
for (const script of ['one', 'cli-parse']) {
  const withItems: Sample[] = [];
  const without: Sample[] = [];
  const before: Sample[] = [];
  const thread: Sample[] = [];
  const lazy: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    if (BEFORE) before.push(run(script, fixture, [], BEFORE));
    without.push(run(script, fixture, ['--no-items']));
    withItems.push(run(script, fixture, []));
    if (script === 'one') thread.push(run(script, fixture, THREAD));
    if (script === 'one') lazy.push(run(script, fixture, ['--items-lazy']));
  }
  const a = { ms: median(without.map((s) => s.ms)), mb: median(without.map((s) => s.peakRssMb)) };
  const b = { ms: median(withItems.map((s) => s.ms)), mb: median(withItems.map((s) => s.peakRssMb)) };
  const name = script === 'one' ? 'store path' : 'parse --json process';
  if (BEFORE) {
    const o = { ms: median(before.map((s) => s.ms)), mb: median(before.map((s) => s.peakRssMb)) };
    console.log(
      `v1.0-relics ${name}: before issue 42 ${o.ms.toFixed(0)} ms ${o.mb.toFixed(0)} MB; with items +${(((b.ms - o.ms) / o.ms) * 100).toFixed(1)}% time, ` +
        `+${(b.mb - o.mb).toFixed(1)} MB peak against it (aims: at most 15%, 20 MB)`,
    );
  }
  if (thread.length > 0) {
    const t = { ms: median(thread.map((s) => s.ms)), mb: median(thread.map((s) => s.peakRssMb)) };
    console.log(
      `v1.0-relics ${name}, items read in a second thread: ${t.ms.toFixed(0)} ms ${t.mb.toFixed(0)} MB; ` +
        `+${(((t.ms - a.ms) / a.ms) * 100).toFixed(1)}% time, +${(t.mb - a.mb).toFixed(1)} MB peak against without items`,
    );
  }
  if (lazy.length > 0) {
    const l = { ms: median(lazy.map((s) => s.ms)), mb: median(lazy.map((s) => s.peakRssMb)) };
    console.log(
      `v1.0-relics ${name}, items' bytes kept, not read (the first item request not included): ${l.ms.toFixed(0)} ms ${l.mb.toFixed(0)} MB; ` +
        `+${(((l.ms - a.ms) / a.ms) * 100).toFixed(1)}% time, +${(l.mb - a.mb).toFixed(1)} MB peak against without items`,
    );
  }
  console.log(
    `v1.0-relics ${name}: without items ${a.ms.toFixed(0)} ms ${a.mb.toFixed(0)} MB; with items ${b.ms.toFixed(0)} ms ${b.mb.toFixed(0)} MB; ` +
      `+${(((b.ms - a.ms) / a.ms) * 100).toFixed(1)}% time, +${(b.mb - a.mb).toFixed(1)} MB peak (aims: at most 15%, 20 MB)`,
  );
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
      s.push(run(script, dir, []));
    }
    const name = script === 'one' ? 'store path' : 'parse --json process';
    if (BEFORE)
      console.log(
        `synthetic 100,000 pals (items unread) before issue 42, ${name}: ${median(o.map((x) => x.ms)).toFixed(0)} ms, ${median(o.map((x) => x.peakRssMb)).toFixed(0)} MB peak`,
      );
    console.log(
      `synthetic 100,000 pals with items, ${name}: ${median(s.map((x) => x.ms)).toFixed(0)} ms, ${median(s.map((x) => x.peakRssMb)).toFixed(0)} MB peak (aims: 3 s, 400 MB)`,
    );
  }
} finally {
  if (!cache) rmSync(dir, { recursive: true, force: true });
}
console.log(`load average at end ${load()}`);
