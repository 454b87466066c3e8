// The pal explorer (GET /api/v1/pals) on a generated world parsed by the real parser into the real
// store: each filter and combination gives exactly the pals a plain filter over every row gives,
// walking the pages yields each of them once in the asked order, `total` counts them, and an
// unknown placement carries its reason. Timings are in bench/http/pal-explorer.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSyntheticWorld, playerStem } from '../../src/demo/world-gen/index.js';
import { encodeCursor } from '../../src/contract/cursor.js';
import type { WorldPal } from '../../src/domain/world.js';
import { parseWorld } from '../../src/save/index.js';
import { P } from './conformance-table.js';
import { panelHarness, VIEWER, type PanelHarness } from './panel-harness.js';

let h: PanelHarness;
let cookie: string;
let pals: WorldPal[];
/** The player whose Players/<UID>.sav is left out of the parse. */
let missingUid: string;

beforeAll(async () => {
  const world = generateSyntheticWorld({ seed: 11, players: 12, pals: 3000, guilds: 3, basesPerGuild: 2 });
  missingUid = world.expected.players[5].uid;
  const players = new Map(world.files.players);
  players.delete(playerStem(missingUid));
  const snap = await parseWorld({ level: world.files['Level.sav'], levelMeta: world.files['LevelMeta.sav'], players });
  // The generator gives each pal one passive at most: every fifth pal holding one gets a second.
  snap.pals.forEach((p, i) => i % 5 === 0 && p.passiveSkillIds.length > 0 && p.passiveSkillIds.push('Legend'));
  pals = snap.pals;
  h = await panelHarness();
  h.ts.store.world.replace(snap, h.clock.now().toISOString());
  cookie = await h.login(VIEWER);
}, 60_000);
afterAll(() => h.ts.cleanup());

const get = (query: string) => h.send({ method: 'GET', path: `${P}/pals${query}`, headers: { cookie } });

interface Row {
  instanceId: string;
  stars: number;
  unknownReason: string | null;
  [k: string]: unknown;
}

