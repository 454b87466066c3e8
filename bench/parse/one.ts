// One measured parse in a fresh process (so peak RSS is this parse's alone): read, parse
// (decompress / decode / map), and store: building the world database (in serve, inside the
// parse worker) and swapping it into a real store on a temp dir (the only main-thread part).
// Prints one JSON line. With `--digest` it adds the digest of the rows (after the figures are
// taken; a run for the digest is not a timed run).
// `--no-items` leaves the item containers unread, `--items-eager` reads them in the walk, and
// `--items-lazy` (serve's default) writes their bytes to a file beside the world database;
// `--first-request` then reads that file in a worker as serve does after the swap (its time as
// `itemsReadMs`, off the main thread) and times the first item request on the main thread
// (`firstRequestMs`); the process's peak includes both (bench/parse/items.ts compares the arms).
// Usage: node dist/bench-parse/one.cjs <save-folder> [--digest] [--no-items | --items-eager | --items-lazy [--first-request]] (bundled by bench/parse/run.ts)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pendingItems, placeKeptItems } from '../../src/ingest/kept-items.js';
import { runStoreParseJob } from '../../src/ingest/parse-job.js';
import { readItemsInWorker } from '../../src/ingest/parse-worker-host.js';
import { openStore } from '../../src/store/index.js';
import { loadSqlJs } from '../../src/store/sqljs.js';
import { databaseDigest } from '../../src/store/world-digest.js';

async function main(): Promise<void> {
  const target = process.argv[2];
  const firstRequest = process.argv.includes('--first-request');
  const dir = mkdtempSync(join(tmpdir(), 'palpanel-bench-'));
  let swapMs: number;
  let firstRequestMs: number | undefined;
  let itemsReadMs: number | undefined;
  let parsedMs: number;
  let out: Awaited<ReturnType<typeof runStoreParseJob>>;
  try {
    const store = await openStore(dir);
    // The worker's code made before the clock starts (serve has it from its start): a job for a
    // file that is not there starts a worker and answers null.
    if (firstRequest) await readItemsInWorker({ worldFile: join(dir, 'none'), parsedAt: '' });
    const t0 = performance.now();
    // As serve runs it: the worker's part writes the new world.db beside the store's.
    out = await runStoreParseJob({
      target,
      worldFile: store.world.file,
      items: process.argv.includes('--no-items') ? false : process.argv.includes('--items-eager') ? true : 'lazy',
    });
    parsedMs = performance.now() - t0;
    const s0 = performance.now();
    placeKeptItems(store.world.file, out.itemsTemp);
    store.world.swap(out.world, out.worldTemp, out.itemsTemp ? pendingItems(store.world.file, out.parsedAt) : undefined);
    swapMs = performance.now() - s0;
    if (firstRequest) {
      // As serve does after the swap: the kept file read in a worker, the world takes the result.
      const r0 = performance.now();
      const parsedAt = store.world.pendingItemsOf();
      if (parsedAt === undefined) throw new Error('no items kept');
      store.world.takeItems(parsedAt, await readItemsInWorker({ worldFile: store.world.file, parsedAt }));
      itemsReadMs = performance.now() - r0;
      // The first item request on the main thread: who has it, then every container.
      const f0 = performance.now();
      store.world.holders(store.world.heldItemKeys().slice(0, 1));
      store.world.allContainers();
      firstRequestMs = performance.now() - f0;
    }
    if (process.argv.includes('--items-lazy') && !out.itemsTemp) throw new Error('no item bytes kept');
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
      ...(firstRequestMs !== undefined ? { firstRequestMs, itemsReadMs } : {}),
      totalMs: parsedMs + swapMs,
      peakRssMb,
      drift: out.formatDrift,
      ...(digest ? { digest } : {}),
    }),
  );
}

void main();
