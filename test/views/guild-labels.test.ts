// Guild and base display names: on the real 1.0 world nine of ten guilds are "Unnamed Guild" and
// no base has a name; the labels tell every one of them apart.
import { beforeAll, describe, expect, it } from 'vitest';
import { guildLabels, UNNAMED_GUILD } from '../../src/views/guild-labels.js';
import { labelledGuildRows } from '../../src/views/named-rows.js';
import type { WorldGuild } from '../../src/domain/world.js';
import { parseWorld } from '../../src/save/index.js';
import { loadWorld } from '../save/fixtures.js';

let guilds: WorldGuild[] = [];
beforeAll(async () => {
  guilds = (await parseWorld(loadWorld('v1.0-relics'))).guilds;
}, 60_000);

const guild = (id: string, name: string, adminUid: string, members: [string, string][], baseIds: string[] = []): WorldGuild => ({
  id,
  name,
  adminUid,
  members: members.map(([uid, n]) => ({ uid, name: n })),
  bases: baseIds.map((b) => ({ id: b, name: null, location: { x: 1000, y: 2000 }, level: 3 })),
});

describe('guild and base display names', () => {
  it('tells every guild and base of the real 1.0 world apart, after its leader', () => {
    const unnamed = guilds.filter((g) => g.name === UNNAMED_GUILD);
    expect(unnamed.length).toBeGreaterThanOrEqual(8);
    const labels = guildLabels(guilds);
    const names = guilds.map((g) => labels.get(g.id)!.name);
    console.log(`guild names on v1.0-relics: ${names.join(' | ')}`);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(guilds.length);
    for (const g of unnamed) {
      const leader = g.members.find((m) => m.uid === g.adminUid);
      expect(leader?.name).toBeTruthy();
      expect(labels.get(g.id)!.name).toBe(`${leader!.name}'s guild`);
    }
    // The one guild with its own name keeps it.
    const named = guilds.find((g) => g.name !== UNNAMED_GUILD)!;
    expect(labels.get(named.id)!.name).toBe(named.name);
    const bases = guilds.flatMap((g) => g.bases.map((b) => labels.get(g.id)!.bases.get(b.id)!));
    expect(bases.length).toBeGreaterThanOrEqual(15);
    expect(new Set(bases).size).toBe(bases.length);
    expect(bases.every((b) => / base \d+$/.test(b))).toBe(true);
  });

  it('rows carry display names and map coordinates beside the save names, which stay as saved', () => {
    const rows = labelledGuildRows(guilds);
    const two = rows.find((g) => g.bases.length >= 2)!;
    expect(two.name).toBe(UNNAMED_GUILD);
    expect(two.displayName).toMatch(/'s guild$/);
    expect(two.bases.map((b) => b.name)).toEqual(two.bases.map(() => null));
    expect(two.bases.map((b) => b.displayName).sort()).toEqual(
      [
        `${two.displayName} base 1`,
        `${two.displayName} base 2`,
        ...two.bases.slice(2).map((_, i) => `${two.displayName} base ${i + 3}`),
      ].sort(),
    );
    for (const b of two.bases) expect(b.map).toEqual({ x: expect.any(Number), y: expect.any(Number) });
  });

  it('numbers bases in id order, keeps own names, and tags leaders who share a name', () => {
    const labels = guildLabels([
      guild('G-2', 'Unnamed Guild', 'u1', [['u1', 'Ann']], ['b-9', 'b-1']),
      guild('G-1', ' unnamed guild ', 'u2', [['u2', 'Ann']]),
      guild('G-3', 'Crafters', 'u3', [['u3', 'Bo']]),
      guild('G-4', '', 'u4', [
        ['u4', ''],
        ['u5', 'Cy'],
      ]),
      guild('G-5', 'Unnamed Guild', 'u6', []),
    ]);
    expect(labels.get('G-2')!.name).toBe("Ann's guild (G2)");
    expect(labels.get('G-1')!.name).toBe("Ann's guild (G1)");
    expect([...labels.get('G-2')!.bases]).toEqual([
      ['b-1', "Ann's guild (G2) base 1"],
      ['b-9', "Ann's guild (G2) base 2"],
    ]);
    expect(labels.get('G-3')!.name).toBe('Crafters');
    // A leader without a name: the first member with one.
    expect(labels.get('G-4')!.name).toBe("Cy's guild");
    expect(labels.get('G-5')!.name).toBe('Guild G5');
    const own = guildLabels([
      { ...guild('G', 'Unnamed Guild', 'u', [['u', 'Di']], ['b']), bases: [{ id: 'b', name: 'Farm', location: null, level: 1 }] },
    ]);
    expect(own.get('G')!.bases.get('b')).toBe('Farm');
  });
});
