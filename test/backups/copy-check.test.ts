// Checking the off-site copies with real commands (a small node script standing in for rclone,
// run without a shell), a real fixture world and the real store: a good copy fetched back passes
// (checksums, manifest, a dry-run against the world); a bit-flipped copy is "corrupt", with an
// event; no archive is "missing"; a failing command is "failed"; the fetch folder is always
// removed; the newest good copy past its bound is a warning, said once; the schedule runs checks.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Restorer } from '../../src/backups/restore.js';
import { CheckRefusedError, CopyChecker } from '../../src/backups/copy-check.js';
import { createBackupPorts } from '../../src/backups/stack.js';
import { runBackupOp } from '../../src/backups/ops.js';
import { backupRig } from '../helpers/backup-rig.js';
import { silentLog } from '../helpers/silent-log.js';
import { waitFor } from '../helpers/wait.js';
import type { Logger } from '../../src/lib/logger.js';

const HOUR = 3_600_000;

/** The stand-in for a fetch from off-site: copies `<remote>/<PALPANEL_BACKUP_FILE>` into
 * PALPANEL_CHECK_DIR, and, as asked by the file `<remote>/mode`: flips one bit of the copy, leaves
 * nothing, fails, or writes down its environment. */
const FETCH = `
import { copyFileSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
const remote = process.argv[2];
const mode = existsSync(join(remote, 'mode')) ? readFileSync(join(remote, 'mode'), 'utf8').trim() : 'good';
const { PALPANEL_CHECK_DIR: dir, PALPANEL_BACKUP_FILE: file } = process.env;
writeFileSync(join(remote, 'env.json'), JSON.stringify(process.env));
if (mode === 'fail') { console.error('remote unreachable at /secret/path'); process.exit(3); }
if (mode === 'none') process.exit(0);
const bytes = readFileSync(join(remote, file));
if (mode === 'flip') bytes[Math.floor(bytes.length / 2)] ^= 0x10;
writeFileSync(join(dir, file), bytes);
`;

async function rig(withWorld = true, o: { command?: (root: string) => string[]; timeoutMs?: number; log?: Logger } = {}) {
  let now = Date.parse('2026-03-01T00:00:00Z');
  const clock = () => new Date(now);
  const { root, store, svc, restorer } = await backupRig({ clock });
  const { backupDir } = svc;
  const remote = join(root, 'remote');
  mkdirSync(remote);
  const script = join(root, 'fetch.mjs');
  writeFileSync(script, FETCH);
  const checker = new CopyChecker({
    store,
    backups: svc,
    dryRun: withWorld ? (path) => restorer.dryRunArchive(path) : null,
    command: o.command?.(root) ?? [process.execPath, script, remote],
    timeoutMs: o.timeoutMs ?? 60_000,
    env: { PATH: '/usr/bin:/bin', HOME: '/nonexistent', SERVICE_GAME_ADMIN_PASSWORD: 'hunter2', RCLONE_CONFIG_PASS: 'kept' },
    log: o.log ?? silentLog,
    clock,
  });
  const ports = createBackupPorts(svc, restorer, silentLog, null, checker);
  /** A backup, "copied off-site" into the remote folder. */
  const backup = async () => {
    now += HOUR;
    const rec = await svc.start('manual', 'user:ann').done;
    cpSync(join(backupDir, `${rec.id}.tar.gz`), join(remote, `${rec.id}.tar.gz`));
    return rec;
  };
  const mode = (m: string) => writeFileSync(join(remote, 'mode'), m);
  const check = async (id?: string) => (await checker.start(id)).done;
  const events = () => store.events.page({ limit: 100, kinds: ['backup'] }).map((e) => e.message);
  const workLeft = () => readdirSync(backupDir).filter((n) => n.startsWith('.'));
  return { root, svc, checker, ports, store, remote, backup, mode, check, events, workLeft, advance: (ms: number) => (now += ms) };
}

