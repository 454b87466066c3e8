// The panel's server routes (issue 11) against the simulated game server on real sockets, with
// the real store on a temp dir: status with the poller's state in words, health, and the
// admin's announce, save and shutdown, each audited, each a clear 503 when the game does not
// do it. The 401/403/Origin/400 walk of every route is in route-table.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { Countdowns } from '../../src/actions/countdown.js';
import { createGameActions } from '../../src/actions/game-actions.js';
import { createLiveSource } from '../../src/poller/live-source.js';
import { createPanelPorts } from '../../src/app/panel-ports.js';
import { createWorldJobs } from '../../src/ingest/world-jobs.js';
import { startSimGameServer, type SimGameServer } from '../../src/demo/sim/index.js';
import { GameRestClient } from '../../src/game/rest-client.js';
import { createHandler } from '../../src/http/index.js';
import type { HttpDeps } from '../../src/http/deps.js';
import { GameDataPoller } from '../../src/poller/game-data-poller.js';
import { RestPoller } from '../../src/poller/rest-poller.js';
import { BASE_PALS, PLAYERS } from '../sim/sample-world.js';
import { P } from './conformance-table.js';
import { makeWorld, ManualClock, silentLog, tempStore, TestLive, toHttpRequest, type TempStore } from '../helpers/fixture.js';
import { ADMIN, VIEWER } from './panel-harness.js';

interface Rig {
  ts: TempStore;
  clock: ManualClock;
  sim: SimGameServer | null;
  client: GameRestClient | null;
  poller: RestPoller | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies member by member and check them with expect()
  as: (who: typeof ADMIN, method: string, path: string, body?: unknown) => Promise<{ status: number; json: any }>;
}

const rigs: Rig[] = [];
afterEach(async () => {
  for (const r of rigs.splice(0)) {
    await r.client?.close();
    await r.sim?.close();
    r.ts.cleanup();
  }
});

