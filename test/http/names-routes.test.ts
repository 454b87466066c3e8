// Names where a person reads (issue 38): a kick, a ban, a whitelist change and a task leave audit
// rows that keep their target's name beside its id, and event lines that read with names
// ("admin: kick player Player 2 (AFK)"), never the save uid or the platform id; the whitelist
// names the players its entries name; the audit log filters by actor, action and time. Against
// the simulated game server over real sockets, the real REST client and poller, a real store.
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
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('names beside ids: events, audit, bans, whitelist', () => {
  let ts: TempStore;
  let sim: SimGameServer;
  let client: GameRestClient;
  let poller: RestPoller;
  let moderator: Moderator;
  let clock: ManualClock;
  let send: (method: string, path: string, cookie: string, body?: unknown) => Promise<{ status: number; json: Json }>;
  let admin: string;
  let viewer: string;
  const names = new Map<string, string>();

  const poll = async () => {
    clock.advance(1000);
    expect(await poller.pollOnce(clock.now())).toBe(true);
    await moderator.idle();
  };

  beforeEach(async () => {
    clock = new ManualClock();
    ts = await tempStore(clock.now);
    const world = makeWorld({ players: 3, pals: 6 });
    ts.store.world.replace(world, clock.now().toISOString());
    for (const p of world.players) names.set(key(p.uid), p.name);
    sim = await startSimGameServer({
      players: [
        { uid: HOST, name: names.get(key(HOST))!, level: 10 },
        { uid: XBOX, name: names.get(key(XBOX))!, level: 11, userId: GDK },
        { uid: PLAY, name: names.get(key(PLAY))!, level: 12, userId: PS5 },
      ],
      churnPeriodMs: 0,
    });
    sim.control.setOnline([HOST, XBOX, PLAY]);
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
    ts.store.users.add(ADMIN.username, 'admin', ADMIN.password, 'cli');
    ts.store.users.add(VIEWER.username, 'viewer', VIEWER.password, 'cli');
    const handler = createHandler({
      store: ts.store,
      live: { ...EMPTY_LIVE, snapshot: () => poller.getSnapshot(), drop: (k) => poller.drop(k) },
      moderation,
      settings: { integrationRateLimit: 60, sessionTtlMs: 3_600_000 },
      clock: clock.now,
      log: silentLog,
      version: 't',
    });
    send = async (method, path, cookie, body) => {
      const req = { method, path: `${P}${path}`, headers: { cookie }, body: body === undefined ? undefined : JSON.stringify(body) };
      const res = await handler(toHttpRequest(req, '127.0.0.1'));
      const text = res.body === undefined ? '' : res.body.toString();
      return { status: res.status, json: text ? JSON.parse(text) : undefined };
    };
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

  const auditEvents = async () =>
    ((await send('GET', '/events?kind=audit&limit=50', admin)).json.data as { message: string }[]).map((e) => e.message);

  it('a kick, a ban and an unban read with the player name in the events and the audit; the ids stay in the audit row', async () => {
    const name = names.get(key(PLAY))!;
    expect((await send('POST', `/players/${PLAY}/kick`, admin, { reason: 'AFK' })).status).toBe(200);
    await poll();
    expect((await send('POST', `/players/${PLAY}/ban`, admin, { reason: 'griefing' })).status).toBe(200);
    expect((await send('POST', `/players/${PLAY}/unban`, admin, {})).status).toBe(200);

    const lines = await auditEvents();
    expect(lines).toContain(`admin: kick player ${name} (AFK)`);
    expect(lines).toContain(`admin: ban player ${name} (griefing)`);
    expect(lines).toContain(`admin: unban player ${name}`);
    for (const l of lines.filter((m) => m.includes(name))) {
      expect(l).not.toContain(key(PLAY));
      expect(l).not.toContain(PS5);
    }
    const rows = (await send('GET', '/audit?limit=10', admin)).json.data as Json[];
    expect(rows.find((r) => r.action === 'player.kick')).toMatchObject({
      actor: 'user:admin',
      target: key(PLAY),
      targetName: name,
      detail: `${PS5}: AFK`,
    });
    expect(rows.find((r) => r.action === 'player.ban')).toMatchObject({ target: key(PLAY), targetName: name });
    // A change without a name keeps null: a sign-in names a session, not a player.
    expect(rows.find((r) => r.action === 'session.create')).toMatchObject({ targetName: null });
  });

  it('a kicked player leaves the live list at once, before the next poll; nobody else leaves it', async () => {
    const online = async () => ((await send('GET', '/players?online=true', viewer)).json.data as { uid: string }[]).map((p) => p.uid);
    expect(await online()).toContain(PLAY);
    const polls = poller.getSnapshot().capturedAt;
    expect((await send('POST', `/players/${PLAY}/kick`, admin, { reason: 'AFK' })).status).toBe(200);
    // No poll ran in between: the list changed because of the kick itself.
    expect(poller.getSnapshot().capturedAt).toBe(polls);
    expect(await online()).not.toContain(PLAY);
    expect((await send('GET', `/players/${PLAY}`, viewer)).json.data.online).toBe(false);
    // Nobody else left the list.
    expect(await online()).toEqual(expect.arrayContaining([HOST, XBOX]));
  });

  it('the whitelist names the players its entries name, by platform id or save uid; an unknown id has no name', async () => {
    const put = await send('PUT', '/whitelist', admin, {
      enabled: false,
      entries: [
        { id: GDK, note: '' },
        { id: HOST, note: '' },
        { id: 'steam_76561190000000000', note: 'a friend' },
      ],
    });
    expect(put.status).toBe(200);
    const wl = (await send('GET', '/whitelist', viewer)).json.data;
    expect(wl.known).toEqual([
      { id: key(HOST), uid: key(HOST), name: names.get(key(HOST)) },
      { id: GDK, uid: key(XBOX), name: names.get(key(XBOX)) },
    ]);
    // The names are the panel's reading, never part of what PUT takes back.
    expect((await send('PUT', '/whitelist', admin, wl)).status).toBe(400);

    expect((await send('POST', `/players/${XBOX}/whitelist`, admin)).status).toBe(200);
    const rows = (await send('GET', '/audit?action=whitelist.add', admin)).json.data as Json[];
    expect(rows[0]).toMatchObject({ target: GDK, targetName: names.get(key(XBOX)) });
    const lines = await auditEvents();
    // The note (the player's name again) adds nothing to the line.
    expect(lines).toContain(`admin: add to the whitelist ${names.get(key(XBOX))}`);
    expect(lines).toContain('admin: update the whitelist (off, 3 entries)');
  });

  it('tasks: a change and a run name the task', async () => {
    const t = ts.store.tasks.add(
      { name: 'Nightly', enabled: true, schedule: { every: 'day', at: '04:00' }, action: { kind: 'save' } },
      'user:admin',
    );
    ts.store.tasks.recordRun(t.id, clock.now().toISOString(), 'skipped', 'cancelled by admin');
    const lines = await auditEvents();
    expect(lines).toContain('admin: change scheduled task Nightly (added)');
    expect(lines).toContain('system: run scheduled task Nightly (skipped: cancelled by admin)');
    const runs = (await send('GET', '/audit?action=task.run', admin)).json.data as Json[];
    expect(runs[0]).toMatchObject({ target: t.id, targetName: 'Nightly' });
  });

  it('the audit log filters by actor, action and time, as the card asks', async () => {
    const t0 = clock.now().toISOString();
    expect((await send('POST', `/players/${PLAY}/kick`, admin, { reason: 'AFK' })).status).toBe(200);
    clock.advance(600_000);
    await poll();
    const t1 = clock.now().toISOString();
    expect((await send('POST', `/players/${XBOX}/ban`, admin, { reason: 'griefing' })).status).toBe(200);
    const q = async (query: string) =>
      ((await send('GET', `/audit?${query}`, admin)).json.data as Json[]).map((r) => `${r.action} ${r.targetName ?? r.target}`);

    expect(await q('action=player.kick')).toEqual([`player.kick ${names.get(key(PLAY))}`]);
    expect(await q(`actor=user:admin&action=player.ban`)).toEqual([`player.ban ${names.get(key(XBOX))}`]);
    expect(await q('actor=user:viewer&action=player.ban')).toEqual([]);
    expect(await q(`from=${encodeURIComponent(t1)}&action=player.kick`)).toEqual([]);
    expect(await q(`from=${encodeURIComponent(t0)}&to=${encodeURIComponent(t1)}&actor=user:admin`)).toEqual([
      `player.kick ${names.get(key(PLAY))}`,
    ]);
    expect(await q(`from=${encodeURIComponent(t1)}`)).toEqual([`player.ban ${names.get(key(XBOX))}`]);
    expect((await send('GET', '/audit?actor=admin', admin)).status).toBe(400);
    expect((await send('GET', '/audit?action=kick', admin)).status).toBe(400);
    expect((await send('GET', '/audit?from=yesterday', admin)).status).toBe(400);
    expect((await send('GET', '/audit', viewer)).status).toBe(403);
  });
});
