// Off-site copies (SERVICE_BACKUP_COPY_COMMAND) on real backups of a fixture world, a real store
// on a temp dir and real child processes (small sh scripts as the copy command): the archive's
// facts reach the command in its environment and never through a shell; a failing command is
// retried on the backoff schedule under an injected clock, warned of once, then given up; a hang
// is killed past its deadline with everything it started; a copy never holds up a backup; a stop
// kills the copy under way and the next start resumes it; the panel shows a viewer the state only.
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackupStack } from '../../src/backups/stack.js';
import { OutputTail, REDACTED, redactor } from '../../src/backups/copy-output.js';
import type { OffsiteCopier } from '../../src/backups/offsite-copy.js';
import { loadSettings, SettingsError } from '../../src/config/settings.js';
import { createGameControl } from '../../src/game/game-control.js';
import { BACKUP_COPY_FAILED } from '../../src/domain/event-texts.js';
import { commandWords } from '../../src/domain/command-words.js';
import { createLogger } from '../../src/lib/logger.js';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { isPublicEvent, isWebhookEvent } from '../../src/store/events.js';
import { openStore, type Store } from '../../src/store/index.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';
import { testSettings } from '../helpers/settings.js';
import { waitFor } from '../helpers/wait.js';
import { fromPanelPage } from '../helpers/panel-page.js';
import { ADMIN, VIEWER } from '../http/panel-harness.js';
import { silentLog } from '../helpers/silent-log.js';

const stores: Store[] = [];
const copiers: OffsiteCopier[] = [];
let server: RunningServer | null = null;
afterEach(async () => {
  for (const c of copiers.splice(0)) await c.stop(0);
  for (const s of stores.splice(0)) s.close();
  await server?.stop();
  server = null;
});