/** A panel wired as `serve` wires it; `password` other than the sim's makes the game refuse us. */
async function rig(
  opts: { game?: boolean; password?: string; gameData?: boolean; extraSettings?: Record<string, unknown> } = {},
): Promise<Rig & { gameData: GameDataPoller | null }> {
  const clock = new ManualClock();
  const ts = await tempStore(clock.now);
  ts.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
  ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
  let sim: SimGameServer | null = null;
  let client: GameRestClient | null = null;
  let poller: RestPoller | null = null;
  let gameData: GameDataPoller | null = null;
  let server: HttpDeps['server'];
  let live: HttpDeps['live'] = new TestLive();
  if (opts.game !== false) {
    sim = await startSimGameServer({ players: PLAYERS.slice(0, 2), basePals: BASE_PALS, rcon: false, extraSettings: opts.extraSettings });
    client = new GameRestClient({ baseUrl: sim.restUrl, password: opts.password ?? sim.password, timeoutMs: 2_000 });
    poller = new RestPoller({ source: client, intervalMs: 1000, events: ts.store.events, presence: ts.store.history, now: clock.now });
    gameData = opts.gameData ? new GameDataPoller({ source: client, enabled: true, map: true, intervalMs: 1000, now: clock.now }) : null;
    live = createLiveSource(ts.store, clock.now, poller, gameData);
    server = createPanelPorts({
      dataDir: ts.dir,
      clock: clock.now,
      rest: poller,
      gameData,
      game: createGameActions(client, ts.store, clock.now),
      countdown: new Countdowns(client, ts.store, clock.now, silentLog),
      world: createWorldJobs(null, 60_000, ts.store),
    });
  }
  const handler = createHandler({
    store: ts.store,
    live,
    settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000 },
    clock: clock.now,
    log: silentLog,
    version: '9.9.9-test',
    server,
  });
  const cookies = new Map<string, string>();
  const send = async (method: string, path: string, headers: Record<string, string>, body?: unknown) => {
    const res = await handler(
      toHttpRequest({ method, path: `${P}${path}`, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    );
    const text = res.body === undefined ? '' : res.body.toString();
    return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
  };
  const as: Rig['as'] = async (who, method, path, body) => {
    let cookie = cookies.get(who.username);
    if (!cookie) {
      const res = await send('POST', '/auth/login', {}, who);
      cookie = res.headers['set-cookie'].split(';')[0];
      cookies.set(who.username, cookie);
    }
    return send(method, path, { cookie }, body);
  };
  const r = { ts, clock, sim, client, poller, gameData, as };
  rigs.push(r);
  return r;
}

const gameActions = (r: Rig) => r.sim!.control.adminActions().filter((a) => a.via === 'rest');
const auditOf = (r: Rig, action: string) => r.ts.store.audit.list({ limit: 10, action }).data;

describe('panel server routes', () => {
  it('GET /server: the status, world GUID, panel version, max players, the game settings and the poller state', async () => {
    const r = await rig();
    await r.poller!.pollOnce(r.clock.now());
    const res = await r.as(VIEWER, 'GET', '/server');
    expect(res.status).toBe(200);
    const d = res.json.data;
    expect(d).toMatchObject({ state: 'running', panelVersion: '9.9.9-test', playersOnline: 2, gameConfigured: true });
    expect(d.rcon).toBe(false); // no console: RCON off, a normal state
    expect(d.worldGuid).toMatch(/^[0-9A-F]{32}$/i);
    expect(d.maxPlayers).toBeGreaterThan(0);
    expect(d.settings).toEqual(expect.objectContaining({ ServerPlayerMaxNum: expect.any(Number) }));
    expect(d.poller).toEqual({
      state: 'running',
      lastSuccessAt: r.clock.now().toISOString(),
      lastAttemptAt: r.clock.now().toISOString(),
      lastError: null,
      failedPolls: 0,
    });
  });

  // Issue 28, finding 6: `/server` passed on AdminPassword and ServerPassword when the game's
  // `/settings` answer held them.
  it('GET /server: settings whose names say password, secret, token, key or webhook are dropped', async () => {
    const extraSettings = {
      AdminPassword: 'admin-pw-in-settings',
      ServerPassword: 'join-pw-in-settings',
      RCONPassword: 'rcon-pw-in-settings',
      DiscordWebhookUrl: 'https://discord.example/hook-in-settings',
      SteamApiKey: 'steam-key-in-settings',
    };
    const r = await rig({ extraSettings });
    await r.poller!.pollOnce(r.clock.now());
    for (const who of [VIEWER, ADMIN]) {
      const res = await r.as(who, 'GET', '/server');
      expect(res.json.data.settings).toEqual(
        expect.objectContaining({ ServerName: expect.any(String), ServerPlayerMaxNum: expect.any(Number) }),
      );
      for (const [name, value] of Object.entries(extraSettings)) {
        expect(res.json.data.settings).not.toHaveProperty(name);
        expect(JSON.stringify(res.json)).not.toContain(value);
      }
    }
  });

  it('GET /server tells a refused admin password apart from an unreachable game', async () => {
    const wrong = await rig({ password: 'not-the-admin-password' });
    await wrong.poller!.pollOnce(wrong.clock.now());
    await wrong.poller!.pollOnce(wrong.clock.now());
    const refused = (await wrong.as(VIEWER, 'GET', '/server')).json.data;
    expect(refused.state).toBe('unreachable');
    expect(refused.poller.state).toBe('unauthorized');
    expect(refused.poller.lastError).toContain('refused the admin password');
    expect(refused.settings).toBeNull();

    const down = await rig();
    await down.sim!.control.setMode('unreachable');
    await down.poller!.pollOnce(down.clock.now());
    await down.poller!.pollOnce(down.clock.now());
    const d = (await down.as(VIEWER, 'GET', '/server')).json.data;
    expect(d.poller.state).toBe('unreachable');
    expect(d.poller.lastError).toContain('refused the connection');
    expect(d.poller.lastError).not.toContain('password');
  });

  it('GET /server without a game URL says "not configured" (gameConfigured false), while the spec\'s state stays as it is', async () => {
    const none = await rig({ game: false });
    const d = (await none.as(VIEWER, 'GET', '/server')).json.data;
    expect(d).toMatchObject({ state: 'unreachable', gameConfigured: false, poller: null });
    const some = await rig();
    expect((await some.as(VIEWER, 'GET', '/server')).json.data.gameConfigured).toBe(true);
  });

  it('announce, save and shutdown reach the game, each audited with the admin as actor', async () => {
    const r = await rig();
    const ann = await r.as(ADMIN, 'POST', '/server/announce', { message: '  Restart at 6 pm  ' });
    expect(ann.status).toBe(200);
    expect(ann.json.data).toEqual({ done: true, at: r.clock.now().toISOString() });
    const save = await r.as(ADMIN, 'POST', '/server/save');
    expect(save.status).toBe(200);
    const down = await r.as(ADMIN, 'POST', '/server/shutdown', { delaySec: 30, message: 'Back in 5 minutes', steps: [30, 10] });
    expect(down.status).toBe(202);
    const shutdownAt = new Date(r.clock.ms + 30_000).toISOString();
    expect(down.json.data).toMatchObject({ shutdownAt, delaySec: 30, message: 'Server shutdown in 30 seconds: Back in 5 minutes' });
    expect(down.json.data.countdown).toMatchObject({ kind: 'shutdown', endsAt: shutdownAt, steps: [30, 10], cancellable: true });
    expect(gameActions(r)).toEqual([
      { via: 'rest', action: 'announce', args: { message: 'Restart at 6 pm' } },
      { via: 'rest', action: 'save', args: {} },
      { via: 'rest', action: 'announce', args: { message: 'Server shutdown in 30 seconds: Back in 5 minutes' } },
    ]);
    // Everyone signed in sees it; only an admin cancels it, and players are told.
    expect((await r.as(VIEWER, 'GET', '/server')).json.data.countdown).toMatchObject({ kind: 'shutdown', startedBy: 'user:admin' });
    expect((await r.as(VIEWER, 'GET', '/server/countdown')).json.data).toMatchObject({ endsAt: shutdownAt });
    expect((await r.as(VIEWER, 'POST', '/server/countdown/cancel')).status).toBe(403);
    expect((await r.as(ADMIN, 'POST', '/server/countdown/cancel')).status).toBe(200);
    expect((await r.as(ADMIN, 'POST', '/server/countdown/cancel')).status).toBe(404);
    expect((await r.as(VIEWER, 'GET', '/server/countdown')).json.data).toBeNull();
    expect(gameActions(r).at(-1)).toEqual({
      via: 'rest',
      action: 'announce',
      args: { message: 'Server shutdown cancelled. Carry on playing.' },
    });
    expect(auditOf(r, 'server.cancel')).toEqual([expect.objectContaining({ actor: 'user:admin', outcome: 'ok' })]);
    expect(auditOf(r, 'server.announce')).toEqual([
      expect.objectContaining({ actor: 'user:admin', outcome: 'ok', detail: 'Restart at 6 pm' }),
    ]);
    expect(auditOf(r, 'server.save')).toEqual([expect.objectContaining({ actor: 'user:admin', outcome: 'ok' })]);
    expect(auditOf(r, 'server.shutdown')).toEqual([
      expect.objectContaining({ actor: 'user:admin', outcome: 'ok', detail: 'shutdown in 30 s, told at 30, 10 s: Back in 5 minutes' }),
    ]);
  });

  it('bad input changes nothing: an empty or overlong message, a delay out of range', async () => {
    const r = await rig();
    for (const body of [{ message: '   ' }, { message: 'x'.repeat(501) }, {}, { message: 'hi', extra: 1 }]) {
      const res = await r.as(ADMIN, 'POST', '/server/announce', body);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('invalid_request');
    }
    for (const body of [
      { delaySec: -1 },
      { delaySec: 86_401 },
      { delaySec: 1.5 },
      { delaySec: '10' },
      { delaySec: 60, steps: [] },
      { delaySec: 60, steps: [0] },
      { delaySec: 60, steps: [1.5] },
      { delaySec: 60, steps: Array.from({ length: 13 }, (_, i) => i + 1) },
    ]) {
      expect((await r.as(ADMIN, 'POST', '/server/shutdown', body)).status).toBe(400);
    }
    expect(gameActions(r)).toEqual([]);
    expect(r.ts.store.audit.list({ limit: 10, action: 'server.announce' }).data).toEqual([]);
  });

  it('a game that does not do it answers 503 game_unavailable, in words, audited as refused', async () => {
    const wrong = await rig({ password: 'not-the-admin-password' });
    const refused = await wrong.as(ADMIN, 'POST', '/server/save');
    expect(refused.status).toBe(503);
    expect(refused.json.error).toEqual({ code: 'game_unavailable', message: expect.stringContaining('refused the admin password') });
    expect(auditOf(wrong, 'server.save')).toEqual([
      expect.objectContaining({ actor: 'user:admin', outcome: 'refused', reason: 'game_unavailable' }),
    ]);

    const down = await rig();
    await down.sim!.control.setMode('unreachable');
    const res = await down.as(ADMIN, 'POST', '/server/announce', { message: 'hello' });
    expect(res.status).toBe(503);
    expect(res.json.error.message).toContain('refused the connection');

    // No game server set up is not the game failing: it is answered as every part a deployment
    // leaves out is (409 `conflict`, the setting named; http/services.ts).
    const none = await rig({ game: false });
    const no = await none.as(ADMIN, 'POST', '/server/shutdown', { delaySec: 10 });
    expect(no.status).toBe(409);
    expect(no.json.error).toEqual({ code: 'conflict', message: 'palpanel has no game server configured (SERVICE_GAME_REST_URL).' });
  });

  it('GET /server/health: store, pollers, save watcher, disk space of the data dir', async () => {
    const r = await rig();
    await r.poller!.pollOnce(r.clock.now());
    const res = await r.as(VIEWER, 'GET', '/server/health');
    expect(res.status).toBe(200);
    const d = res.json.data;
    expect(d).toMatchObject({
      status: 'ok',
      problems: [],
      store: { ok: true, error: null },
      saveWatcher: { enabled: false, running: false, nextCheckAt: null },
      lastParse: null,
    });
    expect(d.pollers.rest.state).toBe('running');
    expect(d.pollers.gameData).toBeNull();
    expect(d.disk.freeBytes).toBeGreaterThan(0);
    expect(d.disk.totalBytes).toBeGreaterThanOrEqual(d.disk.freeBytes);
    expect(d.worldParsedAt).toBeNull();
    // A world parsed before this run (kept in the store) is told apart from this run's attempts.
    r.ts.store.world.replace(makeWorld({ players: 1, pals: 1 }), '2026-07-01T08:00:00.000Z');
    const kept = (await r.as(VIEWER, 'GET', '/server/health')).json.data;
    expect(kept).toMatchObject({ lastParse: null, worldParsedAt: '2026-07-01T08:00:00.000Z' });

    await r.sim!.control.setMode('unauthorized');
    await r.poller!.pollOnce(r.clock.now());
    await r.poller!.pollOnce(r.clock.now());
    const bad = (await r.as(VIEWER, 'GET', '/server/health')).json.data;
    expect(bad.status).toBe('degraded');
    expect(bad.problems).toEqual([expect.stringContaining('refused the admin password')]);
  });
});

describe('panel live world snapshot', () => {
  it('GET /world/snapshot: players, pals, NPCs and PalBoxes with names, guilds and map positions; never IPs or platform ids', async () => {
    const r = await rig({ gameData: true });
    await r.poller!.pollOnce(r.clock.now());
    await r.gameData!.pollOnce(r.clock.now());
    const res = await r.as(VIEWER, 'GET', '/world/snapshot');
    expect(res.status).toBe(200);
    const d = res.json.data;
    expect(d).toMatchObject({ gameData: 'ready', capturedAt: r.clock.now().toISOString(), playersFrom: 'game-data' });
    expect(d.players.map((p: { name: string }) => p.name).sort()).toEqual(['Alice', 'Bob']);
    for (const p of d.players) {
      expect(p.guildName).toEqual(expect.stringContaining('Sim Guild'));
      expect(p.map.x).toBeCloseTo((p.world.y - 158000) / 459, 1);
    }
    const basePals = d.pals.filter((p: { kind: string }) => p.kind === 'basePal');
    expect(basePals.map((p: { characterId: string }) => p.characterId)).toEqual(expect.arrayContaining(['Anubis', 'PinkCat']));
    expect(basePals[0]).toMatchObject({ name: expect.stringContaining('Sim Nick'), trainerName: 'Sim Stranger' });
    expect(d.pals.some((p: { kind: string }) => p.kind === 'partyPal')).toBe(true);
    expect(d.npcs.length).toBeGreaterThan(0);
    expect(d.palBoxes.length).toBe(2);
    expect(d.wildPals).toBeGreaterThan(0);
    const body = JSON.stringify(res.json);
    const online = r.sim!.control.sensitiveStrings().filter((x) => /^\d+\.\d+\.\d+\.\d+$|^(steam|gdk|ps5|xbox)_/.test(x));
    expect(online.length).toBeGreaterThan(0);
    for (const secret of online) expect(body).not.toContain(secret);
    // The Integration API's aggregates are unchanged: no name of the snapshot reaches them.
    const summary = JSON.stringify(r.gameData!.getCache(r.clock.now()).actors);
    expect(summary).not.toContain('Sim Guild');
    expect(summary).not.toContain('Alice');
  });

  it("GET /world/snapshot names a guild the save knows by its display name, the save's unnamed guild after its leader", async () => {
    const r = await rig({ gameData: true });
    await r.poller!.pollOnce(r.clock.now());
    await r.gameData!.pollOnce(r.clock.now());
    const live = (await r.as(VIEWER, 'GET', '/world/snapshot')).json.data;
    const guildId: string = live.players[0].guildId;
    expect(live.players[0].guildName).toContain('Sim Guild');
    const world = makeWorld({ players: 1, pals: 1 });
    const leader = world.players[0];
    // The save writes the id with dashes in upper case; the live data may not.
    world.guilds = [
      {
        id: guildId.toUpperCase().replace(/^(.{8})(.{4})/, '$1-$2-'),
        name: 'Unnamed Guild',
        adminUid: leader.uid,
        members: [{ uid: leader.uid, name: 'Quill' }],
        bases: [],
      },
    ];
    r.ts.store.world.replace(world, r.clock.now().toISOString());
    const d = (await r.as(VIEWER, 'GET', '/world/snapshot')).json.data;
    const ofGuild = [...d.players, ...d.pals, ...d.palBoxes].filter((a: { guildId: string | null }) => a.guildId === guildId);
    expect(ofGuild.length).toBeGreaterThan(1);
    for (const a of ofGuild) expect(a.guildName).toBe("Quill's guild");
  });

  it('without game-data, players come from the REST poller; with no game at all, the snapshot is empty', async () => {
    const r = await rig();
    await r.poller!.pollOnce(r.clock.now());
    const d = (await r.as(VIEWER, 'GET', '/world/snapshot')).json.data;
    expect(d.gameData).toBe('disabled');
    expect(d.playersFrom).toBe('rest');
    expect(d.players.map((p: { name: string }) => p.name).sort()).toEqual(['Alice', 'Bob']);
    expect(d.pals).toEqual([]);
    const none = await rig({ game: false });
    const e = (await none.as(VIEWER, 'GET', '/world/snapshot')).json.data;
    expect(e).toMatchObject({ gameData: 'disabled', players: [], pals: [], npcs: [], palBoxes: [], wildPals: 0 });
  });
});
