// Issue 37, finding 3: event streams are capped per session and per user as well as in all, so
// one viewer (here through a trusted proxy, as in the finding) cannot hold every stream slot;
// the others, the admin's login and /healthz included, are served meanwhile.
import { afterEach, describe, expect, it } from 'vitest';
import { createHandler, startHttpServer } from '../../src/http/index.js';
import { LiveFeed } from '../../src/http/stream/feed.js';
import { waitFor } from '../helpers/wait.js';
import { P } from './conformance-table.js';
import { ManualClock, silentLog, tempStore, TestLive } from '../helpers/fixture.js';
import { fromPanelPage } from '../helpers/panel-page.js';
import { ADMIN, VIEWER } from './panel-harness.js';
import { openSse, type SseClient } from './sse-client.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const PROXY = ['127.0.0.1'];
const GREEDY = '203.0.113.7';
const OTHER = '203.0.113.9';

async function loginAt(base: string, c: { username: string; password: string }, client: string): Promise<string> {
  const res = await fetch(`${base}${P}/auth/login`, {
    method: 'POST',
    headers: { ...fromPanelPage(base), 'x-forwarded-for': client },
    body: JSON.stringify(c),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

describe('event stream caps (issue 37, finding 3)', () => {
  it('one session holds at most its share, one user at most theirs; the others are served, /healthz answers 200', async () => {
    const clock = new ManualClock();
    const ts = await tempStore(clock.now);
    cleanup.push(() => ts.cleanup());
    ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
    ts.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    const feed = new LiveFeed(ts.store.events, { maxStreams: 10, maxStreamsPerSession: 2, maxStreamsPerUser: 3 });
    const handler = createHandler({
      store: ts.store,
      live: new TestLive(),
      settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000, trustedProxies: PROXY },
      clock: clock.now,
      log: silentLog,
      version: 't',
      feed,
    });
    const http = await startHttpServer(handler, { host: '127.0.0.1', port: 0, log: silentLog, trustedProxies: PROXY });
    cleanup.push(() => http.close(0));
    const base = `http://127.0.0.1:${http.port}`;
    const open = async (cookie: string, client: string): Promise<SseClient> => {
      const c = await openSse(`${base}${P}/events/stream`, { cookie, 'x-forwarded-for': client });
      cleanup.push(() => c.close());
      return c;
    };
    const refusedLikeTheBound = (c: SseClient) => {
      expect(c.status).toBe(503);
      expect(c.headers['retry-after']).toBe('5');
      expect(JSON.parse(c.body)).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
    };

    const sessionA = await loginAt(base, VIEWER, GREEDY);
    const sessionB = await loginAt(base, VIEWER, GREEDY);
    const a1 = await open(sessionA, GREEDY);
    const a2 = await open(sessionA, GREEDY);
    expect([a1.status, a2.status]).toEqual([200, 200]);
    refusedLikeTheBound(await open(sessionA, GREEDY)); // the session's share
    expect((await open(sessionB, GREEDY)).status).toBe(200);
    refusedLikeTheBound(await open(sessionB, GREEDY)); // the user's share
    expect(feed.openStreams).toBe(3);

    // Everyone else is served: the admin's login and stream, and /healthz.
    const admin = await loginAt(base, ADMIN, OTHER);
    expect((await open(admin, OTHER)).status).toBe(200);
    const health = await fetch(`${base}/healthz`, { headers: { 'x-forwarded-for': OTHER } });
    expect(health.status).toBe(200);

    // A stream that ends gives its session and user their slot back.
    a1.close();
    await waitFor('the slot back', () => (feed.openStreams === 3 ? true : undefined));
    expect((await open(sessionA, GREEDY)).status).toBe(200);
  });
});
