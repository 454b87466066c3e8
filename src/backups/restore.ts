// Restore (issue 12, issue 28): what a backup would change (from parsing both sides), and the
// restore itself, which can never leave things worse. What can be decided at once is (the typed
// confirmation, the backup, a game that answers, another restore or backup running); the rest
// runs as a job whose state says where it is and how it ended: the backup read and checked, the
// game stopped when asked, every sign of the game looked at (REST, RCON, the save files no longer
// changing), a pre-restore backup, the same signs again, then the backup's files swapped in
// under a journal (world-swap.ts) and the world re-parsed. Only the files a backup holds are
// replaced; everything else in the world folder stays as it was.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Actor } from '../domain/actor.js';
import { ConflictError, DomainError, fsErrorReason, NotConfiguredError, ValidationError } from '../domain/errors.js';
import { RESTORE_CONFIRMATION } from '../contract/backup-words.js';
import type { RefusalReason } from '../domain/audit.js';
import { iso, type Clock } from '../lib/time.js';
import type { WorldSnapshot } from '../domain/world.js';
import type { NamedChange, RestoreDiff, RestoreJob, RestoreStep } from '../contract/backups.js';
import type { GameControl } from '../game/game-control.js';
import { GameError, gameFailureWords } from '../game/errors.js';
import type { Store } from '../store/index.js';
import { sha256, type BackupManifest, type ManifestFile, type SaveFile } from './archive.js';
import { restoreReplaces } from './owned.js';
import { parseArchive, parseFiles, type WorldSide } from './parse-sides.js';
import { readStableSave, saveStamps } from './source.js';
import { assertWorldWritable } from './writable.js';
import type { BackupService } from './service.js';
import type { Logger } from '../lib/logger.js';
import { sameWorldId } from '../ingest/world-folder.js';
import { QUIET_MS } from '../ingest/save-watcher.js';
import { readWorldInPlace } from './world-in-place.js';
import { BackupUnusableError } from './errors.js';
import { keptEntries, recoverRestore, RESTORE_MARKER, swapWorld } from './world-swap.js';

export { recoverRestore, RESTORE_MARKER } from './world-swap.js';

const SAMPLE = 50;
const DRY_RUN_WAIT_MS = 10_000;
/** Restore jobs remembered (the newest per backup), for GET /backups/{id}/restore. */
const KEEP_JOBS = 20;

/** Characters that reorder or hide the text around them (bidi embeddings, overrides and
 * isolates, marks): a player's name must not turn a list of names around. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const shown = (name: string) => name.replace(BIDI_CONTROLS, '');

function diffNamed<T>(
  before: T[],
  after: T[],
  key: (t: T) => string,
  name: (t: T) => string,
): { gained: NamedChange[]; lost: NamedChange[] } {
  const b = new Map(before.map((x) => [key(x), x]));
  const a = new Map(after.map((x) => [key(x), x]));
  return {
    gained: [...a].filter(([k]) => !b.has(k)).map(([k, x]) => ({ id: k, name: shown(name(x)) })),
    lost: [...b].filter(([k]) => !a.has(k)).map(([k, x]) => ({ id: k, name: shown(name(x)) })),
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

/** The files a restore adds, removes and changes (`current`: the owned files in place;
 * `restored`: the backup's, as its checked manifest lists them). A WorldOption.sav the backup
 * lacks is kept, so it is not among the removed. */
