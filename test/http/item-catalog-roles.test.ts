// GET /api/v1/items answers two things (docs/roles.md): without `q` the spec's grant catalog, an
// admin's alone like the rest of the item grants; with `q` who holds an item, world data every
// signed-in role reads (interface.md's Items, issue 42). Over a real socket of `serve` on the real
// 1.0 world, as a viewer, a moderator and an admin, and with an Integration API key, which gets
// neither (the Integration API does not change).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWorld, type ServedWorld } from '../helpers/serve-world.js';
import { waitFor } from '../helpers/wait.js';
import { ADMIN, VIEWER } from './panel-harness.js';

const MODERATOR = { username: 'mod', password: 'moderator-pass-phrase-7' };

let w: ServedWorld;
const cookies: Record<'viewer' | 'moderator' | 'admin', string> = { viewer: '', moderator: '', admin: '' };

async function get(path: string, headers: Record<string, string>) {
  const res = await fetch(`${w.url}${path}`, { headers });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked member by member
  return { status: res.status, json: (await res.json()) as any };
}

beforeAll(async () => {
  w = await serveWorld('v1.0-relics', [
    [ADMIN, 'admin'],
    [MODERATOR, 'moderator'],
    [VIEWER, 'viewer'],
  ]);
  cookies.viewer = await w.signIn(VIEWER);
  cookies.moderator = await w.signIn(MODERATOR);
  cookies.admin = await w.signIn(ADMIN);
  // The world's items are read by the first parse: "who holds Wood" then has holders to name.
  await waitFor(
    'the items read',
    async () => ((await get('/api/v1/items?q=Wood', { cookie: cookies.admin })).json.data?.itemsRead === true ? true : undefined),
    60_000,
  );
}, 90_000);
afterAll(async () => {
  await w?.server.stop();
});

describe('GET /api/v1/items by role', () => {
  it.each(['viewer', 'moderator'] as const)(
    'a %s is refused the grant catalog (403 forbidden) and reads who holds an item',
    async (who) => {
      const cookie = cookies[who];
      for (const path of ['/api/v1/items', '/api/v1/items?search=sphere', '/api/v1/items?lang=de']) {
        const r = await get(path, { cookie });
        expect([path, r.status, r.json.error?.code]).toEqual([path, 403, 'forbidden']);
        expect(r.json.data).toBeUndefined();
      }
      const held = await get('/api/v1/items?q=Wood', { cookie });
      expect(held.status).toBe(200);
      expect(held.json.data).toMatchObject({ query: 'Wood', itemsRead: true });
      expect(held.json.data.items.length).toBeGreaterThan(0);
      expect(held.json.data.items[0].holders.length).toBeGreaterThan(0);
      // An empty `q` names the query but asks nothing: a bad request, not the catalog.
      expect((await get('/api/v1/items?q=', { cookie })).status).toBe(400);
    },
  );

  it('an admin gets the grant catalog without `q`, and who holds an item with it', async () => {
    const catalog = await get('/api/v1/items', { cookie: cookies.admin });
    expect(catalog.status).toBe(200);
    expect(catalog.json.total).toBeGreaterThan(0);
    expect(catalog.json.data.length).toBeGreaterThan(0);
    expect(catalog.json.data[0]).toHaveProperty('id');
    const searched = await get('/api/v1/items?search=sphere', { cookie: cookies.admin });
    expect(searched.status).toBe(200);
    expect(searched.json.data.length).toBeGreaterThan(0);
    expect(searched.json.data.length).toBeLessThan(catalog.json.total);
    const held = await get('/api/v1/items?q=Wood', { cookie: cookies.admin });
    expect(held.status).toBe(200);
    expect(held.json.data.items.length).toBeGreaterThan(0);
  });

  it('an Integration API key gets neither: the panel refuses the key, the Integration API has no /items', async () => {
    const key = w.server.store.keys.create('items', 'cli').key;
    const auth = { authorization: `Bearer ${key}` };
    // The key works where it belongs.
    expect((await get('/api/integration/v1/players', auth)).status).toBe(200);
    for (const path of ['/api/v1/items', '/api/v1/items?q=Wood']) expect([path, (await get(path, auth)).status]).toEqual([path, 401]);
    for (const path of ['/api/integration/v1/items', '/api/integration/v1/items?q=Wood'])
      expect([path, (await get(path, auth)).status]).toEqual([path, 404]);
  });
});
