import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimGameServer, type SimGameServer } from '../../src/demo/sim/index.js';
import {
  GameDataUnsupportedError,
  GameRequestRejectedError,
  GameUnauthorizedError,
  GameUnreachableError,
  InvalidGameCommandError,
} from '../../src/game/errors.js';
import { GameRestClient } from '../../src/game/rest-client.js';
import { ALICE, BASE_PALS, BOB, PLAYERS } from '../sim/sample-world.js';

let sim: SimGameServer;
let client: GameRestClient;

beforeAll(async () => {
  sim = await startSimGameServer({ players: PLAYERS, basePals: BASE_PALS, slowDelayMs: 5_000 });
  // The client timeout leaves room for a loaded machine (a 300 ms one failed a cold first call
  // under the full suite) and stays far below the sim's 5 s slow answers.
  client = new GameRestClient({ baseUrl: sim.restUrl, password: sim.password, timeoutMs: 1_500 });
});
afterAll(async () => {
  await client.close();
  await sim.close();
});

async function reset(): Promise<void> {
  await sim.control.setMode('ok');
  sim.control.setProfile('1.0.3');
  sim.control.setGameData('enabled');
  sim.control.setOnline(null);
  sim.control.setLoading(0);
}

async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

describe('GameRestClient reads', () => {
  it('decodes info, players and metrics of a 1.0.3 server', async () => {
    await reset();
    const info = await client.info();
    expect(info).toMatchObject({ name: 'Palpanel Sim Server', version: 'v1.0.3.101283' });
    expect(info.worldGuid).toMatch(/^[0-9A-F]{32}$/);
    const players = await client.players();
    expect(players.map((p) => p.playerId)).toEqual(PLAYERS.map((p) => p.uid.replace(/-/g, '').toUpperCase()));
    const alice = players[0];
    expect(alice).toMatchObject({ name: 'Alice', level: 31 });
    expect(alice.userId).toMatch(/^steam_\d{17}$/);
    expect(alice.location).not.toBeNull();
    expect(alice.accountName).not.toBe('');
    const m = await client.metrics();
    expect(m.fps).toBeGreaterThan(0);
    expect(m.fpsAvg).not.toBe(m.fps);
    expect(m).toMatchObject({ players: 4, maxPlayers: 32, baseCamps: 2 });
  });

  it('tolerates older builds: missing fields and JSON sent as text/plain', async () => {
    await reset();
    sim.control.setProfile('1.0.1');
    const m101 = await client.metrics();
    expect(m101.fpsAvg).toBe(m101.fps);
    sim.control.setProfile('early');
    const info = await client.info();
    expect(info.worldGuid).toBe('');
    const m = await client.metrics();
    expect(m).toMatchObject({ day: 0, baseCamps: 0 });
    expect(m.fpsAvg).toBe(m.fps);
    const players = await client.players();
    expect(players[0]).toMatchObject({ accountName: '', buildingCount: 0, name: 'Alice' });
    const settings = await client.settings();
    expect(settings.ServerPlayerMaxNum).toBe(32);
    expect(settings.CrossplayPlatforms).toEqual(['Steam', 'Xbox', 'PS5', 'Mac']);
  });

  it('lists loading players with an empty id', async () => {
    await reset();
    sim.control.setOnline([ALICE]);
    sim.control.setLoading(1);
    const players = await client.players();
    expect(players.map((p) => p.playerId)).toEqual([ALICE.replace(/-/g, ''), '']);
  });

  it('basecampnum missing counts as 0', async () => {
    const bare = await startSimGameServer({ palBoxes: 0 });
    const c = new GameRestClient({ baseUrl: bare.restUrl, password: bare.password });
    try {
      expect((await c.metrics()).baseCamps).toBe(0);
    } finally {
      await c.close();
      await bare.close();
    }
  });
});

