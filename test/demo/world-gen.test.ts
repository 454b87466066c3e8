// The synthetic world writer: deterministic, and what it writes parses back to what it meant.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSyntheticWorld, writeSyntheticWorld, type SyntheticWorld } from '../../src/demo/world-gen/index.js';
import { parseWorld, type ParseResult } from '../../src/save/index.js';
import { BULK_BYTES } from '../../src/demo/world-gen/bulk.js';
import { openContainer } from '../../src/save/container/container.js';
import { decodeGvas } from '../../src/save/gvas/file.js';
import { readGvasHeader } from '../../src/save/gvas/header.js';
import { readTagRest } from '../../src/save/gvas/tag.js';
import { getProps } from '../../src/save/gvas/types.js';
import { ByteReader } from '../../src/save/reader.js';
import { WarningSink } from '../../src/save/warnings.js';
import { snapshotDigest } from '../../src/store/world-digest.js';
import { tempDir } from '../helpers/cli.js';

/** Bytes of each worldSaveData property, read from the tags alone. */
function topLevelSizes(gvas: Uint8Array): Map<string, number> {
  const r = new ByteReader(gvas);
  readGvasHeader(r);
  const out = new Map<string, number>();
  for (let name = r.fstring(); name !== 'None'; name = r.fstring()) {
    const tag = readTagRest(r, name, r.fstring());
    const end = r.pos + tag.size;
    if (name === 'worldSaveData') {
      for (let n = r.fstring(); n !== 'None'; n = r.fstring()) {
        const t = readTagRest(r, n, r.fstring());
        out.set(n, t.size);
        r.pos += t.size;
      }
    }
    r.pos = end;
  }
  return out;
}

const parse = (w: SyntheticWorld) =>
  parseWorld({ level: w.files['Level.sav'], levelMeta: w.files['LevelMeta.sav'], players: w.files.players });

function expectSameRows(world: SyntheticWorld, r: ParseResult): void {
  expect(r.formatDrift).toBe(false);
  expect(r.warnings).toEqual([]);
  expect(r.meta.container).toBe('PlZ2');
  const players = new Map(r.players.map((p) => [p.uid, p]));
  expect(players.size).toBe(world.expected.players.length);
  for (const e of world.expected.players) {
    expect(players.get(e.uid)).toMatchObject({ name: e.name, level: e.level, guildId: e.guildId });
    expect(players.get(e.uid)!.captureTotal).toBeGreaterThanOrEqual(0);
  }
  const pals = new Map(r.pals.map((p) => [p.instanceId, p]));
  expect(pals.size).toBe(world.expected.pals.length);
  for (const e of world.expected.pals) {
    expect(pals.get(e.instanceId)).toMatchObject({
      characterId: e.characterId,
      level: e.level,
      ownerUid: e.ownerUid,
      ownerSource: e.ownerSource,
      ownerResolved: true,
      placement: e.placement,
      baseId: e.baseId,
      isLucky: e.isLucky,
    });
  }
  const guilds = new Map(r.guilds.map((g) => [g.id, g]));
  for (const e of world.expected.guilds) {
    const g = guilds.get(e.id)!;
    expect(g).toMatchObject({ name: e.name, adminUid: e.adminUid });
    expect(g.members.map((m) => m.uid).sort()).toEqual([...e.memberUids].sort());
    expect(g.bases.map((b) => b.id).sort()).toEqual([...e.baseIds].sort());
  }
}

