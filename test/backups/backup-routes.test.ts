// The backup routes of a running serve over real sockets: a manual backup answered 202 and
// followed to done, the download streamed with its Content-Disposition, the confirmation of a
// restore typed exactly, and a viewer who reads but changes nothing.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';
import { testSettings } from '../helpers/settings.js';
import { waitFor } from '../helpers/wait.js';
import { ADMIN, VIEWER } from '../http/panel-harness.js';
import { serveWorld } from '../helpers/serve-world.js';
import { fromPanelPage } from '../helpers/panel-page.js';

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.stop();
  server = null;
});

describe('backup routes', () => {
  it('make, follow, list, download, contents, restore (typed RESTORE only), delete; a viewer reads only', async () => {
    const w = await serveWorld('v0.1-coop', [
      [ADMIN, 'admin'],
      [VIEWER, 'viewer'],
    ]);
    server = w.server;
    const { dataDir } = w;
    const admin = await w.signIn(ADMIN);
    const viewer = await w.signIn(VIEWER);
    const call = (method: string, path: string, cookie: string, body?: unknown) =>
      fetch(`${server!.url}/api/v1${path}`, {
        method,
        headers: { cookie, ...(method === 'GET' ? {} : fromPanelPage(server!.url, body !== undefined)) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    expect((await call('POST', '/backups', viewer)).status).toBe(403);
    const started = await call('POST', '/backups', admin, { note: 'before the boss raid' });
    expect(started.status).toBe(202);
    const { data } = (await started.json()) as { data: { id: string; state: string } };
    expect(data.state).toBe('running');
    const done = await waitFor(
      'the backup',
      async () => {
        const r = (await (await call('GET', `/backups/${data.id}`, viewer)).json()) as {
          data: { state: string; backup: { sizeBytes: number } | null };
        };
        return r.data.state === 'done' ? r.data : undefined;
      },
      30_000,
    );
    expect(done.backup!.sizeBytes).toBeGreaterThan(0);
    const list = (await (await call('GET', '/backups', viewer)).json()) as { data: { id: string; trigger: string }[] };
    expect(list.data).toEqual([expect.objectContaining({ id: data.id, trigger: 'manual', note: 'before the boss raid' })]);

    expect((await call('GET', `/backups/${data.id}/download`, viewer)).status).toBe(403);
    const dl = await call('GET', `/backups/${data.id}/download`, admin);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toBe(`attachment; filename="palpanel-${data.id}.tar.gz"`);
    expect(dl.headers.get('content-type')).toBe('application/gzip');
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await dl.arrayBuffer())).toEqual(readFileSync(join(dataDir, 'backups', `${data.id}.tar.gz`)));

    const contents = (await (await call('GET', `/backups/${data.id}/contents`, viewer)).json()) as { data: { files: { path: string }[] } };
    expect(contents.data.files.map((f) => f.path)).toContain('Level.sav');
    expect((await call('GET', '/backups/20990101T000000Z-manual-000000/contents', viewer)).status).toBe(404);
    expect((await call('GET', '/backups/..%2F..%2Fetc/contents', viewer)).status).toBe(404); // never a path

    // The confirmation is exactly RESTORE; anything else is 400 and nothing is touched.
    for (const body of [{}, { confirm: 'restore' }, { confirm: 'RESTORE ' }, { confirm: 'RESTORE', extra: 1 }]) {
      expect((await call('POST', `/backups/${data.id}/restore`, admin, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(((await (await call('GET', '/backups', viewer)).json()) as { data: unknown[] }).data).toHaveLength(1);
    const dry = (await (await call('POST', `/backups/${data.id}/restore/dry-run`, admin)).json()) as {
      data: { files: { changed: string[] } };
    };
    expect(dry.data.files.changed).toEqual([]);
    const restored = await call('POST', `/backups/${data.id}/restore`, admin, { confirm: 'RESTORE' });
    expect(restored.status).toBe(202);
    expect(((await restored.json()) as { data: { state: string } }).data.state).toBe('running');
    // Followed by an admin only; done with what changed and the pre-restore backup.
    expect((await call('GET', `/backups/${data.id}/restore`, viewer)).status).toBe(403);
    const job = await waitFor(
      'the restore',
      async () => {
        const r = (await (await call('GET', `/backups/${data.id}/restore`, admin)).json()) as {
          data: { state: string; result: { preRestoreBackup: string; diff: { files: { kept: string[] } } } | null };
        };
        return r.data.state === 'running' ? undefined : r.data;
      },
      30_000,
    );
    expect(job.state).toBe('done');
    expect(job.result!.preRestoreBackup).toMatch(/-pre-restore-/);
    expect(job.result!.diff.files.kept).toEqual([]);

    // A large upload body is read only for an admin: a viewer's (or no one's) is refused at 64 KiB.
    const big = Buffer.alloc(1024 * 1024, 1);
    const upload = (cookie?: string, type = 'application/gzip', origin: string | null = server!.url) =>
      fetch(`${server!.url}/api/v1/backups/upload`, {
        method: 'POST',
        headers: { ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}), 'content-type': type },
        body: big,
      });
    expect((await upload()).status).toBe(413);
    expect((await upload(viewer)).status).toBe(413);
    // The archive is the body: sent as what it is, from the panel's page (issue 28, finding 10).
    const asText = await upload(admin, 'text/plain');
    expect(asText.status).toBe(415);
    expect(((await asText.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type');
    expect((await upload(admin, 'application/gzip', null)).status).toBe(403);
    expect((await upload(admin, 'application/octet-stream')).status).toBe(400);
    const adminUpload = await upload(admin);
    expect(adminUpload.status).toBe(400);
    expect(((await adminUpload.json()) as { error: { message: string } }).error.message).toMatch(/^The upload is not a palpanel backup/);

    const schedule = await call('PUT', '/backups/schedule', admin, { enabled: true, intervalHours: 24, retentionDays: 7 });
    expect(schedule.status).toBe(400);
    expect(((await schedule.json()) as { error: { message: string } }).error.message).toContain('intervalHours');
    expect((await call('DELETE', `/backups/${data.id}`, viewer)).status).toBe(403);
    expect((await call('DELETE', `/backups/${data.id}`, admin)).status).toBe(204);
    expect((await call('DELETE', `/backups/${data.id}`, admin)).status).toBe(404);
  }, 60_000);
});

describe('palpanel backup (CLI) through a running server', () => {
  it('create, list and verify go through the control socket; restore needs --confirm RESTORE exactly', async () => {
    const { backupCreate, backupList, backupRestore, backupVerify } = await import('../../src/cli/backup.js');
    const saveDir = join(tempDir(), 'world');
    cpSync(join(FIXTURES, 'v0.1-coop'), saveDir, { recursive: true });
    const dataDir = tempDir();
    server = await startServe({
      settings: testSettings(dataDir, { SERVICE_SAVE_DIR: saveDir, SERVICE_SAVE_CHECK_INTERVAL: '1h' }),
      log: createLogger('text', () => {}),
      version: 't',
      ready: () => {},
    });
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      env: { SERVICE_DATA_DIR: dataDir },
      out: (t: string) => void out.push(t),
      err: (t: string) => void err.push(t),
      stdin: process.stdin,
      debug: false,
    };
    await backupCreate(io, { json: true });
    const made = JSON.parse(out.pop()!) as { id: string; trigger: string };
    expect(made.trigger).toBe('manual');
    // Made by the server (it holds the lock): the audit says `cli`, the server's list has it.
    expect(server.store.audit.list({ limit: 5, action: 'backup.create' }).data[0]).toMatchObject({ actor: 'cli', target: made.id });
    await backupList(io, {});
    expect(out.pop()).toMatch(new RegExp(`^ID +TRIGGER +SIZE +WORLD +OFF-SITE\n${made.id}  manual `));
    await backupVerify(io, made.id, {});
    expect(out.pop()).toMatch(/: OK, 3 files .* match their SHA-256 in the manifest\n$/);
    await expect(backupRestore(io, made.id, { confirm: 'yes' })).rejects.toThrow('A restore needs --confirm RESTORE, exactly.');
    // Through the server's restore job, followed to its end.
    writeFileSync(join(saveDir, 'notes.txt'), 'a host note');
    await backupRestore(io, made.id, { confirm: 'RESTORE' });
    expect(out.pop()).toMatch(
      new RegExp(
        `^Restored ${made.id}\\. The world before it is backup \\S+-pre-restore-\\S+\\.\\nfiles: 0 added, 0 removed, 0 changed, 1 left as they were;`,
      ),
    );
    expect(readFileSync(join(saveDir, 'notes.txt'), 'utf8')).toBe('a host note');
    expect(err).toEqual([]);
  }, 60_000);
});
