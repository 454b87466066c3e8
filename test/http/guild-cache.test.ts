// GET /api/v1/guilds is served from a cache kept per parse generation (integration/world-routes.ts).
// A re-parse must show at once: new rows, a new lastParseAt and a new ETag, never the old body
// (issue 37, finding 15a: a planted bug dropping the generation went unseen).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/index.js';
import { I } from './conformance-table.js';
import { inProcessSend, makeWorld, silentLog, tempStore, TestLive, type Send, type TempStore } from '../helpers/fixture.js';

describe('the guild page after a re-parse', () => {
  let ts: TempStore;
  let send: Send;
  let key: string;
  beforeEach(async () => {
    ts = await tempStore();
    key = ts.store.keys.create('guilds', 'cli').key;
    send = inProcessSend(
      createHandler({
        store: ts.store,
        live: new TestLive(),
        settings: { integrationRateLimit: 1e6, sessionTtlMs: 1e6 },
        clock: () => new Date(),
        log: silentLog,
        version: 't',
      }),
    );
  });
  afterEach(() => ts.cleanup());

  const get = (etag?: string) =>
    send({
      method: 'GET',
      path: `${I}/guilds`,
      headers: { authorization: `Bearer ${key}`, ...(etag ? { 'if-none-match': etag } : {}) },
    });

  it('serves the new guilds with a new ETag; the old ETag no longer matches', async () => {
    const world = makeWorld({ players: 4, pals: 4 });
    ts.store.world.replace(world, '2026-07-14T09:00:00.000Z');
    const first = await get();
    expect(first.status).toBe(200);
    expect(JSON.parse(String(first.body)).data.map((g: { name: string }) => g.name)).toEqual(['Guild 0', 'Guild 1']);
    // Cached: the same page again, and a 304 for its tag.
    expect((await get(first.headers.etag)).status).toBe(304);

    // A re-parse: one guild renamed.
    const renamed = { ...world, guilds: world.guilds.map((g) => (g.id === 'guild-1' ? { ...g, name: 'Night Owls' } : g)) };
    ts.store.world.replace(renamed, '2026-07-14T09:30:00.000Z');
    const after = await get(first.headers.etag);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    const body = JSON.parse(String(after.body)) as { data: { name: string }[]; lastParseAt: string };
    expect(body.data.map((g) => g.name).sort()).toEqual(['Guild 0', 'Night Owls']);
    expect(body.lastParseAt).toBe('2026-07-14T09:30:00.000Z');
  });
});
