// The items of real saves: every container kind on the real 1.0 world, dynamic items (durability,
// an egg's pal), names in English and a second language, a cut slot blob (a warning, the rest
// kept), a missing and an empty player save (their containers not given to them), and the fast
// path (save/palworld/item-scan.ts) against the generic decoder on the same bytes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decodeWorld,
  ensureOodle,
  isNamedItem,
  itemFacts,
  itemLanguage,
  itemName,
  parseWorld,
  type ParseResult,
} from '../../src/save/index.js';
import { readContainer } from '../../src/save/container/container.js';
import { decodeGvas } from '../../src/save/gvas/file.js';
import { getMap, getProps } from '../../src/save/gvas/types.js';
import { decodeItemContainer, decodeMapObject } from '../../src/save/palworld/item-containers.js';
import { decodeLevel } from '../../src/save/palworld/level.js';
import { ITEM_SELECT } from '../../src/save/palworld/level-items.js';
import { WarningSink } from '../../src/save/warnings.js';
import { isProps } from '../../src/save/gvas/types.js';
import { ROOT } from '../helpers/paths.js';
import { loadWorld } from './fixtures.js';

const gvasOf = (bytes: Uint8Array) => readContainer(bytes, { limit: 'maxDecompressedBytes', budget: { used: 0 } }).gvas;

let relics: ParseResult;
beforeAll(async () => {
  await ensureOodle();
  relics = await parseWorld(loadWorld('v1.0-relics'));
});