describe('off-site copy check', () => {
  it('fetches a good copy back: checksums and manifest pass, the dry-run runs, recorded ok; the folder is removed', async () => {
    const r = await rig();
    const rec = await r.backup();
    const c = await r.check();
    expect(c).toMatchObject({ backupId: rec.id, backupCreatedAt: rec.createdAt, outcome: 'ok' });
    expect(c.detail).toMatch(
      /^The copy came back whole \(the same bytes as the archive here\): 4 files match their checksums; a restore of it would change 0 files, 0 players/,
    );
    expect(r.workLeft()).toEqual([]);
    const status = (await r.ports.storage()).offsite;
    expect(status).toMatchObject({ configured: true, running: false, newestGoodAt: rec.createdAt, stale: false, last: c });
    expect(r.events().filter((m) => m.startsWith('Off-site'))).toEqual([]);
    // The command ran without palpanel's settings in its environment, with what it needs.
    const env = JSON.parse(readFileSync(join(r.remote, 'env.json'), 'utf8')) as Record<string, string>;
    expect(env.SERVICE_GAME_ADMIN_PASSWORD).toBeUndefined();
    expect(env).toMatchObject({ RCLONE_CONFIG_PASS: 'kept', PALPANEL_BACKUP_ID: rec.id, PALPANEL_BACKUP_FILE: `${rec.id}.tar.gz` });
    expect(existsSync(env.PALPANEL_CHECK_DIR)).toBe(false);
  });

  it('finds a corrupted (bit-flipped) copy and says so: "corrupt", an event, and the good one stays the newest good', async () => {
    const r = await rig();
    const good = await r.backup();
    expect((await r.check()).outcome).toBe('ok');
    const second = await r.backup();
    r.mode('flip');
    const c = await r.check();
    expect(c).toMatchObject({ backupId: second.id, outcome: 'corrupt' });
    expect(c.detail).toMatch(/^The copy came back damaged: /);
    expect(r.events()[0]).toBe(`Off-site copy of backup ${second.id} is damaged: ${c.detail}`);
    // A panel event: key holders and webhooks never see it.
    expect(r.store.events.listPublic(50).some((e) => e.message.startsWith('Off-site'))).toBe(false);
    expect(r.workLeft()).toEqual([]);
    expect(r.checker.status()).toMatchObject({ newestGoodAt: good.createdAt, last: c });
    // The local backup is untouched and still whole.
    await expect(r.svc.verify(second.id)).resolves.toMatchObject({ id: second.id });
    // `palpanel backup check` (the same op through the control socket or on the data dir) fails
    // with the words; asked for the older, good copy, it answers ok.
    await expect(runBackupOp(r.ports, { op: 'backup.check' })).rejects.toMatchObject({
      code: 'backup_check_corrupt',
      message: expect.stringMatching(/^The copy came back damaged: /) as string,
    });
    r.mode('good');
    await expect(runBackupOp(r.ports, { op: 'backup.check', id: good.id })).resolves.toMatchObject({ backupId: good.id, outcome: 'ok' });
  });

  it('no archive left is "missing"; a failing command is "failed" in words (nothing it printed); without a world, only checked', async () => {
    const r = await rig(false);
    const rec = await r.backup();
    r.mode('none');
    expect(await r.check()).toMatchObject({
      outcome: 'missing',
      detail: 'The check command succeeded but left no archive (.tar.gz) in PALPANEL_CHECK_DIR.',
    });
    r.mode('fail');
    const failed = await r.check();
    expect(failed).toMatchObject({ outcome: 'failed', detail: 'The check command failed (exit status 3).' });
    expect(JSON.stringify(r.checker.recent())).not.toContain('/secret/path');
    r.mode('good');
    expect((await r.check(rec.id)).detail).toMatch(/no save folder is configured, so no dry-run was made\.$/);
    expect(r.workLeft()).toEqual([]);
    expect(r.checker.recent().map((c) => c.outcome)).toEqual(['ok', 'failed', 'missing']);
  });

  it('by default checks the newest backup whose copy was made, not a newer one still waiting for its copy', async () => {
    const r = await rig();
    const copied = await r.backup();
    const waiting = await r.backup();
    const at = new Date().toISOString();
    r.store.backupCopies.queue(copied.id, at);
    r.store.backupCopies.started(copied.id, at);
    r.store.backupCopies.finished(copied.id, {
      state: 'copied',
      nextAttemptAt: null,
      lastExitCode: 0,
      lastDurationMs: 5,
      lastOutput: '',
      at,
    });
    r.store.backupCopies.queue(waiting.id, at);
    expect((await r.check()).backupId).toBe(copied.id);
    // Without any copy made by palpanel, the newest.
    r.store.backupCopies.forget([copied.id, waiting.id]);
    expect((await r.check()).backupId).toBe(waiting.id);
  });

  it('refuses with words when there is no backup, a check runs, or none is configured', async () => {
    const r = await rig();
    await expect(r.checker.start()).rejects.toThrow(/no backup yet/);
    await r.backup();
    const first = await r.checker.start();
    await expect(r.checker.start()).rejects.toBeInstanceOf(CheckRefusedError);
    await first.done;
    await expect(createBackupPorts(r.svc, {} as Restorer, silentLog).check()).rejects.toThrow(/SERVICE_BACKUP_CHECK_COMMAND/);
  });

  it('the newest good copy past the bound is a warning event, said once; a newer good copy ends it', async () => {
    const r = await rig();
    r.store.backupSettings.setSchedule({ ...r.store.backupSettings.schedule(), checkMaxAgeHours: 24 }, 'user:ann');
    const rec = await r.backup();
    await r.check();
    expect(await r.checker.tick()).toBe('off');
    r.advance(25 * HOUR);
    await r.checker.tick();
    await r.checker.tick();
    const warned = r.events().filter((m) => m.startsWith('The newest good off-site copy'));
    expect(warned).toEqual(['The newest good off-site copy is of a backup 25 h old, older than 24 h']);
    expect(r.checker.status()).toMatchObject({ stale: true, newestGoodAt: rec.createdAt });
    await r.backup();
    await r.check();
    expect(r.checker.status().stale).toBe(false);
  });

  it('runs on the schedule: when the interval has passed since the last check, not before', async () => {
    const r = await rig();
    await r.backup();
    r.store.backupSettings.setSchedule({ ...r.store.backupSettings.schedule(), checkIntervalHours: 6 }, 'user:ann');
    expect(await r.checker.tick()).toBe('ran');
    r.advance(5 * HOUR);
    expect(await r.checker.tick()).toBe('not due');
    r.advance(2 * HOUR);
    expect(await r.checker.tick()).toBe('ran');
    expect(r.checker.recent()).toHaveLength(2);
  });
});

