import { connect } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimGameServer, type SimGameServer } from '../../src/demo/sim/index.js';
import { ALICE, BASE_PALS, BOB, PLAYERS } from './sample-world.js';
import { waitFor } from '../helpers/wait.js';

let sim: SimGameServer;
let auth: string;

async function get(path: string, authorization = auth): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const res = await request(sim.restUrl + path, { headers: authorization ? { authorization } : {} });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

/** Raw RCON exchange: auth then one command; returns the packets once `count` are in (the two
 * of the auth exchange and the reply). */
async function rawRcon(command: string, count = 3): Promise<Array<{ id: number; type: number; body: string }>> {
  const [host, port] = sim.rconAddr.split(':');
  const socket = connect(Number(port), host);
  const packets: Array<{ id: number; type: number; body: string }> = [];
  let buf = Buffer.alloc(0);
  socket.on('data', (c: Buffer) => {
    buf = Buffer.concat([buf, c]);
    while (buf.length >= 4 && buf.length >= 4 + buf.readInt32LE(0)) {
      const size = buf.readInt32LE(0);
      packets.push({ id: buf.readInt32LE(4), type: buf.readInt32LE(8), body: buf.subarray(12, 4 + size - 2).toString('utf8') });
      buf = buf.subarray(4 + size);
    }
  });
  const pkt = (id: number, type: number, body: string): Buffer => {
    const b = Buffer.from(body, 'utf8');
    const out = Buffer.alloc(14 + b.length);
    out.writeInt32LE(10 + b.length, 0);
    out.writeInt32LE(id, 4);
    out.writeInt32LE(type, 8);
    b.copy(out, 12);
    return out;
  };
  await new Promise<void>((r) => socket.once('connect', () => r()));
  socket.write(pkt(41, 3, sim.password));
  socket.write(pkt(42, 2, command));
  await waitFor('the RCON reply', () => (packets.length >= count ? true : undefined));
  socket.destroy();
  return packets;
}

beforeAll(async () => {
  sim = await startSimGameServer({ players: PLAYERS, basePals: BASE_PALS });
  auth = 'Basic ' + Buffer.from(`admin:${sim.password}`).toString('base64');
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  await sim.control.setMode('ok');
  sim.control.setOnline(null);
  sim.control.setGameData('enabled');
});

