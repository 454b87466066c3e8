// The Host a mutating panel request was sent to (issue 37, finding 11): DNS rebinding. A page on
// a name the attacker controls (evil.example), re-pointed at the panel's address, is same-origin
// with itself: its Origin and Host agree, so the Origin check alone let it sign in and change
// things. A change now needs a Host that is an IP literal, a loopback name, the listen host or
// SERVICE_PUBLIC_URL's host; behind a trusted proxy the forwarded host is judged the same way.
import { afterEach, describe, expect, it } from 'vitest';
import type { HttpDeps } from '../../src/http/deps.js';
import { P } from './conformance-table.js';
import type { TempStore } from '../helpers/fixture.js';
import { ADMIN, panelHarness, type PanelHarness } from './panel-harness.js';

const TTL = 3_600_000;
const SETTINGS = { integrationRateLimit: 60, sessionTtlMs: TTL };

describe('panel Host check (DNS rebinding)', () => {
  let stores: TempStore[] = [];
  afterEach(() => {
    for (const ts of stores) ts.cleanup();
    stores = [];
  });

  async function setUp(more: Partial<HttpDeps> = {}): Promise<PanelHarness> {
    const h = await panelHarness(TTL, more);
    stores.push(h.ts);
    return h;
  }
  const loginWith = (h: PanelHarness, headers: Record<string, string>) =>
    h.send({
      method: 'POST',
      path: `${P}/auth/login`,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(ADMIN),
      bare: true,
    });
  const createKey = (h: PanelHarness, cookie: string, headers: Record<string, string>) =>
    h.send({
      method: 'POST',
      path: `${P}/integration-keys`,
      headers: { cookie, 'content-type': 'application/json', ...headers },
      body: '{"label":"h"}',
      bare: true,
    });
  const evil = { host: 'evil.example', origin: 'http://evil.example' };

  it('a rebound name (Origin and Host both evil.example) is refused on the login, with words naming SERVICE_PUBLIC_URL', async () => {
    const h = await setUp();
    const res = await loginWith(h, evil);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ error: { code: 'forbidden', message: expect.stringContaining('SERVICE_PUBLIC_URL') } });
    expect(res.headers['set-cookie']).toBeUndefined();
    for (const headers of [
      { host: 'evil.example:8080', origin: 'http://evil.example:8080' },
      { host: 'EVIL.example', origin: 'https://evil.example' },
      { host: 'localhost.evil.example', origin: 'http://localhost.evil.example' },
    ])
      expect((await loginWith(h, headers)).status, headers.host).toBe(403);
  });

  it('a rebound name is refused on a signed-in mutating route; nothing changes; reads are unaffected', async () => {
    const h = await setUp();
    const cookie = await h.login(ADMIN);
    expect((await createKey(h, cookie, evil)).status).toBe(403);
    expect((await createKey(h, cookie, { host: 'evil.example', 'sec-fetch-site': 'same-origin' })).status).toBe(403);
    const del = await h.send({ method: 'DELETE', path: `${P}/integration-keys/0a1b2c3d`, headers: { cookie, ...evil }, bare: true });
    expect(del.status).toBe(403);
    expect(h.ts.store.keys.list()).toEqual([]);
    const me = await h.send({ method: 'GET', path: `${P}/auth/me`, headers: { cookie, ...evil }, bare: true });
    expect(me.status).toBe(200);
  });

  it('loopback names and IP literals are accepted: localhost, *.localhost, 127.0.0.1, [::1], a LAN address', async () => {
    const h = await setUp();
    for (const host of [
      'localhost:8080',
      'LocalHost',
      'panel.localhost:8080',
      'localhost.',
      '127.0.0.1:8080',
      '[::1]:8080',
      '192.168.1.20:8080',
    ]) {
      const res = await loginWith(h, { host, origin: `http://${host.toLowerCase()}` });
      expect(res.status, host).toBe(200);
      const cookie = res.headers['set-cookie'].split(';')[0];
      expect((await createKey(h, cookie, { host, origin: `http://${host}` })).status, host).toBe(201);
    }
  });

  it("the listen host and SERVICE_PUBLIC_URL's host are accepted as names", async () => {
    const h = await setUp({
      settings: { ...SETTINGS, publicUrl: 'https://panel.example.org', listen: { host: 'palpanel.lan', port: 8080 } },
    });
    expect((await loginWith(h, { host: 'panel.example.org', origin: 'https://panel.example.org' })).status).toBe(200);
    expect((await loginWith(h, { host: 'palpanel.lan:8080', origin: 'http://palpanel.lan:8080' })).status).toBe(200);
    expect((await loginWith(h, { host: 'palpanel.lan:8080', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    // A page on SERVICE_PUBLIC_URL itself passes whatever Host the proxy passes on.
    expect((await loginWith(h, { host: 'palpanel:8080', origin: 'https://panel.example.org' })).status).toBe(200);
    expect((await loginWith(h, evil)).status).toBe(403);
    expect((await loginWith(h, { host: 'other.example.org', origin: 'http://other.example.org' })).status).toBe(403);
  });

  it('behind a trusted proxy the forwarded host is judged the same way, unless the Origin is SERVICE_PUBLIC_URL', async () => {
    const h = await setUp({ settings: { ...SETTINGS, trustedProxies: ['127.0.0.1'] } });
    const inner = { host: '127.0.0.1:8080', 'x-forwarded-proto': 'https' };
    // The proxy passes the rebound name on (nginx's $host, Caddy's default).
    expect((await loginWith(h, { ...inner, origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' })).status).toBe(403);
    expect((await loginWith(h, { ...evil, 'x-forwarded-host': 'evil.example' })).status).toBe(403);
    expect((await loginWith(h, { ...inner, 'sec-fetch-site': 'same-origin', 'x-forwarded-host': 'evil.example' })).status).toBe(403);
    expect((await loginWith(h, { ...inner, origin: 'https://localhost:8443', 'x-forwarded-host': 'localhost:8443' })).status).toBe(200);
    // With SERVICE_PUBLIC_URL set, its host through the proxy passes.
    const p = await setUp({ settings: { ...SETTINGS, trustedProxies: ['127.0.0.1'], publicUrl: 'https://panel.example' } });
    expect((await loginWith(p, { ...inner, origin: 'https://panel.example', 'x-forwarded-host': 'panel.example' })).status).toBe(200);
    expect((await loginWith(p, { ...inner, 'sec-fetch-site': 'same-origin', 'x-forwarded-host': 'panel.example' })).status).toBe(200);
    expect((await loginWith(p, { ...inner, origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' })).status).toBe(403);
  });
});
