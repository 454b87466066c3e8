// One measured parse in a fresh process (so peak RSS is this parse's alone): read, parse
// (decompress / decode / map) and store (the world-table swap on a real store on a temp dir).
// Prints one JSON line. Usage: node --import tsx bench/parse/one.ts <save-folder>
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runParseJob } from '../../src/app/parse-job.js';
import { openStore } from '../../src/store/index.js';

const target = process.argv[2];
const t0 = performance.now();
const { result, readMs } = await runParseJob({ target });
const parsed = performance.now();
const dir = mkdtempSync(join(tmpdir(), 'palpanel-bench-'));
const store = await openStore(dir);
const s0 = performance.now();
store.world.replace(result, new Date().toISOString());
const storeMs = performance.now() - s0;
store.close();
rmSync(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    pals: result.pals.length,
    readMs,
    decompressMs: result.timings.decompressMs,
    decodeMs: result.timings.decodeMs,
    mapMs: result.timings.mapMs,
    storeMs,
    totalMs: parsed - t0 + storeMs,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    drift: result.formatDrift,
  }),
);