/** A copy command: an sh script written to the test's folder. */
function script(dir: string, name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** A clock the test moves by hand. */
function handClock(start = Date.parse('2026-07-14T09:30:00Z')) {
  let t = start;
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

async function rig(command: string[], o: { clock?: () => Date; timeout?: string; env?: Record<string, string>; dataDir?: string } = {}) {
  const root = tempDir('palpanel-copy-');
  const saveDir = join(root, 'world');
  cpSync(join(FIXTURES, 'v0.6-world1'), saveDir, { recursive: true });
  const dataDir = o.dataDir ?? join(root, 'data');
  const clock = o.clock ?? (() => new Date());
  const store = await openStore(dataDir, clock);
  stores.push(store);
  const settings = {
    dataDir,
    backupDir: null,
    backupCopyCommand: command,
    backupCopyTimeoutMs: loadSettings({ SERVICE_BACKUP_COPY_TIMEOUT: o.timeout ?? '10m' }).backupCopyTimeoutMs,
    backupCheckCommand: null,
    backupCheckTimeoutMs: 60_000,
  };
  const stack = createBackupStack({
    store,
    settings,
    env: o.env ?? { PATH: process.env.PATH },
    world: () => saveDir,
    log: silentLog,
    clock,
    client: null,
    game: createGameControl({ client: null, rconAddr: null, reachable: () => false, clock }),
    ingest: null,
  });
  copiers.push(stack.copier!);
  return { root, dataDir, store, ...stack, copier: stack.copier! };
}

const copyOf = (store: Store, id: string) => store.backupCopies.get(id);
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const copyEvents = (store: Store) => store.events.listAll(100).filter((e) => e.message.startsWith(BACKUP_COPY_FAILED));

describe('the copy command setting', () => {
  it('is split into words, quotes group, and anything a shell would act on is refused', () => {
    expect(commandWords(`/opt/copy.sh  --to "my remote:x y" 'a "b"'`)).toEqual(['/opt/copy.sh', '--to', 'my remote:x y', 'a "b"']);
    expect(loadSettings({ SERVICE_BACKUP_COPY_COMMAND: 'rclone.sh' }).backupCopyCommand).toEqual(['rclone.sh']);
    expect(loadSettings({}).backupCopyCommand).toBeNull();
    expect(loadSettings({}).backupCopyTimeoutMs).toBe(30 * 60_000);
    for (const bad of [
      'copy.sh $PALPANEL_BACKUP_PATH',
      'copy.sh | tee log',
      'a; rm -rf /',
      'copy.sh "unclosed',
      'x > y',
      '`id`',
      '"$HOME"',
      '  ',
    ]) {
      expect(() => loadSettings({ SERVICE_BACKUP_COPY_COMMAND: bad }), bad).toThrow(SettingsError);
    }
    expect(() => loadSettings({ SERVICE_BACKUP_COPY_COMMAND: 'a | b' })).toThrow(
      /SERVICE_BACKUP_COPY_COMMAND.*a program and its arguments/,
    );
    expect(() => loadSettings({ SERVICE_BACKUP_COPY_TIMEOUT: 'soon' })).toThrow(SettingsError);
  });
});

describe("what is kept of a copy command's output", () => {
  it('redacts what looks secret and keeps the rest word for word', () => {
    const r = redactor({ RESTIC_PASSWORD: 'pw-in-env-1', B2_ACCOUNT_KEY: 'K001xyz', HOME: '/home/steam', PASS: 'x' });
    expect(r('open repo with pw-in-env-1 for K001xyz at /home/steam')).toBe(`open repo with ${REDACTED} for ${REDACTED} at /home/steam`);
    expect(r('rclone --sftp-pass s3cr3t --s3-secret-access-key=abc/def copy a b')).toBe(
      `rclone --sftp-pass ${REDACTED} --s3-secret-access-key=${REDACTED} copy a b`,
    );
    expect(r('password: hunter2 token="abc123" api_key=zzz')).toBe(`password: ${REDACTED} token="${REDACTED}" api_key=${REDACTED}`);
    expect(r('GET https://bob:hunter2@dav.example.org/x Authorization: Bearer abcdefgh12345')).toBe(
      `GET https://bob:${REDACTED}@dav.example.org/x Authorization: Bearer ${REDACTED}`,
    );
    expect(r('using key AKIAIOSFODNN7EXAMPLE')).toBe(`using key ${REDACTED}`);
    // Ordinary words stay: "wrong password or no key found" names no secret.
    expect(r('Fatal: wrong password or no key found')).toBe('Fatal: wrong password or no key found');
  });

  it('keeps the last 20 lines, each cut at 300 characters, whatever the command prints', () => {
    const t = new OutputTail();
    for (let i = 1; i <= 5000; i++) t.push(Buffer.from(`line ${i}\r\n`));
    t.push(Buffer.from('x'.repeat(1000)));
    const lines = t.text((l) => l).split('\n');
    expect(lines).toHaveLength(20);
    expect(lines[0]).toBe('line 4982');
    expect(lines[19]).toBe(`${'x'.repeat(300)}…`);
  });
});

describe('off-site copies', () => {
  it('hands the command the archive in its environment, without a shell, and keeps its outcome with the backup', async () => {
    const out = tempDir('palpanel-remote-');
    // The quoted argument would be split, globbed or expanded by a shell; argv keeps it whole.
    const cmd = script(
      out,
      'copy.sh',
      `cp "$PALPANEL_BACKUP_PATH" "$1/"
env > "$1/env.txt"
printf '%s\\n' "$2" > "$1/arg.txt"
echo "copied $PALPANEL_BACKUP_ID with token=$MY_API_TOKEN"
echo "plain $MY_API_TOKEN and https://bob:$RCLONE_SFTP_PASS@example.org/x" >&2`,
    );
    const env = {
      PATH: process.env.PATH!,
      MY_API_TOKEN: 'tok-1234567890',
      RCLONE_SFTP_PASS: 'hunter22',
      SERVICE_GAME_ADMIN_PASSWORD: 'adm1n-pw',
    };
    const { svc, copier, store, ports, dataDir } = await rig([cmd, out, 'two words * $HOME'], { env });
    copier.start();
    const rec = await svc.start('manual', 'user:ann').done;
    const row = await waitFor('the copy', () => (copyOf(store, rec.id)?.state === 'copied' ? copyOf(store, rec.id)! : undefined));

    const archive = join(dataDir, 'backups', `${rec.id}.tar.gz`);
    expect(sha256(join(out, `${rec.id}.tar.gz`))).toBe(sha256(archive));
    const seen = Object.fromEntries(
      readFileSync(join(out, 'env.txt'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(seen).toMatchObject({
      PALPANEL_BACKUP_PATH: archive,
      PALPANEL_BACKUP_ID: rec.id,
      PALPANEL_BACKUP_TRIGGER: 'manual',
      PALPANEL_BACKUP_SIZE: String(rec.sizeBytes),
      PALPANEL_BACKUP_SHA256: sha256(archive),
      MY_API_TOKEN: 'tok-1234567890',
    });
    // palpanel's own settings (the game's admin password) are no business of the copy.
    expect(Object.keys(seen).filter((k) => k.startsWith('SERVICE_'))).toEqual([]);
    expect(readFileSync(join(out, 'arg.txt'), 'utf8')).toBe('two words * $HOME\n');

    expect(row).toMatchObject({ attempts: 1, lastExitCode: 0, nextAttemptAt: null });
    expect(row.lastDurationMs).toBeGreaterThanOrEqual(0);
    expect(row.lastOutput).toContain(`copied ${rec.id} with token=${REDACTED}`);
    expect(row.lastOutput).toContain(`plain ${REDACTED} and https://bob:${REDACTED}@example.org/x`);
    for (const secret of ['tok-1234567890', 'hunter22']) expect(row.lastOutput).not.toContain(secret);

    const listed = await ports.list();
    expect(listed[0].offsite).toMatchObject({ state: 'copied', attempts: 1, lastExitCode: 0, copiedAt: row.copiedAt });
    expect(ports.copyStats()).toMatchObject({ lastSuccessAt: row.copiedAt, failures: 0, pending: 0 });
    expect(copyEvents(store)).toEqual([]);
  });

  it('retries a failing command on the backoff schedule of the injected clock, warns once, and succeeds once the remote is back', async () => {
    const clock = handClock();
    const dir = tempDir('palpanel-remote-');
    const up = join(dir, 'remote-up');
    const cmd = script(
      dir,
      'flaky.sh',
      `echo "trying $PALPANEL_BACKUP_ID"\n[ -e "${up}" ] || { echo 'remote unreachable' >&2; exit 1; }\necho done`,
    );
    const { svc, copier, store, ports } = await rig([cmd], { clock: clock.now });
    copier.start();
    const rec = await svc.start('scheduled', 'system').done;
    const failed = await waitFor('the first attempt', () =>
      copyOf(store, rec.id)?.state === 'failed' ? copyOf(store, rec.id)! : undefined,
    );
    expect(failed).toMatchObject({ attempts: 1, lastExitCode: 1, nextAttemptAt: '2026-07-14T09:31:00.000Z' });
    expect(failed.lastOutput).toBe(`trying ${rec.id}\nremote unreachable`);
    const [warning] = copyEvents(store);
    expect(warning).toMatchObject({ kind: 'backup' });
    expect(warning.message).toBe(`${BACKUP_COPY_FAILED}: ${rec.id} (attempt 1, exit status 1); tried again at 2026-07-14T09:31:00.000Z`);
    // Webhooks receive it; key holders never do (only "Backup completed" is public).
    expect(isWebhookEvent(warning.kind, warning.message)).toBe(true);
    expect(isPublicEvent(warning.kind, warning.message)).toBe(false);

    // Not due yet: nothing runs.
    clock.advance(59_000);
    copier.kick();
    await copier.idle();
    expect(copyOf(store, rec.id)!.attempts).toBe(1);

    clock.advance(1_000);
    copier.kick();
    await copier.idle();
    expect(copyOf(store, rec.id)).toMatchObject({ state: 'failed', attempts: 2, nextAttemptAt: '2026-07-14T09:36:00.000Z' });
    expect(copyEvents(store)).toHaveLength(1); // not one warning per retry
    expect(ports.copyStats()).toMatchObject({ failures: 2, pending: 1, lastSuccessAt: null });

    writeFileSync(up, '');
    clock.advance(5 * 60_000);
    copier.kick();
    await copier.idle();
    expect(copyOf(store, rec.id)).toMatchObject({ state: 'copied', attempts: 3, lastExitCode: 0, nextAttemptAt: null });
    expect(ports.copyStats()).toMatchObject({ failures: 2, pending: 0, lastSuccessAt: '2026-07-14T09:36:00.000Z' });
  });

  it('gives a copy up after its last retry and says so', async () => {
    const clock = handClock();
    const dir = tempDir('palpanel-remote-');
    const { svc, copier, store } = await rig([script(dir, 'fail.sh', 'exit 3')], { clock: clock.now });
    copier.start();
    const rec = await svc.start('manual', 'user:ann').done;
    await waitFor('the first attempt', () => (copyOf(store, rec.id)?.state === 'failed' ? true : undefined));
    for (const ms of [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 6 * 3_600_000]) {
      clock.advance(ms);
      copier.kick();
      await copier.idle();
    }
    expect(copyOf(store, rec.id)).toMatchObject({ state: 'failed', attempts: 7, lastExitCode: 3, nextAttemptAt: null });
    expect(copyEvents(store).map((e) => e.message)).toEqual([
      expect.stringContaining(`given up after 7 attempts`),
      expect.stringContaining('(attempt 1, exit status 3); tried again at'),
    ]);
    // Given up is final: however late, nothing runs again.
    clock.advance(30 * 86_400_000);
    copier.kick();
    await copier.idle();
    expect(copyOf(store, rec.id)!.attempts).toBe(7);
  });

  it('kills a copy that runs past its deadline, with what it started, and retries it', async () => {
    const dir = tempDir('palpanel-remote-');
    const child = join(dir, 'child.pid');
    // The script starts a grandchild (as rclone.sh starts rclone) and waits for it.
    const cmd = script(dir, 'hang.sh', `sleep 600 &\necho $! > "${child}"\necho 'uploading…'\nwait`);
    const { svc, copier, store } = await rig([cmd], { timeout: '300ms' });
    copier.start();
    const rec = await svc.start('manual', 'user:ann').done;
    const row = await waitFor('the kill', () => (copyOf(store, rec.id)?.state === 'failed' ? copyOf(store, rec.id)! : undefined));
    expect(row).toMatchObject({ attempts: 1, lastExitCode: null });
    expect(row.lastOutput).toBe('uploading…\n[palpanel] killed: still running after 300 ms (SERVICE_BACKUP_COPY_TIMEOUT)');
    expect(row.nextAttemptAt).not.toBeNull();
    const pid = Number(readFileSync(child, 'utf8'));
    await waitFor('the grandchild to be gone', () => {
      try {
        process.kill(pid, 0);
        return undefined;
      } catch {
        return true;
      }
    });
    expect(copyEvents(store)[0].message).toContain('(attempt 1, killed past its deadline)');
  });

  it('says when the command cannot start', async () => {
    const { svc, copier, store } = await rig(['/nonexistent/copy.sh']);
    copier.start();
    const rec = await svc.start('manual', 'user:ann').done;
    const row = await waitFor('the attempt', () => (copyOf(store, rec.id)?.state === 'failed' ? copyOf(store, rec.id)! : undefined));
    expect(row).toMatchObject({ lastExitCode: null, lastOutput: '[palpanel] could not start /nonexistent/copy.sh: ENOENT' });
  });

  it('never holds up a backup, and copies one at a time, oldest first', async () => {
    const dir = tempDir('palpanel-remote-');
    const log = join(dir, 'log');
    const release = join(dir, 'release');
    // Blocks until the test releases it; a second copy running beside it would find the lock taken.
    const cmd = script(
      dir,
      'slow.sh',
      `mkdir "${dir}/lock" || { echo "concurrent $PALPANEL_BACKUP_ID" >> "${log}"; exit 9; }
echo "start $PALPANEL_BACKUP_ID" >> "${log}"
while [ ! -e "${release}" ]; do sleep 0.05; done
echo "end $PALPANEL_BACKUP_ID" >> "${log}"
rmdir "${dir}/lock"`,
    );
    const { svc, copier, store } = await rig([cmd]);
    copier.start();
    const a = await svc.start('manual', 'user:ann').done;
    await waitFor('the first copy to run', () => (existsSync(log) ? true : undefined));
    expect(copyOf(store, a.id)!.state).toBe('running');
    // Two more backups are made (and verified) while the first copy runs; their copies wait.
    await svc.idle();
    const b = await svc.start('manual', 'user:ann').done;
    await svc.idle();
    const c = await svc.start('scheduled', 'system').done;
    expect(copyOf(store, a.id)!.state).toBe('running');
    expect([copyOf(store, b.id), copyOf(store, c.id)]).toMatchObject([
      { state: 'pending', attempts: 0 },
      { state: 'pending', attempts: 0 },
    ]);
    writeFileSync(release, '');
    await waitFor('all three copies', () => ([a, b, c].every((r) => copyOf(store, r.id)?.state === 'copied') ? true : undefined));
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual([a, b, c].flatMap((r) => [`start ${r.id}`, `end ${r.id}`]));
  });

  it('a stop kills the copy under way and keeps it pending; the next start makes it', async () => {
    const dir = tempDir('palpanel-remote-');
    const started = join(dir, 'started');
    const release = join(dir, 'release');
    const cmd = script(
      dir,
      'slow.sh',
      `echo "$PALPANEL_BACKUP_ID" >> "${started}"\nwhile [ ! -e "${release}" ]; do sleep 0.05; done\necho ok`,
    );
    const first = await rig([cmd]);
    first.copier.start();
    const a = await first.svc.start('manual', 'user:ann').done;
    await waitFor('the copy to run', () => (existsSync(started) ? true : undefined));
    await first.svc.idle();
    const b = await first.svc.start('manual', 'user:ann').done;

    // palpanel stops: the copy under way is killed and is pending again, not counted as failed.
    await first.copier.stop(0);
    expect(copyOf(first.store, a.id)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(copyOf(first.store, b.id)).toMatchObject({ state: 'pending', attempts: 0 });
    expect(copyEvents(first.store)).toEqual([]);
    first.store.close();
    stores.splice(stores.indexOf(first.store), 1);

    // The next start (same data dir) resumes both, oldest first.
    writeFileSync(release, '');
    const second = await rig([cmd], { dataDir: first.dataDir });
    second.copier.start();
    await waitFor('both copies', () => ([a.id, b.id].every((id) => copyOf(second.store, id)?.state === 'copied') ? true : undefined));
    expect(readFileSync(started, 'utf8')).toBe(`${a.id}\n${a.id}\n${b.id}\n`);
    expect([copyOf(second.store, a.id)!.attempts, copyOf(second.store, b.id)!.attempts]).toEqual([1, 1]);
  });

  it('resumes a copy a crash left running', async () => {
    const dir = tempDir('palpanel-remote-');
    const first = await rig([script(dir, 'ok.sh', 'exit 0')]);
    // Not started: the backup's copy is queued in the store (as `palpanel backup create` does).
    const rec = await first.svc.start('manual', 'user:ann').done;
    first.store.backupCopies.started(rec.id, '2026-07-14T09:30:00.000Z'); // then the process died
    first.store.close();
    stores.splice(stores.indexOf(first.store), 1);
    const second = await rig([script(dir, 'ok.sh', 'exit 0')], { dataDir: first.dataDir });
    expect(copyOf(second.store, rec.id)!.state).toBe('running');
    second.copier.start();
    await waitFor('the copy', () => (copyOf(second.store, rec.id)?.state === 'copied' ? true : undefined));
    expect(copyOf(second.store, rec.id)!.attempts).toBe(1);
  });
});

describe('off-site copies through the panel', () => {
  it('GET /backups: an admin sees the outcome and output, a viewer the state only; /metrics counts them', async () => {
    const root = tempDir();
    const saveDir = join(root, 'world');
    cpSync(join(FIXTURES, 'v0.1-coop'), saveDir, { recursive: true });
    const cmd = script(root, 'fail.sh', `echo "remote said no to secret=$COPY_SECRET" >&2; exit 7`);
    server = await startServe({
      settings: testSettings(join(root, 'data'), {
        SERVICE_SAVE_DIR: saveDir,
        SERVICE_SAVE_CHECK_INTERVAL: '1h',
        SERVICE_BACKUP_COPY_COMMAND: `"${cmd}"`,
      }),
      env: { PATH: process.env.PATH, COPY_SECRET: 'sesame-open' },
      log: createLogger('text', () => {}),
      version: 't',
      ready: () => {},
    });
    server.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    server.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
    const key = server.store.keys.create('metrics', 'cli').key;
    const login = async (c: typeof ADMIN) =>
      (
        (
          await fetch(`${server!.url}/api/v1/auth/login`, { method: 'POST', headers: fromPanelPage(server!.url), body: JSON.stringify(c) })
        ).headers.get('set-cookie') ?? ''
      ).split(';')[0];
    const admin = await login(ADMIN);
    const viewer = await login(VIEWER);
    const get = async (path: string, cookie: string) =>
      (await (await fetch(`${server!.url}/api/v1${path}`, { headers: { cookie } })).json()) as never;

    const started = await fetch(`${server.url}/api/v1/backups`, {
      method: 'POST',
      headers: { cookie: admin, ...fromPanelPage(server.url) },
      body: '{}',
    });
    const { data } = (await started.json()) as { data: { id: string } };
    type Item = { id: string; offsite: Record<string, unknown> };
    const mine = await waitFor(
      'the failed copy',
      async () => {
        const list = (await get('/backups', admin)) as { data: Item[] };
        const it = list.data.find((b) => b.id === data.id);
        return it?.offsite.state === 'failed' ? it : undefined;
      },
      30_000,
    );
    expect(mine.offsite).toMatchObject({ attempts: 1, lastExitCode: 7, lastOutput: `remote said no to secret=${REDACTED}` });
    expect(mine.offsite.nextAttemptAt).toEqual(expect.any(String));
    const seen = (await get('/backups', viewer)) as { data: Item[] };
    expect(seen.data.find((b) => b.id === data.id)!.offsite).toEqual({ state: 'failed' });

    const metrics = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${key}` } })).text();
    expect(metrics).toContain('\npalpanel_backup_copy_failures_total 1\n');
    expect(metrics).toContain('\npalpanel_backups_copy_pending 1\n');
    expect(metrics).toMatch(/# TYPE palpanel_backup_copy_last_success_timestamp_seconds gauge\n(?!palpanel_backup_copy_last_success)/);
    const events = (await get('/events?kind=backup', admin)) as { data: { message: string }[] };
    expect(events.data.map((e) => e.message)).toContainEqual(
      expect.stringContaining(`${BACKUP_COPY_FAILED}: ${data.id} (attempt 1, exit status 7)`),
    );
  });
});
