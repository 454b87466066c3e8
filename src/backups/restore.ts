// Restore (issue 12): what a backup would change (from parsing both sides), and the restore
// itself, which can never leave things worse: the typed confirmation, the game stopped, a
// pre-restore backup first, then the save folder swapped by renames under a marker file that
// the next start finishes or undoes, so a kill at any instant leaves either the old world or the
// new one in place, never half of each.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Actor } from '../lib/actor.js';
import { fsyncDir, writeFileAtomic } from '../lib/atomic-file.js';
import { ConflictError, fsErrorReason, NotConfiguredError, ValidationError } from '../lib/errors.js';
import { RESTORE_CONFIRMATION } from '../lib/backup.js';
import { iso, type Clock } from '../lib/time.js';
import type { WorldSnapshot } from '../lib/world.js';
import type { NamedChange, RestoreDiff, RestoreResult } from './schemas.js';
import type { GameControl } from '../game/game-control.js';
import type { Store } from '../store/index.js';
import { sha256, type ReadArchive, type SaveFile } from './archive.js';
import { parseFiles } from './parse-sides.js';
import { assertWorldWritable } from './writable.js';
import { readStableSave } from './source.js';
import type { BackupService } from './service.js';
import type { Logger } from '../lib/logger.js';

/** The marker of a swap in progress, in the data dir. */
export const RESTORE_MARKER = 'restore-in-progress.json';
const SAMPLE = 50;

interface Marker {
  saveDir: string;
  /** The new world, complete and fsync'd, waiting to take the save folder's place. */
  staged: string;
  /** Where the old world is moved to. */
  aside: string;
}

/** Writes files under `dir` (made here), each fsync'd by writeFileAtomic. */
function writeTree(dir: string, files: SaveFile[]): void {
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  for (const f of files) {
    const path = join(dir, f.path);
    mkdirSync(dirname(path), { recursive: true, mode: 0o755 });
    writeFileAtomic(path, f.data, 0o644);
  }
  fsyncDir(dir);
}

/**
 * Finishes or undoes a swap a crash interrupted (called at start, before anything reads the
 * save). Old world still in place: the staged copy is dropped. Old world moved aside but the new
 * one not yet in: the new one goes in. Both done: the old one is dropped (the pre-restore backup
 * holds it).
 */
export function recoverRestore(dataDir: string, log: Logger): void {
  const path = join(dataDir, RESTORE_MARKER);
  if (!existsSync(path)) return;
  const m = JSON.parse(readFileSync(path, 'utf8')) as Marker;
  if (existsSync(m.saveDir) && existsSync(m.staged)) {
    rmSync(m.staged, { recursive: true, force: true });
    log('warn', 'restore: interrupted before the swap; the world was left as it was');
  } else if (!existsSync(m.saveDir) && existsSync(m.staged)) {
    renameSync(m.staged, m.saveDir);
    fsyncDir(dirname(m.saveDir));
    rmSync(m.aside, { recursive: true, force: true });
    log('warn', 'restore: interrupted during the swap; the restored world was put in place');
  } else {
    rmSync(m.aside, { recursive: true, force: true });
  }
  rmSync(path, { force: true });
  fsyncDir(dataDir);
}

function diffNamed<T>(
  before: T[],
  after: T[],
  key: (t: T) => string,
  name: (t: T) => string,
): { gained: NamedChange[]; lost: NamedChange[] } {
  const b = new Map(before.map((x) => [key(x), x]));
  const a = new Map(after.map((x) => [key(x), x]));
  return {
    gained: [...a].filter(([k]) => !b.has(k)).map(([k, x]) => ({ id: k, name: name(x) })),
    lost: [...b].filter(([k]) => !a.has(k)).map(([k, x]) => ({ id: k, name: name(x) })),
  };
}

export function worldDiff(
  current: Pick<WorldSnapshot, 'players' | 'pals' | 'guilds'>,
  restored: Pick<WorldSnapshot, 'players' | 'pals' | 'guilds'>,
): Omit<RestoreDiff, 'files'> {
  const pals = diffNamed(
    current.pals,
    restored.pals,
    (p) => p.instanceId,
    (p) => p.displayName,
  );
  return {
    players: diffNamed(
      current.players,
      restored.players,
      (p) => p.uid,
      (p) => p.name,
    ),
    pals: {
      gained: pals.gained.length,
      lost: pals.lost.length,
      gainedSample: pals.gained.slice(0, SAMPLE),
      lostSample: pals.lost.slice(0, SAMPLE),
    },
    guilds: diffNamed(
      current.guilds,
      restored.guilds,
      (g) => g.id,
      (g) => g.name,
    ),
  };
}

export function fileDiff(current: SaveFile[], restored: SaveFile[]): RestoreDiff['files'] {
  const c = new Map(current.map((f) => [f.path, sha256(f.data)]));
  const r = new Map(restored.map((f) => [f.path, sha256(f.data)]));
  return {
    added: [...r.keys()].filter((p) => !c.has(p)).sort(),
    removed: [...c.keys()].filter((p) => !r.has(p)).sort(),
    changed: [...r]
      .filter(([p, h]) => c.has(p) && c.get(p) !== h)
      .map(([p]) => p)
      .sort(),
  };
}