describe('simulated REST API', () => {
  it('answers on 127.0.0.1 with Basic auth, 401 with the Pal realm otherwise', async () => {
    expect(sim.restUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const ok = await get('/v1/api/info');
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text)).toMatchObject({ servername: 'Palpanel Sim Server' });
    const denied = await get('/v1/api/info', 'Basic ' + Buffer.from('admin:wrong').toString('base64'));
    expect(denied.status).toBe(401);
    expect(denied.headers['www-authenticate']).toBe('Basic realm="Pal"');
    expect((await get('/v1/api/info', '')).status).toBe(401);
  });

  it('unknown routes get the Unreal 404 JSON; game-data off gets its text', async () => {
    const nf = await get('/v1/api/nope');
    expect(nf.status).toBe(404);
    expect(JSON.parse(nf.text)).toEqual({ errorCode: 'errors.com.epicgames.httpserver.route_handler_not_found', errorMessage: '' });
    sim.control.setGameData('disabled');
    expect(await get('/v1/api/game-data')).toMatchObject({ status: 404, text: 'PalGameDataBridge GameData API is not enabled' });
  });

  it('game-data carries the documented actor shape with identifying fields to redact', async () => {
    const doc = JSON.parse((await get('/v1/api/game-data')).text);
    expect(doc).toHaveProperty('ActorData');
    const types = new Set(doc.ActorData.map((a: { UnitType?: string; Type: string }) => a.UnitType ?? a.Type));
    for (const t of ['Player', 'OtomoPal', 'BaseCampPal', 'WildPal', 'NPC', 'PalBox']) expect(types).toContain(t);
    // Every registered secret really is served (so redaction tests that look for them mean something).
    const text = JSON.stringify(doc) + (await get('/v1/api/players')).text;
    for (const s of sim.control.sensitiveStrings()) expect(text).toContain(s);
  });

  it('game-data puts each player where /players says, so players of one level are not stacked', async () => {
    const rest = JSON.parse((await get('/v1/api/players')).text) as { players: { name: string; location_x: number; location_y: number }[] };
    const doc = JSON.parse((await get('/v1/api/game-data')).text) as {
      ActorData: { UnitType?: string; NickName?: string; LocationX?: number; LocationY?: number }[];
    };
    const live = doc.ActorData.filter((a) => a.UnitType === 'Player');
    expect(live.length).toBe(rest.players.length);
    expect(rest.players.length).toBeGreaterThan(1);
    for (const p of rest.players)
      expect(live.find((a) => a.NickName === p.name)).toMatchObject({ LocationX: p.location_x, LocationY: p.location_y });
    expect(new Set(live.map((a) => `${a.LocationX},${a.LocationY}`)).size).toBe(live.length);
  });

  it('unreachable really refuses connections, then comes back on the same port', async () => {
    await sim.control.setMode('unreachable');
    const port = Number(new URL(sim.restUrl).port);
    const err = await new Promise<NodeJS.ErrnoException>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.on('error', resolve);
      s.on('connect', () => resolve(Object.assign(new Error('connected'), { code: 'CONNECTED' })));
    });
    expect(err.code).toBe('ECONNREFUSED');
    await sim.control.setMode('ok');
    expect((await get('/v1/api/info')).status).toBe(200);
  });

  it('counts requests per path', async () => {
    const before = sim.control.requestCounts()['/v1/api/metrics'] ?? 0;
    await get('/v1/api/metrics');
    expect(sim.control.requestCounts()['/v1/api/metrics']).toBe(before + 1);
  });
});

describe('simulated RCON', () => {
  it('authenticates and answers commands with packet id 0', async () => {
    const packets = await rawRcon('Info');
    expect(packets[0]).toEqual({ id: 41, type: 0, body: '' });
    expect(packets[1]).toEqual({ id: 41, type: 2, body: '' });
    expect(packets[2]).toEqual({ id: 0, type: 0, body: 'Welcome to Pal Server[v1.0.3.101283] Palpanel Sim Server' });
  });

  it('a kick over RCON takes the player offline in /players', async () => {
    sim.control.setOnline([ALICE, BOB]);
    const players = JSON.parse((await get('/v1/api/players')).text).players as Array<{ name: string; userId: string }>;
    const bob = players.find((p) => p.name === 'Bob')!;
    const [, , reply] = await rawRcon(`KickPlayer ${bob.userId}`);
    expect(reply.body).toBe(`Kicked: ${bob.userId}`);
    expect(sim.control.onlineUids()).toEqual([ALICE]);
    expect(sim.control.adminActions().at(-1)).toEqual({ via: 'rcon', action: 'kick', args: { userid: bob.userId } });
  });
});

describe('schedule', () => {
  it('players come and go on a seeded schedule driven by the injected clock', async () => {
    let now = Date.parse('2026-07-01T00:00:00Z');
    const opts = { players: PLAYERS, churnPeriodMs: 1000, seed: 7, clock: () => now, rcon: false };
    const a = await startSimGameServer(opts);
    const b = await startSimGameServer(opts);
    try {
      const seenA: string[][] = [];
      const seenB: string[][] = [];
      for (let i = 0; i < 12; i++) {
        seenA.push(a.control.onlineUids());
        seenB.push(b.control.onlineUids());
        now += 1000;
      }
      expect(seenA).toEqual(seenB);
      expect(new Set(seenA.map((s) => s.join())).size).toBeGreaterThan(2);
      a.control.setOnline([BOB]);
      expect(a.control.onlineUids()).toEqual([BOB]);
      expect(b.rconAddr).toBe('');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