describe('containers of the real 1.0 world', () => {
  it('each kind, with its owner', () => {
    const kinds = new Map<string, number>();
    for (const c of relics.items!.containers) kinds.set(`${c.owner.kind}/${c.kind}`, (kinds.get(`${c.owner.kind}/${c.kind}`) ?? 0) + 1);
    // A player's six for each of the 9 player files; a guild's storage for each of the 10 guilds;
    // the bases' chests, food boxes, incubators, production and items dropped there.
    for (const k of ['inventory', 'keyItems', 'weapons', 'armor', 'food', 'dropSlot']) expect(kinds.get(`player/${k}`)).toBe(9);
    expect(kinds.get('guild/guildStorage')).toBe(10);
    expect(Object.fromEntries([...kinds].filter(([k]) => k.startsWith('base/')))).toEqual({
      'base/chest': 92,
      'base/foodBox': 16,
      'base/incubator': 13,
      'base/production': 141,
      'base/dropped': 24,
    });
    expect(kinds.get('unassigned/treasure')).toBe(2782);
    expect(kinds.get('unassigned/unknown')).toBe(1679);
  });

  it("a player's weapons with durability, eggs with their pal, a food box's food", () => {
    const c = relics.items!.containers;
    const weapons = c.find((x) => x.kind === 'weapons' && x.owner.id === 'FF77F3E9-0000-0000-0000-000000000000')!;
    expect(weapons.slots.slice(0, 2)).toEqual([
      { slot: 0, itemId: 'Pickaxe_Tier_00', count: 1, durability: 150 },
      { slot: 1, itemId: 'Axe_Tier_00', count: 1, durability: 150 },
    ]);
    const eggs = c.flatMap((x) => x.slots).filter((s) => s.itemId.startsWith('PalEgg_'));
    expect(eggs.filter((s) => s.eggCharacterId).length).toBe(265);
    expect(eggs.find((s) => s.eggCharacterId === 'CandleGhost')?.itemId).toBe('PalEgg_Dark_04');
    const food = c.filter((x) => x.kind === 'foodBox');
    expect(food.every((x) => x.owner.kind === 'base' && /FoodBox|Refrigerator|CoolerBox/.test(x.object!))).toBe(true);
    expect(food.some((x) => x.slots.length === 0)).toBe(true); // an empty food box, flagged by the panel
  });

  it('names in English and German, facts from the tables, the nearest language for a tag', () => {
    expect(itemName('PalSphere')).toBe('Pal Sphere');
    expect(itemName('PalSphere', 'de')).toBe('Pal-Sphäre');
    expect(itemName('pal_crystal_s', 'de')).toBe('Paldium-Bruchstück');
    expect(itemName('Money', 'de-AT')).toBe('Goldmünze');
    expect(itemLanguage('zh-CN')).toBe('zh-Hans');
    expect(itemLanguage('zh-TW')).toBe('zh-Hant');
    expect(itemName('NoSuchItem_42', 'de')).toBe('NoSuchItem_42');
    expect(itemFacts('Wood')).toEqual({ group: 'Common', type: 'Material', rarity: 0, stackLimit: 9999 });
    expect(itemFacts('Accessory_AirDash3')).toMatchObject({ group: 'Accessory', rarity: 4, stackLimit: 1 });
    // Every item id of the 1.0 world's containers is named in English.
    const ids = new Set(relics.items!.containers.flatMap((x) => x.slots.map((s) => s.itemId)));
    expect([...ids].filter((id) => !isNamedItem(id))).toEqual([]);
    expect(ids.size).toBe(593);
  });

  it('the tables in assets/items are what scripts/build-item-tables.mjs makes of the reference', () => {
    const out = mkdtempSync(join(tmpdir(), 'palpanel-item-tables-'));
    try {
      execFileSync(process.execPath, [join(ROOT, 'scripts/build-item-tables.mjs'), '', out], { stdio: 'ignore' });
      const shipped = join(ROOT, 'assets/items');
      for (const f of ['facts.json', 'languages.json', ...readdirSync(join(out, 'names')).map((n) => `names/${n}`)]) {
        expect(readFileSync(join(out, f), 'utf8'), f).toBe(readFileSync(join(shipped, f), 'utf8'));
      }
      // Only the four facts carry over: no weight, rank or other field.
      const facts = JSON.parse(JSON.parse(readFileSync(join(shipped, 'facts.json'), 'utf8')) as string) as Record<string, unknown[]>;
      expect(Object.values(facts).every((f) => f.length === 4)).toBe(true);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});

/** The offset of the first slot blob of a container holding `item` (its FString length field). */
function slotStringAt(gvas: Uint8Array, item: string): number {
  const needle = Buffer.concat([Buffer.from([item.length + 1, 0, 0, 0]), Buffer.from(`${item}\0`, 'latin1')]);
  const from = Buffer.from(gvas.buffer, gvas.byteOffset, gvas.length).indexOf('ItemContainerSaveData');
  return Buffer.from(gvas.buffer, gvas.byteOffset, gvas.length).indexOf(needle, from);
}

describe('a slot blob that runs past its end, missing and empty player saves', () => {
  it('a cut slot blob is a drift warning; the container and every other slot are kept', async () => {
    await ensureOodle();
    const files = loadWorld('v0.6-world2');
    const level = new Uint8Array(gvasOf(files.level));
    const whole = decodeWorld({ level: new Uint8Array(level), players: new Map() }, 'GVAS');
    const at = slotStringAt(level, 'Money');
    expect(at).toBeGreaterThan(0);
    // The slot's item id now says it runs 60,000 bytes: past the end of its blob, as a cut one would.
    new DataView(level.buffer, level.byteOffset).setInt32(at, 60000, true);
    const cut = decodeWorld({ level, players: new Map() }, 'GVAS');
    expect(cut.formatDrift).toBe(true);
    expect(cut.warnings).toEqual([
      expect.objectContaining({
        file: 'Level.sav',
        path: expect.stringMatching(/^worldSaveData\.ItemContainerSaveData\[\d+\]\.Slots\[\d+\]\.RawData$/),
      }),
    ]);
    expect(cut.warnings[0].message).toMatch(/^item slot skipped: /);
    const slots = (r: typeof whole) => r.items!.containers.flatMap((c) => c.slots.map((s) => `${c.id}/${s.slot}/${s.itemId}/${s.count}`));
    const lost = slots(whole).filter((s) => !slots(cut).includes(s));
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatch(/\/Money\//);
    expect(cut.items!.containers.map((c) => c.id)).toEqual(whole.items!.containers.map((c) => c.id));
  });

  it("a missing and an empty player save: their containers are nobody's, never an empty inventory", async () => {
    const files = loadWorld('v1.0-relics');
    const [gone, empty] = ['5D160788000000000000000000000000', '62B176F8000000000000000000000000'];
    files.players.delete(gone);
    files.players.set(empty, new Uint8Array(0));
    const r = await parseWorld(files);
    const uid = (stem: string) => `${stem.slice(0, 8)}-0000-0000-0000-000000000000`;
    expect(r.items!.playersRead).not.toContain(uid(gone));
    expect(r.items!.playersRead).not.toContain(uid(empty));
    expect(r.items!.playersRead).toHaveLength(7);
    expect(r.items!.containers.filter((c) => c.owner.id === uid(gone) || c.owner.id === uid(empty))).toEqual([]);
    // Their 12 containers are now among those nothing names.
    expect(r.items!.containers.filter((c) => c.kind === 'unknown')).toHaveLength(1679 + 12);
    expect(r.warnings.some((w) => w.file === `Players/${empty}.sav`)).toBe(true);
  });
});

describe('the fast path reads what the generic decoder reads', () => {
  it.each(['v1.0-relics', 'v0.6-world1'] as const)('%s: containers and map objects', async (world) => {
    await ensureOodle();
    const gvas = gvasOf(loadWorld(world).level);
    const fast = decodeLevel(gvas, new WarningSink()).items!;
    const sink = new WarningSink();
    const g = decodeGvas(gvas, 'Level.sav', sink, { worldSaveData: ITEM_SELECT });
    const ws = getProps(g.props, 'worldSaveData');
    const ctx = { file: 'Level.sav', warnings: sink, gvas };
    const generic = getMap(ws, 'ItemContainerSaveData')!.entries.map(([k, v], i) => decodeItemContainer(ctx, k, v, `p[${i}]`)!);
    const byId = <T extends { id: string }>(xs: T[]) => [...xs].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(byId(fast.containers)).toEqual(byId(generic));
    const objects = ((ws?.get('MapObjectSaveData') ?? []) as unknown[]).flatMap((o) => {
      const m = isProps(o as never) ? decodeMapObject(ctx, o as never) : undefined;
      return m ? [m] : [];
    });
    expect(fast.mapObjects).toEqual(objects);
    expect(fast.containers.length).toBeGreaterThan(100);
  });
});
