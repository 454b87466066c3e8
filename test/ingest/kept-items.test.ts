// The items a parse keeps for their first request (items: 'lazy', serve's default), in a real
// serve on a copy of the real 1.0 world: the item routes answer from the kept bytes, concurrent
// first requests share one read, and after a restart (the world restored from the store on its
// temp dir, no save folder to parse again) the routes answer the same from the file kept beside
// the world database; a file of another parse, or one that does not read, is never taken.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { hasKeptItems, keptItemsFile } from '../../src/ingest/kept-items.js';
import { createLogger } from '../../src/lib/logger.js';
import { parseWorld } from '../../src/save/index.js';
import { serveWorld, type ServedWorld } from '../helpers/serve-world.js';
import { testSettings } from '../helpers/settings.js';
import { waitFor } from '../helpers/wait.js';
import { loadWorld } from '../save/fixtures.js';
import { VIEWER } from '../http/panel-harness.js';

const PLAYER = 'FF77F3E9-0000-0000-0000-000000000000';
let w: ServedWorld;
let cookie: string;
let worldFile: string;

const get = async (url: string, path: string) => {
  const res = await fetch(`${url}/api/v1${path}`, { headers: { cookie } });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are compared whole
  return { status: res.status, json: (await res.json()) as any };
};

/** serve again on the same data dir, without a save folder: only the restored world answers. */
async function restart(): Promise<RunningServer> {
  const server = await startServe({
    settings: testSettings(w.dataDir),
    log: createLogger('text', () => {}),
    version: 't',
    ready: () => {},
  });
  return server;
}

const PATHS = [`/players/${PLAYER}/inventory`, '/items?q=PalSphere', '/items/economy'];

beforeAll(async () => {
  w = await serveWorld('v1.0-relics', [[VIEWER, 'viewer']]);
  cookie = await w.signIn(VIEWER);
  await waitFor('a parse', async () => ((await get(w.url, '/world')).json.data.lastParseAt ? true : undefined), 60_000);
  worldFile = w.server.store.world.file;
}, 90_000);
afterAll(async () => {
  await w?.server.stop();
});

describe('items kept for their first request', () => {
  it('are read in the background right after the parse, before any item request', async () => {
    await waitFor(
      'the items read in the background',
      () => (w.server.store.world.pendingItemsOf() === undefined ? true : undefined),
      30_000,
    );
    expect(w.server.store.world.itemsRead()).toBe(true);
  });

  it('answer as the eager parse reads them; two first requests at once get the same', async () => {
    const [a, b] = await Promise.all([get(w.url, PATHS[0]), get(w.url, PATHS[0])]);
    expect(a.status).toBe(200);
    expect(a.json).toEqual(b.json);
    expect(a.json.data.itemsRead).toBe(true);
    // Counted against the eager parse of the same save, in this process.
    const eager = await parseWorld(loadWorld('v1.0-relics'));
    const mine = eager.items!.containers.filter((c) => c.owner.kind === 'player' && c.owner.id?.toUpperCase() === PLAYER);
    expect(a.json.data.containers.map((c: { id: string }) => c.id).sort()).toEqual(mine.map((c) => c.id).sort());
    const total = (cs: { slots: { count: number }[] }[]) => cs.reduce((n, c) => n + c.slots.reduce((m, s) => m + s.count, 0), 0);
    expect(total(a.json.data.containers)).toBe(total(mine));
    const sphere = (await get(w.url, '/items?q=PalSphere')).json.data.items.find((i: { itemId: string }) => i.itemId === 'PalSphere');
    const held = eager.items!.containers.flatMap((c) => c.slots).filter((s) => s.itemId === 'PalSphere');
    expect(sphere.total).toBe(held.reduce((n, s) => n + s.count, 0));
  });

  it('still answer after a restart, from the kept file of the same parse; another parse’s file is not taken', async () => {
    const before = await Promise.all(PATHS.map((p) => get(w.url, p)));
    const parsedAt = (await get(w.url, '/world')).json.data.lastParseAt as string;
    await w.server.stop();
    expect(existsSync(keptItemsFile(worldFile))).toBe(true);
    expect(hasKeptItems(worldFile, parsedAt)).toBe(true);
    expect(hasKeptItems(worldFile, '2000-01-01T00:00:00.000Z')).toBe(false);

    let server = await restart();
    try {
      const after = await Promise.all(PATHS.map((p) => get(server.url, p)));
      expect(after.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(after.map((r) => r.json)).toEqual(before.map((r) => r.json));
    } finally {
      await server.stop();
    }

    // A file that does not read (cut short): the world answers as a parse without items, no crash.
    const bytes = readFileSync(keptItemsFile(worldFile));
    writeFileSync(keptItemsFile(worldFile), bytes.subarray(0, bytes.length - 100));
    server = await restart();
    try {
      const inv = await get(server.url, PATHS[0]);
      expect(inv.status).toBe(200);
      expect(inv.json.data.itemsRead).toBe(false);
      expect(inv.json.data.containers).toBeUndefined();
      expect((await get(server.url, '/players')).status).toBe(200);
    } finally {
      await server.stop();
      writeFileSync(keptItemsFile(worldFile), bytes);
    }
    w.server = await restart();
    w.url = w.server.url;
    expect((await get(w.url, PATHS[0])).json).toEqual(before[0].json);
  }, 60_000);
});
