// HTTP benchmark: drives `dist/palpanel serve` (or, when it is not built, the same handler in
// a child process) over a seeded world of 20,000 pals with autocannon, 10 s per route, next to
// a bare node:http hello-world server as the baseline. Prints requests/s, p50, p99 and the
// ratio to the baseline. Run: npx tsx bench/http/run.ts [--seconds N] [--in-process]
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { WorldPal, WorldPlayer, WorldSnapshot } from '../../src/domain/world.js';
import { openStore } from '../../src/store/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXE = join(ROOT, 'dist', 'palpanel');
const args = process.argv.slice(2);
const SECONDS = Number(args[args.indexOf('--seconds') + 1]) || 10;
const IN_PROCESS = args.includes('--in-process') || !existsSync(EXE);
const PALS = 20_000;
const PLAYERS = 1_000;
const CONNECTIONS = 10;

function world(): WorldSnapshot {
  const players: WorldPlayer[] = Array.from({ length: PLAYERS }, (_, i) => ({
    uid: `${i.toString(16).toUpperCase().padStart(8, '0')}-0000-4000-8000-${(i * 31).toString(16).toUpperCase().padStart(12, '0')}`,
    name: `Player ${i}`,
    level: 1 + (i % 60),
    ...(i % 3 ? { guildId: `g${i % 40}`, guildName: `Guild ${i % 40}` } : {}),
    lastOnlineAt: '2026-07-01T12:00:00.000Z',
    captureTotal: i * 3,
    uniquePalsCaptured: i % 200,
    paldeckUnlocked: i % 150,
  }));
  const placements = ['party', 'box', 'base', 'unknown'] as const;
  const pals: WorldPal[] = Array.from({ length: PALS }, (_, i) => {
    const owner = players[i % PLAYERS];
    const placement = placements[i % 4];
    return {
      instanceId: `${i.toString(16).padStart(8, '0')}-1111-4222-8333-${(i * 7919).toString(16).padStart(12, '0').slice(-12)}`,
      characterId: i % 17 ? 'SheepBall' : 'BOSS_SheepBall',
      displayName: 'Lamball',
      level: 1 + (i % 60),
      isAlpha: i % 17 === 0,
      isLucky: i % 97 === 0,
      inParty: placement === 'party',
      partySlot: placement === 'party' ? i % 5 : null,
      boxPage: placement === 'box' ? i % 32 : null,
      boxSlot: placement === 'box' ? i % 30 : null,
      placement,
      baseId: placement === 'base' ? `base-${i % 50}` : null,
      hp: 1000 + (i % 500),
      gender: i % 2 ? 'female' : 'male',
      rank: 1 + (i % 5),
      talents: { hp: i % 101, melee: (i * 3) % 101, shot: (i * 7) % 101, defense: (i * 11) % 101 },
      passiveSkillIds: ['Rare', 'PAL_ALLAttack_up2'],
      equippedSkillIds: ['EPalWazaID::Unique_SheepBall_Roll', 'EPalWazaID::AirCanon'],
      ownerUid: owner.uid,
      ownerName: owner.name,
      ownerSource: 'save',
      ownerResolved: true,
    };
  });
  return { players, pals, guilds: [], formatDrift: false, warnings: [], meta: { container: 'PlZ2', gameVersion: '1.0' } };
}

function startChild(cmd: string, argv: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${cmd} did not print its listening line in time`)), 30_000);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.once('exit', (code) => reject(new Error(`${cmd} exited with ${code} before listening`)));
  });
}

const BASELINE = `
const http = require('node:http');
const s = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('hello world'); });
s.listen(0, '127.0.0.1', () => console.log('baseline listening on http://127.0.0.1:' + s.address().port));
process.on('SIGTERM', () => s.close(() => process.exit(0)));`;

/** A second reference: bare node:http sending a static body as large as a page of pals, which
 * shows how much of the gap to hello-world is the bytes themselves. */
const STATIC_BODY = `
const http = require('node:http');
const body = Buffer.alloc(Number(process.argv[1]), 'a');
const s = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }); res.end(body); });
s.listen(0, '127.0.0.1', () => console.log('static listening on http://127.0.0.1:' + s.address().port));
process.on('SIGTERM', () => s.close(() => process.exit(0)));`;

async function bodySize(url: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.arrayBuffer()).byteLength;
}

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Figures> {
  // A short warm-up (JIT, caches), then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'palpanel-bench-'));
  const children: ChildProcess[] = [];
  try {
    const t0 = Date.now();
    const store = await openStore(dataDir);
    store.world.replace(world(), new Date().toISOString());
    const key = store.keys.create('bench', 'cli').key;
    store.close();
    console.log(`seeded ${PALS} pals and ${PLAYERS} players in ${Date.now() - t0} ms`);

    const baseline = await startChild(process.execPath, ['-e', BASELINE], {});
    children.push(baseline.child);
    const env = { SERVICE_DATA_DIR: dataDir, SERVICE_LISTEN: '127.0.0.1:0', SERVICE_INTEGRATION_RATE_LIMIT: '100000000' };
    const target = IN_PROCESS
      ? await startChild(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/http/in-process-server.ts')], env)
      : await startChild(EXE, ['serve'], env);
    children.push(target.child);
    console.log(
      `target: ${IN_PROCESS ? 'in-process handler (dist/palpanel not used)' : 'dist/palpanel serve'} at ${target.url}; ${CONNECTIONS} connections, ${SECONDS} s per route`,
    );

    const auth = { authorization: `Bearer ${key}` };
    const palsUrl = `${target.url}/api/integration/v1/pals?limit=100`;
    const playersUrl = `${target.url}/api/integration/v1/players?limit=100`;
    const palBytes = await bodySize(palsUrl, auth);
    console.log(`page sizes: pals ${palBytes} bytes, players ${await bodySize(playersUrl, auth)} bytes`);
    const staticSrv = await startChild(process.execPath, ['-e', STATIC_BODY, String(palBytes)], {});
    children.push(staticSrv.child);
    const results = [
      await measure('baseline hello-world', `${baseline.url}/`),
      await measure('/pals?limit=100', palsUrl, auth),
      await measure('/players?limit=100', playersUrl, auth),
      await measure(`static ${palBytes} B (ref)`, `${staticSrv.url}/`),
    ];
    const base = results[0].rps;
    console.log('');
    console.log(`${'route'.padEnd(24)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'ratio'.padStart(8)}  notes`);
    for (const r of results) {
      const notes = r.non2xx || r.errors ? `non-2xx ${r.non2xx}, errors ${r.errors}` : '';
      console.log(
        `${r.name.padEnd(24)}${r.rps.toFixed(0).padStart(10)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${(r.rps / base).toFixed(2).padStart(8)}  ${notes}`,
      );
    }
    const misses = results.slice(1, 3).filter((r) => r.rps < base / 2 || r.p99 >= 20);
    console.log(
      misses.length
        ? `\naim missed (≥ 0.5 × baseline and p99 < 20 ms): ${misses.map((m) => m.name).join(', ')}`
        : '\naim met: every route ≥ 0.5 × baseline with p99 < 20 ms',
    );
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
