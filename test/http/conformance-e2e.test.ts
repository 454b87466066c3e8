// The conformance table against the built executable: `dist/palpanel serve` on a seeded data
// dir, over a real socket, twice. Without a game server (it reports `unreachable`) for every case
// that needs no live control; and polling the project's simulated game server, whose players are
// the seeded world's, for every case that sets who is online: the live cases (players online,
// the game unreachable, the redaction of what the game says of online players) then run through
// real polls. Cases that need re-parse control are skipped (the seeded world is not a save the
// executable could re-read). The event cases run on the first only: there the events are the
// seeded ones alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startSimGameServer, type SimGameServer } from '../../src/demo/sim/index.js';
import { openStore } from '../../src/store/index.js';
import { builtExecutable, tempDir } from '../helpers/cli.js';
import { waitFor } from '../helpers/wait.js';
import { CONFORMANCE_CASES, get, runCase, type ConformanceFixture } from './conformance-table.js';
import { seedConformance, type SeededFixture } from './conformance-fixture.js';
import { socketSend, type Send } from '../helpers/fixture.js';

const setsOnline = (c: (typeof CONFORMANCE_CASES)[number]) => c.run.toString().includes('setOnline');
const withoutGame = CONFORMANCE_CASES.filter((c) => !c.needs?.length);
const withGame = CONFORMANCE_CASES.filter((c) => !c.needs?.includes('reparse') && setsOnline(c));

interface Running {
  child: ChildProcess;
  send: ReturnType<typeof socketSend>;
  seeded: SeededFixture;
}

async function startServe(env: Record<string, string>, seed?: (s: SeededFixture) => Promise<Record<string, string>>): Promise<Running> {
  const dir = tempDir('palpanel-e2e-http-');
  const store = await openStore(dir);
  const seeded = seedConformance(store);
  store.close();
  const extra = seed ? await seed(seeded) : {};
  const child = spawn(builtExecutable(), ['serve'], {
    env: { ...process.env, SERVICE_DATA_DIR: dir, SERVICE_LISTEN: '127.0.0.1:0', SERVICE_INTEGRATION_RATE_LIMIT: '1000000000', ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no listening line: ${out}`)), 20_000);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
  });
  return { child, send: socketSend(url), seeded };
}

async function stop(r: Running | undefined): Promise<void> {
  r?.send.close();
  if (r && r.child.exitCode === null) {
    const exited = new Promise((done) => r.child.once('exit', done));
    r.child.kill('SIGTERM');
    await exited;
  }
}

/** Waits until the executable's Integration API shows what the game now says. */
async function shows(send: Send, key: string, uids: string[] | null): Promise<void> {
  const want = uids === null ? 'unreachable' : JSON.stringify([...uids].sort());
  await waitFor(`the service shows ${want}`, async () => {
    const server = JSON.parse((await get(send, '/api/integration/v1/server', key)).body) as { data: { state: string } };
    if (uids === null) return server.data.state === 'unreachable' ? true : undefined;
    if (server.data.state !== 'running') return undefined;
    const online = JSON.parse((await get(send, '/api/integration/v1/players?online=true&limit=500', key)).body) as { data: { uid: string }[] };
    return JSON.stringify(online.data.map((p) => p.uid)) === want ? true : undefined;
  });
}

describe('conformance, end to end against dist/palpanel serve without a game server', () => {
  let r: Running;
  let fx: ConformanceFixture;
  beforeAll(async () => {
    r = await startServe({});
    fx = r.seeded;
  });
  afterAll(() => stop(r));
  for (const c of withoutGame) it(c.name, () => runCase(c, r.send, fx));
});

describe('conformance, end to end against dist/palpanel serve polling the simulated game', () => {
  let r: Running;
  let sim: SimGameServer;
  let fx: ConformanceFixture;
  beforeAll(async () => {
    r = await startServe({ SERVICE_POLL_INTERVAL: '100ms' }, async (seeded) => {
      sim = await startSimGameServer({ players: seeded.world.players.map((p) => ({ uid: p.uid, name: p.name, level: p.level ?? 1 })), churnPeriodMs: 0 });
      sim.control.setOnline([]);
      return { SERVICE_GAME_REST_URL: sim.restUrl, SERVICE_GAME_ADMIN_PASSWORD: sim.password };
    });
    fx = {
      ...r.seeded,
      async setOnline(uids) {
        if (uids === null) await sim.control.setMode('unreachable');
        else {
          if (sim.control.mode !== 'ok') await sim.control.setMode('ok');
          sim.control.setOnline(uids);
        }
        await shows(r.send, r.seeded.key, uids);
      },
      sensitive: () => sim.control.sensitiveStrings(),
    };
    await shows(r.send, r.seeded.key, []);
  });
  afterAll(async () => {
    await stop(r);
    await sim?.close();
  });
  for (const c of withGame) it(c.name, () => runCase(c, r.send, fx));
});
