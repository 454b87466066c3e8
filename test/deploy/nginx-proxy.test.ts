// palpanel behind Debian's real nginx, with deploy/nginx/palpanel.conf as shipped (only its
// ports, upstream and certificate paths changed): TLS ends at nginx on a loopback port, palpanel
// runs with SERVICE_PUBLIC_URL and SERVICE_TRUSTED_PROXIES as docs/deployment.md says. A client on
// another loopback address (127.0.0.2) signs in, makes a backup and creates and revokes a key
// through the proxy; the log names the client's address, not the proxy's; the session cookie is
// Secure. Without the two settings the same proxy's changes are refused, as the issue found.
// Skipped with a line where nginx or openssl is missing (.ci/run installs both and fails if not).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServe, type RunningServer } from '../../src/app/serve.js';
import { createLogger } from '../../src/lib/logger.js';
import { FIXTURES, ROOT, tempDir } from '../helpers/cli.js';
import { testSettings } from '../helpers/settings.js';
import { waitFor } from '../helpers/wait.js';
import { freePort } from '../helpers/free-port.js';
import { noteSkip } from '../helpers/skipped.js';

const has = (cmd: string, ...args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' }).status === 0;
const hasNginx = has('nginx', '-v') && has('openssl', 'version');
if (!hasNginx) noteSkip('deploy: nginx (or openssl) is not on this machine; palpanel behind nginx is not tested here');

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** Starts nginx with the shipped site on `port` (TLS), proxying to `upstream`. */
async function startNginx(port: number, upstream: string, defaultHost = false): Promise<ChildProcess> {
  const dir = tempDir('palpanel-nginx-');
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
  ]);
  expect(made.status).toBe(0);
  const shipped = readFileSync(join(ROOT, 'deploy', 'nginx', 'palpanel.conf'), 'utf8');
  // The port-80 redirect is left out (a test may not bind port 80); the TLS site is as shipped.
  const tls = shipped.slice(shipped.indexOf('server {', shipped.indexOf('return 301')));
  const site = [shipped.slice(0, shipped.indexOf('server {')), tls]
    .join('\n')
    .replace('server 127.0.0.1:8080;', `server ${upstream};`)
    .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${port} ssl;`)
    .replace(/\n\s*listen \[::\]:443 ssl http2;/, '')
    .replace('/etc/letsencrypt/live/panel.example.org/fullchain.pem', cert)
    .replace('/etc/letsencrypt/live/panel.example.org/privkey.pem', key);
  // nginx's default: the upstream's address as Host, no X-Forwarded-Host.
  const passed = defaultHost ? site.replace(/\n\s*proxy_set_header (Host|X-Forwarded-Host) \$http_host;/g, '') : site;
  expect(site).toContain(`server ${upstream};`);
  expect(site).toContain(`listen 127.0.0.1:${port} ssl;`);
  writeFileSync(join(dir, 'site.conf'), passed);
  const root = process.getuid?.() === 0 ? 'user root;\n' : '';
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${root}pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${dir}/site.conf;\n}\n`,
  );
  const nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  cleanup.push(
    () =>
      new Promise<void>((r) => {
        nginx.once('exit', () => r());
        nginx.kill('SIGQUIT');
      }),
  );
  await waitFor('nginx listening', async () => {
    const ok = await new Promise<boolean>((r) => {
      const s = createServer();
      s.once('error', () => r(true)); // taken: nginx holds it
      s.listen(port, '127.0.0.1', () => s.close(() => r(false)));
    });
    return ok || undefined;
  });
  return nginx;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
}

/** A browser on 127.0.0.2 at https://localhost:<port>: its Origin, its cookie. */
function browser(port: number) {
  const origin = `https://localhost:${port}`;
  let cookie = '';
  return async (method: string, path: string, body?: unknown): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: `/api/v1${path}`,
          method,
          localAddress: '127.0.0.2',
          rejectUnauthorized: false,
          headers: {
            host: `localhost:${port}`,
            origin,
            ...(cookie ? { cookie } : {}),
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => {
            const set = res.headers['set-cookie'];
            if (set?.length) cookie = set[0].split(';')[0];
            resolve({ status: res.statusCode!, headers: res.headers, json: text ? JSON.parse(text) : null });
          });
        },
      );
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
}

