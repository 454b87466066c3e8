// The Paldeck, the guild page and the whitelist from the player, on the 1.0 fixture world (real
// saves, a real store on a temp dir, the panel's handler): the Paldeck rows are checked against
// each player's own save read here straight from its RecordData maps.
import { readdirSync, readFileSync } from 'node:fs';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { OnlinePlayer } from '../../src/domain/live.js';
import { toMapCoords } from '../../src/lib/map-coords.js';
import { readContainer } from '../../src/save/container/container.js';
import { decodeGvas } from '../../src/save/gvas/file.js';
import { getMap, getProps } from '../../src/save/gvas/types.js';
import { parseWorld, type ParseResult } from '../../src/save/index.js';
import { guidFromStem } from '../../src/save/reader.js';
import { WarningSink } from '../../src/save/warnings.js';
import { P } from './conformance-table.js';
import { TestLive } from '../helpers/fixture.js';
import { ADMIN, panelHarness, VIEWER, type PanelHarness } from './panel-harness.js';
import { FIXTURES, loadWorld } from '../save/fixtures.js';

const PLAYERS_DIR = `${FIXTURES}v1.0-relics/Players/`;

/** RecordData of one player save, read here without the parser's mapping. */
function recordOf(file: string): { unlocked: Set<string>; captured: Map<string, number> } {
  const { gvas } = readContainer(new Uint8Array(readFileSync(PLAYERS_DIR + file)));
  const g = decodeGvas(gvas, file, new WarningSink(), { SaveData: { RecordData: true } });
  const record = getProps(getProps(g.props, 'SaveData'), 'RecordData');
  const unlocked = new Set<string>();
  for (const [k, v] of getMap(record, 'PaldeckUnlockFlag')?.entries ?? []) if (v === true && typeof k === 'string') unlocked.add(k);
  const captured = new Map<string, number>();
  for (const [k, v] of getMap(record, 'PalCaptureCount')?.entries ?? [])
    if (typeof v === 'number' && v > 0 && typeof k === 'string') captured.set(k, v);
  return { unlocked, captured };
}

const online = (uid: string, name: string, userId: string): OnlinePlayer => ({
  name,
  accountName: name,
  playerId: uid.replace(/-/g, ''),
  userId,
  ip: '10.0.0.1',
  ping: 20,
  level: 1,
  location: null,
  buildingCount: 0,
});

