// The store parse job (serve's parse: its worker builds world.db, the store swaps it in) carries the
// items: it encodes them before the pal rows and lets their objects go, and the swapped-in world
// answers with the same containers and holders a parse in process gives: with the items read in
// the parse (items: true), and with their bytes kept in a file (the default) read on the first item
// request or by the items job after the swap, as serve's background read does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runItemsJob, runStoreParseJob } from '../../src/ingest/parse-job.js';
import { pendingItems, placeKeptItems } from '../../src/ingest/kept-items.js';
import { parseWorld } from '../../src/save/index.js';
import type { WorldItems } from '../../src/domain/world-items.js';
import { tempStore, type TempStore } from '../helpers/fixture.js';
import { FIXTURES, loadWorld } from '../save/fixtures.js';

let t: TempStore;
let lazy: TempStore;
let background: TempStore;
let items: WorldItems;
beforeAll(async () => {
  t = await tempStore();
  const job = await runStoreParseJob({ target: `${FIXTURES}v0.6-world2`, items: true });
  expect(job.itemsTemp).toBeUndefined();
  t.store.world.swap(job.world);
  for (const s of [(lazy = await tempStore()), (background = await tempStore())]) {
    const w = s.store.world;
    const kept = await runStoreParseJob({ target: `${FIXTURES}v0.6-world2`, worldFile: w.file });
    expect(kept.itemsTemp).toBeDefined();
    placeKeptItems(w.file, kept.itemsTemp);
    w.swap(kept.world, kept.worldTemp, pendingItems(w.file, kept.parsedAt));
    expect(w.pendingItemsOf()).toBe(kept.parsedAt);
  }
  const w = background.store.world;
  const parsedAt = w.pendingItemsOf()!;
  w.takeItems(parsedAt, runItemsJob({ worldFile: w.file, parsedAt }));
  expect(w.pendingItemsOf()).toBeUndefined();
  items = (await parseWorld(loadWorld('v0.6-world2'))).items!;
});
afterAll(() => {
  t.cleanup();
  lazy.cleanup();
  background.cleanup();
});

describe.each([
  ['read in the parse', () => t],
  ['kept, read by the first request', () => lazy],
  ['kept, read by the items job', () => background],
])('store parse job: items %s', (_, store) => {
  it('the swapped-in world holds every container and who holds each item', () => {
    const w = store().store.world;
    expect(w.itemsRead()).toBe(true);
    expect(w.allContainers()).toEqual(items.containers);
    const keys = w.heldItemKeys();
    const held = new Set(items.containers.flatMap((c) => c.slots.map((s) => s.itemId.toLowerCase())));
    expect(new Set(keys)).toEqual(held);
    expect(keys.length).toBeGreaterThan(0);
    const total = w.holders(keys).reduce((n, h) => n + h.count, 0);
    expect(total).toBe(items.containers.flatMap((c) => c.slots).reduce((n, s) => n + s.count, 0));
  });
});
