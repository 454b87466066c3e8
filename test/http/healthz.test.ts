// GET /healthz (interface.md): no credentials, GET only, 200 {"status":"ok"} while the store is
// open and requests are served, 503 {"status":"failing"} otherwise; it names nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/index.js';
import { ManualClock, silentLog, tempStore, TestLive, toHttpRequest, type TempStore } from '../helpers/fixture.js';

let ts: TempStore | null = null;
afterEach(() => ts?.cleanup());

describe('GET /healthz', () => {
  it('answers ok while the store is open, failing once it is not; GET only; no names, counts or versions', async () => {
    const clock = new ManualClock();
    ts = await tempStore(clock.now);
    const handler = createHandler({
      store: ts.store,
      live: new TestLive(),
      settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000 },
      clock: clock.now,
      log: silentLog,
      version: '9.9.9',
    });
    const ok = await handler(toHttpRequest({ method: 'GET', path: '/healthz', headers: {} }, '127.0.0.1'));
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(String(ok.body))).toEqual({ status: 'ok' });
    const post = await handler(toHttpRequest({ method: 'POST', path: '/healthz', headers: {} }, '127.0.0.1'));
    expect(post.status).toBe(405);
    ts.store.close();
    const failing = await handler(toHttpRequest({ method: 'GET', path: '/healthz', headers: {} }, '127.0.0.1'));
    expect(failing.status).toBe(503);
    expect(String(failing.body)).toBe('{"status":"failing"}');
    expect(String(ok.body)).not.toContain('9.9.9');
  });
});
