// deploy/nginx and deploy/caddy as the proxies themselves read them: Debian's nginx accepts the
// site (`nginx -t`, its certificate paths pointed at a throw-away self-signed pair) and Caddy's
// `validate` accepts the Caddyfile. Each check is skipped with a line where its tool is missing
// (.ci/run installs both and fails if one is still missing).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/cli.js';
import { noteSkip } from '../helpers/skipped.js';

const has = (cmd: string, ...args: string[]) => spawnSync(cmd, args, { encoding: 'utf8' }).status === 0;
const hasNginx = has('nginx', '-v') && has('openssl', 'version');
const hasCaddy = has('caddy', 'version');
if (!hasNginx) noteSkip('deploy: nginx (or openssl) is not on this machine; deploy/nginx/palpanel.conf is not checked here');
if (!hasCaddy) noteSkip('deploy: caddy is not on this machine; deploy/caddy/Caddyfile is not checked here');

const SITE = join(ROOT, 'deploy', 'nginx', 'palpanel.conf');

describe('the reverse-proxy examples', () => {
  it.skipIf(!hasNginx)('nginx -t accepts deploy/nginx/palpanel.conf (skipped without nginx)', () => {
    const dir = tempDir('palpanel-nginx-');
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    const made = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=panel.example.org', '-keyout', key, '-out', cert, '-days', '1'],
      { encoding: 'utf8' },
    );
    expect(made.status, made.stderr).toBe(0);
    const site = readFileSync(SITE, 'utf8')
      .replace('/etc/letsencrypt/live/panel.example.org/fullchain.pem', cert)
      .replace('/etc/letsencrypt/live/panel.example.org/privkey.pem', key);
    expect(site).toContain(cert);
    expect(site).toContain(key);
    writeFileSync(join(dir, 'site.conf'), site);
    writeFileSync(
      join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${dir}/site.conf;\n}\n`,
    );
    const r = spawnSync('nginx', ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/\[warn\]/);
  });

  it("the nginx site passes what palpanel needs: the browser's Host, the forwarded headers, an unbuffered stream, 512 MiB uploads", () => {
    const site = readFileSync(SITE, 'utf8');
    for (const line of [
      'proxy_set_header Host $http_host;',
      'proxy_set_header X-Forwarded-Host $http_host;',
      'proxy_set_header X-Forwarded-Proto $scheme;',
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      'proxy_buffering off;',
      'location = /api/v1/events/stream {',
      'client_max_body_size 513m;',
    ])
      expect(site).toContain(line);
  });

  it.skipIf(!hasCaddy)('caddy validate accepts deploy/caddy/Caddyfile, formatted as caddy fmt writes it (skipped without caddy)', () => {
    const file = join(ROOT, 'deploy', 'caddy', 'Caddyfile');
    const r = spawnSync('caddy', ['validate', '--config', file, '--adapter', 'caddyfile'], {
      encoding: 'utf8',
      env: { ...process.env, HOME: tempDir() },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toContain('Valid configuration');
    const fmt = spawnSync('caddy', ['fmt', file], { encoding: 'utf8' });
    expect(fmt.stdout).toBe(readFileSync(file, 'utf8'));
  });

  // The end-to-end run through nginx itself is test/deploy/nginx-proxy.test.ts.
});
