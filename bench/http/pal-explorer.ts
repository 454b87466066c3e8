// `npm run bench:pals` (`npx tsx bench/http/pal-explorer.ts [runs]`): the pal explorer's first
// page on the synthetic 100,000-pal world (bench/parse/README.md), parsed the way serve parses
// (runStoreParseJob: the world database built off the store, then swapped into a real store on a
// temp dir), then asked through the panel's real handler (in process, no socket: the store query,
// the row mapping and the JSON) with several filter and sort combinations. Prints the median and
// p95 of `runs` requests each (default 50) after 3 untimed ones; the aim is a first page under
// 100 ms. The store keeps the totals of recent filters (paging a filter counts it once), so they
// are forgotten before each timed request: each is counted afresh, as a viewer's first page is.
// PALPANEL_BENCH_WORLDS=<dir> keeps the generated world for reuse.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeSyntheticWorld } from '../../src/demo/world-gen/index.js';
import { createHandler, EMPTY_LIVE } from '../../src/http/index.js';
import { runStoreParseJob } from '../../src/ingest/parse-job.js';
import { createLogger } from '../../src/lib/logger.js';
import { openStore } from '../../src/store/index.js';
import { panelCalls } from '../../test/http/panel-harness.js';

const runs = Math.min(500, Number(process.argv[2] ?? 50));
const PALS = 100_000;
const opts = { seed: 42, players: PALS / 200, pals: PALS };

const keep = process.env.PALPANEL_BENCH_WORLDS;
const scratch = mkdtempSync(join(tmpdir(), 'palpanel-bench-pals-'));
const worldDir = keep ? join(keep, `synthetic-${PALS}`) : join(scratch, 'world');
if (!existsSync(join(worldDir, 'Level.sav'))) {
  mkdirSync(worldDir, { recursive: true });
  process.stdout.write(`writing the synthetic ${PALS.toLocaleString('en')}-pal world…\n`);
  writeSyntheticWorld(worldDir, opts);
}

const store = await openStore(join(scratch, 'data'));
let t = performance.now();
const job = await runStoreParseJob({ target: worldDir });
store.world.swap(job.world);
process.stdout.write(
  `parsed and stored ${store.world.parseInfo().pals.toLocaleString('en')} pals in ${Math.round(performance.now() - t)} ms\n`,
);

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

const CASES: [string, string][] = [
  ['default (level desc)', ''],
  ['sort name asc', 'sort=name&order=asc'],
  ['sort talents desc', 'sort=talents'],
  ['alpha only', 'alpha=true'],
  ['lucky only, by stars', 'lucky=true&sort=stars'],
  ['4 stars (rare: ~20%)', 'minStars=4'],
  ['passive Rare, level 50+', 'passive=Rare&minLevel=50'],
  ['species part "lamb"', 'species=lamb'],
  ['owner name part', 'owner=a'],
  ['placement unknown, sort owner', 'placement=unknown&sort=owner&order=asc'],
  ['everything at once', 'alpha=false&lucky=false&minStars=1&maxStars=3&placement=box&minLevel=5&maxLevel=50&passive=CraftSpeed_up1'],
  ['level 20 to 25', 'minLevel=20&maxLevel=25'],
  ['page 500 of 1,000 (offset 50,000)', 'cursor=' + Buffer.from('1:50000').toString('base64url')],
];

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
process.stdout.write(`\n${runs} runs each, limit=100, in process\n`);
process.stdout.write(`| query | matches | median ms | p95 ms |\n|---|---:|---:|---:|\n`);
for (const [name, query] of CASES) {
  const path = `/pals?limit=100${query ? `&${query}` : ''}`;
  let total = 0;
  for (let i = 0; i < 3; i++) {
    const res = await api.send('GET', path, cookie);
    if (res.status !== 200) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.json)}`);
    total = res.json.total;
  }
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    store.world.forgetPalTotals();
    t = performance.now();
    const res = await api.send('GET', path, cookie);
    if (res.json.total !== total) throw new Error(`${name}: ${res.json.total} matches, not ${total}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(`| ${name} | ${total.toLocaleString('en')} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} |\n`);
}
store.close();
rmSync(scratch, { recursive: true, force: true });
