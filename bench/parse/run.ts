// bench/parse: wall time of a world parse split into decompress / decode / map / store, and peak
// RSS, for the 1.0 fixture and synthetic worlds: 1,000, 10,000 and 100,000 pals, and a world of
// about 400 MB of GVAS (60,000 pals and eleven times the bulk of the 1.0 fixture: map objects,
// item containers, foliage, ...; src/demo/world-gen/bulk.ts) beside the same pals without bulk.
// Each run is a fresh process; the table shows medians. Beside the store path (serve's parse) it
// times two whole processes: `parse --json` (cli-parse.ts, what `palpanel parse --json` does) and
// one that only decompresses Level.sav (decompress-only.ts, the floor). The three scripts are
// bundled as the executable is (scripts/bundle.mjs) and run on plain node, so that neither pays
// for compiling TypeScript on the fly. The rows of every world are checked against
// bench/parse/row-digests.json, recorded from the parser before issue 16.
// Usage: npx tsx bench/parse/run.ts [runs] [--record] [--only=<world key>]
//   PALPANEL_BENCH_WORLDS=<dir>: keep the generated worlds there and reuse them.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeSyntheticWorld, type SyntheticWorldOptions } from '../../src/demo/world-gen/index.js';
import type { RowDigest } from '../../src/store/world-digest.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const record = args.includes('--record');
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
const fixture = join(root, '..', 'shared', 'fixtures', 'saves', 'v1.0-relics');
const DIGESTS = join(root, 'bench/parse/row-digests.json');