/** A bash script in the rig's folder, as the check command. */
function bash(dir: string, name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/bash\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** Whether a process still lives: a zombie (killed, waiting for init to reap it) does not. */
const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

describe('the check command run (issue 37, finding 6)', () => {
  it('a script that exits leaving a child on its pipes: the child is killed at the timeout and the check ends then', async () => {
    let pidFile = '';
    const r = await rig(true, {
      timeoutMs: 1_500,
      command: (root) => {
        pidFile = join(root, 'orphan.pid');
        return [bash(root, 'fetch.sh', `sleep 600 &\necho $! > "${pidFile}"\necho fetching\nexit 0`)];
      },
    });
    await r.backup();
    const t0 = Date.now();
    const { done } = await r.checker.start();
    // Today's runner waited for the pipes the orphan holds: the check never ended.
    const c = await Promise.race([done, new Promise<null>((res) => setTimeout(() => res(null), 8_000).unref())]);
    const took = Date.now() - t0;
    expect(c, 'the check still runs 8 s after its 1.5 s timeout').not.toBeNull();
    expect(c).toMatchObject({ outcome: 'failed', detail: 'The check command did not finish within 2 s and was stopped.' });
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(4_000);
    expect(r.checker.status().running).toBe(false);
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await waitFor('the orphan to be gone', () => (alive(pid) ? undefined : true));
    expect(r.workLeft()).toEqual([]);
  });

  it('a check past its timeout is killed with what it started', async () => {
    let pidFile = '';
    const r = await rig(true, {
      timeoutMs: 800,
      command: (root) => {
        pidFile = join(root, 'child.pid');
        return [bash(root, 'hang.sh', `sleep 600 &\necho $! > "${pidFile}"\nwait`)];
      },
    });
    await r.backup();
    const c = await r.check();
    expect(c.outcome).toBe('failed');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await waitFor('the child to be gone', () => (alive(pid) ? undefined : true));
  });

  it("the check command's output reaches the log only redacted", async () => {
    const lines: string[] = [];
    const r = await rig(true, {
      log: (level, msg) => void lines.push(`${level} ${msg}`),
      command: (root) => [
        bash(
          root,
          'fetch.sh',
          [
            'echo "rclone copy remote: --sftp-pass sftp-s3cret-1"',
            'echo "GET https://bob:dav-s3cret-2@dav.example.org/x" >&2',
            'echo "> Authorization: token ghp_s3cret3abcdefghijklmnop"',
            'echo "using $RCLONE_CONFIG_PASS-tail"',
            'echo "mysqldump -p s3cret-4"',
            'exit 3',
          ].join('\n'),
        ),
      ],
    });
    await r.backup();
    expect((await r.check()).outcome).toBe('failed');
    const said = lines.filter((l) => l.includes('check command said'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('rclone copy remote: --sftp-pass [redacted]');
    expect(said[0]).toContain('https://bob:[redacted]@dav.example.org/x');
    const all = lines.join('\n');
    for (const secret of ['sftp-s3cret-1', 'dav-s3cret-2', 'ghp_s3cret3', 'kept-tail', 's3cret-4']) expect(all).not.toContain(secret);
  });
});
