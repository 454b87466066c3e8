// writeFileAtomic gives the file the mode it is asked for, whatever the process umask: palpanel's
// systemd unit runs with UMask=0077, and a game file the settings editor or a restore rewrites
// keeps the mode the game gave it.
import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/lib/atomic-file.js';
import { tempDir } from '../helpers/temp.js';

const before = process.umask();
afterEach(() => void process.umask(before));

describe('writeFileAtomic', () => {
  it('writes the mode asked for under umask 0077 (0644 stays 0644, 0600 stays 0600)', () => {
    process.umask(0o077);
    const dir = tempDir();
    writeFileAtomic(join(dir, 'PalWorldSettings.ini'), Buffer.from('x'), 0o644);
    writeFileAtomic(join(dir, 'panel.db'), Buffer.from('y'));
    expect(statSync(join(dir, 'PalWorldSettings.ini')).mode & 0o777).toBe(0o644);
    expect(statSync(join(dir, 'panel.db')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, 'PalWorldSettings.ini'), 'utf8')).toBe('x');
  });
});
