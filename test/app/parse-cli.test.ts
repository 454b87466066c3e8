// `dist/palpanel parse` on every fixture world: the summary, and --json with the API's rows.
import { readdirSync, statSync, writeFileSync } from 'node:fs';
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
    expect(Object.keys(out).sort()).toEqual(['formatDrift', 'guilds', 'pals', 'players', 'warnings']);
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

  it('a missing path is invalid input (exit 2); a corrupt file is a clear failure (exit 1)', async () => {
    const missing = await runCli(['parse', '/nonexistent/world']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/does not exist/);
    const corrupt = await runCli(['parse', join(FIXTURES, 'PROVENANCE.md')]);
    expect(corrupt.code).toBe(1);
    expect(corrupt.stderr).not.toMatch(/\n\s+at /);
  });
});
