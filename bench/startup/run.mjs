// Median cold-start time of `dist/palpanel --version` next to `node -e 0`, same machine, same run.
// Usage: node bench/startup/run.mjs [runs]   (build first: ./build.sh)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';

const bin = fileURLToPath(new URL('../../dist/palpanel', import.meta.url));
if (!existsSync(bin)) {
  console.error('dist/palpanel is missing: run ./build.sh first');
  process.exit(1);
}
const runs = Number(process.argv[2] ?? 30);

function median(cmd, args) {
  const times = [];
  for (let i = 0; i < runs + 3; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(cmd, args, { stdio: 'ignore' });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== 0) throw new Error(`${cmd} exited ${r.status}`);
    if (i >= 3) times.push(ms); // the first runs warm the page cache
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

// Interleave the two so background load affects both alike.
const node = median(process.execPath, ['-e', '0']);
const pal = median(bin, ['--version']);
const node2 = median(process.execPath, ['-e', '0']);
const base = (node + node2) / 2;
console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`node -e 0                 median ${base.toFixed(1)} ms  (${runs} runs x2)`);
console.log(`dist/palpanel --version   median ${pal.toFixed(1)} ms  (${runs} runs)`);
console.log(`ratio                     ${(pal / base).toFixed(2)}x  (aim: < 2x)`);
