// Stream benchmark: one palpanel (the real handler and adapter, in a child process, over a
// seeded world of 20,000 pals) with 500 concurrent `/api/v1/events/stream` clients on real
// sockets, receiving an event, a player list and metrics every second. Reports the server's RSS
// before and with the streams, the p50/p99 of `/api/integration/v1/pals?limit=100` (autocannon,
// 10 connections) without and with the streams, and whether every stream got the latest event.
// Run: npx tsx bench/streams/run.ts [--streams N] [--seconds N]
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openSse, type SseClient } from '../../test/http/sse-client.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const args = process.argv.slice(2);
const opt = (name: string, def: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) || def : def);
const STREAMS = opt('--streams', 500);
const SECONDS = opt('--seconds', 10);

interface Child {
  child: ChildProcess;
  url: string;
  key: string;
  rss: () => number;
  lastEvent: () => number;
}

function startServer(dataDir: string): Promise<Child> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'bench/streams/server.ts')], {
      env: { ...process.env, SERVICE_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let rss = 0;
    let lastEvent = 0;
    let buf = '';
    const timer = setTimeout(() => reject(new Error('the bench server did not start in time')), 60_000);
    child.stdout.on('data', (c: Buffer) => {
      buf += c.toString();
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        const ready = /listening on (\S+) key (\S+)/.exec(line);
        if (ready) {
          clearTimeout(timer);
          resolve({ child, url: ready[1], key: ready[2], rss: () => rss, lastEvent: () => lastEvent });
        }
        const m = /^rss (\d+) streams \d+ lastEvent (\d+)/.exec(line);
        if (m) {
          rss = Number(m[1]);
          lastEvent = Number(m[2]);
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;

async function pals(url: string, key: string): Promise<{ rps: number; p50: number; p99: number; non2xx: number }> {
  const target = { url: `${url}/api/integration/v1/pals?limit=100`, connections: 10, headers: { authorization: `Bearer ${key}` } };
  await autocannon({ ...target, duration: 1 });
  const r = await autocannon({ ...target, duration: SECONDS });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'palpanel-bench-streams-'));
  const server = await startServer(dataDir);
  const clients: SseClient[] = [];
  try {
    const login = await fetch(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', password: 'bench-viewer-passphrase' }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    await sleep(2_000);
    const rssIdle = server.rss();
    const alone = await pals(server.url, server.key);

    for (let i = 0; i < STREAMS; i++) clients.push(await openSse(`${server.url}/api/v1/events/stream`, { cookie }));
    const refused = clients.filter((c) => c.status !== 200).length;
    await sleep(3_000);
    const rssStreams = server.rss();
    const withStreams = await pals(server.url, server.key);
    await sleep(2_000);
    const rssAfter = server.rss();
    const last = server.lastEvent();
    const lastSeen = clients.map((c) => Math.max(0, ...c.messages.filter((m) => m.event === 'event').map((m) => Number(m.id))));
    const current = lastSeen.filter((id) => id >= last - 1).length;
    const messages = clients.reduce((n, c) => n + c.messages.length, 0);

    console.log(`streams: ${STREAMS} opened, ${refused} refused; ${messages} messages received in all`);
    console.log(`streams up to date with the log (last event ${last}, within one poll): ${current}/${STREAMS}`);
    console.log(
      `server RSS: idle ${mb(rssIdle)}, with ${STREAMS} streams ${mb(rssStreams)}, after the load ${mb(rssAfter)} (${((rssStreams - rssIdle) / STREAMS / 1024).toFixed(0)} KB per stream)`,
    );
    console.log(
      `/pals?limit=100 without streams: ${alone.rps.toFixed(0)} req/s, p50 ${alone.p50} ms, p99 ${alone.p99} ms, non-2xx ${alone.non2xx}`,
    );
    console.log(
      `/pals?limit=100 with ${STREAMS} streams: ${withStreams.rps.toFixed(0)} req/s, p50 ${withStreams.p50} ms, p99 ${withStreams.p99} ms, non-2xx ${withStreams.non2xx}`,
    );
  } finally {
    for (const c of clients) c.close();
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
