// `npm run bench:item-search` (`npx tsx bench/http/item-search.ts [runs]`, issue 42): the panel's
// "who has it" search (GET /api/v1/items?q=…) over the real 1.0 world (v1.0-relics: 4,873
// containers, 12,182 slots), parsed the way serve parses it into a real store on a temp dir, then
// asked through the panel's real handler (in process: the store query, the names, the rows and the
// JSON). Queries by id, by part of a name in English and in German, and ones that match many items
// or none; before each request of one case (`first`) the parse's kept items are handed to the world again, so the
// first search after a parse is timed too. Prints the median and p99 of `runs` requests per query
// (default 200) after 3 untimed ones; the aim is p99 under 50 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createHandler, EMPTY_LIVE } from '../../src/http/index.js';
import { runStoreParseJob } from '../../src/ingest/parse-job.js';
import { pendingItems } from '../../src/ingest/kept-items.js';
import { createLogger } from '../../src/lib/logger.js';
import { openStore } from '../../src/store/index.js';
import { panelCalls } from '../../test/http/panel-harness.js';

const runs = Math.min(2000, Number(process.argv[2] ?? 200));
const root = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'palpanel-bench-items-'));
const store = await openStore(join(scratch, 'data'));
const job = await runStoreParseJob({ target: join(root, '..', 'shared', 'fixtures', 'saves', 'v1.0-relics') });
// As serve applies a parse: the items' bytes kept, read on the first item request.
store.world.swap(job.world, undefined, pendingItems(job.parsedAt, job.keptItems!));
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

const CASES: [string, string, boolean][] = [
  ['id: PalSphere', 'q=PalSphere', false],
  ['id: Money (gold coins, in many slots)', 'q=Money', false],
  ['part of a name: "sphere" (18 items)', 'q=sphere', false],
  ['a name in German: "Holz"', 'q=Holz&lang=de', false],
  ['one letter: "a" (most items)', 'q=a', false],
  ['nothing matches', 'q=no-such-item', false],
  ['"sphere", first after a parse (the kept items read: decoded, mapped, indexed)', 'q=sphere', true],
];
// The first item request after a parse reads the kept items (one decode); later ones use the index.
const fresh = () => store.world.leaveItemsTo(pendingItems(job.parsedAt, job.keptItems!));
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
  // A first request costs a decode: fewer of them.
  for (let i = 0; i < (first ? Math.min(runs, 30) : runs); i++) {
    if (first) fresh();
    const t = performance.now();
    await api.send('GET', path, cookie);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(`| ${name} | ${items} | ${pct(times, 50).toFixed(1)} | ${pct(times, 99).toFixed(1)} |\n`);
}
store.close();
rmSync(scratch, { recursive: true, force: true });