describe('synthetic world writer', () => {
  it('is deterministic: the same seed gives the same bytes, another seed other bytes', () => {
    const a = generateSyntheticWorld({ seed: 5, players: 4, pals: 50 });
    const b = generateSyntheticWorld({ seed: 5, players: 4, pals: 50 });
    const c = generateSyntheticWorld({ seed: 6, players: 4, pals: 50 });
    expect(Buffer.compare(Buffer.from(a.files['Level.sav']), Buffer.from(b.files['Level.sav']))).toBe(0);
    expect(Buffer.compare(Buffer.from(a.files['Level.sav']), Buffer.from(c.files['Level.sav']))).not.toBe(0);
    expect([...a.files.players.keys()]).toEqual([...b.files.players.keys()]);
  });

  it('writes PlZ containers whose header lengths match', () => {
    const w = generateSyntheticWorld({ seed: 1, players: 2, pals: 10 });
    const level = Buffer.from(w.files['Level.sav']);
    expect(level.subarray(8, 12).toString('latin1')).toBe('PlZ2');
    const meta = Buffer.from(w.files['LevelMeta.sav']);
    expect(meta.subarray(8, 12).toString('latin1')).toBe('PlZ1');
    expect(meta.readUInt32LE(4)).toBe(meta.length - 12);
  });

  it.each([
    [2, 10],
    [20, 1_000],
    [50, 10_000],
  ])('round trip of %i players and %i pals: parse gives the rows it wrote', async (players, pals) => {
    const world = generateSyntheticWorld({ seed: players * 31 + pals, players, pals });
    expectSameRows(world, await parse(world));
    // Every placement and some variants occur in the larger worlds.
    if (pals >= 1000) {
      const kinds = new Set(world.expected.pals.map((p) => p.placement));
      expect(kinds).toEqual(new Set(['party', 'box', 'base', 'unknown']));
      expect(world.expected.pals.some((p) => p.ownerSource === 'last_observed')).toBe(true);
      expect(world.expected.pals.some((p) => p.characterId.startsWith('BOSS_'))).toBe(true);
      expect(world.expected.pals.some((p) => p.isLucky)).toBe(true);
    }
  });

  it('keeps non-ASCII player names intact', async () => {
    const world = generateSyntheticWorld({ seed: 3, players: 14, pals: 20 });
    const r = await parse(world);
    const names = r.players.map((p) => p.name);
    expect(names).toContain('Zoë');
    expect(names).toContain('パル太郎');
  });

  it('writes the bulk of a real save in the byte shares of the 1.0 fixture, all of it valid GVAS that the rows ignore', async () => {
    const plain = generateSyntheticWorld({ seed: 11, players: 5, pals: 300 });
    const bulky = generateSyntheticWorld({ seed: 11, players: 5, pals: 300, bulk: 0.1 });
    const gvas = (await openContainer(bulky.files['Level.sav'])).gvas;
    // Decoded whole (nothing skipped by size): every structure the bulk writer made is well formed.
    const warnings = new WarningSink();
    const world = getProps(decodeGvas(gvas, 'Level.sav', warnings, true).props, 'worldSaveData')!;
    expect(warnings.list).toEqual([]);
    for (const name of Object.keys(BULK_BYTES)) expect(world.has(name), name).toBe(true);
    // Each property's share: what the fixture holds, scaled (within one element of its target).
    const sizes = topLevelSizes(gvas);
    for (const [name, bytes] of Object.entries(BULK_BYTES)) {
      expect(sizes.get(name)!, name).toBeGreaterThanOrEqual(bytes * 0.1);
      expect(sizes.get(name)!, name).toBeLessThan(bytes * 0.1 + 8000);
    }
    // The model is untouched by the bulk: the same rows, byte for byte.
    expect(snapshotDigest(await parse(bulky))).toEqual(snapshotDigest(await parse(plain)));
  });

  it('writes a save folder that parses from disk', async () => {
    const dir = tempDir('palpanel-synth-');
    const world = writeSyntheticWorld(dir, { seed: 9, players: 3, pals: 40 });
    expect(readdirSync(join(dir, 'Players'))).toHaveLength(3);
    const players = new Map(readdirSync(join(dir, 'Players')).map((f) => [f.replace(/\.sav$/, ''), readFileSync(join(dir, 'Players', f))]));
    const r = await parseWorld({
      level: readFileSync(join(dir, 'Level.sav')),
      levelMeta: readFileSync(join(dir, 'LevelMeta.sav')),
      players,
    });
    expectSameRows(world, r);
    expect(r.meta.worldName).toBe('palpanel demo world');
  });
});
