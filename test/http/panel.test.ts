// Panel login, sessions, roles, key routes and the failed-login throttle (interface.md,
// Decisions; spec: Key management), with an injected clock.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientKey, DEFAULT_THROTTLE, LoginThrottle } from '../../src/http/panel/auth/login-throttle.js';
import { P } from './conformance-table.js';
import type { ManualClock, TempStore } from '../helpers/fixture.js';
import { ADMIN, panelHarness, VIEWER, type PanelHarness } from './panel-harness.js';

const TTL = 3_600_000;

describe('panel API', () => {
  let ts: TempStore;
  let clock: ManualClock;
  let send: PanelHarness['send'];
  let loginReq: PanelHarness['loginReq'];
  let login: PanelHarness['login'];

  beforeEach(async () => {
    ({ ts, clock, send, loginReq, login } = await panelHarness(TTL));
  });
  afterEach(() => ts.cleanup());

  it('login sets a cookie that lives as long as the session setting; me; logout', async () => {
    const res = await send(loginReq(ADMIN));
    expect(res.json).toEqual({ username: 'admin', role: 'admin' });
    expect(res.headers['set-cookie']).toMatch(
      new RegExp(`^palpanel_session=[A-Za-z0-9_-]{43}; Path=/; Max-Age=${TTL / 1000}; HttpOnly; SameSite=Strict$`),
    );
    const cookie = res.headers['set-cookie'].split(';')[0];
    expect((await send({ method: 'GET', path: `${P}/auth/me`, headers: { cookie } })).json).toEqual({
      username: 'admin',
      role: 'admin',
    });
    const out = await send({ method: 'POST', path: `${P}/auth/logout`, headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers['set-cookie']).toMatch(/^palpanel_session=; Path=\/; Max-Age=0/);
    expect((await send({ method: 'GET', path: `${P}/auth/me`, headers: { cookie } })).status).toBe(401);
  });

  it('an expired session is refused', async () => {
    const cookie = await login(VIEWER);
    clock.advance(TTL - 1);
    expect((await send({ method: 'GET', path: `${P}/auth/me`, headers: { cookie } })).status).toBe(200);
    clock.advance(1);
    const res = await send({ method: 'GET', path: `${P}/auth/me`, headers: { cookie } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  it('removing a user or changing the password ends their sessions', async () => {
    const cookie = await login(VIEWER);
    ts.store.users.setPassword(VIEWER.username, 'another-good-passphrase', 'cli');
    expect((await send({ method: 'GET', path: `${P}/auth/me`, headers: { cookie } })).status).toBe(401);
  });

  it('a viewer gets 403 forbidden on the key routes; an admin does not', async () => {
    const viewer = await login(VIEWER);
    const admin = await login(ADMIN);
    for (const [method, path, body] of [
      ['GET', '/integration-keys'],
      ['POST', '/integration-keys', '{"label":"x"}'],
      ['DELETE', '/integration-keys/0a1b2c3d'],
    ] as const) {
      const v = await send({ method, path: `${P}${path}`, headers: { cookie: viewer }, body });
      expect(v.status).toBe(403);
      expect(v.json.error.code).toBe('forbidden');
      const a = await send({ method, path: `${P}${path}`, headers: { cookie: admin }, body });
      expect([200, 201, 404]).toContain(a.status);
    }
  });

  it('keys: 201 with the key once, list newest first, revoke, revoke again, 409 at 100 active', async () => {
    const cookie = await login(ADMIN);
    const create = (label: string) =>
      send({ method: 'POST', path: `${P}/integration-keys`, headers: { cookie }, body: JSON.stringify({ label }) });
    const first = await create('first');
    expect(first.status).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json.key).toMatch(/^svk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    clock.advance(1000);
    for (let i = 1; i < 100; i++) expect((await create(`k${i}`)).status).toBe(201);
    const full = await create('one too many');
    expect(full.status).toBe(409);
    expect(full.json.error.code).toBe('too_many_keys');
    const list = (await send({ method: 'GET', path: `${P}/integration-keys`, headers: { cookie } })).json;
    expect(list).toHaveLength(100);
    expect(list.at(-1).id).toBe(first.json.id);
    expect(list[0].label).toBe('k99');
    clock.advance(1000);
    const revoked = await send({ method: 'DELETE', path: `${P}/integration-keys/${first.json.id}`, headers: { cookie } });
    expect(revoked.json.revokedAt).toBe(clock.now().toISOString());
    clock.advance(5000);
    const again = await send({ method: 'DELETE', path: `${P}/integration-keys/${first.json.id}`, headers: { cookie } });
    expect(again.json.revokedAt).toBe(revoked.json.revokedAt);
    expect((await create('fits again')).status).toBe(201);
    // The plaintext key reaches no event and no list.
    expect(JSON.stringify(ts.store.events.listAll(1000))).not.toContain(first.json.key);
    expect(JSON.stringify(list)).not.toContain('svk_');
  });

  it('login and key creation with a member the contract does not name answer 400 and change nothing', async () => {
    const refused = await send({ method: 'POST', path: `${P}/auth/login`, body: JSON.stringify({ ...ADMIN, remember: true }) });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ error: { code: 'invalid_request', message: 'The body has an unknown member "remember".' } });
    expect(refused.headers['set-cookie']).toBeUndefined();
    const cookie = await login(ADMIN);
    const create = await send({
      method: 'POST',
      path: `${P}/integration-keys`,
      headers: { cookie },
      body: JSON.stringify({ label: 'x', scopes: ['all'] }),
    });
    expect(create.status).toBe(400);
    expect(create.json).toEqual({ error: { code: 'invalid_request', message: 'The body has an unknown member "scopes".' } });
    const wrongType = await send({
      method: 'POST',
      path: `${P}/integration-keys`,
      headers: { cookie },
      body: JSON.stringify({ label: 7 }),
    });
    expect(wrongType.json).toEqual({ error: { code: 'invalid_request', message: 'The member "label" must be a string.' } });
    expect(ts.store.keys.list()).toEqual([]);
  });

  it('mutating requests need a same-origin Origin, or Sec-Fetch-Site: same-origin without one', async () => {
    const cookie = await login(ADMIN);
    const post = (headers: Record<string, string> = {}) =>
      send({
        method: 'POST',
        path: `${P}/integration-keys`,
        headers: { cookie, host: '127.0.0.1:8080', 'content-type': 'application/json', ...headers },
        body: '{"label":"o"}',
        bare: true,
      });
    expect((await post({ origin: 'http://127.0.0.1:8080' })).status).toBe(201);
    expect((await post({ origin: 'https://127.0.0.1:8080' })).status).toBe(201);
    expect((await post({ origin: 'http://127.0.0.1:9090' })).status).toBe(403);
    expect((await post({ origin: 'http://evil.test' })).status).toBe(403);
    expect((await post({ origin: 'null' })).status).toBe(403);
    // Behind a TLS proxy only the https origin matches.
    expect((await post({ origin: 'http://127.0.0.1:8080', 'x-forwarded-proto': 'https' })).status).toBe(403);
    // X-Forwarded-Host is believed only from a trusted proxy (SERVICE_TRUSTED_PROXIES, none here).
    expect((await post({ origin: 'https://panel.localhost', 'x-forwarded-host': 'panel.localhost' })).status).toBe(403);
    // No Origin (issue 28, finding 10): refused, unless the browser says the page is ours.
    const none = await post();
    expect(none.status).toBe(403);
    expect(none.json).toEqual({ error: { code: 'forbidden', message: expect.stringContaining('Origin') } });
    expect((await post({ 'sec-fetch-site': 'same-origin' })).status).toBe(201);
    for (const site of ['cross-site', 'same-site', 'none']) expect((await post({ 'sec-fetch-site': site })).status).toBe(403);
    // An Origin of another site is refused whatever Sec-Fetch-Site claims.
    expect((await post({ origin: 'http://evil.test', 'sec-fetch-site': 'same-origin' })).status).toBe(403);
    // The login, logout and DELETE are mutating too; reads need nothing.
    const bareLogin = await send({ ...loginReq(ADMIN), headers: { 'content-type': 'application/json' }, bare: true });
    expect(bareLogin.status).toBe(403);
    expect(bareLogin.headers['set-cookie']).toBeUndefined();
    expect((await send({ method: 'POST', path: `${P}/auth/logout`, headers: { cookie }, bare: true })).status).toBe(403);
    expect((await send({ method: 'DELETE', path: `${P}/integration-keys/0a1b2c3d`, headers: { cookie }, bare: true })).status).toBe(403);
    expect((await send({ method: 'GET', path: `${P}/auth/me`, headers: { cookie }, bare: true })).status).toBe(200);
    expect(ts.store.keys.list().map((k) => k.label)).toEqual(['o', 'o', 'o']);
  });

  it('a mutating request with a body must send it as application/json: 415 unsupported_media_type, nothing changed', async () => {
    const cookie = await login(ADMIN);
    const post = (contentType?: string) =>
      send({
        method: 'POST',
        path: `${P}/integration-keys`,
        headers: { cookie, origin: 'http://127.0.0.1:8080', ...(contentType ? { 'content-type': contentType } : {}) },
        body: '{"label":"typed"}',
        bare: true,
      });
    for (const t of [
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/jsonp',
    ]) {
      const res = await post(t);
      expect(res.status, t).toBe(415);
      expect(res.json, t).toEqual({ error: { code: 'unsupported_media_type', message: expect.stringContaining('application/json') } });
    }
    expect(ts.store.keys.list()).toEqual([]);
    expect((await post('application/json; charset=utf-8')).status).toBe(201);
    expect((await post('Application/JSON')).status).toBe(201);
    // A form-encoded login is refused before any password is checked.
    const form = await send({
      method: 'POST',
      path: `${P}/auth/login`,
      headers: { origin: 'http://127.0.0.1:8080', 'content-type': 'text/plain' },
      body: JSON.stringify(ADMIN),
      bare: true,
    });
    expect(form.status).toBe(415);
    expect(form.headers['set-cookie']).toBeUndefined();
    // A request without a body needs no type.
    expect(
      (await send({ method: 'POST', path: `${P}/auth/logout`, headers: { cookie, origin: 'http://127.0.0.1:8080' }, bare: true })).status,
    ).toBe(204);
  });

  describe('failed-login throttle', () => {
    const wrong = (username = ADMIN.username) => loginReq({ username, password: 'not-the-password' });

    it('per address and username: five free failures, then 429 with Retry-After doubling; the real password waits too; success resets', async () => {
      for (let i = 0; i < 5; i++) expect((await send(wrong())).status).toBe(401);
      const limited = await send(wrong());
      expect(limited.status).toBe(429);
      expect(limited.json.error.code).toBe('rate_limited');
      expect(limited.headers['retry-after']).toBe('1');
      expect((await send(loginReq(ADMIN))).status).toBe(429);
      clock.advance(1000);
      expect((await send(wrong())).status).toBe(401);
      expect((await send(wrong())).headers['retry-after']).toBe('2');
      clock.advance(2000);
      expect((await send(loginReq(ADMIN))).status).toBe(200);
      // The count at this username is reset; the address's own count (6 failures) stands, so
      // it waits after its 10th.
      for (let i = 0; i < 4; i++) expect((await send(wrong())).status).toBe(401);
      expect((await send(wrong())).status).toBe(429);
    });

    it('a username hammered from other addresses still signs in from an address that has not failed; names compare without case', async () => {
      for (let a = 0; a < 8; a++) {
        for (let i = 0; i < 5; i++) expect((await send(wrong(), `10.0.0.${a}`)).status).toBe(401);
        expect((await send(wrong('ADMIN'), `10.0.0.${a}`)).status).toBe(429);
      }
      expect((await send(loginReq(ADMIN), '10.0.0.99')).status).toBe(200);
      expect((await send(loginReq(ADMIN), '198.51.100.7')).status).toBe(200);
      // The hammering addresses wait, for this name and the right password too.
      expect((await send(loginReq(ADMIN), '10.0.0.3')).status).toBe(429);
    });

    it('per address: guesses at many usernames from one address are throttled; other addresses are not', async () => {
      for (let i = 0; i < 10; i++) expect((await send(wrong(`user${i}`), '192.0.2.1')).status).toBe(401);
      expect((await send(wrong('user99'), '192.0.2.1')).status).toBe(429);
      expect((await send(loginReq(VIEWER), '192.0.2.1')).status).toBe(429);
      expect((await send(loginReq(VIEWER), '192.0.2.2')).status).toBe(200);
    });

    it('an IPv6 client counts by its /64; an IPv4-mapped address as the IPv4 one', async () => {
      for (let i = 0; i < 5; i++) expect((await send(wrong(), `2001:db8:1:2::${i + 1}`)).status).toBe(401);
      expect((await send(wrong(), '2001:db8:1:2:ffff::9')).status).toBe(429);
      expect((await send(loginReq(ADMIN), '2001:db8:1:3::1')).status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await send(wrong(), '203.0.113.9')).status).toBe(401);
      expect((await send(wrong(), '::ffff:203.0.113.9')).status).toBe(429);
      expect(clientKey('::1')).toBe('0:0:0:0::/64');
      expect(clientKey('2001:DB8::1')).toBe('2001:db8:0:0::/64');
      expect(clientKey('::ffff:0:7f00:1')).toBe('0:0:0:0::/64');
      expect(clientKey('127.0.0.1')).toBe('127.0.0.1');
    });

    it('the wait is capped at a minute and forgotten after a few quiet minutes', async () => {
      for (let i = 0; i < 30; i++) {
        const res = await send(wrong());
        if (res.status === 429) clock.advance(Number(res.headers['retry-after']) * 1000);
        expect(Number(res.headers['retry-after'] ?? 0)).toBeLessThanOrEqual(60);
      }
      clock.advance(6 * 60_000);
      for (let i = 0; i < 5; i++) expect((await send(wrong())).status).toBe(401);
    });

    it('parallel guesses cannot slip past the limit while passwords are hashed', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, () => send(wrong())));
      const codes = results.map((r) => r.status).sort();
      expect(codes.filter((c) => c === 401)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(5);
    });

    it('bounds its memory', () => {
      const t = new LoginThrottle({ ...DEFAULT_THROTTLE, maxEntries: 100 });
      for (let i = 0; i < 1000; i++) t.attempt(`10.1.${i >> 8}.${i & 255}`, `user${i}`, 0);
      expect(t.size).toBeLessThanOrEqual(100);
    });

    it('a blocked address outlives a flood of failures with fresh names and addresses', () => {
      const t = new LoginThrottle(DEFAULT_THROTTLE);
      for (let i = 0; i < 6; i++) t.attempt('203.0.113.7', 'admin', 0);
      expect(t.retryAfterSec('203.0.113.7', 'admin', 0)).toBe(2);
      // 5,200 failures, each with a new username from a new address: 10,400 new entries, more
      // than the table holds.
      for (let i = 0; i < 5_200; i++) t.attempt(`10.${i >> 8}.${i & 255}.1`, `flood${i}`, 100);
      expect(t.size).toBeLessThanOrEqual(DEFAULT_THROTTLE.maxEntries);
      expect(t.retryAfterSec('203.0.113.7', 'admin', 100)).toBe(2);
      expect(t.retryAfterSec('198.51.100.1', 'admin', 100)).toBe(0);
    });
  });
});
