// The synthetic world writer (src/demo/synthetic): deterministic bytes from a seed, and a parse of
// what it writes gives exactly the rows it says it wrote, without drift or warnings.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSyntheticWorld, writeSyntheticWorld, type SyntheticWorld, type SyntheticWorldOptions } from '../../src/demo/synthetic/index.js';
import { parseWorld, type ParseResult, type SaveFiles } from '../../src/save/index.js';

const ID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;
const PLAYER_UID = /^[0-9A-F]{8}-0000-0000-0000-000000000000$/;

function saveFiles(w: SyntheticWorld): SaveFiles {
  return { level: w.files['Level.sav'], levelMeta: w.files['LevelMeta.sav'], players: w.files.players };
}

function allBytes(w: SyntheticWorld): Uint8Array[] {
  return [w.files['Level.sav'], w.files['LevelMeta.sav'], ...[...w.files.players.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, b]) => b)];
}

/** The parse gives the rows `expected` lists, and nothing else. */
function expectMatches(r: ParseResult, w: SyntheticWorld): void {
  expect(r.formatDrift).toBe(false);
  expect(r.warnings).toEqual([]);
  expect(r.meta.container).toBe('PlZ2');
  expect(r.meta.gameVersion).toBe('1.0');
  expect(r.meta.worldName).toBe('palpanel demo world');
  expect(r.meta.day).toBeGreaterThanOrEqual(1);

  expect(r.players.map((p) => ({ uid: p.uid, name: p.name, level: p.level, guildId: p.guildId }))).toEqual(w.expected.players);
  for (const p of r.players) {
    expect(p.captureTotal).toBeGreaterThan(0);
    expect(p.lastOnlineAt).toBeDefined();
  }
  expect(
    r.pals.map((p) => ({
      instanceId: p.instanceId, characterId: p.characterId, level: p.level, ownerUid: p.ownerUid,
      placement: p.placement, baseId: p.baseId, isLucky: p.isLucky,
    })),
  ).toEqual(w.expected.pals);
  expect(r.guilds.map((g) => ({ id: g.id, name: g.name, adminUid: g.adminUid, memberUids: g.members.map((m) => m.uid), baseIds: g.bases.map((b) => b.id) })))
    .toEqual(w.expected.guilds);
  for (const g of r.guilds) for (const b of g.bases) expect(b.location).not.toBeNull();
}

describe('generateSyntheticWorld', () => {
  it('is deterministic: the same seed gives byte-identical files, another seed different ones', () => {
    const opts: SyntheticWorldOptions = { seed: 1234, players: 6, pals: 300 };
    const a = generateSyntheticWorld(opts);
    const b = generateSyntheticWorld(opts);
    expect(allBytes(a)).toEqual(allBytes(b));
    expect(a.expected).toEqual(b.expected);
    const c = generateSyntheticWorld({ ...opts, seed: 1235 });
    expect(Buffer.compare(a.files['Level.sav'], c.files['Level.sav'])).not.toBe(0);
    expect([...c.files.players.keys()]).not.toEqual([...a.files.players.keys()]);
  });

  it('writes canonical ids, real-looking player uids, PlZ containers and a world of the asked size', () => {
    const w = generateSyntheticWorld({ seed: 9, players: 30, pals: 2_000 });
    expect(w.expected.players).toHaveLength(30);
    expect(w.expected.pals).toHaveLength(2_000);
    expect(w.expected.guilds.length).toBe(8); // ~players / 4
    for (const p of w.expected.players) expect(p.uid).toMatch(PLAYER_UID);
    for (const p of w.expected.pals) {
      expect(p.instanceId).toMatch(ID);
      expect(p.level).toBeGreaterThanOrEqual(1);
      expect(p.level).toBeLessThanOrEqual(60);
    }
    const names = w.expected.players.map((p) => p.name);
    expect(names).toContain('Zoë');
    expect(names).toContain('パル太郎');
    const kinds = new Set(w.expected.pals.map((p) => p.placement));
    expect([...kinds].sort()).toEqual(['base', 'box', 'party']);
    expect(w.expected.pals.some((p) => p.isLucky)).toBe(true);
    expect(w.expected.pals.some((p) => p.characterId.startsWith('BOSS_') && !p.isLucky)).toBe(true);
    for (const p of w.expected.players) {
      expect(w.expected.pals.filter((x) => x.ownerUid === p.uid && x.placement === 'party').length).toBeLessThanOrEqual(5);
    }
    const magic = (b: Uint8Array) => String.fromCharCode(b[8], b[9], b[10], b[11]);
    expect(magic(w.files['Level.sav'])).toBe('PlZ2');
    expect(magic(w.files['LevelMeta.sav'])).toBe('PlZ1');
    for (const [stem, b] of w.files.players) {
      expect(stem).toMatch(/^[0-9A-F]{32}$/);
      expect(magic(b)).toBe('PlZ1');
    }
  });

  it('honours guilds and basesPerGuild, and rejects a world without players', () => {
    const w = generateSyntheticWorld({ seed: 3, players: 10, pals: 50, guilds: 3, basesPerGuild: 2 });
    expect(w.expected.guilds).toHaveLength(3);
    for (const g of w.expected.guilds) expect(g.baseIds).toHaveLength(2);
    expect(w.expected.guilds.flatMap((g) => g.memberUids).sort()).toEqual(w.expected.players.map((p) => p.uid).sort());
    expect(() => generateSyntheticWorld({ seed: 1, players: 0, pals: 1 })).toThrow(RangeError);
  });

  it('generates 100,000 pals in a few seconds', () => {
    const t0 = performance.now();
    const w = generateSyntheticWorld({ seed: 5, players: 500, pals: 100_000 });
    const ms = performance.now() - t0;
    expect(w.expected.pals).toHaveLength(100_000);
    expect(ms).toBeLessThan(8_000); // ~1.3 s on a quiet machine; generous for loaded CI
  });
});

describe('round trip through parseWorld', () => {
  it.each([
    [2, 10],
    [20, 1_000],
    [50, 10_000],
  ])('%i players, %i pals', async (players, pals) => {
    const w = generateSyntheticWorld({ seed: players * 7919 + pals, players, pals });
    expectMatches(await parseWorld(saveFiles(w)), w);
  });

  it('a world without bases puts no pal at a base', async () => {
    const w = generateSyntheticWorld({ seed: 11, players: 3, pals: 200, basesPerGuild: 0 });
    expect(w.expected.pals.some((p) => p.placement === 'base')).toBe(false);
    expectMatches(await parseWorld(saveFiles(w)), w);
  });
});

describe('writeSyntheticWorld', () => {
  it('writes Level.sav, LevelMeta.sav and Players/<STEM>.sav that parse back to the expected rows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'palpanel-synthetic-'));
    try {
      const w = await writeSyntheticWorld(dir, { seed: 77, players: 8, pals: 500 });
      expect(readdirSync(dir).sort()).toEqual(['Level.sav', 'LevelMeta.sav', 'Players']);
      const stems = readdirSync(join(dir, 'Players')).sort();
      expect(stems).toEqual([...w.files.players.keys()].map((s) => `${s}.sav`).sort());
      const players = new Map(stems.map((f) => [f.replace(/\.sav$/, ''), new Uint8Array(readFileSync(join(dir, 'Players', f)))]));
      const files: SaveFiles = {
        level: new Uint8Array(readFileSync(join(dir, 'Level.sav'))),
        levelMeta: new Uint8Array(readFileSync(join(dir, 'LevelMeta.sav'))),
        players,
      };
      expect(files.level).toEqual(w.files['Level.sav']);
      expectMatches(await parseWorld(files), w);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
