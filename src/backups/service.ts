// Backups of the world save (issue 12): made on request or on schedule, listed from the backup
// folder (each archive carries its manifest, so the folder is the whole truth and a crash can
// leave at most an ignored temp file), kept by the retention the admin set, deleted, verified.
// Every completed backup adds the public `Backup completed` event; every change is audited.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { rm } from 'node:fs/promises';
import { SYSTEM, type Actor } from '../domain/actor.js';
import { say } from '../domain/server-text.js';
import { ConflictError, DomainError, fsErrorReason, NotConfiguredError } from '../domain/errors.js';
import { BackupNotFoundError, BackupUnusableError } from './errors.js';
import { iso, type Clock } from '../lib/time.js';
import { TarError } from '../lib/tar.js';
import type { Store } from '../store/index.js';
import { BACKUP_ID, type BackupTrigger } from '../contract/backup-words.js';
import {
  archivePath,
  readArchive,
  readManifest,
  verifyArchive,
  writeArchive,
  type ArchiveFile,
  type BackupManifest,
  type ReadArchive,
} from './archive.js';
import type { BackupRecord, BackupStorage } from '../contract/backups.js';
import { readStableSave } from './source.js';
import type { Logger } from '../lib/logger.js';
import { parseArchive, PARSE_WORK_PREFIX, type WorldSide } from './parse-sides.js';
import { diskSpace, type DiskSpace } from '../lib/disk-space.js';
import { expectedSize, InsufficientStorageError, nearlyFull, nearlyFullWords, overBudget } from './budget.js';
import { backupsToKeep } from './tiered-retention.js';

/** Prefix of the off-site check's fetch folders in the backup folder (copy-check.ts); any a
 * crash left are removed at start. */
export const CHECK_WORK_PREFIX = '.check-';

/** A backup being made, or one that failed (a done job is its record). */
export type BackupJobState = { id: string; trigger: BackupTrigger; state: 'running' | 'failed'; startedAt: string; error: string | null };

export type { BackupRecord, BackupStorage };

export interface BackupServiceOptions {
  store: Store;
  /** The world folder the game runs, looked up at each backup (WorldFolder.dirNow); null when
   * no save folder is configured. */
  world: (() => string) | null;
  backupDir: string;
  log: Logger;
  clock: Clock;
  /** Asks the game to save before a backup; its failure only means the files on disk are used. */
  saveGame?: () => Promise<void>;
  settleMs?: number;
  maxWaitMs?: number;
  /** Told of each backup once it is written and verified (its off-site copy is queued there);
   * called synchronously, so it must not wait on anything. */
  onMade?: (rec: BackupRecord) => void;
  /** Reads the free space of the disk under a folder (tests give a figure; default statfs). */
  freeSpace?: (dir: string) => Promise<DiskSpace | undefined>;
}

/** A new backup's id: its time to the second, its trigger and 6 random hex digits (BACKUP_ID). */
function newBackupId(at: Date, trigger: BackupTrigger): string {
  const stamp = iso(at)
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return `${stamp}-${trigger}-${randomBytes(3).toString('hex')}`;
}

export class BackupService {
  private readonly jobs = new Map<string, BackupJobState>();
  private readonly cache = new Map<string, { mtimeMs: number; record: BackupRecord }>();
  private running: Promise<unknown> | null = null;
  /** Why no backup may start now (a restore runs; its own pre-restore backup aside), or null. */
  private reservedFor: string | null = null;
  /** Whether the "disk nearly full" event was said and the disk has not had room since. */
  private lowSpaceSaid = false;
  /** The last backup that failed, when and why in words (the diagnostics screen). */
  private failed: { at: string; words: string } | null = null;

  constructor(private readonly o: BackupServiceOptions) {
    mkdirSync(o.backupDir, { recursive: true, mode: 0o700 });
    // A temp file is a backup a crash interrupted: never listed, removed here.
    // (and the work folders of a dry-run's parse).
    for (const name of readdirSync(o.backupDir)) {
      if (/^\..*\.tar\.gz\.tmp$/.test(name) || name.startsWith(PARSE_WORK_PREFIX) || name.startsWith(CHECK_WORK_PREFIX))
        rmSync(join(o.backupDir, name), { recursive: true, force: true });
    }
  }

  get backupDir(): string {
    return this.o.backupDir;
  }

