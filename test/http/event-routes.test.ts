// The metrics and events routes (issue 11) over the HTTP core with a real store on a temp dir:
// what each answers. The stream, over real sockets, is in event-stream.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/index.js';
import { P } from './conformance-table.js';
import { ManualClock, onlinePlayer, silentLog, tempStore, TestLive, toHttpRequest, type TempStore } from '../helpers/fixture.js';
import { ADMIN, VIEWER } from './panel-harness.js';

describe('panel metrics and events routes', () => {
  let ts: TempStore;
  let clock: ManualClock;
  let live: TestLive;
  let get: (path: string) => Promise<{ status: number; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- bodies are checked with expect()
  let getAsAdmin: typeof get;

  beforeEach(async () => {
    clock = new ManualClock();
    ts = await tempStore(clock.now);
    live = new TestLive();
    ts.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
    const handler = createHandler({
      store: ts.store,
      live,
      settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000 },
      clock: clock.now,
      log: silentLog,
      version: 't',
    });
    const signIn = async (who: typeof VIEWER) =>
      (await handler(toHttpRequest({ method: 'POST', path: `${P}/auth/login`, body: JSON.stringify(who) }))).headers['set-cookie'].split(
        ';',
      )[0];
    const getWith = (cookie: string) => async (path: string) => {
      const r = await handler(toHttpRequest({ method: 'GET', path: `${P}${path}`, headers: { cookie } }));
      return { status: r.status, json: JSON.parse(String(r.body)) };
    };
    get = getWith(await signIn(VIEWER));
    getAsAdmin = getWith(await signIn(ADMIN));
  });
  afterEach(() => ts.cleanup());

  it('metrics/current: null before a poll, then the last poll', async () => {
    expect((await get('/metrics/current')).json).toEqual({ data: { reachable: false, capturedAt: null, metrics: null } });
    live.setRunning([onlinePlayer('00000000-0000-0000-0000-000000000002')]);
    const r = await get('/metrics/current');
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      reachable: true,
      capturedAt: '2026-07-14T09:30:00.000Z',
      metrics: { players: 1, fps: 59.5, maxPlayers: 32 },
    });
  });

  it('metrics/history: the last hour by default, steps, bounds refused', async () => {
    const now = clock.now().getTime();
    for (let i = 0; i < 6; i++)
      ts.store.metrics.record({ players: i, fps: 60, frameTimeMs: 16, uptimeSec: i * 10 }, new Date(now - 60_000 + i * 10_000));
    ts.store.metrics.record({ players: 9, fps: 30, frameTimeMs: 33, uptimeSec: 1 }, new Date(now - 2 * 3_600_000));
    const def = await get('/metrics/history');
    expect(def.status).toBe(200);
    expect(def.json.data.stepSec).toBe(1);
    expect(def.json.data.points.map((p: { players: number }) => p.players)).toEqual([0, 1, 2, 3, 4, 5]);
    const minute = await get(`/metrics/history?from=${new Date(now - 3 * 3_600_000).toISOString()}&step=3600`);
    expect(minute.json.data.points.map((p: { players: number }) => p.players)).toEqual([9, 2.5]);
    expect((await get('/metrics/history?from=2026-07-14T10:00:00Z&to=2026-07-14T09:00:00Z')).status).toBe(400);
    expect((await get('/metrics/history?from=2026-06-01T00:00:00Z&step=1')).json.error.code).toBe('invalid_request');
    expect((await get('/metrics/history?step=0')).status).toBe(400);
    expect((await get('/metrics/history?from=yesterday')).status).toBe(400);
  });

  it('events: every kind newest first for an admin, kind and time filters, cursor walk', async () => {
    const base = clock.now().getTime();
    const kinds = ['join', 'leave', 'backup', 'system', 'audit', 'moderation'];
    ts.store.events.appendMany(
      Array.from({ length: 12 }, (_, i) => ({ at: new Date(base + i * 1000).toISOString(), kind: kinds[i % 6], message: `m${i}` })),
    );
    const all = await getAsAdmin('/events');
    expect(all.status).toBe(200);
    // The twelve, then the harness's set-up as `audit` events: its two users and two sign-ins.
    const messages = all.json.data.map((e: { message: string }) => e.message);
    expect(messages.slice(0, 12)).toEqual(Array.from({ length: 12 }, (_, i) => `m${11 - i}`));
    expect(all.json.data.slice(12).map((e: { kind: string }) => e.kind)).toEqual(['audit', 'audit', 'audit', 'audit']);
    expect(messages.slice(12)).toEqual([
      expect.stringMatching(/^admin: sign in, session \S+ \(admin\)$/),
      expect.stringMatching(/^viewer: sign in, session \S+ \(viewer\)$/),
      'cli: create user viewer (viewer)',
      'cli: create user admin (admin)',
    ]);
    expect(all.json.nextCursor).toBeNull();
    expect(all.json.data[0]).toEqual({
      id: expect.any(Number),
      at: new Date(base + 11_000).toISOString(),
      kind: 'moderation',
      message: 'm11',
    });

    const mod = await getAsAdmin('/events?kind=moderation,audit');
    expect(mod.json.data.map((e: { message: string }) => e.message)).toEqual(['m11', 'm10', 'm5', 'm4', ...messages.slice(12)]);
    const window = await getAsAdmin(
      `/events?from=${encodeURIComponent(new Date(base + 2000).toISOString().replace('.000Z', 'Z'))}&to=${new Date(base + 4000).toISOString()}`,
    );
    expect(window.json.data.map((e: { message: string }) => e.message)).toEqual(['m3', 'm2']);

    const seen: string[] = [];
    let cursor = '';
    for (let n = 0; n < 10; n++) {
      const page = await getAsAdmin(`/events?limit=5${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.json.data.map((e: { message: string }) => e.message));
      if (page.json.nextCursor === null) break;
      cursor = page.json.nextCursor;
    }
    expect(seen).toEqual(all.json.data.map((e: { message: string }) => e.message));

    expect((await get('/events?kind=chat')).status).toBe(400);
    expect((await get('/events?cursor=AAAA')).json.error.code).toBe('invalid_cursor');
    expect((await get('/events?limit=0')).json.error.code).toBe('invalid_limit');
  });

  // Issue 28, finding 6: a viewer read the admin-only audit trail (console commands, RCON replies,
  // ban reasons, key labels, webhook hosts) through `/events?kind=audit`.
  it('events: a viewer never gets audit events; asking for them by name is 403', async () => {
    const base = clock.now().getTime();
    const kinds = ['join', 'leave', 'backup', 'system', 'audit', 'moderation'];
    ts.store.events.appendMany(
      Array.from({ length: 12 }, (_, i) => ({ at: new Date(base + i * 1000).toISOString(), kind: kinds[i % 6], message: `m${i}` })),
    );
    const all = await get('/events');
    expect(all.status).toBe(200);
    expect(all.json.data.map((e: { message: string }) => e.message)).toEqual(['m11', 'm9', 'm8', 'm7', 'm6', 'm5', 'm3', 'm2', 'm1', 'm0']);
    for (const q of ['kind=audit', 'kind=join,audit', 'kind=audit&limit=1']) {
      const r = await get(`/events?${q}`);
      expect(r.status, q).toBe(403);
      expect(r.json.error).toEqual({ code: 'forbidden', message: 'Audit events need an admin session.' });
    }
    expect((await get('/events?kind=moderation,join')).json.data.map((e: { message: string }) => e.message)).toEqual([
      'm11',
      'm6',
      'm5',
      'm0',
    ]);
    // Paged, the walk holds the same rows.
    const seen: string[] = [];
    let cursor = '';
    for (let n = 0; n < 10; n++) {
      const page = await get(`/events?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.json.data.map((e: { message: string }) => e.message));
      if (page.json.nextCursor === null) break;
      cursor = page.json.nextCursor;
    }
    expect(seen).toEqual(all.json.data.map((e: { message: string }) => e.message));
    expect((await getAsAdmin('/events?kind=audit')).json.data.length).toBeGreaterThan(2);
  });
});
