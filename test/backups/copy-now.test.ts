// "Copy now" (issue 38): a backup made before the off-site copy command was set was never copied
// and never would be. POST /backups/{id}/copy is refused, saying which setting, while no command
// is set; once it is (a restart later), the old backup is copied by a real command through a
// running serve over real sockets, audited, and a second ask is refused as copied already.
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';
import { testSettings } from '../helpers/settings.js';
import { waitFor } from '../helpers/wait.js';
import { ADMIN, VIEWER } from '../http/panel-harness.js';
import { fromPanelPage } from '../helpers/panel-page.js';

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

/** Copies the archive into the "remote" folder named by its argument, as an rclone script would. */
const COPY = `
import { copyFileSync } from 'node:fs';
import { basename, join } from 'node:path';
const p = process.env.PALPANEL_BACKUP_PATH;
copyFileSync(p, join(process.argv[2], basename(p)));
`;

type Json = { data: never; error?: { code: string; message: string } };

async function serve(dataDir: string, saveDir: string, more: Record<string, string> = {}) {
  server = await startServe({
    settings: testSettings(dataDir, { SERVICE_SAVE_DIR: saveDir, SERVICE_SAVE_CHECK_INTERVAL: '1h', ...more }),
    env: { PATH: '/usr/bin:/bin' },
    log: createLogger('text', () => {}),
    version: 't',
    ready: () => {},
  });
  const url = server.url;
  if (!server.store.users.list().some((u) => u.username === ADMIN.username)) {
    server.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    server.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
  }
  const login = async (c: typeof ADMIN) =>
    (
      (await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: fromPanelPage(url), body: JSON.stringify(c) })).headers.get(
        'set-cookie',
      ) ?? ''
    ).split(';')[0];
  const admin = await login(ADMIN);
  const viewer = await login(VIEWER);
  const call = async (method: string, path: string, cookie: string, body?: unknown) => {
    const res = await fetch(`${url}/api/v1${path}`, {
      method,
      headers: { cookie, ...(method === 'GET' ? {} : fromPanelPage(url, body !== undefined)) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : null) as Json };
  };
  return { admin, viewer, call };
}

describe('copy now', () => {
  it('refused with the setting to set while no copy command is; then the old backup is copied on demand, once', async () => {
    const root = tempDir();
    const saveDir = join(root, 'world');
    cpSync(join(FIXTURES, 'v0.1-coop'), saveDir, { recursive: true });
    const dataDir = join(root, 'data');
    const remote = join(root, 'remote');
    mkdirSync(dataDir);
    mkdirSync(remote);
    const script = join(root, 'copy.mjs');
    writeFileSync(script, COPY);

    // No copy command: a backup is made, and "copy now" says what to set.
    let s = await serve(dataDir, saveDir);
    const made = await s.call('POST', '/backups', s.admin, {});
    const id = (made.json.data as { id: string }).id;
    await waitFor(
      'the backup',
      async () => ((await s.call('GET', `/backups/${id}`, s.viewer)).json.data as { state: string }).state === 'done' || undefined,
    );
    const refused = await s.call('POST', `/backups/${id}/copy`, s.admin);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toEqual({
      code: 'conflict',
      message: 'No off-site copy command is set: set SERVICE_BACKUP_COPY_COMMAND and restart palpanel, then copy this backup.',
    });
    expect((await s.call('POST', '/backups/2026-01-01T00-00-00Z-manual/copy', s.admin)).status).toBe(404);
    await server!.stop();
    server = null;

    // The command set afterwards: the old backup was never queued ("off") until asked.
    s = await serve(dataDir, saveDir, { SERVICE_BACKUP_COPY_COMMAND: `"${process.execPath}" "${script}" "${remote}"` });
    const offsiteOf = async () =>
      ((await s.call('GET', '/backups', s.admin)).json.data as { id: string; offsite: { state: string } }[]).find((b) => b.id === id)!
        .offsite;
    expect((await offsiteOf()).state).toBe('off');
    expect((await s.call('POST', `/backups/${id}/copy`, s.viewer)).status).toBe(403);
    const asked = await s.call('POST', `/backups/${id}/copy`, s.admin);
    expect(asked.status).toBe(202);
    expect(['pending', 'running', 'copied']).toContain((asked.json.data as { state: string }).state);
    await waitFor('the copy', async () => ((await offsiteOf()).state === 'copied' ? true : undefined));
    expect(existsSync(join(remote, `${id}.tar.gz`))).toBe(true);
    const again = await s.call('POST', `/backups/${id}/copy`, s.admin);
    expect(again.status).toBe(409);
    expect(again.json.error?.message).toMatch(/^This backup was copied off-site already, at \d{4}-/);
    expect(server!.store.audit.list({ limit: 5, action: 'backup.copy' }).data).toEqual([
      expect.objectContaining({ actor: 'user:admin', target: id, outcome: 'ok', detail: 'never asked before' }),
    ]);
  });
});
