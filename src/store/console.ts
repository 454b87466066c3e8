// The console's store (issue 13): a bounded, durable log of the commands run through RCON with
// their replies, who ran them and when; and the admin's saved commands. Commands are stored as
// domain/console-text.ts `maskCommand` leaves them: a password never reaches a row.
import { randomBytes } from 'node:crypto';
import type { Actor } from '../domain/actor.js';
import { ConflictError, NotFoundError, ValidationError } from '../domain/errors.js';
import { iso, type Clock } from '../lib/time.js';
import type { AuditRepo } from './audit.js';
import { commitOrRefuse } from './audit.js';
import type { DurableDb } from './durable-db.js';

export const CONSOLE_LOG_KEEP = 10_000;
export const MAX_SAVED = 200;
/** A reply longer than this is kept cut (the log stays bounded in bytes too). */
const MAX_REPLY_CHARS = 16 * 1024;
const PRUNE_EVERY = 100;

export type ConsoleOutcome = 'ok' | 'truncated' | 'failed';

export interface ConsoleLogEntry {
  id: number;
  at: string;
  actor: string;
  command: string;
  outcome: ConsoleOutcome;
  /** The game's reply, or why it failed. */
  reply: string;
}

export interface SavedCommand {
  id: string;
  name: string;
  command: string;
  createdAt: string;
  createdBy: string;
}

export class ConsoleRepo {
  private sincePrune = 0;

  constructor(
    private readonly db: DurableDb,
    private readonly clock: Clock,
    private readonly audit: AuditRepo,
  ) {}

  /** Records a command run (already masked) with its outcome, and its audit row, in one write. */
  record(actor: Actor, command: string, outcome: ConsoleOutcome, reply: string): ConsoleLogEntry {
    const at = iso(this.clock());
    const text = reply.length > MAX_REPLY_CHARS ? `${reply.slice(0, MAX_REPLY_CHARS)}…` : reply;
    const id = this.db.write((tx) => {
      tx.run('INSERT INTO console_log (at, actor, command, outcome, reply) VALUES (?, ?, ?, ?, ?)', [at, actor, command, outcome, text]);
      // The record's own id, read before the audit row (and its event) take later ids.
      const rowId = Number(tx.get<{ id: number }>('SELECT last_insert_rowid() AS id')!.id);
      this.audit.record(tx, {
        actor,
        action: 'console.exec',
        target: '',
        detail: outcome === 'failed' ? `${command}: failed` : command,
        at,
      });
      return rowId;
    });
    if (++this.sincePrune >= PRUNE_EVERY) {
      this.sincePrune = 0;
      this.prune();
    }
    return { id, at, actor, command, outcome, reply: text };
  }

  /** Newest first; `beforeId` is the previous page's last id. */
  page(limit: number, beforeId: number | null): ConsoleLogEntry[] {
    return this.db.all<ConsoleLogEntry>(
      `SELECT * FROM console_log ${beforeId !== null ? 'WHERE id < ?' : ''} ORDER BY id DESC LIMIT ?`,
      beforeId !== null ? [beforeId, limit] : [limit],
    );
  }

  prune(): void {
    const nth = this.db.get<{ id: number }>('SELECT id FROM console_log ORDER BY id DESC LIMIT 1 OFFSET ?', [CONSOLE_LOG_KEEP - 1]);
    if (nth) this.db.write((tx) => tx.run('DELETE FROM console_log WHERE id < ?', [nth.id]));
  }

  saved(): SavedCommand[] {
    return this.db
      .all<{ id: string; name: string; command: string; created_at: string; created_by: string }>(
        'SELECT * FROM console_saved ORDER BY name, id',
      )
      .map((r) => ({ id: r.id, name: r.name, command: r.command, createdAt: r.created_at, createdBy: r.created_by }));
  }

  savedById(id: string): SavedCommand {
    const s = this.saved().find((c) => c.id === id);
    if (!s) throw new NotFoundError('No saved command has that id.');
    return s;
  }

  /** Saves a command under a name. A name already saved (case aside) gets the new command and
   * keeps its id: saving again under the same name is how an admin edits a saved command, and
   * two commands of one name could not be told apart on the console's buttons. */
  save(name: string, command: string, actor: Actor): { saved: SavedCommand; replaced: boolean } {
    const n = name.trim();
    if (n.length < 1 || n.length > 64) throw new ValidationError('The "name" must be 1 to 64 characters.');
    const at = iso(this.clock());
    return commitOrRefuse(this.db, (tx) => {
      // Compared here, not in SQL: SQLite's lower() folds ASCII only.
      const same = tx
        .all<{ id: string; name: string }>('SELECT id, name FROM console_saved')
        .find((r) => r.name.toLowerCase() === n.toLowerCase());
      if (same) {
        tx.run('UPDATE console_saved SET name = ?, command = ?, created_at = ?, created_by = ? WHERE id = ?', [
          n,
          command,
          at,
          actor,
          same.id,
        ]);
        this.audit.record(tx, { actor, action: 'console.save', target: same.id, targetName: n, detail: `${n} (replaced)`, at });
        return { saved: { id: same.id, name: n, command, createdAt: at, createdBy: actor }, replaced: true };
      }
      if (tx.get<{ n: number }>('SELECT COUNT(*) AS n FROM console_saved')!.n >= MAX_SAVED) {
        return this.audit.refuse(
          tx,
          { actor, action: 'console.save', target: '', detail: n, at },
          'too_many_saved_commands',
          new ConflictError('conflict', `There are already ${MAX_SAVED} saved commands; remove one first.`),
        );
      }
      const id = randomBytes(4).toString('hex');
      tx.run('INSERT INTO console_saved (id, name, command, created_at, created_by) VALUES (?, ?, ?, ?, ?)', [id, n, command, at, actor]);
      this.audit.record(tx, { actor, action: 'console.save', target: id, targetName: n, detail: n, at });
      return { saved: { id, name: n, command, createdAt: at, createdBy: actor }, replaced: false };
    });
  }

  unsave(id: string, actor: Actor): void {
    this.db.write((tx) => {
      const row = tx.get<{ name: string }>('SELECT name FROM console_saved WHERE id = ?', [id]);
      if (!row) throw new NotFoundError('No saved command has that id.');
      tx.run('DELETE FROM console_saved WHERE id = ?', [id]);
      this.audit.record(tx, { actor, action: 'console.unsave', target: id, targetName: row.name, detail: row.name });
    });
  }
}
