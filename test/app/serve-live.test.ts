// `serve` end to end in-process against the project's simulated game server: the live half of
// the Integration API follows the game through joins, leaves, an outage and recovery.
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/app/serve.js';
import type { SimGameServer, SimOptions } from '../../src/demo/sim/index.js';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger } from '../../src/lib/logger.js';
import { startServe } from '../../src/app/serve.js';
import { startSimGameServer } from '../../src/demo/sim/index.js';
import { writeSyntheticWorld } from '../../src/demo/world-gen/index.js';
import type { BodyAt } from '../helpers/api-data.js';
import { FIXTURES, tempDir } from '../helpers/cli.js';
import { liveSettings, startLiveServe } from '../helpers/live-serve.js';
import { waitFor } from '../helpers/wait.js';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const ALICE = '00000000-0000-0000-0000-000000000001';

async function setup(
  env: Record<string, string> = {},
  simOpts: SimOptions = {},
): Promise<{
  sim: SimGameServer;
  server: RunningServer;
  get: <P extends string>(path: P) => Promise<{ status: number; body: BodyAt<P> }>;
}> {
  const { sim, server, key } = await startLiveServe(
    cleanup,
    { players: [{ uid: ALICE, name: 'Alice\u0007\nSmith', level: 12 }], ...simOpts },
    { SERVICE_INTEGRATION_RATE_LIMIT: '100000', ...env },
  );
  sim.control.setOnline([]);
  const get = async <P extends string>(path: P) => {
    const res = await fetch(`${server.url}/api/integration/v1${path}`, { headers: { authorization: `Bearer ${key}` } });
    return { status: res.status, body: (await res.json()) as BodyAt<P> };
  };
  return { sim, server, get };
}

