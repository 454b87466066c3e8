// The audit log, whichever way a change comes (issue 10): the shell's operations on the store
// (runAdminOp, as `keys`/`users` run with no server), the same operations over the control
// socket of a running server, and the panel's HTTP routes of that server (login, key create and
// revoke, logout). The store writes every row; no path can skip it, and no row holds a secret.
import { afterEach, describe, expect, it } from 'vitest';
import { performAdminOp } from '../../src/control/admin-client.js';
import { runAdminOp } from '../../src/control/admin-ops.js';
import { createLogger } from '../../src/lib/logger.js';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { LastAdminError } from '../../src/domain/errors.js';
import type { Store } from '../../src/store/index.js';
import type { KeyRecord } from '../../src/store/keys.js';
import { testSettings } from '../helpers/settings.js';
import { allRows, freshDir, removeTempDirs, storeOn, story, TestClock } from '../store/audit-helpers.js';
import { fromPanelPage } from '../helpers/panel-page.js';

const ANN = { name: 'ann', password: 'ann-correct-horse-1' };
const BOB = { name: 'bob', password: 'bob-battery-staple-2' };

const running: RunningServer[] = [];
const stores: Store[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) s.close();
  for (const r of running.splice(0)) await r.stop();
  removeTempDirs();
});

describe('audit through the shell operations on the store (no server)', () => {
  it('records every operation with the actor cli, the last admin refused', async () => {
    const store = await storeOn(freshDir(), new TestClock());
    stores.push(store);
    runAdminOp(store, { op: 'users.add', name: ANN.name, role: 'admin', password: ANN.password });
    runAdminOp(store, { op: 'users.add', name: BOB.name, role: 'viewer', password: BOB.password });
    const k = runAdminOp(store, { op: 'keys.create', label: 'shell' }) as KeyRecord & { key: string };
    runAdminOp(store, { op: 'keys.revoke', id: k.id });
    runAdminOp(store, { op: 'users.passwd', name: BOB.name, password: 'bob-new-passphrase' });
    expect(() => runAdminOp(store, { op: 'users.remove', name: ANN.name })).toThrow(LastAdminError);
    runAdminOp(store, { op: 'users.remove', name: BOB.name });
    runAdminOp(store, { op: 'keys.list' });
    runAdminOp(store, { op: 'users.list' }); // reads leave no row
    expect(story(store)).toEqual([
      'user.create ok ann cli',
      'user.create ok bob cli',
      `key.create ok ${k.id} cli`,
      `key.revoke ok ${k.id} cli`,
      'user.password ok bob cli',
      'user.remove refused:last_admin ann cli',
      'user.remove ok bob cli',
    ]);
    expect(JSON.stringify(allRows(store))).not.toContain(k.key.slice(13));
  });
});

describe('audit through a running server', () => {
  it('two shells removing the only two admins at once: exactly one wins, the other is refused', async () => {
    const dir = freshDir();
    const server = await startServe({ settings: testSettings(dir), log: createLogger('text', () => {}), version: 'test', ready: () => {} });
    running.push(server);
    await performAdminOp(dir, { op: 'users.add', name: ANN.name, role: 'admin', password: ANN.password });
    await performAdminOp(dir, { op: 'users.add', name: BOB.name, role: 'admin', password: BOB.password });
    const results = await Promise.allSettled([ANN.name, BOB.name].map((name) => performAdminOp(dir, { op: 'users.remove', name })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(refused[0].reason).toBeInstanceOf(LastAdminError);
    expect(server.store.users.list().map((u) => u.role)).toEqual(['admin']);
    expect(
      allRows(server.store)
        .filter((r) => r.action === 'user.remove')
        .map((r) => r.outcome)
        .sort(),
    ).toEqual(['ok', 'refused']);
  });

  it('the control socket and the panel routes both leave rows, with their actors', async () => {
    const dir = freshDir();
    const server = await startServe({ settings: testSettings(dir), log: createLogger('text', () => {}), version: 'test', ready: () => {} });
    running.push(server);

    // The shell, through the control socket.
    await performAdminOp(dir, { op: 'users.add', name: ANN.name, role: 'admin', password: ANN.password });
    const shellKey = (await performAdminOp(dir, { op: 'keys.create', label: 'from the shell' })) as KeyRecord & { key: string };
    // The refusal keeps its kind across the socket, and is recorded by the server's store.
    await expect(performAdminOp(dir, { op: 'users.remove', name: ANN.name })).rejects.toBeInstanceOf(LastAdminError);

    // The panel, over HTTP.
    const api = `${server.url}/api/v1`;
    const login = await fetch(`${api}/auth/login`, {
      method: 'POST',
      headers: fromPanelPage(api),
      body: JSON.stringify({ username: ANN.name, password: ANN.password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const created = await fetch(`${api}/integration-keys`, {
      method: 'POST',
      headers: { cookie, ...fromPanelPage(api) },
      body: JSON.stringify({ label: 'from the panel' }),
    });
    expect(created.status).toBe(201);
    const panelKey = (await created.json()) as { id: string; key: string };
    expect(
      (await fetch(`${api}/integration-keys/${panelKey.id}`, { method: 'DELETE', headers: { cookie, ...fromPanelPage(api, false) } }))
        .status,
    ).toBe(200);
    expect(
      (await fetch(`${api}/integration-keys/${panelKey.id}`, { method: 'DELETE', headers: { cookie, ...fromPanelPage(api, false) } }))
        .status,
    ).toBe(200);
    expect((await fetch(`${api}/auth/logout`, { method: 'POST', headers: { cookie, ...fromPanelPage(api, false) } })).status).toBe(204);
    // A failed login changes nothing and leaves no row.
    expect(
      (
        await fetch(`${api}/auth/login`, {
          method: 'POST',
          headers: fromPanelPage(api),
          body: JSON.stringify({ username: ANN.name, password: 'wrong-password' }),
        })
      ).status,
    ).toBe(401);

    const [sessionId] = allRows(server.store)
      .filter((r) => r.action === 'session.create')
      .map((r) => r.target);
    expect(story(server.store)).toEqual([
      'user.create ok ann cli',
      `key.create ok ${shellKey.id} cli`,
      'user.remove refused:last_admin ann cli',
      `session.create ok ${sessionId} user:ann`,
      `key.create ok ${panelKey.id} user:ann`,
      `key.revoke ok ${panelKey.id} user:ann`,
      `session.end ok ${sessionId} user:ann`,
    ]);
    // Each row is also one `audit` event of the panel's log (never public), in the same order,
    // written with the row: no handler writes audit text of its own.
    const auditEvents = server.store.events
      .listAll(100)
      .filter((e) => e.kind === 'audit')
      .reverse();
    expect(auditEvents.map((e) => e.message)).toEqual([
      'cli: create user ann (admin)',
      `cli: create integration key ${shellKey.id} (from the shell)`,
      'cli: remove user ann: refused (last_admin)',
      `ann: sign in, session ${sessionId} (ann)`,
      `ann: create integration key ${panelKey.id} (from the panel)`,
      `ann: revoke integration key ${panelKey.id}`,
      `ann: end session ${sessionId} (ann)`,
    ]);
    expect(server.store.events.listPublic(100).filter((e) => e.kind === 'audit')).toEqual([]);
    const text = JSON.stringify(allRows(server.store));
    const token = cookie.slice(cookie.indexOf('=') + 1);
    for (const secret of [ANN.password, shellKey.key, shellKey.key.slice(13), panelKey.key, panelKey.key.slice(13), token]) {
      expect(text).not.toContain(secret);
    }
  });
});
