import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimGameServer, type SimGameServer } from '../../src/demo/sim/index.js';
import { GameRestClient } from '../../src/game/rest-client.js';
import { GameDataPoller } from '../../src/poller/game-data-poller.js';
import { BASE_PALS, PLAYERS } from '../sim/sample-world.js';

const T0 = Date.parse('2026-07-01T12:00:00.000Z');
const at = (s: number): Date => new Date(T0 + s * 1000);
const INTERVAL = 1000;

let sim: SimGameServer;
let client: GameRestClient;
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown): void => void unhandled.push(e);

beforeAll(async () => {
  sim = await startSimGameServer({ players: PLAYERS, basePals: BASE_PALS, slowDelayMs: 3_000 });
  client = new GameRestClient({ baseUrl: sim.restUrl, password: sim.password, timeoutMs: 250 });
  process.on('unhandledRejection', onUnhandled);
});
afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await client.close();
  await sim.close();
});
beforeEach(async () => {
  await sim.control.setMode('ok');
  sim.control.setGameData('enabled');
});
afterEach(() => expect(unhandled).toEqual([]));

const poller = (enabled = true): GameDataPoller => new GameDataPoller({ source: client, enabled, intervalMs: INTERVAL });

describe('GameDataPoller states', () => {
  it('disabled: never calls the game', async () => {
    const p = poller(false);
    const before = sim.control.requestCounts()['/v1/api/game-data'] ?? 0;
    expect(await p.pollOnce(at(1))).toBe(false);
    p.start();
    await p.stop();
    expect(sim.control.requestCounts()['/v1/api/game-data'] ?? 0).toBe(before);
    expect(p.getCache(at(1))).toEqual({ state: 'disabled', actors: [] });
  });

  it('pending → ready → stale → ready', async () => {
    const p = poller();
    expect(p.getCache(at(0))).toEqual({ state: 'pending', actors: [] });
    expect(await p.pollOnce(at(1))).toBe(true);
    const c = p.getCache(at(1));
    expect(c).toMatchObject({ state: 'ready', capturedAt: at(1).toISOString(), lastAttemptAt: at(1).toISOString() });
    expect(c.actors.length).toBeGreaterThan(10);
    expect(c.fps).toBeGreaterThan(0);
    // Exactly three intervals old is still ready; beyond is stale, data kept.
    expect(p.getCache(at(4)).state).toBe('ready');
    const stale = p.getCache(at(4.001));
    expect(stale.state).toBe('stale');
    expect(stale.actors).toBe(c.actors);
    await p.pollOnce(at(5));
    expect(p.getCache(at(5))).toMatchObject({ state: 'ready', capturedAt: at(5).toISOString() });
  });

  it('a transient failure keeps the data until it is three intervals old', async () => {
    const p = poller();
    await p.pollOnce(at(1));
    await sim.control.setMode('unreachable');
    expect(await p.pollOnce(at(2))).toBe(false);
    expect(p.getCache(at(2))).toMatchObject({ state: 'ready', capturedAt: at(1).toISOString(), lastAttemptAt: at(2).toISOString() });
    await p.pollOnce(at(5));
    expect(p.getCache(at(5)).state).toBe('stale');
  });

  it('unsupported (not enabled, or no route) drops the actors; recovery is ready', async () => {
    const p = poller();
    await p.pollOnce(at(1));
    sim.control.setGameData('disabled');
    await p.pollOnce(at(2));
    expect(p.getCache(at(2))).toEqual({
      state: 'unsupported',
      capturedAt: at(1).toISOString(),
      lastAttemptAt: at(2).toISOString(),
      actors: [],
    });
    sim.control.setGameData('absent');
    await p.pollOnce(at(3));
    expect(p.getCache(at(3)).state).toBe('unsupported');
    // After the data was dropped, a plain failure means nothing is available.
    await sim.control.setMode('unreachable');
    await p.pollOnce(at(4));
    expect(p.getCache(at(4))).toMatchObject({ state: 'unavailable', actors: [] });
    await sim.control.setMode('ok');
    sim.control.setGameData('enabled');
    await p.pollOnce(at(5));
    expect(p.getCache(at(5)).state).toBe('ready');
  });

  it('unauthorized', async () => {
    const p = poller();
    await sim.control.setMode('unauthorized');
    await p.pollOnce(at(1));
    expect(p.getCache(at(1))).toEqual({ state: 'unauthorized', lastAttemptAt: at(1).toISOString(), actors: [] });
  });

  for (const mode of ['unreachable', 'garbage', 'oversized', 'slow', 'slow-body', 'truncated', 'server-error'] as const) {
    it(`${mode} before any data → unavailable, without throwing`, async () => {
      const p = poller();
      await sim.control.setMode(mode);
      await expect(p.pollOnce(at(1))).resolves.toBe(false);
      expect(p.getCache(at(1))).toEqual({ state: 'unavailable', lastAttemptAt: at(1).toISOString(), actors: [] });
    });
  }

  it('stop() aborts an attempt in flight without recording a failure', async () => {
    const p = poller();
    await p.pollOnce(at(1));
    await sim.control.setMode('slow');
    const ac = new AbortController();
    const attempt = p.pollOnce(at(2), ac.signal);
    setTimeout(() => ac.abort(), 30);
    await expect(attempt).resolves.toBe(false);
    expect(p.getCache(at(2))).toMatchObject({ state: 'ready', lastAttemptAt: at(1).toISOString() });
  });
});
