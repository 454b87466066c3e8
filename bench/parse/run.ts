// bench/parse: wall time of a world parse split into decompress / decode / map / store, and peak
// RSS, for the 1.0 fixture and synthetic worlds of 1,000, 10,000 and 100,000 pals. Each run is a
// fresh process; the table shows medians. Usage: npx tsx bench/parse/run.ts [runs]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSyntheticWorld } from '../../src/demo/world-gen/index.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.argv[2] ?? 5);
const fixture = join(root, '..', 'shared', 'fixtures', 'saves', 'v1.0-relics');

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
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function measure(target: string, n: number): Sample {
  const samples: Sample[] = [];
  for (let i = 0; i < n; i++) {
    const out = // The same young generation as the parse worker of serve (parse-worker-host.ts).
    execFileSync(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', join(root, 'bench/parse/one.ts'), target], { cwd: root, encoding: 'utf8' });
    samples.push(JSON.parse(out.trim().split('\n').pop()!) as Sample);
  }
  const m = (k: keyof Sample) => median(samples.map((s) => s[k] as number));
  return { pals: samples[0].pals, readMs: m('readMs'), decompressMs: m('decompressMs'), decodeMs: m('decodeMs'), mapMs: m('mapMs'), storeMs: m('storeMs'), swapMs: m('swapMs'), totalMs: m('totalMs'), peakRssMb: m('peakRssMb'), drift: samples.some((s) => s.drift) };
}

const targets: [string, string, number][] = [['v1.0-relics (PlM, 37 MB GVAS)', fixture, runs]];
// The synthetic worlds go when the run ends, however it ends.
const made: string[] = [];
process.on('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
for (const pals of [1_000, 10_000, 100_000]) {
  const dir = mkdtempSync(join(tmpdir(), `palpanel-bench-${pals}-`));
  made.push(dir);
  writeSyntheticWorld(dir, { seed: 42, players: Math.max(4, Math.round(pals / 200)), pals });
  targets.push([`synthetic ${pals.toLocaleString('en')} pals (PlZ)`, dir, pals >= 100_000 ? Math.min(3, runs) : runs]);
}

console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; median of ${runs} runs (3 for 100k)`);
const head = ['world', 'pals', 'decompress', 'decode', 'map', 'store', '(main thread)', 'total', 'peak RSS'];
const rows = targets.map(([name, path, n]) => {
  const s = measure(path, n);
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  return [name, String(s.pals), ms(s.decompressMs), ms(s.decodeMs), ms(s.mapMs), ms(s.storeMs), ms(s.swapMs), ms(s.totalMs), `${s.peakRssMb.toFixed(0)} MB`];
});
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
for (const r of [head, ...rows]) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
console.log('store = building the world database (inside the parse worker in serve) + swapping it in (main thread)');
console.log('aims: v1.0-relics < 400 ms and < 250 MB; time linear in size; 100,000 pals < 5 s');
