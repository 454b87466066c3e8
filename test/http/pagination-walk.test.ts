// Keyset pagination across a re-parse (spec: Limits, Keyset pagination rule 4): a walk over
// 10,000 pals while the world tables are swapped mid-walk returns no duplicates, keeps
// ascending order, and returns every row that exists throughout exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/index.js';
import type { WorldSnapshot } from '../../src/domain/world.js';
import { I } from './conformance-table.js';
import {
  inProcessSend,
  makeGuilds,
  makePal,
  makePlayer,
  palId,
  silentLog,
  tempStore,
  TestLive,
  type Send,
  type TempStore,
} from '../helpers/fixture.js';

const N = 10_000;

function snapshot(ids: string[]): WorldSnapshot {
  const players = Array.from({ length: 20 }, (_, i) => makePlayer(i));
  const pals = ids.map((id, i) => ({ ...makePal(i, players[i % players.length]), instanceId: id }));
  return { players, pals, guilds: makeGuilds(players), formatDrift: false, warnings: [], meta: { container: 'PlZ2', gameVersion: '1.0' } };
}

describe('pagination walk over 10,000 pals with a re-parse mid-walk', () => {
  let ts: TempStore;
  let send: Send;
  let key: string;
  const original = Array.from({ length: N }, (_, i) => palId(i));
  // The re-parse removes every tenth row (i % 10 === 3), adds a row right after every tenth
  // (i % 10 === 7), and keeps the rest: stable rows are spread over the whole key space.
  const removed = new Set(original.filter((_, i) => i % 10 === 3));
  const added = original.filter((_, i) => i % 10 === 7).map((id) => `${id}+new`);
  const swapped = [...original.filter((id) => !removed.has(id)), ...added];
  const stable = original.filter((id) => !removed.has(id));

  beforeAll(async () => {
    ts = await tempStore();
    ts.store.world.replace(snapshot(original), '2026-07-14T09:00:00.000Z');
    key = ts.store.keys.create('walker', 'cli').key;
    send = inProcessSend(
      createHandler({
        store: ts.store,
        live: new TestLive(),
        settings: { integrationRateLimit: 1e9, sessionTtlMs: 1e6 },
        clock: () => new Date(),
        log: silentLog,
        version: 't',
      }),
    );
  });
  afterAll(() => ts.cleanup());

  async function walk(limit: number, onPage: (page: number) => void) {
    const ids: string[] = [];
    const parseTimes: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const path = `${I}/pals?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await send({ method: 'GET', path, headers: { authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      const body = JSON.parse(res.body);
      if (body.data.length < limit) expect(body.nextCursor).toBeNull();
      if (body.data.length === 0) expect(body.nextCursor).toBeNull();
      ids.push(...(body.data as { instanceId: string }[]).map((p) => p.instanceId));
      parseTimes.push(body.lastParseAt);
      cursor = body.nextCursor;
      onPage(++page);
    } while (cursor !== null);
    return { ids, parseTimes };
  }

  function checkWalk(ids: string[]) {
    expect(new Set(ids).size).toBe(ids.length);
    for (let i = 1; i < ids.length; i++) expect(ids[i - 1] < ids[i]).toBe(true);
    const seen = new Set(ids);
    for (const id of stable) expect(seen.has(id), id).toBe(true);
  }

  it('re-parse halfway: no duplicates, ascending, stable rows exactly once', async () => {
    ts.store.world.replace(snapshot(original), '2026-07-14T09:00:00.000Z');
    const { ids, parseTimes } = await walk(250, (page) => {
      if (page === 20) ts.store.world.replace(snapshot(swapped), '2026-07-14T09:05:00.000Z');
    });
    checkWalk(ids);
    // A change of lastParseAt between pages tells the client a re-parse happened.
    expect(parseTimes[0]).toBe('2026-07-14T09:00:00.000Z');
    expect(parseTimes.at(-1)).toBe('2026-07-14T09:05:00.000Z');
    // Before the swap point the original rows, after it the new table.
    const boundary = ids[20 * 250 - 1];
    for (const id of ids) {
      if (id <= boundary) expect(swapped.includes(id) && !original.includes(id)).toBe(false);
      else expect(removed.has(id)).toBe(false);
    }
    expect(ids.length).toBeGreaterThan(stable.length);
  });

  it('several re-parses back and forth during one walk', async () => {
    ts.store.world.replace(snapshot(original), '2026-07-14T10:00:00.000Z');
    let flip = false;
    const { ids } = await walk(333, (page) => {
      if (page % 3 === 0) {
        flip = !flip;
        ts.store.world.replace(snapshot(flip ? swapped : original), `2026-07-14T10:0${page % 10}:00.000Z`);
      }
    });
    checkWalk(ids);
  });

  it('without a re-parse, every row exactly once with the exact-multiple rule', async () => {
    ts.store.world.replace(snapshot(original), '2026-07-14T11:00:00.000Z');
    const pages: number[] = [];
    const { ids } = await walk(500, (p) => pages.push(p));
    expect(ids).toEqual([...original].sort());
    // 10,000 / 500: twenty full pages, then an empty one.
    expect(pages).toHaveLength(21);
  });
});
