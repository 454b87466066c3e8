import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimGameServer, type SimGameServer } from '../../src/demo/sim/index.js';
import { GameRestClient } from '../../src/game/rest-client.js';
import { attemptTimeout, gapCap, nextGap } from '../../src/poller/backoff.js';
import { GameDataPoller } from '../../src/poller/game-data-poller.js';
import { RestPoller } from '../../src/poller/rest-poller.js';
import { ALICE, PLAYERS } from '../sim/sample-world.js';
import { FakeTime, record } from './recorders.js';
import { waitFor } from '../helpers/wait.js';

let sim: SimGameServer;
let client: GameRestClient;

beforeAll(async () => {
  sim = await startSimGameServer({ players: PLAYERS });
  client = new GameRestClient({ baseUrl: sim.restUrl, password: sim.password, timeoutMs: 500 });
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

describe('backoff arithmetic', () => {
  it('never exceeds min(4 intervals, 30 s), never goes below one interval', () => {
    for (const interval of [50, 250, 1000, 5000, 7500, 10_000, 15_000]) {
      const bound = Math.min(4 * interval, 30_000);
      for (let f = 0; f < 50; f++) {
        const g = nextGap(interval, f);
        expect(g).toBeLessThanOrEqual(bound);
        expect(g).toBeGreaterThanOrEqual(interval);
      }
      expect(nextGap(interval, 50)).toBe(bound);
    }
    // An interval already above 30 s is kept as it is: backoff never stretches it further.
    expect(gapCap(60_000)).toBe(60_000);
    expect(nextGap(60_000, 10)).toBe(60_000);
  });

  it('one attempt is cut off within the cap, so a hanging game cannot stretch the gap either', () => {
    for (const interval of [50, 250, 1000, 5000, 15_000, 60_000]) {
      expect(attemptTimeout(interval)).toBeLessThan(gapCap(interval));
      expect(attemptTimeout(interval)).toBeGreaterThan(0);
    }
  });
});

describe('a hanging game', () => {
  // The client's own deadline (60 s) is far beyond the bound of a 250 ms poll (1 s); the sim
  // holds every answer for 30 s. Once the game has failed, the pollers give up on their own
  // within the bound: these calls return (a failure) instead of hanging until the time limit.
  it('after a failure, REST and game-data attempts fail within the bound instead of waiting for the client timeout', async () => {
    const patient = new GameRestClient({ baseUrl: sim.restUrl, password: sim.password, timeoutMs: 60_000 });
    try {
      const rec = record(Date.now());
      const rest = new RestPoller({ source: patient, intervalMs: 250, ...rec.sinks });
      const gd = new GameDataPoller({ source: patient, enabled: true, intervalMs: 250 });
      await sim.control.setMode('server-error');
      expect(await rest.pollOnce(new Date())).toBe(false);
      expect(await gd.pollOnce(new Date())).toBe(false);
      await sim.control.setMode('slow');
      expect(await rest.pollOnce(new Date())).toBe(false);
      expect(await gd.pollOnce(new Date())).toBe(false);
      expect(gd.getCache(new Date()).state).toBe('unavailable');
      expect(rec.events.map((e) => e.message)).toEqual(['Palworld REST API is unreachable']);
    } finally {
      await sim.control.setMode('ok');
      await patient.close();
    }
  }, 8_000);
});

describe('poll loop timing on an injected clock', () => {
  async function gaps(intervalMs: number, attempts: number, poller: 'rest' | 'game-data'): Promise<number[]> {
    const time = new FakeTime(Date.parse('2026-07-01T00:00:00Z'));
    const starts: number[] = [];
    const rec = record(time.t);
    const opts = { intervalMs, now: time.now, timers: time.timers };
    const p =
      poller === 'rest'
        ? new RestPoller({ ...opts, source: client, ...rec.sinks, onSnapshot: (s) => void starts.push(Date.parse(s.lastAttemptAt!)) })
        : new GameDataPoller({ ...opts, source: client, enabled: true });
    const ac = new AbortController();
    p.start(ac.signal);
    for (let i = 0; i < attempts; i++) {
      await time.nextTimer();
      if (poller === 'game-data') starts.push(Date.parse((p as GameDataPoller).getCache(time.now()).lastAttemptAt!));
      time.fire();
    }
    ac.abort();
    await p.stop();
    return starts.slice(1).map((t, i) => t - starts[i]);
  }

  it('REST poller: the gap between attempts stays within the bound while the game is down', async () => {
    await sim.control.setMode('unreachable');
    const g = await gaps(1000, 8, 'rest');
    expect(g).toEqual([1000, 2000, 4000, 4000, 4000, 4000, 4000]);
    const g10 = await gaps(10_000, 6, 'rest');
    expect(g10).toEqual([10_000, 20_000, 30_000, 30_000, 30_000]);
    for (const x of g10) expect(x).toBeLessThanOrEqual(Math.min(40_000, 30_000));
    await sim.control.setMode('ok');
  });

  it('REST poller: back to the normal pace after a success', async () => {
    sim.control.setOnline([ALICE]);
    await sim.control.setMode('ok');
    expect(await gaps(2000, 4, 'rest')).toEqual([2000, 2000, 2000]);
  });

  it('game-data poller: same bound, also in the unsupported state', async () => {
    sim.control.setGameData('disabled');
    const g = await gaps(250, 7, 'game-data');
    expect(g).toEqual([250, 500, 1000, 1000, 1000, 1000]);
    sim.control.setGameData('enabled');
  });
});

describe('poll loop in real time', () => {
  it('polls on its own and one AbortSignal stops it', async () => {
    sim.control.setOnline([ALICE]);
    await sim.control.setMode('ok');
    const rec = record(Date.now());
    const p = new RestPoller({ source: client, intervalMs: 50, ...rec.sinks });
    const ac = new AbortController();
    p.start(ac.signal);
    await waitFor('three polls', () => (rec.presence.length >= 3 ? true : undefined));
    ac.abort();
    await p.stop();
    const seen = rec.presence.length;
    expect(seen).toBeGreaterThanOrEqual(3);
    expect(rec.events.map((e) => e.message)).toEqual(['Palworld REST API is reachable', 'Alice joined the server']);
    // A second poller on the same interval shows time enough for several polls has passed
    // (however slow the machine), and the stopped one made none of them.
    const witness = record(Date.now());
    const other = new RestPoller({ source: client, intervalMs: 50, ...witness.sinks });
    const ac2 = new AbortController();
    other.start(ac2.signal);
    await waitFor('the witness polled three times', () => (witness.presence.length >= 3 ? true : undefined));
    ac2.abort();
    await other.stop();
    expect(rec.presence.length).toBe(seen);
  });
});
