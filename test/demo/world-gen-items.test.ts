// Synthetic worlds with items (world-gen `items: true`): what the writer lays out is what the
// parser reads back, owner by owner; and items and bulk are not both written.
import { describe, expect, it } from 'vitest';
import { generateSyntheticWorld } from '../../src/demo/world-gen/index.js';
import { parseWorld } from '../../src/save/index.js';

describe('synthetic items', () => {
  it("each player's six containers, each base's 19, each guild's storage, the open world's", async () => {
    const w = generateSyntheticWorld({ seed: 3, players: 14, pals: 500, items: true });
    const r = await parseWorld({ level: w.files['Level.sav'], levelMeta: w.files['LevelMeta.sav'], players: w.files.players });
    expect(r.formatDrift).toBe(false);
    const kinds = new Map<string, number>();
    for (const c of r.items!.containers) kinds.set(`${c.owner.kind}/${c.kind}`, (kinds.get(`${c.owner.kind}/${c.kind}`) ?? 0) + 1);
    const bases = w.expected.guilds.reduce((n, g) => n + g.baseIds.length, 0);
    for (const k of ['inventory', 'keyItems', 'weapons', 'armor', 'food', 'dropSlot']) expect(kinds.get(`player/${k}`)).toBe(14);
    expect(kinds.get('guild/guildStorage')).toBe(w.expected.guilds.length);
    expect((kinds.get('base/chest') ?? 0) + (kinds.get('base/foodBox') ?? 0) + (kinds.get('base/production') ?? 0)).toBe(19 * bases);
    expect(kinds.get('unassigned/treasure')).toBe(2840);
    expect(kinds.get('unassigned/unknown')).toBe(1679);
    // A player's weapons are dynamic items with durability; their inventory holds 30 stacks.
    const p = w.expected.players[0].uid;
    const mine = r.items!.containers.filter((c) => c.owner.id === p);
    expect(mine.find((c) => c.kind === 'weapons')!.slots.every((s) => s.durability === 150)).toBe(true);
    expect(mine.find((c) => c.kind === 'inventory')!.slots).toHaveLength(30);
  });

  it('items and bulk are not both written', () => {
    expect(() => generateSyntheticWorld({ seed: 1, players: 2, pals: 10, items: true, bulk: 1 })).toThrow(RangeError);
  });
});
