// Edges of the HTTP core: the one error mapping, a fresh store before any parse, live data
// that does not keep to its type, and the cursor and query grammars.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/index.js';
import { decodeCursor } from '../../src/http/cursor.js';
import { encodeCursor } from '../../src/contract/cursor.js';
import { toErrorResponse, HttpError } from '../../src/http/errors.js';
import { etagMatches, represent } from '../../src/http/respond.js';
import { parseQuery } from '../../src/http/query.js';
import {
  PlayersPageSchema,
  ServerEnvelopeSchema,
  WorldSummaryEnvelopeSchema,
  WorldWorkersEnvelopeSchema,
  MetricsEnvelopeSchema,
} from '../../src/contract/integration-rows.js';
import { ConflictError, NotFoundError, StorageError, TooManyKeysError, ValidationError } from '../../src/domain/errors.js';
import type { LiveSource } from '../../src/poller/live-source.js';
import { I } from './conformance-table.js';
import {
  inProcessSend,
  makeWorld,
  ManualClock,
  onlinePlayer,
  silentLog,
  tempStore,
  TestLive,
  type Send,
  type TempStore,
} from '../helpers/fixture.js';

describe('error mapping', () => {
  const logged: unknown[] = [];
  const log = (_l: string, _m: string, d?: unknown) => void logged.push(d);
  const body = (r: { body?: string | Buffer }) => JSON.parse(String(r.body));

  it.each([
    [new ValidationError('Bad.', 'invalid_label'), 400, 'invalid_request'],
    [new NotFoundError(), 404, 'not_found'],
    [new TooManyKeysError(), 409, 'too_many_keys'],
    [new ConflictError('user_exists', 'Exists.'), 409, 'user_exists'],
    [new HttpError(429, 'rate_limited', 'Slow down.', { 'retry-after': '3' }), 429, 'rate_limited'],
  ])('%s → %i %s', (err, status, code) => {
    const r = toErrorResponse(err, log);
    expect(r.status).toBe(status);
    expect(body(r)).toEqual({ error: { code, message: (err as Error).message } });
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('anything else is a generic 500 internal_error; the detail only reaches the log', () => {
    for (const err of [new Error('ENOENT: /var/lib/palpanel/world.db'), new StorageError('disk full at /srv'), 'a string', null]) {
      logged.length = 0;
      const r = toErrorResponse(err, log);
      expect(r.status).toBe(500);
      expect(body(r)).toEqual({ error: { code: 'internal_error', message: 'An unexpected error occurred.' } });
      expect(logged).toEqual([err]);
    }
  });
});

describe('handler edges', () => {
  let ts: TempStore;
  let key: string;
  let logged: unknown[];
  const make = (live: LiveSource): Send => {
    logged = [];
    return inProcessSend(
      createHandler({
        store: ts.store,
        live,
        settings: { integrationRateLimit: 1e6, sessionTtlMs: 1e6 },
        clock: () => new Date(),
        log: (_l, _m, d) => void logged.push(d),
        version: 't',
      }),
    );
  };
  const get = (send: Send, path: string) => send({ method: 'GET', path: `${I}${path}`, headers: { authorization: `Bearer ${key}` } });

  beforeEach(async () => {
    ts = await tempStore();
    key = ts.store.keys.create('edge', 'cli').key;
  });
  afterEach(() => ts.cleanup());

  it('before the first parse: save.state unknown, lastParseAt null, empty pages with null cursors', async () => {
    const send = make(new TestLive());
    const server = JSON.parse((await get(send, '/server')).body);
    expect(ServerEnvelopeSchema.parse(server).data.save).toEqual({
      state: 'unknown',
      formatDrift: false,
      lastParseAt: null,
      players: 0,
      pals: 0,
      guilds: 0,
    });
    expect(server.data.state).toBe('unreachable');
    for (const route of ['/players', '/pals']) {
      expect(JSON.parse((await get(send, route)).body)).toEqual({ data: [], lastParseAt: null, formatDrift: false, nextCursor: null });
    }
    expect(JSON.parse((await get(send, '/guilds')).body)).toEqual({ data: [], lastParseAt: null, formatDrift: false });
    const metrics = JSON.parse((await get(send, '/metrics/current')).body);
    expect(MetricsEnvelopeSchema.parse(metrics).data).toEqual({
      fps: 0,
      fpsAvg: 0,
      frameTimeMs: 0,
      players: 0,
      maxPlayers: 0,
      day: 0,
      uptimeSec: 0,
      baseCamps: 0,
    });
  });

  it('the ETag covers the whole body: a page that differs only in its last row is a 200 with a new ETag, not a 304', async () => {
    const send = make(new TestLive());
    const at = '2026-07-14T09:00:00.000Z';
    const world = makeWorld({ players: 12, pals: 500 });
    ts.store.world.replace(world, at);
    const before = await get(send, '/pals?limit=500');
    expect(before.status).toBe(200);
    // The same world parsed at the same time, but for the level of the last pal on the page
    // (as many digits, so the bodies are the same length).
    const last = [...world.pals].sort((a, b) => (a.instanceId < b.instanceId ? -1 : 1)).at(-1)!;
    ts.store.world.replace(
      { ...world, pals: world.pals.map((p) => (p === last ? { ...p, level: p.level % 10 === 9 ? p.level - 1 : p.level + 1 } : p)) },
      at,
    );
    // The premise: the two bodies are long and differ only within their last row.
    const a = String(before.body);
    const b = String((await get(send, '/pals?limit=500')).body);
    let first = 0;
    while (first < a.length && a[first] === b[first]) first++;
    expect(b.length).toBe(a.length);
    expect(a.length).toBeGreaterThan(100_000);
    expect(first).toBeGreaterThan(a.length - 1_000);
    const after = await send({
      method: 'GET',
      path: `${I}/pals?limit=500`,
      headers: { authorization: `Bearer ${key}`, 'if-none-match': before.headers.etag },
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('the ETag covers the envelope too: the same rows from a newer parse, or with drift, are a 200 with a new ETag', async () => {
    const send = make(new TestLive());
    const world = makeWorld({ players: 3, pals: 10 });
    ts.store.world.replace(world, '2026-07-14T09:00:00.000Z');
    const conditional = async (etag: string) =>
      send({ method: 'GET', path: `${I}/pals`, headers: { authorization: `Bearer ${key}`, 'if-none-match': etag } });
    const first = await get(send, '/pals');
    expect((await conditional(first.headers.etag)).status).toBe(304);
    // The same rows, parsed again later: lastParseAt moves, the data does not.
    ts.store.world.replace(world, '2026-07-14T09:30:00.000Z');
    const later = await conditional(first.headers.etag);
    expect(later.status).toBe(200);
    expect(JSON.parse(String(later.body)).data).toEqual(JSON.parse(String(first.body)).data);
    expect(later.headers.etag).not.toBe(first.headers.etag);
    // The same rows and parse time, now with format drift.
    ts.store.world.replace({ ...world, formatDrift: true }, '2026-07-14T09:30:00.000Z');
    const drift = await conditional(later.headers.etag);
    expect(drift.status).toBe(200);
    expect(JSON.parse(String(drift.body)).formatDrift).toBe(true);
  });

  it('a failing live source gives 500 internal_error without its text; other routes still work', async () => {
    const live = new TestLive();
    live.snapshot = () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:8212 password=hunter2');
    };
    const send = make(live);
    const res = await get(send, '/server');
    expect(res.status).toBe(500);
    expect(res.body).toBe('{"error":{"code":"internal_error","message":"An unexpected error occurred."}}');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
    expect(String(logged[0])).toContain('hunter2');
    expect((await get(send, '/map')).status).toBe(200);
  });

  it('live data that breaks its type still leaves only the spec members, within the schema', async () => {
    const live = new TestLive();
    live.live = {
      reachable: true,
      capturedAt: '2026-07-14T09:30:00Z',
      info: { name: 'n', description: 'd', version: 'v', worldGuid: 'GUID', extra: 'x' } as never,
      metrics: {
        fps: Number.NaN,
        fpsAvg: Infinity,
        frameTimeMs: 3,
        players: -2,
        maxPlayers: 32.7,
        day: 4,
        uptimeSec: 10,
        baseCamps: 1,
        secret: 1,
      } as never,
      players: [],
    };
    live.summary = {
      state: 'bogus',
      capturedAt: 'yesterday',
      fps: 'fast',
      counts: { players: 3, leaked: 9 },
      activity: { working: 2, raw: 'x' },
      linkedBasePals: -1,
      actors: [{ name: 'Bob' }],
    } as never;
    live.workers = {
      state: 'ready',
      capturedAt: '2026-07-14T09:30:00+02:00',
      workers: [
        {
          instanceId: 'a',
          characterId: 'c',
          displayName: 'd',
          isBoss: 'yes',
          level: 3,
          hpPercent: 150,
          active: true,
          activity: 'dancing',
          baseId: 'b',
          ownerSource: 'stolen',
          location: { x: 1 },
          actorId: 'X',
        },
        { instanceId: '', baseId: 'b' },
        { instanceId: 'unlinked' },
      ],
    } as never;
    const send = make(live);
    const server = ServerEnvelopeSchema.parse(JSON.parse((await get(send, '/server')).body));
    expect(server.data).toMatchObject({ name: 'n', state: 'running' });
    const metrics = MetricsEnvelopeSchema.parse(JSON.parse((await get(send, '/metrics/current')).body));
    expect(metrics.data).toMatchObject({ fps: 0, fpsAvg: 0, players: 0, maxPlayers: 32 });
    const summary = WorldSummaryEnvelopeSchema.parse(JSON.parse((await get(send, '/world/summary')).body));
    expect(summary.data.state).toBe('unavailable');
    expect(summary.data).not.toHaveProperty('capturedAt');
    expect(summary.data).toMatchObject({ fps: 0, fpsAvg: 0 }); // always present; a bad value reads as 0
    expect(summary.data.counts.players).toBe(3);
    const workers = WorldWorkersEnvelopeSchema.parse(JSON.parse((await get(send, '/world/workers')).body));
    expect(workers.data.capturedAt).toBe('2026-07-14T07:30:00.000Z');
    expect(workers.data.workers).toEqual([
      {
        instanceId: 'a',
        characterId: 'c',
        displayName: 'd',
        isBoss: false,
        level: 3,
        hpPercent: 100,
        active: true,
        activity: 'unknown',
        baseId: 'b',
      },
    ]);
  });

  it('a player without a history row is dated by the save, and online joins by uid ignoring dashes and case', async () => {
    const uid = 'ABCDEF01-0000-0000-0000-000000000002';
    ts.store.world.replace(
      {
        players: [
          { uid, name: 'X', level: 3, lastOnlineAt: '2026-07-01T10:00:00+00:00' },
          { uid: '00000000-0000-0000-0000-000000000009', name: 'Y', level: 1 },
        ],
        pals: [],
        guilds: [],
        formatDrift: false,
        warnings: [],
        meta: { container: 'GVAS', gameVersion: '1.0' },
      },
      '2026-07-14T09:00:00.000Z',
    );
    const live = new TestLive();
    live.setRunning([
      {
        name: 'X',
        accountName: 'a',
        playerId: 'abcdef01000000000000000000000002',
        userId: 'u',
        ip: '1.2.3.4',
        ping: 1,
        level: 3,
        location: null,
        buildingCount: 0,
      },
    ]);
    const send = make(live);
    const page = PlayersPageSchema.parse(JSON.parse((await get(send, '/players')).body));
    expect(page.data.map((p) => [p.uid, p.online, p.firstSeenAt, p.lastSeenAt, p.playtimeSec])).toEqual([
      ['00000000-0000-0000-0000-000000000009', false, '2026-07-14T09:00:00.000Z', '2026-07-14T09:00:00.000Z', 0],
      [uid, true, '2026-07-01T10:00:00.000Z', '2026-07-01T10:00:00.000Z', 0],
    ]);
  });
});

describe('timestamps', () => {
  it('every served time is RFC 3339 UTC with milliseconds, whatever form the source stored', async () => {
    const ts = await tempStore();
    try {
      const key = ts.store.keys.create('t', 'cli').key;
      const uids = ['00000000-0000-0000-0000-00000000000A', '00000000-0000-0000-0000-00000000000B'];
      ts.store.world.replace(
        {
          players: [
            { uid: uids[0], name: 'A', level: 1, lastOnlineAt: '2026-07-01T10:00:00Z' },
            { uid: uids[1], name: 'B', level: 1, lastOnlineAt: '2026-07-01T10:00:00.1234567Z' },
          ],
          pals: [],
          guilds: [],
          formatDrift: false,
          warnings: [],
          meta: { container: 'GVAS', gameVersion: '1.0' },
        },
        '2026-07-14T09:00:00Z',
      );
      ts.store.events.append({ at: '2026-07-14T09:01:00+00:00', kind: 'backup', message: 'Backup completed' });
      const live = new TestLive();
      live.summary = { ...live.summary, state: 'ready', capturedAt: '2026-07-14T09:30:00Z', lastAttemptAt: '2026-07-14T11:30:00+02:00' };
      const send = inProcessSend(
        createHandler({
          store: ts.store,
          live,
          settings: { integrationRateLimit: 1e6, sessionTtlMs: 1e6 },
          clock: () => new Date(),
          log: () => undefined,
          version: 't',
        }),
      );
      const body = async (path: string) =>
        JSON.parse((await send({ method: 'GET', path: `${I}${path}`, headers: { authorization: `Bearer ${key}` } })).body);
      const players = await body('/players');
      expect(players.lastParseAt).toBe('2026-07-14T09:00:00.000Z');
      expect(players.data.map((p: { lastSeenAt: string }) => p.lastSeenAt)).toEqual([
        '2026-07-01T10:00:00.000Z',
        '2026-07-01T10:00:00.123Z',
      ]);
      expect((await body('/server')).data.save.lastParseAt).toBe('2026-07-14T09:00:00.000Z');
      expect((await body('/events')).data[0].at).toBe('2026-07-14T09:01:00.000Z');
      const summary = (await body('/world/summary')).data;
      expect([summary.capturedAt, summary.lastAttemptAt]).toEqual(['2026-07-14T09:30:00.000Z', '2026-07-14T09:30:00.000Z']);
    } finally {
      ts.cleanup();
    }
  });
});

describe('player page cache', () => {
  it('follows time (per second), the live state and re-parses; key checks stay per request', async () => {
    const clock = new ManualClock();
    const ts = await tempStore(clock.now);
    try {
      const key = ts.store.keys.create('cache', 'cli').key;
      const uid = '00000000-0000-0000-0000-000000000001';
      ts.store.world.replace(
        {
          players: [{ uid, name: 'Host', level: 1 }],
          pals: [],
          guilds: [],
          formatDrift: false,
          warnings: [],
          meta: { container: 'GVAS', gameVersion: '1.0' },
        },
        clock.now().toISOString(),
      );
      const live = new TestLive();
      const send = inProcessSend(
        createHandler({
          store: ts.store,
          live,
          settings: { integrationRateLimit: 1e6, sessionTtlMs: 1e6 },
          clock: clock.now,
          log: silentLog,
          version: 't',
        }),
      );
      const row = async () =>
        JSON.parse((await send({ method: 'GET', path: `${I}/players`, headers: { authorization: `Bearer ${key}` } })).body).data[0];
      expect(await row()).toMatchObject({ online: false, playtimeSec: 0 });
      // The poller records presence, then publishes its snapshot.
      ts.store.history.observe([{ playerId: '00000000000000000000000000000001' }], clock.now());
      live.setRunning([onlinePlayer(uid)], clock.now().toISOString());
      expect(await row()).toMatchObject({ online: true, playtimeSec: 0 });
      clock.advance(999);
      expect((await row()).playtimeSec).toBe(0);
      clock.advance(1_500);
      expect((await row()).playtimeSec).toBe(2);
      ts.store.world.replace(
        {
          players: [{ uid, name: 'Renamed', level: 2 }],
          pals: [],
          guilds: [],
          formatDrift: false,
          warnings: [],
          meta: { container: 'GVAS', gameVersion: '1.0' },
        },
        clock.now().toISOString(),
      );
      expect(await row()).toMatchObject({ name: 'Renamed', level: 2, online: true });
      live.live = { reachable: false, info: null, metrics: null, players: [], capturedAt: null };
      expect((await row()).online).toBe(false);
      ts.store.keys.revoke(key.slice(4, 12), 'cli');
      expect((await send({ method: 'GET', path: `${I}/players`, headers: { authorization: `Bearer ${key}` } })).status).toBe(401);
    } finally {
      ts.cleanup();
    }
  });
});

describe('cursor and query grammar', () => {
  it('round-trips keys and refuses anything else', () => {
    for (const key of ['00000000-0000-0000-0000-000000000001', 'a', 'ünïcode', 'x:y:z']) expect(decodeCursor(encodeCursor(key))).toBe(key);
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor('')).toBeNull();
    for (const bad of ['MTphX', 'MToxx', '====', 'MTo', 'Mj' + 'oa'.repeat(3), 'MTpÿ', 'MTph=']) {
      expect(() => decodeCursor(bad), bad).toThrow(expect.objectContaining({ code: 'invalid_cursor' }));
    }
  });

  it('refuses a well-encoded cursor whose key holds a control character, wherever it is', () => {
    const controls = [...Array(0x20).keys(), 0x7f].map((c) => String.fromCharCode(c));
    for (const ch of controls) {
      for (const key of [ch, `${ch}abc`, `ab${ch}c`, `abc${ch}`]) {
        const cursor = encodeCursor(key);
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/); // well-formed base64url: only the key is wrong
        expect(() => decodeCursor(cursor), JSON.stringify(key)).toThrow(expect.objectContaining({ code: 'invalid_cursor' }));
      }
    }
  });

  it('parses repeated, empty, escaped and plus-encoded parameters', () => {
    const q = parseQuery('a=1&a=2&b=&c&d=%41+b&e=%zz&&');
    expect(Object.fromEntries(q)).toEqual({ a: ['1', '2'], b: [''], c: [''], d: ['A b'], e: ['%zz'] });
  });

  it("a representation's ETag changes with the last byte of its body, at any length", () => {
    for (const size of [1, 100, 4_096, 65_537, 1_048_577]) {
      const [x, y] = [represent([...Array(size).fill(0), 1]), represent([...Array(size).fill(0), 2])];
      expect(x.body.length).toBe(y.body.length);
      expect(x.body.subarray(0, -2).equals(y.body.subarray(0, -2))).toBe(true); // only the end differs
      expect(x.etag, `${size}`).not.toBe(y.etag);
    }
  });

  it('compares entity tags weakly', () => {
    expect(etagMatches('W/"x"', 'W/"x"')).toBe(true);
    expect(etagMatches('"x"', 'W/"x"')).toBe(true);
    expect(etagMatches(' "a" ,W/"x" ', 'W/"x"')).toBe(true);
    expect(etagMatches('*', 'W/"x"')).toBe(true);
    expect(etagMatches('"y", W/"z"', 'W/"x"')).toBe(false);
    expect(etagMatches('', 'W/"x"')).toBe(false);
  });
});