describe('Paldeck, guild page and whitelist from the player (1.0 fixture)', () => {
  let h: PanelHarness;
  let live: TestLive;
  let world: ParseResult;
  let viewer: string;
  let admin: string;
  const get = (path: string, cookie = viewer) => h.send({ method: 'GET', path: `${P}${path}`, headers: { cookie } });
  const call = (method: string, path: string, cookie: string, body?: unknown) =>
    h.send({ method, path: `${P}${path}`, headers: { cookie }, body: body === undefined ? undefined : JSON.stringify(body) });

  beforeAll(async () => {
    live = new TestLive();
    h = await panelHarness(3_600_000, { live });
    world = await parseWorld(loadWorld('v1.0-relics'));
    h.ts.store.world.replace(world, '2026-07-14T09:00:00.000Z');
    viewer = await h.login(VIEWER);
    admin = await h.login(ADMIN);
  });
  afterAll(() => h.ts.cleanup());

  it('Paldeck rows match each player save: unlocked species and captures per species, totals as the three counters', async () => {
    const files = readdirSync(PLAYERS_DIR).filter((f) => /^[0-9A-F]{32}\.sav$/i.test(f));
    expect(files.length).toBeGreaterThanOrEqual(9);
    let checked = 0;
    for (const f of files) {
      const uid = guidFromStem(f.slice(0, -4))!;
      const player = world.players.find((p) => p.uid === uid);
      if (!player) continue; // a player file without a character in Level.sav
      const rec = recordOf(f);
      const res = await get(`/players/${uid}/paldeck`);
      expect(res.status).toBe(200);
      const d = res.json.data;
      expect(d.recorded).toBe(true);
      const rows = d.species as { key: string; name: string; unlocked: boolean; captured: number; unlockedBy: number }[];
      expect(
        rows
          .filter((r) => r.unlocked)
          .map((r) => r.key)
          .sort(),
      ).toEqual([...rec.unlocked].sort());
      expect(Object.fromEntries(rows.filter((r) => r.captured > 0).map((r) => [r.key, r.captured]))).toEqual(
        Object.fromEntries(rec.captured),
      );
      // The totals are the Integration API's counters, unchanged.
      expect(d.totals).toEqual({ unlocked: player.paldeckUnlocked, capturedSpecies: rec.captured.size, captureTotal: player.captureTotal });
      // Every row is named; a species from the table shows its name, not its key.
      expect(rows.every((r) => r.name.length > 0)).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(9);
    const espat = (await get('/players/E1530496-0000-0000-0000-000000000000/paldeck')).json.data;
    expect(espat.totals.unlocked).toBe(146);
    const lamball = espat.species.find((r: { key: string }) => r.key.toLowerCase() === 'sheepball');
    expect(lamball).toMatchObject({ name: 'Lamball' });
    // The server's totals: every player with a save, and how many have each species.
    expect(espat.server.players).toBe(world.players.length);
    expect(espat.server.playersRecorded).toBe(world.players.filter((p) => p.paldeck).length);
    const unlockedBy = world.players.filter((p) => p.paldeck?.some((e) => e.key === lamball.key && e.unlocked)).length;
    expect(lamball.unlockedBy).toBe(unlockedBy);
    // The Integration API's player row keeps its three counters and nothing more.
    expect(Object.keys((await get('/players')).json.data[0])).not.toContain('paldeck');
  });

  it('a player without a save of their own: every row locked, recorded false; an unknown uid is 404', async () => {
    const noSave = world.players.find((p) => !p.paldeck)!;
    const d = (await get(`/players/${noSave.uid}/paldeck`)).json.data;
    expect(d.recorded).toBe(false);
    expect(d.totals).toEqual({ unlocked: 0, capturedSpecies: 0, captureTotal: 0 });
    expect(d.species.length).toBeGreaterThan(100);
    expect((await get('/players/00000000-0000-0000-0000-0000000000AB/paldeck')).status).toBe(404);
  });

  it('guild page: members with online state and level, bases in map coordinates with their workers, live activity, the pals', async () => {
    const g = world.guilds.find((x) => x.members.length === 3)!;
    const member = world.players.find((p) => p.uid === g.members[0].uid)!;
    const worker = world.pals.find((p) => p.placement === 'base' && p.baseId === g.bases[0].id)!;
    live.setRunning([online(member.uid, member.name, 'steam_76561190000000001')]);
    live.workers = {
      state: 'ready',
      capturedAt: '2026-07-14T09:30:00.000Z',
      workers: [
        {
          instanceId: worker.instanceId,
          characterId: worker.characterId,
          displayName: worker.displayName,
          isBoss: false,
          level: worker.level,
          hpPercent: 80,
          active: true,
          activity: 'working',
          baseId: worker.baseId!,
        },
      ],
    };
    const res = await get(`/guilds/${g.id.toLowerCase()}`);
    expect(res.status).toBe(200);
    const d = res.json.data;
    expect(d.id).toBe(g.id);
    // Named as the Guilds list names it, bases too (views/guild-labels.ts).
    const listed = (await get('/guilds')).json.data.find((x: { id: string }) => x.id === g.id);
    expect(d.displayName).toBe(listed.displayName);
    expect(d.bases.map((b: { id: string; displayName: string }) => [b.id, b.displayName])).toEqual(
      listed.bases.map((b: { id: string; displayName: string }) => [b.id, b.displayName]),
    );
    expect(d.members.map((m: { uid: string }) => m.uid)).toEqual(g.members.map((m) => m.uid));
    expect(d.members[0]).toMatchObject({ online: true, level: member.level, inSave: true, lastSeenAt: expect.any(String) });
    expect(d.members.filter((m: { online: boolean }) => m.online)).toHaveLength(1);
    expect(d.bases).toHaveLength(g.bases.length);
    for (const b of d.bases) {
      const src = g.bases.find((x) => x.id === b.id)!;
      expect(b.location).toEqual(src.location);
      expect(b.map).toEqual(src.location ? toMapCoords(src.location) : null);
      const placed = world.pals.filter((p) => p.placement === 'base' && p.baseId === b.id).map((p) => p.instanceId);
      expect(b.workers.map((w: { instanceId: string }) => w.instanceId)).toEqual(placed);
    }
    const shown = d.bases
      .find((b: { id: string }) => b.id === worker.baseId)
      .workers.find((w: { instanceId: string }) => w.instanceId === worker.instanceId);
    expect(shown.live).toEqual({ active: true, activity: 'working', hpPercent: 80 });
    expect(
      d.bases.find((b: { id: string }) => b.id === worker.baseId).workers.filter((w: { live: unknown }) => w.live !== null),
    ).toHaveLength(1);
    expect(d.gameData).toBe('ready');
    // The guild's pals: its members' own and every pal at its bases, once each.
    const memberUids = new Set(g.members.map((m) => m.uid));
    const baseIds = new Set(g.bases.map((b) => b.id));
    const expected = world.pals
      .filter((p) => memberUids.has(p.ownerUid) || (p.placement === 'base' && baseIds.has(p.baseId ?? '')))
      .map((p) => p.instanceId)
      .sort();
    expect(d.pals.map((p: { instanceId: string }) => p.instanceId)).toEqual(expected);
    expect((await get('/guilds/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await get('/guilds/not-an-id')).status).toBe(404);
  });

  it('whitelist impact: the online players not on the proposed list, nothing changed; admin only', async () => {
    const [a, b, c] = world.players;
    live.setRunning([online(a.uid, a.name, 'steam_1'), online(b.uid, b.name, 'gdk_2'), online(c.uid, c.name, '')]);
    const before = (await get('/whitelist')).json.data;
    const proposed = { enabled: true, entries: [{ id: 'gdk_2', note: '' }] };
    expect((await call('POST', '/whitelist/impact', viewer, proposed)).status).toBe(403);
    const res = await call('POST', '/whitelist/impact', admin, proposed);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      reachable: true,
      kicks: [
        { uid: a.uid.replace(/-/g, ''), name: a.name, userId: 'steam_1' },
        { uid: c.uid.replace(/-/g, ''), name: c.name, userId: '' },
      ],
    });
    // A save uid on the list counts as well as a platform id.
    const byUid = await call('POST', '/whitelist/impact', admin, {
      enabled: true,
      entries: [
        { id: a.uid, note: '' },
        { id: 'gdk_2', note: '' },
      ],
    });
    expect(byUid.json.data.kicks.map((k: { name: string }) => k.name)).toEqual([c.name]);
    const bad = await call('POST', '/whitelist/impact', admin, { enabled: true, entries: [{ id: 'not an id', note: '' }] });
    expect(bad.status).toBe(400);
    expect((await get('/whitelist')).json.data).toEqual(before);
  });

  it('whitelist from the player: add by platform id (save uid when never seen online), remove both; viewers read only', async () => {
    const [a, , , d] = world.players;
    live.setRunning([online(a.uid, a.name, 'steam_1')]);
    expect((await call('POST', `/players/${a.uid}/whitelist`, viewer)).status).toBe(403);
    const added = await call('POST', `/players/${a.uid}/whitelist`, admin);
    expect(added.status).toBe(200);
    expect(added.json.data).toMatchObject({ uid: a.uid, whitelisted: true, ids: ['steam_1'] });
    expect((await get(`/players/${a.uid}`)).json.data.whitelisted).toBe(true);
    // Never seen online: by save uid.
    const offline = await call('POST', `/players/${d.uid}/whitelist`, admin);
    expect(offline.json.data.ids).toEqual([d.uid.replace(/-/g, '')]);
    // On by save uid and by platform id: removing takes both off.
    await call('PUT', '/whitelist', admin, {
      enabled: false,
      entries: [
        { id: 'steam_1', note: '' },
        { id: a.uid, note: '' },
      ],
    });
    const removed = await call('DELETE', `/players/${a.uid}/whitelist`, admin);
    expect(removed.json.data).toMatchObject({ whitelisted: false, ids: [] });
    expect((await get('/whitelist')).json.data.entries).toEqual([]);
    expect((await call('POST', '/players/00000000-0000-0000-0000-0000000000AB/whitelist', admin)).status).toBe(404);
    // A name with a control character (the save allows it, a note does not): noted without it.
    const odd = world.players[4];
    h.ts.store.world.replace(
      { ...world, players: world.players.map((p) => (p === odd ? { ...p, name: 'Bad\u0007Name' } : p)) },
      '2026-07-14T09:05:00.000Z',
    );
    expect((await call('POST', `/players/${odd.uid}/whitelist`, admin)).status).toBe(200);
    const entry = (await get('/whitelist')).json.data.entries.find((e: { id: string }) => e.id === odd.uid.replace(/-/g, ''));
    expect(entry).toEqual({ id: odd.uid.replace(/-/g, ''), note: 'BadName' });
  });
});