async function serveBehind(
  port: number,
  env: Record<string, string>,
  defaultHost = false,
): Promise<{ server: RunningServer; logs: string[] }> {
  const saveDir = tempDir('palpanel-save-');
  cpSync(join(FIXTURES, 'v0.1-coop'), saveDir, { recursive: true });
  const logs: string[] = [];
  const server = await startServe({
    settings: testSettings(tempDir(), { SERVICE_SAVE_DIR: saveDir, ...env }),
    log: createLogger('text', (l) => logs.push(l)),
    version: 'test',
    ready: () => {},
  });
  cleanup.push(() => server.stop());
  server.store.users.add('host', 'admin', 'a-long-admin-passphrase-1', 'cli');
  await startNginx(port, new URL(server.url).host, defaultHost);
  return { server, logs };
}

describe.skipIf(!hasNginx)('palpanel behind nginx (deploy/nginx/palpanel.conf)', () => {
  it('with SERVICE_PUBLIC_URL and SERVICE_TRUSTED_PROXIES: sign in, a backup, a key made and revoked; the client address logged; a Secure cookie', async () => {
    const port = await freePort();
    const { logs } = await serveBehind(port, { SERVICE_PUBLIC_URL: `https://localhost:${port}`, SERVICE_TRUSTED_PROXIES: '127.0.0.1' });
    const as = browser(port);
    expect((await as('POST', '/auth/login', { username: 'host', password: 'wrong-password-here' })).status).toBe(401);
    const login = await as('POST', '/auth/login', { username: 'host', password: 'a-long-admin-passphrase-1' });
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    // The log names the client (127.0.0.2), never the proxy (127.0.0.1).
    expect(logs.filter((l) => l.includes('panel login failed from'))).toEqual([
      expect.stringContaining('panel login failed from 127.0.0.2:'),
    ]);
    const backup = await as('POST', '/backups', { note: 'through nginx' });
    expect(backup.status).toBe(202);
    const made = await as('POST', '/integration-keys', { label: 'through nginx' });
    expect(made.status).toBe(201);
    const id = (made.json as { id: string }).id;
    expect((await as('DELETE', `/integration-keys/${id}`)).status).toBeLessThan(300);
    await waitFor('the backup', async () => {
      const list = (await as('GET', '/backups')).json as { data: { note: string | null }[] };
      return list.data.find((b) => b.note === 'through nginx');
    });
  }, 60_000);

  it("without SERVICE_TRUSTED_PROXIES the proxy's address is logged as the client's; X-Forwarded-Proto still makes the cookie Secure", async () => {
    const port = await freePort();
    const { logs } = await serveBehind(port, {});
    const as = browser(port);
    // The shipped site passes the browser's Host, so the origin check holds without PUBLIC_URL.
    expect((await as('POST', '/auth/login', { username: 'host', password: 'wrong-password-here' })).status).toBe(401);
    expect(logs.filter((l) => l.includes('panel login failed from'))).toEqual([
      expect.stringContaining('panel login failed from 127.0.0.1:'),
    ]);
    const login = await as('POST', '/auth/login', { username: 'host', password: 'a-long-admin-passphrase-1' });
    expect(login.status).toBe(200);
    expect(String(login.headers['set-cookie'])).toMatch(/; Secure/i);
  }, 60_000);

  it("nginx's default Host (the upstream's): every change is refused as cross-origin, until SERVICE_PUBLIC_URL names the address users open", async () => {
    const port = await freePort();
    const refused = browser(port);
    await serveBehind(port, {}, true);
    const first = await refused('POST', '/auth/login', { username: 'host', password: 'a-long-admin-passphrase-1' });
    expect(first.status).toBe(403);
    expect(first.json).toMatchObject({ error: { message: 'Cross-origin requests are refused.' } });
    const port2 = await freePort();
    await serveBehind(port2, { SERVICE_PUBLIC_URL: `https://localhost:${port2}` }, true);
    expect((await browser(port2)('POST', '/auth/login', { username: 'host', password: 'a-long-admin-passphrase-1' })).status).toBe(200);
  }, 60_000);
});
