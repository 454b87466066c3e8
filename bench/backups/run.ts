// Backup benchmark: one palpanel (serve in a child process) over the 1.0 fixture and over a
// synthetic world of 100,000 pals. For each: the time of a manual backup (asked for through the
// panel API and followed to done) and of a restore dry-run, and the p50/p99 of
// `/api/integration/v1/pals?limit=100` (autocannon, 10 connections) at rest and while each runs.
// Run: npm run bench:backups
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { writeSyntheticWorld } from '../../src/demo/world-gen/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = join(ROOT, '..', 'shared', 'fixtures', 'saves', 'v1.0-relics');

interface Server {
  child: ChildProcess;
  url: string;
  key: string;
}

function startServer(dataDir: string, saveDir: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'bench/backups/server.ts')], {
      env: { ...process.env, SERVICE_DATA_DIR: dataDir, SERVICE_SAVE_DIR: saveDir },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buf = '';
    const timer = setTimeout(() => reject(new Error('the bench server did not start in time')), 180_000);
    child.stdout.on('data', (c: Buffer) => {
      buf += c.toString();
      const m = /listening on (\S+) key (\S+)/.exec(buf);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], key: m[2] });
      }
    });
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
}

async function load(s: Server, seconds: number): Promise<{ p50: number; p99: number; rps: number }> {
  const r = await autocannon({
    url: `${s.url}/api/integration/v1/pals?limit=100`,
    connections: 10,
    duration: seconds,
    headers: { authorization: `Bearer ${s.key}` },
  });
  return { p50: r.latency.p50, p99: r.latency.p99, rps: Math.round(r.requests.average) };
}

async function panel(s: Server): Promise<(method: string, path: string) => Promise<unknown>> {
  const res = await fetch(`${s.url}/api/v1/auth/login`, {
    method: 'POST',
    body: JSON.stringify({ username: 'bench', password: 'bench-password-123' }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  return async (method, path) => {
    const r = await fetch(`${s.url}/api/v1${path}`, { method, headers: { cookie } });
    if (r.status >= 400) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return r.json();
  };
}

/** Runs `job` while the load runs; returns the job's time and the load's latencies. */
async function during(s: Server, job: () => Promise<unknown>): Promise<{ ms: number; p50: number; p99: number }> {
  const loadDone = load(s, 4);
  await new Promise((r) => setTimeout(r, 300));
  const t0 = performance.now();
  await job();
  const ms = performance.now() - t0;
  const l = await loadDone;
  return { ms, p50: l.p50, p99: l.p99 };
}

async function bench(label: string, saveDir: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'palpanel-bench-backup-'));
  const s = await startServer(dataDir, saveDir);
  try {
    const api = await panel(s);
    const rest = await load(s, 4);
    let id = '';
    const backup = await during(s, async () => {
      id = ((await api('POST', '/backups')) as { data: { id: string } }).data.id;
      for (;;) {
        const st = ((await api('GET', `/backups/${id}`)) as { data: { state: string; error: string | null } }).data;
        if (st.state === 'done') return;
        if (st.state === 'failed') throw new Error(st.error ?? 'failed');
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    const size = statSync(join(dataDir, 'backups', `${id}.tar.gz`)).size;
    const dry = await during(s, () => api('POST', `/backups/${id}/restore/dry-run`));
    console.log(
      `| ${label} | ${(size / 1e6).toFixed(1)} MB | ${backup.ms.toFixed(0)} ms | ${dry.ms.toFixed(0)} ms | ${rest.p50} / ${rest.p99} ms | ${backup.p50} / ${backup.p99} ms | ${dry.p50} / ${dry.p99} ms |`,
    );
  } finally {
    s.child.kill('SIGTERM');
    await new Promise((r) => s.child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const work = mkdtempSync(join(tmpdir(), 'palpanel-bench-worlds-'));
try {
  console.log(
    `backup benchmark: ${cpus().length} cores, load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} at start`,
  );
  console.log('| world | archive | backup | dry-run | /pals p50 / p99 at rest | during backup | during dry-run |');
  console.log('|---|---|---|---|---|---|---|');
  const relics = join(work, 'relics');
  cpSync(FIXTURE, relics, { recursive: true });
  await bench('v1.0-relics', relics);
  const big = join(work, 'synthetic-100k');
  writeSyntheticWorld(big, { seed: 42, players: 500, pals: 100_000 });
  await bench('synthetic 100k pals', big);
} finally {
  rmSync(work, { recursive: true, force: true });
}
