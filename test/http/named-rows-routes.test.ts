// The panel's readable rows on the real 1.0 world: the pal browser names skills and flags captured
// humans (and filters on them), the guild list, a player's page and the map dataset give guilds
// and bases display names. The save's own names and ids stay beside them.
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { LabelledGuildSchema } from '../../src/contract/named-rows.js';
import { PanelPalSchema } from '../../src/contract/panel/pals.js';
import { PanelMapDatasetSchema } from '../../src/contract/panel/world.js';
import { parseWorld, type ParseResult } from '../../src/save/index.js';
import { loadWorld } from '../save/fixtures.js';
import { P } from './conformance-table.js';
import { panelHarness, VIEWER, type PanelHarness } from './panel-harness.js';

let h: PanelHarness;
let cookie: string;
let world: ParseResult;
beforeAll(async () => {
  world = await parseWorld(loadWorld('v1.0-relics'));
  h = await panelHarness();
  h.ts.store.world.replace(world, h.clock.now().toISOString());
  cookie = await h.login(VIEWER);
}, 60_000);
afterAll(() => h.ts.cleanup());

const get = async (path: string) => {
  const res = await h.send({ method: 'GET', path: `${P}${path}`, headers: { cookie } });
  expect(res.status).toBe(200);
  return res.json;
};

async function walk(query: string) {
  const out = [];
  let cursor: string | null = null;
  do {
    const page = await get(`/pals?limit=200${query}${cursor ? `&cursor=${cursor}` : ''}`);
    out.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return out.map((r) => PanelPalSchema.parse(r));
}

describe('readable rows in the panel', () => {
  it('pal rows name every skill, in the order of the ids, and flag the captured humans', async () => {
    const all = await walk('');
    expect(all).toHaveLength(world.pals.length);
    let skills = 0;
    for (const p of all) {
      expect(p.passiveSkills.map((s) => s.id)).toEqual(p.passiveSkillIds);
      expect(p.equippedSkills.map((s) => s.id)).toEqual(p.equippedSkillIds);
      for (const s of [...p.passiveSkills, ...p.equippedSkills]) {
        expect(s.known).toBe(true);
        skills++;
      }
    }
    expect(skills).toBeGreaterThan(2000);
    const slave = all.find((p) => p.passiveSkillIds.includes('PAL_CorporateSlave'))!;
    expect(slave.passiveSkills.find((s) => s.id === 'PAL_CorporateSlave')!.name).toBe('Work Slave');

    const humans = all.filter((p) => p.isHuman);
    expect(humans.length).toBe(16);
    for (const p of humans) expect(p.displayName).toMatch(/^Human: /);
    expect(all.filter((p) => !p.isHuman).every((p) => !p.displayName.startsWith('Human: '))).toBe(true);
  });

  it('filters the pal browser to humans or to pals', async () => {
    const humans = await walk('&kind=human');
    const pals = await walk('&kind=pal');
    expect(humans).toHaveLength(16);
    expect(humans.every((p) => p.isHuman)).toBe(true);
    expect(pals.every((p) => !p.isHuman)).toBe(true);
    expect(humans.length + pals.length).toBe(world.pals.length);
    const bad = await h.send({ method: 'GET', path: `${P}/pals?kind=robot`, headers: { cookie } });
    expect(bad.status).toBe(400);
  });

  it('guilds, a player page and the map dataset use one set of display names', async () => {
    const guilds = ((await get('/guilds')).data as unknown[]).map((g) => LabelledGuildSchema.parse(g));
    const names = guilds.map((g) => g.displayName);
    expect(new Set(names).size).toBe(guilds.length);
    expect(guilds.filter((g) => g.name === 'Unnamed Guild').every((g) => g.displayName.endsWith("'s guild"))).toBe(true);
    const baseNames = new Map(guilds.flatMap((g) => g.bases.map((b) => [b.id, b.displayName] as const)));
    expect(new Set(baseNames.values()).size).toBe(baseNames.size);

    const member = guilds.find((g) => g.name === 'Unnamed Guild' && g.bases.length > 1)!;
    const player = (await get(`/players/${member.adminUid}`)).data;
    expect(player.guild.displayName).toBe(member.displayName);
    expect(player.guild.name).toBe('Unnamed Guild');
    expect(player.guildName).toBe(member.displayName);

    const map = PanelMapDatasetSchema.parse((await get('/map/dataset')).data);
    expect(map.layers.bases.length).toBeGreaterThan(10);
    for (const b of map.layers.bases) {
      expect(b.displayName).toBe(baseNames.get(b.id));
      expect(b.guildName).toBe(guilds.find((g) => g.id === b.guildId)!.displayName);
    }
  });
});
