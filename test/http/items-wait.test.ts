// An item request that comes while the parse's items are being read off the main thread waits for
// that read instead of decoding them itself: here the kept file is gone once the read has its
// result, so a request that read it on the main thread would answer "items not read". Real store
// on a temp dir, real parse of v0.6-world2, the items job as serve's worker runs it.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keptItemsFile, pendingItems, placeKeptItems } from '../../src/ingest/kept-items.js';
import { runItemsJob, runStoreParseJob } from '../../src/ingest/parse-job.js';
import { FIXTURES } from '../save/fixtures.js';
import { panelHarness, VIEWER, type PanelHarness } from './panel-harness.js';
import { P } from './conformance-table.js';

let h: PanelHarness;
let cookie: string;
beforeAll(async () => {
  h = await panelHarness();
  cookie = await h.login(VIEWER);
});
afterAll(() => h.ts.cleanup());

it('waits for the background read of the items, then answers from it', async () => {
  const world = h.ts.store.world;
  const out = await runStoreParseJob({ target: `${FIXTURES}v0.6-world2`, worldFile: world.file });
  placeKeptItems(world.file, out.itemsTemp);
  world.swap(out.world, out.worldTemp, pendingItems(world.file, out.parsedAt));
  const read = runItemsJob({ worldFile: world.file, parsedAt: out.parsedAt });
  expect(read).not.toBeNull();
  rmSync(keptItemsFile(world.file));

  let finish!: () => void;
  world.expectItems(new Promise<void>((resolve) => (finish = resolve)));
  const asked = h.send({ method: 'GET', path: `${P}/items?q=a`, headers: { cookie } });
  const economy = h.send({ method: 'GET', path: `${P}/items/economy`, headers: { cookie } });
  let answered = false;
  void asked.then(() => (answered = true));
  await new Promise((r) => setTimeout(r, 50));
  expect(answered).toBe(false); // still waiting for the read
  world.takeItems(out.parsedAt, read);
  finish();

  const res = await asked;
  expect(res.status).toBe(200);
  expect(res.json.data.itemsRead).toBe(true);
  expect(res.json.data.items.length).toBeGreaterThan(0);
  const eco = await economy;
  expect(eco.status).toBe(200);
  expect(eco.json.data.itemsRead).toBe(true);
  expect(eco.json.data.topItems.length).toBeGreaterThan(0);
});