export interface RestorerOptions {
  store: Store;
  backups: BackupService;
  /** The world folder the game runs, looked up at each use (WorldFolder.dirNow); null when no
   * save folder is configured. */
  world: (() => string) | null;
  dataDir: string;
  log: Logger;
  clock: Clock;
  /** The game: a restore needs it stopped (and stops it when asked to, `shutdown: true`). */
  game: GameControl;
  /** The save watcher, to parse the restored world at once; null when nothing watches it (the
   * `backup` command: the next start parses it). */
  ingest: { parseNow(): Promise<unknown> } | null;
}

/** What a restore is asked with: the typed confirmation, and whether to stop a running game. */
export interface RestoreRequest {
  /** Exactly `RESTORE` (interface.md: Restore); anything else touches nothing. */
  confirm: string;
  shutdown: boolean;
}

export class Restorer {
  constructor(private readonly o: RestorerOptions) {}

  private saveDir(): string {
    if (!this.o.world) throw new NotConfiguredError('saveFolder');
    return this.o.world();
  }

  async dryRun(id: string): Promise<RestoreDiff> {
    return this.diff(this.saveDir(), await this.o.backups.open(id));
  }

  /** What putting `archive` in place of the save folder would change, from parsing both. */
  private async diff(saveDir: string, archive: ReadArchive): Promise<RestoreDiff> {
    const current = existsSync(saveDir)
      ? await readStableSave(saveDir, { settleMs: 0, maxWaitMs: 5_000 }).catch(() => [] as SaveFile[])
      : [];
    const work = this.o.backups.backupDir;
    const [before, after] = [await parseFiles(current, this.o.log, work), await parseFiles(archive.files, this.o.log, work)];
    return { files: fileDiff(current, archive.files), ...worldDiff(before, after) };
  }

  async restore(id: string, opts: RestoreRequest, actor: Actor): Promise<RestoreResult> {
    // Checked here, for every caller (the panel, the control socket, the CLI on a data dir).
    if (opts.confirm !== RESTORE_CONFIRMATION) throw new ValidationError('A restore needs --confirm RESTORE, exactly.');
    const saveDir = this.saveDir();
    assertWorldWritable(saveDir); // a read-only or foreign save folder: said before anything is touched
    // Opened (and its checksums verified) once: the diff and the swap use the same files.
    const archive = await this.o.backups.open(id);
    const diff = await this.diff(saveDir, archive);
    const { game } = this.o;
    if (game.running()) {
      if (!opts.shutdown || !game.stop) {
        this.o.store.audit.note({ actor, action: 'backup.restore', target: id, detail: 'the game server was running' }, 'game_running');
        throw new ConflictError('conflict', 'The game server is running: stop it first (or ask for "shutdown": true), then restore.');
      }
      await game.stop();
    }
    // The world as it is now, kept first: a restore is undone by restoring this.
    const pre = this.o.backups.start('pre-restore', actor);
    const preRecord = await pre.done;
    const marker: Marker = { saveDir, staged: `${saveDir}.restore-${id}`, aside: `${saveDir}.before-${id}` };
    try {
      rmSync(marker.staged, { recursive: true, force: true });
      writeTree(marker.staged, archive.files);
      writeFileAtomic(join(this.o.dataDir, RESTORE_MARKER), Buffer.from(JSON.stringify(marker)));
      if (existsSync(saveDir)) renameSync(saveDir, marker.aside);
      renameSync(marker.staged, saveDir);
      fsyncDir(dirname(saveDir));
    } catch (err) {
      // What the next start would do, now: the old world back in place, or the new one whole.
      try {
        recoverRestore(this.o.dataDir, this.o.log);
        rmSync(marker.staged, { recursive: true, force: true });
      } catch {
        /* the marker stays for the next start */
      }
      this.o.store.audit.note(
        { actor, action: 'backup.restore', target: id, detail: `failed: ${fsErrorReason(err) ?? 'the swap failed'}` },
        'backup_failed',
      );
      throw new ConflictError(
        'conflict',
        `The save folder could not be replaced: ${fsErrorReason(err) ?? 'the swap failed'}. palpanel needs write access to the save folder and the folder that holds it. The save folder holds a whole world, never half of two (the pre-restore backup is ${preRecord.id}).`,
      );
    }
    rmSync(marker.aside, { recursive: true, force: true });
    rmSync(join(this.o.dataDir, RESTORE_MARKER), { force: true });
    const restoredAt = iso(this.o.clock());
    this.o.store.audit.note({ actor, action: 'backup.restore', target: id, detail: `pre-restore backup ${preRecord.id}` });
    this.o.log('info', `restore: ${basename(saveDir)} now holds backup ${id}; the world before it is backup ${preRecord.id}`);
    await this.o.ingest?.parseNow().catch((err: unknown) => this.o.log('warn', 'restore: the re-parse failed', err));
    return { diff, preRestoreBackup: preRecord.id, restoredAt };
  }
}
