// Archive-bomb benchmark (issue 28, finding 4): one palpanel (`serve` in a child process over
// the 1.0 fixture world, a real socket) is sent archives that cost far more than they carry:
//   bomb       a right manifest, the world's Level.sav, and a player file of 1,270 MiB of zeros
//   liar       a player header that says 1 KiB, then 1,270 MiB of zeros after it
//   dry-run    the bomb already in the backup folder (as an older palpanel could have kept it)
//   level      a Level.sav of 1,000 MiB (a PlZ header, then zeros): within its bound (the
//              parser's own, 1 GiB), so it is inflated to disk and handed to the parse, which
//              reads it whole and refuses it; what the largest allowed file costs
// For each: the answer, its time, the server's peak RSS while it ran (VmHWM, reset before),
// its RSS after and after a forced GC, and the latency of `/healthz` polled one request after
// another while it ran.
// Run: npm run bench:archive-bomb  (needs about 3 GB of free disk for nothing: the archives
// are 1.3 MB each; the zeros are only ever inflated by the server under test)
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { manifestBytes, sha256Of, writeTarGz, zeroChunks, type RawMember } from '../../test/helpers/hostile-archive.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = join(ROOT, '..', 'shared', 'fixtures', 'saves', 'v1.0-relics');
const MiB = 1024 * 1024;
const ZEROS = 1270 * MiB;
const PLAYER = 'Players/0123456789ABCDEF0123456789ABCDEF.sav';

interface Server {
  child: ChildProcess;
  url: string;
  lines: string[];
}

function startServer(dataDir: string, saveDir: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', join(ROOT, 'bench/backups/server.ts')], {
      cwd: ROOT,
      env: { ...process.env, SERVICE_DATA_DIR: dataDir, SERVICE_SAVE_DIR: saveDir },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    let buf = '';
    const timer = setTimeout(() => reject(new Error('the bench server did not start in time')), 180_000);
    child.stdout.on('data', (c: Buffer) => {
      buf += c.toString();
      const parts = buf.split('\n');
      buf = parts.pop()!;
      lines.push(...parts);
      const m = parts.map((l) => /listening on (\S+) key/.exec(l)).find(Boolean);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], lines });
      }
    });
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
}

/** A field of /proc/<pid>/status, in MB. */
function procMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

/** Resets the peak RSS the kernel keeps for `pid` (Linux: `5` to clear_refs). */
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

async function gcRss(s: Server): Promise<number> {
  const before = s.lines.length;
  s.child.stdin!.write('gc\n');
  while (!s.lines.slice(before).includes('gc done')) await new Promise((r) => setTimeout(r, 20));
  return procMb(s.child.pid!, 'VmRSS');
}

/** Polls /healthz one request after another until `stop`; the latencies. */
function probe(url: string): { stop: () => Promise<number[]> } {
  let running = true;
  const times: number[] = [];
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      try {
        await (await fetch(`${url}/healthz`)).arrayBuffer();
      } catch {
        /* counted by its time */
      }
      times.push(performance.now() - t0);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return times;
    },
  };
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;

async function measure(s: Server, label: string, job: () => Promise<Response>): Promise<void> {
  const pid = s.child.pid!;
  const base = await gcRss(s);
  resetPeak(pid);
  const p = probe(s.url);
  const t0 = performance.now();
  // A request the server never answers (its socket timed out) is reported as such.
  let status: string;
  let text: string;
  try {
    const res = await job();
    text = await res.text();
    status = String(res.status);
  } catch (err) {
    status = 'no answer';
    text = `(${String((err as { cause?: unknown }).cause ?? err)})`;
  }
  const ms = performance.now() - t0;
  const lat = await p.stop();
  const peak = procMb(pid, 'VmHWM');
  const after = procMb(pid, 'VmRSS');
  const afterGc = await gcRss(s);
  let message: string;
  try {
    message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? `(${text.length} bytes)`;
  } catch {
    message = text.slice(0, 80);
  }
  console.log(
    `| ${label} | ${status} | ${ms.toFixed(0)} ms | ${base} MB | ${peak} MB | ${after} MB | ${afterGc} MB | ${lat.length} | ${pct(lat, 50).toFixed(0)} / ${pct(lat, 99).toFixed(0)} / ${Math.max(...lat).toFixed(0)} ms |`,
  );
  console.log(`|   | ${message.slice(0, 160)} |`);
}

