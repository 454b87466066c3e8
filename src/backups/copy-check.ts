// Checking the off-site copies: SERVICE_BACKUP_CHECK_COMMAND fetches a backup's copy back into a
// fresh folder palpanel made (PALPANEL_CHECK_DIR; which backup: PALPANEL_BACKUP_ID), on the
// admin's schedule and on demand. palpanel then checks what came back as it checks any archive
// (every checksum against the manifest), dry-runs it against the world in place (so the copy is
// known to restore, not only to unpack), records the outcome, and removes the folder. When the
// newest copy that passed is older than the admin's bound, a warning event says so, once.
//
// The command runs without a shell (argv from domain/command-words.ts), with palpanel's own
// environment minus its SERVICE_* settings (the game's passwords stay out); what it prints goes
// only to the log, never to a screen (it may name remotes and paths), and there only redacted.
// It runs as the copy command does (copy-process.ts): in a process group of its own, killed with
// everything it started at its timeout, even when the script itself has exited and a child it left
// holds its output open.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../lib/logger.js';
import { iso, type Clock } from '../lib/time.js';
import { ConflictError, DomainError, fsErrorReason, ValidationError } from '../domain/errors.js';
import { BACKUP_ID } from '../contract/backup-words.js';
import { TarError } from '../lib/tar.js';
import type { Store } from '../store/index.js';
import { archivePath, verifyArchive, type BackupManifest } from './archive.js';
import type { BackupCheck, OffsiteStatus, RestoreDiff } from '../contract/backups.js';
import { CHECK_WORK_PREFIX, type BackupService } from './service.js';
import { bytesWords } from './budget.js';
import { say } from '../domain/server-text.js';
import { redactor } from './copy-output.js';
import { runCommand } from './copy-process.js';

/** How often the schedule and the age bound are looked at. */
export const CHECK_TICK_MS = 60_000;

export interface CopyCheckOptions {
  store: Store;
  backups: BackupService;
  /** Checks and dry-runs an archive file against the world in place (Restorer.dryRunArchive);
   * null without a save folder: the copy is then only checked. */
  dryRun: ((path: string) => Promise<{ manifest: BackupManifest; diff: RestoreDiff }>) | null;
  /** The command's argv; null: no checks configured. */
  command: readonly string[] | null;
  timeoutMs: number;
  /** The environment the command inherits (without palpanel's SERVICE_* settings). */
  env: Readonly<Record<string, string | undefined>>;
  log: Logger;
  clock: Clock;
}

/** A check that cannot start: another runs, no command is set, or no backup exists. */
export class CheckRefusedError extends ConflictError {
  constructor(message: string) {
    super('conflict', message);
  }
}

type Outcome = BackupCheck['outcome'];

/** A fetch that ended without an archive to check, in words. */
class FetchFailed extends Error {
  constructor(
    readonly outcome: Outcome,
    message: string,
  ) {
    super(message);
  }
}

const commandEnv = (base: CopyCheckOptions['env'], dir: string, id: string): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined && !k.startsWith('SERVICE_')) env[k] = v;
  env.PALPANEL_CHECK_DIR = dir;
  env.PALPANEL_BACKUP_ID = id;
  env.PALPANEL_BACKUP_FILE = `${id}.tar.gz`;
  return env;
};

const hours = (ms: number) => ms / 3_600_000;

export class CopyChecker {
  private running: Promise<BackupCheck> | null = null;
  /** Whether the "too old" warning was said and no newer good copy came since. */
  private staleSaid = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly redact: (line: string) => string;

  constructor(private readonly o: CopyCheckOptions) {
    // Secrets of palpanel's own settings are redacted too, though the command never gets them.
    this.redact = redactor(o.env);
  }

  get configured(): boolean {
    return this.o.command !== null;
  }

  /** Where the off-site copies stand (the storage answer's `offsite`). */
  status(): OffsiteStatus {
    const good = this.o.store.backupChecks.newestGood();
    return {
      configured: this.configured,
      running: this.running !== null,
      last: this.o.store.backupChecks.recent(1)[0] ?? null,
      newestGoodAt: good?.backupCreatedAt ?? null,
      stale: this.stale(),
    };
  }

  /** The newest checks, newest first. */
  recent(limit = 20): BackupCheck[] {
    return this.o.store.backupChecks.recent(limit);
  }

  /** Whether the newest good copy is past the bound (or none passed while checks ran). */
  private stale(): boolean {
    const { checkMaxAgeHours } = this.o.store.backupSettings.schedule();
    if (!this.configured || checkMaxAgeHours === 0) return false;
    const good = this.o.store.backupChecks.newestGood();
    if (!good) return this.o.store.backupChecks.recent(1).length > 0;
    return this.o.clock().getTime() - Date.parse(good.backupCreatedAt!) > checkMaxAgeHours * 3_600_000;
  }