interface Sample {
  pals: number;
  readMs: number;
  decompressMs: number;
  decodeMs: number;
  mapMs: number;
  storeMs: number;
  swapMs: number;
  totalMs: number;
  peakRssMb: number;
  drift: boolean;
  processMs: number;
  digest?: RowDigest;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const BUILD = join(root, 'dist/bench-parse');
const { bundle } = (await import(pathToFileURL(join(root, 'scripts/bundle.mjs')).href)) as {
  bundle: (o: { entry: string; outfile: string; version: string; minify?: boolean }) => Promise<void>;
};
for (const name of ['one', 'cli-parse', 'decompress-only']) {
  await bundle({ entry: `bench/parse/${name}.ts`, outfile: `dist/bench-parse/${name}.cjs`, version: 'bench' });
}

/** The same young generation as the parse worker of serve (parse-worker-host.ts: semi-spaces of
 * 8 MB; PALPANEL_BENCH_SEMI_SPACE_MB=64 for the parser before issue 16). */
const NODE_ARGS = [`--max-semi-space-size=${process.env.PALPANEL_BENCH_SEMI_SPACE_MB ?? 8}`];

function run(script: string, target: string, extra: string[] = []): Record<string, unknown> & { processMs: number } {
  const t0 = performance.now();
  const out = execFileSync(process.execPath, [...NODE_ARGS, join(BUILD, `${script}.cjs`), target, ...extra], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  const processMs = performance.now() - t0;
  return { ...(JSON.parse(out.trim().split('\n').pop()!) as Record<string, unknown>), processMs };
}

function measure(target: string, n: number): Sample {
  const samples: Sample[] = [];
  for (let i = 0; i < n; i++) samples.push(run('one', target) as unknown as Sample);
  const m = (k: keyof Sample) => median(samples.map((s) => s[k] as number));
  return {
    pals: samples[0].pals,
    readMs: m('readMs'),
    decompressMs: m('decompressMs'),
    decodeMs: m('decodeMs'),
    mapMs: m('mapMs'),
    storeMs: m('storeMs'),
    swapMs: m('swapMs'),
    totalMs: m('totalMs'),
    peakRssMb: m('peakRssMb'),
    processMs: m('processMs'),
    drift: samples.some((s) => s.drift),
  };
}

interface CliSample {
  processMs: number;
  peakRssMb: number;
}

function cliParse(target: string, n: number): CliSample {
  const samples = Array.from({ length: n }, () => run('cli-parse', target) as unknown as CliSample);
  return { processMs: median(samples.map((s) => s.processMs)), peakRssMb: median(samples.map((s) => s.peakRssMb)) };
}

interface Floor {
  processMs: number;
  peakRssMb: number;
  gvasBytes: number;
}

function floor(target: string, n: number): Floor {
  const samples = Array.from({ length: n }, () => run('decompress-only', target) as unknown as Floor);
  return {
    processMs: median(samples.map((s) => s.processMs)),
    peakRssMb: median(samples.map((s) => s.peakRssMb)),
    gvasBytes: samples[0].gvasBytes,
  };
}

const cache = process.env.PALPANEL_BENCH_WORLDS;
const made: string[] = [];
// Generated worlds go when the run ends, however it ends (unless kept for reuse).
process.on('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function synthetic(key: string, opts: SyntheticWorldOptions): string {
  if (cache) {
    const dir = join(cache, key);
    if (!existsSync(join(dir, 'Level.sav'))) {
      mkdirSync(dir, { recursive: true });
      writeSyntheticWorld(dir, opts);
    }
    return dir;
  }
  const dir = mkdtempSync(join(tmpdir(), `palpanel-bench-${key}-`));
  made.push(dir);
  writeSyntheticWorld(dir, opts);
  return dir;
}

interface Target {
  name: string;
  key: string;
  path: () => string;
  runs: number;
}

const targets: Target[] = [{ name: 'v1.0-relics (PlM, 37 MB GVAS)', key: 'v1.0-relics', path: () => fixture, runs }];
for (const pals of [1_000, 10_000, 100_000]) {
  const key = `synthetic-${pals}`;
  const opts = { seed: 42, players: Math.max(4, Math.round(pals / 200)), pals };
  targets.push({
    name: `synthetic ${pals.toLocaleString('en')} pals (PlZ)`,
    key,
    path: () => synthetic(key, opts),
    runs: pals >= 100_000 ? Math.min(3, runs) : runs,
  });
}
targets.push({
  name: 'synthetic 60,000 pals, no bulk',
  key: 'synthetic-60000',
  path: () => synthetic('synthetic-60000', { seed: 42, players: 300, pals: 60_000 }),
  runs: Math.min(3, runs),
});
targets.push({
  name: 'synthetic 60,000 pals + 11x bulk',
  key: 'synthetic-60000-bulk11',
  path: () => synthetic('synthetic-60000-bulk11', { seed: 42, players: 300, pals: 60_000, bulk: 11 }),
  runs: Math.min(3, runs),
});

const digests: Record<string, RowDigest> = existsSync(DIGESTS)
  ? (JSON.parse(readFileSync(DIGESTS, 'utf8')) as Record<string, RowDigest>)
  : {};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average at start ${load()}; median of ${runs} runs (3 for the 60k and 100k worlds)`,
);
const head = [
  'world',
  'pals',
  'GVAS',
  'decompress',
  'decode',
  'map',
  'store',
  '(main thread)',
  'total',
  'peak RSS',
  'store process',
  'parse --json process',
  'floor process',
  'x floor',
  'rows',
];
const rows: string[][] = [];
const slopes: Record<string, { ms: number; mb: number; pals: number }> = {};
for (const t of targets.filter((x) => !only || x.key === only)) {
  const path = t.path();
  // The digest run is not timed: it computes the digest after its figures are taken.
  const digest = (run('one', path, ['--digest']) as unknown as Sample).digest!;
  let same = 'recorded';
  if (record) digests[t.key] = digest;
  else
    same =
      digests[t.key] === undefined ? 'no record' : JSON.stringify(digests[t.key]) === JSON.stringify(digest) ? 'identical' : 'DIFFERENT';
  const s = measure(path, t.runs);
  const cli = cliParse(path, t.runs);
  const f = floor(path, t.runs);
  slopes[t.key] = { ms: cli.processMs, mb: f.gvasBytes / 1e6, pals: s.pals };
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  rows.push([
    t.name,
    String(s.pals),
    `${(f.gvasBytes / 1e6).toFixed(0)} MB`,
    ms(s.decompressMs),
    ms(s.decodeMs),
    ms(s.mapMs),
    ms(s.storeMs),
    ms(s.swapMs),
    ms(s.totalMs),
    `${s.peakRssMb.toFixed(0)} MB`,
    ms(s.processMs),
    `${ms(cli.processMs)} ${cli.peakRssMb.toFixed(0)} MB`,
    `${ms(f.processMs)} ${f.peakRssMb.toFixed(0)} MB`,
    `${(cli.processMs / f.processMs).toFixed(2)} / ${(s.processMs / f.processMs).toFixed(2)}`,
    same,
  ]);
  console.error(`${t.name}: done (load ${load()})`);
}
if (record) writeFileSync(DIGESTS, `${JSON.stringify(digests, null, 2)}\n`);
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
for (const r of [head, ...rows]) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
console.log('store = building the world database (inside the parse worker in serve) + swapping it in (main thread)');
console.log(
  'store process = wall time of the whole process of the store path (one.ts); parse --json process = the same for what `palpanel parse --json` does, and its peak RSS;',
);
console.log('floor process = a process that only decompresses Level.sav; x floor = parse --json / store process time over the floor');
const a = slopes['synthetic-10000'];
const b = slopes['synthetic-100000'];
if (a && b)
  console.log(`per-pal slope of parse --json (10k → 100k pals): ${(((b.ms - a.ms) / (b.pals - a.pals)) * 1000).toFixed(1)} µs per pal`);
const c = slopes['synthetic-60000'];
const d = slopes['synthetic-60000-bulk11'];
if (c && d)
  console.log(
    `per-MB slope of parse --json over skipped bulk (60k pals, 89 → 401 MB GVAS): ${((d.ms - c.ms) / (d.mb - c.mb)).toFixed(2)} ms per MB of GVAS`,
  );
console.log(`load average at end ${load()}`);
console.log(
  'aims: v1.0-relics within 1.5x its floor and < 150 MB; 100,000 pals < 3 s and < 400 MB; 400 MB GVAS within 2x its floor and peak RSS < 2x its GVAS',
);
