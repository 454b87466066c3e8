// Restores killed at random instants (test/helpers/restore-kills.ts): a child restores another
// world's backup and back again in a world folder that also holds files palpanel does not own,
// and is SIGKILLed at a random instant; after each kill the next start's recovery runs and the
// folder is checked. Prints the counts: world whole (which world), foreign files kept, modes
// kept, no debris after the next start, backups whole, and where the kills landed.
// Run: npm run bench:restore-kills [-- <kills, default 60>]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runRestoreKills } from '../../test/helpers/restore-kills.js';

const kills = Number(process.argv[2] ?? 60);
const root = mkdtempSync(join(tmpdir(), 'palpanel-restore-kills-'));
try {
  const started = Date.now();
  const f = await runRestoreKills(root, kills, 28, 2500);
  const line = (label: string, n: number) => console.log(`${label.padEnd(36)} ${n} of ${f.kills}`);
  console.log(`restores killed at random instants: ${f.kills} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  console.log(`  ${f.anywhere} anywhere in the child's life, ${f.afterJournal} 0-40 ms after the journal appeared`);
  console.log(`where the kills landed (journal phase): ${JSON.stringify(f.phases)}`);
  console.log(`restores completed between kills: ${f.restoresCompleted}`);
  line('world whole (A or B, byte for byte)', f.worldWhole.a + f.worldWhole.b);
  console.log(`  of which A ${f.worldWhole.a}, B ${f.worldWhole.b}; mixed ${f.worldWhole.mixed}`);
  line('foreign files kept', f.foreignKept);
  line('modes and owner kept', f.modesKept);
  line('no debris after the next start', f.noDebrisAfterStart);
  line('every backup reads back whole', f.backupsWhole);
  for (const p of f.problems) console.log(`problem: ${p}`);
  process.exitCode = f.problems.length ? 1 : 0;
} finally {
  rmSync(root, { recursive: true, force: true });
}
