// SIGKILL during restores, repeated (test/helpers/restore-kills.ts): a child restores another
// world's backup and back again, in a world folder that also holds files palpanel does not own,
// and is killed at a random instant. After each kill, once the next start has recovered the
// journal, the save files are one world or the other byte for byte (never a mix), everything
// else is as it was (modes and owner too), nothing of the restore is left behind, and every
// listed backup reads back whole. `npm run bench:restore-kills` runs the same with 60 kills and
// prints the figures.
import { describe, expect, it } from 'vitest';
import { countSetting } from '../helpers/counts.js';
import { tempDir } from '../helpers/cli.js';
import { runRestoreKills } from '../helpers/restore-kills.js';

const ROUNDS = Math.max(3, Math.round(countSetting('PALPANEL_TEST_CRASH_ROUNDS', 20) / 3));

describe('SIGKILL during restores', () => {
  it(`leaves a whole world, the files it does not own, and no debris after the next start: ${ROUNDS} kills`, async () => {
    const f = await runRestoreKills(tempDir('palpanel-crash-'), ROUNDS, 7, 2500);
    expect(f.problems).toEqual([]);
    expect(f.worldWhole.a + f.worldWhole.b).toBe(ROUNDS);
    expect([f.foreignKept, f.modesKept, f.noDebrisAfterStart, f.backupsWhole]).toEqual([ROUNDS, ROUNDS, ROUNDS, ROUNDS]);
    // The kills found restores under way: the rig really restores between them.
    expect(f.restoresCompleted).toBeGreaterThan(0);
  }, 300_000);
});
