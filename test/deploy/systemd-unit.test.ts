// deploy/systemd as systemd itself reads it: `systemd-analyze verify` accepts palpanel's unit and
// the game's (it only warns on an unknown key or a bad value, so any warning fails here). Then
// what the units must say for palpanel's jobs: write access where restore and the settings editor
// write, no restart loop on a bad setting (exit 2), the game restarted after a clean shutdown;
// and the settings file example is settings palpanel accepts.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../src/cli/exit.js';
import { loadSettings, SETTINGS_TABLE, SettingsError } from '../../src/config/settings.js';
import { ROOT, tempDir } from '../helpers/cli.js';
import { noteSkip } from '../helpers/skipped.js';

const DIR = join(ROOT, 'deploy', 'systemd');
const read = (name: string) => readFileSync(join(DIR, name), 'utf8');
const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' });
const hasAnalyze = analyze.status === 0;
if (!hasAnalyze) noteSkip('deploy: systemd-analyze is not on this machine; the units are not verified here');

/** `Key=value` lines of a unit or env file (comments and sections aside), in order. */
const entries = (text: string): [string, string][] =>
  text
    .split('\n')
    .filter((l) => /^[A-Za-z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]);
const values = (text: string, key: string) =>
  entries(text)
    .filter(([k]) => k === key)
    .map(([, v]) => v);

/** verify checks that each Exec line's program is executable: point them at one this machine has. */
function verify(name: string, execs: string[]): void {
  let text = read(name);
  for (const e of execs) {
    expect(text, e).toMatch(new RegExp(`^Exec\\w+=-?${e}`, 'm'));
    text = text.replace(new RegExp(`^(Exec\\w+=-?)${e}`, 'm'), `$1${process.execPath}`);
  }
  const unit = join(tempDir(), name);
  writeFileSync(unit, text);
  const r = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr.split('\n').filter((l) => l.includes(name))).toEqual([]);
}

describe('the systemd units', () => {
  it.skipIf(!hasAnalyze)(
    'palpanel.service and palworld.service pass systemd-analyze verify with no warning (skipped without systemd-analyze)',
    () => {
      verify('palpanel.service', ['/usr/local/bin/palpanel']);
      verify('palworld.service', ['/usr/games/steamcmd', '/home/steam/Steam/steamapps/common/PalServer/PalServer.sh']);
    },
  );

  it("palpanel.service: one data dir made by systemd, the hardening, and write access to the game's Saved folder (never read-only)", () => {
    const text = read('palpanel.service');
    for (const line of [
      'StateDirectory=palpanel',
      'Environment=SERVICE_DATA_DIR=/var/lib/palpanel',
      'EnvironmentFile=/etc/palpanel/palpanel.env',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'PrivateTmp=yes',
    ]) {
      expect(text.split('\n')).toContain(line);
    }
    // Restore and the editor write below Saved: nothing may make it read-only.
    expect(values(text, 'ReadWritePaths')).toEqual(['-/home/steam/Steam/steamapps/common/PalServer/Pal/Saved']);
    expect(values(text, 'ReadOnlyPaths')).toEqual([]);
    expect(values(text, 'ProtectHome')).toEqual([]);
    // The game's user, so restored files keep an owner the game can write.
    expect(values(text, 'User')).toEqual(['steam']);
    expect(text).toContain('--data-dir /var/lib/palpanel');
  });

  it('palpanel.service does not restart on a bad setting: the exit code palpanel gives one is the one systemd is told to stop at', () => {
    const text = read('palpanel.service');
    expect(values(text, 'Restart')).toEqual(['on-failure']);
    const code = exitCodeFor(new SettingsError('SERVICE_LISTEN', 'Invalid value'));
    expect(values(text, 'RestartPreventExitStatus')).toEqual([String(code)]);
    expect(code).toBe(2);
  });

  it('palworld.service restarts the game after any exit, a clean shutdown included (what scheduled restarts rely on)', () => {
    const text = read('palworld.service');
    expect(values(text, 'Restart')).toEqual(['always']);
    expect(values(text, 'User')).toEqual(values(read('palpanel.service'), 'User'));
  });

  it('palpanel.env: only settings palpanel knows, accepted as they stand; RCON and the settings file set, both inside the writable Saved folder', () => {
    const env = Object.fromEntries(entries(read('palpanel.env')));
    const known = new Set(SETTINGS_TABLE.map((s) => s.env));
    expect(Object.keys(env).filter((k) => !known.has(k))).toEqual([]);
    const s = loadSettings({ ...env, SERVICE_DATA_DIR: '/var/lib/palpanel' });
    expect(s.rconAddr).toEqual({ host: '127.0.0.1', port: 25575 });
    expect(s.rconPassword).not.toBeNull();
    expect(s.gameRestUrl).toBe('http://127.0.0.1:8212');
    const writable = values(read('palpanel.service'), 'ReadWritePaths')[0].replace(/^-/, '');
    expect(s.saveDir).toBe(writable);
    expect(s.configFile!.startsWith(`${writable}/Config/`)).toBe(true);
  });
});
