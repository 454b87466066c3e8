// A user's language for the web UI (issue 39), over a socket of `serve` on the real store:
// `/auth/me` says it once chosen (absent until then: follow the browser), `PUT /account/language` sets it for
// that user only, every role may, anything but a tag of the UI's languages or null is refused
// (400, nothing changed), the change is audited, and the choice outlives a restart of palpanel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServe } from '../../src/app/serve.js';
import { createLogger } from '../../src/lib/logger.js';
import { fromPanelPage } from '../helpers/panel-page.js';
import { serveWorld, type ServedWorld } from '../helpers/serve-world.js';
import { testSettings } from '../helpers/settings.js';

const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };
const VIEWER = { username: 'viewer', password: 'viewer-pass-phrase-42' };

let w: ServedWorld;
beforeAll(async () => {
  w = await serveWorld('v0.1-coop', [
    [ADMIN, 'admin'],
    [VIEWER, 'viewer'],
  ]);
}, 60_000);
afterAll(() => w?.server.stop());

async function send(url: string, method: string, path: string, cookie: string, body?: unknown) {
  const res = await fetch(`${url}/api/v1${path}`, {
    method,
    headers: { ...(method === 'GET' ? {} : fromPanelPage(url, body !== undefined)), cookie },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

describe('a user’s language', () => {
  it('null until chosen; set and cleared by the user, for that user only; audited', async () => {
    const viewer = await w.signIn(VIEWER);
    const admin = await w.signIn(ADMIN);
    expect((await send(w.url, 'GET', '/auth/me', viewer)).json).toEqual({ username: 'viewer', role: 'viewer' });

    const set = await send(w.url, 'PUT', '/account/language', viewer, { language: 'ja' });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ username: 'viewer', role: 'viewer', language: 'ja' });
    expect((await send(w.url, 'GET', '/auth/me', viewer)).json.language).toBe('ja');
    expect((await send(w.url, 'GET', '/auth/me', admin)).json).toEqual({ username: 'admin', role: 'admin' }); // never chosen: absent

    // A new session of the same user finds it (it is the user's, not the session's).
    const again = await w.signIn(VIEWER);
    expect((await send(w.url, 'GET', '/auth/me', again)).json.language).toBe('ja');

    expect((await send(w.url, 'PUT', '/account/language', viewer, { language: 'pt-BR' })).json.language).toBe('pt-BR');
    expect((await send(w.url, 'PUT', '/account/language', viewer, { language: null })).json.language).toBeNull();
    expect((await send(w.url, 'GET', '/auth/me', viewer)).json).not.toHaveProperty('language');

    const rows = (await send(w.url, 'GET', '/audit?action=user.language', admin)).json.data as {
      actor: string;
      target: string;
      detail: string;
    }[];
    expect(rows.map((r) => [r.actor, r.target, r.detail])).toEqual([
      ['user:viewer', 'viewer', 'browser'],
      ['user:viewer', 'viewer', 'pt-BR'],
      ['user:viewer', 'viewer', 'ja'],
    ]);
  });

  it.each([
    ['an unknown tag', { language: 'xx' }],
    ['a tag in the wrong case', { language: 'JA' }],
    ['a region we do not name', { language: 'pt-PT' }],
    ['a number', { language: 7 }],
    ['no language member', {}],
    ['another member too', { language: 'de', theme: 'dark' }],
    ['not JSON', '{"language": '],
  ])('refuses %s with 400 and a clear error, changing nothing', async (_what, body) => {
    const admin = await w.signIn(ADMIN);
    await send(w.url, 'PUT', '/account/language', admin, { language: 'de' });
    const res = await send(w.url, 'PUT', '/account/language', admin, body);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('invalid_request');
    expect(res.json.error.message).toMatch(/language|JSON|body|member/i);
    expect((await send(w.url, 'GET', '/auth/me', admin)).json.language).toBe('de');
  });

  it('the message of a wrong tag names the languages', async () => {
    const admin = await w.signIn(ADMIN);
    const res = await send(w.url, 'PUT', '/account/language', admin, { language: 'klingon' });
    expect(res.json.error.message).toContain('zh-Hans');
    expect(res.json.error.message).toContain('null');
  });

  it('needs a session', async () => {
    expect((await send(w.url, 'PUT', '/account/language', '', { language: 'ja' })).status).toBe(401);
  });

  it('is kept in the store: a restarted palpanel on the same data dir still knows it', async () => {
    const viewer = await w.signIn(VIEWER);
    await send(w.url, 'PUT', '/account/language', viewer, { language: 'zh-Hant' });
    await w.server.stop();
    const again = await startServe({
      settings: testSettings(w.dataDir, { SERVICE_SAVE_DIR: w.saveDir, SERVICE_SAVE_CHECK_INTERVAL: '1h' }),
      log: createLogger('text', () => {}),
      version: 't',
      ready: () => {},
    });
    w = { ...w, server: again, url: again.url };
    const cookie = await (async () => {
      const res = await fetch(`${again.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: fromPanelPage(again.url),
        body: JSON.stringify(VIEWER),
      });
      // The login's answer is the spec's {username, role}: the language is /auth/me's.
      expect(await res.json()).toEqual({ username: 'viewer', role: 'viewer' });
      return (res.headers.get('set-cookie') ?? '').split(';')[0];
    })();
    expect((await send(again.url, 'GET', '/auth/me', cookie)).json.language).toBe('zh-Hant');
  });
});
