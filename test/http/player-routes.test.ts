// The panel's players and moderation routes (issue 11) against the simulated game server: real
// sockets, the real REST client and poller, a real store on a temp dir. Players on three
// platforms (Steam, Xbox `gdk_`, PlayStation `ps5_`): the platform id is never assumed Steam.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moderationActions } from '../../src/actions/moderation-actions.js';
import { Moderator } from '../../src/actions/whitelist-moderator.js';
import { startSimGameServer, type SimGameServer } from '../../src/demo/sim/index.js';
import { GameRestClient } from '../../src/game/rest-client.js';
import { EMPTY_LIVE } from '../../src/poller/live-source.js';
import { createHandler } from '../../src/http/index.js';
import { RestPoller } from '../../src/poller/rest-poller.js';
import { P } from './conformance-table.js';
import { HOST_UID, makeWorld, ManualClock, playerUid, silentLog, tempStore, toHttpRequest, type TempStore } from '../helpers/fixture.js';
import { ADMIN, VIEWER } from './panel-harness.js';

const GDK = 'gdk_2535412345678901';
const PS5 = 'ps5_8812345678901234567';
const [HOST, XBOX, PLAY] = [HOST_UID, playerUid(1), playerUid(2)];
const key = (uid: string) => uid.replace(/-/g, '').toUpperCase();

