// The slowloris attack of issue 37 (finding 2), scaled to the machine, against `palpanel serve`:
// sockets from many loopback addresses (each under the per-address cap) send a request line and
// one header, then one header byte every few seconds, and reconnect whenever the server closes
// them; meanwhile /healthz is asked from a fresh address (127.0.0.2) twice a second. Prints how
// /healthz was answered and its latency, and how many attack sockets the server closed.
//
// Run: npm run bench:slowloris -- [--exe dist/palpanel | --source DIR] [--addresses 17]
//        [--per-address 245] [--every 8000] [--seconds 40]
// --source DIR runs DIR/src/cli/entry.ts through tsx (e.g. a `git archive` of an older commit,
// for a before/after), otherwise the executable (default dist/palpanel).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const ADDRESSES = Number(opt('--addresses', '17'));
const PER_ADDRESS = Number(opt('--per-address', '245'));
const EVERY_MS = Number(opt('--every', '8000'));
const SECONDS = Number(opt('--seconds', '40'));
const SOURCE = opt('--source', '');
const EXE = resolve(opt('--exe', 'dist/palpanel'));

function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  const [cmd, argv] = SOURCE
    ? [process.execPath, ['--import', 'tsx', join(resolve(SOURCE), 'src/cli/entry.ts'), 'serve']]
    : [EXE, ['serve']];
  return new Promise((ok, fail) => {
    const child = spawn(cmd, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on http:\/\/[^\s:]+:(\d+)/.exec(out);
      if (m) ok({ child, port: Number(m[1]) });
    });
    child.once('exit', (code) => fail(new Error(`serve exited with ${code} before listening`)));
  });
}

function healthz(port: number): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((ok) => {
    const req = request({ host: '127.0.0.1', port, path: '/healthz', localAddress: '127.0.0.2', agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => ok({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => ok({ status: 0, ms: performance.now() - t0 }));
    req.end();
  });
}

const dir = mkdtempSync(join(tmpdir(), 'palpanel-bench-slowloris-'));
const { child, port } = await startServer({ SERVICE_DATA_DIR: dir, SERVICE_LISTEN: '127.0.0.1:0' });
let stopping = false;
let open = 0;
let closedByServer = 0;
const sockets = new Set<Socket>();

/** One attacker socket; it comes back whenever the server lets it go. */
function attack(from: string): void {
  if (stopping) return;
  const sock = connect({ port, host: '127.0.0.1', localAddress: from, allowHalfOpen: true });
  sockets.add(sock);
  let timer: NodeJS.Timeout | null = null;
  sock.on('connect', () => {
    open++;
    sock.write('GET / HTTP/1.1\r\nHost: x\r\n');
    timer = setInterval(() => sock.write('X'), EVERY_MS);
  });
  sock.on('data', () => undefined);
  sock.on('error', () => undefined);
  sock.on('close', () => {
    if (timer) {
      clearInterval(timer);
      open--;
    }
    sockets.delete(sock);
    if (stopping) return;
    closedByServer++;
    setTimeout(() => attack(from), 50);
  });
}

const t0 = Date.now();
for (let a = 0; a < ADDRESSES; a++) for (let i = 0; i < PER_ADDRESS; i++) attack(`127.0.0.${10 + a}`);
const probes: { at: number; status: number; ms: number }[] = [];
while (Date.now() - t0 < SECONDS * 1000) {
  const started = Date.now();
  probes.push({ at: (started - t0) / 1000, ...(await healthz(port)) });
  await new Promise((r) => setTimeout(r, Math.max(0, 500 - (Date.now() - started))));
}
stopping = true;
const openAtEnd = open;
for (const s of sockets) s.destroy();
child.kill('SIGTERM');
rmSync(dir, { recursive: true, force: true });

const tally = (ps: typeof probes) =>
  Object.fromEntries([...new Set(ps.map((p) => p.status))].sort().map((s) => [s, ps.filter((p) => p.status === s).length]));
const pct = (xs: number[], q: number) => (xs.length ? xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] : NaN);
const ok = probes.filter((p) => p.status === 200).map((p) => p.ms);
console.log(
  `target: ${SOURCE ? `${SOURCE} (source)` : EXE}; attack: ${ADDRESSES} addresses x ${PER_ADDRESS} sockets, a header byte every ${EVERY_MS} ms, reconnecting; ${SECONDS} s`,
);
console.log(`/healthz from 127.0.0.2: ${JSON.stringify(tally(probes))} (0 = no answer in 5 s)`);
console.log(
  `  first 12 s: ${JSON.stringify(tally(probes.filter((p) => p.at < 12)))}; after: ${JSON.stringify(tally(probes.filter((p) => p.at >= 12)))}`,
);
console.log(`  latency of the 200s: p50 ${pct(ok, 0.5).toFixed(1)} ms, p99 ${pct(ok, 0.99).toFixed(1)} ms`);
console.log(`attack sockets: ${openAtEnd} open at the end, ${closedByServer} closed by the server`);
process.exit(0);
