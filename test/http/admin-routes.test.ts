// The admin's settings routes (issue 10): users, sessions and the audit log, over the HTTP core
// with a real store on a temp dir. The walk of every route's 401/403/Origin/400 is in
// route-table.test.ts; here, what each route does.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { P } from './conformance-table.js';
import type { ManualClock, TempStore } from '../helpers/fixture.js';
import { ADMIN, panelHarness, VIEWER, type PanelHarness } from './panel-harness.js';

const NEW_PASSWORD = 'a-brand-new-passphrase-77';

describe('panel users, sessions and audit routes', () => {
  let ts: TempStore;
  let clock: ManualClock;
  let send: PanelHarness['send'];
  let login: PanelHarness['login'];

  beforeEach(async () => {
    ({ ts, clock, send, login } = await panelHarness());
  });
  afterEach(() => ts.cleanup());

  const as = (cookie: string, method: string, path: string, body?: unknown) =>
    send({ method, path: `${P}${path}`, headers: { cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  const me = async (cookie: string) => (await as(cookie, 'GET', '/auth/me')).status;

  it('users: list, create, duplicate refused, role change, last admin kept, password reset, removal', async () => {
    const admin = await login(ADMIN);
    const list = await as(admin, 'GET', '/users');
    expect(list.status).toBe(200);
    expect(list.json!.data).toEqual([
      { username: 'admin', role: 'admin', createdAt: expect.any(String), totp: false },
      { username: 'viewer', role: 'viewer', createdAt: expect.any(String), totp: false },
    ]);
    expect(list.body).not.toContain('scrypt');

    const created = await as(admin, 'POST', '/users', { username: 'bob', role: 'viewer', password: 'bobs-long-passphrase' });
    expect(created.status).toBe(201);
    expect(created.json!.data).toEqual({ username: 'bob', role: 'viewer', createdAt: clock.now().toISOString(), totp: false });
    const again = await as(admin, 'POST', '/users', { username: 'bob', role: 'admin', password: 'another-long-passphrase' });
    expect(again.status).toBe(409);
    expect(again.json!.error.code).toBe('conflict');
    const weak = await as(admin, 'POST', '/users', { username: 'carol', role: 'viewer', password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.json!.error.code).toBe('invalid_request');
    const badRole = await as(admin, 'POST', '/users', { username: 'carol', role: 'owner', password: 'carols-long-passphrase' });
    expect(badRole.status).toBe(400);
    expect(badRole.json!.error.message).toContain('"role"');
    expect(ts.store.users.get('carol')).toBeUndefined();

    // The only admin can be neither demoted nor removed; with a second admin, both work.
    const demote = await as(admin, 'PATCH', '/users/admin', { role: 'viewer' });
    expect(demote.status).toBe(409);
    expect(demote.json!.error).toEqual({ code: 'conflict', message: expect.stringContaining('last admin') });
    expect((await as(admin, 'DELETE', '/users/admin')).status).toBe(409);
    expect(ts.store.users.get('admin')!.role).toBe('admin');
    const promoted = await as(admin, 'PATCH', '/users/bob', { role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.json!.data).toMatchObject({ username: 'bob', role: 'admin' });
    expect((await as(admin, 'PATCH', '/users/nobody', { role: 'admin' })).status).toBe(404);

    // A reset ends the user's sessions; an admin's reset of their own password keeps this one.
    const viewer = await login(VIEWER);
    expect((await as(admin, 'PUT', '/users/viewer/password', { password: NEW_PASSWORD })).status).toBe(204);
    expect(await me(viewer)).toBe(401);
    await login({ username: 'viewer', password: NEW_PASSWORD });
    const otherAdmin = await login(ADMIN);
    expect((await as(admin, 'PUT', '/users/admin/password', { password: NEW_PASSWORD })).status).toBe(204);
    expect(await me(admin)).toBe(200);
    expect(await me(otherAdmin)).toBe(401);

    // Removal ends the removed user's sessions.
    const bob = await login({ username: 'bob', password: 'bobs-long-passphrase' });
    expect((await as(admin, 'DELETE', '/users/bob')).status).toBe(204);
    expect(await me(bob)).toBe(401);
    expect((await as(admin, 'DELETE', '/users/bob')).status).toBe(404);
  });

  it('sessions: listed newest first with the current one marked; an admin ends one by id', async () => {
    const viewer = await login(VIEWER);
    clock.advance(1000);
    const admin = await login(ADMIN);
    const res = await as(admin, 'GET', '/sessions');
    expect(res.status).toBe(200);
    const sessions = res.json!.data as { id: string; username: string; current: boolean }[];
    expect(sessions.map((s) => [s.username, s.current])).toEqual([
      ['admin', true],
      ['viewer', false],
    ]);
    // No token in the list: the ids are not the cookie's value.
    for (const s of sessions) expect(viewer + admin).not.toContain(s.id);
    expect((await as(admin, 'DELETE', `/sessions/${sessions[1].id}`)).status).toBe(204);
    expect(await me(viewer)).toBe(401);
    expect((await as(admin, 'DELETE', `/sessions/${sessions[1].id}`)).status).toBe(404);
    expect((await as(admin, 'DELETE', '/sessions/not-an-id')).status).toBe(404);
  });

  it('audit: who did what over HTTP, filters, cursor walk, bad filters refused, no secret anywhere', async () => {
    const admin = await login(ADMIN);
    const key = await as(admin, 'POST', '/integration-keys', { label: 'bot' });
    expect(key.status).toBe(201);
    await as(admin, 'POST', '/users', { username: 'dan', role: 'viewer', password: 'dans-long-passphrase' });
    clock.advance(60_000);
    await as(admin, 'PATCH', '/users/admin', { role: 'viewer' }); // refused: the last admin
    await as(admin, 'DELETE', `/integration-keys/${key.json!.id}`);

    const all = await as(admin, 'GET', '/audit');
    expect(all.status).toBe(200);
    const rows = all.json!.data as { actor: string; action: string; target: string; outcome: string; reason: string | null }[];
    expect(rows.slice(0, 5).map((r) => [r.actor, r.action, r.target, r.outcome, r.reason])).toEqual([
      ['user:admin', 'key.revoke', key.json!.id, 'ok', null],
      ['user:admin', 'user.role', 'admin', 'refused', 'last_admin'],
      ['user:admin', 'user.create', 'dan', 'ok', null],
      ['user:admin', 'key.create', key.json!.id, 'ok', null],
      ['user:admin', 'session.create', expect.stringMatching(/^[0-9a-f]{16}$/), 'ok', null],
    ]);
    expect(rows.at(-1)).toMatchObject({ actor: 'cli', action: 'user.create', target: 'admin' });
    expect(all.json!.nextCursor).toBeNull();
    for (const secret of [ADMIN.password, VIEWER.password, 'dans-long-passphrase', key.json!.key as string, admin.split('=')[1]]) {
      expect(all.body).not.toContain(secret);
    }

    const byAction = await as(admin, 'GET', '/audit?action=user.create');
    expect((byAction.json!.data as { target: string }[]).map((r) => r.target)).toEqual(['dan', 'viewer', 'admin']);
    const byActor = await as(admin, 'GET', '/audit?actor=cli');
    expect((byActor.json!.data as unknown[]).length).toBe(2);
    const since = await as(admin, 'GET', `/audit?from=${encodeURIComponent(new Date(clock.ms - 1).toISOString())}`);
    expect((since.json!.data as { action: string }[]).map((r) => r.action)).toEqual(['key.revoke', 'user.role']);

    // Two rows a page: the walk sees every row once, newest first.
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await as(admin, 'GET', `/audit?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...(page.json!.data as { id: number }[]).map((r) => r.id));
      cursor = page.json!.nextCursor as string | null;
    }
    expect(seen).toEqual((rows as unknown as { id: number }[]).map((r) => r.id));

    for (const [query, code] of [
      ['action=key.steal', 'invalid_request'],
      ['actor=root', 'invalid_request'],
      ['from=yesterday', 'invalid_request'],
      ['limit=0', 'invalid_limit'],
      ['cursor=%00', 'invalid_cursor'],
      ['colour=red', 'invalid_request'],
    ]) {
      const bad = await as(admin, 'GET', `/audit?${query}`);
      expect([query, bad.status, bad.json!.error.code]).toEqual([query, 400, code]);
    }
  });
});
