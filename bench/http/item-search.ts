// `npm run bench:item-search` (`npx tsx bench/http/item-search.ts [runs]`, issue 42): the panel's
// "who has it" search (GET /api/v1/items?q=…) over the real 1.0 world (v1.0-relics: 4,873
// containers, 12,182 slots), parsed the way serve parses it into a real store on a temp dir, then
// asked through the panel's real handler (in process: the store query, the names, the rows and the
// JSON). Queries by id, by part of a name in English and in German, and ones that match many items
// or none; and the first search after a parse, in the three ways it can come: once the background
// read has handed the world the encoded items (serve's usual case); while that read is under way
// in its worker (the request waits for it: a window of about 0.2 s after each parse); and with no
// read under way (the request reads the kept file itself on the main thread: serve's fallback). Prints the median and p99 of `runs` requests per query
// (default 200) after 3 untimed ones; the aim is p99 under 50 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createHandler, EMPTY_LIVE } from '../../src/http/index.js';
import { runItemsJob, runStoreParseJob } from '../../src/ingest/parse-job.js';
import { pendingItems, placeKeptItems } from '../../src/ingest/kept-items.js';
import { readItemsInWorker } from '../../src/ingest/parse-worker-host.js';
import { createLogger } from '../../src/lib/logger.js';
import { openStore } from '../../src/store/index.js';
import { panelCalls } from '../../test/http/panel-harness.js';

const runs = Math.min(2000, Number(process.argv[2] ?? 200));
const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'palpanel-bench-items-'));
const store = await openStore(join(scratch, 'data'));
const worldFile = store.world.file;
const job = await runStoreParseJob({ target: join(root, '..', 'shared', 'fixtures', 'saves', 'v1.0-relics'), worldFile });
// As serve applies a parse: the items' bytes kept in a file, read after the swap (in serve, in a
// worker; here in process, untimed) and handed to the world.
placeKeptItems(worldFile, job.itemsTemp);
store.world.swap(job.world, job.worldTemp, pendingItems(worldFile, job.parsedAt));
const background = runItemsJob({ worldFile, parsedAt: job.parsedAt });
store.world.takeItems(job.parsedAt, background);
store.users.add('viewer', 'viewer', 'viewer-pass-phrase-42', 'cli');
const handler = createHandler({
  store,
  live: EMPTY_LIVE,
  settings: { integrationRateLimit: 60, sessionTtlMs: 86_400_000 },
  clock: () => new Date(),
  log: createLogger('text'),
  version: 'bench',
});
const api = panelCalls(handler);
const cookie = await api.login({ username: 'viewer', password: 'viewer-pass-phrase-42' });

type First = false | 'read' | 'arriving' | 'pending';
const CASES: [string, string, First][] = [
  ['id: PalSphere', 'q=PalSphere', false],
  ['id: Money (gold coins, in many slots)', 'q=Money', false],
  ['part of a name: "sphere" (18 items)', 'q=sphere', false],
  ['a name in German: "Holz"', 'q=Holz&lang=de', false],
  ['one letter: "a" (most items)', 'q=a', false],
  ['nothing matches', 'q=no-such-item', false],
  ['"sphere", first after a parse, the items read in the background', 'q=sphere', 'read'],
  ['"sphere", first after a parse, asked as the background read starts (waits for it)', 'q=sphere', 'arriving'],
  ['"sphere", first after a parse, no read under way (read on the main thread)', 'q=sphere', 'pending'],
];
// The first search after a parse: the world's indexes made again from the encoded items the
// background read gave, or the kept file left to the request itself.
const fresh = (first: First) => {
  store.world.leaveItemsTo(pendingItems(worldFile, job.parsedAt));
  if (first === 'read') store.world.takeItems(job.parsedAt, background);
  if (first === 'arriving') {
    const read = readItemsInWorker({ worldFile, parsedAt: job.parsedAt }).then((r) => store.world.takeItems(job.parsedAt, r));
    store.world.expectItems(read);
  }
};
// The worker's code made before anything is timed (serve has it from its first parse).
await readItemsInWorker({ worldFile: join(scratch, 'none'), parsedAt: '' });
const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
process.stdout.write(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${runs} runs each, in process\n`,
);
process.stdout.write(`| query | items | median ms | p99 ms |\n|---|---:|---:|---:|\n`);
for (const [name, query, first] of CASES) {
  const path = `/items?${query}`;
  let items = 0;
  for (let i = 0; i < 3; i++) {
    const res = await api.send('GET', path, cookie);
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.json)}`);
    items = res.json.data.items.length;
  }
  const times: number[] = [];
  // A first request that reads the kept file costs a decode: fewer of them.
  for (let i = 0; i < (first === 'pending' || first === 'arriving' ? Math.min(runs, 30) : runs); i++) {
    if (first) fresh(first);
    const t = performance.now();
    await api.send('GET', path, cookie);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(`| ${name} | ${items} | ${pct(times, 50).toFixed(1)} | ${pct(times, 99).toFixed(1)} |\n`);
}
store.close();
rmSync(scratch, { recursive: true, force: true });
