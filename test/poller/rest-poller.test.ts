// The REST poller's transitions (joins, leaves, reachability, restarts, the snapshot) against
// the game in memory (memory-game.ts: the simulated game's state through the real decoders, no
// socket, so no deadline a loaded machine could miss), and once end to end through
// GameRestClient against the simulated game server on a real socket, with a generous timeout.
// How the client reads each bad answer on the wire is test/game/rest-client.test.ts's part.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimGameServer } from '../../src/demo/sim/index.js';
import { GameUnreachableError, type UnreachableReason } from '../../src/game/errors.js';
import { GameRestClient } from '../../src/game/rest-client.js';
import { attemptTimeout } from '../../src/poller/backoff.js';
import { RestPoller } from '../../src/poller/rest-poller.js';
import { ALICE, BOB, CHIE, MALLORY, PLAYERS } from '../sim/sample-world.js';
import { MemoryGame } from './memory-game.js';
import { record, type Recorded } from './recorders.js';

const T0 = Date.parse('2026-07-01T12:00:00.000Z');
const at = (s: number): Date => new Date(T0 + s * 1000);
const id = (uid: string): string => uid.replace(/-/g, '').toUpperCase();

let game: MemoryGame;
let rec: Recorded;
let poller: RestPoller;
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown): void => void unhandled.push(e);

beforeAll(() => void process.on('unhandledRejection', onUnhandled));
afterAll(() => void process.off('unhandledRejection', onUnhandled));
beforeEach(() => {
  game = new MemoryGame(PLAYERS);
  rec = record(T0);
  poller = new RestPoller({ source: game, intervalMs: 1000, ...rec.sinks });
});
afterEach(() => expect(unhandled).toEqual([]));

