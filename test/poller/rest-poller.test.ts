import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimGameServer, type SimGameServer, type SimMode } from '../../src/demo/sim/index.js';
import { GameRestClient } from '../../src/game/rest-client.js';
import { RestPoller } from '../../src/poller/rest-poller.js';
import { ALICE, BOB, CHIE, MALLORY, PLAYERS } from '../sim/sample-world.js';
import { record, type Recorded } from './recorders.js';

const T0 = Date.parse('2026-07-01T12:00:00.000Z');
const at = (s: number): Date => new Date(T0 + s * 1000);
const id = (uid: string): string => uid.replace(/-/g, '').toUpperCase();

let sim: SimGameServer;
let client: GameRestClient;
let rec: Recorded;
let poller: RestPoller;
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown): void => void unhandled.push(e);

beforeAll(async () => {
  sim = await startSimGameServer({ players: PLAYERS, slowDelayMs: 3_000 });
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
  sim.control.setOnline([]);
  sim.control.setLoading(0);
  rec = record(T0);
  poller = new RestPoller({ source: client, intervalMs: 1000, ...rec.sinks });
});
afterEach(() => expect(unhandled).toEqual([]));

describe('RestPoller transitions', () => {
  it('join, leave, unreachable and recovery produce exactly the expected events in order', async () => {
    sim.control.setOnline([ALICE]);
    expect(await poller.pollOnce(at(1))).toBe(true);
    expect(rec.take()).toEqual(['system@1 Palworld REST API is reachable', 'join@1 Alice joined the server']);

    sim.control.setOnline([ALICE, BOB]);
    await poller.pollOnce(at(2));
    expect(rec.take()).toEqual(['join@2 Bob joined the server']);

    await poller.pollOnce(at(3));
    expect(rec.take()).toEqual([]);

    sim.control.setOnline([BOB]);
    await poller.pollOnce(at(4));
    expect(rec.take()).toEqual(['leave@4 Alice left the server']);

    await sim.control.setMode('unreachable');
    expect(await poller.pollOnce(at(5))).toBe(false);
    expect(rec.take()).toEqual([]);
    expect(poller.getSnapshot()).toMatchObject({ reachable: true, capturedAt: at(4).toISOString() });

    await poller.pollOnce(at(6));
    // Bob's session closes when he was last seen (4 s), then the outage is logged (6 s).
    expect(rec.take()).toEqual(['leave@4 Bob left the server', 'system@6 Palworld REST API is unreachable']);
    await poller.pollOnce(at(7));
    expect(rec.take()).toEqual([]);

    await sim.control.setMode('ok');
    sim.control.setOnline([ALICE, CHIE]);
    await poller.pollOnce(at(8));
    expect(rec.take()).toEqual([
      'system@8 Palworld REST API is reachable',
      'join@8 Alice joined the server',
      'join@8 ちえ Zoë joined the server',
    ]);

    expect(rec.presence).toEqual([
      { kind: 'observe', ids: [id(ALICE)], at: at(1).toISOString() },
      { kind: 'observe', ids: [id(ALICE), id(BOB)], at: at(2).toISOString() },
      { kind: 'observe', ids: [id(ALICE), id(BOB)], at: at(3).toISOString() },
      { kind: 'left', id: id(ALICE), at: at(4).toISOString() },
      { kind: 'observe', ids: [id(BOB)], at: at(4).toISOString() },
      { kind: 'left', id: id(BOB), at: at(4).toISOString() },
      { kind: 'observe', ids: [id(ALICE), id(CHIE)], at: at(8).toISOString() },
    ]);
  });

  it('flapping: single failures are absorbed, each real outage is logged once', async () => {
    sim.control.setOnline([ALICE]);
    const script: Array<SimMode> = ['ok', 'unreachable', 'ok', 'unreachable', 'ok', 'unreachable', 'unreachable', 'ok', 'unreachable', 'unreachable', 'unreachable', 'ok'];
    let s = 0;
    for (const mode of script) {
      await sim.control.setMode(mode);
      await poller.pollOnce(at(++s));
    }
    expect(rec.take()).toEqual([
      'system@1 Palworld REST API is reachable',
      'join@1 Alice joined the server',
      'leave@5 Alice left the server',
      'system@7 Palworld REST API is unreachable',
      'system@8 Palworld REST API is reachable',
      'join@8 Alice joined the server',
      'leave@8 Alice left the server',
      'system@10 Palworld REST API is unreachable',
      'system@12 Palworld REST API is reachable',
      'join@12 Alice joined the server',
    ]);
  });

  it('players flapping between polls join and leave once per change', async () => {
    const states = [[ALICE], [], [ALICE], [ALICE, BOB], [BOB], [BOB]];
    let s = 0;
    for (const online of states) {
      sim.control.setOnline(online);
      await poller.pollOnce(at(++s));
    }
    expect(rec.take()).toEqual([
      'system@1 Palworld REST API is reachable',
      'join@1 Alice joined the server',
      'leave@2 Alice left the server',
      'join@3 Alice joined the server',
      'join@4 Bob joined the server',
      'leave@5 Alice left the server',
    ]);
  });

  it('a game already down at start is logged unreachable once, after the second failure', async () => {
    await sim.control.setMode('unreachable');
    await poller.pollOnce(at(1));
    expect(rec.take()).toEqual([]);
    expect(poller.getSnapshot()).toMatchObject({ reachable: false, info: null, problem: 'unreachable' });
    await poller.pollOnce(at(2));
    await poller.pollOnce(at(3));
    expect(rec.take()).toEqual(['system@2 Palworld REST API is unreachable']);
    await sim.control.setMode('ok');
    await poller.pollOnce(at(4));
    expect(rec.take()).toEqual(['system@4 Palworld REST API is reachable']);
  });
});

