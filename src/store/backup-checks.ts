// What the checks of the off-site copies found (src/backups/copy-check.ts): one row per check,
// the newest KEEP kept, so the screen and the age bound read "the newest good copy" after a
// restart too.
import type { BackupCheckOutcome } from '../contract/backup-words.js';

export type { BackupCheck } from '../contract/backups.js';
import type { DurableDb } from './durable-db.js';
import type { BackupCheck } from '../contract/backups.js';

/** Rows kept: a check an hour for a month and more. */
const KEEP = 1000;

interface Row {
  at: string;
  backup_id: string | null;
  backup_created_at: string | null;
  outcome: BackupCheckOutcome;
  detail: string;
}

const fromRow = (r: Row): BackupCheck => ({
  at: r.at,
  backupId: r.backup_id,
  backupCreatedAt: r.backup_created_at,
  outcome: r.outcome,
  detail: r.detail,
});

export class BackupCheckRepo {
  constructor(private readonly db: DurableDb) {}

  record(c: BackupCheck): void {
    this.db.write((tx) => {
      tx.run('INSERT INTO backup_checks (at, backup_id, backup_created_at, outcome, detail) VALUES (?, ?, ?, ?, ?)', [
        c.at,
        c.backupId,
        c.backupCreatedAt,
        c.outcome,
        c.detail,
      ]);
      tx.run('DELETE FROM backup_checks WHERE id <= (SELECT MAX(id) FROM backup_checks) - ?', [KEEP]);
    });
  }

  /** The newest checks, newest first. */
  recent(limit: number): BackupCheck[] {
    return this.db.all<Row>('SELECT * FROM backup_checks ORDER BY id DESC LIMIT ?', [limit]).map(fromRow);
  }

  /** The check that passed of the newest backup (by when the backup was made), or null. */
  newestGood(): BackupCheck | null {
    const r = this.db.get<Row>(
      "SELECT * FROM backup_checks WHERE outcome = 'ok' AND backup_created_at IS NOT NULL ORDER BY backup_created_at DESC, id DESC LIMIT 1",
    );
    return r ? fromRow(r) : null;
  }
}
