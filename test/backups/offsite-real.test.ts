// The shipped copy scripts (deploy/backup-copy/) run by palpanel against Debian's real rclone and
// restic: a backup of a fixture world copied to an rclone remote served on loopback by
// `rclone serve webdav` (with a password, which must never appear in what palpanel keeps), the
// remote going away and coming back (a real failure, retried); and a backup stored in a local
// restic repository and restored from it byte for byte. Skipped with a line where a tool is absent
// (.ci/run installs both). And aws-s3.sh with the AWS command line against moto's S3 server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackupStack } from '../../src/backups/stack.js';
import type { OffsiteCopier } from '../../src/backups/offsite-copy.js';
import { createGameControl } from '../../src/game/game-control.js';
import { openStore, type Store } from '../../src/store/index.js';
import { FIXTURES, ROOT, tempDir } from '../helpers/cli.js';
import { noteSkip } from '../helpers/skipped.js';
import { waitFor } from '../helpers/wait.js';

const has = (tool: string) => spawnSync(tool, ['version'], { encoding: 'utf8' }).status === 0;
const hasRclone = has('rclone');
const hasRestic = has('restic');
if (!hasRclone) noteSkip('backups: rclone is not on this machine (apt-get install rclone); the rclone copy test is skipped');
if (!hasRestic) noteSkip('backups: restic is not on this machine (apt-get install restic); the restic copy test is skipped');
// The AWS command line against moto's S3 server on loopback (pip's moto[server]; Debian packages no moto).
const hasAws = spawnSync('aws', ['--version'], { encoding: 'utf8' }).status === 0;
const hasMoto = spawnSync('moto_server', ['--help'], { encoding: 'utf8' }).status === 0;
if (!hasAws || !hasMoto)
  noteSkip(
    `backups: ${!hasAws ? 'the AWS command line (apt-get install awscli)' : "moto's S3 server (pip install 'moto[server]')"} is not on this machine; the aws-s3.sh copy test is skipped`,
  );

const SCRIPTS = join(ROOT, 'deploy', 'backup-copy');
const stores: Store[] = [];
const copiers: OffsiteCopier[] = [];
const servers: ChildProcess[] = [];
afterEach(async () => {
  for (const c of copiers.splice(0)) await c.stop(0);
  for (const s of stores.splice(0)) s.close();
  for (const p of servers.splice(0)) await stopServer(p);
});

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

async function stopServer(p: ChildProcess): Promise<void> {
  if (p.exitCode !== null || p.signalCode !== null) return;
  const gone = new Promise((r) => p.once('exit', r));
  p.kill('SIGTERM');
  await gone;
}

/** `rclone serve webdav` of `dir` on 127.0.0.1 (a free port, or `port`), with a user and password;
 * resolves with its URL once it says it listens. */