export function fileDiff(current: SaveFile[], restored: Pick<ManifestFile, 'path' | 'sha256'>[]): Omit<RestoreDiff['files'], 'kept'> {
  const c = new Map(current.map((f) => [f.path, sha256(f.data)]));
  const r = new Map(restored.map((f) => [f.path, f.sha256]));
  const backupPaths = new Set(r.keys());
  return {
    added: [...r.keys()].filter((p) => !c.has(p)).sort(),
    removed: [...c.keys()].filter((p) => !r.has(p) && restoreReplaces(backupPaths, p)).sort(),
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
  /** The ids of every world below the save folder (WorldFolder.ids): a backup of one of them is
   * never restored into another. Absent: none known. */
  worldIds?: () => string[];
  dataDir: string;
  log: Logger;
  clock: Clock;
  /** The game: a restore needs it stopped (and stops it when asked to, `shutdown: true`). */
  game: GameControl;
  /** The save watcher, to parse the restored world at once; null when nothing watches it (the
   * `backup` command: the next start parses it). */
  ingest: { parseNow(): Promise<unknown> } | null;
  /** Two looks at the save files this far apart must agree before the swap (default 2 s, the
   * freshness rule's settle time). */
  settleMs?: number;
  /** How long a dry-run waits for the world in place to be quiet before it answers in words
   * (default 10 s). */
  dryRunWaitMs?: number;
}

/** What a restore is asked with: the typed confirmation, and whether to stop a running game. */
export interface RestoreRequest {
  /** Exactly `RESTORE` (interface.md: Restore); anything else touches nothing. */
  confirm: string;
  shutdown: boolean;
}

/** A restore that did not go ahead, with the audit's reason. */
class RestoreRefused extends ConflictError {
  constructor(
    message: string,
    readonly reason: RefusalReason,
  ) {
    super('conflict', message);
  }
}

export class Restorer {
  private readonly jobs = new Map<string, RestoreJob>();
  private active: Promise<void> | null = null;

  constructor(private readonly o: RestorerOptions) {}

  /** The world folder: the one place a restore reads it from (the world the game runs, looked
   * up at each use). */
  private worldDir(): string {
    if (!this.o.world) throw new NotConfiguredError('saveFolder');
    return this.o.world();
  }

  async dryRun(id: string): Promise<RestoreDiff> {
    const world = this.worldDir();
    await this.ownWorld(id, world);
    // The backup is checked while it is inflated into a work folder and parsed there: none of
    // it is held (issue 28).
    const { manifest, world: after } = await this.o.backups.parse(id);
    return this.diff(world, manifest.files, readable(id, after), await this.readWorld(world));
  }

  /** What restoring an archive file outside the backup folder (an off-site copy fetched back:
   * copy-check.ts) would change: checked as it is inflated (throws TarError), then the same
   * world and diff as a listed backup's. */
  async dryRunArchive(path: string): Promise<{ manifest: BackupManifest; diff: RestoreDiff }> {
    const world = this.worldDir();
    const { manifest, world: after } = await parseArchive(path, this.o.log, this.o.backups.backupDir);
    this.sameWorld(manifest.id, manifest.worldId ?? null, world);
    return { manifest, diff: await this.diff(world, manifest.files, readable(manifest.id, after), await this.readWorld(world)) };
  }

  /** 404 for no such backup; 409 for a backup of another world the host keeps below the save
   * folder than the one the game runs (two worlds side by side: the old world's backups go only
   * into the old world). A backup of a world no longer there (one moved to a new world id)
   * may be restored. */
  private async ownWorld(id: string, world: string): Promise<void> {
    const rec = await this.o.backups.get(id);
    this.sameWorld(id, rec.worldId, world);
  }

  private sameWorld(id: string, of: string | null, world: string): void {
    const here = basename(world);
    if (!of || sameWorldId(of, here)) return;
    if ((this.o.worldIds?.() ?? []).some((w) => sameWorldId(w, of)))
      throw new ConflictError(
        'conflict',
        `Backup ${id} is of world ${of}, which is still below the save folder, and the game runs world ${here}: a backup is restored only into its own world.`,
      );
  }

  /** The world in place for a dry-run: read once quiet, else SideUnreadableError in words
   * (world-in-place.ts). */
  private readWorld(world: string): Promise<{ files: SaveFile[]; side: WorldSide }> {
    return readWorldInPlace(world, {
      quietMs: this.o.settleMs ?? QUIET_MS,
      waitMs: this.o.dryRunWaitMs ?? DRY_RUN_WAIT_MS,
      log: this.o.log,
      workDir: this.o.backups.backupDir,
    });
  }

  /** What putting a backup's `files` (its world parsed: `after`) in place of the world's save
   * files (`now`, read by readWorld; else read as they are) would change. */
  private async diff(
    world: string,
    files: ManifestFile[],
    after: WorldSide,
    now?: { files: SaveFile[]; side: WorldSide },
  ): Promise<RestoreDiff> {
    const current =
      now?.files ?? (existsSync(world) ? await readStableSave(world, { settleMs: 0, maxWaitMs: 5_000 }).catch(() => [] as SaveFile[]) : []);
    const before = now?.side ?? (await parseFiles(current, this.o.log, this.o.backups.backupDir));
    const kept = keptEntries(world, new Set(files.map((f) => f.path)));
    return { files: { ...fileDiff(current, files), kept }, ...worldDiff(before, after) };
  }

  /** The newest restore of backup `id` since palpanel started, or null. */
  job(id: string): RestoreJob | null {
    const j = this.jobs.get(id);
    return j ? structuredClone(j) : null;
  }

  /** Waits for a restore in progress (tests, shutdown). */
  async idle(): Promise<void> {
    await this.active;
  }

  /**
   * Decides what it can at once (throws: 400 a wrong confirmation, 404 no such backup, 409 a
   * game that answers without `shutdown`, a restore or backup running), then starts the job and
   * returns it, running.
   */
  async restore(id: string, opts: RestoreRequest, actor: Actor): Promise<RestoreJob> {
    // Checked here, for every caller (the panel, the control socket, the CLI on a data dir).
    if (opts.confirm !== RESTORE_CONFIRMATION) throw new ValidationError('A restore needs --confirm RESTORE, exactly.');
    const world = this.worldDir();
    assertWorldWritable(world); // a read-only or foreign save folder: said before anything is touched
    await this.ownWorld(id, world);
    // Nothing awaited from here to the job's start: two requests cannot both pass.
    if (this.active) throw new ConflictError('conflict', 'A restore is running now; try again when it has finished.');
    if (this.o.backups.busy) throw new ConflictError('conflict', 'A backup is being made now; try again when it is done.');
    const { game } = this.o;
    if (game.running() && (!opts.shutdown || !game.stop)) {
      this.o.store.audit.note({ actor, action: 'backup.restore', target: id, detail: 'the game server was running' }, 'game_running');
      throw new ConflictError('conflict', 'The game server is running: stop it first (or ask for "shutdown": true), then restore.');
    }
    const job: RestoreJob = {
      id: `restore-${randomBytes(4).toString('hex')}`,
      backupId: id,
      state: 'running',
      step: 'reading-backup',
      startedAt: iso(this.o.clock()),
      finishedAt: null,
      error: null,
      result: null,
    };
    this.jobs.delete(id);
    this.jobs.set(id, job);
    while (this.jobs.size > KEEP_JOBS) this.jobs.delete(this.jobs.keys().next().value!);
    const release = this.o.backups.reserve('A restore is running now; a backup can be made when it has finished.');
    this.active = this.run(job, world, opts, actor).finally(() => {
      release();
      this.active = null;
    });
    return structuredClone(job);
  }

  private async run(job: RestoreJob, world: string, opts: RestoreRequest, actor: Actor): Promise<void> {
    const id = job.backupId;
    const step = (s: RestoreStep) => void (job.step = s);
    try {
      // What an interrupted restore left is finished or removed first (the next start does too).
      recoverRestore(this.o.dataDir, this.o.log, world);
      // Opened (and its checksums verified) once: the diff and the swap use the same files.
      const archive = await this.o.backups.open(id);
      const after = await parseFiles(archive.files, this.o.log, this.o.backups.backupDir);
      const { game } = this.o;
      if (game.running()) {
        if (!opts.shutdown || !game.stop)
          throw new RestoreRefused(
            'The game server answers again: stop it first (or ask for "shutdown": true), then restore.',
            'game_running',
          );
        step('stopping-game');
        await game.stop().catch((err: unknown) => {
          throw new RestoreRefused(
            `The game server was not stopped: ${wordsOf(err).replace(/\.$/, '')}. Nothing was changed.`,
            'game_running',
          );
        });
      }
      step('checking-game');
      const stamps = await this.gameGone(world);
      step('pre-restore-backup');
      // The world as it is now, kept first: a restore is undone by restoring this.
      const pre = await this.o.backups.start('pre-restore', actor).done;
      // The world in place read for the diff only now that the game is gone and its save quiet
      // (the check below covers this read too): read while the game saved, it was half a world.
      const diff = await this.diff(world, archive.manifest.files, after);
      step('checking-game');
      if ((await this.gameGone(world)) !== stamps)
        throw new RestoreRefused(
          'The save files changed while the world in place was being backed up: the game may still be running. Stop it, then restore.',
          'game_running',
        );
      step('swapping');
      let warnings: string[];
      try {
        warnings = await swapWorld(this.o.dataDir, world, archive.files);
      } catch (err) {
        const why = fsErrorReason(err) ?? 'a file operation failed';
        const left = existsSync(join(this.o.dataDir, RESTORE_MARKER))
          ? 'the next start of palpanel finishes putting the world in place back'
          : 'the world in place was left as it was';
        this.o.log('warn', `restore of ${id} failed`, err);
        throw new RestoreRefused(
          `The save folder could not be changed: ${why}; ${left} (the pre-restore backup is ${pre.id}). palpanel needs write access to the world folder and its Players folder.`,
          'backup_failed',
        );
      }
      const restoredAt = iso(this.o.clock());
      this.o.store.audit.note({ actor, action: 'backup.restore', target: id, detail: `pre-restore backup ${pre.id}` });
      this.o.log('info', `restore: ${basename(world)} now holds backup ${id}; the world before it is backup ${pre.id}`);
      for (const w of warnings) this.o.log('warn', `restore: ${w}`);
      step('re-parsing');
      await this.o.ingest?.parseNow().catch((err: unknown) => this.o.log('warn', 'restore: the re-parse failed', err));
      job.result = { diff, preRestoreBackup: pre.id, restoredAt, warnings };
      job.state = 'done';
    } catch (err) {
      job.state = 'failed';
      job.error = wordsOf(err);
      if (!(err instanceof RestoreRefused)) this.o.log('warn', `restore of ${id} failed`, err);
      this.o.store.audit.note(
        { actor, action: 'backup.restore', target: id, detail: `failed at ${job.step}: ${job.error}` },
        err instanceof RestoreRefused ? err.reason : 'backup_failed',
      );
    }
    job.finishedAt = iso(this.o.clock());
  }

  /**
   * Every sign palpanel can read says the game is gone: no door of it (REST, RCON) accepts a
   * connection, and the save files do not change between two looks. Returns their stamps.
   */
  private async gameGone(world: string): Promise<string> {
    const signs = (await this.o.game.probe?.()) ?? [];
    const alive = signs.filter((s) => s.state !== 'stopped');
    if (alive.length)
      throw new RestoreRefused(
        `The game server may still be running: ${alive.map((s) => s.words).join('; ')}. Stop it, then restore.`,
        'game_running',
      );
    const settle = this.o.settleMs ?? 2_000;
    const first = await saveStamps(world);
    await new Promise((r) => setTimeout(r, settle));
    if ((await saveStamps(world)) !== first)
      throw new RestoreRefused(
        `The save files are still being written (they changed within ${settle / 1000} s): the game may still be running. Stop it, then restore.`,
        'game_running',
      );
    return first;
  }
}

/** A backup's parsed world; one whose Level.sav does not parse is said, never shown as a diff
 * of an empty world (issue 37). */
function readable(id: string, side: WorldSide | null): WorldSide {
  if (side) return side;
  throw new BackupUnusableError(
    id,
    'its world could not be read (its Level.sav does not parse), so what a restore would change cannot be shown',
  );
}

/** An error in words a host can read: a domain error's own, a file-system reason, else none.
 * (An archive that cannot be read arrives as BackupUnusableError (errors.ts), a domain error.) */
function wordsOf(err: unknown): string {
  if (err instanceof DomainError) return err.message;
  if (err instanceof GameError) return `${gameFailureWords(err)}.`;
  const fs = fsErrorReason(err);
  if (fs) return `a file operation failed: ${fs}.`;
  return 'the restore failed (the log has the details).';
}
