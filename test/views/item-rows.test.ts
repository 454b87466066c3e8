// The economy's flags and the slots' facts (views/item-rows.ts over domain/world-items.ts's rules):
// a stack beyond what the game stacks is flagged, and so is a player's total far beyond every
// other player's, said as unusual; food boxes empty, low or ok.
import { describe, expect, it } from 'vitest';
import type { ItemContainer } from '../../src/domain/world-items.js';
import { baseFood, containerRow, economy, slotRow } from '../../src/views/item-rows.js';

const names = () => null;
const player = (id: string, slots: [string, number][], cid = `C-${id}`): ItemContainer => ({
  id: cid,
  kind: 'inventory',
  owner: { kind: 'player', id },
  slots: slots.map(([itemId, count], slot) => ({ slot, itemId, count })),
});

describe('item flags', () => {
  it('a stack beyond its limit is flagged on the slot and in the economy', () => {
    // Wood stacks at 9,999 in the game's tables; a Pal Sphere at 9,999 too; an accessory at 1.
    expect(slotRow({ slot: 0, itemId: 'Wood', count: 9999 }, 'en').overStack).toBe(false);
    expect(slotRow({ slot: 0, itemId: 'Wood', count: 10000 }, 'en').overStack).toBe(true);
    expect(slotRow({ slot: 0, itemId: 'Accessory_AT_1', count: 2 }, 'en')).toMatchObject({ overStack: true, stackLimit: 1, rarity: 2 });
    // An id no table knows has no limit to break.
    expect(slotRow({ slot: 0, itemId: 'NoSuchItem', count: 1e6 }, 'en')).toMatchObject({
      overStack: false,
      stackLimit: null,
      name: 'NoSuchItem',
    });
    const e = economy([player('A', [['Wood', 12000]]), player('B', [['Wood', 5]])], 'en', names);
    expect(e.flags.filter((f) => f.kind === 'overStack')).toEqual([
      expect.objectContaining({ itemId: 'Wood', count: 12000, owner: { kind: 'player', id: 'A', name: null } }),
    ]);
    expect(e.flags.find((f) => f.kind === 'overStack')!.detail).toBe('12000 in one slot; the game stacks at most 9999');
  });

  it("a player's total far beyond every other player's is unusual, never cheating; nothing to compare is not", () => {
    const e = economy([player('A', [['PalSphere', 700]]), player('B', [['PalSphere', 80]]), player('C', [['PalSphere', 10]])], 'en', names);
    expect(e.flags).toEqual([]); // 700 is less than ten times 80
    const u = economy(
      [
        player('A', [
          ['PalSphere', 900],
          ['PalSphere', 100],
        ]),
        player('B', [['PalSphere', 99]]),
      ],
      'en',
      names,
    );
    expect(u.flags).toEqual([
      {
        kind: 'unusual',
        itemId: 'PalSphere',
        name: 'Pal Sphere',
        owner: { kind: 'player', id: 'A', name: null },
        count: 1000,
        detail: 'unusual: 1000 against 99 for the next-highest player',
        reference: 99,
      },
    ]);
    expect(JSON.stringify(u)).not.toMatch(/cheat/i);
    // One holder alone, or a small count, is never unusual.
    expect(economy([player('A', [['PalSphere', 5000]])], 'en', names).flags).toEqual([]);
    expect(economy([player('A', [['Bone', 90]]), player('B', [['Bone', 1]])], 'en', names).flags).toEqual([]);
  });

  it('food boxes: empty, low below 10, ok; a base takes the worst', () => {
    const box = (n: number): ItemContainer => ({
      id: `F${n}`,
      kind: 'foodBox',
      owner: { kind: 'base', id: 'B' },
      slots: n > 0 ? [{ slot: 0, itemId: 'Berries', count: n }] : [],
    });
    const rows = [0, 9, 10].map((n) => containerRow(box(n), 'en', names));
    expect(rows.map((r) => r.food)).toEqual(['empty', 'low', 'ok']);
    expect(baseFood(rows)).toBe('empty');
    expect(baseFood(rows.slice(1))).toBe('low');
    expect(baseFood(rows.slice(2))).toBe('ok');
    expect(baseFood([])).toBe('none');
  });
});
