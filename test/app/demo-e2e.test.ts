// `dist/palpanel demo` end to end: start, every Integration API route answers with live data
// using the printed key, SIGTERM, exit 0. The demo prints its ready line and key only once the
// world is parsed and the simulated game answered, so the very first requests must be live:
// this checks that order of events rather than a stopwatch. On exit the demo leaves nothing
// behind but a data dir the user named.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BodyAt } from '../helpers/api-data.js';
import { BIN, runCli, tempDir } from '../helpers/cli.js';
import { fromPanelPage } from '../helpers/panel-page.js';
import { worldsBelow } from '../../src/ingest/world-folder.js';

const ROUTES = [
  '/server',
  '/metrics/current',
  '/players',
  '/players?online=true&limit=500',
  '/pals?limit=5',
  '/guilds',
  '/map',
  '/world/summary',
  '/world/workers',
  '/events',
] as const;
type Route = (typeof ROUTES)[number];

/** Demos of the current test: killed after it if still running (a failed test stops none). */
const started: ChildProcess[] = [];
afterEach(async () => {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) await stopWith(child, 'SIGKILL');
  }
});

function startDemoProcess(args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(BIN, ['demo', '--listen', '127.0.0.1:0', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env });
  started.push(child);
  return child;
}

/** Resolves with the exit code once `signal` stopped the child. */
function stopWith(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (c) => resolve(c));
    child.kill(signal);
  });
}

describe('palpanel demo (built executable)', () => {
  it('prints a URL and a key once live: the first request to every route has live, consistent data; SIGTERM exits 0 and removes the generated world', async () => {
    const dataDir = tempDir();
    const child = startDemoProcess(['--data-dir', dataDir, '--players', '8', '--pals', '300']);
    let out = '';
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    const started = Date.now();
    const { url, key } = await new Promise<{ url: string; key: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`demo printed no key: ${out}${err}`)), 30_000);
      child.stdout.on('data', (c) => {
        out += c;
        const u = /listening on (http:\/\/\S+)/.exec(out);
        const k = /(svk_[0-9a-f]{8}_[A-Za-z0-9_-]{43})/.exec(out);
        if (u && k) {
          clearTimeout(timer);
          resolve({ url: u[1], key: k[1] });
        }
      });
    });
    const readyAfterMs = Date.now() - started;
    // The ready line and the key arrive together, with three curl commands to try.
    expect(out.indexOf('listening on')).toBeLessThan(out.indexOf(key));
    expect(out.match(/curl -H 'Authorization: Bearer svk_/g)).toHaveLength(3);
    const get = async (path: string) => {
      const res = await fetch(`${url}/api/integration/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
      return { status: res.status, body: await res.json() };
    };
    const read: Partial<Record<Route, unknown>> = {};
    for (const r of ROUTES) {
      const res = await get(r);
      expect(res.status, r).toBe(200);
      read[r] = res.body;
    }
    const bodies = read as { [R in Route]: BodyAt<R> };
    const server = bodies['/server'].data;
    expect(server).toMatchObject({ name: 'palpanel demo server', state: 'running', save: { state: 'ok', players: 8, pals: 300 } });
    expect(server.uptimeSec).toBeGreaterThanOrEqual(0);
    expect(bodies['/metrics/current'].data.maxPlayers).toBe(32);
    expect(bodies['/players'].data).toHaveLength(8);
    expect(bodies['/pals?limit=5'].data).toHaveLength(5);
    expect(bodies['/guilds'].data.length).toBeGreaterThan(0);
    expect(bodies['/map'].data.layers).toHaveLength(2);
    const summary = bodies['/world/summary'].data;
    expect(summary.state).toBe('ready');
    expect(summary.linkedBasePals).toBeGreaterThan(0);
    expect(bodies['/world/workers'].data.workers.length).toBe(summary.linkedBasePals);
    expect(bodies['/events'].data.some((e: { message: string }) => e.message === 'Palworld REST API is reachable')).toBe(true);
    // Consistent: the same players online in /players, the metrics and the game data (the demo's
    // players come and go only every 20 s).
    const online = bodies['/players?online=true&limit=500'].data.length;
    expect(bodies['/metrics/current'].data.players).toBe(online);
    expect(summary.counts.players).toBe(online);
    const joins = bodies['/events'].data.filter((e: { kind: string }) => e.kind === 'join').length;
    expect(joins).toBe(online);
    console.log(`demo: ready line with live data ${readyAfterMs} ms after the process started`);

    // The panel's screens of issue 13 have something to show: the demo's settings file, RCON
    // and PalDefender on its simulated server.
    const pw = /admin login {3}admin \/ (\S+)/.exec(out)![1];
    const login = await fetch(`${url}/api/v1/auth/login`, {
      method: 'POST',
      headers: fromPanelPage(url),
      body: JSON.stringify({ username: 'admin', password: pw }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const panel = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${url}/api/v1${path}`, {
        method,
        headers: { cookie, ...(method === 'GET' ? {} : fromPanelPage(url, body !== undefined)) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
    };
    const config = await panel('GET', '/config');
    expect(config.status).toBe(200);
    expect((config.body.data.settings as { key: string }[]).find((x) => x.key === 'ServerName')).toMatchObject({
      value: 'palpanel demo server',
    });
    const info = await panel('POST', '/console/exec', { command: 'Info' });
    expect(info.status).toBe(200);
    expect(info.body.data.reply).toContain('palpanel demo server');
    expect((await panel('GET', '/items/capability')).body.data).toMatchObject({ capable: true, via: 'rest' }); // PalDefender's REST API

    // The simulated game writes its world as the game does: Saved/SaveGames/0/<world id>/.
    expect(worldsBelow(join(dataDir, 'demo-save')).map((w) => existsSync(join(w, 'Level.sav')))).toEqual([true]);
    expect(await stopWith(child, 'SIGTERM')).toBe(0);
    // The world it generated is gone; the data dir the user named stays, with its store.
    expect(existsSync(join(dataDir, 'demo-save'))).toBe(false);
    expect(readdirSync(dataDir).length).toBeGreaterThan(0);
  }, 60_000);

  it('without --data-dir: its temp data dir is removed on SIGINT', async () => {
    const env = { ...process.env };
    delete env.SERVICE_DATA_DIR;
    const child = startDemoProcess(['--players', '2', '--pals', '20'], env);
    let out = '';
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    const dataDir = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`demo printed no data dir: ${out}${err}`)), 30_000);
      child.stdout.on('data', (c) => {
        out += c;
        const m = /data dir\s+(\S+) \(a temp folder, removed when the demo stops\)/.exec(out);
        if (m && /svk_/.test(out)) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
    });
    expect(worldsBelow(join(dataDir, 'demo-save'))).toHaveLength(1);
    expect(await stopWith(child, 'SIGINT')).toBe(0);
    expect(existsSync(dataDir)).toBe(false);
  }, 60_000);

  it('--help explains the options; a bad value exits 2 naming it', async () => {
    const help = await runCli(['demo', '--help']);
    expect(help.code).toBe(0);
    for (const o of ['--players', '--pals', '--seed', '--listen', '--data-dir']) expect(help.stdout).toContain(o);
    const bad = await runCli(['demo', '--data-dir', tempDir(), '--players', 'lots']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--players');
    expect(bad.stdout).toBe('');
  });
});
