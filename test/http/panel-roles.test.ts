// Which panel routes a viewer may not use, written out here from the spec's route list (its
// "Other panel API routes": the viewer of interface.md reads but changes nothing; item grants
// are admin-only) and never taken from the route table under test: a route that loses its
// `role: 'admin'` there must fail this test (issue 26: such a bug survived before, because the
// viewer walk picked its routes from the very table it checked).
import { afterEach, describe, expect, it } from 'vitest';
import { P } from './conformance-table.js';
import { ADMIN, panelHarness, VIEWER, type PanelHarness } from './panel-harness.js';

const UID = '00000000-0000-0000-0000-000000000001';
const BACKUP = '20260714T090000Z-manual-0a1b2c';

/** [method, path, body]: every route a viewer is refused (403), with a body an admin could send. */
const ADMIN_ONLY: [string, string, unknown?][] = [
  ['POST', '/server/announce', { message: 'hello' }],
  ['POST', '/server/save'],
  ['POST', '/server/shutdown', { delaySec: 60 }],
  ['POST', '/server/countdown/cancel'],
  ['POST', `/players/${UID}/kick`, {}],
  ['POST', `/players/${UID}/ban`, {}],
  ['POST', `/players/${UID}/unban`, {}],
  ['PUT', '/whitelist', { enabled: false, entries: [] }],
  ['GET', '/items'],
  ['GET', '/items/capability'],
  ['POST', `/players/${UID}/item-grants`, { items: [{ itemId: 'PalSphere', count: 1 }] }],
  ['GET', '/item-grants'],
  ['POST', '/world/parse'],
  ['POST', '/backups', {}],
  ['PUT', '/backups/schedule', { enabled: true, intervalHours: 6, retentionDays: 14 }],
  ['POST', '/backups/check', {}],
  ['POST', `/backups/${BACKUP}/restore/dry-run`, {}],
  ['POST', `/backups/${BACKUP}/restore`, { confirm: 'RESTORE' }],
  ['GET', `/backups/${BACKUP}/download`],
  ['DELETE', `/backups/${BACKUP}`],
  ['POST', '/console/exec', { command: 'ShowPlayers' }],
  ['POST', '/console/saved', { name: 'x', command: 'ShowPlayers' }],
  ['DELETE', '/console/saved?id=0a1b2c3d'],
  ['GET', '/config/raw'],
  ['PUT', '/config', { ExpRate: 2 }],
  ['POST', '/config/apply'],
  ['POST', '/integration-keys', { label: 'k' }],
  ['DELETE', '/integration-keys/0a1b2c3d'],
  // The rest of docs/panel-api.md's route table marked admin (issue 37, finding 15e: the
  // countdown's cancel was missing above, and a bug dropping its role went unseen).
  ['GET', '/integration-keys'],
  ['GET', '/users'],
  ['POST', '/users', { username: 'newcomer', role: 'viewer', password: 'a long enough password 1' }],
  ['PATCH', '/users/nobody', { role: 'viewer' }],
  ['DELETE', '/users/nobody'],
  ['PUT', '/users/nobody/password', { password: 'a long enough password 2' }],
  ['GET', '/sessions'],
  ['DELETE', '/sessions/0a1b2c3d'],
  ['GET', '/audit'],
  ['PUT', '/announcements', { enabled: false, joinTemplate: '{name} joined', leaveTemplate: '{name} left' }],
  ['POST', '/whitelist/impact', { entries: [] }],
  ['POST', `/players/${UID}/whitelist`, {}],
  ['DELETE', `/players/${UID}/whitelist`],
  ['GET', '/webhooks'],
  ['POST', '/webhooks', { format: 'json', url: 'https://discord.com/api/webhooks/1/x' }],
  ['DELETE', '/webhooks/0a1b2c3d'],
  ['PATCH', '/webhooks/0a1b2c3d', { events: ['kick'] }],
  ['POST', '/webhooks/0a1b2c3d/test'],
  ['POST', `/backups/${BACKUP}/copy`],
  ['POST', '/backups/upload'],
  ['GET', `/backups/${BACKUP}/restore`],
  ['GET', '/console/log'],
  ['GET', '/console/saved'],
  ['GET', '/tasks'],
  ['POST', '/tasks', {}],
  ['GET', '/tasks/runs'],
  ['PUT', '/tasks/0a1b2c3d', {}],
  ['DELETE', '/tasks/0a1b2c3d'],
];

let h: PanelHarness;
afterEach(() => h?.ts.cleanup());

describe('admin-only panel routes, from the spec', () => {
  it('answer a viewer 403 forbidden, and an admin anything but 401/403', async () => {
    h = await panelHarness();
    const viewer = await h.login(VIEWER);
    const admin = await h.login(ADMIN);
    const send = (cookie: string, [method, path, body]: [string, string, unknown?]) =>
      h.send({
        method,
        path: `${P}${path}`,
        headers: {
          cookie,
          host: '127.0.0.1:8080',
          origin: 'http://127.0.0.1:8080',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        bare: true,
      });
    const wrong: string[] = [];
    for (const route of ADMIN_ONLY) {
      const v = await send(viewer, route);
      if (v.status !== 403 || v.json?.error?.message !== 'This action needs an admin session.')
        wrong.push(`${route[0]} ${route[1]}: viewer got ${v.status}`);
    }
    expect(wrong).toEqual([]);
    // The list names real routes an admin may use (not paths that 403 or 404 for everyone).
    for (const route of ADMIN_ONLY) {
      const a = await send(admin, route);
      expect([401, 403, 405], `${route[0]} ${route[1]}: admin got ${a.status}`).not.toContain(a.status);
    }
  });
});
