// Truth for the items: per player, per base and per guild, how many of each item the parse says
// their containers hold, against an independent reading of the same saves by
// test/save/independent_items.py (Python, sharing no code with src/save: a generic GVAS walk of
// its own over the decompressed files, which the container layer of src/save unwraps for it).
// Also records, per fixture, how many containers stayed unassigned and why.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureOodle, parseWorld } from '../../src/save/index.js';
import { readContainer } from '../../src/save/container/container.js';
import { loadWorld, WORLDS, type World } from './fixtures.js';

type Totals = Record<string, Record<string, number>>;
interface Reading {
  players: Totals;
  bases: Totals;
  guilds: Totals;
  unassigned: Record<string, number>;
  containers: number;
  assigned: number;
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function independent(world: World): Promise<Reading> {
  await ensureOodle();
  const files = loadWorld(world);
  const dir = mkdtempSync(join(tmpdir(), 'palpanel-items-truth-'));
  dirs.push(dir);
  const gvas = (bytes: Uint8Array) => readContainer(bytes, { limit: 'maxDecompressedBytes', budget: { used: 0 } }).gvas;
  writeFileSync(join(dir, 'Level.gvas'), gvas(files.level));
  const players: string[] = [];
  for (const [stem, bytes] of files.players) {
    if (!/^[0-9A-F]{32}$/.test(stem)) continue;
    const file = join(dir, `${stem}.gvas`);
    writeFileSync(file, gvas(bytes));
    players.push(file);
  }
  const out = execFileSync('python3', [join(import.meta.dirname, 'independent_items.py'), join(dir, 'Level.gvas'), ...players], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  return JSON.parse(out) as Reading;
}

async function ours(world: World): Promise<Reading & { reasons: Record<string, number> }> {
  const w = await parseWorld(loadWorld(world));
  const r = {
    players: {} as Totals,
    bases: {} as Totals,
    guilds: {} as Totals,
    unassigned: {} as Record<string, number>,
    containers: 0,
    assigned: 0,
  };
  const reasons: Record<string, number> = {};
  for (const c of w.items!.containers) {
    r.containers++;
    let bucket: Record<string, number>;
    if (c.owner.kind === 'unassigned') {
      bucket = r.unassigned;
      const why = `${c.kind}: ${c.reason!.replace(/\(([0-9A-F-]{36})\)/, '(…)')}`;
      reasons[why] = (reasons[why] ?? 0) + 1;
    } else {
      r.assigned++;
      const group = r[`${c.owner.kind}s`];
      bucket = group[c.owner.id!] ??= {};
    }
    for (const s of c.slots) bucket[s.itemId] = (bucket[s.itemId] ?? 0) + s.count;
  }
  return { ...r, reasons };
}

describe('item totals against an independent reading of the saves', () => {
  it.each(WORLDS)('%s: per player, base and guild, item by item', async (world) => {
    const [mine, theirs] = await Promise.all([ours(world), independent(world)]);
    expect(mine.players).toEqual(theirs.players);
    expect(mine.bases).toEqual(theirs.bases);
    expect(mine.guilds).toEqual(theirs.guilds);
    expect(mine.unassigned).toEqual(theirs.unassigned);
    expect([mine.containers, mine.assigned]).toEqual([theirs.containers, theirs.assigned]);
  });

  it('v1.0-relics: what stayed unassigned, and why', async () => {
    const r = await ours('v1.0-relics');
    // 4,873 containers; 9 of the 17 players have a player file (6 containers each: 54), the 10
    // guilds' storage, 286 in the 15 bases; the rest are world chests and pickups (2,782), items
    // dropped in the open (58), four workbenches outside any base with no guild, and 1,679
    // containers nothing in the save names (the 8 players without a file hold 48 of them).
    expect(r.containers).toBe(4873);
    expect(r.assigned).toBe(54 + 10 + 286);
    expect(r.reasons).toEqual({
      'treasure: a TreasureBox in the open world: no base, guild or player owns it': expect.any(Number),
      'treasure: a TreasureBox_RequiredLongHold in the open world: no base, guild or player owns it': expect.any(Number),
      'treasure: a TreasureBox_FishingJunk_RequiredLongHold in the open world: no base, guild or player owns it': expect.any(Number),
      'treasure: a TreasureBox_FishingJunk_RequiredLongHold2 in the open world: no base, guild or player owns it': expect.any(Number),
      'treasure: a TreasureBox_Oilrig in the open world: no base, guild or player owns it': expect.any(Number),
      'treasure: a TreasureBox_Water in the open world: no base, guild or player owns it': expect.any(Number),
      'treasure: a TreasureBox_Electric in the open world: no base, guild or player owns it': expect.any(Number),
      'treasure: a TreasureBox_Fire in the open world: no base, guild or player owns it': expect.any(Number),
      'dropped: a CommonDropItem3D in the open world: no base, guild or player owns it': expect.any(Number),
      'dropped: a DeathPenaltyChest in the open world: no base, guild or player owns it': 3,
      'other: a Workbench in the open world: no base, guild or player owns it': 4,
      'unknown: nothing in the save refers to it (no player file, guild, base or map object names it)': 1679,
    });
    const treasure = Object.entries(r.reasons)
      .filter(([k]) => k.startsWith('treasure'))
      .reduce((n, [, v]) => n + v, 0);
    expect(treasure).toBe(2782);
  });
});