  /** Starts a check of backup `id` (default: the newest copied one, else the newest); resolves with its result. Refused
   * (409) when one runs, none is configured, or there is no backup to check. */
  async start(id?: string | null): Promise<{ done: Promise<BackupCheck> }> {
    if (!this.o.command) throw new CheckRefusedError('No off-site check is configured (SERVICE_BACKUP_CHECK_COMMAND).');
    if (this.running) throw new CheckRefusedError('An off-site check is running now; try again when it is done.');
    if (id != null && !BACKUP_ID.test(id)) throw new ValidationError('That is not a backup id.');
    // By default the newest backup whose copy palpanel made (SERVICE_BACKUP_COPY_COMMAND): the
    // newest of all may still be waiting for its copy, and would be found missing. Without copy
    // tracking (copies made some other way), the newest.
    const copied = new Set(this.o.store.backupCopies.all().flatMap((r) => (r.state === 'copied' ? [r.backupId] : [])));
    const list = await this.o.backups.list();
    const target = id ?? (list.find((b) => copied.has(b.id)) ?? list[0])?.id;
    if (!target) throw new CheckRefusedError('There is no backup yet whose off-site copy could be checked.');
    if (this.running) throw new CheckRefusedError('An off-site check is running now; try again when it is done.');
    const done = this.run(target, this.o.command).finally(() => (this.running = null));
    this.running = done;
    return { done };
  }

  /** Waits for a check in progress (tests, shutdown). */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  private async run(id: string, command: readonly string[]): Promise<BackupCheck> {
    const local = (await this.o.backups.list()).find((b) => b.id === id) ?? null;
    let dir: string | null = null;
    let outcome: Outcome;
    let detail: string;
    let createdAt = local?.createdAt ?? null;
    try {
      // Made here, so a full or read-only backup disk is a recorded failure in words too.
      dir = await mkdtemp(join(this.o.backups.backupDir, CHECK_WORK_PREFIX));
      const path = await this.fetch(command, dir, id);
      try {
        const { manifest, words } = await this.examine(path);
        if (manifest.id !== id) throw new TarError(`it is a copy of backup ${manifest.id.slice(0, 60)}, not of ${id}`);
        createdAt = manifest.createdAt;
        outcome = 'ok';
        // The archive itself against the one here, when it is still here: a faithful copy is
        // the same bytes (a copy whose files all check out is whole either way).
        // (The one here may have gone meanwhile, to retention: then nothing is said of it.)
        const here = local ? await fileSha256(archivePath(this.o.backups.backupDir, id)).catch(() => null) : null;
        const same = here === null ? null : (await fileSha256(path)) === here;
        const bytes =
          same === null ? '' : same ? ' (the same bytes as the archive here)' : ' (not the same bytes as the archive here, but whole)';
        detail = `The copy came back whole${bytes}: ${manifest.files.length} files match their checksums; ${words}.`;
      } catch (err) {
        if (!(err instanceof TarError)) throw err;
        outcome = 'corrupt';
        detail = `The copy came back damaged: ${err.message}.`;
      }
    } catch (err) {
      if (err instanceof FetchFailed) [outcome, detail] = [err.outcome, err.message];
      else if (err instanceof DomainError) [outcome, detail] = ['failed', `The copy is whole but its dry-run was refused: ${err.message}`];
      else {
        this.o.log('warn', `off-site check of ${id} failed`, err);
        const fs = fsErrorReason(err);
        [outcome, detail] = [
          'failed',
          fs ? `The check could not be carried out: ${fs}.` : 'The check could not be carried out (the log has the details).',
        ];
      }
    } finally {
      if (dir) await rm(dir, { recursive: true, force: true });
    }
    const check: BackupCheck = { at: iso(this.o.clock()), backupId: id, backupCreatedAt: createdAt, outcome, detail };
    this.o.store.backupChecks.record(check);
    this.o.log(outcome === 'ok' ? 'info' : 'warn', `off-site check of ${id}: ${outcome}: ${detail}`);
    if (outcome !== 'ok')
      this.o.store.events.append({
        at: check.at,
        kind: 'backup',
        ...say('event.backup.checkFailed', { id, outcome, detail }),
      });
    this.sayIfStale();
    return check;
  }

