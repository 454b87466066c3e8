// The serving side of bench/parse/reparse.ts: a store on a data dir, the HTTP handler over it
// (as bench/http's in-process server), and re-parses in the parse worker as `serve` runs them:
// each line `parse <folder>` on stdin parses that folder in the worker and swaps the result in
// (ingest/world-apply.ts), reads the items the parse kept in a second worker as serve does after
// the swap (ingest/items-reader.ts), then prints `parsed <json>` with the times and this process's
// RSS. PALPANEL_BENCH_ITEMS=off parses without items (the comparison of bench/parse/README.md).
import { createInterface } from 'node:readline';
import { BackgroundItems } from '../../src/ingest/items-reader.js';
import { parseForStoreInWorker } from '../../src/ingest/parse-worker-host.js';
import { applyParse } from '../../src/ingest/world-apply.js';
import { createHandler, EMPTY_LIVE } from '../../src/http/index.js';
import { startHttpServer } from '../../src/http/node-adapter.js';
import { openStore } from '../../src/store/index.js';

const dataDir = process.env.SERVICE_DATA_DIR!;
const store = await openStore(dataDir);
const quiet = () => {};
const handler = createHandler({
  store,
  live: EMPTY_LIVE,
  settings: { integrationRateLimit: 1e9, sessionTtlMs: 86_400_000 },
  clock: () => new Date(),
  log: quiet,
  version: 'bench',
});
const server = await startHttpServer(handler, { host: '127.0.0.1', port: 0, log: quiet });
const key = store.keys.create('bench', 'cli').key;
process.stdout.write(`listening on http://127.0.0.1:${server.port} key ${key}\n`);

const items = new BackgroundItems(store.world, quiet, new AbortController().signal);
const withItems = process.env.PALPANEL_BENCH_ITEMS !== 'off';
const rssMb = () => process.memoryUsage().rss / 1048576;
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const [cmd, arg] = line.split(' ');
  if (cmd === 'parse') {
    const t0 = performance.now();
    const out = await parseForStoreInWorker({ target: arg, dataDir, worldFile: store.world.file, ...(withItems ? {} : { items: false }) });
    const parsedMs = performance.now() - t0;
    const s0 = performance.now();
    applyParse(store, out, quiet);
    const applyMs = performance.now() - s0;
    const i0 = performance.now();
    items.start();
    await items.idle();
    const itemsMs = performance.now() - i0;
    if (withItems && !store.world.itemsRead()) throw new Error('the items were not read');
    process.stdout.write(`parsed ${JSON.stringify({ pals: out.counts.pals, parsedMs, applyMs, itemsMs, rssMb: rssMb() })}\n`);
  } else if (cmd === 'rss') {
    // Steady state: after the collector has had its chance.
    (globalThis as { gc?: () => void }).gc?.();
    process.stdout.write(`rss ${JSON.stringify({ rssMb: rssMb(), peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
  } else if (cmd === 'exit') {
    break;
  }
}
await server.close(1000);
store.close();
process.exit(0);
