// Per-key sliding-window rate limit (spec: Limits, Rate limit details; interface.md: order of
// checks and what uses budget), with an injected clock.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/http/index.js';
import { SlidingWindowLimiter } from '../../src/http/integration/rate-limit.js';
import { I } from './conformance-table.js';
import { inProcessSend, makeWorld, ManualClock, silentLog, tempStore, type Send, type TempStore, TestLive } from '../helpers/fixture.js';

describe('SlidingWindowLimiter', () => {
  it('allows exactly `limit` requests per window and counts no refused request', () => {
    const l = new SlidingWindowLimiter(3, 60_000);
    expect([l.hit('a', 0), l.hit('a', 1), l.hit('a', 2)].every((d) => d.ok)).toBe(true);
    expect(l.hit('a', 3)).toEqual({ ok: false, retryAfterSec: 60 });
    expect(l.hit('a', 10_000)).toEqual({ ok: false, retryAfterSec: 50 });
    expect(l.used('a', 10_000)).toBe(3);
    // The oldest (t=0) ages out at exactly t=60000.
    expect(l.hit('a', 59_999)).toEqual({ ok: false, retryAfterSec: 1 });
    expect(l.hit('a', 60_000).ok).toBe(true);
    expect(l.hit('a', 60_000)).toEqual({ ok: false, retryAfterSec: 1 });
    expect(l.hit('a', 60_002).ok).toBe(true);
  });

  it('Retry-After is whole seconds, rounded up, at least 1', () => {
    const l = new SlidingWindowLimiter(1, 60_000);
    l.hit('k', 1_000);
    expect(l.hit('k', 1_001)).toEqual({ ok: false, retryAfterSec: 60 });
    expect(l.hit('k', 30_500)).toEqual({ ok: false, retryAfterSec: 31 });
    expect(l.hit('k', 60_999)).toEqual({ ok: false, retryAfterSec: 1 });
  });

  it('is a sliding window, not a fixed one', () => {
    const l = new SlidingWindowLimiter(2, 60_000);
    expect(l.hit('k', 0).ok).toBe(true);
    expect(l.hit('k', 30_000).ok).toBe(true);
    expect(l.hit('k', 59_000)).toEqual({ ok: false, retryAfterSec: 1 });
    expect(l.hit('k', 60_000).ok).toBe(true);
    expect(l.hit('k', 61_000)).toEqual({ ok: false, retryAfterSec: 29 });
  });

  it('keeps keys independent', () => {
    const l = new SlidingWindowLimiter(1, 60_000);
    expect(l.hit('a', 0).ok).toBe(true);
    expect(l.hit('a', 0).ok).toBe(false);
    expect(l.hit('b', 0).ok).toBe(true);
  });

  it('bounds its memory: entries per key and idle keys', () => {
    const small = new SlidingWindowLimiter(60, 60_000);
    for (let t = 0; t < 1000; t++) small.hit('k', t * 10);
    expect(small.entries('k')).toBeLessThanOrEqual(60);
    const huge = new SlidingWindowLimiter(100_000_000, 60_000);
    for (let t = 0; t < 200_000; t++) huge.hit('k', t);
    expect(huge.used('k', 199_999)).toBe(60_000);
    expect(huge.entries('k')).toBeLessThanOrEqual(6_001);
    // Many requests in the same millisecond share one entry.
    const burst = new SlidingWindowLimiter(1_000_000, 60_000);
    for (let i = 0; i < 100_000; i++) burst.hit('k', 5);
    expect(burst.entries('k')).toBe(1);
    for (let i = 0; i < 50; i++) small.hit(`id${i}`, 0);
    expect(small.size).toBe(51);
    small.sweep(120_000);
    expect(small.size).toBe(0);
  });
});