  /** Checks the archive and, with a world, dry-runs it; its manifest and what a restore would do. */
  private async examine(path: string): Promise<{ manifest: BackupManifest; words: string }> {
    if (!this.o.dryRun) return { manifest: await verifyArchive(path), words: 'no save folder is configured, so no dry-run was made' };
    const { manifest, diff } = await this.o.dryRun(path);
    const files = diff.files.added.length + diff.files.removed.length + diff.files.changed.length;
    return {
      manifest,
      words:
        `a restore of it would change ${files} files, ${diff.players.gained.length + diff.players.lost.length} players ` +
        `(+${diff.players.gained.length} −${diff.players.lost.length}) and ${diff.pals.gained + diff.pals.lost} pals`,
    };
  }

  /** Runs the command; the archive it left in `dir`. */
  private async fetch(command: readonly string[], dir: string, id: string): Promise<string> {
    const r = await runCommand(command, {
      env: commandEnv(this.o.env, dir, id),
      cwd: dir,
      timeoutMs: this.o.timeoutMs,
      timeoutSetting: 'SERVICE_BACKUP_CHECK_TIMEOUT',
      killGraceMs: 0,
      redact: this.redact,
    }).done;
    if (r.cut === 'spawn') {
      const why =
        r.startError?.code === 'ENOENT' ? 'the program was not found' : (fsErrorReason(r.startError) ?? 'it could not be started');
      throw new FetchFailed('failed', `The check command could not be run: ${why}.`);
    }
    if (r.output) this.o.log('info', `off-site check command said: ${r.output}`);
    if (r.cut === 'deadline')
      throw new FetchFailed('failed', `The check command did not finish within ${Math.round(this.o.timeoutMs / 1000)} s and was stopped.`);
    if (r.code !== 0)
      throw new FetchFailed(
        'failed',
        r.signal ? `The check command was ended by ${r.signal}.` : `The check command failed (exit status ${r.code}).`,
      );
    const names = await readdir(dir);
    const archives = names.filter((n) => n.endsWith('.tar.gz'));
    const name = archives.includes(`${id}.tar.gz`) ? `${id}.tar.gz` : archives.length === 1 ? archives[0] : null;
    if (!name)
      throw new FetchFailed(
        'missing',
        archives.length > 1
          ? `The check command left ${archives.length} archives and none is named ${id}.tar.gz.`
          : 'The check command succeeded but left no archive (.tar.gz) in PALPANEL_CHECK_DIR.',
      );
    const st = await lstat(join(dir, name));
    if (!st.isFile()) throw new FetchFailed('missing', `The check command left ${name.slice(0, 80)}, which is not a plain file.`);
    this.o.log('info', `off-site check: fetched ${name} (${bytesWords(st.size)})`);
    return join(dir, name);
  }

  /** The "too old" warning, once each time the newest good copy passes the bound. */
  private sayIfStale(): void {
    const stale = this.stale();
    if (stale && !this.staleSaid) {
      const good = this.o.store.backupChecks.newestGood();
      const { checkMaxAgeHours } = this.o.store.backupSettings.schedule();
      const said = good
        ? say('event.backup.copyStale', {
            age: Math.floor(hours(this.o.clock().getTime() - Date.parse(good.backupCreatedAt!))),
            max: checkMaxAgeHours,
          })
        : say('event.backup.noGoodCopy');
      this.o.store.events.append({ at: iso(this.o.clock()), kind: 'backup', ...said });
      this.o.log('warn', said.message);
    }
    this.staleSaid = stale;
  }

  /** One look: a scheduled check when one is due, then the age bound. */
  async tick(): Promise<'ran' | 'off' | 'not due' | 'busy' | 'no backup'> {
    this.sayIfStale();
    const { checkIntervalHours } = this.o.store.backupSettings.schedule();
    if (!this.configured || checkIntervalHours === 0) return 'off';
    const last = this.o.store.backupChecks.recent(1)[0];
    if (last && this.o.clock().getTime() - Date.parse(last.at) < checkIntervalHours * 3_600_000) return 'not due';
    if (this.running) return 'busy';
    try {
      await (
        await this.start()
      ).done;
    } catch (err) {
      if (err instanceof CheckRefusedError) return this.running ? 'busy' : 'no backup';
      throw err;
    }
    return 'ran';
  }

  startTimer(signal: AbortSignal): void {
    const run = () => {
      if (signal.aborted) return;
      void this.tick()
        .catch((err: unknown) => this.o.log('error', 'off-site check failed', err))
        .finally(() => {
          if (!signal.aborted) this.timer = setTimeout(run, CHECK_TICK_MS);
        });
    };
    run();
    signal.addEventListener('abort', () => {
      if (this.timer) clearTimeout(this.timer);
    });
  }
}

/** The SHA-256 of a file, read as a stream. */
async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