describe('panel players and moderation routes', () => {
  let ts: TempStore;
  let sim: SimGameServer;
  let client: GameRestClient;
  let poller: RestPoller;
  let moderator: Moderator;
  let clock: ManualClock;
  let send: (method: string, path: string, cookie: string, body?: unknown) => Promise<{ status: number; json: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** As send, with the body's bytes as given (none, empty). */
  let sendRaw: (method: string, path: string, cookie: string, raw: string | undefined) => ReturnType<typeof send>;
  let admin: string;
  let viewer: string;

  const poll = async () => {
    clock.advance(1000);
    expect(await poller.pollOnce(clock.now())).toBe(true);
    await moderator.idle();
  };

  beforeEach(async () => {
    clock = new ManualClock();
    sim = await startSimGameServer({
      players: [
        { uid: HOST, name: 'Player 0', level: 10 },
        { uid: XBOX, name: 'Player 1', level: 11, userId: GDK },
        { uid: PLAY, name: 'Player 2', level: 12, userId: PS5 },
      ],
      churnPeriodMs: 0,
    });
    sim.control.setOnline([HOST, XBOX, PLAY]);
    ts = await tempStore(clock.now);
    ts.store.world.replace(makeWorld({ players: 3, pals: 6 }), clock.now().toISOString());
    client = new GameRestClient({ baseUrl: sim.restUrl, password: sim.password });
    const moderation = moderationActions(client, ts.store);
    moderator = new Moderator(ts.store, moderation, silentLog);
    poller = new RestPoller({
      source: client,
      intervalMs: 1000,
      events: ts.store.events,
      presence: ts.store.history,
      roster: moderator.roster,
      now: clock.now,
    });
    const live = { ...EMPTY_LIVE, snapshot: () => poller.getSnapshot() };
    ts.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
    const handler = createHandler({
      store: ts.store,
      live,
      moderation,
      settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000 },
      clock: clock.now,
      log: silentLog,
      version: 't',
    });
    sendRaw = async (method, path, cookie, raw) => {
      const res = await handler(toHttpRequest({ method, path: `${P}${path}`, headers: cookie ? { cookie } : {}, body: raw }, '127.0.0.1'));
      const text = res.body === undefined ? '' : res.body.toString();
      return { status: res.status, json: text ? JSON.parse(text) : undefined };
    };
    send = (method, path, cookie, body) => sendRaw(method, path, cookie, body === undefined ? undefined : JSON.stringify(body));
    const login = async (c: { username: string; password: string }) => {
      const res = await handler(toHttpRequest({ method: 'POST', path: `${P}/auth/login`, body: JSON.stringify(c) }, '127.0.0.1'));
      return res.headers['set-cookie'].split(';')[0];
    };
    admin = await login(ADMIN);
    viewer = await login(VIEWER);
    await poll();
  });
  afterEach(async () => {
    await client.close();
    await sim.close();
    ts.cleanup();
  });

  it('lists players with every viewer field, the platform id as the game gives it, search and online filter', async () => {
    const list = await send('GET', '/players', viewer);
    expect(list.status).toBe(200);
    expect(list.json.nextCursor).toBeNull();
    const byUid = new Map(list.json.data.map((p: { uid: string }) => [p.uid, p]));
    expect(byUid.get(XBOX)).toMatchObject({
      name: 'Player 1',
      online: true,
      userId: GDK,
      banned: false,
      whitelisted: false,
      ping: expect.any(Number),
    });
    expect(byUid.get(PLAY)).toMatchObject({ userId: PS5, accountName: expect.any(String) });
    expect((byUid.get(HOST) as { userId: string }).userId).toMatch(/^steam_/);
    expect((byUid.get(XBOX) as { location: unknown }).location).toEqual({ x: expect.any(Number), y: expect.any(Number) });

    const found = await send('GET', '/players?search=player%202', viewer);
    expect(found.json.data.map((p: { uid: string }) => p.uid)).toEqual([PLAY]);
    const page = await send('GET', '/players?limit=2', viewer);
    expect(page.json.data).toHaveLength(2);
    const next = await send('GET', `/players?limit=2&cursor=${page.json.nextCursor}`, viewer);
    expect(next.json.data).toHaveLength(1);
    expect(next.json.nextCursor).toBeNull();

    // Offline: live fields go null, the platform id learned while online stays.
    sim.control.setOnline([HOST]);
    await poll();
    const offline = await send('GET', '/players?online=false', viewer);
    expect(
      offline.json.data.map((p: { uid: string; userId: string; ping: null; location: null }) => [p.uid, p.userId, p.ping, p.location]),
    ).toEqual([
      [XBOX, GDK, null, null],
      [PLAY, PS5, null, null],
    ]);
    expect((await send('GET', '/players?online=true', viewer)).json.data.map((p: { uid: string }) => p.uid)).toEqual([HOST]);
    expect((await send('GET', '/players?online=maybe', viewer)).status).toBe(400);
  });

  it('player detail: sessions, pals, guild; unknown uid is 404', async () => {
    const d = await send('GET', `/players/${HOST}`, viewer);
    expect(d.status).toBe(200);
    expect(d.json.data).toMatchObject({ uid: HOST, online: true, banned: false, whitelisted: false });
    expect(d.json.data.sessions).toEqual([{ startedAt: expect.any(String), endedAt: null, lastSeenAt: expect.any(String) }]);
    expect(d.json.data.pals.length).toBeGreaterThan(0);
    expect(d.json.data.guild).toMatchObject({ id: 'guild-0', members: expect.any(Array), bases: expect.any(Array) });
    expect((await send('GET', '/players/ABCDEF00-0000-0000-0000-000000000009', viewer)).status).toBe(404);
    const guilds = await send('GET', '/guilds', viewer);
    expect(guilds.json.data.map((g: { id: string }) => g.id)).toEqual(['guild-0', 'guild-1']);
  });

  it('kick goes to the game with the crossplay id; offline is 409, a viewer 403, the game down 503', async () => {
    expect((await send('POST', `/players/${XBOX}/kick`, viewer, {})).status).toBe(403);
    const kick = await send('POST', `/players/${XBOX}/kick`, admin, { reason: 'spawn camping' });
    expect(kick.status).toBe(200);
    expect(sim.control.adminActions()).toContainEqual({ via: 'rest', action: 'kick', args: { userid: GDK, message: 'spawn camping' } });
    const audit = ts.store.audit.list({ limit: 10, action: 'player.kick' }).data;
    expect(audit).toEqual([
      expect.objectContaining({ actor: 'user:admin', target: key(XBOX), outcome: 'ok', detail: `${GDK}: spawn camping` }),
    ]);

    await poll(); // the sim keeps a kicked player away
    const again = await send('POST', `/players/${XBOX}/kick`, admin, {});
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('conflict');
    // No one has this uid: not found, not "offline".
    const nobody = await send('POST', '/players/0000DEAD-0000-0000-0000-00000000BEEF/kick', admin, {});
    expect(nobody.status).toBe(404);
    expect(nobody.json.error.code).toBe('not_found');

    await sim.control.setMode('unreachable');
    clock.advance(1000);
    await poller.pollOnce(clock.now());
    clock.advance(1000);
    await poller.pollOnce(clock.now());
    const down = await send('POST', `/players/${HOST}/kick`, admin, {});
    expect(down.status).toBe(503);
    expect(down.json.error.code).toBe('game_unavailable');
    const ban = await send('POST', `/players/${PLAY}/ban`, admin, {});
    expect(ban.status).toBe(503);
    expect(ban.json.error.message).toContain('did not do the ban');
    expect(ts.store.moderation.bans()).toEqual([]);
    // The attempt is audited as refused; the ban list stays empty.
    expect(ts.store.audit.list({ limit: 10, action: 'player.ban' }).data).toEqual([
      expect.objectContaining({ actor: 'user:admin', target: key(PLAY), outcome: 'refused', reason: 'game_unavailable' }),
    ]);
  });

  it('ban and unban by platform id, the ban remembered for an offline player', async () => {
    sim.control.setOnline([HOST]);
    await poll();
    const ban = await send('POST', `/players/${PLAY}/ban`, admin, { reason: 'griefing' });
    expect(ban.status).toBe(200);
    expect(ban.json.data).toMatchObject({ userId: PS5, uid: key(PLAY), name: 'Player 2', reason: 'griefing', bannedBy: 'user:admin' });
    expect(sim.control.adminActions()).toContainEqual({ via: 'rest', action: 'ban', args: { userid: PS5, message: 'griefing' } });
    expect((await send('GET', '/bans', viewer)).json.data).toEqual([ban.json.data]);
    expect((await send('GET', `/players/${PLAY}`, viewer)).json.data.banned).toBe(true);

    const unban = await send('POST', `/players/${PLAY}/unban`, admin, {});
    expect(unban.status).toBe(200);
    expect(sim.control.adminActions()).toContainEqual({ via: 'rest', action: 'unban', args: { userid: PS5, message: '' } });
    expect((await send('GET', '/bans', viewer)).json.data).toEqual([]);
    expect(
      ts.store.audit
        .list({ limit: 10 })
        .data.map((a) => a.action)
        .slice(0, 2),
    ).toEqual(['player.unban', 'player.ban']);
    expect((await send('POST', `/players/${PLAY}/ban`, admin, { reason: 'x'.repeat(201) })).status).toBe(400);
  });

  // Issue 28, finding 10: kick, ban and unban without a body answered 400 though `reason` is
  // optional; a second ban replaced the first's reason and time without a word.
  it('kick, ban and unban take no body or an empty one; a second ban keeps the first and says so, unless replace', async () => {
    for (const [raw, kicked] of [
      [undefined, XBOX],
      ['', HOST],
    ] as const) {
      const kick = await sendRaw('POST', `/players/${kicked}/kick`, admin, raw);
      expect(kick.status, `kick, body ${JSON.stringify(raw)}`).toBe(200);
      const ban = await sendRaw('POST', `/players/${PLAY}/ban`, admin, raw);
      expect(ban.status, `ban, body ${JSON.stringify(raw)}`).toBe(200);
      expect(ban.json.data).toMatchObject({ userId: PS5, reason: null });
      const unban = await sendRaw('POST', `/players/${PLAY}/unban`, admin, raw);
      expect(unban.status, `unban, body ${JSON.stringify(raw)}`).toBe(200);
    }
    expect((await sendRaw('POST', `/players/${PLAY}/ban`, admin, 'not json')).status).toBe(400);

    const first = await send('POST', `/players/${PLAY}/ban`, admin, { reason: 'griefing' });
    expect(first.status).toBe(200);
    clock.advance(60_000);
    const bansBefore = ts.store.audit.list({ limit: 100, action: 'player.ban' }).data.length;
    const gameBefore = sim.control.adminActions().length;
    const again = await send('POST', `/players/${PLAY}/ban`, admin, { reason: 'spam' });
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({
      code: 'conflict',
      message: `This player is already banned since ${first.json.data.bannedAt} by admin for "griefing"; send {"replace": true} to replace that ban.`,
    });
    expect((await send('GET', '/bans', viewer)).json.data).toEqual([first.json.data]);
    expect(sim.control.adminActions()).toHaveLength(gameBefore);
    expect(ts.store.audit.list({ limit: 100, action: 'player.ban' }).data).toHaveLength(bansBefore);

    const replaced = await send('POST', `/players/${PLAY}/ban`, admin, { reason: 'spam', replace: true });
    expect(replaced.status).toBe(200);
    expect(replaced.json.data).toMatchObject({ reason: 'spam', bannedAt: clock.now().toISOString() });
    expect((await send('GET', '/bans', viewer)).json.data).toEqual([replaced.json.data]);
  });

  it('whitelist: admin sets it; when on, a player not on it is kicked on join, audited as system, a moderation event the Integration API never shows', async () => {
    expect((await send('PUT', '/whitelist', viewer, { enabled: true, entries: [] })).status).toBe(403);
    const bad = await send('PUT', '/whitelist', admin, { enabled: true, entries: [{ id: 'not an id', note: '' }] });
    expect(bad.status).toBe(400);
    expect((await send('GET', '/whitelist', viewer)).json.data).toEqual({ enabled: false, entries: [], known: [] });

    sim.control.setOnline([]);
    await poll();
    const put = await send('PUT', '/whitelist', admin, {
      enabled: true,
      entries: [
        { id: GDK, note: 'xbox friend' },
        { id: HOST.toLowerCase(), note: 'host' },
      ],
    });
    expect(put.status).toBe(200);
    expect(put.json.data).toMatchObject({
      enabled: true,
      entries: [
        { id: key(HOST), note: 'host' },
        { id: GDK, note: 'xbox friend' },
      ],
    });

    sim.control.setOnline([HOST, XBOX, PLAY]);
    await poll();
    const kicks = sim.control.adminActions().filter((a) => a.action === 'kick');
    expect(kicks).toEqual([{ via: 'rest', action: 'kick', args: { userid: PS5, message: expect.any(String) } }]);
    const audit = ts.store.audit.list({ limit: 10, action: 'player.kick' }).data;
    expect(audit).toEqual([expect.objectContaining({ actor: 'system', target: key(PLAY), outcome: 'ok' })]);
    expect(ts.store.events.listAll(100).filter((e) => e.kind === 'moderation')).toEqual([
      expect.objectContaining({ message: expect.stringContaining(PS5) }),
    ]);
    expect(ts.store.events.listPublic(100).some((e) => e.kind === 'moderation')).toBe(false);
    const d = await send('GET', `/players/${XBOX}`, viewer);
    expect(d.json.data.whitelisted).toBe(true);
  });

  it('whitelist: players already online when it is switched on are kicked at the next poll, once', async () => {
    sim.control.setOnline([HOST, PLAY]);
    await poll();
    expect((await send('PUT', '/whitelist', admin, { enabled: true, entries: [{ id: HOST, note: 'host' }] })).status).toBe(200);
    await poll();
    await moderator.idle();
    expect(sim.control.adminActions().filter((a) => a.action === 'kick')).toEqual([
      { via: 'rest', action: 'kick', args: { userid: PS5, message: expect.any(String) } },
    ]);
    await poll();
    await moderator.idle();
    expect(sim.control.adminActions().filter((a) => a.action === 'kick')).toHaveLength(1);
    expect(ts.store.audit.list({ limit: 10, action: 'player.kick' }).data).toEqual([
      expect.objectContaining({ actor: 'system', target: key(PLAY), outcome: 'ok' }),
    ]);
  });

  it('join and leave announcements: off by default, admin templates, said in game on join and leave', async () => {
    expect((await send('GET', '/announcements', viewer)).json.data).toEqual({
      enabled: false,
      joinTemplate: '{name} joined the server',
      leaveTemplate: '{name} left the server',
    });
    sim.control.setOnline([HOST]);
    await poll();
    expect(sim.control.adminActions().filter((a) => a.action === 'announce')).toEqual([]);

    expect(
      (await send('PUT', '/announcements', viewer, { enabled: true, joinTemplate: 'hi {name}', leaveTemplate: 'bye {name}' })).status,
    ).toBe(403);
    expect((await send('PUT', '/announcements', admin, { enabled: true, joinTemplate: '', leaveTemplate: 'bye {name}' })).status).toBe(400);
    const put = await send('PUT', '/announcements', admin, {
      enabled: true,
      joinTemplate: 'Welcome, {name}!',
      leaveTemplate: 'Bye {name}',
    });
    expect(put.status).toBe(200);
    sim.control.setOnline([XBOX]);
    await poll();
    expect(
      sim.control
        .adminActions()
        .filter((a) => a.action === 'announce')
        .map((a) => a.args.message)
        .sort(),
    ).toEqual(['Bye Player 0', 'Welcome, Player 1!']);
    expect(ts.store.audit.list({ limit: 5, action: 'announcements.update' }).data).toEqual([
      expect.objectContaining({ actor: 'user:admin', detail: 'on' }),
    ]);
  });
});