  /** Starts a backup; resolves with its id at once (the job's state is readable until done). */
  start(trigger: BackupTrigger, actor: Actor, note: string | null = null): { id: string; done: Promise<BackupRecord> } {
    if (!this.o.world) throw new NotConfiguredError('saveFolder');
    const dir = this.o.world();
    if (this.running) throw new ConflictError('conflict', 'A backup is being made now; try again when it is done.');
    if (this.reservedFor && trigger !== 'pre-restore') throw new ConflictError('conflict', this.reservedFor);
    const now = this.o.clock();
    const id = newBackupId(now, trigger);
    const job: BackupJobState = { id, trigger, state: 'running', startedAt: iso(now), error: null };
    this.jobs.set(id, job);
    const done = this.make(id, trigger, actor, dir, undefined, note).then(
      async (rec) => {
        // The budget after each backup; not after a pre-restore one (the restore may read the
        // very backup the budget would take next; the next backup prunes).
        if (trigger !== 'pre-restore')
          await this.applyBudget().catch((err: unknown) => this.o.log('warn', 'backup budget: pruning failed', err));
        this.jobs.delete(id);
        return rec;
      },
      (err: unknown) => {
        job.state = 'failed';
        const fsReason = fsErrorReason(err);
        job.error =
          err instanceof DomainError || err instanceof TarError
            ? err.message
            : fsReason
              ? `The backup could not be written: ${fsReason}. Nothing was kept.`
              : 'The backup could not be written (the log has the details).';
        this.failed = { at: iso(this.o.clock()), words: job.error };
        this.o.log('warn', `backup ${id} failed`, err);
        this.o.store.audit.note({ actor, action: 'backup.create', target: id, detail: `${trigger}: ${job.error}` }, 'backup_failed');
        // A full disk is said where an admin looks (the events), not only in the audit trail.
        const full = err instanceof InsufficientStorageError || (err as NodeJS.ErrnoException)?.code === 'ENOSPC';
        if (full)
          this.o.store.events.append({ at: iso(this.o.clock()), kind: 'backup', ...say('event.backup.refused', { error: job.error }) });
        throw err;
      },
    );
    this.running = done.catch(() => undefined).finally(() => (this.running = null));
    return { id, done };
  }

  private async make(
    id: string,
    trigger: BackupTrigger,
    actor: Actor,
    dir: string | null,
    files?: ArchiveFile[],
    note: string | null = null,
    own?: Pick<BackupManifest, 'world' | 'gameVersion'>,
  ): Promise<BackupRecord> {
    if (!files) {
      // Not before a restore: the game is stopped by then, and asking would only wait out a timeout.
      if (this.o.saveGame && trigger !== 'pre-restore')
        await this.o
          .saveGame()
          .catch((err: unknown) => this.o.log('warn', 'backup: the game did not save first; the files on disk are backed up', err));
      files = await readStableSave(dir!, { settleMs: this.o.settleMs ?? 1_000, maxWaitMs: this.o.maxWaitMs ?? 60_000 });
    }
    // Refused with words before a byte is written when the disk cannot hold it (a write that
    // still runs out of space removes its temp file: writeArchive).
    const newest = (await this.list())[0]?.sizeBytes ?? null;
    const need = expectedSize(
      newest,
      files.reduce((a, f) => a + ('data' in f ? f.data.length : f.size), 0),
    );
    const before = await this.freeSpace();
    if (before && before.freeBytes < need) throw new InsufficientStorageError(before.freeBytes, need);
    const info = this.o.store.world.parseInfo();
    const { manifest, size } = await writeArchive(
      this.o.backupDir,
      {
        format: 'palpanel-backup/1',
        id,
        trigger,
        createdAt: iso(this.o.clock()),
        gameVersion: own ? own.gameVersion : (info.meta?.gameVersion ?? null),
        world: own ? own.world : info.lastParseAt ? { players: info.players, pals: info.pals, guilds: info.guilds } : null,
        worldId: dir ? basename(dir) : null,
        note,
      },
      files,
    );
    // Read back what was written: a backup that does not verify is removed, never listed.
    try {
      await verifyArchive(archivePath(this.o.backupDir, id));
    } catch (err) {
      await rm(archivePath(this.o.backupDir, id), { force: true });
      throw err;
    }
    const at = iso(this.o.clock());
    this.o.store.audit.note({ actor, action: 'backup.create', target: id, detail: trigger });
    this.o.store.events.append({ at, kind: 'backup', ...say('event.backup.completed') });
    this.o.log('info', `backup ${id}: ${files.length} files, ${size} bytes`);
    await this.sayIfNearlyFull(size);
    const rec: BackupRecord = {
      id,
      trigger,
      createdAt: manifest.createdAt,
      sizeBytes: size,
      gameVersion: manifest.gameVersion,
      world: manifest.world,
      worldId: manifest.worldId ?? null,
      fileCount: manifest.files.length,
      note,
    };
    try {
      this.o.onMade?.(rec);
    } catch (err) {
      // The backup is made and kept whatever its copy's bookkeeping does.
      this.o.log('error', `backup ${id}: its off-site copy could not be queued`, err);
    }
    return rec;
  }

