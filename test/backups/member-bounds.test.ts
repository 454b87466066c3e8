// The bound of each file a backup holds, by what it is (src/backups/member-bounds.ts; docs/backups.md,
// "Dry-run and restore": Level.sav 1 GiB, a player save 16 MiB, LevelMeta.sav and
// WorldOption.sav 1 MiB, a `_dps.sav` pal storage 256 MiB), and the sizes in words the
// refusals give.
import { describe, expect, it } from 'vitest';
import { memberRole, sizeWords } from '../../src/backups/member-bounds.js';

const MiB = 1024 * 1024;
const HEX = '0123456789ABCDEF0123456789abcdef';

/** A container of `n` bytes of save data: at least `n`, and at most zlib's growth and a header more. */
const containerOf = (n: number) => ({ min: n, max: n + n / 100 + 8192 });

describe('memberRole', () => {
  it('gives Level.sav the save reader’s 1 GiB', () => {
    expect(memberRole('Level.sav')).toEqual({ what: 'Level.sav', max: 1024 * MiB });
  });

  it('gives LevelMeta.sav and WorldOption.sav a container of 1 MiB', () => {
    for (const name of ['LevelMeta.sav', 'WorldOption.sav']) {
      const role = memberRole(name)!;
      expect(role.what).toBe(name);
      expect(role.max).toBeGreaterThanOrEqual(containerOf(MiB).min);
      expect(role.max).toBeLessThanOrEqual(containerOf(MiB).max);
    }
  });

  it('gives a player save a container of 16 MiB, and its pal storage (_dps.sav) 256 MiB', () => {
    for (const hex of [HEX, HEX.toUpperCase()]) {
      const role = memberRole(`Players/${hex}.sav`)!;
      expect(role.what).toBe('a player save');
      expect(role.max).toBeGreaterThanOrEqual(containerOf(16 * MiB).min);
      expect(role.max).toBeLessThanOrEqual(containerOf(16 * MiB).max);
      expect(memberRole(`Players/${hex}_dps.sav`)).toEqual({ what: "a player's pal storage", max: 256 * MiB });
    }
  });

  it('refuses (null) a path that is no file of a world save', () => {
    for (const path of [
      'run.sh',
      'world/Level.sav',
      'Level.sav.bak',
      'level.sav',
      'Players/x.sav',
      `Players/${HEX}.sav.tmp`,
      `${HEX}.sav`,
      `${HEX}_dps.sav`,
      `Players/../${HEX}.sav`,
      `backup/Players/${HEX}.sav`,
      'Players/',
      '',
    ]) {
      expect(memberRole(path), path).toBeNull();
    }
  });
});

describe('sizeWords', () => {
  it('says bytes below a MiB and MiB with one decimal from a MiB on', () => {
    expect(sizeWords(0)).toBe('0 bytes');
    expect(sizeWords(100)).toBe('100 bytes');
    expect(sizeWords(MiB - 1)).toBe('1048575 bytes');
    expect(sizeWords(MiB)).toBe('1.0 MiB');
    expect(sizeWords(1.5 * MiB)).toBe('1.5 MiB');
    expect(sizeWords(1024 * MiB)).toBe('1024.0 MiB');
  });
});
