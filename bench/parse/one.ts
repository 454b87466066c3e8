// One measured parse in a fresh process (so peak RSS is this parse's alone): read, parse
// (decompress / decode / map), and store: building the world database (in serve, inside the
// parse worker) and swapping it into a real store on a temp dir (the only main-thread part).
// Prints one JSON line. Usage: node --import tsx bench/parse/one.ts <save-folder>
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runStoreParseJob } from '../../src/app/parse-job.js';
import { openStore } from '../../src/store/index.js';

const target = process.argv[2];
const t0 = performance.now();
const out = await runStoreParseJob({ target });
const parsedMs = performance.now() - t0;
const dir = mkdtempSync(join(tmpdir(), 'palpanel-bench-'));
let swapMs: number;
try {
  const store = await openStore(dir);
  const s0 = performance.now();
  store.world.swap(out.world);
  swapMs = performance.now() - s0;
  store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  JSON.stringify({
    pals: out.counts.pals,
    readMs: out.readMs,
    decompressMs: out.timings.decompressMs,
    decodeMs: out.timings.decodeMs,
    mapMs: out.timings.mapMs,
    storeMs: out.buildMs + swapMs,
    swapMs,
    totalMs: parsedMs + swapMs,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    drift: out.formatDrift,
  }),
);