async function walk(query: string, limit = 97): Promise<{ rows: Row[]; totals: number[] }> {
  const rows: Row[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(`?${query}${query ? '&' : ''}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status, res.body).toBe(200);
    rows.push(...res.json.data);
    totals.push(res.json.total);
    cursor = res.json.nextCursor;
  } while (cursor);
  return { rows, totals };
}

const stars = (p: WorldPal) => (p.rank !== null && p.rank >= 1 && p.rank <= 5 ? p.rank - 1 : 0);
const KEYS: Record<string, (p: WorldPal) => string | number> = {
  level: (p) => p.level,
  name: (p) => p.displayName.toLowerCase(),
  owner: (p) => p.ownerName.toLowerCase(),
  species: (p) => p.characterId.toLowerCase(),
  stars,
  talents: (p) => p.talents.hp + p.talents.shot + p.talents.defense,
  instanceId: (p) => p.instanceId,
};
/** SQLite compares text as UTF-8 bytes; so does this. */
const cmp = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : Buffer.compare(Buffer.from(String(a)), Buffer.from(String(b)));

function expected(filter: (p: WorldPal) => boolean, sort = 'level', order = 'desc'): string[] {
  const key = KEYS[sort];
  const dir = order === 'asc' ? 1 : -1;
  return pals
    .filter(filter)
    .sort((a, b) => dir * (cmp(key(a), key(b)) || cmp(a.instanceId, b.instanceId)))
    .map((p) => p.instanceId);
}

const has = (p: WorldPal, skill: string) => p.passiveSkillIds.some((s) => s.toLowerCase() === skill.toLowerCase());

describe('the pal explorer against a plain filter over every row', () => {
  const owner = () => pals.find((p) => p.ownerName !== '')!;
  const pair = () => pals.find((p) => p.passiveSkillIds.length >= 2)!.passiveSkillIds;
  const cases: [string, () => string, (p: WorldPal) => boolean][] = [
    ['no filter', () => '', () => true],
    ['alpha', () => 'alpha=true', (p) => p.isAlpha],
    ['not alpha', () => 'alpha=false', (p) => !p.isAlpha],
    ['lucky', () => 'lucky=true', (p) => p.isLucky],
    ['3 stars or more', () => 'minStars=3', (p) => stars(p) >= 3],
    ['exactly 0 stars', () => 'maxStars=0', (p) => stars(p) === 0],
    ['species part, any case', () => 'species=LAMB', (p) => /lamb/i.test(p.characterId) || /lamb/i.test(p.displayName)],
    [
      'owner by name part',
      () => `owner=${encodeURIComponent(owner().ownerName.slice(1, 4).toUpperCase())}`,
      (p) => p.ownerName.toLowerCase().includes(owner().ownerName.slice(1, 4).toLowerCase()),
    ],
    [
      'owner by uid without dashes',
      () => `owner=${owner().ownerUid.replace(/-/g, '').toLowerCase()}`,
      (p) => p.ownerUid === owner().ownerUid,
    ],
    ['placement unknown', () => 'placement=unknown', (p) => p.placement === 'unknown'],
    ['level range', () => 'minLevel=20&maxLevel=25', (p) => p.level >= 20 && p.level <= 25],
    ['one passive, any case', () => 'passive=rare', (p) => has(p, 'Rare')],
    ['two passives', () => `passive=${pair()[0]}&passive=${pair()[1]}`, (p) => has(p, pair()[0]) && has(p, pair()[1])],
    [
      'everything at once',
      () => 'alpha=false&lucky=false&minStars=1&maxStars=3&placement=box&minLevel=5&maxLevel=50&passive=CraftSpeed_up1',
      (p) =>
        !p.isAlpha &&
        !p.isLucky &&
        stars(p) >= 1 &&
        stars(p) <= 3 &&
        p.placement === 'box' &&
        p.level >= 5 &&
        p.level <= 50 &&
        has(p, 'CraftSpeed_up1'),
    ],
  ];

  it.each(cases)('%s: the same pals, each once, in order, with the right total', async (_, query, filter) => {
    const want = expected(filter);
    expect(want.length).toBeGreaterThan(0); // a filter that matches nothing proves nothing
    const { rows, totals } = await walk(query());
    expect(rows.map((r) => r.instanceId)).toEqual(want);
    expect(new Set(totals)).toEqual(new Set([want.length]));
  });

  it.each(Object.keys(KEYS).flatMap((sort) => [[sort, 'asc'] as const, [sort, 'desc'] as const]))(
    'sort %s %s: every pal once in that order, ties by instanceId the same way',
    async (sort, order) => {
      const { rows } = await walk(`sort=${sort}&order=${order}`, 200);
      expect(rows.map((r) => r.instanceId)).toEqual(expected(() => true, sort, order));
    },
  );

  it('rows carry stars and, for an unknown placement only, why', async () => {
    const { rows } = await walk('', 200);
    const byId = new Map(pals.map((p) => [p.instanceId, p]));
    const reasons = new Map<string, number>();
    for (const r of rows) {
      const p = byId.get(r.instanceId)!;
      expect(r.stars).toBe(stars(p));
      expect(r.unknownReason === null).toBe(p.placement !== 'unknown');
      if (r.unknownReason) reasons.set(r.unknownReason, (reasons.get(r.unknownReason) ?? 0) + 1);
    }
    // The player without a file: every pal of theirs outside a base is unknown, and says so.
    const orphans = pals.filter((p) => p.ownerUid === missingUid && p.placement === 'unknown');
    expect(orphans.length).toBeGreaterThan(10);
    expect(reasons.get('owner_file_missing')).toBe(orphans.length);
    // Guild chests of players whose file was read: another container.
    expect(reasons.get('other_container')).toBe(pals.filter((p) => p.placement === 'unknown').length - orphans.length);
    expect(reasons.get('other_container')).toBeGreaterThan(0);
  });

  it('lists the passive skills held, with the number of pals holding each', async () => {
    const res = await h.send({ method: 'GET', path: `${P}/pals/passives`, headers: { cookie } });
    expect(res.status).toBe(200);
    const want = new Map<string, number>();
    for (const p of pals) for (const s of new Set(p.passiveSkillIds)) want.set(s, (want.get(s) ?? 0) + 1);
    expect(new Map(res.json.data.map((d: { id: string; pals: number }) => [d.id, d.pals]))).toEqual(want);
  });

  it('answers bad filters with 400 in words', async () => {
    const bad: [string, string][] = [
      ['minStars=5', 'minStars'],
      ['maxStars=-1', 'maxStars'],
      ['alpha=yes', 'alpha'],
      ['lucky=1', 'lucky'],
      ['passive=Rare%3BDROP', 'passive'],
      ['passive=a&passive=b&passive=c&passive=d&passive=e', 'passive'],
      ['sort=colour', 'sort'],
      ['minLevel=30&maxLevel=20', 'level'],
      ['minStars=3&maxStars=1', 'stars'],
    ];
    for (const [query, word] of bad) {
      const res = await get(`?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.error.message, query).toContain(word);
    }
    expect((await get('?limit=201')).json.error.code).toBe('invalid_limit');
    for (const cursor of [encodeCursor('abc'), encodeCursor('-5'), encodeCursor('1e3'), 'not*base64']) {
      expect((await get(`?cursor=${cursor}`)).json.error.code, cursor).toBe('invalid_cursor');
    }
  });

  it('a cursor past the end is an empty last page, not an error', async () => {
    const res = await get(`?cursor=${encodeCursor(String(pals.length + 50))}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ data: [], total: pals.length, nextCursor: null });
  });
});