  /** Keeps an archive made elsewhere (already read and checked), as an `imported` backup, with
   * the counts and game version of its own world (`own`: from parsing it; never the world in
   * place's, nor what the archive's manifest claims). */
  async adopt(files: ArchiveFile[], actor: Actor, own: Pick<BackupManifest, 'world' | 'gameVersion'>): Promise<BackupRecord> {
    const id = newBackupId(this.o.clock(), 'imported');
    return this.make(id, 'imported', actor, null, files, null, own);
  }

  /** Keeps any other backup from starting (with `reason` as the refusal) until the returned
   * function is called: a restore holds it from its start to its end. */
  reserve(reason: string): () => void {
    this.reservedFor = reason;
    return () => {
      this.reservedFor = null;
    };
  }

  /** The last backup that failed since palpanel started (when, why in words), or null. */
  lastFailure(): { at: string; words: string } | null {
    return this.failed;
  }

  /** A job still running or failed, or null. */
  job(id: string): BackupJobState | null {
    return this.jobs.get(id) ?? null;
  }

  /** Whether a backup is being made now, or a restore keeps one from starting. */
  get busy(): boolean {
    return this.running !== null || this.reservedFor !== null;
  }

  /** Waits for a backup in progress (tests, shutdown). */
  async idle(): Promise<void> {
    await this.running;
  }

  /** Every backup, newest first. */
  async list(): Promise<BackupRecord[]> {
    const out: BackupRecord[] = [];
    const seen = new Set<string>();
    for (const name of readdirSync(this.o.backupDir)) {
      const id = name.endsWith('.tar.gz') ? name.slice(0, -'.tar.gz'.length) : '';
      if (!BACKUP_ID.test(id)) continue;
      seen.add(id);
      const path = archivePath(this.o.backupDir, id);
      const s = statSync(path, { throwIfNoEntry: false });
      if (!s?.isFile()) continue;
      const cached = this.cache.get(id);
      if (cached && cached.mtimeMs === s.mtimeMs) {
        out.push(cached.record);
        continue;
      }
      const m = await readManifest(path);
      if (!m || m.id !== id) continue; // not ours, or damaged: `verify` says which
      const record: BackupRecord = {
        id,
        trigger: m.trigger,
        createdAt: m.createdAt,
        sizeBytes: s.size,
        gameVersion: m.gameVersion,
        world: m.world,
        worldId: m.worldId ?? null,
        fileCount: m.files.length,
        note: m.note ?? null,
      };
      this.cache.set(id, { mtimeMs: s.mtimeMs, record });
      out.push(record);
    }
    for (const id of this.cache.keys()) if (!seen.has(id)) this.cache.delete(id);
    return out.sort((a, b) => (a.id < b.id ? 1 : -1));
  }

  async get(id: string): Promise<BackupRecord> {
    const rec = (await this.list()).find((b) => b.id === id);
    if (!rec) throw new BackupNotFoundError();
    return rec;
  }

  /** Runs `read` on a listed backup's archive; one that fails its checks is unusable, in words. */
  private async checked<T>(id: string, read: (path: string) => Promise<T>): Promise<T> {
    await this.get(id);
    try {
      return await read(archivePath(this.o.backupDir, id));
    } catch (err) {
      if (err instanceof TarError) throw new BackupUnusableError(id, err.message);
      throw err;
    }
  }

  /** Reads and checks the whole archive, its files held (bounded: member-bounds.ts). */
  async open(id: string): Promise<ReadArchive> {
    return this.checked(id, (path) => readArchive(path));
  }

