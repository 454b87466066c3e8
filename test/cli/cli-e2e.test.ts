// The built executable as a user drives it: self-contained, exit codes, messages.
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { BIN, FIXTURES, runCli, startServeProcess, tempDir } from '../helpers/cli.js';

describe('dist/palpanel', () => {
  it('runs under env -i from an empty temp dir: --version, keys create, keys list', async () => {
    const cwd = tempDir('palpanel-empty-');
    const v = await runCli(['--version'], { cwd, cleanEnv: true });
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const c = await runCli(['keys', 'create', '--label', 'ci', '--data-dir', 'D', '--json'], { cwd, cleanEnv: true });
    expect(c.code).toBe(0);
    const rec = JSON.parse(c.stdout);
    expect(rec.key).toMatch(/^svk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(Object.keys(rec).sort()).toEqual(['createdAt', 'id', 'key', 'label', 'lastUsedAt', 'revokedAt']);
    const l = await runCli(['keys', 'list', '--data-dir', 'D', '--json'], { cwd, cleanEnv: true });
    expect(JSON.parse(l.stdout)).toEqual([{ id: rec.id, label: 'ci', createdAt: rec.createdAt, lastUsedAt: null, revokedAt: null }]);
    expect(BIN).toContain('dist');
  });

  it('--help explains every command', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    for (const cmd of ['serve', 'keys', 'users']) expect(r.stdout).toContain(cmd);
    const k = await runCli(['keys', 'create', '--help']);
    expect(k.stdout).toContain('--label');
  });

  it('bad usage exits 2; a missing key id is not found (1); messages name the bad input', async () => {
    const dir = tempDir();
    expect((await runCli(['keys', 'create', '--data-dir', dir])).code).toBe(2); // no --label
    const empty = await runCli(['keys', 'create', '--label', '  ', '--data-dir', dir]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('label');
    const bad = await runCli(['keys', 'revoke', 'XYZ', '--data-dir', dir]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('XYZ');
    const missing = await runCli(['keys', 'revoke', 'deadbeef', '--data-dir', dir]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no key/i);
    expect((await runCli(['frobnicate'])).code).toBe(2);
  });

  it('users: add with --password-stdin, weak passwords refused, list, passwd, remove (never the last admin)', async () => {
    const dir = tempDir();
    const weak = await runCli(['users', 'add', 'ann', '--role', 'admin', '--password-stdin', '--data-dir', dir], { input: 'password\n' });
    expect(weak.code).toBe(2);
    expect(weak.stderr).toMatch(/weak/);
    const emptyPw = await runCli(['users', 'add', 'ann', '--role', 'admin', '--password-stdin', '--data-dir', dir], { input: '\n' });
    expect(emptyPw.code).toBe(2);
    const add = await runCli(['users', 'add', 'ann', '--role', 'admin', '--password-stdin', '--data-dir', dir], {
      input: 'correct horse battery\n',
    });
    expect(add.code).toBe(0);
    const dup = await runCli(['users', 'add', 'ann', '--role', 'viewer', '--password-stdin', '--data-dir', dir], {
      input: 'another good one\n',
    });
    expect(dup.code).toBe(1);
    expect((await runCli(['users', 'add', 'bob', '--role', 'owner', '--password-stdin', '--data-dir', dir], { input: 'x\n' })).code).toBe(
      2,
    );
    const list = await runCli(['users', 'list', '--json', '--data-dir', dir]);
    expect(JSON.parse(list.stdout).map((u: { username: string; role: string }) => [u.username, u.role])).toEqual([['ann', 'admin']]);
    expect(list.stdout).not.toContain('scrypt');
    expect((await runCli(['users', 'passwd', 'ann', '--password-stdin', '--data-dir', dir], { input: 'a new strong phrase\n' })).code).toBe(
      0,
    );
    const last = await runCli(['users', 'remove', 'ann', '--data-dir', dir]);
    expect(last.code).toBe(2);
    expect(last.stderr).toBe('palpanel: The last admin cannot be removed or demoted: make another user an admin first.\n');
    expect(
      (
        await runCli(['users', 'add', 'cat', '--role', 'admin', '--password-stdin', '--data-dir', dir], {
          input: 'a third strong phrase\n',
        })
      ).code,
    ).toBe(0);
    expect((await runCli(['users', 'remove', 'ann', '--data-dir', dir])).code).toBe(0);
    expect((await runCli(['users', 'remove', 'ann', '--data-dir', dir])).code).toBe(1);
  });

  it('a second serve on the same data dir exits 1 with a clear message; SIGTERM exits 0', async () => {
    const dir = tempDir();
    const first = await startServeProcess(['--data-dir', dir]);
    const second = await runCli(['serve', '--listen', '127.0.0.1:0', '--data-dir', dir]);
    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/in use by another palpanel process/);
    // keys go through the running server: a revocation from the shell counts from the next request
    const c = await runCli(['keys', 'create', '--label', 'live', '--data-dir', dir, '--json']);
    expect(c.code).toBe(0);
    const { id, key } = JSON.parse(c.stdout) as { id: string; key: string };
    const get = () =>
      fetch(`${first.url}/api/integration/v1/server`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status);
    expect(await get()).toBe(200);
    const revoked = await runCli(['keys', 'revoke', id, '--data-dir', dir, '--json']);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout).revokedAt).toMatch(/Z$/);
    expect(await get()).toBe(401);
    expect(await first.stop('SIGTERM')).toBe(0);
    const l = await runCli(['keys', 'list', '--data-dir', dir, '--json']);
    expect(JSON.parse(l.stdout)).toHaveLength(1);
  });

  it('a taken port: exit 1 naming the address and what to change', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    onTestFinished(() => void taken.close());
    const port = (taken.address() as AddressInfo).port;
    const r = await runCli(['serve', '--data-dir', tempDir(), '--listen', `127.0.0.1:${port}`]);
    expect(r.code).toBe(1);
    expect(
      r.stderr
        .split('\n')
        .filter((l) => l.startsWith('palpanel:'))
        .join('\n') + '\n',
    ).toBe(
      `palpanel: Cannot listen on 127.0.0.1:${port}: the address is already in use (another program, or another palpanel, listens there). Set SERVICE_LISTEN (or --listen) to another host:port.\n`,
    );
  });

  it('with SERVICE_LOG_FORMAT=json the ready line on stdout is JSON too, its URL whole for the usual pattern; stderr is JSON', async () => {
    const child = spawn(BIN, ['serve', '--listen', '127.0.0.1:0', '--data-dir', tempDir()], {
      env: { ...process.env, SERVICE_LOG_FORMAT: 'json' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    onTestFinished(() => void child.kill('SIGKILL'));
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const line = await new Promise<string>((r) => {
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('\n')) r(out.split('\n')[0]);
      });
    });
    const ready = JSON.parse(line) as { msg: string };
    const url = /listening on (http:\/\/\S+)/.exec(line)![1];
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.msg).toContain(`listening on ${url}`);
    expect((await fetch(`${url}/api/openapi.json`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await new Promise((r) => child.on('exit', r))).toBe(0);
    for (const l of stderr.trim().split('\n')) expect(JSON.parse(l)).toMatchObject({ level: expect.any(String), msg: expect.any(String) });
  });

  it('a reader that goes away (| head) ends the command quietly, exit 0', async () => {
    for (const args of [['openapi'], ['parse', '--json', join(FIXTURES, 'v1.0-relics')]]) {
      const child = spawn(BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      // Read one chunk, then close the pipe as `head -c 10` would.
      await new Promise<void>((r) => child.stdout.once('data', () => r()));
      child.stdout.destroy();
      const code = await new Promise<number | null>((r) => child.on('close', r));
      expect({ args: args[0], code, stderr }).toEqual({ args: args[0], code: 0, stderr: '' });
    }
  });

  it('keys create and list on a data dir that does not exist yet create it (mode 0700)', async () => {
    const dir = join(tempDir(), 'not', 'yet');
    const c = await runCli(['keys', 'create', '--label', '😀'.repeat(64), '--data-dir', dir, '--json']);
    expect(c.code).toBe(0);
    expect(JSON.parse(c.stdout).label).toBe('😀'.repeat(64)); // 64 characters, 128 UTF-16 units
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    // It says which data dir it made, and that no server runs on it; once.
    expect(c.stderr).toBe(
      `palpanel: made a new data dir at ${dir}; no palpanel server runs on it. A running server uses its own data dir: give the same --data-dir (or SERVICE_DATA_DIR) to reach it.\n`,
    );
    const again = await runCli(['keys', 'list', '--data-dir', dir]);
    expect(again.stderr).toBe('');
    const long = await runCli(['keys', 'create', '--label', '😀'.repeat(65), '--data-dir', dir]);
    expect(long.code).toBe(2);
    expect(long.stderr).toMatch(/label.*\(it has 65\)/);
    const l = await runCli(['keys', 'list', '--data-dir', join(dir, 'other'), '--json']);
    expect(l.code).toBe(0);
    expect(JSON.parse(l.stdout)).toEqual([]);
    expect(l.stderr).toContain(`made a new data dir at ${join(dir, 'other')}`);
  });

  it('a data dir that is a file or cannot be created: exit 1 naming the path, no stack trace', async () => {
    const base = tempDir();
    const file = join(base, 'file');
    writeFileSync(file, 'x');
    for (const dir of [file, join(file, 'sub')]) {
      for (const args of [
        ['keys', 'list'],
        ['keys', 'create', '--label', 'x'],
      ]) {
        const r = await runCli([...args, '--data-dir', dir]);
        expect(r.code).toBe(1);
        expect(r.stderr).toContain(file);
        expect(r.stderr).not.toMatch(/unexpectedly|\n\s+at /);
        expect(r.stdout).toBe('');
      }
    }
  });

  // Permissions do not bind root, so as root the commands run as nobody (setpriv).
  const asRoot = process.getuid?.() === 0;
  const hasSetpriv = spawnSync('setpriv', ['--version']).status === 0;
  it.skipIf(asRoot && !hasSetpriv)('a read-only data dir: keys list works and leaves it untouched; keys create exits 1 saying why', () => {
    const base = tempDir();
    chmodSync(base, 0o755);
    const dir = join(base, 'data');
    mkdirSync(dir);
    // Writable again however the test ends, so its temp folder can be removed.
    onTestFinished(() => chmodSync(dir, 0o700));
    if (asRoot) chownSync(dir, 65534, 65534);
    const prefix = asRoot ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', BIN] : [BIN];
    const run = (args: string[]) => {
      const r = spawnSync(prefix[0], [...prefix.slice(1), ...args, '--data-dir', dir], { encoding: 'utf8', env: {}, cwd: base });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const c = run(['keys', 'create', '--label', 'before', '--json']);
    expect(c.code).toBe(0);
    const created = JSON.parse(c.stdout) as { id: string };
    for (const f of readdirSync(dir)) chmodSync(join(dir, f), 0o400);
    chmodSync(dir, 0o500);
    const before = readdirSync(dir).map((f) => [f, readFileSync(join(dir, f)).toString('hex')]);
    const l = run(['keys', 'list', '--json']);
    expect(l.stderr).toBe('');
    expect(l.code).toBe(0);
    expect((JSON.parse(l.stdout) as { id: string }[]).map((k) => k.id)).toEqual([created.id]);
    const w = run(['keys', 'create', '--label', 'after']);
    expect(w.code).toBe(1);
    expect(w.stdout).toBe('');
    expect(w.stderr).toMatch(/cannot be written \(permission denied\)/);
    expect(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f)).toString('hex')])).toEqual(before);
  });
});
