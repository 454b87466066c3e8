// `dist/palpanel parse` on every fixture world: the summary, and --json with the API's rows.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, runCli, tempDir } from '../helpers/cli.js';

const worlds = readdirSync(FIXTURES).filter((d) => statSync(join(FIXTURES, d)).isDirectory());

describe('palpanel parse (built executable)', () => {
  it.each(worlds)('%s: summary without drift', async (world) => {
    const r = await runCli(['parse', join(FIXTURES, world)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^players\s+\d+/m);
    expect(r.stdout).toMatch(/^drift\s+no$/m);
    expect(r.stdout).toMatch(/^time\s+\d+ ms/m);
  });

  it('--json prints the rows /players, /pals and /guilds would serve (v1.0-relics)', async () => {
    const r = await runCli(['parse', join(FIXTURES, 'v1.0-relics'), '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out).sort()).toEqual(['formatDrift', 'guilds', 'items', 'pals', 'players', 'warnings']);
    // The items as the panel serves them (issue 42), read from the bytes the parse kept.
    expect(out.items).toHaveLength(4873);
    expect(out.players).toHaveLength(17);
    expect(out.pals).toHaveLength(2150);
    expect(out.guilds).toHaveLength(10);
    expect(out.formatDrift).toBe(false);
    for (const p of out.players) {
      expect(p.online).toBe(false);
      expect(p.playtimeSec).toBe(0);
      expect(p).not.toHaveProperty('lastOnlineAt');
    }
    const uids = out.players.map((p: { uid: string }) => p.uid);
    expect([...uids].sort()).toEqual(uids);
    expect(out.pals[0]).toHaveProperty('ownerSource');
    expect(out.pals.filter((p: { isLucky: boolean }) => p.isLucky)).toHaveLength(17);
  });

  it("display names can be added or overridden with the data dir's names.json", async () => {
    const dataDir = tempDir();
    const before = JSON.parse((await runCli(['parse', join(FIXTURES, 'v0.1-coop'), '--json'])).stdout);
    const pal = before.pals[0] as { characterId: string; displayName: string };
    writeFileSync(join(dataDir, 'names.json'), JSON.stringify({ [pal.characterId]: 'My Own Name' }));
    const after = JSON.parse((await runCli(['parse', join(FIXTURES, 'v0.1-coop'), '--json', '--data-dir', dataDir])).stdout);
    const same = after.pals.find((p: { instanceId: string }) => p.instanceId === (before.pals[0] as { instanceId: string }).instanceId);
    expect(same.displayName).toBe('My Own Name');
    expect(pal.displayName).not.toBe('My Own Name');
  });

  it('bad input is named and exits 2: a missing path, an empty folder, a file that is not a world save', async () => {
    const missing = await runCli(['parse', '/nonexistent/world']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/does not exist: "\/nonexistent\/world"/);
    const empty = tempDir();
    const none = await runCli(['parse', empty]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`No Level.sav in the save folder: "${empty}"`);
    const notSave = join(FIXTURES, 'PROVENANCE.md');
    const text = await runCli(['parse', notSave]);
    expect(text.code).toBe(2);
    expect(text.stderr).toContain(`"${notSave}" is not a readable Palworld world save`);
    // A real save of another kind given in place of Level.sav.
    const meta = await runCli(['parse', join(FIXTURES, 'v1.0-relics', 'LevelMeta.sav')]);
    expect(meta.code).toBe(2);
    expect(meta.stderr).toMatch(/LevelMeta\.sav" is not a readable Palworld world save: not a world save .*PalWorldBaseInfoSaveGame/);
    // A truncated save.
    const dir = tempDir();
    writeFileSync(join(dir, 'Level.sav'), readFileSync(join(FIXTURES, 'v0.6-world2', 'Level.sav')).subarray(0, 3000));
    const cut = await runCli(['parse', dir]);
    expect(cut.code).toBe(2);
    expect(cut.stderr).toMatch(/is not a readable Palworld world save: .*header says/);
    for (const r of [missing, none, text, meta, cut]) {
      expect(r.stdout).toBe('');
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it("parses a single Level.sav path, with its folder's LevelMeta and player files", async () => {
    const folder = JSON.parse((await runCli(['parse', join(FIXTURES, 'v0.6-world1'), '--json'])).stdout);
    const file = await runCli(['parse', join(FIXTURES, 'v0.6-world1', 'Level.sav'), '--json']);
    expect(file.code).toBe(0);
    const out = JSON.parse(file.stdout);
    expect(out.pals).toEqual(folder.pals);
    expect(out.guilds).toEqual(folder.guilds);
    expect(out.players.map((p: { captureTotal?: number }) => p.captureTotal)).toEqual([0, 0]);
  });
});
