// SIGKILL during restores, repeated (the crash test's and the bench's rig): a world folder holds
// world A (v0.6-world1, with a WorldOption.sav) beside files palpanel does not own (the game's own
// `backup/` folder, a host's notes, a settings file, a stray file in Players/), with the modes and
// owner of a game's user. A child process restores backup B (v0.6-world2, no WorldOption.sav)
// and backup A in turn, and is killed at a random instant. Then, as the next start does, the store
// is opened and the journal recovered, and the folder is looked at: its save files must be A's
// or B's (with A's WorldOption.sav, which B lacks), byte for byte and never a mix; the rest as it
// was; no staging, journal or temp file left; every backup whole. Every other kill falls
// anywhere in the child's life (most of a restore is reading and comparing); the others fall a
// random few milliseconds after the journal appears, inside the staging and the swap.
import { spawn } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { readArchive } from '../../src/backups/archive.js';
import { BackupService } from '../../src/backups/service.js';
import { recoverRestore, RESTORE_MARKER } from '../../src/backups/restore.js';
import { seededRandom } from '../../src/lib/prng.js';
import { openStore } from '../../src/store/index.js';
import { FIXTURES, ROOT } from './paths.js';
import { fileTree } from './tree.js';
import { silentLog } from './silent-log.js';

const CHILD = `
  const { openStore } = await import(${JSON.stringify(join(ROOT, 'src/store/index.ts'))});
  const { BackupService } = await import(${JSON.stringify(join(ROOT, 'src/backups/service.ts'))});
  const { Restorer } = await import(${JSON.stringify(join(ROOT, 'src/backups/restore.ts'))});
  const [dataDir, saveDir, first, second] = process.argv.slice(-4);
  const log = () => {};
  const store = await openStore(dataDir);
  const svc = new BackupService({ store, world: () => saveDir, backupDir: dataDir + '/backups', log, clock: () => new Date(), settleMs: 0, maxWaitMs: 1000 });
  const restorer = new Restorer({ store, backups: svc, world: () => saveDir, dataDir, log, clock: () => new Date(), game: { running: () => false }, ingest: null, settleMs: 0 });
  process.stdout.write('ready\\n');
  for (let i = 0; ; i++) {
    const id = i % 2 ? second : first;
    const started = await restorer.restore(id, { confirm: 'RESTORE', shutdown: false }, 'cli');
    // (A restore before jobs answered with its result: the rig runs on that version too.)
    if (started.state === 'running') {
      await restorer.idle();
      const job = restorer.job(id);
      if (job.state !== 'done') {
        process.stderr.write('restore failed: ' + job.error + '\\n');
        process.exit(3);
      }
    }
    process.stdout.write('restored\\n');
  }
`;

const OWNED = /^(Level\.sav|LevelMeta\.sav|WorldOption\.sav|Players\/[0-9A-Fa-f]{32}(_dps)?\.sav)$/;

export interface KillFigures {
  kills: number;
  /** Kills at a random instant of the child's life, and a random instant after the journal appeared. */
  anywhere: number;
  afterJournal: number;
  /** Where each kill landed, from the journal on disk before recovery ('none': no restore swap under way). */
  phases: Record<string, number>;
  /** Restores a child completed before its kill, in all. */
  restoresCompleted: number;
  worldWhole: { a: number; b: number; mixed: number };
  foreignKept: number;
  modesKept: number;
  noDebrisAfterStart: number;
  backupsWhole: number;
  /** What was wrong after a round, for a failing test's message. */
  problems: string[];
}

