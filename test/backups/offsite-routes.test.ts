// The off-site check, the budget and tiered retention through a running serve over real
// sockets: the schedule's new fields set (and kept when a three-field client sets the rest), the
// storage answer with the disk and the off-site state, an admin's check started and followed to
// "ok" with a real command, a viewer refused, and /metrics with the folder and disk figures.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger.js';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import type { BackupCheck, BackupStorage, OffsiteStatus } from '../../src/backups/types.js';
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

/** Fetches `<remote>/<PALPANEL_BACKUP_FILE>` into PALPANEL_CHECK_DIR, as an rclone script would. */
const FETCH = `
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
const { PALPANEL_CHECK_DIR: dir, PALPANEL_BACKUP_FILE: file } = process.env;
copyFileSync(join(process.argv[2], file), join(dir, file));
`;

describe('off-site check, budget and tiers over HTTP', () => {
  it('schedule fields, storage, an admin check followed to ok, a viewer refused, /metrics', async () => {
    const root = tempDir();
    const saveDir = join(root, 'world');
    cpSync(join(FIXTURES, 'v0.1-coop'), saveDir, { recursive: true });
    const dataDir = join(root, 'data');
    const backupDir = join(dataDir, 'backups');
    const script = join(root, 'fetch.mjs');
    writeFileSync(script, FETCH);
    mkdirSync(dataDir);
    server = await startServe({
      settings: testSettings(dataDir, {
        SERVICE_SAVE_DIR: saveDir,
        SERVICE_SAVE_CHECK_INTERVAL: '1h',
        // The "remote" is the backup folder itself: the copy fetched back is the archive as made.
        SERVICE_BACKUP_CHECK_COMMAND: `"${process.execPath}" "${script}" "${backupDir}"`,
      }),
      env: { PATH: '/usr/bin:/bin' },
      log: createLogger('text', () => {}),
      version: 't',
      ready: () => {},
    });
    server.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    server.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
    const login = async (c: typeof ADMIN) =>
      (
        (
          await fetch(`${server!.url}/api/v1/auth/login`, { method: 'POST', headers: fromPanelPage(server!.url), body: JSON.stringify(c) })
        ).headers.get('set-cookie') ?? ''
      ).split(';')[0];
    const admin = await login(ADMIN);
    const viewer = await login(VIEWER);
    const call = async (method: string, path: string, cookie: string, body?: unknown) => {
      const res = await fetch(`${server!.url}/api/v1${path}`, {
        method,
        headers: { cookie, ...(method === 'GET' ? {} : fromPanelPage(server!.url, body !== undefined)) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, json: (text ? JSON.parse(text) : null) as { data: never; error?: { message: string } } };
    };

    // The schedule: the new fields set; a client of the three fields leaves them as they are.
    const full = { enabled: false, intervalHours: 6, retentionDays: 7, budgetBytes: 50_000_000, keepDailyWeeks: 4, keepWeeklyMonths: 6 };
    expect((await call('PUT', '/backups/schedule', admin, { ...full, checkIntervalHours: 0, checkMaxAgeHours: 24 })).status).toBe(200);
    const three = await call('PUT', '/backups/schedule', admin, { enabled: false, intervalHours: 8, retentionDays: 14 });
    expect(three.json.data).toEqual({ ...full, intervalHours: 8, retentionDays: 14, checkIntervalHours: 0, checkMaxAgeHours: 24 });
    const bad = await call('PUT', '/backups/schedule', admin, { ...full, keepDailyWeeks: 53 });
    expect(bad.status).toBe(400);
    expect(bad.json.error?.message).toContain('keepDailyWeeks');
    expect((await call('GET', '/backups/schedule', viewer)).json.data).toMatchObject({ keepDailyWeeks: 4, intervalHours: 8 });

    // Nothing to check before a backup exists; a viewer may not start one.
    expect((await call('POST', '/backups/check', admin, {})).status).toBe(409);
    const made = await call('POST', '/backups', admin, {});
    const id = (made.json.data as { id: string }).id;
    await waitFor(
      'the backup',
      async () => ((await call('GET', `/backups/${id}`, viewer)).json.data as { state: string }).state === 'done' || undefined,
    );
    expect((await call('POST', '/backups/check', viewer, {})).status).toBe(403);
    const started = await call('POST', '/backups/check', admin, {});
    expect(started.status).toBe(202);
    expect((started.json.data as OffsiteStatus).configured).toBe(true);
    const checks = await waitFor('the check', async () => {
      const r = (await call('GET', '/backups/check', viewer)).json.data as { status: OffsiteStatus; recent: BackupCheck[] };
      return r.recent.length && !r.status.running ? r : undefined;
    });
    expect(checks.recent[0]).toMatchObject({ backupId: id, outcome: 'ok' });

    const storage = (await call('GET', '/backups/storage', viewer)).json.data as BackupStorage;
    expect(storage).toMatchObject({ count: 1, budgetBytes: 50_000_000, lowSpace: false });
    expect(storage.freeBytes).toBeGreaterThan(0);
    expect(storage.diskBytes).toBeGreaterThanOrEqual(storage.freeBytes!);
    expect(storage.offsite).toMatchObject({ configured: true, stale: false, newestGoodAt: checks.recent[0].backupCreatedAt });
    expect(JSON.stringify(storage)).not.toContain(root);

    const { key } = server.store.keys.create('metrics', 'cli');
    const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${key}` } })).text();
    expect(metrics).toMatch(new RegExp(`^palpanel_backup_folder_bytes ${storage.bytesUsed}$`, 'm'));
    expect(metrics).toMatch(/^palpanel_backup_disk_free_bytes \d+$/m);
    expect(metrics).toMatch(
      new RegExp(`^palpanel_backup_offsite_good_timestamp_seconds ${Date.parse(checks.recent[0].backupCreatedAt!) / 1000}$`, 'm'),
    );
  }, 60_000);
});
