// A command run with no data dir named must not invent one (issue 37, finding 13): under systemd
// the real data dir is in the unit, and a key made in ./palpanel-data of wherever the admin stood
// is useless with nothing saying so. interface.md, "Bounds": without --data-dir and
// SERVICE_DATA_DIR, a command other than serve and demo uses ./palpanel-data only when it exists,
// and otherwise exits 2 saying where it looked and how to name the data dir.
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';

const COMMANDS = [
  ['keys', 'create', '--label', 'x'],
  ['keys', 'list'],
  ['keys', 'revoke', '0123abcd'],
  ['users', 'list'],
  ['users', 'remove', 'someone'],
  ['backup', 'list'],
];

describe('no data dir named (built executable)', () => {
  it.each(COMMANDS.map((c) => [c.join(' '), c]))(
    '%s in a folder without ./palpanel-data: exit 2 naming where it looked and how to name one; nothing created',
    async (_name, args) => {
      const cwd = tempDir('palpanel-nodir-');
      const r = await runCli(args, { cwd, cleanEnv: true });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain('./palpanel-data');
      expect(r.stderr).toContain(cwd);
      expect(r.stderr).toContain('--data-dir');
      expect(r.stderr).toContain('SERVICE_DATA_DIR');
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(readdirSync(cwd)).toEqual([]);
    },
  );

  it('with ./palpanel-data present, keys create and list use it', async () => {
    const cwd = tempDir('palpanel-nodir-');
    mkdirSync(join(cwd, 'palpanel-data'), { mode: 0o700 });
    const c = await runCli(['keys', 'create', '--label', 'here', '--json'], { cwd, cleanEnv: true });
    expect(c.code).toBe(0);
    const rec = JSON.parse(c.stdout) as { id: string; key: string };
    expect(rec.key).toMatch(/^svk_/);
    const l = await runCli(['keys', 'list', '--json'], { cwd, cleanEnv: true });
    expect(l.code).toBe(0);
    expect((JSON.parse(l.stdout) as { id: string }[]).map((k) => k.id)).toEqual([rec.id]);
    expect(readdirSync(join(cwd, 'palpanel-data')).length).toBeGreaterThan(0);
  });

  it('a data dir named by SERVICE_DATA_DIR is still made when missing', async () => {
    const cwd = tempDir('palpanel-nodir-');
    const c = await runCli(['keys', 'create', '--label', 'named'], { cwd, cleanEnv: true, env: { SERVICE_DATA_DIR: 'D' } });
    expect(c.code).toBe(0);
    expect(readdirSync(cwd)).toEqual(['D']);
  });
});
