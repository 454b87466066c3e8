// Median cold-start time of `<binary> --version` next to `node -e 0`, same machine, same run.
// Usage: node bench/startup/run.mjs [runs] [binary ...]   (default: dist/palpanel, 30 runs)
// With several binaries (two builds side by side) the runs are interleaved, one of each per
// round with `node -e 0` between, so background load on this shared machine hits all alike.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { cpus, loadavg } from 'node:os';

const args = process.argv.slice(2);
const runs = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 30;
const bins = args.length ? args.map((a) => resolve(a)) : [fileURLToPath(new URL('../../dist/palpanel', import.meta.url))];
for (const bin of bins) {
  if (!existsSync(bin)) {
    console.error(`${bin} is missing${args.length ? '' : ': run ./build.sh first'}`);
    process.exit(1);
  }
}

const node = { label: 'node -e 0', cmd: process.execPath, args: ['-e', '0'], times: [] };
const targets = bins.map((bin) => ({ label: `${bin} --version`, cmd: bin, args: ['--version'], times: [] }));

function time(t, keep) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(t.cmd, t.args, { stdio: 'ignore' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${t.cmd} exited ${r.status ?? r.signal}`);
  if (keep) t.times.push(ms);
}

const loadBefore = loadavg();
for (let i = 0; i < runs + 3; i++) {
  const keep = i >= 3; // the first rounds warm the page cache
  for (const t of targets) {
    time(node, keep);
    time(t, keep);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = median(node.times);
const fmt = (l) => l.map((x) => x.toFixed(2)).join(' ');
console.log(`machine: ${cpus().length} cores, load average ${fmt(loadBefore)} before, ${fmt(loadavg())} after`);
const width = Math.max(...[node, ...targets].map((t) => t.label.length));
console.log(`${node.label.padEnd(width)}  median ${base.toFixed(1)} ms  (${node.times.length} runs)`);
for (const t of targets) {
  const m = median(t.times);
  console.log(`${t.label.padEnd(width)}  median ${m.toFixed(1)} ms  (${t.times.length} runs)  ${(m / base).toFixed(2)}x  (aim: < 2x)`);
}