  /** Checks the whole archive as it is inflated, holding none of it; its manifest. */
  async verify(id: string): Promise<BackupManifest> {
    return this.checked(id, (path) => verifyArchive(path));
  }

  /** Checks the archive while inflating it into a work folder, and parses the world there (null:
   * its Level.sav does not parse). */
  async parse(id: string): Promise<{ manifest: BackupManifest; world: WorldSide | null }> {
    return this.checked(id, (path) => parseArchive(path, this.o.log, this.o.backupDir));
  }

  /** The archive's path for a download (after the id was found). */
  async pathOf(id: string): Promise<{ path: string; size: number }> {
    const rec = await this.get(id);
    return { path: archivePath(this.o.backupDir, id), size: rec.sizeBytes };
  }

  private freeSpace(): Promise<DiskSpace | undefined> {
    return (this.o.freeSpace ?? diskSpace)(this.o.backupDir).catch(() => undefined);
  }

  /** The "disk nearly full" event, once each time the disk goes from room to nearly full. */
  private async sayIfNearlyFull(newestBytes: number): Promise<void> {
    const disk = await this.freeSpace();
    if (!disk) return;
    const low = nearlyFull(disk.freeBytes, newestBytes);
    if (low && !this.lowSpaceSaid) {
      const said = nearlyFullWords(disk.freeBytes, newestBytes);
      this.o.store.events.append({ at: iso(this.o.clock()), kind: 'backup', ...said });
      this.o.log('warn', said.message);
    }
    this.lowSpaceSaid = low;
  }

  /** The folder's size, the disk's free and total space, the budget; the off-site part is the
   * checker's (stack.ts joins them). */
  async storage(): Promise<Omit<BackupStorage, 'offsite' | 'copyConfigured'>> {
    const all = await this.list();
    const disk = await this.freeSpace();
    return {
      bytesUsed: all.reduce((a, b) => a + b.sizeBytes, 0),
      count: all.length,
      freeBytes: disk?.freeBytes ?? null,
      diskBytes: disk?.totalBytes ?? null,
      budgetBytes: this.o.store.backupSettings.schedule().budgetBytes,
      lowSpace: disk && all[0] ? nearlyFull(disk.freeBytes, all[0].sizeBytes) : false,
      oldest: all.at(-1)?.id ?? null,
      newest: all[0]?.id ?? null,
      oldestAt: all.at(-1)?.createdAt ?? null,
      newestAt: all[0]?.createdAt ?? null,
    };
  }

  async remove(id: string, actor: Actor): Promise<void> {
    const rec = await this.get(id);
    await rm(archivePath(this.o.backupDir, id));
    this.cache.delete(id);
    this.o.store.audit.note({ actor, action: 'backup.delete', target: id, detail: rec.trigger });
  }

  /** Deletes one backup for retention or the budget, audited with `why`. */
  private async prune(id: string, why: string): Promise<void> {
    await rm(archivePath(this.o.backupDir, id), { force: true });
    this.cache.delete(id);
    this.o.store.audit.note({ actor: SYSTEM, action: 'backup.delete', target: id, detail: why });
  }

  /**
   * Retention: backups older than the kept days go, but never the newest backup, and never one
   * younger than the window (so a fresh pre-restore backup always stays); with tiers on, one a
   * day and one a week stay longer (tiered-retention.ts). Then the budget. Returns the ids removed.
   */
  async applyRetention(now: Date = this.o.clock()): Promise<string[]> {
    const rule = this.o.store.backupSettings.schedule();
    const all = await this.list();
    const keep = backupsToKeep(all, now, rule);
    const tiers = rule.keepDailyWeeks || rule.keepWeeklyMonths ? ` (and not the one kept for its day or week)` : '';
    const removed: string[] = [];
    for (const b of all) {
      if (keep.has(b.id)) continue;
      await this.prune(b.id, `retention: older than ${rule.retentionDays} days${tiers}`);
      removed.push(b.id);
    }
    return [...removed, ...(await this.applyBudget())];
  }

  /** The budget: while the folder holds more than it, the oldest backup goes, never the newest.
   * Returns the ids removed. */
  async applyBudget(): Promise<string[]> {
    const { budgetBytes } = this.o.store.backupSettings.schedule();
    const removed = overBudget(await this.list(), budgetBytes);
    for (const id of removed) await this.prune(id, `budget: the backups came to more than ${budgetBytes} bytes`);
    return removed;
  }
}
