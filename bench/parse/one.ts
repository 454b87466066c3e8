// One measured parse in a fresh process (so peak RSS is this parse's alone): read, parse
// (decompress / decode / map), and store: building the world database (in serve, inside the
// parse worker) and swapping it into a real store on a temp dir (the only main-thread part).
// Prints one JSON line. With `--digest` it adds the digest of the rows (after the figures are
// taken; a run for the digest is not a timed run).
// `--no-items` leaves the item containers unread (bench/parse/items.ts compares both in one run).
// Usage: node dist/bench-parse/one.cjs <save-folder> [--digest] [--no-items] [--items-thread=<items-worker.cjs>] [--items-lazy] (bundled by bench/parse/run.ts)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pendingItems, placeKeptItems } from '../../src/ingest/kept-items.js';
import { runStoreParseJob } from '../../src/ingest/parse-job.js';
import { openStore } from '../../src/store/index.js';
import { loadSqlJs } from '../../src/store/sqljs.js';
import { databaseDigest } from '../../src/store/world-digest.js';

async function main(): Promise<void> {
  const target = process.argv[2];
  // --items-thread=<bundled items-worker.cjs>: the items read in a second thread (items-thread.ts).
  const itemsWorker = process.argv.find((a) => a.startsWith('--items-thread='))?.slice('--items-thread='.length);
  const dir = mkdtempSync(join(tmpdir(), 'palpanel-bench-'));
  let swapMs: number;
  let firstRequestMs: number | undefined;
  let parsedMs: number;
  let out: Awaited<ReturnType<typeof runStoreParseJob>>;
  try {
    const store = await openStore(dir);
    const t0 = performance.now();
    // As serve runs it: the worker's part writes the new world.db beside the store's.
    out = await runStoreParseJob({
      target,
      worldFile: store.world.file,
      // The items read in the parse (the arm before lazy items), left out (--no-items), or their
      // bytes kept for their first request (--items-lazy, serve's default): not read here.
      items: process.argv.includes('--no-items') ? false : process.argv.includes('--items-lazy') ? 'lazy' : true,
      ...(itemsWorker ? { itemsWorkerCode: readFileSync(itemsWorker, 'utf8') } : {}),
    });
    parsedMs = performance.now() - t0;
    const s0 = performance.now();
    placeKeptItems(store.world.file, out.itemsTemp);
    store.world.swap(out.world, out.worldTemp, out.keptItems ? pendingItems(out.parsedAt, out.keptItems) : undefined);
    swapMs = performance.now() - s0;
    // --first-request: the first item request after the parse, as serve answers it (the kept
    // bytes read, mapped and indexed); its time apart, its memory in the process's peak.
    if (process.argv.includes('--first-request')) {
      const f0 = performance.now();
      store.world.holders(store.world.heldItemKeys().slice(0, 1));
      store.world.allContainers();
      firstRequestMs = performance.now() - f0;
    }
    // The kept item bytes live as long as the world they belong to: past the swap.
    if (process.argv.includes('--items-lazy') && !out.keptItems) throw new Error('no item bytes kept');
    store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  const digest = process.argv.includes('--digest') ? databaseDigest(await loadSqlJs(), out.world) : undefined;
  console.log(
    JSON.stringify({
      pals: out.counts.pals,
      readMs: out.readMs,
      decompressMs: out.timings.decompressMs,
      decodeMs: out.timings.decodeMs,
      mapMs: out.timings.mapMs,
      storeMs: out.buildMs + swapMs,
      swapMs,
      ...(firstRequestMs !== undefined ? { firstRequestMs } : {}),
      totalMs: parsedMs + swapMs,
      peakRssMb,
      drift: out.formatDrift,
      ...(digest ? { digest } : {}),
    }),
  );
}

void main();
