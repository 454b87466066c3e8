// `dist/palpanel demo` end to end: start, every Integration API route answers with live data
// within 3 seconds using the printed key, SIGTERM, exit 0.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BIN, tempDir } from '../helpers/cli.js';

const ROUTES = ['/server', '/metrics/current', '/players', '/pals?limit=5', '/guilds', '/map', '/world/summary', '/world/workers', '/events'];

describe('palpanel demo (built executable)', () => {
  it('prints a URL and a key; every route answers with live, consistent data within 3 s; SIGTERM exits 0', async () => {
    const child = spawn(BIN, ['demo', '--data-dir', tempDir(), '--listen', '127.0.0.1:0', '--players', '8', '--pals', '300'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (c) => (err += c));
    const started = Date.now();
    const { url, key } = await new Promise<{ url: string; key: string }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`demo printed no key: ${out}${err}`)), 15_000);
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
    expect(out).toMatch(/curl -H 'Authorization: Bearer svk_/);
    const get = async (path: string) => {
      const res = await fetch(`${url}/api/integration/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
      return { status: res.status, body: (await res.json()) as any };
    };
    // Poll until everything is live; the deadline is 3 s after the demo printed its key.
    const deadline = started + 3_000;
    let bodies: Record<string, any> = {};
    for (;;) {
      bodies = {};
      for (const r of ROUTES) {
        const res = await get(r);
        expect(res.status).toBe(200);
        bodies[r] = res.body;
      }
      const live =
        bodies['/server'].data.state === 'running' &&
        bodies['/server'].data.save.state === 'ok' &&
        bodies['/players'].data.length > 0 &&
        bodies['/world/summary'].data.state === 'ready' &&
        bodies['/metrics/current'].data.maxPlayers > 0;
      if (live) break;
      if (Date.now() > deadline + 10_000) throw new Error(`demo not live: ${JSON.stringify(bodies['/server'])}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const liveAfterMs = Date.now() - started;
    expect(bodies['/server'].data.name).toBe('palpanel demo server');
    expect(bodies['/server'].data.save.players).toBe(8);
    expect(bodies['/server'].data.save.pals).toBe(300);
    expect(bodies['/pals?limit=5'].data).toHaveLength(5);
    expect(bodies['/guilds'].data.length).toBeGreaterThan(0);
    expect(bodies['/map'].data.layers).toHaveLength(2);
    expect(bodies['/world/summary'].data.linkedBasePals).toBeGreaterThan(0);
    expect(bodies['/world/workers'].data.workers.length).toBe(bodies['/world/summary'].data.linkedBasePals);
    expect(bodies['/events'].data.some((e: { message: string }) => e.message === 'Palworld REST API is reachable')).toBe(true);
    expect(liveAfterMs).toBeLessThan(3_000);

    const code = await new Promise<number | null>((resolve) => {
      child.once('exit', (c) => resolve(c));
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
  }, 60_000);
});