const work = mkdtempSync(join(tmpdir(), 'palpanel-bench-bomb-'));
let server: Server | null = null;
try {
  console.log(
    `archive-bomb benchmark: ${cpus().length} cores, load ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} at start`,
  );
  const level = readFileSync(join(FIXTURE, 'Level.sav'));
  const levelEntry = { path: 'Level.sav', size: level.length, sha256: sha256Of([level]) };
  const levelMember: RawMember = { name: 'world/Level.sav', chunks: () => [level] };
  const zerosSha = sha256Of(zeroChunks(ZEROS));
  const bombId = '20260101T000000Z-imported-b0b0b0';
  const bomb = async (path: string, id = 'x') => {
    const manifest = manifestBytes([levelEntry, { path: PLAYER, size: ZEROS, sha256: zerosSha }], id);
    await writeTarGz(path, [
      { name: 'manifest.json', chunks: () => [manifest] },
      levelMember,
      { name: `world/${PLAYER}`, chunks: () => zeroChunks(ZEROS) },
    ]);
  };
  const bombPath = join(work, 'bomb.tar.gz');
  await bomb(bombPath);
  const liarPath = join(work, 'liar.tar.gz');
  const small = { path: PLAYER, size: 1024, sha256: sha256Of(zeroChunks(1024)) };
  const liarManifest = manifestBytes([levelEntry, small]);
  await writeTarGz(
    liarPath,
    [{ name: 'manifest.json', chunks: () => [liarManifest] }, levelMember, { name: `world/${PLAYER}`, chunks: () => zeroChunks(1024) }],
    zeroChunks(ZEROS),
  );
  const saveDir = join(work, 'world');
  cpSync(FIXTURE, saveDir, { recursive: true });
  const dataDir = join(work, 'data');
  server = await startServer(dataDir, saveDir);
  const s = server;
  const login = await fetch(`${s.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { origin: s.url, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: 'bench-password-123' }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const post = (path: string, body?: Buffer) =>
    fetch(`${s.url}/api/v1${path}`, {
      method: 'POST',
      headers: { cookie, origin: s.url, 'content-type': body ? 'application/gzip' : 'application/json' },
      body: body ?? '{}',
    });
  const bombBytes = readFileSync(bombPath);
  const liarBytes = readFileSync(liarPath);
  console.log(
    `archives: bomb ${(bombBytes.length / 1e6).toFixed(2)} MB, liar ${(liarBytes.length / 1e6).toFixed(2)} MB (each 1,270 MiB of zeros)`,
  );
  console.log('| archive | status | time | RSS before | peak RSS | RSS after | after GC | /healthz answers | /healthz p50 / p99 / max |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  await measure(s, 'bomb upload', () => post('/backups/upload', bombBytes));
  await measure(s, 'bomb upload again', () => post('/backups/upload', bombBytes));
  await measure(s, 'liar upload', () => post('/backups/upload', liarBytes));
  await bomb(join(dataDir, 'backups', `${bombId}.tar.gz`), bombId);
  await measure(s, 'bomb in folder: dry-run', () => post(`/backups/${bombId}/restore/dry-run`));
  await measure(s, 'bomb in folder: dry-run again', () => post(`/backups/${bombId}/restore/dry-run`));
  // Within Level.sav's bound: a container header (PlZ1, the sizes it claims), then zeros.
  const LEVEL = 1000 * MiB;
  const plz = Buffer.alloc(12);
  plz.writeUInt32LE(LEVEL, 0);
  plz.writeUInt32LE(LEVEL - 12, 4);
  plz.write('PlZ1', 8, 'latin1');
  const bigLevel = () => [plz, ...zeroChunks(LEVEL - 12)];
  const bigManifest = manifestBytes([{ path: 'Level.sav', size: LEVEL, sha256: sha256Of(bigLevel()) }]);
  const bigPath = join(work, 'level.tar.gz');
  await writeTarGz(bigPath, [
    { name: 'manifest.json', chunks: () => [bigManifest] },
    { name: 'world/Level.sav', chunks: bigLevel },
  ]);
  const bigBytes = readFileSync(bigPath);
  await measure(s, `Level.sav 1,000 MiB (${(bigBytes.length / 1e6).toFixed(2)} MB)`, () => post('/backups/upload', bigBytes));
  const list = (await (await fetch(`${s.url}/api/v1/backups`, { headers: { cookie } })).json()) as { data: { id: string }[] };
  console.log(`backups listed after: ${list.data.map((b) => b.id).join(', ') || 'none'}`);
} finally {
  if (server) {
    server.child.kill('SIGTERM');
    await new Promise((r) => server!.child.once('exit', r));
  }
  rmSync(work, { recursive: true, force: true });
}
