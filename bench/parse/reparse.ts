// No pause for readers: Integration API latency while the biggest worlds are re-parsed, and the
// steady-state RSS of the serving process. A child process serves a store (bench/parse/
// reparse-server.ts: the HTTP handler and the parse worker, as `serve` runs them); this process
// sends one request every few milliseconds (open loop, one at a time) to /pals and /players,
// first with nothing else going on, then during re-parses, and prints p50 / p99 / max.
// Usage: npx tsx bench/parse/reparse.ts [<save-folder> ...]   (default: the bench's big worlds,
// generated as bench/parse/run.ts does; PALPANEL_BENCH_WORLDS=<dir> reuses them)
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { writeSyntheticWorld, type SyntheticWorldOptions } from '../../src/demo/world-gen/index.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const made: string[] = [];
process.on('exit', () => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

function world(key: string, opts: SyntheticWorldOptions): string {
  const cache = process.env.PALPANEL_BENCH_WORLDS;
  const dir = cache ? join(cache, key) : mkdtempSync(join(tmpdir(), `palpanel-bench-${key}-`));
  if (!cache) made.push(dir);
  if (!existsSync(join(dir, 'Level.sav'))) {
    mkdirSync(dir, { recursive: true });
    writeSyntheticWorld(dir, opts);
  }
  return dir;
}

const given = process.argv.slice(2);
const targets: [string, string][] = given.length
  ? given.map((p) => [p, p])
  : [
      ['v1.0-relics', join(root, '..', 'shared', 'fixtures', 'saves', 'v1.0-relics')],
      ['synthetic 100,000 pals', world('synthetic-100000', { seed: 42, players: 500, pals: 100_000 })],
      [
        'synthetic 60,000 pals + 11x bulk (401 MB GVAS)',
        world('synthetic-60000-bulk11', { seed: 42, players: 300, pals: 60_000, bulk: 11 }),
      ],
    ];

const dataDir = mkdtempSync(join(tmpdir(), 'palpanel-bench-serve-'));
made.push(dataDir);
const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(root, 'bench/parse/reparse-server.ts')], {
  cwd: root,
  env: { ...process.env, SERVICE_DATA_DIR: dataDir },
  stdio: ['pipe', 'pipe', 'inherit'],
});
const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
async function expect(prefix: string): Promise<string> {
  for (;;) {
    const { value, done } = await lines.next();
    if (done) throw new Error(`server ended before "${prefix}"`);
    if (value.startsWith(prefix)) return value;
  }
}
const ready = await expect('listening on ');
const [, url, key] = /listening on (\S+) key (\S+)/.exec(ready)!;
const headers = { authorization: `Bearer ${key}` };

/** Sends a request every `gapMs` until `until` resolves; returns the latencies. */
async function probe(until: Promise<unknown>, gapMs = 5): Promise<number[]> {
  let done = false;
  void until.then(() => (done = true));
  const out: number[] = [];
  const paths = ['/api/integration/v1/pals?limit=100', '/api/integration/v1/players?limit=100'];
  for (let i = 0; !done; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}${paths[i % 2]}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
    out.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, gapMs));
  }
  return out;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length * p) / 100))];
};
const fmt = (xs: number[]) =>
  `n ${xs.length}, p50 ${pct(xs, 50).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
const send = (line: string) => child.stdin.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

console.log(`machine: ${cpus().length} cores, load average ${load()}`);
for (const [name, path] of targets) {
  // The first parse fills the store; the measured one replaces that world with itself.
  send(`parse ${path}`);
  await expect('parsed ');
  const idle = await probe(new Promise((r) => setTimeout(r, 2000)));
  send(`parse ${path}`);
  const during = probe(expect('parsed '));
  const lat = await during;
  // Steady state: the parse worker's memory goes back some seconds after it ends (10 to 30 s
  // measured); RSS is read every 2 s until it has not fallen for 10 s, 60 s at most.
  const settled = performance.now();
  let rss = { rssMb: Infinity, peakRssMb: 0 };
  let lowAt = settled;
  while (performance.now() - lowAt < 10_000 && performance.now() - settled < 60_000) {
    await new Promise((r) => setTimeout(r, 2000));
    send('rss');
    const now = JSON.parse((await expect('rss ')).slice(4)) as { rssMb: number; peakRssMb: number };
    if (now.rssMb < rss.rssMb - 1) lowAt = performance.now();
    rss = now;
  }
  const settleS = ((lowAt - settled) / 1000).toFixed(0);
  console.log(
    `${name}: idle ${fmt(idle)}; during re-parse ${fmt(lat)}; serve RSS ${rss.rssMb.toFixed(0)} MB once settled (${settleS} s after the parse; peak ${rss.peakRssMb.toFixed(0)} MB) [load ${load()}]`,
  );
}
send('exit');
await new Promise((r) => child.once('exit', r));
