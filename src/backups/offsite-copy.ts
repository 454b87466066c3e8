// Off-site copies (SERVICE_BACKUP_COPY_COMMAND), the way databases ship their archives: after a
// backup is written and verified its copy is queued in the store, and this runner hands the
// archive to the host's command, one copy at a time, in the background: nothing (a backup, the
// poller, a request) ever waits for it. The command runs without a shell, with the archive's
// facts in its environment (PALPANEL_BACKUP_*), never in a command line built from strings.
// A failed attempt is retried with backoff; one past its deadline is killed, its whole process
// group with it (a script's rclone as well as the script). What an attempt ended with (exit
// status, duration, the last lines of output, redacted) is kept with the backup.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { say } from '../domain/server-text.js';
import { ConflictError } from '../domain/errors.js';
import { BACKUP_ID } from '../contract/backup-words.js';
import type { Logger } from '../lib/logger.js';
import { iso, type Clock } from '../lib/time.js';
import type { BackupCopyRepo, BackupCopyRow } from '../store/backup-copies.js';
import type { EventRecord } from '../store/events.js';
import { archivePath } from './archive.js';
import { redactor } from './copy-output.js';
import { MAX_TIMER_MS, runCommand, type AttemptResult, type CommandRun } from './copy-process.js';
import type { BackupCopy } from '../contract/backups.js';

/** Waits between attempts: after the first failure 1 min, then 5 min, 30 min, 2 h, and 6 h
 * twice; after the seventh failed attempt the copy is given up (the backup stays, `failed`). */
export const RETRY_DELAYS_MS: readonly number[] = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000, 6 * 3_600_000];

/** After SIGTERM, the process group gets this long to end before SIGKILL. */
const KILL_GRACE_MS = 5_000;
export type CopyEnv = Readonly<Record<string, string | undefined>>;

export interface OffsiteCopyOptions {
  repo: BackupCopyRepo;
  /** Where a failed copy is said (a `backup` event, which webhooks receive as a warning). */
  events: { append(ev: EventRecord): void };
  /** The program and its arguments (SERVICE_BACKUP_COPY_COMMAND, as argv). */
  command: readonly string[];
  /** SERVICE_BACKUP_COPY_TIMEOUT. */
  timeoutMs: number;
  /** The environment the command inherits (palpanel's own, without its SERVICE_* settings). */
  env: CopyEnv;
  backupDir: string;
  clock: Clock;
  log: Logger;
  retryDelaysMs?: readonly number[];
  killGraceMs?: number;
}

/** Copy figures for /metrics. */
export interface CopyStats {
  lastSuccessAt: string | null;
  /** Failed attempts since palpanel started. */
  failures: number;
  /** Copies not yet made that will still be tried (pending, running, or failed with a retry due). */
  pending: number;
}

/** The environment of the command: the given one minus palpanel's own settings (the game's
 * admin password is no business of a copy), plus the archive's facts. */
export function copyEnv(base: CopyEnv, facts: { path: string; id: string; trigger: string; size: number; sha256: string }) {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) if (v !== undefined && !k.startsWith('SERVICE_')) env[k] = v;
  env.PALPANEL_BACKUP_PATH = facts.path;
  env.PALPANEL_BACKUP_ID = facts.id;
  env.PALPANEL_BACKUP_TRIGGER = facts.trigger;
  env.PALPANEL_BACKUP_SIZE = String(facts.size);
  env.PALPANEL_BACKUP_SHA256 = facts.sha256;
  return env;
}

async function sha256File(path: string): Promise<string> {
  const h = createHash('sha256');
  for await (const chunk of createReadStream(path)) h.update(chunk as Buffer);
  return h.digest('hex');
}

/** A row as GET /backups shows it (admins; viewers get `state` only). */
export function copyView(row: BackupCopyRow | null): BackupCopy {
  if (!row) return { state: 'off' };
  return {
    state: row.state,
    attempts: row.attempts,
    lastAttemptAt: row.lastAttemptAt,
    lastExitCode: row.lastExitCode,
    lastDurationMs: row.lastDurationMs,
    lastOutput: row.lastOutput,
    nextAttemptAt: row.nextAttemptAt,
    copiedAt: row.copiedAt,
  };
}

export class OffsiteCopier {
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  /** The command run under way, if any. */
  private running: CommandRun | null = null;
  private started = false;
  private stopped = false;
  private failures = 0;
  private readonly delays: readonly number[];
  private readonly redact: (line: string) => string;

  constructor(private readonly o: OffsiteCopyOptions) {
    this.delays = o.retryDelaysMs ?? RETRY_DELAYS_MS;
    // Secrets of palpanel's own settings are redacted too, though the command never gets them.
    this.redact = redactor(o.env);
  }

  /** Owes a copy of a backup just made (its row is written now, so a restart still owes it);
   * starts it when the runner runs and nothing else is being copied. */
  queue(backupId: string): void {
    this.o.repo.queue(backupId, iso(this.o.clock()));
    this.kick();
  }

  /** Resumes what a previous run left (an attempt it was in the middle of is pending again),
   * then runs whatever is due. */
  start(): void {
    const n = this.o.repo.resumeInterrupted();
    if (n > 0) this.o.log('info', `backup copies: ${n} interrupted by the last stop, pending again`);
    this.started = true;
    this.kick();
  }

  /** Runs the copies due now, unless a copy already runs (it looks again when done). Tests call
   * it after moving their clock. */
  kick(): void {
    if (!this.started || this.stopped || this.current) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let broke = false;
    this.current = this.drain()
      .catch((err: unknown) => {
        // The store or the file system failed under it: looked at again in a minute, never in a loop.
        broke = true;
        this.o.log('error', 'backup copies: the queue stopped; it is looked at again in a minute', err);
      })
      .finally(() => {
        this.current = null;
        this.arm(broke ? 60_000 : 0);
      });
  }