function serveWebdav(dir: string, pass: string, port = 0): Promise<{ url: string; proc: ChildProcess }> {
  const proc = spawn('rclone', ['serve', 'webdav', '--addr', `127.0.0.1:${port}`, '--user', 'palpanel', '--pass', pass, dir], {
    env: { PATH: process.env.PATH, RCLONE_CONFIG: '/dev/null' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  servers.push(proc);
  return new Promise((resolve, reject) => {
    let err = '';
    proc.stderr.on('data', (c: Buffer) => {
      err += c.toString();
      const m = /started on (http:\/\/127\.0\.0\.1:\d+\/)/.exec(err);
      if (m) resolve({ url: m[1], proc });
    });
    proc.once('exit', (code) => reject(new Error(`rclone serve webdav ended (${code}): ${err}`)));
  });
}

/** moto's S3 server on 127.0.0.1; resolves with its URL once it listens. */
function serveS3(): Promise<string> {
  const proc = spawn('moto_server', ['-H', '127.0.0.1', '-p', '0'], { env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] });
  servers.push(proc);
  return new Promise((resolve, reject) => {
    let out = '';
    const seen = (c: Buffer) => {
      out += c.toString();
      const m = /Running on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    };
    proc.stdout.on('data', seen);
    proc.stderr.on('data', seen);
    proc.once('exit', (code) => reject(new Error(`moto_server ended (${code}): ${out}`)));
  });
}

/** A clock the test moves by hand (the retry is due by it). */
function handClock() {
  let t = Date.now();
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

async function rig(command: string[], env: Record<string, string>, clock: () => Date = () => new Date()) {
  const root = tempDir('palpanel-copy-real-');
  const saveDir = join(root, 'world');
  cpSync(join(FIXTURES, 'v0.6-world1'), saveDir, { recursive: true });
  const dataDir = join(root, 'data');
  const store = await openStore(dataDir, clock);
  stores.push(store);
  const stack = createBackupStack({
    store,
    settings: {
      dataDir,
      backupDir: null,
      backupCopyCommand: command,
      backupCopyTimeoutMs: 10 * 60_000,
      backupCheckCommand: null,
      backupCheckTimeoutMs: 60_000,
    },
    env: { PATH: process.env.PATH!, HOME: root, ...env },
    world: () => saveDir,
    log: () => undefined,
    clock,
    client: null,
    game: createGameControl({ client: null, rconAddr: null, reachable: () => false, clock }),
    ingest: null,
  });
  copiers.push(stack.copier!);
  stack.copier!.start();
  return { store, dataDir, ...stack, copier: stack.copier! };
}

const copyOf = (store: Store, id: string) => store.backupCopies.get(id);

describe.skipIf(!hasRclone)('rclone.sh with real rclone', () => {
  it('copies a backup to a WebDAV remote on loopback, checks it, and retries after the remote was away', { timeout: 120_000 }, async () => {
    const remoteDir = tempDir('palpanel-webdav-');
    const pass = 'webdav-Secret-42';
    const first = await serveWebdav(remoteDir, pass);
    const obscured = spawnSync('rclone', ['obscure', pass], { encoding: 'utf8' }).stdout.trim();
    // The remote described in the environment alone (rclone's RCLONE_CONFIG_<NAME>_<OPTION>).
    const env = {
      RCLONE_CONFIG: '/dev/null',
      RCLONE_CONFIG_OFFSITE_TYPE: 'webdav',
      RCLONE_CONFIG_OFFSITE_URL: first.url,
      RCLONE_CONFIG_OFFSITE_VENDOR: 'other',
      RCLONE_CONFIG_OFFSITE_USER: 'palpanel',
      RCLONE_CONFIG_OFFSITE_PASS: obscured,
      PALPANEL_RCLONE_REMOTE: 'offsite:palworld',
      PALPANEL_RCLONE_VERIFY: 'download',
      // rclone's own retries (3 rounds of 10) would make the remote's absence take a minute.
      RCLONE_RETRIES: '1',
      RCLONE_LOW_LEVEL_RETRIES: '1',
    };
    const clock = handClock();
    const { svc, store, copier, dataDir } = await rig([join(SCRIPTS, 'rclone.sh')], env, clock.now);

    const a = await svc.start('manual', 'user:ann').done;
    const row = await waitFor('the copy', () => (copyOf(store, a.id)?.state === 'copied' ? copyOf(store, a.id)! : undefined), 60_000);
    const archive = join(dataDir, 'backups', `${a.id}.tar.gz`);
    const arrived = join(remoteDir, 'palworld', `${a.id}.tar.gz`);
    expect(sha256(arrived)).toBe(sha256(archive));
    expect(readFileSync(`${arrived}.sha256`, 'utf8')).toBe(`${sha256(archive)}  ${a.id}.tar.gz\n`);
    expect(row.lastOutput).toContain(
      `rclone.sh: copied ${a.id}.tar.gz to offsite:palworld/${a.id}.tar.gz; checked: SHA-256 ${sha256(archive)}`,
    );

    // The remote goes away: a real rclone failure, kept (without the password) and retried.
    await stopServer(first.proc);
    const b = await svc.start('scheduled', 'system').done;
    const failed = await waitFor(
      'the failed copy',
      () => (copyOf(store, b.id)?.state === 'failed' ? copyOf(store, b.id)! : undefined),
      60_000,
    );
    expect(failed.lastExitCode).not.toBe(0);
    expect(failed.lastOutput).toMatch(/connection refused/i);
    for (const secret of [pass, obscured]) expect(failed.lastOutput).not.toContain(secret);

    await serveWebdav(remoteDir, pass, Number(new URL(first.url).port));
    clock.advance(60_000);
    copier.kick();
    await copier.idle();
    expect(copyOf(store, b.id)).toMatchObject({ state: 'copied', attempts: 2, lastExitCode: 0 });
    expect(sha256(join(remoteDir, 'palworld', `${b.id}.tar.gz`))).toBe(sha256(join(dataDir, 'backups', `${b.id}.tar.gz`)));
  });
});

describe.skipIf(!hasRestic)('restic.sh with real restic', () => {
  it('stores a backup as a tagged snapshot in a local repository, restored byte for byte', async () => {
    const dir = tempDir('palpanel-restic-');
    const env = {
      RESTIC_REPOSITORY: join(dir, 'repo'),
      RESTIC_PASSWORD_FILE: join(dir, 'password'),
      RESTIC_CACHE_DIR: join(dir, 'cache'),
    };
    writeFileSync(env.RESTIC_PASSWORD_FILE, 'restic-Secret-42\n', { mode: 0o600 });
    const init = spawnSync('restic', ['init'], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
    expect(init.status, init.stderr).toBe(0);
    const { svc, store, dataDir } = await rig([join(SCRIPTS, 'restic.sh')], env);

    const rec = await svc.start('manual', 'user:ann').done;
    const row = await waitFor('the copy', () => (copyOf(store, rec.id)?.state === 'copied' ? copyOf(store, rec.id)! : undefined), 60_000);
    expect(row.lastOutput).toMatch(/snapshot [0-9a-f]{8} saved/);
    const archive = join(dataDir, 'backups', `${rec.id}.tar.gz`);

    const restic = (...args: string[]) => spawnSync('restic', args, { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
    const snaps = JSON.parse(restic('snapshots', '--json').stdout) as { tags: string[]; paths: string[] }[];
    expect(snaps).toHaveLength(1);
    expect(snaps[0].tags).toEqual(['palpanel', 'trigger:manual', `sha256:${sha256(archive)}`]);
    const target = join(dir, 'restored');
    expect(restic('restore', 'latest', '--tag', 'palpanel', '--target', target).status).toBe(0);
    expect(sha256(join(target, `${rec.id}.tar.gz`))).toBe(sha256(archive));
  });
});

describe.skipIf(!hasAws || !hasMoto)('aws-s3.sh with the AWS command line', () => {
  // The AWS command line takes seconds to start, and it runs six times here.
  it('uploads a backup to an S3 bucket with its SHA-256 as metadata and a .sha256 beside it', { timeout: 180_000 }, async () => {
    const env = {
      AWS_ENDPOINT_URL: await serveS3(),
      AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      AWS_DEFAULT_REGION: 'us-east-1',
      PALPANEL_S3_URI: 's3://palworld-test/backups/',
    };
    const aws = (...args: string[]) =>
      spawnSync('aws', args, { env: { PATH: process.env.PATH, HOME: tempDir(), ...env }, encoding: 'utf8' });
    expect(aws('s3', 'mb', 's3://palworld-test').status).toBe(0);
    const { svc, store, dataDir } = await rig([join(SCRIPTS, 'aws-s3.sh')], env);

    const rec = await svc.start('manual', 'user:ann').done;
    const row = await waitFor('the copy', () => (copyOf(store, rec.id)?.state === 'copied' ? copyOf(store, rec.id)! : undefined), 60_000);
    const archive = join(dataDir, 'backups', `${rec.id}.tar.gz`);
    expect(row.lastOutput).toBe(
      `aws-s3.sh: copied ${rec.id}.tar.gz to s3://palworld-test/backups/${rec.id}.tar.gz (${rec.sizeBytes} bytes)`,
    );
    const key = `backups/${rec.id}.tar.gz`;
    const head = JSON.parse(aws('s3api', 'head-object', '--bucket', 'palworld-test', '--key', key).stdout) as {
      Metadata: Record<string, string>;
    };
    expect(head.Metadata).toEqual({ sha256: sha256(archive) });
    const back = join(tempDir(), 'back.tar.gz');
    expect(aws('s3', 'cp', `s3://palworld-test/${key}`, back).status).toBe(0);
    expect(sha256(back)).toBe(sha256(archive));
    expect(aws('s3', 'cp', `s3://palworld-test/${key}.sha256`, '-').stdout).toBe(`${sha256(archive)}  ${rec.id}.tar.gz\n`);
  });
});