describe('GameRestClient failures', () => {
  it('wrong password and unauthorized mode → GameUnauthorizedError', async () => {
    await reset();
    const wrong = new GameRestClient({ baseUrl: sim.restUrl, password: 'nope' });
    expect(await failure(wrong.info())).toBeInstanceOf(GameUnauthorizedError);
    await wrong.close();
    await sim.control.setMode('unauthorized');
    expect(await failure(client.players())).toBeInstanceOf(GameUnauthorizedError);
  });

  it('unreachable → GameUnreachableError (refused, or reset on a pooled socket)', async () => {
    await reset();
    await sim.control.setMode('unreachable');
    const err = await failure(client.metrics());
    expect(err).toBeInstanceOf(GameUnreachableError);
    expect(['refused', 'network']).toContain((err as GameUnreachableError).reason);
    // A fresh connection is refused outright.
    const again = await failure(client.info());
    expect((again as GameUnreachableError).reason).toBe('refused');
  });

  const cases: Array<[string, string]> = [
    ['slow', 'timeout'],
    ['slow-body', 'timeout'],
    ['garbage', 'unreadable'],
    ['oversized', 'too_large'],
    ['server-error', 'server_error'],
  ];
  for (const [mode, reason] of cases) {
    it(`${mode} → GameUnreachableError(${reason})`, async () => {
      await reset();
      await sim.control.setMode(mode as never);
      const err = await failure(client.metrics());
      expect(err).toBeInstanceOf(GameUnreachableError);
      expect((err as GameUnreachableError).reason).toBe(reason);
    });
  }

  it('truncated → GameUnreachableError', async () => {
    await reset();
    await sim.control.setMode('truncated');
    expect(await failure(client.players())).toBeInstanceOf(GameUnreachableError);
  });

  it('game-data too large for its cap → too_large', async () => {
    await reset();
    const small = new GameRestClient({ baseUrl: sim.restUrl, password: sim.password, maxGameDataBytes: 512 });
    const err = await failure(small.gameData());
    expect((err as GameUnreachableError).reason).toBe('too_large');
    await small.close();
  });

  it('recovers after the game comes back', async () => {
    await reset();
    await sim.control.setMode('unreachable');
    await failure(client.info());
    await sim.control.setMode('ok');
    expect((await client.info()).name).toBe('Palpanel Sim Server');
  });
});

describe('GameRestClient game-data', () => {
  it('decodes the actors and drops identifying fields', async () => {
    await reset();
    const frame = await client.gameData();
    expect(frame.fps).toBeGreaterThan(0);
    expect(frame.actors.length).toBeGreaterThan(10);
    const text = JSON.stringify(frame);
    for (const s of sim.control.sensitiveStrings()) expect(text).not.toContain(s);
    const ids = frame.actors.filter((a) => a.unitType === 'BaseCampPal').map((a) => a.instanceId);
    for (const b of BASE_PALS) expect(ids).toContain(b.instanceId.replace(/-/g, '').toLowerCase());
  });

  it('404 "not enabled" and route-not-found → GameDataUnsupportedError', async () => {
    await reset();
    sim.control.setGameData('disabled');
    const a = await failure(client.gameData());
    expect(a).toBeInstanceOf(GameDataUnsupportedError);
    expect((a as GameDataUnsupportedError).detail).toBe('not_enabled');
    sim.control.setGameData('absent');
    const b = await failure(client.gameData());
    expect((b as GameDataUnsupportedError).detail).toBe('no_route');
  });
});

describe('GameRestClient admin routes', () => {
  it('returns the plain-text answers and reaches the game', async () => {
    await reset();
    const players = await client.players();
    const bob = players.find((p) => p.playerId === BOB.replace(/-/g, ''))!;
    expect(await client.announce('Hello, Palpagos!')).toBe('The message was announced.');
    expect(await client.kick(bob.userId, 'bye')).toBe('The player was kicked.');
    expect(await client.ban(bob.userId)).toBe('The player was banned.');
    expect(await client.unban(bob.userId)).toBe('The player was unbanned.');
    expect(await client.save()).toBe('Successfully saved the world.');
    expect(await client.shutdown(60, 'Restart')).toBe('The server will shutdown.');
    expect(await client.stop()).toBe('The server force stopped.');
    const actions = sim.control.adminActions().map((a) => a.action);
    expect(actions).toEqual(['announce', 'kick', 'ban', 'unban', 'save', 'shutdown', 'stop']);
    expect(sim.control.adminActions()[1].args).toEqual({ userid: bob.userId, message: 'bye' });
    expect(sim.control.onlineUids()).not.toContain(BOB);
  });

  it('rejections: 400 from the game, bad input refused locally', async () => {
    await reset();
    const err = await failure(client.kick('steam_00000000000000000'));
    expect(err).toBeInstanceOf(GameRequestRejectedError);
    expect((err as GameRequestRejectedError).status).toBe(400);
    expect(await failure(client.announce('   '))).toBeInstanceOf(InvalidGameCommandError);
    expect(await failure(client.kick('steam_1 OR 1=1'))).toBeInstanceOf(InvalidGameCommandError);
    expect(await failure(client.shutdown(-1))).toBeInstanceOf(InvalidGameCommandError);
  });
});