  /** Resolves when no copy runs (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.current) await this.current;
  }

  /** Stops: a copy under way is killed (its process group, SIGKILL after a short grace) and
   * stays pending for the next start. */
  async stop(graceMs = 2_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running?.stop(graceMs);
    await this.idle();
  }

  /** "Copy now": a backup the command never copied (made before it was set, or given up) is
   * owed and due at once. A copy running or made already is refused, in words. */
  copyNow(backupId: string): BackupCopy {
    const row = this.o.repo.get(backupId);
    if (row?.state === 'running') throw new ConflictError('conflict', 'This backup is being copied off-site now.');
    if (row?.state === 'copied')
      throw new ConflictError('conflict', `This backup was copied off-site already, at ${row.copiedAt ?? row.lastAttemptAt ?? '?'}.`);
    this.o.repo.requeue(backupId, iso(this.o.clock()));
    this.kick();
    return this.status(backupId);
  }

  status(backupId: string): BackupCopy {
    return copyView(this.o.repo.get(backupId));
  }

  stats(): CopyStats {
    const rows = this.o.repo.all();
    const copied = rows.map((r) => r.copiedAt).filter((t): t is string => t !== null);
    return {
      lastSuccessAt: copied.length ? copied.reduce((a, b) => (a > b ? a : b)) : null,
      failures: this.failures,
      pending: rows.filter((r) => r.state === 'pending' || r.state === 'running' || (r.state === 'failed' && r.nextAttemptAt !== null))
        .length,
    };
  }

  /** Sets the timer for the next copy waiting (or runs it when it is due already). */
  private arm(atLeastMs: number): void {
    if (this.stopped || !this.started) return;
    const next = this.o.repo.nextDueAt();
    if (next === null) return;
    const wait = Math.max(Date.parse(next) - this.o.clock().getTime(), atLeastMs);
    if (wait <= 0) return this.kick();
    this.timer = setTimeout(() => this.kick(), Math.min(wait, MAX_TIMER_MS));
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const row = this.o.repo.nextDue(iso(this.o.clock()));
      if (!row) return;
      await this.attempt(row);
    }
  }

  private async attempt(row: BackupCopyRow): Promise<void> {
    const id = row.backupId;
    const path = resolve(archivePath(this.o.backupDir, id));
    const st = await stat(path).catch(() => null);
    if (!st?.isFile()) {
      // Deleted (by hand or by retention) before its copy: nothing is owed any more.
      this.o.repo.forget([id]);
      this.o.log('info', `backup copy of ${id}: the backup is gone, nothing to copy`);
      return;
    }
    const trigger = BACKUP_ID.exec(id)?.[1] ?? '';
    this.o.repo.started(id, iso(this.o.clock()));
    // An archive that cannot be read is a failed attempt like any other (retried, then given up).
    const r = await sha256File(path).then(
      async (sha256) => {
        const run = runCommand(this.o.command, {
          env: copyEnv(this.o.env, { path, id, trigger, size: st.size, sha256 }),
          timeoutMs: this.o.timeoutMs,
          killGraceMs: this.o.killGraceMs ?? KILL_GRACE_MS,
          redact: this.redact,
        });
        this.running = run;
        // A stop that came while the archive was hashed ends the run at once.
        if (this.stopped) run.stop(0);
        try {
          return await run.done;
        } finally {
          this.running = null;
        }
      },
      (err: NodeJS.ErrnoException): AttemptResult => ({
        code: null,
        signal: null,
        cut: 'read',
        output: `[palpanel] could not read the archive: ${err.code ?? 'error'}`,
        durationMs: 0,
      }),
    );
    const at = iso(this.o.clock());
    if (r.cut === 'stopped') {
      this.o.repo.interrupted(id);
      this.o.log('info', `backup copy of ${id}: stopped with palpanel; it runs again at the next start`);
      return;
    }
    const attempts = row.attempts + 1;
    if (r.code === 0 && r.cut === null) {
      this.o.repo.finished(id, {
        state: 'copied',
        nextAttemptAt: null,
        lastExitCode: 0,
        lastDurationMs: r.durationMs,
        lastOutput: r.output,
        at,
      });
      this.o.log('info', `backup copy of ${id}: copied in ${(r.durationMs / 1000).toFixed(1)} s`);
      return;
    }
    this.failures++;
    const delay = this.delays[attempts - 1];
    const nextAttemptAt = delay === undefined ? null : iso(new Date(this.o.clock().getTime() + delay));
    this.o.repo.finished(id, {
      state: 'failed',
      nextAttemptAt,
      lastExitCode: r.code,
      lastDurationMs: r.durationMs,
      lastOutput: r.output,
      at,
    });
    const how =
      r.cut === 'deadline'
        ? 'killed past its deadline'
        : r.cut === 'spawn'
          ? 'the command could not start'
          : r.cut === 'read'
            ? 'the archive could not be read'
            : `exit status ${r.code}`;
    const then = nextAttemptAt ? `tried again at ${nextAttemptAt}` : `given up after ${attempts} attempts`;
    this.o.log('warn', `backup copy of ${id} failed (attempt ${attempts}, ${how}); ${then}`);
    // Said once when a copy first fails and once when it is given up, not at every retry.
    if (attempts === 1 || nextAttemptAt === null)
      this.o.events.append({
        at,
        kind: 'backup',
        ...say(nextAttemptAt ? 'event.backup.copyFailed.retry' : 'event.backup.copyFailed.givenUp', {
          id,
          attempt: attempts,
          cut: r.cut ?? 'exit',
          code: String(r.code),
          nextAt: nextAttemptAt ?? '',
        }),
      });
  }
}
