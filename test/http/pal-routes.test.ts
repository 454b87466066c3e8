// GET /api/v1/pals, the pal browser's list: filters by owner, species, placement and level,
// sorted on the server, walked with nextCursor; any session may read it.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeWorld } from '../helpers/fixture.js';
import { P } from './conformance-table.js';
import { ADMIN, panelHarness, VIEWER, type PanelHarness } from './panel-harness.js';

let h: PanelHarness;
let cookie: string;
beforeEach(async () => {
  h = await panelHarness();
  h.ts.store.world.replace(makeWorld({ players: 4, pals: 240 }), h.clock.now().toISOString());
  cookie = await h.login(VIEWER);
});
afterEach(() => h.ts.cleanup());

const get = async (query: string) => {
  const res = await h.send({ method: 'GET', path: `${P}/pals${query}`, headers: { cookie } });
  return res;
};

async function walk(
  query: string,
): Promise<{ level: number; instanceId: string; ownerUid: string; placement: string; characterId: string }[]> {
  const out = [];
  let cursor: string | null = null;
  do {
    const res = await get(`${query}${query ? '&' : '?'}limit=37${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    out.push(...res.json.data);
    cursor = res.json.nextCursor;
  } while (cursor);
  return out;
}

describe('the pal browser list', () => {
  it('walks every pal once, highest level first by default, ties by instanceId in the same direction', async () => {
    const all = await walk('');
    expect(all).toHaveLength(240);
    expect(new Set(all.map((p) => p.instanceId)).size).toBe(240);
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1], all[i]];
      expect(a.level > b.level || (a.level === b.level && a.instanceId > b.instanceId)).toBe(true);
    }
  });

  it('filters by placement, level range, species and owner, and the filters combine', async () => {
    const world = makeWorld({ players: 4, pals: 240 });
    const owner = world.players[2]; // makePal gives pal i to player i % 4 and a base to i % 4 = 2
    const want = world.pals.filter((p) => p.placement === 'base' && p.level >= 10 && p.level <= 30 && p.ownerUid === owner.uid);
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(world.pals.length / 8);
    const got = await walk(`?placement=base&minLevel=10&maxLevel=30&species=lamb&owner=${owner.uid.toLowerCase()}`);
    expect(got.map((p) => p.instanceId).sort()).toEqual(want.map((p) => p.instanceId).sort());
    const bosses = await walk('?species=boss_');
    expect(bosses.map((p) => p.instanceId).sort()).toEqual(
      world.pals
        .filter((p) => p.characterId.startsWith('BOSS_'))
        .map((p) => p.instanceId)
        .sort(),
    );
    const byName = await walk(`?owner=${encodeURIComponent(owner.name.toUpperCase())}`);
    expect(byName.every((p) => p.ownerUid === owner.uid)).toBe(true);
    expect(byName.length).toBe(world.pals.filter((p) => p.ownerUid === owner.uid).length);
  });

  it('sorts by the chosen key in either order', async () => {
    const asc = await walk('?sort=level&order=asc');
    expect(asc[0].level).toBe(Math.min(...asc.map((p) => p.level)));
    const ids = await walk('?sort=instanceId&order=asc');
    expect(ids.map((p) => p.instanceId)).toEqual([...ids.map((p) => p.instanceId)].sort());
  });

  it('answers bad parameters with 400 in words and needs a session', async () => {
    expect((await get('?placement=garden')).status).toBe(400);
    expect((await get('?minLevel=-1')).status).toBe(400);
    expect((await get('?limit=0')).json.error.code).toBe('invalid_limit');
    expect((await get('?sort=colour')).status).toBe(400);
    const anon = await h.send({ method: 'GET', path: `${P}/pals` });
    expect(anon.status).toBe(401);
    const admin = await h.login(ADMIN);
    expect((await h.send({ method: 'GET', path: `${P}/pals?limit=1`, headers: { cookie: admin } })).status).toBe(200);
  });
});