describe('RestPoller transitions', () => {
  it('join, leave, unreachable and recovery produce exactly the expected events in order', async () => {
    game.setOnline([ALICE]);
    expect(await poller.pollOnce(at(1))).toBe(true);
    expect(rec.take()).toEqual(['system@1 Palworld REST API is reachable', 'join@1 Alice joined the server']);

    game.setOnline([ALICE, BOB]);
    await poller.pollOnce(at(2));
    expect(rec.take()).toEqual(['join@2 Bob joined the server']);

    await poller.pollOnce(at(3));
    expect(rec.take()).toEqual([]);

    game.setOnline([BOB]);
    await poller.pollOnce(at(4));
    expect(rec.take()).toEqual(['leave@4 Alice left the server']);

    game.down();
    expect(await poller.pollOnce(at(5))).toBe(false);
    expect(rec.take()).toEqual([]);
    expect(poller.getSnapshot()).toMatchObject({ reachable: true, capturedAt: at(4).toISOString() });

    await poller.pollOnce(at(6));
    // Bob's session closes when he was last seen (4 s), then the outage is logged (6 s).
    expect(rec.take()).toEqual(['leave@4 Bob left the server', 'system@6 Palworld REST API is unreachable']);
    await poller.pollOnce(at(7));
    expect(rec.take()).toEqual([]);

    game.up();
    game.setOnline([ALICE, CHIE]);
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
    game.setOnline([ALICE]);
    const script = ['ok', 'down', 'ok', 'down', 'ok', 'down', 'down', 'ok', 'down', 'down', 'down', 'ok'] as const;
    let s = 0;
    for (const state of script) {
      if (state === 'ok') game.up();
      else game.down();
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
      game.setOnline(online);
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
    game.down();
    await poller.pollOnce(at(1));
    expect(rec.take()).toEqual([]);
    expect(poller.getSnapshot()).toMatchObject({ reachable: false, info: null, problem: 'unreachable' });
    await poller.pollOnce(at(2));
    await poller.pollOnce(at(3));
    expect(rec.take()).toEqual(['system@2 Palworld REST API is unreachable']);
    game.up();
    await poller.pollOnce(at(4));
    expect(rec.take()).toEqual(['system@4 Palworld REST API is reachable']);
  });

  it("after a failure every call carries the poller's deadline; after a success the client's own again", async () => {
    game.setOnline([ALICE]);
    await poller.pollOnce(at(1));
    game.failWith(new GameUnreachableError('timeout'));
    await poller.pollOnce(at(2));
    await poller.pollOnce(at(3));
    game.up();
    await poller.pollOnce(at(4));
    await poller.pollOnce(at(5));
    const bound = attemptTimeout(1000);
    const perPoll = (n: number) => game.calls.slice(3 * n, 3 * n + 3).map((c) => c.timeoutMs);
    expect(game.calls).toHaveLength(15);
    expect([1, 2, 3, 4, 5].map((n) => perPoll(n - 1))).toEqual([
      [undefined, undefined, undefined],
      [undefined, undefined, undefined], // the first failure is not known until it happens
      [bound, bound, bound],
      [bound, bound, bound], // the recovering poll is still cut short
      [undefined, undefined, undefined],
    ]);
  });
});

describe('RestPoller after a restart of palpanel', () => {
  const resumed = (opts: { reachable: boolean; online?: string[] }) =>
    new RestPoller({
      source: game,
      intervalMs: 1000,
      ...rec.sinks,
      resume: {
        reachable: opts.reachable,
        online: (opts.online ?? []).map((uid) => ({ playerId: id(uid), name: uid === ALICE ? 'Alice' : 'Bob', level: 1, lastSeen: at(0) })),
      },
    });

  it('the game still up with the same players: no second reachable, no second join; only real changes', async () => {
    const p = resumed({ reachable: true, online: [ALICE, BOB] });
    game.setOnline([ALICE, CHIE]);
    await p.pollOnce(at(10));
    expect(rec.take()).toEqual(['leave@10 Bob left the server', 'join@10 ちえ Zoë joined the server']);
    // The restart closed the old sessions; everyone online now gets a new one.
    expect(rec.presence.at(-1)).toEqual({ kind: 'observe', ids: [id(ALICE), id(CHIE)], at: at(10).toISOString() });
  });

  it('the game went down meanwhile: those online leave when last seen, then one unreachable', async () => {
    const p = resumed({ reachable: true, online: [ALICE] });
    game.down();
    await p.pollOnce(at(10));
    await p.pollOnce(at(11));
    await p.pollOnce(at(12));
    expect(rec.take()).toEqual(['leave@0 Alice left the server', 'system@11 Palworld REST API is unreachable']);
  });

  it('the log last said unreachable: a game still down is not logged again; its return is', async () => {
    const p = resumed({ reachable: false });
    game.down();
    await p.pollOnce(at(10));
    await p.pollOnce(at(11));
    await p.pollOnce(at(12));
    expect(rec.take()).toEqual([]);
    game.up();
    game.setOnline([ALICE]);
    await p.pollOnce(at(13));
    expect(rec.take()).toEqual(['system@13 Palworld REST API is reachable', 'join@13 Alice joined the server']);
  });
});

describe('RestPoller snapshot', () => {
  it('online players follow the game; loading players are ignored', async () => {
    game.setOnline([ALICE, BOB]);
    game.setLoading(2);
    await poller.pollOnce(at(1));
    const snap = poller.getSnapshot();
    expect(snap.reachable).toBe(true);
    expect(snap.players.map((p) => p.playerId)).toEqual([id(ALICE), id(BOB)]);
    expect(snap.info?.name).toBe('Palpanel Sim Server');
    expect(snap.metrics?.players).toBe(4);
    expect(snap.capturedAt).toBe(at(1).toISOString());
    expect(rec.take()).toHaveLength(3);

    game.setOnline([BOB]);
    await poller.pollOnce(at(2));
    expect(poller.getSnapshot().players.map((p) => p.playerId)).toEqual([id(BOB)]);
  });

  it('keeps the last info and metrics through failures but no one online', async () => {
    game.setOnline([ALICE]);
    await poller.pollOnce(at(1));
    const before = poller.getSnapshot();
    game.down();
    await poller.pollOnce(at(2));
    await poller.pollOnce(at(3));
    const snap = poller.getSnapshot();
    expect(snap).toMatchObject({
      reachable: false,
      players: [],
      problem: 'unreachable',
      capturedAt: at(1).toISOString(),
      lastAttemptAt: at(3).toISOString(),
    });
    expect(snap.info).toEqual(before.info);
    expect(snap.metrics).toEqual(before.metrics);
  });

  it('a wrong password reads as unreachable with problem "unauthorized"', async () => {
    game.unauthorized();
    await poller.pollOnce(at(1));
    await poller.pollOnce(at(2));
    expect(poller.getSnapshot()).toMatchObject({ reachable: false, problem: 'unauthorized' });
    // The spec's text for key holders, then the panel's word for why (dropped by the Integration API).
    expect(rec.take()).toEqual([
      'system@2 Palworld REST API is unreachable',
      'system@2 Palworld REST API refused the admin password (check SERVICE_GAME_ADMIN_PASSWORD)',
    ]);
    await poller.pollOnce(at(3));
    expect(rec.take()).toEqual([]);
    // Down, then refusing again: said again; accepted: reachable, and a later refusal is said anew.
    game.down();
    await poller.pollOnce(at(4));
    game.unauthorized();
    await poller.pollOnce(at(5));
    await poller.pollOnce(at(6));
    expect(rec.take()).toEqual(['system@5 Palworld REST API refused the admin password (check SERVICE_GAME_ADMIN_PASSWORD)']);
  });

  it('a palpanel restarted while the game refuses the password does not say it again', async () => {
    const p = new RestPoller({ source: game, intervalMs: 1000, ...rec.sinks, resume: { reachable: false, online: [], refused: true } });
    game.unauthorized();
    await p.pollOnce(at(1));
    await p.pollOnce(at(2));
    expect(rec.take()).toEqual([]);
  });

  it('names in join lines are sanitized and bounded', async () => {
    const long = { uid: 'ABCDEF01-2345-6789-ABCD-EF0123456789', name: 'W'.repeat(100) + '\r\nsystem: fake', level: 1 };
    const other = new MemoryGame([...PLAYERS, long]);
    const r = record(T0);
    const p = new RestPoller({ source: other, intervalMs: 1000, ...r.sinks });
    other.setOnline([MALLORY, long.uid]);
    await p.pollOnce(at(1));
    expect(r.events.map((e) => e.message)).toEqual([
      'Palworld REST API is reachable',
      'Mal lory joined the server',
      'W'.repeat(64) + ' joined the server',
    ]);
  });
});

describe('RestPoller under failures', () => {
  // Every way GameRestClient reports a game it could not read (rest-client.test.ts maps the
  // sim's bad answers to these), and an error no one planned for.
  const reasons: UnreachableReason[] = ['refused', 'timeout', 'network', 'server_error', 'unreadable', 'too_large', 'not_found'];
  const failures: [string, Error][] = [
    ...reasons.map((r): [string, Error] => [r, new GameUnreachableError(r)]),
    ['an unexpected TypeError', new TypeError('x is undefined')],
  ];
  for (const [name, err] of failures) {
    it(`${name}: never throws, and two cycles make the game unreachable`, async () => {
      game.setOnline([ALICE]);
      await poller.pollOnce(at(1));
      rec.take();
      game.failWith(err);
      await expect(poller.pollOnce(at(2))).resolves.toBe(false);
      await expect(poller.pollOnce(at(3))).resolves.toBe(false);
      expect(rec.take()).toEqual(['leave@1 Alice left the server', 'system@3 Palworld REST API is unreachable']);
      expect(poller.getSnapshot()).toMatchObject({ reachable: false, problem: 'unreachable' });
    });
  }

  it('a throwing sink is reported and polling carries on', async () => {
    const errors: unknown[] = [];
    const p = new RestPoller({
      source: game,
      intervalMs: 1000,
      events: {
        append: () => {
          throw new Error('disk full');
        },
      },
      presence: rec.sinks.presence,
      onError: (e) => void errors.push(e),
    });
    game.setOnline([ALICE]);
    await expect(p.pollOnce(at(1))).resolves.toBe(true);
    expect(errors).toHaveLength(2);
    expect(p.getSnapshot().players).toHaveLength(1);
  });
});

describe('RestPoller against the simulated game server (real sockets)', () => {
  it('join, leave, an outage and recovery through GameRestClient', async () => {
    const sim = await startSimGameServer({ players: PLAYERS });
    // Generous deadlines: this test is about the wire, not speed, and runs beside the whole
    // suite on two cores. A 5 s interval keeps the poller's own bound after a failure at 18 s.
    const client = new GameRestClient({ baseUrl: sim.restUrl, password: sim.password, timeoutMs: 10_000 });
    const p = new RestPoller({ source: client, intervalMs: 5_000, ...rec.sinks });
    try {
      sim.control.setOnline([ALICE, BOB]);
      expect(await p.pollOnce(at(1))).toBe(true);
      expect(rec.take()).toEqual([
        'system@1 Palworld REST API is reachable',
        'join@1 Alice joined the server',
        'join@1 Bob joined the server',
      ]);
      expect(p.getSnapshot().info?.name).toBe('Palpanel Sim Server');

      sim.control.setOnline([BOB]);
      await p.pollOnce(at(2));
      expect(rec.take()).toEqual(['leave@2 Alice left the server']);

      await sim.control.setMode('unreachable');
      expect(await p.pollOnce(at(3))).toBe(false);
      expect(await p.pollOnce(at(4))).toBe(false);
      expect(rec.take()).toEqual(['leave@2 Bob left the server', 'system@4 Palworld REST API is unreachable']);

      await sim.control.setMode('ok');
      sim.control.setOnline([CHIE]);
      expect(await p.pollOnce(at(5))).toBe(true);
      expect(rec.take()).toEqual(['system@5 Palworld REST API is reachable', 'join@5 ちえ Zoë joined the server']);
    } finally {
      await client.close();
      await sim.close();
    }
  }, 60_000);
});
