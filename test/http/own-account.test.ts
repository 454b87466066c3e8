// A user's own account, whatever their role (issue 43), over a socket of `serve`: the password
// change asks the current one (a wrong one refused and audited), the sessions list says where
// each signed in from and marks this one, "sign out everywhere else" ends the others, one
// session can be ended, another user's cannot; an admin ends another user's sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPanelPage } from '../helpers/panel-page.js';
import { serveWorld, type Account, type ServedWorld } from '../helpers/serve-world.js';

const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };
const MODERATOR = { username: 'mod', password: 'moderator-pass-phrase-7' };
const VIEWER = { username: 'viewer', password: 'viewer-pass-phrase-42' };
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let w: ServedWorld;
beforeAll(async () => {
  w = await serveWorld('v0.1-coop', [
    [ADMIN, 'admin'],
    [MODERATOR, 'moderator'],
    [VIEWER, 'viewer'],
  ]);
}, 60_000);
afterAll(() => w?.server.stop());

async function signIn(who: Account, userAgent: string): Promise<string> {
  const res = await fetch(`${w.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { ...fromPanelPage(w.url), 'user-agent': userAgent },
    body: JSON.stringify(who),
  });
  expect(res.status).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0];
}

async function send(method: string, path: string, cookie: string, body?: unknown) {
  const res = await fetch(`${w.url}/api/v1${path}`, {
    method,
    headers: { ...(method === 'GET' ? {} : fromPanelPage(w.url, body !== undefined)), cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();

  return { status: res.status, json: text ? JSON.parse(text) : undefined };
}

interface OwnSession {
  id: string;
  username: string;
  address: string | null;
  userAgent: string | null;
  current: boolean;
  createdAt: string;
  lastSeenAt: string;
}

describe('own account', () => {
  it('sessions: own only, with address, user agent, created and last used; this one marked; end one; end all but this one', async () => {
    const phone = await signIn(MODERATOR, SAFARI);
    const laptop = await signIn(MODERATOR, FIREFOX);
    const third = await signIn(MODERATOR, FIREFOX);
    await signIn(VIEWER, FIREFOX);
    const list = (await send('GET', '/account/sessions', laptop)).json.data as OwnSession[];
    expect(list).toHaveLength(3);
    expect(new Set(list.map((s) => s.username))).toEqual(new Set(['mod']));
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const mine = list.find((s) => s.current)!;
    expect([mine.address, mine.userAgent]).toEqual(['127.0.0.1', FIREFOX]);
    expect(list.map((s) => s.userAgent)).toContain(SAFARI);
    for (const s of list) expect(Number.isFinite(Date.parse(s.createdAt)) && Number.isFinite(Date.parse(s.lastSeenAt))).toBe(true);

    // End one (the phone's): it is signed out, the others are not.
    const phoneId = list.find((s) => s.userAgent === SAFARI)!.id;
    expect((await send('DELETE', `/account/sessions/${phoneId}`, laptop)).status).toBe(204);
    expect((await send('GET', '/auth/me', phone)).status).toBe(401);
    expect((await send('GET', '/auth/me', third)).status).toBe(200);

    // Another user's session is not theirs to end: unknown.
    const viewerSessions = (await send('GET', '/account/sessions', await signIn(VIEWER, FIREFOX))).json.data as OwnSession[];
    expect((await send('DELETE', `/account/sessions/${viewerSessions[0].id}`, laptop)).status).toBe(404);

    // Sign out everywhere else.
    expect((await send('DELETE', '/account/sessions', laptop)).status).toBe(204);
    expect((await send('GET', '/auth/me', third)).status).toBe(401);
    expect((await send('GET', '/auth/me', laptop)).status).toBe(200);
    expect(((await send('GET', '/account/sessions', laptop)).json.data as OwnSession[]).map((s) => s.current)).toEqual([true]);
  });

  it('password: the current one asked (a wrong one refused and audited); the others end, this one stays; every role', async () => {
    const viewer = await signIn(VIEWER, FIREFOX);
    const other = await signIn(VIEWER, SAFARI);
    const wrong = await send('PUT', '/account/password', viewer, { current: 'not my password', password: 'a brand new pass phrase 9' });
    expect([wrong.status, wrong.json.error.code, wrong.json.error.message]).toEqual([
      400,
      'invalid_request',
      'The current password is not right.',
    ]);
    expect((await send('GET', '/auth/me', other)).status).toBe(200);
    const weak = await send('PUT', '/account/password', viewer, { current: VIEWER.password, password: 'short' });
    expect(weak.status).toBe(400);
    expect(
      (await send('PUT', '/account/password', viewer, { current: VIEWER.password, password: 'a brand new pass phrase 9' })).status,
    ).toBe(204);
    expect((await send('GET', '/auth/me', viewer)).status).toBe(200);
    expect((await send('GET', '/auth/me', other)).status).toBe(401);
    const old = await fetch(`${w.url}/api/v1/auth/login`, { method: 'POST', headers: fromPanelPage(w.url), body: JSON.stringify(VIEWER) });
    expect(old.status).toBe(401);
    await signIn({ ...VIEWER, password: 'a brand new pass phrase 9' }, FIREFOX);

    const admin = await signIn(ADMIN, FIREFOX);
    const rows = (await send('GET', '/audit?action=user.password', admin)).json.data as {
      actor: string;
      outcome: string;
      reason: string | null;
    }[];
    expect(rows.map((r) => [r.actor, r.outcome, r.reason])).toEqual([
      ['user:viewer', 'ok', null],
      ['user:viewer', 'refused', 'wrong_password'],
    ]);
    const dump = JSON.stringify((await send('GET', '/audit?limit=500', admin)).json);
    expect(dump).not.toContain('a brand new pass phrase 9');
    expect(dump).not.toContain('not my password');
  });

  it('an admin ends every session of another user, audited; a moderator may not', async () => {
    const admin = await signIn(ADMIN, FIREFOX);
    const mod = await signIn(MODERATOR, FIREFOX);
    const mod2 = await signIn(MODERATOR, SAFARI);
    expect((await send('DELETE', '/users/mod/sessions', mod)).status).toBe(403);
    expect((await send('DELETE', '/users/mod/sessions', admin)).status).toBe(204);
    expect((await send('GET', '/auth/me', mod)).status).toBe(401);
    expect((await send('GET', '/auth/me', mod2)).status).toBe(401);
    expect((await send('DELETE', '/users/nobody/sessions', admin)).status).toBe(404);
    const rows = (await send('GET', '/audit?action=session.end&actor=user%3Aadmin', admin)).json.data as { detail: string }[];
    // One row per session ended (the first test's laptop session was still open: three).
    expect(rows.filter((r) => r.detail === 'mod')).toHaveLength(3);
    // The admin's list of every session shows address and browser too, and no session of mod's is left.
    const all = (await send('GET', '/sessions', admin)).json.data as OwnSession[];
    expect(all.filter((s) => s.username === 'mod')).toEqual([]);
    expect(all.find((s) => s.current)).toMatchObject({ username: 'admin', address: '127.0.0.1', userAgent: FIREFOX });
  });

  it('an admin promotes a viewer to moderator and demotes them, applying at once', async () => {
    const admin = await signIn(ADMIN, FIREFOX);
    await send('POST', '/users', admin, { username: 'newmod', role: 'viewer', password: 'newcomer pass phrase 5' });
    const them = await signIn({ username: 'newmod', password: 'newcomer pass phrase 5' }, FIREFOX);
    expect((await send('GET', '/console/log', them)).status).toBe(403);
    expect((await send('PATCH', '/users/newmod', admin, { role: 'moderator' })).json.data).toMatchObject({ role: 'moderator' });
    expect((await send('GET', '/auth/me', them)).json.role).toBe('moderator');
    expect((await send('GET', '/console/log', them)).status).toBe(200);
    expect((await send('PATCH', '/users/newmod', admin, { role: 'viewer' })).json.data).toMatchObject({ role: 'viewer' });
    expect((await send('GET', '/console/log', them)).status).toBe(403);
  });
});
