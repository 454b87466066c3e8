// The lockout attack of issue 28 (finding 2), re-run against `serve` from source: an attacker
// sends wrong passwords for `victim` from 127.0.0.2 every 0.5 s while the victim signs in with
// the right password from 127.0.0.1 every 0.7 s. Prints how the victim's sign-ins were answered
// and what the attacker got. Run: npx tsx bench/auth/lockout.ts [--seconds N]
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServe } from '../../src/app/serve.js';
import { loadSettings } from '../../src/config/settings.js';

const args = process.argv.slice(2);
const SECONDS = Number(args[args.indexOf('--seconds') + 1]) || 12;

function login(base: string, password: string, localAddress: string): Promise<number> {
  const url = new URL(base);
  const body = JSON.stringify({ username: 'victim', password });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/api/v1/auth/login',
        localAddress,
        agent: false,
        headers: { origin: url.origin, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const tally = (codes: number[]) => Object.fromEntries([...new Set(codes)].sort().map((c) => [c, codes.filter((x) => x === c).length]));

const dir = mkdtempSync(join(tmpdir(), 'palpanel-bench-lockout-'));
const server = await startServe({
  settings: loadSettings({ SERVICE_DATA_DIR: dir, SERVICE_LISTEN: '127.0.0.1:0' }),
  log: () => {},
  version: 'bench',
  ready: () => {},
});
server.store.users.add('victim', 'viewer', 'the-right-pass-phrase', 'cli');
const attacker: number[] = [];
const victim: number[] = [];
const end = Date.now() + SECONDS * 1000;
const loop = async (every: number, fn: () => Promise<void>) => {
  while (Date.now() < end) {
    const t = Date.now();
    await fn();
    await new Promise((r) => setTimeout(r, Math.max(0, every - (Date.now() - t))));
  }
};
await Promise.all([
  loop(500, async () => void attacker.push(await login(server.url, 'a-wrong-guess', '127.0.0.2'))),
  new Promise((r) => setTimeout(r, 3_000)).then(() =>
    loop(700, async () => void victim.push(await login(server.url, 'the-right-pass-phrase', '127.0.0.1'))),
  ),
]);
await server.stop();
rmSync(dir, { recursive: true, force: true });
console.log(`attacker (127.0.0.2, wrong password every 0.5 s): ${attacker.length} tries`, tally(attacker));
console.log(`victim (127.0.0.1, right password every 0.7 s from 3 s on): ${victim.length} tries`, tally(victim));