describe('RestPoller after a restart of palpanel', () => {
  const resumed = (opts: { reachable: boolean; online?: string[] }) =>
    new RestPoller({
      source: client,
      intervalMs: 1000,
      ...rec.sinks,
      resume: {
        reachable: opts.reachable,
        online: (opts.online ?? []).map((uid) => ({ playerId: id(uid), name: uid === ALICE ? 'Alice' : 'Bob', level: 1, lastSeen: at(0) })),
      },
    });

  it('the game still up with the same players: no second reachable, no second join; only real changes', async () => {
    const p = resumed({ reachable: true, online: [ALICE, BOB] });
    sim.control.setOnline([ALICE, CHIE]);
    await p.pollOnce(at(10));
    expect(rec.take()).toEqual(['leave@10 Bob left the server', 'join@10 ちえ Zoë joined the server']);
    // The restart closed the old sessions; everyone online now gets a new one.
    expect(rec.presence.at(-1)).toEqual({ kind: 'observe', ids: [id(ALICE), id(CHIE)], at: at(10).toISOString() });
  });

  it('the game went down meanwhile: those online leave when last seen, then one unreachable', async () => {
    const p = resumed({ reachable: true, online: [ALICE] });
    await sim.control.setMode('unreachable');
    await p.pollOnce(at(10));
    await p.pollOnce(at(11));
    await p.pollOnce(at(12));
    expect(rec.take()).toEqual(['leave@0 Alice left the server', 'system@11 Palworld REST API is unreachable']);
  });

  it('the log last said unreachable: a game still down is not logged again; its return is', async () => {
    const p = resumed({ reachable: false });
    await sim.control.setMode('unreachable');
    await p.pollOnce(at(10));
    await p.pollOnce(at(11));
    await p.pollOnce(at(12));
    expect(rec.take()).toEqual([]);
    await sim.control.setMode('ok');
    sim.control.setOnline([ALICE]);
    await p.pollOnce(at(13));
    expect(rec.take()).toEqual(['system@13 Palworld REST API is reachable', 'join@13 Alice joined the server']);
  });
});

