// Hostile save folders (hardening #1): named pipes and devices where save files belong. Each
// case runs in a child process with a deadline, since a blocked open() cannot be interrupted
// from JavaScript: on the old code these cases hang (a pipe) or grow without end (/dev/zero).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, ROOT, tempDir } from '../helpers/cli.js';

/** A copy of a small fixture world, to plant special files in. */
function world(fixture = 'v0.1-coop'): string {
  const dir = join(tempDir(), 'world');
  cpSync(join(FIXTURES, fixture), dir, { recursive: true });
  return dir;
}

function mkfifo(path: string): void {
  rmSync(path, { force: true });
  const r = spawnSync('mkfifo', [path]);
  expect(r.status).toBe(0);
}

/** readSaveFolder in a child: `{ok, players}` or `{error}`, or a timeout. */
function readInChild(dir: string): { ok?: boolean; players?: number; error?: string; timedOut?: boolean } {
  const script = `
    const { readSaveFolder } = await import(${JSON.stringify(join(ROOT, 'src/ingest/save-files.ts'))});
    try {
      const r = readSaveFolder(${JSON.stringify(dir)});
      console.log(JSON.stringify({ ok: true, players: r.players.size }));
    } catch (err) {
      console.log(JSON.stringify({ error: err.message }));
    }`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    timeout: 20_000,
    encoding: 'utf8',
  });
  if (r.error || r.signal) return { timedOut: true };
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { ok?: boolean; players?: number; error?: string };
}

describe('save folders with special files', () => {
  it('a named pipe as LevelMeta.sav is refused at once, by what it is', () => {
    const dir = world();
    mkfifo(join(dir, 'LevelMeta.sav'));
    expect(readInChild(dir)).toEqual({ error: 'LevelMeta.sav is a named pipe, not a save file; only regular files are read.' });
  });

  it('a named pipe as a player file only loses that player', () => {
    const dir = world('v0.6-world1');
    const players = readdirSync(join(dir, 'Players')).filter((n) => /^[0-9A-F]{32}\.sav$/i.test(n));
    expect(players.length).toBeGreaterThan(1);
    mkfifo(join(dir, 'Players', players[0]));
    expect(readInChild(dir)).toEqual({ ok: true, players: players.length - 1 });
  });

  it('/dev/zero behind a symlink is refused as a device, as Level.sav or LevelMeta.sav', () => {
    const dir = world();
    rmSync(join(dir, 'LevelMeta.sav'));
    symlinkSync('/dev/zero', join(dir, 'LevelMeta.sav'));
    expect(readInChild(dir)).toEqual({ error: 'LevelMeta.sav is a device, not a save file; only regular files are read.' });
    rmSync(join(dir, 'Level.sav'));
    symlinkSync('/dev/zero', join(dir, 'Level.sav'));
    expect(readInChild(dir)).toEqual({ error: 'Level.sav is a device, not a save file; only regular files are read.' });
  });

  it('a named pipe as Level.sav, or as the single file given, is refused', () => {
    const dir = world();
    mkfifo(join(dir, 'Level.sav'));
    expect(readInChild(dir)).toEqual({ error: 'Level.sav is a named pipe, not a save file; only regular files are read.' });
    mkdirSync(join(dir, 'sub'));
    mkfifo(join(dir, 'sub', 'Level.sav'));
    expect(readInChild(join(dir, 'sub', 'Level.sav'))).toEqual({
      error: 'Level.sav is a named pipe, not a save file; only regular files are read.',
    });
  });
});
