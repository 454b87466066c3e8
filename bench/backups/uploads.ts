// Upload memory benchmark (issue 37, finding 7): one `dist/palpanel serve` (a child process on
// a fresh data dir over the 1.0 fixture world, a real socket) is sent four uploads of 400 MB at
// once (not archives: each is refused once received, as a cut-short upload would be). Reported:
// the server's RSS before, its peak RSS over the run (VmHWM from /proc/<pid>/status: the
// process's high-water mark since it started), each upload's status, and the wall time.
// Run: npm run bench:uploads [-- <palpanel binary>]  (default dist/palpanel; build it first)
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = resolve(process.argv[2] ?? join(ROOT, 'dist', 'palpanel'));
const FIXTURE = join(ROOT, '..', 'shared', 'fixtures', 'saves', 'v1.0-relics');
const MB = 1000 * 1000;
const SIZE = 400 * MB;
const PARALLEL = 4;
const PASSWORD = 'bench-password-123';

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

function run(args: string[], env: NodeJS.ProcessEnv, stdin: string): Promise<number> {
  return new Promise((res) => {
    const child = spawn(BIN, args, { env, stdio: ['pipe', 'ignore', 'inherit'] });
    child.stdin.end(stdin);
    child.on('exit', (code) => res(code ?? -1));
  });
}

const statusKb = (pid: number, field: string): number =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

/** Sends `size` bytes as an upload, 1 MiB at a time as the socket takes them; its status (or 0
 * when the server let the connection go before answering). */
function upload(url: string, cookie: string, size: number): Promise<number> {
  return new Promise((res) => {
    const chunk = Buffer.alloc(1024 * 1024, 0x5a);
    const req = request(`${url}/api/v1/backups/upload`, {
      method: 'POST',
      headers: { cookie, origin: url, 'content-type': 'application/gzip', 'content-length': String(size) },
    });
    let done = false;
    req.on('response', (r) => {
      done = true;
      r.resume();
      r.on('end', () => res(r.statusCode ?? 0));
      req.destroy();
    });
    req.on('error', () => {
      if (!done) res(0);
    });
    let sent = 0;
    const pump = (): void => {
      while (sent < size && !done && !req.destroyed) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        if (!req.write(n === chunk.length ? chunk : chunk.subarray(0, n))) {
          req.once('drain', pump);
          return;
        }
      }
      if (sent >= size && !done) req.end();
    };
    pump();
  });
}

const root = mkdtempSync(join(tmpdir(), 'palpanel-bench-uploads-'));
let child: ChildProcess | null = null;
try {
  const dataDir = join(root, 'data');
  const saveDir = join(root, 'world');
  cpSync(FIXTURE, saveDir, { recursive: true, errorOnExist: false, force: true });
  const port = await freePort();
  const env = { ...process.env, SERVICE_DATA_DIR: dataDir, SERVICE_SAVE_DIR: saveDir, SERVICE_LISTEN: `127.0.0.1:${port}` };
  if ((await run(['users', 'add', 'bench', '--role', 'admin', '--password-stdin'], env, `${PASSWORD}\n`)) !== 0)
    throw new Error('users add failed');
  child = spawn(BIN, ['serve'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) break;
    if (i > 300) throw new Error('serve did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench', password: PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  await new Promise((r) => setTimeout(r, 2000)); // the first parse settles
  const pid = child.pid!;
  const before = statusKb(pid, 'VmRSS');
  const hwmBefore = statusKb(pid, 'VmHWM');
  const load = loadavg()[0].toFixed(2);
  const t0 = Date.now();
  const statuses = await Promise.all(Array.from({ length: PARALLEL }, () => upload(url, cookie, SIZE)));
  const ms = Date.now() - t0;
  const peak = statusKb(pid, 'VmHWM');
  const after = statusKb(pid, 'VmRSS');
  const mb = (kb: number) => `${Math.round((kb * 1024) / MB)} MB`;
  console.log(`binary ${BIN}`);
  console.log(`${cpus().length} cores, load average ${load} at the start`);
  console.log(`${PARALLEL} parallel uploads of ${SIZE / MB} MB: statuses ${statuses.join(', ')} in ${(ms / 1000).toFixed(1)} s`);
  console.log(
    `RSS before ${mb(before)} (high-water ${mb(hwmBefore)}); peak (VmHWM) ${mb(peak)}; RSS after ${mb(after)}; peak - before ${mb(peak - before)}`,
  );
} finally {
  child?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(root, { recursive: true, force: true });
}