describe('rate limit on the Integration API', () => {
  const LIMIT = 5;
  let ts: TempStore;
  let send: Send;
  let clock: ManualClock;
  let keyA: string;
  let keyB: string;
  let revoked: string;

  beforeEach(async () => {
    clock = new ManualClock();
    ts = await tempStore(clock.now);
    ts.store.world.replace(makeWorld(), '2026-07-14T09:00:00.000Z');
    keyA = ts.store.keys.create('a', 'cli').key;
    keyB = ts.store.keys.create('b', 'cli').key;
    const r = ts.store.keys.create('r', 'cli');
    ts.store.keys.revoke(r.id, 'cli');
    revoked = r.key;
    send = inProcessSend(
      createHandler({
        store: ts.store,
        live: new TestLive(),
        settings: { integrationRateLimit: LIMIT, sessionTtlMs: 1e6 },
        clock: clock.now,
        log: silentLog,
        version: 't',
      }),
    );
  });
  afterEach(() => ts.cleanup());

  const get = (key: string | undefined, path = '/server', headers: Record<string, string> = {}) =>
    send({ method: 'GET', path: `${I}${path}`, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } });

  it('exact budget; 429 rate_limited with Retry-After until the oldest request ages out; 304 and 404 use budget', async () => {
    const first = await get(keyA, '/map');
    expect(first.status).toBe(200);
    clock.advance(1_000);
    expect((await get(keyA, '/map', { 'if-none-match': first.headers.etag })).status).toBe(304);
    expect((await get(keyA, '/nope')).status).toBe(404);
    expect((await get(keyA, '/pals?limit=0')).status).toBe(400);
    expect((await get(keyA)).status).toBe(200);
    clock.advance(10_500);
    const limited = await get(keyA);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body)).toEqual({
      error: { code: 'rate_limited', message: expect.stringMatching(/rate limit of this API key was exceeded/) },
    });
    // The oldest request (t=0) ages out at t=60 s; now t=11.5 s → 48.5 s → 49.
    expect(limited.headers['retry-after']).toBe('49');
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(limited.headers.etag).toBeUndefined();
    clock.advance(48_499);
    expect((await get(keyA)).headers['retry-after']).toBe('1');
    clock.advance(1);
    expect((await get(keyA)).status).toBe(200);
    // The next oldest (t=1 s) is still inside the window.
    const again = await get(keyA);
    expect(again.status).toBe(429);
    expect(again.headers['retry-after']).toBe('1');
  });

  it('two keys have independent budgets', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await get(keyA)).status).toBe(200);
    expect((await get(keyA)).status).toBe(429);
    for (let i = 0; i < LIMIT; i++) expect((await get(keyB)).status).toBe(200);
    expect((await get(keyB)).status).toBe(429);
  });

  it('401 and 405 answers use no budget; forwarding headers have no effect', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await get(undefined)).status).toBe(401);
      expect((await get(revoked)).status).toBe(401);
      expect((await send({ method: 'POST', path: `${I}/server`, headers: { authorization: `Bearer ${keyA}` } })).status).toBe(405);
    }
    for (let i = 0; i < LIMIT; i++) expect((await get(keyA, '/server', { 'x-forwarded-for': `198.51.100.${i}` })).status).toBe(200);
    expect(
      (await get(keyA, '/server', { 'x-forwarded-for': '198.51.100.99', forwarded: 'for=198.51.100.98', 'x-real-ip': '198.51.100.97' }))
        .status,
    ).toBe(429);
  });

  it('a rate-limited key still gets 405 for other methods and a bad key still 401 (order of checks)', async () => {
    for (let i = 0; i < LIMIT; i++) await get(keyA);
    expect((await get(keyA)).status).toBe(429);
    expect((await send({ method: 'HEAD', path: `${I}/server`, headers: { authorization: `Bearer ${keyA}` } })).status).toBe(405);
    expect((await get(revoked, '/nope')).status).toBe(401);
    expect((await get(keyA, '/nope')).status).toBe(429);
  });
});
