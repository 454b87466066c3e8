// `GET /api/v1/events/stream` over real sockets: a join seen by the poller of the simulated game
// server reaches an open stream; a reconnect with Last-Event-ID gets exactly what it missed;
// the stream cap answers 503; heartbeats flow; and closing the server does not wait on streams.
import { afterEach, describe, expect, it } from 'vitest';
import { createHandler, startHttpServer } from '../../src/http/index.js';
import type { RunningHttpServer } from '../../src/http/node-adapter.js';
import { LiveFeed } from '../../src/http/stream/feed.js';
import { startLiveServe } from '../helpers/live-serve.js';
import { waitFor } from '../helpers/wait.js';
import { P } from './conformance-table.js';
import { ManualClock, silentLog, tempStore, TestLive, type TempStore } from '../helpers/fixture.js';
import { ADMIN, VIEWER } from './panel-harness.js';
import { openSse, type SseClient } from './sse-client.js';
import { fromPanelPage } from '../helpers/panel-page.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function loginAt(base: string, c: { username: string; password: string }): Promise<string> {
  const res = await fetch(`${base}${P}/auth/login`, {
    method: 'POST',
    headers: fromPanelPage(base),
    body: JSON.stringify(c),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

async function stream(base: string, cookie: string, lastEventId?: string): Promise<SseClient> {
  const c = await openSse(`${base}${P}/events/stream`, lastEventId === undefined ? { cookie } : { cookie, 'last-event-id': lastEventId });
  cleanup.push(() => c.close());
  return c;
}

const ALICE = '00000000-0000-0000-0000-000000000001';

/** A panel on a real socket over a temp store, its feed bounded to `maxStreams`. */
async function panelServer(
  maxStreams: number,
  heartbeatMs?: number,
): Promise<{ ts: TempStore; base: string; http: RunningHttpServer; cookie: string; feed: LiveFeed }> {
  const clock = new ManualClock();
  const ts = await tempStore(clock.now);
  cleanup.push(() => ts.cleanup());
  ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
  const feed = new LiveFeed(ts.store.events, { maxStreams, heartbeatMs });
  const handler = createHandler({
    store: ts.store,
    live: new TestLive(),
    settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000 },
    clock: clock.now,
    log: silentLog,
    version: 't',
    feed,
  });
  const http = await startHttpServer(handler, { host: '127.0.0.1', port: 0, log: silentLog });
  cleanup.push(() => http.close(0));
  const base = `http://127.0.0.1:${http.port}`;
  return { ts, base, http, cookie: await loginAt(base, VIEWER), feed };
}

const events = (c: SseClient) =>
  c.messages
    .filter((m) => m.event === 'event')
    .map((m) => ({ id: Number(m.id), ...(JSON.parse(m.data) as { kind: string; message: string }) }));

describe('events/stream', () => {
  it('delivers a join the poller sees, with player changes and metrics, each message with an id', { timeout: 30_000 }, async () => {
    const { sim, server } = await startLiveServe(cleanup, { players: [{ uid: ALICE, name: 'Alice', level: 3 }] });
    sim.control.setOnline([]);
    server.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    const cookie = await loginAt(server.url, ADMIN);
    // The game is reachable (a metrics message arrived) before Alice joins.
    const c = await stream(server.url, cookie);
    expect(c.status).toBe(200);
    expect(c.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await waitFor('a metrics message', () => c.messages.find((m) => m.event === 'metrics'));
    sim.control.setOnline([ALICE]);
    const join = await waitFor('the join', () => events(c).find((e) => e.kind === 'join'));
    expect(join.message).toContain('Alice');
    const players = await waitFor('players with Alice', () =>
      c.messages
        .filter((m) => m.event === 'players')
        .find((m) => (JSON.parse(m.data) as { players: { name: string }[] }).players.some((p) => p.name === 'Alice')),
    );
    expect(JSON.parse(players.data).players[0]).not.toHaveProperty('ip');
    // Within one poll: the join comes in the same cycle as the player list that first shows
    // Alice (no metrics message, which closes every cycle, between them).
    const iJoin = c.messages.findIndex((m) => m.event === 'event' && m.data.includes('"join"'));
    const iPlayers = c.messages.indexOf(players);
    expect(iJoin).toBeLessThan(iPlayers);
    expect(c.messages.slice(iJoin, iPlayers).some((m) => m.event === 'metrics')).toBe(false);
    for (const m of c.messages) expect(m.id).toMatch(/^\d+$/);
    const metrics = JSON.parse(c.messages.filter((m) => m.event === 'metrics').at(-1)!.data);
    expect(metrics).toMatchObject({ reachable: true, metrics: { players: expect.any(Number), fps: expect.any(Number) } });
    // And it was recorded in the durable history.
    await waitFor('metrics history', async () => {
      const r = await fetch(`${server.url}${P}/metrics/history`, { headers: { cookie } });
      const body = (await r.json()) as { data: { points: unknown[] } };
      return body.data.points.length > 0 ? true : undefined;
    });
  });

  it('resumes after a reconnect with Last-Event-ID: nothing lost, nothing doubled', async () => {
    const { ts, base, cookie } = await panelServer(10);
    const append = (message: string) => ts.store.events.append({ at: new Date().toISOString(), kind: 'moderation', message });
    append('before');
    const first = await stream(base, cookie);
    append('a');
    append('b');
    await waitFor('a and b', () => (events(first).length === 2 ? true : undefined));
    const lastId = first.messages.at(-1)!.id;
    first.close();
    await first.ended;
    append('c');
    append('d');
    const second = await stream(base, cookie, lastId);
    append('e');
    await waitFor('c, d and e', () => (events(second).length >= 3 ? true : undefined));
    // A moment for a duplicate to show, if one were sent.
    append('f');
    await waitFor('f', () => (events(second).some((e) => e.message === 'f') ? true : undefined));
    expect(events(first).map((e) => e.message)).toEqual(['a', 'b']);
    expect(events(second).map((e) => e.message)).toEqual(['c', 'd', 'e', 'f']);
    const ids = [...events(first), ...events(second)].map((e) => e.id);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    // A Last-Event-ID that is no id is refused.
    const bad = await openSse(`${base}${P}/events/stream`, { cookie, 'last-event-id': 'abc' });
    expect(bad.status).toBe(400);
  });

  it('carries an admin change as its audit event, written with the audit row, to an admin only', async () => {
    const { ts, base, cookie: viewer } = await panelServer(10);
    ts.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    const admin = await loginAt(base, ADMIN);
    const c = await stream(base, admin);
    const v = await stream(base, viewer);
    const created = await fetch(`${base}${P}/integration-keys`, {
      method: 'POST',
      headers: { cookie: admin, ...fromPanelPage(base) },
      body: JSON.stringify({ label: 'status bot' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const ev = await waitFor('the audit event', () => events(c).find((e) => e.kind === 'audit'));
    expect(ev.message).toBe(`${ADMIN.username}: create integration key ${id} (status bot)`);
    // The same row as the log serves, by id, and never among the public events.
    const page = (await (await fetch(`${base}${P}/events?kind=audit&limit=1`, { headers: { cookie: admin } })).json()) as {
      data: { id: number; message: string }[];
    };
    expect(page.data[0]).toMatchObject({ id: ev.id, message: ev.message });
    expect(ts.store.events.listPublic(100).some((e) => e.kind === 'audit')).toBe(false);

    // Issue 28, finding 6: a viewer's stream carried the audit trail. A later public event
    // reaches the viewer; the audit event before it never did, live or replayed.
    ts.store.events.append({ at: new Date().toISOString(), kind: 'join', message: 'Alice joined' });
    await waitFor('the join, on the viewer stream', () => events(v).find((e) => e.kind === 'join'));
    expect(events(v).map((e) => e.kind)).toEqual(['join']);
    const replay = await stream(base, viewer, '0');
    await waitFor('the replayed join', () => events(replay).find((e) => e.kind === 'join'));
    expect(events(replay).some((e) => e.kind === 'audit')).toBe(false);
    expect(JSON.stringify(replay.messages)).not.toContain('status bot');
  });

  it('answers 503 unavailable past the bound and frees a slot when a client leaves; sends heartbeats', async () => {
    const { base, cookie, feed } = await panelServer(2, 50);
    const a = await stream(base, cookie);
    const b = await stream(base, cookie);
    const c = await openSse(`${base}${P}/events/stream`, { cookie });
    expect(c.status).toBe(503);
    expect(c.headers['retry-after']).toBe('5');
    expect(JSON.parse(c.body)).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
    await waitFor('heartbeats', () => (a.comments >= 2 ? true : undefined));
    a.close();
    await waitFor('the slot back', () => (feed.openStreams === 1 ? true : undefined));
    const d = await stream(base, cookie);
    expect(d.status).toBe(200);
    expect(b.status).toBe(200);
    // No session: 401 before any slot is taken.
    expect((await openSse(`${base}${P}/events/stream`, {})).status).toBe(401);
  });

  it('server shutdown ends open streams instead of waiting for its deadline', async () => {
    const { base, cookie, http, feed } = await panelServer(10);
    const a = await stream(base, cookie);
    const b = await stream(base, cookie);
    // A deadline far beyond the test's timeout: close resolves because the streams end.
    await http.close(600_000);
    await Promise.all([a.ended, b.ended]);
    expect(feed.openStreams).toBe(0);
  });
});