/** Runs `rounds` kills in `root` (a fresh folder); `maxDelayMs`: the latest instant of a kill after the child is ready. */
export async function runRestoreKills(root: string, rounds: number, seed: number, maxDelayMs: number): Promise<KillFigures> {
  const saveDir = join(root, 'world');
  const dataDir = join(root, 'data');
  const backupDir = join(dataDir, 'backups');
  // Backup B, from a folder of its own; then world A in place, with everything palpanel does not own.
  const bDir = join(root, 'world-b');
  cpSync(join(FIXTURES, 'v0.6-world2'), bDir, { recursive: true });
  cpSync(join(FIXTURES, 'v0.6-world1'), saveDir, { recursive: true });
  writeFileSync(join(saveDir, 'WorldOption.sav'), 'the options of world A');
  mkdirSync(join(saveDir, 'backup', 'world', '2026.07.01-10.00.00', 'Players'), { recursive: true });
  writeFileSync(join(saveDir, 'backup', 'world', '2026.07.01-10.00.00', 'Level.sav'), 'the game keeps its own backups');
  writeFileSync(join(saveDir, 'notes.txt'), 'restart on Sundays');
  writeFileSync(join(saveDir, 'PalWorldSettings.ini'), '[/Script/Pal.PalGameWorldSettings]\n');
  writeFileSync(join(saveDir, 'Players', 'readme.txt'), 'a host note among the player files');
  chmodSync(saveDir, 0o700);
  chmodSync(join(saveDir, 'Players'), 0o700);
  chmodSync(join(saveDir, 'Level.sav'), 0o600);
  const canChown = process.getuid?.() === 0;
  if (canChown) chownSync(join(saveDir, 'Level.sav'), 1234, 1234);
  const store0 = await openStore(dataDir);
  const [idB, idA] = await (async () => {
    try {
      const mk = async (dir: string) =>
        (
          await new BackupService({
            store: store0,
            world: () => dir,
            backupDir,
            log: silentLog,
            clock: () => new Date(),
            settleMs: 0,
          }).start('manual', 'cli').done
        ).id;
      return [await mk(bDir), await mk(saveDir)];
    } finally {
      store0.close();
    }
  })();
  const all = fileTree(saveDir);
  const foreign = [...all].filter(([p]) => !OWNED.test(p));
  const ownedOf = (t: Map<string, string>) => JSON.stringify([...t].filter(([p]) => OWNED.test(p)).sort());
  const worldA = ownedOf(all);
  const worldB = ownedOf(new Map([...fileTree(bDir), ['WorldOption.sav', all.get('WorldOption.sav')!]]));

  const rng = seededRandom(seed);
  const f: KillFigures = {
    kills: 0,
    anywhere: 0,
    afterJournal: 0,
    phases: {},
    restoresCompleted: 0,
    worldWhole: { a: 0, b: 0, mixed: 0 },
    foreignKept: 0,
    modesKept: 0,
    noDebrisAfterStart: 0,
    backupsWhole: 0,
    problems: [],
  };
  let inPlace: 'a' | 'b' = 'a';
  for (let round = 0; round < rounds; round++) {
    // Each child starts with the world not in place, so every restore changes the folder.
    const [first, second] = inPlace === 'a' ? [idB, idA] : [idA, idB];
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD, dataDir, saveDir, first, second], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let done = 0;
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        const text = c.toString();
        done += text.split('restored').length - 1;
        if (text.includes('ready')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`child exited ${code}: ${stderr}`)));
    });
    const journal = join(dataDir, RESTORE_MARKER);
    if (round % 2 === 0) {
      f.anywhere++;
      await new Promise((r) => setTimeout(r, Math.floor(rng() * maxDelayMs)));
    } else {
      f.afterJournal++;
      await new Promise<void>((resolve) => {
        const t = setInterval(() => {
          if (!existsSync(journal)) return;
          clearInterval(t);
          resolve();
        }, 1);
      });
      await new Promise((r) => setTimeout(r, Math.floor(rng() * 40)));
    }
    child.removeAllListeners('exit');
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    f.kills++;
    f.restoresCompleted += done;
    const phase = existsSync(journal) ? ((JSON.parse(readFileSync(journal, 'utf8')) as { phase?: string }).phase ?? 'old') : 'none';
    f.phases[phase] = (f.phases[phase] ?? 0) + 1;

    // The next start: the store (its temp files), the journal, the backup folder's leftovers.
    const store = await openStore(dataDir);
    try {
      recoverRestore(dataDir, silentLog, saveDir);
      const svc = new BackupService({ store, world: () => saveDir, backupDir, log: silentLog, clock: () => new Date() });
      const tree = fileTree(saveDir);
      const owned = ownedOf(tree);
      if (owned === worldA || owned === worldB) {
        inPlace = owned === worldA ? 'a' : 'b';
        f.worldWhole[inPlace]++;
      } else {
        f.worldWhole.mixed++;
        f.problems.push(`round ${round}: the save files are neither world (killed at ${phase})`);
      }
      if (JSON.stringify(foreign) === JSON.stringify([...tree].filter(([p]) => !OWNED.test(p)))) f.foreignKept++;
      else f.problems.push(`round ${round}: files palpanel does not own changed`);
      const mode = (p: string) => statSync(join(saveDir, p)).mode & 0o777;
      const level = statSync(join(saveDir, 'Level.sav'));
      if (mode('') === 0o700 && mode('Players') === 0o700 && mode('Level.sav') === 0o600 && (!canChown || level.uid === 1234))
        f.modesKept++;
      else f.problems.push(`round ${round}: modes or owner changed`);
      const debris = [
        ...readdirSync(dirname(saveDir)).filter((n) => n.startsWith(`${basename(saveDir)}.`)),
        ...readdirSync(saveDir).filter((n) => n.startsWith('.')),
        ...readdirSync(dataDir).filter((n) => n === RESTORE_MARKER || n.endsWith('.tmp')),
        ...readdirSync(backupDir).filter((n) => n.startsWith('.')),
      ];
      if (debris.length === 0) f.noDebrisAfterStart++;
      else f.problems.push(`round ${round}: left behind: ${debris.join(', ')}`);
      let whole = true;
      for (const b of await svc.list()) {
        try {
          await readArchive(join(backupDir, `${b.id}.tar.gz`));
        } catch {
          whole = false;
        }
      }
      if (whole) f.backupsWhole++;
      else f.problems.push(`round ${round}: a listed backup does not read back whole`);
    } finally {
      store.close();
    }
  }
  return f;
}
