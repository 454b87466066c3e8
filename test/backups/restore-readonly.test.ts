// A save folder mounted read-only (compose `:ro`, systemd ReadOnlyPaths=) stays a possible set-up:
// palpanel reads and backs up the world, and restore and the settings editor say why they are off,
// in words, before touching anything. The game's Saved folder (world and PalWorldSettings.ini) is
// really mounted read-only here: `serve` (bin/palpanel, from the source) runs in a mount namespace
// of its own (unshare) where Saved is bind-mounted read-only, and is asked over HTTP from outside.
// Where unshare cannot make such a namespace, the test is skipped with a line saying so.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES, ROOT, tempDir } from '../helpers/cli.js';
import { waitFor } from '../helpers/wait.js';
import { fileTree } from '../helpers/tree.js';
import { fromPanelPage } from '../helpers/panel-page.js';
import { noteSkip } from '../helpers/skipped.js';

const probeDir = tempDir('palpanel-ro-probe-');
const probe = spawnSync(
  'unshare',
  [
    '--user',
    '--map-root-user',
    '--mount',
    'sh',
    '-c',
    `mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" "$0" && ! touch "$0/x"`,
    probeDir,
  ],
  { encoding: 'utf8' },
);
const canMount = probe.status === 0;
if (!canMount)
  noteSkip('restore: unshare cannot bind-mount read-only here (no user namespaces); the read-only save folder test is skipped');

const ADMIN = { username: 'admin', password: 'correct-horse-battery-staple' };
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) {
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await gone;
  }
});

const cli = (args: string[], env: Record<string, string>, input = '') =>
  spawnSync(join(ROOT, 'bin', 'palpanel'), args, { cwd: ROOT, env: { ...process.env, ...env }, input, encoding: 'utf8' });

describe('a save folder mounted read-only', () => {
  it.skipIf(!canMount)(
    'restore answers 409 saying the save folder is read-only, before any pre-restore backup; the editor says it cannot write; nothing changes',
    async () => {
      const root = tempDir('palpanel-ro-');
      const saved = join(root, 'Saved');
      const world = join(saved, 'SaveGames', '0', '0123456789ABCDEF0123456789ABCDEF');
      cpSync(join(FIXTURES, 'v0.1-coop'), world, { recursive: true });
      const ini = join(saved, 'Config', 'LinuxServer', 'PalWorldSettings.ini');
      mkdirSync(join(ini, '..'), { recursive: true });
      writeFileSync(ini, '[/Script/Pal.PalGameWorldSettings]\nOptionSettings=(ExpRate=1.000000,ServerName="Read only")\n');
      const dataDir = join(root, 'data');
      const env = { SERVICE_DATA_DIR: dataDir, SERVICE_SAVE_DIR: saved, SERVICE_CONFIG_FILE: ini, SERVICE_LISTEN: '127.0.0.1:0' };
      const added = cli(['users', 'add', ADMIN.username, '--role', 'admin', '--password-stdin'], env, `${ADMIN.password}\n`);
      expect(added.status, added.stderr).toBe(0);
      const before = fileTree(saved);

      // serve in its own mount namespace, where Saved is read-only (for it alone).
      const child = spawn(
        'unshare',
        [
          '--user',
          '--map-root-user',
          '--mount',
          'sh',
          '-c',
          'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" "$0" && exec "$1" serve',
          saved,
          join(ROOT, 'bin', 'palpanel'),
        ],
        { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      children.push(child);
      let out = '';
      let err = '';
      child.stdout.on('data', (b: Buffer) => (out += b.toString()));
      child.stderr.on('data', (b: Buffer) => (err += b.toString()));
      const url = await waitFor('serve listening', () => /listening on (http:\/\/\S+)/.exec(out)?.[1], 30_000).catch((e: Error) => {
        throw new Error(`${e.message}: ${err}`);
      });

      const login = await fetch(`${url}/api/v1/auth/login`, { method: 'POST', headers: fromPanelPage(url), body: JSON.stringify(ADMIN) });
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
      const call = (method: string, path: string, body?: unknown) =>
        fetch(`${url}/api/v1${path}`, {
          method,
          headers: { cookie, ...(method === 'GET' ? {} : fromPanelPage(url, body !== undefined)) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });

      // Reading and backing up still work: the backup is written to the data dir.
      const made = (await (await call('POST', '/backups')).json()) as { data: { id: string } };
      await waitFor(
        'the backup',
        async () =>
          ((await (await call('GET', `/backups/${made.data.id}`)).json()) as { data: { state: string } }).data.state === 'done' ||
          undefined,
        30_000,
      );
      const backups = () => readdirSync(join(dataDir, 'backups')).filter((n) => n.endsWith('.tar.gz'));
      expect(backups()).toHaveLength(1);

      const restore = await call('POST', `/backups/${made.data.id}/restore`, { confirm: 'RESTORE' });
      expect(restore.status).toBe(409);
      const body = (await restore.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('conflict');
      expect(body.error.message).toContain('The save folder is mounted read-only');
      expect(body.error.message).not.toContain(root);
      // Refused before anything: no pre-restore backup was made.
      expect(backups()).toHaveLength(1);

      const edit = await call('PUT', '/config', { ExpRate: 2 });
      expect(edit.status).toBe(409);
      expect(((await edit.json()) as { error: { message: string } }).error.message).toContain('read-only');

      expect(fileTree(saved)).toEqual(before);
      expect(readFileSync(ini, 'utf8')).toContain('ExpRate=1.000000');
    },
    90_000,
  );
});
