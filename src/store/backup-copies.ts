// Off-site copies of backups (backups/offsite-copy.ts runs them): one row per backup made while
// a copy command was set. The row is written with the backup's completion, before any copy
// starts, so a crash or a restart finds every copy still owed and resumes it.
import type { DurableDb } from './durable-db.js';
import { BACKUP_COPY_STATES, type BackupCopyState } from '../contract/backup-words.js';

export interface BackupCopyRow {
  backupId: string;
  state: Exclude<BackupCopyState, 'off'>;
  attempts: number;
  queuedAt: string;
  /** When the next attempt is due; null: none will be made (copied, or given up). */
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  /** The command's exit status; null when it did not exit on its own (killed, or not started). */
  lastExitCode: number | null;
  lastDurationMs: number | null;
  /** The last lines of its output, redacted (copy-output.ts). */
  lastOutput: string | null;
  copiedAt: string | null;
}

/** What an attempt ended with, as stored. */
export type CopyOutcome = Pick<BackupCopyRow, 'state' | 'nextAttemptAt' | 'lastExitCode' | 'lastDurationMs' | 'lastOutput'> & {
  at: string;
};

interface Raw {
  backup_id: string;
  state: string;
  attempts: number;
  queued_at: string;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_exit_code: number | null;
  last_duration_ms: number | null;
  last_output: string | null;
  copied_at: string | null;
}

const COLS =
  'backup_id, state, attempts, queued_at, next_attempt_at, last_attempt_at, last_exit_code, last_duration_ms, last_output, copied_at';

function rowOf(r: Raw): BackupCopyRow {
  const state = (BACKUP_COPY_STATES as readonly string[]).includes(r.state) && r.state !== 'off' ? r.state : 'pending';
  return {
    backupId: r.backup_id,
    state: state as BackupCopyRow['state'],
    attempts: r.attempts,
    queuedAt: r.queued_at,
    nextAttemptAt: r.next_attempt_at,
    lastAttemptAt: r.last_attempt_at,
    lastExitCode: r.last_exit_code,
    lastDurationMs: r.last_duration_ms,
    lastOutput: r.last_output,
    copiedAt: r.copied_at,
  };
}

export class BackupCopyRepo {
  constructor(private readonly db: DurableDb) {}

  /** A backup whose copy is owed, due at once. */
  queue(backupId: string, at: string): void {
    this.db.write((tx) =>
      tx.run(
        `INSERT OR IGNORE INTO backup_copies (backup_id, state, attempts, queued_at, next_attempt_at) VALUES (?, 'pending', 0, ?, ?)`,
        [backupId, at, at],
      ),
    );
  }

  /** A copy asked for again now (issue 38, "copy now"): owed and due at once, its attempts
   * counted anew, whatever it was (never asked, pending, given up). The caller refuses a copy
   * that is running or made. */
  requeue(backupId: string, at: string): void {
    this.db.write((tx) => {
      tx.run(
        `INSERT OR IGNORE INTO backup_copies (backup_id, state, attempts, queued_at, next_attempt_at) VALUES (?, 'pending', 0, ?, ?)`,
        [backupId, at, at],
      );
      tx.run(`UPDATE backup_copies SET state = 'pending', attempts = 0, next_attempt_at = ? WHERE backup_id = ? AND state <> 'running'`, [
        at,
        backupId,
      ]);
    });
  }

  all(): BackupCopyRow[] {
    return this.db.all<Raw>(`SELECT ${COLS} FROM backup_copies ORDER BY queued_at, backup_id`).map(rowOf);
  }

  get(backupId: string): BackupCopyRow | null {
    const r = this.db.get<Raw>(`SELECT ${COLS} FROM backup_copies WHERE backup_id = ?`, [backupId]);
    return r ? rowOf(r) : null;
  }

  /** The copy due first at `now` (oldest due time, then oldest backup), or null. */
  nextDue(now: string): BackupCopyRow | null {
    const r = this.db.get<Raw>(
      `SELECT ${COLS} FROM backup_copies WHERE state IN ('pending', 'failed') AND next_attempt_at IS NOT NULL AND next_attempt_at <= ?
       ORDER BY next_attempt_at, queued_at, backup_id LIMIT 1`,
      [now],
    );
    return r ? rowOf(r) : null;
  }

  /** When the next copy waiting is due (null: none waits). */
  nextDueAt(): string | null {
    return (
      this.db.get<{ t: string | null }>(
        `SELECT MIN(next_attempt_at) AS t FROM backup_copies WHERE state IN ('pending', 'failed') AND next_attempt_at IS NOT NULL`,
      )?.t ?? null
    );
  }

  /** An attempt starts (counted now; `interrupted` takes it back when palpanel, not the command, ended it). */
  started(backupId: string, at: string): void {
    this.db.write((tx) =>
      tx.run(`UPDATE backup_copies SET state = 'running', attempts = attempts + 1, last_attempt_at = ? WHERE backup_id = ?`, [
        at,
        backupId,
      ]),
    );
  }

  finished(backupId: string, o: CopyOutcome): void {
    this.db.write((tx) =>
      tx.run(
        `UPDATE backup_copies SET state = ?, next_attempt_at = ?, last_exit_code = ?, last_duration_ms = ?, last_output = ?,
           copied_at = CASE WHEN ? = 'copied' THEN ? ELSE copied_at END WHERE backup_id = ?`,
        [o.state, o.nextAttemptAt, o.lastExitCode, o.lastDurationMs, o.lastOutput, o.state, o.at, backupId],
      ),
    );
  }

  /** An attempt cut short by palpanel stopping (or one a crash interrupted): pending again, not
   * counted against the copy, and due when it was (so the queue keeps its order). */
  interrupted(backupId: string): void {
    this.db.write((tx) =>
      tx.run(`UPDATE backup_copies SET state = 'pending', attempts = MAX(attempts - 1, 0) WHERE backup_id = ? AND state = 'running'`, [
        backupId,
      ]),
    );
  }

  /** Every attempt a previous run left `running` (it stopped or crashed during it). */
  resumeInterrupted(): number {
    const ids = this.db.all<{ backup_id: string }>(`SELECT backup_id FROM backup_copies WHERE state = 'running'`);
    for (const { backup_id } of ids) this.interrupted(backup_id);
    return ids.length;
  }

  /** The rows of backups that are gone (deleted, retention). */
  forget(backupIds: readonly string[]): void {
    if (backupIds.length === 0) return;
    this.db.write((tx) => {
      for (const id of backupIds) tx.run('DELETE FROM backup_copies WHERE backup_id = ?', [id]);
    });
  }
}