describe('RestPoller snapshot', () => {
  it('online players follow the game; loading players are ignored', async () => {
    sim.control.setOnline([ALICE, BOB]);
    sim.control.setLoading(2);
    await poller.pollOnce(at(1));
    const snap = poller.getSnapshot();
    expect(snap.reachable).toBe(true);
    expect(snap.players.map((p) => p.playerId)).toEqual([id(ALICE), id(BOB)]);
    expect(snap.info?.name).toBe('Palpanel Sim Server');
    expect(snap.metrics?.players).toBe(4);
    expect(snap.capturedAt).toBe(at(1).toISOString());
    expect(rec.take()).toHaveLength(3);

    sim.control.setOnline([BOB]);
    await poller.pollOnce(at(2));
    expect(poller.getSnapshot().players.map((p) => p.playerId)).toEqual([id(BOB)]);
  });

  it('keeps the last info and metrics through failures but no one online', async () => {
    sim.control.setOnline([ALICE]);
    await poller.pollOnce(at(1));
    const before = poller.getSnapshot();
    await sim.control.setMode('unreachable');
    await poller.pollOnce(at(2));
    await poller.pollOnce(at(3));
    const snap = poller.getSnapshot();
    expect(snap).toMatchObject({ reachable: false, players: [], problem: 'unreachable', capturedAt: at(1).toISOString(), lastAttemptAt: at(3).toISOString() });
    expect(snap.info).toEqual(before.info);
    expect(snap.metrics).toEqual(before.metrics);
  });

  it('a wrong password reads as unreachable with problem "unauthorized"', async () => {
    await sim.control.setMode('unauthorized');
    await poller.pollOnce(at(1));
    await poller.pollOnce(at(2));
    expect(poller.getSnapshot()).toMatchObject({ reachable: false, problem: 'unauthorized' });
    expect(rec.take()).toEqual(['system@2 Palworld REST API is unreachable']);
  });

  it('names in join lines are sanitized and bounded', async () => {
    const long = { uid: 'ABCDEF01-2345-6789-ABCD-EF0123456789', name: 'W'.repeat(100) + '\r\nsystem: fake', level: 1 };
    const other = await startSimGameServer({ players: [...PLAYERS, long] });
    const c = new GameRestClient({ baseUrl: other.restUrl, password: other.password });
    const r = record(T0);
    const p = new RestPoller({ source: c, intervalMs: 1000, ...r.sinks });
    try {
      other.control.setOnline([MALLORY, long.uid]);
      await p.pollOnce(at(1));
      expect(r.events.map((e) => e.message)).toEqual([
        'Palworld REST API is reachable',
        'Mal lory joined the server',
        'W'.repeat(64) + ' joined the server',
      ]);
    } finally {
      await c.close();
      await other.close();
    }
  });
});

describe('RestPoller under bad answers', () => {
  for (const mode of ['garbage', 'oversized', 'slow', 'slow-body', 'truncated', 'server-error'] as const) {
    it(`${mode}: never throws, and two cycles make the game unreachable`, async () => {
      sim.control.setOnline([ALICE]);
      await poller.pollOnce(at(1));
      rec.take();
      await sim.control.setMode(mode);
      await expect(poller.pollOnce(at(2))).resolves.toBe(false);
      await expect(poller.pollOnce(at(3))).resolves.toBe(false);
      expect(rec.take()).toEqual(['leave@1 Alice left the server', 'system@3 Palworld REST API is unreachable']);
      expect(poller.getSnapshot()).toMatchObject({ reachable: false, problem: 'unreachable' });
    });
  }

  it('a throwing sink is reported and polling carries on', async () => {
    const errors: unknown[] = [];
    const p = new RestPoller({
      source: client,
      intervalMs: 1000,
      events: { append: () => { throw new Error('disk full'); } },
      presence: rec.sinks.presence,
      onError: (e) => void errors.push(e),
    });
    sim.control.setOnline([ALICE]);
    await expect(p.pollOnce(at(1))).resolves.toBe(true);
    expect(errors).toHaveLength(2);
    expect(p.getSnapshot().players).toHaveLength(1);
  });
});