describe('serve against the simulated game server', () => {
  it('join, leave, outage and recovery: events in order, /server always 200, online follows the game', async () => {
    const { sim, get } = await setup();
    await waitFor('first parse and reachable', async () => {
      const s = await get('/server');
      return s.body.data.state === 'running' && s.body.data.save.state === 'ok' ? s : undefined;
    });
    expect((await get('/players?online=true')).body).toMatchObject({ data: [], nextCursor: null });

    sim.control.setOnline([ALICE]);
    const online = await waitFor('Alice online', async () => {
      const r = await get('/players?online=true');
      return r.body.data.length === 1 ? r : undefined;
    });
    expect(online.body.data[0]).toMatchObject({ uid: ALICE, online: true });

    sim.control.setOnline([]);
    await waitFor('Alice offline', async () => ((await get('/players?online=true')).body.data.length === 0 ? true : undefined));

    await sim.control.setMode('unreachable');
    const down = await waitFor('unreachable', async () => {
      const r = await get('/server');
      return r.body.data.state === 'unreachable' ? r : undefined;
    });
    expect(down.status).toBe(200);
    expect(down.body.data).toMatchObject({ name: '', version: '', uptimeSec: 0, save: { state: 'ok', players: 1 } });

    await sim.control.setMode('ok');
    await waitFor('running again', async () => ((await get('/server')).body.data.state === 'running' ? true : undefined));

    const events = (await get('/events?limit=100')).body.data;
    const story = events.reverse().map((e) => `${e.kind}: ${e.message}`);
    expect(story).toEqual([
      'system: Palworld REST API is reachable',
      expect.stringMatching(/^join: Alice ?Smith/),
      expect.stringMatching(/^leave: Alice ?Smith/),
      'system: Palworld REST API is unreachable',
      'system: Palworld REST API is reachable',
    ]);
    // eslint-disable-next-line no-control-regex -- the control characters are what must be absent
    for (const e of events) expect(e.message).not.toMatch(/[\u0000-\u001f]/);
  });

  it('world summary and workers are served from the game-data cache without any sensitive string', async () => {
    const { sim, get } = await setup();
    sim.control.setOnline([ALICE]);
    const summary = await waitFor('game data ready', async () => {
      const r = await get('/world/summary');
      return r.body.data.state === 'ready' && r.body.data.counts.players === 1 ? r : undefined;
    });
    expect(summary.status).toBe(200);
    const workers = await get('/world/workers');
    expect(workers.body.data.state).toBe('ready');
    const text = JSON.stringify(summary.body) + JSON.stringify(workers.body) + JSON.stringify((await get('/players')).body);
    for (const s of sim.control.sensitiveStrings()) expect(text).not.toContain(s);
  });

  it("HTTP requests never call the game: they read the pollers' last answers", async () => {
    // Hour-long intervals: after the first polls nothing but an HTTP request could call the game.
    const { sim, get } = await setup({ SERVICE_POLL_INTERVAL: '1h', SERVICE_GAME_DATA_INTERVAL: '1h' });
    await waitFor('first polls', async () => {
      const [s, w] = [await get('/server'), await get('/world/summary')];
      return s.body.data.state === 'running' && w.body.data.state === 'ready' ? true : undefined;
    });
    const before = sim.control.requestCounts();
    for (let i = 0; i < 5; i++) {
      for (const r of ['/server', '/metrics/current', '/world/summary', '/world/workers', '/events', '/players?online=true', '/players']) {
        expect((await get(r)).status).toBe(200);
      }
    }
    expect(sim.control.requestCounts()).toEqual(before);
  });

  it('game data: every state is reached and served by /world/summary and /world/workers', async () => {
    const { sim, get } = await setup();
    sim.control.setOnline([ALICE]);
    // Both routes read one cache; they are asked one after the other, so both must show the state.
    const reach = (state: string) =>
      waitFor(`state ${state}`, async () => {
        const [s, w] = [await get('/world/summary'), await get('/world/workers')];
        expect(s.status).toBe(200);
        expect(w.status).toBe(200);
        return s.body.data.state === state && w.body.data.state === state ? s.body.data : undefined;
      });

    const ready = await reach('ready');
    expect(ready.counts.players).toBe(1);
    expect(ready.capturedAt).toEqual(expect.any(String));
    expect(ready.lastAttemptAt).toEqual(expect.any(String));

    // The game stops answering: the data is kept, then marked stale after three intervals.
    await sim.control.setMode('server-error');
    const stale = await reach('stale');
    expect(stale.counts.players).toBe(1);
    expect(Date.parse(stale.lastAttemptAt!)).toBeGreaterThan(Date.parse(stale.capturedAt!));
    await sim.control.setMode('ok');
    await reach('ready');

    // Launched without -enable-gamedata-api: the game says it has no data.
    sim.control.setGameData('disabled');
    const unsupported = await reach('unsupported');
    expect(unsupported.counts).toEqual({ players: 0, partyPals: 0, basePals: 0, wildPals: 0, npcs: 0, palBoxes: 0, unknown: 0 });
    expect(unsupported.capturedAt).toEqual(expect.any(String));

    // A failure with no data held.
    await sim.control.setMode('server-error');
    await reach('unavailable');

    await sim.control.setMode('unauthorized');
    await reach('unauthorized');

    await sim.control.setMode('ok');
    sim.control.setGameData('enabled');
    expect((await reach('ready')).counts.players).toBe(1);
  });

  it('game data: disabled when off; pending (no timestamps) until the first answer', async () => {
    const off = await setup({ SERVICE_GAME_DATA: 'off' });
    await waitFor('running', async () => ((await off.get('/server')).body.data.state === 'running' ? true : undefined));
    const disabled = (await off.get('/world/summary')).body.data;
    expect(disabled.state).toBe('disabled');
    expect(disabled).not.toHaveProperty('capturedAt');
    expect(disabled).not.toHaveProperty('lastAttemptAt');
    expect((await off.get('/world/workers')).body.data).toEqual({ state: 'disabled', workers: [] });
    expect(off.sim.control.requestCounts()['/v1/api/game-data']).toBeUndefined();

    // The game holds every answer for a minute: the first game-data attempt is still in flight
    // (its deadline is 5 s at a 1 h interval), so the cache is pending.
    const slow = await setup({ SERVICE_GAME_DATA_INTERVAL: '1h' }, { slowDelayMs: 60_000 });
    await slow.sim.control.setMode('slow');
    const pending = (await slow.get('/world/summary')).body.data;
    expect(pending.state).toBe('pending');
    expect(pending).not.toHaveProperty('capturedAt');
    expect(pending).not.toHaveProperty('lastAttemptAt');
    expect((await slow.get('/world/workers')).body.data).toEqual({ state: 'pending', workers: [] });
    await slow.sim.control.setMode('ok');
  });

  it('restarts of palpanel: no duplicate events, and playtime is neither lost nor counted twice', async () => {
    const saveDir = tempDir('palpanel-save-');
    cpSync(join(FIXTURES, 'v0.1-coop'), saveDir, { recursive: true });
    const sim = await startSimGameServer({ players: [{ uid: ALICE, name: 'Alice', level: 12 }], churnPeriodMs: 0 });
    cleanup.push(() => sim.close());
    const settings = liveSettings(saveDir, sim, { SERVICE_INTEGRATION_RATE_LIMIT: '100000' });
    const run = async () => {
      const server = await startServe({ settings, log: createLogger('text', () => {}), version: 'test', ready: () => {} });
      const { key } = server.store.keys.create('restart test', 'cli');
      const get = async <P extends string>(path: P) =>
        (await (
          await fetch(`${server.url}/api/integration/v1${path}`, { headers: { authorization: `Bearer ${key}` } })
        ).json()) as BodyAt<P>;
      const story = async () => (await get('/events?limit=100')).data.reverse().map((e) => `${e.kind}: ${e.message}`);
      return { server, get, story };
    };
    const alice = async (r: Awaited<ReturnType<typeof run>>) =>
      waitFor('Alice online', async () => {
        const rows = (await r.get('/players?online=true')).data;
        return rows.length === 1 && rows[0].playtimeSec >= 1 ? rows[0] : undefined;
      });

    const first = await run();
    const before = await alice(first);
    await first.server.stop();

    const second = await run();
    await alice(second);
    // Let the new session pass the last poll of the first run (three more polls the game
    // answered), then read.
    const polled = () => sim.control.requestCounts()['/v1/api/players'] ?? 0;
    const sofar = polled();
    await waitFor('three more polls', () => (polled() >= sofar + 3 ? true : undefined));
    const after = (await second.get('/players?online=true')).data[0];
    // Nothing new happened in the game: the log says so.
    expect(await second.story()).toEqual(['system: Palworld REST API is reachable', 'join: Alice joined the server']);
    expect(after.firstSeenAt).toBe(before.firstSeenAt);
    expect(after.playtimeSec).toBeGreaterThanOrEqual(before.playtimeSec);
    // Counted once: never more than the wall time since Alice was first seen.
    expect(after.playtimeSec).toBeLessThanOrEqual(Math.ceil((Date.now() - Date.parse(before.firstSeenAt)) / 1000));

    await sim.control.setMode('unreachable');
    await waitFor('unreachable', async () => ((await second.get('/server')).data.state === 'unreachable' ? true : undefined));
    await second.server.stop();

    // Started while the game is still down: it is not logged unreachable a second time.
    const third = await run();
    const server = await third.get('/server');
    expect(server.data.state).toBe('unreachable');
    // Several polls against the closed port (each failed attempt is stamped) before it is back.
    const attempts = new Set<string>();
    await waitFor('three failed polls', () => {
      const at = third.server.live.snapshot().lastAttemptAt;
      if (at) attempts.add(at);
      return attempts.size >= 3 ? true : undefined;
    });
    await sim.control.setMode('ok');
    await waitFor('running', async () => ((await third.get('/server')).data.state === 'running' ? true : undefined));
    expect(await third.story()).toEqual([
      'system: Palworld REST API is reachable',
      'join: Alice joined the server',
      'leave: Alice left the server',
      'system: Palworld REST API is unreachable',
      'system: Palworld REST API is reachable',
      'join: Alice joined the server',
    ]);
    await third.server.stop();
  });

  it("a deep scan of /world/summary and /world/workers over HTTP finds none of the actors' names, ids, guilds or IPs", async () => {
    const saveDir = tempDir('palpanel-save-');
    const world = writeSyntheticWorld(saveDir, { seed: 7, players: 4, pals: 120 });
    const basePals = world.expected.pals.filter((p) => p.placement === 'base');
    expect(basePals.length).toBeGreaterThan(0);
    const sim = await startSimGameServer({
      seed: 7,
      players: world.expected.players.map((p) => ({ uid: p.uid, name: p.name, level: p.level })),
      basePals: basePals.map((p) => ({ instanceId: p.instanceId, characterId: p.characterId, level: p.level })),
    });
    cleanup.push(() => sim.close());
    const settings = liveSettings(saveDir, sim, {
      SERVICE_GAME_DATA: 'on',
      SERVICE_GAME_DATA_INTERVAL: '100ms',
      SERVICE_INTEGRATION_RATE_LIMIT: '100000',
    });
    const server = await startServe({ settings, log: createLogger('text', () => {}), version: 'test', ready: () => {} });
    cleanup.push(() => server.stop());
    const { key } = server.store.keys.create('scan', 'cli');
    const get = async <P extends string>(path: P) =>
      (await (await fetch(`${server.url}/api/integration/v1${path}`, { headers: { authorization: `Bearer ${key}` } })).json()) as BodyAt<P>;
    const [summary, workers] = await waitFor('linked workers', async () => {
      const [s, w] = [await get('/world/summary'), await get('/world/workers')];
      return s.data.state === 'ready' && s.data.linkedBasePals === basePals.length && w.data.workers.length === basePals.length
        ? [s, w]
        : undefined;
    });
    // Every base pal is linked once, whatever spelling of its InstanceID the game used; the
    // three workers no save holds are counted but never listed.
    expect(summary.data.counts.basePals).toBe(basePals.length + 3);
    expect(new Set(workers.data.workers.map((w: { instanceId: string }) => w.instanceId))).toEqual(
      new Set(basePals.map((p) => p.instanceId)),
    );
    const text = JSON.stringify(summary) + JSON.stringify(workers);
    const secrets = sim.control.sensitiveStrings();
    expect(secrets.length).toBeGreaterThan(20);
    for (const secret of secrets) expect(text).not.toContain(secret);
    for (const word of ['Location', 'Trainer', 'Guild', 'userid', '"ip"', 'NickName', 'WorkerWork', 'TransportItem', '203.0.113']) {
      expect(text).not.toContain(word);
    }
    for (const w of workers.data.workers) {
      expect(
        Object.keys(w).every((k) =>
          [
            'instanceId',
            'characterId',
            'displayName',
            'isBoss',
            'level',
            'hpPercent',
            'active',
            'activity',
            'baseId',
            'ownerUid',
            'ownerName',
            'ownerSource',
          ].includes(k),
        ),
      ).toBe(true);
    }
  });
});
