import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimGameServer, type SimGameServer, type SimPlayerInput } from '../../src/demo/sim/index.js';
import { InvalidGameCommandError, RconAuthError, RconConnectionError, RconTimeoutError } from '../../src/game/errors.js';
import { parseRconAddr, RconClient } from '../../src/game/rcon-client.js';
import { PLAYERS } from '../sim/sample-world.js';

let sim: SimGameServer;
let rcon: RconClient;

function client(password = sim.password): RconClient {
  return new RconClient({ ...parseRconAddr(sim.rconAddr), password, timeoutMs: 1_000, quietMs: 100 });
}

async function failure(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

beforeAll(async () => {
  sim = await startSimGameServer({ players: PLAYERS });
  rcon = client();
});
afterAll(async () => {
  await rcon.close();
  await sim.close();
});
beforeEach(async () => {
  await sim.control.setMode('ok');
  sim.control.setRconFault('none');
  sim.control.setOnline(null);
});

describe('RconClient', () => {
  it('runs a command round trip (the game answers with id 0)', async () => {
    const r = await rcon.exec('Info');
    expect(r).toEqual({ text: 'Welcome to Pal Server[v1.0.3.101283] Palpanel Sim Server', truncated: false });
    expect((await rcon.exec('Save')).text).toBe('Complete Save');
  });

  it('keeps commands in order when several are queued at once', async () => {
    const replies = await Promise.all([1, 2, 3, 4, 5].map((n) => rcon.exec(`Broadcast msg-${n}`)));
    expect(replies.map((r) => r.text)).toEqual([1, 2, 3, 4, 5].map((n) => `Broadcasted: msg-${n}`));
  });

  it('carries non-ASCII text both ways as UTF-8', async () => {
    expect((await rcon.exec('Broadcast こんにちは Zoë')).text).toBe('Broadcasted: こんにちは Zoë');
    const players = await rcon.exec('ShowPlayers');
    expect(players.text.startsWith('name,playeruid,steamid\n')).toBe(true);
    expect(players.text).toContain('ちえ Zoë,');
    expect(players.truncated).toBe(false);
  });

  it('returns what arrived of a truncated reply, then reconnects', async () => {
    // A deadline longer than the test's own timeout: the cut reply must come back once the
    // line goes quiet (quietMs), never by waiting out the deadline (no wall-clock bound).
    const patient = new RconClient({ ...parseRconAddr(sim.rconAddr), password: sim.password, timeoutMs: 120_000, quietMs: 100 });
    const full = (await patient.exec('ShowPlayers')).text;
    sim.control.setRconFault('truncate');
    const cut = await patient.exec('ShowPlayers');
    expect(cut.truncated).toBe(true);
    expect(cut.text.length).toBeGreaterThan(0);
    expect(full.startsWith(cut.text)).toBe(true);
    expect(cut.text).not.toContain('\uFFFD');
    sim.control.setRconFault('none');
    expect((await patient.exec('Info')).truncated).toBe(false);
    await patient.close();
  });

  it('drops a character cut in half by truncation instead of showing garbage', async () => {
    sim.control.setRconFault('truncate');
    // 'Broadcasted: ' is 13 bytes, each ñ 2: the reply is 33 bytes, cut after 16 → mid-ñ.
    const cut = await rcon.exec('Broadcast ' + 'ñ'.repeat(10));
    expect(cut).toEqual({ text: 'Broadcasted: ñ', truncated: true });
  });

  it('a dropped connection fails the command with RconConnectionError; the next one reconnects', async () => {
    await rcon.exec('Info');
    sim.control.setRconFault('drop');
    expect(await failure(rcon.exec('Info'))).toBeInstanceOf(RconConnectionError);
    sim.control.setRconFault('none');
    expect((await rcon.exec('Info')).text).toContain('Welcome');
  });

  it('joins a reply split over several packets', async () => {
    const many: SimPlayerInput[] = Array.from({ length: 300 }, (_, i) => ({
      uid: `${(0x10000000 + i).toString(16).toUpperCase()}-0000-0000-0000-000000000000`,
      name: `Player-${i}-ñ`,
      level: 1,
    }));
    const big = await startSimGameServer({ players: many });
    const c = new RconClient({ ...parseRconAddr(big.rconAddr), password: big.password, quietMs: 100 });
    try {
      const r = await c.exec('ShowPlayers');
      expect(Buffer.byteLength(r.text)).toBeGreaterThan(8192);
      expect(r.text.trim().split('\n')).toHaveLength(301);
      expect(r.truncated).toBe(false);
    } finally {
      await c.close();
      await big.close();
    }
  });

  it('times out when the game never answers', async () => {
    sim.control.setRconFault('silent');
    expect(await failure(rcon.exec('Info'))).toBeInstanceOf(RconTimeoutError);
    sim.control.setRconFault('none');
    expect((await rcon.exec('Info')).text).toContain('Welcome');
  });

  it('a wrong password → RconAuthError; an unreachable game → RconConnectionError', async () => {
    const bad = client('wrong');
    expect(await failure(bad.exec('Info'))).toBeInstanceOf(RconAuthError);
    await bad.close();
    await sim.control.setMode('unreachable');
    expect(await failure(rcon.exec('Info'))).toBeInstanceOf(RconConnectionError);
    await sim.control.setMode('ok');
    expect((await rcon.exec('Info')).text).toContain('Welcome');
  });

  it('refuses empty or multi-line commands locally', async () => {
    expect(await failure(rcon.exec(''))).toBeInstanceOf(InvalidGameCommandError);
    expect(await failure(rcon.exec('Broadcast a\nDoExit'))).toBeInstanceOf(InvalidGameCommandError);
    expect(sim.control.adminActions().some((a) => a.action === 'stop')).toBe(false);
  });

  it('parses host:port addresses', () => {
    expect(parseRconAddr('127.0.0.1:25575')).toEqual({ host: '127.0.0.1', port: 25575 });
    expect(parseRconAddr('[::1]:1')).toEqual({ host: '::1', port: 1 });
    expect(() => parseRconAddr('nohost')).toThrow(InvalidGameCommandError);
  });
});
